"""Lowball hands (rules: Other games): A-5 low (razz) and 2-7 low (deuce-to-seven).

Both rank hands as the standard ranking does and let the **lower** hand win; their
values follow the package's convention all the same: higher is a better low.

A-5 low (``evaluate_a5_low``): the best five of 5, 6 or 7 cards; the ace counts as
one, straights and flushes are ignored, pairs count: any hand without a pair beats
any pair, one pair beats two pair, and so on up to four of a kind; within a category
the lower pair (trips, quads) wins, then the lower kickers from the highest down
(7-5-4-2-A beats 7-6-3-2-A). No qualifier. Values 1..6175, 6175 (``BEST_A5_LOW``) is
5-4-3-2-A.

2-7 low (``evaluate_deuce7``): exactly five cards, the standard ranking reversed with
the ace high only (A-2-3-4-5 is ace high, not a straight), straights and flushes
counting against the hand. Values 1..7462, 7462 (``BEST_DEUCE7``) is 7-5-4-3-2 of at
least two suits, 1 is a royal flush.

The categories are the standard ones (``HandCategory``), read the other way round:
``HandCategory.HIGH_CARD`` is the best category of a low.
"""

from __future__ import annotations

import itertools
from collections import Counter
from functools import lru_cache
from typing import Dict, List, Sequence, TYPE_CHECKING, Tuple

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .. import _core
from .._batch import card_rows, raise_if_bad_row
from ._patterns import pattern_hands
from .._checks import as_value
from ..cards import RANKS, HandLike, cards
from .high import HandCategory

evaluate_a5_low = _core.evaluate_a5_low
evaluate_deuce7 = _core.evaluate_deuce7

BEST_A5_LOW = 6175
BEST_DEUCE7 = 7462

_ACE = 12  # rank index (rules: Cards)
_PLURALS = ("deuces", "threes", "fours", "fives", "sixes", "sevens", "eights", "nines", "tens", "jacks", "queens",
            "kings", "aces")
_SHAPES = {(1, 1, 1, 1, 1): HandCategory.HIGH_CARD, (2, 1, 1, 1): HandCategory.ONE_PAIR,
           (2, 2, 1): HandCategory.TWO_PAIR, (3, 1, 1): HandCategory.THREE_OF_A_KIND,
           (3, 2): HandCategory.FULL_HOUSE, (4, 1): HandCategory.FOUR_OF_A_KIND}


def evaluate_a5_low_batch(hands: ArrayLike, check: bool = True) -> NDArray[np.uint16]:
    """A-5 low values (uint16) of an (n, 5|6|7) integer array of hands, any five
    playing, evaluated in C without the GIL. Every row is validated in the evaluation
    pass (cards in 0..51, no repeats) unless ``check=False``; a bad row raises
    InvalidCardError naming the row and the card."""
    rows = card_rows(hands, (5, 6, 7), "hands", check)
    values, bad = _core.a5_low_rows(rows, check)
    raise_if_bad_row("hands", bad, rows)
    return values


def evaluate_deuce7_batch(hands: ArrayLike, check: bool = True) -> NDArray[np.uint16]:
    """2-7 low values (uint16) of an (n, 5) integer array of hands, validated as
    ``evaluate_a5_low_batch`` unless ``check=False``."""
    rows = card_rows(hands, (5,), "hands", check)
    values, bad = _core.deuce7_rows(rows, check)
    raise_if_bad_row("hands", bad, rows)
    return values


def _a5_rank(card: int) -> int:
    """A-5 low's rank order: ace 0, two 1, ..., king 12."""
    return 0 if card >> 2 == _ACE else (card >> 2) + 1


def _significance_order(five: Sequence[int], rank) -> List[int]:
    """Cards by group size, then rank (as the game orders ranks), highest first."""
    counts = Counter(rank(c) for c in five)
    return sorted(five, key=lambda c: (counts[rank(c)], rank(c), c & 3), reverse=True)


