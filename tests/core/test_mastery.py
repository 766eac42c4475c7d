"""widgets.core.mastery: a level from how recent practice problems ended, over every history."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.mastery import LEVELS, MAX_HISTORY, WINDOW, describe, goal, level, place, stamp, trim
from widgets.core.outcome import LETTERS

histories = st.text(alphabet=LETTERS, max_size=MAX_HISTORY)
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


# -- the mixed review and the order of events (issue 41; Khan Academy's published moves) -------------------

reviews = st.text(alphabet=LETTERS, max_size=8)
#: A practice history at each level, with the review that makes it (none below mastered).
AT_EACH_LEVEL = {"not started": ("", ""), "attempted": ("k", ""), "familiar": ("rrr", ""),
                 "proficient": ("rrrrr", ""), "mastered": ("rrrrr", "r")}


@st.composite
def events(draw):
    """A practice history, a review history, and where each review problem fell (nondecreasing)."""
    history, reviewed = draw(histories), draw(reviews)
    return history, reviewed, sorted(draw(st.lists(st.integers(0, len(history)), min_size=len(reviewed),
                                                   max_size=len(reviewed))))


@pytest.mark.parametrize("now, after", [("not started", "familiar"), ("attempted", "familiar"),
                                        ("familiar", "proficient"), ("proficient", "mastered"),
                                        ("mastered", "mastered")])
def test_a_review_problem_right_first_time_raises_each_level_one(now, after):
    history, reviewed = AT_EACH_LEVEL[now]
    assert level(history, reviewed) == now
    assert level(history, reviewed + "r") == after


@pytest.mark.parametrize("outcome", "ashk")
@pytest.mark.parametrize("now, after", [("not started", "attempted"), ("attempted", "attempted"),
                                        ("familiar", "attempted"), ("proficient", "familiar"),
                                        ("mastered", "proficient")])
def test_a_review_problem_not_right_first_time_lowers_each_level_one(now, after, outcome):
    history, reviewed = AT_EACH_LEVEL[now]
    assert level(history, reviewed + outcome) == after


@settings(max_examples=500, deadline=None)
@given(events(), st.sampled_from("rashk"))
def test_each_review_problem_moves_the_level_one_step_whatever_came_before(before, outcome):
    history, reviewed, at = before
    now = rank(level(history, reviewed, at))
    moved = rank(level(history, reviewed + outcome, [*at, len(history)]))
    # Up: not started and attempted to familiar, then one level, mastered the top; down: one level,
    # attempted the bottom once anything was done.
    assert moved == ((2, 2, 3, 4, 4) if outcome == "r" else (1, 1, 1, 2, 3))[now]


@pytest.mark.parametrize("history, reviewed, at, expected", [
    ("rrrrr", "r", [5], "mastered"),  # practice, then the review
    ("rrrrr", "r", [0], "proficient"),  # the review first, then practice: it never reaches mastered
    ("rrrrr", "s", [5], "familiar"),
    ("rrrrr", "s", [0], "proficient"),  # a miss before the practice that made it proficient
    ("rrrr", "r", [4], "proficient"),  # familiar, then raised by the review
    ("rrrrs", "r", [4], "familiar"),  # raised to proficient, then a practice miss
    ("rrrrrs", "s", [5], "familiar"),  # the review miss, then the practice miss: each lowers it
    ("rrrrrs", "s", [6], "attempted"),
])
def test_the_order_of_practice_and_review_decides(history, reviewed, at, expected):
    assert level(history, reviewed, at) == expected


@pytest.mark.parametrize("after, expected", [
    ("r", "mastered"),  # 100 % of the window: kept
    ("s", "proficient"),  # 4 of 5: Khan's 70-99 % exercise brings mastered to proficient
    ("ss", "familiar"),  # 3 of 5, under 70 %: proficient to familiar (Khan: anything under 100 %)
    ("sss", "attempted"),  # 2 of 5: familiar to attempted
])
def test_practice_after_mastered_brings_it_down_as_khans_exercise_does(after, expected):
    assert level("rrrrr" + after, "r", [5]) == expected


def test_practice_after_a_review_raised_it_to_proficient_keeps_it_only_at_100_percent():
    assert level("rrrsr" + "r", "r", [5]) == "proficient"  # right: a right answer never lowers a level
    assert level("rrrsr" + "k", "r", [5]) == "familiar"  # anything under 100 %: proficient to familiar
    assert level("rrrsr" + "rrrrr", "r", [5]) == "proficient"


@settings(max_examples=500, deadline=None)
@given(events(), st.sampled_from("rashk"))
def test_a_practice_problem_right_only_raises_and_any_other_only_lowers(before, outcome):
    history, reviewed, at = before
    if len(history) == MAX_HISTORY:
        history, at = history[1:], [max(where - 1, 0) for where in at]
    now = rank(level(history, reviewed, at))
    moved = rank(level(history + outcome, reviewed, at))
    assert moved >= now if outcome == "r" else rank("attempted") <= moved <= max(now, rank("attempted"))


@settings(max_examples=300, deadline=None)
@given(histories, reviews)
def test_review_problems_of_an_old_record_count_as_after_the_practice(history, reviewed):
    assert level(history, reviewed) == level(history, reviewed, [len(history)] * len(reviewed))
    if reviewed:  # the older ones, kept without their place, count as just before the first placed
        assert level(history, reviewed, [0]) == level(history, reviewed, [0] * len(reviewed))


@settings(max_examples=500, deadline=None)
@given(histories, histories, reviews)
def test_a_stamp_places_a_review_problem_after_the_practice_done_before_it(before, since, reviewed):
    solved = sum(letter in "ras" for letter in before) + 3  # three solved before the history kept
    history = before + since
    placed = place([stamp(before, solved)], trim(history), solved + sum(letter in "ras" for letter in since))
    if len(history) <= MAX_HISTORY:
        assert placed == (len(before),)
    assert 0 <= placed[0] <= len(trim(history))


@settings(max_examples=500, deadline=None)
@given(events())
def test_the_goal_is_true_at_every_level(state):
    """Each way `goal` names reaches the next level; what it says lowers a level does."""
    history, reviewed, at = state
    now, words = level(history, reviewed, at), goal(history, reviewed, at)
    review = [*at, len(history)]
    if now in ("not started", "attempted", "familiar"):
        assert "or this skill right first time in the mixed review" in words
        assert rank(level(history, reviewed + "r", review)) == rank(now) + 1 + (now == "not started")
        practised = history + "r" * WINDOW
        if len(practised) > MAX_HISTORY:
            cut = len(practised) - MAX_HISTORY
            practised, at = practised[cut:], [max(where - cut, 0) for where in at]
        target = "familiar" if now != "familiar" else "proficient"
        assert f"Next, {target}:" in words and rank(level(practised, reviewed, at)) >= rank(target)
    else:
        down = "familiar" if now == "proficient" else "proficient"
        assert level(history, reviewed + "s", review) == down
        if len(history) == MAX_HISTORY:
            history, at = history[1:], [max(where - 1, 0) for where in at]
        missed = level(history + "s", reviewed, at)
        assert missed == "familiar" if now == "proficient" else rank(missed) < rank(now)
        assert "lowers it" + " one level" * (now == "proficient") in words
        assert words.startswith("Next, mastered:" if now == "proficient" else "Mastered:")


def test_describe_names_the_last_review_problem_beside_the_practice_it_rests_on():
    assert describe("rrrsr", "r", [5]) == ("proficient: 4 of 5 problems right first time; "
                                          "last in the mixed review: right first time")
    assert describe("", "s") == "attempted: last in the mixed review: right after a wrong answer"
