"""Cross-check against pokerkit: random hands of NL/PL Hold'em, PLO, Omaha hi/lo and
stud (hi/lo) played by the engine are replayed card by card and action by action in
pokerkit's State, which must reach the same final stacks.

Fair comparison: pokerkit orders players from left of the button (heads-up the big
blind first, as the engine), gives an odd chip to the first of them and the high
half the odd chip of a hi/lo pot (the rules (Pots, splitting and rake)); burns are dealt to it explicitly and
the engine's log feeds every card, so both games see the same deck. One convention
differs: the rules (Pots, splitting and rake) splits each pot on its own, while pokerkit first merges adjacent
pots that the same shown hands contest (and, in hi/lo, halves a pot whenever any
shown hand has a low, the low half going to its contenders' best low or, if none
has one, shared by them), its contenders being the hands that win something. :func:`pokerkit_convention` re-splits the engine's pots
and hand values that way, so the comparison is exact; the engine's own split is
checked against the rules (Pots, splitting and rake) in the scripted tests.

One rule differs too, so hands where it applies are left out: in fixed limit the rules (Betting)
counts an all-in of half a bet or more as a full bet (it reopens the betting) and lets
the next player complete a smaller one to a full bet; pokerkit applies the big-bet
rule (a short all-in never reopens, and the next raise adds a full bet to it). And
pokerkit has no open-pair option of seven-card stud (the rules (The games and their flow): with an open pair on
4th street any bet may be the big bet), and in stud hi/lo it breaks a tie of showing
ranks by position where the rules (The games and their flow) breaks it by suit; nor does it have the stub rule
of draws (the rules (The games and their flow)): hands that meet any of these are left out as well.
"""

from __future__ import annotations

import random

import pytest

pokerkit = pytest.importorskip("pokerkit")

from pokerkit import Automation  # noqa: E402
from pokerkit.games import PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem  # noqa: E402

from pokerhash.betting import Action, ActionKind, ForcedKind, Limit  # noqa: E402
from pokerhash.cards import card_str  # noqa: E402
from pokerhash.engine import (  # noqa: E402
    DEUCE7_SINGLE_DRAW,
    DEUCE7_TRIPLE_DRAW,
    HOLDEM,
    OMAHA_HI_LO,
    PLO,
    RAZZ,
    STUD,
    STUD_HI_LO,
    Hand,
    PendingKind,
    Stakes,
)
from pokerhash.engine import events as ev  # noqa: E402
from pokerhash.engine.showing import showing_rank  # noqa: E402

AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


class PotLimitTexasHoldem(PotLimitPokerMixin, TexasHoldemMixin, UnfixedLimitHoldem):
    """pokerkit ships no pot-limit Hold'em class; it is the same parts."""


def _games():
    return {
        "NL Hold'em": (HOLDEM, Stakes(blinds=(1, 2)),
                       pokerkit.NoLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2)),
        "PL Hold'em": (HOLDEM.with_limit(Limit.POT_LIMIT), Stakes(blinds=(1, 2)),
                       PotLimitTexasHoldem(AUTOMATIONS, True, 0, (1, 2), 2)),
        "PLO": (PLO, Stakes(blinds=(1, 2)), pokerkit.PotLimitOmahaHoldem(AUTOMATIONS, True, 0, (1, 2), 2)),
        "FL Omaha hi/lo": (OMAHA_HI_LO.with_limit(Limit.FIXED_LIMIT), Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
                           pokerkit.FixedLimitOmahaHoldemHighLowSplitEightOrBetter(AUTOMATIONS, True, 0, (1, 2), 2, 4)),
        "stud": (STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8),
                 pokerkit.FixedLimitSevenCardStud(AUTOMATIONS, True, 1, 2, 4, 8)),
        "stud hi/lo": (STUD_HI_LO, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8),
                       pokerkit.FixedLimitSevenCardStudHighLowSplitEightOrBetter(AUTOMATIONS, True, 1, 2, 4, 8)),
        "razz": (RAZZ, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8),
                 pokerkit.FixedLimitRazz(AUTOMATIONS, True, 1, 2, 4, 8)),
        "NL 2-7 single draw": (DEUCE7_SINGLE_DRAW, Stakes(blinds=(1, 2)),
                               pokerkit.NoLimitDeuceToSevenLowballSingleDraw(AUTOMATIONS, True, 0, (1, 2), 2)),
        "FL 2-7 triple draw": (DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2), small_bet=2, big_bet=4),
                               pokerkit.FixedLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, True, 0, (1, 2), 2, 4)),
    }


