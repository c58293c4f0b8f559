"""Which rules of RULES.md a finished hand used that other PHH readers play differently.

PHH writes what happened; a reader replays it by its own rules. pokerkit (the format's
reference reader) differs from RULES.md on a few points, and a hand that meets one of
them replays there to other stacks than the engine's, or not at all. The writer lists
them in the file's ``_pokerhash_rules`` field (:func:`rules_used`), so that a reader
knows which hands to trust to its own rules; docs/history.rst explains each:

- ``run-it-twice``: the rest of the board was dealt twice (PHH has one board).
- ``short-blind``: the big blind (or button blind) was posted all-in for less; the
  callers call the full blind (the card-room rule), pokerkit only what was posted.
- ``bring-in-all-in``: stud without the bring-in pokerkit asks for (its player was
  all-in on the ante), or with one it does not (every other player was all-in).
- ``dead-blind``: a missed blind was posted dead (``_pokerhash_dead_blinds``).
- ``short-all-in``: a fixed-limit bet or raise all-in for less than a full bet; half a
  bet or more reopens the betting (RULES §7), never in pokerkit.
- ``open-pair``: a stud bet on 4th street larger than the small bet (open pair).
- ``showing-tie``: stud players tied on the ranks of their showing cards for first to
  act (RULES §6 breaks the tie by suit, pokerkit by position).
- ``community-card``: stud's last card dealt as one community card (a short stub).
- ``stub-reshuffle``: a draw reshuffled the discards (the stub ran short).
- ``odd-chip``: a pot split unevenly (the odd chip's owner, pokerkit merging pots).
- ``no-low``: a hi/lo pot none of whose hands has a low while another hand has one
  (RULES §8: the high takes it all; pokerkit splits it).
- ``stud-by-position``: the option that the first player dealt acts first.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from ..betting import ActionKind, ForcedKind
from . import events as ev
from .hand import Hand
from .showing import showing_rank

__all__ = ["RULES", "rules_used"]

#: The names :func:`rules_used` gives, in the order it lists them.
RULES = ("run-it-twice", "short-blind", "bring-in-all-in", "dead-blind", "short-all-in", "open-pair", "showing-tie", "community-card",
         "stub-reshuffle", "odd-chip", "no-low", "stud-by-position")


def rules_used(hand: Hand) -> List[str]:
    """The rules of :data:`RULES` that the hand (over or not) used."""
    log = hand.events
    start = log[0]
    used = set()
    if len(hand.boards) > 1:
        used.add("run-it-twice")
    if start.options.stud_by_position:
        used.add("stud-by-position")
    if any(dead for _, _, dead in start.missed_blinds):
        used.add("dead-blind")
    stakes = start.stakes
    full_blind = max(stakes.blinds + (stakes.button_blind,))
    posted = [e.amount for e in log if type(e) is ev.Post and e.kind is ForcedKind.BLIND]
    if full_blind and posted and max(posted) < full_blind:
        used.add("short-blind")
    for event in log:
        if type(event) is ev.Reshuffle:
            used.add("stub-reshuffle")
        elif type(event) is ev.Deal and event.seat is None and hand.variant.is_stud:
            used.add("community-card")
    if hand.variant.is_stud and _bring_in_all_in(log):
        used.add("bring-in-all-in")
    used.update(_betting_rules(hand, log))
    if hand.is_over:
        used.update(_settlement_rules(hand))
    return [rule for rule in RULES if rule in used]


def _bring_in_all_in(log: list) -> bool:
    behind = dict(zip(log[0].seats, log[0].stacks))
    folded = set()
    for event in log:
        kind = type(event)
        if kind is ev.Post and event.kind is ForcedKind.BRING_IN:
            return not any(behind[seat] for seat in behind if seat != event.seat and seat not in folded)
        if kind is ev.Post:
            behind[event.seat] -= event.amount
        elif kind is ev.Act or kind is ev.Burn:
            return True  # 3rd street betting without a bring-in
    return False


def _betting_rules(hand: Hand, log: list) -> set:
    used = set()
    structure = hand.structure
    if structure.is_big_bet:
        return used
    small, big = structure.small_bet, structure.big_bet
    stud = hand.variant.is_stud
    level = street = 0
    up: Dict[int, Tuple[int, ...]] = {}
    folded = set()
    opened = True
    for event in log:
        kind = type(event)
        if kind is ev.Burn:
            street += 1
            opened = False
        if kind is ev.Deal and event.face_up and event.seat is not None:
            up[event.seat] = up.get(event.seat, ()) + event.cards
        if kind is ev.Act and stud and not opened:
            opened = True
            ranks = [showing_rank(up[seat], hand.variant.razz)[:2] for seat in up if seat not in folded]
            if ranks.count(max(ranks)) > 1:
                used.add("showing-tie")
        if kind is ev.Act and event.action.kind is ActionKind.FOLD:
            folded.add(event.seat)
        if kind in (ev.Burn, ev.Deal):
            level = 0
        elif kind is ev.Post and event.kind is ForcedKind.BRING_IN:
            level = event.amount
        elif kind is ev.Act and event.action.kind in (ActionKind.BET, ActionKind.RAISE):
            step = event.action.to - level
            if event.action.is_all_in and step < (small if street < structure.big_bet_street else big):
                used.add("short-all-in")
            if stud and street == 1 and step > small:
                used.add("open-pair")
            level = event.action.to
    return used


def _settlement_rules(hand: Hand) -> set:
    used = set()
    result = hand.result
    lows = {shown.seat: shown.low for shown in result.shown if shown.low}
    for settlement in result.settlements:
        for pot in settlement.pots:
            shares: Dict[object, List[int]] = {}
            for award in pot.awards:
                shares.setdefault(award.reason, []).append(award.amount)
            if any(len(set(amounts)) > 1 for amounts in shares.values()):
                used.add("odd-chip")
            if len(shares) == 2 and (pot.pot.amount - pot.rake) % 2:
                used.add("odd-chip")
            if hand.variant.low is not None and lows and len(pot.pot.eligible) > 1 \
                    and not any(seat in lows for seat in pot.pot.eligible):
                used.add("no-low")
    return used
