"""Tournament tools: equity by the independent chip model (Malmuth-Harville ICM).

Each player finishes first with probability (their chips) / (chips in play); given who
took the places above, each next place goes to a player not yet placed with probability
in proportion to their chips. A player's equity is the sum over places of the prize
times the chance to finish there. The C kernel (csrc/icm.h) sums over the sets of
players placed so far, 2^n * n steps, exact (to rounding) for up to 20 players: a
10-player final table takes microseconds where summing the 3,628,800 finishing orders
takes seconds.
"""

from __future__ import annotations

from typing import Sequence, Union

import numpy as np

from ._icm import MAX_PLAYERS, PROBLEMS, icm_rows
from .errors import InvalidValueError

ArrayLike = Union[Sequence[float], Sequence[Sequence[float]], np.ndarray]


def _array(values, what: str) -> np.ndarray:
    if isinstance(values, (str, bytes)):
        raise InvalidValueError(f"{what} are numbers, not {values!r}")
    try:
        return np.ascontiguousarray(values, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidValueError(f"{what} are numbers, not {values!r:.80}") from None


def icm(stacks: ArrayLike, payouts: Sequence[float]) -> np.ndarray:
    """The ICM equity of each stack: the prize pool it wins on average by Malmuth-Harville.

    ``stacks`` are the players' chips (any non-negative numbers), one list for one
    situation or a 2-D array with one row per situation (all rows at once in C, without
    the GIL); ``payouts`` are the prizes of 1st, 2nd, ... place, never increasing.
    Returns float64 equities shaped like ``stacks``; each row sums to the prizes its
    players can win.

    - More payouts than players: the extra places belong to players already out and are
      ignored (three players left with five places paid share the first three prizes).
    - A player with no chips is out: players with no chips take the last places and share
      those prizes equally (busted together, as from equal stacks).
    - At least one player per row must have chips; up to 20 players per situation.

    >>> import pokerhash as ph
    >>> [round(float(x), 4) for x in ph.icm([50, 30, 20], [70, 30])]
    [45.1786, 32.25, 22.5714]
    """
    stack_array = _array(stacks, "stacks")
    prizes = _array(payouts, "payouts")
    if stack_array.ndim not in (1, 2):
        raise InvalidValueError(f"stacks are a list, or a 2-D array with one row per situation, "
                                f"not shape {stack_array.shape}")
    if prizes.ndim != 1:
        raise InvalidValueError(f"payouts are a list, not shape {prizes.shape}")
    rows = stack_array.reshape(1, -1) if stack_array.ndim == 1 else stack_array
    players = rows.shape[1]
    if not 1 <= players <= MAX_PLAYERS:
        raise InvalidValueError(f"ICM is computed for 1 to {MAX_PLAYERS} players, got {players}")
    out = np.empty_like(rows)
    problem, row = icm_rows(rows, prizes, out)
    if problem:
        shown = payouts if problem < PROBLEMS.index("stacks must be finite") else rows[row].tolist()
        raise InvalidValueError(f"{PROBLEMS[problem]}, got {shown!r:.120}")
    return out.reshape(stack_array.shape)
