"""The room option of a straddle from any position (Options.straddle_anywhere with
Stakes.straddle_position): off by default (the rules' straddle is the player's left of
the big blind), checked where it is given, and played as GGPoker plays it: the
straddle replaces its player's blind, preflop action starts on the straddler's left
and the straddler acts last. Property tests: chips are conserved, the forced bets
are where the option says, and the PHH the engine writes reads back (pokerhash) and
replays in pokerkit to the same stacks."""

from __future__ import annotations

import random
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import ForcedKind
from pokerhash.engine import HOLDEM, PLO, SHORTDECK, Hand, Options, Stakes
from pokerhash.engine import events as ev
from pokerhash.engine import history, history_hands
from pokerhash.errors import InvalidValueError

ANYWHERE = Options(straddle_anywhere=True)


def posts(hand: Hand):
    return [(e.seat, e.kind, e.amount) for e in hand.events if type(e) is ev.Post]


def test_off_by_default_the_rules_straddle_stays():
    stakes = Stakes(blinds=(1, 2), straddle=4, straddle_position=5)
    with pytest.raises(InvalidValueError, match="straddle_anywhere"):
        Hand(HOLDEM, {s: 100 for s in range(6)}, button=5, stakes=stakes)
    assert Options().straddle_anywhere is False and Stakes().straddle_position is None
    hand = Hand(HOLDEM, {s: 100 for s in range(4)}, button=0, stakes=Stakes(blinds=(1, 2), straddle=4), seed=1)
    assert posts(hand)[-1] == (3, ForcedKind.STRADDLE, 4) and hand.pending.seat == 0


@pytest.mark.parametrize("stakes, message", [
    (dict(blinds=(1, 2), straddle_position=2), "needs a straddle"),
    (dict(blinds=(1, 2), straddle=2, straddle_position=2), "no more than the blinds"),
    (dict(button_blind=2, straddle=2, straddle_position=0), "no more than the blinds"),
    (dict(blinds=(1, 2), straddle=4, straddle_position=-1), "straddle_position must be"),
    (dict(blinds=(1, 2), straddle=4, straddle_position="2"), "straddle_position must be"),
])
def test_stakes_refuse_a_straddle_position_that_is_no_straddle(stakes, message):
    with pytest.raises(InvalidValueError, match=message):
        Stakes(**stakes)


def test_option_must_be_a_bool_and_the_position_a_seat_of_the_hand():
    with pytest.raises(InvalidValueError, match="True or False"):
        Options(straddle_anywhere=1)
    with pytest.raises(InvalidValueError, match="no position"):
        Hand(HOLDEM, {s: 100 for s in range(4)}, button=3, stakes=Stakes(blinds=(1, 2), straddle=4,
                                                                          straddle_position=4), options=ANYWHERE)
    with pytest.raises(InvalidValueError, match="three or more"):
        Hand(HOLDEM, {1: 100, 2: 100}, button=1, stakes=Stakes(blinds=(1, 2), straddle=4, straddle_position=0),
             options=ANYWHERE)


def test_button_straddle_six_handed_small_blind_first_straddler_last():
    # GGPoker's OM812126 as a shape: blinds 5/10 at seats 5 and 6, the button (seat 4) straddles 20.
    stacks = {1: 585, 2: 595, 3: 2600, 4: 953, 5: 1260, 6: 440}
    hand = Hand(PLO, stacks, button=4, stakes=Stakes(blinds=(5, 10), straddle=20, straddle_position=5),
                options=ANYWHERE, seed=3)
    assert posts(hand) == [(5, ForcedKind.BLIND, 5), (6, ForcedKind.BLIND, 10), (4, ForcedKind.STRADDLE, 20)]
    assert hand.pending.seat == 5 and hand.pending.legal.call == 15
    for _ in range(5):
        hand.fold()
    assert hand.is_over and hand.result.stacks[4] == 953 + 15 and sum(hand.result.stacks.values()) == sum(
        stacks.values())


def test_big_blind_straddles_his_blind_is_part_of_it():
    # OM1171256's shape: the big blind (50) straddles to 100 in all; the button opens.
    stacks = {3: 2000, 4: 3270, 5: 552}
    hand = Hand(PLO, stacks, button=4, stakes=Stakes(blinds=(25, 50), straddle=100, straddle_position=1),
                options=ANYWHERE, seed=4)
    assert posts(hand) == [(5, ForcedKind.BLIND, 25), (3, ForcedKind.STRADDLE, 100)]
    assert hand.pending.seat == 4 and hand.pending.legal.call == 100 and hand.contributed[3] == 100
    hand.call()
    hand.call()
    assert hand.pending.seat == 3 and hand.pending.legal.can_check  # the straddler's option


