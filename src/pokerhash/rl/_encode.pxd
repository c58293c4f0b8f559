# The observation writer of pokerhash.rl (_encode.pyx), declared for the environments'
# plumbing (aec.pxd), which calls it in C at every observation.
cimport cython
from pokerhash.engine.hand cimport Hand


# Final, as aec.pxd's _Episode: the writer's methods called from C without the
# check for a Python override, open to the C compiler's inlining.
@cython.final
cdef class ObservationBuffer:
    cdef readonly object vector, mask
    cdef float *data
    cdef char *mask_data
    cdef Py_ssize_t size, actions, index, rows
    cdef object hand, history, hole, board
    cdef list up
    # The last observation handed out (not reuse): its dict, arrays and their flags,
    # written again in place when nobody holds it any more.
    cdef dict handed
    cdef object handed_vector, handed_mask
    cdef int vector_flags, mask_flags

    cdef void forget(self)


@cython.final
cdef class ObservationEncoder:
    cdef readonly Py_ssize_t size, players, history
    cdef Py_ssize_t board_at, up_at, seats_at, pot_at, street_at, history_at, streets

    cpdef encode(self, hand, Py_ssize_t index, double scale, list history)
    cpdef dict observe(self, hand, Py_ssize_t index, double scale, list history, tuple legal,
                       Py_ssize_t actions)
    cpdef dict observe_into(self, hand, Py_ssize_t index, double scale, list history, tuple legal,
                            ObservationBuffer buffer, bint reuse)
    cdef int _check(self, hand, Py_ssize_t index) except -1
    cdef object _vector(self, Hand hand, Py_ssize_t index, double scale, list history)
    cdef int _write(self, float *out, Hand hand, Py_ssize_t index, double scale, list history,
                    ObservationBuffer kept) except -1
