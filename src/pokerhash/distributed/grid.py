"""Range-versus-range equity on many boards: a grid computed on a Dask cluster.

For ranges ``A`` and ``B`` and a Hold'em board, the equity of ``A`` against ``B`` is
the expected pot share of ``A``'s hand when a hand of each range is dealt with
probability proportional to the product of their weights among the pairs of hands
that share no card with each other or the board, and the board is run out (ties
count half; rules: Cards; Pots, splitting and rake). It is computed exactly from
one kernel call per board and villain range: :func:`pokerhash.equities_vs_range`
gives every hero combination's equity against the villain range, and the weight of
the villain hands each hero combination leaves (its card removal) makes the hero
range's weighted average exact:

    equity(A, B) = sum_h a_h D_h e_h / sum_h a_h D_h,   D_h = sum of b_v over the
    villain hands v that share no card with h or the board,

where ``D_h`` takes four additions per combination (the total, minus the weight
holding either of h's cards, plus h's own, removed twice). Keeping the numerator and
the denominator (the ``pair_weight``) of every board makes the equity over a set of
boards exact too: the sums weighted by how many boards each row stands for.
"""

from __future__ import annotations

import itertools
from functools import lru_cache
from typing import Any, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from .._checks import as_flag, as_int
from ..cards import card_str, cards
from .._equity_api import equities_vs_range
from ..errors import InvalidValueError
from ..iso import HandIndexer
from ..ranges import COMBO_INDEX, COMBOS, N_COMBOS, Range
from ._cluster import client_for, run_tasks

__all__ = ["RangeGrid", "range_grid", "suit_distinct_boards"]

BoardsLike = Union[str, Sequence[Any], np.ndarray]


@lru_cache(maxsize=3)
def suit_distinct_boards(size: int = 3) -> Tuple[np.ndarray, np.ndarray]:
    """One board of each class of ``size``-card Hold'em boards equal up to a suit
    permutation (rules: Standard hand ranking: suits never rank), and how many boards
    each class holds: ``(boards, counts)``, a (k, size) uint8 array of the
    :class:`~pokerhash.iso.HandIndexer` canonical boards and a (k,) int64 array
    summing to C(52, size). 1,755 classes of flops, 16,432 of turns, 134,459 of rivers.

    >>> from pokerhash.distributed import suit_distinct_boards
    >>> boards, counts = suit_distinct_boards(3)
    >>> len(boards), int(counts.sum())
    (1755, 22100)
    """
    size = as_int(size, "size")
    if size not in (3, 4, 5):
        raise InvalidValueError(f"a Hold'em board has 3, 4 or 5 cards, not {size}")
    indexer = HandIndexer([size])
    every = np.array(list(itertools.combinations(range(52), size)), dtype=np.uint8)
    counts = np.bincount(indexer.index_batch(every, check=False).astype(np.intp), minlength=indexer.size(0))
    boards = indexer.unindex_batch(0, np.arange(indexer.size(0)))
    boards.setflags(write=False)
    counts.setflags(write=False)
    return boards, counts.astype(np.int64)


