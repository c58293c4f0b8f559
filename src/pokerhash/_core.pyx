# The Cython binding of the C kernels in csrc/.
#
# Per-call functions read a list or tuple of ints or card strings, or ASCII card
# text, straight into a C buffer (csrc/read_cards.h, the fast path); anything else
# (suit symbols, numpy scalars, iterators, bad input) goes through
# pokerhash.cards, which parses it or raises the documented error. Batch functions
# take C-contiguous uint8 rows already validated by pokerhash._batch and run their
# loop without the GIL.
from libc.stdint cimport uint8_t, uint16_t, uint64_t

cimport pokerhash._csrc as c
from pokerhash._read_cards cimport ph_read_cards

import numpy as np

from pokerhash.cards import card_str, cards as _parse_cards
from pokerhash.errors import InvalidCardError

cdef enum:
    MAX_CARDS = 16  # the longest hand any per-call function reads (Omaha: 6 + 5)


# --- C-level API (declared in _core.pxd) -------------------------------------

cdef uint16_t evaluate_cards(const uint8_t *cards, int n) noexcept nogil:
    return c.ph_evaluate(cards, n)


cdef uint16_t evaluate5_cards(const uint8_t *cards) noexcept nogil:
    return c.ph_evaluate5(cards)


# --- reading hands ------------------------------------------------------------

cdef inline int read_fast(object hand, uint8_t *out, uint64_t *seen) noexcept:
    """The hand's cards into out (csrc/read_cards.h: ints and the common card text
    forms); the count, or -1 when the input needs the slow path (rare forms, bad
    values: the slow path reads or names them). *seen accumulates the cards' bits so
    that callers can reject repeats across several hands (Omaha hole + board)."""
    return ph_read_cards(hand, out, MAX_CARDS, seen)


cdef int read_hand_range(object hand, uint8_t *out, int min_n, int max_n, uint64_t *seen) except -1:
    """Fill out with a validated hand of min_n..max_n cards; returns the size.
    Raises pokerhash's InvalidCardError / CardTypeError otherwise."""
    cdef int n = read_fast(hand, out, seen)
    cdef int i
    if min_n <= n <= max_n:
        return n
    if n >= 0:
        seen[0] &= ~card_bits(out, n)  # read_fast succeeded but the count is wrong
    parsed = _parse_cards(hand, count=range(min_n, max_n + 1))
    for i, card in enumerate(parsed):
        if seen[0] & ((<uint64_t>1) << card):
            raise InvalidCardError(f"card {card_str(card)} appears more than once")
        seen[0] |= (<uint64_t>1) << card
        out[i] = <uint8_t>card
    return len(parsed)


cdef inline uint64_t card_bits(const uint8_t *cards, int n) noexcept:
    cdef uint64_t bits = 0
    cdef int i
    for i in range(n):
        bits |= (<uint64_t>1) << cards[i]
    return bits


# --- high hands ---------------------------------------------------------------

def evaluate(hand):
    """Strength of the best five-card high hand within 5, 6 or 7 distinct cards.

    1..7462, higher is stronger (rules: Standard hand ranking). ``hand`` is a sequence of ints 0..51
    or card strings, or one string such as ``"As Kd Qh Jc Ts"``.
    """
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n = read_hand_range(hand, buf, 5, 7, &seen)
    return c.ph_evaluate(buf, n)


def evaluate_rows(const uint8_t[:, ::1] rows, bint check):
    """(strengths, first bad row or -1) of rows of 5, 6 or 7 cards; with check, the
    rows are validated in the same pass (see pokerhash.evaluate_batch)."""
    cdef size_t n = rows.shape[0]
    cdef int width = <int>rows.shape[1]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    if n:
        with nogil:
            bad = c.ph_evaluate_batch(&rows[0, 0], n, width, check, &result[0])
    return out, bad


def value_histogram(int n):
    """Counts of each strength 0..7462 over every n-card hand of the deck (n in 5..7)."""
    hist = np.zeros(7463, dtype=np.uint64)
    cdef uint64_t[::1] view = hist
    with nogil:
        c.ph_value_histogram(n, &view[0])
    return hist
include "_turkish.pxi"
include "_omaha.pxi"
include "_shortdeck.pxi"
include "_lowball.pxi"
include "_badugi.pxi"
include "_showing.pxi"
include "_draw.pxi"
