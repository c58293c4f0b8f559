cimport cython

# Compiled, the helpers that build every imported hand's rows are C functions called
# in C (cpdef: still Python functions for a caller outside), with their own lists and
# counters C-typed: the look-ups, appends and extends of their loops are C calls, not
# method calls. extract.py stays the one source; uncompiled it runs as it is.

cpdef str _text(cards)
@cython.locals(count=Py_ssize_t, c=Py_UCS4)
cdef Py_ssize_t _digits(str text, Py_ssize_t at, Py_ssize_t most) except -1
# A site's time read by hand: its characters C reads of the str.
@cython.locals(at=Py_ssize_t, month=Py_ssize_t, day=Py_ssize_t, spaces=Py_ssize_t, hour=Py_ssize_t, seconds=bint)
cpdef _ymd_at_start(str text)
cpdef _site_time(text)
cpdef _site_cards(dict known, dict stud, name, count)
# Called for every site hand by _site_extract: C calls (cpdef), not Python calls.
cpdef tuple _site_key(item)
cpdef tuple _variant_columns(variant)
cpdef str _blinds(stakes)
@cython.locals(names=list, starting=list, collected=list, site_collected=list, holes=list, by_seat=dict,
               folded=set, live=list, shown=list, payouts=dict, site_paid=dict, known=dict, stud=dict,
               i=Py_ssize_t)
cpdef _site_extract(item, source)
@cython.locals(players=list, c=list, flags=dict, paid=dict, i=Py_ssize_t, n=Py_ssize_t)
cpdef _rows(hand, seats, names, starting, collected, rake, holes, shown, blinds, big_blind, common, tournament,
            where)
@cython.locals(rows=list, sizes=list, found=tuple, at=Py_ssize_t, run=Py_ssize_t, street=Py_ssize_t, size=Py_ssize_t)
cpdef list _boards(hand)
