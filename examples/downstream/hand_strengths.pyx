# A downstream user of pokerhash's C-level API: its own loops over hands call
# pokerhash's evaluator directly, with no Python call per hand and without the GIL.
from libc.stdint cimport uint8_t, uint16_t

from pokerhash._core cimport evaluate_cards

import numpy as np


def evaluate_many(const uint8_t[:, ::1] hands):
    """Strengths (uint16) of rows of 5, 6 or 7 distinct cards 0..51; not validated."""
    cdef Py_ssize_t i, n = hands.shape[0]
    cdef int width = <int>hands.shape[1]
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] strengths = out
    with nogil:
        for i in range(n):
            strengths[i] = evaluate_cards(&hands[i, 0], width)
    return out


def count_wins(const uint8_t[:, ::1] hero, const uint8_t[:, ::1] villain):
    """(wins, ties, losses) of hero's rows against villain's rows of the same index."""
    cdef Py_ssize_t i, n = hero.shape[0]
    cdef int hero_width = <int>hero.shape[1], villain_width = <int>villain.shape[1]
    cdef Py_ssize_t wins = 0, ties = 0
    cdef uint16_t a, b
    if villain.shape[0] != n:
        raise ValueError(f"hero has {n} rows but villain has {villain.shape[0]}")
    with nogil:
        for i in range(n):
            a = evaluate_cards(&hero[i, 0], hero_width)
            b = evaluate_cards(&villain[i, 0], villain_width)
            wins += a > b
            ties += a == b
    return wins, ties, n - wins - ties
