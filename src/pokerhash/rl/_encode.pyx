# The per-decision kernel of pokerhash.rl: one observation vector written in C.
# The layout (which section sits where) is pokerhash.rl.observations.ObservationLayout;
# tests/reference_observation.py is the readable Python encoding it is checked against.
from cpython.buffer cimport PyBUF_SIMPLE, PyBUF_WRITABLE, PyBuffer_Release, PyObject_GetBuffer
from cpython.float cimport PyFloat_AS_DOUBLE, PyFloat_AsDouble, PyFloat_CheckExact
from cpython.long cimport PyLong_AsDouble, PyLong_CheckExact
from libc.string cimport memset

from pokerhash.engine.hand cimport Hand


import numpy as np

from pokerhash.errors import InvalidCardError, InvalidValueError

_empty = np.empty
_FLOAT32 = np.dtype(np.float32)
_INT8 = np.dtype(np.int8)


cdef inline double number(object value) except? -1.0:
    """A chip count or history entry as a double. Python's own conversion of an int
    goes through a new float object (PyFloat_AsDouble), several times the cost."""
    if PyLong_CheckExact(value):
        return PyLong_AsDouble(value)
    if PyFloat_CheckExact(value):
        return PyFloat_AS_DOUBLE(value)
    return PyFloat_AsDouble(value)


cdef inline int put_card(float *out, Py_ssize_t at, object card) except -1:
    cdef Py_ssize_t c = card
    if c < 0 or c >= 52:
        raise InvalidCardError(f"card {card!r} is not 0..51")
    out[at + c] = 1.0
    return 0


cdef class ObservationEncoder:
    """Writes observations of one layout: sections at the given offsets (-1: absent).
    Its fields and methods are declared in _encode.pxd (the environments call it in C)."""

    def __init__(self, Py_ssize_t size, Py_ssize_t players, Py_ssize_t history, Py_ssize_t streets,
                 Py_ssize_t board_at, Py_ssize_t up_at, Py_ssize_t seats_at, Py_ssize_t pot_at,
                 Py_ssize_t street_at, Py_ssize_t history_at):
        if players < 2 or history < 0 or streets < 1 or not (
                0 <= seats_at and seats_at + 6 * players <= pot_at and pot_at + 4 <= street_at
                and street_at + streets <= history_at and history_at + 4 * history == size
                and board_at + 52 <= seats_at and (up_at < 0 or up_at + 52 * players <= seats_at)):
            raise ValueError("inconsistent observation layout")
        self.size, self.players, self.history, self.streets = size, players, history, streets
        self.board_at, self.up_at, self.seats_at, self.pot_at = board_at, up_at, seats_at, pot_at
        self.street_at, self.history_at = street_at, history_at

    cpdef encode(self, hand, Py_ssize_t index, double scale, list history):
        """The float32 observation of the player at ``index`` (clockwise from left of
        the button) of ``hand``: see ObservationLayout.encode."""
        self._check(hand, index)
        return self._vector(<Hand>hand, index, scale, history)

    cpdef dict observe(self, hand, Py_ssize_t index, double scale, list history, tuple legal,
                       Py_ssize_t actions):
        """The environments' observation in one call: ``{"observation": the vector of
        encode(), "action_mask": int8 of ``actions``, 1 at the ``legal`` indexes}``, two
        new arrays (Gymnasium's checker refuses observations that share memory
        between calls)."""
        cdef Py_buffer view
        cdef Py_ssize_t i
        cdef char *mask
        self._check(hand, index)
        for item in legal:
            i = item
            if i < 0 or i >= actions:
                raise IndexError(f"action index {i} is not 0..{actions - 1}")
        observation = self._vector(<Hand>hand, index, scale, history)
        action_mask = _empty(actions, _INT8)
        PyObject_GetBuffer(action_mask, &view, PyBUF_SIMPLE | PyBUF_WRITABLE)
        mask = <char *>view.buf
        memset(mask, 0, actions)
        for item in legal:
            mask[<Py_ssize_t>item] = 1
        PyBuffer_Release(&view)
        return {"observation": observation, "action_mask": action_mask}

    cdef int _check(self, hand, Py_ssize_t index) except -1:
        if not isinstance(hand, Hand):
            raise InvalidValueError(f"hand must be a pokerhash.engine.Hand, not {hand!r}")
        if index < 0 or index >= self.players:
            raise IndexError(f"player index {index} is not 0..{self.players - 1}")
        return 0

    cdef object _vector(self, Hand hand, Py_ssize_t index, double scale, list history):
        # A new ndarray written through its buffer: NumPy's empty() and one buffer
        # export cost about half of viewing a filled bytearray with frombuffer().
        cdef Py_buffer view
        vector = _empty(self.size, _FLOAT32)
        PyObject_GetBuffer(vector, &view, PyBUF_SIMPLE | PyBUF_WRITABLE)
        try:
            memset(view.buf, 0, self.size * sizeof(float))
            self._write(<float *>view.buf, hand, index, scale, history)
        finally:
            PyBuffer_Release(&view)
        return vector

    cdef int _write(self, float *out, Hand hand, Py_ssize_t index, double scale, list history) except -1:
        cdef Py_ssize_t n = self.players, i, r, at, street, first, player
        cdef object card, legal
        cdef list up, stacks, bets, contributed, folded
        cdef double stack
        hole, board, up, stacks, bets, contributed, folded, pot, pending, street_ = hand.snapshot(index)
        if len(stacks) != n or len(bets) != n or len(contributed) != n or len(folded) != n or len(up) != n:
            raise ValueError(f"the hand has {len(stacks)} players, the layout {n}")
        for card in hole:
            put_card(out, 0, card)
        if self.board_at >= 0:
            for card in board:
                put_card(out, self.board_at, card)
        if self.up_at >= 0:
            for r in range(n):
                for card in up[(index + r) % n]:
                    put_card(out, self.up_at + 52 * r, card)
        at = self.seats_at
        for r in range(n):
            i = (index + r) % n
            stack = number(stacks[i])
            out[at] = stack * scale
            out[at + 1] = number(bets[i]) * scale
            out[at + 2] = number(contributed[i]) * scale
            if folded[i]:
                out[at + 3] = 1.0
            elif stack == 0:
                out[at + 4] = 1.0
            at += 6
        out[self.seats_at + 6 * ((n - 1 - index) % n) + 5] = 1.0  # the button: the last player from its left
        at = self.pot_at
        out[at] = number(pot) * scale
        if pending.seat == hand.seats[index]:
            legal = pending.legal
            if legal is not None:
                out[at + 1] = number(legal.call) * scale
                if legal.raise_kind is not None:
                    out[at + 2] = number(legal.min_to) * scale
                    out[at + 3] = number(legal.max_to) * scale
        street = street_
        if street < 0 or street >= self.streets:
            raise IndexError(f"street {street} is not 0..{self.streets - 1}")
        out[self.street_at + street] = 1.0
        at = self.history_at
        first = len(history) - self.history
        cdef tuple row
        for row in (history[first:] if first > 0 else history):
            # The tuple is read without bounds checks: its shape is checked here, so
            # that no caller can make the writer read past it.
            if len(row) != 4:
                raise InvalidValueError(f"a history row is (street + 1, player index, code, amount), not {row!r}")
            out[at] = number(row[0])
            player = row[1]
            if player < 0 or player >= n:
                raise InvalidValueError(f"a history row's player index is 0..{n - 1}, not {player!r}")
            out[at + 1] = (player - index + n) % n + 1  # C's % keeps the sign: stay non-negative
            out[at + 2] = number(row[2])
            out[at + 3] = number(row[3])
            at += 4
        return 0
