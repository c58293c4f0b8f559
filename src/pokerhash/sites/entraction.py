"""Entraction hand histories.

A hand starts ``Game # N - GAME LIMIT CUR S/B - Table "NAME"`` and is written in
columns: the name, padded with spaces, then what happened (``Hero      Raise
(15.00)``). The seats are ``NAME (CUR STACK in seat N)``, the button ``Dealer: NAME``,
the blinds ``Small Blind: NAME (X)``, ``Big Blind:``, ``Small + Big Blind:`` (a
player coming back: the big blind live, the small dead) and ``Blind out of turn:``
(a live big blind); a line's player is the longest seat name it starts with. What
this site's figures mean (the importer's conventions):

- Every amount in brackets is the chips the action **adds** (``Raise (15.00)``,
  ``All-In (38.50)``), never a total; an uncalled bet comes back as ``NAME Payback
  (X)``.
- ``NAME wins: CUR X`` (one line per pot) is what the player collected, after the
  rake (``Rake: CUR Y``), the uncalled bet apart.
- A tournament's first line has no currency (``Texas Hold'em No Limit 200/400 and 20
  ante``) and its chips are written with two decimals (``6,003.00``); the table name
  is all it says of the tournament.
- Heads-up the dealer posts the big blind and the small blind acts first on every
  street (a dead-button order): such hands are marked ``fields["heads_up_dead_button"]``
  and played with the engine's option of that name.
"""

from __future__ import annotations

import re
from typing import Dict, List

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO, PLO5
from .common import amount as _amount
from .common import all_in_calls, check_hand, finish, seated
from .common import game as variant_of
from .model import Act, Parsed, SiteError
from .settling import big_blind_on_the_button

__all__ = ["parse"]

_HEADER = re.compile(r"Game # (?P<id>\d+) - (?P<game>Texas Hold'em|Omaha High/Low|Omaha High|5-Card Omaha High) "
                     r"(?P<limit>No Limit|Pot Limit|Fixed Limit) (?:(?P<currency>[A-Z]{3}) )?"
                     r"(?P<small>[\d.,]+)/(?P<big>[\d.,]+)(?: and (?P<ante>[\d.,]+) ante)? - Table \"(?P<table>.*)\"")
_GAMES = {"Texas Hold'em": HOLDEM, "Omaha High": PLO, "Omaha High/Low": OMAHA_HI_LO, "5-Card Omaha High": PLO5}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT}
_SEAT = re.compile(r"(?P<name>.*?)\s+\((?:[A-Z]{3} )?(?P<stack>[\d.,]+) in seat (?P<seat>\d+)\)")
_POSTS = {"Small Blind:": "sb", "Big Blind:": "bb", "Small + Big Blind:": "sbbb", "Blind out of turn:": "bb"}
_POST = re.compile(r"(?P<what>Small Blind:|Big Blind:|Small \+ Big Blind:|Blind out of turn:)\s+(?P<rest>.*)")
_AMOUNT = re.compile(r"\((?P<amount>[\d.,]+)\)")
_WINS = re.compile(r"wins:\s+(?:[A-Z]{3} )?(?P<amount>[\d.,]+)(?: (?:main|side|split) pot(?: \d+)?)?(?: \(with .*\))?")
_STREETS = {"Flop": 1, "Turn": 2, "River": 3}


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    return _parse([line.rstrip() for line in text.split("\n")], site)


def _cards(text: str) -> List[str]:
    return [card.strip() for card in text.split(" - ")]


