"""Malmuth-Harville ICM by its definition, in exact fractions: the chance of every
finishing order of the paid places, a product of (stack / chips not yet placed)."""

from __future__ import annotations

from fractions import Fraction
from itertools import permutations


def icm_by_orders(stacks, payouts):
    """Exact equities (Fractions) of players who all have chips."""
    stacks = [Fraction(s) for s in stacks]
    places = min(len(payouts), len(stacks))
    equity = [Fraction(0)] * len(stacks)
    for order in permutations(range(len(stacks)), places):
        probability, left = Fraction(1), sum(stacks)
        for player in order:
            probability *= stacks[player] / left
            left -= stacks[player]
        for place, player in enumerate(order):
            equity[player] += probability * Fraction(payouts[place])
    return equity
