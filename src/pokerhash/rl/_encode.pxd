# The observation writer of pokerhash.rl (_encode.pyx), declared for the environments'
# plumbing (aec.pxd), which calls it in C at every observation.
from pokerhash.engine.hand cimport Hand


cdef class ObservationEncoder:
    cdef readonly Py_ssize_t size, players, history
    cdef Py_ssize_t board_at, up_at, seats_at, pot_at, street_at, history_at, streets

    cpdef encode(self, hand, Py_ssize_t index, double scale, list history)
    cpdef dict observe(self, hand, Py_ssize_t index, double scale, list history, tuple legal,
                       Py_ssize_t actions)
    cdef int _check(self, hand, Py_ssize_t index) except -1
    cdef object _vector(self, Hand hand, Py_ssize_t index, double scale, list history)
    cdef int _write(self, float *out, Hand hand, Py_ssize_t index, double scale, list history) except -1
