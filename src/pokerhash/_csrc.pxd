# Private: extern declarations of the C kernels in csrc/. Not for cimport by
# other packages (use pokerhash._core's cdef functions instead).
from libc.stdint cimport uint8_t, uint16_t, uint64_t


cdef extern from "high.h" nogil:
    uint16_t ph_evaluate(const uint8_t *cards, int n)
    uint16_t ph_evaluate5(const uint8_t *cards)
    ptrdiff_t ph_evaluate_batch(const uint8_t *cards, size_t n_rows, int width, int check, uint16_t *out)
    void ph_value_histogram(int n, uint64_t *hist)
