"""A hand's event log as the states a replayer shows, one per step.

:func:`hand_frames` walks :attr:`pokerhash.engine.Hand.events` once and records, after
each event (burns aside), what the table looks like: stacks, the chips in front of each
player, the pot, every player's cards (face up, face down, shown, discarded), the
board(s), who folded, who acted and what was won. It reads the log only, so a hand
rebuilt from a PHH history or an imported site hand replays the same way; the states
are plain lists and dicts, ready for JSON (the HTML replayer) or for tests.

Chips: the walker moves chips as the events say (a post or an action's ``chips``
from the stack to the bets, the bets to the pot when a betting round ends, wins and
returns from the pot to the stacks), so stacks + bets + pot stay equal to the chips
the hand started with, less the rake.
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence

from ..betting import ActionKind, ForcedKind
from ..cards import card_str
from ..engine import events as ev
from ..errors import InvalidValueError

__all__ = ["hand_frames", "street_names"]

_ORDINAL = {3: "3rd", 4: "4th", 5: "5th", 6: "6th", 7: "7th"}


def street_names(variant) -> List[str]:
    """A name for each betting round of ``variant``: preflop, flop, turn, river;
    3rd to 7th street in stud; before the draw, after the 1st draw, ... in draw games."""
    streets = variant.streets
    if variant.is_stud:
        return [f"{_ORDINAL.get(i + 3, str(i + 3) + 'th')} street" for i in range(len(streets))]
    if any(street.board for street in streets):
        names, dealt = [], 0
        for street in streets:
            dealt += street.board
            names.append({0: "preflop", 3: "flop", 4: "turn", 5: "river"}.get(dealt, f"{dealt}-card board"))
        return names
    names = []
    for i, street in enumerate(streets):
        draws = sum(1 for s in streets[1:i + 1] if s.draw)
        names.append("before the draw" if draws == 0 else f"after draw {draws}")
    return names


def _verb(action) -> str:
    kind = action.kind
    if kind is ActionKind.FOLD:
        return "folds"
    if kind is ActionKind.CHECK:
        return "checks"
    text = {ActionKind.CALL: "calls {}", ActionKind.BET: "bets {}", ActionKind.RAISE: "raises to {}"}[kind]
    text = text.format("{%d}" % (action.chips if kind is ActionKind.CALL else action.to))
    return text + (" (all-in)" if action.is_all_in else "")


def hand_frames(hand, *, names: Optional[Dict[int, str]] = None, unknown: Sequence[int] = ()) -> Dict[str, Any]:
    """The replayer's data of ``hand`` (a :class:`~pokerhash.engine.Hand` with its
    event log, over or not; a :class:`~pokerhash.engine.View`, whose log hides what its
    seat may not see; or an event log): ``seats`` (seat numbers, clockwise from left of the
    button), ``names``, ``button``, ``game``, ``streets`` and ``steps``, one dict per
    step: ``text`` (what happened; amounts as ``{chips}`` placeholders the page
    formats; face-down cards inside ``[[...]]``, which the page hides until they are
    shown), ``street``, ``stacks``, ``bets``, ``pot``, ``cards`` (per seat, a list of
    ``[card text, face_up, shown, discarded]``), ``boards``, ``folded``, ``actor``
    (player index or -1), ``won`` (chips won so far per player) and ``event`` (the
    event's type name). Step 0 is the table before anything happens.

    ``unknown``: cards to draw face down whatever happens (the stand-ins a PHH history's
    ``??`` cards were replayed with)."""
    log = hand.events if hasattr(hand, "events") else list(hand)
    if not log or type(log[0]) is not ev.Start:
        raise InvalidValueError("the replayer needs a hand with its event log (log=True)")
    table = _Table(log[0], names or {}, set(unknown))
    table.record("The hand begins", "Start")
    for event in log[1:]:
        handler = _HANDLERS.get(type(event))
        if handler is not None:  # burns are not steps
            handler(table, event)
    return {"game": table.variant.name, "seats": table.seats, "names": [table.label[s] for s in table.seats],
            "button": log[0].button, "streets": table.streets, "steps": table.steps}


class _Table:
    """The table as the log has it so far, and the steps recorded."""

    def __init__(self, start: ev.Start, names: Dict[int, str], hidden: set) -> None:
        self.variant = start.variant
        self.seats = list(start.seats)
        self.index = {seat: i for i, seat in enumerate(self.seats)}
        n = self.n = len(self.seats)
        self.hidden = hidden
        self.label = {seat: names.get(seat, f"Seat {seat}") for seat in self.seats}
        self.stacks = list(start.stacks)
        self.bets = [0] * n
        self.won = [0] * n
        self.pot = 0
        self.folded = [False] * n
        self.cards: List[List[list]] = [[] for _ in range(n)]  # [text, face up, shown, discarded]
        self.boards: List[List[str]] = [[]]
        self.streets = street_names(self.variant)
        self.street = 0  # from the board's size, the cards a stud player holds, or the draws seen
        self.board_street: Dict[int, int] = {}
        dealt = 0
        for k, street in enumerate(self.variant.streets):
            dealt += street.board
            self.board_street.setdefault(dealt, k)
        self.betting = False  # chips were bet since the last sweep: the next deal ends the round
        self.drawing = False  # inside a round of draws
        self.shared = 0  # board cards dealt before the last action (run it twice shares them)
        self.steps: List[Dict[str, Any]] = []

    def text(self, cards) -> str:
        return " ".join("??" if c is None or c in self.hidden else card_str(c) for c in cards)

    def record(self, text: str, event: str, actor: int = -1) -> None:
        self.steps.append({
            "text": text, "event": event, "street": self.streets[min(self.street, len(self.streets) - 1)],
            "stacks": self.stacks[:], "bets": self.bets[:], "pot": self.pot, "folded": self.folded[:],
            "actor": actor, "won": self.won[:], "cards": [[c[:] for c in held] for held in self.cards],
            "boards": [b[:] for b in self.boards]})

    def sweep(self) -> None:
        """The bets in front of the players go into the pot (a betting round ended)."""
        if self.betting:
            self.pot += sum(self.bets)
            self.bets = [0] * self.n
            self.betting = False

    def post(self, event: ev.Post) -> None:
        i = self.index[event.seat]
        self.stacks[i] -= event.amount
        if event.kind is ForcedKind.ANTE:
            self.pot += event.amount  # dead money, not a bet in front of the player
        else:
            self.bets[i] += event.amount
        self.record(f"{self.label[event.seat]} posts {event.kind.value} {{{event.amount}}}", "Post", i)

    def deal(self, event: ev.Deal) -> None:
        shown = self.text(event.cards)
        if event.seat is None:
            self.sweep()
            while len(self.boards) <= event.run:  # run it twice: the board dealt before the all-in, shared
                self.boards.append(self.boards[0][:self.shared])
            self.boards[event.run].extend(shown.split())
            self.street = self.board_street.get(len(self.boards[event.run]), self.street)
            what = "Second board" if event.run else self.streets[min(self.street, len(self.streets) - 1)].capitalize()
            self.record(f"{what}: {shown}", "Deal")
            return
        i = self.index[event.seat]
        held = self.cards[i]
        if any(card[3] for card in held):  # replacements after a draw
            held[:] = [card for card in held if not card[3]]
        elif self.betting:
            self.sweep()
        held.extend([text, event.face_up, False, False] for text in shown.split())
        if self.variant.is_stud:
            self.street = max(self.street, len(held) - 3)
        if event.face_up:
            self.record(f"{self.label[event.seat]} gets face up {shown}", "Deal", i)
        else:
            self.record(f"{self.label[event.seat]} is dealt [[{shown}]]", "Deal", i)

    def act(self, event: ev.Act) -> None:
        i = self.index[event.seat]
        action = event.action
        self.stacks[i] -= action.chips
        self.bets[i] += action.chips
        self.betting = True
        self.drawing = False
        self.shared = len(self.boards[0])
        if action.kind is ActionKind.FOLD:
            self.folded[i] = True
        self.record(f"{self.label[event.seat]} {_verb(action)}", "Act", i)

    def draw(self, event: ev.Draw) -> None:
        self.sweep()
        if not self.drawing:
            self.drawing = True
            self.street += 1
        i = self.index[event.seat]
        thrown = self.text(event.discarded).split()
        for card in self.cards[i]:
            if card[0] in thrown and not card[3]:
                thrown.remove(card[0])  # one "??" at a time
                card[3] = True
        if event.discarded:
            self.record(f"{self.label[event.seat]} discards {len(event.discarded)}: "
                        f"[[{self.text(event.discarded)}]]", "Draw", i)
        else:
            self.record(f"{self.label[event.seat]} stands pat", "Draw", i)

    def reshuffle(self, event: ev.Reshuffle) -> None:
        self.record(f"The stub runs short: {len(event.cards)} cards are reshuffled into a new stub", "Reshuffle")

    def redeal(self, event: ev.Redeal) -> None:
        self.sweep()
        self.cards = [[] for _ in range(self.n)]
        self.folded = [False] * self.n
        self.street, self.drawing = 0, False
        self.record(f"Nobody opens: the hands are dead, the pot of {{{event.pot}}} stays, everyone antes again",
                    "Redeal")

    def show(self, event: ev.Show) -> None:
        self.sweep()
        i = self.index[event.seat]
        for card in self.cards[i]:
            card[2] = True
        values = []
        if event.high is not None and self.variant.high is not None:
            values.append(self.variant.high.describe(event.high))
        if event.low is not None and self.variant.low is not None:
            values.append(self.variant.low.describe(event.low) if event.low else "no low")
        board = " on the second board" if event.run else ""
        self.record(f"{self.label[event.seat]} shows {self.text(event.cards)}{board}"
                    + (f": {'; '.join(values)}" if values else ""), "Show", i)

    def muck(self, event: ev.Muck) -> None:
        self.sweep()
        self.record(f"{self.label[event.seat]} mucks", "Muck", self.index[event.seat])

    def give_back(self, event: ev.Return) -> None:
        self.sweep()
        i = self.index[event.seat]
        self.pot -= event.amount
        self.stacks[i] += event.amount
        self.record(f"Uncalled {{{event.amount}}} returned to {self.label[event.seat]}", "Return", i)

    def rake(self, event: ev.Rake) -> None:
        self.sweep()
        self.pot -= event.amount
        self.record(f"Rake {{{event.amount}}}", "Rake")

    def win(self, event: ev.Win) -> None:
        self.sweep()
        i = self.index[event.seat]
        self.pot -= event.amount
        self.stacks[i] += event.amount
        self.won[i] += event.amount
        which = "the main pot" if event.pot == 0 else f"side pot {event.pot}"
        board = " on the second board" if event.run else ""
        self.record(f"{self.label[event.seat]} wins {{{event.amount}}} from {which}{board} "
                    f"({getattr(event.reason, 'value', event.reason)})", "Win", i)


_HANDLERS = {ev.Post: _Table.post, ev.Deal: _Table.deal, ev.Act: _Table.act, ev.Draw: _Table.draw,
             ev.Reshuffle: _Table.reshuffle, ev.Redeal: _Table.redeal, ev.Show: _Table.show, ev.Muck: _Table.muck,
             ev.Return: _Table.give_back, ev.Rake: _Table.rake, ev.Win: _Table.win}
