"""The observation vector of the environments: a fixed float32 layout per game and table.

Everything is seen from the observing player: "relative seat" ``r`` is the player
``r`` places clockwise from them (0: themselves). Chips are in the environment's unit
(the big blind, or the small bet in games without blinds). :attr:`ObservationLayout.sections`
lists the parts in order with their offsets; ``docs/rl.rst`` prints the table.
"""

from __future__ import annotations

import math
import numbers
from typing import List, NamedTuple, Tuple

import numpy as np

from ..betting import ActionKind
from ..engine import Variant
from ..errors import InvalidValueError, PokerhashError
from ._encode import ObservationEncoder
from .actions import ACTION_KIND

__all__ = ["ObservationLayout", "Section", "HISTORY_CODES"]

#: Codes of the action history (0: an empty entry).
HISTORY_CODES = {"fold": 1, "check": 2, "call": 3, "bet": 4, "raise": 5, "bring-in": 6, "draw": 7}
_KIND_CODES = {ActionKind.FOLD: 1, ActionKind.CHECK: 2, ActionKind.CALL: 3, ActionKind.BET: 4, ActionKind.RAISE: 5}
_FOLD, _CHECK, _CALL, _BET, _RAISE = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                                       ActionKind.RAISE)
#: Per relative seat: stack, bet this round, chips in this hand, folded, all-in, button.
SEAT_FIELDS = ("stack", "bet", "in the hand", "folded", "all-in", "button")
#: Per history entry: street (1-based), relative seat + 1, code, amount.
HISTORY_FIELDS = ("street", "seat", "code", "amount")


class Section(NamedTuple):
    name: str
    offset: int
    size: int
    meaning: str


class ObservationLayout:
    """The layout for ``variant`` with ``players`` at the table and the last
    ``history`` actions of the hand."""

    def __init__(self, variant: Variant, players: int, history: int = 32) -> None:
        self.players = players
        self.history = history
        self.streets = len(variant.streets)
        stud = variant.is_stud
        parts: List[Tuple[str, int, str]] = [("own cards", 52, "1 for each of the player's cards (card index "
                                                                "4 × rank + suit, 2 = rank 0)")]
        if variant.has_board or stud:
            parts.append(("board", 52, "1 for each community card"))
        if stud:
            parts.append(("up cards", 52 * players, "per relative seat, 52: 1 for each face-up card"))
        parts += [
            ("seats", len(SEAT_FIELDS) * players, "per relative seat: " + ", ".join(SEAT_FIELDS)),
            ("pot", 1, "every chip in the hand, bets included"),
            ("to call", 1, "chips the player needs to call"),
            ("raise range", 2, "smallest and largest legal raise-to (0 when none)"),
            ("street", self.streets, "1 at the current street"),
            ("history", len(HISTORY_FIELDS) * history, "last actions, oldest first, each: "
                                                       + ", ".join(HISTORY_FIELDS) + " (zeros: empty)"),
        ]
        self.sections: List[Section] = []
        offset = 0
        for name, size, meaning in parts:
            self.sections.append(Section(name, offset, size, meaning))
            offset += size
        self.size = offset
        at = {section.name: section.offset for section in self.sections}
        #: The C writer of this layout's vectors (the environments call it directly).
        self.encoder = ObservationEncoder(self.size, players, history, self.streets, at.get("board", -1),
                                          at.get("up cards", -1), at["seats"], at["pot"], at["street"],
                                          at["history"])

    def bound(self, chips: float) -> float:
        """The largest number an observation can hold when ``chips`` units are in play."""
        return float(max(chips, self.players + 1, self.streets + 1, max(HISTORY_CODES.values())))

    def encode(self, hand, index: int, scale: float, history: List[tuple]) -> np.ndarray:
        """The observation of the player at ``index`` (clockwise from left of the
        button) of ``hand``, chips times ``scale`` (one over the unit); ``history`` holds
        rows of (street + 1, player index, code, amount in units). Written in C
        (``rl/_encode.pyx``). Bad input raises InvalidValueError (the writer reads
        without bounds checks, so everything it reads is checked first)."""
        if not isinstance(history, list) or not all(
                type(row) is tuple and len(row) == 4 and all(isinstance(x, numbers.Real) and not isinstance(x, bool)
                                                             for x in row) for row in history):
            raise InvalidValueError("history must be a list of (street + 1, player index, code, amount) tuples "
                                    f"of numbers, not {history!r:.200}")
        if isinstance(index, bool) or not isinstance(index, numbers.Integral) or not 0 <= index < self.players:
            raise InvalidValueError(f"player index must be 0..{self.players - 1}, not {index!r}")
        if not isinstance(scale, numbers.Real) or not math.isfinite(scale):
            raise InvalidValueError(f"scale must be a finite number, not {scale!r}")
        try:
            return self.encoder.encode(hand, index, scale, history)
        except (TypeError, ValueError, IndexError, OverflowError) as error:
            if isinstance(error, PokerhashError):
                raise
            raise InvalidValueError(f"cannot encode this hand: {error}") from None


def history_code(action) -> int:
    """The history code of a normalized engine action. By identity: ActionKind is an
    Enum, whose hash (a dict lookup's) is a Python function call."""
    kind = action[ACTION_KIND]
    if kind is _CALL:
        return 3
    if kind is _CHECK:
        return 2
    if kind is _FOLD:
        return 1
    if kind is _RAISE:
        return 5
    if kind is _BET:
        return 4
    return _KIND_CODES[kind]  # raises KeyError for what is not a normalized action
