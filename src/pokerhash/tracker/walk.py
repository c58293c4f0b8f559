"""One pass over a hand's event log: the action rows and each player's statistic counters.

The counters are the per-hand numerators and opportunities of docs/tracker.rst
(Statistics), one list per seat in the order of :data:`~pokerhash.tracker.schema.FLAGS`
(lists indexed by position, not dicts keyed by name: this runs for every hand of an
import). Hand-written histories whose counts were made by hand check it
(tests/test_tracker.py).
"""

from __future__ import annotations

from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..betting import ActionKind, ForcedKind
from ..engine import events as ev
from .schema import FLAGS

__all__ = ["Walk", "walk", "walk_parts"]

_FOLD, _CHECK, _CALL, _BET, _RAISE = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                                      ActionKind.RAISE)
_ANTE, _BRING_IN = ForcedKind.ANTE, ForcedKind.BRING_IN
_STEAL_POSITIONS = ("CO", "BTN", "SB")
_BLIND_POSITIONS = ("SB", "BB")
_AT = {name: i for i, name in enumerate(FLAGS)}
(_WALK, _VPIP, _PFR, _THREE_BET, _THREE_BET_OPP, _FOLD_3B, _FOLD_3B_OPP, _FOUR_BET, _FOUR_BET_OPP, _STEAL,
 _STEAL_OPP, _FOLD_STEAL, _FOLD_STEAL_OPP, _CBET, _CBET_OPP, _FOLD_CBET, _FOLD_CBET_OPP, _SAW_FLOP,
 _SHOWDOWN, _WTSD) = (_AT[name] for name in (
     "walk", "vpip", "pfr", "three_bet", "three_bet_opp", "fold_to_three_bet", "fold_to_three_bet_opp", "four_bet",
     "four_bet_opp", "steal", "steal_opp", "fold_to_steal", "fold_to_steal_opp", "cbet", "cbet_opp", "fold_to_cbet",
     "fold_to_cbet_opp", "saw_flop", "showdown", "wtsd"))
#: Each postflop action's counter.
_POSTFLOP = {_BET: _AT["postflop_bets"], _RAISE: _AT["postflop_raises"], _CALL: _AT["postflop_calls"],
             _FOLD: _AT["postflop_folds"], _CHECK: _AT["postflop_checks"]}
_ZEROS = [0] * len(FLAGS)
# Each Start's seats (a tuple) -> the players' indexes, bounded (cleared past 256).
_INDEXES = {}  # type: Dict[Tuple[int, ...], Dict[int, int]]
# The events' types, read from the events module once, not at every hand.
_EV_ACT, _EV_POST, _EV_BURN, _EV_DEAL, _EV_REDEAL, _EV_DRAW = ev.Act, ev.Post, ev.Burn, ev.Deal, ev.Redeal, ev.Draw
# The action rows' kinds by enum member: an Enum's ``.value`` is a Python property,
# a dict lookup is several times cheaper (a dozen rows a hand).
_KIND = {member: member.value for member in list(ActionKind) + list(ForcedKind)}
# An event's or action's field by index (all are NamedTuples): compiled, _records.pxd's
# C read (walk.pxd cimports it), uncompiled tuple's own.
globals().setdefault("_field", tuple.__getitem__)


class Walk:
    """What :func:`walk` counted: ``flags`` seat -> counters (FLAGS order), ``actions``
    the rows of the ``actions`` table (seq, street, seat, kind, amount, bet_to,
    all_in), ``street`` the last street reached (0 preflop), ``all_in`` whether any
    player went all-in (no all-in, no all-in EV to compute)."""

    __slots__ = ("flags", "actions", "street", "all_in")

    def __init__(self, flags: Dict[int, List[int]], actions: List[Tuple[Any, ...]], street: int, all_in: bool):
        self.flags = flags
        self.actions = actions
        self.street = street
        self.all_in = all_in


def walk(hand: Any, seats: Sequence[int], positions: Sequence[Optional[str]]) -> Walk:
    """Walk the event log of a finished engine hand (see the module's notes)."""
    return Walk(*walk_parts(hand, seats, positions))


