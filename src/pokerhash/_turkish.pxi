# Turkish poker (rules: Turkish poker): included by _core.pyx. The kernels are in
# csrc/turkish.h; the public Python layer is pokerhash.evaluators.turkish.
from libc.stdint cimport uint32_t, int64_t

import numbers


cdef extern from "turkish.h" nogil:
    uint32_t ph_turkish_evaluate5(const uint8_t *cards, int deck)
    ptrdiff_t ph_turkish_evaluate_batch(const uint8_t *cards, size_t n_rows, int deck, int check, uint32_t *out)
    uint64_t ph_turkish_deck_mask(int deck)
    const uint8_t ph_turkish_class_category[]
    const uint32_t ph_turkish_class_ranks[]
    enum:
        PH_TURKISH_CLASSES
        PH_TK_CODE_BITS


cdef enum:
    TK_SIX = 4    # rank index of the lowest rank of the largest deck (36 cards), the default
    TK_NINE = 7   # rank index of the lowest rank of the smallest deck (24 cards)

# Rules, Turkish deck size: the lowest rank index for 2..5 players (11 - players as a face value); four
# players may also play with the sixes (four_players_use_36_cards, the default).
cdef int TURKISH_LOWEST[6]
TURKISH_LOWEST[:] = [-1, -1, 7, 6, 5, 4]


cdef uint32_t turkish5_cards(const uint8_t *cards, int lowest_rank) noexcept nogil:
    return ph_turkish_evaluate5(cards, lowest_rank - TK_SIX)


cdef int parse_lowest_rank(object lowest_rank) except -1:
    """The rank index of ``lowest_rank``, given as the rules' Turkish deck size table writes it: the rank
    6, 7, 8 or 9, as an int or as text."""
    from pokerhash.errors import InvalidValueError
    cdef long face = -1
    if isinstance(lowest_rank, numbers.Integral) and not isinstance(lowest_rank, bool):
        face = lowest_rank if 6 <= lowest_rank <= 9 else -1
    elif isinstance(lowest_rank, str) and lowest_rank.strip() in ("6", "7", "8", "9"):
        face = int(lowest_rank)
    if face < 0:
        raise InvalidValueError(
            f"lowest_rank is the deck's lowest rank, 6, 7, 8 or 9 (an int or '6'..'9'), not {lowest_rank!r}")
    return <int>face - 2


cdef inline int players_lowest_rank(int players, bint four_players_use_36_cards) noexcept:
    """The lowest rank index of the Turkish deck for 2..5 players (as validated by the caller)."""
    return TK_SIX if players == 4 and four_players_use_36_cards else TURKISH_LOWEST[players]


def turkish_lowest_rank(players=None, lowest_rank=None, four_players_use_36_cards=True):
    """The rank index (4..7: six to nine) of the deck chosen by ``players`` and/or
    ``lowest_rank``; both None is the 36-card deck (six). Four players take the sixes
    unless four_players_use_36_cards is false or lowest_rank says 7. Raises
    InvalidValueError on bad or inconsistent options."""
    from pokerhash.errors import InvalidValueError
    cdef int index = TK_SIX if lowest_rank is None else parse_lowest_rank(lowest_rank)
    cdef int count
    if players is None:
        return index
    if isinstance(players, bool) or not isinstance(players, numbers.Integral) or not 2 <= players <= 5:
        raise InvalidValueError(f"Turkish poker is for 2 to 5 players, not {players!r}")
    count = players
    if lowest_rank is None:
        return players_lowest_rank(count, four_players_use_36_cards)
    allowed = [TURKISH_LOWEST[count], TK_SIX] if count == 4 else [TURKISH_LOWEST[count]]
    if index not in allowed:
        from pokerhash.cards import RANKS
        raise InvalidValueError(
            f"{count} players play with the deck from {' or '.join(RANKS[a] for a in allowed)}, "
            f"not from {RANKS[index]} (lowest_rank={lowest_rank!r})")
    return index


