"""Scripted hands of every game (rules: The games and their flow; Betting; Pots, splitting and rake): every card dealt, every chip moved."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import pytest

from pokerhash.betting import Action, ActionKind, ForcedKind, Limit
from pokerhash import evaluate_deuce7
from pokerhash.cards import cards, cards_str
from pokerhash.engine import (
    BIG_O,
    DEUCE7_SINGLE_DRAW,
    BADUGI,
    DEUCE7_TRIPLE_DRAW,
    RAZZ,
    SHORTDECK,
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA_HI_LO,
    PLO,
    PLO5,
    PLO6,
    STUD,
    STUD_HI_LO,
    TURKISH_POKER,
    Hand,
    Options,
    PendingKind,
    Stakes,
)
from pokerhash.engine import events as ev
from pokerhash.errors import IllegalActionError, InvalidCardError, InvalidValueError
from pokerhash.pots import RakeRule, Reason

BLINDS = Stakes(blinds=(1, 2))


def c(text):
    return tuple(cards(text))


def of(hand, kind):
    return [e for e in hand.events if isinstance(e, kind)]


@pytest.mark.smoke
def test_holdem_three_handed_every_card_and_chip():
    # Dealt one card at a time from left of the button (seat 5): 1, 3, 5, 1, 3, 5.
    script = "As Kd 2c Ah Kh 7d  3c Ks 9h 4c  3d 5s  3h 8c"
    hand = Hand(HOLDEM, {1: 100, 3: 100, 5: 100}, button=5, stakes=BLINDS, cards=script)
    assert hand.seats == (1, 3, 5)
    assert [hand.hole_cards(s) for s in (1, 3, 5)] == [c("As Ah"), c("Kd Kh"), c("2c 7d")]
    assert hand.pending.seat == 5 and hand.stacks == {1: 99, 3: 98, 5: 100}  # blinds before the deal
    hand.fold()
    assert hand.raise_to(6) == Action(ActionKind.RAISE, 6, 5, False, 1)
    hand.call()
    assert hand.board == c("Ks 9h 4c") and hand.pending.seat == 1  # small blind first after the flop
    hand.bet_to(10)
    hand.raise_to(30)
    assert hand.all_in() == Action(ActionKind.RAISE, 94, 84, True, 1)
    hand.call()
    assert hand.is_over and hand.board == c("Ks 9h 4c 5s 8c")
    assert [e.card for e in of(hand, ev.Burn)] == list(c("3c 3d 3h"))
    result = hand.result
    assert result.stacks == {1: 0, 3: 200, 5: 100} and result.payouts == {3: 200}
    assert result.net == {1: -100, 3: 100, 5: 0}
    assert [(s.seat, s.high_text) for s in result.shown] == [(1, "Pair of aces, K-9-8 kickers"),
                                                            (3, "Three of a kind, kings, 9-8 kickers")]
    assert of(hand, ev.Win) == [ev.Win(3, 200, 0, Reason.HIGH, 0)]


def test_heads_up_button_posts_small_blind_acts_first_preflop_last_after():
    hand = Hand(HOLDEM, {2: 50, 7: 50}, button=7, stakes=BLINDS, seed=1)
    assert hand.seats == (2, 7)
    assert of(hand, ev.Post) == [ev.Post(7, ForcedKind.BLIND, 1), ev.Post(2, ForcedKind.BLIND, 2)]
    assert hand.pending.seat == 7
    hand.call()
    assert hand.pending.seat == 2 and hand.pending.legal.can_check  # the big blind's option
    hand.check()
    assert len(hand.board) == 3 and hand.pending.seat == 2  # the big blind first after the flop
    hand.check()
    assert hand.pending.seat == 7


def test_straddle_acts_last_preflop_and_left_of_it_first():
    stakes = Stakes(blinds=(1, 2), straddle=4)
    hand = Hand(HOLDEM, {0: 100, 1: 100, 2: 100, 3: 100}, button=0, stakes=stakes, seed=2)
    assert [(e.seat, e.kind, e.amount) for e in of(hand, ev.Post)] == [
        (1, ForcedKind.BLIND, 1), (2, ForcedKind.BLIND, 2), (3, ForcedKind.STRADDLE, 4)]
    assert hand.pending.seat == 0 and hand.pending.legal.call == 4 and hand.pending.legal.min_to == 8
    hand.call()
    hand.call()
    hand.call()
    assert hand.pending.seat == 3 and hand.pending.legal.can_check  # the straddler's option
    hand.check()
    assert len(hand.board) == 3 and hand.pending.seat == 1


def test_rules_side_pot_example_and_uncalled_chips():
    # the rules (Pots, splitting and rake): A all-in for 25, B all-in for 60, C calls 60: main 75 (A, B, C), side 70 (B, C).
    script = "2c 3d Ah  7c 8d Ad  4s 5h 9c Kd  4h Qs  4d Js"
    hand = Hand(HOLDEM, {0: 25, 1: 60, 2: 200}, button=2, stakes=BLINDS, cards=script)
    hand.all_in()  # seat 2 (button) first: all-in 200 is a raise
    hand.all_in()  # seat 0 (small blind) for 25
    hand.all_in()  # seat 1 (big blind) for 60
    settlement = hand.result.settlements[0]
    assert [(p.pot.amount, p.pot.eligible) for p in settlement.pots] == [(75, (0, 1, 2)), (70, (1, 2))]
    assert of(hand, ev.Return) == [ev.Return(2, 140)]
    assert hand.result.stacks == {0: 0, 1: 0, 2: 285}  # aces win both pots


def test_odd_chip_goes_left_of_the_button_and_big_blind_ante_is_dead_money():
    # Seats 1 and 3 both play the board's royal flush; 7 chips: the odd one to seat 1.
    script = "2c 2d 7h 3c 3d 8h  4c Ts Js Qs  4d Ks  4h As"
    stakes = Stakes(blinds=(1, 2), ante=1, big_blind_ante=True)
    hand = Hand(HOLDEM, {1: 50, 3: 50, 5: 50}, button=5, stakes=stakes, cards=script)
    assert of(hand, ev.Post)[0] == ev.Post(3, ForcedKind.ANTE, 3) and hand.pot == 3 + 1 + 2
    hand.fold()
    hand.call()
    hand.check()
    for _ in range(6):
        hand.check()
    assert hand.result.payouts == {1: 4, 3: 3} and not of(hand, ev.Return)


def test_rake_and_no_flop_no_drop():
    options = Options(rake=RakeRule(multiway_rate=0.5, no_flop_no_drop=True))
    hand = Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=BLINDS, options=options, seed=3)
    hand.raise_to(10)
    hand.fold()
    hand.fold()
    assert hand.result.rake == 0 and hand.result.stacks == {0: 99, 1: 98, 2: 103}
    hand = Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=BLINDS, options=options, seed=3)
    hand.call()
    hand.call()
    hand.check()
    hand.bet_to(10)
    hand.fold()
    hand.fold()
    assert of(hand, ev.Return) == [ev.Return(0, 10)]
    assert hand.result.rake == 3 and hand.result.stacks == {0: 101, 1: 98, 2: 98}  # half of 6, dealt three-handed


@pytest.mark.smoke
def test_illegal_actions_say_what_is_legal_and_change_nothing():
    hand = Hand(HOLDEM, {0: 100, 1: 100, 2: 100}, button=2, stakes=BLINDS, seed=4)
    before = (hand.stacks, hand.events, hand.pending)
    for bad in (Action.check(), Action.raise_to(3), Action.raise_to(1000), Action.call(player=1)):
        assert not hand.can(bad)
        with pytest.raises(IllegalActionError, match="legal"):
            hand.act(bad)
        assert (hand.stacks, hand.events, hand.pending) == before
    with pytest.raises(IllegalActionError):
        hand.draw(())
    with pytest.raises(IllegalActionError):
        hand.deal("As")


def test_caller_deals_and_pending_says_exactly_what():
    hand = Hand(HOLDEM, {4: 100, 6: 100}, button=4, stakes=BLINDS, deal="caller")
    assert str(hand.pending) == "deal 2 hole cards to seat 6"
    hand.deal("As Ks")
    with pytest.raises(InvalidCardError, match="already in play"):
        hand.deal("As Qd")
    hand.deal("2c 2d")
    assert hand.pending.kind is PendingKind.DECISION and hand.pending.seat == 4
    hand.call()
    hand.check()
    assert str(hand.pending) == "burn 1 card"
    hand.deal()  # burned unseen
    assert str(hand.pending) == "deal 3 board cards"
    with pytest.raises(IllegalActionError, match="got 2"):
        hand.deal("3c 4c")
    hand.deal("3c 4c 5c")
    assert hand.board == c("3c 4c 5c") and hand.pending.seat == 6


def test_snapshot_is_what_the_accessors_say():
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=2, stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10),
                seed=4)
    while not hand.is_over:
        for index, seat in enumerate(hand.seats):
            hole, board, up, stacks, bets, contributed, folded, pot, pending, street = hand.snapshot(index)
            assert hole == hand.hole_cards(seat) and board == hand.board and pot == hand.pot
            assert [up[i] for i in range(3)] == [hand.up_cards(s) for s in hand.seats]
            assert (stacks, bets, contributed, folded) == hand.chips()
            assert pending is hand.pending and street == hand.street
        if hand.pending.kind is PendingKind.BRING_IN:
            hand.bring_in()
        else:
            hand.check() if hand.pending.legal.can_check else hand.call()


@pytest.mark.smoke
def test_replay_and_view():
    hand = Hand(PLO, {0: 100, 1: 100, 2: 100}, button=0, stakes=BLINDS, seed=5)
    hand.call()
    hand.call()
    hand.check()
    view = hand.view(1)
    assert view.hole_cards == hand.hole_cards(1) and len(view.board) == 3
    hidden = [e for e in view.events if isinstance(e, ev.Deal) and e.seat not in (None, 1)]
    assert hidden and all(card is None for e in hidden for card in e.cards)
    clone = hand.clone()
    while not hand.is_over:
        hand.check()
    assert not clone.is_over and len(clone.board) == 3
    replayed = Hand.replay(hand.events)
    assert replayed.result == hand.result and replayed.events == hand.events
    with pytest.raises(InvalidValueError, match="does not replay|differs"):
        Hand.replay(hand.events[:-3] + [hand.events[-1]] * 3)


def test_clones_of_a_draw_hand_restock_apart():
    # Two clones at the start of the second draw play the same actions; a third clone
    # first plays the hand out differently (its own restocks). The two still deal the
    # same cards: restocks draw from each deck's own stream, none shared.
    hand = Hand(DEUCE7_TRIPLE_DRAW, {s: 100 for s in range(6)}, button=5, stakes=BLINDS, seed=21)
    for _ in range(6):
        hand.check() if hand.pending.legal.can_check else hand.call()
    for k in range(6):
        hand.draw(hand.hole_cards(hand.pending.seat) if k < 4 else ())
    for _ in range(6):
        hand.check()

    def play(h, draw):
        while not h.is_over:
            if h.pending.kind is PendingKind.DRAW:
                h.draw(h.hole_cards(h.pending.seat)[:draw])
            else:
                h.check()
        return [h.hole_cards(seat) for seat in range(6)]

    first, second, other = hand.clone(), hand.clone(), hand.clone()
    play(other, 5)
    assert play(first, 3) == play(second, 3)
    assert play(hand, 3) == play(hand.clone(), 3)


def test_stud_bring_in_tie_broken_by_suit_and_open_pair():
    # 3rd street: two down, one up; 4c and 4d up: the 4 of clubs brings in.
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=2, deal="caller",
                stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10))
    for seat, down in ((0, "As Ah"), (1, "Ks Kh"), (2, "Qs Qh")):
        hand.deal(down)
    for seat, up in ((0, "4d"), (1, "4c"), (2, "9s")):
        assert str(hand.pending) == f"deal 1 face-up card to seat {seat}"
        hand.deal(up)
    assert hand.pending.kind is PendingKind.BRING_IN and hand.pending.seat == 1
    assert hand.pending.legal.fixed_amounts == (2, 5)
    with pytest.raises(IllegalActionError):
        hand.fold()
    hand.bring_in()
    assert hand.pending.seat == 2 and hand.pending.legal.fixed_amounts == (5,)  # completing is a full bet
    hand.call()  # calls the bring-in of 2
    hand.call()
    assert hand.pot == 3 + 6
    hand.deal()  # burn
    for up in ("4h", "2c", "Td"):
        hand.deal(up)
    # 4th street: seat 0 shows 4-4 (an open pair) and acts first; small or big bet.
    assert hand.pending.seat == 0 and hand.pending.legal.fixed_amounts == (5, 10)


def test_stud_hi_lo_has_no_open_pair_and_splits():
    hand = Hand(STUD_HI_LO, {0: 100, 1: 100}, button=1, deal="caller",
                stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10))
    for text in ("As 2s", "Kd Kh", "4d", "4c"):
        hand.deal(text)
    assert hand.pending.seat == 1
    hand.complete()
    hand.call()
    for zero, one in (("4h", "8d"), ("3s", "Kc"), ("6c", "9c"), ("7c", "Ks")):
        hand.deal()  # burn
        hand.deal(zero)
        hand.deal(one)
        assert hand.pending.seat == 0  # the pair of fours shows best
        assert hand.pending.legal.fixed_amounts == ((5,) if zero == "4h" else (10,))
        hand.check()
        hand.check()
    assert hand.up_cards(0) == c("4d 4h 3s 6c") and hand.hole_cards(0)[-1] == c("7c")[0]
    assert of(hand, ev.Win) == [ev.Win(1, 6, 0, Reason.HIGH, 0), ev.Win(0, 6, 0, Reason.LOW, 0)]
    assert hand.result.stacks == {0: 100, 1: 100}
    assert [(s.seat, s.high_text, s.low_text) for s in hand.result.shown] == [
        (0, "Pair of fours, A-7-6 kickers", "6-4-3-2-A"), (1, "Four of a kind, kings, nine kicker", "no low")]


def _stud_fourth_street(options=Options()):
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=2, deal="caller", options=options,
                stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10))
    for text in ("2c 3c", "2d 3d", "2h 3h", "9s", "Ks", "5c"):
        hand.deal(text)
    hand.bring_in()  # the five of clubs brings in
    hand.call()
    hand.call()
    hand.deal()
    return hand


def test_stud_best_showing_hand_acts_first_suit_breaks_ties():
    hand = _stud_fourth_street()
    for text in ("Kh", "7c", "7d"):
        hand.deal(text)
    assert hand.pending.seat == 0  # K-9 beats K-7 and 7-5
    hand = _stud_fourth_street()
    for text in ("7d", "7c", "Kh"):
        hand.deal(text)
    # K-7 (spade king) against 7-5... seat 1 shows K-7 spades, seat 0 9-7: seat 1.
    assert hand.pending.seat == 1
    hand = _stud_fourth_street()
    for text in ("Kh", "7h", "8c"):
        hand.deal(text)
    # K-9 against K-7: seat 0; a tie of ranks goes to the higher suit of the first card.
    assert hand.pending.seat == 0
    by_position = _stud_fourth_street(Options(stud_by_position=True))
    for text in ("2s", "Kh", "8c"):
        by_position.deal(text)
    assert by_position.pending.seat == 0  # seat 1 shows kings, but seat 0 was dealt first


def test_stud_equal_showing_ranks_broken_by_suit():
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=2, deal="caller",
                stakes=Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10))
    for text in ("2c 3c", "2d 3d", "2h 3h", "Kh", "Ks", "5c"):
        hand.deal(text)
    hand.bring_in()
    hand.call()
    hand.call()
    hand.deal()
    for text in ("7d", "7c", "8c"):
        hand.deal(text)
    assert hand.pending.seat == 1  # K-7 against K-7: the king of spades


def test_eight_stud_players_share_a_community_card():
    stakes = Stakes(ante=1, bring_in=2, small_bet=5, big_bet=10)
    hand = Hand(STUD, {s: 500 for s in range(8)}, button=7, seed=11, stakes=stakes)
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.BRING_IN:
            hand.bring_in()
        else:
            hand.check() if pending.legal.can_check else hand.call()
    # 24 + 3 x (burn + 8) = 51 cards: no burn is possible, one card goes to the centre.
    assert len(hand.board) == 1 and len(of(hand, ev.Burn)) == 3
    assert all(len(hand.hole_cards(s)) == 6 for s in range(8))
    assert sum(hand.result.stacks.values()) == 4000


def test_five_card_draw_order_and_draws():
    hand = Hand(FIVE_CARD_DRAW, {0: 100, 1: 100, 2: 100}, button=2, stakes=BLINDS, seed=6)
    assert hand.pending.seat == 2  # left of the big blind
    hand.call()
    hand.call()
    hand.check()
    assert hand.pending.kind is PendingKind.DRAW and hand.pending.seat == 0 and hand.pending.count == 5
    old = hand.hole_cards(0)
    new = hand.draw(old[:3])
    assert len(new) == 3 and hand.hole_cards(0) == old[3:] + new
    with pytest.raises(IllegalActionError, match="may discard"):
        hand.draw(hand.hole_cards(0)[:1] + hand.hole_cards(2)[:1])
    hand.stand_pat()
    hand.timeout()  # auto-draw
    assert hand.pending.kind is PendingKind.DECISION and hand.pending.seat == 0  # left of the dealer


@pytest.mark.parametrize("form", ["tuple", "list", "text", "strings"])
def test_draw_reads_every_form_of_the_discards_alike(form):
    # draw() takes a tuple or list of held ints as it is and parses every other form:
    # the same cards drawn, and the same refusals, whichever form they come in.
    def played(seed):
        hand = Hand(FIVE_CARD_DRAW, {0: 100, 1: 100, 2: 100}, button=2, stakes=BLINDS, seed=seed)
        hand.call()
        hand.call()
        hand.check()
        return hand

    def written(cards_):
        return {"tuple": tuple, "list": list, "text": cards_str, "strings": lambda c: cards_str(c).split()}[form](cards_)

    reference, hand = played(6), played(6)
    held = hand.hole_cards(0)
    other = hand.hole_cards(2)[0]
    # A repeat, a card not held, six cards; then what only ints can say: a bool, 52, a float.
    refused = [written(held[:1] + held[:1]), written(held[:1] + (other,)), written(held + held[:1])]
    if form in ("tuple", "list"):
        refused += [written((True,)), written((held[0], 52)), written((float(held[0]),))]
    for discards in refused:
        before = (hand.pending, hand.hole_cards(0), hand.stacks, hand.pot)
        with pytest.raises(IllegalActionError):
            hand.draw(discards)
        assert (hand.pending, hand.hole_cards(0), hand.stacks, hand.pot) == before
    assert hand.draw(written(held[1:4])) == reference.draw(tuple(held[1:4]))
    assert hand.hole_cards(0) == reference.hole_cards(0)


def test_turkish_openers_no_open_redeal_and_opener_acts_first():
    stakes = Stakes(ante=5, small_bet=10)
    hand = Hand(TURKISH_POKER, {0: 100, 1: 100, 2: 100}, button=2, stakes=stakes, deal="caller")
    assert len(hand.variant.deck(3)) == 28
    for text in ("Ah Kd 9s 9c 8d", "Qs Jh Ts 8s 8h", "Ks Kh 9h Td Jd"):
        hand.deal(text)
    assert hand.pending.seat == 0 and hand.pending.legal.raise_kind is None  # nines do not open
    with pytest.raises(IllegalActionError, match="kings"):
        hand.bet_to(10)
    hand.check()
    hand.check()
    hand.check()  # seat 2 with kings checks too: nobody opened
    assert of(hand, ev.Redeal) == [ev.Redeal(15)]
    assert hand.pot == 30 and hand.stacks == {0: 90, 1: 90, 2: 90}  # antes again, pot carried
    for text in ("Ah Ad 9s 9c 8d", "Qs Jh Ts 8s 8h", "Ks Kh 9h Td Jd"):
        hand.deal(text)
    hand.check()
    assert hand.pending.seat == 1 and hand.pending.legal.raise_kind is None
    hand.check()
    hand.bet_to(20)  # seat 2 opens with kings
    hand.call()
    hand.fold()
    hand.deal()  # the draw's burn
    assert hand.pending.kind is PendingKind.DRAW and hand.pending.seat == 0 and hand.pending.count == 4
    hand.draw("8d")
    hand.deal("Ac")
    hand.draw("9h Td Jd")
    hand.deal("Qh Qd Jc")
    assert hand.pending.seat == 2  # the opener first after the draw
    hand.check()
    hand.check()
    assert hand.result.stacks == {0: 140, 1: 90, 2: 70} and hand.result.payouts == {0: 70}


def test_a_custom_opening_requirement_is_asked_as_the_built_in_one():
    # The built-in kings or better calls the compiled check directly (issue 26); any
    # other Opening still decides through its own allows(hole, lowest_rank), with the
    # same messages.
    from pokerhash.engine import Opening

    asked = []

    def aces_only(hole, lowest_rank):
        asked.append((tuple(hole), lowest_rank))
        return sum(1 for card in hole if card // 4 == 12) >= 2

    variant = dataclasses.replace(TURKISH_POKER, opening=Opening("two aces", aces_only))
    stakes = Stakes(ante=5, small_bet=10)
    hand = Hand(variant, {0: 100, 1: 100, 2: 100}, button=2, stakes=stakes, deal="caller")
    for text in ("Ks Kh 9s 9c 8d", "Qs Jh Ts 8s 8h", "Ah Ad 9h Td Jd"):
        hand.deal(text)
    assert asked and asked[-1][1] == hand.lowest_rank  # the engine asked the custom check
    legal = hand.pending.legal
    assert legal.raise_kind is None and legal.no_raise_reason == "opening needs two aces"  # kings do not open here
    with pytest.raises(IllegalActionError, match="seat 0 cannot open without two aces"):
        hand.bet_to(10)
    hand.check()
    hand.check()
    assert hand.pending.seat == 2 and hand.pending.legal.raise_kind is ActionKind.BET  # aces open
    assert hand.bet_to(15).kind is ActionKind.BET


def test_turkish_opening_checked_on_every_path_a_bet_can_take():
    # The engine re-checks the opening requirement only for a player _ask took the
    # raise from, and only for requests that can open: every other request is
    # checked once, by the betting round, with the same messages (issue 26).
    stakes = Stakes(ante=5, small_bet=10)
    hand = Hand(TURKISH_POKER, {0: 100, 1: 100, 2: 100}, button=2, stakes=stakes, deal="caller")
    for text in ("Ah Kd 9s 9c 8d", "Qs Jh Ts 8s 8h", "Ks Kh 9h Td Jd"):
        hand.deal(text)
    legal = hand.pending.legal
    assert (legal.player, legal.can_check, legal.call, legal.call_is_all_in) == (0, True, 0, False)
    assert (legal.raise_kind, legal.min_to, legal.max_to, legal.fixed_amounts) == (None, None, None, None)
    assert legal.no_raise_reason == "opening needs a pair of kings or better"
    for action in (Action.bet_to(10), Action.bet_to(15)):
        with pytest.raises(IllegalActionError, match="seat 0 cannot open without a pair of kings"):
            hand.act(action)
        assert not hand.can(action)
    # The betting round's own checks come first, as before (pot limit: at most 15).
    with pytest.raises(IllegalActionError, match="above the maximum bet to 15"):
        hand.all_in()
    with pytest.raises(IllegalActionError, match="there is no bet to call"):
        hand.call()
    assert hand.pending.seat == 0 and hand.pot == 15  # nothing was performed
    hand.check()
    hand.check()
    assert hand.pending.legal.raise_kind is not None  # seat 2 holds kings
    assert hand.bet_to(15).kind is ActionKind.BET  # kings open
    assert hand.pending.seat == 0 and hand.pending.legal.raise_kind is ActionKind.RAISE  # opened: all may raise
    hand.fold()
    hand.call()
    assert hand.pot == 45


def test_turkish_short_stub_reshuffles_burns_and_drawn_discards():
    stakes = Stakes(ante=1, small_bet=2)
    hand = Hand(TURKISH_POKER, {s: 50 for s in range(5)}, button=4, stakes=stakes, seed=7)
    assert len(hand.variant.deck(5)) == 36
    # Find an opener or redeal until someone opens; then everyone calls and draws four.
    while hand.street == 0 and hand.pending.kind is PendingKind.DECISION:
        legal = hand.pending.legal
        if legal.can_check and legal.raise_kind is not None:
            hand.bet_to(legal.min_to)  # the first player with openers opens
        else:
            hand.check() if legal.can_check else hand.call()
    assert hand.pending.kind is PendingKind.DRAW
    burned = [e.card for e in of(hand, ev.Burn)][-1]
    discarded = []
    while hand.pending.kind is PendingKind.DRAW:
        discards = hand.hole_cards(hand.pending.seat)[:4]
        discarded.append(set(discards))
        hand.draw(discards)
    live = 5 - len(hand.folded)
    reshuffles = of(hand, ev.Reshuffle)
    assert live == 5
    # 25 dealt, 1 burned: 10 left; two draws of 4 leave 2, the last never dealt, so the
    # third player gets one card, then the burn, that card and the first two players'
    # discards make a new stub of 10; after the fourth draw 3 are left, so the fifth
    # player gets 2 and the third and fourth players' discards are reshuffled.
    assert [set(r.cards) for r in reshuffles] == [discarded[0] | discarded[1] | {burned},
                                                  discarded[2] | discarded[3]]
    held = [card for s in hand.seats if s not in hand.folded for card in hand.hole_cards(s)]
    assert len(held) == len(set(held)) == 5 * live


def test_run_it_twice_hi_lo_halves_each_pot_after_one_rake():
    options = Options(run_it_twice=True, rake=RakeRule(heads_up_rate=0.05))
    script = "As Kd 2s Kh 4h Qd 4d Qh  5c 3c 7h Jc  5d 8c 5h Kc  5s Qs 6c Td"
    no_limit = OMAHA_HI_LO.with_limit(Limit.NO_LIMIT)
    hand = Hand(no_limit, {0: 101, 1: 101}, button=1, stakes=BLINDS, options=options, cards=script)
    hand.call()
    hand.check()
    hand.all_in()  # seat 0, first after the flop heads-up
    hand.call()
    assert hand.boards == (c("3c 7h Jc 8c Kc"), c("3c 7h Jc Qs Td"))
    assert [e.card for e in of(hand, ev.Burn)] == list(c("5c 5d 5h 5s 6c"))
    result = hand.result
    assert result.rake == 10  # 5% of 202, taken once
    first, second = result.settlements
    assert first.pots[0].pot.amount == 96 and second.pots[0].pot.amount == 96
    # First board: kings full... three kings high for seat 1, 8-7-3-2-A low for seat 0; second: seat 1 scoops.
    assert of(hand, ev.Win) == [ev.Win(1, 48, 0, Reason.HIGH, 0), ev.Win(0, 48, 0, Reason.LOW, 0),
                                ev.Win(1, 96, 0, Reason.HIGH, 1)]
    assert result.stacks == {0: 48, 1: 144}


def test_big_o_is_composed_and_plays():
    assert BIG_O.low is OMAHA_HI_LO.low and len(BIG_O.streets[0:1]) == 1 and BIG_O.streets[0].hole == 5
    hand = Hand(BIG_O, {0: 50, 1: 50, 2: 50}, button=0, stakes=BLINDS, seed=8)
    while not hand.is_over:
        hand.check() if hand.pending.legal.can_check else hand.call()
    assert sum(hand.result.stacks.values()) == 150 and all(s.low is not None for s in hand.result.shown)


@pytest.mark.parametrize("variant, most", [(HOLDEM, 10), (PLO, 10), (PLO5, 8), (PLO6, 7), (STUD, 8),
                                           (FIVE_CARD_DRAW, 5), (TURKISH_POKER, 5)])
def test_player_limits_follow_from_the_deck(variant, most):
    assert variant.player_limits() == (2, most)
    stakes = Stakes(ante=1, bring_in=1, small_bet=2) if variant.is_stud else \
        Stakes(ante=1, small_bet=2) if variant is TURKISH_POKER else BLINDS
    with pytest.raises(InvalidValueError, match="seats 2 to"):
        Hand(variant, {s: 10 for s in range(most + 1)}, button=0, stakes=stakes)


def test_limits_are_data():
    fixed = HOLDEM.with_limit(Limit.FIXED_LIMIT)
    hand = Hand(fixed, {0: 100, 1: 100, 2: 100}, button=2, stakes=Stakes(blinds=(1, 2)), seed=9)
    assert hand.pending.legal.fixed_amounts == (4,)
    pot_limit = dataclasses.replace(HOLDEM, limit=Limit.POT_LIMIT)
    hand = Hand(pot_limit, {0: 100, 1: 100, 2: 100}, button=2, stakes=Stakes(blinds=(1, 2)), seed=9)
    assert hand.pending.legal.max_to == 7


def test_showdown_order_and_mucking():
    # River: seat 0 bets, seat 1 calls: seat 0 shows first; seat 1 loses and mucks.
    script = "Ah 2c Ad 3c  4s Ks Qs 7d  5h 8c  6h 9d"
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=BLINDS, cards=script)
    hand.call()
    hand.check()
    for _ in range(4):
        hand.check()
    hand.bet_to(10)
    hand.call()
    assert [type(e) for e in hand.events if isinstance(e, (ev.Show, ev.Muck))] == [ev.Show, ev.Muck]
    shown = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=BLINDS, cards=script, options=Options(show_all=True))
    shown.call()
    for _ in range(7):
        shown.check()
    assert len(shown.result.shown) == 2


def test_short_deck_button_blind_acts_last_and_triton_ranking():
    # Antes of 1, button blind 2 by the button (seat 2); seat 0, left of it, acts first.
    script = "As Ks 6h Ad Kd 7h  9c Qs Js Ts  9d 9h  6c 8d"
    hand = Hand(SHORTDECK, {0: 50, 1: 50, 2: 50}, button=2, stakes=Stakes(ante=1, button_blind=2), cards=script)
    assert len(SHORTDECK.deck(3)) == 36 and hand.pot == 3 + 2
    assert hand.pending.seat == 0 and hand.pending.legal.call == 2
    hand.call()
    hand.call()
    assert hand.pending.seat == 2 and hand.pending.legal.can_check  # the button's option
    hand.check()
    for _ in range(9):
        hand.check()
    # Board Qs Js Ts 9h 8d, a queen-high straight: seat 0 shows it, seat 1's kings make the
    # king-high straight, seat 2 (the board again) mucks; antes 3 + 3 x 2.
    assert [(s.seat, s.high_text) for s in hand.result.shown] == [(0, "Straight, queen high"),
                                                                 (1, "Straight, king high")]
    assert hand.result.payouts == {1: 9}
    with pytest.raises(InvalidCardError, match="not in the 36-card deck"):
        Hand(SHORTDECK, {0: 50, 1: 50}, button=1, stakes=Stakes(ante=1, button_blind=2), cards="2c 3c 4c 5c")


def test_razz_highest_card_brings_in_and_lowest_board_acts_first():
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(RAZZ, {0: 100, 1: 100, 2: 100}, button=2, deal="caller", stakes=stakes)
    for text in ("As 2s", "Kd Kh", "3c 4c", "5d", "Qc", "Qs"):
        hand.deal(text)
    assert hand.pending.seat == 2  # the highest up-card, the queen of spades above the queen of clubs
    hand.bring_in()
    hand.call()
    hand.call()
    hand.deal()
    for text in ("Ks", "2c", "6d"):
        hand.deal(text)
    assert hand.pending.seat == 1 and hand.pending.legal.fixed_amounts == (4,)  # Q-2 is the best low showing


def test_deuce_to_seven_single_draw_short_stub_and_low_wins():
    # Six players draw five each: 30 dealt and a burn leave 21; four draws of five leave
    # the one card that is never dealt, so the fifth draw reshuffles the burn, that card
    # and the four players' discards (never the fifth player's own).
    hand = Hand(DEUCE7_SINGLE_DRAW, {s: 100 for s in range(6)}, button=5, stakes=BLINDS, seed=12)
    for _ in range(6):
        hand.check() if hand.pending.legal.can_check else hand.call()
    first_four = []
    while hand.pending.kind is PendingKind.DRAW:
        seat = hand.pending.seat
        if len(first_four) < 20:
            first_four.extend(hand.hole_cards(seat))
        hand.draw(hand.hole_cards(seat))
    reshuffle = of(hand, ev.Reshuffle)
    assert len(reshuffle) == 1 and set(first_four) | {of(hand, ev.Burn)[0].card} == set(reshuffle[0].cards)
    held = [card for seat in range(6) for card in hand.hole_cards(seat)]
    assert len(held) == len(set(held)) == 30
    while not hand.is_over:
        hand.check()
    best = max(range(6), key=lambda seat: evaluate_deuce7(hand.hole_cards(seat)))
    assert hand.result.payouts == {best: 12}


@pytest.mark.smoke
@pytest.mark.parametrize("seed", range(5))
def test_a_burn_may_take_the_stubs_last_card_and_the_next_draw_restocks(seed):
    # Six players of triple draw: 30 dealt, 22 left. The first burn and four draws of
    # five leave only the card that is never dealt; the next draw round's burn takes
    # it, so the first draw after it finds an empty stub: the burns and every discard
    # (22 cards, no last card left to add) become the new stub.
    hand = Hand(DEUCE7_TRIPLE_DRAW, {s: 100 for s in range(6)}, button=5, stakes=BLINDS, seed=seed)
    for _ in range(6):
        hand.check() if hand.pending.legal.can_check else hand.call()
    for k in range(6):
        seat = hand.pending.seat
        hand.draw(hand.hole_cards(seat) if k < 4 else ())
    for _ in range(6):
        hand.check()
    assert len(of(hand, ev.Burn)) == 2 and not of(hand, ev.Reshuffle)
    hand.draw(hand.hole_cards(hand.pending.seat)[:1])
    reshuffle = of(hand, ev.Reshuffle)
    burns = {e.card for e in of(hand, ev.Burn)}
    assert len(reshuffle) == 1 and len(reshuffle[0].cards) == 22 and burns < set(reshuffle[0].cards)
    while not hand.is_over:
        if hand.pending.kind is PendingKind.DRAW:
            hand.draw(hand.hole_cards(hand.pending.seat)[:2])
        else:
            hand.check()
    held = [card for seat in range(6) for card in hand.hole_cards(seat)]
    assert len(held) == len(set(held)) == 30
    assert sum(hand.result.stacks.values()) == 600


def test_triple_draw_has_three_draws_and_timeout_stands_pat():
    hand = Hand(DEUCE7_TRIPLE_DRAW, {0: 100, 1: 100}, button=1, stakes=BLINDS, seed=13)
    draws = 0
    while not hand.is_over:
        if hand.pending.kind is PendingKind.DRAW:
            hand.timeout()
            draws += 1
            assert not [e for e in of(hand, ev.Draw) if e.discarded]  # no auto-draw for a low: stand pat
        else:
            hand.check() if hand.pending.legal.can_check else hand.call()
    assert draws == 6 and len(of(hand, ev.Burn)) == 3


def test_badugi_four_cards_three_draws_best_badugi_wins():
    from pokerhash import evaluate_badugi

    hand = Hand(BADUGI, {0: 100, 1: 100, 2: 100}, button=0, stakes=BLINDS, seed=21)
    assert all(len(hand.hole_cards(seat)) == 4 for seat in range(3))
    draws = 0
    while not hand.is_over:
        if hand.pending.kind is PendingKind.DRAW:
            hand.timeout()  # a low game: stand pat
            draws += 1
        else:
            hand.check() if hand.pending.legal.can_check else hand.call()
    assert draws == 9 and len(of(hand, ev.Burn)) == 3
    values = {seat: evaluate_badugi(hand.hole_cards(seat)) for seat in range(3)}
    best = max(values.values())
    winners = [seat for seat, value in values.items() if value == best]
    assert sum(hand.result.payouts.values()) == 6
    assert set(hand.result.payouts) <= set(winners) and len(hand.result.payouts) == len(winners)


@pytest.mark.parametrize("variant", [RAZZ, STUD])
def test_stud_no_bring_in_against_an_all_in_ante(variant):
    # Seat 1's whole stack is its ante: nobody can answer a bet, so there is no
    # bring-in and no betting at all (issue 23: the engine asked for a bring-in and
    # offered "fold, call 0", neither legal); the cards are dealt out to a showdown.
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    hand = Hand(variant, {0: 4, 1: 1}, button=0, stakes=stakes, seed=1)
    assert hand.is_over
    assert not any(isinstance(event, ev.Act) or getattr(event, "kind", None) is ForcedKind.BRING_IN
                   for event in hand.events)
    assert hand.result.shown and sum(hand.result.stacks.values()) == 5 and hand.result.rake == 0
    assert Hand.replay(hand.events).result == hand.result


def _every_result_object(result):
    yield result
    for settlement in result.settlements:
        yield settlement
        for pot_result in settlement.pots:
            yield pot_result
            yield pot_result.pot
            yield from pot_result.awards


@pytest.mark.parametrize("variant", [HOLDEM, OMAHA_HI_LO, STUD_HI_LO])
def test_results_built_without_init_equal_the_dataclasses(variant):
    """The engine builds its per-hand results by filling a frozen dataclass's fields
    directly (pots.frozen_new, skipping the interpreted __init__): each must carry
    exactly its fields and equal, and hash as, the object its constructor makes."""
    import random

    rng = random.Random(7)
    stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8) if variant.is_stud else BLINDS
    checked = 0
    for number in range(60):
        hand = Hand(variant, {0: 60, 1: 25, 2: 100, 3: 40}, button=3, stakes=stakes, seed=number,
                    options=Options(run_it_twice=number % 3 == 0, rake=RakeRule(Fraction(1, 20), Fraction(1, 20), cap=3)))
        while not hand.is_over:
            legal = hand.pending.legal
            choice = rng.random()
            if hand.pending.kind is PendingKind.BRING_IN:
                hand.complete() if choice < 0.5 else hand.bring_in()
            elif choice < 0.1:
                hand.timeout()
            elif choice < 0.4 and legal.raise_kind is not None:
                hand.act(Action.raise_to(legal.max_to) if legal.fixed_amounts is None else Action.bet_to(legal.max_to))
            else:
                hand.act(Action.check() if legal.can_check else Action.call())
        for made in _every_result_object(hand.result):
            assert set(vars(made)) == {f.name for f in dataclasses.fields(made)}
            rebuilt = type(made)(**vars(made))
            assert rebuilt == made
            if not isinstance(made, type(hand.result)):  # a HandResult holds dicts: unhashable
                assert hash(rebuilt) == hash(made)
            checked += 1
    assert checked > 300


@pytest.mark.parametrize("variant", [HOLDEM, STUD_HI_LO, DEUCE7_TRIPLE_DRAW, TURKISH_POKER])
def test_a_clone_carries_every_field(variant):
    """Each of Hand's slots comes across to a clone, equal (the betting round and
    the deck as copies), at every point of a hand."""
    import random

    rng = random.Random(3)
    if variant.is_stud:
        stakes = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    elif variant is TURKISH_POKER:
        stakes = Stakes(ante=2, small_bet=4)
    else:
        stakes = BLINDS
    compared = 0
    for number in range(5):
        hand = Hand(variant, {0: 80, 1: 120, 2: 60, 3: 100}, button=number % 4, stakes=stakes, seed=number,
                    options=Options(run_it_twice=True))
        while True:
            clone = hand.clone()
            for name in Hand.__slots__:
                mine, theirs = getattr(hand, name), getattr(clone, name)
                if name in ("_round", "_deck"):
                    assert (mine is None) == (theirs is None), name
                    if mine is not None:
                        assert theirs is not mine and len(theirs) == len(mine) if name == "_deck" else theirs == mine
                else:
                    assert theirs == mine, name
                compared += 1
            if hand.is_over:
                break
            if hand.pending.kind is PendingKind.BRING_IN:
                hand.timeout()
            elif hand.pending.kind is PendingKind.DRAW:
                hand.draw(rng.sample(hand.hole_cards(hand.pending.seat), rng.randint(0, hand.pending.count)))
            else:
                hand.timeout() if rng.random() < 0.3 else hand.act(
                    Action.check() if hand.pending.legal.can_check else Action.call())
    assert compared > 1000


def test_a_hand_deals_from_a_deck_of_its_game_only():
    from pokerhash.cards import Deck

    with pytest.raises(InvalidValueError, match="deck must be a pokerhash.cards.Deck"):
        Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=BLINDS, deck=list(range(52)))
    with pytest.raises(InvalidValueError, match="the deck has 36 cards"):
        Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=BLINDS, deck=Deck(1, range(16, 52)))
    deck = Deck(1)
    top = deck.copy().deal(4)
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=BLINDS, deck=deck)
    assert sorted(hand.hole_cards(0) + hand.hole_cards(1)) == sorted(top)  # dealt from its top


def test_a_big_blind_ante_without_blinds_is_posted_by_the_last_player():
    # No blinds (stud): the big-blind ante falls to the last player from the button's
    # left, as a history with uneven antes replays it.
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=0,
                stakes=Stakes(ante=1, big_blind_ante=True, bring_in=2, small_bet=4), seed=1)
    assert hand.stacks == {0: 97, 1: 100, 2: 100} and hand.pot == 3


@pytest.mark.parametrize("variant", [STUD, STUD_HI_LO, RAZZ])
def test_bring_in_is_showing_bring_in_seat_on_every_deal(variant):
    """The engine's bring-in (its own loop over the dealt up-cards) is the seat that
    showing.bring_in_seat names, on 300 seeded deals of 2 to 8 players."""
    from pokerhash.engine.showing import bring_in_seat

    for seed in range(300):
        players = 2 + seed % 7
        hand = Hand(variant, {seat: 100 for seat in range(players)}, button=players - 1, seed=seed, log=False,
                    stakes=Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8))
        up = {seat: hand.up_cards(seat)[0] for seat in hand.seats}
        assert hand.pending.kind is PendingKind.BRING_IN
        assert hand.pending.seat == bring_in_seat(up, razz=variant is RAZZ)



@pytest.mark.parametrize("script, message", [
    ("As As Kd Qd", "dealt twice in"),  # one player's two cards the same (the hole cards: one deal of four)
    ("As Kd Qd Qd", "dealt twice in"),  # the other player's
    ("As Kd Qd Jd 2c 3c 3c 4c", "dealt twice in"),  # the flop's (after a burn)
    ("As Kd Qd Jd 2c 3c 4c 5c 6c As", "already in play"),  # the turn's, one card: an earlier one
])
def test_scripted_cards_dealt_twice_are_refused(script, message):
    # Scripted cards are read without refusing repeats; each deal refuses a card it repeats
    # or one already in play.
    with pytest.raises(InvalidCardError, match=message):
        hand = Hand(HOLDEM, {4: 100, 6: 100}, button=4, stakes=BLINDS, cards=script)
        hand.call()
        while not hand.is_over:
            hand.check()


def test_two_cards_dealt_twice_are_refused():
    # The check of every deal: two cards the same (compared, no set made), three with a repeat.
    hand = Hand(HOLDEM, {4: 100, 6: 100}, button=4, stakes=BLINDS, deal="caller")
    with pytest.raises(InvalidCardError, match="appears more than once"):
        hand.deal([51, 51])
    hand._check_available((50, 49))
    for got in ((48, 48), (47, 46, 47)):
        with pytest.raises(InvalidCardError, match="dealt twice in"):
            hand._check_available(got)