def play_random(variant, stakes, rng: random.Random, players: int) -> Hand:
    stacks = {seat: rng.choice([rng.randint(3, 40), rng.randint(40, 300)]) for seat in range(players)}
    hand = Hand(variant, stacks, button=rng.randrange(players), stakes=stakes, seed=rng.randrange(2**32))
    while not hand.is_over:
        pending = hand.pending
        legal = pending.legal
        if pending.kind is PendingKind.BRING_IN:
            hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
            continue
        if pending.kind is PendingKind.DRAW:
            held = hand.hole_cards(pending.seat)
            hand.draw(rng.sample(held, rng.randint(0, min(pending.count, len(held)))))
            continue
        roll = rng.random()
        if roll < 0.15 and not legal.can_check:
            hand.fold()
        elif roll < 0.7 or legal.raise_kind is None:
            hand.check() if legal.can_check else hand.call()
        elif legal.fixed_amounts:
            hand.raise_to(rng.choice(legal.fixed_amounts))
        else:
            hand.raise_to(rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)]))
    return hand


def pokerkit_order(events):
    """The events in pokerkit's order: in a draw everyone discards before the burn and
    the replacements (the engine serves each player in turn, the rules (The games and their flow))."""
    events = list(events)
    ordered = []
    i = 0
    while i < len(events):
        if isinstance(events[i], ev.Burn) and i + 1 < len(events) and isinstance(events[i + 1], ev.Draw):
            j = i + 1
            while j < len(events) and isinstance(events[j], (ev.Draw, ev.Deal)):
                j += 1
            draw_round = events[i + 1:j]
            ordered += [e for e in draw_round if isinstance(e, ev.Draw)] + [events[i]]
            ordered += [e for e in draw_round if isinstance(e, ev.Deal)]
            i = j
        else:
            ordered.append(events[i])
            i += 1
    return ordered


def replay_in_pokerkit(game, hand: Hand):
    seats = hand.seats
    index = {seat: i for i, seat in enumerate(seats)}
    state = game(tuple(hand.result.stacks[s] - hand.result.net[s] for s in seats), len(seats))

    def text(cards):
        return "".join(card_str(c) for c in cards)

    for event in pokerkit_order(hand.events[1:]):
        kind = type(event)
        if kind is ev.Burn:
            state.burn_card(text([event.card]))
        elif kind is ev.Deal and event.seat is None:
            state.deal_board(text(event.cards))
        elif kind is ev.Draw:
            assert state.stand_patter_or_discarder_index == index[event.seat]
            state.stand_pat_or_discard(text(event.discarded))
        elif kind is ev.Deal:
            state.deal_hole(text(event.cards), index[event.seat])
        elif kind is ev.Post and event.kind is ForcedKind.BRING_IN:
            assert state.actor_index == index[event.seat]
            if event.amount == hand.stakes.bring_in:
                state.post_bring_in()
            else:
                state.complete_bet_or_raise_to(event.amount)
        elif kind is ev.Act:
            assert state.actor_index == index[event.seat], (event, state.actor_index)
            action = event.action
            if action.kind is ActionKind.FOLD:
                state.fold()
            elif action.kind in (ActionKind.CHECK, ActionKind.CALL):
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(action.to)
    assert not state.status
    return state


