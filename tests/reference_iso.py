"""A slow, readable statement of hand isomorphism, for the tests.

Two hands dealt in rounds are the same class when one of the 24 suit permutations
maps every round of one onto the same round of the other (cards within a round are
a set). The class's name here is the smallest image of the hand over the 24
permutations, each round written as its sorted cards. Nothing is shared with
pokerhash.iso or its C code.
"""

from __future__ import annotations

import itertools
from typing import Sequence, Tuple

import numpy as np

SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


def permute_suits(cards: Sequence[int], permutation: Sequence[int]) -> list:
    """The cards with suit s renamed permutation[s] (a card is rank * 4 + suit)."""
    return [(c & ~3) | permutation[c & 3] for c in cards]


def split_rounds(cards: Sequence[int], shape: Sequence[int]) -> list:
    rounds, start = [], 0
    for n in shape:
        rounds.append(list(cards[start : start + n]))
        start += n
    return rounds


def class_name(cards: Sequence[int], shape: Sequence[int]) -> Tuple[Tuple[int, ...], ...]:
    """The smallest (rounds of sorted cards) over every suit permutation of the hand."""
    images = []
    for permutation in SUIT_PERMUTATIONS:
        renamed = permute_suits(cards, permutation)
        images.append(tuple(tuple(sorted(r)) for r in split_rounds(renamed, shape)))
    return min(images)


def class_names(hands: np.ndarray, shape: Sequence[int]) -> np.ndarray:
    """class_name of every row of hands, vectorised: each round's sorted cards packed
    into one integer (6 bits a card), the rounds side by side, minimised over the
    permutations row by row in lexicographic order. Returns (n, rounds) int64."""
    hands = hands.astype(np.int64)
    best = None
    for permutation in SUIT_PERMUTATIONS:
        table = np.array([(c & ~3) | permutation[c & 3] for c in range(52)], dtype=np.int64)
        renamed = table[hands]
        columns, start = [], 0
        for n in shape:
            part = np.sort(renamed[:, start : start + n], axis=1)
            packed = np.zeros(len(hands), dtype=np.int64)
            for i in range(n):
                packed = packed * 64 + part[:, i]
            columns.append(packed)
            start += n
        image = np.stack(columns, axis=1)
        if best is None:
            best = image
            continue
        # Row-wise lexicographic minimum: the first column that differs decides.
        smaller = np.zeros(len(hands), dtype=bool)
        decided = np.zeros(len(hands), dtype=bool)
        for col in range(image.shape[1]):
            less = ~decided & (image[:, col] < best[:, col])
            more = ~decided & (image[:, col] > best[:, col])
            smaller |= less
            decided |= less | more
        best[smaller] = image[smaller]
    return best


def all_hands_of_shape(shape: Sequence[int]) -> np.ndarray:
    """Every hand of the shape: each round a combination of the cards left, in
    increasing order (uint8 rows)."""
    hands = [()]
    for n in shape:
        hands = [h + combo for h in hands for combo in itertools.combinations([c for c in range(52) if c not in h], n)]
    return np.array(hands, dtype=np.uint8).reshape(len(hands), sum(shape))
