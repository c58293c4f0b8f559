"""The batch evaluators on Dask arrays: billions of hands, block by block, lazily.

Each function takes a Dask (or NumPy) integer array of hands, one hand per row as its
``pokerhash`` batch twin does, and returns a lazy 1-d Dask array of their values with
the batch function's dtype and the input's row chunks. Nothing is evaluated until
``.compute()`` (or ``.persist()``, ``da.store``...) runs it on the active scheduler:
a ``dask.distributed.Client`` if one is active, else Dask's local threads (the C
loops release the GIL, so threads use every core).

What can be known before the work starts is checked when the graph is built, with
the package's errors: an integer dtype (CardTypeError), the number of cards per row
and, for hole/board pairs, the same number of rows (InvalidCardError), and the
options (InvalidValueError). The cards themselves are checked in the blocks, as the
batch functions check them; a bad row raises InvalidCardError naming its row in the
whole array when the result is computed.
"""

from __future__ import annotations

import math
import re
from typing import Any, Callable, Optional, Sequence

import numpy as np

from .._checks import as_flag
from ..errors import CardTypeError, InvalidCardError
from ..evaluators.catalog import RANKINGS
from ..evaluators.turkish import LowestRank
from ._cluster import require_dask

__all__ = [
    "evaluate_batch",
    "evaluate_omaha_batch",
    "evaluate_low8_batch",
    "evaluate_omaha_low8_batch",
    "evaluate_turkish_batch",
    "evaluate_shortdeck_batch",
    "evaluate_a5_low_batch",
    "evaluate_deuce7_batch",
    "evaluate_badugi_batch",
]

_ROW = re.compile(r"^row (\d+) of ")


def _card_rows(hands: Any, widths: Sequence[int], name: str):
    """``hands`` as a Dask array of rows of one of ``widths`` cards, the card axis in
    one chunk (a block must hold whole hands)."""
    require_dask()
    import dask.array as da

    array = hands if isinstance(hands, da.Array) else da.asarray(hands)
    if array.dtype.kind not in "iu":
        raise CardTypeError(f"{name} must be an integer array of card indices 0..51, got dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = "|".join(str(w) for w in widths)
        raise InvalidCardError(f"{name} must have shape (n, {allowed}), got {array.shape}")
    return array.rechunk({1: -1}) if array.numblocks[1] > 1 else array


def _in_block(batch: Callable[..., np.ndarray], *arrays: np.ndarray, block_info=None, **options) -> np.ndarray:
    """``batch`` on one block; an error naming a row of the block names it in the whole array."""
    try:
        return batch(*arrays, **options)
    except InvalidCardError as error:
        start = block_info[None]["array-location"][0][0] if block_info else 0
        message = _ROW.sub(lambda m: f"row {int(m.group(1)) + start} of ", str(error), count=1)
        raise InvalidCardError(message) from None


def _lazy(batch: Callable[..., np.ndarray], dtype, rows: Sequence[Any], **options):
    """The lazy values of ``batch`` over aligned ``rows`` arrays, one block per row chunk."""
    import dask.array as da

    # The options are checked now, not in the first block: the batch function on no rows.
    batch(*(np.zeros((0, r.shape[1]), dtype=np.uint8) for r in rows), **options)
    first = rows[0]
    aligned = [first] + [r.rechunk({0: first.chunks[0]}) for r in rows[1:]]
    return da.map_blocks(_in_block, batch, *aligned, dtype=dtype, drop_axis=1, chunks=(first.chunks[0],),
                         meta=np.empty((0,), dtype=dtype), **options)


def _ranked(ranking: str, hands: Any, check: bool, **options):
    """The lazy values of the catalogue's ``ranking`` of a Dask array of hands: its
    batch function, dtype and card counts."""
    r = RANKINGS[ranking]
    return _lazy(r.batch, r.dtype, [_card_rows(hands, r.cards, "hands")], check=as_flag(check, "check"), **options)


def _ranked_pairs(ranking: str, holes: Any, boards: Any, check: bool):
    """As :func:`_ranked` for a ranking of hole and board rows (Omaha), row i with row i."""
    r = RANKINGS[ranking]
    return _lazy(r.batch, r.dtype, _pairs(holes, boards, r), check=as_flag(check, "check"))


def _pairs(holes: Any, boards: Any, ranking):
    hole_rows = _card_rows(holes, ranking.cards, "holes")
    board_rows = _card_rows(boards, ranking.board, "boards")
    n, m = hole_rows.shape[0], board_rows.shape[0]
    if not (math.isnan(n) or math.isnan(m)) and n != m:
        raise InvalidCardError(f"holes has {n} rows but boards has {m}")
    return hole_rows, board_rows


def evaluate_batch(hands: Any, check: bool = True):
    """High strengths (uint16, 1..7462) of a Dask array of (n, 5|6|7) hands, lazily;
    see :func:`pokerhash.evaluate_batch`."""
    return _ranked("high", hands, check)


def evaluate_omaha_batch(holes: Any, boards: Any, check: bool = True):
    """Omaha high strengths (uint16) of (n, 4|5|6) hole and (n, 3|4|5) board Dask
    arrays, row i with row i, lazily; see :func:`pokerhash.evaluate_omaha_batch`."""
    return _ranked_pairs("omaha", holes, boards, check)


def evaluate_low8_batch(hands: Any, check: bool = True):
    """Eight-or-better low values (uint8, 0 = no low) of (n, 5|6|7) hands, lazily;
    see :func:`pokerhash.evaluate_low8_batch`."""
    return _ranked("low8", hands, check)


def evaluate_omaha_low8_batch(holes: Any, boards: Any, check: bool = True):
    """Omaha low values (uint8, 0 = no low) of hole and board Dask arrays, lazily;
    see :func:`pokerhash.evaluate_omaha_low8_batch`."""
    return _ranked_pairs("omaha-low8", holes, boards, check)


def evaluate_turkish_batch(hands: Any, players: Optional[int] = None, lowest_rank: LowestRank = None,
                           check: bool = True):
    """Turkish values (uint32) of (n, 5) hands of one deck, lazily; see
    :func:`pokerhash.evaluate_turkish_batch` for ``players`` and ``lowest_rank``."""
    return _ranked("turkish", hands, check, players=players, lowest_rank=lowest_rank)


def evaluate_shortdeck_batch(hands: Any, trips_beat_straight: bool = True, check: bool = True):
    """Short-deck values (uint16) of (n, 5|6|7) hands, lazily; see
    :func:`pokerhash.evaluate_shortdeck_batch`."""
    return _ranked("shortdeck", hands, check,
                   trips_beat_straight=as_flag(trips_beat_straight, "trips_beat_straight"))


def evaluate_a5_low_batch(hands: Any, check: bool = True):
    """A-5 low values (uint16) of (n, 5|6|7) hands, lazily; see
    :func:`pokerhash.evaluate_a5_low_batch`."""
    return _ranked("a5-low", hands, check)


def evaluate_deuce7_batch(hands: Any, check: bool = True):
    """2-7 low values (uint16) of (n, 5) hands, lazily; see :func:`pokerhash.evaluate_deuce7_batch`."""
    return _ranked("deuce7", hands, check)


def evaluate_badugi_batch(hands: Any, check: bool = True):
    """Badugi values (uint16) of (n, 4) hands, lazily; see :func:`pokerhash.evaluate_badugi_batch`."""
    return _ranked("badugi", hands, check)

