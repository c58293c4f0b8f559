"""Engine rules and the table, as independent checks found them (issue 23): stud
bring-ins, forced bets of players all-in on the ante, Turkish auto-draw, error
messages, Table.play's hooks and default stakes. Each test failed before its fix."""

import itertools
import subprocess
import sys
import time

import pytest

import pokerhash as ph
from pokerhash.betting import Action, ForcedKind
from pokerhash.cards import cards
from pokerhash.engine import (FIVE_CARD_DRAW, HOLDEM, RAZZ, STUD, STUD_HI_LO, TURKISH_POKER, VARIANTS, Hand,
                              Options, PendingKind, Stakes, Table)
from pokerhash.engine import events as ev
from pokerhash.engine.draw import auto_draw
from pokerhash.errors import IllegalActionError, InvalidValueError
from pokerhash.evaluators.turkish import TurkishCategory, evaluate_turkish, turkish_category, turkish_deck

STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def check_or_call(view):
    """The README's calling station, standing pat in draws."""
    if view.pending.kind is PendingKind.DRAW:
        return ()
    return ph.Action.check() if view.legal.can_check else ph.Action.call()


# --- stud bring-in -------------------------------------------------------------------------

@pytest.mark.parametrize("variant", [STUD, STUD_HI_LO, RAZZ])
def test_bring_in_lists_exactly_what_it_accepts(variant):
    hand = Hand(variant, {0: 100, 1: 100, 2: 100}, button=2, stakes=STUD_STAKES, seed=4)
    pending = hand.pending
    assert pending.kind is PendingKind.BRING_IN
    legal = pending.legal
    assert not legal.can_fold and not legal.can_check and legal.call == 2
    assert str(legal) == "bring in 2, complete to 4"
    for refused in (Action.fold(), Action.check(), Action.raise_to(3)):
        assert not hand.can(refused)
        with pytest.raises(IllegalActionError, match=f"seat {pending.seat}"):
            hand.act(refused)
    for accepted in (Action.call(), Action.bet_to(2), Action.bet_to(4)):
        assert hand.can(accepted)
    hand.call()  # a check-or-call player posts the bring-in
    assert hand.events[-1] == ev.Post(pending.seat, ForcedKind.BRING_IN, 2)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_a_check_call_bot_plays_every_game_at_a_table(name):
    variant = VARIANTS[name]
    players = min(4, variant.player_limits()[1])
    table = Table(variant, seats=players, seed=11)
    for seat in range(players):
        table.join(seat, 400)
    results = table.play(check_or_call, hands=5)
    assert results and sum(table.stacks.values()) == 400 * players


def test_bring_in_passes_clockwise_when_the_low_card_is_all_in_on_the_ante():
    # Seats 0, 1, 2 left of the button 3... the button is seat 2: dealing starts at 0.
    # Hole cards go round twice, then one up card each: seat 0 shows the 2c (lowest).
    script = cards("Ah Kh Qh Ad Kd Qd 2c 9s Ts") + [c for c in range(52) if c not in cards("Ah Kh Qh Ad Kd Qd 2c 9s Ts")]
    hand = Hand(STUD, {0: 1, 1: 100, 2: 100}, button=2, stakes=STUD_STAKES, cards=script)
    assert hand.stacks[0] == 0  # all-in on the ante
    assert hand.pending.kind is PendingKind.BRING_IN and hand.pending.seat == 1
    hand.call()
    assert hand.pending.kind is PendingKind.DECISION and hand.pending.legal.call == 2


