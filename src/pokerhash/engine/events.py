"""The typed event log of a hand (:attr:`pokerhash.engine.Hand.events`).

Every event is a small named tuple, cheap to make and to compare; seats are the
table's seat numbers and cards ints 0..51. In dealing order a hand logs:

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

from typing import Any, NamedTuple, Optional, Tuple, Union

__all__ = ["Act", "Burn", "Deal", "Draw", "Event", "Muck", "Post", "Rake", "Redeal", "Reshuffle", "Return", "Show",
           "Start", "Win"]


class Start(NamedTuple):
    variant: Any
    seats: Tuple[int, ...]
    stacks: Tuple[int, ...]
    button: int
    stakes: Any
    options: Any
    missed_blinds: Tuple[Tuple[int, int, int], ...] = ()


class Post(NamedTuple):
    seat: int
    kind: Any  # pokerhash.betting.ForcedKind
    amount: int


class Burn(NamedTuple):
    card: Optional[int]


class Deal(NamedTuple):
    seat: Optional[int]
    cards: Tuple[int, ...]
    face_up: bool = False
    run: int = 0


class Act(NamedTuple):
    seat: int
    action: Any  # pokerhash.betting.Action


class Draw(NamedTuple):
    seat: int
    discarded: Tuple[int, ...]


class Reshuffle(NamedTuple):
    cards: Tuple[int, ...]


class Redeal(NamedTuple):
    pot: int


class Show(NamedTuple):
    seat: int
    cards: Tuple[int, ...]
    high: Optional[int]
    low: Optional[int]
    run: int = 0


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


#: Any event of the log.
Event = Union[Start, Post, Burn, Deal, Act, Draw, Reshuffle, Redeal, Show, Muck, Return, Rake, Win]
