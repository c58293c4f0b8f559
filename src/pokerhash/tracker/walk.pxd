cimport cython

# Compiled, walk's counters and flags are C integers and its tables typed (dict, set,
# list): the dozen actions of a hand are counted without a Python int made per
# increment or a generic call per set and dict look-up. walk.py stays the one source;
# uncompiled it runs as it is.

@cython.locals(street=Py_ssize_t, last_street=Py_ssize_t, raises=Py_ssize_t, callers=Py_ssize_t,
               calls_after_steal=Py_ssize_t, flop_bets=Py_ssize_t, raises_after_cbet=Py_ssize_t, seq=Py_ssize_t,
               any_all_in=bint, anyone_voluntary=bint, second_run=bint, first_decision=bint, aggressive=bint,
               can_raise=bint, broke=bint, position=dict, flags=dict, rows=list, stacks=dict, folded=set,
               in_front=dict, acted=set, faced_cbet=set, faced_steal=set, faced_three_bet=set, mine=list,
               live=list)
cpdef walk(hand, seats, positions)
