"""widgets.core.mastery: a level from how recent practice problems ended, over every history."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.mastery import LEVELS, MAX_HISTORY, OUTCOMES, WINDOW, describe, goal, level, trim

histories = st.text(alphabet="".join(OUTCOMES), max_size=MAX_HISTORY)
rank = LEVELS.index


@settings(max_examples=500, deadline=None)
@given(histories, st.sampled_from("ashk"))
def test_a_problem_not_right_first_time_never_raises_the_level(history, outcome):
    assert rank(level(history + outcome)) <= max(rank(level(history)), rank("attempted"))


@settings(max_examples=500, deadline=None)
@given(histories)
def test_a_problem_right_first_time_never_lowers_the_level(history):
    assert rank(level(history + "r")) >= rank(level(history))


@settings(max_examples=500, deadline=None)
@given(histories)
def test_proficient_means_the_last_problems_all_right_first_time(history):
    assert (level(history) == "proficient") == (history[-WINDOW:] == "r" * WINDOW)


@settings(max_examples=500, deadline=None)
@given(histories)
def test_the_level_rests_on_the_recent_problems_only_and_says_how_many(history):
    older = "k" * (MAX_HISTORY - WINDOW) + history[-WINDOW:]
    if len(history) >= WINDOW:
        assert level(older) == level(history)
    recent = history[-WINDOW:]
    if recent:
        last = "your last " if len(history) > WINDOW else ""
        assert describe(history).endswith(f"{recent.count('r')} of {last}{len(recent)} "
                                          f"problem{'s' * (len(recent) != 1)} right first time")
        assert goal(history) or level(history) == "proficient"


@pytest.mark.parametrize("history, expected", [
    ("", "not started"),
    ("k", "attempted"),
    ("rr", "attempted"),  # too few to judge
    ("rrr", "familiar"),
    ("rrrr", "familiar"),
    ("hrr", "attempted"),  # 2 of 3 is under 70 %
    ("rrsr", "familiar"),  # 3 of 4
    ("rrrsr", "familiar"),  # 4 of 5
    ("rrrss", "attempted"),  # 3 of 5
    ("krrrrr", "proficient"),
    ("rrrrrk", "familiar"),  # a skipped problem is not solved
])
def test_the_levels_at_their_edges(history, expected):
    assert level(history) == expected


def test_a_history_of_other_letters_is_refused():
    with pytest.raises(ValueError):
        trim("rx")
    assert trim("r" * (MAX_HISTORY + 3)) == "r" * MAX_HISTORY


@pytest.mark.parametrize("history, reviewed, next_level", [
    ("", "", "familiar"),
    ("rk", "", "familiar"),
    ("rrr", "", "proficient"),
    ("rrrrr", "", "mastered"),
])
def test_the_goal_is_the_next_step_and_never_reads_as_the_present_level(history, reviewed, next_level):
    # Shown under "Level: not started", a bare "Familiar: ..." read as if the learner already were.
    assert goal(history, reviewed).startswith(f"Next, {next_level}: get ")
    assert level(history, reviewed) != next_level
