r"""The words of every practice skill in one registry (`WORDS`), and what a learner reads of a problem.

`widgets.core.practice` draws a problem: its numbers, its answers and the
planned slips with their diagnoses.  Each topic's module keeps one
`SkillWords` per skill: its heading, its writer and its hints
(`widgets.text.practice_products`, `practice_rules`, `practice_attention`,
`practice_layers`); `WORDS` gathers them by skill, and the heading of a
`Practice`, `write_problem` and `widgets.text.practice_hints.hints` all read
it.  `write_problem` writes a problem down for the page as HTML with ``$...$``
LaTeX (blank lines part a solution's steps).  Strings only: no widgets here.

>>> from widgets.core.practice import make_problem
>>> written = write_problem(make_problem("entry", 7))
>>> print(WORDS["entry"].title, "/", written.parts[0].prompt)
one entry of AB / Compute the entry $(AB)_{43}$ (row 4, column 3).
"""

from __future__ import annotations

from ..core.practice import Problem
from .practice_attention import ATTENTION_WORDS
from .practice_layers import LAYER_WORDS
from .practice_products import PRODUCT_WORDS
from .practice_rules import RULE_WORDS
from .practice_written import SkillWords, WrittenPart, WrittenProblem, score_latex, weights_latex

__all__ = ["WORDS", "SkillWords", "WrittenPart", "WrittenProblem", "score_latex", "weights_latex", "write_problem"]

#: Each practice skill's words (`SkillWords`), by skill: one record per key of `widgets.core.practice.SKILLS`,
#: kept in its topic's module; a new topic's module adds its records here.
WORDS = {words.skill: words for words in (*PRODUCT_WORDS, *RULE_WORDS, *ATTENTION_WORDS, *LAYER_WORDS)}


def write_problem(problem: Problem) -> WrittenProblem:
    """The given numbers, questions and worked solutions of `problem` (a `widgets.core.practice.Problem`)."""
    return WORDS[problem.skill].write(problem)
