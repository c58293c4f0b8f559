"""The draw step's fast paths (rules: The games and their flow, draws): the engine's own
deck serving a draw straight off its stack, the discards read as bits of an int, and the
showdown's show-or-muck test, each against a slower path or a readable reference."""

from __future__ import annotations

import itertools
import random

import pytest

from pokerhash.engine import (BADUGI, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, Hand, Options,
                              PendingKind, Stakes)
from pokerhash.engine import events as ev
from pokerhash.engine.hand import _held_ints, _kept, _may_win
from pokerhash.pots import Pot

BLINDS = Stakes(blinds=(1, 2))
FIXED = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)


def reference_held_ints(discards, held):
    """The draw's accepted discards as a tuple: a tuple or list of distinct ints (not
    bools) that are all held; None for any other form (parsed and checked the slow way)."""
    if type(discards) not in (tuple, list):
        return None
    if any(type(c) is not int or c not in held for c in discards) or len(set(discards)) != len(discards):
        return None
    return tuple(discards)


def reference_may_win(seat, shown, pots, highs, lows):
    """The rules' test as first written: max() of the shown hands in each pot."""
    for pot in pots:
        if seat not in pot.eligible:
            continue
        rivals = [s for s in shown if s in pot.eligible]
        for run, high in enumerate(highs):
            if not rivals or high[seat] >= max([high[s] for s in rivals]):
                return True
            low = lows[run]
            if low is not None and low[seat] and low[seat] >= max([low[s] for s in rivals]):
                return True
    return False


@pytest.mark.smoke
def test_discards_read_as_bits_match_the_reference_on_every_subset_of_random_hands():
    # Every card 0..51 appears: a bit past 31 must not overflow (a C int literal would).
    rng = random.Random(5)
    hands = [tuple(rng.sample(range(52), size)) for size in (4, 5) for _ in range(60)]
    hands.append((47, 48, 49, 50, 51))
    for held in hands:
        for k in range(len(held) + 1):
            for thrown in itertools.permutations(held, k):
                for form in (tuple, list):
                    given = form(thrown)
                    got = _held_ints(given, held)
                    assert got == tuple(thrown)
                    # Always an exact tuple (draw() stores it): a tuple given is that
                    # tuple, a list its copy, left as it was.
                    assert type(got) is tuple
                    assert got is given if form is tuple else given == list(thrown)
                assert _kept(held, thrown) == [c for c in held if c not in thrown]


@pytest.mark.smoke
def test_discards_the_fast_path_refuses_match_the_reference():
    held = (3, 17, 33, 44, 51)
    other = [c for c in range(52) if c not in held][:3]
    refused = [(3, 3), [51, 51], (True,), (3, 52), (-1,), (2 ** 70,), (float(3),), (33, other[0]), "3 17",
               {3}, (3, "As"), None, (33, 44, 51, 33)]
    for discards in refused:
        assert _held_ints(discards, held) is None
        assert reference_held_ints(discards, held) is None


@pytest.mark.smoke
def test_show_or_muck_matches_the_reference_on_random_showdowns():
    rng = random.Random(11)
    for _ in range(3000):
        seats = rng.sample(range(10), rng.randint(2, 7))
        pots = tuple(Pot(rng.randint(1, 50), tuple(sorted(rng.sample(seats, rng.randint(1, len(seats))))))
                     for _ in range(rng.randint(1, 3)))
        runs = rng.randint(1, 2)
        highs = [{s: rng.choice([-1, 1, 2, 3, 5000, 2 ** 40]) for s in seats} for _ in range(runs)]
        lows = [None if rng.random() < 0.4 else {s: rng.choice([0, 0, 1, 2, 3]) for s in seats}
                for _ in range(runs)]
        if any(low is None for low in lows):
            lows = [None] * runs
        shown = rng.sample(seats, rng.randint(0, len(seats) - 1))
        seat = rng.choice([s for s in seats if s not in shown])
        assert _may_win(seat, shown, pots, highs, lows) == reference_may_win(seat, shown, pots, highs, lows)


