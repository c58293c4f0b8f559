"""Short-deck (6+) Hold'em hands (rules: Other games): the 36-card deck, sixes to aces.

Ranking, strongest first: straight flush, four of a kind, **flush, full house**,
**three of a kind, straight**, two pair, one pair, high card (the Triton order, the
most played today); ``trips_beat_straight=False`` puts the straight above three of a
kind (the older rooms' order, and pokerkit's). The ace plays high, and low in
A-6-7-8-9, the lowest straight. Equal hands split.

Values are 1..1404 in both orders, higher is stronger (1404 = royal flush); the two
orders number the classes from the bottom and differ only in the three-of-a-kind and
straight classes. Compare values of one order only. ``evaluate_shortdeck`` takes the
best five of 5, 6 or 7 cards; a card outside the deck (a two to a five) is an error
naming it.
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
from .._batch import card_rows
from ._patterns import pattern_hands
from .._checks import as_flag, as_value
from ..cards import HandLike, cards
from ..errors import InvalidCardError
from .high import significance_order, describe

evaluate_shortdeck = _core.evaluate_shortdeck

MAX_SHORTDECK_VALUE = 1404
SHORT_DECK: Tuple[int, ...] = tuple(range(16, 52))  # 6c .. As
_SIX, _NINE, _ACE = 4, 7, 12  # rank indices


class ShortDeckCategory(enum.IntEnum):
    """The nine categories in the default (Triton) order, weakest first. With
    ``trips_beat_straight=False`` STRAIGHT ranks above THREE_OF_A_KIND instead."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    STRAIGHT = 4
    THREE_OF_A_KIND = 5
    FULL_HOUSE = 6
    FLUSH = 7
    FOUR_OF_A_KIND = 8
    STRAIGHT_FLUSH = 9


C = ShortDeckCategory
# Distinct five-card values per category, over nine ranks: high card and flush
# C(9,5) - 6 (the six straights: five windows and A-6-7-8-9), one pair 9 * C(8,3),
# two pair C(9,2) * 7, three of a kind 9 * C(8,2), full house and quads 9 * 8.
_CLASS_COUNTS = {C.HIGH_CARD: 120, C.ONE_PAIR: 504, C.TWO_PAIR: 252, C.STRAIGHT: 6, C.THREE_OF_A_KIND: 252,
                 C.FULL_HOUSE: 72, C.FLUSH: 120, C.FOUR_OF_A_KIND: 72, C.STRAIGHT_FLUSH: 6}


def _categories_weakest_first(trips_beat_straight: bool) -> List[ShortDeckCategory]:
    order = list(ShortDeckCategory)
    if not trips_beat_straight:
        order[3], order[4] = order[4], order[3]
    return order


@lru_cache(maxsize=2)
def _category_floors(trips_beat_straight: bool) -> Tuple[Tuple[int, ShortDeckCategory], ...]:
    """(lowest value, category) of each category, weakest first."""
    floors, value = [], 1
    for kind in _categories_weakest_first(trips_beat_straight):
        floors.append((value, kind))
        value += _CLASS_COUNTS[kind]
    return tuple(floors)


def _check_order(trips_beat_straight) -> bool:
    return as_flag(trips_beat_straight, "trips_beat_straight")


def shortdeck_category(value: int, trips_beat_straight: bool = True) -> ShortDeckCategory:
    """The category of a value of ``evaluate_shortdeck`` made with the same order."""
    value = as_value(value, 1, MAX_SHORTDECK_VALUE, "short-deck")
    return [kind for floor, kind in _category_floors(_check_order(trips_beat_straight)) if value >= floor][-1]


def evaluate_shortdeck_batch(hands: ArrayLike, trips_beat_straight: bool = True, check: bool = True) -> NDArray[np.uint16]:
    """Values (uint16) of an (n, 5|6|7) integer array of short-deck hands, evaluated in
    C without the GIL.

    Every row is validated (cards of the 36-card deck, no repeats) in the evaluation
    pass unless ``check=False``, for callers that guarantee valid input; a bad row
    raises InvalidCardError naming the row and the card.
    """
    rows = card_rows(hands, (5, 6, 7), "hands", check)
    values, bad = _core.shortdeck_rows(rows, trips_beat_straight, check)
    if bad >= 0:
        try:  # the per-call path names the bad card
            evaluate_shortdeck([int(c) for c in rows[bad]])
        except InvalidCardError as error:
            raise InvalidCardError(f"row {bad} of hands: {error}") from None
        raise InvalidCardError(f"row {bad} of hands is invalid")  # pragma: no cover - C and parser disagree
    return values


def _is_ace_low_straight(five) -> bool:
    return sorted({c >> 2 for c in five}) == [_SIX, _SIX + 1, _SIX + 2, _NINE, _ACE]


def best_shortdeck_five(hand: HandLike, trips_beat_straight: bool = True) -> List[int]:
    """The five cards that make the short-deck hand, most significant first (in
    A-6-7-8-9 the ace comes last)."""
    held = cards(hand, count=(5, 6, 7))
    best = max(itertools.combinations(held, 5), key=lambda five: evaluate_shortdeck(list(five), trips_beat_straight))
    ordered = significance_order(best)
    if _is_ace_low_straight(best):
        ordered = ordered[1:] + ordered[:1]  # the ace plays low
    return ordered


@lru_cache(maxsize=2)
def _hands_by_value(trips_beat_straight: bool) -> Dict[int, Tuple[int, ...]]:
    """One five-card hand of each value, found by asking the C evaluator about every
    rank pattern of the deck (plain and suited), so descriptions cannot disagree with it."""
    return {evaluate_shortdeck(list(five), trips_beat_straight): five
            for five in pattern_hands(range(_SIX, _ACE + 1), suited=True)}


def describe_shortdeck(value: int, trips_beat_straight: bool = True) -> str:
    """English description, worded as the standard ranking's (``pokerhash.describe``):
    "Flush, A-K-9-8-6", "Full house, kings full of sixes", "Straight, nine high (ace
    low)" for A-6-7-8-9."""
    kind = shortdeck_category(value, trips_beat_straight)
    five = _hands_by_value(_check_order(trips_beat_straight))[int(value)]
    if _is_ace_low_straight(five):
        return f"{'Straight flush' if kind is C.STRAIGHT_FLUSH else 'Straight'}, nine high (ace low)"
    # Every other short-deck hand is the same hand, in the same words, in the standard ranking.
    return describe(_core.evaluate(list(five)))
