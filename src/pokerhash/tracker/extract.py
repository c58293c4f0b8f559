"""One hand in, the rows of the tracker's tables out.

A hand is a PHH :class:`~pokerhash.engine.history.HandHistory` or any object with
the attribute names of the site importer's ``SiteHand`` (``site``, ``hand_id``,
``table``, ``time``, ``stakes``, ``currency``, ``players``, ``collected``, ``rake``,
``history``, ``error``, ``source``). It is replayed on the engine, its figures
(winnings or finishing stacks, the rake) are checked against the engine's settlement,
and its event log is walked once to count every statistic's numerator and
opportunity per player (docs/tracker.rst defines them). A hand that cannot be
replayed or whose figures disagree becomes a :class:`Refused` with the reason.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..betting import ActionKind, ForcedKind
from ..cards import card_str
from ..engine import events as ev
from ..engine.history import HandHistory, dumps, parse_action
from ..engine.history_hands import replay, variant_of
from ..errors import PokerhashError
from .allin import allin_payouts
from .schema import FLAGS

__all__ = ["HandRecord", "Refused", "extract", "hand_key", "key_of"]

_FOLD, _CHECK, _CALL, _BET, _RAISE = (ActionKind.FOLD, ActionKind.CHECK, ActionKind.CALL, ActionKind.BET,
                                      ActionKind.RAISE)
_AGGRESSIVE = (_BET, _RAISE)
_VOLUNTARY = (_CALL, _BET, _RAISE)
_STEAL_POSITIONS = ("CO", "BTN", "SB")
_BLIND_POSITIONS = ("SB", "BB")


@dataclass
class Refused:
    """A hand not imported: its key, where it came from, why, and its PHH text when known."""

    site: str
    hand_key: str
    table: str
    reason: str
    source: Optional[str] = None
    text: Optional[str] = None


@dataclass
class HandRecord:
    """The rows of one imported hand (ids are filled in by the database)."""

    site: str
    hand_key: str
    table: str
    hand: Dict[str, Any]
    players: List[Dict[str, Any]]
    actions: List[Tuple[Any, ...]] = field(default_factory=list)
    boards: List[Tuple[Any, ...]] = field(default_factory=list)
    shown: List[Tuple[Any, ...]] = field(default_factory=list)


def _text(cards: Sequence[Optional[int]]) -> str:
    return "".join("??" if c is None else card_str(c) for c in cards)


def _positions(n: int, has_blinds: bool) -> List[Optional[str]]:
    """Position names in the engine's seat order (left of the button first, button last)."""
    if not has_blinds:
        return [None] * n
    if n == 2:
        return ["BB", "BTN"]  # heads-up the button posts the small blind
    names: List[Optional[str]] = [None] * n
    names[0], names[1], names[-1] = "SB", "BB", "BTN"
    middle = list(range(2, n - 1))
    for index, name in zip(reversed(middle), ("CO", "HJ", "LJ") if n >= 7 else ("CO", "HJ")):
        names[index] = name
    early = [i for i in middle if names[i] is None]
    for k, index in enumerate(early):
        names[index] = "UTG" if k == 0 else f"UTG+{k}"
    return names


def hand_key(history: HandHistory) -> str:
    """A PHH hand's id: its ``hand`` field when the file names its ``venue`` (a site
    numbers its hands uniquely), else a digest of its text, so that the same hand read
    twice gets the same key and two files that both number their hands from 0 do not
    collide."""
    number = history.fields.get("hand")
    if number is not None and history.fields.get("venue"):
        return str(number)
    return "sha1:" + hashlib.sha1(dumps(history).encode("utf-8")).hexdigest()


