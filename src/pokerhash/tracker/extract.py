"""One hand in, the rows of the tracker's tables out.

A hand is a poker site's :class:`~pokerhash.sites.SiteHand`, a PHH
:class:`~pokerhash.engine.history.HandHistory`, or any object with the attribute
names of ``SiteHand`` (``site``, ``hand_id``, ``table``, ``time``, ``stakes``,
``currency``, ``players``, ``collected``, ``rake``, ``history``, ``error``,
``source``). It is replayed on the engine and its figures are checked against the
engine's settlement: a SiteHand by the site importer's replay (every figure the site
writes), a history by the PHH replay (its winnings or finishing stacks, the rake).
The engine's event log is then walked once (:mod:`pokerhash.tracker.walk`) to count
every statistic's numerator and opportunity per player (docs/tracker.rst defines
them). A hand that cannot be replayed or whose figures disagree becomes a
:class:`Refused` with the reason.
"""

from __future__ import annotations

import functools
import hashlib
import re
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any, Dict, List, Optional, Sequence, Tuple

from ..cards import card_str
from ..engine.history import HandHistory, dumps
from ..engine.history_hands import replay, variant_code
from ..errors import InvalidValueError, PokerhashError
from ..sites.model import SiteHand
from ..sites.replay import replay as site_replay
from .allin import allin_payouts
from .schema import FLAGS
from .walk import walk_parts

__all__ = ["HAND_COLUMNS", "PLAYER_COLUMNS", "HandRecord", "Refused", "extract", "hand_key", "key_of"]

#: The columns of a :attr:`HandRecord.hand` row, in order.
HAND_COLUMNS: Tuple[str, ...] = (
    "site", "hand_key", "table_name", "played_at", "game", "variant_code", "stakes", "big_blind", "currency",
    "decimals", "table_size", "player_count", "button_seat", "pot", "rake", "streets_seen", "tournament_id",
    "tournament_level", "buy_in", "source")
#: The columns of a :attr:`HandRecord.players` row after the player's name, in order.
PLAYER_COLUMNS: Tuple[str, ...] = (
    "seat", "position", "hole_cards", "starting_stack", "net", "collected", "allin_adjusted", "net_amount",
    "allin_adjusted_amount", "net_bb", "allin_adjusted_bb", "game", "variant_code", "stakes", "currency", "decimals",
    "played_at", "table_size") + FLAGS
_AT = {name: i for i, name in enumerate(FLAGS)}
_ALLIN, _SAW_FLOP, _WON_SAW_FLOP, _WTSD, _WSD = (_AT[name] for name in ("allin", "saw_flop", "won_saw_flop", "wtsd",
                                                                         "wsd"))
if len(FLAGS) != 28:  # _rows writes a player's counters as 28 items of a tuple display
    raise ImportError(f"pokerhash.tracker.extract: _rows writes 28 counters, schema.FLAGS has {len(FLAGS)}")


@dataclass
class Refused:
    """A hand not imported: its key, where it came from, why, and its text when known
    (PHH, or the site's own text for a site's hand)."""

    site: str
    hand_key: str
    table: str
    reason: str
    source: Optional[str] = None
    text: Optional[str] = None


@dataclass
class HandRecord:
    """The rows of one imported hand (ids are filled in by the database): ``hand`` a
    tuple in :data:`HAND_COLUMNS` order, ``players`` one tuple per player, the name
    then :data:`PLAYER_COLUMNS` (tuples, not dicts: an import builds millions of them;
    :meth:`player_dicts` names the fields)."""

    site: str
    hand_key: str
    table: str
    hand: Tuple[Any, ...]
    players: List[Tuple[Any, ...]]
    actions: List[Tuple[Any, ...]] = field(default_factory=list)
    boards: List[Tuple[Any, ...]] = field(default_factory=list)
    shown: List[Tuple[Any, ...]] = field(default_factory=list)

    def hand_dict(self) -> Dict[str, Any]:
        """The hand row as a dict (column -> value)."""
        return dict(zip(HAND_COLUMNS, self.hand))

    def player_dicts(self) -> List[Dict[str, Any]]:
        """The player rows as dicts (``name`` and each column)."""
        return [dict(zip(("name",) + PLAYER_COLUMNS, row)) for row in self.players]


