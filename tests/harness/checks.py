"""Answer a `widgets.Check` from Python as a learner does in the page: give the answer, press Check."""
from __future__ import annotations


def answer(check, value) -> bool:
    """Set the Check's input to `value` (text, a choice or a matrix) and press Check; True if right.

    Examples
    --------
    >>> from widgets import Check
    >>> ex = Check("What is $2 + 2$?", 4)
    >>> answer(ex, "5"), answer(ex, "4"), ex.attempts
    (False, True, 2)
    """
    check.answer_input.value = value
    return check.submit()


def type_matrix(check, rows) -> bool:
    """Size a matrix Check's editor to `rows` (it opens at 1×1), type each cell as text, press Check.

    Examples
    --------
    >>> from widgets import Check
    >>> ex = Check("Write $I_2$.", [[1, 0], [0, 1]])
    >>> type_matrix(ex, [[1, 0], [0, 2]]), ex.mistake
    (False, 'columns')
    >>> type_matrix(ex, [["1", "0"], ["0", "1"]])
    True
    """
    check.answer_input.resize(len(rows), len(rows[0]))
    for i, row in enumerate(rows):
        for j, text in enumerate(row):
            check.answer_input.cells[i][j].value = str(text)
    return check.submit()


def solve_first_problem(practice) -> bool:
    """Press Start on a `Practice` and answer its first problem's first part right; True if judged right.

    Examples
    --------
    >>> from widgets import Practice
    >>> practice = Practice("softmax", seed=3)
    >>> solve_first_problem(practice), practice.streak
    (True, 1)
    """
    import numpy as np

    practice.start()
    return answer(practice.checks[0], np.asarray(practice.problem.parts[0].answer))
