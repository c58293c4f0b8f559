# Compiled, Deck is an extension type: the engine (engine/hand.pxd) deals from it
# in C. cards.py stays the one source.
cimport cython

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