def _meta(item: Any) -> Tuple[Optional[HandHistory], Dict[str, Any]]:
    """The hand history and the metadata of a HandHistory or a SiteHand-like object."""
    if isinstance(item, HandHistory):
        fields = item.fields
        return item, dict(site=str(fields.get("venue") or "phh"), hand_id=None, table=fields.get("table"),
                          time=_phh_time(fields), stakes=None, currency=fields.get("currency"), rake=None,
                          error=None, source=None, collected=None,
                          names=fields.get("players"))
    history = getattr(item, "history", None)
    if history is not None and not isinstance(history, HandHistory):
        raise PokerhashError(f"{item!r}: its history is not a pokerhash.engine.history.HandHistory")
    players = getattr(item, "players", None)
    return history, dict(site=str(getattr(item, "site", None) or "unknown"), hand_id=getattr(item, "hand_id", None),
                         table=getattr(item, "table", None), time=getattr(item, "time", None),
                         stakes=getattr(item, "stakes", None), currency=getattr(item, "currency", None),
                         rake=getattr(item, "rake", None), error=getattr(item, "error", None),
                         source=getattr(item, "source", None), collected=getattr(item, "collected", None),
                         names=_site_names(history, players, getattr(item, "seats", None)))


def _site_names(history: Optional[HandHistory], players: Any, seats: Any) -> Optional[List[str]]:
    """The players in PHH order (p1 first): the history's ``players`` field, else the
    site's names put in that order by their seat numbers (a site lists them by seat)."""
    if history is None:
        return None
    names = history.fields.get("players")
    if names:
        return list(names)
    order = history.fields.get("seats")
    if seats and isinstance(order, list):
        by_seat = {seat: name for name, seat in dict(seats).items()}
        if all(seat in by_seat for seat in order):
            return [by_seat[seat] for seat in order]
    return list(players) if players else None


def _phh_time(fields: Dict[str, Any]) -> Optional[str]:
    """ISO 8601 from PHH's ``year``, ``month``, ``day`` and ``time`` fields (None without a year)."""
    year = fields.get("year")
    if year is None:
        return None
    text = f"{int(year):04d}-{int(fields.get('month', 1)):02d}-{int(fields.get('day', 1)):02d}"
    moment = fields.get("time")
    if moment is not None:
        text += f"T{moment}"
    return text


def _iso(value: Any) -> Optional[str]:
    if value is None:
        return None
    return value.isoformat() if hasattr(value, "isoformat") else str(value)


def _chips(amount: Any, decimals: int) -> int:
    return int(Decimal(str(amount)).scaleb(decimals))


def _stakes_text(history: HandHistory) -> str:
    unit = Decimal(1).scaleb(-history.decimals) if history.decimals else 1

    def money(chips: int) -> str:
        return format((Decimal(chips) * unit).normalize(), "f") if history.decimals else str(chips)

    if history.blinds_or_straddles and any(history.blinds_or_straddles):
        blinds = sorted(b for b in history.blinds_or_straddles if b)
        text = "/".join(money(b) for b in blinds[:2])
    elif history.small_bet:
        text = f"{money(history.small_bet)}/{money(history.big_bet or 2 * history.small_bet)}"
    else:
        text = f"{money(history.min_bet or 0)}"
    antes = [a for a in history.antes if a]
    if antes:
        text += f" ante {money(max(antes))}"
    return text


def _big_blind(history: HandHistory) -> int:
    blinds = history.blinds_or_straddles or []
    if len(blinds) >= 2 and blinds[1]:
        return blinds[1]  # PHH writes the big blind second (heads-up arrays are reversed, the values are not)
    if any(blinds):
        return max(blinds)
    return history.small_bet or history.min_bet or max(history.antes) or 1


def key_of(item: Any) -> Tuple[str, str, str]:
    """The (site, hand key, table) a hand is stored under (see :func:`hand_key`)."""
    history, meta = _meta(item)
    return _key(history, meta)


def _key(history: Optional[HandHistory], meta: Dict[str, Any]) -> Tuple[str, str, str]:
    table = "" if meta["table"] is None else str(meta["table"])
    if meta["hand_id"] is not None:
        key = str(meta["hand_id"])
    else:
        key = "unknown" if history is None else hand_key(history)
    return meta["site"], key, table


