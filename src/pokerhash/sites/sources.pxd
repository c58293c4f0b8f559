cimport cython

# Compiled, _header_starts walks a block's line ends with memchr and C pointers (see
# its documentation); sources.py stays the one source and, uncompiled, searches the
# block with the regular expression it stands for (the same positions).

cdef extern from "string.h":
    const unsigned char *memchr(const unsigned char *s, int c, size_t n)
    int memcmp(const void *s1, const void *s2, size_t n)

@cython.locals(buffer="const unsigned char *", pairs="const unsigned char *", end="const unsigned char *",
               n=Py_ssize_t, at=Py_ssize_t, starts=list, table=bytes, quads=frozenset,
               tails="const unsigned char *", tail_table=bytes, headers=tuple)
cpdef list _header_starts(bytes data)

@cython.locals(buffer="const unsigned char *", found="const unsigned char *", count=Py_ssize_t, at=Py_ssize_t)
cpdef Py_ssize_t _line_ends(bytes data, Py_ssize_t start, Py_ssize_t end)

# A hand's text, one per hand: an extension type (made without a Python __init__'s
# call), its attributes those of the Python class.
cdef class Chunk:
    cdef public object site, text, line, index, cut

# Called once per hand by chunks(): C calls, the bytes typed.
cpdef str _decode(bytes data)

cpdef object _chunk(bytes data, Py_ssize_t line, Py_ssize_t index)

@cython.locals(buffer="const unsigned char *", found="const unsigned char *", count=Py_ssize_t, at=Py_ssize_t,
               n=Py_ssize_t)
cpdef Py_ssize_t _stars_count(bytes data) except -1
