"""One hand of every five-card rank pattern, for the tables that map values back to
hands (descriptions, categories) by asking the C evaluators, so that they can never
disagree with them."""

from __future__ import annotations

import itertools
from typing import Iterator, Sequence, Tuple


def pattern_hands(ranks: Sequence[int], suited: bool) -> Iterator[Tuple[int, ...]]:
    """Five cards of every multiset of five of ``ranks`` (at most four of a rank), and,
    when ``suited``, the same five ranks all of one suit when they are distinct."""
    for five in itertools.combinations_with_replacement(ranks, 5):
        if any(five.count(r) > 4 for r in five):
            continue
        # Suit = position mod 4: equal ranks sit together, so they get distinct suits,
        # and five positions are never all one suit.
        yield tuple(r * 4 + i % 4 for i, r in enumerate(five))
        if suited and len(set(five)) == 5:
            yield tuple(r * 4 for r in five)
