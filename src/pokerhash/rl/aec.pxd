# Compiled, the environments' per-decision plumbing (_Episode) is an extension type
# that calls the Hand, the action layout and the observation writer in C. aec.py
# stays the one source (pokerhash.rl needs the compiled types: _encode.pyx cimports Hand).
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

    cpdef _Episode copy(self)
    cpdef tuple current_legal(self)
    cpdef dict observe(self, seat)
    cpdef Py_ssize_t play(self, action) except -2