def play(variant, stakes, players, seed, large=False):
    """A hand on the engine's own deck, random calls and checks, random discards of up
    to the most allowed (as tuples and lists) so that long draws empty the stub."""
    rng = random.Random(seed)
    hand = Hand(variant, {s: 500 for s in range(players)}, button=players - 1, stakes=stakes, seed=seed,
                options=Options(large_draw_tables=large))
    while not hand.is_over:
        kind, seat, legal, count, _ = hand.pending
        if kind is PendingKind.DRAW:
            held = list(hand.hole_cards(seat))
            rng.shuffle(held)
            discards = held[:rng.randint(0, count)]
            received = hand.draw(tuple(discards) if rng.random() < 0.5 else discards)
            assert len(received) == len(discards)
            now = hand.hole_cards(seat)
            assert not set(discards) & set(now) and now[len(now) - len(received):] == received
        elif legal.can_check:
            hand.check() if rng.random() < 0.8 or legal.raise_kind is None else hand.raise_to(legal.min_to)
        else:
            hand.call() if rng.random() < 0.9 or legal.raise_kind is None else hand.raise_to(legal.min_to)
    return hand


GAMES = [(DEUCE7_SINGLE_DRAW, BLINDS, 6, False), (DEUCE7_TRIPLE_DRAW, FIXED, 6, False), (BADUGI, FIXED, 6, False),
         (DEUCE7_TRIPLE_DRAW, FIXED, 8, True), (BADUGI, FIXED, 8, True), (FIVE_CARD_DRAW, BLINDS, 5, False)]


@pytest.mark.parametrize("variant, stakes, players, large", GAMES,
                         ids=["2-7-single", "2-7-triple", "badugi", "2-7-triple-8", "badugi-8", "five-card-draw"])
def test_the_decks_draws_replay_through_the_callers_path_and_keep_every_card_once(variant, stakes, players, large):
    # The caller's deal (replay) takes the stub rule's general path; the engine's own
    # deck the fast one while the stub covers the draw: the same events, card for card.
    reshuffles = 0
    for seed in range(25):
        hand = play(variant, stakes, players, seed, large)
        events = hand.events
        Hand.replay(events)  # raises at the first event that differs
        reshuffles += sum(1 for e in events if type(e) is ev.Reshuffle)
        held = [c for seat in hand.seats for c in hand.hole_cards(seat)]
        assert len(held) == len(set(held)) == players * len(hand.hole_cards(hand.seats[0]))
        assert sum(hand.result.stacks.values()) == 500 * players
    if players >= 6 and variant is not DEUCE7_SINGLE_DRAW:
        assert reshuffles  # the general path (a new stub) is reached as well


@pytest.mark.smoke
def test_a_draws_pending_names_its_seat_and_most_cards_whatever_drew_before():
    # The draw's Pending records are shared by seat (Hand._next_draw): the same seat in
    # games of different most cards (five in 2-7, four in badugi), seats past the small
    # ints Python keeps once, and a seat equal to another's (True and 1) each get their own.
    from pokerhash.engine import Pending

    cases = [(DEUCE7_TRIPLE_DRAW, (0, 1, 2)), (BADUGI, (0, 1, 2)), (DEUCE7_TRIPLE_DRAW, (0, 1, 2)),
             (BADUGI, (10 ** 6, 10 ** 6 + 1, 10 ** 6 + 2)), (DEUCE7_SINGLE_DRAW, (True, 2, 3)),
             (DEUCE7_SINGLE_DRAW, (0, 1, 2))]
    for seed, (variant, seats) in enumerate(cases):
        stakes = BLINDS if variant is DEUCE7_SINGLE_DRAW else FIXED
        hand = Hand(variant, {seat: 100 for seat in seats}, button=seats[-1], stakes=stakes, seed=seed, log=False)
        most = 5 if variant is not BADUGI else 4
        draws = 0
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                assert pending == Pending(PendingKind.DRAW, pending.seat, None, most, "")
                assert type(pending.seat) is type(seats[hand.player_index(pending.seat)])
                assert pending.seat in seats and pending.seat is hand.seats[hand.player_index(pending.seat)]
                draws += 1
                hand.draw(hand.hole_cards(pending.seat)[:1])
            else:
                hand.check() if pending.legal.can_check else hand.call()
        assert draws >= len(seats)
