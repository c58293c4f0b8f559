# A-5 low (razz) and 2-7 low (rules: Other games): included by _core.pyx. The kernels are in
# csrc/lowball.h; the public Python layer is pokerhash.evaluators.lowball.

cdef extern from "lowball.h" nogil:
    uint16_t ph_a5_low(const uint8_t *cards, int n)
    uint16_t ph_27_low(const uint8_t *cards, int n)
    ptrdiff_t ph_a5_low_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint16_t *out)
    ptrdiff_t ph_27_low_batch(const uint8_t *cards, size_t n_rows, int check, uint16_t *out)


# --- C-level API (declared in _core.pxd) -------------------------------------

cdef uint16_t a5_low_cards(const uint8_t *cards, int n) noexcept nogil:
    return ph_a5_low(cards, n)


cdef uint16_t deuce7_cards(const uint8_t *cards) noexcept nogil:
    return ph_27_low(cards, 5)


# --- Python API ---------------------------------------------------------------

def evaluate_a5_low(hand):
    """A-5 low (razz) of the best five of 5, 6 or 7 distinct cards (rules: Other games): the
    ace counts as one, straights and flushes are ignored, pairs count against the
    hand. 1..6175, higher is a better low (6175 = 5-4-3-2-A)."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n = read_hand_range(hand, buf, 5, 7, &seen)
    return ph_a5_low(buf, n)


def evaluate_deuce7(hand):
    """2-7 low (deuce-to-seven) of exactly five distinct cards (rules: Other games): the
    standard ranking reversed with the ace high only, straights and flushes counting.
    1..7462, higher is a better low (7462 = 7-5-4-3-2 of at least two suits)."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    read_hand_range(hand, buf, 5, 5, &seen)
    return ph_27_low(buf, 5)


def a5_low_rows(const uint8_t[:, ::1] rows, bint check):
    """(values (uint16), first bad row or -1) of rows of 5, 6 or 7 cards."""
    cdef size_t n = rows.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    if n:
        with nogil:
            bad = ph_a5_low_batch(&rows[0, 0], n, <int>rows.shape[1], check, &result[0])
    return out, bad


def deuce7_rows(const uint8_t[:, ::1] rows, bint check):
    """(values (uint16), first bad row or -1) of rows of five cards."""
    cdef size_t n = rows.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    if n:
        with nogil:
            bad = ph_27_low_batch(&rows[0, 0], n, check, &result[0])
    return out, bad
