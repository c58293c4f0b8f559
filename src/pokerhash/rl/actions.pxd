# Compiled, ActionLayout is an extension type that reads the Hand's fields directly
# (its legal indexes and responses run at every decision; the public methods check
# that they were given a Hand, the private ones take it typed). actions.py stays the one
# source.
cimport cython

# Hand under another name: actions.py imports the Python name Hand as well.
from pokerhash.engine.hand cimport Hand as TypedHand
# The requests of a raise index, made in C (actions.py imports the Python name too).
from pokerhash.betting cimport normalized_action
# A record's field read in C (the .py names operator.getitem as _field uncompiled).
from pokerhash._records cimport field as _field

cdef Py_ssize_t _KIND, _SEAT, _LEGAL, _COUNT, _PLAYER, _CAN_CHECK, _CALL, _RAISE_KIND, _MIN_TO, _MAX_TO, _FIXED


cdef class ActionLayout:
    cdef public object mode, unit, fractions, names
    cdef public bint _min_slot, _abstract
    cdef public Py_ssize_t cap, raise_start, raise_count, draw_start, draw_cards, size
    cdef public dict _draw_indexes, _masks

    cpdef tuple legal(self, hand, seat)
    cpdef mask_of(self, tuple indexes)
    cpdef tuple _draws(self, most)
    @cython.locals(highest=double, after_call=double)
    cpdef tuple _legal_moves(self, TypedHand hand, legal, kind)
    @cython.locals(slot=Py_ssize_t, f=double, highest=double, after_call=double)
    cpdef list _raise_slots(self, TypedHand hand, legal, kind)
    cpdef response(self, hand, seat, Py_ssize_t index, legal=*)
    @cython.locals(highest=double, after_call=double)
    cpdef _raise_to(self, TypedHand hand, legal, Py_ssize_t slot)


cpdef tuple _pot_terms(TypedHand hand, legal)
# Typed: the callers read the Hand's fields in C.
cpdef TypedHand _checked(hand)
