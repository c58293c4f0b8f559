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

from typing import Sequence, Tuple

from .._core import auto_draw as _discards  # the order below on rank and suit counts, in C (_draw.pxi)


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
    return _discards(cards)
