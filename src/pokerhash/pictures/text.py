"""The readable text of the engine's objects: ``str(hand)``, a result as a table.

The engine's classes call these (lazily: the text is made only when printed), so the
layout lives in one place and the engine's modules stay about the game.
"""

from __future__ import annotations

import re
from typing import Iterable, List, NamedTuple, Optional, Tuple

from ..cards import card_str
from .tables import aligned

__all__ = ["cards_text", "hand_text", "result_text", "stakes_text"]


def cards_text(cards: Iterable[Optional[int]]) -> str:
    """Cards as text, ``??`` for a hidden one (None): ``"As Kd ??"``."""
    return " ".join("??" if c is None else card_str(c) for c in cards)


def _amounts(text: str) -> str:
    """A step's text as plain text: amounts written out, face-down cards as they are
    (the text is built from what its reader may see)."""
    return re.sub(r"\{(-?\d+)\}", r"\1", text).replace("[[", "").replace("]]", "")


def stakes_text(variant, stakes) -> str:
    """``"no-limit, blinds 1/2, ante 1"`` and so on: what a player reads off a table."""
    parts = [variant.limit.value]
    if stakes.blinds:
        parts.append("blinds " + "/".join(map(str, stakes.blinds)))
    if stakes.button_blind:
        parts.append(f"button blind {stakes.button_blind}")
    if stakes.straddle:
        parts.append(f"straddle {stakes.straddle}")
    if stakes.ante:
        parts.append(f"{'big-blind ante' if stakes.big_blind_ante else 'ante'} {stakes.ante}")
    if stakes.bring_in:
        parts.append(f"bring-in {stakes.bring_in}")
    if variant.limit.value == "fixed-limit" or not stakes.blinds:
        small = stakes.small_bet or max(stakes.blinds + (stakes.button_blind,), default=0)
        big = stakes.big_bet or 2 * small
        parts.append(f"bets {small}/{big}" if variant.limit.value == "fixed-limit" else f"smallest bet {small}")
    return ", ".join(parts)


class SeatsTable(NamedTuple):
    """What the text and the HTML of a hand show: per seat (clockwise from left of the
    button) its cards as ``(text, face up)`` (``??`` hidden), stack, bet and notes."""

    where: str  # the street, or "over"
    seats: List[Tuple[int, List[Tuple[str, bool]], int, int, List[str], bool]]  # seat, cards, stack, bet, notes, to act
    frames: Optional[dict]


def seats_table(hand, seen=None) -> SeatsTable:
    from .frames import hand_frames, street_names

    log = (seen if seen is not None else hand).events
    frames = hand_frames(log) if log else None
    over = hand.is_over
    pending = hand.pending
    stacks, bets, folded = hand.stacks, hand.bets, set(hand.folded)
    won = hand.result.payouts if over else {}
    streets = street_names(hand.variant)
    rows = []
    for i, seat in enumerate(hand.seats):
        if frames is not None:
            held = [(card[0], card[1]) for card in frames["steps"][-1]["cards"][i] if not card[3]]
        else:
            up = set(hand.up_cards(seat))
            held = [(card_str(c), c in up) for c in hand.hole_cards(seat)]
        notes = [note for note, yes in (("button", seat == hand.button), ("folded", seat in folded),
                                        (f"won {won.get(seat)}", seat in won)) if yes]
        rows.append((seat, held, stacks[seat], bets[seat], notes, not over and pending.seat == seat))
    return SeatsTable("over" if over else streets[min(hand.street, len(streets) - 1)], rows, frames)


def hand_text(hand, *, seen=None) -> str:
    """Several lines: the game and stakes, each seat (stack, bet, cards, the button,
    folded, whose turn), the board, what the hand waits for and the action so far by
    street. ``seen``: a :class:`~pokerhash.engine.View` whose seat's eyes to use
    (others' face-down cards as ``??``)."""
    table = seats_table(hand, seen)
    over = hand.is_over
    pot = "" if over else f", pot {hand.pot}"
    lines = [f"{hand.variant.name}, {stakes_text(hand.variant, hand.stakes)}: {table.where}{pot}"]
    rows = [["", "seat", "stack", "bet", "cards", ""]]
    for seat, held, stack, bet, notes, to_act in table.seats:
        cards = " ".join(text + ("*" if up else "") for text, up in held)
        rows.append([">" if to_act else "", f"Seat {seat}", str(stack), str(bet or ""), cards or "-", ", ".join(notes)])
    lines += ["  " + line for line in aligned(rows, right=(2, 3))]
    boards = [cards_text(board) for board in hand.boards if board]
    if boards:
        lines.append("board: " + " | ".join(boards))
    if hand.variant.is_stud:
        lines.append("(* face up)")
    lines.append("the hand is over" if over else f"next: {hand.pending}")
    frames = table.frames
    if frames is not None:
        by_street: List[List[str]] = []
        street = None
        for step in frames["steps"][1:]:
            if step["event"] not in ("Post", "Act", "Draw", "Redeal"):
                continue
            if step["street"] != street:
                street = step["street"]
                by_street.append([f"{street}:"])
            by_street[-1].append(_amounts(step["text"]))
        if by_street:
            lines.append("action:")
            lines += ["  " + entries[0] + " " + ", ".join(entries[1:]) for entries in by_street]
    return "\n".join(lines)


def result_text(result) -> str:
    """A :class:`~pokerhash.engine.HandResult` as a short table: one row per award
    (the pot, the seat, the chips, why, the hand shown), then each seat's net."""
    shown = {(s.seat, s.run): s for s in result.shown}
    rows = [["pot", "seat", "won", "for", "with"]]
    runs = len(result.settlements)
    for run, settlement in enumerate(result.settlements):
        for number, pot in enumerate(settlement.pots):
            name = ("main" if number == 0 else f"side {number}") + (f", board {run + 1}" if runs > 1 else "")
            for award in pot.awards:
                hand = shown.get((award.seat, run))
                if hand is None:
                    with_ = "-"
                elif award.reason.value == "low":
                    with_ = f"{cards_text(hand.cards)}: {hand.low_text}"
                else:
                    with_ = f"{cards_text(hand.cards)}: {hand.high_text}"
                split = f" (split {award.split_ways} ways)" if award.split_ways > 1 else ""
                rows.append([name, str(award.seat), str(award.amount), award.reason.value + split, with_])
    lines = ["HandResult"] + ["  " + line for line in aligned(rows, right=(2,))]
    extra = []
    if result.returned:
        extra.append("returned " + ", ".join(f"seat {s}: {a}" for s, a in sorted(result.returned.items())))
    if result.rake:
        extra.append(f"rake {result.rake}")
    extra.append("net " + ", ".join(f"seat {s}: {a:+d}" for s, a in result.net.items()))
    return "\n".join(lines + ["  " + e for e in extra])
