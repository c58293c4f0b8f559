"""The engine's fast paths of Turkish poker and of dealing (issue 26): the opening check
as one comparison of the evaluator's value, the deal and the draw served straight off the
deck's stack, and the deck's shuffle by positions, each against the slower path it
replaces or a readable reference (rules: Turkish poker; The games and their flow, draws)."""

from __future__ import annotations

import itertools
import random

import pytest

from pokerhash.cards import Deck
from pokerhash.engine import (DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, STUD, TURKISH_POKER, Hand, PendingKind,
                              Stakes)
from pokerhash.engine.hand import _OPENING_THRESHOLD, _may_open
from pokerhash.engine.variants import TURKISH_OPENERS, Opening, kings_or_better
from pokerhash.errors import InvalidCardError
from pokerhash.evaluators.turkish import can_open_turkish, evaluate_turkish_batch

TURKISH_STAKES = Stakes(ante=2, small_bet=4)


@pytest.mark.parametrize("lowest", [6, 7, 8, 9])
def test_kings_or_better_is_one_class_comparison_on_every_hand_of_every_deck(lowest):
    hands = list(itertools.combinations(range(4 * (lowest - 2), 52), 5))
    values = evaluate_turkish_batch(hands, lowest_rank=lowest)
    open_class, code_bits = _OPENING_THRESHOLD
    for hand, value in zip(hands, values.tolist()):
        assert (value >> code_bits >= open_class) == can_open_turkish(hand, lowest_rank=lowest), hand


@pytest.mark.parametrize("lowest", [6, 7, 8, 9])
def test_the_engines_opening_check_matches_can_open_turkish(lowest):
    rng = random.Random(lowest)
    deck = list(range(4 * (lowest - 2), 52))
    other = Opening(TURKISH_OPENERS.name, kings_or_better)  # not the built-in object: the slow path
    for _ in range(3000):
        hole = tuple(rng.sample(deck, 5))
        expected = can_open_turkish(hole, lowest_rank=lowest)
        assert _may_open(TURKISH_OPENERS, hole, lowest) is expected
        assert _may_open(other, hole, lowest) is expected


def test_the_opening_checks_odd_hands_go_to_can_open_turkish_and_its_errors():
    # A card below the deck, a repeated card, a wrong count: the fast path steps aside
    # and can_open_turkish raises as it always did (never a wrong answer, never a crash).
    for hole in [(0, 48, 49, 50, 51), (48, 48, 49, 50, 51), (47, 48, 49, 50), (44, 45, 46, 47, 48, 49)]:
        with pytest.raises(InvalidCardError):
            _may_open(TURKISH_OPENERS, hole, 6)
    assert _may_open(TURKISH_OPENERS, (44, 45, 46, 47, 48), "6") is True  # a text lowest rank: the slow path


def test_a_hand_dealt_cards_outside_the_stripped_deck_still_refuses_them():
    # Hand() checks only the deck's size: 36 cards of the wrong ranks reach the opening
    # check, which must name the card as before.
    with pytest.raises(InvalidCardError):
        Hand(TURKISH_POKER, {s: 200 for s in range(4)}, button=3, stakes=TURKISH_STAKES,
             deck=Deck(1, range(36)), log=False)


def test_turkish_first_round_decisions_offer_a_bet_exactly_to_openers():
    rng = random.Random(3)
    for players in (2, 3, 4, 5):
        deck = Deck(players, TURKISH_POKER.deck(players))
        for _ in range(300):
            deck.shuffle()
            hand = Hand(TURKISH_POKER, {s: 10_000 for s in range(players)}, button=players - 1,
                        stakes=TURKISH_STAKES, deck=deck, log=False)
            opened = False  # once the pot is opened, anyone may raise
            while hand.pending.kind is PendingKind.DECISION and hand.street == 0 and not opened:
                pending = hand.pending
                opens = can_open_turkish(hand.hole_cards(pending.seat), lowest_rank=hand.lowest_rank)
                assert (pending.legal.raise_kind is not None) == opens
                if not opens:
                    assert pending.legal.no_raise_reason == f"opening needs {TURKISH_OPENERS.name}"
                if opens and rng.random() < 0.3:
                    hand.bet_to(pending.legal.min_to)
                    opened = True
                else:
                    hand.check()


@pytest.mark.parametrize("variant, players, stakes", [
    (HOLDEM, 6, Stakes(blinds=(1, 2))), (TURKISH_POKER, 4, TURKISH_STAKES),
    (FIVE_CARD_DRAW, 5, Stakes(blinds=(1, 2))), (STUD, 6, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8))])
def test_the_deal_off_the_stack_gives_each_player_every_live_th_card_from_the_top(variant, players, stakes):
    deck = Deck(9, variant.deck(players))
    for _ in range(50):
        deck.shuffle()
        top = deck.copy().deal(len(deck))  # the deck's order, its top first
        hand = Hand(variant, {s: 200 for s in range(players)}, button=players - 1, stakes=stakes, deck=deck,
                    log=False)
        count = len(hand.hole_cards(0))
        for position in range(players):
            assert hand.hole_cards(position) == tuple(top[position:count * players:players])
        assert len(deck) == len(top) - count * players


@pytest.mark.parametrize("variant, players, stakes", [
    (DEUCE7_TRIPLE_DRAW, 6, Stakes(blinds=(1, 2), small_bet=2, big_bet=4)), (TURKISH_POKER, 5, TURKISH_STAKES),
    (FIVE_CARD_DRAW, 5, Stakes(blinds=(1, 2)))])
def test_a_draw_keeps_the_cards_not_thrown_in_order_then_the_decks_top_cards(variant, players, stakes):
    rng = random.Random(11)
    deck = Deck(4, variant.deck(players))
    draws = 0
    for _ in range(80):
        deck.shuffle()
        hand = Hand(variant, {s: 1000 for s in range(players)}, button=players - 1, stakes=stakes, deck=deck,
                    log=False)
        while hand.pending.kind is not PendingKind.OVER:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                held = hand.hole_cards(pending.seat)
                thrown = rng.sample(held, rng.randint(0, pending.count))
                before = deck.copy()
                received = hand.draw(thrown)
                if received and len(before) > len(thrown):  # no new stub: the deck's next cards
                    assert received == tuple(before.deal(len(thrown)))
                    assert len(deck) == len(before)
                    draws += 1
                assert hand.hole_cards(pending.seat) == tuple(c for c in held if c not in thrown) + received
            elif pending.legal.can_check:
                hand.check()
            else:
                hand.call()
    assert draws > 100


def test_the_shuffle_by_positions_keeps_every_seeded_order():
    # The deck's orders as the C shuffle of the cards' values gave them (the orders of
    # _equity.shuffled, which shuffles values): positions shuffled give the same.
    from pokerhash._equity import shuffled
    from pokerhash.cards import _deck_key

    for seed in range(40):
        cards = list(range(16, 52)) if seed % 2 else list(range(52))
        deck, key = Deck(seed, cards), _deck_key(seed, 0)
        assert deck.copy().deal(len(deck))[::-1] == shuffled(tuple(cards), key, 0, 0)
        deck.shuffle()
        assert deck.copy().deal(len(deck))[::-1] == shuffled(tuple(cards), key, 0, 1)
        stub = cards[::3]
        deck.restock(stub)
        assert deck.copy().deal(len(deck))[::-1] == shuffled(stub, key, 0, 2)
