"""Hand._deal_players_ints, the rest of a deal of the players' cards in one call (the site
replay's): the same hand as one _deal_ints call per player gives, each player's cards
refused as _deal_ints refuses them at that player's turn (same error, same message),
and after a refusal the hand exactly as it was, the earlier players undealt too."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action
from pokerhash.engine import HOLDEM, PLO, STUD, TURKISH_POKER, Hand, Options, PendingKind, Stakes
from pokerhash.errors import CardTypeError, IllegalActionError, InvalidCardError, PokerhashError

from test_engine_deal_ints import BLINDS, GAMES, bad_deals, free_cards, state


def round_players(hand):
    """The engine's indexes of the players the current deal still asks for."""
    first = hand._index[hand.pending.seat]
    return [i for i in range(first, hand._n) if not hand._folded[i]]


def bad_rounds(hand, good, rng):
    """Rounds of cards the batch must refuse: one player's cards (a random one) bad as
    bad_deals makes them, or holding a card of an earlier player of the round."""
    bad = []
    for j in range(len(good)):
        seq = hand.clone()  # _deal_ints, one player at a time, up to player j
        for cards in good[:j]:
            seq._deal_ints(cards)
        for wrong in bad_deals(seq, rng):
            bad.append((good[:j] + [wrong] + good[j + 1:], seq, j))
        if j:
            earlier = rng.choice([c for cards in good[:j] for c in cards])
            bad.append((good[:j] + [(earlier,) + good[j][1:]] + good[j + 1:], seq, j))
    bad.append((good[:-1], None, None))  # one player's cards missing
    bad.append((good + [good[-1]], None, None))  # one player too many
    return bad


def play(variant, players, seed, check_errors=True):
    """One random hand dealt by the caller, played twice in step: a deal of the players'
    cards one _deal_ints call per player, and one _deal_players_ints call; the two hands
    equal after every deal round and every action."""
    rng = random.Random(seed)
    stacks = {seat: rng.choice([40, 100, 300]) for seat in range(players)}
    options = Options(large_draw_tables=variant.is_draw)
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8) if variant.is_stud else \
        None if variant is TURKISH_POKER else BLINDS
    by_one = Hand(variant, stacks, button=players - 1, stakes=stakes, options=options, deal="caller")
    by_round = Hand(variant, stacks, button=players - 1, stakes=stakes, options=options, deal="caller")
    rounds = 0
    while not by_one.is_over:
        pending = by_one.pending
        if pending.kind is PendingKind.DEAL and pending.target in ("hole", "up"):
            good = []
            free = free_cards(by_one)
            rng.shuffle(free)
            for _ in round_players(by_one):
                good.append(tuple(free[:pending.count]))
                del free[:pending.count]
            if check_errors:
                for bad, seq, j in bad_rounds(by_round, good, rng):
                    before = state(by_round)
                    with pytest.raises(PokerhashError) as got:
                        by_round._deal_players_ints(bad)
                    assert state(by_round) == before, bad
                    if seq is not None:
                        # the error _deal_ints gives at the refused player's turn
                        with pytest.raises(PokerhashError) as expected:
                            seq._deal_ints(bad[j])
                        assert type(got.value) is type(expected.value) and str(got.value) == str(expected.value)
                    else:
                        assert type(got.value) is IllegalActionError and "to be dealt" in str(got.value)
            for cards in good:
                by_one._deal_ints(cards)
            # any sequence of sequences, as tuples
            assert by_round._deal_players_ints([list(cards) for cards in good]) is None
            rounds += 1
        elif pending.kind is PendingKind.DEAL:
            if check_errors and pending.count:
                with pytest.raises(IllegalActionError, match="not a deal of the players' cards"):
                    by_round._deal_players_ints(((),))
            cards = () if pending.target == "burn" and rng.random() < 0.5 else \
                tuple(rng.sample(free_cards(by_one), pending.count))
            by_one._deal_ints(cards)
            by_round._deal_ints(cards)
        else:
            if check_errors and pending.kind is not PendingKind.DEAL:
                with pytest.raises(IllegalActionError, match="no deal now"):
                    by_round._deal_players_ints(((0, 1),))
            step(by_one, by_round, pending, rng)
        assert state(by_round) == state(by_one)
    assert repr(by_round.result) == repr(by_one.result)
    return rounds


def step(one, other, pending, rng):
    """A random draw, bring-in or action, played on both hands."""
    if pending.kind is PendingKind.DRAW:
        held = one.hole_cards(pending.seat)
        discards = tuple(rng.sample(held, rng.randint(0, min(pending.count, len(held)))))
        for hand in (one, other):
            hand.draw(discards)
        return
    if pending.kind is PendingKind.BRING_IN:
        for hand in (one, other):
            hand.bring_in()
        return
    legal = pending.legal
    choices = [Action.check() if legal.can_check else Action.call()] * 3
    if not legal.can_check:
        choices.append(Action.fold())
    if legal.raise_kind is not None:
        choices.append(Action.bet_to(legal.min_to if not legal.fixed_amounts else legal.fixed_amounts[0]))
    action = rng.choice(choices)
    for hand in (one, other):
        hand.act(action)


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(GAMES), st.integers(2, 8), st.integers(0, 10 ** 6))
def test_property_deal_players_ints_plays_the_hand_deal_ints_plays(variant, players, seed):
    most = variant.player_limits(variant.is_draw)[1]
    assert play(variant, min(players, most), seed) > 0


def test_stud_rounds_skip_the_folded():
    # Stud's later streets: a player who folded is dealt nothing, as _deal_to_players skips him.
    for seed in range(30):
        play(STUD, 7, seed, check_errors=seed < 3)


def test_refused_rounds_leave_the_hand_as_it_was():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=BLINDS, deal="caller")
    before = state(hand)
    for bad, error, message in [
        (((0, 1), (2, 3)), IllegalActionError, "cards for 2 player"),
        (((0, 1), (2, 3), (4, 5), (6, 7)), IllegalActionError, "cards for 4 player"),
        (((0, 1), (2, 3), (4, 1)), InvalidCardError, "2d cannot be dealt: it is already in play"),
        (((0, 1), (2, 3), (4, 4)), InvalidCardError, "card 3c appears more than once"),
        (((0, 1), (2, 3), (4,)), IllegalActionError, "hole cards to seat 3: got 1 cards"),
        (((0, 1), (2, 3, 5), (4, 6)), IllegalActionError, "hole cards to seat 2: got 3 cards"),
        (((0, 1), (2, 52), (4, 6)), InvalidCardError, "card 52 is outside 0..51"),
        (((0, 1), (2, 3), (4, "As")), CardTypeError, "an int 0..51, not str"),
        (((0, True), (2, 3), (4, 5)), CardTypeError, "an int 0..51, not bool"),
    ]:
        with pytest.raises(error, match=message):
            hand._deal_players_ints(bad)
        assert state(hand) == before
    hand._deal_players_ints(((0, 1), (2, 3), (4, 5)))
    assert [hand.hole_cards(s) for s in (1, 2, 3)] == [(0, 1), (2, 3), (4, 5)]
    assert hand.pending.kind is PendingKind.DECISION


def test_a_round_begun_one_by_one():
    # After _deal_ints of the first player, the call deals the others.
    one = Hand(PLO, {s: 100 for s in range(4)}, button=3, stakes=BLINDS, deal="caller")
    other = one.clone()
    cards = [tuple(range(4 * k, 4 * k + 4)) for k in range(4)]
    for got in cards:
        one._deal_ints(got)
    other._deal_ints(cards[0])
    other._deal_players_ints(tuple(cards[1:]))
    assert state(other) == state(one)
