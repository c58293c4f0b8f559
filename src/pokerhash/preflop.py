"""Exact heads-up preflop equity of every Hold'em matchup, from a table shipped with
the package.

Two hands that a permutation of the suits maps onto each other, or onto each other
with the players swapped, win and tie on as many boards: ``AhKh`` against ``QsQd``
is ``AcKc`` against ``QhQs``, and ``QQ`` against ``AKs`` is the same matchup seen from
the other seat. So the 1,624,350 ordered matchups of two disjoint two-card hands fall
into 47,008 classes (:func:`preflop_matchups`), each counted once over all 1,712,304
boards by :func:`matchup_counts` (the exact C kernel of :func:`pokerhash.equity`,
about 2 ms a matchup: some 95 s on one core; ``pokerhash.distributed.preflop_table``
spreads it over a Dask cluster). The counts are shipped in ``data/preflop_holdem.npz``
(made by ``tools/make_preflop_table.py``) and read on first use.

:func:`preflop_equity` answers for two hands or two hand classes (``"AKs"``,
``"QQ"``, ``"T9o"``; a class is averaged over every pair of its combos that share no
card, so card removal is exact); :func:`preflop_counts` gives the wins, ties and
losses behind it; :func:`preflop_matrix` the 169×169 matrix of class against class.
"""

from __future__ import annotations

import functools
import itertools
import math
import re
from pathlib import Path
from typing import NamedTuple, Tuple, Union

import numpy as np

from . import _equity
from .cards import HandLike, card_str, cards
from ._equity_api import GAMES
from .errors import InvalidCardError, InvalidValueError
from .ranges import COMBOS, COMBO_INDEX, GRID_LABELS, N_COMBOS, Range, CELL

__all__ = ["PreflopCounts", "preflop_counts", "preflop_equity", "preflop_equity_batch", "preflop_matrix", "preflop_matchups",
           "matchup_counts", "PREFLOP_GAMES"]

#: The games whose matchups :func:`preflop_matchups` and :func:`matchup_counts` know.
#: (Short deck would fit the same code, but its kernel walks each matchup's boards
#: one by one, far slower than Hold'em's rank passes; not offered until it is fast.)
PREFLOP_GAMES = ("holdem",)
TABLE_PATH = Path(__file__).parent / "data" / "preflop_holdem.npz"

_SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)
# A matchup's key packs its four cards (first hand high card, low card, second hand
# high card, low card; six bits each) so that comparing keys compares the card tuples.
_SHIFTS = np.array([18, 12, 6, 0], dtype=np.uint32)
_CLASS_TEXT = re.compile(r"[2-9TJQKA]{2}[so]?", re.IGNORECASE)


class PreflopCounts(NamedTuple):
    """Boards the first hand wins, ties and loses, of ``boards`` counted (summed over
    every pair of combos when hand classes are given); its equity is
    ``(win + tie / 2) / boards``."""

    win: int
    tie: int
    lose: int
    boards: int


def _game(game: str) -> str:
    if game not in PREFLOP_GAMES:
        raise InvalidValueError(f"preflop tables are for {', '.join(PREFLOP_GAMES)}, not {game!r}")
    return game


def _canonical_grid() -> Tuple[np.ndarray, np.ndarray]:
    """For combo ``i`` against combo ``j`` (1326 x 1326, ``pokerhash.ranges`` layout):
    the least key over every suit permutation and both seat orders, and whether it
    came with the seats swapped (False when the unswapped order reaches it too)."""
    best = np.full((N_COMBOS, N_COMBOS), np.iinfo(np.uint32).max, dtype=np.uint32)
    swapped = np.zeros((N_COMBOS, N_COMBOS), dtype=bool)
    card = np.arange(52, dtype=np.uint32)
    for permutation in _SUIT_PERMUTATIONS:
        relabel = (card & ~np.uint32(3)) | permutation[card & 3]
        high, low = relabel[COMBOS[:, 0]], relabel[COMBOS[:, 1]]
        hand = np.maximum(high, low) << 6 | np.minimum(high, low)  # a hand's half of a key
        straight = hand[:, None] << 12 | hand[None, :]
        for key, swap in ((straight, False), (straight.T, True)):
            better = key < best
            best[better] = key[better]
            swapped[better] = swap
    return best, swapped


