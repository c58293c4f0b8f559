cimport cython

# NamedTuple records built in C (the .py's _new_tuple is tuple.__new__ uncompiled).
from pokerhash._records cimport (new_record as _new_tuple, field as _field, item as _item, set_item as _set_item,
                                 new_record5 as _record5, new_record9 as _record9, pool_records as _pool_records)

# The per-player lists read without a reference (borrowed, inlined; list indexing's
# errors out of line): _chips(values, i) is values[i] as a C integer (chips: the
# lists hold ints), _flag(values, i) its truth, _unset(values, i) whether it is None.
# A read through _item takes a reference, converts in a call and drops it (~25
# instructions); these cost a few, several per player at every action. Uncompiled,
# betting.py names list.__getitem__ (and a function for _unset) instead.
cdef extern from *:
    """
    #if defined(__GNUC__)
    __attribute__((noinline, cold))
    #endif
    static CYTHON_UNUSED int __pyx_betting_index_error(PyObject *values) {
        if (values == Py_None) PyErr_SetString(PyExc_TypeError, "'NoneType' object is not subscriptable");
        else PyErr_SetString(PyExc_IndexError, "list index out of range");
        return -1;
    }
    static CYTHON_UNUSED CYTHON_INLINE PyObject *__pyx_betting_borrow(PyObject *values, Py_ssize_t i) {
        if (values != Py_None && (size_t)i < (size_t)PyList_GET_SIZE(values)) return PyList_GET_ITEM(values, i);
        __pyx_betting_index_error(values);
        return NULL;
    }
    static CYTHON_UNUSED CYTHON_INLINE PY_LONG_LONG __pyx_betting_chips(PyObject *values, Py_ssize_t i) {
        PyObject *value = __pyx_betting_borrow(values, i);
        if (!value) return -1;
    #if PY_VERSION_HEX >= 0x030C0000
        if (PyLong_CheckExact(value) && PyUnstable_Long_IsCompact((PyLongObject *)value))
            return (PY_LONG_LONG)PyUnstable_Long_CompactValue((PyLongObject *)value);
    #else
        if (PyLong_CheckExact(value)) {
            Py_ssize_t size = Py_SIZE(value);
            if (size == 0) return 0;
            if (size == 1) return (PY_LONG_LONG)((PyLongObject *)value)->ob_digit[0];
        }
    #endif
        return PyLong_AsLongLong(value);
    }
    static CYTHON_UNUSED CYTHON_INLINE int __pyx_betting_flag(PyObject *values, Py_ssize_t i) {
        PyObject *value = __pyx_betting_borrow(values, i);
        if (!value) return -1;
        if (value == Py_True) return 1;
        if (value == Py_False || value == Py_None) return 0;
        return PyObject_IsTrue(value);
    }
    static CYTHON_UNUSED CYTHON_INLINE int __pyx_betting_unset(PyObject *values, Py_ssize_t i) {
        PyObject *value = __pyx_betting_borrow(values, i);
        if (!value) return -1;
        return value == Py_None;
    }
    """
    long long _chips "__pyx_betting_chips"(list values, Py_ssize_t i) except? -1
    bint _flag "__pyx_betting_flag"(list values, Py_ssize_t i) except -1
    bint _unset "__pyx_betting_unset"(list values, Py_ssize_t i) except -1

# Compiled, BettingRound is an extension type: its fields are C struct members and
# its methods C functions (cpdef: still callable, and overridable, from Python).
# betting.py stays the one source; uncompiled (e.g. under a debugger) it runs as it is.

# The enum members the rules compare at every action, as C globals: a module global's
# read is a dict look-up (~7 instructions, a dozen of them an action); nothing reads
# them from Python (the engine and the other modules have their own).
cdef object _ALL_IN, _BET, _CALL, _CHECK, _FOLD, _RAISE, _ANTE, _BRING_IN, _STRADDLE, _FIXED_LIMIT, _POT_LIMIT
cdef object _ACTION_TYPE, _LEGAL_TYPE, _KIND_TYPE

