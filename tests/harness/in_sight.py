"""What a learner can read on a lab's page, in the worst case for one question, and whether its answer is there.

A lab run in this process (`run_page`) keeps what each cell shows: its markdown, or the
value of its last expression (the widget the cell displays). `worst_case` then answers
every question but one the way that opens most (right, every hint and every step of the
solution opened, every held part that does not wait for that one opened, every practice
started and its solutions shown), and `in_sight` reads everything on the page: the
markdown (headings too), every widget's words (values, descriptions, tooltips, options,
plot titles and labels), the numbers its plots and heatmaps draw, and every explanation
of every choice and every named slip of the other questions, which a learner hears by
trying them, and the untouched question's own hints, which help before it is answered.

Tools count too: a lab's `harness.feeds.labNN` types the untouched question's numbers into each
open tool that could compute its answer, as a learner using it as a calculator would. The gallery's
words and its pictures' alt texts are read with every lab.

`giveaways` says where the untouched question's answer is in sight, in any form a learner
would recognise: its number as a page writes it, its matrix by rows or by columns, its
choice in words, and the words its lab declared (`LabPage.ask(..., tells=...)`).
"""
from __future__ import annotations

import ast
import html
import importlib
import importlib.util
import json
import re
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import numpy as np

from widgets import Check, MathHTML
from widgets.core.parsing import format_number

# The traits whose text a learner reads, and those whose numbers a plot or a heatmap draws.
WORDS = ("value", "description", "tooltip", "placeholder", "title", "label", "labels", "names",
         "display_names", "text", "_options_labels", "caption")
DRAWN = ("x", "y", "color", "matrix")
SUBSCRIPTS = dict(zip("0123456789ij", "₀₁₂₃₄₅₆₇₈₉ᵢⱼ"))
# Between the options of a menu or a choice: a list that offers this question's choices side by side
# (another question on the same choices, a menu of every map) names none of them as the answer.
OPTIONS = " | "
# Where an entry's digits are part of a longer number.
NUMBER = re.compile(r"(?<![\w.])-?\d+(?:\.\d+)?(?:/\d+)?(?!\w|\.\d|/\d)")


@dataclass
class Page:
    """A lab as its page shows it: each cell's markdown or displayed object, and its names."""

    path: Path
    shown: list = field(default_factory=list)  # ("markdown", text) or ("widget", object), in order
    names: dict = field(default_factory=dict)

    @property
    def lab(self):
        """The lab's `LabPage`."""
        return self.names["lecture"].lab


def run_page(path: Path) -> Page:
    """Run the lab at `path` in this process as `lab_namespace` does, keeping what each cell displays."""
    page = Page(path, names={"__name__": "__main__"})
    for index, cell in enumerate(json.loads(path.read_text(encoding="utf-8"))["cells"]):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown":
            page.shown.append(("markdown", source))
            continue
        tree = ast.parse(source)
        last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        exec(compile(tree, f"{path.name}[{index}]", "exec"), page.names)
        if last is not None:
            value = eval(compile(ast.Expression(last.value), f"{path.name}[{index}]", "eval"), page.names)
            if value is not None:
                page.shown.append(("widget", value))
    return page


def out_of_reach(page: Page, untouched: str) -> set[str]:
    """The questions a learner cannot see before answering `untouched`: those inside a held part that
    waits for it, or for another question out of reach (a follow-up of a follow-up)."""
    lab, hidden = page.lab, {untouched}
    while True:
        more = {key for held in lab.held if hidden & set(held.until)
                for key, question in lab.questions.items() if _inside(question, held.reveal.view)}
        if more <= hidden:
            return hidden - {untouched}
        hidden |= more


def _inside(widget, root) -> bool:
    if widget is root:
        return True
    return any(_inside(widget, child) for child in getattr(root, "children", ()))


