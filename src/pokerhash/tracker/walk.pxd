cimport cython

# Compiled, walk_parts (one pass over every imported hand's event log) has C-typed
# counters, flags and player indexes (street, seq, the raise and call counts: small
# ints, compared at every action) and typed containers (their look-ups, stores and
# appends are C calls, not method calls); chip amounts stay Python ints (walk.py's
# arithmetic exactly). walk.py stays the one source; uncompiled it runs as it is.
# A record's field read in C (walk.py names tuple.__getitem__ as _field uncompiled).
from pokerhash._records cimport field as _field

# The counters' indexes and the zeroed counters are C globals (walk.py's module
# constants): ``mine[_VPIP] = 1`` is a C store into the list, not a generic
# PyObject_SetItem of a Python int read from the module's dict.
cdef Py_ssize_t _WALK, _VPIP, _PFR, _THREE_BET, _THREE_BET_OPP, _FOLD_3B, _FOLD_3B_OPP, _FOUR_BET, _FOUR_BET_OPP
cdef Py_ssize_t _STEAL, _STEAL_OPP, _FOLD_STEAL, _FOLD_STEAL_OPP, _CBET, _CBET_OPP, _FOLD_CBET, _FOLD_CBET_OPP
cdef Py_ssize_t _SAW_FLOP, _SHOWDOWN, _WTSD
cdef list _ZEROS
cdef dict _INDEXES

@cython.locals(where_at=list, flags=dict, rows=list, stacks=list, folded=list, in_front=list, acted=list, at=dict,
               mine_at=list, faced_cbet=set, faced_steal=set, faced_three_bet=set, mine=list,
               live=list, kinds=dict, postflop=dict, n=Py_ssize_t, i=Py_ssize_t,
               last_street=Py_ssize_t, street=Py_ssize_t, seq=Py_ssize_t, raises=Py_ssize_t,
               callers=Py_ssize_t, calls_after_steal=Py_ssize_t, raises_after_cbet=Py_ssize_t,
               flop_bets=Py_ssize_t, any_all_in=bint, anyone_voluntary=bint, second_run=bint,
               first_decision=bint, can_raise=bint, aggressive=bint, broke=bint)
cpdef tuple walk_parts(hand, seats, positions)
