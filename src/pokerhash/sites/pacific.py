"""888poker (Pacific Poker) hand histories.

A hand starts ``#Game No : N`` and ``***** 888poker Hand History for Game N *****``
(older files: ``888.com``, ``Pacific Poker``). Lines carry no ``": "`` after the name
(``NAME calls [$240]``), so a line's name is what comes before its action words,
checked against the seat list. What this site's figures mean:

- Amounts in brackets are the chips the action adds (``raises [$240]`` puts in 240
  more), never a total; tournament chips are written with a ``$`` sign too (the
  header's ``Tournament #`` tells them apart).
- ``collected`` (``NAME collected [ $X ]``, one line per pot) is what the player won;
  an uncalled bet is returned silently (no line), so ``returned`` is not compared.
- Tournament hands have no rake. Cash hands do not write the rake: they are read, and
  verified only when no rake was taken.
- Shown cards are in the summary (``shows [ 8d, Ad ]``, ``mucks [ .. ]``).
"""

from __future__ import annotations

import re
from typing import List

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO
from .common import amount as _amount
from .common import finish, read_seats
from .common import game as variant_of
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha Hi/Lo": OMAHA_HI_LO, "Omaha HiLo": OMAHA_HI_LO}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT,
           "Limit": Limit.FIXED_LIMIT}
_GAME_LINE = re.compile(r"(?P<stakes>\S+/\S+) Blinds (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit) "
                        r"(?P<game>Holdem|Omaha Hi/Lo|Omaha HiLo|Omaha)(?: \(.*\))? - \*\*\* (?P<time>.*)")
_TABLE = re.compile(r"(?:Tournament #(?P<tournament>\d+) .*- )?Table (?P<table>.*?) (?P<max>\d+) Max"
                    r"(?: \((?P<money>Real Money|Play Money)\))?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \( (?P<stack>[^ ]+) \)")
_LINE = re.compile(r"(?P<name>.+) (?P<verb>folds|checks|calls|raises|bets|posts ante|posts small blind|"
                   r"posts big blind|posts dead blind|shows|mucks|collected|did not show his hand)"
                   r"(?: \[ ?(?P<what>[^\]]*?) ?\])?")
_BOARD = re.compile(r"\*\* Dealing (?P<street>flop|turn|river) \*\* \[ (?P<cards>[^\]]*) \]")
_STREETS = {"flop": 1, "turn": 2, "river": 3}


def _cards(text: str) -> List[str]:
    return [c.strip() for c in text.split(",")]


def parse(text: str, site: str) -> Parsed:
    lines = text.replace(" \n", "\n").split("\n")
    p = Parsed(site)
    p.hand_id = lines[0][len("#Game No : "):].strip()
    if len(lines) < 6:
        raise SiteError("the hand is truncated after its first lines", len(lines))
    i = 1
    if lines[i].startswith("*****"):
        i += 1
    game = _GAME_LINE.fullmatch(lines[i].rstrip())
    if game is None:
        raise SiteError(f"a game the importer does not read: {lines[i]!r}", i + 1)
    p.variant = variant_of(_GAMES[game.group("game")], _LIMITS[game.group("limit")])
    p.stakes = game.group("stakes")
    small, _, big = p.stakes.partition("/")
    if p.variant.limit is not Limit.FIXED_LIMIT:
        p.blinds = (_amount(small, i + 1), _amount(big, i + 1))
    p.time = game.group("time").strip()
    i += 1
    table = _TABLE.fullmatch(lines[i].rstrip())
    if table is None:
        raise SiteError(f"expected the table line, not {lines[i]!r}", i + 1)
    p.table = table.group("table").lstrip("#")
    p.max_seats = int(table.group("max"))
    if table.group("tournament"):
        p.tournament = table.group("tournament")
        p.fields["tournament"] = p.tournament
        p.decimals = 0
        p.rake = 0
    elif table.group("money") == "Play Money":
        p.decimals = 0
    else:
        p.currency = {"$": "USD", "€": "EUR", "£": "GBP"}.get(p.stakes[:1], "")
    p.reports_returned = False
    i += 1
    if not lines[i].startswith("Seat ") or not lines[i].endswith(" is the button"):
        raise SiteError(f"expected 'Seat N is the button', not {lines[i]!r}", i + 1)
    p.button = int(lines[i][5:-14])
    i += 1
    if lines[i].startswith("Total number of players"):
        i += 1
    i, names = read_seats(lines, i, _SEAT, _amount, p)
    n = len(lines)
    street = -1
    summary = False
    board: List[str] = []
    acts = p.acts
    while i < n:
        line = lines[i].rstrip()
        i += 1
        if not line:
            continue
        if line.startswith("** "):
            if line == "** Summary **":
                summary = True
            elif line == "** Dealing down cards **":
                street = 0
            else:
                m = _BOARD.fullmatch(line)
                if m is None:
                    raise SiteError(f"unknown section {line!r}", i)
                street = _STREETS[m.group("street")]
                board += _cards(m.group("cards"))
            continue
        if line.startswith("Dealt to "):
            at = line.find(" [ ")
            who = line[9:at]
            if who in names:
                p.known[who] = _cards(line[at + 3:line.rindex(" ]")])
            continue
        m = _LINE.fullmatch(line)
        if m is None or m.group("name") not in names:
            raise SiteError(f"unknown line {line!r}", i)
        name, verb, what = m.group("name"), m.group("verb"), m.group("what")
        if verb == "folds":
            acts.append(Act(name, "f", None, None, False, street, i))
        elif verb == "checks":
            acts.append(Act(name, "x", None, None, False, street, i))
        elif verb == "calls":
            acts.append(Act(name, "c", _amount(what, i), None, False, street, i))
        elif verb in ("raises", "bets"):
            acts.append(Act(name, "b", _amount(what, i), None, False, street, i))
        elif verb == "posts ante":
            p.posts.append((name, "ante", _amount(what, i), i))
        elif verb == "posts small blind":
            p.posts.append((name, "sb", _amount(what, i), i))
        elif verb == "posts big blind":
            p.posts.append((name, "bb", _amount(what, i), i))
        elif verb == "posts dead blind":
            p.posts.append((name, "sbbb", _amount(what, i), i))
        elif verb in ("shows", "mucks"):
            p.known[name] = _cards(what)
            if verb == "mucks":
                p.mucked.add(name)
        elif verb == "collected":
            p.collected[name] = p.collected.get(name, 0) + _amount(what, i)
    if not summary:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if board:
        p.boards = [board]
    return finish(p)