class RangeGrid:
    """The equity of each range against each other range on each board.

    ``values[i, j, b]``: equity of range ``labels[i]`` (hero) against ``labels[j]``
    (villain) on ``boards[b]``, NaN where no pair of their hands fits beside the
    board; ``values[i, j] + values[j, i] == 1`` wherever defined. ``pair_weight[i, j,
    b]``: the weight of those pairs (the sum of the products of the two hands'
    weights), which :meth:`overall` uses. ``board_counts[b]``: how many boards row
    ``b`` stands for (the size of its suit class, else 1).
    """

    def __init__(self, labels: Sequence[str], boards: np.ndarray, board_counts: np.ndarray, values: np.ndarray,
                 pair_weight: np.ndarray):
        self.labels = tuple(labels)
        self.boards = boards
        self.board_counts = board_counts
        self.values = values
        self.pair_weight = pair_weight

    @property
    def board_labels(self) -> Tuple[str, ...]:
        """Each board as text (``"2c2d2h"``)."""
        return tuple("".join(card_str(int(c)) for c in board) for board in self.boards)

    def index(self, label: str) -> int:
        """The position of a range on the first two axes."""
        try:
            return self.labels.index(label)
        except ValueError:
            raise InvalidValueError(f"no range is labelled {label!r}; the labels are {self.labels}") from None

    def board_index(self, board: Any) -> int:
        """The position of a board (cards in any order) on the last axis."""
        wanted = sorted(cards(board))
        for b, row in enumerate(self.boards):
            if sorted(int(c) for c in row) == wanted:
                return b
        raise InvalidValueError(f"board {''.join(card_str(c) for c in wanted)} is not in the grid")

    def at(self, hero: str, villain: str, board: Optional[Any] = None) -> Union[float, np.ndarray]:
        """Equity of range ``hero`` against ``villain``: on ``board``, else on every board (an array)."""
        row = self.values[self.index(hero), self.index(villain)]
        return row if board is None else float(row[self.board_index(board)])

    def overall(self) -> np.ndarray:
        """(ranges, ranges) equities over the boards together: each board drawn with
        its count, the hands with their weights, card removal exact. Over every
        suit-distinct flop this is the all-in preflop equity of the ranges."""
        counts = self.board_counts.astype(np.float64)
        won = np.nan_to_num(self.values * self.pair_weight) @ counts
        with np.errstate(invalid="ignore", divide="ignore"):
            return won / (self.pair_weight @ counts)

    def __repr__(self) -> str:
        return f"RangeGrid({len(self.labels)} ranges x {len(self.labels)} ranges x {len(self.boards)} boards)"

    def _repr_html_(self) -> str:
        from ..pictures.views import range_grid_html

        return range_grid_html(self)


def _range_weights(ranges: Union[Mapping[str, Any], Sequence[Any]]) -> Tuple[Tuple[str, ...], np.ndarray]:
    """Labels and an (R, 1326) weight matrix from {label: range} or a list of ranges."""
    if isinstance(ranges, (str, Range)) or not hasattr(ranges, "__len__"):
        raise InvalidValueError("ranges is a list of ranges or a {label: range} mapping, at least two of them")
    items = list(ranges.items()) if isinstance(ranges, Mapping) else [
        (spec if isinstance(spec, str) else str(Range(spec)), spec) for spec in ranges]
    if len(items) < 2:
        raise InvalidValueError(f"a grid needs at least two ranges, got {len(items)}")
    labels = tuple(str(label) for label, _ in items)
    if len(set(labels)) < len(labels):
        raise InvalidValueError(f"the ranges' labels must differ, got {labels}")
    weights = np.array([Range(spec).weights for _, spec in items], dtype=np.float64)
    for label, row in zip(labels, weights):
        if not row.any():
            raise InvalidValueError(f"range {label!r} is empty")
    return labels, weights


@lru_cache(maxsize=1)
def _suit_permuted_combos() -> np.ndarray:
    """(24, 1326): the combo each combo becomes under each permutation of the suits."""
    out = []
    for perm in itertools.permutations(range(4)):
        mapped = np.array([(c & ~3) | perm[c & 3] for c in range(52)], dtype=np.intp)
        out.append(COMBO_INDEX[mapped[COMBOS[:, 0]], mapped[COMBOS[:, 1]]])
    return np.array(out, dtype=np.intp)


def _is_suit_symmetric(weights: np.ndarray) -> bool:
    return bool((weights[_suit_permuted_combos()] == weights).all())


