"""Hand isomorphism: one index per class of hands equal up to a suit permutation.

A :class:`HandIndexer` numbers the classes of hands dealt in rounds (private cards
first, then each board round), after Waugh, "A Fast and Optimal Hand Isomorphism
Algorithm" (2013): suits carry no value in any of our games (rules: Standard hand
ranking: suits never rank), so solvers and abstractions store one entry per class
instead of one per deal. The index is dense (``0 .. size(round) - 1``) and optimal
(exactly one index per class), and it also covers shapes the reference C code does
not build, such as Omaha's ``(4, 3, 1, 1)``.

The class structure and its C kernels are described in ``csrc/hand_index.h``; this
module enumerates each round's *configurations* (the sorted per-suit card counts),
their offsets and the perfect hash that finds them, and hands those tables to C.
"""

from __future__ import annotations

import itertools
import math
from typing import List, Sequence, Tuple, Union

import numpy as np

from . import _iso
from .cards import HandLike, cards as parse_cards
from ._checks import as_int
from .errors import InvalidCardError, InvalidValueError
from ._batch import card_rows, raise_if_bad_row

__all__ = ["HandIndexer"]

SUITS = 4
RANKS = 13
MAX_ROUNDS = 8
# Offsets and products of combinations with repetition stay below 4 * size in the
# C kernel (csrc/hand_index.h, ph_iso_multichoose), so sizes must stay below 2^62.
MAX_SIZE = 1 << 62
_HASH_SEED = 0x5EED


def _multichoose(n: int, k: int) -> int:
    """Multisets of k items of n kinds."""
    return math.comb(n + k - 1, k)


def _suit_size(vector: Tuple[int, ...]) -> int:
    """Suit hands with ``vector[r]`` cards in round r: the rank sets chosen round by
    round among the ranks not used yet."""
    size, used = 1, 0
    for n in vector:
        size *= math.comb(RANKS - used, n)
        used += n
    return size


def _cfg(vector: Tuple[int, ...]) -> int:
    """A count vector as the C kernel packs it: one nibble per round, round 0 most
    significant, so integer order is lexicographic order."""
    value = 0
    for n in vector:
        value = value << 4 | n
    return value


def _configurations(counts: Sequence[int]) -> List[Tuple[Tuple[int, ...], ...]]:
    """Every way to spread ``counts[r]`` cards per round over four suits of 13 ranks,
    up to the order of the suits: four count vectors sorted largest first."""
    found = []

    def place(position: int, remaining: Tuple[int, ...], bound: Tuple[int, ...], chosen: tuple) -> None:
        if position == SUITS - 1:
            if sum(remaining) <= RANKS and remaining <= bound:
                found.append(chosen + (remaining,))
            return
        for vector in itertools.product(*(range(n, -1, -1) for n in remaining)):
            if vector > bound:
                continue
            if sum(vector) > RANKS:
                continue
            rest = tuple(r - v for r, v in zip(remaining, vector))
            # The later suits hold at most this vector each, lexicographically: a cheap
            # necessary check is that their first rounds can take what is left.
            if rest[0] > vector[0] * (SUITS - 1 - position):
                continue
            place(position + 1, rest, vector, chosen + (vector,))

    place(0, tuple(counts), tuple(RANKS for _ in counts), ())
    return found


def _perfect_hash(keys: np.ndarray) -> Tuple[np.ndarray, np.ndarray, int]:
    """Multipliers and a shift such that (sum of key[i] * mul[i] mod 2^64) >> shift
    is distinct for every row of keys (n, 4) uint64, and the slot table."""
    n = len(keys)
    rng = np.random.default_rng(_HASH_SEED)
    bits = max(1, (n - 1).bit_length() + 1)
    while True:
        for _ in range(64):
            mul = rng.integers(1, 1 << 63, size=SUITS, dtype=np.uint64) * np.uint64(2) + np.uint64(1)
            with np.errstate(over="ignore"):
                h = (keys * mul).sum(axis=1, dtype=np.uint64) >> np.uint64(64 - bits)
            if len(np.unique(h)) == n:
                slots = np.zeros(1 << bits, dtype=np.uint32)
                slots[h.astype(np.intp)] = np.arange(n, dtype=np.uint32)
                return mul, slots, 64 - bits
        bits += 1