@pytest.mark.parametrize("rule, seat", [("clockwise", 1), ("lowest", 2)])
def test_who_brings_in_past_an_all_in_low_card_is_an_option(rule, seat):
    dealt = cards("Ah Kh Qh Ad Kd Qd 2c Ts 9s")  # up cards: seat 0 2c (all-in), seat 1 Ts, seat 2 9s
    script = dealt + [c for c in range(52) if c not in dealt]
    hand = Hand(STUD, {0: 1, 1: 100, 2: 100}, button=2, stakes=STUD_STAKES, cards=script,
                options=Options(bring_in_past_all_in=rule))
    assert hand.pending.kind is PendingKind.BRING_IN and hand.pending.seat == seat
    with pytest.raises(InvalidValueError):
        Options(bring_in_past_all_in="left")


def test_no_bring_in_heads_up_when_the_opponent_is_all_in_on_the_ante():
    hand = Hand(STUD, {0: 50, 1: 1}, button=1, stakes=STUD_STAKES, seed=2)
    assert hand.is_over and sum(hand.result.stacks.values()) == 51


# --- blinds of players all-in on the ante ---------------------------------------------------

@pytest.mark.parametrize("variant", [FIVE_CARD_DRAW, HOLDEM])
@pytest.mark.parametrize("big_blind_stack", [1, 2])
def test_a_big_blind_all_in_on_the_ante_is_called_in_full(variant, big_blind_stack):
    # Stack 2: ante 1, a short blind of 1; stack 1: ante 1, a blind of nothing. Either
    # way the others face the full big blind of 2, the engine's short-blind rule.
    stakes = Stakes(blinds=(1, 2), ante=1)
    hand = Hand(variant, {0: 100, 1: big_blind_stack, 2: 100}, button=2, stakes=stakes, seed=3)
    legal = hand.pending.legal
    assert hand.pending.seat == 2 and legal.call == 2 and legal.min_to == 4
    while not hand.is_over:
        if hand.pending.kind is PendingKind.DRAW:
            hand.draw(())
        else:
            hand.check() if hand.pending.legal.can_check else hand.call()
    assert sum(hand.result.stacks.values()) == 200 + big_blind_stack
    assert Hand.replay(hand.events).result == hand.result


# --- Turkish auto-draw ------------------------------------------------------------------

_TURKISH_DECKS = [(2, True), (3, True), (4, False), (4, True), (5, True)]


