# Badugi (rules: Other games): included by _core.pyx. The kernel is in csrc/badugi.h; the
# public Python layer is pokerhash.evaluators.badugi.

cdef extern from "badugi.h" nogil:
    uint16_t ph_badugi(const uint8_t *cards)
    ptrdiff_t ph_badugi_batch(const uint8_t *cards, size_t n_rows, int check, uint16_t *out)


# --- C-level API (declared in _core.pxd) -------------------------------------

cdef uint16_t badugi_cards(const uint8_t *cards) noexcept nogil:
    return ph_badugi(cards)


# --- Python API ---------------------------------------------------------------

def evaluate_badugi(hand):
    """Badugi value of four distinct cards (rules: Other games): the hand plays its largest
    subset of cards of different ranks and suits (the ace low), then its lowest ranks.
    1..1092, higher is better (1092 = A-2-3-4 of four suits)."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    read_hand_range(hand, buf, 4, 4, &seen)
    return ph_badugi(buf)


def badugi_rows(const uint8_t[:, ::1] rows, bint check):
    """(values (uint16), first bad row or -1) of rows of four cards."""
    cdef size_t n = rows.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    if n:
        with nogil:
            bad = ph_badugi_batch(&rows[0, 0], n, check, &result[0])
    return out, bad