def worst_case(page: Page, untouched: str) -> None:
    """Open all that a learner can open without answering `untouched`: see the module."""
    lab = page.lab
    unreachable = out_of_reach(page, untouched) | {untouched}
    for key, question in lab.questions.items():
        if key in unreachable:
            continue
        if isinstance(question, Check):
            _answer_right(question)
            _open_all(question)
        else:
            # One problem, the same on every run: over many seeds a practice's numbers meet the lab's by
            # chance (a term of -12, some 4×2 matrix), which tells nothing. A practice whose problems
            # can reuse a question's own operands waits for that question (labs 5, 7 and 8).
            question.seed = 0
            question.start()
            for check in question.checks:
                _open_all(check)
    for held in lab.held:
        if not unreachable & set(held.until):
            held.reveal.opened = True
    feeds = _feeds(page.path)
    if feeds is not None:
        feeds.feed(page, untouched)


def _feeds(path: Path):
    """The lab's `harness.feeds.labNN` module, if it has one: what a learner would type into the lab's
    open tools to compute a question's answer (`feed(page, key)`), since a tool that computes it shows it."""
    name = f"harness.feeds.lab{path.stem[:2]}"
    if importlib.util.find_spec(name) is None:
        return None
    return importlib.import_module(name)


def _answer_right(check: Check) -> None:
    answer = check._answer
    if check._mode == "matrix":
        check.answer_input.value = np.asarray(answer).tolist()
    elif check._mode == "choice":
        check.answer_input.value = answer
    elif check._mode == "shape":
        check.answer_input.value = "none" if answer == () else f"{answer[0]}x{answer[1]}"
    else:
        check.answer_input.value = repr(float(answer))
    assert check.submit(), f"{check.title or check}: its own answer was judged wrong"


def answer_wrong_once(check: Check) -> None:
    """Give `check` one wrong answer, as a learner's first guess: the first other choice, the number plus
    one, a shape one row taller, the matrix with its first entry plus one."""
    answer = check._answer
    if check._mode == "choice":
        check.answer_input.value = next(option for option in check.choices if option != answer)
    elif check._mode == "matrix":
        wrong = np.array(answer, dtype=float)
        wrong.flat[0] += 1
        check.answer_input.value = wrong.tolist()
    elif check._mode == "shape":
        check.answer_input.value = "1x1" if answer == () else f"{answer[0] + 1}x{answer[1]}"
    else:
        check.answer_input.value = repr(float(answer) + 1)
    assert check.submit() is False, f"{check.title or check}: the wrong answer was judged right"


def _open_all(check: Check) -> None:
    while check.hints is not None and check.hints.opened < len(check.hints.texts):
        check.hints.open_next()
    if check._solution_toggle is not None:
        check._solution_toggle.value = True
        check._show_steps(len(check._steps))


def heard(check: Check) -> list[str]:
    """What trying a check's choices and slips would make a learner read: each explanation, each slip's message."""
    return [*check._explanations.values(), *(mistake.message for mistake in check._mistakes)]


def in_sight(page: Page, untouched: str) -> list[tuple[str, str]]:
    """Every text a learner could read or hear now, as (where, text); the untouched question's own choices aside."""
    own = page.lab.questions[untouched]
    found: list[tuple[str, str]] = []
    seen: set[int] = set()
    for index, (kind, item) in enumerate(page.shown):
        if kind == "markdown":
            found.append((f"markdown cell {index}", item))
        else:
            _walk(item, f"cell {index}", found, seen, skip=own.answer_input if isinstance(own, Check) else None)
    unreachable = out_of_reach(page, untouched) | {untouched}
    for index, text in enumerate(gallery_words()):
        found.append((f"the gallery, markdown cell {index}", text))
    for key, question in page.lab.questions.items():
        if key not in unreachable and isinstance(question, Check):
            found.extend((f"{key} (a choice or slip tried)", text) for text in heard(question))
    if isinstance(own, Check) and own.hints is not None:  # its own hints open before it is answered
        found.extend((f"{untouched}'s own hint {level}", hint) for level, hint in enumerate(own.hints.texts, 1))
    return found


@cache
def gallery_words() -> tuple[str, ...]:
    """The markdown of the gallery (labs/index.ipynb): its cards' words and their pictures' alt texts."""
    cells = json.loads((Path(__file__).parents[2] / "labs" / "index.ipynb").read_text(encoding="utf-8"))["cells"]
    return tuple("".join(cell["source"]) for cell in cells if cell["cell_type"] == "markdown")


