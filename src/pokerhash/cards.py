"""The card model (rules: Cards): ``card = rank_index * 4 + suit_index``.

Ranks 2..A are 0..12, suits c, d, h, s are 0..3, so 2c = 0 and As = 51. Text is
rank then suit (``"As"``, ``"Td"``, ``"10h"``, ``"7♥"``); several cards may be written
with or without separators (``"AsKd"``, ``"As Kd"``, ``"As,Kd"``).
"""

from __future__ import annotations

import hashlib
import itertools
import random
import re
import unicodedata
from collections.abc import Mapping, Set, Sized
from typing import Iterable, List, Optional, Sequence, Union

from ._equity import read_cards as _read_common_forms, shuffled as _equity_shuffled
from ._checks import is_int
from .errors import CardTypeError, InvalidCardError

RANKS = "23456789TJQKA"
SUITS = "cdhs"
SUIT_SYMBOLS = "♣♦♥♠"

CardLike = Union[int, str]
HandLike = Union[str, Iterable[CardLike]]

_RANK_INDEX = {r: i for i, r in enumerate(RANKS)}
_RANK_INDEX.update({r.lower(): i for i, r in enumerate(RANKS)})
_RANK_INDEX["10"] = _RANK_INDEX["T"]
_SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
_SUIT_INDEX.update({s.upper(): i for i, s in enumerate(SUITS)})
_SUIT_INDEX.update({s: i for i, s in enumerate(SUIT_SYMBOLS)})

# One card: a rank (``10`` or one character) followed by a suit character. A suit
# symbol may carry a variation selector (U+FE0F asks for the emoji form, U+FE0E for
# the text form), which pasted text often has: "A♥️" is the ace of hearts.
_CARD_TOKEN = re.compile("(10|[2-9TJQKAtjqka])([cdhsCDHS♣♦♥♠])[\ufe0e\ufe0f]?")
_SEPARATORS = re.compile(r"[\s,;]+")
_HINT = "a card is a rank 2-9/T/10/J/Q/K/A then a suit c/d/h/s or ♣/♦/♥/♠, e.g. 'As', '10h', '7♥'"


def _unreadable(text: str, where: str) -> InvalidCardError:
    """The error for ``text`` that is not a card, with invisible or unusual characters
    named, since an error that shows them raw shows nothing."""
    odd = [f"U+{ord(ch):04X} {unicodedata.name(ch, 'unnamed character')}"
           for ch in dict.fromkeys(text) if not (ch.isascii() and ch.isprintable()) and ch not in SUIT_SYMBOLS]
    named = f" (it contains {', '.join(odd)})" if odd else ""
    return InvalidCardError(f"{where}{named}: {_HINT}")


def _parse_one(text: str) -> int:
    match = _CARD_TOKEN.fullmatch(text)
    if match is None:
        raise _unreadable(text, f"not a card: {text!r}")
    return _RANK_INDEX[match.group(1)] * 4 + _SUIT_INDEX[match.group(2)]


def card(value: CardLike) -> int:
    """One card as an int 0..51, from an int or a string like ``"As"``."""
    if isinstance(value, str):
        return _parse_one(value.strip())
    if not is_int(value):
        raise CardTypeError(f"a card is an int 0..51 or a string like 'As', not {type(value).__name__} {value!r}")
    index = int(value)
    if not 0 <= index <= 51:
        raise InvalidCardError(f"card {index} is outside 0..51")
    return index


def _split_text(text: str) -> List[str]:
    tokens = []
    for chunk in _SEPARATORS.split(text.strip()):
        if not chunk:
            continue
        position = 0
        while position < len(chunk):
            match = _CARD_TOKEN.match(chunk, position)
            if match is None:
                raise _unreadable(chunk[position:], f"cannot read a card at {chunk[position:]!r} in {text!r}")
            tokens.append(match.group(0))
            position = match.end()
    return tokens


def cards(hand: HandLike, count: Optional[Sequence[int]] = None, distinct: bool = True) -> List[int]:
    """A hand as a list of ints.

    ``hand`` is one string (``"As Kd 10h"``) or an iterable of ints and strings.
    ``count``, when given, lists the allowed numbers of cards. ``distinct`` refuses
    a card that appears twice.
    """
    # The common forms (ints, two-character strings, ASCII text) in one C pass; the
    # rest, repeats and errors below.
    fast = _read_common_forms(hand)
    if fast is not None and (count is None or len(fast) in count):
        return fast
    return _forgiving_cards(hand, count, distinct)