@pytest.mark.parametrize("position, first, poster", [(2, 3, 2), (3, 0, 3)])
def test_straddle_beside_a_button_blind(position, first, poster):
    # GGPoker's short deck: antes, a button blind, a straddle by any player (the button too).
    stacks = {1: 275, 2: 209, 3: 200, 5: 80}
    hand = Hand(SHORTDECK, stacks, button=3 if position == 2 else 2, stakes=Stakes(
        ante=2, button_blind=2, straddle=4, straddle_position=position), options=ANYWHERE, seed=5)
    seats = hand.seats
    assert posts(hand)[-1] == (seats[poster], ForcedKind.STRADDLE, 4)
    assert hand.pending.seat == seats[first]
    assert sum(hand.contributed.values()) == 4 * 2 + 4 + (2 if position != 3 else 0)


def test_an_unaffordable_straddle_is_not_posted():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 3, 4: 100}, button=4, stakes=Stakes(
        blinds=(1, 2), straddle=4, straddle_position=2), options=ANYWHERE, seed=6)
    assert [p[1] for p in posts(hand)] == [ForcedKind.BLIND, ForcedKind.BLIND] and hand.pending.seat == 3


def play_randomly(hand: Hand, rng: random.Random) -> None:
    while not hand.is_over:
        legal = hand.pending.legal
        roll = rng.random()
        if roll < 0.2 and not legal.can_check:
            hand.fold()
        elif roll < 0.65 or legal.raise_kind is None:
            hand.check() if legal.can_check else hand.call()
        else:
            hand.raise_to(rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)]))


@settings(max_examples=150, deadline=None)
@given(players=st.integers(3, 8), data=st.data(), seed=st.integers(0, 2**32 - 1))
def test_property_chips_conserved_order_and_phh_round_trip(players, data, seed):
    rng = random.Random(seed)
    button_blind = data.draw(st.booleans())
    variant = SHORTDECK if button_blind else rng.choice([HOLDEM, PLO])
    if variant is SHORTDECK:
        players = min(players, 6)
    position = data.draw(st.integers(0, players - 1))
    straddle = data.draw(st.integers(3, 12))
    stakes = Stakes(ante=rng.choice([0, 1]), button_blind=2, straddle=straddle, straddle_position=position) \
        if button_blind else Stakes(blinds=(1, 2), ante=rng.choice([0, 1]), straddle=straddle,
                                    straddle_position=position)
    stacks = {seat: rng.choice([rng.randint(straddle + 1, 40), rng.randint(40, 400)])
              for seat in rng.sample(range(1, 11), players)}
    hand = Hand(variant, stacks, button=rng.choice(sorted(stacks)), stakes=stakes, options=ANYWHERE,
                seed=rng.randrange(2**32))
    # the straddle is posted at its position, in all, and the player on its left opens
    assert [p for p in posts(hand) if p[1] is ForcedKind.STRADDLE] == [(hand.seats[position], ForcedKind.STRADDLE,
                                                                        straddle)]
    assert hand.pending.seat == hand.seats[(position + 1) % players]
    assert hand.contributed[hand.seats[position]] == straddle + stakes.ante
    play_randomly(hand, rng)
    result = hand.result
    assert sum(result.stacks.values()) + result.rake == sum(stacks.values())
    written = history_hands.to_history(hand)
    assert written.fields["_pokerhash_straddle_anywhere"] is True
    text = history.dumps(written)
    again = history_hands.replay(history.loads(text))
    assert again.complete and again.finishing_stacks == written.finishing_stacks, text
    assert history_hands.to_history(again.hand) == written
    if "_pokerhash_rules" not in written.fields:
        assert pokerkit_stacks(text) == written.finishing_stacks, text


def pokerkit_stacks(text: str):
    """pokerkit's final stacks for the text (pokerkit opens the betting left of the
    largest blind or straddle, as the option plays)."""
    pokerkit = pytest.importorskip("pokerkit")
    from pokerkit.notation import parse_action
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        phh = pokerkit.HandHistory.loads(text)
        state = phh.create_state()
        for action in phh.actions:
            while True:
                try:
                    parse_action(state, action, phh.parse_value)
                    break
                except ValueError as error:
                    if not state.can_burn_card():
                        raise AssertionError(f"pokerkit refuses {action!r}: {error}\n{text}") from None
                    state.burn_card("??")
    return list(state.stacks)
