"""Omaha high hands: exactly two of the 4, 5 or 6 hole cards with exactly three of
the 3, 4 or 5 board cards (rules: Games that pick five cards from more).

Strengths are on the scale of ``pokerhash.evaluate`` (1..7462, higher is stronger).
``evaluate_omaha`` lives in the C binding (``pokerhash._core``) so that a call costs
about one Python call; the first Omaha evaluation in a process builds a 1.5 MB
table in C (a few milliseconds). The eight-or-better low half of Omaha hi/lo is in
``pokerhash.evaluators.low``.
"""

from __future__ import annotations

import itertools
from typing import List, TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .. import _core
from .._batch import hole_and_board_rows, raise_if_bad_row
from ..cards import HandLike, cards
from .high import significance_order

evaluate_omaha = _core.evaluate_omaha

HOLE_COUNTS = (4, 5, 6)
BOARD_COUNTS = (3, 4, 5)


def evaluate_omaha_batch(holes: ArrayLike, boards: ArrayLike, check: bool = True) -> NDArray[np.uint16]:
    """Omaha high strengths (uint16) of (n, 4|5|6) hole and (n, 3|4|5) board arrays.

    Row i of ``holes`` plays with row i of ``boards``. Every row is validated (cards
    in 0..51, no card twice within or across the two rows) unless ``check=False``;
    a bad row raises InvalidCardError naming it, a non-integer dtype CardTypeError,
    a wrong shape or row count InvalidCardError.
    """
    hole_rows, board_rows = hole_and_board_rows(holes, boards, HOLE_COUNTS, BOARD_COUNTS, check)
    values, bad = _core.evaluate_omaha_rows(hole_rows, board_rows, check)
    raise_if_bad_row("holes and boards", bad, hole_rows, board_rows)
    return values


def best_omaha_five(hole: HandLike, board: HandLike) -> List[int]:
    """The two hole and three board cards that make the Omaha high hand, most
    significant first (as ``pokerhash.best_five``). Raises as ``evaluate_omaha``."""
    strength = evaluate_omaha(hole, board)
    held, shared = cards(hole), cards(board)
    for two in itertools.combinations(held, 2):
        for three in itertools.combinations(shared, 3):
            if _core.evaluate(two + three) == strength:
                return significance_order(two + three)
    raise AssertionError("no two-plus-three hand has the evaluated strength")  # pragma: no cover
