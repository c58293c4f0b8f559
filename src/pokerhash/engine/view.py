"""What one seat may see of a hand (for bots, agents and servers)."""

from __future__ import annotations

from typing import Dict, List, Tuple

from . import events as ev

__all__ = ["View"]


class View:
    """A read-only window on a :class:`~pokerhash.engine.Hand` for ``seat``: its own
    cards, everyone's face-up and shown cards, chips, board and what the hand waits
    for. Other players' face-down cards are hidden (None in :attr:`events`). The view
    follows the hand live; it copies nothing until read."""

    __slots__ = ("_hand", "seat")

    def __init__(self, hand, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    @property
    def variant(self):
        return self._hand.variant

    @property
    def seats(self) -> Tuple[int, ...]:
        """The seats in the hand, clockwise from left of the button."""
        return self._hand.seats

    @property
    def button(self) -> int:
        return self._hand.button

    @property
    def pending(self):
        """What the hand waits for (anyone's turn; :attr:`legal` says if it is ours)."""
        return self._hand.pending

    @property
    def legal(self):
        """Our legal actions when it is our decision or bring-in, else None."""
        pending = self._hand.pending
        return pending.legal if pending.seat == self.seat else None

    @property
    def hole_cards(self) -> Tuple[int, ...]:
        return self._hand.hole_cards(self.seat)

    def up_cards(self, seat: int) -> Tuple[int, ...]:
        return self._hand.up_cards(seat)

    @property
    def board(self) -> Tuple[int, ...]:
        return self._hand.board

    @property
    def stacks(self) -> Dict[int, int]:
        return self._hand.stacks

    @property
    def bets(self) -> Dict[int, int]:
        return self._hand.bets

    @property
    def pot(self) -> int:
        return self._hand.pot

    @property
    def folded(self) -> Tuple[int, ...]:
        return self._hand.folded

    @property
    def events(self) -> List[ev.Event]:
        """The log as this seat saw it: others' face-down deals and discards hidden."""
        seen = []
        for event in self._hand.events:
            kind = type(event)
            if kind is ev.Deal and event.seat is not None and event.seat != self.seat and not event.face_up:
                event = event._replace(cards=(None,) * len(event.cards))
            elif kind is ev.Draw and event.seat != self.seat:
                event = event._replace(discarded=(None,) * len(event.discarded))
            elif kind is ev.Burn:
                event = ev.Burn(None)
            seen.append(event)
        return seen

    def __repr__(self) -> str:
        return f"View(seat {self.seat}: {self._hand.pending})"

    def __str__(self) -> str:
        """The hand as :meth:`Hand.__str__ <pokerhash.engine.Hand.__str__>` shows it, through this seat's eyes."""
        from ..pictures.text import hand_text

        return hand_text(self._hand, seen=self)

    def _repr_html_(self) -> str:
        from ..pictures.html import hand_html

        return hand_html(self._hand, seen=self)
