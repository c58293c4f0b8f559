# Compiled, _Player (the replay of a PHH file on the engine) is an extension type: its
# fields are C struct members and its calls into the Hand C calls (hand.pxd).
# history_hands.py stays the one source; uncompiled it runs as it is.
from pokerhash.engine.hand cimport Hand


cdef class _Player:
    cdef public object history, fill_in, filled, order, actions, variant, seats, mucks, stand_ins, named, fake
    cdef public object dealt, holes, board, stop_before, ended_by, protected
    cdef public Py_ssize_t next
    cdef public Hand hand
