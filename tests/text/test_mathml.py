"""Formulas reach the page as MathML written on the server (issue 42): every formula the labs write,
in their Markdown (Voila's renderer, `labserver.formulas`) and in their widgets (`MathHTML`), becomes
MathML with nothing left for a typesetter, and keeps its LaTeX for a copy."""
from __future__ import annotations

import html
import json
import re

import pytest
from nbconvert.filters.markdown_mistune import MarkdownWithMath

from harness.in_sight import run_page
from harness.shown import parts
from harness.voila import REPO
from labserver.formulas import MathMLMarkdownRenderer
from widgets import MathHTML
from widgets.core.practice import SKILLS, make_problem
from widgets.text.mathml import formulas_to_mathml, mathml
from widgets.text.practice_hints import hints
from widgets.text.practice_prompts import write_problem

NOTEBOOKS = sorted((REPO / "labs").glob("*.ipynb"))
LABS = [path for path in NOTEBOOKS if path.stem[:2].isdigit()]


def left_as_latex(markup: str) -> list[str]:
    """What a reader would see of `markup` that is still LaTeX: a command or a dollar outside every
    formula's annotation (which is never drawn)."""
    drawn = html.unescape(re.sub(r"<[^>]+>", " ", re.sub(r"<annotation\b.*?</annotation>", "", markup, flags=re.S)))
    return [drawn[max(0, m.start() - 30):m.end() + 30] for m in re.finditer(r"\\[A-Za-z]+|\$", drawn)]


def markdown_html(path) -> list[tuple[str, str]]:
    """Each Markdown cell of a notebook: its source, and its HTML as Voila renders it with the labs' renderer."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    renderer = MathMLMarkdownRenderer(contents_manager=None, escape=False)
    sources = ["".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown"]
    return [(source, MarkdownWithMath(renderer=renderer).render(source)) for source in sources]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[path.stem for path in NOTEBOOKS])
def test_every_formula_of_a_notebooks_markdown_becomes_mathml(path):
    cells = markdown_html(path)
    dollars = sum(source.count("$") for source, _ in cells)
    assert sum(markup.count("<math ") for _, markup in cells) >= dollars // 4  # at least a $$…$$ per 4 dollars
    assert [left for _, markup in cells for left in left_as_latex(markup)] == []


@pytest.mark.parametrize("path", LABS, ids=[path.stem[:2] for path in LABS])
def test_every_widget_formula_of_a_lab_shown_or_held_back_becomes_mathml(path):
    """Its `MathHTML`s hold one <math> per formula written; no other widget shows LaTeX (ipywidgets'
    `HTMLMath` would leave it for a typesetter the page no longer runs)."""
    page = run_page(path)
    roots = [item for kind, item in page.shown if kind == "widget"] + [held.reveal.view for held in page.lab.held]
    shown = list({id(w): w for root in roots for w in parts(root)}.values())  # held back or not, each once
    math = [w for w in shown if isinstance(w, MathHTML)]
    assert math and all(w.value.count("<math ") == w.text.count("$") // 2 - w.text.count("$$") // 2 for w in math)
    found = [(type(w).__name__, left) for w in shown if isinstance(getattr(w, "value", None), str)
             for left in left_as_latex(w.value)]
    assert found == []


@pytest.mark.parametrize("skill", sorted(SKILLS))
def test_every_practice_problems_words_become_mathml(skill):
    """The given numbers, questions, worked solutions and hints of a skill's problems over many seeds."""
    found = []
    for seed in range(40):
        problem = make_problem(skill, seed)
        written = write_problem(problem)
        texts = [written.given, *(text for part in written.parts for text in (part.prompt, part.solution)),
                 *(hint for ladder in hints(problem) for hint in ladder)]
        found += [(seed, left) for text in texts for left in left_as_latex(formulas_to_mathml(text))]
    assert found == []


def test_math_html_keeps_its_latex_and_sends_mathml():
    note = MathHTML("<p>Row $i$ of $A$ &amp; $$a_{ij}$$</p>")
    assert note.text == "<p>Row $i$ of $A$ &amp; $$a_{ij}$$</p>"
    assert note.value.count("<math ") == 3 and note.value.count('display="block"') == 1
    assert left_as_latex(note.value) == [] and "&amp;" in note.value
    note.text = "no formula"
    assert note.value == "no formula"
    note.close()


def test_a_formula_keeps_its_latex_for_a_copy_and_its_entities_are_read():
    assert '<annotation encoding="application/x-tex">a &lt; b</annotation>' in formulas_to_mathml("$a &lt; b$")
    assert formulas_to_mathml(r"costs \$5, not $5$").startswith(r"costs \$5, not <math ")
    # A matrix: a table between brackets that stretch (the brackets in the same row as the table).
    matrix = mathml(r"\begin{bmatrix}1 & -2\\0.5 & 3\end{bmatrix}")
    assert re.search(r"<mrow><mo>&#x0005B;</mo><mtable>.*</mtable><mo>&#x0005D;</mo></mrow>", matrix)
    assert matrix.count("<mtr>") == 2 and '<mo form="prefix">&#x02212;</mo><mn>2</mn>' in matrix