class _RoundTables:
    """One round's configurations: records (offset, four multipliers, packed group
    spans) as csrc/hand_index.h reads them, their cfgs, and the hash slots."""

    def __init__(self, counts: Sequence[int]):
        configurations = _configurations(counts)
        records = np.zeros((len(configurations), 6), dtype=np.uint64)
        cfgs = np.zeros((len(configurations), SUITS), dtype=np.uint32)
        offset = 0
        for row, configuration in enumerate(configurations):
            multiplier, packed, i = 1, 0, 0
            records[row, 0] = offset
            while i < SUITS:
                j = i
                while j < SUITS and configuration[j] == configuration[i]:
                    j += 1
                for position in range(i, j):
                    records[row, 1 + position] = multiplier
                    packed |= (j - position) << (8 * position)
                multiplier *= _multichoose(_suit_size(configuration[i]), j - i)
                i = j
            records[row, 5] = packed
            cfgs[row] = [_cfg(v) for v in configuration]
            offset += multiplier
            if offset >= MAX_SIZE:
                raise InvalidValueError(f"shape with rounds {tuple(counts)} has too many classes for 64-bit indices")
        self.size = offset
        self.records = records
        self.cfgs = cfgs
        self.hash_mul, self.slots, self.hash_shift = _perfect_hash(cfgs.astype(np.uint64))


