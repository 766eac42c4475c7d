"""Reveal (views held back until answered), Practice (fresh numbers, streak) and the link's reveal/seed."""

from ipywidgets import HTML

from harness.shown import button, part
from widgets import Check, LectureBar, Practice, Reveal


def answer(check, text):
    check.answer_input.value = text
    return check.submit()


def test_reveal_waits_for_every_check_then_stays_open():
    first, second = Check("RS?", 1.0), Check("SR?", 2.0)
    view = HTML("RS = 1, SR = 2")
    panel = Reveal(view, after=[first, second], what="both products")
    assert panel.children == (panel.children[0],) and view not in panel.children
    assert "both products" in panel.children[0].children[0].value
    answer(first, "3")
    assert not panel.opened  # one of two answered
    answer(second, "2")
    assert panel.opened and panel.children == (view,)
    panel.opened = False
    assert panel.opened  # cannot be closed again


def test_reveal_button_and_solution_open_it():
    check = Check("Compute AB.", [[1]], solution="It is 1.")
    panel = Reveal(HTML("1"), after=[check])
    button(check, "Show solution").value = True
    assert panel.opened
    lone = Reveal(HTML("x"))
    button(lone, "Reveal").click()
    assert lone.opened


def test_the_lecture_link_reveals_everything_and_seeds_practice():
    bar = LectureBar()
    panel = Reveal(HTML("x"), after=[Check("?", 1.0)], link=bar.link)
    practice = Practice("entry", seed=5, link=bar.link)
    practice.start()
    bar.apply_url(query_string="reveal=1&seed=1234")
    assert panel.opened and practice.seed == 1234 and bar.status.errors == []
    # A panel built after the flag is set opens at once.
    assert Reveal(HTML("y"), link=bar.link).opened


def test_bad_reveal_or_seed_in_the_link_is_explained_and_changes_nothing():
    bar = LectureBar()
    practice = Practice("score", seed=5, link=bar.link)
    practice.start()
    bar.apply_url(query_string="reveal=maybe&seed=-3")
    assert not bar.link.reveal and practice.seed == 5
    assert bar.status.errors == [
        "reveal='maybe' is not understood: use reveal=1 or reveal=0",
        "seed='-3' is not understood: use a whole number from 0 to 999999",
    ]


def test_streak_counts_clean_solves_and_resets_on_a_slip_or_a_peek():
    practice = Practice("entry", seed=10)
    practice.start()
    right = lambda: str(practice.problem.parts[0].answer)  # noqa: E731
    answer(practice.checks[0], right())
    assert (practice.streak, practice.solved) == (1, 1)
    practice.new_numbers()
    assert practice.seed == 11 and practice.checks[0].attempts == 0
    answer(practice.checks[0], right())
    assert practice.streak == 2
    practice.new_numbers()
    answer(practice.checks[0], "1000")  # wrong first
    assert practice.streak == 0
    answer(practice.checks[0], right())
    assert (practice.streak, practice.solved) == (0, 3)
    practice.new_numbers()
    button(practice.checks[0], "Show solution").value = True  # a peek
    answer(practice.checks[0], right())
    assert (practice.streak, practice.solved) == (0, 3)  # the answer was seen: shown, not solved
    assert practice.checks[0].shown and "counts as shown, not solved" in practice.checks[0].feedback
    practice.new_numbers()
    answer(practice.checks[0], right())
    assert practice.streak == 1
    streak, heading = part(practice, "practice-streak").value, part(practice, "practice-heading").value
    assert "Streak: <b>1</b>" in streak and "?seed=14" in practice._seed.value and "seed" not in heading


def test_a_part_names_the_usual_mistake():
    practice = Practice("dense", seed=3)
    practice.start()
    part = practice.problem.parts[0]
    no_relu = next(m for m in part.mistakes if m.name == "no-relu")
    practice.checks[0].answer_input.value = no_relu.value
    practice.checks[0].submit()
    assert practice.checks[0].mistake == "no-relu"
    assert "ReLU then sets every negative entry to 0" in practice.checks[0].feedback


def test_composition_has_three_parts_and_all_must_be_solved():
    practice = Practice("composition", seed=2)
    practice.start()
    shape, domain, codomain = practice.checks
    m, k = practice.problem.parts[0].answer
    answer(shape, f"{m}x{k}")
    answer(domain, str(k))
    assert practice.solved == 0
    answer(codomain, str(m))
    assert (practice.solved, practice.streak) == (1, 1)


def test_new_numbers_closes_the_old_checks():
    practice = Practice("softmax", seed=1)
    practice.start()
    old = practice.checks[0]
    button(practice, "New numbers").click()
    assert old.comm is None and practice.checks[0] is not old


