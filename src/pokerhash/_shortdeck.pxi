# Short-deck (6+) Hold'em (rules: Other games): included by _core.pyx. The kernels are in
# csrc/shortdeck.h; the public Python layer is pokerhash.evaluators.shortdeck.

cdef extern from "shortdeck.h" nogil:
    uint16_t ph_shortdeck(const uint8_t *cards, int n, int order)
    ptrdiff_t ph_shortdeck_batch(const uint8_t *cards, size_t n_rows, int width, int order, int check, uint16_t *out)
    const uint64_t PH_SD_DECK_MASK


# --- C-level API (declared in _core.pxd) -------------------------------------

cdef uint16_t shortdeck_cards(const uint8_t *cards, int n, bint trips_beat_straight) noexcept nogil:
    return ph_shortdeck(cards, n, 0 if trips_beat_straight else 1)


# --- Python API ---------------------------------------------------------------

cdef int shortdeck_order(object trips_beat_straight) except -1:
    """The C tables' order index: 0 when three of a kind beats a straight (the default)."""
    if trips_beat_straight is True:
        return 0
    if trips_beat_straight is False:
        return 1
    if isinstance(trips_beat_straight, np.bool_):
        return 0 if trips_beat_straight else 1
    from pokerhash.errors import InvalidValueError
    raise InvalidValueError(f"trips_beat_straight is True or False, not {trips_beat_straight!r}")


cdef raise_outside_deck(uint64_t held, uint64_t deck, str deck_name):
    """Raise InvalidCardError naming the lowest held card outside ``deck`` (a card bit set)."""
    cdef uint64_t outside = held & ~deck
    cdef int card = 0
    while not (outside >> card) & 1:
        card += 1
    raise InvalidCardError(f"card {card_str(card)} is not in the {deck_name}")


def evaluate_shortdeck(hand, trips_beat_straight=True):
    """Value of the best five-card short-deck hand within 5, 6 or 7 distinct cards of
    the 36-card deck, sixes to aces (rules: Other games): 1..1404, higher is stronger.

    Flush beats full house; three of a kind beats a straight unless
    ``trips_beat_straight=False``; A-6-7-8-9 is the lowest straight. ``hand`` is a
    sequence of ints or card strings, or one string such as ``"As Kd Qh Jc Ts"``.
    """
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int order = shortdeck_order(trips_beat_straight)
    cdef int n = read_hand_range(hand, buf, 5, 7, &seen)
    if seen & ~PH_SD_DECK_MASK:
        raise_outside_deck(seen, PH_SD_DECK_MASK, "36-card short deck (six to ace)")
    return ph_shortdeck(buf, n, order)


def shortdeck_rows(const uint8_t[:, ::1] rows, trips_beat_straight, bint check):
    """(values (uint16), first bad row or -1) of rows of 5, 6 or 7 cards; with check,
    each row is validated in the same pass (see pokerhash.evaluators.shortdeck)."""
    cdef size_t n = rows.shape[0]
    cdef int order = shortdeck_order(trips_beat_straight)
    cdef Py_ssize_t bad = -1
    out = np.empty(n, dtype=np.uint16)
    cdef uint16_t[::1] result = out
    if n:
        with nogil:
            bad = ph_shortdeck_batch(&rows[0, 0], n, <int>rows.shape[1], order, check, &result[0])
    return out, bad