def extract(item: Any, source: Optional[str] = None) -> Any:
    """A :class:`HandRecord`, or a :class:`Refused` saying why the hand is not imported.
    ``source`` (a file name and position) is kept with the hand when the item has none."""
    history, meta = _meta(item)
    if meta["source"] is None:
        meta["source"] = source
    site, key, table = _key(history, meta)
    source = None if meta["source"] is None else str(meta["source"])
    if history is None:
        return Refused(site, key, table, str(meta["error"] or "no hand history"), source)

    def refuse(reason: str) -> Refused:
        try:
            text = dumps(history)
        except PokerhashError:
            text = None
        return Refused(site, key, table, reason, source, text)

    if meta["error"]:
        return refuse(str(meta["error"]))
    try:
        played = replay(history)
    except PokerhashError as error:
        return refuse(f"replay: {error}")
    if not played.complete:
        return refuse(f"replay: {played.note}")
    try:
        return _record(history, played, meta, site, key, table, source)
    except _Disagrees as error:
        return refuse(str(error))


class _Disagrees(Exception):
    """The file's figures are not the engine's settlement."""


def _collected(history: HandHistory, played: Any, meta: Dict[str, Any], names: List[str]) -> Tuple[List[int], int]:
    """What each player collected from the pots (after rake) and the rake, from the
    file's figures checked against the engine's settlement (engine payouts = the file's
    plus the rake, which only the pots' winners pay)."""
    result = played.hand.result
    seats = played.seats
    engine = [result.payouts.get(seat, 0) for seat in seats]
    decimals = history.decimals
    rake = None if meta["rake"] is None else _chips(meta["rake"], decimals)
    figures: Optional[List[int]] = None
    what = ""
    if history.winnings is not None:
        figures, what = list(history.winnings), "winnings"
    elif history.finishing_stacks is not None:
        figures = [finish - (result.stacks[seat] - paid)
                   for finish, seat, paid in zip(history.finishing_stacks, seats, engine)]
        what = "finishing_stacks"
    elif meta["collected"]:
        collected = meta["collected"]
        figures = [_chips(collected.get(name, 0), decimals) for name in names]
        what = "collected"
    if figures is None:
        if not rake:
            return engine, 0
        return _raked(played, rake), rake
    # Some sites count the uncalled chips given back in what a player "won": when a
    # figure is exactly the payout plus those chips, it is read that way.
    returned = [result.returned.get(seat, 0) for seat in seats]
    figures = [got - back if back and got == want + back else got
               for got, want, back in zip(figures, engine, returned)]
    total = sum(engine) - sum(figures)
    problems = [f"{name}: {what} {got}, the engine {want}" for name, got, want in zip(names, figures, engine)
                if got > want or got < 0 or (want == 0 and got != 0)]
    if rake is not None and total != rake:
        problems.append(f"the pots less the {what} leave {total} chips, the rake is {rake}")
    if total < 0:
        problems.append(f"the {what} add up to {-total} chips more than the pots")
    if problems:
        raise _Disagrees(f"the hand's figures differ from the engine's settlement: {'; '.join(problems)} "
                         f"(chips of {Decimal(1).scaleb(-decimals)})")
    return figures, total


