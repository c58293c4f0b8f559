"""The discrete action layout of the environments: one ``Discrete(n)`` with a mask.

Index 0 folds, index 1 checks or calls, the next ``k`` indexes bet or raise (sizes by
the layout's rule, below), and in draw games the last ``2**c`` indexes draw: the bits
of ``index - first_draw`` name the cards to discard, bit ``i`` the ``i``-th lowest of
the player's cards by card index (the order of the ``own cards`` plane of the
observation). A mask says which indexes the engine allows now; an unmasked index
raises :class:`~pokerhash.errors.IllegalActionError` and changes nothing — never a
substitution.

Raise sizes (``bet/raise to``, the player's total in front of them this round):

- ``"abstract"``: half the pot, the pot, and the largest legal raise (all-in in
  no-limit, the pot in pot-limit);
- ``"pot"``: the minimum raise, each of ``fractions`` of the pot, the largest;
- ``"big-blinds"``: the minimum, every whole number of big blinds 1..``cap``, the largest.

A pot fraction ``f`` raises to ``highest bet + f × (pot + call)`` (the pot after
calling), rounded to the nearest chip. A size below the minimum raise or above the
largest is masked. When the engine offers fixed amounts instead of a range (fixed
limit, a stud bring-in), raise index ``j`` goes to the ``j``-th smallest of them
(bring-in: 0 posts the bring-in, 1 completes) — every layout has at least three.
"""

from __future__ import annotations

import operator
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from .._checks import as_int_in
from ..betting import Action, ActionKind, LegalActions, normalized_action
from ..errors import IllegalActionError, InvalidValueError
from ..engine import Hand, PendingKind, Variant

__all__ = ["ActionLayout"]

FOLD = Action.fold()
CHECK = Action.check()
CALL = Action.call()
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_DECISION = PendingKind.DECISION
_BRING_IN = PendingKind.BRING_IN
_DRAW = PendingKind.DRAW
_MODES = ("abstract", "pot", "big-blinds")
# Fields of the engine's records read at every decision, by position: Pending,
# LegalActions and Action are NamedTuples, whose attribute read is a descriptor call
# (~120 instructions compiled) where a tuple index is ~20. tests/test_rl.py checks
# the positions against the records' _fields.
PENDING_KIND, PENDING_SEAT, PENDING_LEGAL, PENDING_COUNT = 0, 1, 2, 3
LEGAL_PLAYER, LEGAL_CAN_CHECK, LEGAL_CALL, LEGAL_RAISE_KIND, LEGAL_MIN_TO, LEGAL_MAX_TO, LEGAL_FIXED = 0, 1, 2, 4, 5, 6, 7
ACTION_KIND, ACTION_TO = 0, 1
# The same positions as C ints when compiled (actions.pxd), read through _field:
# compiled, _records.pxd's, which reads the tuple's item in C; uncompiled, this
# line's getitem. (The public names above stay Python ints: other modules import them.)
_KIND, _SEAT, _LEGAL, _COUNT = PENDING_KIND, PENDING_SEAT, PENDING_LEGAL, PENDING_COUNT
_PLAYER, _CAN_CHECK, _CALL, _RAISE_KIND, _MIN_TO, _MAX_TO, _FIXED = (
    LEGAL_PLAYER, LEGAL_CAN_CHECK, LEGAL_CALL, LEGAL_RAISE_KIND, LEGAL_MIN_TO, LEGAL_MAX_TO, LEGAL_FIXED)
globals().setdefault("_field", operator.getitem)


