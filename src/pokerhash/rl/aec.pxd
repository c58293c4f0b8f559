# Compiled, the environments' per-decision plumbing (_Episode) is an extension type
# that calls the Hand, the action layout and the observation writer in C, and keeps
# the AEC bookkeeping (selection, rewards, terminations) in the environment's
# __dict__ without Python attribute lookups. aec.py stays the one source
# (pokerhash.rl needs the compiled types: _encode.pyx cimports Hand).
cimport cython

# Hand under another name: aec.py imports the Python name Hand as well.
from pokerhash.engine.hand cimport Hand as TypedHand
from pokerhash.rl._encode cimport ObservationEncoder
from pokerhash.rl.actions cimport ActionLayout
# history_code under its own name: aec.py imports the Python name as well.
from pokerhash.rl.observations cimport history_code

cdef Py_ssize_t _SEAT, _KIND, _TO
# A record's field read in C (the .py names operator.getitem as _field uncompiled).
from pokerhash._records cimport field as _field
from cpython.object cimport PyObject_GenericGetAttr as _generic_getattr


# Final (no subclass exists or can be made): its cpdef methods are called from C
# directly, without the check for a Python override and the vtable, so the C
# compiler can inline them into one another (fewer functions a step runs through).
@cython.final
cdef class _Episode:
    cdef public TypedHand hand
    cdef public ActionLayout layout
    cdef public ObservationEncoder encoder
    cdef public double scale
    cdef public list history
    cdef public tuple legal
    cdef public dict attrs, seat_of
    cdef public list index_of
    cdef public tuple names
    cdef public list buffers
    cdef public bint reuse
    cdef public object render
    cdef public dict zeros, falses
    # The AEC attributes (PokerEnv's _EpisodeAttribute).
    cdef public list agents
    cdef public object agent_selection, _skip_agent_selection
    cdef public dict rewards, _cumulative_rewards, terminations, truncations, infos

    @cython.locals(attrs=dict, agents=list, infos=dict)
    cpdef begin(self, TypedHand hand, bint reuse, render)
    cpdef _Episode copy(self, dict attrs, list buffers, render)
    cpdef tuple current_legal(self)
    cpdef dict observe(self, Py_ssize_t seat)
    @cython.locals(chips=double, amount=double)
    cpdef Py_ssize_t play(self, action) except -2
    cpdef start(self)
    cpdef step(self, action)
    @cython.locals(hand=TypedHand, nets=list, seats=tuple, names=tuple, i=Py_ssize_t,
                   rewards=dict, terminations=dict, cumulative=dict, scale=double)
    cpdef end(self)
    @cython.locals(rewards=dict, agents=list, terminations=dict, truncations=dict, cumulative=dict, infos=dict)
    cpdef dead_step(self, action)
    cpdef tuple last(self, bint observe)


cpdef _Episode _episode(env)
@cython.locals(indexes=list, seats=tuple, i=Py_ssize_t)
cdef list _indexes(TypedHand hand, Py_ssize_t players)


@cython.final  # as _Episode
cdef class _Guard:
    cdef public dict wrapper, env
    cdef public bint direct
    cdef public object owner
    cdef public _Episode episode

    cpdef _Episode current(self)

    @cython.locals(wrapper=dict)
    cpdef step(self, owner, action)
    cpdef last(self, owner, bint observe)
    @cython.locals(wrapper=dict)
    cpdef bound_reset(self, seed=*, options=*)
    cpdef read(self, owner, str name)


cdef class _EpisodeAttribute:
    cdef public str name


cdef class _BeforeReset:
    cdef public str name


cpdef _Episode _episode_of(dict attrs)
cpdef _guarded_step(_Guard guard, owner, action)
cpdef _guarded_last(_Guard guard, owner, bint observe=*)
cpdef _guarded_read(_Guard guard, owner, str name)
cdef _Guard _check_guard(_Guard guard)
