cimport cython

# Compiled, read_seats' lines and line are typed (list, str): the seat lines' tests
# (startswith, rstrip) become C calls in place of Python method calls, as in
# pokerstars.pxd. common.py stays the one source; uncompiled it runs as it is.

@cython.locals(n=Py_ssize_t, line=str, raw=str, name=str, names=dict)
cpdef tuple read_seats(list lines, Py_ssize_t i, pattern, read_amount, p, fields=*)
