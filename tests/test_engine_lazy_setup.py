"""What a hand builds lazily or shares (issue 26): the HandResult is built when first
read, from the stacks the hand ended with, and is then the same object; Hand()'s cache of
what a game, stakes, options and player count share skips only the checks of those
objects (stacks and missed blinds are checked on every hand), and a hand built on a
cache hit is the hand built on a miss."""

from __future__ import annotations

import pytest

from pokerhash.betting import Action, Limit
from pokerhash.engine import DEUCE7_TRIPLE_DRAW, HOLDEM, STUD, Hand, HandResult, Options, Stakes
from pokerhash.engine import hand as hand_module
from pokerhash.errors import ChipLimitError, IllegalActionError, InvalidValueError

STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def _finished(variant, stakes, seed, options=Options(), stacks=None):
    hand = Hand(variant, stacks or {seat: 100 for seat in range(4)}, button=3, stakes=stakes, options=options,
                seed=seed)
    while not hand.is_over:
        hand.timeout() if hand.pending.kind.value != "decision" else hand.act(Action.call()) \
            if not hand.pending.legal.can_check else hand.act(Action.check())
    return hand


def test_result_is_built_once_from_the_final_stacks():
    hand = _finished(HOLDEM, Stakes(blinds=(1, 2)), seed=5)
    result = hand.result
    assert isinstance(result, HandResult)
    assert hand.result is result
    assert result.stacks == hand.stacks
    assert result.net == {seat: hand.stacks[seat] - 100 for seat in hand.seats}
    assert sum(result.net.values()) == -result.rake
    assert result.winners == tuple(sorted(result.payouts))
    # The event log's wins are the result's payouts.
    wins = {}
    for event in hand.events:
        if type(event).__name__ == "Win":
            wins[event.seat] = wins.get(event.seat, 0) + event.amount
    assert wins == result.payouts


def test_clone_of_a_finished_hand_reads_the_same_result():
    hand = _finished(DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2), small_bet=2, big_bet=4), seed=9)
    other = hand.clone()
    assert other.result == hand.result


def test_result_at_a_capped_table_counts_the_chips_kept_behind():
    hand = _finished(HOLDEM, Stakes(blinds=(1, 2)), seed=3, options=Options(cap=10),
                     stacks={0: 100, 1: 5, 2: 100, 3: 100})
    result = hand.result
    assert sum(result.stacks.values()) + result.rake == 305
    for seat in hand.seats:
        assert result.stacks[seat] == hand.stacks[seat] + max(0, (100 if seat != 1 else 5) - 10)


def test_result_before_the_end_still_raises():
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, seed=1)
    with pytest.raises(Exception, match="not over"):
        hand.result
    with pytest.raises(IllegalActionError, match="not over"):
        hand.nets()


def test_nets_at_a_capped_table_are_the_results():
    hand = _finished(HOLDEM, Stakes(blinds=(1, 2)), seed=3, options=Options(cap=10),
                     stacks={0: 100, 1: 5, 2: 100, 3: 100})
    nets = hand.nets()
    assert nets == [hand.result.net[seat] for seat in hand.seats]
    assert nets == [hand.stacks[seat] - min(10, 100 if seat != 1 else 5) for seat in hand.seats]


def test_hands_on_a_cache_hit_are_the_hands_of_a_miss():
    stakes, options = Stakes(blinds=(1, 2)), Options()
    hand_module._TABLES.clear()
    first = Hand(HOLDEM, {seat: 100 for seat in range(6)}, button=5, stakes=stakes, options=options, seed=7)
    assert len(hand_module._TABLES) == 1
    second = Hand(HOLDEM, {seat: 100 for seat in range(6)}, button=5, stakes=stakes, options=options, seed=7)
    assert second.events == first.events
    assert second.pending == first.pending
    # Stud without a bring-in: the default filled in, on a miss and on a hit alike.
    no_bring_in = Stakes(ante=1, small_bet=10, big_bet=20)
    hands = [Hand(STUD, {seat: 100 for seat in range(4)}, button=3, stakes=no_bring_in, seed=2) for _ in range(2)]
    assert hands[0].stakes == hands[1].stakes
    assert hands[0].stakes.bring_in == 5
    assert hands[0].events[0].stakes is no_bring_in and hands[1].events[0].stakes is no_bring_in
    # No stakes: the game's defaults, on a miss and on a hit.
    defaults = [Hand(HOLDEM, {0: 50, 1: 50}, button=1, seed=4) for _ in range(2)]
    assert defaults[0].stakes == defaults[1].stakes == Stakes.default(HOLDEM)


