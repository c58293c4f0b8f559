"""Malmuth-Harville ICM over rows of stacks, in C without the GIL (csrc/icm.h)."""

from libc.stdlib cimport free, malloc


cdef extern from "icm.h" nogil:
    int PH_ICM_MAX_PLAYERS
    size_t ph_icm_scratch(int n)
    int ph_icm_check(const double *stacks, size_t rows, int n, const double *payouts, int places,
                     size_t *bad_row)
    void ph_icm(const double *stacks, int n, const double *payouts, int places,
                double *scratch, double *equity)


MAX_PLAYERS = PH_ICM_MAX_PLAYERS


# ph_icm_check's findings, in its order (0: none).
PROBLEMS = (
    None,
    "payouts must be finite",
    "payouts cannot be negative",
    "payouts go from 1st place down and never increase",
    "stacks must be finite",
    "stacks cannot be negative",
    "no chips in play",
    "the chips in play overflow a double",
)


def icm_rows(const double[:, ::1] stacks, const double[::1] payouts, double[:, ::1] out):
    """ICM equity of every row of ``stacks`` into ``out`` (same shape), for
    1 <= players <= MAX_PLAYERS; payouts beyond the number of players are checked but
    not paid. Returns
    ``(problem, row)``: problem 0 when the input is good (and ``out`` filled), else an
    index into PROBLEMS and the row it concerns."""
    cdef int n = <int>stacks.shape[1]
    cdef int listed = <int>payouts.shape[0]
    cdef int places = listed if listed < n else n
    cdef size_t rows = <size_t>stacks.shape[0], row, bad_row = 0
    cdef int problem
    cdef const double *prizes = &payouts[0] if listed > 0 else NULL
    cdef const double *first = &stacks[0, 0] if rows > 0 else NULL
    cdef double *scratch = <double *>malloc(ph_icm_scratch(n) * sizeof(double))
    if scratch == NULL:
        raise MemoryError()
    try:
        with nogil:
            problem = ph_icm_check(first, rows, n, prizes, listed, &bad_row)
            if problem == 0:
                for row in range(rows):
                    ph_icm(first + row * n, n, prizes, places, scratch, &out[row, 0])
    finally:
        free(scratch)
    return problem, bad_row