# Each card's text by its int (a board's cards are written for every hand).
_CARD_TEXT: Tuple[str, ...] = tuple(card_str(c) for c in range(52))


def _text(cards: Sequence[Optional[int]]) -> str:
    return "".join(["??" if c is None else _CARD_TEXT[c] for c in cards])


# Per variant (by id, the variant kept so that its id is not reused): the game column,
# the variant code and the hole cards dealt, read once instead of every hand (the
# code's lookup hashes the whole variant, the card count walks its streets).
_VARIANT_COLUMNS: Dict[int, Tuple[Any, str, str, int]] = {}


def _variant_columns(variant: Any) -> Tuple[Any, str, str, int]:
    found = _VARIANT_COLUMNS.get(id(variant))
    if found is None or found[0] is not variant:
        try:
            code = variant_code(variant)
        except InvalidValueError:
            code = variant.name  # a game PHH has no code for
        if len(_VARIANT_COLUMNS) > 1000:
            _VARIANT_COLUMNS.clear()
        found = _VARIANT_COLUMNS[id(variant)] = (variant, f"{variant.limit.value} {variant.name}", code,
                                                 variant.cards_per_player)
    return found


@functools.lru_cache(maxsize=None)  # a handful of table sizes, asked for every hand
def _positions(n: int, blinds: str) -> Tuple[Optional[str], ...]:
    """Position names in the engine's seat order (left of the button first, button
    last). ``blinds``: ``"blinds"`` (small and big blind left of the button),
    ``"button"`` (the button posts the only blind, 6+ Hold'em: no SB and BB, the seats
    named from the button as in a game with blinds, the first to act ``UTG``), or
    ``""`` (no blinds: no positions)."""
    if not blinds:
        return (None,) * n
    if n == 2 and blinds == "blinds":
        return ("BB", "BTN")  # heads-up the button posts the small blind
    names: List[Optional[str]] = [None] * n
    names[-1] = "BTN"
    first = 0
    if blinds == "blinds":
        names[0], names[1], first = "SB", "BB", 2
    middle = list(range(first, n - 1))
    for index, name in zip(reversed(middle), ("CO", "HJ", "LJ") if n >= 7 else ("CO", "HJ")):
        names[index] = name
    early = [i for i in middle if names[i] is None]
    for k, index in enumerate(early):
        names[index] = "UTG" if k == 0 else f"UTG+{k}"
    return tuple(names)


def _blinds(stakes: Any) -> str:
    """The engine's stakes' blinds, as :func:`_positions` takes them."""
    if stakes.button_blind:
        return "button"
    return "blinds" if stakes.blinds else ""


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
    return _stakes_of(history.decimals, tuple(history.blinds_or_straddles or ()), history.small_bet,
                      history.big_bet, history.min_bet, max(history.antes, default=0))


@functools.lru_cache(maxsize=4096)  # the same stakes hand after hand: written once
def _stakes_of(decimals: int, blinds_or_straddles: Tuple[int, ...], small_bet: Optional[int],
               big_bet: Optional[int], min_bet: Optional[int], ante: int) -> str:
    unit = Decimal(1).scaleb(-decimals) if decimals else 1

    def money(chips: int) -> str:
        return format((Decimal(chips) * unit).normalize(), "f") if decimals else str(chips)

    if any(blinds_or_straddles):
        blinds = sorted(b for b in blinds_or_straddles if b)
        text = "/".join(money(b) for b in blinds[:2])
    elif small_bet:
        text = f"{money(small_bet)}/{money(big_bet or 2 * small_bet)}"
    else:
        text = f"{money(min_bet or 0)}"
    if ante:
        text += f" ante {money(ante)}"
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
    if isinstance(item, SiteHand):
        return _site_key(item)
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
    if isinstance(item, SiteHand):
        return _site_extract(item, source)
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


def _site_key(item: SiteHand) -> Tuple[str, str, str]:
    """A site hand's key: its number, or (a text that is no hand, a hand whose number
    could not be read) a digest of its text, so that each is stored once."""
    key = str(item.hand_id) if item.hand_id else "sha1:" + hashlib.sha1(item.text.encode("utf-8")).hexdigest()
    return item.site or "unknown", key, item.table or ""