class _Classes(NamedTuple):
    hands: np.ndarray  # (classes, 4) uint8: each class's representative, ordered by ranks
    multiplicity: np.ndarray  # (classes,) int64: ordered matchups in each class
    pair_class: np.ndarray  # (1326, 1326) int32: the class of combo i against combo j, -1 if they share a card
    pair_swapped: np.ndarray  # (1326, 1326) bool: whether combo i sits in the representative's second seat


@functools.lru_cache(maxsize=None)
def _classes(game: str) -> _Classes:
    _game(game)
    keys, swapped = _canonical_grid()
    high, low = COMBOS[:, 0], COMBOS[:, 1]
    share = ((high[:, None] == high[None, :]) | (high[:, None] == low[None, :])
             | (low[:, None] == high[None, :]) | (low[:, None] == low[None, :]))
    first, second = np.nonzero(~share)
    unique, inverse, multiplicity = np.unique(keys[first, second], return_inverse=True, return_counts=True)
    hands = ((unique[:, None] >> _SHIFTS) & 63).astype(np.uint8)
    # Rank order, then the cards: matchups of like work sit together, and the order
    # that the shipped table follows is fixed.
    order = np.lexsort((unique,) + tuple((hands >> 2).T[::-1]))
    position = np.empty(len(order), dtype=np.int32)
    position[order] = np.arange(len(order), dtype=np.int32)
    pair_class = np.full((N_COMBOS, N_COMBOS), -1, dtype=np.int32)
    pair_class[first, second] = position[inverse.ravel()]
    result = _Classes(hands[order], multiplicity[order].astype(np.int64), pair_class, swapped & ~share)
    for array in result:
        array.setflags(write=False)
    return result


def preflop_matchups(game: str = "holdem") -> Tuple[np.ndarray, np.ndarray]:
    """The suit-isomorphism classes of heads-up matchups: ``(hands, multiplicity)``,
    a (n, 4) uint8 array of one representative per class (first hand's high and low
    card, then the second hand's) and the (n,) number of ordered matchups each stands
    for. Hold'em: 47,008 classes of 1,624,350 matchups. Rows are ordered by the
    cards' ranks, then by the cards; the shipped table follows this order."""
    classes = _classes(_game(game))
    return classes.hands, classes.multiplicity


def _boards(game: str) -> int:
    return math.comb(len(GAMES[game].deck) - 4, 5)


def matchup_counts(hands, game: str = "holdem") -> np.ndarray:
    """Exact counts of heads-up matchups over every board: for each row of ``hands``
    (a (n, 4) array of card ints, first hand then second hand, e.g. a block of
    :func:`preflop_matchups`), the boards the first hand wins and ties, as a (n, 2)
    int64 array (C(48, 5) = 1,712,304 boards a row in Hold'em). One process, one core;
    about 2 ms a Hold'em row."""
    game = _game(game)
    rows = np.asarray(hands)
    if rows.ndim != 2 or rows.shape[1] != 4 or rows.dtype.kind not in "iu":
        raise InvalidCardError(f"matchups are an integer array of shape (n, 4), not {rows.dtype} {rows.shape}")
    deck = np.zeros(256, dtype=bool)
    deck[list(GAMES[game].deck)] = True
    for index, row in enumerate(rows):
        if not all(0 <= c < 52 and deck[c] for c in row):
            raise InvalidCardError(f"matchup {index}: a card of {list(row)} is not in the {game} deck")
        if len(set(row.tolist())) != 4:
            raise InvalidCardError(f"matchup {index}: the two hands {list(row)} share a card")
    deal = _equity.Deal(GAMES[game].kind, False, 2, 5, [[], []], [], list(GAMES[game].deck), [None, None], 0)
    out = np.empty((len(rows), 2), dtype=np.int64)
    one = np.ones(1)
    for index, row in enumerate(np.ascontiguousarray(rows, dtype=np.uint8)):
        # Per row: the kernel sums rows, and sharing its rank pass between rows of
        # equal ranks saves under a tenth of the time.
        _, sums = deal.exact_rows(row[None, :], one)
        out[index] = sums[1], sums[2]  # player one's wins, ties (exact integers in float64)
    return out


