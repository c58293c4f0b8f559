"""Hand._deal_ints, the caller's deal of cards already held as ints (the site replay's):
the same hand as deal() gives, deal()'s errors for the same cards, and after an error
the hand exactly as it was."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action
from pokerhash.engine import (BADUGI, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO, RAZZ, SHORTDECK, STUD,
                              TURKISH_POKER, Hand, Options, PendingKind, Stakes)
from pokerhash.errors import CardTypeError, IllegalActionError, InvalidCardError, PokerhashError

GAMES = [HOLDEM, PLO, OMAHA_HI_LO, SHORTDECK, STUD, RAZZ, FIVE_CARD_DRAW, DEUCE7_TRIPLE_DRAW, BADUGI, TURKISH_POKER]
BLINDS = Stakes(blinds=(1, 2))

# Every field of a hand (Hand.__slots__), what state() reads.
FIELDS = ("variant", "stakes", "options", "seats", "button", "structure", "_index", "_n", "_program", "_pc",
          "_stacks", "_contributed", "_folded", "_initial", "_hole", "_up", "_board", "_boards", "_deck", "_script",
          "_used", "_stub", "_muck", "_lowest", "_pending", "_deal_next", "_discarded", "_opener", "_aggressor",
          "_twice", "_result", "_street", "_caller", "_deck_cards", "_deck_set", "_missed", "_dead", "_conceded",
          "_kept", "_opening", "_forced", "_by_showing")


def state(hand):
    """The hand's whole state as values (lists and sets copied), with its betting round's
    bets and its event log."""
    fields = []
    for name in FIELDS:
        value = getattr(hand, name)
        fields.append(sorted(value) if isinstance(value, set) else list(value) if isinstance(value, list) else value)
    return fields, hand.round_bets()[:], hand.events, hand.pending


def free_cards(hand):
    """The cards a caller may deal now: the deck's not in play (for a draw past the stub,
    the muck's too: the stub rule's new stub takes it back)."""
    pending = hand.pending
    freed = hand._muck if pending.target == "draw" and pending.count > hand._stub - 1 else []
    return [c for c in hand._deck_cards if c not in hand._used or c in freed]


def bad_deals(hand, rng):
    """Deals deal() refuses now, each with the cards as ints."""
    pending = hand.pending
    count = pending.count
    free = free_cards(hand)
    bad = [tuple(free[:count + 1])] if len(free) > count else []  # the wrong count
    if count > 1 or pending.target != "burn":  # (no card for a burn of one: burned unseen)
        bad.append(tuple(free[:count - 1]))
    if count >= 2:
        bad.append((free[0],) * 2 + tuple(free[2:count]))  # a repeat
    if count:
        bad.append((52,) + tuple(free[1:count]))  # no card
        bad.append((-1,) + tuple(free[1:count]))
        in_play = [c for c in hand._used if c not in free]
        if in_play:
            bad.append((rng.choice(in_play),) + tuple(free[1:count]))
        outside = [c for c in range(52) if c not in hand._deck_set]
        if outside:  # a short deck's
            bad.append(tuple(free[:count - 1]) + (rng.choice(outside),))
    return bad


def play(variant, players, seed, check_errors=True):
    """One random hand dealt by the caller, played twice in step: by deal() and by
    _deal_ints; the two equal after every step; at deals, refused cards refused alike."""
    rng = random.Random(seed)
    stacks = {seat: rng.choice([40, 100, 300]) for seat in range(players)}
    options = Options(large_draw_tables=variant.is_draw)
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8) if variant.is_stud else \
        None if variant is TURKISH_POKER else BLINDS  # (Turkish poker: its antes, Stakes.default)
    by_deal = Hand(variant, stacks, button=players - 1, stakes=stakes, options=options, deal="caller")
    by_ints = Hand(variant, stacks, button=players - 1, stakes=stakes, options=options, deal="caller")
    steps = 0
    while not by_deal.is_over:
        pending = by_deal.pending
        if pending.kind is PendingKind.DEAL:
            if check_errors:
                for bad in bad_deals(by_deal, rng):
                    before = state(by_ints)
                    with pytest.raises(PokerhashError) as expected:
                        by_deal.clone().deal(bad)
                    with pytest.raises(PokerhashError) as got:
                        by_ints._deal_ints(bad)
                    assert type(got.value) is type(expected.value) and str(got.value) == str(expected.value), bad
                    assert state(by_ints) == before, bad
            if pending.target == "burn" and rng.random() < 0.5:
                cards = ()  # burned unseen
            else:
                cards = tuple(rng.sample(free_cards(by_deal), pending.count))
            assert by_ints._deal_ints(cards) is None
            assert by_deal.deal(cards) == cards
        elif pending.kind is PendingKind.DRAW:
            held = by_deal.hole_cards(pending.seat)
            thrown = tuple(rng.sample(held, rng.randint(0, min(pending.count, len(held)))))
            by_deal.draw(thrown)
            by_ints.draw(thrown)
        elif pending.kind is PendingKind.BRING_IN:
            by_deal.bring_in()
            by_ints.bring_in()
        else:
            legal = pending.legal
            roll = rng.random()
            if roll < 0.1 and not legal.can_check:
                action = Action.fold()
            elif roll < 0.3 and legal.raise_kind is not None:
                action = Action.bet_to(legal.fixed_amounts[0] if legal.fixed_amounts else legal.min_to)
            else:
                action = Action.check() if legal.can_check else Action.call()
            by_deal.act(action)
            by_ints.act(action)
        assert state(by_ints) == state(by_deal)
        steps += 1
    assert repr(by_ints.result) == repr(by_deal.result)
    return steps


@settings(max_examples=60, deadline=None)
@given(game=st.integers(0, len(GAMES) - 1), players=st.integers(2, 8), seed=st.integers(0, 10 ** 6))
def test_property_deal_ints_plays_the_hand_deal_plays(game, players, seed):
    variant = GAMES[game]
    players = min(players, variant.player_limits(variant.is_draw)[1])
    assert play(variant, players, seed) > 0


def play_past_the_stub(seed, at_past_stub):
    """Eight players of triple draw throwing hard (new stubs from the muck), dealt by
    _deal_ints; at each draw past the stub ``at_past_stub(hand, pending)`` deals instead."""
    rng = random.Random(seed)
    hand = Hand(DEUCE7_TRIPLE_DRAW, {s: 1000 for s in range(8)}, button=7, stakes=BLINDS,
                options=Options(large_draw_tables=True), deal="caller")
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DEAL:
            if pending.target == "draw" and pending.count > hand._stub - 1:
                at_past_stub(hand, pending)
            else:
                hand._deal_ints(tuple(rng.sample(free_cards(hand), pending.count)) if pending.count else ())
        elif pending.kind is PendingKind.DRAW:
            hand.draw(hand.hole_cards(pending.seat)[:pending.count])
        else:
            hand.act(Action.check() if pending.legal.can_check else Action.call())


def test_draws_past_the_stub_deal_the_muck_again():
    passed = []

    def muck_again(hand, pending):
        muck = [c for c in hand._muck if c >= 0]
        assert muck and all(c in hand._used for c in muck)
        # a card of the muck is dealt again (checked before the new stub is made)
        cards = (muck[0],) + tuple(c for c in free_cards(hand) if c != muck[0])[:pending.count - 1]
        hand._deal_ints(cards)
        assert hand.hole_cards(pending.seat)[-pending.count:] == cards
        passed.append(1)

    for seed in range(40):
        play_past_the_stub(seed, muck_again)
    assert passed
    for seed in range(3):
        play(DEUCE7_TRIPLE_DRAW, 8, seed)


def test_refused_deals_leave_the_hand_as_it_was():
    hand = Hand(SHORTDECK, {4: 100, 6: 100}, button=4, stakes=BLINDS, deal="caller")
    as_, ks = 51, 47
    hand._deal_ints((as_, ks))
    before = state(hand)
    for bad, error, message in [
        ((as_, 50), InvalidCardError, "As cannot be dealt: it is already in play"),
        ((50, 0), InvalidCardError, "2c cannot be dealt: it is not in the 36-card deck"),  # a short deck's
        ((50, 50), InvalidCardError, "card Ah appears more than once"),
        ((50,), IllegalActionError, "got 1 cards"),
        ((50, 49, 48), IllegalActionError, "got 3 cards"),
        ((), IllegalActionError, "got 0 cards"),
        ((50, 52), InvalidCardError, "card 52 is outside 0..51"),
        ((50, "As"), CardTypeError, "an int 0..51, not str"),
        ((50, True), CardTypeError, "an int 0..51, not bool"),
        ((50, 49.0), CardTypeError, "an int 0..51, not float"),
    ]:
        with pytest.raises(error, match=message):
            hand._deal_ints(bad)
        assert state(hand) == before
    hand._deal_ints([50, 49])  # any sequence of ints, as a tuple
    assert hand.hole_cards(6) == (51, 47) and hand.hole_cards(4) == (50, 49)
    assert hand.pending.kind is PendingKind.DECISION
    with pytest.raises(IllegalActionError, match="no deal now"):
        hand._deal_ints((48, 46))
    hand.call()
    hand.check()
    assert hand.pending.target == "burn"
    hand._deal_ints(())  # burned unseen
    with pytest.raises(IllegalActionError, match="got 2 cards"):
        hand._deal_ints((48, 46))
    hand._deal_ints((48, 46, 45))
    assert hand.board == (48, 46, 45)


def test_a_refused_draw_past_the_stub_leaves_the_hand_as_it_was():
    # deal() and _deal_ints check a draw's cards before the stub rule's new stub is made
    # (it takes the muck back and logs a reshuffle): a card in play refused, nothing moved.
    tried = []

    def refuse_then_deal(hand, pending):
        free = free_cards(hand)
        in_play = [c for c in hand._used if c not in free]
        bad = (in_play[0],) + tuple(free[:pending.count - 1])
        before = state(hand)
        for deal in (hand.deal, hand._deal_ints):
            with pytest.raises(InvalidCardError, match="already in play"):
                deal(bad)
            assert state(hand) == before
        tried.append(1)
        hand._deal_ints(tuple(free[:pending.count]))

    for seed in range(40):
        play_past_the_stub(seed, refuse_then_deal)
    assert tried
