"""The engine's chip limit (errors.MAX_CHIPS, 2**62): compiled, the betting round keeps its
levels in 64-bit C integers, so a hand whose stacks and stakes add up to more is refused
when it is set up, and a hand exactly at the limit plays to its end with every chip kept."""

from __future__ import annotations

import random

import pytest

from pokerhash.betting import Action, BettingRound, ForcedBet, Structure
from pokerhash.engine import DEUCE7_TRIPLE_DRAW, HOLDEM, PLO, RAZZ, STUD, Hand, PendingKind, Stakes
from pokerhash.errors import MAX_CHIPS, ChipLimitError, InvalidValueError

BLINDS = Stakes(blinds=(1, 2))
FIXED = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
GAMES = [(HOLDEM, BLINDS), (PLO, BLINDS), (DEUCE7_TRIPLE_DRAW, FIXED), (STUD, STUD_STAKES), (RAZZ, STUD_STAKES)]


def test_the_limit_is_2_to_the_62_and_its_error_a_value_error():
    assert MAX_CHIPS == 2 ** 62
    assert issubclass(ChipLimitError, InvalidValueError) and issubclass(ChipLimitError, ValueError)


def _stakes_chips(variant, stakes) -> int:
    """What the engine adds to the stacks against the limit: the stakes' amounts, the
    bets as the structure plays them (a no-limit small bet is the big blind)."""
    structure = Hand(variant, {0: 100, 1: 100}, button=1, stakes=stakes, seed=1).structure
    return (sum(stakes.blinds) + stakes.button_blind + stakes.ante + stakes.straddle + stakes.bring_in
            + structure.small_bet + structure.big_bet)


@pytest.mark.parametrize("variant, stakes", GAMES, ids=lambda game: getattr(game, "name", ""))
def test_stacks_over_the_limit_are_refused(variant, stakes):
    room = MAX_CHIPS - _stakes_chips(variant, stakes)
    with pytest.raises(ChipLimitError, match=r"2\*\*62"):
        Hand(variant, {0: room - 99, 1: 50, 2: 50}, button=2, stakes=stakes, seed=1)
    with pytest.raises(ChipLimitError):
        Hand(variant, {0: 2 ** 64, 1: 50}, button=1, stakes=stakes, seed=1)


def test_one_amount_over_the_limit_is_refused():
    with pytest.raises(ChipLimitError):
        Stakes(blinds=(1, MAX_CHIPS + 1))
    with pytest.raises(ChipLimitError):
        Stakes(ante=MAX_CHIPS + 1)
    with pytest.raises(ChipLimitError):
        Structure.no_limit(MAX_CHIPS + 1)
    with pytest.raises(ChipLimitError):
        BettingRound.start(Structure.no_limit(2), [MAX_CHIPS, 1], 0)
    with pytest.raises(ChipLimitError):
        BettingRound.start(Structure.no_limit(2), [10, 10], 0, forced=[ForcedBet.blind(1, MAX_CHIPS)])


def _play(hand: Hand, rng: random.Random) -> None:
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DRAW:
            hole = hand.hole_cards(pending.seat)
            hand.draw(hole[:rng.randrange(min(3, pending.count) + 1)])
            continue
        legal = pending.legal
        if pending.kind is PendingKind.BRING_IN:
            hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
            continue
        roll = rng.random()
        if legal.raise_kind is not None and roll < 0.5:
            if legal.fixed_amounts:
                hand.act(Action.raise_to(rng.choice(legal.fixed_amounts)))
            else:
                hand.act(Action.raise_to(rng.choice((legal.min_to, legal.max_to, (legal.min_to + legal.max_to) // 2))))
        elif legal.can_check:
            hand.act(Action.check())
        elif roll < 0.6:
            hand.act(Action.fold())
        else:
            hand.act(Action.call())


@pytest.mark.parametrize("variant, stakes", GAMES, ids=lambda game: getattr(game, "name", ""))
def test_a_hand_exactly_at_the_limit_plays_to_its_end_with_every_chip_kept(variant, stakes):
    room = MAX_CHIPS - _stakes_chips(variant, stakes)
    played = 0
    for seed in range(40):
        rng = random.Random(seed)
        # Deep stacks of very different sizes; one seat short of the rest.
        big = rng.randrange(room // 4, room // 2)
        stacks = {0: big, 1: room - big - 1000 - (seed + 1), 2: 1000, 3: seed + 1}
        assert sum(stacks.values()) + _stakes_chips(variant, stakes) == MAX_CHIPS  # exactly at the limit
        hand = Hand(variant, stacks, button=3, stakes=stakes, seed=seed, log=False)
        _play(hand, rng)
        result = hand.result
        assert sum(result.stacks.values()) == room  # no chip made or lost
        assert all(type(chips) is int and chips >= 0 for chips in result.stacks.values())
        played += max(result.stacks.values()) > 2 ** 61  # big pots were won
    assert played


def test_a_betting_round_at_the_limit_moves_every_chip():
    # Stacks, big bet and blind: exactly 2**62.
    state = BettingRound.start(Structure.no_limit(2), [MAX_CHIPS // 2 - 4, MAX_CHIPS // 2], 0,
                               forced=[ForcedBet.blind(1, 2)])
    state.apply(Action.all_in())
    assert state.current_bet == MAX_CHIPS // 2 - 4 and type(state.current_bet) is int
    state.apply(Action.call())
    assert state.is_over and state.stacks == [0, 4] and sum(state.contributed) == MAX_CHIPS - 8
    with pytest.raises(ChipLimitError):
        BettingRound.start(Structure.no_limit(2), [MAX_CHIPS // 2 - 3, MAX_CHIPS // 2], 0,
                           forced=[ForcedBet.blind(1, 2)])
