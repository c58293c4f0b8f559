"""A slow, readable Turkish poker evaluator (rules: Turkish poker): the tests' reference.

``turkish_key(hand, lowest_rank)`` returns a tuple; comparing two tuples compares the
hands (larger is stronger). It works on one hand at a time, card by card, and shares
no code with the generator of the C tables (csrc/gen/turkish_tables.py).
Ranks are indices 0..12 (2..A); ``lowest_rank`` is the index of the deck's lowest rank.
"""

from __future__ import annotations

from collections import Counter

ACE = 12

# The rules' Turkish poker, strongest last (so a larger number is a stronger category).
CATEGORIES = (
    "high card",
    "one pair",
    "two pair",
    "minor straight",
    "straight",
    "major straight",
    "three of a kind",
    "full house",
    "flush",
    "four of a kind",
    "minor flush",
    "straight flush",
    "royal flush",
)

# Turkish poker: hearts > spades > diamonds > clubs (suit index 0..3 = c, d, h, s).
SUIT_STRENGTH = {0: 0, 1: 1, 3: 2, 2: 3}


def straight_order(ranks: list[int], lowest_rank: int):
    """The ranks of a straight from the top of the sequence down, or None.

    Turkish poker: five ranks in sequence; the ace is the highest card and also plays just below
    the deck's lowest rank (A-7-8-9-T with sevens lowest), then it comes last.
    """
    distinct = sorted(set(ranks), reverse=True)
    if len(distinct) < 5:
        return None
    if distinct[0] - distinct[-1] == 4:
        return distinct
    if distinct == [ACE, lowest_rank + 3, lowest_rank + 2, lowest_rank + 1, lowest_rank]:
        return distinct[1:] + [ACE]
    return None


def category_and_ranks(hand: list[int], lowest_rank: int) -> tuple[str, list[int]]:
    """The Turkish poker category and the ranks compared within it, most significant first."""
    ranks = [card >> 2 for card in hand]
    suited = len({card & 3 for card in hand}) == 1
    sequence = straight_order(ranks, lowest_rank)
    counts = Counter(ranks)
    # Ranks by group size, then rank: "compare the three, then the pair", kickers from the top.
    by_group = sorted(counts, key=lambda r: (counts[r], r), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    if sequence and suited:
        if sequence[0] == ACE:
            return "royal flush", []  # compared by suit alone
        if sequence[-1] == ACE:
            return "minor flush", [sequence[0]]
        return "straight flush", [sequence[0]]
    if shape == [4, 1]:
        return "four of a kind", by_group
    if suited:
        return "flush", by_group
    if shape == [3, 2]:
        return "full house", by_group
    if shape == [3, 1, 1]:
        return "three of a kind", by_group
    if sequence:
        if sequence[0] == ACE:
            return "major straight", [ACE]
        if sequence[-1] == ACE:
            return "minor straight", [sequence[0]]
        return "straight", [sequence[0]]
    if shape == [2, 2, 1]:
        return "two pair", by_group
    if shape == [2, 1, 1, 1]:
        return "one pair", by_group
    return "high card", by_group


def suit_order(hand: list[int], lowest_rank: int) -> list[int]:
    """Suit strengths of the cards in the order in which they break ties.

    Turkish poker: first the highest card that is not part of a pair, three or four of a kind (a
    straight: the top card of the sequence, the minor straight's ace counting low; a
    flush: its suit, which every card has). The package's extension, where the rules leave
    a tie: then the other single cards from the highest (down the sequence in a
    straight), then the groups (larger first, then higher rank), each group's suits
    from the strongest.
    """
    ranks = [card >> 2 for card in hand]
    counts = Counter(ranks)
    sequence = straight_order(ranks, lowest_rank)
    singles = sequence if sequence else sorted((r for r in counts if counts[r] == 1), reverse=True)
    groups = sorted((r for r in counts if counts[r] > 1), key=lambda r: (counts[r], r), reverse=True)
    order = []
    for rank in singles + groups:
        order += sorted((SUIT_STRENGTH[card & 3] for card in hand if card >> 2 == rank), reverse=True)
    return order


def turkish_key(hand: list[int], lowest_rank: int) -> tuple:
    """Sort key of a five-card hand: category, then ranks, then suits (larger is stronger)."""
    category, ranks = category_and_ranks(hand, lowest_rank)
    return (CATEGORIES.index(category), tuple(ranks), tuple(suit_order(hand, lowest_rank)))
