# Compiled only: the game layer's records (Action, LegalActions, Pending, ...) are
# NamedTuples, built at every decision. tuple.__new__(cls, values) is a Python call
# through the type's slot wrapper (~800 instructions); this allocates the instance
# with the type's own allocator and fills it (~100). Uncompiled, the modules that
# cimport it use tuple.__new__ itself (see betting.py's new_record), which makes the
# same object: a tuple subclass holding ``values``.
from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from cpython.tuple cimport PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_SET_ITEM


cdef extern from "Python.h":
    ctypedef PyObject* (*_allocfunc)(_TypeObject*, Py_ssize_t) except NULL
    ctypedef struct _TypeObject "PyTypeObject":
        _allocfunc tp_alloc


cdef inline object new_record(object cls, tuple values):
    """``tuple.__new__(cls, values)`` for a tuple subclass ``cls`` (a NamedTuple)."""
    cdef Py_ssize_t count = PyTuple_GET_SIZE(values), k
    cdef PyObject* made = (<_TypeObject*>cls).tp_alloc(<_TypeObject*>cls, count)
    cdef object record = <object>made
    Py_DECREF(record)  # tp_alloc's reference, which the cast above counted once more
    for k in range(count):
        item = <object>PyTuple_GET_ITEM(values, k)
        Py_INCREF(item)  # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(record, k, item)
    return record


cdef inline object record_field(object record, Py_ssize_t k):
    """``record[k]`` of a record the caller knows to be a tuple (a record of its own
    making, or one checked with isinstance): a C read, where indexing a NamedTuple goes
    through its type's Python ``__getitem__`` slot (~600 instructions) and an attribute
    through a type lookup (~150). Uncompiled, the modules that cimport it use
    ``tuple.__getitem__``."""
    return <object>PyTuple_GET_ITEM(record, k)
