"""What one seat may see of a hand (for bots, agents and servers)."""

from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from . import events as ev

__all__ = ["View"]


class View:
    """What ``seat`` may see of a :class:`~pokerhash.engine.Hand` when it is made: its
    own cards, everyone's face-up and shown cards, chips, board and what the hand waits
    for. Other players' face-down cards are hidden (None in :attr:`events`).

    A view is a copy of that public information, taken when :meth:`Hand.view
    <pokerhash.engine.Hand.view>` is called, and holds no reference to the hand: an
    agent given a view cannot reach opponents' cards or the deck, nor act on the hand.
    (Nothing in Python stops code that walks the interpreter's own objects, e.g.
    through ``gc``; agents that may not be trusted that far belong in another process,
    as with :mod:`pokerhash.acpc`.) Make a new view to see later actions.
    """

    __slots__ = ("seat", "variant", "seats", "button", "pending", "hole_cards", "board", "stacks", "bets", "pot",
                 "folded", "lowest_rank", "_up", "_events")

    def __init__(self, hand, seat: int) -> None:
        self.seat = seat
        self.variant = hand.variant
        self.seats: Tuple[int, ...] = hand.seats
        self.button: int = hand.button
        #: What the hand waits for (anyone's turn; :attr:`legal` says if it is ours).
        self.pending = hand.pending
        self.hole_cards: Tuple[int, ...] = hand.hole_cards(seat)
        self.board: Tuple[int, ...] = hand.board
        self.stacks: Dict[int, int] = hand.stacks
        self.bets: Dict[int, int] = hand.bets
        self.pot: int = hand.pot
        self.folded: Tuple[int, ...] = hand.folded
        #: The deck's lowest rank (Turkish poker strips the deck; see Hand.lowest_rank).
        self.lowest_rank: int = hand.lowest_rank
        self._up = {other: hand.up_cards(other) for other in hand.seats}
        self._events = _seen(hand.events, seat)

    @property
    def legal(self):
        """Our legal actions when it is our decision or bring-in, else None."""
        pending = self.pending
        return pending.legal if pending.seat == self.seat else None

    def up_cards(self, seat: int) -> Tuple[int, ...]:
        """``seat``'s face-up cards (stud)."""
        try:
            return self._up[seat]
        except (KeyError, TypeError):
            from ..errors import InvalidValueError

            raise InvalidValueError(f"seat {seat!r} is not in this hand (seats {list(self.seats)})") from None

    @property
    def events(self) -> List[ev.Event]:
        """The log as this seat saw it: others' face-down deals and discards hidden."""
        return list(self._events)

    def __repr__(self) -> str:
        return f"View(seat {self.seat}: {self.pending})"


def _seen(events: List[ev.Event], seat: Optional[int]) -> Tuple[ev.Event, ...]:
    seen = []
    for event in events:
        kind = type(event)
        if kind is ev.Deal and event.seat is not None and event.seat != seat and not event.face_up:
            event = event._replace(cards=(None,) * len(event.cards))
        elif kind is ev.Draw and event.seat != seat:
            event = event._replace(discarded=(None,) * len(event.discarded))
        elif kind is ev.Burn:
            event = ev.Burn(None)
        seen.append(event)
    return tuple(seen)