@pytest.mark.parametrize("players, with_36", _TURKISH_DECKS)
def test_auto_draw_keeps_every_made_straight_of_every_turkish_deck(players, with_36):
    # The reference is the Turkish evaluator: every five-card hand of the deck with
    # five ranks it classes as a straight (the ace-low ones included) stands pat.
    deck = turkish_deck(players, with_36)
    lowest = deck[0] // 4 + 2
    ranks = sorted({c // 4 for c in deck})
    straights = 0
    for chosen in itertools.combinations(ranks, 5):
        hand = [4 * r + suit for r, suit in zip(chosen, (0, 1, 2, 3, 0))]
        category = turkish_category(evaluate_turkish(hand, lowest_rank=lowest))
        if category in (TurkishCategory.MINOR_STRAIGHT, TurkishCategory.STRAIGHT, TurkishCategory.MAJOR_STRAIGHT):
            straights += 1
            for suits in itertools.product(range(4), repeat=5):
                held = [4 * r + s for r, s in zip(chosen, suits)]
                assert auto_draw(held, lowest) == (), (players, held)
    assert straights == len(ranks) - 3  # the ace-high and ace-low windows and those between


def test_turkish_timeout_in_the_draw_keeps_an_ace_low_straight():
    # Two players, the 24-card deck (nine to ace): seat 0 holds A-9-T-J-Q, the
    # straight with the ace as the eight; seat 1 opens with kings.
    held = cards("As 9c Td Jh Qs")
    opener = cards("Kc Kd 9d Th Jc")
    dealt = [c for pair in zip(held, opener) for c in pair]
    rest = [c for c in turkish_deck(2) if c not in dealt]
    hand = Hand(TURKISH_POKER, {0: 100, 1: 100}, button=1, stakes=Stakes(ante=1, small_bet=2), cards=dealt + rest)
    hand.check()
    hand.bet_to(2)
    hand.call()
    assert hand.pending.kind is PendingKind.DRAW and hand.pending.seat == 0
    assert hand.timeout() == ()
    assert sorted(hand.hole_cards(0)) == sorted(held)


# --- messages and bad actions -------------------------------------------------------------

def test_betting_errors_name_the_seat():
    hand = Hand(HOLDEM, {1: 100, 3: 100, 5: 100}, button=5, stakes=Stakes(blinds=(1, 2)), seed=1)
    assert hand.pending.seat == 5
    with pytest.raises(IllegalActionError, match="seat 5 faces a bet of 2") as error:
        hand.check()
    assert "player" not in str(error.value)
    with pytest.raises(IllegalActionError, match="seat 5"):
        hand.validate(Action.check())


# --- Table.play: hands, timeouts, progress --------------------------------------------------

def test_table_play_hands_each_finished_hand_over():
    table = Table(HOLDEM, seats=3, seed=2)
    for seat in range(3):
        table.join(seat, 100)
    seen = []
    results = table.play(check_or_call, hands=3, on_hand=seen.append)
    assert len(seen) == 3 and [hand.result for hand in seen] == results
    from pokerhash.engine.history_hands import to_history
    from pokerhash.engine.history import dumps, loads

    assert loads(dumps(to_history(seen[0]))).variant == "NT"
    assert all(isinstance(hand.events[0], ev.Start) for hand in seen)


def test_table_play_applies_the_timeout_action_to_a_slow_agent():
    table = Table(HOLDEM, seats=2, seed=2)
    for seat in range(2):
        table.join(seat, 100)

    def slow(view):
        if view.seat == 0:
            time.sleep(0.5)
        return check_or_call(view)

    started = time.perf_counter()
    [result] = table.play(slow, hands=1, time_limit=0.05)
    assert time.perf_counter() - started < 0.45  # did not wait for the slow agent
    assert result.stacks[0] < 100  # seat 0 timed out: folded (or checked) its hand away


def test_table_play_reports_progress():
    table = Table(HOLDEM, seats=2, seed=2)
    for seat in range(2):
        table.join(seat, 100)
    calls = []
    table.play(check_or_call, hands=3, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(1, 3), (2, 3), (3, 3)]
    with pytest.raises(InvalidValueError):
        table.play(check_or_call, hands=1, time_limit=0)
    with pytest.raises(InvalidValueError):
        table.play(check_or_call, hands=1, progress="yes")


# --- default stakes --------------------------------------------------------------------------

@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_has_default_stakes(name):
    variant = VARIANTS[name]
    hand = Hand(variant, {0: 100, 1: 100}, button=1, seed=1)
    assert hand.stakes == Stakes.default(variant)


def test_stud_without_a_bring_in_plays_half_the_small_bet():
    hand = Hand(STUD, {0: 100, 1: 100, 2: 100}, button=2, stakes=Stakes(ante=1, small_bet=10), seed=1)
    assert hand.stakes.bring_in == 5 and hand.pending.legal.fixed_amounts == (5, 10)


# --- agents without the RL extra -------------------------------------------------------------

def test_agents_import_without_pettingzoo_and_gymnasium():
    code = """
import sys
sys.modules["pettingzoo"] = None
sys.modules["gymnasium"] = None
from pokerhash.rl import CallStation, EquityAgent, RandomAgent
from pokerhash.engine import STUD, Table
table = Table(STUD, seats=3, seed=1)
for seat in range(3):
    table.join(seat, 200)
table.play({0: CallStation(), 1: RandomAgent(seed=1), 2: EquityAgent(samples=8, seed=1)}, hands=2)
import pokerhash.rl
try:
    pokerhash.rl.PokerEnv
except ImportError as error:
    assert "pokerhash[rl]" in str(error), error
else:
    raise SystemExit("PokerEnv imported without PettingZoo")
"""
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
