"""A gallery of 2×2 maps of the plane, each built from a few parameters.

Every entry of `GALLERY` is a `MapSpec`: a title, the parameters a learner
can move (`Param`: range, step, default) and the function that builds the
matrix.  `gallery_matrix` builds one by name.  `bend_rule` is the odd one
out: a rule of the plane that is *not* a matrix map, for the grid view of
Note 1.4.6.  Numpy only.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "Param",
    "MapSpec",
    "GALLERY",
    "shear",
    "rotation",
    "stretch",
    "reflection",
    "projection",
    "gallery_matrix",
    "bend_rule",
]


def _clean(matrix):
    """Round away floating dust (``6e-17`` from ``cos(90°)``) and ``-0``."""
    return np.round(np.asarray(matrix, dtype=float), 12) + 0.0


def _finite(name, value):
    value = float(value)
    if not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value}")
    return value


def shear(k: float = 1.0, direction: str = "horizontal") -> np.ndarray:
    """The shear that slides points parallel to an axis.

    Parameters
    ----------
    k : float, optional
        How far a point at height (or abscissa) 1 moves.  Default 1.
    direction : {"horizontal", "vertical"}, optional
        Horizontal: ``(x, y) ↦ (x + k y, y)``.  Vertical:
        ``(x, y) ↦ (x, y + k x)``.

    Examples
    --------
    The matrix of Activity 1.4.4:

    >>> shear()
    array([[1., 1.],
           [0., 1.]])
    >>> shear(0.5, "vertical")
    array([[1. , 0. ],
           [0.5, 1. ]])
    """
    k = _finite("k", k)
    if direction == "horizontal":
        return np.array([[1.0, k], [0.0, 1.0]])
    if direction == "vertical":
        return np.array([[1.0, 0.0], [k, 1.0]])
    raise ValueError(f"direction must be 'horizontal' or 'vertical', got {direction!r}")


def rotation(degrees: float = 90.0) -> np.ndarray:
    """The rotation about the origin by `degrees`, anticlockwise.

    Examples
    --------
    >>> rotation(90)
    array([[ 0., -1.],
           [ 1.,  0.]])
    """
    t = math.radians(_finite("degrees", degrees))
    c, s = math.cos(t), math.sin(t)
    return _clean([[c, -s], [s, c]])


def stretch(sx: float = 2.0, sy: float = 1.0) -> np.ndarray:
    """Scale x by `sx` and y by `sy`.

    Examples
    --------
    The stretch ``S`` of Warning 1.4.4:

    >>> stretch(2, 1)
    array([[2., 0.],
           [0., 1.]])
    """
    return np.array([[_finite("sx", sx), 0.0], [0.0, _finite("sy", sy)]])


def reflection(degrees: float = 0.0) -> np.ndarray:
    """The mirror image in the line through the origin at angle `degrees`.

    Examples
    --------
    In the x-axis, and in the diagonal ``y = x``:

    >>> reflection(0)
    array([[ 1.,  0.],
           [ 0., -1.]])
    >>> reflection(45)
    array([[0., 1.],
           [1., 0.]])
    """
    t = 2 * math.radians(_finite("degrees", degrees))
    c, s = math.cos(t), math.sin(t)
    return _clean([[c, s], [s, -c]])


def projection(degrees: float = 0.0) -> np.ndarray:
    """The orthogonal projection onto the line through the origin at `degrees`.

    Examples
    --------
    >>> projection(0)
    array([[1., 0.],
           [0., 0.]])
    >>> projection(45)
    array([[0.5, 0.5],
           [0.5, 0.5]])
    """
    t = math.radians(_finite("degrees", degrees))
    c, s = math.cos(t), math.sin(t)
    return _clean([[c * c, c * s], [c * s, s * s]])


@dataclass(frozen=True)
class Param:
    """A parameter of a gallery map, with the range a slider offers.

    Attributes
    ----------
    name : str
        The keyword the builder takes (``"k"``).
    label : str
        What a slider shows (``"k"``, ``"θ (degrees)"``).
    min, max, step, default : float
        The slider's range, step and starting value.
    """

    name: str
    label: str
    min: float
    max: float
    step: float
    default: float


@dataclass(frozen=True)
class MapSpec:
    """One map of the gallery.

    Attributes
    ----------
    title : str
        Its name (``"horizontal shear"``).
    rule : str
        What it does to a point, in words and symbols.
    params : tuple of Param
        Its parameters.
    build : callable
        Keyword arguments (one per parameter) to the 2×2 matrix.
    """

    title: str
    rule: str
    params: tuple
    build: object

    def matrix(self, **values: float) -> np.ndarray:
        """The matrix for these parameter values (defaults for the rest).

        Examples
        --------
        >>> GALLERY["stretch"].matrix(sx=3)
        array([[3., 0.],
               [0., 1.]])
        """
        unknown = set(values) - {p.name for p in self.params}
        if unknown:
            raise ValueError(f"{self.title} has no parameter {sorted(unknown)[0]!r}")
        arguments = {p.name: values.get(p.name, p.default) for p in self.params}
        return _clean(self.build(**arguments))  # a shear by k = -0.0 wrote -0 in its corner


#: The maps of the gallery by name, in the order a menu lists them.
GALLERY = {
    "horizontal shear": MapSpec(
        "horizontal shear",
        "(x, y) ↦ (x + k y, y): each point slides sideways by k times its height",
        (Param("k", "k", -2.0, 2.0, 0.1, 1.0),),
        lambda k: shear(k, "horizontal"),
    ),
    "vertical shear": MapSpec(
        "vertical shear",
        "(x, y) ↦ (x, y + k x): each point slides up by k times its x",
        (Param("k", "k", -2.0, 2.0, 0.1, 1.0),),
        lambda k: shear(k, "vertical"),
    ),
    "rotation": MapSpec(
        "rotation",
        "turns the plane about the origin by θ, anticlockwise",
        (Param("degrees", "θ (degrees)", -180.0, 180.0, 15.0, 90.0),),
        rotation,
    ),
    "stretch": MapSpec(
        "stretch",
        "(x, y) ↦ (sx·x, sy·y): scales each axis on its own",
        (
            Param("sx", "sx", -3.0, 3.0, 0.1, 2.0),
            Param("sy", "sy", -3.0, 3.0, 0.1, 1.0),
        ),
        stretch,
    ),
    "reflection": MapSpec(
        "reflection",
        "mirrors the plane in the line through the origin at angle θ",
        (Param("degrees", "line at θ (degrees)", -90.0, 90.0, 15.0, 0.0),),
        reflection,
    ),
    "projection": MapSpec(
        "projection",
        "drops every point straight onto the line through the origin at angle θ",
        (Param("degrees", "line at θ (degrees)", -90.0, 90.0, 15.0, 0.0),),
        projection,
    ),
}


def gallery_matrix(name: str, **values: float) -> np.ndarray:
    """Build the matrix of the gallery map `name`.

    Parameters
    ----------
    name : str
        A key of `GALLERY`.
    **values : float
        Parameter values; missing ones take their defaults.

    Raises
    ------
    ValueError
        For an unknown map or parameter, or a non-finite value.

    Examples
    --------
    >>> gallery_matrix("horizontal shear")
    array([[1., 1.],
           [0., 1.]])
    >>> gallery_matrix("rotation", degrees=180)
    array([[-1.,  0.],
           [ 0., -1.]])
    >>> gallery_matrix("twist")
    Traceback (most recent call last):
        ...
    ValueError: no map called 'twist' in the gallery; choose one of: horizontal shear, vertical shear, rotation, stretch, reflection, projection
    """
    try:
        spec = GALLERY[name]
    except KeyError:
        raise ValueError(
            f"no map called {name!r} in the gallery; choose one of: {', '.join(GALLERY)}"
        ) from None
    return spec.matrix(**values)


def bend_rule(c: float = 0.3) -> Callable[[ArrayLike], np.ndarray]:
    """The rule ``(x, y) ↦ (x, y + c x²)``, which is not a matrix map.

    It keeps every x coordinate and fixes the origin, but it bends
    horizontal lines into parabolas; a matrix map keeps lines straight.

    Parameters
    ----------
    c : float, optional
        How strongly it bends.  Default 0.3.

    Returns
    -------
    callable
        Takes a ``2×N`` array of points (as columns) and returns their
        images, as `VertexPlot`'s ``rule`` expects.

    Examples
    --------
    The corners of the unit square, then the midpoint of its bottom edge:

    >>> bend = bend_rule(0.3)
    >>> bend(np.array([[0, 1, 1, 0], [0, 0, 1, 1]]))
    array([[0. , 1. , 1. , 0. ],
           [0. , 0.3, 1.3, 1. ]])
    >>> bend(np.array([[0.5], [0.0]]))
    array([[0.5  ],
           [0.075]])

    The straight segment from the first corner to the second would pass
    through ``(0.5, 0.15)``: the real image dips below it.
    """
    c = _finite("c", c)

    def bend(points: ArrayLike) -> np.ndarray:
        points = np.asarray(points, dtype=float)
        return np.stack([points[0], points[1] + c * points[0] ** 2])

    return bend
