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
        from ..errors import InvalidValueError

        raise InvalidValueError("the replayer needs a hand with its event log (log=True)")
    start = log[0]
    seats = list(start.seats)
    index = {seat: i for i, seat in enumerate(seats)}
    n = len(seats)
    hidden = set(unknown)
    label = {seat: (names or {}).get(seat, f"Seat {seat}") for seat in seats}
    stacks = list(start.stacks)
    bets = [0] * n
    won = [0] * n
    pot = 0
    folded = [False] * n
    cards: List[List[list]] = [[] for _ in range(n)]
    boards: List[List[str]] = [[]]
    street = 0
    betting = False  # chips were bet since the last sweep: the next deal ends the round
    streets = street_names(start.variant)
    steps: List[Dict[str, Any]] = []

    def text_of(card: Optional[int]) -> str:
        return "??" if card is None or card in hidden else card_str(card)

    def record(text: str, event: str, actor: int = -1) -> None:
        steps.append({"text": text, "event": event, "street": streets[min(street, len(streets) - 1)],
                      "stacks": stacks[:], "bets": bets[:], "pot": pot, "folded": folded[:], "actor": actor,
                      "won": won[:], "cards": [[c[:] for c in held] for held in cards],
                      "boards": [b[:] for b in boards]})

    # The street: from the board's size, the cards a stud player holds, or the draws seen.
    board_street = {}
    dealt = 0
    for k, s in enumerate(start.variant.streets):
        dealt += s.board
        board_street.setdefault(dealt, k)
    drawing = False
    shared = 0  # board cards dealt before the last action

    def sweep() -> None:
        nonlocal pot, betting
        if betting:
            pot += sum(bets)
            bets[:] = [0] * n
            betting = False

    record("The hand begins", "Start")
    for event in log[1:]:
        kind = type(event)
        if kind is ev.Burn:
            continue
        if kind is ev.Post:
            i = index[event.seat]
            stacks[i] -= event.amount
            if event.kind is ForcedKind.ANTE:
                pot += event.amount
            else:
                bets[i] += event.amount
            record(f"{label[event.seat]} posts {event.kind.value} {{{event.amount}}}", "Post", i)
        elif kind is ev.Deal:
            if event.seat is None:
                sweep()
                while len(boards) <= event.run:  # run it twice: the board dealt before the all-in, shared
                    boards.append(boards[0][:shared])
                boards[event.run].extend(text_of(c) for c in event.cards)
                street = board_street.get(len(boards[event.run]), street)
                what = "Second board" if event.run else streets[min(street, len(streets) - 1)].capitalize()
                record(f"{what}: {' '.join(text_of(c) for c in event.cards)}", "Deal")
            else:
                i = index[event.seat]
                if any(card[3] for card in cards[i]):  # replacements after a draw
                    cards[i] = [card for card in cards[i] if not card[3]]
                elif betting:
                    sweep()
                cards[i].extend([text_of(c), event.face_up, False, False] for c in event.cards)
                if start.variant.is_stud:
                    street = max(street, len(cards[i]) - 3)
                shown = " ".join(text_of(c) for c in event.cards)
                if event.face_up:
                    record(f"{label[event.seat]} gets face up {shown}", "Deal", i)
                else:
                    record(f"{label[event.seat]} is dealt [[{shown}]]", "Deal", i)
        elif kind is ev.Act:
            i = index[event.seat]
            action = event.action
            stacks[i] -= action.chips
            bets[i] += action.chips
            betting = True
            drawing = False
            shared = len(boards[0])
            if action.kind is ActionKind.FOLD:
                folded[i] = True
            record(f"{label[event.seat]} {_verb(action)}", "Act", i)
        elif kind is ev.Draw:
            sweep()
            if not drawing:
                drawing = True
                street += 1
            i = index[event.seat]
            thrown = [text_of(c) for c in event.discarded]
            for card in cards[i]:
                if card[0] in thrown and not card[3]:
                    thrown.remove(card[0])  # one "??" at a time
                    card[3] = True
            if event.discarded:
                record(f"{label[event.seat]} discards {len(event.discarded)}: "
                       f"[[{' '.join(text_of(c) for c in event.discarded)}]]", "Draw", i)
            else:
                record(f"{label[event.seat]} stands pat", "Draw", i)
        elif kind is ev.Reshuffle:
            record(f"The stub runs short: {len(event.cards)} cards are reshuffled into a new stub", "Reshuffle")
        elif kind is ev.Redeal:
            sweep()
            cards = [[] for _ in range(n)]
            folded = [False] * n
            street, drawing = 0, False
            record(f"Nobody opens: the hands are dead, the pot of {{{event.pot}}} stays, everyone antes again",
                   "Redeal")
        elif kind is ev.Show:
            sweep()
            i = index[event.seat]
            for card in cards[i]:
                card[2] = True
            values = []
            variant = start.variant
            if event.high is not None and variant.high is not None:
                values.append(variant.high.describe(event.high))
            if event.low is not None and variant.low is not None:
                values.append(variant.low.describe(event.low) if event.low else "no low")
            board = " on the second board" if event.run else ""
            record(f"{label[event.seat]} shows {' '.join(text_of(c) for c in event.cards)}{board}"
                   + (f": {'; '.join(values)}" if values else ""), "Show", i)
        elif kind is ev.Muck:
            sweep()
            i = index[event.seat]
            record(f"{label[event.seat]} mucks", "Muck", i)
        elif kind is ev.Return:
            sweep()
            i = index[event.seat]
            pot -= event.amount
            stacks[i] += event.amount
            record(f"Uncalled {{{event.amount}}} returned to {label[event.seat]}", "Return", i)
        elif kind is ev.Rake:
            sweep()
            pot -= event.amount
            record(f"Rake {{{event.amount}}}", "Rake")
        elif kind is ev.Win:
            sweep()
            i = index[event.seat]
            pot -= event.amount
            stacks[i] += event.amount
            won[i] += event.amount
            which = "the main pot" if event.pot == 0 else f"side pot {event.pot}"
            board = " on the second board" if event.run else ""
            reason = {"uncontested": "uncontested", "high": "high", "low": "low"}.get(event.reason.value,
                                                                                      event.reason.value)
            record(f"{label[event.seat]} wins {{{event.amount}}} from {which}{board} ({reason})", "Win", i)
    return {"game": start.variant.name, "seats": seats, "names": [label[s] for s in seats], "button": start.button,
            "streets": streets, "steps": steps}
