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

    __slots__ = ("seat", "variant", "stakes", "seats", "button", "pending", "hole_cards", "board", "boards", "pot",
                 "street", "is_over", "result", "lowest_rank", "_up", "_stacks", "_bets", "_folded", "_events")

    def __init__(self, hand, seat: int) -> None:
        seats = hand.seats
        # One call for what a decision reads; the lists it returns are the hand's own,
        # so they are copied (to tuples) here.
        hole, board, up, stacks, bets, _, folded, pot, pending, _ = hand.snapshot(seats.index(seat))
        self.seat = seat
        self.variant = hand.variant
        self.seats: Tuple[int, ...] = seats
        self.button: int = hand.button
        #: What the hand waits for (anyone's turn; :attr:`legal` says if it is ours).
        self.pending = pending
        self.hole_cards: Tuple[int, ...] = hole
        self.board: Tuple[int, ...] = board
        self.pot: int = pot
        #: The deck's lowest rank (Turkish poker strips the deck; see Hand.lowest_rank).
        self.lowest_rank: int = hand.lowest_rank
        # Public as well, and values (no path back to the hand): what the text and HTML
        # of a view show beside the seats.
        self.stakes = hand.stakes
        self.street: int = hand.street
        self.boards: Tuple[Tuple[int, ...], ...] = tuple(tuple(b) for b in hand.boards)
        self.is_over: bool = hand.is_over
        #: The result once the hand is over (payouts and shown hands are public), else None.
        self.result = hand.result if self.is_over else None
        self._up = tuple(up)
        self._stacks = tuple(stacks)
        self._bets = tuple(bets)
        self._folded = tuple(folded)
        self._events = _seen_cached(hand, seat)

    @property
    def stacks(self) -> Dict[int, int]:
        """Chips behind each seat (bets in front of them excluded)."""
        return dict(zip(self.seats, self._stacks))

    @property
    def bets(self) -> Dict[int, int]:
        """Chips in front of each seat in the current betting round."""
        return dict(zip(self.seats, self._bets))

    @property
    def folded(self) -> Tuple[int, ...]:
        return tuple([seat for seat, out in zip(self.seats, self._folded) if out])

    @property
    def legal(self):
        """Our legal actions when it is our decision or bring-in, else None."""
        pending = self.pending
        return pending.legal if pending.seat == self.seat else None

    def up_cards(self, seat: int) -> Tuple[int, ...]:
        """``seat``'s face-up cards (stud)."""
        try:
            return self._up[self.seats.index(seat)]
        except ValueError:
            from ..errors import InvalidValueError

            raise InvalidValueError(f"seat {seat!r} is not in this hand (seats {list(self.seats)})") from None

    @property
    def events(self) -> List[ev.Event]:
        """The log as this seat saw it: others' face-down deals and discards hidden."""
        return list(self._events)

    def __repr__(self) -> str:
        return f"View(seat {self.seat}: {self.pending})"

    def __str__(self) -> str:
        """The hand as :meth:`Hand.__str__ <pokerhash.engine.Hand.__str__>` shows it, through this seat's eyes."""
        from ..pictures.text import hand_text

        return hand_text(self, seen=self)  # a view answers what the text reads of a hand

    def _repr_html_(self) -> str:
        from ..pictures.html import hand_html

        return hand_html(self, seen=self)


# A hand's log with every face-down card hidden, kept per hand (by id) as it grows,
# with where each seat's own hidden events are: a view copies it and puts its own
# cards back, so a view filters only the events new since the last one. No hand is
# kept here (an agent could reach this module); the hand's Start event, kept with the
# entry, tells a later hand that reuses the id apart.
_PUBLIC: Dict[int, list] = {}


def _seen_cached(hand, seat: Optional[int]) -> Tuple[ev.Event, ...]:
    events = hand.events
    if not events:
        return ()
    entry = _PUBLIC.get(id(hand))
    if entry is None or entry[0] is not events[0] or entry[1] > len(events):
        if len(_PUBLIC) > 64:
            _PUBLIC.clear()
        entry = _PUBLIC[id(hand)] = [events[0], 0, [], {}]
    public, own = entry[2], entry[3]
    for index in range(entry[1], len(events)):
        event = events[index]
        hidden = _seen((event,), None)[0]
        if hidden is not event and event[0] is not None and type(event) is not _Burn:
            own.setdefault(event[0], []).append(index)
        public.append(hidden)
    entry[1] = len(events)
    seen = public[:]
    for index in own.get(seat, ()):
        seen[index] = events[index]
    return tuple(seen)


_HIDDEN_BURN = ev.Burn(None)
_Deal, _Draw, _Burn = ev.Deal, ev.Draw, ev.Burn
_new = tuple.__new__  # NamedTuple's _replace costs several times more, once per event per view


def _seen(events: List[ev.Event], seat: Optional[int]) -> Tuple[ev.Event, ...]:
    seen = []
    append = seen.append
    for event in events:
        kind = type(event)
        if kind is _Deal:
            if event[0] is not None and event[0] != seat and not event[2]:
                event = _new(_Deal, (event[0], (None,) * len(event[1]), False, event[3]))
        elif kind is _Draw:
            if event[0] != seat:
                event = _new(_Draw, (event[0], (None,) * len(event[1])))
        elif kind is _Burn:
            event = _HIDDEN_BURN
        append(event)
    return tuple(seen)