def _parse(lines: List[str], site: str) -> Parsed:
    p = Parsed(site)
    header = _HEADER.fullmatch(lines[0])
    if header is None:
        raise SiteError(f"a game the importer does not read: {lines[0]!r}", 1)
    p.hand_id = header.group("id")
    limit = _LIMITS[header.group("limit")]
    p.variant = variant_of(_GAMES[header.group("game")], limit)
    p.table = header.group("table")
    p.stakes = f"{header.group('small')}/{header.group('big')}"
    small, big = _amount(header.group("small"), 1), _amount(header.group("big"), 1)
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = small, big
    else:
        p.blinds = (small, big)
    if header.group("currency"):
        p.currency = header.group("currency")
    else:
        p.tournament = p.table
        p.fields["tournament"] = p.tournament
        p.decimals = 0
        p.rake = 0
    names: Dict[str, int] = {}
    n = len(lines)
    i = 1
    while i < n and not lines[i].startswith("Players(max"):
        i += 1
    if i == n:
        raise SiteError("the hand is truncated before its seats", n)
    max_seats = lines[i][len("Players(max "):].rstrip("):")
    if max_seats.isdigit():
        p.max_seats = int(max_seats)
    i += 1
    while i < n and lines[i]:
        seat = _SEAT.fullmatch(lines[i])
        if seat is None:
            raise SiteError(f"cannot read the seat line {lines[i]!r}", i + 1)
        name = seat.group("name")
        if not name or name in names:
            raise SiteError(f"a seat without a name, or a name seated twice: {lines[i]!r}", i + 1)
        names[name] = int(seat.group("seat"))
        p.seats.append((names[name], name, _amount(seat.group("stack"), i + 1)))
        i += 1
    if not p.seats:
        raise SiteError("the hand has no seats", i + 1)
    p.seats.sort()
    by_length = sorted(names, key=len, reverse=True)
    lower = {name.lower(): name for name in names}
    street = -1
    board: List[str] = []
    ended = False
    for index in range(i, n):
        line = lines[index]
        number = index + 1
        if not line:
            continue
        if line.startswith("Dealer:"):
            who = line[7:].strip()
            if who not in names:
                raise SiteError(f"the dealer is not in the seat list: {line!r}", number)
            p.button = names[who]
            continue
        post = _POST.fullmatch(line)
        if post is not None:
            who = seated(post.group("rest") + " ", by_length)
            value = _AMOUNT.search(post.group("rest"))
            if who is None or value is None:
                raise SiteError(f"cannot read {line!r}", number)
            p.posts.append((who, _POSTS[post.group("what")], _amount(value.group("amount"), number), number))
            street = 0
            continue
        if line.startswith("Game ended"):
            ended = True
            p.time = line[11:]
            break
        if line.startswith("Rake:"):
            p.rake = _amount(line[5:].split()[-1], number)
            continue
        first = line.split(None, 1)[0]
        if first in _STREETS and " - " in line:
            street = _STREETS[first]
            board = _cards(line[len(first):].strip())
            continue
        name = seated(line, by_length)
        if name is None:
            # The hero's name may be written in another case in "was dealt".
            head, _, cards = line.partition(" was dealt:")
            if cards and head.lower() in lower:
                p.known[lower[head.lower()]] = _cards(cards.strip())
                continue
            raise SiteError(f"unknown line {line!r}", number)
        rest = line[len(name):].strip()
        verb = rest.split(None, 1)[0] if rest else ""
        value = _AMOUNT.fullmatch(rest[len(verb):].strip()) if verb else None
        amount = _amount(value.group("amount"), number) if value is not None else None
        if verb in ("Call", "Bet", "Raise", "All-In"):
            if amount is None:
                raise SiteError(f"an action without its amount: {line!r}", number)
            p.acts.append(Act(name, "c" if verb == "Call" else "b", amount, None, verb == "All-In", street, number))
        elif verb == "Fold":
            p.acts.append(Act(name, "f", None, None, False, street, number))
        elif verb == "Check":
            p.acts.append(Act(name, "x", None, None, False, street, number))
        elif verb == "Ante":
            if amount is None:
                raise SiteError(f"an ante without its amount: {line!r}", number)
            p.posts.append((name, "ante", amount, number))
        elif verb == "Payback":
            if amount is None:
                raise SiteError(f"cannot read {line!r}", number)
            p.returned[name] = p.returned.get(name, 0) + amount
        elif rest.startswith("was dealt:"):
            p.known[name] = _cards(rest[10:].strip())
        elif rest.startswith("shows:"):
            shown = rest[6:].strip()
            p.known[name] = _cards(shown.split(" (", 1)[0])
        elif rest.startswith("didn't show hand"):
            if "(" in rest:
                p.known[name] = _cards(rest[rest.index("(") + 1:rest.rindex(")")])
                p.mucked.add(name)
        elif rest.startswith("wins:"):
            won = _WINS.fullmatch(rest)
            if won is None:
                raise SiteError(f"cannot read {line!r}", number)
            p.collected[name] = p.collected.get(name, 0) + _amount(won.group("amount"), number)
        else:
            raise SiteError(f"unknown action {line!r}", number)
    if not ended:
        raise SiteError("the hand is truncated: it stops before 'Game ended'", n)
    if not p.button:
        raise SiteError("the hand does not say who the dealer is")
    if big_blind_on_the_button(p):
        p.fields["heads_up_dead_button"] = True
    all_in_calls(p)
    if p.rake is None:
        p.rake = 0
    if board:
        p.boards = [board]
    return check_hand(finish(p))