def _boards(boards: BoardsLike) -> Tuple[np.ndarray, np.ndarray, bool]:
    """(rows, counts, suit_classes) for ``boards``: "flops", "turns", "rivers" (one
    board per suit class) or the boards themselves (3, 4 or 5 cards each)."""
    classes = {"flops": 3, "turns": 4, "rivers": 5}
    if isinstance(boards, str) and boards in classes:
        rows, counts = suit_distinct_boards(classes[boards])
        return rows, counts, True
    if isinstance(boards, str) or not hasattr(boards, "__len__") or not len(boards):
        raise InvalidValueError(f"boards is 'flops', 'turns', 'rivers' or a non-empty list of boards, not {boards!r}")
    parsed = [cards(board, count=(3, 4, 5)) for board in boards]
    if len({len(board) for board in parsed}) > 1:
        raise InvalidValueError("every board of a grid must have the same number of cards")
    rows = np.array(parsed, dtype=np.uint8)
    return rows, np.ones(len(rows), dtype=np.int64), False


def _grid_block(weights: np.ndarray, boards: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(won, pair_weight), each (R, R, len(boards)), of the ranges on a block of boards
    (one Dask task; in the process, the reference the distributed result equals)."""
    ranges = len(weights)
    won = np.zeros((ranges, ranges, len(boards)))
    pair = np.zeros((ranges, ranges, len(boards)))
    for b, board in enumerate(boards):
        board_mask = np.zeros(52, dtype=bool)
        board_mask[board] = True
        live = ~(board_mask[COMBOS[:, 0]] | board_mask[COMBOS[:, 1]])
        for j in range(ranges):
            villain = weights[j] * live
            holding = np.bincount(COMBOS[:, 0], villain, 52) + np.bincount(COMBOS[:, 1], villain, 52)
            left = villain.sum() - holding[COMBOS[:, 0]] - holding[COMBOS[:, 1]] + villain
            hero_equity = equities_vs_range(board, weights[j])
            # NaN: the hero combination holds a board card or leaves no villain hand.
            defined = ~np.isnan(hero_equity)
            left = np.where(defined, left, 0.0)
            won[:, j, b] = weights @ (left * np.where(defined, hero_equity, 0.0))
            pair[:, j, b] = weights @ left
    return won, pair


def range_grid(ranges: Union[Mapping[str, Any], Sequence[Any]], boards: BoardsLike = "flops", *,
               client: Optional[Any] = None, boards_per_task: int = 16, progress: bool = False) -> RangeGrid:
    """Equity of each Hold'em range against each other on each board, on Dask.

    ``ranges``: ``{label: range}`` or a list of ranges (labelled by their text), each
    anything :class:`~pokerhash.Range` reads. ``boards``: ``"flops"`` (default: the
    1,755 suit-distinct flops, each standing for its class), ``"turns"``,
    ``"rivers"``, or a list of boards of 3, 4 or 5 cards. One board per suit class is
    only right for ranges that treat the suits alike (as range text does); a range
    that does not is refused with them, give its boards one by one instead.

    ``client``: see :func:`client_for`. A task evaluates ``boards_per_task`` boards
    (one :func:`pokerhash.equities_vs_range` call per board and range, tens of
    milliseconds each). ``progress``: show Dask's progress bar while it runs. The
    result is the same as one process computing every board in turn, whatever the
    cluster does.
    """
    labels, weights = _range_weights(ranges)
    rows, counts, suit_classes = _boards(boards)
    per_task = as_int(boards_per_task, "boards_per_task")
    if per_task < 1:
        raise InvalidValueError(f"boards_per_task must be positive, got {per_task}")
    show = as_flag(progress, "progress")
    if suit_classes:
        for label, row in zip(labels, weights):
            if not _is_suit_symmetric(row):
                raise InvalidValueError(f"range {label!r} does not treat the suits alike, so one board per suit "
                                        f"class would be wrong for it; give every board (a list of boards)")
    blocks = [rows[start:start + per_task] for start in range(0, len(rows), per_task)]
    with client_for(client) as active:
        [shared] = active.scatter([weights], hash=False)
        parts = run_tasks(active, _grid_block, [(shared, block) for block in blocks], show)
    won = np.concatenate([part[0] for part in parts], axis=2)
    pair = np.concatenate([part[1] for part in parts], axis=2)
    with np.errstate(invalid="ignore", divide="ignore"):
        values = np.where(pair > 0, won / pair, np.nan)
    return RangeGrid(labels, rows, counts, values, pair)
