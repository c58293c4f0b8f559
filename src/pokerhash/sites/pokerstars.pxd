cimport cython

from cpython.ref cimport Py_DECREF, Py_INCREF, PyObject
from cpython.tuple cimport PyTuple_SET_ITEM

from pokerhash._records cimport pooled_alloc
from pokerhash.sites.common cimport finish as c_finish
from pokerhash.sites.common cimport read_seats as c_read_seats


cdef inline object new_act(object cls, object player, object verb, object amount, object to, object all_in,
                           object street, object line):
    """``tuple.__new__(cls, (player, verb, amount, to, all_in, street, line))`` for Act
    (the .py's _new_act uncompiled): allocated by the type's own allocator as
    _records.new_record does, filled from the fields without a tuple of them."""
    cdef PyObject *fields[7]
    cdef Py_ssize_t k
    fields[:] = [<PyObject *>player, <PyObject *>verb, <PyObject *>amount, <PyObject *>to, <PyObject *>all_in,
                 <PyObject *>street, <PyObject *>line]
    cdef object act = <object>pooled_alloc(cls, 7)
    Py_DECREF(act)  # pooled_alloc's reference, which the cast above counted once more
    for k in range(7):
        field = <object>fields[k]
        Py_INCREF(field)  # PyTuple_SET_ITEM steals a reference
        PyTuple_SET_ITEM(act, k, field)
    return act

# Compiled, the line loop's strings are typed (str): their methods and slices become C
# calls (PyUnicode_Find, PyUnicode_Substring, tail matches) in place of Python method
# calls, and the helpers it calls on every hand are C functions (cpdef: still callable
# from Python). pokerstars.py stays the one source; uncompiled it runs as it is.

cpdef list _cards(str text)

@cython.locals(value=object, cache=dict)
cpdef object _amount(text, line, bint chips=*)

@cython.locals(value=object, cache=dict)
cpdef object _chips(text, line)

@cython.locals(i=Py_ssize_t, n=Py_ssize_t, colon=Py_ssize_t, space=Py_ssize_t, cut=Py_ssize_t, first=Py_UCS4,
               by=Py_ssize_t, after=Py_ssize_t, size=Py_ssize_t, names=dict,
               line=str, header=str, rest=str, name=str, verb=str, marker=str, amount=str, who=str,
               chips=bint)
cpdef _parse(list lines, str site, bint whole)

@cython.locals(lines=list, k=Py_ssize_t, line=str)
cpdef list _lines(text)

@cython.locals(colon=Py_ssize_t, hand_id=str)
cpdef tuple _header_fields(str header)

@cython.locals(found=list, at=Py_ssize_t, close=Py_ssize_t)
cpdef list _brackets(str line)

@cython.locals(end=Py_ssize_t, at=Py_ssize_t, line_end=Py_ssize_t, cut=Py_ssize_t, mucked=Py_ssize_t,
               close=Py_ssize_t)
cpdef tuple _summary_card(str text, Py_ssize_t begin)

@cython.locals(done=Py_ssize_t, tried=Py_ssize_t, at=Py_ssize_t, begin=Py_ssize_t, match=tuple)
cpdef list _summary_cards(str text)

@cython.locals(at=Py_ssize_t, space=Py_ssize_t, rest=str, amount=str)
cpdef tuple _collected_fields(str line)

@cython.locals(what=str, amount=str, cut=Py_ssize_t, kinds=dict)
cpdef _post(p, str name, str verb, line, bint chips)

@cython.locals(text=str, at=Py_ssize_t, end=Py_ssize_t, line=str, parts=list, part=str, label=str, value=str,
               k=Py_ssize_t, boards=list)
cpdef _summary(p, list lines, Py_ssize_t start, dict seat_names, bint chips)

@cython.locals(n=Py_ssize_t)
cpdef Py_ssize_t _decimals_end(str text, Py_ssize_t at)

@cython.locals(close=Py_ssize_t, at=Py_ssize_t, end=Py_ssize_t, size=str, button=str)
cpdef tuple _table_fields(str line)

@cython.locals(player=list, words=list, thrown=list)
cpdef _draw(p, dict draws, str name, str verb, street, line)

@cython.locals(player=list, received=list, thrown=list)
cpdef _dealt_draw(dict draws, str who, list brackets, street, str line, number)

@cython.locals(boards=list, done=Py_ssize_t, at=Py_ssize_t, begin=Py_ssize_t, close=Py_ssize_t, prefix=str)
cpdef list _summary_boards(str text)