def _forgiving_cards(hand: HandLike, count: Optional[Sequence[int]], distinct: bool) -> List[int]:
    """:func:`cards` for every form it reads (suit symbols, ``10``, iterators, numpy
    ints), and its errors: the reference the C fast path agrees with."""
    if isinstance(hand, str):
        result = [_parse_one(token) for token in _split_text(hand)]
    else:
        result = [card(item) for item in _items(hand, max(count) if count else 52)]
    if count is not None and len(result) not in count:
        allowed = " or ".join(str(c) for c in count)
        raise InvalidCardError(f"expected {allowed} cards, got {len(result)}")
    if distinct and len(set(result)) != len(result):
        seen = set()
        for c in result:
            if c in seen:
                raise InvalidCardError(f"card {card_str(c)} appears more than once")
            seen.add(c)
    return result


def _items(hand: object, most: int) -> List[CardLike]:
    """The items of a hand given as a sequence or iterator. Unordered collections
    (a set merges repeated cards, a dict's items are its keys) and bytes are refused,
    and an iterator is read only one card past ``most``, so an endless one stops."""
    if isinstance(hand, (bytes, bytearray, memoryview)):
        raise CardTypeError(f"a hand is a string or a sequence of cards, not {type(hand).__name__}: decode it to str first")
    if isinstance(hand, (Mapping, Set)):
        raise CardTypeError(f"a hand is a string or a sequence of cards, not a {type(hand).__name__} "
                            "(a set hides repeated cards, a mapping gives its keys)")
    try:
        iterator = iter(hand)  # type: ignore[call-overload]
    except TypeError:
        raise CardTypeError(f"a hand is a string or a sequence of cards, not {type(hand).__name__}") from None
    if isinstance(hand, Sized):
        return list(iterator)
    items = list(itertools.islice(iterator, most + 1))
    if len(items) > most:
        raise InvalidCardError(f"expected at most {most} cards, the iterator gave more")
    return items


_parse_cards = cards  # Deck's ``cards`` parameter shadows the function inside __init__


def card_str(index: int) -> str:
    """The two-character text of a card: ``card_str(51) == "As"``."""
    index = card(index)
    return RANKS[index >> 2] + SUITS[index & 3]


def cards_str(hand: HandLike) -> str:
    """A hand as space-separated card text."""
    return " ".join(card_str(c) for c in cards(hand, distinct=False))


def rank_of(index: int) -> int:
    """Rank index 0..12 (2..A) of a card."""
    return index >> 2


def suit_of(index: int) -> int:
    """Suit index 0..3 (c, d, h, s) of a card."""
    return index & 3


_FULL_DECK = tuple(range(52))
# A seeded deck's shuffle: _equity.shuffled; compiled, cards.pxd's C function of the
# same shuffle (a C call instead of a Python one with four int conversions).
globals().setdefault("_keyed_shuffle", _equity_shuffled)


def _deck_key(seed: object, stream: object) -> int:
    """The 64-bit generator key of a seeded deck's (seed, stream): a keyed hash of
    every bit of both, so that distinct pairs give distinct orders (a simple mix such
    as seed ^ f(stream) lets a chosen seed reproduce another pair's deck)."""
    # Plain ints (every hand of an environment) skip the ABC checks, most of the cost.
    if seed.__class__ is not int or stream.__class__ is not int:
        for value, name in ((seed, "seed"), (stream, "stream")):
            if not is_int(value):
                raise CardTypeError(f"a deck's {name} must be an int, not {type(value).__name__}")
        seed, stream = int(seed), int(stream)
    if stream < 0:
        raise InvalidCardError(f"a deck's stream is a non-negative int, not {stream}")
    # The hash of the seed's bytes is kept for the next deck of the same seed (an RL
    # environment makes one per hand, stream k for hand k): a copy of it hashes the
    # stream's bytes at a third of the cost of hashing both.
    global _seed_hash
    seeded = _seed_hash
    if seeded[0] != seed:
        seeded = _seed_hash = (seed, hashlib.blake2b(_length_prefixed(seed), digest_size=8, person=b"pokerhash deck"))
    hashed = seeded[1].copy()
    hashed.update(_length_prefixed(stream))
    return int.from_bytes(hashed.digest(), "little")


_seed_hash: tuple = (None, None)  # (the last seed, the hash of its bytes): see _deck_key


def _length_prefixed(value: int) -> bytes:
    """``value`` in two's complement, little-endian, after its length in 4 bytes."""
    data = value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True)
    return len(data).to_bytes(4, "little") + data


