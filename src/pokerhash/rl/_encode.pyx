# The per-decision kernel of pokerhash.rl: one observation vector written in C.
# The layout (which section sits where) is pokerhash.rl.observations.ObservationLayout;
# tests/reference_observation.py is the readable Python encoding it is checked against.
from cpython.float cimport PyFloat_AS_DOUBLE, PyFloat_AsDouble, PyFloat_CheckExact
from cpython.long cimport PyLong_AsDouble, PyLong_CheckExact
from cpython.dict cimport PyDict_Copy, PyDict_Next, PyDict_Size
from cpython.object cimport PyObject
from libc.string cimport memcpy, memset

from pokerhash.engine.hand cimport Hand
from pokerhash._records cimport field

# NumPy's C API makes the arrays handed out: a new array by np.empty() from C costs
# ~1,250 instructions (a Python call, its argument parsing) and its buffer ~270 more,
# about a third of an observation; PyArray_EMPTY with PyArray_DATA a fraction of that.
cimport numpy as cnp

cnp.import_array()

from pokerhash.errors import InvalidCardError, InvalidValueError
from pokerhash.rl.actions import LEGAL_CALL, LEGAL_MAX_TO, LEGAL_MIN_TO, LEGAL_RAISE_KIND, PENDING_LEGAL, PENDING_SEAT

# The records' field positions as C ints, read through _records.pxd's field() (the
# pending state and legal actions are read at every observation).
cdef Py_ssize_t _SEAT = PENDING_SEAT, _LEGAL = PENDING_LEGAL, _CALL = LEGAL_CALL
cdef Py_ssize_t _RAISE_KIND = LEGAL_RAISE_KIND, _MIN_TO = LEGAL_MIN_TO, _MAX_TO = LEGAL_MAX_TO
# observe_into's dicts start as copies of this one (never handed out).
cdef str _OBSERVATION = "observation", _ACTION_MASK = "action_mask"
cdef dict _TEMPLATE = {_OBSERVATION: None, _ACTION_MASK: None}



cdef inline double number(object value) except? -1.0:
    """A chip count or history entry as a double. Python's own conversion of an int
    goes through a new float object (PyFloat_AsDouble), several times the cost."""
    if PyLong_CheckExact(value):
        return PyLong_AsDouble(value)
    if PyFloat_CheckExact(value):
        return PyFloat_AS_DOUBLE(value)
    return PyFloat_AsDouble(value)


cdef inline object new_array(Py_ssize_t size, int typenum, const void *data):
    """A new 1-D array of ``size`` items of ``typenum``: a copy of ``data`` (bytes of
    the item size times ``size``), or zeros when ``data`` is NULL."""
    cdef cnp.npy_intp shape = size
    array = cnp.PyArray_EMPTY(1, &shape, typenum, 0)
    cdef void *out = cnp.PyArray_DATA(<cnp.ndarray>array)
    if data != NULL:
        memcpy(out, data, size * cnp.PyArray_ITEMSIZE(<cnp.ndarray>array))
    else:
        memset(out, 0, size * cnp.PyArray_ITEMSIZE(<cnp.ndarray>array))
    return array


cdef inline int put_card(float *out, Py_ssize_t at, object card) except -1:
    cdef Py_ssize_t c = card
    if c < 0 or c >= 52:
        raise InvalidCardError(f"card {card!r} is not 0..51")
    out[at + c] = 1.0
    return 0


cdef extern from *:
    """
    /* A borrowed object's reference count, without the new reference that
       reading it into a Python variable makes. */
    static CYTHON_INLINE Py_ssize_t pokerhash_refs(PyObject *o) { return Py_REFCNT(o); }
    /* Whether an array has weak references (a weakref to a dropped observation
       must die with it, not see it written again). */
    static CYTHON_INLINE int pokerhash_weakly_held(PyObject *a) {
        return ((PyArrayObject_fields *)a)->weakreflist != NULL;
    }
    """
    Py_ssize_t refs "pokerhash_refs" (PyObject *o)
    bint weakly_held "pokerhash_weakly_held" (PyObject *a)


