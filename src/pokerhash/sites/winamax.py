"""Winamax hand histories.

A hand starts ``Winamax Poker - CashGame - HandId: #...`` or ``Winamax Poker -
Tournament "NAME" buyIn: ... - HandId: #...``. Action lines carry no ``": "`` after
the name (``MRZO raises 20 to 40``): a line's player is the longest seat name it
starts with. What this site's figures mean:

- ``NAME collected X from pot`` (one line per pot) is what the player won; the site
  writes no line for an uncalled bet, and a collected figure may hold one (a walk's
  big blind), so ``returned`` is not compared and a collected figure may equal what
  the engine paid with or without the uncalled chips it gave back.
- ``Total pot X | Rake Y`` (``No rake``: zero); amounts carry ``€`` (or no sign for
  tournament chips), a decimal point or a decimal comma.
"""

from __future__ import annotations

import re
from typing import List

from ..betting import Limit
from ..engine import BIG_O, HOLDEM, OMAHA_HI_LO, PLO, PLO5
from .common import amount as _amount
from .common import actor, begin, body, finish, game, read_seats, summary_line
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_HEADER = re.compile(r"Winamax Poker - (?P<kind>CashGame|Tournament|.*?)(?: \"(?P<tname>[^\"]*)\"[^-]*)? - "
                     r"HandId: #(?P<id>\S+) - (?P<game>Holdem|Omaha5|Omaha Hi/Lo|Omaha5 Hi/Lo|Omaha) "
                     r"(?P<limit>no limit|pot limit|fixed limit|limit) \((?P<stakes>[^)]*)\) - (?P<time>.*)")
_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha5": PLO5, "Omaha Hi/Lo": OMAHA_HI_LO, "Omaha5 Hi/Lo": BIG_O}
_LIMITS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT, "fixed limit": Limit.FIXED_LIMIT,
           "limit": Limit.FIXED_LIMIT}
_TABLE = re.compile(r"Table: '(?P<table>.*)' (?P<max>\d+)-max (?:\((?P<money>[^)]*)\) )?Seat #(?P<button>\d+) "
                    r"is the button")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^,()]*)(?:, [^()]*)?\)")
_COLLECTED = re.compile(r"collected (?P<amount>.+?) from (?:main |side )?pot(?: \d+)?")


def _money(text: str, line: int) -> int:
    text = text.replace("€", "").replace(" ", "")
    if "," in text and "." not in text and len(text.rpartition(",")[2]) == 2:
        text = text.replace(",", ".")  # a decimal comma
    return _amount(text, line)


def parse(text: str, site: str) -> Parsed:
    lines, p, header = begin(text, site, _HEADER)
    p.variant = game(_GAMES[header.group("game")], _LIMITS[header.group("limit")])
    p.stakes = header.group("stakes")
    sizes = p.stakes.split(", ")[-1].split("/")  # "0.05€/0.10€", "10/20", "12/50/100" (ante first)
    if len(sizes) >= 2 and p.variant.limit is not Limit.FIXED_LIMIT:
        p.blinds = (_money(sizes[-2], 1), _money(sizes[-1], 1))
    p.time = header.group("time")
    p.reports_returned = False
    if header.group("kind") != "CashGame":
        p.tournament = header.group("tname") or header.group("kind")
        p.fields["tournament"] = p.tournament
    if "€" in p.stakes:
        p.currency = "EUR"
    else:
        p.decimals = 0
    if len(lines) < 2:
        raise SiteError("the hand is truncated after its first line", 1)
    table = _TABLE.fullmatch(lines[1])
    if table is None:
        raise SiteError(f"expected the table line (Table: '...' N-max Seat #N is the button), not {lines[1]!r}", 2)
    p.table = table.group("table")
    p.max_seats = int(table.group("max"))
    p.button = int(table.group("button"))
    if table.group("money") == "play money":
        p.decimals, p.currency = 0, ""
    i, names = read_seats(lines, 2, _SEAT, _money, p)
    n = len(lines)
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    acts = p.acts
    rows, summary = body(lines, i, "PRE-FLOP", p, names, ("ANTE/BLINDS",))
    board: List[str] = []
    for i, line, street, board, showdown in rows:
        said = actor(p, line, by_length, " and is all-in", street, i, showdown, _money)
        if said is None:
            raise SiteError(f"unknown line {line!r}", i)
        name, verb, all_in, done = said
        if done:
            continue
        if verb.startswith("raises "):
            by, to, total = verb[7:].partition(" to ")
            if not to:
                raise SiteError(f"cannot read the raise {line!r}", i)
            acts.append(Act(name, "b", _money(by, i), _money(total, i), all_in, street, i))
        elif verb.startswith("posts "):
            what, _, amount = verb[6:].rpartition(" ")
            kind = {"small blind": "sb", "big blind": "bb", "ante": "ante", "straddle": "straddle"}.get(what)
            if kind is None:
                raise SiteError(f"unknown post {line!r}", i)
            p.posts.append((name, kind, _money(amount, i), i))
        elif verb.startswith("shows ["):
            p.known[name] = verb[7:verb.index("]")].split()
        elif verb.startswith("collected "):
            m = _COLLECTED.fullmatch(verb)
            if m is None:
                raise SiteError(f"cannot read {line!r}", i)
            p.collected[name] = p.collected.get(name, 0) + _money(m.group("amount"), i)
        elif verb.startswith(("mucks", "doesn't show", "sits out", "is sitting out", "will be allowed", "said")):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    for index in range(summary, n):
        line = lines[index]
        if line.startswith("Total pot "):
            total, _, rake = line[10:].partition(" | ")
            p.total = _money(total, index + 1)
            if rake == "No rake":
                p.rake = 0
            elif rake.startswith("Rake "):
                p.rake = _money(rake[5:], index + 1)
            else:
                raise SiteError(f"unknown figure in {line!r}", index + 1)
        else:
            summary_line(p, line, index + 1, seat_names)
    return finish(p, board)