def _site_extract(item: SiteHand, source: Optional[str]) -> Any:
    """:func:`extract` of a site's hand: played on the engine by the site importer's
    replay (:func:`pokerhash.sites.replay.replay`: its stand-ins for cards the site never
    shows, its checks of every figure the site writes: what each player collected,
    the uncalled bets, the rake and fees, the total pot), the record built from what
    the site's parser read and the engine's settlement (no PHH text in between)."""
    site, key, table = _site_key(item)
    where = item.source
    if where is not None:
        source = f"{where.path}:{where.line}" if hasattr(where, "path") else str(where)
    parsed = item._parsed
    if item.error is not None or parsed is None:
        return _site_refused(item, site, key, table, source, str(item.error or "no hand"))
    try:
        played = site_replay(item, log=True)
    except PokerhashError as error:
        return _site_refused(item, site, key, table, source, f"replay: {error}")
    except Exception as error:  # noqa: BLE001 - a bug of the replay refuses its hand, not the whole import
        return _site_refused(item, site, key, table, source,
                             f"replay: the site importer's replay failed ({type(error).__name__}: {error})")
    if not played.agrees:
        return _site_refused(item, site, key, table, source, f"replay: {'; '.join(played.differences)}")
    hand = played.hand
    result = hand.result
    seats = hand.seats  # clockwise from the engine's button's left, as PHH orders players
    by_seat = {}
    for entry in parsed.seats:  # (seat, name, stack): kept as it is, no pair made
        by_seat[entry[0]] = entry
    payouts = result.payouts
    if type(payouts) is not dict:
        payouts = dict(payouts)  # a dict's get in C (compiled)
    site_paid = parsed.collected
    if type(site_paid) is not dict:
        site_paid = dict(site_paid)
    _, game, code, dealt = _variant_columns(hand.variant)
    known, stud = parsed.known, parsed.stud  # read once, not per player
    if type(known) is not dict:
        known = dict(known)
    if type(stud) is not dict:
        stud = dict(stud)
    folded = set(hand.folded)
    # One pass over the players (each list appended in C, compiled), not one
    # comprehension a column.
    names = []
    starting = []  # the site's stacks (a cash drop is not the player's)
    collected = []
    site_collected = []
    holes = []
    live = []
    for i in range(len(seats)):
        seat = seats[i]
        _, name, stack = by_seat[seat]
        names.append(name)
        starting.append(stack)
        collected.append(payouts.get(seat, 0))
        site_collected.append(site_paid.get(name, 0))
        holes.append(_site_cards(known, stud, name, dealt))
        if seat not in folded:
            live.append(i)
    if site_collected != collected and sum(site_collected) == sum(collected):
        # The same chips paid out, shared otherwise: the site took its rake from every
        # pot (PokerStars), not from the main pot first as the engine does, and the
        # replay checked it pot by pot. What each player got is the site's figure.
        collected = site_collected
    shown = []
    if len(live) > 1:
        mucked = parsed.mucked
        for i in live:
            cards = holes[i]
            if cards is not None and "??" not in cards and (names[i] not in mucked or site_paid.get(names[i])):
                shown.append((seats[i], 0, cards))
    stakes = hand.stakes
    big_blind = stakes.blinds[-1] if stakes.blinds else stakes.button_blind or stakes.small_bet or stakes.bring_in or 1
    common = (game, code, str(item.stakes), item.currency or None, parsed.decimals,
              _site_time(item.time), int(parsed.max_seats or len(seats)))
    tournament = (None if parsed.tournament is None else str(parsed.tournament), None, None)
    return _rows(hand, seats, names, starting, collected, result.rake, holes, shown, _blinds(stakes), big_blind,
                 common, tournament, (site, key, table, source))


def _site_refused(item: SiteHand, site: str, key: str, table: str, source: Optional[str], reason: str) -> Refused:
    """A site's hand not imported, with its text (a function, not a closure in
    :func:`_site_extract`: a closure's variables live in a cell object for every hand)."""
    return Refused(site, key, table, reason, source, item.text or None)


