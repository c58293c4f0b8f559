"""Card-abstraction features of Hold'em hands, one value (or row) per index of a
:class:`~pokerhash.iso.HandIndexer` round.

The features are the ones abstraction pipelines cluster into buckets (Johanson et
al., "Evaluating State-Space Abstractions in Extensive-Form Games", 2013):

* ``"hs"`` (river): hand strength, the equity against one uniformly random
  opponent hand drawn from the cards left (card removal exact), ties counting half
  (rules: Standard hand ranking; Pots, splitting and rake: a tie splits the pot);
* ``"ehs"`` and ``"ehs2"`` (flop, turn): the mean over every runout of the river HS
  and of its square;
* ``"histogram"`` (flop, turn): the counts of the runouts whose river HS falls in
  each of ``bins`` equal bins of [0, 1] (bin ``i`` holds ``i/bins <= HS <
  (i+1)/bins``, the last bin includes 1). Each row sums to the number of runouts of
  the hand: 1,081 on the flop (uint16), 46 on the turn (uint8);
* ``"ochs"`` (flop, turn, river): opponent cluster hand strength, the river equity
  against a uniformly random hand of each given cluster of preflop hands (hands
  sharing a card with ours or the board left out), averaged over the runouts where
  the cluster has a hand left; NaN when it never has.

All of them are computed in C from the river boards: for each canonical board set
(each class of board up to suit permutation, once), each runout's 1,081 hole pairs
are evaluated and sorted once, and one sweep in strength order gives every hole's
wins and ties (csrc/abstraction.h has the details). The work is split into units
of one canonical board set; ``boards=range(start, stop)`` computes some of them only
(for chunked or distributed runs), ``threads`` runs units in parallel threads
without the GIL.

The arrays are plain NumPy: ``np.save`` / ``np.load(mmap_mode="r")`` them, or pass
``out=`` arrays from :func:`open_table` to fill ``.npy`` files on disk directly.
"""

from __future__ import annotations

import itertools
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, Iterable, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _iso
from ._checks import as_int_in
from .errors import InvalidValueError
from .iso import HandIndexer

__all__ = [
    "FEATURES",
    "board_chunks",
    "board_count",
    "compute",
    "equity_histograms",
    "expected_hand_strength",
    "feature_spec",
    "hand_strength",
    "ochs",
    "open_table",
]

#: The features compute() knows: "hs" (river), "ehs", "ehs2", "histogram" (flop, turn), "ochs" (any round).
FEATURES = ("hs", "ehs", "ehs2", "histogram", "ochs")
_FEATURES_BY_BOARD = {3: ("ehs", "ehs2", "histogram", "ochs"), 4: ("ehs", "ehs2", "histogram", "ochs"), 5: ("hs", "ochs")}
MAX_CLUSTERS = 64  # csrc/abstraction.h: PH_MAX_CLUSTERS
DEFAULT_BINS = 50

Progress = Callable[[int, int], None]
BoardRange = Union[range, Tuple[int, int], None]

_board_indexers: Dict[int, HandIndexer] = {}


def _board_indexer(cards: int) -> HandIndexer:
    """Canonical board sets of `cards` cards: the units of work, numbered by this
    indexer (1,755 flops, 16,432 turns, 134,459 rivers)."""
    if cards not in _board_indexers:
        _board_indexers[cards] = HandIndexer((cards,))
    return _board_indexers[cards]


def _board_cards(indexer: HandIndexer, round: int) -> Tuple[int, int]:
    """(round, board cards of that round) for a Hold'em indexer, validated."""
    if not isinstance(indexer, HandIndexer):
        raise InvalidValueError(f"indexer must be a HandIndexer, got {type(indexer).__name__}")
    shape = indexer.shape
    if shape[0] != 2 or sum(shape) > 7:
        raise InvalidValueError(f"features are for Hold'em indexers (2 hole cards, a board of at most 5), not {shape}")
    r = indexer._round(round)
    board = indexer.cards_through(r) - 2
    if board not in _FEATURES_BY_BOARD:
        raise InvalidValueError(f"round {r} of {shape} has a board of {board} cards; features need 3, 4 or 5")
    return r, board


def board_count(indexer: HandIndexer, round: int) -> int:
    """Number of units of work (canonical board sets) of a round: the range that
    ``boards=`` selects from."""
    return _board_indexer(_board_cards(indexer, round)[1]).size()


