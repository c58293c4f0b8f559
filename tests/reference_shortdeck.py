"""A slow, readable short-deck Hold'em reference (rules: Other games): the tests' oracle.

``rank_five(hand, trips_beat_straight)`` returns a tuple that compares like the hands
(larger is stronger). It shares no code with the table generator
(csrc/gen/shortdeck_tables.py). Cards are ints rank*4+suit of the 36-card deck.
"""

from __future__ import annotations

import itertools
from collections import Counter

ACE, SIX, NINE = 12, 4, 7


def straight_high(ranks):
    """Top rank of a five-rank straight, or None. The ace is high (T-J-Q-K-A) or plays
    low just below the six: A-6-7-8-9 is a straight, nine high, the lowest one."""
    distinct = sorted(set(ranks))
    if len(distinct) != 5:
        return None
    if distinct[-1] - distinct[0] == 4:
        return distinct[-1]
    if distinct == [SIX, SIX + 1, SIX + 2, NINE, ACE]:
        return NINE
    return None


def category_order(trips_beat_straight: bool):
    """The categories, weakest first: flush above full house; three of a kind above a
    straight when trips_beat_straight (the default), below it otherwise."""
    middle = ["straight", "three of a kind"] if trips_beat_straight else ["three of a kind", "straight"]
    return ["high card", "one pair", "two pair", *middle, "full house", "flush", "four of a kind", "straight flush"]


def category_of(hand):
    ranks = [c >> 2 for c in hand]
    suited = len({c & 3 for c in hand}) == 1
    high = straight_high(ranks)
    shape = sorted(Counter(ranks).values(), reverse=True)
    if high is not None:
        return "straight flush" if suited else "straight"
    if shape == [4, 1]:
        return "four of a kind"
    if suited:
        return "flush"
    return {(3, 2): "full house", (3, 1, 1): "three of a kind", (2, 2, 1): "two pair",
            (2, 1, 1, 1): "one pair", (1, 1, 1, 1, 1): "high card"}[tuple(shape)]


def rank_five(hand, trips_beat_straight: bool = True):
    """(category index, tie-breakers) of exactly five cards."""
    ranks = [c >> 2 for c in hand]
    counts = Counter(ranks)
    category = category_of(hand)
    if category in ("straight", "straight flush"):
        breakers = (straight_high(ranks),)
    else:
        # the ranks by group size, then rank: "compare the three, then the pair", kickers from the top
        breakers = tuple(sorted(counts, key=lambda r: (counts[r], r), reverse=True))
    return (category_order(trips_beat_straight).index(category),) + breakers


def rank_best(hand, trips_beat_straight: bool = True):
    """The best five of five to seven cards."""
    return max(rank_five(five, trips_beat_straight) for five in itertools.combinations(hand, 5))
