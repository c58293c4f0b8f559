"""What every picture of a played hand reads: an engine hand, a PHH history or a replay,
turned into the hand, its players' names and the cards nobody knows."""

from __future__ import annotations

from typing import Any, Dict, NamedTuple, Optional, Set

from ..errors import InvalidValueError


class Source(NamedTuple):
    hand: Any  # pokerhash.engine.Hand, its event log on
    names: Dict[int, str]  # by seat; empty: "Seat N"
    unknown: Set[int]  # stand-ins of a history's "??" cards: always drawn face down
    note: str  # the replay's note (a history that stops early, players filled in)
    decimals: int  # the unit of the history's amounts
    label: Optional[str]  # the history's hand, event or table field


def read_source(item: Any) -> Source:
    from ..engine import Hand
    from ..engine.history import HandHistory
    from ..engine.history_hands import Replay, replay

    if isinstance(item, Hand):
        return Source(item, {}, set(), "", 0, None)
    if isinstance(item, Replay):
        return Source(item.hand, {}, set(), item.note, 0, None)
    if not isinstance(item, HandHistory):
        raise InvalidValueError(f"a picture of a played hand takes an engine Hand, a PHH HandHistory or "
                                f"its replay, not {type(item).__name__}")
    replayed = replay(item, fill_in=True)
    players = item.fields.get("players")
    if isinstance(players, list) and len(players) == len(replayed.seats):
        names = {seat: str(name) for seat, name in zip(replayed.seats, players)}
    else:
        names = {seat: f"p{k + 1}" for k, seat in enumerate(replayed.seats)}
    # The history's "??" cards were replayed with stand-ins that no action names.
    named = {card for action in item.parsed_actions() for card in action.cards or () if card is not None}
    dealt = {card for event in replayed.hand.events for card in getattr(event, "cards", None) or ()
             if isinstance(card, int)}
    label = item.fields.get("hand") or item.fields.get("event") or item.fields.get("table")
    return Source(replayed.hand, names, dealt - named, replayed.note, item.decimals,
                  None if label is None else str(label))