def test_a_cache_hit_still_checks_the_stacks_and_the_chip_limit():
    stakes, options = Stakes(blinds=(1, 2)), Options()
    Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=stakes, options=options, seed=1)
    with pytest.raises(InvalidValueError, match="every player needs chips"):
        Hand(HOLDEM, {0: 100, 1: 0, 2: 100}, button=2, stakes=stakes, options=options, seed=1)
    with pytest.raises(ChipLimitError):
        Hand(HOLDEM, {0: 2**62, 1: 100, 2: 100}, button=2, stakes=stakes, options=options, seed=1)
    with pytest.raises(InvalidValueError, match="missed blinds"):
        Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=stakes, options=options, seed=1,
             missed_blinds={7: (2, 0)})


def test_a_failed_check_is_not_cached():
    bad = Stakes(blinds=(1, 2), straddle=4, straddle_position=1)
    for _ in range(2):
        with pytest.raises(InvalidValueError, match="straddle_position"):
            Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=bad, seed=1)


def _play_pair(variant, seed, options):
    """The same random hand twice, logged and not: the log-off hand takes _finish's
    lazy path (no rake, one board, the rules' odd chips), the logged one the full one."""
    import random

    rng = random.Random(seed)
    players = rng.randrange(*variant.player_limits(False)[:1], variant.player_limits(False)[1] + 1)
    stacks = {seat * 2: rng.choice((3, 7, 12, 30, 100, 250)) for seat in range(players)}
    hands = [Hand(variant, stacks, button=0, options=options, seed=seed, log=log) for log in (True, False)]
    while not hands[0].is_over:
        pending = hands[0].pending
        assert hands[1].pending == pending
        roll = rng.random()
        if pending.kind.value == "draw":
            held = hands[0].hole_cards(pending.seat)
            discards = held[:rng.randrange(min(pending.count, len(held)) + 1)]
            for hand in hands:
                hand.draw(discards)
            continue
        if roll < 0.05 and pending.kind.value == "decision":
            for hand in hands:
                hand.muck(pending.seat)
        legal = pending.legal
        if pending.kind.value == "bring-in":
            action = Action.bet_to(legal.fixed_amounts[rng.randrange(len(legal.fixed_amounts))])
        elif roll < 0.1 and not legal.can_check:
            action = Action.fold()
        elif roll < 0.35 and legal.raise_kind is not None:
            action = Action.raise_to(legal.max_to if legal.fixed_amounts is None else legal.fixed_amounts[-1])
        elif roll < 0.4 and legal.raise_kind is not None and variant.limit is Limit.NO_LIMIT:
            action = Action.all_in()
        else:
            action = Action.check() if legal.can_check else Action.call()
        for hand in hands:
            hand.act(action)
    assert hands[1].is_over
    # The stacks are paid before the result is read; then the results are the same records.
    assert hands[1].stacks == hands[0].stacks
    assert hands[1].result == hands[0].result
    assert repr(hands[1].result) == repr(hands[0].result)
    assert hands[1].stacks == hands[0].stacks
    return hands[1].result


@pytest.mark.parametrize("name", sorted(__import__("pokerhash.engine", fromlist=["VARIANTS"]).VARIANTS))
def test_an_unlogged_hand_ends_as_a_logged_one(name):
    from pokerhash.engine import VARIANTS

    variant = VARIANTS[name]
    for seed in range(60):
        _play_pair(variant, seed, Options())
    for seed in range(60, 70):
        _play_pair(variant, seed, Options(show_all=True))


@pytest.mark.parametrize("variant, stakes, players", [
    (HOLDEM, Stakes(blinds=(1, 2)), 6), (HOLDEM, Stakes(blinds=(1, 2)), 9), (STUD, STUD_STAKES, 7),
    (DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2), small_bet=2, big_bet=4), 6)])
def test_a_deal_from_the_deck_is_the_deck_dealt_in_order(variant, stakes, players):
    """Many cards at once come off the deck's stack as one slice (_pop_onto): the same
    cards in the same order as card by card, i.e. as the deck's own deal (a script of it)."""
    from pokerhash.cards import Deck

    stacks = {seat: 200 for seat in range(players)}
    for seed in range(5):
        deck = Deck(seed, variant.deck(players))
        order = deck.copy().deal(len(deck))
        hands = [Hand(variant, stacks, button=players - 1, stakes=stakes, deck=deck, log=False),
                 Hand(variant, stacks, button=players - 1, stakes=stakes, cards=order, log=False)]
        while not hands[0].is_over:
            pending = hands[0].pending
            assert hands[1].pending == pending
            for hand in hands:
                if pending.kind.value == "draw":
                    hand.draw(hand.hole_cards(pending.seat)[:1])
                elif pending.kind.value == "bring-in":
                    hand.act(Action.bet_to(pending.legal.min_to))
                else:
                    hand.act(Action.check() if pending.legal.can_check else Action.call())
            assert [hands[0].hole_cards(seat) for seat in stacks] == [hands[1].hole_cards(seat) for seat in stacks]
            assert hands[0].board == hands[1].board
        assert hands[1].is_over and hands[0].result == hands[1].result
