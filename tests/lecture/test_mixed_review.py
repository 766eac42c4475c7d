"""widgets.lecture.review: a round of mixed problems from the labs visited, kept in the review's record,
and the level it gives a lab's practice ("mastered").  The browser's side is played in-process; the
review page runs in Chromium in tests/browser/test_progress.py."""
from __future__ import annotations

import random

from harness.checks import answer
from harness.voila import REPO
from widgets.core.mastery import level
from widgets.core.progress_record import PracticeRecord, Record, events, read_record, write_record
from widgets.lecture.course_progress import lab_titles
from widgets.lecture.review import MixedReview

LABS = lab_titles(REPO / "labs")
VISITED = {
    "02-entry-dot-product": Record({"activity": "solved"}, {"practice": PracticeRecord(1, "rrrrr", 5, "entry")}, 2),
    "07-queries-keys-scores": Record({}, {"practice": PracticeRecord(1, "s", 1, "score")}, 8),
    "09-softmax-weights": Record({"a": "shown"}, {"practice": PracticeRecord(1, "", 0, "softmax")}, 4),
}


def browser_answers(review, records, loaded="", status="ready"):
    with review.store.hold_trait_notifications():
        review.store.peeked = {name: write_record(record) for name, record in records.items()}
        review.store.loaded = loaded
        review.store.status = status


def right(practice):
    for check in practice.checks:
        assert answer(check, check._typed_answer())


def test_nothing_visited_nothing_to_review():
    review = MixedReview(LABS)
    browser_answers(review, {})
    assert review.practices == () and "Nothing to review yet" in review._intro.value


def test_a_round_mixes_the_visited_skills_keeps_each_outcome_and_points_back_to_the_lab():
    review = MixedReview(LABS, rng=random.Random(5))
    browser_answers(review, VISITED)
    assert sorted(p.skill for p in review.practices) == ["entry", "score", "softmax"]
    assert all(p.started and p._score.layout.display == "none" for p in review.practices)
    for practice in review.practices:
        if practice.skill == "softmax":
            assert not answer(practice.checks[0], [[1, 0]])  # a wrong answer first
        right(practice)
    kept, problem = read_record(review.store.saved)
    assert problem == "" and {skill: entry.history for skill, entry in kept.practice.items()} == {
        "entry": "r", "score": "r", "softmax": "s"}
    # Each outcome kept with where it fell among the lab's practice problems (after 5, 1 and none solved).
    assert {skill: entry.at for skill, entry in kept.practice.items()} == {
        "entry": ((5, 0),), "score": ((1, 0),), "softmax": ((0, 0),)}
    summary = review._summary.value
    # Each problem moves its skill one level (Khan Academy's mixed-skill assessment), and says so.
    assert "One entry of AB: right first time (up from proficient to mastered)." in summary
    assert "One score q·k: right first time (up from attempted to familiar)." in summary
    assert "A softmax row: right after a wrong answer (now attempted)." in summary
    assert "To go over:" in summary and 'href="09-softmax-weights.ipynb"' in summary
    assert review._after.layout.display == ""

    first = review.practices
    review._again.click()  # another round: the last one's problems are closed
    assert all(p.comm is None for p in first) and len(review.practices) == 3


def test_a_later_visit_adds_to_the_kept_review_and_a_damaged_one_is_set_aside(monkeypatch):
    review = MixedReview(LABS, rng=random.Random(1))
    earlier = write_record(Record(practice={"entry": PracticeRecord(0, "s", 1, "entry")}))
    browser_answers(review, VISITED, loaded=earlier)
    entry = next(p for p in review.practices if p.skill == "entry")
    right(entry)
    kept = read_record(review.store.saved)[0].practice["entry"]
    assert kept == PracticeRecord(0, "sr", 2, "entry", ((5, 0),))  # the earlier outcome kept no place
    # It counts as just before the first one placed: proficient, down to familiar, up to proficient.
    assert level(*events(VISITED["02-entry-dot-product"].practice["practice"], kept)) == "proficient"

    sent = []
    damaged = MixedReview(LABS)
    monkeypatch.setattr(damaged.store, "send", sent.append)
    browser_answers(damaged, VISITED, loaded='{"v": 2, "oops"')
    assert sent == [{"set_aside": True}] and len(damaged.practices) == 3


