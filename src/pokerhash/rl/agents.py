"""Example opponents: engine agents (callables from a :class:`~pokerhash.engine.View`
to an answer), so they play at a :class:`~pokerhash.engine.Table`, in the
environments and in any tool that takes an agent.

An answer is an :class:`~pokerhash.betting.Action` for a decision or a stud bring-in,
and the cards to discard for a draw.
"""

from __future__ import annotations

import random
from typing import List, Optional, Sequence, Tuple

from ..betting import Action
from ..engine import PendingKind, View

__all__ = ["RandomAgent", "CallStation", "EquityAgent"]

_DRAW = PendingKind.DRAW
_BRING_IN = PendingKind.BRING_IN


class RandomAgent:
    """Picks uniformly among fold (only when checking is not free), check/call and
    bet/raise, a raise to a uniform legal amount; draws a uniform number of uniform
    cards; brings in or completes at random. ``seed`` makes it reproducible."""

    def __init__(self, seed: Optional[int] = None) -> None:
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int]) -> None:
        """Restart the agent's random choices."""
        self._rng = random.Random(seed)

    def __call__(self, view: View) -> object:
        rng = self._rng
        pending = view.pending
        if pending.kind is _DRAW:
            held = view.hole_cards
            return tuple(rng.sample(held, rng.randint(0, min(pending.count, len(held)))))
        legal = view.legal
        if pending.kind is _BRING_IN:
            return Action.bet_to(rng.choice(legal.fixed_amounts))
        choices = ["call"] if legal.can_check else ["fold", "call"]
        if legal.raise_kind is not None:
            choices.append("raise")
        choice = rng.choice(choices)
        if choice == "fold":
            return Action.fold()
        if choice == "call":
            return Action.check() if legal.can_check else Action.call()
        if legal.fixed_amounts is not None:
            return Action.raise_to(rng.choice(legal.fixed_amounts))
        return Action.raise_to(rng.randint(legal.min_to, legal.max_to))


class CallStation:
    """Checks or calls every bet, posts the bring-in, stands pat."""

    def __call__(self, view: View) -> object:
        pending = view.pending
        if pending.kind is _DRAW:
            return ()
        legal = view.legal
        if pending.kind is _BRING_IN:
            return Action.bet_to(legal.fixed_amounts[0])
        return Action.check() if legal.can_check else Action.call()


class EquityAgent:
    """Plays by its share of the pot against random hands of the players still in,
    estimated from ``samples`` random completions of the deal (unseen cards only; the
    game's own high and low evaluations, so every game works): raises (a pot-sized
    raise, or the fixed amount) above ``raise_at``, calls when the share beats the pot
    odds, checks when free, else folds. Draws by the game's auto-draw where it has
    one (five-card draw, Turkish poker), otherwise keeps the low cards of distinct
    ranks (and suits, in badugi) — a simple lowball rule."""

    def __init__(self, samples: int = 64, raise_at: float = 0.6, seed: Optional[int] = None) -> None:
        self.samples = samples
        self.raise_at = raise_at
        self._rng = random.Random(seed)

    def seed(self, seed: Optional[int]) -> None:
        """Restart the agent's sampling."""
        self._rng = random.Random(seed)

    def __call__(self, view: View) -> object:
        pending = view.pending
        if pending.kind is _DRAW:
            return self._discards(view, pending.count)
        legal = view.legal
        if pending.kind is _BRING_IN:
            return Action.bet_to(legal.fixed_amounts[0])
        share = self.equity(view)
        if legal.raise_kind is not None and share >= self.raise_at:
            if legal.fixed_amounts is not None:
                return Action.raise_to(legal.fixed_amounts[0])
            pot_raise = view.bets[view.seat] + 2 * legal.call + view.pot
            return Action.raise_to(min(max(pot_raise, legal.min_to), legal.max_to))
        if legal.can_check:
            return Action.check()
        if share * (view.pot + legal.call) >= legal.call:
            return Action.call()
        return Action.fold()

    def equity(self, view: View) -> float:
        """The estimated share of the pot at showdown against random hidden cards."""
        variant = view.variant
        seats = view.seats
        me = view.seat
        opponents = [seat for seat in seats if seat != me and seat not in view.folded]
        if not opponents:
            return 1.0
        mine = view.hole_cards
        board = view.board
        seen = set(mine) | set(board)
        known = {seat: view.up_cards(seat) for seat in opponents}
        for cards in known.values():
            seen.update(cards)
        unseen = [c for c in variant.deck(len(seats)) if c not in seen]
        final_own = variant.cards_per_player if variant.is_stud else variant.streets[0].hole
        board_size = sum(street.board for street in variant.streets)
        need_board = max(0, board_size - len(board))
        need_mine = max(0, final_own - len(mine))
        need = {seat: final_own - len(known[seat]) for seat in opponents}
        total = need_board + need_mine + sum(need.values())
        if total > len(unseen):  # stud's short deck: value the hands as they stand
            need_board = need_mine = 0
            need = {seat: 0 for seat in opponents}
            total = 0
        lowest = variant.lowest_rank(len(seats))
        high, low = variant.high, variant.low
        rng = self._rng
        won = 0.0
        for _ in range(self.samples):
            deal = rng.sample(unseen, total)
            full_board = tuple(board) + tuple(deal[:need_board])
            at = need_board
            hands = [tuple(mine) + tuple(deal[at:at + need_mine])]
            at += need_mine
            for seat in opponents:
                hands.append(tuple(known[seat]) + tuple(deal[at:at + need[seat]]))
                at += need[seat]
            won += _share(hands, full_board, high, low, lowest)
        return won / self.samples

    def _discards(self, view: View, most: int) -> Tuple[int, ...]:
        held = view.hole_cards
        auto_draw = view.variant.auto_draw
        if auto_draw is not None:
            return tuple(sorted(auto_draw(held, view.lowest_rank))[:most])
        return tuple(_lowball_discards(held, badugi=len(held) == 4))[:most]


def _share(hands: List[tuple], board: tuple, high, low, lowest: int) -> float:
    """Player 0's share of a pot split by the rules among ``hands``."""
    share = 0.0
    halves = 0.5 if low is not None else 1.0
    for rule, fraction in ((high, halves if high is not None else 0.0), (low, halves)):
        if rule is None or not fraction:
            continue
        values = [rule.value(hand, board, lowest) for hand in hands]
        best = max(values)
        if rule is low and not best:
            share += fraction * _share(hands, board, high, None, lowest) if high is not None else 0.0
            continue
        if values[0] == best:
            share += fraction / values.count(best)
    return share


def _lowball_discards(held: Sequence[int], badugi: bool) -> List[int]:
    """Keep the lowest card of each rank (of each suit too in badugi) up to an eight;
    discard the rest."""
    kept_ranks, kept_suits, discards = set(), set(), []
    for card in sorted(held, key=lambda c: ((c >> 2) + 1) % 13 if badugi else c >> 2):
        rank, suit = card >> 2, card & 3
        low_enough = (rank + 1) % 13 <= 6 if badugi else rank <= 6
        if rank in kept_ranks or (badugi and suit in kept_suits) or not low_enough:
            discards.append(card)
        else:
            kept_ranks.add(rank)
            kept_suits.add(suit)
    return discards
