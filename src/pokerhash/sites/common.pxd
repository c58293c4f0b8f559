cimport cython

# Compiled, read_seats' lines and line are typed (list, str): the seat lines' tests
# (startswith, rstrip) become C calls in place of Python method calls, as in
# pokerstars.pxd, and seat_in_chips, the reader of PokerStars' common seat line, is a C
# call there. common.py stays the one source; uncompiled it runs as it is.

# cache: an exact dict (read_seats takes any other mapping apart, as ``other``).
@cython.locals(n=Py_ssize_t, line=str, raw=str, name=str, names=dict, seats=list, found=tuple, cache=dict,
               other=object, in_chips=bint, last=Py_UCS4, value=object, rest=str)
cpdef tuple read_seats(list lines, Py_ssize_t i, pattern, read_amount, p, fields=*, known=*)

@cython.locals(chars=str, n=Py_ssize_t, k=Py_ssize_t, value=Py_ssize_t, digit=Py_ssize_t)
cpdef object _seat_number(text)

@cython.locals(colon=Py_ssize_t, open_=Py_ssize_t, seat=str, stack=str)
cpdef tuple seat_in_chips(str line)

# Compiled, finish's sets are typed: the membership tests and the adds are C calls
# (p.known is not: any mapping, as uncompiled).
@cython.locals(posted=set, acted=set, sitting=set)
cpdef finish(p, board=*, bint read_in_chips=*)