class ActionLayout:
    """The action indexes of one game: ``size`` indexes, named by :attr:`names`.

    ``mode`` and ``fractions``/``cap`` choose the raise sizes (module docstring);
    ``unit`` is the big blind in chips (the ``big-blinds`` sizes)."""

    def __init__(self, variant: Variant, mode: str = "abstract", *, fractions: Sequence[float] = (0.5, 0.75, 1.0),
                 cap: int = 100, unit: int = 2) -> None:
        if mode not in _MODES:
            raise InvalidValueError(f"actions must be one of {', '.join(_MODES)}, not {mode!r}")
        fractions = tuple(float(f) for f in fractions)
        if mode == "pot" and (not fractions or any(not f > 0 for f in fractions)):
            raise InvalidValueError(f"pot fractions must be positive, not {fractions}")
        if mode == "big-blinds":
            cap = as_int_in(cap, "cap (big blinds)", 1)
        self.mode = mode
        self.unit = unit
        self._abstract = mode == "abstract"
        if mode == "abstract":
            self.fractions: Tuple[float, ...] = (0.5, 1.0)
            self._min_slot = False
        elif mode == "pot":
            self.fractions = fractions
            self._min_slot = True
        else:
            self.fractions = ()
            self._min_slot = True
        self.cap = cap if mode == "big-blinds" else 0
        self.raise_start = 2
        self.raise_count = int(self._min_slot) + len(self.fractions) + self.cap + 1
        self.draw_start = self.raise_start + self.raise_count
        draws = [street.draw for street in variant.streets if street.draw]
        # Draw games discard from the cards the first street deals (stud never draws).
        self.draw_cards = variant.streets[0].hole + variant.streets[0].up if draws else 0
        self.size = self.draw_start + (1 << self.draw_cards if draws else 0)
        self.names = self._names()
        # The draw indexes by the most cards a player may replace; masks by legal indexes.
        self._draw_indexes: Dict[int, Tuple[int, ...]] = {}
        self._masks: Dict[Tuple[int, ...], np.ndarray] = {}

    def _names(self) -> List[str]:
        names = ["fold", "check/call"]
        if self._min_slot:
            names.append("raise to the minimum")
        names += [f"raise {f:g} pot" for f in self.fractions]
        names += [f"raise to {k} bb" for k in range(1, self.cap + 1)]
        names.append("raise to the maximum")
        if self.draw_cards:
            names += [f"discard {_bit_text(bits, self.draw_cards)}" for bits in range(1 << self.draw_cards)]
        return names

    # -- masks -------------------------------------------------------------------

    def legal(self, hand, seat: int) -> Tuple[int, ...]:
        """The indexes legal for ``seat`` now, in increasing order."""
        # The Hand's field, not its ``pending`` property (compiled, a property read is a
        # Python attribute lookup).
        pending = _checked(hand)._pending
        if _field(pending, _SEAT) != seat:
            return ()
        kind = _field(pending, _KIND)
        if kind is _DRAW:
            return self._draws(_field(pending, _COUNT))
        return self._legal_moves(hand, _field(pending, _LEGAL), kind)

    def mask(self, hand, seat: int) -> np.ndarray:
        """An int8 array of :attr:`size`: 1 where the index is legal for ``seat`` now."""
        return self.mask_of(self.legal(hand, seat)).copy()

    def mask_of(self, indexes: Tuple[int, ...]) -> np.ndarray:
        """The mask of ``indexes`` (shared, cached: copy it before handing it out)."""
        mask = self._masks.get(indexes)
        if mask is None:
            if len(self._masks) > 4096:
                self._masks.clear()
            mask = self._masks[indexes] = np.zeros(self.size, np.int8)
            mask[list(indexes)] = 1
        return mask

    def _draws(self, most: int) -> Tuple[int, ...]:
        indexes = self._draw_indexes.get(most)
        if indexes is None:
            start = self.draw_start
            indexes = self._draw_indexes[most] = tuple(
                [start + bits for bits in range(1 << self.draw_cards) if bin(bits).count("1") <= most])
        return indexes

    def _legal_moves(self, hand, legal: LegalActions, kind) -> Tuple[int, ...]:
        """The legal indexes of a decision (fold, check/call and raises) or a bring-in
        (raises only). The abstract layout's common cases (no raise; a raise range
        without fixed amounts) are built here at once, without the general list."""
        if kind is _DECISION:
            if _field(legal, _RAISE_KIND) is None:
                return (0, 1)
            if self._abstract and _field(legal, _FIXED) is None:
                low, high = _field(legal, _MIN_TO), _field(legal, _MAX_TO)
                highest, after_call = _pot_terms(hand, legal)
                # raise_start is 2: half the pot (2), the pot (3), the largest (4).
                if low <= int(highest + 0.5 * after_call + 0.5) <= high:
                    if low <= int(highest + after_call + 0.5) <= high:
                        return (0, 1, 2, 3, 4)
                    return (0, 1, 2, 4)
                if low <= int(highest + after_call + 0.5) <= high:
                    return (0, 1, 3, 4)
                return (0, 1, 4)
            return (0, 1, *self._raise_slots(hand, legal, kind))
        return tuple(self._raise_slots(hand, legal, kind))

    def _raise_slots(self, hand, legal: LegalActions, kind) -> List[int]:
        """The legal raise indexes."""
        if legal[LEGAL_RAISE_KIND] is None and kind is _DECISION:
            return []
        start = self.raise_start
        fixed = legal[LEGAL_FIXED]
        if fixed is not None:
            return list(range(start, start + len(fixed)))
        low, high = legal[LEGAL_MIN_TO], legal[LEGAL_MAX_TO]
        slots = []
        slot = start
        if self._min_slot:
            slots.append(slot)
            slot += 1
        if self.fractions:
            highest, after_call = _pot_terms(hand, legal)
            for f in self.fractions:
                if low <= int(highest + f * after_call + 0.5) <= high:
                    slots.append(slot)
                slot += 1
        if self.cap:
            unit = self.unit
            first = max(1, -(-low // unit))
            last = min(self.cap, high // unit)
            slots.extend(range(slot + first - 1, slot + last))
            slot += self.cap
        slots.append(slot)
        return slots

    # -- from an index to the engine --------------------------------------------

    def response(self, hand, seat: int, index: int, legal: Optional[Tuple[int, ...]] = None):
        """What ``index`` asks the engine for: an Action, or the cards to discard.
        IllegalActionError (naming what is legal) when ``index`` is not among the
        ``legal`` indexes (default: :meth:`legal`)."""
        pending = _checked(hand)._pending
        if legal is None:
            legal = self.legal(hand, seat)
        if index not in legal:
            name = self.names[index] if 0 <= index < self.size else f"index {index}"
            raise IllegalActionError(f"action {index} ({name}) is not legal for seat {seat} now "
                                     f"({hand.pending}); legal: {', '.join([self.names[i] for i in legal]) or 'none'}")
        if index >= self.draw_start:
            bits = index - self.draw_start
            held = sorted(hand.hole_cards(seat))
            return tuple([card for i, card in enumerate(held) if bits >> i & 1])
        if index == 0:
            return FOLD
        options = _field(pending, _LEGAL)
        if index == 1:
            return CHECK if _field(options, _CAN_CHECK) else CALL
        slot = index - self.raise_start
        # The requests Action.bet_to / Action.raise_to make, without their checks (an
        # int amount, no player): made at every raise.
        fixed = _field(options, _FIXED)
        if fixed is not None:
            return normalized_action(_BET, fixed[slot], 0, False, None)
        return normalized_action(_RAISE, self._raise_to(hand, options, slot), 0, False, None)

    def _raise_to(self, hand, legal: LegalActions, slot: int) -> int:
        if self._min_slot:
            if slot == 0:
                return legal[LEGAL_MIN_TO]
            slot -= 1
        if slot < len(self.fractions):
            highest, after_call = _pot_terms(hand, legal)
            return int(highest + self.fractions[slot] * after_call + 0.5)
        slot -= len(self.fractions)
        if slot < self.cap:
            return (slot + 1) * self.unit
        return legal[LEGAL_MAX_TO]


def _checked(hand: Hand) -> Hand:
    if not isinstance(hand, Hand):
        raise InvalidValueError(f"hand must be a pokerhash.engine.Hand, not {hand!r}")
    return hand


def _pot_terms(hand, legal: LegalActions) -> Tuple[int, int]:
    """The highest bet of the round and the pot after the player to act calls."""
    call = _field(legal, _CALL)
    pot = hand._dead  # :attr:`Hand.pot` inline (compiled, a property read is a Python attribute lookup)
    for chips in hand._contributed:
        pot += chips
    return hand.round_bets()[_field(legal, _PLAYER)] + call, pot + call


def _bit_text(bits: int, count: int) -> str:
    """Which of the held cards (lowest first) a draw index discards, e.g. ``10010``."""
    return "".join("1" if bits >> i & 1 else "0" for i in range(count))
