"""HTML and LaTeX for numbers, matrices, worked expansions and practice problems: strings only, no widgets."""
