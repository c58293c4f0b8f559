cimport cython

# Compiled, the helpers the replay calls for every hand or action are C functions (a C
# call in place of a Python call with its argument parsing): none is called from
# outside this module (_rest, _facts and _deck are cpdef: their tests call them; _replay
# is reachable from Python as before). replay.py stays the one source; uncompiled it runs as it is.

# The engine's Hand under another name (replay.py imports the Python name Hand as
# well): typed, its cpdef methods (act, _deal_ints, _deal_players_ints, draw, muck, player_index,
# round_bets) are C calls and its fields C reads.
from pokerhash.engine.hand cimport Hand as TypedHand
# A record's field read in C (replay.py names tuple.__getitem__ as _field uncompiled).
from pokerhash._records cimport field as _field

cdef _guarded(site_hand, attempt, log)
# The hand's play: a C function (_guarded's call), the hand typed, the acts' index a C int.
# (its mappings typed: their look-ups and get() C calls)
@cython.locals(hand=TypedHand, k=Py_ssize_t, n_acts=Py_ssize_t, seat_of=dict, name_of=dict, dealt_count=dict,
               stacks=dict, kept_back=dict, differences=list, i=Py_ssize_t, seats=tuple, folded=list,
               round_cards=list)
cpdef _replay(site_hand, attempt, log=*)
@cython.locals(index=Py_ssize_t)
cdef _apply(TypedHand hand, player, verb, amount, to, all_in, pending, kind, legal, seat, kept_back)
cdef list _card_ints(texts)
# Read for every hand (their tests call them: cpdef).
cpdef _facts(variant)
@cython.locals(decks=dict)
cpdef tuple _deck(variant, players)
@cython.locals(one=cython.ulonglong, mask=cython.ulonglong, c=cython.longlong, rest=list)
cpdef list _rest(deck, set used)
cdef list _filled(template, cards)
cdef tuple _by_name(amounts, name_of, d)
cdef _dead(lay)
cdef _compare(what, engine, site, d, list differences)
cdef bint _decided(hand, conceded) except -1
