# Compiled, the environments' per-decision plumbing (_Episode) is an extension type
# that calls the Hand, the action layout and the observation writer in C, and keeps
# the AEC bookkeeping (selection, rewards, terminations) in the environment's
# __dict__ without Python attribute lookups. aec.py stays the one source
# (pokerhash.rl needs the compiled types: _encode.pyx cimports Hand).
# Hand under another name: aec.py imports the Python name Hand as well.
from pokerhash.engine.hand cimport Hand as TypedHand
from pokerhash.rl._encode cimport ObservationEncoder
from pokerhash.rl.actions cimport ActionLayout


cdef class _Episode:
    cdef public TypedHand hand
    cdef public ActionLayout layout
    cdef public ObservationEncoder encoder
    cdef public double scale
    cdef public list history
    cdef public tuple legal
    cdef public dict attrs, seat_of
    cdef public tuple names
    cdef public list buffers
    cdef public bint reuse
    cdef public object render

    cpdef _Episode copy(self, dict attrs, list buffers, render)
    cpdef tuple current_legal(self)
    cpdef dict observe(self, seat)
    cpdef Py_ssize_t play(self, action) except -2
    cpdef start(self)
    cpdef step(self, action)
    cpdef end(self)
    cpdef dead_step(self, action)
    cpdef tuple last(self, bint observe)


cpdef _Episode _episode(env)
