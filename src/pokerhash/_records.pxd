# Compiled only: the game layer's records (Action, LegalActions, Pending, ...) are
# NamedTuples, built at every decision. tuple.__new__(cls, values) is a Python call
# through the type's slot wrapper (~800 instructions); this allocates the instance
# with the type's own allocator and fills it (~100). Uncompiled, the modules that
# cimport it use tuple.__new__ itself (see betting.py's new_record), which makes the
# same object: a tuple subclass holding ``values``.
from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from cpython.tuple cimport PyTuple_Check, PyTuple_GET_ITEM, PyTuple_GET_SIZE, PyTuple_New, PyTuple_SET_ITEM


cdef extern from "Python.h":
    ctypedef PyObject* (*_allocfunc)(_TypeObject*, Py_ssize_t) except NULL
    ctypedef PyObject* (*_newfunc)(_TypeObject*, PyObject*, PyObject*) except NULL
    ctypedef struct _TypeObject "PyTypeObject":
        _allocfunc tp_alloc
        _newfunc tp_new
    object PyObject_GenericGetDict(object, void *)
    int PyDict_Update(object, object) except -1


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


cdef inline object field(object record, Py_ssize_t i):
    """``record[i]`` of a record (a tuple subclass) read as a tuple's item: indexing a
    tuple subclass by a C int goes through the type's sequence slot wrapper, a Python
    call (~780 instructions); by a Python int through its mapping slot (~110); this a
    few, inlined where it is called (the errors are raised by a function of their own,
    so that the compiler inlines this one: called, it cost ~23 instructions a read,
    several reads an action)."""
    if PyTuple_Check(record) and <size_t>i < <size_t>PyTuple_GET_SIZE(record):
        return <object>PyTuple_GET_ITEM(record, i)
    return field_error(record, i)


cdef inline object field_error(object record, Py_ssize_t i):
    """field's errors: TypeError for a record that is no tuple, IndexError for a field it lacks."""
    if not PyTuple_Check(record):
        raise TypeError(f"a record is a tuple, not {type(record).__name__}")
    raise IndexError(f"field {i} of a record of {PyTuple_GET_SIZE(record)}")


# item(values, i): ``values[i]`` for an index ``i`` from 0 (the betting round's
# per-player lists, read several times per player at every action), in C so that the
# compiler inlines the read and keeps the errors out of line (Cython's own list indexing
# is a call, ~17 instructions, with a None check before it). The errors are list
# indexing's. Uncompiled, the modules that cimport it use ``list.__getitem__``.
cdef extern from *:
    """
    #if defined(__GNUC__)
    __attribute__((noinline, cold))
    #endif
    static CYTHON_UNUSED PyObject *__pyx_records_item_error(PyObject *values) {
        if (values == Py_None) PyErr_SetString(PyExc_TypeError, "'NoneType' object is not subscriptable");
        else PyErr_SetString(PyExc_IndexError, "list index out of range");
        return NULL;
    }
    static CYTHON_UNUSED CYTHON_INLINE PyObject *__pyx_records_item(PyObject *values, Py_ssize_t i) {
        if (values != Py_None && (size_t)i < (size_t)PyList_GET_SIZE(values)) {
            PyObject *value = PyList_GET_ITEM(values, i);
            Py_INCREF(value);
            return value;
        }
        return __pyx_records_item_error(values);
    }
    static CYTHON_UNUSED CYTHON_INLINE int __pyx_records_set_item(PyObject *values, Py_ssize_t i, PyObject *value) {
        if (values != Py_None && (size_t)i < (size_t)PyList_GET_SIZE(values)) {
            PyObject *old = PyList_GET_ITEM(values, i);
            Py_INCREF(value);
            PyList_SET_ITEM(values, i, value);
            Py_DECREF(old);
            return 0;
        }
        __pyx_records_item_error(values);
        return -1;
    }
    """
    object item "__pyx_records_item"(list values, Py_ssize_t i)
    # set_item(values, i, value): ``values[i] = value``, item's way.
    int set_item "__pyx_records_set_item"(list values, Py_ssize_t i, object value) except -1


cdef inline object new_frozen(object cls, dict fields):
    """An instance of the frozen dataclass ``cls`` whose ``__dict__`` holds ``fields``
    (every field): ``object.__new__(cls)`` and its ``__dict__`` updated,
    as C calls (~300 instructions; through Python, the call of object.__new__, the
    __dict__ read and its update() cost ~1,800). Uncompiled, pots.py's frozen_fields
    makes the same object. For classes without ``__post_init__`` or ``__slots__``."""
    cdef object no_args = PyTuple_New(0)
    cdef PyObject* made = (<_TypeObject*>cls).tp_new(<_TypeObject*>cls, <PyObject*>no_args, NULL)
    cdef object record = <object>made
    Py_DECREF(record)  # tp_new's reference, which the cast above counted once more
    # The instance's own __dict__ updated, as frozen_fields does uncompiled: replacing
    # it (PyObject_GenericSetDict) left the fields unreadable on CPython 3.13, whose
    # instances keep their attributes inline (AttributeError in the 3.13 wheel's tests).
    PyDict_Update(PyObject_GenericGetDict(record, NULL), fields)
    return record


# new_record of five and of nine fields from the values themselves: a record's fields
# written as a tuple literal are a tuple built and freed at every call (~200
# instructions); the records of every action (Action, Pending: five fields;
# LegalActions: nine) are built this way. Uncompiled, the modules that cimport them
# use Python functions that call tuple.__new__ (betting.py's tuple_record5, tuple_record9).
cdef inline object new_record5(object cls, object a, object b, object c, object d, object e):
    """``tuple.__new__(cls, (a, b, c, d, e))`` for a tuple subclass ``cls``."""
    cdef object record = <object>(<_TypeObject*>cls).tp_alloc(<_TypeObject*>cls, 5)
    Py_DECREF(record)  # tp_alloc's reference, which the cast above counted once more
    Py_INCREF(a)
    PyTuple_SET_ITEM(record, 0, a)
    Py_INCREF(b)
    PyTuple_SET_ITEM(record, 1, b)
    Py_INCREF(c)
    PyTuple_SET_ITEM(record, 2, c)
    Py_INCREF(d)
    PyTuple_SET_ITEM(record, 3, d)
    Py_INCREF(e)
    PyTuple_SET_ITEM(record, 4, e)
    return record


cdef inline object new_record9(object cls, object a, object b, object c, object d, object e, object f, object g,
                               object h, object i):
    """``tuple.__new__(cls, (a, b, c, d, e, f, g, h, i))`` for a tuple subclass ``cls``."""
    cdef object record = <object>(<_TypeObject*>cls).tp_alloc(<_TypeObject*>cls, 9)
    Py_DECREF(record)  # tp_alloc's reference, which the cast above counted once more
    Py_INCREF(a)
    PyTuple_SET_ITEM(record, 0, a)
    Py_INCREF(b)
    PyTuple_SET_ITEM(record, 1, b)
    Py_INCREF(c)
    PyTuple_SET_ITEM(record, 2, c)
    Py_INCREF(d)
    PyTuple_SET_ITEM(record, 3, d)
    Py_INCREF(e)
    PyTuple_SET_ITEM(record, 4, e)
    Py_INCREF(f)
    PyTuple_SET_ITEM(record, 5, f)
    Py_INCREF(g)
    PyTuple_SET_ITEM(record, 6, g)
    Py_INCREF(h)
    PyTuple_SET_ITEM(record, 7, h)
    Py_INCREF(i)
    PyTuple_SET_ITEM(record, 8, i)
    return record
