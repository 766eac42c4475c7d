"""Each lab's starting numbers, written once: the labs, the gallery's pictures and the tests read them here.

A lab builds its composites from these arrays, and computes from them what
its checks need (the answer, the usual slips, the numbers a prompt shows),
so a change here reaches the notebook, its picture in the gallery
(``tools/thumbnails.py``) and the tests together.  Every array is
read-only: a lab that changed one in place would change it for every
reader.  Plain numbers only: no formatting, no widgets.

Examples
--------
>>> LAB1.A @ LAB1.B
array([[ 6, 19],
       [ 9, -3]])
>>> LAB8_OUTPUT.values[1], LAB8_OUTPUT.weights @ LAB8_OUTPUT.values
(array([2, 0]), array([2., 2.]))
"""

from __future__ import annotations

from dataclasses import dataclass, fields

import numpy as np
from numpy.typing import ArrayLike

__all__ = [
    "fixed", "Product", "Properties",
    "LAB1", "LAB2", "LAB3", "LAB4", "LAB5", "LAB6", "LAB7", "LAB8", "LAB8_OUTPUT", "LAB9", "LAB10", "LAB10_DENSE_W",
]


def fixed(rows: ArrayLike) -> np.ndarray:
    """`rows` as a new read-only array (its dtype as numpy infers it: integers stay integers).

    >>> fixed([[1, 2]]).flags.writeable
    False
    """
    array = np.array(rows)
    array.setflags(write=False)
    return array


@dataclass(frozen=True)
class _Arrays:
    """A frozen record whose array fields (annotated ``np.ndarray``) are made read-only arrays on the way in."""

    def __post_init__(self) -> None:
        for each in fields(self):
            if each.type == "np.ndarray":
                object.__setattr__(self, each.name, fixed(getattr(self, each.name)))


@dataclass(frozen=True)
class Product(_Arrays):
    """Two factors of a product ``AB`` (labs 1 and 2)."""

    A: np.ndarray
    B: np.ndarray


@dataclass(frozen=True)
class Properties(_Arrays):
    """Lab 3: the identity explorer's ``A``, ``B``, ``C``, and the quarter turn ``R`` and stretch ``S``."""

    A: np.ndarray
    B: np.ndarray
    C: np.ndarray
    R: np.ndarray
    S: np.ndarray


@dataclass(frozen=True)
class _MapPair(_Arrays):
    """Two maps of the plane composed both ways: the quarter turn ``R`` and the stretch ``S`` (lab 4)."""

    R: np.ndarray
    S: np.ndarray


@dataclass(frozen=True)
class _MapGalleryStart:
    """Lab 5's gallery as it opens: a map of `widgets.core.maps_gallery.GALLERY` and a shape, by name."""

    map_name: str
    shape: str


@dataclass(frozen=True)
class _DenseStart(_Arrays):
    """Lab 6's layer ``x ↦ W x + b`` and its input ``x`` (``b`` and ``x`` as columns)."""

    W: np.ndarray
    b: np.ndarray
    x: np.ndarray


@dataclass(frozen=True)
class _AttentionStart(_Arrays):
    """An attention explorer's tokens (rows of ``X``), weight matrices and words (labs 7 to 10)."""

    X: np.ndarray
    W_Q: np.ndarray
    W_K: np.ndarray
    W_V: np.ndarray
    tokens: tuple[str, ...]

    @property
    def inputs(self) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """``(X, W_Q, W_K, W_V)``, in the order `AttentionExplorer` and `attention` take them."""
        return self.X, self.W_Q, self.W_K, self.W_V


@dataclass(frozen=True)
class _OutputActivity(_Arrays):
    """Lab 8's one output by hand: row `row` (0-based) of ``A_att`` and the value vectors.

    `sliders` is where the explorer's weight sliders of that row start: other
    numbers than the activity's, so the explorer does not show the answer.
    """

    weights: np.ndarray
    values: np.ndarray
    row: int
    sliders: tuple[float, ...]


LAB1 = Product(A=[[1, -3, 5], [3, 1, 4]], B=[[5, 1], [-2, -6], [-1, 0]])
LAB2 = Product(A=[[-3, -4, 1], [2, 4, 0], [1, -4, -5]], B=[[-1, 2, -4], [-4, -3, -1], [4, 3, 1]])
LAB3 = Properties(A=[[1, 2], [0, -1]], B=[[2, 0], [1, 3]], C=[[0, 1], [1, 1]],
                  R=[[0.0, -1.0], [1.0, 0.0]], S=[[2.0, 0.0], [0.0, 1.0]])
LAB4 = _MapPair(R=LAB3.R, S=LAB3.S)
LAB5 = _MapGalleryStart(map_name="stretch", shape="house")
LAB6 = _DenseStart(W=[[1, -1], [0.5, 1]], b=[[0.5], [-1]], x=[[0.5], [0.25]])
LAB7 = _AttentionStart(
    X=[[1, 0, -1, 1], [0, 1, 1, 0], [1, 1, 0, -1], [-1, 0, 1, 1], [0, -1, 1, 0]],
    W_Q=[[1, 0, 0.5], [0, 1, -0.5], [0.5, 0, 1], [0, -1, 0]],
    W_K=[[0.5, 1, 0], [1, 0, 0], [0, 0.5, 1], [-0.5, 0, 0.5]],
    W_V=[[1, 0, 0], [0, 1, 0], [0, 0, 1], [0.5, 0.5, 0.5]],
    tokens=("the", "cat", "sat", "on", "mats"),
)
#: ``W_V`` keeps the first two features of each token: the value vectors are Activity 1.4.6's.
LAB8 = _AttentionStart(
    X=[[1, 0, 1], [2, 0, 0], [0, 4, 1], [4, 4, 0]],
    W_Q=[[0, 0.5], [0.25, 0], [1, 0]],
    W_K=[[0.5, 0], [0, -0.25], [0, 1]],
    W_V=[[1, 0], [0, 1], [0, 0]],
    tokens=("the", "cat", "sat", "down"),
)
LAB8_OUTPUT = _OutputActivity(weights=[0, 1 / 2, 1 / 4, 1 / 4], values=LAB8.X @ LAB8.W_V, row=1,
                             sliders=(0, 1 / 4, 1 / 4, 1 / 2))
#: Lab 9 goes on with lab 8's tokens (it starts unscaled: an option of its explorer, not a number).
LAB9 = LAB8
LAB10 = _AttentionStart(X=[[1, 0], [0, 1], [1, 1]], W_Q=[[1, 0], [0, 1]], W_K=[[1, 0.5], [-0.5, 1]],
                       W_V=[[1, 0], [0, 1]], tokens=("I", "like", "tea"))
#: The weights of the dense layer lab 10 sets beside attention: fixed, whatever the tokens.
LAB10_DENSE_W = fixed([[1.0, -1.0], [0.5, 2.0]])
