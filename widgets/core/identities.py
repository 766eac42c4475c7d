"""The properties of the matrix product, evaluated with shape reasoning.

Theorem 1.4.3 lists five identities; Warning 1.4.4 adds that ``AB`` and
``BA`` usually differ.  Here both sides of each identity are small
expression trees over named matrices (`Matrix`, `Scalar`, ``+``, ``@``,
``*`` and ``.T``), so that evaluating them for concrete matrices can say
*which* sub-expression is undefined and *why*, in words a learner can act
on: ``A + B is undefined: A is 2×3 and B is 3×2, and only matrices of the
same shape can be added``.

Labels are written the way the syllabus writes them (``A(BC)``, ``(AB)C``,
``A(rB)``, ``(AB)ᵀ``, ``BᵀAᵀ``).

Beside the true identities stand two look-alikes that are *not* rules,
``(AB)ᵀ = AᵀBᵀ`` and ``(A + B)² = A² + 2AB + B²`` (`FALSE_IDENTITIES`):
`check_false_identities` says, on the learner's own matrices, whether each
fails and why, and shows the true identity it is confused with.
Numpy only: no widgets here.
"""

from dataclasses import dataclass

import numpy as np

from .shapes import ShapeError, as_matrix, check_product_shapes, format_shape

__all__ = [
    "UndefinedError",
    "Expression",
    "Matrix",
    "Scalar",
    "Constant",
    "Side",
    "IdentityResult",
    "OrderComparison",
    "PRODUCT_IDENTITIES",
    "FALSE_IDENTITIES",
    "check_identities",
    "check_false_identities",
    "compare_orders",
]

#: The transpose mark used in plain-text labels (U+1D40).
TRANSPOSE = "ᵀ"


class UndefinedError(ShapeError):
    """An expression is undefined for the shapes of its matrices.

    Attributes
    ----------
    label : str
        The label of the sub-expression that failed (``"A + B"``).

    Examples
    --------
    >>> A, B = Matrix("A"), Matrix("B")
    >>> try:
    ...     (A + B).evaluate({"A": np.ones((2, 3)), "B": np.ones((3, 2))})
    ... except UndefinedError as error:
    ...     print(error.label)
    A + B
    """

    def __init__(self, label, message):
        super().__init__(message)
        self.label = label


class Expression:
    """A matrix expression over named matrices and scalars.

    Build expressions from `Matrix` and `Scalar` leaves with ``+`` (sum),
    ``@`` (product), ``r * X`` (scalar multiple) and ``.T`` (transpose);
    `evaluate` computes one for given values.

    Attributes
    ----------
    label : str
        How the syllabus writes the expression, e.g. ``"(A + B)C"``.

    Examples
    --------
    >>> A, B, C = Matrix("A"), Matrix("B"), Matrix("C")
    >>> [e.label for e in (A @ (B @ C), (A + B) @ C, (A @ B).T, B.T @ A.T)]
    ['A(BC)', '(A + B)C', '(AB)ᵀ', 'BᵀAᵀ']
    """

    #: Whether the label needs parentheses when it is a factor of a product.
    compound = False
    label = ""

    def __add__(self, other):
        return _Sum(self, other)

    def __matmul__(self, other):
        return _Product(self, other)

    def squared(self):
        """This expression times itself, written ``X²`` (only a square matrix has one)."""
        return _Square(self)

    @property
    def T(self):
        """The transpose of this expression."""
        return _Transpose(self)

    def evaluate(self, values):
        """Compute the expression.

        Parameters
        ----------
        values : mapping
            Matrix name to array_like, scalar name to number.

        Returns
        -------
        numpy.ndarray
            A 2-D float array.

        Raises
        ------
        UndefinedError
            If a sum or product does not fit; the message names the
            sub-expression and the shapes that clash.
        KeyError
            If a name has no value.
        """
        raise NotImplementedError

    def __repr__(self):
        return f"<{type(self).__name__} {self.label}>"


def _factor(expression):
    """The label of `expression` as a factor of a product or scalar multiple."""
    return f"({expression.label})" if expression.compound else expression.label


class Matrix(Expression):
    """A named matrix, a leaf of an `Expression`.

    Examples
    --------
    >>> Matrix("A").evaluate({"A": [[1, 2]]})
    array([[1., 2.]])
    """

    def __init__(self, name):
        self.label = name

    def evaluate(self, values):
        return as_matrix(values[self.label], name=self.label)


class Scalar:
    """A named number; ``Scalar("r") * X`` is a scalar multiple.

    Examples
    --------
    >>> r, B = Scalar("r"), Matrix("B")
    >>> (r * B).evaluate({"r": 2, "B": [[1, 2]]})
    array([[2., 4.]])
    """

    def __init__(self, name):
        self.label = name

    def __mul__(self, expression):
        return _Scaled(self, expression)

    def evaluate(self, values):
        return float(values[self.label])

    def __repr__(self):
        return f"<Scalar {self.label}>"


