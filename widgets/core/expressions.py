"""Matrix expressions that say why they are undefined.

An expression is a small tree over named matrices (`Matrix`, `Scalar`,
`Constant`, ``+``, ``@``, ``*``, ``.T`` and `Expression.squared`).
Evaluating one for concrete matrices says *which* sub-expression is
undefined and *why*, in words a learner can act on: ``A + B is undefined:
A is 2×3 and B is 3×2, and only matrices of the same shape can be added``.
`evaluate_side` turns that into a `Side`: a value, or the reason there is
none.  The identities of `widgets.core.identities` are pairs of such
expressions.

Labels are written the way the syllabus writes them (``A(BC)``, ``(AB)C``,
``A(rB)``, ``(AB)ᵀ``, ``BᵀAᵀ``).  Numpy only: no widgets here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from .shapes import ShapeError, as_matrix, check_product_shapes, format_shape

__all__ = [
    "TRANSPOSE",
    "UndefinedError",
    "Expression",
    "Matrix",
    "Scalar",
    "Constant",
    "Side",
    "evaluate_side",
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

    def __init__(self, label: str, message: str) -> None:
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

    def __add__(self, other: Expression) -> Expression:
        return _Sum(self, other)

    def __matmul__(self, other: Expression) -> Expression:
        return _Product(self, other)

    def squared(self) -> Expression:
        """This expression times itself, written ``X²`` (only a square matrix has one)."""
        return _Square(self)

    @property
    def T(self) -> Expression:
        """The transpose of this expression."""
        return _Transpose(self)

    def evaluate(self, values: Mapping[str, ArrayLike]) -> np.ndarray:
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

    def __repr__(self) -> str:
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

    def __init__(self, name: str) -> None:
        self.label = name

    def evaluate(self, values: Mapping[str, ArrayLike]) -> np.ndarray:
        return as_matrix(values[self.label], name=self.label)


class Scalar:
    """A named number; ``Scalar("r") * X`` is a scalar multiple.

    Examples
    --------
    >>> r, B = Scalar("r"), Matrix("B")
    >>> (r * B).evaluate({"r": 2, "B": [[1, 2]]})
    array([[2., 4.]])
    """

    def __init__(self, name: str) -> None:
        self.label = name

    def __mul__(self, expression: Expression) -> Expression:
        return _Scaled(self, expression)

    def evaluate(self, values: Mapping[str, ArrayLike]) -> float:
        return float(values[self.label])

    def __repr__(self) -> str:
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

    def __init__(self, value: float) -> None:
        self.value = float(value)
        self.label = f"{self.value:g}"

    def evaluate(self, values: Mapping[str, ArrayLike]) -> float:
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
    def defined(self) -> bool:
        """Whether the side has a value."""
        return self.value is not None



def evaluate_side(expression: Expression, values: Mapping[str, ArrayLike]) -> Side:
    """Evaluate `expression`, or say why it is undefined for these values.

    Parameters
    ----------
    expression : Expression
        One side of an identity, or any product to show.
    values : mapping
        Matrix name to array_like, scalar name to number.

    Returns
    -------
    Side
        Its value; or None and a reason that names `expression` and, when
        a part of it fails, that part.  A value too large for floats
        overflows to infinity without a warning: the caller judges it.

    Examples
    --------
    >>> A, B, C = Matrix("A"), Matrix("B"), Matrix("C")
    >>> values = {"A": np.ones((2, 3)), "B": np.ones((3, 2)), "C": np.ones((2, 2))}
    >>> evaluate_side(A @ B, values).value.shape
    (2, 2)
    >>> print(evaluate_side((A + B) @ C, values).reason)
    (A + B)C is undefined because A + B is undefined: A is 2×3 and B is 3×2, and only matrices of the same shape can be added
    """
    try:
        with np.errstate(over="ignore", invalid="ignore"):
            return Side(expression.label, expression.evaluate(values))
    except UndefinedError as error:
        reason = str(error)
        if error.label != expression.label:
            reason = f"{expression.label} is undefined because {reason}"
        return Side(expression.label, None, reason)
