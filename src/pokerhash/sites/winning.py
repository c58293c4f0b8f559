"""Winning Poker Network (Americas Cardroom, Black Chip, True Poker) hand histories.

The current layout is PokerStars-like: ``Hand #N - Holdem(No Limit) - $0.02/$0.05 -
TIME`` (tournaments: ``Game Hand #N - NAME Tournament #T - Holdem(No Limit) - Level L
(S/B)- TIME``), the table and button on the next line, then ``Seat N: NAME (STACK)``.
Action lines carry no ``": "`` after the name: a line's player is the longest seat
name it starts with. What this site's figures mean (the importer's conventions):

- ``bets X`` and ``calls X`` give the chips added, ``raises X to Y`` the round's total;
  ``and is all-in`` may follow. ``posts dead X`` is a player coming back posting both
  blinds (the big blind live, the rest dead).
- ``NAME collected X from main pot`` (or a side pot; one line per pot) is what the
  player won; an uncalled bet is apart (``Uncalled bet (X) returned to NAME``). A
  hand won without a showdown has no ``collected`` line: the summary's ``won X`` is
  the figure, and in a walk it includes the big blind's uncalled part, returned
  without a line.
- The pots are written after the rake: ``Main pot X | Rake Y`` while the hand runs,
  and the summary's ``Total pot X | Rake Y | JP Fee Z`` (the jackpot fee apart: a
  fee); what went in is X + Y + Z. Without a summary rake the last running line's
  is the hand's.
- The older layout (``Game started at:``, often UTF-16) does not write the betting
  limit: its hands are refused, as are stud and run-it-twice hands.
"""

from __future__ import annotations

import re
from typing import List

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO, PLO5
from .common import amount as _amount
from .common import actor, begin, body, finish, game, read_seats, summary_line
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_HEADER = re.compile(r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tname>.*?)Tournament #(?P<trny>\d+) - )?"
                     r"(?P<game>[^(]+)\((?P<limit>No Limit|Pot Limit|Fixed Limit)\) - "
                     r"(?:Level \d+ \((?P<small>[\d.,]+)/(?P<big>[\d.,]+)\)\s*|(?P<stakes>\S+/\S+) )- (?P<time>.*)")
_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha H/L": OMAHA_HI_LO, "Omaha5": PLO5}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT}
_TABLE = re.compile(r"(?:Table '(?P<quoted>[^']*)'|(?P<table>.*?)) (?P<max>\d+)-max(?: Seat #(?P<button>\d+) is the button)?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<rest>.*)")
_COLLECTED = re.compile(r"collected (?P<amount>\S+) from (?:main|side) pot(?: \d+)?")
_POSTS = (("posts the small blind ", "sb"), ("posts the big blind ", "bb"), ("posts ante ", "ante"),
          ("posts dead ", "sbbb"))
_NOTES = ("does not show", "mucks", "is sitting out", "sits out", "has returned", "is disconnected",
          "is connected", "has timed out", "will be allowed", "joins the table", "leaves the table", "said")
