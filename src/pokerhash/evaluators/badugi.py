"""Badugi hands (rules: Other games): four cards, the ace low.

A hand plays its largest subset of cards of all different ranks and all different
suits: a four-card badugi beats every three-card hand, a three-card hand every
two-card hand, and so on. Among hands of the same size, the ranks compare from the
highest down and the lower wins (A-2-3-4 of four suits is the best hand). The cards
that do not play never count.

Values: ``evaluate_badugi`` returns 1..1092, higher is better: 1092 (``BEST_BADUGI``)
is A-2-3-4, 1 is a lone king. ``badugi_size`` says how many cards play.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import List, Tuple

import numpy as np

from .. import _core
from .._batch import card_rows, raise_if_bad_row
from .._checks import as_value
from ..cards import RANKS, HandLike, cards

evaluate_badugi = _core.evaluate_badugi

BEST_BADUGI = 1092
_ACE = 12  # rank index (rules: Cards)
# Played rank sets per size: 13 single cards, C(13,2), C(13,3), C(13,4). Values count
# up through the sizes, so the size of a value is where it falls among these.
_SIZE_FLOORS = (1, 14, 92, 378)


def _low_order(rank: int) -> int:
    """Badugi's rank order: the ace lowest."""
    return -1 if rank == _ACE else rank


def evaluate_badugi_batch(hands, check: bool = True) -> np.ndarray:
    """Badugi values (uint16) of an (n, 4) integer array of hands, evaluated in C
    without the GIL. Every row is validated in the evaluation pass (cards in 0..51, no
    repeats) unless ``check=False``; a bad row raises InvalidCardError naming the row
    and the card."""
    rows = card_rows(hands, (4,), "hands", check)
    values, bad = _core.badugi_rows(rows, check)
    raise_if_bad_row("hands", bad, rows)
    return values


def badugi_size(value: int) -> int:
    """How many cards play in a hand of this value: 4 for a badugi, down to 1."""
    value = as_value(value, 1, BEST_BADUGI, "badugi")
    return sum(value >= floor for floor in _SIZE_FLOORS)


@lru_cache(maxsize=1)
def _ranks_by_value() -> Tuple[Tuple[int, ...], ...]:
    """The played ranks of each value, highest first (rank indices, the ace as 12),
    found by asking the C evaluator about one rainbow hand of every rank set, padded
    with cards that cannot play, so that descriptions cannot disagree with it."""
    table: List[Tuple[int, ...]] = [()] * (BEST_BADUGI + 1)
    for size in range(1, 5):
        for ranks in itertools.combinations(range(13), size):
            # one card of each rank in its own suit, the rest repeats of the first rank
            hand = [r * 4 + i for i, r in enumerate(ranks)] + [ranks[0] * 4 + i for i in range(size, 4)]
            table[evaluate_badugi(hand)] = tuple(sorted(ranks, key=_low_order, reverse=True))
    return tuple(table)


def describe_badugi(value: int) -> str:
    """The played cards from the highest down, the ace last: "4-card badugi, 8-6-3-A",
    "3-card 7-4-2", "1-card K"."""
    ranks = _ranks_by_value()[as_value(value, 1, BEST_BADUGI, "badugi")]
    letters = "-".join(RANKS[r] for r in ranks)
    return f"4-card badugi, {letters}" if len(ranks) == 4 else f"{len(ranks)}-card {letters}"


def best_badugi_cards(hand: HandLike) -> List[int]:
    """The cards that play, highest first (the ace last)."""
    held = cards(hand, count=(4,))
    played = set(_ranks_by_value()[evaluate_badugi(held)])
    for subset in itertools.combinations(held, len(played)):
        if {c >> 2 for c in subset} == played and len({c & 3 for c in subset}) == len(played):
            return sorted(subset, key=lambda c: _low_order(c >> 2), reverse=True)
    raise AssertionError("no cards play the evaluated ranks")  # pragma: no cover
