"""A slow, readable reference of stud's and razz's acting order (seven-card stud,
razz; rules: The games and their flow; Other games), as comparisons of two seats: used only by the tests."""

from __future__ import annotations

from collections import Counter

ACE = 12
SUIT_ORDER = "cdhs"  # clubs lowest ... spades highest, for both the bring-in and showing ties


def rank(card, ace_low=False):
    r = card // 4
    if ace_low:
        return 0 if r == ACE else r + 1
    return r


def suit(card):
    return card % 4


def stud_brings_in_before(a, b):
    """True when up-card a is the lower (it brings in rather than b): ace high, then clubs lowest."""
    if rank(a) != rank(b):
        return rank(a) < rank(b)
    return suit(a) < suit(b)


def razz_brings_in_before(a, b):
    """True when up-card a is the higher (it brings in): ace low, then spades highest."""
    if rank(a, True) != rank(b, True):
        return rank(a, True) > rank(b, True)
    return suit(a) > suit(b)


def shape(cards, ace_low=False):
    """How strong the paired part is: 4 quads, 3 trips, 2 two pair, 1 pair, 0 nothing."""
    counts = sorted(Counter(rank(c, ace_low) for c in cards).values(), reverse=True)
    if counts[0] == 4:
        return 4
    if counts[0] == 3:
        return 3
    if counts[0] == 2 and len(counts) > 1 and counts[1] == 2:
        return 2
    if counts[0] == 2:
        return 1
    return 0


def in_significance_order(cards, ace_low=False):
    """Paired ranks before single ones (the bigger group first), higher ranks first,
    and the higher suit first between cards of one rank."""
    count = Counter(rank(c, ace_low) for c in cards)
    return sorted(cards, key=lambda c: (-count[rank(c, ace_low)], -rank(c, ace_low), -suit(c)))


def compare_stud(a, b):
    """+1 if showing cards a act before b, -1 if after (stud never ties: suits decide)."""
    if shape(a) != shape(b):
        return 1 if shape(a) > shape(b) else -1
    for x, y in zip(in_significance_order(a), in_significance_order(b)):
        if rank(x) != rank(y):
            return 1 if rank(x) > rank(y) else -1
    for x, y in zip(in_significance_order(a), in_significance_order(b)):
        if suit(x) != suit(y):
            return 1 if suit(x) > suit(y) else -1
    return 0


def compare_razz(a, b):
    """+1 if a is the better (lower) showing low, -1 if worse, 0 if equal."""
    if shape(a, True) != shape(b, True):
        return 1 if shape(a, True) < shape(b, True) else -1
    for x, y in zip(in_significance_order(a, True), in_significance_order(b, True)):
        if rank(x, True) != rank(y, True):
            return 1 if rank(x, True) < rank(y, True) else -1
    return 0
