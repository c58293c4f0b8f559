"""A slow, readable reference of the standard high ranking (rules: Standard hand ranking).

Used only by the tests. Each rule is stated once; speed does not matter.
A hand's rank is a tuple that compares like the hands: (category, tie-breakers...).
"""

from __future__ import annotations

import itertools
from collections import Counter

HIGH_CARD, ONE_PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT_FLUSH = range(1, 10)

ACE = 12


def straight_high(ranks):
    """Top rank of a five-rank straight, or None. The ace also plays low (A-2-3-4-5
    is a five-high straight); there is no wrap-around (K-A-2-3-4 is not a straight)."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    if distinct == [0, 1, 2, 3, ACE]:
        return 3
    return None


def rank_five(hand):
    """(category, tie-breakers) of exactly five cards given as ints rank*4+suit."""
    ranks = [c // 4 for c in hand]
    suits = [c % 4 for c in hand]
    is_flush = len(set(suits)) == 1
    high = straight_high(ranks)
    counts = Counter(ranks)
    # Ranks by how many of them there are, then by rank: the order kickers are compared in.
    by_count = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)

    if is_flush and high is not None:
        return (STRAIGHT_FLUSH, high)
    if shape == [4, 1]:
        return (FOUR_OF_A_KIND, *by_count)
    if shape == [3, 2]:
        return (FULL_HOUSE, *by_count)
    if is_flush:
        return (FLUSH, *sorted(ranks, reverse=True))
    if high is not None:
        return (STRAIGHT, high)
    if shape == [3, 1, 1]:
        return (THREE_OF_A_KIND, *by_count)
    if shape == [2, 2, 1]:
        return (TWO_PAIR, *by_count)
    if shape == [2, 1, 1, 1]:
        return (ONE_PAIR, *by_count)
    return (HIGH_CARD, *by_count)


def rank_best(hand):
    """The best five of five to seven cards: kickers beyond five never count."""
    return max(rank_five(five) for five in itertools.combinations(hand, 5))
