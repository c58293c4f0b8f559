"""ACPC ``MATCHSTATE`` strings: what the dealer sends each player after every action.

``MATCHSTATE:<position>:<hand number>:<betting>:<cards>``, for example
``MATCHSTATE:0:12:cr300c/r900f:TdAs|/2c8c3h``:

- the betting of each round reached, rounds separated by ``/``; ``f`` fold, ``c``
  check or call, ``r`` a raise (limit) or ``r<N>`` a raise to N chips put in over the
  whole hand (no-limit);
- the cards: each position's hole cards separated by ``|`` (empty when hidden from
  the viewer), then ``/`` and the board cards of each later round.

This module reads and writes the text exactly (``str(MatchState.parse(s)) == s``) and
checks its shape; :mod:`pokerhash.acpc.replay` checks the betting against a game.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Tuple

from .._checks import is_int
from ..cards import RANKS, SUITS
from ..errors import InvalidValueError

__all__ = ["MatchState"]

_NUMBER = r"(?:0|[1-9][0-9]*)"
_ROUND = re.compile(rf"(?:f|c|r(?:[1-9][0-9]*)?)*")
_ACTION = re.compile(r"f|c|r(?:[1-9][0-9]*)?")
_LONG_NUMBER = re.compile(r"[0-9]{11}")
_HEADER = re.compile(rf"MATCHSTATE:({_NUMBER}):({_NUMBER}):([^:]*):([^:]*)")
_CARD_INDEX = {rank + suit: r * 4 + s for r, rank in enumerate(RANKS) for s, suit in enumerate(SUITS)}
_CARD_TEXT = {index: text for text, index in _CARD_INDEX.items()}

Cards = Tuple[int, ...]


@dataclass(frozen=True)
class MatchState:
    """One player's view of a hand. ``betting[r]`` is round r's actions as text
    (``"c"``, ``"f"``, ``"r"``, ``"r300"``); ``hole_cards[p]`` position p's cards, None
    when hidden; ``board[r]`` the cards dealt for round r (``board[0]`` is empty:
    Hold'em deals no board before the first round). Cards are ints as in
    :mod:`pokerhash.cards`."""

    position: int
    hand_number: int
    betting: Tuple[Tuple[str, ...], ...]
    hole_cards: Tuple[Optional[Cards], ...]
    board: Tuple[Cards, ...]

    def __post_init__(self) -> None:
        if not is_int(self.position) or not is_int(self.hand_number):
            raise InvalidValueError(f"position and hand number are integers, not {self.position!r}, "
                                    f"{self.hand_number!r}")
        if not 0 <= self.position < len(self.hole_cards):
            raise InvalidValueError(f"position {self.position} is not one of the {len(self.hole_cards)} positions")
        if self.hand_number < 0:
            raise InvalidValueError(f"the hand number must be 0 or more, not {self.hand_number}")
        if not self.betting or len(self.board) != len(self.betting):
            raise InvalidValueError(f"a match state has the board of each betting round: {len(self.betting)} "
                                    f"rounds of betting, {len(self.board)} of board")
        if self.board[0]:
            raise InvalidValueError("the first round deals no board cards in a match state")
        if any(not card for card in self.board[1:]):
            raise InvalidValueError("every round after the first deals board cards")
        for round_ in self.betting:
            for action in round_:
                if not isinstance(action, str) or not _ACTION.fullmatch(action):
                    raise InvalidValueError(f"an ACPC action is 'f', 'c', 'r' or 'r<chips>', not {action!r}")
        if self.hole_cards[self.position] is None:
            raise InvalidValueError(f"the viewer (position {self.position}) sees its own hole cards")
        seen = [c for cards in self.hole_cards if cards for c in cards] + [c for cards in self.board for c in cards]
        if any(c not in _CARD_TEXT for c in seen):
            raise InvalidValueError(f"cards are ints 0..51, not {seen}")
        if len(set(seen)) != len(seen):
            raise InvalidValueError(f"a card appears twice in {self}")

    @property
    def round(self) -> int:
        """The last betting round reached (0-based)."""
        return len(self.betting) - 1

    @classmethod
    def parse(cls, text: str) -> MatchState:
        """Read a match state (trailing ``\\r\\n`` allowed); InvalidValueError naming
        what is wrong."""
        line = text.rstrip("\r\n")
        if _LONG_NUMBER.search(line):
            # The dealer's numbers are 32-bit: 11 digits or more is no match state.
            raise InvalidValueError(f"a number of more than 10 digits in {line[:200]!r}")
        match = _HEADER.fullmatch(line)
        if match is None:
            raise InvalidValueError(f"not a match state 'MATCHSTATE:<position>:<hand>:<betting>:<cards>': {text!r}")
        position, hand, betting_text, cards_text = match.groups()
        rounds = betting_text.split("/")
        for round_ in rounds:
            if not _ROUND.fullmatch(round_):
                raise InvalidValueError(f"round {round_!r} of {line!r} is not ACPC betting (f, c, r, r<chips>)")
        betting = tuple(tuple(_ACTION.findall(round_)) for round_ in rounds)
        segments = cards_text.split("/")
        if len(segments) != len(rounds):
            raise InvalidValueError(f"{line!r} has {len(rounds)} rounds of betting but {len(segments)} of cards")
        hole_cards = tuple(_cards(text, line) or None for text in segments[0].split("|"))
        board = ((),) + tuple(_cards(text, line) for text in segments[1:])
        return cls(int(position), int(hand), betting, hole_cards, board)

    def __str__(self) -> str:
        betting = "/".join("".join(round_) for round_ in self.betting)
        holes = "|".join(_text(cards) if cards else "" for cards in self.hole_cards)
        board = "".join("/" + _text(cards) for cards in self.board[1:])
        return f"MATCHSTATE:{self.position}:{self.hand_number}:{betting}:{holes}{board}"


def _cards(text: str, line: str) -> Cards:
    if len(text) % 2:
        raise InvalidValueError(f"cards {text!r} of {line!r} are not rank-suit pairs like 'As' or 'Td'")
    try:
        return tuple(_CARD_INDEX[text[i:i + 2]] for i in range(0, len(text), 2))
    except KeyError as error:
        raise InvalidValueError(f"{error.args[0]!r} in {line!r} is not a card (rank 2-9TJQKA, suit cdhs)") from None


def _text(cards: Cards) -> str:
    return "".join(_CARD_TEXT[c] for c in cards)
