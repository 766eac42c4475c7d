"""HTML and LaTeX for matrices and worked expansions: strings only, no widgets."""
