"""The engine's short paths of act, draw and set-up (td39): a check, call or fold
performed by BettingRound._play without _check, draw's discards found by identity among
the held cards, hole_cards by one dict read, and the per-game caches of the set-up
(the antes and blinds, the options' fields, the capped message). Each must give what
the general path gives, and refuse what it refuses with the same message, leaving the
hand as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action, BettingRound, ForcedBet, Structure
from pokerhash.engine import DEUCE7_TRIPLE_DRAW, HOLDEM, Hand, Options, PendingKind, Stakes
from pokerhash.engine import hand as hand_module
from pokerhash.errors import IllegalActionError, InvalidValueError

FIXED = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
BLINDS = Stakes(blinds=(1, 2))


def _state(hand: Hand) -> tuple:
    return (hand.pending, hand.stacks, hand.contributed, hand.bets, hand.folded, hand.street, len(hand.events))


def test_illegal_check_and_call_keep_the_state_and_message():
    hand = Hand(HOLDEM, {s: 200 for s in range(6)}, button=5, stakes=BLINDS, seed=3)
    before = _state(hand)
    with pytest.raises(IllegalActionError, match="check is not legal: seat .* faces a bet of 2"):
        hand.act(Action.check())
    assert _state(hand) == before
    hand.call()
    hand.call()
    hand.call()
    hand.call()
    hand.call()  # the small blind completes
    before = _state(hand)
    assert hand.pending.legal.can_check  # the big blind's option
    with pytest.raises(IllegalActionError, match="call is not legal: there is no bet to call"):
        hand.act(Action.call())
    assert _state(hand) == before
    assert hand.act(Action.check()) == Action(Action.check().kind, 2, 0, False, hand.seats[1])


def test_round_play_matches_apply():
    """_play's short path gives apply's normalized action and state, action by action."""
    rng = random.Random(7)
    for _ in range(200):
        stacks = [rng.choice([3, 10, 50, 200]) for _ in range(4)]
        short = BettingRound.start(Structure.fixed_limit(2, 4), stacks, 2,
                                   forced=[ForcedBet.blind(0, 1), ForcedBet.blind(1, 2)])
        long = short.copy()
        while short.to_act is not None:
            legal = short.legal_actions()
            kind = rng.choice([Action.fold(), Action.check(), Action.call()])
            try:
                expected = long.apply(kind)
            except IllegalActionError as error:
                with pytest.raises(IllegalActionError) as raised:
                    short._play(kind.kind, None, legal.player)
                assert str(raised.value) == str(error)
                assert short == long
                kind = Action.check() if legal.can_check else Action.call()
                expected = long.apply(kind)
            got = short._play(kind.kind, None, legal.player)
            assert got == expected
            assert short == long


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_draw_discards_by_identity_or_value(seed):
    """Discards as the held objects, as equal new ints, as a list: the same hand; a card
    thrown twice, not held or no card: refused, the hand unchanged."""
    hands = [Hand(DEUCE7_TRIPLE_DRAW, {s: 100 for s in range(3)}, button=2, stakes=FIXED, seed=seed, log=True)
             for _ in range(3)]
    rng = random.Random(seed)
    while hands[0].pending.kind is not PendingKind.OVER:
        pending = hands[0].pending
        if pending.kind is PendingKind.DECISION:
            action = Action.check() if pending.legal.can_check else Action.call()
            for hand in hands:
                hand.act(action)
            continue
        held = hands[0].hole_cards(pending.seat)
        thrown = held[:rng.randint(0, 3)]
        for bad in ([held[0], held[0]], (held[0], 52), (True,), (-1,), ("2c", "2c")):
            before = _state(hands[0])
            with pytest.raises(IllegalActionError):
                hands[0].draw(bad)
            assert _state(hands[0]) == before
        hands[0].draw(thrown)
        hands[1].draw(tuple(int(str(c)) for c in thrown))  # equal ints (small ints: the same objects)
        hands[2].draw(list(thrown))
    assert hands[0].events == hands[1].events == hands[2].events
    assert hands[0].nets() == hands[1].nets() == hands[2].nets()


def test_hole_cards_seat_forms():
    hand = Hand(DEUCE7_TRIPLE_DRAW, {2: 100, 5: 100, 9: 100}, button=9, stakes=FIXED, seed=1)
    assert hand.hole_cards(5) == hand._hole[hand.player_index(5)]
    assert hand.hole_cards(5.0) == hand.hole_cards(5)  # an equal seat of another type: player_index's way
    for missing in (3, 2**80, "5", [5]):
        with pytest.raises(InvalidValueError, match="is not in this hand"):
            hand.hole_cards(missing)


def _log(hand_args: dict, actions: int = 40) -> list:
    hand = Hand(**hand_args)
    for _ in range(actions):
        if hand.is_over:
            break
        if hand.pending.kind is PendingKind.DRAW:
            hand.draw(())
        else:
            hand.timeout()
    return hand.events


@pytest.mark.parametrize("stakes, options, missed", [
    (FIXED, Options(), {}),
    (Stakes(blinds=(1, 2), straddle=4), Options(), {}),
    (BLINDS, Options(heads_up_dead_button=True), {}),
    (BLINDS, Options(), {3: (2, 1)}),
    (Stakes(blinds=(1, 2), ante=1), Options(run_it_twice=True), {}),
])
def test_set_up_caches_give_a_fresh_hands_events(stakes, options, missed):
    """The same hand with the set-up caches cold and warm (after a hand of other stakes,
    options and players, and after one of the same): the same events."""
    args = dict(variant=HOLDEM, stacks={s: 200 for s in range(4)}, button=3, stakes=stakes, options=options, seed=11,
                missed_blinds=missed)
    hand_module._LAST_DEAL[:] = [None]
    hand_module._LAST_SETUP[:] = [None]
    cold = _log(args)
    _log(dict(args, stakes=Stakes(blinds=(2, 5)), options=Options(), missed_blinds={},
              stacks={s: 100 for s in range(2)}, button=1))
    other = _log(args)
    same = _log(args)
    assert cold == other == same
    # Each cache is one immutable entry, replaced whole: a hand on another thread reads
    # one game's fields under that game's key, never a mix of two.
    deal, setup = hand_module._LAST_DEAL[0], hand_module._LAST_SETUP[0]
    assert type(deal) is tuple and deal[0] is stakes and deal[1] is options and deal[2] == 4
    assert type(setup) is tuple and setup[0] is HOLDEM and setup[1] is options
    # A hand of the same stakes and options without missed blinds, whose straddler (left
    # of the big blind) cannot afford a straddle, after the hand above: as played cold.
    plain = dict(args, missed_blinds={}, stacks={0: 200, 1: 200, 2: 3, 3: 200})
    hand_module._LAST_DEAL[:] = [None]
    plain_cold = _log(plain)
    hand_module._LAST_DEAL[:] = [None]
    _log(args)
    assert _log(plain) == plain_cold
    if not missed:
        heads_up = dict(args, stacks={0: 200, 1: 200}, button=1)
        first = _log(heads_up)
        assert _log(heads_up) == first  # two players: other blinds than four players'


def test_capped_message_per_structure():
    """The cached capped message follows the structure's cap."""
    for cap in (3, 4, 3):
        structure = Structure.fixed_limit(2, 4, max_bets=cap)
        state = BettingRound.start(structure, [100, 100, 100], 2, forced=[ForcedBet.blind(0, 1), ForcedBet.blind(1, 2)])
        while not state.capped:
            state.apply(Action.raise_to(state.legal_actions().fixed_amounts[0]))
        assert state.legal_actions().no_raise_reason == f"the betting is capped at {cap} bets"
