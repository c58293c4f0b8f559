# The C-level API of pokerhash, for other Cython packages:
#
#     from pokerhash._core cimport evaluate_cards
#
# Cards are uint8 in 0..51 (rank * 4 + suit), distinct; nothing is checked at this
# level. Strengths are 1..7462, higher is stronger (RULES.md §2). All functions are
# noexcept nogil, so they can run in prange loops or threads.
from libc.stdint cimport uint8_t, uint16_t

cdef uint16_t evaluate_cards(const uint8_t *cards, int n) noexcept nogil
cdef uint16_t evaluate5_cards(const uint8_t *cards) noexcept nogil
