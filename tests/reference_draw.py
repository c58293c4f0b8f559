"""A slow, readable reference of five-card draw's auto-draw (rules: The games and their flow).

Used only by the tests. It tries every subset of the hand as the cards to keep, asks of
each subset which step of the order of preference it satisfies, and keeps the subset of
the earliest step (the higher straight first when two straight draws tie).
"""

from __future__ import annotations

import itertools
from collections import Counter

from reference_high import FLUSH, FULL_HOUSE, FOUR_OF_A_KIND, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND, TWO_PAIR, rank_five

ACE, JACK = 12, 9

# The ten straights as rank sets, top rank first; the ace plays low in the five-high one.
WINDOWS = [(top, set(range(top - 4, top + 1))) for top in range(ACE, 3, -1)] + [(3, {ACE, 0, 1, 2, 3})]


def ranks(cards):
    return [c // 4 for c in cards]


def suits(cards):
    return [c % 4 for c in cards]


def best_straight_window(cards):
    """The top of the highest straight whose five ranks include all these ranks, or None."""
    for top, window in WINDOWS:
        if set(ranks(cards)) <= window and len(set(ranks(cards))) == len(cards):
            return top
    return None


def made_part(hand):
    """Step 1: what two pair or better keeps, or None."""
    category = rank_five(hand)[0]
    if category in (STRAIGHT_FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, FLUSH, STRAIGHT):
        return set(hand)
    if category in (THREE_OF_A_KIND, TWO_PAIR):
        count = Counter(ranks(hand))
        return {c for c in hand if count[c // 4] >= 2}
    return None


def step_of(keep, hand):
    """(step, preference) of keeping `keep`, smaller is preferred; None if no step keeps it."""
    n = len(keep)
    one_suit = len(set(suits(keep))) == 1
    is_pair = n == 2 and len(set(ranks(keep))) == 1
    top = best_straight_window(keep) if n == 4 else None
    if n == 4 and one_suit and top is not None:
        return (2, 0)
    if is_pair and keep[0] // 4 >= JACK:
        return (3, 0)
    if n == 4 and one_suit:
        return (4, 0)
    if is_pair:
        return (5, 0)
    consecutive = n == 4 and len(set(ranks(keep))) == 4 and max(ranks(keep)) - min(ranks(keep)) == 3
    if consecutive and ACE not in ranks(keep):
        return (6, 0)
    if top is not None:
        return (7, -top)
    high = [c for c in hand if c // 4 >= JACK]
    if high and sorted(keep) == sorted(high):
        return (8, 0)
    if n == 0:
        return (9, 0)
    return None


def reference_auto_draw(hand):
    """The discards, as a set."""
    made = made_part(hand)
    if made is not None:
        return set(hand) - made
    options = []
    for size in range(6):
        for keep in itertools.combinations(hand, size):
            step = step_of(list(keep), hand)
            if step is not None:
                options.append((step, keep))
    options.sort()
    best_step = options[0][0]
    assert sum(1 for step, _ in options if step == best_step) == 1, (hand, options[:3])
    return set(hand) - set(options[0][1])