def _site_cards(known: Dict[str, List[str]], stud: Dict[str, List[str]], name: str, count: int) -> Optional[str]:
    """A player's hole cards as the site wrote them (``??`` unseen; None: none seen):
    the parse's ``known`` cards, else its ``stud`` ones."""
    cards = known.get(name)
    if not (cards and len(cards) == count):
        cards = stud.get(name)
        if not cards:
            return None
    else:
        # The known cards, all written (most hands): no copy, no list of texts. A loop
        # of identity tests, not ``None in cards`` (each card compared with None by
        # rich comparison), and no stripped copy when the text has no "?".
        for card in cards:
            if card is None:
                break
        else:
            text = "".join(cards)
            if text and "?" not in text:
                return text
            return text if text.strip("?") else None
    text = "".join(["??" if card is None else card for card in cards[:count]])  # a list: no generator object
    return text if text.strip("?") else None


# A site's date and time as written: "2025/04/24 17:21:34 CET", "2017-03-18 08:51:13",
# Full Tilt's "09:20:06 EET - 2012/11/23" and "15:13 ET - Wed, July 21, 2010", 888's
# "05 06 2022 23:06:24" (day, month, year).
_YMD = re.compile(r"(\d{4})[/-](\d{1,2})[/-](\d{1,2})[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?")
_TIME_YMD = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s+[A-Z]*\s*-\s+(\d{4})/(\d{1,2})/(\d{1,2})")
_TIME_MONTH = re.compile(r"(\d{1,2}):(\d{2})(?::(\d{2}))?\s+[A-Z]*\s*-\s+\w+,\s+([A-Za-z]+)\s+(\d{1,2}),\s+(\d{4})")
_DMY = re.compile(r"(\d{1,2}) (\d{1,2}) (\d{4}) (\d{1,2}):(\d{2}):(\d{2})")
_MONTHS = {name: i for i, name in enumerate(("january", "february", "march", "april", "may", "june", "july",
                                              "august", "september", "october", "november", "december"), 1)}


def _digits(text: str, at: int, most: int) -> int:
    """How many ASCII digits (at most ``most``) ``text`` has from ``at``."""
    count = 0
    while count < most and at + count < len(text):
        c = text[at + count]
        if not "0" <= c <= "9":
            break
        count += 1
    return count


def _ymd_at_start(text: str) -> Optional[str]:
    """_site_time of a text that _YMD matches at its start in ASCII (PokerStars'
    ``2025/04/24 17:21:34`` and ``2008/11/10 7:04:47``), read by hand: the match the
    regular expression finds first (at 0; its runs of digits are greedy and digits are
    no separators, so its first match is this one), formatted as _site_time formats
    it (ASCII digits: ``int(x):02d`` is ``x`` padded with zeros). None when the text is
    not of that form, or when a character the expression reads near it is not ASCII
    (``\\d`` matches other digits): the regular expressions read it."""
    if _digits(text, 0, 4) != 4 or len(text) < 5 or text[4] not in "/-":
        return None
    at = 5
    month = _digits(text, at, 2)
    if not month or at + month >= len(text) or text[at + month] not in "/-":
        return None
    at += month + 1
    day = _digits(text, at, 2)
    if not day:
        return None
    at += day
    spaces = 0
    while at + spaces < len(text) and text[at + spaces] in " T":
        spaces += 1
    if not spaces:
        return None
    at += spaces
    hour = _digits(text, at, 2)
    if not hour or at + hour >= len(text) or text[at + hour] != ":":
        return None
    at += hour + 1
    if _digits(text, at, 2) != 2:
        return None
    at += 2
    seconds = at + 2 < len(text) and text[at] == ":" and _digits(text, at + 1, 2) == 2
    if not text[:at + 3].isascii():
        return None  # \d reads a digit that is not ASCII where this reads none (or another separator)
    y, mo = text[0:4], text[5:5 + month]
    d = text[6 + month:6 + month + day]
    h = text[at - 3 - hour:at - 3]
    mi = text[at - 2:at]
    s = text[at + 1:at + 3] if seconds else "00"
    # Each field one or two digits: padded by a "0" only when one (zfill's method call
    # for every field of every hand otherwise).
    return (f"{y}-{mo if month == 2 else '0' + mo}-{d if day == 2 else '0' + d}"
            f"T{h if hour == 2 else '0' + h}:{mi}:{s}")


