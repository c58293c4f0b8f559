"""Conversion and validation of NumPy card arrays for the batch evaluators.

Done once per call, outside the C loops: an array of any integer dtype becomes a
C-contiguous uint8 array (range-checked first, so 300 never wraps to 44), then the
C validator looks for a repeated card in a row. A bad row raises the package's
error naming the row and the problem.
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from . import _core
from .cards import cards as parse_cards
from .errors import CardTypeError, InvalidCardError


def _as_uint8_rows(hands, widths: Sequence[int], name: str, check: bool) -> np.ndarray:
    array = hands if isinstance(hands, np.ndarray) else np.asarray(hands)
    if array.dtype.kind not in "iu":
        raise CardTypeError(f"{name} must be an integer array of card indices 0..51, got dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = "|".join(str(w) for w in widths)
        raise InvalidCardError(f"{name} must have shape (n, {allowed}), got {array.shape}")
    if array.dtype != np.uint8 and check and array.size:
        out_of_range = ((array < 0) | (array > 51)).any(axis=1)
        if out_of_range.any():
            row = int(np.flatnonzero(out_of_range)[0])
            _raise_row_error(name, row, array[row])
    return np.ascontiguousarray(array, dtype=np.uint8)


def _raise_row_error(name: str, row: int, *parts) -> None:
    """Re-validate one bad row with the per-call parser so the message names the card."""
    try:
        parse_cards([int(c) for part in parts for c in part])
    except InvalidCardError as error:
        raise InvalidCardError(f"row {row} of {name}: {error}") from None
    raise InvalidCardError(f"row {row} of {name} is invalid")  # pragma: no cover - parser disagrees with C


def card_rows(hands, widths: Sequence[int], name: str = "hands", check: bool = True, c_check: bool = True) -> np.ndarray:
    """``hands`` as C-contiguous uint8 rows of one of ``widths`` cards, validated unless
    check=False. ``c_check=False`` leaves the per-row check (range of uint8 input,
    repeats) to a caller whose C loop validates while it evaluates."""
    rows = _as_uint8_rows(hands, widths, name, check)
    if check and c_check:
        bad, _ = _core.find_bad_row(rows)
        raise_if_bad_row(name, bad, rows)
    return rows


def raise_if_bad_row(name: str, bad: int, rows: np.ndarray) -> None:
    """Raise the error of row ``bad`` of ``rows`` (from a C validator), if bad >= 0."""
    if bad >= 0:
        _raise_row_error(name, bad, rows[bad])


def paired_card_rows(first, first_widths, second, second_widths, names=("holes", "boards"), check: bool = True):
    """Two arrays of rows that belong together (hole cards and board): same length, and
    no card in both rows of one index."""
    a = _as_uint8_rows(first, first_widths, names[0], check)
    b = _as_uint8_rows(second, second_widths, names[1], check)
    if a.shape[0] != b.shape[0]:
        raise InvalidCardError(f"{names[0]} has {a.shape[0]} rows but {names[1]} has {b.shape[0]}")
    if check:
        bad, _ = _core.find_bad_row(a, b)
        if bad >= 0:
            _raise_row_error(f"{names[0]} and {names[1]}", bad, a[bad], b[bad])
    return a, b