cdef class BettingRound:
    cdef object _structure, _limit, _max_bets, _half_bet_all_in
    cdef long long _small_bet, _big_bet, _big_bet_street
    cdef bint _big_bet_game
    # Chip levels as C integers (read from Python: ints, as before). Amounts are bounded
    # (errors.MAX_CHIPS, 2**62: check_chip_total), so their sums here cannot overflow.
    cdef public long long street, current_bet, full_level, increment, bet_count, dead
    cdef public bint capped, open_pair
    cdef public object to_act, _legal
    # The move _check found legal (validate's record, built by its caller).
    cdef object _move_kind, _move_to, _move_chips, _move_all_in, _move_player
    # The last fixed-limit amounts tuple (to,) of legal_actions: the same while the level holds.
    cdef tuple _fixed_one
    cdef public list stacks, bets, contributed, folded, acted

    cdef _fill(self, structure, street, stacks, bets, contributed, folded, acted, current_bet, full_level, increment,
               bet_count, capped, open_pair, to_act, dead)
    cdef _set_structure(self, structure)
    cpdef BettingRound copy(self)
    cpdef _advance_street(self, Py_ssize_t first_to_act, bint open_pair)
    cpdef legal_actions(self)
    # Player indexes as C ints: a list read with a Python int index converts it first
    # (list_subscript -> PyNumber_AsSsize_t), several times per action.
    @cython.locals(player=Py_ssize_t, stack="long long", bet="long long", all_in_to="long long", call="long long",
                   min_to="long long", to="long long", fixed=tuple, last="long long",
                   pot="long long", max_to="long long", p=Py_ssize_t, contributed=list)
    cpdef _compute_legal(self)
    cpdef validate(self, action)
    @cython.locals(player=Py_ssize_t, all_in_to="long long", bet="long long")
    cpdef _check(self, kind, to, acting)
    cdef _set_move(self, kind, to, chips, is_all_in)
    cpdef perform(self, move)
    @cython.locals(player=Py_ssize_t, bet="long long", all_in_to="long long")
    cpdef _play(self, kind, to, name)
    @cython.locals(stacks=list, bets=list, contributed=list)
    cpdef _do(self, kind, to, long long chips, Py_ssize_t player)
    cpdef _player_to_act(self)
    cpdef tuple _fixed_sizes(self)
    cdef long long _bet_size(self) noexcept
    cdef long long _first_size(self) noexcept
    @cython.locals(all_in_to="long long", text=list)
    cpdef str _no_raise_reason(self, Py_ssize_t player)
    cdef inline bint _may_raise(self, Py_ssize_t player, long long all_in_to) except -1
    @cython.locals(level=object, matched="long long")
    # Inlined C calls (they are asked at every decision, within _compute_legal).
    cdef inline bint _reopened(self, Py_ssize_t player) except -1
    @cython.locals(player=Py_ssize_t, all_in_to="long long")
    cpdef _validate_sized(self, legal, requested, to)
    cpdef bint _is_full_raise(self, long long to) except -1
    @cython.locals(size="long long", base="long long")
    cpdef _raise_to(self, long long to)
    cpdef bint _cap_reached(self) except -1
    @cython.locals(p=Py_ssize_t, stacks=list, folded=list, bets=list, current="long long", reach="long long")
    cdef inline bint _opponent_can_cover(self, Py_ssize_t player) except -1
    @cython.locals(count=Py_ssize_t, k=Py_ssize_t, player=Py_ssize_t, live=Py_ssize_t, able=Py_ssize_t, p=Py_ssize_t,
                   stacks=list, folded=list, bets=list, acted=list, current="long long")
    cpdef _advance(self, Py_ssize_t start)
    cpdef _post(self, forced)
    @cython.locals(stacks=list, contributed=list, bets=list, stack="long long", chips="long long")
    cpdef _place(self, kind, Py_ssize_t player, long long amount)
    cpdef _check_forced(self, kind, player, amount)


cpdef normalized_action(kind, to, chips, is_all_in, player)
@cython.locals(last=tuple)
cpdef tuple _structure_fields(structure)

# The engine opens a round at every hand: a C call (a classmethod is a Python one).
# state typed: its methods (_place, _advance) are C calls, not Python method calls.
@cython.locals(count=Py_ssize_t, state=BettingRound)
cpdef BettingRound open_round(structure, stacks, first_to_act, street, forced, contributed, folded, open_pair, dead,
                              bint advance=*, kind=*)
