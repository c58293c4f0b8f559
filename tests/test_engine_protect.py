"""Disconnect (all-in) protection, a room's rule (Hand.protect): the player to act is
all-in for the chips already in, plays for the pots they match and keeps the rest
behind. Pots counted by hand; property tests: chips are conserved, the protected
player puts in nothing more, the event log replays, and the PHH the engine writes
(``_pokerhash_protected``) reads back to the same stacks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.engine import HOLDEM, OMAHA_HI_LO, PLO, Hand, Stakes
from pokerhash.engine import events as ev
from pokerhash.engine import history, history_hands
from pokerhash.engine.history_rules import rules_used
from pokerhash.errors import IllegalActionError
from pokerhash.engine.history import PHHError

# Dealt one card at a time from seat 1 (left of the button, seat 4): seat 1 KK,
# seat 2 QQ, seat 3 AA, seat 4 JJ; board 7s 8d 3c 9s 2s (burns 2c 3d 4h).
SCRIPT = "Kh Qh Ah Jh Kd Qd Ad Jd  2c 7s 8d 3c  3d 9s  4h 2s"
STACKS = {1: 1000, 2: 1000, 3: 1000, 4: 1000}


def _to_the_flop():
    hand = Hand(HOLDEM, STACKS, button=4, stakes=Stakes(blinds=(10, 20)), cards=SCRIPT)
    hand.call()  # seat 3
    hand.call()  # seat 4
    hand.call()  # seat 1, the small blind
    hand.check()  # seat 2, the big blind
    hand.bet_to(50)  # seat 1
    return hand


def test_a_side_pot_for_the_others_and_the_rest_kept_behind():
    hand = _to_the_flop()
    hand.call()  # seat 2
    assert hand.pending.seat == 3
    assert hand.protect() == 980  # seat 3: all-in for his 20, 980 behind
    assert hand.stacks[3] == 0 and hand.pending.seat == 4
    hand.call()  # seat 4: the flop's betting is over (seat 3 acts no more)
    for _ in range(2):  # turn and river: seats 1, 2, 4 check
        for seat in (1, 2, 4):
            assert hand.pending.seat == seat
            hand.check()
    assert hand.is_over and hand.contributed == {1: 70, 2: 70, 3: 20, 4: 70}
    result = hand.result
    # main pot 4 x 20 = 80: seat 3's aces; side pot 3 x 50 = 150: seat 1's kings
    assert result.payouts == {3: 80, 1: 150}
    assert result.stacks == {1: 1080, 2: 930, 3: 1060, 4: 930}
    assert ev.Protect(3, 980) in hand.events
    assert rules_used(hand) == ["disconnect-protection"]


def test_a_bet_only_the_protected_player_faced_goes_back():
    hand = _to_the_flop()
    hand.fold()  # seat 2
    hand.protect()  # seat 3
    hand.fold()  # seat 4: seat 1's 50 is called by nobody
    assert hand.is_over
    result = hand.result
    assert result.returned == {1: 50}
    # seats 1 and 3 show down for the main pot of 80: aces win
    assert result.payouts == {3: 80} and result.stacks == {1: 980, 2: 980, 3: 1060, 4: 980}


def test_only_a_player_to_act_with_chips_in():
    hand = Hand(HOLDEM, STACKS, button=4, stakes=Stakes(blinds=(10, 20)), cards=SCRIPT)
    with pytest.raises(IllegalActionError, match="no chips in"):
        hand.protect()  # seat 3, first to act preflop, has put nothing in
    hand.fold()
    hand.fold()
    hand.protect()  # seat 1, the small blind: all-in for 10
    assert hand.is_over and hand.result.returned == {2: 10}
    # the big blind's 10 over the small blind's goes back; 10 + 10 at the showdown: kings
    assert hand.result.payouts == {1: 20} and hand.result.stacks == {1: 1010, 2: 990, 3: 1000, 4: 1000}
    with pytest.raises(IllegalActionError, match="only a player to act"):
        hand.protect()


def _random_hand(rng, variant, players):
    stacks = {seat: rng.choice([rng.randint(5, 60), rng.randint(60, 400)])
              for seat in rng.sample(range(1, 10), players)}
    hand = Hand(variant, stacks, button=rng.choice(sorted(stacks)), stakes=Stakes(blinds=(1, 2), ante=rng.choice([0, 1])),
                seed=rng.randrange(2**32))
    frozen = {}
    while not hand.is_over:
        legal = hand.pending.legal
        seat = hand.pending.seat
        roll = rng.random()
        if roll < 0.15 and hand.contributed[seat]:
            kept = hand.protect()
            assert kept == stacks[seat] - hand.contributed[seat]
            frozen[seat] = hand.contributed[seat]
        elif roll < 0.3 and not legal.can_check:
            hand.fold()
        elif roll < 0.7 or legal.raise_kind is None:
            hand.check() if legal.can_check else hand.call()
        else:
            hand.raise_to(rng.choice([legal.min_to, legal.max_to]))
    return hand, stacks, frozen


@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 7), seed=st.integers(0, 2**32 - 1),
       variant=st.sampled_from([HOLDEM, PLO, OMAHA_HI_LO]))
def test_property_chips_conserved_nothing_more_in_events_and_phh_replay(players, seed, variant):
    rng = random.Random(seed)
    hand, stacks, frozen = _random_hand(rng, variant, players)
    result = hand.result
    assert sum(result.stacks.values()) == sum(stacks.values())
    for seat, put in frozen.items():
        assert hand.contributed[seat] == put  # nothing more went in after protection
        assert result.stacks[seat] >= stacks[seat] - put  # the chips kept behind come back
    assert Hand.replay(hand.events).result.stacks == result.stacks
    written = history_hands.to_history(hand)
    assert ("_pokerhash_protected" in written.fields) == bool(frozen)
    assert ("disconnect-protection" in written.fields.get("_pokerhash_rules", [])) == bool(frozen)
    back = history.loads(history.dumps(written))
    replayed = history_hands.replay(back)
    assert replayed.complete
    assert [replayed.hand.result.stacks[s] for s in replayed.hand.seats] == written.finishing_stacks


def test_a_bad_protected_field_is_refused():
    hand = _to_the_flop()
    hand.call()
    hand.protect()
    written = history_hands.to_history(hand)
    assert written.fields["_pokerhash_protected"] == [[3, len(written.actions) + 1]]
    for bad in ([[9, 1]], [[3, 999]], [3], "p3"):
        written.fields["_pokerhash_protected"] = bad
        with pytest.raises(PHHError, match="_pokerhash_protected"):
            history_hands.replay(written)