def walk_parts(hand: Any, seats: Sequence[int], positions: Sequence[Optional[str]]) -> Tuple[Any, ...]:
    """:func:`walk`'s figures as a tuple (flags, actions, street, all_in): what the
    import reads for every hand, without a Walk object made and read. Each player's
    state is kept in lists by the player's index in the log's Start (a seat's index
    read once an event, then list items: a dict's look-up and store by seat cost
    ~130 and ~230 instructions, and a hand made ~100). Compiled, the counters,
    indexes and containers are C-typed (walk.pxd) and the events' fields are read as
    a tuple's items (_field), not unpacked through an iterator."""
    flags = {}
    for seat in seats:
        flags[seat] = _ZEROS[:]
    rows = []
    events = hand.events
    start = events[0]
    order = _field(start, 1)  # the Start's seats: the players' indexes
    stacks = list(_field(start, 2))
    n = len(order)
    # The seat -> index dict, shared by every hand of the same seats in the same order
    # (nothing writes to it): built once, not a dict filled for every hand.
    at = _INDEXES.get(order) if type(order) is tuple else None
    if at is None:
        at = {}
        for i in range(n):
            at[order[i]] = i
        if type(order) is tuple:
            if len(_INDEXES) > 256:
                _INDEXES.clear()
            _INDEXES[order] = at
    mine_at = []  # each index's counters (flags' lists)
    for i in range(n):
        mine_at.append(flags[order[i]])
    # Each index's position (a list read by index at every preflop action, not a dict
    # built and read by seat); a seat the log does not seat has none.
    where_at = [None] * n
    for seat, where in zip(seats, positions):
        found = at.get(seat)
        if found is not None:
            where_at[found] = where
    folded = [False] * n
    last_street = len(hand.variant.streets) - 1
    street = 0
    in_front = [None] * n  # chips in front of each index this round (None: none put in)
    top = 0  # the largest of in_front's values (0 when none): bets only grow within a round
    acted = [False] * n
    any_all_in = False
    bring_in = hand.stakes.bring_in or 0
    # Preflop (first betting round) state.
    raises = 0
    first_raiser: Optional[int] = None
    last_raiser: Optional[int] = None
    callers = 0
    stealer: Optional[int] = None
    calls_after_steal = 0
    anyone_voluntary = False
    # Flop (second round) state.
    cbettor: Optional[int] = None
    raises_after_cbet = 0
    flop_bets = 0
    # The players who faced each, made at the first (most hands have none of them).
    faced_cbet = None
    faced_steal = None
    faced_three_bet = None
    second_run = False
    seq = 0
    # Read once a hand, not at every event (module globals and the events module's names).
    Act, Post, Burn, Deal, Redeal, Draw = _EV_ACT, _EV_POST, _EV_BURN, _EV_DEAL, _EV_REDEAL, _EV_DRAW
    FOLD, CHECK, CALL, BET, RAISE = _FOLD, _CHECK, _CALL, _BET, _RAISE
    kinds = _KIND
    postflop = _POSTFLOP
    for event in events:
        kind = type(event)
        if kind is Act:
            seat = _field(event, 0)
            action = _field(event, 1)
            what = _field(action, 0)
            to = _field(action, 1)
            chips = _field(action, 2)
            all_in = _field(action, 3)
            i = at[seat]
            mine = mine_at[i]
            first_decision = not acted[i]
            acted[i] = True
            if street == 0:
                front = in_front[i]
                can_raise = stacks[i] > top - (0 if front is None else front)
                aggressive = what is BET or what is RAISE
                if aggressive or what is CALL:
                    mine[_VPIP] = 1
                    anyone_voluntary = True
                if aggressive:
                    mine[_PFR] = 1
                if raises == 1 and last_raiser != seat and can_raise:
                    mine[_THREE_BET_OPP] = 1
                    if aggressive:
                        mine[_THREE_BET] = 1
                elif raises == 2 and last_raiser != seat and can_raise:
                    mine[_FOUR_BET_OPP] = 1
                    if aggressive:
                        mine[_FOUR_BET] = 1
                if raises == 2 and first_raiser == seat and (faced_three_bet is None or seat not in faced_three_bet):
                    if faced_three_bet is None:
                        faced_three_bet = set()
                    faced_three_bet.add(seat)
                    mine[_FOLD_3B_OPP] = 1
                    mine[_FOLD_3B] = 1 if what is FOLD else 0
                where = where_at[i]
                if first_decision and raises == 0 and callers == 0 and where in _STEAL_POSITIONS and can_raise:
                    mine[_STEAL_OPP] = 1
                    if aggressive:
                        mine[_STEAL] = 1
                        stealer = seat
                elif (stealer is not None and stealer != seat and raises == 1 and calls_after_steal == 0
                      and where in _BLIND_POSITIONS and (faced_steal is None or seat not in faced_steal)):
                    if faced_steal is None:
                        faced_steal = set()
                    faced_steal.add(seat)
                    mine[_FOLD_STEAL_OPP] = 1
                    mine[_FOLD_STEAL] = 1 if what is FOLD else 0
                if aggressive:
                    raises += 1
                    last_raiser = seat
                    if first_raiser is None:
                        first_raiser = seat
                elif what is CALL:
                    callers += 1
                    if stealer is not None:
                        calls_after_steal += 1
            else:
                mine[postflop[what]] += 1
                if street == 1:
                    aggressive = what is BET or what is RAISE
                    if seat == last_raiser and first_decision and flop_bets == 0:
                        mine[_CBET_OPP] = 1
                        if aggressive:
                            mine[_CBET] = 1
                            cbettor = seat
                    elif (cbettor is not None and seat != cbettor and raises_after_cbet == 0
                          and (faced_cbet is None or seat not in faced_cbet)):
                        if faced_cbet is None:
                            faced_cbet = set()
                        faced_cbet.add(seat)
                        mine[_FOLD_CBET_OPP] = 1
                        mine[_FOLD_CBET] = 1 if what is FOLD else 0
                    if aggressive:
                        flop_bets += 1
                        if cbettor is not None and seat != cbettor:
                            raises_after_cbet += 1
            if what is FOLD:
                folded[i] = True
            elif what is not CHECK:
                in_front[i] = to
                if to > top:
                    top = to
                stacks[i] = stacks[i] - chips
            if all_in:
                any_all_in = True
            rows.append((seq, street, seat, kinds[what], chips, to, 1 if all_in else 0))
            seq += 1
        elif kind is Burn:
            if street < last_street and not second_run:
                street += 1
                in_front = [None] * n
                top = 0
                acted = [False] * n
                if street == 1:
                    for i in range(n):
                        if not folded[i]:
                            mine = mine_at[i]
                            mine[_SAW_FLOP] = 1
        elif kind is Deal:
            if _field(event, 0) is None and _field(event, 3) == 1 and _field(event, 1):  # seat, run, cards
                second_run = True  # run it twice: the second board's streets are not new streets
        elif kind is Post:
            seat = _field(event, 0)
            forced = _field(event, 1)
            amount = _field(event, 2)
            i = at[seat]
            stacks[i] = stacks[i] - amount
            if forced is not _ANTE:
                front = in_front[i]
                front = (0 if front is None else front) + amount
                in_front[i] = front
                if front > top:
                    top = front
            if forced is _BRING_IN and amount > bring_in and street == 0:
                # Completing instead of bringing in (the engine logs both as the bring-in
                # post): the player's choice, a raise.
                mine = mine_at[i]
                mine[_VPIP] = mine[_PFR] = 1
                anyone_voluntary = True
                acted[i] = True
                raises += 1
                last_raiser = seat
                if first_raiser is None:
                    first_raiser = seat
            broke = stacks[i] == 0
            if broke:
                any_all_in = True
            rows.append((seq, street, seat, kinds[forced], amount, in_front[i], 1 if broke else 0))
            seq += 1
        elif kind is Redeal:
            street, in_front, top, acted = 0, [None] * n, 0, [False] * n
        elif kind is Draw:
            rows.append((seq, street, _field(event, 0), "draw", len(_field(event, 1)), None, 0))
            seq += 1
    live = [order[i] for i in range(n) if not folded[i]]
    if len(live) >= 2:
        for seat in live:
            mine = flags[seat]
            mine[_SHOWDOWN] = 1
            mine[_WTSD] = mine[_SAW_FLOP]
    if not anyone_voluntary and street == 0 and len(live) == 1:
        winner = live[0]
        i = at[winner]
        if where_at[i] == "BB" and not acted[i]:
            flags[winner][_WALK] = 1
    return flags, rows, street, any_all_in
