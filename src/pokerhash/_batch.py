"""Conversion of NumPy card arrays for the batch evaluators, and their errors.

Done once per call, outside the C loops: an array of any integer dtype becomes a
C-contiguous uint8 array (range-checked first, so 300 never wraps to 44). The C
loops check each row (range of uint8 input, repeats, deck) while they evaluate and
report the first bad row; this module turns that into the package's error naming
the row and the problem.
"""

from __future__ import annotations

from typing import Sequence, TYPE_CHECKING, Tuple

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .cards import cards as parse_cards
from .errors import CardTypeError, InvalidCardError


def card_rows(hands: ArrayLike, widths: Sequence[int], name: str, check: bool) -> NDArray[np.uint8]:
    """``hands`` as C-contiguous uint8 rows of one of ``widths`` cards."""
    try:
        array = hands if isinstance(hands, np.ndarray) else np.asarray(hands)
    except ValueError:  # NumPy refuses rows of different lengths
        raise InvalidCardError(f"{name} must be rows of equal length (an (n, k) array), not ragged lists") from None
    if array.dtype.kind not in "iu":
        raise CardTypeError(f"{name} must be an integer array of card indices 0..51, got dtype {array.dtype}")
    if array.ndim != 2 or array.shape[1] not in widths:
        allowed = "|".join(str(w) for w in widths)
        raise InvalidCardError(f"{name} must have shape (n, {allowed}), got {array.shape}")
    if array.dtype != np.uint8 and check and array.size:
        out_of_range = ((array < 0) | (array > 51)).any(axis=1)
        raise_if_bad_row(name, int(np.argmax(out_of_range)) if out_of_range.any() else -1, array)
    return np.ascontiguousarray(array, dtype=np.uint8)


def hole_and_board_rows(holes: ArrayLike, boards: ArrayLike, hole_widths: Sequence[int], board_widths: Sequence[int],
                        check: bool) -> Tuple[NDArray[np.uint8], NDArray[np.uint8]]:
    """Both arrays as card_rows, with the same number of rows (row i of each is one deal)."""
    hole_rows = card_rows(holes, hole_widths, "holes", check)
    board_rows = card_rows(boards, board_widths, "boards", check)
    if hole_rows.shape[0] != board_rows.shape[0]:
        raise InvalidCardError(f"holes has {hole_rows.shape[0]} rows but boards has {board_rows.shape[0]}")
    return hole_rows, board_rows


def raise_if_bad_row(name: str, bad: int, *row_arrays: np.ndarray) -> None:
    """If bad >= 0, raise the error of row ``bad`` of the arrays that make one deal
    together, re-read by the per-call parser so that the message names the card."""
    if bad < 0:
        return
    try:
        parse_cards([int(c) for rows in row_arrays for c in rows[bad]])
    except InvalidCardError as error:
        raise InvalidCardError(f"row {bad} of {name}: {error}") from None
    raise InvalidCardError(f"row {bad} of {name} is invalid")  # pragma: no cover - parser disagrees with C
