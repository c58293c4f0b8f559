"""Hold'em starting-hand ranges: one weight per two-card combo.

Every range API in pokerhash shares one layout: a float64 array of 1,326 weights, one
per unordered pair of distinct cards, at ``combo_index(c1, c2)``. For cards ``hi > lo``
(card ints of RULES.md §1, 2c = 0 ... As = 51) the index is ``hi * (hi - 1) // 2 + lo``:
the combos are listed by their higher card, so all combos whose cards are below ``n``
come first (``n * (n - 1) // 2`` of them), and a C kernel can compute the index without a
table.
"""

from __future__ import annotations

import numbers
from typing import Tuple

import numpy as np

from .cards import CardLike, card
from .errors import CardTypeError, InvalidCardError

N_COMBOS = 1326


def _build_combos() -> np.ndarray:
    combos = np.empty((N_COMBOS, 2), dtype=np.uint8)
    for hi in range(1, 52):
        start = hi * (hi - 1) // 2
        combos[start:start + hi, 0] = hi
        combos[start:start + hi, 1] = np.arange(hi)
    combos.setflags(write=False)
    return combos


def _build_combo_index() -> np.ndarray:
    table = np.full((52, 52), -1, dtype=np.int16)
    for i, (hi, lo) in enumerate(_build_combos()):
        table[hi, lo] = table[lo, hi] = i
    table.setflags(write=False)
    return table


#: ``COMBOS[i]`` is ``(hi, lo)``, the two cards of combo ``i``, higher card first.
COMBOS: np.ndarray = _build_combos()

#: ``COMBO_INDEX[c1, c2]`` is ``combo_index(c1, c2)`` for a NumPy lookup over many
#: pairs at once; -1 where ``c1 == c2``.
COMBO_INDEX: np.ndarray = _build_combo_index()


def combo_index(c1: CardLike, c2: CardLike) -> int:
    """The index 0..1325 of the combo of two distinct cards, in either order."""
    a, b = card(c1), card(c2)
    if a == b:
        raise InvalidCardError(f"a combo needs two distinct cards, got {c1!r} twice")
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


def combo_cards(index: int) -> Tuple[int, int]:
    """The two cards ``(hi, lo)`` of combo ``index``, higher card first."""
    if isinstance(index, bool) or not isinstance(index, numbers.Integral):
        raise CardTypeError(f"a combo index is an int 0..{N_COMBOS - 1}, not {index!r}")
    if not 0 <= index < N_COMBOS:
        raise InvalidCardError(f"combo index {index} is outside 0..{N_COMBOS - 1}")
    hi, lo = COMBOS[index]
    return int(hi), int(lo)


class Range:
    """A weighted set of Hold'em two-card combos.

    ``weights`` is a float64 array of shape (1326,), indexed by :func:`combo_index`;
    a weight is the fraction of the combo in the range, 0..1.
    """

    __slots__ = ("weights",)

    def __init__(self, weights: np.ndarray = None):
        if weights is None:
            weights = np.zeros(N_COMBOS)
        self.weights = np.array(weights, dtype=np.float64)
