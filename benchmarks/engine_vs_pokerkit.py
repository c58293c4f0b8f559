"""Whole hands per second: the pokerhash engine beside pokerkit, same random policy, one run.

    python benchmarks/engine_vs_pokerkit.py            # about a minute
    python benchmarks/engine_vs_pokerkit.py --hands 3000 --repeats 7

Six-max no-limit Hold'em, 200-chip stacks at 1/2, full hands with showdowns, event
log off: each player checks 85% of the time it may and bets otherwise, and facing a
bet folds 10%, calls 75% and raises 15% (to a uniform amount between the minimum and
the maximum, or the minimum one time in five). Both engines deal from their own
shuffled deck and show down automatically. Reported: medians over the repeats of the
CPU time (the process's own, so that other jobs on the machine do not count) and
the ratio (target: at least 50 times pokerkit). Then the engine alone on PLO, stud
and Turkish poker, and ``Hand.clone()``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable, List

from pokerhash.betting import Action
from pokerhash.cards import Deck
from pokerhash.engine import HOLDEM, PLO, STUD, TURKISH_POKER, Hand, PendingKind, Stakes

FOLD, CHECK, CALL = Action.fold(), Action.check(), Action.call()


def engine_player(variant, stakes: Stakes, players: int, seed: int) -> Callable[[], int]:
    """One call plays one hand; returns 1 if it reached a showdown."""
    rng = random.Random(seed)
    deck = Deck(seed, variant.deck(players))
    stacks = {seat: 200 for seat in range(players)}

    def size(legal):
        if legal.fixed_amounts:
            return Action.raise_to(rng.choice(legal.fixed_amounts))
        low, high = legal.min_to, legal.max_to
        return Action.raise_to(rng.randint(low, high) if rng.random() < 0.8 else low)

    def play() -> int:
        deck.shuffle()
        hand = Hand(variant, stacks, button=players - 1, stakes=stakes, deck=deck, log=False)
        act = hand.act
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                hand.timeout()  # the standard auto-draw
                continue
            legal = pending.legal
            if pending.kind is PendingKind.BRING_IN:
                act(Action.bet_to(legal.min_to))
                continue
            roll = rng.random()
            if legal.can_check:
                act(CHECK if roll < 0.85 or legal.raise_kind is None else size(legal))
            elif roll < 0.10:
                act(FOLD)
            else:
                act(CALL if roll < 0.85 or legal.raise_kind is None else size(legal))
        return len(hand.seats) - len(hand.folded) > 1

    return play


def pokerkit_player(seed: int) -> Callable[[], int]:
    from pokerkit import Automation, HoleCardsShowingOrMucking, NoLimitTexasHoldem

    rng = random.Random(seed)
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
                   Automation.CHIPS_PULLING)

    def size(state):
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        state.complete_bet_or_raise_to(rng.randint(low, high) if rng.random() < 0.8 else low)

    def play() -> int:
        state = NoLimitTexasHoldem.create_state(automations, True, 0, (1, 2), 2, (200,) * 6, 6)
        while state.status:
            roll = rng.random()
            can_raise = state.can_complete_bet_or_raise_to()
            if state.checking_or_calling_amount == 0:
                if roll < 0.85 or not can_raise:
                    state.check_or_call()
                else:
                    size(state)
            elif roll < 0.10:
                state.fold()
            elif roll < 0.85 or not can_raise:
                state.check_or_call()
            else:
                size(state)
        return any(isinstance(operation, HoleCardsShowingOrMucking) for operation in state.operations)

    return play


def hands_per_second(play: Callable[[], int], hands: int, repeats: int) -> tuple:
    rates: List[float] = []
    showdowns = 0
    for _ in range(repeats):
        start = time.process_time()  # CPU time, as clone_microseconds
        showdowns = sum(play() for _ in range(hands))
        rates.append(hands / (time.process_time() - start))
    return statistics.median(rates), showdowns / hands


def clone_microseconds(repeats: int) -> float:
    hand = Hand(HOLDEM, {seat: 200 for seat in range(6)}, button=5, stakes=Stakes(blinds=(1, 2)), seed=1, log=False)
    hand.call()
    hand.call()
    loops = 20_000
    times = []
    for _ in range(repeats):
        start = time.process_time()  # CPU time: the shared machine's load does not count
        for _ in range(loops):
            hand.clone()
        times.append((time.process_time() - start) / loops * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    blinds = Stakes(blinds=(1, 2))
    ours, ours_showdowns = hands_per_second(engine_player(HOLDEM, blinds, 6, 1), args.hands, args.repeats)
    try:
        theirs, their_showdowns = hands_per_second(pokerkit_player(1), max(args.hands // 20, 50), args.repeats)
    except ImportError:
        theirs = their_showdowns = None
    print(f"six-max NL Hold'em   pokerhash {ours:9.0f} hands/s  (showdowns {ours_showdowns:.0%})")
    if theirs:
        print(f"                     pokerkit  {theirs:9.0f} hands/s  (showdowns {their_showdowns:.0%})")
        print(f"                     ratio     {ours / theirs:9.1f}x")
    games = (("six-max PLO", PLO, blinds, 6),
             ("six-max stud", STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8), 6),
             ("four-player Turkish", TURKISH_POKER, Stakes(ante=2, small_bet=4), 4))
    for name, variant, stakes, players in games:
        rate, showdowns = hands_per_second(engine_player(variant, stakes, players, 2), args.hands, args.repeats)
        print(f"{name:<20} pokerhash {rate:9.0f} hands/s  (showdowns {showdowns:.0%})")
    print(f"Hand.clone()         {clone_microseconds(args.repeats):9.2f} us (CPU time)")


if __name__ == "__main__":
    main()