cdef int turkish_lowest(object players, object lowest_rank) except -1:
    """turkish_lowest_rank with fast paths for the plain cases of per-call functions."""
    if lowest_rank is None:
        if players is None:
            return TK_SIX
        if type(players) is int and 2 <= players <= 5:
            return players_lowest_rank(players, True)
    elif players is None and type(lowest_rank) is int and 6 <= lowest_rank <= 9:
        return <int>lowest_rank - 2  # a face value (rules: Turkish deck size) to a rank index
    return turkish_lowest_rank(players, lowest_rank)


cdef raise_foreign_card(uint64_t held, int lowest_rank):
    from pokerhash.cards import RANKS, card_str
    from pokerhash.errors import InvalidCardError
    cdef uint64_t foreign = held & ~ph_turkish_deck_mask(lowest_rank - TK_SIX)
    cdef int card = 0
    while not (foreign >> card) & 1:
        card += 1
    raise InvalidCardError(
        f"card {card_str(card)} is not in the {4 * (13 - lowest_rank)}-card Turkish deck "
        f"({RANKS[lowest_rank]} to ace)")


def evaluate_turkish(cards, players=None, lowest_rank=None):
    """Value of a five-card Turkish poker hand (rules: Turkish poker); higher is stronger and
    two different hands of one deck never compare equal.

    ``cards``: five distinct cards of the deck, as ints 0..51 or card strings, or one
    string (``"Ah Kh Qh Jh Th"``). The deck: see ``turkish_lowest_rank``; by default
    the 36-card deck (six to ace).
    """
    return turkish_value(cards, players, lowest_rank)


cdef int64_t turkish_value(object cards, object players, object lowest_rank) except -1:
    cdef uint8_t buf[MAX_CARDS]
    cdef uint64_t seen = 0
    cdef int lowest = turkish_lowest(players, lowest_rank)
    read_hand_range(cards, buf, 5, 5, &seen)
    if seen & ~ph_turkish_deck_mask(lowest - TK_SIX):
        raise_foreign_card(seen, lowest)
    return ph_turkish_evaluate5(buf, lowest - TK_SIX)


cdef enum:
    TK_ONE_PAIR = 2  # pokerhash.turkish.TurkishCategory
    TK_KING = 11     # rank index


def can_open_turkish(cards, players=None, lowest_rank=None):
    """Whether five cards may open the first betting round: at least a pair of kings
    in the Turkish order (so any two pair or better, or a pair of kings or aces). The deck
    options are those of ``evaluate_turkish`` (they decide whether A-7-8-9-T is a
    minor straight)."""
    cdef int64_t value = turkish_value(cards, players, lowest_rank)
    cdef uint32_t class_id = <uint32_t>(value >> PH_TK_CODE_BITS)
    cdef int category = ph_turkish_class_category[class_id]
    if category == TK_ONE_PAIR:
        # The class's deciding ranks, most significant first, a nibble each from bit 16.
        return (ph_turkish_class_ranks[class_id] >> 16 & 15) >= TK_KING
    return category > TK_ONE_PAIR


def turkish_rows(const uint8_t[:, ::1] rows, int lowest_rank, bint check):
    """(values (uint32), first bad row or -1) of rows of five cards of the deck from
    ``lowest_rank``; with check, each row is validated in the same pass (see
    pokerhash.evaluators.turkish.evaluate_turkish_batch)."""
    cdef size_t n = rows.shape[0]
    cdef ptrdiff_t bad = -1
    out = np.empty(n, dtype=np.uint32)
    cdef uint32_t[::1] result = out
    if n:
        with nogil:
            bad = ph_turkish_evaluate_batch(&rows[0, 0], n, lowest_rank - TK_SIX, check, &result[0])
    return out, bad


def turkish_class_table():
    """(category per class id, packed deciding ranks per class id, code bits), from
    the generated tables: index 0 is unused."""
    categories = np.asarray(<const uint8_t[:PH_TURKISH_CLASSES + 1]> ph_turkish_class_category).copy()
    ranks = np.asarray(<const uint32_t[:PH_TURKISH_CLASSES + 1]> ph_turkish_class_ranks).copy()
    return categories, ranks, PH_TK_CODE_BITS