def test_practice_opens_on_start_and_a_link_seed_before_start_is_kept():
    bar = LectureBar()
    practice = Practice("output", seed=3, link=bar.link)
    assert not practice.started and practice.checks == () and practice.problem is None
    assert len(practice.children) == 1  # the heading and the Start button only
    bar.apply_url(query_string="seed=40")
    assert practice.seed == 40 and "Problem 40" in practice._seed.value
    button(practice, "Start").click()
    assert practice.started and practice.problem.seed == 40 and len(practice.checks) == 1
    button(practice, "New numbers").click()  # the Start button, renamed
    assert practice.problem.seed == 41


# --- a view that holds the answer ---------------------------------------------------------


def test_a_view_holding_the_answer_waits_for_a_right_answer_or_a_second_try():
    check = Check("Column 1 of AB?", [[6], [9]])
    panel = Reveal(HTML("(6, 9)"), after=[check], what="the stepper", holds_answer=True)
    check.answer_input.value = [[6], [8]]
    assert check.submit() is False and not panel.opened  # one wrong answer: nothing to copy yet
    assert "once your answer" in panel.children[0].children[0].value
    assert check.submit() is False and not panel.opened  # the same answer again (a double click): no new try
    assert check.attempts == 1 and "the answer you checked last time" in check.feedback
    check.answer_input.value = [[7], [9]]
    assert check.submit() is False and panel.opened  # a second try: open, the answer seen
    assert check.shown and check.settled and not check.solved
    check.answer_input.value = [[6], [9]]
    assert check.submit() is True and not check.solved  # copied or not, it counts as shown
    assert check.feedback.startswith("Correct!") and "counts as shown, not solved" in check.feedback


def test_a_right_answer_opens_a_view_holding_it_and_stays_solved():
    check = Check("2 + 2?", 4.0)
    panel = Reveal(HTML("4"), after=[check], holds_answer=True)
    check.answer_input.value = "4"
    assert check.submit() and panel.opened and check.solved and not check.shown


def test_opening_a_view_holding_the_answer_by_hand_or_by_the_solution_counts_it_as_shown():
    by_hand, by_solution = Check("2 + 2?", 4.0, solution="4"), Check("3 + 3?", 6.0, solution="6")
    Reveal(HTML("4"), after=[by_hand], holds_answer=True).opened = True  # the Reveal button
    assert by_hand.shown and by_hand.settled
    panel = Reveal(HTML("6"), after=[by_solution], holds_answer=True)
    button(by_solution, "Show solution").value = True
    assert panel.opened and by_solution.shown
    # A view of a prediction (not holding a typed answer), opened by hand before the prediction, shows its
    # result first: the answer counts as shown. Opened once the prediction is made, it leaves the check as it was.
    early, predicted = Check("2 + 2?", 4.0), Check("2 + 2?", 4.0)
    Reveal(HTML("4"), after=[early]).opened = True
    assert early.shown and early.outcome == "shown"
    predicted.answer_input.value = "5"
    assert predicted.submit() is False
    panel = Reveal(HTML("4"), after=[predicted])
    assert panel.opened and not predicted.shown
    # A follow-up question opened by hand before the question it builds on is settled shows what builds on it.
    first = Check("2 + 2?", 4.0)
    first.answer_input.value = "5"
    first.submit()
    Reveal(HTML("next"), after=[first], follows_up=True).opened = True
    assert first.shown


def test_every_skill_is_headed_by_its_words_and_the_issue_41_skills_name_their_slips_in_a_practice():
    from widgets.core.practice import SKILLS
    from widgets.text.practice_prompts import WORDS

    for skill in SKILLS:  # the heading and the pulse's name are the skill's one record of words
        practice = Practice(skill, seed=0)
        assert practice.title == f"Practice: {WORDS[skill].title}" and WORDS[skill].title in part(practice, "practice-heading").value
    for skill, slip in (("rules", "no-c"), ("query", "other-token"), ("mask", "not-renormalised"),
                        ("linearity", "weights-fixed")):
        practice = next(p for p in (Practice(skill, seed=seed) for seed in range(40))
                        if p.start() is None and slip in [m.name for m in p.problem.parts[0].mistakes])
        mistake = next(m for m in practice.problem.parts[0].mistakes if m.name == slip)
        practice.checks[0].answer_input.value = mistake.value
        practice.checks[0].submit()
        assert practice.checks[0].mistake == slip and practice.streak == 0, skill
        answer(practice.checks[0], practice.checks[0]._typed_answer())
        assert practice.solved == 1, skill


def test_a_held_part_names_the_questions_it_waits_for_by_their_titles():
    # "the question above" misled where the part sat under a later question than the one it waits for.
    first, second = Check("2 + 2?", 4.0, title="Two and two"), Check("3 + 3?", 6.0, title="Three & three")
    note = Reveal(HTML("4"), after=[first, second], what="the sums").children[0].children[0].value
    assert "questions “Two and two” and “Three &amp; three”" in note
    assert note.endswith("Revealing it now counts those questions as shown.</i>")  # a phone shows no tooltip
    untitled = Reveal(HTML("4"), after=[Check("2 + 2?", 4.0)], what="the sum").children[0].children[0].value
    assert "the question above" in untitled
