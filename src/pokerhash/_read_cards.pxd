# Private: the fast path for hands given in Python (csrc/read_cards.h), shared by the
# extensions that take cards per call (_core, _equity, _iso).
from libc.stdint cimport uint8_t, uint64_t


cdef extern from "read_cards.h":
    # Lists/tuples of ints or card strings, ASCII card text: the count, or -1 for the
    # forgiving parser (pokerhash.cards). Never raises; needs the GIL.
    int ph_read_cards(object hand, uint8_t *out, int max_n, uint64_t *seen)
