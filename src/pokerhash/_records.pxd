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


# Pools of dead records (a freelist per record type, as Cython's @cython.freelist keeps
# for an extension type): a record of a pooled type (pool_records) is not freed when it
# dies but kept, its fields released, and the next record of its type and size is made
# in its memory. The engine makes and drops three records at every action (the Action
# done, the LegalActions and the Pending of the next decision): the allocator's
# PyType_GenericAlloc and the generic subtype_dealloc cost ~180 and ~340 instructions a
# record, the pool's two paths a fraction of that. A pooled record is made exactly as
# PyType_GenericAlloc makes it (zeroed, initialized, tracked by the GC), so it is the
# same object. Only instances of the pooled type itself, of its size, are kept (a
# subclass's, with a __dict__ perhaps, are freed by tp_free as before), at most
# __PYX_RECORDS_POOL_SIZE of them. The pools are static in each module that includes
# this file: a module pools the types it builds at every action (betting: Action and
# LegalActions; engine.hand: Pending), and a record of a type pooled by another module
# is allocated as before (tp_alloc) and pooled by that module when it dies.
# Uncompiled, pool_records is a no-op: records are allocated and freed by Python.
cdef extern from *:
    """
    #define __PYX_RECORDS_POOL_SIZE 32
    #define __PYX_RECORDS_POOLS 4
    typedef struct {
        PyTypeObject *type;
        Py_ssize_t size;
        Py_ssize_t count;
        PyObject *dead[__PYX_RECORDS_POOL_SIZE];
    } __pyx_records_pool_t;
    static __pyx_records_pool_t __pyx_records_pools[__PYX_RECORDS_POOLS];
    static int __pyx_records_pool_count = 0;

    static CYTHON_UNUSED void __pyx_records_dealloc(PyObject *op) {
        PyTypeObject *type = Py_TYPE(op);
        Py_ssize_t i, size = Py_SIZE(op);
        int k;
        PyObject_GC_UnTrack(op);
        /* Records may nest (a Pending holds a LegalActions): the trashcan bounds the C
           stack a long chain of them would take, as tuple's own dealloc does. */
        Py_TRASHCAN_BEGIN(op, __pyx_records_dealloc)
        for (i = size; --i >= 0;) Py_XDECREF(PyTuple_GET_ITEM(op, i));
        for (k = 0; k < __pyx_records_pool_count; k++) {
            __pyx_records_pool_t *pool = &__pyx_records_pools[k];
            if (pool->type == type) {
                if (pool->size == size && pool->count < __PYX_RECORDS_POOL_SIZE) {
                    pool->dead[pool->count++] = op;
                    op = NULL;
                }
                break;
            }
        }
        if (op) type->tp_free(op);
        Py_DECREF(type);  /* an instance of a heap type holds a reference to it */
        Py_TRASHCAN_END
    }

    static CYTHON_UNUSED int __pyx_records_pool(PyObject *cls, Py_ssize_t size) {
        PyTypeObject *type = (PyTypeObject *)cls;
        int k;
        if (!PyType_Check(cls) || !PyType_IsSubtype(type, &PyTuple_Type) || !(type->tp_flags & Py_TPFLAGS_HEAPTYPE)
                || type->tp_dictoffset || type->tp_weaklistoffset || type->tp_finalize || type->tp_del
                || type->tp_basicsize != PyTuple_Type.tp_basicsize || type->tp_itemsize != PyTuple_Type.tp_itemsize
                || type->tp_alloc != PyType_GenericAlloc || type->tp_free != PyObject_GC_Del) {
            PyErr_SetString(PyExc_TypeError, "only a tuple subclass with __slots__ = () has a pool of records");
            return -1;
        }
        for (k = 0; k < __pyx_records_pool_count; k++)
            if (__pyx_records_pools[k].type == type) return 0;
        if (__pyx_records_pool_count == __PYX_RECORDS_POOLS) {
            PyErr_SetString(PyExc_RuntimeError, "a module pools at most 4 record types");
            return -1;
        }
        __pyx_records_pools[__pyx_records_pool_count].type = type;
        __pyx_records_pools[__pyx_records_pool_count].size = size;
        __pyx_records_pools[__pyx_records_pool_count].count = 0;
        __pyx_records_pool_count++;
        Py_INCREF(cls);  /* the pool's: the type outlives its dead records */
        type->tp_dealloc = __pyx_records_dealloc;
        return 0;
    }

    /* A record of cls with size (unfilled) fields, a new reference: a dead one of the
       pool of cls, or tp_alloc's. */
    static CYTHON_UNUSED CYTHON_INLINE PyObject *__pyx_records_alloc(PyObject *cls, Py_ssize_t size) {
        PyTypeObject *type = (PyTypeObject *)cls;
        int k;
        for (k = 0; k < __pyx_records_pool_count; k++) {
            __pyx_records_pool_t *pool = &__pyx_records_pools[k];
            if (pool->type == type) {
                if (pool->count && pool->size == size) {
                    PyObject *op = pool->dead[--pool->count];
                    /* What PyType_GenericAlloc does: zeroed, initialized (a reference
                       to its heap type taken), tracked. */
                    memset(op, 0, (size_t)(type->tp_basicsize + size * type->tp_itemsize));
                    (void)PyObject_InitVar((PyVarObject *)op, type, size);
                    PyObject_GC_Track(op);
                    return op;
                }
                break;
            }
        }
        return type->tp_alloc(type, size);
    }
    """
    int pool_records "__pyx_records_pool"(object cls, Py_ssize_t size) except -1
    PyObject* pooled_alloc "__pyx_records_alloc"(object cls, Py_ssize_t size) except NULL


cdef inline object new_record(object cls, tuple values):
    """``tuple.__new__(cls, values)`` for a tuple subclass ``cls`` (a NamedTuple)."""
    cdef Py_ssize_t count = PyTuple_GET_SIZE(values), k
    cdef object record = <object>pooled_alloc(cls, count)
    Py_DECREF(record)  # pooled_alloc's reference, which the cast above counted once more
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
    cdef object record = <object>pooled_alloc(cls, 5)
    Py_DECREF(record)  # pooled_alloc's reference, which the cast above counted once more
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
    cdef object record = <object>pooled_alloc(cls, 9)
    Py_DECREF(record)  # pooled_alloc's reference, which the cast above counted once more
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
