"""Malmuth-Harville ICM over rows of stacks, in C without the GIL (csrc/icm.h)."""

from libc.stdlib cimport free, malloc


cdef extern from "icm.h" nogil:
    int PH_ICM_MAX_PLAYERS
    size_t ph_icm_scratch(int n)
    void ph_icm(const double *stacks, int n, const double *payouts, int places,
                double *scratch, double *equity)


MAX_PLAYERS = PH_ICM_MAX_PLAYERS


def icm_rows(const double[:, ::1] stacks, const double[::1] payouts, double[:, ::1] out):
    """ICM equity of every row of ``stacks`` into ``out`` (same shape); the caller has
    checked the input: 1 <= players <= MAX_PLAYERS, stacks finite and >= 0 with chips
    in every row, at most one payout per player."""
    cdef int n = <int>stacks.shape[1]
    cdef int places = <int>payouts.shape[0]
    cdef Py_ssize_t row
    cdef double *scratch = <double *>malloc(ph_icm_scratch(n) * sizeof(double))
    cdef const double *prizes = &payouts[0] if places > 0 else NULL
    if scratch == NULL:
        raise MemoryError()
    try:
        with nogil:
            for row in range(stacks.shape[0]):
                ph_icm(&stacks[row, 0], n, prizes, places, scratch, &out[row, 0])
    finally:
        free(scratch)
