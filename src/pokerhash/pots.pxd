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
cpdef tuple _uncalled(chips)
@cython.locals(results=list, payouts=dict)
cpdef settle_checked(pots, high, low, order, rake, uncalled, odd=*, bint every_pot=*)
cpdef tuple _award(pot, amount, high, low, order, odd=*)
cpdef tuple _best(eligible, values)
cpdef tuple _split(amount, winners, reason, order, rule=*)
