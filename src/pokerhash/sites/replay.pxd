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
# The seating (layout, public, reads the variant's facts and calls _layout): a C call
# from _replay, its containers typed.
cpdef layout(p)
@cython.locals(dealt=list, seat_of=dict, dead_antes=list, antes=list, straddles=list, seats=list, n=Py_ssize_t,
               start=Py_ssize_t, by_seat=dict, missed=dict, blinds=tuple, free=list, stud=bint, known_stakes=dict)
cdef _layout(p, facts)
@cython.locals(k=Py_ssize_t)
cdef Py_ssize_t _position(tuple order, name) except -1
cdef _antes_of(list antes, name)
# The hand's play: a C function (_guarded's call), the hand typed, the acts' index a C int.
# (its mappings typed: their look-ups and get() C calls)
@cython.locals(hand=TypedHand, k=Py_ssize_t, n_acts=Py_ssize_t, seat_of=dict, name_of=dict, dealt_count=list,
               stacks=dict, kept_back=dict, differences=list, i=Py_ssize_t, seats=tuple, folded=list,
               round_cards=list, order=tuple)
cpdef _replay(site_hand, attempt, log=*)
@cython.locals(index=Py_ssize_t)
cdef _apply(TypedHand hand, player, verb, amount, to, all_in, pending, kind, legal, seat, kept_back)
cdef list _card_ints(texts)
# Read for every hand (their tests call them: cpdef).
@cython.locals(known=dict)
cpdef _facts(variant)
cpdef tuple _deck(variant, players)
@cython.locals(decks=dict)
cdef tuple _deck_of(facts, players)
@cython.locals(known=dict)
cdef _options(take, run_twice, odd, every_pot, straddle_anywhere=*, cap=*, large_draw_table=*, half_bet=*, runs=*)
@cython.locals(one=cython.ulonglong, mask=cython.ulonglong, c=cython.longlong, rest=list)
cpdef list _rest(deck, set used, Py_ssize_t limit=*)
# The cards of a hand: a C function, its containers typed (their methods C calls).
@cython.locals(boards=list, folded_on=dict, folded=set, used=set, templates=dict, holes=dict, unknown=list,
               need=Py_ssize_t, hole_count=Py_ssize_t, count=Py_ssize_t, template=list, complete=bint,
               at=Py_ssize_t, missing=Py_ssize_t, live_unknown=list, live_known=list, rest=list, stud=bint,
               pick=bint, picked=bint, known=dict, ordered=list, later=list, deal=tuple, order=tuple)
cdef tuple _cards_for(p, lay, variant, facts, Py_ssize_t attempt=*)
# (cpdef: its test calls it; from layout still a C call)
cpdef _blind(p, list dealt, post, Py_ssize_t which)
@cython.locals(stack=dict)
cdef _equal_antes(list antes, list dealt)
cdef list _filled(template, cards)
cdef tuple _by_name(amounts, name_of, d)
cdef _dead(lay)
cdef _compare(what, engine, site, d, list differences)
cdef bint _decided(hand, conceded) except -1
