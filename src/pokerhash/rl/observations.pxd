# Compiled, history_code is a C function that the environments' plumbing (aec.pxd)
# calls at every action. observations.py stays the one source.
cpdef int history_code(action) except -1
