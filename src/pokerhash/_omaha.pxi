# Omaha high (rules: Games that pick five cards from more) and eight-or-better low
# (rules: Low hands), included at the end of _core.pyx: it uses that file's
# read_hand_range and MAX_CARDS.

cdef extern from "omaha.h" nogil:
    void ph_omaha_prepare()
    uint16_t ph_omaha_evaluate(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
    ptrdiff_t ph_omaha_evaluate_batch(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board,
                                      size_t n_rows, int check, uint16_t *out)


cdef extern from "low.h" nogil:
    uint8_t ph_low8(const uint8_t *cards, int n)
    uint8_t ph_omaha_low8(const uint8_t *hole, int n_hole, const uint8_t *board, int n_board)
    ptrdiff_t ph_low8_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint8_t *out)
    ptrdiff_t ph_omaha_low8_batch(const uint8_t *holes, int n_hole, const uint8_t *boards, int n_board,
                                  size_t n_rows, int check, uint8_t *out)


# --- C-level API (declared in _core.pxd) -------------------------------------

cdef uint16_t evaluate_omaha_cards(const uint8_t *hole, int n_hole, const uint8_t *board,
                                   int n_board) noexcept nogil:
    ph_omaha_prepare()  # builds the Omaha table on the first call only
    return ph_omaha_evaluate(hole, n_hole, board, n_board)


cdef uint8_t evaluate_low8_cards(const uint8_t *cards, int n) noexcept nogil:
    return ph_low8(cards, n)


cdef uint8_t evaluate_omaha_low8_cards(const uint8_t *hole, int n_hole, const uint8_t *board,
                                       int n_board) noexcept nogil:
    return ph_omaha_low8(hole, n_hole, board, n_board)


# --- per-call -----------------------------------------------------------------

def evaluate_omaha(hole, board):
    """Strength (1..7462, higher is stronger) of the best Omaha high hand: exactly two
    of the 4, 5 or 6 ``hole`` cards with exactly three of the 3, 4 or 5 ``board``
    cards (rules: Games that pick five cards from more). A card may not be in both."""
    cdef uint8_t hole_buf[MAX_CARDS]
    cdef uint8_t board_buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n_hole = read_hand_range(hole, hole_buf, 4, 6, &seen)
    cdef int n_board = read_hand_range(board, board_buf, 3, 5, &seen)
    ph_omaha_prepare()
    return ph_omaha_evaluate(hole_buf, n_hole, board_buf, n_board)


def evaluate_low8(hand):
    """Eight-or-better low of any five of 5, 6 or 7 distinct cards (rules: Low hands):
    0 = no low, otherwise 1..56, higher is better (56 = A-2-3-4-5)."""
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n = read_hand_range(hand, buf, 5, 7, &seen)
    return ph_low8(buf, n)


def evaluate_omaha_low8(hole, board):
    """Omaha eight-or-better low: exactly two hole and three board cards (rules: Low hands);
    0 = no low, otherwise 1..56, higher is better."""
    cdef uint8_t hole_buf[MAX_CARDS]
    cdef uint8_t board_buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int n_hole = read_hand_range(hole, hole_buf, 4, 6, &seen)
    cdef int n_board = read_hand_range(board, board_buf, 3, 5, &seen)
    return ph_omaha_low8(hole_buf, n_hole, board_buf, n_board)


# --- batch: (values, first bad row or -1); with check the rows are validated in
# the evaluation pass (see pokerhash.evaluators.omaha and pokerhash.evaluators.low) -----------------------

def evaluate_omaha_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, bint check):
    """Omaha high strengths (uint16) of hole and board rows of equal count."""
    cdef size_t n = holes.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    ph_omaha_prepare()
    if n:
        with nogil:
            bad = ph_omaha_evaluate_batch(&holes[0, 0], <int>holes.shape[1], &boards[0, 0], <int>boards.shape[1],
                                          n, check, &result[0])
    return out, bad


def evaluate_low8_rows(const uint8_t[:, ::1] rows, bint check):
    """Any-five low values (uint8) of rows of 5, 6 or 7 cards."""
    cdef size_t n = rows.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint8)
    cdef uint8_t[::1] result = out
    if n:
        with nogil:
            bad = ph_low8_batch(&rows[0, 0], n, <int>rows.shape[1], check, &result[0])
    return out, bad


def evaluate_omaha_low8_rows(const uint8_t[:, ::1] holes, const uint8_t[:, ::1] boards, bint check):
    """Omaha low values (uint8) of hole and board rows of equal count."""
    cdef size_t n = holes.shape[0]
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint8)
    cdef uint8_t[::1] result = out
    if n:
        with nogil:
            bad = ph_omaha_low8_batch(&holes[0, 0], <int>holes.shape[1], &boards[0, 0], <int>boards.shape[1],
                                      n, check, &result[0])
    return out, bad
