# A downstream user of pokerhash's C-level API: its own loops over hands call
# pokerhash's evaluator directly, with no Python call per hand and without the GIL.
from libc.stdint cimport uint8_t, uint16_t

from pokerhash._core cimport evaluate_cards, evaluate_omaha_cards

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


def omaha_showdowns(const uint8_t[:, ::1] hero, const uint8_t[:, ::1] villain, const uint8_t[:, ::1] boards):
    """(wins, ties, losses) of hero's Omaha hole cards against villain's, row by row,
    on the board of the same row; all cards of a row distinct (not checked)."""
    cdef Py_ssize_t i, n = boards.shape[0]
    cdef int n_hero = <int>hero.shape[1], n_villain = <int>villain.shape[1], n_board = <int>boards.shape[1]
    cdef Py_ssize_t wins = 0, ties = 0
    cdef uint16_t a, b
    if hero.shape[0] != n or villain.shape[0] != n:
        raise ValueError(f"hero, villain and boards need as many rows: {hero.shape[0]}, {villain.shape[0]}, {n}")
    with nogil:
        for i in range(n):
            a = evaluate_omaha_cards(&hero[i, 0], n_hero, &boards[i, 0], n_board)
            b = evaluate_omaha_cards(&villain[i, 0], n_villain, &boards[i, 0], n_board)
            wins += a > b
            ties += a == b
    return wins, ties, n - wins - ties
