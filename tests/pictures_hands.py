"""Hands of every game played by a seeded random player, for the picture tests."""

from __future__ import annotations

import random

from pokerhash.betting import Action
from pokerhash.engine import VARIANTS, Hand, Options, PendingKind

from test_engine_machine import stakes_for  # the stakes every game is tested at


def random_move(hand: Hand, rng: random.Random) -> None:
    pending = hand.pending
    if pending.kind is PendingKind.DRAW:
        held = list(hand.hole_cards(pending.seat))
        rng.shuffle(held)
        hand.draw(held[:rng.randint(0, min(pending.count, len(held)))])
        return
    legal = pending.legal
    if pending.kind is PendingKind.BRING_IN:
        hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
        return
    choices = [Action.fold(), Action.check() if legal.can_check else Action.call(),
               Action.check() if legal.can_check else Action.call()]
    if legal.raise_kind is not None:
        amounts = legal.fixed_amounts or (legal.min_to, legal.max_to, (legal.min_to + legal.max_to) // 2)
        choices += [Action.raise_to(amount) for amount in amounts]
    hand.act(rng.choice(choices))


def random_hand(game: str, seed: int, players: int = 0, run_it_twice: bool = False) -> Hand:
    rng = random.Random(seed)
    variant = VARIANTS[game]
    low, high = variant.player_limits()
    count = players or rng.randint(low, min(high, 6))
    seats = rng.sample(range(10), count)
    hand = Hand(variant, {seat: rng.randint(20, 150) for seat in seats}, button=rng.randrange(10),
                stakes=stakes_for(variant), options=Options(run_it_twice=run_it_twice), seed=seed)
    while not hand.is_over:
        random_move(hand, rng)
    return hand
