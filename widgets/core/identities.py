"""The properties of the matrix product, checked on the learner's matrices.

Theorem 1.4.3 lists five identities (`PRODUCT_IDENTITIES`); Warning 1.4.4
adds that ``AB`` and ``BA`` usually differ (`compare_orders`).  Each side
of an identity is an expression of `widgets.core.expressions`, so that a
side undefined for the learner's shapes says which part fails and why.

Beside the true identities stand two look-alikes that are *not* rules,
``(AB)ᵀ = AᵀBᵀ`` and ``(A + B)² = A² + 2AB + B²`` (`FALSE_IDENTITIES`):
`check_false_identities` says, on the learner's own matrices, whether each
fails and why, and shows the true identity it is confused with.
Numpy only: no widgets here.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .expressions import TRANSPOSE, Constant, Matrix, Scalar, Side, evaluate_side
from .shapes import as_matrix, format_shape
from .wording import entries_in_words, in_words

__all__ = [
    "IdentityResult",
    "OrderComparison",
    "PRODUCT_IDENTITIES",
    "FALSE_IDENTITIES",
    "check_identities",
    "check_false_identities",
    "compare_orders",
    "EQUAL_GAP",
    "largest_gap",
]

#: Two results whose entries all differ by less than this count as equal (lab 10's linearity tables).
EQUAL_GAP = 1e-9


def largest_gap(left: ArrayLike, right: ArrayLike) -> float:
    """How far apart two results of the same shape are: the largest difference of their entries.

    Examples
    --------
    >>> largest_gap([[1, 2], [3, 4]], [[1, 2.5], [2, 4]])
    1.0
    """
    return float(np.max(np.abs(np.asarray(left, dtype=float) - np.asarray(right, dtype=float))))


def _overflow_message(sides):
    """Why defined `sides` cannot be compared, or "" if every entry is a finite number.

    Entries near the largest float overflow to infinity in a product (and
    ``inf - inf`` is not a number), which says nothing about the identity.
    """
    too_large = [s.label for s in sides if s.defined and not np.isfinite(s.value).all()]
    if not too_large:
        return ""
    return (
        f"{in_words(too_large)} {'has' if len(too_large) == 1 else 'have'} entries too large "
        "for the computer's numbers, so the sides cannot be compared: try smaller entries."
    )


@dataclass(frozen=True)
class IdentityResult:
    """An identity of Theorem 1.4.3 checked for particular matrices.

    Attributes
    ----------
    name : str
        A short name (``"associativity"``).
    statement : str
        The identity, e.g. ``"A(BC) = (AB)C"``.
    sides : tuple of Side
        Every side, evaluated.
    verdict : str
        ``"equal"`` (every side defined, all equal), ``"undefined"`` (some
        side undefined), ``"too large"`` (a side overflowed, so nothing can
        be compared) or ``"different"``.
    message : str
        What happened, for the learner; for a look-alike, why it fails (or
        why it holds for these matrices only).
    rule : bool
        True for an identity of the theorem; False for a look-alike of
        `FALSE_IDENTITIES`, which is not a rule even where it holds.
    true_side : Side or None
        For a look-alike, what its left side really equals (``BᵀAᵀ``,
        ``A² + AB + BA + B²``), evaluated; None otherwise.
    evidence : tuple of Side
        For a look-alike, the products that show why (``AB`` and ``BA``
        where their difference is the reason); empty otherwise.
    """

    name: str
    statement: str
    sides: tuple
    verdict: str
    message: str
    rule: bool = True
    true_side: object = None
    evidence: tuple = ()


_COUNT_WORDS = {2: "Both sides", 3: "All three sides"}


def _judge(name, expressions, values, atol):
    sides = tuple(evaluate_side(e, values) for e in expressions)
    statement = " = ".join(e.label for e in expressions)
    defined = [s for s in sides if s.defined]
    every = _COUNT_WORDS.get(len(sides), "All sides")
    if len(defined) < len(sides):
        if not defined:
            message = (
                "Neither side is defined for these shapes."
                if len(sides) == 2
                else "None of the sides is defined for these shapes."
            )
        else:
            names = ", ".join(s.label for s in sides if not s.defined)
            message = f"Not every side is defined: {names} is undefined for these shapes."
        return IdentityResult(name, statement, sides, "undefined", message)
    too_large = _overflow_message(defined)
    if too_large:
        return IdentityResult(name, statement, sides, "too large", too_large)
    first = defined[0].value
    same = all(
        s.value.shape == first.shape and np.allclose(s.value, first, rtol=1e-9, atol=atol)
        for s in defined[1:]
    )
    if same:
        message = f"{every} are {format_shape(first.shape)} and agree entry by entry."
        return IdentityResult(name, statement, sides, "equal", message)
    return IdentityResult(name, statement, sides, "different", "The sides differ.")


_A, _B, _C, _r = Matrix("A"), Matrix("B"), Matrix("C"), Scalar("r")

#: The identities of Theorem 1.4.3 as ``(name, sides)`` pairs, over the
#: matrices ``A``, ``B``, ``C`` and the scalar ``r``.
PRODUCT_IDENTITIES = (
    ("associativity", (_A @ (_B @ _C), (_A @ _B) @ _C)),
    ("distributivity on the right", ((_A + _B) @ _C, _A @ _C + _B @ _C)),
    ("distributivity on the left", (_C @ (_A + _B), _C @ _A + _C @ _B)),
    ("scalars move freely", (_A @ (_r * _B), _r * (_A @ _B), (_r * _A) @ _B)),
    ("transpose of a product", ((_A @ _B).T, _B.T @ _A.T)),
)


def check_identities(A: ArrayLike, B: ArrayLike, C: ArrayLike, r: float = 2.0) -> tuple[IdentityResult, ...]:
    """Evaluate both sides of every identity of Theorem 1.4.3.

    Parameters
    ----------
    A, B, C : array_like
        Matrices of any shapes; an identity whose sides are undefined for
        these shapes says why instead of failing.
    r : float, optional
        The scalar.  Default 2.

    Returns
    -------
    tuple of IdentityResult
        In the order of `PRODUCT_IDENTITIES`.

    Examples
    --------
    >>> results = check_identities(np.eye(2), [[1, 2], [3, 4]], [[0, 1], [1, 0]], r=3)
    >>> [(res.statement, res.verdict) for res in results]  # doctest: +NORMALIZE_WHITESPACE
    [('A(BC) = (AB)C', 'equal'), ('(A + B)C = AC + BC', 'equal'),
     ('C(A + B) = CA + CB', 'equal'), ('A(rB) = r(AB) = (rA)B', 'equal'),
     ('(AB)ᵀ = BᵀAᵀ', 'equal')]

    With a 2×3 ``A`` and a 3×2 ``B`` the sum is undefined, and each side
    says so:

    >>> sum_rule = check_identities(np.ones((2, 3)), np.ones((3, 2)), np.ones((3, 3)))[1]
    >>> sum_rule.verdict
    'undefined'
    >>> print(sum_rule.sides[0].reason)
    (A + B)C is undefined because A + B is undefined: A is 2×3 and B is 3×2, and only matrices of the same shape can be added
    """
    values = {
        "A": as_matrix(A, "A"),
        "B": as_matrix(B, "B"),
        "C": as_matrix(C, "C"),
        "r": float(r),
    }
    atol = 1e-9 * _scale(values.values())
    return tuple(_judge(name, sides, values, atol) for name, sides in PRODUCT_IDENTITIES)


#: Two look-alikes of the theorem that are *not* rules, as ``(name, sides,
#: true side)``: the false claim and what its left side really equals.
FALSE_IDENTITIES = (
    ("transpose in the same order", ((_A @ _B).T, _A.T @ _B.T), _B.T @ _A.T),
    (
        "square of a sum",
        ((_A + _B).squared(), _A.squared() + Constant(2) * (_A @ _B) + _B.squared()),
        _A.squared() + _A @ _B + _B @ _A + _B.squared(),
    ),
)


def _why_false(name, result, values, atol):
    """Why the look-alike `name` fails (or holds only here), on these matrices."""
    left, right = result.sides
    if result.verdict in ("undefined", "too large"):
        if result.verdict == "undefined" and left.defined and name == "transpose in the same order":
            return (
                f"{right.reason}, yet {left.label} exists: transposing reverses the order, "
                f"(AB){TRANSPOSE} = B{TRANSPOSE}A{TRANSPOSE}."
            )
        return result.message
    A, B = values["A"], values["B"]
    if result.verdict == "equal":
        return (
            "Both sides agree here, but only because these A and B commute (AB = BA). "
            + (
                f"In general (AB){TRANSPOSE} = B{TRANSPOSE}A{TRANSPOSE}: transposing reverses the order."
                if name == "transpose in the same order"
                else "In general (A + B)² = A² + AB + BA + B²."
            )
            + " Try matrices that do not commute."
        )
    if name == "transpose in the same order":
        if left.value.shape != right.value.shape:
            return (
                f"{left.label} is {format_shape(left.value.shape)} but {right.label} is "
                f"{format_shape(right.value.shape)}. Transposing reverses the order: "
                f"(AB){TRANSPOSE} = B{TRANSPOSE}A{TRANSPOSE}."
            )
        off = ~np.isclose(left.value, right.value, rtol=1e-9, atol=atol)
        where = _positions(off)
        return (
            f"{where[0].upper()}{where[1:]} differ. Transposing reverses the order: "
            f"(AB){TRANSPOSE} = B{TRANSPOSE}A{TRANSPOSE}. And A{TRANSPOSE}B{TRANSPOSE} is (BA)"
            f"{TRANSPOSE}, so it could only match if AB = BA, which fails here."
        )
    off = ~np.isclose(A @ B, B @ A, rtol=1e-9, atol=atol)
    where = "every entry" if off.all() else _positions(off)
    return (
        "(A + B)² = (A + B)(A + B) = A² + AB + BA + B², and AB + BA is 2AB only "
        f"when AB = BA. Here AB and BA differ in {where}."
    )


def check_false_identities(A: ArrayLike, B: ArrayLike) -> tuple[IdentityResult, ...]:
    """Check the look-alikes that are not rules, on particular matrices.

    ``(AB)ᵀ = AᵀBᵀ`` and ``(A + B)² = A² + 2AB + B²`` look like rules and
    are not: each holds exactly when ``AB = BA``.  For the learner's `A` and
    `B`, say whether each fails here and why, and evaluate the true identity
    beside it.

    Parameters
    ----------
    A, B : array_like
        Matrices of any shapes.

    Returns
    -------
    tuple of IdentityResult
        In the order of `FALSE_IDENTITIES`, with ``rule=False`` and the
        `true_side` evaluated.

    Examples
    --------
    >>> A, B = [[1, 2], [0, -1]], [[2, 0], [1, 3]]
    >>> transpose, square = check_false_identities(A, B)
    >>> transpose.statement, transpose.verdict
    ('(AB)ᵀ = AᵀBᵀ', 'different')
    >>> print(square.message)
    (A + B)² = (A + B)(A + B) = A² + AB + BA + B², and AB + BA is 2AB only when AB = BA. Here AB and BA differ in every entry.
    >>> square.true_side.label, square.true_side.value.tolist() == square.sides[0].value.tolist()
    ('A² + AB + BA + B²', True)

    A matrix commutes with itself, so there the look-alikes hold:

    >>> [res.verdict for res in check_false_identities(A, A)]
    ['equal', 'equal']
    """
    values = {"A": as_matrix(A, "A"), "B": as_matrix(B, "B")}
    atol = 1e-9 * _scale(values.values())
    results = []
    for name, sides, true in FALSE_IDENTITIES:
        judged = _judge(name, sides, values, atol)
        evidence = ()
        if judged.verdict in ("equal", "different") and name == "square of a sum":
            evidence = (evaluate_side(_A @ _B, values), evaluate_side(_B @ _A, values))
        results.append(IdentityResult(
            name, judged.statement, judged.sides, judged.verdict,
            _why_false(name, judged, values, atol), rule=False,
            true_side=evaluate_side(true, values), evidence=evidence,
        ))
    return tuple(results)


def _scale(factors):
    """How large rounding errors in products of `factors` can get, up to eps.

    Two orders of the same products round differently; when entries cancel,
    the error is relative to the factors, not to the (small) result.
    """
    scale = 1.0
    for factor in factors:
        scale *= 1.0 + float(np.max(np.abs(factor)))
    return scale


@dataclass(frozen=True)
class OrderComparison:
    """The two products ``XY`` and ``YX`` of a pair of matrices, compared.

    Attributes
    ----------
    forward, backward : Side
        ``XY`` and ``YX``.
    verdict : str
        ``"commute"`` (equal), ``"entries differ"`` (same shape),
        ``"shapes differ"``, ``"too large"`` (a product overflowed),
        ``"one undefined"`` or ``"both undefined"``.
    message : str
        One sentence for the learner.
    """

    forward: Side
    backward: Side
    verdict: str
    message: str


def _positions(mask):
    """The entries where `mask` is True, 1-based, briefly: ``entries (1,2) and (2,1)``."""
    return entries_in_words(np.argwhere(mask).tolist())


def compare_orders(
    X: ArrayLike,
    Y: ArrayLike,
    names: tuple[str, str] = ("A", "B"),
    tol: float = 1e-9,
) -> OrderComparison:
    """Compare ``XY`` with ``YX`` (Warning 1.4.4: order matters).

    Parameters
    ----------
    X, Y : array_like
        Two matrices of any shapes.
    names : tuple of str, optional
        Their names.  Default ``("A", "B")``.
    tol : float, optional
        Relative tolerance for comparing entries, scaled by the sizes of
        `X` and `Y` (rounding differs between the two orders).

    Returns
    -------
    OrderComparison

    Examples
    --------
    The stretch and rotation of Warning 1.4.4:

    >>> S = [[2, 0], [0, 1]]
    >>> R = [[0, -1], [1, 0]]
    >>> result = compare_orders(R, S, names=("R", "S"))
    >>> result.forward.value
    array([[ 0., -1.],
           [ 2.,  0.]])
    >>> result.backward.value
    array([[ 0., -2.],
           [ 1.,  0.]])
    >>> print(result.message)
    RS and SR are both 2×2, but entries (1,2) and (2,1) differ: the order matters.
    >>> print(compare_orders(np.ones((2, 3)), np.ones((3, 2))).message)
    AB is 2×2 but BA is 3×3: products of different shapes cannot be equal.
    """
    x_name, y_name = names
    x, y = Matrix(x_name), Matrix(y_name)
    values = {x_name: as_matrix(X, x_name), y_name: as_matrix(Y, y_name)}
    forward, backward = evaluate_side(x @ y, values), evaluate_side(y @ x, values)
    f, b = forward.label, backward.label
    if not forward.defined and not backward.defined:
        verdict, message = "both undefined", f"Neither {f} nor {b} is defined for these shapes."
    elif not forward.defined or not backward.defined:
        good, bad = (backward, forward) if backward.defined else (forward, backward)
        verdict = "one undefined"
        message = f"{good.label} is {format_shape(good.value.shape)}, but {bad.reason}."
    elif forward.value.shape != backward.value.shape:
        verdict = "shapes differ"
        message = (
            f"{f} is {format_shape(forward.value.shape)} but {b} is "
            f"{format_shape(backward.value.shape)}: products of different shapes cannot be equal."
        )
    elif too_large := _overflow_message((forward, backward)):
        verdict, message = "too large", too_large
    else:
        atol = tol * _scale(values.values())
        off = ~np.isclose(forward.value, backward.value, rtol=tol, atol=atol)
        shape = format_shape(forward.value.shape)
        if off.any():
            verdict = "entries differ"
            message = (
                f"{f} and {b} are both {shape}, but {_positions(off)} differ: "
                "the order matters."
            )
        else:
            verdict = "commute"
            message = (
                f"{f} = {b} here: these two matrices commute, which is the exception, "
                "not the rule."
            )
    return OrderComparison(forward, backward, verdict, message)
