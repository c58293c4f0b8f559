"""The typed event log of a hand (:attr:`pokerhash.engine.Hand.events`).

Every event is a small named tuple, cheap to make and to compare; seats are the
table's seat numbers and cards ints 0..51 (their reprs write the cards as text,
``Deal(seat=1, cards=[As Kd])``). In dealing order a hand logs:

- :class:`Start` — the game, the seats in clockwise order from left of the
  button, their stacks, the button, the stakes and options (everything
  :meth:`~pokerhash.engine.Hand.replay` needs to rebuild the hand), and the
  (seat, live, dead) blinds owed by players coming back from sitting out;
- :class:`Post` — an ante, blind, straddle or bring-in: ``amount`` is what was
  actually posted (less when the player is all-in); a stud bring-in for the full
  small bet (completing) is a ``Post`` of kind bring-in for the small bet; a dead
  missed blind is a ``Post`` of kind ante (dead money);
- :class:`Burn` — a burned card (``card`` None when a caller dealt it unseen);
- :class:`Deal` — cards to one seat (``face_up`` for stud's up cards) or, with
  ``seat`` None, to the board; ``run`` is 1 for the second board of run it twice;
- :class:`Act` — a player's normalized :class:`~pokerhash.betting.Action` (its
  ``player`` is the seat);
- :class:`Protect` — disconnect protection: the player to act is made all-in
  for the chips already in and keeps ``kept`` chips behind
  (:meth:`~pokerhash.engine.Hand.protect`);
- :class:`Draw` — the cards a player discards (empty: stands pat); the
  replacements follow as a :class:`Deal`;
- :class:`Reshuffle` — the stub ran short in a draw: the listed burns and
  discards were shuffled with the stub's last card into a new stub (rules: The games and their flow);
- :class:`Redeal` — nobody opened (Turkish poker): the hands are dead, the pot
  stays and everyone antes again;
- :class:`Show` — a hand shown at showdown with its values (``low`` 0: no low;
  None in games without one); :class:`Muck` — a hand given up unshown;
- :class:`Return` — uncalled chips back to their owner; :class:`Rake` — the
  house's chips; :class:`Win` — chips won from pot ``pot`` (0 = main) on board
  ``run`` with the :class:`~pokerhash.pots.Reason`.
"""

from __future__ import annotations

from typing import Any, Iterable, NamedTuple, Optional, Tuple, Union

from ..cards import card_str

__all__ = ["Act", "Burn", "Deal", "Draw", "Event", "Muck", "Post", "Protect", "Rake", "Redeal", "Reshuffle", "Return",
           "Show", "Start", "Win"]


def _cards(cards: Iterable[Optional[int]]) -> str:
    """Cards as people write them (``[As Kd]``; ``??`` hidden), for the reprs below."""
    return "[" + " ".join("??" if c is None else card_str(c) for c in cards) + "]"


def _enum(value: Any) -> Any:
    return getattr(value, "value", value)


class Start(NamedTuple):
    variant: Any
    seats: Tuple[int, ...]
    stacks: Tuple[int, ...]
    button: int
    stakes: Any
    options: Any
    missed_blinds: Tuple[Tuple[int, int, int], ...] = ()

    def __repr__(self) -> str:
        return (f"Start(variant={getattr(self.variant, 'name', self.variant)!r}, seats={self.seats}, "
                f"stacks={self.stacks}, button={self.button}, ...)")


class Post(NamedTuple):
    seat: int
    kind: Any  # pokerhash.betting.ForcedKind
    amount: int

    def __repr__(self) -> str:
        return f"Post(seat={self.seat}, kind={_enum(self.kind)}, amount={self.amount})"


class Burn(NamedTuple):
    card: Optional[int]

    def __repr__(self) -> str:
        return f"Burn({_cards((self.card,))[1:-1]})"


class Deal(NamedTuple):
    seat: Optional[int]
    cards: Tuple[int, ...]
    face_up: bool = False
    run: int = 0

    def __repr__(self) -> str:
        extra = (", face_up=True" if self.face_up else "") + (f", run={self.run}" if self.run else "")
        return f"Deal(seat={self.seat}, cards={_cards(self.cards)}{extra})"


class Act(NamedTuple):
    seat: int
    action: Any  # pokerhash.betting.Action

    def __repr__(self) -> str:
        return f"Act(seat={self.seat}, action={self.action})"


class Protect(NamedTuple):
    seat: int
    kept: int


class Draw(NamedTuple):
    seat: int
    discarded: Tuple[int, ...]

    def __repr__(self) -> str:
        return f"Draw(seat={self.seat}, discarded={_cards(self.discarded)})"


class Reshuffle(NamedTuple):
    cards: Tuple[int, ...]

    def __repr__(self) -> str:
        return f"Reshuffle(cards={_cards(self.cards)})"


class Redeal(NamedTuple):
    pot: int


class Show(NamedTuple):
    seat: int
    cards: Tuple[int, ...]
    high: Optional[int]
    low: Optional[int]
    run: int = 0

    def __repr__(self) -> str:
        run = f", run={self.run}" if self.run else ""
        return f"Show(seat={self.seat}, cards={_cards(self.cards)}, high={self.high}, low={self.low}{run})"


class Muck(NamedTuple):
    seat: int


class Return(NamedTuple):
    seat: int
    amount: int


class Rake(NamedTuple):
    amount: int


class Win(NamedTuple):
    seat: int
    amount: int
    pot: int
    reason: Any  # pokerhash.pots.Reason
    run: int = 0

    def __repr__(self) -> str:
        run = f", run={self.run}" if self.run else ""
        return f"Win(seat={self.seat}, amount={self.amount}, pot={self.pot}, reason={_enum(self.reason)}{run})"


#: Any event of the log.
Event = Union[Start, Post, Burn, Deal, Act, Protect, Draw, Reshuffle, Redeal, Show, Muck, Return, Rake, Win]
