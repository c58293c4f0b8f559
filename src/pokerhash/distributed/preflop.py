"""The exact preflop equity table, its 47,008 matchups counted as Dask tasks.

Each task counts one block of :func:`pokerhash.preflop.preflop_matchups` with
:func:`pokerhash.preflop.matchup_counts` (the same code as one process runs), so the
assembled counts are the single-process ones exactly, whichever worker ran a block or
ran it again after another worker died. Blocks are contiguous runs of the selection,
cut the same way every time: a block's data is its four cards a matchup in (4 bytes a
matchup) and two int64 counts a matchup out (16 bytes), so what travels is tiny next
to the work (about 2 ms a matchup).
"""

from __future__ import annotations

from typing import Any, Optional, Sequence

import numpy as np

from .._checks import as_int
from ..errors import InvalidValueError
from ..preflop import matchup_counts, preflop_matchups
from ._cluster import client_for

__all__ = ["preflop_table"]

#: Matchups a task counts by default: about a second of work, so that the table
#: makes some 90 tasks (several per worker on a small cluster, for balance) and the
#: scheduler's few milliseconds a task stay under one percent.
BLOCK = 500


def preflop_table(game: str = "holdem", client: Optional[Any] = None, matchups: Optional[Sequence[int]] = None, *,
                  block: int = BLOCK, progress: bool = False, workers: Optional[int] = None) -> np.ndarray:
    """Exact counts of every heads-up preflop matchup class, computed on a Dask cluster:
    a (n, 2) int64 array of the boards the first hand wins and ties, row ``i`` for
    class ``matchups[i]`` of :func:`pokerhash.preflop.preflop_matchups` (all 47,008
    in order when ``matchups`` is None). Equal to
    ``matchup_counts(preflop_matchups()[0][matchups])`` in one process.

    ``client``: see :func:`pokerhash.distributed.client_for` (``workers`` sizes the
    local cluster started when there is none). ``block``: matchups a task counts.
    ``progress``: show ``dask.distributed.progress`` while the tasks run. Only
    ``game="holdem"`` has a table.
    """
    hands, _ = preflop_matchups(game)
    block = as_int(block, "block")
    if block < 1:
        raise InvalidValueError(f"block must be a positive int, got {block}")
    if matchups is None:
        selection = hands
    else:
        index = np.asarray(matchups)
        if index.ndim != 1 or (index.size and index.dtype.kind not in "iu"):
            raise InvalidValueError("matchups is a sequence of class indices (ints)")
        if index.size and (index.min() < 0 or index.max() >= len(hands)):
            raise InvalidValueError(f"matchup indices are in 0..{len(hands) - 1}")
        selection = hands[index.astype(np.intp)]
    if not len(selection):
        return np.zeros((0, 2), dtype=np.int64)
    blocks = [np.ascontiguousarray(selection[start:start + block]) for start in range(0, len(selection), block)]
    with client_for(client, workers) as dask_client:
        futures = dask_client.map(matchup_counts, blocks, game=game, pure=False)
        if progress:
            from dask.distributed import progress as show_progress

            show_progress(futures)
        return np.concatenate(dask_client.gather(futures))