def test_a_review_record_from_a_newer_version_is_never_written_over_and_this_one_is_kept_beside_it(monkeypatch):
    review = MixedReview(LABS, rng=random.Random(2))
    sent = []
    monkeypatch.setattr(review.store, "send", sent.append)
    browser_answers(review, VISITED, loaded='{"v": 6, "practice": {}, "mixed": true}')
    assert sent == [] and review.store.key == "review#v5" and review.practices == ()  # neither set aside nor begun
    assert "from a newer version of the labs" in review._intro.value
    earlier = write_record(Record(practice={"entry": PracticeRecord(0, "s", 1, "entry")}))
    review.store.set_state({"loaded": earlier, "status": "ready"})  # the view reads the key of this version's own
    entry = next(p for p in review.practices if p.skill == "entry")
    right(entry)
    assert review.store.key == "review#v5" and sent == []
    assert "from a newer version of the labs" in review._intro.value and "3 problems" in review._intro.value
    assert read_record(review.store.saved)[0].practice["entry"] == PracticeRecord(0, "sr", 2, "entry", ((5, 0),))


def test_a_renewed_store_is_given_the_round_so_far_and_the_round_goes_on():
    """A store gone deaf (widgets.controls.device_store) is replaced; the new one keeps what was answered."""
    review = MixedReview(LABS, rng=random.Random(5))
    browser_answers(review, VISITED)
    practices = review.practices
    right(practices[0])
    review.store.set_trait("deaf", True)
    browser_answers(review, VISITED)  # the new store's view reports what the browser kept: nothing of the review
    assert review.practices is practices  # the round goes on
    kept, problem = read_record(review.store.saved)
    assert problem == "" and [entry.history for entry in kept.practice.values()] == ["r"]


def test_a_problem_says_its_skill_and_lab_only_once_it_is_answered():
    """Interleaving helps when the learner must work out the method: no label before the answer."""
    review = MixedReview(LABS, rng=random.Random(5))
    browser_answers(review, VISITED)
    practices, headings = review.practices, review._headings
    for k, (practice, heading) in enumerate(zip(practices, headings)):
        assert heading.value == f"<h3>Problem {k + 1} of 3</h3>"
        assert practice._heading.value == "" and practice._heading.layout.display == "none"
    by_skill = {practice.skill: k for k, practice in enumerate(practices)}

    softmax = by_skill["softmax"]
    assert not answer(practices[softmax].checks[0], [[1, 0]])  # a wrong answer tells nothing of where it is from
    assert headings[softmax].value == f"<h3>Problem {softmax + 1} of 3</h3>"
    right(practices[softmax])
    assert 'href="09-softmax-weights.ipynb"' in headings[softmax].value
    assert all("href" not in headings[k].value for k in by_skill.values() if k != softmax)  # still unanswered

    entry = practices[by_skill["entry"]]
    for check in entry.checks:
        check._solution_toggle.value = True  # the solution shown: answered too
    assert entry.history == "h"
    assert headings[by_skill["entry"]].value.startswith(
        f"<h3>Problem {by_skill['entry'] + 1} of 3</h3><p>This was one entry of AB, from ")
    assert 'href="02-entry-dot-product.ipynb"' in headings[by_skill["entry"]].value


def test_the_issue_41_skills_of_a_lab_come_into_the_review_beside_its_first_practice():
    """A lab's second practice is kept under its own key (lab 9's practice_mask beside practice): its skill is
    drawn too, and a problem of it answered goes into the review's record."""
    visited = {
        "07-queries-keys-scores": Record({}, {"practice_query": PracticeRecord(1, "r", 1, "query")}, 8),
        "09-softmax-weights": Record({}, {"practice": PracticeRecord(1, "", 0, "softmax"),
                                          "practice_mask": PracticeRecord(1, "s", 1, "mask")}, 4),
        "10-adaptive-weights": Record({}, {"practice": PracticeRecord(1, "", 0, "linearity")}, 5),
    }
    review = MixedReview(LABS, rng=random.Random(3))
    browser_answers(review, visited)
    assert sorted(p.skill for p in review.practices) == ["linearity", "mask", "query", "softmax"]
    for practice in review.practices:
        right(practice)
    kept = read_record(review.store.saved)[0].practice
    assert {skill: entry.history for skill, entry in kept.items()} == dict.fromkeys(
        ("linearity", "mask", "query", "softmax"), "r")
