"""Practice keeps how each problem ended (right first time, after a slip, with the solution shown,
skipped), shows the learner's level from it, and carries on from a kept record."""

from harness.checks import answer
from widgets import LectureBar, Practice
from widgets.core.progress_record import PracticeRecord


def right(practice, k=0):
    """Answer part `k` of the problem shown right, typed as a learner would."""
    return answer(practice.checks[k], practice.checks[k]._typed_answer())


def test_each_problem_ends_one_way_and_the_level_follows():
    practice = Practice("entry", seed=10)
    practice.start()
    assert right(practice)  # right first time
    practice.new_numbers()
    assert not answer(practice.checks[0], "1000") and right(practice)  # after a slip
    practice.new_numbers()
    practice.checks[0]._solution_toggle.value = True  # the solution, before any answer
    assert practice.history == "rsh" and practice.streak == 0
    right(practice)  # still "shown": the problem ended when the solution was seen
    practice.new_numbers()
    practice.new_numbers()  # nothing answered: skipped
    assert (practice.history, practice.solved, practice.streak) == ("rshk", 2, 0)
    assert practice.level == "attempted: 1 of 4 problems right first time"
    for _ in range(3):
        right(practice)
        practice.new_numbers()
    assert practice.history == "rshkrrr" and practice.level.startswith("attempted: 3 of your last 5")
    right(practice)
    assert practice.streak == 4 and "Level: familiar: 4 of your last 5" in practice._score.value


def test_a_problem_of_several_parts_ends_when_every_part_is_done():
    practice = Practice("composition", seed=4)
    practice.start()
    assert len(practice.checks) > 1
    right(practice, 0)
    assert practice.history == "" and practice.record.seed == 4  # unfinished: the same problem next time
    for k in range(1, len(practice.checks)):
        right(practice, k)
    assert practice.history == "r" and practice.record == PracticeRecord(5, "r", 1, "composition")  # the next problem


def test_a_kept_record_carries_on_where_the_learner_was():
    practice = Practice("score")
    practice.restore(PracticeRecord(42, "srrr", 3))
    assert (practice.seed, practice.streak, practice.solved, practice.history) == (42, 3, 3, "srrr")
    assert "Level: familiar" in practice._score.value and "?seed=42" in practice._seed.value
    practice.start()
    assert practice.problem.seed == 42
    right(practice)
    assert practice.record == PracticeRecord(43, "srrrr", 4, "score")


def test_a_lecturers_seed_wins_over_the_kept_one():
    bar = LectureBar()
    bar.link.seed = 7
    practice = Practice("score", link=bar.link)
    practice.restore(PracticeRecord(42, "rr", 2))
    assert practice.seed == 7 and practice.history == "rr"


def test_hints_open_a_level_at_a_time_before_any_answer_and_count_as_help():
    practice = Practice("dense", seed=3)
    practice.start()
    ladder = practice.hints[0]
    assert ladder.button.description == "Hint: a nudge" and ladder.opened == 0
    ladder.button.click()
    assert ladder.opened == 1 and "Hint 1 (a nudge):" in ladder.text and "Hint 2" not in ladder.text
    assert ladder.button.description == "Another hint: the method"
    ladder.button.click()
    ladder.button.click()
    assert "Hint 3 (the first step):" in ladder.text and ladder.button not in ladder.children
    assert practice.streak == 0 and right(practice)
    assert practice.history == "a" and practice.solved == 1  # solved, with help
    assert practice.level == "attempted: 0 of 1 problem right first time"
    practice.new_numbers()
    assert practice.hints[0].opened == 0 and practice.hints[0].comm is not None


def test_a_product_asks_its_shape_first_and_none_is_an_answer():
    practice = Practice("product", seed=1)  # A is 2×3 and B 3×3: AB exists
    practice.start()
    shape_check, product_check = practice.checks
    assert practice._parts.children == (shape_check,)  # "compute AB" would say it exists
    assert not answer(shape_check, "none") and "inner sizes agree" in shape_check.feedback
    assert answer(shape_check, "2x3") and product_check in practice._parts.children
    assert right(practice, 1) and practice.history == "s"

    practice.seed = 0  # A is 3×3 and B 1×2: no product
    (only,) = practice.checks
    assert not answer(only, "3x2") and "the inner sizes must agree, so AB does not exist" in only.feedback
    assert answer(only, "does not exist") and only.reading == "Read as: no product."
    assert practice.history == "ss"


def test_a_practice_and_its_check_tell_one_story_of_how_a_problem_ended():
    """The practice's history and its checks' outcomes come from one model (`widgets.core.outcome`)."""
    practice = Practice("entry", seed=5)
    practice.start()
    (check,) = practice.checks
    practice.hints[0].open_next()
    assert right(practice)
    assert check.hinted and check.outcome == "helped" and practice.history == "a"

    practice.new_numbers()
    (check,) = practice.checks
    assert not answer(check, "12345") and practice.hints[0].opened == 1  # a wrong answer opens the nudge
    assert right(practice)
    assert check.outcome == "retried" and practice.history == "as"

    practice.new_numbers()
    practice.hints[0].open_next()
    practice.checks[0].show_answer()
    assert practice.checks[0].outcome == "shown" and practice.history == "ash" and practice.solved == 2
