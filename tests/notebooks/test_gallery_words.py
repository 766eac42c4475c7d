"""The gallery gives no activity away: its cards and its pictures' alternative texts ask and describe.

A learner reads ``labs/index.ipynb`` before any lab, so no card and no alt text
may state what a lab asks the learner to predict or compute (docs/teaching.md 2).
The words are read from the notebook (the cards, and the ``alt`` of each
``<img>`` as the page shows it) and from `gallery_pictures` (what
``tools/gallery_pictures.py`` writes there); the answers are read from every
lab's `Check`s, run in this process (`lab_namespace`), so a new question is
covered without touching this file.  No browser: the rendered gallery shows
these very words (tests/browser/test_gallery.py compares the alt texts).
"""
from __future__ import annotations

import html
import re

import numpy as np
import pytest

from conftest import REPO
from harness.notebooks import lab_namespace, notebook_cells
from widgets import Check

from thumbnails import gallery_pictures

INDEX = REPO / "labs" / "index.ipynb"
LABS = sorted((REPO / "labs").glob("[0-9][0-9]-*.ipynb"))

# Giveaways issue 21 found in the gallery, as it wrote them: its answers to predictions of labs 3, 4,
# 6, 7 and 9, and the numbers its alt texts read out (labs 1, 2 and 7).
KNOWN_GIVEAWAYS = (
    "BᵀAᵀ", "B^TA^T", "lands on b", "affine", "linear in V but", "not in X", "B then A",
    "stretch then rotate", "stretch first", "same picture as the one matrix", "(6, 9)", "-12", "-0.25",
    "S₂₄ = q₂·k₄",
)


def normal(text):
    """`text` as compared: minus signs as ``-``, one space between words, ``a, b`` after each comma."""
    text = html.unescape(text).replace("\N{MINUS SIGN}", "-")
    return re.sub(r"\s*,\s*", ", ", re.sub(r"\s+", " ", text))


def gallery_markdown():
    """The gallery's markdown, every cell."""
    return "\n".join(cell.source for cell in notebook_cells(INDEX) if cell.cell_type == "markdown")


def gallery_words():
    """Each card's text and each picture's alt text, as the gallery notebook and `gallery_pictures` hold them."""
    shown = gallery_markdown()
    alts = re.findall(r'<img [^>]*\balt="([^"]*)"', shown)
    assert len(alts) == len(LABS)
    text = re.sub(r"<img [^>]*>", " ", shown)
    return [normal(words) for words in (text, *alts, *(p.alt for p in gallery_pictures().values()))]


WORDS = gallery_words()


def number(x):
    """`x` as the labs write it: ``6``, ``-0.25``."""
    return f"{float(x):.10g}"


def found(pattern):
    """The gallery's words in which `pattern` (a regular expression) occurs."""
    return [words for words in WORDS if re.search(pattern, words, flags=re.IGNORECASE)]


def phrase(text):
    """A pattern for `text` standing on its own: not inside a longer word or number."""
    return r"(?<![\w.\-])" + re.escape(normal(text)) + r"(?![\w])"


def answer_patterns(check):
    """Patterns for the ways the gallery could state `check`'s answer, each with what it stands for.

    A choice: the right option, unless a wrong one is there too (then none is picked out). A number:
    itself, when it is not a small whole number that any text holds (a count, a size). A shape:
    ``m×n``, ``mxn`` or ``(m, n)``. A matrix: each of its rows and columns as a tuple ``(a, b, …)``,
    and each entry that is not a small whole number.
    """
    mode, answer = check._mode, check._answer
    if mode == "choice":
        wrong = [option for option in check.answer_input.options if option != answer]
        if any(found(phrase(option)) for option in wrong):
            return []
        return [(phrase(answer), f"the right choice {answer!r}")]
    if mode == "shape":
        m, n = answer
        return [(rf"(?<!\d){m}\s*[×x]\s*{n}(?!\d)|\({m}, {n}\)", f"the shape {m}×{n}")]
    values = np.atleast_2d(np.asarray(answer, dtype=float))
    if mode == "number":
        x = float(answer)
        small = x == int(x) and 0 <= x < 10
        return [] if small else [(phrase(number(x)), f"the number {number(x)}")]
    lines = [*values, *values.T]
    patterns = [(phrase("(" + ", ".join(number(x) for x in line) + ")"), f"the row or column {line}")
                for line in lines if len(line) > 1]
    patterns += [(phrase(number(x)), f"the entry {number(x)}") for x in values.ravel()
                 if x != int(x) or abs(x) >= 10]
    return patterns


@pytest.fixture(scope="module", params=LABS, ids=[path.stem for path in LABS])
def checks(request):
    """The `Check`s a lab defines, by name."""
    lab = lab_namespace(request.param)
    return {name: value for name, value in lab.items() if isinstance(value, Check)}


def test_the_gallery_states_no_answer_of_any_labs_checks(checks):
    assert checks  # every lab asks something
    stated = [f"{name}: {what}" for name, check in checks.items()
              for pattern, what in answer_patterns(check) if found(pattern)]
    assert not stated, f"the gallery gives these answers away: {stated}"


@pytest.mark.parametrize("giveaway", KNOWN_GIVEAWAYS)
def test_the_giveaways_of_issue_21_stay_out_of_the_gallery(giveaway):
    assert not found(re.escape(normal(giveaway))), giveaway


def test_every_card_asks_or_sets_a_goal_and_every_picture_keeps_its_alt_text():
    cards = re.findall(r"\*\*Lab (\d+): \[[^\]]+\]\([^)]+\)\*\*\s*\n\s*\n(.+)", gallery_markdown())
    assert [int(n) for n, _ in cards] == list(range(1, len(LABS) + 1))
    assert all(len(alt) > 40 for alt in WORDS[1:])
    # The cards that used to state a prediction's outcome now ask for it.
    asked = {n for n, text in cards if "?" in text}
    assert {"4", "6", "9", "10"} <= asked, asked