class Constant(Scalar):
    """A fixed number, written as itself: ``Constant(2) * X`` reads ``2X``.

    Examples
    --------
    >>> A, B = Matrix("A"), Matrix("B")
    >>> twice = Constant(2) * (A @ B)
    >>> twice.label, twice.evaluate({"A": [[1, 2]], "B": [[3], [4]]})
    ('2AB', array([[22.]]))
    """

    def __init__(self, value):
        self.value = float(value)
        self.label = f"{self.value:g}"

    def evaluate(self, values):
        return self.value


class _Sum(Expression):
    compound = True

    def __init__(self, left, right):
        self.left, self.right = left, right
        self.label = f"{left.label} + {right.label}"

    def evaluate(self, values):
        x, y = self.left.evaluate(values), self.right.evaluate(values)
        if x.shape != y.shape:
            raise UndefinedError(
                self.label,
                f"{self.label} is undefined: {self.left.label} is {format_shape(x.shape)} "
                f"and {self.right.label} is {format_shape(y.shape)}, and only matrices "
                "of the same shape can be added",
            )
        return x + y


class _Product(Expression):
    compound = True

    def __init__(self, left, right):
        self.left, self.right = left, right
        self.label = _factor(left) + _factor(right)

    def evaluate(self, values):
        x, y = self.left.evaluate(values), self.right.evaluate(values)
        try:
            check_product_shapes(x.shape, y.shape, names=(self.left.label, self.right.label))
        except ShapeError as error:
            raise UndefinedError(self.label, f"{self.label} is undefined: {error}") from None
        return x @ y


class _Scaled(Expression):
    compound = True

    def __init__(self, scalar, expression):
        self.scalar, self.expression = scalar, expression
        # "2AB", as numbers are written; a named scalar keeps the brackets, "r(AB)".
        bare = isinstance(scalar, Constant) and isinstance(expression, _Product)
        self.label = scalar.label + (expression.label if bare else _factor(expression))

    def evaluate(self, values):
        return self.scalar.evaluate(values) * self.expression.evaluate(values)


class _Square(Expression):
    def __init__(self, base):
        self.base = base
        self.label = _factor(base) + "²"

    def evaluate(self, values):
        x = self.base.evaluate(values)
        if x.shape[0] != x.shape[1]:
            raise UndefinedError(
                self.label,
                f"{self.label} is undefined: {self.base.label} is {format_shape(x.shape)}, "
                "and only a square matrix can be multiplied by itself",
            )
        return x @ x


class _Transpose(Expression):
    def __init__(self, expression):
        self.expression = expression
        inner = expression.label if isinstance(expression, Matrix) else f"({expression.label})"
        self.label = inner + TRANSPOSE

    def evaluate(self, values):
        return self.expression.evaluate(values).T


@dataclass(frozen=True)
class Side:
    """One side of an identity, evaluated.

    Attributes
    ----------
    label : str
        The expression as the syllabus writes it.
    value : numpy.ndarray or None
        Its value, or None when it is undefined.
    reason : str
        Why it is undefined; ``""`` when it is defined.
    """

    label: str
    value: object
    reason: str = ""

    @property
    def defined(self):
        """Whether the side has a value."""
        return self.value is not None


def _side(expression, values):
    try:
        with np.errstate(over="ignore", invalid="ignore"):  # judged by _overflow_message
            return Side(expression.label, expression.evaluate(values))
    except UndefinedError as error:
        reason = str(error)
        if error.label != expression.label:
            reason = f"{expression.label} is undefined because {reason}"
        return Side(expression.label, None, reason)


def _overflow_message(sides):
    """Why defined `sides` cannot be compared, or "" if every entry is a finite number.

    Entries near the largest float overflow to infinity in a product (and
    ``inf - inf`` is not a number), which says nothing about the identity.
    """
    too_large = [s.label for s in sides if s.defined and not np.isfinite(s.value).all()]
    if not too_large:
        return ""
    names = too_large[0] if len(too_large) == 1 else f"{', '.join(too_large[:-1])} and {too_large[-1]}"
    return (
        f"{names} {'has' if len(too_large) == 1 else 'have'} entries too large for the "
        "computer's numbers, so the sides cannot be compared: try smaller entries."
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
    sides = tuple(_side(e, values) for e in expressions)
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


def check_identities(A, B, C, r=2.0):
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


def check_false_identities(A, B):
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
            evidence = (_side(_A @ _B, values), _side(_B @ _A, values))
        results.append(IdentityResult(
            name, judged.statement, judged.sides, judged.verdict,
            _why_false(name, judged, values, atol), rule=False, true_side=_side(true, values),
            evidence=evidence,
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
    names = [f"({i + 1},{j + 1})" for i, j in np.argwhere(mask).tolist()]
    if len(names) == 1:
        return f"entry {names[0]}"
    if len(names) <= 4:
        return f"entries {', '.join(names[:-1])} and {names[-1]}"
    return f"{len(names)} entries"


def compare_orders(X, Y, names=("A", "B"), tol=1e-9):
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
    forward, backward = _side(x @ y, values), _side(y @ x, values)
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
