"""Full Tilt Poker hand histories.

A hand starts ``Full Tilt Poker Game #N: TABLE - STAKES - GAME - TIME``; the button is
a line of its own (``The button is in seat #5``). Action lines carry no ``": "``
after the name (``JohnyyR raises to 40``): a line's player is the longest seat name
it starts with. What this site's figures mean:

- ``raises to X`` gives the total of the round, ``bets X`` and ``calls X`` the chips
  added; ``, and is all in`` may follow.
- ``NAME wins the pot (X)`` (also ``the main pot``, ``the side pot``, ``ties for the
  pot``: one line per pot and half) is what the player collected; an uncalled bet is
  apart (``Uncalled bet of X returned to NAME``).
- ``Total pot X | Rake Y``; tournament chips carry no currency sign.
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

_GAME_NAMES = (r"No Limit Hold'em|NL Hold'em|Pot Limit Hold'em|PL Hold'em|Limit Hold'em|Pot Limit Omaha Hi/Lo|"
               r"PL Omaha Hi/Lo|Pot Limit Omaha H/L|PL Omaha H/L|Pot Limit Omaha|PL Omaha|Limit Omaha Hi/Lo|"
               r"Limit Omaha H/L|5 Card Omaha|PL 5 Card Omaha")
# Older files write the stakes before the game, newer ones after it.
_HEADER = re.compile(r"Full Tilt Poker Game #(?P<id>\d+): (?P<table>.*?) - (?:"
                     r"(?P<stakes>[^ ]+/[^ ]+)(?: Ante \S+)? - (?:\S+ Cap )?(?P<game>" + _GAME_NAMES + r")"
                     r"|(?:\S+ Cap )?(?P<game2>" + _GAME_NAMES + r") - (?P<stakes2>[^ ]+/[^ ]+)(?: Ante \S+)?"
                     r") - (?P<time>.*)")
_GAMES = {"No Limit Hold'em": (HOLDEM, Limit.NO_LIMIT), "NL Hold'em": (HOLDEM, Limit.NO_LIMIT),
          "Pot Limit Hold'em": (HOLDEM, Limit.POT_LIMIT), "PL Hold'em": (HOLDEM, Limit.POT_LIMIT),
          "Limit Hold'em": (HOLDEM, Limit.FIXED_LIMIT), "Pot Limit Omaha": (PLO, Limit.POT_LIMIT),
          "PL Omaha": (PLO, Limit.POT_LIMIT), "Pot Limit Omaha Hi/Lo": (OMAHA_HI_LO, Limit.POT_LIMIT),
          "PL Omaha Hi/Lo": (OMAHA_HI_LO, Limit.POT_LIMIT), "Pot Limit Omaha H/L": (OMAHA_HI_LO, Limit.POT_LIMIT),
          "PL Omaha H/L": (OMAHA_HI_LO, Limit.POT_LIMIT), "Limit Omaha Hi/Lo": (OMAHA_HI_LO, Limit.FIXED_LIMIT),
          "Limit Omaha H/L": (OMAHA_HI_LO, Limit.FIXED_LIMIT), "5 Card Omaha": (PLO5, Limit.POT_LIMIT),
          "PL 5 Card Omaha": (PLO5, Limit.POT_LIMIT)}
_TOURNAMENT = re.compile(r"\((?P<id>\d+)\), Table (?P<table>.*)")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<rest>.*)")
_WINS = re.compile(r"(?:wins|ties for) the (?:(?:main |side |high |low )?pot(?: #?\d+)?|pot) \((?P<amount>[^)]+)\)"
                   r"(?: with .*)?")
_POSTS = (("posts the small blind of ", "sb"), ("posts the big blind of ", "bb"), ("antes ", "ante"),
          ("posts a dead small blind of ", "dead"), ("posts ", "bb"))
_NOTES = ("has ", "is sitting out", "sits out", "stands up", "sits down", "has returned", "is feeling",
          "mucks", "shows", "adds ", "seconds left to act", "is disconnected", "has reconnected", "leaves the table")


def parse(text: str, site: str) -> Parsed:
    lines, p, header = begin(text, site, _HEADER)
    base, limit = _GAMES[header.group("game") or header.group("game2")]
    p.variant = game(base, limit)
    p.stakes = header.group("stakes") or header.group("stakes2")
    p.time = header.group("time")
    table = header.group("table")
    tournament = _TOURNAMENT.search(table)
    if tournament is not None:
        p.tournament = tournament.group("id")
        p.fields["tournament"] = p.tournament
        p.table = tournament.group("table")
    else:
        p.table = table[6:] if table.startswith("Table ") else table
    if p.stakes[:1] in "$€£" and tournament is None:
        p.currency = {"$": "USD", "€": "EUR", "£": "GBP"}[p.stakes[0]]
    else:
        p.decimals = 0
    small, _, big = p.stakes.partition("/")
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = _amount(small, 1), _amount(big, 1)
    else:
        p.blinds = (_amount(small, 1), _amount(big, 1))
    i, names = read_seats(lines, 1, _SEAT, _amount, p)
    n = len(lines)
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    acts = p.acts
    button = 0
    cancelled = 0
    rows, summary = body(lines, i, "HOLE CARDS", p, names)
    board: List[str] = []
    for i, line, street, board, showdown in rows:
        if line.startswith("The button is in seat #"):
            button = int(line[23:])
            continue
        if line.startswith("Uncalled bet of "):
            amount, _, who = line[16:].partition(" returned to ")
            if who not in names:
                raise SiteError(f"cannot read {line!r}", i)
            p.returned[who] = p.returned.get(who, 0) + _amount(amount, i)
            continue
        if line.startswith("Hand #") and "has been canceled" in line:
            cancelled = i
            continue
        said = actor(p, line, by_length, ", and is all in", street, i, showdown, _amount)
        if said is None:
            if ": " in line:
                continue  # chat: "NAME: text" of an observer
            raise SiteError(f"unknown line {line!r}", i)
        name, verb, all_in, done = said
        if done:
            continue
        if verb.startswith("raises to "):
            acts.append(Act(name, "b", None, _amount(verb[10:], i), all_in, street, i))
        elif verb.startswith("shows ["):
            p.known[name] = verb[7:verb.index("]")].split()
        elif verb.startswith(("wins ", "ties for ")):
            m = _WINS.fullmatch(verb)
            if m is None:
                raise SiteError(f"cannot read {line!r}", i)
            p.collected[name] = p.collected.get(name, 0) + _amount(m.group("amount"), i)
        elif verb.startswith(("posts ", "antes ")):
            for prefix, kind in _POSTS:
                if verb.startswith(prefix):
                    p.posts.append((name, kind, _amount(verb[len(prefix):], i), i))
                    break
        elif verb.startswith(": "):
            continue  # chat
        elif verb.startswith(_NOTES):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if cancelled:
        raise SiteError("the site cancelled the hand", cancelled)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if not button:
        raise SiteError("the hand does not say where the button is")
    p.button = button
    for index in range(summary, n):
        line = lines[index]
        if line.startswith("Total pot "):
            figures = line[10:].split(" | ")
            p.total = _amount(figures[0].split(" ")[0], index + 1)
            for part in figures[1:]:
                if part.startswith("Rake "):
                    p.rake = _amount(part[5:], index + 1)
        else:
            summary_line(p, line, index + 1, seat_names)
    return finish(p, board)
