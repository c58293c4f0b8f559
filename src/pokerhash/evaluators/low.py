"""Eight-or-better low hands (rules: Low hands), for hold'em/stud hi/lo and Omaha hi/lo.

A low is five cards of five different ranks, all 8 or lower, the ace counting as
one; straights and flushes do not matter. Values: 0 (``NO_LOW``) means no
qualifying low, otherwise 1..56, higher is better: 56 (``BEST_LOW``) is
A-2-3-4-5, 1 is 8-7-6-5-4. Two lows compare from their highest card down, so
7-5-4-2-A beats 8-4-3-2-A.

``evaluate_low8`` takes any five of 5, 6 or 7 cards (stud hi/lo, hold'em hi/lo);
``evaluate_omaha_low8`` exactly two of 4, 5 or 6 hole cards with three of 3, 4 or 5
board cards. Both live in the C binding; batch versions take NumPy arrays.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Optional, TYPE_CHECKING, Tuple

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .. import _core
from .._checks import as_value
from .._batch import card_rows, hole_and_board_rows, raise_if_bad_row
from ..cards import RANKS, HandLike, cards
from .omaha import BOARD_COUNTS, HOLE_COUNTS

evaluate_low8 = _core.evaluate_low8
evaluate_omaha_low8 = _core.evaluate_omaha_low8

NO_LOW = 0
BEST_LOW = 56

_ACE = 12  # rank index of the ace (rules: Cards)


def evaluate_low8_batch(hands: ArrayLike, check: bool = True) -> NDArray[np.uint8]:
    """Low values (uint8, 0 = no low) of an (n, 5|6|7) integer array of hands, any
    five cards playing. Validated as ``pokerhash.evaluate_batch`` unless ``check=False``."""
    rows = card_rows(hands, (5, 6, 7), "hands", check)
    values, bad = _core.evaluate_low8_rows(rows, check)
    raise_if_bad_row("hands", bad, rows)
    return values


def evaluate_omaha_low8_batch(holes: ArrayLike, boards: ArrayLike, check: bool = True) -> NDArray[np.uint8]:
    """Omaha low values (uint8, 0 = no low) of (n, 4|5|6) hole and (n, 3|4|5) board
    arrays, validated as ``pokerhash.evaluate_omaha_batch`` unless ``check=False``."""
    hole_rows, board_rows = hole_and_board_rows(holes, boards, HOLE_COUNTS, BOARD_COUNTS, check)
    values, bad = _core.evaluate_omaha_low8_rows(hole_rows, board_rows, check)
    raise_if_bad_row("holes and boards", bad, hole_rows, board_rows)
    return values


def _low_rank(card: int) -> int:
    """1 for an ace, 2..8 for the low cards, 9..13 for the others."""
    rank = card >> 2
    return 1 if rank == _ACE else rank + 2


@lru_cache(maxsize=1)
def _lows_by_value() -> Tuple[Tuple[int, ...], ...]:
    """For each value 1..56 its five low ranks (1 = ace), highest first. Built on
    first use by asking the C evaluator, so descriptions cannot disagree with it."""
    table: List[Tuple[int, ...]] = [()] * (BEST_LOW + 1)
    for ranks in itertools.combinations(range(1, 9), 5):
        # Suits by position: never five of one suit, not that it matters for a low.
        hand = [(_ACE if r == 1 else r - 2) * 4 + i % 4 for i, r in enumerate(ranks)]
        table[evaluate_low8(hand)] = tuple(sorted(ranks, reverse=True))
    return tuple(table)


def _check_low(value: int) -> int:
    return as_value(value, NO_LOW, BEST_LOW, "low")


def describe_low(value: int) -> str:
    """The low's cards from the highest down, "8-6-4-3-A", or "no low" for 0."""
    value = _check_low(value)
    if value == NO_LOW:
        return "no low"
    return "-".join("A" if r == 1 else RANKS[r - 2] for r in _lows_by_value()[value])


def best_low_five(hand: HandLike, board: Optional[HandLike] = None) -> Optional[List[int]]:
    """The five cards of the best low, highest low card first (the ace last), or None
    when there is no low.

    Without ``board``: any five of the 5, 6 or 7 cards of ``hand`` (stud, hold'em).
    With ``board``: Omaha, ``hand`` being the 4, 5 or 6 hole cards, of which exactly
    two play with three of the 3, 4 or 5 board cards. Raises as the evaluators do.
    """
    if board is None:
        value = evaluate_low8(hand)
        candidates = itertools.combinations(cards(hand), 5)
    else:
        value = evaluate_omaha_low8(hand, board)
        shared = cards(board)
        candidates = (two + three for two in itertools.combinations(cards(hand), 2)
                      for three in itertools.combinations(shared, 3))
    if value == NO_LOW:
        return None
    for five in candidates:
        if evaluate_low8(list(five)) == value:
            return sorted(five, key=_low_rank, reverse=True)
    raise AssertionError("no five cards have the evaluated low")  # pragma: no cover
