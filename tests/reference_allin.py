"""A slow, readable all-in EV: every remaining board dealt, every pot paid by the
rules' showdown, the payouts averaged. The tracker's all-in EV (exact equity from
the C kernels) must equal it."""

from __future__ import annotations

import itertools
from typing import Dict, List, Sequence, Tuple

import pokerhash as ph


def _values(game: str, hole: Sequence[int], board: Sequence[int]) -> Tuple[int, int]:
    """(high, low) of one hand on a full board; low 0 = no low (no low half in high games)."""
    if game == "holdem":
        return ph.evaluate(list(hole) + list(board)), 0
    if game == "omaha":
        return ph.evaluate_omaha(list(hole), list(board)), 0
    if game == "omaha8":
        return ph.evaluate_omaha(list(hole), list(board)), ph.evaluate_omaha_low8(list(hole), list(board))
    raise ValueError(game)


def expected_payouts(game: str, holdings: Dict[int, List[int]], board: List[int],
                     pots: Sequence[Tuple[float, Sequence[int]]]) -> Dict[int, float]:
    """Each seat's expected chips from ``pots`` ((amount after rake, eligible seats))
    over every completion of ``board`` to five cards."""
    used = set(board) | {c for cards in holdings.values() for c in cards}
    deck = [c for c in range(52) if c not in used]
    totals = {seat: 0.0 for seat in holdings}
    runs = 0
    for rest in itertools.combinations(deck, 5 - len(board)):
        full = list(board) + list(rest)
        values = {seat: _values(game, cards, full) for seat, cards in holdings.items()}
        for amount, eligible in pots:
            best = max(values[s][0] for s in eligible)
            highs = [s for s in eligible if values[s][0] == best]
            lows_best = max(values[s][1] for s in eligible)
            if lows_best:
                lows = [s for s in eligible if values[s][1] == lows_best]
                for s in highs:
                    totals[s] += amount / 2 / len(highs)
                for s in lows:
                    totals[s] += amount / 2 / len(lows)
            else:
                for s in highs:
                    totals[s] += amount / len(highs)
        runs += 1
    return {seat: total / runs for seat, total in totals.items()}


def stud_shares(hands: Sequence[Sequence[int]], dead: Sequence[int]) -> List[float]:
    """Each seven-card stud hand's share of one pot over every way the cards still to
    come (each hand to seven cards, from the cards nobody holds or saw) can be dealt,
    the best five of seven by ``pokerhash.evaluate``, ties split."""
    used = {c for hand in hands for c in hand} | set(dead)
    deck = [c for c in range(52) if c not in used]
    missing = [7 - len(hand) for hand in hands]
    totals = [0.0] * len(hands)
    deals = 0

    def deal(i: int, left: List[int], given: List[Tuple[int, ...]]) -> None:
        nonlocal deals
        if i == len(hands):
            values = [ph.evaluate(list(hand) + list(extra)) for hand, extra in zip(hands, given)]
            best = max(values)
            winners = [k for k, value in enumerate(values) if value == best]
            for k in winners:
                totals[k] += 1 / len(winners)
            deals += 1
            return
        for cards in itertools.combinations(left, missing[i]):
            rest = [c for c in left if c not in cards]
            deal(i + 1, rest, given + [cards])

    deal(0, deck, [])
    return [total / deals for total in totals]