# --- the shipped table --------------------------------------------------------------


@functools.lru_cache(maxsize=None)
def _table() -> np.ndarray:
    """The shipped Hold'em counts, (47,008, 2) int64 in :func:`preflop_matchups` order."""
    hands, _ = preflop_matchups("holdem")
    with np.load(TABLE_PATH) as data:
        if not np.array_equal(data["hands"], hands):
            raise InvalidValueError(f"{TABLE_PATH} lists other matchups than preflop_matchups(); regenerate it")
        counts = np.stack([data["win"], data["tie"]], axis=1).astype(np.int64)
    counts.setflags(write=False)
    return counts


def save_table(path, counts: np.ndarray) -> None:
    """Write Hold'em counts ((47,008, 2), :func:`preflop_matchups` order) as the shipped
    table: uint32 wins and ties beside the matchups they belong to, compressed."""
    hands, _ = preflop_matchups("holdem")
    counts = np.asarray(counts)
    if counts.shape != (len(hands), 2):
        raise InvalidValueError(f"counts have shape ({len(hands)}, 2), not {counts.shape}")
    np.savez_compressed(path, hands=hands, win=counts[:, 0].astype(np.uint32), tie=counts[:, 1].astype(np.uint32))


def _combos(hand: Union[str, HandLike], seat: str) -> np.ndarray:
    """The combo indices a seat's input names: a hand class or two cards."""
    if isinstance(hand, str) and _CLASS_TEXT.fullmatch(hand.strip()):
        return np.flatnonzero(Range(hand.strip()).weights)
    try:
        a, b = cards(hand, count=(2,))
    except InvalidCardError as error:
        raise InvalidCardError(f"{seat} hand {hand!r} is neither a hand class (AKs, QQ, T9o) nor two cards: {error}") \
            from None
    return np.array([COMBO_INDEX[a, b]])


def preflop_counts(a: Union[str, HandLike], b: Union[str, HandLike]) -> PreflopCounts:
    """Boards on which hand ``a`` wins, ties and loses against hand ``b`` all-in
    preflop in heads-up Hold'em, summed over every pair of their combos that shares no
    card. ``a`` and ``b``: hand classes (``"AKs"``, ``"QQ"``, ``"T9o"``, ``"AK"`` for
    both kinds) or two cards each (``"AhKh"``, ``[51, 47]``)."""
    fast = _lookup().counts_of(a, b)  # two hands of two cards, in C
    if fast is not None:
        return PreflopCounts(*fast)
    if isinstance(a, str) and isinstance(b, str):
        return _text_counts(a, b)  # classes: the same few questions again and again
    return _summed_counts(a, b)


@functools.lru_cache(maxsize=4096)
def _text_counts(a: str, b: str) -> PreflopCounts:
    return _summed_counts(a, b)


def _summed_counts(a: Union[str, HandLike], b: Union[str, HandLike]) -> PreflopCounts:
    first, second = _combos(a, "first"), _combos(b, "second")
    classes = _classes("holdem")
    index = classes.pair_class[np.ix_(first, second)]
    live = index >= 0
    if not live.any():
        text = "share a card" if len(first) == len(second) == 1 else "have no combos without a shared card"
        raise InvalidCardError(f"hands {a!r} and {b!r} {text}")
    counts = _table()[index[live]]
    swapped = classes.pair_swapped[np.ix_(first, second)][live]
    boards = _boards("holdem")
    win = np.where(swapped, boards - counts[:, 0] - counts[:, 1], counts[:, 0])
    n, total_win, total_tie = int(live.sum()), int(win.sum()), int(counts[:, 1].sum())
    return PreflopCounts(total_win, total_tie, n * boards - total_win - total_tie, n * boards)