def pokerkit_convention(hand: Hand):
    """The final stacks with pokerkit's merging of pots (see the module docstring)."""
    result = hand.result
    order = {seat: i for i, seat in enumerate(hand.seats)}
    shown = {e.seat: e for e in hand.events if isinstance(e, ev.Show)}
    # pokerkit kills the hands that win nothing before it forms its pots.
    winners = {award.seat for settlement in result.settlements for pot in settlement.pots for award in pot.awards}
    stacks = {seat: result.stacks[seat] - result.payouts.get(seat, 0) for seat in hand.seats}
    merged = []
    for pot_result in result.settlements[0].pots:
        pot = pot_result.pot
        contenders = tuple(s for s in pot.eligible if s in shown and s in winners) or pot.eligible
        if merged and merged[-1][1] == contenders:
            merged[-1][0] += pot.amount
        else:
            merged.append([pot.amount, contenders])
    any_low = any(e.low for e in shown.values())

    def split(amount, winners):
        share, odd = divmod(amount, len(winners))
        for i, seat in enumerate(sorted(winners, key=order.__getitem__)):
            stacks[seat] += share + (odd if i == 0 else 0)

    for amount, contenders in merged:
        if len(contenders) == 1:
            stacks[contenders[0]] += amount
            continue
        best = max(shown[s].high for s in contenders)
        highs = [s for s in contenders if shown[s].high == best]
        if not any_low:
            split(amount, highs)
            continue
        low_half = amount // 2
        split(amount - low_half, highs)
        best_low = max(shown[s].low for s in contenders)
        split(low_half, [s for s in contenders if shown[s].low == best_low])
    return stacks


def rules_differ(hand: Hand) -> bool:
    """Whether a draw reshuffled the stub, a fixed-limit bet or raise went all-in for
    less than a full bet, a stud player used the open pair's big bet on 4th street, or
    stud showings tied on ranks (see the module docstring)."""
    if any(isinstance(event, ev.Reshuffle) for event in hand.events):
        return True  # pokerkit has no stub rule
    if hand.structure.is_big_bet:
        return False
    small, big = hand.structure.small_bet, hand.structure.big_bet
    level = street = 0
    up, folded, opened = {}, set(), True
    for event in hand.events:
        if isinstance(event, ev.Burn):
            street += 1
            opened = False
        if isinstance(event, ev.Deal) and event.face_up and event.seat is not None:
            up[event.seat] = up.get(event.seat, ()) + event.cards
        if isinstance(event, ev.Act) and not opened and hand.variant.is_stud:
            opened = True
            ranks = [showing_rank(up[seat], hand.variant.razz)[:2] for seat in up if seat not in folded]
            if ranks.count(max(ranks)) > 1:
                return True
        if isinstance(event, ev.Act) and event.action.kind is ActionKind.FOLD:
            folded.add(event.seat)
        if isinstance(event, (ev.Burn, ev.Deal)):
            level = 0
        elif isinstance(event, ev.Post) and event.kind is ForcedKind.BRING_IN:
            level = event.amount
        elif isinstance(event, ev.Act) and event.action.kind in (ActionKind.BET, ActionKind.RAISE):
            step = event.action.to - level
            if event.action.is_all_in and step < (small if street < hand.structure.big_bet_street else big):
                return True
            if hand.variant.is_stud and street == 1 and step > small:
                return True  # the open pair's big bet, or an all-in between the two sizes
            level = event.action.to
    return False


GAMES = _games()


@pytest.mark.parametrize("hands", [50, pytest.param(400, marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", sorted(GAMES))
def test_same_cards_same_actions_same_payouts(name, hands):
    variant, stakes, game = GAMES[name]
    rng = random.Random(f"{name} {hands}")
    low, high = variant.player_limits()
    compared = 0
    for _ in range(hands):
        # pokerkit's stud has no community card, which seven players reaching 7th street need.
        players = rng.randint(low, 6 if variant.is_stud else 4 if variant.streets[-1].draw else 7)
        hand = play_random(variant, stakes, rng, players)
        if rules_differ(hand):
            continue
        compared += 1
        state = replay_in_pokerkit(game, hand)
        expected = pokerkit_convention(hand)
        assert tuple(state.stacks) == tuple(expected[s] for s in hand.seats), hand.events
    assert compared >= hands // 2
