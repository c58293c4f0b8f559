"""The room option Options.half_bet_all_in on the engine's hand and in its PHH: off by
default (the rules' "all-in"); "completed" (iPoker) and "last full bet" (PokerStars)
change only the raise after a fixed-limit all-in of half a bet or more, and the PHH the
engine writes says so (``_pokerhash_half_bet_all_in``) and reads back to the same
stacks. Stakes.uncapped_heads_up is written too (``_pokerhash_uncapped_heads_up``)."""

from __future__ import annotations

import dataclasses

import pytest

from pokerhash.betting import Limit
from pokerhash.engine import HOLDEM, Hand, Options, Stakes
from pokerhash.engine import history_hands
from pokerhash.engine.history import PHHError
from pokerhash.errors import InvalidValueError

LIMIT_HOLDEM = dataclasses.replace(HOLDEM, limit=Limit.FIXED_LIMIT)
STAKES = Stakes(blinds=(5, 10), small_bet=10, big_bet=20)


def test_the_option_is_checked_and_off_by_default():
    assert Options().half_bet_all_in == "all-in"
    with pytest.raises(InvalidValueError, match="half_bet_all_in"):
        Options(half_bet_all_in="completes")
    # Big-bet games have no such rule: their structure is untouched.
    hand = Hand(HOLDEM, {1: 100, 2: 100}, button=1, options=Options(half_bet_all_in="completed"), seed=1)
    assert hand.structure.half_bet_all_in == "all-in"


def _river_all_in(convention):
    """Three players at bets of 10/20 call preflop and check to the river; there seat 1
    bets 13 all in (half a bet or more), seat 2 raises, seat 3 folds."""
    hand = Hand(LIMIT_HOLDEM, {1: 23, 2: 500, 3: 500}, button=3, stakes=STAKES, log=True,
                options=Options(half_bet_all_in=convention), seed=7)
    hand.call()  # the button
    hand.call()  # the small blind
    hand.check()  # the big blind
    for _ in range(2):  # flop and turn
        hand.check(), hand.check(), hand.check()
    hand.bet_to(13)
    return hand


@pytest.mark.parametrize("convention, raise_to", [("all-in", 33), ("completed", 40), ("last full bet", 20)])
def test_the_raise_over_a_half_bet_all_in(convention, raise_to):
    hand = _river_all_in(convention)
    assert hand.pending.legal.fixed_amounts == (raise_to,)
    hand.raise_to(raise_to)
    hand.fold()
    assert hand.is_over
    # Seat 2 wins the 30 of the preflop pot and seat 1's 13 (ties aside, seat 1 lost or
    # won: either way the raise over 13 came back uncalled).
    assert hand.result.returned == {2: raise_to - 13}
    written = history_hands.to_history(hand)
    if convention == "all-in":
        assert "_pokerhash_half_bet_all_in" not in written.fields
    else:
        assert written.fields["_pokerhash_half_bet_all_in"] == convention
    assert "short-all-in" in written.fields["_pokerhash_rules"]  # pokerkit plays a bet over the all-in
    played = history_hands.replay(written)
    assert played.complete
    assert played.finishing_stacks == [hand.result.stacks[seat] for seat in written.fields["seats"]]
    if convention != "all-in":
        del written.fields["_pokerhash_half_bet_all_in"]
        with pytest.raises(PHHError, match=f"raise to {raise_to} is"):
            history_hands.replay(written)


def test_a_bad_field_is_a_phh_error():
    written = history_hands.to_history(_river_all_in("completed"))
    written.fields["_pokerhash_half_bet_all_in"] = "complete"
    with pytest.raises(PHHError, match="_pokerhash_half_bet_all_in 'complete'"):
        history_hands.replay(written)


def test_uncapped_heads_up_is_written_and_read():
    stakes = Stakes(blinds=(5, 10), small_bet=10, big_bet=20, uncapped_heads_up=True)
    hand = Hand(LIMIT_HOLDEM, {1: 500, 2: 500}, button=1, stakes=stakes, log=True, seed=3)
    for to in (20, 30, 40, 50, 60):  # preflop: the big blind and five raises, heads-up
        hand.raise_to(to)
    hand.fold()
    written = history_hands.to_history(hand)
    assert written.fields["_pokerhash_uncapped_heads_up"] is True
    played = history_hands.replay(written)
    assert played.finishing_stacks == [hand.result.stacks[seat] for seat in written.fields["seats"]]
    del written.fields["_pokerhash_uncapped_heads_up"]
    with pytest.raises(PHHError, match="capped at 4 bets"):
        history_hands.replay(written)


@pytest.mark.parametrize("convention", ["all-in", "completed", "last full bet"])
def test_random_short_stacked_hands_round_trip_through_phh(convention):
    """Random fixed-limit hands with short stacks (all-ins for parts of a bet): the
    PHH the engine writes replays on the PHH reader to the same stacks."""
    import random

    from pokerhash.betting import Action
    rng = random.Random(len(convention))
    short = 0
    for _ in range(150):
        seats = sorted(rng.sample(range(1, 10), rng.randint(2, 6)))
        stacks = {seat: rng.choice([rng.randint(5, 60), rng.randint(60, 400)]) for seat in seats}
        hand = Hand(LIMIT_HOLDEM, stacks, button=rng.choice(seats), stakes=STAKES, log=True,
                    options=Options(half_bet_all_in=convention), seed=rng.randrange(1 << 30))
        while not hand.is_over:
            legal = hand.pending.legal
            roll = rng.random()
            if legal.raise_kind is not None and roll < 0.45:
                hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
            elif roll < 0.9 or legal.can_check:
                hand.act(Action.check() if legal.can_check else Action.call())
            else:
                hand.act(Action.fold())
        written = history_hands.to_history(hand)
        short += "short-all-in" in written.fields.get("_pokerhash_rules", ())
        played = history_hands.replay(written)
        assert played.complete
        assert played.finishing_stacks == [hand.result.stacks[seat] for seat in written.fields["seats"]]
    assert short >= 5  # the rule was met
