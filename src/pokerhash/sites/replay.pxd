cimport cython

# Compiled, the helpers the replay calls for every hand or action are C functions (a C
# call in place of a Python call with its argument parsing): none is called from
# outside this module (_rest is cpdef: its test calls it). replay.py stays the one source; uncompiled it runs as it is.

cdef _guarded(site_hand, attempt, log)
cdef _apply(hand, player, verb, amount, to, all_in, pending, kind, legal, seat, kept_back)
cdef list _card_ints(texts)
@cython.locals(one=cython.ulonglong, mask=cython.ulonglong, c=cython.longlong, rest=list)
cpdef list _rest(deck, set used)
cdef list _filled(template, cards)
cdef tuple _by_name(amounts, name_of, d)
cdef _dead(lay)
cdef _compare(what, engine, site, d, list differences)
cdef bint _decided(hand, conceded) except -1