cdef inline bint intact(object array, int flags, Py_ssize_t size, int typenum):
    """Whether a handed-out array (held by nobody but its observation dict and the
    buffer: unseen checks that first) is as it was made: no weak references, the
    same shape, type, flags and no base."""
    cdef cnp.ndarray typed = <cnp.ndarray>array
    return (not weakly_held(<PyObject *>array) and cnp.PyArray_NDIM(typed) == 1
            and cnp.PyArray_DIMS(typed)[0] == size and cnp.PyArray_TYPE(typed) == typenum
            and cnp.PyArray_ISNOTSWAPPED(typed) and cnp.PyArray_STRIDES(typed)[0] == cnp.PyArray_ITEMSIZE(typed)
            and cnp.PyArray_FLAGS(typed) == flags and cnp.PyArray_BASE(typed) == NULL)


cdef inline bint unseen(ObservationBuffer buffer):
    """Whether the observation last handed out from ``buffer`` (its dict and two
    arrays) is held by nobody but the buffer and is as it was made: the dict with
    its two keys in their order, holding the two arrays, which are intact."""
    cdef PyObject *observation = <PyObject *>buffer.handed
    cdef PyObject *key
    cdef PyObject *value
    cdef Py_ssize_t position = 0
    # Reference counts first, on borrowed pointers (a Python variable holds one more).
    if (refs(observation) != 1 or refs(<PyObject *>buffer.handed_vector) != 2
            or refs(<PyObject *>buffer.handed_mask) != 2 or PyDict_Size(buffer.handed) != 2):
        return False
    if not PyDict_Next(buffer.handed, &position, &key, &value) or key != <PyObject *>_OBSERVATION \
            or value != <PyObject *>buffer.handed_vector:
        return False
    if not PyDict_Next(buffer.handed, &position, &key, &value) or key != <PyObject *>_ACTION_MASK \
            or value != <PyObject *>buffer.handed_mask:
        return False
    return (intact(buffer.handed_vector, buffer.vector_flags, buffer.size, cnp.NPY_FLOAT32)
            and intact(buffer.handed_mask, buffer.mask_flags, buffer.actions, cnp.NPY_INT8))