def _site_time(text: Optional[str]) -> Optional[str]:
    """A site's time as ISO 8601 (``2025-04-24T17:21:34``): the first clock the hand
    writes, as written (its time zone is not converted); the text itself when it is in
    no form known here, None when empty."""
    if not text:
        return None
    if type(text) is str:
        found_text = _ymd_at_start(text)
        if found_text is not None:
            return found_text
    if "-" not in text and "/" not in text and not _DMY.match(text):
        # No date ("23:45:12 (ET)", PokerStars' older tournaments): _YMD, _TIME_YMD and
        # _TIME_MONTH each need a "-" or "/"; the text as written, without their searches.
        return text
    found = _YMD.search(text)
    if found:
        y, mo, d, h, mi, s = found.groups()
        if s is not None and len(mo) == len(d) == len(h) == 2 and found.group().isascii():
            # "2025/04/24 17:21:34" (PokerStars, most sites): every field two digits
            # already (ASCII, which int() and :02d would give back as they are).
            return f"{y}-{mo}-{d}T{h}:{mi}:{s}"
    elif _TIME_YMD.search(text):
        h, mi, s, y, mo, d = _TIME_YMD.search(text).groups()
    elif _TIME_MONTH.search(text) and _TIME_MONTH.search(text).group(4).lower() in _MONTHS:
        h, mi, s, month, d, y = _TIME_MONTH.search(text).groups()
        mo = str(_MONTHS[month.lower()])
    elif _DMY.match(text):
        d, mo, y, h, mi, s = _DMY.match(text).groups()
    else:
        return text
    return f"{int(y):04d}-{int(mo):02d}-{int(d):02d}T{int(h):02d}:{int(mi):02d}:{int(s or 0):02d}"


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
    seats = played.seats
    n = len(seats)
    names = [str(name) for name in meta["names"]] if meta["names"] and len(meta["names"]) == n \
        else [f"p{i}" for i in range(1, n + 1)]
    variant = hand.variant
    decimals = history.decimals
    collected, rake = _collected(history, played, meta, names)
    first, hand_seats = hand.events[0], hand.seats  # read once: not per seat
    starting = [first.stacks[hand_seats.index(seat)] for seat in seats]
    holes, shown_cards = _hole_texts(history.actions, n)
    # The hands the file shows (the engine mucks a beaten hand the file may show).
    shown = [(seat, 0, cards) for seat, cards in zip(seats, shown_cards) if cards is not None]
    stakes = str(meta["stakes"]) if meta["stakes"] is not None else _stakes_text(history)
    fields = history.fields
    common = (f"{variant.limit.value} {variant.name}", history.variant, stakes,
              None if meta["currency"] is None else str(meta["currency"]), decimals, _iso(meta["time"]),
              int(fields.get("seat_count") or n))
    tournament = (_optional(fields.get("event") if fields.get("level") is not None else None),
                  _optional(fields.get("level")), _optional(fields.get("buy_in")))
    return _rows(hand, seats, names, starting, collected, rake, holes, shown, _blinds(hand.stakes), _big_blind(history),
                 common, tournament, (site, key, table, source))