def _category(five: Sequence[int], straights_and_flushes: bool) -> HandCategory:
    ranks = [c >> 2 for c in five]
    kind = _SHAPES[tuple(sorted(Counter(ranks).values(), reverse=True))]
    if not straights_and_flushes or kind is not HandCategory.HIGH_CARD:
        return kind
    straight = max(ranks) - min(ranks) == 4  # ace high only: A-2-3-4-5 spans 12
    suited = len({c & 3 for c in five}) == 1
    if straight:
        return HandCategory.STRAIGHT_FLUSH if suited else HandCategory.STRAIGHT
    return HandCategory.FLUSH if suited else kind


@lru_cache(maxsize=2)
def _hands_by_value(game: str) -> Dict[int, Tuple[int, ...]]:
    """One five-card hand of each value of ``game`` ("a5" or "deuce7"), found by asking
    the C evaluator about every rank pattern (plain, and suited for 2-7), so that
    descriptions cannot disagree with it."""
    evaluate = evaluate_a5_low if game == "a5" else evaluate_deuce7
    return {evaluate(list(five)): five for five in pattern_hands(range(13), suited=game == "deuce7")}


def a5_low_category(value: int) -> HandCategory:
    """The category of an A-5 low value (HIGH_CARD, the best, down to FOUR_OF_A_KIND)."""
    return _category(_hands_by_value("a5")[as_value(value, 1, BEST_A5_LOW, "A-5 low")], False)


def deuce7_category(value: int) -> HandCategory:
    """The category of a 2-7 low value (HIGH_CARD, the best, down to STRAIGHT_FLUSH)."""
    return _category(_hands_by_value("deuce7")[as_value(value, 1, BEST_DEUCE7, "2-7 low")], True)


def _describe(kind: HandCategory, ranks: Sequence[int], letter) -> str:
    """Words for a low of category ``kind`` whose ranks are in significance order."""
    letters = "-".join(letter(r) for r in ranks)
    if kind is HandCategory.HIGH_CARD:
        return letters
    kickers = lambda n: "-".join(letter(r) for r in ranks[n:])  # noqa: E731
    if kind is HandCategory.ONE_PAIR:
        return f"pair of {_PLURALS[ranks[0]]}, {kickers(2)}"
    if kind is HandCategory.TWO_PAIR:
        return f"two pair, {_PLURALS[ranks[0]]} and {_PLURALS[ranks[2]]}, {kickers(4)}"
    if kind is HandCategory.THREE_OF_A_KIND:
        return f"three of a kind, {_PLURALS[ranks[0]]}, {kickers(3)}"
    if kind is HandCategory.FULL_HOUSE:
        return f"full house, {_PLURALS[ranks[0]]} full of {_PLURALS[ranks[3]]}"
    if kind is HandCategory.FOUR_OF_A_KIND:
        return f"four of a kind, {_PLURALS[ranks[0]]}, {kickers(4)}"
    return f"{kind.name.lower().replace('_', ' ')}, {letters}"  # straight, flush, straight flush


def describe_a5_low(value: int) -> str:
    """The low in words, highest card first and the ace last: "7-5-4-2-A",
    "pair of threes, 7-5-A", "two pair, fours and threes, 7"."""
    kind = a5_low_category(value)
    five = _significance_order(_hands_by_value("a5")[int(value)], _a5_rank)
    return _describe(kind, [c >> 2 for c in five], lambda r: RANKS[r])


def describe_deuce7(value: int) -> str:
    """The 2-7 low in words: "7-5-4-3-2", "8-6-5-4-3", "pair of deuces, 8-7-5",
    "straight, 8-7-6-5-4", "flush, K-8-6-4-3"."""
    kind = deuce7_category(value)
    five = _significance_order(_hands_by_value("deuce7")[int(value)], lambda c: c >> 2)
    return _describe(kind, [c >> 2 for c in five], lambda r: RANKS[r])


def best_a5_low_five(hand: HandLike) -> List[int]:
    """The five cards of the best A-5 low within 5, 6 or 7 cards, in significance
    order (pairs first, then from the highest card down, the ace last)."""
    held = cards(hand, count=(5, 6, 7))
    best = max(itertools.combinations(held, 5), key=lambda five: evaluate_a5_low(list(five)))
    return _significance_order(best, _a5_rank)
