# Compiled, Deck is an extension type: the engine (engine/hand.pxd) deals from it
# in C. cards.py stays the one source.
cimport cython
from cpython.ref cimport Py_INCREF
from cpython.list cimport PyList_New, PyList_SET_ITEM
from libc.stdint cimport uint8_t, uint64_t


cdef extern from "deal.h" nogil:
    void ph_keyed_shuffle(uint8_t *stub, int n, uint64_t seed, uint64_t stream, uint64_t round)


# A seeded deck's shuffle as a C call (cards.py's _keyed_shuffle is _equity.shuffled
# uncompiled, a Python call with four int conversions and a list built by appends):
# deal.h's ph_keyed_shuffle, the shuffle of _equity.shuffled too (tests/test_cards.py
# checks that both give the same orders).
@cython.boundscheck(False)
@cython.wraparound(False)
cdef inline list _keyed_shuffle(object cards, uint64_t seed, uint64_t stream, uint64_t round_):
    cdef Py_ssize_t n = len(cards), i
    cdef uint8_t stub[52]
    cdef list out
    cdef object item
    if n > 52:  # _equity.shuffled's error
        from pokerhash._equity import shuffled
        return shuffled(cards, seed, stream, round_)
    # The deck's tuple or a restock's list of ints (the usual cases): the positions are
    # shuffled and the list takes the cards' own objects (ph_keyed_shuffle's swaps do not
    # depend on the values: the same order), no int made per card (~20 instructions
    # each) and none read as a C int. Read by the exact type: as an object, each
    # cards[i] is a generic item lookup (~100 instructions a card).
    cdef tuple held
    if type(cards) is tuple or type(cards) is list:
        held = tuple(cards) if type(cards) is list else <tuple>cards  # one loop for both
        for i in range(n):
            if type(held[i]) is not int:
                break
            stub[i] = <uint8_t>i
        else:
            ph_keyed_shuffle(stub, <int>n, seed, stream, round_)
            out = PyList_New(n)
            for i in range(n):
                item = held[stub[i]]
                Py_INCREF(item)  # PyList_SET_ITEM steals a reference
                PyList_SET_ITEM(out, i, item)
            return out
    for i in range(n):
        stub[i] = cards[i]
    ph_keyed_shuffle(stub, <int>n, seed, stream, round_)
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