def preflop_equity(a: Union[str, HandLike], b: Union[str, HandLike]) -> float:
    """Hand ``a``'s exact share of the pot against hand ``b`` all-in preflop in
    heads-up Hold'em, ties split: for classes, the mean over every pair of their combos
    that shares no card. Same arguments as :func:`preflop_counts`."""
    fast = _lookup().equity(a, b)  # two hands of two cards, in C
    if fast is not None:
        return fast
    counts = preflop_counts(a, b)
    return (counts.win + counts.tie / 2) / counts.boards


@functools.lru_cache(maxsize=None)
def _lookup() -> _equity.PreflopLookup:
    """The table as C views, for one matchup of two-card hands per call."""
    classes = _classes("holdem")
    return _equity.PreflopLookup(COMBO_INDEX, classes.pair_class, classes.pair_swapped, _table(), _boards("holdem"))


def preflop_equity_batch(first, second) -> np.ndarray:
    """:func:`preflop_equity` of many matchups of two-card hands at once: ``first`` and
    ``second`` are integer arrays of shape ``(n, 2)`` (row ``i`` of each is one hand of
    matchup ``i``); returns the first hands' equities, float64 of shape ``(n,)``. A card
    outside 0..51 or shared within a row raises :class:`InvalidCardError` naming the row."""
    hands = []
    for name, value in (("first", first), ("second", second)):
        array = np.asarray(value)
        if array.ndim != 2 or array.shape[1] != 2 or (array.size and array.dtype.kind not in "iu"):
            raise InvalidCardError(f"{name} must be an integer array of shape (n, 2), not {array.dtype} {array.shape}")
        hands.append(array)
    if len(hands[0]) != len(hands[1]):
        raise InvalidCardError(f"first has {len(hands[0])} hands and second {len(hands[1])}")
    rows = np.concatenate(hands, axis=1).astype(np.int64) if len(hands[0]) else np.empty((0, 4), np.int64)
    outside = np.flatnonzero(((rows < 0) | (rows > 51)).any(axis=1))
    if outside.size:
        raise InvalidCardError(f"matchup {outside[0]}: a card of {rows[outside[0]].tolist()} is outside 0..51")
    ordered = np.sort(rows, axis=1)
    shared = np.flatnonzero((ordered[:, 1:] == ordered[:, :-1]).any(axis=1))
    if shared.size:
        raise InvalidCardError(f"matchup {shared[0]}: the cards {rows[shared[0]].tolist()} repeat a card")
    classes = _classes("holdem")
    i, j = COMBO_INDEX[rows[:, 0], rows[:, 1]], COMBO_INDEX[rows[:, 2], rows[:, 3]]
    counts = _table()[classes.pair_class[i, j]]
    boards = _boards("holdem")
    win = np.where(classes.pair_swapped[i, j], boards - counts[:, 0] - counts[:, 1], counts[:, 0])
    return (win + counts[:, 1] / 2) / boards


@functools.lru_cache(maxsize=None)
def _matrix() -> np.ndarray:
    classes = _classes("holdem")
    first, second = np.nonzero(classes.pair_class >= 0)
    index = classes.pair_class[first, second]
    counts = _table()[index]
    boards = _boards("holdem")
    win = np.where(classes.pair_swapped[first, second], boards - counts[:, 0] - counts[:, 1], counts[:, 0])
    cell = CELL[first] * 169 + CELL[second]
    share = np.bincount(cell, win + counts[:, 1] / 2, minlength=169 * 169)
    pairs = np.bincount(cell, minlength=169 * 169)
    matrix = (share / (pairs * boards)).reshape(169, 169)
    matrix.setflags(write=False)
    return matrix


def preflop_matrix() -> Tuple[np.ndarray, Tuple[str, ...]]:
    """``(matrix, labels)``: the (169, 169) float64 equity of every hand class against
    every other (row against column, as :func:`preflop_equity`), and the 169 class
    labels of its rows and columns: the 13×13 chart of :data:`pokerhash.ranges.GRID_LABELS`
    read row by row (``AA``, ``AKs``, ``AQs``, ... ``AKo``, ``KK``, ... ``22``)."""
    return _matrix(), tuple(label for row in GRID_LABELS for label in row)

