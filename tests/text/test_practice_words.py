"""A practice skill's words are in one place (issue 45): one `SkillWords` record per skill of
`widgets.core.practice.SKILLS`, kept in its topic's module and gathered in
`widgets.text.practice_prompts.WORDS`, from which the Practice heading, `write_problem` and the hints
are read; no other module keeps a dict by skill (core's `SKILLS` aside), so a new skill touches its
generator in core and its topic's words in text, and nothing else of the package.

On the code before (2f3cc6a) the scan of the second test finds the five dicts by skill a new skill
had to join (`text/practice_prompts.py`, `text/practice_hints.py`, two in `text/practice_tokens.py`,
`TITLES` in `controls/practice.py`), and the first cannot import `WORDS`."""

import ast
import importlib
import pkgutil
from collections import Counter
from pathlib import Path

import widgets
import widgets.text
from widgets.core.practice import SKILLS, make_problem
from widgets.text.practice_hints import HINT_LEVELS, hints
from widgets.text.practice_prompts import WORDS, write_problem
from widgets.text.practice_written import SkillWords

PACKAGE = Path(widgets.__file__).parent
#: The one dict by skill besides `WORDS`: the generators, in core.
REGISTRY = PACKAGE / "core" / "practice" / "__init__.py"


def records_in_text_modules():
    """Every `SkillWords` a module of `widgets.text` defines at its top level, alone or in a tuple."""
    found = []
    for info in pkgutil.iter_modules(widgets.text.__path__):
        module = importlib.import_module(f"widgets.text.{info.name}")
        for name, value in vars(module).items():
            if name in getattr(module, "__all__", ()) and isinstance(value, (SkillWords, tuple)):
                found += [value] if isinstance(value, SkillWords) else [x for x in value if isinstance(x, SkillWords)]
    return found


def test_every_skill_has_one_record_of_its_words_and_everything_reads_it():
    records = records_in_text_modules()
    assert Counter(record.skill for record in records) == Counter(list(SKILLS))  # each skill once, no other
    assert all(WORDS[record.skill] is record for record in records)
    for skill, words in WORDS.items():
        assert words.title and callable(words.write) and callable(words.hints), skill
        problem = make_problem(skill, 0)
        assert write_problem(problem) == words.write(problem)
        assert hints(problem) == words.hints(problem)
        assert all(len(ladder) == len(HINT_LEVELS) for ladder in hints(problem))


def dicts_by_skill(source):
    """The line of each dict (a literal or ``dict(...)``) that two or more skills' names key."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Dict):
            keys = [key.value for key in node.keys if isinstance(key, ast.Constant)]
        elif isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
            keys = [keyword.arg for keyword in node.keywords]
        else:
            continue
        if sum(key in SKILLS for key in keys) >= 2:
            yield node.lineno


def test_no_other_module_keeps_a_dict_by_skill():
    found = {path.relative_to(PACKAGE).as_posix(): lines for path in sorted(PACKAGE.rglob("*.py"))
             if path != REGISTRY and (lines := list(dicts_by_skill(path.read_text(encoding="utf-8"))))}
    assert not found, f"a dict by skill outside core's SKILLS and text's WORDS: {found}"
    assert list(dicts_by_skill(REGISTRY.read_text(encoding="utf-8")))  # the scan sees the one there is


def test_a_planted_dict_by_skill_is_found():
    assert list(dicts_by_skill('TITLES = {"column": "a column of AB", "entry": "one entry of AB"}')) == [1]
    assert list(dicts_by_skill('HINTS = dict(query=_query_hints, mask=_mask_hints)')) == [1]
    assert not list(dicts_by_skill('LABELS = {"column": "a column", "row": "a row"}'))