_WON = re.compile(r" won (?P<amount>[^ ]+)")
_RUNS = re.compile(r"\*\*\* (?:FLOP|TURN|RIVER|SHOW DOWN) \d \*\*\*")


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read."""
    if text.lstrip().startswith("Game started at:"):
        raise SiteError("the older Winning layout ('Game started at:') does not write the betting limit: "
                        "its hands are not read", 1)
    try:
        return _parse(text, site)
    except SiteError:
        raise
    except (ValueError, KeyError, IndexError) as error:
        raise SiteError(f"cannot read: {error}") from None


def _parse(text: str, site: str) -> Parsed:
    lines, p, header = begin(text, site, _HEADER)
    name = header.group("game").strip()
    if name not in _GAMES:
        raise SiteError(f"{name} is not read (stud and other games)", 1)
    limit = _LIMITS[header.group("limit")]
    p.variant = game(_GAMES[name], limit)
    p.time = header.group("time")
    if header.group("trny"):
        p.tournament = header.group("trny")
        p.fields["tournament"] = p.tournament
        p.decimals = 0
        p.rake = 0
        small, big = _amount(header.group("small"), 1), _amount(header.group("big"), 1)
        p.stakes = f"{header.group('small')}/{header.group('big')}"
    else:
        p.stakes = header.group("stakes")
        small_text, _, big_text = p.stakes.partition("/")
        small, big = _amount(small_text, 1), _amount(big_text, 1)
        if p.stakes.startswith("$"):
            p.currency = "USD"
        else:
            p.decimals = 0  # play money
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = small, big
    else:
        p.blinds = (small, big)
    table = _TABLE.fullmatch(lines[1]) if len(lines) > 1 else None
    if table is None or not table.group("button"):
        raise SiteError(f"expected the table line (NAME N-max Seat #N is the button), not {lines[1:2]!r}", 2)
    p.table = table.group("quoted") if table.group("quoted") is not None else table.group("table")
    p.max_seats = int(table.group("max"))
    p.button = int(table.group("button"))
    i, names = read_seats(lines, 2, _SEAT, _amount, p)
    if any(_RUNS.fullmatch(line) for line in lines):
        raise SiteError("a hand run twice: not read yet")
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    acts = p.acts
    rows, summary = body(lines, i, "HOLE CARDS", p, names)
    board: List[str] = []
    for i, line, street, board, showdown in rows:
        if line.startswith("Main pot "):
            for part in line.split(" | ")[1:]:
                label, _, value = part.rpartition(" ")
                if label == "Rake" and p.tournament is None:
                    p.rake = _amount(value, i)  # the summary splits it into rake and fee
            continue
        if line.startswith("Uncalled bet ("):
            amount, _, who = line[14:].partition(") returned to ")
            if who not in names:
                raise SiteError(f"cannot read {line!r}", i)
            p.returned[who] = p.returned.get(who, 0) + _amount(amount, i)
            continue
        said = actor(p, line, by_length, " and is all-in", street, i, showdown, _amount)
        if said is None:
            raise SiteError(f"unknown line {line!r}", i)
        name, verb, all_in, done = said
        if done:
            continue
        if verb.startswith("raises "):
            added, _, to = verb[7:].partition(" to ")
            if not to:
                raise SiteError(f"cannot read the raise {line!r}", i)
            acts.append(Act(name, "b", _amount(added, i), _amount(to, i), all_in, street, i))
        elif verb.startswith("shows ["):
            p.known[name] = verb[7:verb.index("]")].split()
        elif verb.startswith("collected "):
            m = _COLLECTED.fullmatch(verb)
            if m is None:
                raise SiteError(f"cannot read {line!r}", i)
            p.collected[name] = p.collected.get(name, 0) + _amount(m.group("amount"), i)
        elif verb.startswith("posts "):
            for prefix, kind in _POSTS:
                if verb.startswith(prefix):
                    p.posts.append((name, kind, _amount(verb[len(prefix):], i), i))
                    break
            else:
                raise SiteError(f"unknown post {line!r}", i)
        elif verb.startswith(_NOTES):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", len(lines))
    summary_won = {}
    for index in range(summary, len(lines)):
        line = lines[index]
        if line.startswith("Total pot "):
            parts = line[10:].split(" | ")
            p.total = _amount(parts[0], index + 1)
            for part in parts[1:]:
                label, _, value = part.rpartition(" ")
                if label == "Rake":
                    p.rake = _amount(value, index + 1)
                elif label == "JP Fee":
                    p.fees = _amount(value, index + 1)
                else:
                    raise SiteError(f"unknown figure {part!r} in {line!r}", index + 1)
            continue
        summary_line(p, line, index + 1, seat_names)
        won = _WON.search(line) if line.startswith("Seat ") else None
        if won is not None:
            seat = int(line[5:line.index(":")])
            who = seat_names.get(seat)
            if who is None:
                raise SiteError(f"the summary names a seat that is not in the seat list: {line!r}", index + 1)
            summary_won[who] = summary_won.get(who, 0) + _amount(won.group("amount"), index + 1)
    if not p.collected:
        # No "collected" line (a hand won without a showdown): the summary's "won X".
        p.collected = summary_won
    if not p.returned:
        p.reports_returned = False  # a walk's uncalled blind goes back without a line
    if p.rake is None:
        p.rake = 0
    if p.total is not None:
        p.total += p.rake + p.fees  # the pots are written after the rake
    return finish(p, board)
