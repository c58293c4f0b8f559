"""The room option of a capped table (Options.cap): off by default; no player puts
more than the cap into a hand, a player who reaches it is all-in for the hand and keeps
the chips behind. Property tests: chips are conserved, no contribution passes the cap,
and the PHH the engine writes (``_pokerhash_cap``) reads back to the same stacks."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.engine import HOLDEM, PLO, Hand, Options, Stakes
from pokerhash.engine import history, history_hands
from pokerhash.engine.history_rules import rules_used
from pokerhash.errors import InvalidValueError


@pytest.mark.parametrize("cap", [0, -5, 1.5, "60", True])
def test_a_cap_is_a_positive_number_of_chips(cap):
    with pytest.raises(InvalidValueError, match="cap must be"):
        Options(cap=cap)


def test_off_by_default():
    assert Options().cap is None
    hand = Hand(HOLDEM, {1: 500, 2: 500}, button=1, stakes=Stakes(blinds=(5, 10)), seed=1)
    hand.raise_to(400)
    assert not hand.pending.legal.call_is_all_in


def test_reaching_the_cap_is_all_in_for_the_hand_and_the_rest_stays_behind():
    # blinds 5/10, a cap of 300 (30 big blinds), deep stacks
    stacks = {1: 1442, 2: 1356, 3: 975}
    hand = Hand(HOLDEM, stacks, button=3, stakes=Stakes(blinds=(5, 10)), options=Options(cap=300), seed=2)
    assert hand.stacks == {1: 295, 2: 290, 3: 300}  # the chips in play this hand, after the blinds
    hand.raise_to(30)  # the button
    hand.fold()
    hand.call()
    hand.bet_to(50)  # the big blind, first after the flop
    legal = hand.pending.legal
    assert legal.max_to == 300 - 30  # no raise past the cap (the rest of the round's chips)
    hand.raise_to(legal.max_to)
    assert hand.pending.legal.call_is_all_in
    hand.call()
    assert hand.is_over and hand.contributed == {1: 5, 2: 300, 3: 300}
    result = hand.result
    assert sum(result.stacks.values()) == sum(stacks.values())
    # the small blind's 5 and both capped stakes are the pot; the chips over the cap stay put
    assert result.stacks[1] == 1442 - 5 and result.stacks[2] + result.stacks[3] == 1356 + 975 + 5
    assert result.stacks[2] >= 1356 - 300 and result.stacks[3] >= 975 - 300
    assert rules_used(hand) == ["capped-table"]


@settings(max_examples=120, deadline=None)
@given(players=st.integers(2, 7), cap=st.integers(3, 80), seed=st.integers(0, 2**32 - 1))
def test_property_chips_conserved_nothing_past_the_cap_phh_round_trip(players, cap, seed):
    rng = random.Random(seed)
    stacks = {seat: rng.choice([rng.randint(1, 40), rng.randint(40, 400)])
              for seat in rng.sample(range(1, 11), players)}
    options = Options(cap=cap)  # no rake: PHH does not record one
    hand = Hand(rng.choice([HOLDEM, PLO]), stacks, button=rng.choice(sorted(stacks)),
                stakes=Stakes(blinds=(1, 2), ante=rng.choice([0, 1])), options=options, seed=rng.randrange(2**32))
    while not hand.is_over:
        legal = hand.pending.legal
        roll = rng.random()
        if roll < 0.2 and not legal.can_check:
            hand.fold()
        elif roll < 0.6 or legal.raise_kind is None:
            hand.check() if legal.can_check else hand.call()
        else:
            hand.raise_to(rng.choice([legal.min_to, legal.max_to]))
    nets = hand.nets()  # before the result is built: the same nets, by player index
    result = hand.result
    assert sum(result.stacks.values()) + result.rake == sum(stacks.values())
    assert nets == [result.net[seat] for seat in hand.seats] and sum(nets) + result.rake == 0
    for seat, net in zip(hand.seats, nets):  # the chips in play less the capped start; the rest stays behind
        assert net == hand.stacks[seat] - min(stacks[seat], cap)
        assert result.stacks[seat] == stacks[seat] + net
    assert all(put <= cap for put in hand.contributed.values())
    for seat, stack in stacks.items():  # the chips over the cap never move
        assert result.stacks[seat] >= stack - min(stack, cap)
    written = history_hands.to_history(hand)
    assert written.fields["_pokerhash_cap"] == cap
    again = history_hands.replay(history.loads(history.dumps(written)))
    assert again.complete and again.finishing_stacks == written.finishing_stacks
    assert history_hands.to_history(again.hand) == written
