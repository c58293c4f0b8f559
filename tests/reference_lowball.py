"""Slow, readable references of the lowball rankings (rules: Other games): the tests' oracle.

Each returns a tuple that compares like the hands, **larger is a worse low**: the
standard ranking's tuple with the ace where the game plays it. The lowest tuple is the
best low. They share no code with the table generator (csrc/gen/lowball_tables.py).
Cards are ints rank*4+suit (rules: Cards).
"""

from __future__ import annotations

import itertools
from collections import Counter

SHAPE_ORDER = {(1, 1, 1, 1, 1): 0, (2, 1, 1, 1): 1, (2, 2, 1): 2, (3, 1, 1): 3, (3, 2): 6, (4, 1): 7}
STRAIGHT, FLUSH, STRAIGHT_FLUSH = 4, 5, 8  # between the shapes: the standard order (rules: Standard hand ranking)


def grouped(ranks):
    """The ranks by group size, then rank, from the top: "compare the pair first, then the kickers"."""
    counts = Counter(ranks)
    return tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))


def a5_badness(hand):
    """A-5 low of five cards: the ace is one (rank 1, two = 2, ..., king = 13);
    straights and flushes do not exist; pairs and more count against the hand."""
    ranks = [1 if c >> 2 == 12 else (c >> 2) + 2 for c in hand]
    shape = tuple(sorted(Counter(ranks).values(), reverse=True))
    return (SHAPE_ORDER[shape],) + grouped(ranks)


def a5_best(hand):
    """The best (lowest) A-5 low among the five-card subsets of 5 to 7 cards."""
    return min(a5_badness(five) for five in itertools.combinations(hand, 5))


def deuce7_badness(hand):
    """2-7 low of five cards: the standard ranking with the ace high only (no wheel:
    A-2-3-4-5 is ace high), straights and flushes counting."""
    ranks = [(c >> 2) + 2 for c in hand]  # two = 2 .. ace = 14
    suited = len({c & 3 for c in hand}) == 1
    shape = tuple(sorted(Counter(ranks).values(), reverse=True))
    straight = len(set(ranks)) == 5 and max(ranks) - min(ranks) == 4
    if straight:
        return (STRAIGHT_FLUSH if suited else STRAIGHT, max(ranks))
    if suited:
        return (FLUSH,) + grouped(ranks)
    return (SHAPE_ORDER[shape],) + grouped(ranks)