class Deck:
    """A shuffled deck that deals from the top.

    With no seed the order comes from the operating system's CSPRNG
    (``random.SystemRandom``, os.urandom), as a real-money table needs. With a seed
    (an int) it is reproducible, as tests and simulations need: SplitMix64 in C
    (``csrc/deal.h``) keyed by a hash of the seed and ``stream``, about 1 µs a
    shuffle. ``stream`` picks one of 2**64 independent orders of a seed (distinct
    (seed, stream) pairs give distinct orders) (e.g. hand k of a run, without combining
    the two into one number); the deck's later reshuffles and restocks draw further
    along its own stream, so a :meth:`copy` goes on exactly as the original would
    and neither disturbs the other. ``cards`` defaults to the 52-card deck; stripped
    decks (Turkish poker) pass theirs.

    Compiled, an extension type (``cards.pxd``): the engine deals from it several
    times a hand.
    """

    __slots__ = ("_rng", "_key", "_stream", "_round", "_full", "_stack")

    def __init__(self, seed: Optional[int] = None, cards: Optional[Iterable[CardLike]] = None, *,
                 stream: int = 0) -> None:
        key = _deck_key(0 if seed is None else seed, stream)  # checks both
        if seed is None:
            self._rng: Optional[random.SystemRandom] = random.SystemRandom()
            self._key = 0
        else:
            self._rng = None
            self._key = key
        self._stream = 0  # the stream is part of the key
        self._round = 0
        self._full = _FULL_DECK if cards is None else tuple(_parse_cards(cards))
        self._stack: List[int] = []
        self.shuffle()

    def _shuffled(self, cards: Sequence[int]) -> List[int]:
        rng = self._rng
        if rng is not None:
            order = list(cards)
            rng.shuffle(order)
            return order
        round_ = self._round
        self._round = round_ + 1
        return _keyed_shuffle(cards, self._key, self._stream, round_)

    def shuffle(self) -> None:
        """Put every card back and shuffle."""
        self._stack = self._shuffled(self._full)

    def restock(self, cards: Iterable[int]) -> None:
        """Make ``cards`` the undealt cards, shuffled: a new stub from burns and discards
        when a draw runs the deck short (rules: The games and their flow). They must be distinct cards
        (ints) of this deck; InvalidCardError otherwise, and the deck is unchanged."""
        try:
            stub = list(cards)
        except TypeError:
            raise CardTypeError(f"restock takes an iterable of cards, not {cards!r:.100}") from None
        full = self._full
        for card in stub:
            if card.__class__ is not int or card not in full:
                raise InvalidCardError(f"cannot restock {card!r:.50}: not a card (int) of this {len(full)}-card deck")
        if len(set(stub)) != len(stub):
            raise InvalidCardError("cannot restock a card twice")
        self._stack = self._shuffled(stub)

    def _restock_dealt(self, cards: List[int]) -> None:
        """:meth:`restock` with ``cards`` this deck dealt (the engine's burns, discards
        and stub), which are distinct cards of it already: the same shuffle, without
        restock's checks (a scan of the deck for every card)."""
        self._stack = self._shuffled(cards)

    def copy(self) -> Deck:
        """A deck with the same undealt cards in the same order, whose later shuffles
        are the ones this deck's would be (independent of it: nothing is shared but
        the stateless system generator of an unseeded deck)."""
        other = Deck.__new__(Deck)
        other._rng, other._key, other._stream, other._round = self._rng, self._key, self._stream, self._round
        other._full = self._full
        other._stack = self._stack[:]
        return other

    def deal(self, n: int = 1) -> List[int]:
        """Take ``n`` cards from the top."""
        if n.__class__ is not int and not is_int(n) or n < 0:
            raise InvalidCardError(f"cannot deal {n!r} cards")
        if n > len(self._stack):
            raise InvalidCardError(f"cannot deal {n} cards: {len(self._stack)} left in the deck")
        dealt = self._stack[-n:][::-1] if n else []
        del self._stack[len(self._stack) - n:]
        return dealt

    def burn(self) -> int:
        """Discard the top card face down and return it."""
        return self.deal(1)[0]

    @property
    def remaining(self) -> List[int]:
        """The undealt cards, top first."""
        return self._stack[::-1]

    def __len__(self) -> int:
        return len(self._stack)

    def __repr__(self) -> str:
        return f"Deck({len(self._stack)} of {len(self._full)} cards left)"
