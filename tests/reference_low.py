"""A slow, readable statement of the eight-or-better lows (rules: Low hands), for the tests.

Nothing here is shared with the C tables or their generator: it works on cards and
rank tuples, the way a dealer reads a low.
"""

from __future__ import annotations

import itertools
from typing import Iterable, Optional, Sequence, Tuple

ACE = 12  # rank index of the ace (2..A are 0..12; rules: Cards)

Low = Tuple[int, ...]  # the five ranks, ace = 1, highest first: (8, 6, 4, 3, 1)


def low_rank(card: int) -> int:
    """The rank a card has in a low: the ace counts as one, a deuce as two, ..."""
    rank = card >> 2
    return 1 if rank == ACE else rank + 2


def five_card_low(five: Sequence[int]) -> Optional[Low]:
    """The low of exactly five cards: five different ranks, all 8 or lower; else None."""
    ranks = sorted((low_rank(c) for c in five), reverse=True)
    if len(set(ranks)) == 5 and ranks[0] <= 8:
        return tuple(ranks)
    return None


def better(a: Low, b: Low) -> bool:
    """True if low a beats low b: compare from the highest card down, the lower
    card at the first difference wins."""
    return a < b  # tuples, highest card first: lexicographic order is exactly that


def best(lows: Iterable[Optional[Low]]) -> Optional[Low]:
    found = [low for low in lows if low is not None]
    return min(found) if found else None


def best_low(hand: Sequence[int]) -> Optional[Low]:
    """Any five of the hand (stud hi/lo, hold'em hi/lo)."""
    return best(five_card_low(five) for five in itertools.combinations(hand, 5))


def best_omaha_low(hole: Sequence[int], board: Sequence[int]) -> Optional[Low]:
    """Exactly two hole cards and three board cards (Omaha hi/lo)."""
    return best(five_card_low(two + three)
                for two in itertools.combinations(hole, 2)
                for three in itertools.combinations(board, 3))


# Every possible low, worst first: value i + 1 is the i-th, 0 is no low.
ALL_LOWS = sorted((tuple(sorted(r, reverse=True)) for r in itertools.combinations(range(1, 9), 5)), reverse=True)


def value(low: Optional[Low]) -> int:
    """pokerhash's low value of a low: 0 for none, 1 (8-7-6-5-4) .. 56 (5-4-3-2-A)."""
    return 0 if low is None else ALL_LOWS.index(low) + 1
