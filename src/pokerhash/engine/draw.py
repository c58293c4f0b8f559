"""Auto-draw: the cards a five-card draw player discards when their time runs out.

the rules (rules: The games and their flow, five-card draw) fixes the order of preference; this
module also fixes what each step keeps, as the online rooms that offer auto-draw do:

1. Two pair or better. A five-card hand (straight, flush, full house, straight flush) and
   four of a kind stand pat; three of a kind keeps the three; two pair keeps the four.
2. Four to a straight flush: four cards of one suit inside one five-rank straight window,
   open-ended or inside (A-2-3-4 and J-Q-K-A suited count; the ace plays high or low).
3. A high pair, jacks to aces: keep the pair, draw three (no kicker).
4. Four to a flush.
5. A low pair, deuces to tens: keep the pair, draw three.
6. Four to an open-ended straight: four consecutive ranks that two ranks complete
   (2-3-4-5 to 9-T-J-Q-K). A-2-3-4 and J-Q-K-A are completed by one rank only, so they
   are not open-ended: they count as step 7.
7. Four to an inside straight: four ranks inside one five-rank window. When the hand
   holds two such draws, keep the one that makes the higher straight.
8. High cards: keep every ace, king, queen and jack.
9. Otherwise replace all five.

Steps 2-8 are reached only without two pair or better, and steps 6-8 only with five
different ranks and at most three cards of a suit, so every step has one answer and the
choice never depends on which suit is which.
"""

from __future__ import annotations

from typing import FrozenSet, Sequence, Tuple

from ..cards import cards as _parse_cards

_JACK = 9
_ACE = 12


def _straight_top(ranks: Sequence[int]) -> int:
    """The top rank of the highest straight that contains these distinct ranks, or -1.

    The ace also plays low (below the deuce, rank -1), as in A-2-3-4-5 (rules:
    Standard hand ranking).
    """
    best = -1
    readings = [ranks]
    if _ACE in ranks:
        readings.append([-1 if r == _ACE else r for r in ranks])
    for reading in readings:
        low, high = min(reading), max(reading)
        if high - low <= 4:
            best = max(best, min(low + 4, _ACE))
    return best


def _kept(hand: Sequence[int]) -> FrozenSet[int]:
    ranks = [c >> 2 for c in hand]
    by_rank = {}
    by_suit = {}
    for c in hand:
        by_rank.setdefault(c >> 2, []).append(c)
        by_suit.setdefault(c & 3, []).append(c)
    groups = sorted(len(g) for g in by_rank.values())

    # 1. Two pair or better.
    if groups[-1] == 4 or groups == [2, 3]:
        return frozenset(hand)
    if groups[-1] == 3 or groups == [1, 2, 2]:
        return frozenset(c for g in by_rank.values() if len(g) > 1 for c in g)
    if len(by_rank) == 5 and (len(by_suit) == 1 or _straight_top(ranks) >= 0):
        return frozenset(hand)

    four_suited = next((g for g in by_suit.values() if len(g) == 4), None)
    pair = next((g for g in by_rank.values() if len(g) == 2), None)
    # 2. Four to a straight flush.
    if four_suited is not None and _straight_top([c >> 2 for c in four_suited]) >= 0:
        return frozenset(four_suited)
    # 3. A high pair.
    if pair is not None and pair[0] >> 2 >= _JACK:
        return frozenset(pair)
    # 4. Four to a flush.
    if four_suited is not None:
        return frozenset(four_suited)
    # 5. A low pair.
    if pair is not None:
        return frozenset(pair)

    # Five different ranks from here on: a four-card straight draw is the hand less one card.
    draws = [[c for c in hand if c != left_out] for left_out in hand]
    # 6. Four to an open-ended straight.
    for draw in draws:
        draw_ranks = [c >> 2 for c in draw]
        if _ACE not in draw_ranks and max(draw_ranks) - min(draw_ranks) == 3:
            return frozenset(draw)
    # 7. Four to an inside straight, the higher straight first.
    top, best = max((_straight_top([c >> 2 for c in draw]), i) for i, draw in enumerate(draws))
    if top >= 0:
        return frozenset(draws[best])
    # 8. High cards; 9. nothing.
    return frozenset(c for c in hand if c >> 2 >= _JACK)


def auto_draw(cards: Sequence[int]) -> Tuple[int, ...]:
    """The cards to discard, in the hand's order, when a player's time runs out in the draw.

    ``cards`` are the five cards held (ints or strings like ``"As"``). The choice follows
    the order of preference of the rules (rules: The games and their flow, five-card draw), with
    the sub-cases fixed in this module's docstring.

    >>> from pokerhash.cards import cards_str
    >>> from pokerhash.engine.draw import auto_draw
    >>> cards_str(auto_draw("Kd Ks 9h 9c 2d"))
    '2d'
    >>> cards_str(auto_draw("As Ks Qd 7c 2h"))
    '7c 2h'
    """
    hand = _parse_cards(cards, count=(5,))
    keep = _kept(hand)
    return tuple(c for c in hand if c not in keep)
