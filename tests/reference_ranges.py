"""A slow, readable reading of range text, to check pokerhash.ranges against.

It works on card text and hand-class names only (no combo indices, no NumPy), so it
shares nothing with the module under test but the notation itself. It assumes the text
is well formed.
"""

from __future__ import annotations

import itertools
import re
from fractions import Fraction

RANKS = "23456789TJQKA"
SUITS = "cdhs"
DECK = [rank + suit for rank in RANKS for suit in SUITS]
ALL_COMBOS = [frozenset(pair) for pair in itertools.combinations(DECK, 2)]


def class_name(combo) -> str:
    """``AKs``, ``AKo`` or ``AA``: the hand class of a combo, high rank first."""
    first, second = sorted(combo, key=lambda c: RANKS.index(c[0]), reverse=True)
    if first[0] == second[0]:
        return first[0] + second[0]
    return first[0] + second[0] + ("s" if first[1] == second[1] else "o")


COMBOS_OF_CLASS: dict = {}
for _combo in ALL_COMBOS:
    COMBOS_OF_CLASS.setdefault(class_name(_combo), []).append(_combo)


def normalise(name: str) -> str:
    """Upper-case ranks, high rank first: ``kas`` -> ``AKs``."""
    high, low = sorted(name[:2].upper(), key=RANKS.index, reverse=True)
    return high + low + name[2:]


def expand(expression: str) -> list:
    """The class names (``AKs``, ``AKo``, ``AA``; ``AK`` stays both) of one expression."""
    if "-" in expression:
        first, last = (normalise(part) for part in expression.split("-"))
        suffix = first[2:]
        if first[0] == first[1]:
            low, high = sorted([RANKS.index(first[0]), RANKS.index(last[0])])
            return [RANKS[r] * 2 for r in range(low, high + 1)]
        if first[0] == last[0]:
            low, high = sorted([RANKS.index(first[1]), RANKS.index(last[1])])
            return [first[0] + RANKS[k] + suffix for k in range(low, high + 1)]
        gap = RANKS.index(first[0]) - RANKS.index(first[1])
        low, high = sorted([RANKS.index(first[1]), RANKS.index(last[1])])
        return [RANKS[k + gap] + RANKS[k] + suffix for k in range(low, high + 1)]
    if expression.endswith("+"):
        name = normalise(expression[:-1])
        if name[0] == name[1]:
            return [RANKS[r] * 2 for r in range(RANKS.index(name[0]), 13)]
        return [name[0] + RANKS[k] + name[2:] for k in range(RANKS.index(name[1]), RANKS.index(name[0]))]
    return [normalise(expression)]


def combos_of(expression: str) -> list:
    if expression.lower() == "random":
        return list(ALL_COMBOS)
    if len(expression) == 4 and expression[1] in SUITS:
        return [frozenset([expression[0].upper() + expression[1], expression[2].upper() + expression[3]])]
    names = set()
    for name in expand(expression):
        if len(name) == 2 and name[0] != name[1]:
            names.update([name + "s", name + "o"])
        else:
            names.add(name)
    return [combo for name in names for combo in COMBOS_OF_CLASS[name]]


def parse(text: str) -> dict:
    """``{frozenset({"As", "Kh"}): weight}`` for every combo (0.0 when absent)."""
    weights = {combo: 0.0 for combo in ALL_COMBOS}
    # GTO+ blocks [w]...[/w] are eval7 blocks in percent.
    text = re.sub(r"\[/[0-9.eE+-]*\]", ")", text)
    text = re.sub(r"\[([0-9.eE+-]+)\]", r"\1%(", text)
    text = text.replace("(", "( ").replace(")", " )")
    block_weight = None
    for token in re.split(r"[\s,;]+", text):
        if not token:
            continue
        if token.endswith("("):
            number = token[:-1]
            block_weight = Fraction(number[:-1]) / 100 if number.endswith("%") else Fraction(number)
            continue
        if token == ")":
            block_weight = None
            continue
        expression, _, weight_text = token.partition(":")
        weight = Fraction(weight_text) if weight_text else (block_weight if block_weight is not None else 1)
        for combo in combos_of(expression):
            weights[combo] = float(weight)
    return weights
