"""Who acts first in stud and razz: the bring-in, and the best showing hand.

the rules (rules: The games and their flow, seven-card stud; Other games, razz):

- Stud: the lowest up-card brings in, the ace high, equal ranks broken by suit, clubs
  lowest, then diamonds, hearts, spades. From 4th street the best showing hand acts
  first: four of a kind, three of a kind, two pair, one pair, high cards (straights and
  flushes do not count on the board); equal ranks are broken by suit, spades highest,
  comparing the showing cards in order of significance.
- Razz: the highest up-card brings in, the ace low, equal ranks broken by suit (the higher
  suit, spades highest, brings in). From 4th street the best (lowest) showing low acts
  first, the ace low and pairs bad; equal lows stay equal, and the engine takes the first
  of them clockwise from the button.
"""

from __future__ import annotations

from typing import Mapping, Sequence, Tuple

from .._core import showing_key  # noqa: F401 - showing_rank's order as one int, in C: the engine's
from ..cards import card as _card
from ..cards import cards as _parse_cards
from ..errors import InvalidCardError


def _low_rank(card: int) -> int:
    """The rank with the ace low: A = 0, 2 = 1, ..., K = 12."""
    return ((card >> 2) + 1) % 13


def bring_in_seat(up_cards: Mapping[int, int], razz: bool = False) -> int:
    """The seat that brings in on 3rd street, from each seat's up-card.

    Stud: the lowest up-card, the ace high, ties broken by suit (clubs lowest). Razz
    (``razz=True``): the highest up-card, the ace low, ties broken by suit (spades
    highest). Because the suits break every tie, exactly one seat brings in.

    >>> from pokerhash.engine.showing import bring_in_seat
    >>> bring_in_seat({1: 8, 4: 9, 7: 50})   # 4c, 4d, Ah: the 4 of clubs
    1
    >>> bring_in_seat({1: 8, 4: 49, 7: 47}, razz=True)   # 4c, Ad, Ks: the king
    7
    """
    if not up_cards:
        raise InvalidCardError("no up-cards: at least one seat must show a card to bring in")
    shown = {seat: _card(c) for seat, c in up_cards.items()}
    _parse_cards(list(shown.values()))  # refuses a card shown by two seats
    if razz:
        return max(shown, key=lambda seat: (_low_rank(shown[seat]), shown[seat] & 3))
    # rank * 4 + suit already orders by rank, then clubs < diamonds < hearts < spades.
    return min(shown, key=shown.__getitem__)


def showing_rank(cards: Sequence[int], razz: bool = False) -> Tuple:
    """A key of 1-4 showing cards: the seat whose key is largest acts first.

    Stud: (category, ranks, suits) with category 4 = four of a kind, 3 = three of a kind,
    2 = two pair, 1 = one pair, 0 = high cards; ranks and suits are those of the cards in
    order of significance (the larger group first, then the higher rank, then the higher
    suit), so two hands of the same ranks are ordered by the suit of their most
    significant card, spades highest. Razz (``razz=True``): the best low is the largest
    key (fewer paired cards first, then the lower cards compared from the highest down,
    the ace low); suits do not count, so equal lows have equal keys.

    ``showing_key(cards, razz)`` (this module; the engine's, in C) orders hands the same
    way as one int.

    >>> from pokerhash.engine.showing import showing_rank
    >>> showing_rank([51, 50]) > showing_rank([48, 0])      # As Ah beat Ac 2c
    True
    >>> showing_rank([51, 20], razz=True) > showing_rank([3, 24], razz=True)   # A-7 beats 2-8
    True
    """
    hand = _parse_cards(cards, count=(1, 2, 3, 4))
    rank_of = _low_rank if razz else (lambda c: c >> 2)
    counts = {}
    for c in hand:
        counts[rank_of(c)] = counts.get(rank_of(c), 0) + 1
    significance = sorted(hand, key=lambda c: (counts[rank_of(c)], rank_of(c), c & 3), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    category = {1: 0, 2: 2 if shape[:2] == [2, 2] else 1, 3: 3, 4: 4}[shape[0]]
    ranks = tuple(rank_of(c) for c in significance)
    if razz:
        # Lower is better for a low: negate, so that the best low is the largest key.
        return (-category, tuple(-r for r in ranks))
    return (category, ranks, tuple(c & 3 for c in significance))
