"""widgets.core.review: a round of the mixed review draws on the visited skills, the weakest first."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from widgets.core.mastery import LEVELS, MAX_HISTORY, level
from widgets.core.outcome import LETTERS
from widgets.core.review import ROUND, choose

letters = LETTERS
histories = st.text(alphabet=letters, max_size=MAX_HISTORY)
visited = st.dictionaries(st.sampled_from(["column", "entry", "product", "points", "composition", "dense",
                                           "score", "output", "softmax"]),
                          st.tuples(histories, st.text(alphabet=letters, max_size=6)), max_size=9)


@settings(max_examples=300, deadline=None)
@given(visited, st.integers(0, 10**6))
def test_a_round_takes_each_visited_skill_once_and_no_other(skills, seed):
    chosen = choose(skills, random.Random(seed))
    assert len(chosen) == len(set(chosen)) == min(ROUND, len(skills))
    assert set(chosen) <= set(skills)


@settings(max_examples=300, deadline=None)
@given(visited, st.integers(0, 10**6))
def test_no_skill_left_out_is_weaker_than_one_taken(skills, seed):
    chosen = choose(skills, random.Random(seed))
    rank = {skill: LEVELS.index(level(*skills[skill])) for skill in skills}
    left = [rank[skill] for skill in skills if skill not in chosen]
    assert not left or min(left) >= max(rank[skill] for skill in chosen)


def test_among_equals_the_skill_reviewed_least_comes_first_and_the_order_is_shuffled():
    skills = {"entry": ("r", "rr"), "score": ("r", ""), "dense": ("r", "r"), "softmax": ("r", "rrr"),
              "output": ("r", "rrrr")}
    assert all("output" not in choose(skills, random.Random(seed)) for seed in range(50))
    orders = {tuple(choose(skills, random.Random(seed))) for seed in range(50)}
    assert len(orders) > 10  # interleaved: the next skill cannot be guessed


def test_the_weakest_skill_is_judged_on_its_practice_and_review_in_the_order_they_happened():
    # The same problems: a review miss after five right in practice (familiar), or before them (proficient).
    skills = {"entry": ("rrrrr", "s", [5]), "score": ("rrrrr", "s", [0])}
    assert [level(*skills[skill]) for skill in skills] == ["familiar", "proficient"]
    assert all(choose(skills, random.Random(seed), size=1) == ["entry"] for seed in range(20))
