"""Which rules of the rules page a finished hand used that other PHH readers play differently.

PHH writes what happened; a reader replays it by its own rules. pokerkit (the format's
reference reader) differs from the rules on a few points, and a hand that meets one of
them replays there to other stacks than the engine's, or not at all. The writer lists
them in the file's ``_pokerhash_rules`` field (:func:`rules_used`), so that a reader
knows which hands to trust to its own rules; docs/history.rst explains each:

- ``run-it-twice``: the rest of the board was dealt twice (PHH has one board).
- ``short-blind``: the big blind (or button blind) was posted all-in for less, or not
  at all (its player all-in on the ante); the callers call the full blind (the
  card-room rule), pokerkit only what was posted.
- ``bring-in-all-in``: stud without the bring-in pokerkit asks for (its player was
  all-in on the ante), or with one it does not (every other player was all-in).
- ``dead-blind``: a missed blind was posted dead (``_pokerhash_dead_blinds``).
- ``short-all-in``: a fixed-limit bet or raise after an all-in for less than a full bet
  in the same round: half a bet or more reopens the betting and less may be completed
  (rules: Betting); pokerkit never reopens and adds a full bet to the all-in.
- ``open-pair``: a stud bet on 4th street larger than the small bet (open pair).
- ``showing-tie``: stud players tied on the ranks of their showing cards for first to
  act (the rules break the tie by suit, pokerkit by position: rules: The games and
  their flow).
- ``community-card``: stud's last card dealt as one community card (a short stub).
- ``stub-reshuffle``: a draw reshuffled the discards (the stub ran short).
- ``odd-chip``: a pot split unevenly (the odd chip's owner, pokerkit merging pots).
- ``no-low``: a hi/lo pot none of whose hands has a low while another hand has one
  (the high takes it all, rules: Pots, splitting and rake), where pokerkit splits it.
- ``short-deck-ranking``: the showdown's order of hands changes if a straight beats
  three of a kind (pokerkit's ``NS``) instead of losing to it (Triton: rules: Other games).
- ``stud-by-position``: the option that the first player dealt acts first.
- ``capped-table``: a player reached the cap of a capped table (``_pokerhash_cap``):
  he is all-in for the hand with chips behind, which PHH readers without the cap
  would have him bet.
- ``disconnect-protection``: a player was made all-in by disconnect protection
  (``_pokerhash_protected``: :meth:`~pokerhash.engine.Hand.protect`): PHH readers
  without it would ask him to act.
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from ..betting import ActionKind, ForcedKind
from . import events as ev
from .hand import Hand
from .showing import showing_rank
from .variants import SHORTDECK_HIGH, SHORTDECK_HIGH_CLASSIC

__all__ = ["RULE_NAMES", "rules_used"]

#: The names :func:`rules_used` gives, in the order it lists them.
RULE_NAMES = ("run-it-twice", "short-blind", "bring-in-all-in", "dead-blind", "short-all-in", "open-pair", "showing-tie",
         "community-card", "stub-reshuffle", "odd-chip", "no-low", "short-deck-ranking",
         "stud-by-position", "capped-table", "disconnect-protection")


def rules_used(hand: Hand) -> List[str]:
    """The rules of :data:`RULE_NAMES` that the hand (over or not) used."""
    log = hand.events
    start = log[0]
    used = set()
    if len(hand.boards) > 1:
        used.add("run-it-twice")
    if start.options.stud_by_position:
        used.add("stud-by-position")
    cap = start.options.cap
    if cap is not None and any(put == cap < stack for put, stack in zip(hand.contributed.values(), start.stacks)):
        used.add("capped-table")
    if any(dead for _, _, dead in start.missed_blinds):
        used.add("dead-blind")
    stakes = start.stakes
    full_blind = max(stakes.blinds + (stakes.button_blind,))
    posted = 0
    kinds = set()
    for event in log:
        kind = type(event)
        kinds.add(kind)
        if kind is ev.Post and (event.kind is ForcedKind.BLIND or event.kind is ForcedKind.STRADDLE and
                                stakes.straddle_position is not None) and event.amount > posted:
            posted = event.amount  # a room's straddle by a blind holds his blind
        elif kind is ev.Deal and event.seat is None and hand.variant.is_stud:
            used.add("community-card")
    if full_blind and posted < full_blind:
        used.add("short-blind")  # all-in for less than the big blind, or on the ante (nothing posted)
    if ev.Reshuffle in kinds:
        used.add("stub-reshuffle")
    if ev.Protect in kinds:
        used.add("disconnect-protection")
    if hand.variant.is_stud and _bring_in_all_in(log):
        used.add("bring-in-all-in")
    used.update(_betting_rules(hand, log))
    if hand.is_over:
        used.update(_settlement_rules(hand))
        if hand.variant.high is SHORTDECK_HIGH and _ranking_matters(hand):
            used.add("short-deck-ranking")
    return [rule for rule in RULE_NAMES if rule in used]


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
    short = False  # a short all-in bet or raise in this round
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
        if kind is ev.Burn:
            level = 0
            short = False
        elif kind is ev.Post and event.kind is not ForcedKind.ANTE:
            level = max(level, event.amount)  # a blind, straddle or bring-in
        elif kind is ev.Act and event.action.kind in (ActionKind.BET, ActionKind.RAISE):
            if short:
                used.add("short-all-in")  # a bet after a short all-in: the rules differ there
            step = event.action.to - level
            if event.action.is_all_in and step < (small if street < structure.big_bet_street else big):
                short = True
            if stud and street == 1 and step > small:
                used.add("open-pair")
            level = event.action.to
    return used


def _settlement_rules(hand: Hand) -> set:
    used = set()
    result = hand.result
    shown = {hand_shown.seat for hand_shown in result.shown}
    lows = {hand_shown.seat for hand_shown in result.shown if hand_shown.low}
    winners = {award.seat for settlement in result.settlements for pot in settlement.pots for award in pot.awards}
    for settlement in result.settlements:
        odd_pots: Dict[Tuple[int, ...], int] = {}
        for pot in settlement.pots:
            shares: Dict[object, List[int]] = {}
            for award in pot.awards:
                shares.setdefault(award.reason, []).append(award.amount)
            contenders = tuple(seat for seat in pot.pot.eligible if seat in shown and seat in winners)
            if any(len(set(amounts)) > 1 for amounts in shares.values()):
                used.add("odd-chip")
            # pokerkit merges adjacent pots that the same hands win before halving them:
            # the odd chips of two odd pots then go otherwise.
            if len(shares) == 2 and (pot.pot.amount - pot.rake) % 2:
                odd_pots[contenders] = odd_pots.get(contenders, 0) + 1
                if odd_pots[contenders] > 1:
                    used.add("odd-chip")
            if hand.variant.low is not None and lows and len(contenders) > 1 \
                    and not any(seat in lows for seat in pot.pot.eligible):
                used.add("no-low")
    return used


def _ranking_matters(hand: Hand) -> bool:
    """Whether two hands left at the showdown compare otherwise with the straight above
    three of a kind."""
    live = [seat for seat in hand.seats if seat not in hand.folded]
    if len(live) < 2:
        return False
    for board in hand.boards:
        values = [(SHORTDECK_HIGH.value(hand.hole_cards(s), board, 6), SHORTDECK_HIGH_CLASSIC.value(
            hand.hole_cards(s), board, 6)) for s in live]
        for a, b in values:
            for c, d in values:
                if (a > c) != (b > d) or (a == c) != (b == d):
                    return True
    return False