def _walk(widget, where: str, found: list, seen: set, skip) -> None:
    if id(widget) in seen or widget is skip:
        return
    seen.add(id(widget))
    name = f"{where} {type(widget).__name__}"
    for trait in WORDS:
        value = getattr(widget, trait, None) if trait in getattr(widget, "keys", ()) or trait == "_options_labels" else None
        if trait == "value" and isinstance(widget, MathHTML):
            value = widget.text  # the words as written: its MathML spells each formula twice (glyphs, LaTeX)
        if isinstance(value, str) and value:
            found.append((name, value))
        elif trait == "_options_labels" and value:
            found.append((f"{name} options", OPTIONS.join(value)))
            chosen = getattr(widget, "index", None)  # the entry a menu shows, read as the menu's words
            if isinstance(chosen, int) and 0 <= chosen < len(value):
                found.append((f"{name} chosen", value[chosen]))
        elif isinstance(value, (list, tuple)) and value and all(isinstance(v, str) for v in value):
            found.append((name, " ".join(value)))
    for trait in DRAWN:
        value = getattr(widget, trait, None) if trait in getattr(widget, "keys", ()) else None
        if isinstance(value, np.ndarray) and value.dtype.kind in "fiu" and 0 < value.size <= 400:
            found.append((f"{name}.{trait} (drawn)", _numbers_text(value)))
    for trait in getattr(widget, "keys", ()):
        if trait in ("layout", "style"):
            continue
        value = getattr(widget, trait, None)
        children = value if isinstance(value, (list, tuple)) else [value]
        for child in children:
            if hasattr(child, "keys") and hasattr(child, "model_id"):
                _walk(child, where, found, seen, skip)


def _numbers_text(array: np.ndarray) -> str:
    """A drawn array as a learner reads it off a plot: its rows, each number as a cell shows it."""
    rows = np.atleast_2d(array)
    return "; ".join(" ".join(format_number(float(v)) for v in row) for row in rows)


def plain(text: str) -> str:
    """Text with its HTML and LaTeX as a learner reads them: tags gone (an image's alt text kept, as a
    screen reader reads it), ``A^T`` as Aᵀ, ``\\times`` as ×."""
    text = re.sub(r"<img\b[^>]*?\balt=\"([^\"]*)\"[^>]*>", r" \1 ", text)
    text = html.unescape(re.sub(r"<[^>]+>", " ", text))
    for latex, shown in ((r"^{\top}", "ᵀ"), (r"^\top", "ᵀ"), ("^{T}", "ᵀ"), ("^T", "ᵀ"), (r"\times", "×"),
                         (r"\cdot", "·"), ("\N{MINUS SIGN}", "-"), (r"\left", ""), (r"\right", ""),
                         ("&", " "), (r"\\", " ; "), (r"\,", " "), (r"\;", " "), (r"\!", ""), ("$", " ")):
        text = text.replace(latex, shown)
    text = re.sub(r"_\{?([0-9ij])\}?", lambda m: SUBSCRIPTS[m.group(1)], text)
    text = re.sub(r"\\[td]?frac\{(-?\d+)\}\{(\d+)\}", r"\1/\2", text)
    text = re.sub(r"\\[td]?frac\s*(\d)(\d)", r"\1/\2", text)  # \tfrac12: one digit each
    text = re.sub(r"\\[a-zA-Z]+", " ", text)
    return re.sub(r"[{}]", "", text)


def _tokens(text: str) -> list[tuple[float, int]]:
    """The numbers of a plain text, each with its count of decimals (-1 for a fraction, read exactly);
    a number that ends a sentence too, but no piece of a section number.

    >>> _tokens("The answer is -12. So 0.25, not 3/4. See 1.4.6.")
    [(-12.0, 0), (0.25, 2), (0.75, -1)]
    """
    tokens = []
    for match in NUMBER.finditer(text):
        word = match.group()
        if "/" in word:
            top, bottom = word.split("/")
            if int(bottom) == 0:
                continue
            tokens.append((int(top) / int(bottom), -1))
        else:
            tokens.append((float(word), len(word.split(".")[1]) if "." in word else 0))
    return tokens