def board_chunks(indexer: HandIndexer, round: int, n_chunks: int) -> List[range]:
    """The round's boards split into ``n_chunks`` consecutive ranges of nearly equal
    size (every board set costs about the same): the ``boards=`` of the tasks of a
    distributed run, whose compact results or ``out=`` files together cover every
    index of the round."""
    n_chunks = as_int_in(n_chunks, "n_chunks", 1)
    total = board_count(indexer, round)
    edges = [total * i // n_chunks for i in range(n_chunks + 1)]
    return [range(start, stop) for start, stop in zip(edges, edges[1:]) if stop > start]


def _dealing_orders(shape: Sequence[int], round: int) -> np.ndarray:
    """Every way to deal a board set over the board rounds 1..round: rows of
    positions into the set, round by round (each round's positions increasing)."""
    counts = shape[1 : round + 1]
    total = sum(counts)
    orders = [()]
    for n in counts:
        orders = [o + c for o in orders for c in itertools.combinations([p for p in range(total) if p not in o], n)]
    return np.array(orders, dtype=np.uint8)


def feature_spec(indexer: HandIndexer, round: int, feature: str, bins: int = DEFAULT_BINS,
                 n_clusters: int = 0) -> Tuple[Tuple[int, ...], np.dtype]:
    """The shape and dtype of a feature's table for a round."""
    r, board = _board_cards(indexer, round)
    if feature not in FEATURES:
        raise InvalidValueError(f"unknown feature {feature!r}; the features are {', '.join(FEATURES)}")
    if feature not in _FEATURES_BY_BOARD[board]:
        allowed = ", ".join(_FEATURES_BY_BOARD[board])
        raise InvalidValueError(f"{feature!r} is not computed with a {board}-card board; it has {allowed}")
    size = indexer.size(r)
    if feature == "histogram":
        return (size, bins), np.dtype(np.uint8 if board == 4 else np.uint16)
    if feature == "ochs":
        return (size, n_clusters), np.dtype(np.float32)
    return (size,), np.dtype(np.float32)


def _cluster_of_hole(clusters) -> Tuple[np.ndarray, int]:
    """Per hole id (a < b: b(b-1)/2 + a) the cluster of its preflop class, from one
    label per preflop index (169, HandIndexer((2,)) order)."""
    labels = np.asarray(clusters)
    if labels.shape != (169,) or labels.dtype.kind not in "iu":
        raise InvalidValueError(f"clusters must be 169 integer labels, one per preflop class, got {labels.dtype} {labels.shape}")
    if labels.min() < 0 or labels.max() >= MAX_CLUSTERS:
        raise InvalidValueError(f"cluster labels must be in 0..{MAX_CLUSTERS - 1}")
    holes = np.array([(a, b) for b in range(52) for a in range(b)], dtype=np.uint8)
    preflop = _board_indexer(2).index_batch(holes).astype(np.intp)
    return np.ascontiguousarray(labels[preflop], dtype=np.uint8), int(labels.max()) + 1


def _board_range(boards: BoardRange, total: int) -> range:
    if boards is None:
        return range(total)
    if isinstance(boards, tuple):
        boards = range(*boards)
    if not isinstance(boards, range) or boards.step != 1:
        raise InvalidValueError(f"boards must be a range of consecutive board numbers or (start, stop), got {boards!r}")
    if not 0 <= boards.start <= boards.stop <= total:
        raise InvalidValueError(f"boards {boards.start}..{boards.stop} are outside 0..{total}")
    return boards


def compute(indexer: HandIndexer, round: int, features: Iterable[str], *, bins: int = DEFAULT_BINS,
            clusters=None, boards: BoardRange = None, out: Optional[Dict[str, np.ndarray]] = None,
            compact: bool = False, threads: int = 1, progress: Optional[Progress] = None) -> Dict[str, np.ndarray]:
    """Several features of one round in one pass over the runouts.

    Returns a dict from feature name to its table (see :func:`feature_spec`): the
    arrays of ``out`` when given (e.g. from :func:`open_table`), new ones otherwise
    (floats NaN and counts 0 where no board of ``boards`` wrote). Only the hands
    whose board is one of ``boards`` (numbers in ``0..board_count(indexer, round)``)
    are written.

    With ``compact``, no whole table is made: the dict's ``"index"`` (uint64) lists
    the hand indices written, one per hole and dealing order of each board, and each
    feature has one row per entry of it (a class can appear more than once, always
    with the same values). That is the form for a chunk of a distributed run.

    ``progress(done, total)`` is called from the calling thread after each finished
    chunk of boards.
    """
    r, board = _board_cards(indexer, round)
    wanted = tuple(dict.fromkeys(features))
    if not wanted:
        raise InvalidValueError("no feature asked for")
    bins = as_int_in(bins, "bins", 1, 1000)
    threads = as_int_in(threads, "threads", 1)
    if compact and out is not None:
        raise InvalidValueError("out= fills whole tables; compact results are new arrays")
    if "ochs" in wanted:
        if clusters is None:
            raise InvalidValueError("ochs needs clusters: one label per preflop class")
        cluster_of_hole, n_clusters = _cluster_of_hole(clusters)
    else:
        cluster_of_hole, n_clusters = np.zeros(1, dtype=np.uint8), 0
    units = _board_range(boards, board_count(indexer, r))
    orders = _dealing_orders(indexer.shape, r)
    per_board = len(orders) * (52 - board) * (51 - board) // 2  # dealing orders x holes off the board
    tables = {}
    for feature in wanted:
        shape, dtype = feature_spec(indexer, r, feature, bins, n_clusters)
        if compact:
            shape = (len(units) * per_board,) + shape[1:]
        if out is not None and feature in out:
            array = out[feature]
            if not isinstance(array, np.ndarray) or array.shape != shape or array.dtype != dtype or not array.flags.c_contiguous or not array.flags.writeable:
                raise InvalidValueError(f"out[{feature!r}] must be a writable C-contiguous {dtype} array of shape {shape}")
        elif compact:
            array = np.empty(shape, dtype=dtype)
        else:
            array = np.full(shape, np.nan, dtype=dtype) if dtype.kind == "f" else np.zeros(shape, dtype=dtype)
        tables[feature] = array
    if compact:
        tables["index"] = np.empty(len(units) * per_board, dtype=np.uint64)
    board_indexer = _board_indexer(board)
    # Chunks small enough for an even spread over the threads and a lively progress
    # report, large enough that the Python work between them is negligible.
    chunk = max(1, min(256, len(units) // (threads * 32)))
    starts = list(range(units.start, units.stop, chunk))

    def run(start: int) -> int:
        stop = min(start + chunk, units.stop)
        sets = board_indexer.unindex_batch(0, np.arange(start, stop, dtype=np.uint64))
        if compact:  # this chunk's entries
            first, last = (start - units.start) * per_board, (stop - units.start) * per_board
            part = {name: array[first:last] for name, array in tables.items()}
        else:
            part = tables
        _iso.features_boards(indexer._core, r, sets, orders, part.get("hs"), part.get("ehs"), part.get("ehs2"),
                             part.get("histogram"), bins, part.get("ochs"), cluster_of_hole, n_clusters,
                             part.get("index"))
        return stop - start

    done = 0
    if threads == 1:
        for start in starts:
            done += run(start)
            if progress is not None:
                progress(done, len(units))
    else:
        with ThreadPoolExecutor(max_workers=threads) as pool:
            for count in pool.map(run, starts):
                done += count
                if progress is not None:
                    progress(done, len(units))
    return tables


def open_table(path, indexer: HandIndexer, round: int, feature: str, *, bins: int = DEFAULT_BINS,
               n_clusters: int = 0, mode: str = "w+") -> np.ndarray:
    """A feature's table as a ``.npy`` file mapped in memory (NumPy's ``open_memmap``): ``mode="w+"`` creates it (zeros), ``"r+"`` reopens it to fill
    more boards, ``"r"`` reads it. Pass it in ``out=`` to :func:`compute`; chunks
    of boards computed in separate processes can fill the same file."""
    shape, dtype = feature_spec(indexer, round, feature, bins, n_clusters)
    if mode == "w+":
        return np.lib.format.open_memmap(path, mode="w+", dtype=dtype, shape=shape)
    table = np.load(path, mmap_mode=mode)
    if table.shape != shape or table.dtype != dtype:
        raise InvalidValueError(f"{path} holds {table.dtype} {table.shape}, not the {dtype} {shape} of {feature!r}")
    return table


def hand_strength(indexer: HandIndexer, round: int = -1, **options) -> np.ndarray:
    """River HS of every index of ``round`` (a river round): float32."""
    return compute(indexer, round, ("hs",), **options)["hs"]


def expected_hand_strength(indexer: HandIndexer, round: int, **options) -> Tuple[np.ndarray, np.ndarray]:
    """EHS and EHS² of every index of a flop or turn round: two float32 arrays."""
    tables = compute(indexer, round, ("ehs", "ehs2"), **options)
    return tables["ehs"], tables["ehs2"]


def equity_histograms(indexer: HandIndexer, round: int, bins: int = DEFAULT_BINS, **options) -> np.ndarray:
    """Histograms of the river HS over the runouts, shape (size, bins)."""
    return compute(indexer, round, ("histogram",), bins=bins, **options)["histogram"]


def ochs(indexer: HandIndexer, round: int, clusters, **options) -> np.ndarray:
    """Equity against each opponent cluster, shape (size, clusters); ``clusters``
    gives the cluster (0..63) of each of the 169 preflop classes, in the order of
    ``HandIndexer((2,))``."""
    return compute(indexer, round, ("ochs",), clusters=clusters, **options)["ochs"]