def _raked(played: Any, rake: int) -> List[int]:
    """The engine's payouts less ``rake``, taken from the main pot first and shared by
    each pot's winners in proportion to what they won from it (odd chips from the first)."""
    result = played.hand.result
    paid = dict(result.payouts)
    left = rake
    for number in range(len(result.settlements[0].pots)):
        awards: Dict[int, int] = {}
        for settlement in result.settlements:
            for award in settlement.pots[number].awards:
                awards[award.seat] = awards.get(award.seat, 0) + award.amount
        won = sum(awards.values())
        take = min(left, won)
        left -= take
        if not take:
            continue
        shares = {seat: take * amount // won for seat, amount in awards.items()}
        odd = take - sum(shares.values())
        for seat in sorted(awards, key=lambda s: -awards[s]):
            extra = 1 if odd > 0 else 0
            odd -= extra
            paid[seat] -= shares[seat] + extra
    return [paid.get(seat, 0) for seat in played.seats]


def _record(history: HandHistory, played: Any, meta: Dict[str, Any], site: str, key: str, table: str,
            source: Optional[str]) -> HandRecord:
    hand = played.hand
    result = hand.result
    seats = played.seats
    n = len(seats)
    names = [str(name) for name in meta["names"]] if meta["names"] and len(meta["names"]) == n \
        else [f"p{i}" for i in range(1, n + 1)]
    variant = variant_of(history.variant)
    decimals = history.decimals
    collected, rake = _collected(history, played, meta, names)
    big_blind = _big_blind(history)
    unit = 10.0 ** -decimals
    positions = _positions(n, bool(history.blinds_or_straddles) and any(history.blinds_or_straddles))
    walk = _Walker(hand, seats, positions)
    walk.run()
    final = [result.stacks[seat] - result.payouts.get(seat, 0) + paid for seat, paid in zip(seats, collected)]
    first, hand_seats = hand.events[0], hand.seats  # read once: not per seat
    starting = [first.stacks[hand_seats.index(seat)] for seat in seats]
    nets = [f - s for f, s in zip(final, starting)]
    expected = allin_payouts(hand, rake)
    holes, shown_cards = _hole_texts(history, n)
    # The hands the file shows (the engine mucks a beaten hand the file may show).
    shown = [(seat, 0, cards) for seat, cards in zip(seats, shown_cards) if cards is not None]
    stakes = str(meta["stakes"]) if meta["stakes"] is not None else _stakes_text(history)
    game = f"{variant.limit.value} {variant.name}"
    fields = history.fields
    table_size = int(fields.get("seat_count") or n)
    played_at = _iso(meta["time"])
    hand_row = dict(site=site, hand_key=key, table_name=table, played_at=played_at, game=game,
                    variant_code=history.variant, stakes=stakes, big_blind=big_blind,
                    currency=None if meta["currency"] is None else str(meta["currency"]), decimals=decimals,
                    table_size=table_size, player_count=n, button_seat=seats[-1] if positions[-1] else None,
                    pot=sum(result.payouts.values()) + result.rake,
                    rake=rake, streets_seen=walk.street + 1,
                    tournament_id=_optional(fields.get("event") if fields.get("level") is not None else None),
                    tournament_level=_optional(fields.get("level")), buy_in=_optional(fields.get("buy_in")),
                    source=source)
    players = []
    for i, seat in enumerate(seats):
        flags = walk.flags[seat]
        won = collected[i]
        net = nets[i]
        allin = expected is not None and seat in expected
        adjusted = net - won + expected[seat] if allin else float(net)
        flags["allin"] = int(allin)
        flags["won_saw_flop"] = int(flags["saw_flop"] and won > 0)
        flags["wsd"] = int(flags["wtsd"] and won > 0)
        row = dict(name=names[i], seat=seat, position=positions[i], hole_cards=holes[i], starting_stack=starting[i],
                   net=net, collected=won, allin_adjusted=adjusted, net_amount=net * unit,
                   allin_adjusted_amount=adjusted * unit, net_bb=net / big_blind,
                   allin_adjusted_bb=adjusted / big_blind, game=game, variant_code=history.variant, stakes=stakes,
                   currency=hand_row["currency"], decimals=decimals, played_at=played_at, table_size=table_size)
        row.update(flags)  # its keys are FLAGS (the walker starts from dict.fromkeys(FLAGS, 0))
        players.append(row)
    return HandRecord(site, key, table, hand_row, players, walk.actions, _boards(hand), shown)


def _boards(hand: Any) -> List[Tuple[int, int, str]]:
    """(run, street, cards) of each street's community cards; run 1 (run it twice)
    lists only the streets dealt again."""
    sizes = [street.board for street in hand.variant.streets]
    rows = []
    first: Tuple[int, ...] = ()
    for run, board in enumerate(hand.boards):
        at = 0
        for street, size in enumerate(sizes):
            if not size or at >= len(board):
                continue
            cards = board[at:at + size] if street < len(sizes) - 1 else board[at:]
            at += len(cards)
            if run == 0 or cards != first[at - len(cards):at]:
                rows.append((run, street, _text(cards)))
        if at < len(board):  # stud's seventh-street community card
            rows.append((run, len(sizes) - 1, _text(board[at:])))
        if run == 0:
            first = board
    return rows


def _optional(value: Any) -> Optional[str]:
    return None if value is None else str(value)


def _hole_texts(history: HandHistory, n: int) -> Tuple[List[Optional[str]], List[Optional[str]]]:
    """Each player's hole cards as the file deals them (``??`` unknown, filled in from
    what the player shows; None when the file deals none), and the cards each shows."""
    dealt: List[List[Optional[int]]] = [[] for _ in range(n)]
    shown: List[Optional[Tuple[Optional[int], ...]]] = [None] * n
    for text in history.actions:
        # Only deals and shows matter here: parse those alone (most actions are bets).
        if " dh " not in text and " sm " not in text:
            continue
        action = parse_action(text, history.decimals)
        if action.kind == "dh":
            dealt[action.player - 1].extend(action.cards)
        elif action.kind == "sm" and action.cards is not None:
            cards = action.cards or tuple(dealt[action.player - 1])
            if cards and None not in cards:
                shown[action.player - 1] = cards
    texts: List[Optional[str]] = []
    for cards, show in zip(dealt, shown):
        if show is not None and len(show) == len(cards):
            cards = list(show)
        texts.append(_text(cards) if cards and any(c is not None for c in cards) else None)
    return texts, [None if show is None else _text(show) for show in shown]


class _Walker:
    """One pass over a hand's event log: the action rows, the boards, and each
    player's statistic counters (see docs/tracker.rst, Statistics)."""

    def __init__(self, hand: Any, seats: Sequence[int], positions: Sequence[Optional[str]]):
        self.hand = hand
        self.position = dict(zip(seats, positions))
        self.flags: Dict[int, Dict[str, int]] = {seat: dict.fromkeys(FLAGS, 0) for seat in seats}
        self.actions: List[Tuple[Any, ...]] = []
        self.street = 0

    def run(self) -> None:
        hand = self.hand
        events = hand.events
        start = events[0]
        stacks = dict(zip(start.seats, start.stacks))
        folded: set = set()
        last_street = len(hand.variant.streets) - 1
        street = 0
        in_front: Dict[int, int] = {}
        acted: set = set()
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
        faced_cbet: set = set()
        faced_steal: set = set()
        faced_three_bet: set = set()
        board_runs: Dict[int, List[int]] = {}
        seq = 0
        for event in events[1:]:
            kind = type(event)
            if kind is ev.Burn:
                if street < last_street and not board_runs.get(1):
                    street += 1
                    in_front = {}
                    acted = set()
                    if street == 1:
                        for seat in stacks:
                            if seat not in folded:
                                self.flags[seat]["saw_flop"] = 1
            elif kind is ev.Deal:
                if event.seat is None:
                    board_runs.setdefault(event.run, []).extend(event.cards)
            elif kind is ev.Post:
                seat = event.seat
                stacks[seat] -= event.amount
                if event.kind is not ForcedKind.ANTE:
                    in_front[seat] = in_front.get(seat, 0) + event.amount
                self.actions.append((seq, street, seat, event.kind.value, event.amount, in_front.get(seat),
                                     int(stacks[seat] == 0)))
                seq += 1
            elif kind is ev.Redeal:
                street, in_front, acted = 0, {}, set()
            elif kind is ev.Draw:
                self.actions.append((seq, street, event.seat, "draw", len(event.discarded), None, 0))
                seq += 1
            elif kind is ev.Act:
                seat = event.seat
                action = event.action
                what = action.kind
                flags = self.flags[seat]
                top = max(in_front.values(), default=0)
                mine = in_front.get(seat, 0)
                can_raise = stacks[seat] > top - mine
                first_decision = seat not in acted
                acted.add(seat)
                if street == 0:
                    position = self.position[seat]
                    if what in _VOLUNTARY:
                        flags["vpip"] = 1
                        anyone_voluntary = True
                    if what in _AGGRESSIVE:
                        flags["pfr"] = 1
                    if raises == 1 and last_raiser != seat and can_raise:
                        flags["three_bet_opp"] = 1
                        if what in _AGGRESSIVE:
                            flags["three_bet"] = 1
                    if raises == 2 and last_raiser != seat and can_raise:
                        flags["four_bet_opp"] = 1
                        if what in _AGGRESSIVE:
                            flags["four_bet"] = 1
                    if raises == 2 and first_raiser == seat and seat not in faced_three_bet:
                        faced_three_bet.add(seat)
                        flags["fold_to_three_bet_opp"] = 1
                        flags["fold_to_three_bet"] = int(what is _FOLD)
                    if (first_decision and raises == 0 and callers == 0 and position in _STEAL_POSITIONS
                            and can_raise):
                        flags["steal_opp"] = 1
                        if what in _AGGRESSIVE:
                            flags["steal"] = 1
                            stealer = seat
                    elif (stealer is not None and stealer != seat and raises == 1 and calls_after_steal == 0
                          and position in _BLIND_POSITIONS and seat not in faced_steal):
                        faced_steal.add(seat)
                        flags["fold_to_steal_opp"] = 1
                        flags["fold_to_steal"] = int(what is _FOLD)
                    if what in _AGGRESSIVE:
                        raises += 1
                        last_raiser = seat
                        if first_raiser is None:
                            first_raiser = seat
                    elif what is _CALL:
                        callers += 1
                        if stealer is not None:
                            calls_after_steal += 1
                else:
                    counter = {_BET: "postflop_bets", _RAISE: "postflop_raises", _CALL: "postflop_calls",
                               _FOLD: "postflop_folds", _CHECK: "postflop_checks"}[what]
                    flags[counter] += 1
                    if street == 1:
                        if seat == last_raiser and first_decision and flop_bets == 0:
                            flags["cbet_opp"] = 1
                            if what in _AGGRESSIVE:
                                flags["cbet"] = 1
                                cbettor = seat
                        elif (cbettor is not None and seat != cbettor and raises_after_cbet == 0
                              and seat not in faced_cbet):
                            faced_cbet.add(seat)
                            flags["fold_to_cbet_opp"] = 1
                            flags["fold_to_cbet"] = int(what is _FOLD)
                        if what in _AGGRESSIVE:
                            flop_bets += 1
                            if cbettor is not None and seat != cbettor:
                                raises_after_cbet += 1
                if what is _FOLD:
                    folded.add(seat)
                stacks[seat] -= action.chips
                if what is not _FOLD and what is not _CHECK:
                    in_front[seat] = action.to
                self.actions.append((seq, street, seat, what.value, action.chips, action.to, int(action.is_all_in)))
                seq += 1
        live = [seat for seat in stacks if seat not in folded]
        if len(live) >= 2:
            for seat in live:
                self.flags[seat]["showdown"] = 1
                self.flags[seat]["wtsd"] = self.flags[seat]["saw_flop"]
        if not anyone_voluntary and street == 0 and len(live) == 1:
            winner = live[0]
            if self.position.get(winner) == "BB" and winner not in acted:
                self.flags[winner]["walk"] = 1
        self.street = street
