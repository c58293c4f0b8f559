"""A slow, readable badugi reference (rules: Other games): the tests' oracle.

``badugi_key(hand)`` returns a tuple that compares like the hands (larger is better),
found by trying every subset of the four cards. It shares no code with the table
generator (csrc/gen/badugi_tables.py). Cards are ints rank*4+suit.
"""

from __future__ import annotations

import itertools


def badugi_rank(card: int) -> int:
    """The ace is low: ace 1, two 2, ..., king 13."""
    return 1 if card >> 2 == 12 else (card >> 2) + 2


def playable(cards) -> bool:
    """Cards of all different ranks and all different suits."""
    return len({badugi_rank(c) for c in cards}) == len(cards) == len({c & 3 for c in cards})


def badugi_key(hand):
    """(size of the largest playable subset, its ranks from the highest down, negated):
    a four-card badugi beats every three-card hand, and so on; within one size the
    lower highest card wins, then the next."""
    return max((len(subset), tuple(-r for r in sorted(map(badugi_rank, subset), reverse=True)))
               for size in range(1, 5) for subset in itertools.combinations(hand, size) if playable(subset))