class HandIndexer:
    """Perfect index of hands up to suit isomorphism for a deal ``shape``.

    ``shape`` lists the cards dealt per round, private cards first: Hold'em
    ``(2, 3, 1, 1)`` (or ``(2, 5)``, ``(2, 4)``...), Omaha ``(4, 3, 1, 1)``, any
    rounds of at least one card each, at most 8 rounds and 52 cards. Round ``r``'s
    hand is every card of rounds ``0..r``; two hands share an index when one suit
    permutation maps each round of one onto the same round of the other (card order
    within a round does not matter).

    Building the tables takes from milliseconds (Hold'em) to a few seconds (six-card
    Omaha); the indexer is immutable and safe to share between threads.
    """

    def __init__(self, shape: Sequence[int]):
        try:
            counts = tuple(int(n) for n in shape)
        except (TypeError, ValueError):
            raise InvalidValueError(f"shape must be a sequence of card counts, got {shape!r}") from None
        if not 1 <= len(counts) <= MAX_ROUNDS:
            raise InvalidValueError(f"shape must have 1 to {MAX_ROUNDS} rounds, got {len(counts)}")
        if any(n < 1 for n in counts):
            raise InvalidValueError(f"every round deals at least one card, got {counts}")
        if sum(counts) > 52:
            raise InvalidValueError(f"shape {counts} deals {sum(counts)} cards, more than the deck's 52")
        self._shape = counts
        self._totals = tuple(itertools.accumulate(counts))
        self._tables = [_RoundTables(counts[: r + 1]) for r in range(len(counts))]
        self._core = _iso.IndexerCore(counts, self._tables)

    @property
    def shape(self) -> Tuple[int, ...]:
        """Cards dealt per round, private cards first."""
        return self._shape

    @property
    def rounds(self) -> int:
        return len(self._shape)

    def __repr__(self) -> str:
        return f"HandIndexer({self._shape})"

    def __reduce__(self):
        # Pickled as its shape (workers of a distributed run rebuild the tables).
        return (HandIndexer, (self._shape,))

    def _round(self, round: int) -> int:
        r = as_int(round, "round")
        if r < 0:
            r += self.rounds
        if not 0 <= r < self.rounds:
            raise InvalidValueError(f"round {round} is outside 0..{self.rounds - 1} for shape {self._shape}")
        return r

    def size(self, round: int = -1) -> int:
        """Number of classes (indices) of round ``round`` (negative counts from the last)."""
        return self._tables[self._round(round)].size

    def cards_through(self, round: int = -1) -> int:
        """Cards in a hand of round ``round``: the cards of rounds 0..round."""
        return self._totals[self._round(round)]

    def _last_round(self, n_cards: int) -> int:
        if n_cards not in self._totals:
            allowed = ", ".join(str(t) for t in self._totals)
            raise InvalidCardError(f"a hand of shape {self._shape} has {allowed} cards, got {n_cards}")
        return self._totals.index(n_cards)

    def index(self, hand: HandLike, all_rounds: bool = False) -> Union[int, List[int]]:
        """The index of ``hand`` (its cards in dealing order, rounds concatenated) on
        the last round it reaches; with ``all_rounds`` the list of its index on every
        round up to that one."""
        fast = self._core.index_hand(hand, all_rounds)  # the common forms, in C
        if fast is not None:
            return fast
        cards = parse_cards(hand)
        last = self._last_round(len(cards))
        if all_rounds:
            return self._core.index_rounds(bytes(cards), last)
        return self._core.index(bytes(cards), last)

    def index_batch(self, hands, all_rounds: bool = False, check: bool = True) -> np.ndarray:
        """Indices of many hands at once, in C without the GIL.

        ``hands`` is an integer array of shape ``(n, cards_through(round))``; the
        width picks the round. Returns uint64 of shape ``(n,)``, or ``(n, round + 1)``
        with ``all_rounds``. With ``check`` (the default) a card outside 0..51 or a
        repeated card raises :class:`InvalidCardError` naming the row; without it such
        rows give meaningless indices.
        """
        rows = card_rows(hands, self._totals, "hands", check)
        last = self._last_round(rows.shape[1])
        shape = (rows.shape[0], last + 1) if all_rounds else (rows.shape[0],)
        out = np.empty(shape, dtype=np.uint64)
        bad = self._core.index_batch(rows, last, all_rounds, out)
        if check:
            raise_if_bad_row("hands", bad, rows)
        return out

    def unindex(self, round: int, index: int) -> List[int]:
        """The canonical hand of class ``index`` on round ``round``: its cards round
        by round, each round in increasing card order (see :meth:`canonical`)."""
        r = self._round(round)
        index = as_int(index, "index")
        if not 0 <= int(index) < self._tables[r].size:
            raise InvalidValueError(f"index {index} is outside 0..{self._tables[r].size - 1} on round {r}")
        return list(self._core.unindex(r, int(index)))

    def unindex_batch(self, round: int, indices) -> np.ndarray:
        """Canonical hands of many indices of round ``round``: uint8 of shape
        ``(n, cards_through(round))``, in C without the GIL."""
        r = self._round(round)
        array = np.asarray(indices)
        if array.ndim != 1 or (array.size and array.dtype.kind not in "iu"):
            raise InvalidValueError(f"indices must be a 1-d integer array, got {array.dtype} of shape {array.shape}")
        if array.size and (array.min() < 0 or array.max() >= self._tables[r].size):
            raise InvalidValueError(f"indices must be in 0..{self._tables[r].size - 1} on round {r}")
        out = np.empty((array.size, self._totals[r]), dtype=np.uint8)
        self._core.unindex_batch(r, np.ascontiguousarray(array, dtype=np.uint64), out)
        return out

    def canonical(self, hand: HandLike) -> List[int]:
        """The representative of ``hand``'s class that :meth:`unindex` returns: the
        suits renamed so that the suit with the most cards in the earliest rounds
        (ties broken by the suit hands' own order) is clubs, then diamonds, hearts,
        spades, and each round's cards in increasing order."""
        cards = parse_cards(hand)
        last = self._last_round(len(cards))
        return list(self._core.canonical(bytes(cards), last))
