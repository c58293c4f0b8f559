"""Turkish poker hands (rules: Turkish poker): stripped decks, their own hand order, suit tie-breaks.

The deck. Turkish poker removes the low ranks: the lowest rank is 9, 8, 7 or 6
(24, 28, 32, 36 cards; rules: Turkish deck size). Functions that evaluate a hand
take the deck as ``players`` (2..5, by that section's table; four players take the
36-card deck, as the option ``four_players_use_36_cards`` does by default) and/or
``lowest_rank``: the deck's lowest rank as the table writes it, 6, 7, 8 or 9 (an
int, or the text ``"6"`` to ``"9"``).
Both given must agree (4 players: 7 or 6); neither given is the 36-card deck, six to
ace. The deck matters: A-7-8-9-T is the minor straight with
the sevens as the lowest rank, but only ace high in the 36-card deck.

The value. ``evaluate_turkish`` returns an int, higher is stronger, and two different
hands of one deck never compare equal, so a showdown never splits:
``value = class_id << 20 | suit_code``. ``class_id`` numbers the (category, ranks)
classes of all four decks in the rules' order, so the category and ranks of a value
can be read without the deck. ``suit_code`` applies the rules' suit order, hearts > spades
> diamonds > clubs, to the suit of the highest card outside a pair, trips or quads
(a flush: its suit; a straight: its top card's, the minor straight's ace counting
low). Where the rules leave hands tied (two full houses of the same ranks; two
hands whose deciding cards share a suit), the comparison goes on through the
following cards in significance order (the single cards from the highest, then the
quads, trips and pairs, each group by its best suit, then its next best), which makes
every value of a deck distinct. Values of different decks are not meant to be
compared.
"""

from __future__ import annotations

import enum
from functools import lru_cache
from typing import List, Optional, TYPE_CHECKING, Tuple, Union

import numpy as np

if TYPE_CHECKING:
    from numpy.typing import ArrayLike, NDArray

from .. import _core
from .._batch import card_rows
from .._checks import as_flag, is_int
from ..cards import RANKS, HandLike
from ..errors import InvalidCardError, InvalidValueError
from .high import RANK_NAMES, RANK_PLURALS  # the same English names as the high-hand descriptions

evaluate_turkish = _core.evaluate_turkish

LowestRank = Union[int, str, None]


class TurkishCategory(enum.IntEnum):
    """The thirteen categories (rules: Turkish poker), weakest first."""

    HIGH_CARD = 1
    ONE_PAIR = 2
    TWO_PAIR = 3
    MINOR_STRAIGHT = 4
    STRAIGHT = 5
    MAJOR_STRAIGHT = 6
    THREE_OF_A_KIND = 7
    FULL_HOUSE = 8
    FLUSH = 9
    FOUR_OF_A_KIND = 10
    MINOR_FLUSH = 11
    STRAIGHT_FLUSH = 12
    ROYAL_FLUSH = 13


_CATEGORY_NAMES = {
    TurkishCategory.HIGH_CARD: "High card",
    TurkishCategory.ONE_PAIR: "One pair",
    TurkishCategory.TWO_PAIR: "Two pair",
    TurkishCategory.MINOR_STRAIGHT: "Minor straight",
    TurkishCategory.STRAIGHT: "Straight",
    TurkishCategory.MAJOR_STRAIGHT: "Major straight",
    TurkishCategory.THREE_OF_A_KIND: "Three of a kind",
    TurkishCategory.FULL_HOUSE: "Full house",
    TurkishCategory.FLUSH: "Flush",
    TurkishCategory.FOUR_OF_A_KIND: "Four of a kind",
    TurkishCategory.MINOR_FLUSH: "Minor flush",
    TurkishCategory.STRAIGHT_FLUSH: "Straight flush",
    TurkishCategory.ROYAL_FLUSH: "Royal flush",
}


def turkish_deck(players: int, four_players_use_36_cards: bool = True) -> List[int]:
    """The cards of the deck for 2 to 5 players (rules: Turkish deck size), lowest card first."""
    if players is None:
        raise InvalidValueError("turkish_deck needs the number of players, 2 to 5")
    use_36 = as_flag(four_players_use_36_cards, "four_players_use_36_cards")
    return list(range(4 * _core.turkish_lowest_rank(players, None, use_36), 52))


def evaluate_turkish_batch(hands: ArrayLike, players: Optional[int] = None, lowest_rank: LowestRank = None,
                           check: bool = True) -> NDArray[np.uint32]:
    """Values (uint32) of an (n, 5) integer array of hands of one deck, evaluated in C
    without the GIL.

    Every row is validated (cards in 0..51, no repeats, every card in the deck) unless
    ``check=False``, for callers that guarantee valid input; a bad row raises
    InvalidCardError naming the row and the card.
    """
    lowest = _core.turkish_lowest_rank(players, lowest_rank)
    rows = card_rows(hands, (5,), "hands", check)
    values, bad = _core.turkish_rows(rows, lowest, check)
    if bad >= 0:
        try:  # the per-call path names the bad card
            evaluate_turkish([int(c) for c in rows[bad]], lowest_rank=lowest + 2)  # the rank, not its index
        except InvalidCardError as error:
            raise InvalidCardError(f"row {bad} of hands: {error}") from None
        raise InvalidCardError(f"row {bad} of hands is invalid")  # pragma: no cover - C and parser disagree
    return values


@lru_cache(maxsize=1)
def _class_table() -> Tuple[np.ndarray, np.ndarray, int]:
    return _core.turkish_class_table()