def _rows(hand: Any, seats: Sequence[int], names: List[str], starting: List[int], collected: List[int], rake: int,
          holes: List[Optional[str]], shown: List[Tuple[int, int, str]], blinds: str, big_blind: int,
          common: Tuple[Any, ...], tournament: Tuple[Any, ...], where: Tuple[Any, ...]) -> HandRecord:
    """The record of a replayed, verified hand, from its parts (PHH and site hands alike):
    ``seats`` in the engine's order (left of the button first), ``starting`` stacks and
    ``collected`` (from the pots, after the rake) per seat, ``holes`` the known cards
    (``??`` unknown, None none), ``common`` the columns every player row repeats (game,
    variant code, stakes, currency, decimals, played_at, table size), ``where`` the
    site, hand key, table and source."""
    result = hand.result
    final_stacks, payouts = result.stacks, result.payouts
    n = len(seats)
    positions = _positions(n, blinds)
    flags, actions, street, all_in = walk_parts(hand, seats, positions)
    expected = None
    if all_in:  # no all-in, no all-in moment: the equity work is skipped
        expected = allin_payouts(hand, rake, dict(zip(seats, holes)))
    game, code, stakes, currency, decimals, played_at, table_size = common
    unit = 10.0 ** -decimals
    paid = payouts if type(payouts) is dict else dict(payouts)  # a dict's get in C (compiled)
    players = []
    for i in range(n):
        seat = seats[i]
        won = collected[i]
        net = final_stacks[seat] - paid.get(seat, 0) + won - starting[i]
        c = flags[seat]
        net_amount = net * unit
        net_bb = net / big_blind
        if expected is not None and seat in expected:
            adjusted = net - won + expected[seat]
            c[_ALLIN] = 1
            adjusted_amount = adjusted * unit
            adjusted_bb = adjusted / big_blind
        else:
            adjusted = float(net)
            # Not computed again (most rows): float(net) * unit is net * unit (the int is
            # made a float first either way), and float(net) / big_blind is net /
            # big_blind while both are below 2**53 (the ints' division is then the
            # floats' division, correctly rounded once).
            adjusted_amount = net_amount
            if -9007199254740992 <= net <= 9007199254740992 and big_blind <= 9007199254740992:  # 2**53
                adjusted_bb = net_bb
            else:
                adjusted_bb = adjusted / big_blind
        if won > 0:
            c[_WON_SAW_FLOP] = c[_SAW_FLOP]
            c[_WSD] = c[_WTSD]
        # The row as one tuple display (compiled: one PyTuple_New filled in C), not a
        # list extended twice and copied into a tuple (~1,500 instructions a player).
        # Its counters are len(FLAGS) == 28 items (checked where FLAGS is read, above).
        players.append((names[i], seat, positions[i], holes[i], starting[i], net, won, adjusted, net_amount,
                        adjusted_amount, net_bb, adjusted_bb, game, code, stakes, currency,
                        decimals, played_at, table_size, c[0], c[1], c[2], c[3], c[4], c[5], c[6], c[7], c[8], c[9],
                        c[10], c[11], c[12], c[13], c[14], c[15], c[16], c[17], c[18], c[19], c[20], c[21], c[22],
                        c[23], c[24], c[25], c[26], c[27]))
    site, key, table, source = where
    hand_row = (site, key, table, played_at, game, code, stakes, big_blind, currency, decimals, table_size, n,
                seats[-1] if positions[-1] else None, sum(paid.values()) + result.rake, rake, street + 1,
                tournament[0], tournament[1], tournament[2], source)
    return HandRecord(site, key, table, hand_row, players, actions, _boards(hand), shown)


# Per variant (by id, the variant kept so that its id is not reused): its streets'
# board sizes, read once instead of a list made for every hand.
_BOARD_SIZES: Dict[int, Tuple[Any, List[int]]] = {}


def _boards(hand: Any) -> List[Tuple[int, int, str]]:
    """(run, street, cards) of each street's community cards; run 1 (run it twice)
    lists only the streets dealt again."""
    variant = hand.variant
    found = _BOARD_SIZES.get(id(variant))
    if found is None or found[0] is not variant:
        if len(_BOARD_SIZES) > 1000:
            _BOARD_SIZES.clear()
        found = _BOARD_SIZES[id(variant)] = (variant, [part.board for part in variant.streets])
    sizes = found[1]
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


def _hole_texts(actions: Sequence[str], n: int) -> Tuple[List[Optional[str]], List[Optional[str]]]:
    """Each player's hole cards as the file deals them (``??`` unknown, filled in from
    what the player shows; None when the file deals none), and the cards each shows.
    Read from the action texts the replay has checked already (cards are written
    ``As``... or ``??``) by splitting words: no second parse."""
    dealt = [""] * n
    shown: List[Optional[str]] = [None] * n
    for text in actions:
        if "dh" not in text and "sm" not in text:
            continue  # most actions are bets
        words = text.partition("#")[0].split()
        if len(words) == 4 and words[1] == "dh":
            dealt[int(words[2][1:]) - 1] += words[3]
        elif len(words) == 3 and words[1] == "sm":
            player = int(words[0][1:]) - 1
            cards = dealt[player] if words[2] == "-" else words[2]
            if cards and "??" not in cards:
                shown[player] = cards
    texts: List[Optional[str]] = []
    for cards, show in zip(dealt, shown):
        if show is not None and len(show) == len(cards):
            cards = show
        texts.append(cards if cards.strip("?") else None)
    return texts, shown
