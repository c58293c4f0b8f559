"""Hand._finish's path by player index (no log, one board, no rake or dead money: no
Pot, Pots or value dict built until :attr:`Hand.result` is read) pays every pot as the
full settlement does: the same hands played with the log on (the full path, which
builds and settles the Pots records) end with the same stacks and the same result."""

from __future__ import annotations

import random

from hypothesis import given, settings, strategies as st

from pokerhash.betting import Action, Limit
from pokerhash.cards import Deck, cards
from pokerhash.engine import (BADUGI, DEUCE7_TRIPLE_DRAW, HOLDEM, OMAHA_HI_LO, PLO, RAZZ, STUD_HI_LO, Hand,
                              PendingKind, Stakes)

BLINDS = Stakes(blinds=(1, 2))
FIXED = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
STUD = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
GAMES = [(HOLDEM, BLINDS), (PLO, BLINDS), (OMAHA_HI_LO.with_limit(Limit.FIXED_LIMIT), FIXED), (RAZZ, STUD),
         (STUD_HI_LO, STUD), (DEUCE7_TRIPLE_DRAW, FIXED), (BADUGI, FIXED)]


def play(variant, stakes, stacks, seed, log):
    """One hand of a seeded random policy that goes all-in and folds often (side pots,
    folded chips above the live players' levels); the hand, over."""
    rng = random.Random(seed)
    hand = Hand(variant, stacks, button=seed % len(stacks), stakes=stakes,
                deck=Deck(seed, variant.deck(len(stacks))), log=log)
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DRAW:
            hand.draw(hand.hole_cards(pending.seat)[:rng.randrange(min(3, pending.count) + 1)])
        elif pending.kind is PendingKind.BRING_IN:
            hand.act(Action.bet_to(pending.legal.min_to))
        else:
            legal, roll = pending.legal, rng.random()
            if legal.raise_kind is not None and roll < 0.35:
                hand.act(Action.raise_to(legal.max_to if roll < 0.15 else legal.min_to))
            elif roll < (0.45 if legal.can_check else 0.55) and hand.can(Action.fold()):
                hand.act(Action.fold())  # a fold with a check free too, when the rules allow it
            else:
                hand.act(Action.check() if legal.can_check else Action.call())
    return hand


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(range(len(GAMES))), st.lists(st.integers(1, 120), min_size=2, max_size=6),
       st.integers(0, 10 ** 6))
def test_paid_as_the_full_settlement(game, chips, seed):
    variant, stakes = GAMES[game]
    stacks = {seat: amount for seat, amount in enumerate(chips)}
    quick, full = play(variant, stakes, stacks, seed, False), play(variant, stakes, stacks, seed, True)
    assert quick.stacks == full.stacks
    assert quick.nets() == full.nets()
    assert sum(quick.stacks.values()) == sum(chips)  # no chip created or lost
    assert quick.result == full.result



def settled(variant, stakes, contributed, folded, dead, board, holes, log):
    """A hand whose chips put in, folds, dead money and cards are set as given, then finished."""
    n = len(contributed)
    hand = Hand(variant, {seat: 1000 for seat in range(n)}, button=0, stakes=stakes, deck=Deck(1, variant.deck(n)),
                log=log)
    hand._contributed[:] = contributed
    hand._folded[:] = folded
    hand._stacks[:] = [1000 - put for put in contributed]
    hand._dead = dead
    hand._board = board
    for i in range(n):
        hand._hole[i] = holes[i]
    hand._finish()
    return hand


@settings(max_examples=400, deadline=None)
@given(st.sampled_from([0, 2]), st.lists(st.tuples(st.integers(0, 60), st.booleans()), min_size=2, max_size=6),
       st.sampled_from([0, 0, 1, 3]), st.booleans(), st.integers(0, 10 ** 6))
def test_any_chips_and_folds_are_paid_as_the_full_settlement(game, players, dead, royal, seed):
    # Every branch, whatever play can reach: folded chips above every live level, no
    # live chips at all, dead money (a dead blind), odd chips of splits (a royal flush on the board ties every hand;
    # Omaha hi-lo splits high and low).
    variant, stakes = GAMES[game]
    contributed = [put for put, _ in players]
    folded = [fold for _, fold in players]
    folded[seed % len(folded)] = False  # at least one player left
    deck = list(range(52))
    random.Random(seed).shuffle(deck)
    board = tuple(cards("AsKsQsJsTs")) if royal else tuple(deck[:5])
    rest = [c for c in deck if c not in board]
    size = 2 if variant is HOLDEM else 4
    holes = [tuple(rest[size * i:size * i + size]) for i in range(len(players))]
    quick = settled(variant, stakes, contributed, folded, dead, board, holes, False)
    full = settled(variant, stakes, contributed, folded, dead, board, holes, True)
    assert quick._stacks == full._stacks
    assert sum(quick._stacks) == 1000 * len(players) + dead
    assert quick.result == full.result