def _same(token: tuple[float, int], entry: float) -> bool:
    value, decimals = token
    if decimals <= 0:
        return abs(value - entry) < 1e-9
    return abs(value - entry) <= 0.5 * 10 ** -decimals + 1e-12


def _has_run(tokens: list, entries: list[float]) -> bool:
    width = len(entries)
    return any(all(_same(tokens[i + k], entries[k]) for k in range(width)) for i in range(len(tokens) - width + 1))


def answer_tells(check: Check, declared: tuple[str, ...] | None) -> tuple[list[str], list[list[float]]]:
    """The words and the runs of numbers that give `check`'s answer away: see the module.

    Words are read from the answer unless the lab declared them (`declared` not None): a choice in words
    (at least 3 characters). A shape is never read from the answer alone: in a chain of shapes (S is 4×4,
    so A_att is 4×4) the same shape answers two questions, the second asked after the first; a lab
    declares the words that give a shape away. Runs of numbers are always read, whatever is declared: a
    number other than a one-digit integer, a matrix of 4 entries or more by rows and by columns.
    """
    words = [plain(tell) for tell in declared] if declared is not None else []
    runs: list[list[float]] = []
    answer = check._answer
    if check._mode == "choice" and len(answer) >= 3 and declared is None:
        words.append(plain(answer))
    elif check._mode == "number" and not (float(answer).is_integer() and abs(answer) < 10):
        runs.append([float(answer)])
    elif check._mode == "matrix":
        matrix = np.asarray(answer, dtype=float)
        if matrix.size >= 4 and np.ptp(matrix) > 0:
            runs += [matrix.ravel().tolist(), matrix.T.ravel().tolist()]
    return words, runs


def giveaways(page: Page, untouched: str) -> list[str]:
    """Where the answer of `untouched` is in sight now (`in_sight`), as ``where: tell in «snippet»`` lines."""
    check = page.lab.questions[untouched]
    choices = [plain(choice) for choice in getattr(check.answer_input, "options", ())] if check._mode == "choice" else []
    return [found for where, text in in_sight(page, untouched)
            if not (where.endswith(" options") and sum(choice.strip() in text for choice in choices) >= 2)
            for found in tells_in(page, untouched, where, text)]


def tells_in(page: Page, untouched: str, where: str, text: str) -> list[str]:
    """The forms of `untouched`'s answer (`answer_tells`) that `text` holds, as ``where: tell in «snippet»`` lines."""
    words, runs = answer_tells(page.lab.questions[untouched], page.lab.tells[untouched])
    shown, found = plain(text), []
    for word in words:
        if word.strip() and _bounded(word).search(shown):
            found.append(f"{where}: {word.strip()!r} in «{_snippet(shown, word)}»")
    tokens = _tokens(shown)
    for run in runs:
        if _has_run(tokens, run):
            found.append(f"{where}: the numbers {[format_number(v) for v in run]} in «{shown.strip()[:160]}»")
    return found


@cache
def _bounded(word: str) -> re.Pattern:
    """`word` as it stands alone in a text, with or without spaces between its characters: not the end
    of a longer word or number before it, nor the start of one after it ("d = 2" is not in "seed=2283")."""
    chars = [re.escape(c) for c in word if not c.isspace()]
    before = r"(?<!\w)" if word.strip()[0].isalnum() else ""
    last = word.strip()[-1]
    after = r"(?!\d)(?!\.\d)" if last.isdigit() else r"(?!\w)" if last.isalpha() else ""
    return re.compile(before + r"\s*".join(chars) + after)


def _snippet(text: str, word: str) -> str:
    at = re.sub(r"\s+", " ", text).find(re.sub(r"\s+", " ", word).strip())
    flat = re.sub(r"\s+", " ", text)
    return flat[max(0, at - 60):at + len(word) + 60] if at >= 0 else flat[:160]
