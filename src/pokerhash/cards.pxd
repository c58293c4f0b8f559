# Compiled, Deck is an extension type: the engine (engine/hand.pxd) deals from it
# in C. cards.py stays the one source.
cimport cython
from cpython.ref cimport Py_INCREF
from cpython.list cimport PyList_New, PyList_SET_ITEM
from libc.stdint cimport uint8_t, uint32_t, uint64_t


cdef extern from "deal.h" nogil:
    ctypedef struct ph_rng:
        uint64_t state
    void ph_rng_seed(ph_rng *rng, uint64_t seed, uint64_t stream)
    uint32_t ph_rng_below(ph_rng *rng, uint32_t n)


# A seeded deck's shuffle as a C call (cards.py's _keyed_shuffle is _equity.shuffled
# uncompiled, a Python call with four int conversions and a list built by appends):
# the same Fisher-Yates on the same generator, line for line that of _equity.shuffled
# (tests/test_cards.py checks that both give the same orders).
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline list _keyed_shuffle(object cards, uint64_t seed, uint64_t stream, uint64_t round_):
    cdef Py_ssize_t n = len(cards), i, j
    cdef uint8_t stub[52]
    cdef uint8_t card
    cdef ph_rng rng
    cdef list out
    cdef object item
    if n > 52:  # _equity.shuffled's error
        from pokerhash._equity import shuffled
        return shuffled(cards, seed, stream, round_)
    # Read by the exact type (the deck's tuple, a restock's list): as an object, each
    # cards[i] is a generic item lookup (~100 instructions a card).
    if type(cards) is tuple:
        for i in range(n):
            stub[i] = (<tuple>cards)[i]
    elif type(cards) is list:
        for i in range(n):
            stub[i] = (<list>cards)[i]
    else:
        for i in range(n):
            stub[i] = cards[i]
    ph_rng_seed(&rng, seed, stream)
    rng.state += round_ * (<uint64_t>0x9E3779B97F4A7C15ULL << 32)  # as _equity.shuffled
    for i in range(n - 1, 0, -1):
        j = ph_rng_below(&rng, <uint32_t>(i + 1))
        card = stub[i]
        stub[i] = stub[j]
        stub[j] = card
    out = PyList_New(n)
    for i in range(n):
        item = stub[i]
        Py_INCREF(item)  # PyList_SET_ITEM steals a reference
        PyList_SET_ITEM(out, i, item)
    return out


cdef class Deck:
    cdef object _rng, _key, _stream, _round
    cdef tuple _full
    cdef list _stack

    cpdef list _shuffled(self, cards)
    cpdef shuffle(self)
    cpdef restock(self, cards)
    cpdef _restock_dealt(self, list cards)
    @cython.locals(other=Deck)
    cpdef Deck copy(self)
    cpdef list deal(self, n=*)
