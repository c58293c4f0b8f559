"""The table between hands (the rules (The games and their flow)): button, stacks, busts, joins, sitting out and
coming back, buy-ins and rebuys; agents and step-by-step play."""

from __future__ import annotations

import random

import pytest

from pokerhash.betting import Action, ForcedKind
from pokerhash.engine import HOLDEM, STUD, TURKISH_POKER, VARIANTS, PendingKind, Stakes, Table
from pokerhash.engine import events as ev
from pokerhash.errors import IllegalActionError, InvalidValueError

BLINDS = Stakes(blinds=(1, 2))


def passive(view):
    """Checks or calls; stands pat; brings in; opens a Turkish pot when it may."""
    pending = view.pending
    if pending.kind is PendingKind.DRAW:
        return ()
    legal = view.legal
    if pending.kind is PendingKind.BRING_IN:
        return Action.bet_to(legal.min_to)
    if view.variant.opening is not None and legal.can_check and legal.raise_kind is not None:
        return Action.bet_to(legal.min_to)
    return Action.check() if legal.can_check else Action.call()


def folder(view):
    pending = view.pending
    return Action.check() if pending.legal.can_check else Action.fold()


def test_button_moves_clockwise_to_the_next_seat_dealt_in_and_stacks_carry():
    table = Table(HOLDEM, BLINDS, seats=9, seed=1)
    for seat in (1, 4, 7):
        table.join(seat, 100)
    buttons = []
    for _ in range(4):
        table.play(folder, hands=1)
        buttons.append(table.button)
    assert buttons == [1, 4, 7, 1]
    assert sum(table.stacks.values()) == 300 and table.hands_played == 4


def test_step_by_step_and_heads_up_button_posts_small_blind():
    table = Table(HOLDEM, BLINDS, seed=2)
    table.join(3, 50)
    table.join(5, 50)
    hand = table.start_hand()
    assert table.button == 3 and hand.pending.seat == 3  # the button is the small blind, first preflop
    assert [e for e in hand.events if isinstance(e, ev.Post)] == [ev.Post(3, ForcedKind.BLIND, 1),
                                                                  ev.Post(5, ForcedKind.BLIND, 2)]
    with pytest.raises(IllegalActionError, match="during a hand"):
        table.join(0, 50)
    hand.fold()
    result = table.end_hand()
    assert result.stacks == {3: 49, 5: 51} and table.stacks == {3: 49, 5: 51}


def test_busted_players_leave_and_buy_in_limits():
    table = Table(HOLDEM, BLINDS, buy_in=(20, 100), seed=3)
    with pytest.raises(InvalidValueError, match="buy-in"):
        table.join(0, 10)
    with pytest.raises(InvalidValueError, match="buy-in"):
        table.join(0, 101)
    table.join(0, 20)
    table.join(1, 100)
    table.join(2, 100)
    with pytest.raises(InvalidValueError, match="at most 100"):
        table.rebuy(1, 1)
    rng = random.Random(4)

    def shover(view):
        legal = view.legal
        if legal.raise_kind is not None and rng.random() < 0.5:
            return Action.all_in()
        return Action.check() if legal.can_check else Action.call()

    results = table.play(shover, hands=50)
    assert len(table.stacks) < 3 or len(results) == 50
    assert sum(table.stacks.values()) == 220 and all(table.stacks.values())


def test_sitting_out_players_post_missed_blinds_on_return():
    table = Table(HOLDEM, BLINDS, seed=5)
    for seat in range(4):
        table.join(seat, 100)
    table.play(folder, hands=1)  # button 0: blinds 1 and 2
    table.sit_out(3)
    table.play(folder, hands=1)  # button 1: blinds 2 and (3 is out) 0
    table.play(folder, hands=1)  # button 2: blinds 0 and 1
    table.sit_in(3)
    hand = table.start_hand()  # button 3; it missed the big blind and the small blind
    posts = [e for e in hand.events if isinstance(e, ev.Post)]
    assert ev.Post(3, ForcedKind.BLIND, 2) in posts and ev.Post(3, ForcedKind.ANTE, 1) in posts
    assert hand.pot == 1 + 2 + 2 + 1


def test_waiting_for_the_big_blind():
    table = Table(HOLDEM, BLINDS, seed=6, wait_for_big_blind=True)
    for seat in range(4):
        table.join(seat, 100)
    table.play(folder, hands=1)
    table.sit_out(3)
    table.play(folder, hands=2)
    table.sit_in(3)
    dealt = []
    for _ in range(3):
        hand = table.start_hand()
        dealt.append(3 in hand.seats)
        big_blind = [e.seat for e in hand.events if isinstance(e, ev.Post) and e.amount == 2]
        if 3 in hand.seats:
            assert big_blind == [3]  # comes back in the big blind, nothing dead
        while not hand.is_over:
            hand.act(folder(hand.view(hand.pending.seat)))
        table.end_hand()
    assert dealt[0] is False and any(dealt)


def test_agents_by_seat_and_views_hide_other_hands():
    table = Table(STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8), seed=7)
    seen = []

    def spy(view):
        for seat in view.seats:
            if seat != view.seat:
                down = [e for e in view.events if isinstance(e, ev.Deal) and e.seat == seat and not e.face_up]
                seen.extend(card for e in down for card in e.cards)
        return passive(view)

    for seat in range(3):
        table.join(seat, 60)
    table.play({0: spy, 1: passive, 2: passive}, hands=2)
    assert seen and all(card is None for card in seen)


@pytest.mark.smoke
@pytest.mark.parametrize("game", sorted(VARIANTS))
def test_every_game_plays_at_a_table(game):
    variant = VARIANTS[game]
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8) if variant.is_stud else \
        Stakes(ante=2, small_bet=4) if variant is TURKISH_POKER else BLINDS
    table = Table(variant, stakes, seed=8)
    for seat in range(variant.player_limits()[1]):
        table.join(seat, 80)
    results = table.play(passive, hands=5)
    total = 80 * variant.player_limits()[1]
    assert len(results) == 5 and sum(table.stacks.values()) == total


def test_shrinking_to_heads_up_never_posts_the_big_blind_twice():
    table = Table(HOLDEM, BLINDS, seed=9)
    for seat in (0, 1, 2):
        table.join(seat, 100)
    hand = table.start_hand()  # button 0: small blind 1, big blind 2
    while not hand.is_over:
        hand.act(folder(hand.view(hand.pending.seat)))
    table.end_hand()
    table.sit_out(0)
    hand = table.start_hand()
    # Seat 2 was the big blind: heads-up it takes the button and posts the small blind.
    assert table.button == 2
    assert [(e.seat, e.amount) for e in hand.events if isinstance(e, ev.Post)] == [(2, 1), (1, 2)]
