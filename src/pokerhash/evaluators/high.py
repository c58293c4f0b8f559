"""Standard high hands (rules: Standard hand ranking): categories, descriptions, batch evaluation.

``evaluate`` itself lives in the C binding (``pokerhash._core``) so that a call
costs about one Python call. Strengths are 1..7462, higher is stronger; the
classic Cactus Kev rank (1 = royal flush) is ``7463 - strength``.
"""

from __future__ import annotations

import enum
import itertools
from functools import lru_cache
from typing import Dict, List, TYPE_CHECKING, Tuple

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .. import _core
from .._batch import card_rows, raise_if_bad_row
from .._checks import as_value, is_int
from ..cards import HandLike, RANKS, cards
from ..errors import InvalidValueError

evaluate = _core.evaluate

MAX_STRENGTH = 7462


class HandCategory(enum.IntEnum):
    """The nine categories (rules: Standard hand ranking), weakest first."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    THREE_OF_A_KIND = 4
    STRAIGHT = 5
    FLUSH = 6
    FULL_HOUSE = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


# Number of distinct five-card values per category, weakest first; their running
# sums are the category boundaries on the 1..7462 scale.
_CLASS_COUNTS = (1277, 2860, 858, 858, 10, 1277, 156, 156, 10)
_CATEGORY_FLOORS = tuple(1 + sum(_CLASS_COUNTS[:i]) for i in range(9))


def _check_strength(strength: int) -> int:
    return as_value(strength, 1, MAX_STRENGTH, "high-hand strength")


def category(strength: int) -> HandCategory:
    """The category of a strength: ``category(7462) is HandCategory.STRAIGHT_FLUSH``."""
    strength = _check_strength(strength)
    index = sum(strength >= floor for floor in _CATEGORY_FLOORS)
    return HandCategory(index)


def evaluate_batch(hands: ArrayLike, check: bool = True) -> NDArray[np.uint16]:
    """Strengths (uint16) of an (n, 5|6|7) integer array of hands, evaluated in C.

    Every row is validated (cards in 0..51, no repeats) unless ``check=False``,
    for callers that guarantee valid input; a bad row raises InvalidCardError
    naming the row. uint8 C-contiguous input is used as is; other integer dtypes
    are converted once.
    """
    rows = card_rows(hands, (5, 6, 7), "hands", check)
    values, bad = _core.evaluate_rows(rows, check)
    raise_if_bad_row("hands", bad, rows)
    return values


def best_five(hand: HandLike) -> List[int]:
    """The five cards that make the high hand, most significant first
    (``"Kh Kd Ks 4c 4h"`` for kings full of fours)."""
    held = cards(hand, count=(5, 6, 7))
    best = max(itertools.combinations(held, 5), key=evaluate)
    return significance_order(best)


def significance_order(five) -> List[int]:
    """Cards ordered by rank count, then rank (a wheel's ace last), then suit."""
    ranks = [c >> 2 for c in five]
    counts = {r: ranks.count(r) for r in ranks}
    wheel = sorted(set(ranks)) == [0, 1, 2, 3, 12]
    return sorted(five, key=lambda c: (counts[c >> 2], -1 if wheel and c >> 2 == 12 else c >> 2, c & 3), reverse=True)


def to_cactus_kev(strength: int) -> int:
    """Cactus Kev rank (1 = royal flush, 7462 = 7-5-4-3-2), as treys and phevaluator return."""
    return MAX_STRENGTH + 1 - _check_strength(strength)


def from_cactus_kev(rank: int) -> int:
    """pokerhash strength of a Cactus Kev rank (1 = best)."""
    return MAX_STRENGTH + 1 - as_value(rank, 1, MAX_STRENGTH, "Cactus Kev rank")


def category_counts(n: int) -> Dict[HandCategory, int]:
    """How many of all n-card hands (n = 5, 6, 7) fall in each category, counted in C
    by enumerating every hand (133,784,560 for seven cards; where no flush is
    possible, the last card's suits share one lookup)."""
    if not is_int(n) or n not in (5, 6, 7):
        raise InvalidValueError(f"category_counts takes 5, 6 or 7 cards, not {n!r}")
    histogram = _core.value_histogram(n)
    bounds = _CATEGORY_FLOORS + (MAX_STRENGTH + 1,)
    return {HandCategory(i + 1): int(histogram[bounds[i]:bounds[i + 1]].sum()) for i in range(9)}


@lru_cache(maxsize=1)
def _ranks_by_strength() -> Tuple[Tuple[int, ...], ...]:
    """For each strength, the five ranks of its hands in significance order.

    Built once, on first use, by asking the C evaluator about one hand of every
    rank pattern, so descriptions can never disagree with the evaluator.
    """
    table: List[Tuple[int, ...]] = [()] * (MAX_STRENGTH + 1)
    for ranks in itertools.combinations_with_replacement(range(13), 5):
        if any(ranks.count(r) > 4 for r in ranks):
            continue
        # Suit = position mod 4: equal ranks sit next to each other in a sorted
        # tuple, so they get distinct suits, and five positions are never one suit.
        hands = [[r * 4 + i % 4 for i, r in enumerate(ranks)]]
        if len(set(ranks)) == 5:
            hands.append([r * 4 for r in ranks])  # the same ranks suited
        for hand in hands:
            table[evaluate(hand)] = tuple(c >> 2 for c in significance_order(hand))
    return tuple(table)


RANK_NAMES = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")
RANK_PLURALS = tuple("sixes" if n == "six" else n + "s" for n in RANK_NAMES)


def _letters(ranks) -> str:
    return "-".join(RANKS[r] for r in ranks)


def describe(strength: int) -> str:
    """English description: "Full house, kings full of fours", "Royal flush",
    "Straight, ace high (Broadway)", "Straight, five high (wheel)",
    "Two pair, aces and eights, king kicker"."""
    kind = category(strength)
    r = _ranks_by_strength()[strength]
    if kind is HandCategory.STRAIGHT_FLUSH:
        if r[0] == 12:
            return "Royal flush"
        return f"Straight flush, {RANK_NAMES[r[0]]} high" + (" (steel wheel)" if r[0] == 3 else "")
    if kind is HandCategory.FOUR_OF_A_KIND:
        return f"Four of a kind, {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[4]]} kicker"
    if kind is HandCategory.FULL_HOUSE:
        return f"Full house, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[3]]}"
    if kind is HandCategory.FLUSH:
        return f"Flush, {_letters(r)}"
    if kind is HandCategory.STRAIGHT:
        return f"Straight, {RANK_NAMES[r[0]]} high" + {12: " (Broadway)", 3: " (wheel)"}.get(r[0], "")
    if kind is HandCategory.THREE_OF_A_KIND:
        return f"Three of a kind, {RANK_PLURALS[r[0]]}, {_letters(r[3:])} kickers"
    if kind is HandCategory.TWO_PAIR:
        return f"Two pair, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[2]]}, {RANK_NAMES[r[4]]} kicker"
    if kind is HandCategory.ONE_PAIR:
        return f"Pair of {RANK_PLURALS[r[0]]}, {_letters(r[2:])} kickers"
    return f"High card, {_letters(r)}"
