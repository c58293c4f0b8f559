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

from pokerhash.engine import HOLDEM, OMAHA_HI_LO, PLO, Hand, Options, Stakes
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


# -- a board run three times (Options(run_it_twice=True, runs=3)) -------------------------

def test_a_board_run_three_times_splits_each_pot_in_three():
    from pokerhash.pots import Reason

    # seat 1 AA, seat 2 KK all-in preflop; seat 1 calls: 99 of his stay behind.
    # Boards: run 1 2c 7d 9h Ts 3s (aces), run 2 Kc 4d 5h 8s Jc (kings), run 3 (aces).
    script = "Ah Kh Ad Kd  2d 2c 7d 9h  3d Ts  4c 3s  5c Kc 4d 5h  6c 8s  6d Jc  7c 8c 8d 9c  9d Tc  Td Qc"
    options = Options(run_it_twice=True, runs=3)
    hand = Hand(HOLDEM, {1: 400, 2: 301}, button=2, stakes=Stakes(blinds=(1, 2)), options=options, cards=script)
    hand.all_in()  # seat 2, the button, small blind: all-in for 301
    hand.call()  # seat 1 calls 301 of his 400
    assert hand.is_over and len(hand.boards) == 3
    result = hand.result
    # the pot of 602 in three: 201, 201, 200 (the earliest runs take the odd chips)
    assert [[p.pot.amount for p in s.pots] for s in result.settlements] == [[201], [201], [200]]
    assert result.payouts == {1: 201 + 200, 2: 201} and result.stacks == {1: 99 + 401, 2: 201}
    assert [w.run for w in hand.events if isinstance(w, ev.Win)] == [0, 1, 2]
    assert all(w.reason is Reason.HIGH for w in hand.events if isinstance(w, ev.Win))
    written = history_hands.to_history(hand)
    assert written.fields["_pokerhash_runs"] == 3
    again = history_hands.replay(history.loads(history.dumps(written)))
    assert again.hand.boards == hand.boards and again.hand.result.stacks == result.stacks


@settings(max_examples=60, deadline=None)
@given(runs=st.integers(2, 4), players=st.integers(2, 5), seed=st.integers(0, 2**32 - 1))
def test_property_each_run_holds_its_share_of_every_pot(runs, players, seed):
    from pokerhash.pots import side_pots

    rng = random.Random(seed)
    stacks = {seat: rng.randint(5, 300) for seat in range(1, players + 1)}
    hand = Hand(rng.choice([HOLDEM, PLO]), stacks, button=players, stakes=Stakes(blinds=(1, 2)),
                options=Options(run_it_twice=True, runs=runs), seed=rng.randrange(2**32))
    while not hand.is_over:
        legal = hand.pending.legal
        hand.raise_to(legal.max_to) if legal.raise_kind is not None else hand.call()
    result = hand.result
    assert sum(result.stacks.values()) == sum(stacks.values())
    if len(hand.boards) == 1:
        return  # the flop came before everyone was all-in, or the stub was short
    assert len(hand.boards) == runs
    pots = side_pots(hand.contributed)
    want = slow_parts([p.amount for p in pots.pots], runs)
    assert [[p.pot.amount for p in s.pots] for s in result.settlements] == want
    back = history_hands.replay(history.loads(history.dumps(history_hands.to_history(hand))))
    assert back.hand.result.stacks == result.stacks


def slow_parts(amounts, runs):
    """Each pot's chips dealt one at a time to the runs in turn, the first run first."""
    parts = [[0] * len(amounts) for _ in range(runs)]
    for i, amount in enumerate(amounts):
        for chip in range(amount):
            parts[chip % runs][i] += 1
    return parts
