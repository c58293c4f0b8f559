# Compiled, a draw hand's plan is dealt in C (issue 25: it was a third of a draw hand's
# replay): _deal's sets of cards are 64-bit masks and its state C arrays on the stack,
# sized by draws.py's _EVENTS, _SEATS and _HELD; DrawDeals is an extension type (its
# fields C slots). draws.py stays the one source; uncompiled it runs as it is (its
# masks Python ints, its arrays lists).
cimport cython
from cpython.object cimport PyObject
from cpython.tuple cimport PyTuple_New


cdef extern from "bits.h":
    int ph_ctz64(unsigned long long x)


cdef extern from "Python.h":
    # Raw references, for _ints: the tuple steals each new int, no count kept by Cython.
    PyObject *_new_int "PyLong_FromLong"(long v)
    void _tuple_set "PyTuple_SET_ITEM"(object out, Py_ssize_t i, PyObject *item)


# The first n cards of a C array as a tuple of ints (draws.py's _ints_py uncompiled):
# no list made on the way. (Cards are 0..51: ints Python keeps made, never NULL.)
cdef inline tuple _ints(int *cards, Py_ssize_t n):
    if n == 0:
        return ()
    cdef tuple out = PyTuple_New(n)
    cdef Py_ssize_t i
    for i in range(n):
        _tuple_set(out, i, _new_int(cards[i]))
    return out


cdef class DrawDeals:
    cdef dict _at
    cdef list _out
    cdef object _error
    cdef dict _draw
    # cpdef: a C call from initial, discard and received (the tests call it too)
    cpdef tuple _deals(self, seat, Py_ssize_t k)


@cython.locals(verb=object, counts=list, i=object, events=list)
cdef _read_acts(list acts, dict index_of, list seats, dict at, list ev_seat, list ev_k, list ev_count, dict counts_of,
                set folded)

@cython.locals(first=bint, i=Py_ssize_t, keep=cython.ulonglong)
cdef _plans(Py_ssize_t attempt, order, dict finals, dict draws, dict known, set folded, dict counts_of, card,
            list written, list plans, list keeps)


# The plan helpers: C calls (cpdef: the tests' reference plan imports them).
@cython.locals(plan=list)
cpdef list _written(written, counts, card)

@cython.locals(cards=list, cache=dict)
cdef list _read(texts, card)

@cython.locals(n=Py_ssize_t, size=Py_ssize_t, left=Py_ssize_t, j=Py_ssize_t, count=Py_ssize_t, take=Py_ssize_t,
               plan=list, got=list)
cpdef list _ending_in(list final, counts)

@cython.locals(size=Py_ssize_t, n=Py_ssize_t, most=Py_ssize_t, have=Py_ssize_t, j=Py_ssize_t, i=Py_ssize_t,
               count=Py_ssize_t, later=Py_ssize_t, take=Py_ssize_t, arriving=list, plan=list)
cpdef list _earliest(list final, counts)

@cython.locals(one=cython.ulonglong, mask=cython.ulonglong, c=cython.longlong)
cdef unsigned long long _bits(cards) except? 0

@cython.locals(i=Py_ssize_t, j=Py_ssize_t, c=cython.int)
cdef Py_ssize_t _drop(int *cards, Py_ssize_t base, Py_ssize_t n, unsigned long long mask) noexcept

@cython.locals(c=cython.int)
cdef int _first(unsigned long long mask, bint ascending, tuple deck) except? -2

# (C arrays are never bounds-checked: _deal checks every index it makes against the sizes.)
@cython.locals(n_events=Py_ssize_t, t=Py_ssize_t, u=Py_ssize_t, i=Py_ssize_t, j=Py_ssize_t, s=Py_ssize_t,
               k=Py_ssize_t, h=Py_ssize_t, base=Py_ssize_t, n_thrown=Py_ssize_t, size=Py_ssize_t,
               n_new=Py_ssize_t, left=cython.longlong, thrown_at=Py_ssize_t, back=Py_ssize_t,
               last_reshuffle=Py_ssize_t, round_=Py_ssize_t, count=cython.longlong, stub=cython.longlong,
               muck_size=cython.longlong, c=cython.longlong, last=cython.longlong, ascending=bint,
               one=cython.ulonglong, in_deck=cython.ulonglong, named=cython.ulonglong, have=cython.ulonglong,
               keep=cython.ulonglong, lent_mask=cython.ulonglong, throw=cython.ulonglong,
               in_play=cython.ulonglong, muck=cython.ulonglong, after=cython.ulonglong, dealt=cython.ulonglong,
               seen=cython.ulonglong, taken=cython.ulonglong, fresh=cython.ulonglong, free=cython.ulonglong,
               seat_at=cython.int[256], k_at=cython.int[256], count_at=cython.longlong[256],
               named_at=cython.ulonglong[256], from_at=cython.ulonglong[257], reshuffles=cython.char[256],
               held=cython.int[512], held_n=cython.int[32], lent=cython.int[512], lent_n=cython.int[32],
               thrown=cython.int[32], got=cython.int[16], new_lent=cython.int[16], plan=list)
cdef _deal(list plans, list keeps, list seats, list ev_seat, list ev_k, list ev_count, tuple deck, list out)
