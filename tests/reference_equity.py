"""A slow, readable brute force of showdown equity, for the tests.

Every deal is listed with itertools and every pot is shared with fractions, as
(rules: Pots, splitting and rake) says: ties split evenly; in hi/lo the best high and the best qualifying
low take half each, the high all of it when no low qualifies. Hands are valued by
pokerhash's per-call evaluators (each tested exhaustively against the reference
rankings in reference_high.py and reference_low.py); nothing here is shared with
the equity kernels.
"""

from __future__ import annotations

import itertools
from fractions import Fraction
from typing import Dict, List, Optional, Sequence, Tuple

import pokerhash as ph

OMAHA = ("omaha", "omaha8")
HILO = ("omaha8", "stud8")


def hand_values(game: str, hole: Sequence[int], board: Sequence[int], trips_beat_straight: bool = True
                ) -> Tuple[int, int]:
    """(high strength, low value or 0) of one player at showdown."""
    if game == "shortdeck":
        return ph.evaluate_shortdeck(list(hole) + list(board), trips_beat_straight), 0
    if game in OMAHA:
        high = ph.evaluate_omaha(list(hole), list(board))
        low = ph.evaluate_omaha_low8(list(hole), list(board)) if game in HILO else 0
    else:
        cards = list(hole) + list(board)
        high = ph.evaluate(cards)
        low = ph.evaluate_low8(cards) if game in HILO else 0
    return high, low


def pot_shares(highs: List[int], lows: List[int]) -> Tuple[List[Fraction], List[Fraction]]:
    """(high part, low part) of each player's share of a pot of 1."""
    n = len(highs)
    high_winners = [i for i in range(n) if highs[i] == max(highs)]
    qualified = [low for low in lows if low]
    low_winners = [i for i in range(n) if qualified and lows[i] == max(qualified)]
    high_pot = Fraction(1, 2) if low_winners else Fraction(1)
    high = [high_pot / len(high_winners) if i in high_winners else Fraction(0) for i in range(n)]
    low = [Fraction(1, 2) / len(low_winners) if i in low_winners else Fraction(0) for i in range(n)]
    return high, low


def completions(stub: List[int], sizes: List[int]):
    """Every way to give each slot its number of cards from the stub (combinations)."""
    if not sizes:
        yield []
        return
    for first in itertools.combinations(stub, sizes[0]):
        rest = [c for c in stub if c not in first]
        for others in completions(rest, sizes[1:]):
            yield [list(first)] + others


def brute_equity(game: str, hands: Sequence[Sequence[int]], board: Sequence[int] = (), dead: Sequence[int] = (),
                 hole_size: Optional[int] = None, board_size: Optional[int] = None,
                 trips_beat_straight: bool = True) -> Dict[str, List[Fraction]]:
    """Exact equity, win, tie, high and low of known hands (stud hands may be partial;
    short deck: the 36 cards from the sixes up)."""
    n = len(hands)
    hole_size = hole_size or (7 if game.startswith("stud") else len(hands[0]))
    board_size = 5 if board_size is None and not game.startswith("stud") else (board_size or 0)
    known = [c for h in hands for c in h] + list(board) + list(dead)
    deck = range(16, 52) if game == "shortdeck" else range(52)
    stub = [c for c in deck if c not in known]
    sums = {key: [Fraction(0)] * n for key in ("equity", "win", "tie", "high", "low")}
    deals = 0
    for extra in completions(stub, [board_size - len(board)] + [hole_size - len(h) for h in hands]):
        full_board = list(board) + extra[0]
        values = [hand_values(game, list(h) + e, full_board, trips_beat_straight) for h, e in zip(hands, extra[1:])]
        high, low = pot_shares([v[0] for v in values], [v[1] for v in values])
        deals += 1
        for i in range(n):
            share = high[i] + low[i]
            sums["equity"][i] += share
            sums["high"][i] += high[i]
            sums["low"][i] += low[i]
            sums["win"][i] += share == 1
            sums["tie"][i] += 0 < share < 1
    return {key: [v / deals for v in values] for key, values in sums.items()}


def brute_range_equity(hands_or_ranges: Sequence, board: Sequence[int] = (), dead: Sequence[int] = ()) -> List[Fraction]:
    """Hold'em equity where each player is a hand or a dict {(c1, c2): weight}: every
    combination of hands sharing no card, weighted by the product of the weights."""
    options = [h if isinstance(h, dict) else {tuple(h): 1} for h in hands_or_ranges]
    total = Fraction(0)
    equity = [Fraction(0)] * len(options)
    for choice in itertools.product(*(o.items() for o in options)):
        held = [c for hand, _ in choice for c in hand]
        if len(set(held) | set(board) | set(dead)) != len(held) + len(board) + len(dead):
            continue
        weight = Fraction(1)
        for _, w in choice:
            weight *= Fraction(w)
        result = brute_equity("holdem", [list(hand) for hand, _ in choice], board, dead)
        total += weight
        equity = [e + weight * r for e, r in zip(equity, result["equity"])]
    return [e / total for e in equity]