# The suit code's groups (one nibble each, most significant first, see the module
# docstring) and how many cards each holds, by category; the rest of the code is 0.
_GROUP_SIZES = {
    TurkishCategory.HIGH_CARD: (1, 1, 1, 1, 1),
    TurkishCategory.ONE_PAIR: (1, 1, 1, 2),
    TurkishCategory.TWO_PAIR: (1, 2, 2),
    TurkishCategory.MINOR_STRAIGHT: (1, 1, 1, 1, 1),
    TurkishCategory.STRAIGHT: (1, 1, 1, 1, 1),
    TurkishCategory.MAJOR_STRAIGHT: (1, 1, 1, 1, 1),
    TurkishCategory.THREE_OF_A_KIND: (1, 1, 3),
    TurkishCategory.FULL_HOUSE: (3, 2),
    TurkishCategory.FOUR_OF_A_KIND: (1, 4),
}
_FLUSH_CODES = tuple(0x11111 << suit for suit in range(4))  # five cards of one suit


def _is_suit_code(kind: TurkishCategory, code: int, code_bits: int) -> bool:
    """Whether some hand of category ``kind`` has the suit code ``code``: a flush has
    five equal one-suit nibbles; otherwise each group's nibble holds as many suits as
    the group has cards, and five single cards are not all of one suit."""
    if kind not in _GROUP_SIZES:
        return code in _FLUSH_CODES
    sizes = _GROUP_SIZES[kind]
    nibbles = [(code >> (code_bits - 4 * (i + 1))) & 15 for i in range(code_bits // 4)]
    used = nibbles[:len(sizes)]
    return (all(bin(n).count("1") == size for n, size in zip(used, sizes))
            and not any(nibbles[len(sizes):]) and code not in _FLUSH_CODES)


def _class_of(value: int) -> int:
    """The class id of a value some Turkish hand has; InvalidValueError otherwise."""
    if not is_int(value):
        raise InvalidValueError(f"a Turkish hand value is an int, not {type(value).__name__}")
    categories, _, code_bits = _class_table()
    class_id = int(value) >> code_bits
    if int(value) < 0 or not 1 <= class_id < len(categories) or not _is_suit_code(
            TurkishCategory(int(categories[class_id])), int(value) & ((1 << code_bits) - 1), code_bits):
        raise InvalidValueError(f"{value} is not the value of a Turkish hand (see evaluate_turkish)")
    return class_id


def turkish_category(value: int) -> TurkishCategory:
    """The category of a value of ``evaluate_turkish``."""
    return TurkishCategory(int(_class_table()[0][_class_of(value)]))


def _deciding_ranks(value: int) -> Tuple[int, ...]:
    """The ranks that decide the class, most significant first (a straight: its top)."""
    packed = int(_class_table()[1][_class_of(value)])
    ranks = tuple((packed >> (16 - 4 * i)) & 15 for i in range(5))
    return tuple(r for r in ranks if r != 15)


_SUIT_BY_STRENGTH = ("clubs", "diamonds", "spades", "hearts")


def describe_turkish(value: int) -> str:
    """English description with the rules' Turkish category names: "Royal flush in hearts",
    "Minor straight, ten high", "Full house, nines full of kings",
    "Two pair, kings and queens, jack kicker"."""
    kind = turkish_category(value)
    name = _CATEGORY_NAMES[kind]
    r = _deciding_ranks(value)
    letters = "-".join(RANKS[x] for x in r)
    if kind in (TurkishCategory.ROYAL_FLUSH, TurkishCategory.STRAIGHT_FLUSH, TurkishCategory.MINOR_FLUSH,
                TurkishCategory.FLUSH):
        # A flush's suit code is five copies of its suit bit (bit = suit strength).
        suit = _SUIT_BY_STRENGTH[(int(value) & 15).bit_length() - 1]
        if kind is TurkishCategory.ROYAL_FLUSH:
            return f"{name} in {suit}"
        if kind is TurkishCategory.FLUSH:
            return f"{name}, {letters} in {suit}"
        return f"{name}, {RANK_NAMES[r[0]]} high, in {suit}"
    if kind is TurkishCategory.MAJOR_STRAIGHT:
        return f"{name}, ace high"
    if kind in (TurkishCategory.STRAIGHT, TurkishCategory.MINOR_STRAIGHT):
        return f"{name}, {RANK_NAMES[r[0]]} high"
    if kind is TurkishCategory.FOUR_OF_A_KIND:
        return f"{name}, {RANK_PLURALS[r[0]]}, {RANK_NAMES[r[1]]} kicker"
    if kind is TurkishCategory.FULL_HOUSE:
        return f"{name}, {RANK_PLURALS[r[0]]} full of {RANK_PLURALS[r[1]]}"
    if kind is TurkishCategory.THREE_OF_A_KIND:
        return f"{name}, {RANK_PLURALS[r[0]]}, {'-'.join(RANKS[x] for x in r[1:])} kickers"
    if kind is TurkishCategory.TWO_PAIR:
        return f"{name}, {RANK_PLURALS[r[0]]} and {RANK_PLURALS[r[1]]}, {RANK_NAMES[r[2]]} kicker"
    if kind is TurkishCategory.ONE_PAIR:
        return f"{name}, {RANK_PLURALS[r[0]]}, {'-'.join(RANKS[x] for x in r[1:])} kickers"
    return f"{name}, {letters}"


#: Whether five cards may open (at least a pair of kings), in C: the engine asks it
#: every time a player may open.
can_open_turkish = _core.can_open_turkish
