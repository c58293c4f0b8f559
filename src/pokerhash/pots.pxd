# Compiled, the settlement the engine runs at the end of every hand calls its parts in
# C: these functions are C functions (cpdef: still Python functions), so that
# side_pots_checked, settle_checked and their helpers do not call each other, and
# the engine does not call them, through Python calls with their argument parsing.
# pots.py stays the one source; uncompiled it runs as it is.
cimport cython

# The results' frozen records built in C (pots.py's _frozen is frozen_fields uncompiled).
from pokerhash._records cimport new_frozen as _frozen


@cython.locals(live=list, pots=list, puts=list, amount=object, previous=object, dead=object)
cpdef side_pots_checked(dict chips, folded)
# The engine's: index loops over its lists, amounts as C integers (within MAX_CHIPS).
@cython.locals(i=Py_ssize_t, top=Py_ssize_t, first="long long", second="long long", put="long long")
cpdef tuple top_excess(list contributed)
@cython.locals(n=Py_ssize_t, i=Py_ssize_t, k=Py_ssize_t, top=Py_ssize_t,
               uncalled="long long", put="long long", previous="long long", level="long long", amount="long long",
               dead="long long", puts=list, live=list, levels=list, pots=list)
cpdef side_pots_of(tuple seats, list contributed, list folded)
cpdef tuple _uncalled(chips)
@cython.locals(results=list, payouts=dict, k=Py_ssize_t)
cpdef settle_checked(pots, high, low, order, rake, uncalled, odd=*, bint every_pot=*)
cpdef tuple _award(pot, amount, high, low, order, odd=*)
@cython.locals(winners=list)
cpdef tuple _best(eligible, values)
cpdef tuple _split(amount, winners, reason, order, rule=*)