cdef class ObservationBuffer:
    """One player's observation kept between calls (the environments keep one per
    seat): the vector and the mask live in two arrays allocated once, and each call
    rewrites only what can have changed since the last one for the same hand and
    history (the history's new rows, card planes whose cards changed; the seats, pot,
    raise range and street always). The environments hand these arrays out as they
    are (``reuse_observations``) or copy them into new ones."""

    def __init__(self, Py_ssize_t size, Py_ssize_t actions, Py_ssize_t players):
        self.vector = new_array(size, cnp.NPY_FLOAT32, NULL)
        self.mask = new_array(actions, cnp.NPY_INT8, NULL)
        # The arrays are never resized (the buffers never leave this object but as the
        # arrays, which NumPy refuses to resize while referenced): their data pointers
        # stay valid as long as this object holds them.
        self.data = <float *>cnp.PyArray_DATA(<cnp.ndarray>self.vector)
        self.mask_data = <char *>cnp.PyArray_DATA(<cnp.ndarray>self.mask)
        self.size, self.actions = size, actions
        self.up = [None] * players
        self.hand = None

    cdef void forget(self):
        """The next write starts from zeros (a new hand, history or observer)."""
        self.hand = None


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
        cdef Py_ssize_t i
        cdef char *mask
        self._check(hand, index)
        for item in legal:
            i = item
            if i < 0 or i >= actions:
                raise IndexError(f"action index {i} is not 0..{actions - 1}")
        observation = self._vector(<Hand>hand, index, scale, history)
        action_mask = new_array(actions, cnp.NPY_INT8, NULL)
        mask = <char *>cnp.PyArray_DATA(<cnp.ndarray>action_mask)
        for item in legal:
            mask[<Py_ssize_t>item] = 1
        return {"observation": observation, "action_mask": action_mask}

    cpdef dict observe_into(self, hand, Py_ssize_t index, double scale, list history, tuple legal,
                            ObservationBuffer buffer, bint reuse):
        """observe() through ``buffer`` (one per observer): only what changed is
        written; the arrays returned are the buffer's own (``reuse``) or new copies."""
        cdef Py_ssize_t i, actions = buffer.actions
        cdef char *mask = buffer.mask_data
        self._check(hand, index)
        if buffer.size != self.size:
            raise ValueError(f"the buffer holds {buffer.size} floats, the layout {self.size}")
        for item in legal:
            i = item
            if i < 0 or i >= actions:
                raise IndexError(f"action index {i} is not 0..{actions - 1}")
        if buffer.hand is not hand or buffer.history is not history or buffer.index != index:
            memset(buffer.data, 0, self.size * sizeof(float))
            buffer.hand, buffer.history, buffer.index = hand, history, index
            buffer.hole = buffer.board = None
            for i in range(len(buffer.up)):
                buffer.up[i] = None
            buffer.rows = 0
        try:
            self._write(buffer.data, <Hand>hand, index, scale, history, buffer)
        except BaseException:
            buffer.forget()  # half written: start over next time
            raise
        memset(mask, 0, actions)
        for item in legal:
            mask[<Py_ssize_t>item] = 1
        if not reuse and buffer.handed is not None and unseen(buffer):
            # The last observation handed out for this seat, which nobody holds any
            # more: the same as new arrays (nothing can see the difference), without
            # the allocations.
            memcpy(cnp.PyArray_DATA(<cnp.ndarray>buffer.handed_vector), buffer.data, self.size * sizeof(float))
            memcpy(cnp.PyArray_DATA(<cnp.ndarray>buffer.handed_mask), mask, actions)
            return buffer.handed
        # The dict a copy of a two-key template with its values replaced: a copy of a
        # small dict clones its keys at once, where two insertions into a new dict
        # allocate and grow them.
        observation = PyDict_Copy(_TEMPLATE)
        if reuse:
            observation["observation"] = buffer.vector
            observation["action_mask"] = buffer.mask
        else:
            vector = new_array(self.size, cnp.NPY_FLOAT32, buffer.data)
            action_mask = new_array(actions, cnp.NPY_INT8, mask)
            observation["observation"] = vector
            observation["action_mask"] = action_mask
            buffer.handed, buffer.handed_vector, buffer.handed_mask = observation, vector, action_mask
            buffer.vector_flags = cnp.PyArray_FLAGS(<cnp.ndarray>vector)
            buffer.mask_flags = cnp.PyArray_FLAGS(<cnp.ndarray>action_mask)
        return observation

    cdef int _check(self, hand, Py_ssize_t index) except -1:
        if not isinstance(hand, Hand):
            raise InvalidValueError(f"hand must be a pokerhash.engine.Hand, not {hand!r}")
        if index < 0 or index >= self.players:
            raise IndexError(f"player index {index} is not 0..{self.players - 1}")
        return 0

    cdef object _vector(self, Hand hand, Py_ssize_t index, double scale, list history):
        vector = new_array(self.size, cnp.NPY_FLOAT32, NULL)
        self._write(<float *>cnp.PyArray_DATA(<cnp.ndarray>vector), hand, index, scale, history, None)
        return vector

    cdef int _write(self, float *out, Hand hand, Py_ssize_t index, double scale, list history,
                    ObservationBuffer kept) except -1:
        """Writes the observation into ``out``: all of it into zeros (``kept`` None),
        or over the last observation of the same hand, history and observer that
        ``kept`` describes (card planes rewritten only when their cards changed, the
        history's new rows only; every other section rewritten whole)."""
        cdef Py_ssize_t n = self.players, i, r, at, street, first, player, position, total, k
        cdef object card, legal, cards
        cdef list up, stacks, bets, contributed, folded
        cdef double stack, pot
        # Hand.snapshot(index)'s fields read in C (the Hand's fields are C struct
        # members: no tuple built and unpacked per observation).
        stacks, contributed, folded, up = hand._stacks, hand._contributed, hand._folded, hand._up
        bets = hand.round_bets()
        if len(stacks) != n or len(bets) != n or len(contributed) != n or len(folded) != n or len(up) != n:
            raise ValueError(f"the hand has {len(stacks)} players, the layout {n}")
        hole = hand._hole[index]
        board = hand._boards[0] if hand._boards else hand._board
        # The pot as a double: the ints' sum in C (exact below 2**53 chips), not a new
        # Python int at every addition.
        pot = number(hand._dead)
        for chips in contributed:
            pot += number(chips)
        pending = hand._pending
        street_ = hand._street
        # A tuple of cards already written is skipped: tuples do not change, and the
        # buffer holds the one it wrote, so that no other object can take its place.
        if kept is None or hole is not kept.hole or type(hole) is not tuple:
            if kept is not None:
                memset(out, 0, 52 * sizeof(float))
                kept.hole = hole
            for card in hole:
                put_card(out, 0, card)
        if self.board_at >= 0 and (kept is None or board is not kept.board or type(board) is not tuple):
            if kept is not None:
                memset(out + self.board_at, 0, 52 * sizeof(float))
                kept.board = board
            for card in board:
                put_card(out, self.board_at, card)
        if self.up_at >= 0:
            for r in range(n):
                cards = up[(index + r) % n]
                if kept is None or cards is not kept.up[r] or type(cards) is not tuple:
                    if kept is not None:
                        memset(out + self.up_at + 52 * r, 0, 52 * sizeof(float))
                        kept.up[r] = cards
                    for card in cards:
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
                out[at + 4] = 0.0
            else:
                out[at + 3] = 0.0
                out[at + 4] = 1.0 if stack == 0 else 0.0
            out[at + 5] = 0.0
            at += 6
        out[self.seats_at + 6 * ((n - 1 - index) % n) + 5] = 1.0  # the button: the last player from its left
        at = self.pot_at
        out[at] = pot * scale
        out[at + 1] = out[at + 2] = out[at + 3] = 0.0
        # Pending and LegalActions are NamedTuples: their fields by position (see actions.py).
        if field(pending, _SEAT) == hand.seats[index]:
            legal = field(pending, _LEGAL)
            if legal is not None:
                out[at + 1] = number(field(legal, _CALL)) * scale
                if field(legal, _RAISE_KIND) is not None:
                    out[at + 2] = number(field(legal, _MIN_TO)) * scale
                    out[at + 3] = number(field(legal, _MAX_TO)) * scale
        street = street_
        if street < 0 or street >= self.streets:
            raise IndexError(f"street {street} is not 0..{self.streets - 1}")
        memset(out + self.street_at, 0, self.streets * sizeof(float))
        out[self.street_at + street] = 1.0
        # The last ``self.history`` rows, oldest first. Kept: rows are only ever
        # appended, so while the window holds them all only the new ones are written;
        # once it is full every row moves up one place at each action.
        total = len(history)
        first = total - self.history if total > self.history else 0
        position = 0
        if kept is not None:
            if total <= self.history and kept.rows <= total:
                first = position = kept.rows
            elif kept.rows != total:
                memset(out + self.history_at, 0, 4 * self.history * sizeof(float))
            else:
                first = total  # nothing new
            kept.rows = total
        at = self.history_at + 4 * position
        cdef tuple row
        for k in range(first, total):
            row = history[k]
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
