"""Winamax hand histories.

A hand starts ``Winamax Poker - CashGame - HandId: #...`` (``Go Fast "TABLE"``: a
fast-fold cash table) or ``Winamax Poker - Tournament "NAME" buyIn: ... - HandId:
#...``, then the game (``Holdem no limit (0.05€/0.10€)``, ``Omaha5 pot limit``,
``5 Card Omaha Hi/Lo``, ``Omaha8``, ``7-Card Stud fixed limit (5€/25€/50€)``: ante,
small and big bet, ``Razz``, ``2-7 Triple Draw``...). The table line is ``Table:
'NAME' 6-max (real money) Seat #3 is the button`` (older: ``Seat 0000005``; newer: no
colon after ``Table``; stud: no button). Action lines carry no ``": "`` after the
name (``MRZO raises 20 to 40``): a line's player is the longest seat name it starts
with. What this site's figures mean:

- ``NAME collected X from pot`` (one line per pot and half: ``from pot(HI)``,
  ``from side pot 1``) is what the player won; the site writes no line for an
  uncalled bet, and a collected figure may hold one (a walk's big blind), so
  ``returned`` is not compared and a collected figure may equal what the engine paid
  with or without the uncalled chips it gave back.
- The rake is taken from every pot (the engine takes it from the main pot first):
  each collection's pot is kept in ``fields["pots"]`` and the replay checks them pot
  by pot; when a collected figure holds uncalled chips (more than its pot), each side
  pot's share in proportion to its chips, rounded down, the main pot the rest, is
  checked instead (read off the two real hands that do so).
- ``Total pot X | Rake Y`` (``No rake``: zero): X is what the winners shared, net of
  the rake (with any uncalled chips a collected figure holds). Amounts carry ``€``
  (or no sign for tournament chips and play money), a decimal point or a decimal
  comma; tournament hands may write a total as ``17.68k`` (thousands, rounded: it is
  checked to its last digit against the collected figures, whose sum is then the
  total compared).
- ``posts big blind X out of position`` is a live blind posted by a player coming
  in, ``posts small blind X out of position`` a dead one (followed by ``posts big
  blind 0 out of position``: X is both blinds, the small dead and the big live); a
  ``raises X to Y`` among the blinds (before the cards) is a player coming back
  posting both blinds (Y: the big live, the rest dead), and a small blind he posts
  as well is dead (with that reading the order of play and every figure of the real
  hands that write it agree).
- Stud streets are ``*** 3rd STREET ***`` to ``*** 7th STREET ***``; ``Dealt to``
  lines write every card dealt so far, ``X`` for one not seen, the new ones in the
  last bracket. Draw games: ``*** FIRST-DRAW ***``..., ``NAME discard 2 cards``,
  ``stands pat [cards]`` (see :mod:`pokerhash.sites.draws`).
"""

from __future__ import annotations

import re
from typing import List

from ..betting import Limit
from ..engine import (BADUGI, BIG_O, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO,
                      PLO5, RAZZ, STUD, STUD_HI_LO)
from .common import amount as _amount
from .common import begin, finish, game, read_seats, seated, summary_line
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_HEADER = re.compile(r"Winamax Poker - (?P<kind>CashGame|Tournament|Go Fast|.*?)(?: \"(?P<tname>[^\"]*)\".*?)? - "
                     r"HandId: #(?P<id>\S+) - (?P<game>.+?) (?P<limit>no limit|pot limit|fixed limit|limit) "
                     r"\((?P<stakes>[^)]*)\) - (?P<time>.*)")
_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha5": PLO5, "5 Card Omaha": PLO5, "Omaha Hi/Lo": OMAHA_HI_LO,
          "Omaha8": OMAHA_HI_LO, "Omaha5 Hi/Lo": BIG_O, "5 Card Omaha Hi/Lo": BIG_O, "7-Card Stud": STUD,
          "7stud": STUD, "7-Card Stud Hi/Lo": STUD_HI_LO, "7stud8": STUD_HI_LO, "Razz": RAZZ,
          "2-7 Triple Draw": DEUCE7_TRIPLE_DRAW, "Lowball27": DEUCE7_TRIPLE_DRAW, "2-7 Single Draw": DEUCE7_SINGLE_DRAW,
          "5 Card Draw": FIVE_CARD_DRAW, "Badugi": BADUGI}
_LIMITS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT, "fixed limit": Limit.FIXED_LIMIT,
           "limit": Limit.FIXED_LIMIT}
_TABLE = re.compile(r"Table:? '(?P<table>.*)' (?P<max>\d+)-max(?: \((?P<money>[^)]*)\))?"
                    r"(?: Seat #?(?P<button>\d+) is the button)?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^,()]*)(?:, [^()]*)?\)")
_COLLECTED = re.compile(r"collected (?P<amount>.+?) from (?:main |side )?pot(?: ?\d+)?(?: ?\((?:HI|LO)\))?")
_STREETS = {"PRE-FLOP": 0, "3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4,
            "THIRD": 0, "FOURTH": 1, "FIFTH": 2, "SIXTH": 3, "SEVENTH": 4, "FIRST-BET": 0, "FIRST-DRAW": 1,
            "SECOND-BET": 1, "SECOND-DRAW": 2, "THIRD-BET": 2, "THIRD-DRAW": 3, "FOURTH-BET": 3,
            "FLOP": 1, "TURN": 2, "RIVER": 3}
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_POSTS = {"small blind": "sb", "big blind": "bb", "ante": "ante", "straddle": "straddle",
          "small blind out of position": "dead", "big blind out of position": "bb"}


def _money(text: str, line: int) -> int:
    text = text.replace("€", "").replace(" ", "")
    if text[-1:] in ("k", "K"):
        return _thousands(text[:-1], line)
    if "," in text and "." not in text and len(text.rpartition(",")[2]) == 2:
        text = text.replace(",", ".")  # a decimal comma
    return _amount(text, line)


def _thousands(text: str, line: int) -> int:
    """``6.02k``: thousands with up to three decimals, in cents."""
    whole, _, fraction = text.replace(",", ".").partition(".")
    if not whole.isdigit() or not (fraction.isdigit() or not fraction) or len(fraction) > 3:
        raise SiteError(f"{text + 'k'!r} is not an amount", line)
    return (int(whole) * 1000 + int((fraction + "000")[:3])) * 100


def _whole_chips(p: Parsed) -> bool:
    amounts = [stack for _, _, stack in p.seats] + [post[2] for post in p.posts] + \
        [a for act in p.acts for a in (act.amount, act.to) if a is not None] + list(p.collected.values())
    return all(a % 100 == 0 for a in amounts)


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    if text.startswith("Winamax Poker - Tournament summary"):
        raise SiteError("a tournament summary, not a hand", 1)
    return _parse(text, site)


def _parse(text: str, site: str) -> Parsed:
    lines, p, header = begin(text, site, _HEADER)
    name = header.group("game")
    base = _GAMES.get(name)
    if base is None:
        raise SiteError(f"a game the engine does not play: {name!r}", 1)
    limit = _LIMITS[header.group("limit")]
    p.variant = base if base.is_stud else game(base, limit)
    p.stakes = header.group("stakes")
    sizes = p.stakes.split(", ")[-1].split("/")  # "0.05€/0.10€", "10/20", "12/50/100" (ante first)
    if base.is_stud or limit is Limit.FIXED_LIMIT:
        if len(sizes) >= 2:
            p.small_bet, p.big_bet = _money(sizes[-2], 1), _money(sizes[-1], 1)
    elif len(sizes) >= 2:
        p.blinds = (_money(sizes[-2], 1), _money(sizes[-1], 1))
    p.time = header.group("time")
    p.reports_returned = False
    p.fields["rake_from"] = "every pot"
    if header.group("kind") == "Tournament":
        p.tournament = header.group("tname") or header.group("kind")
        p.fields["tournament"] = p.tournament
        p.decimals = 0
    elif "€" in p.stakes:
        p.currency = "EUR"
    if len(lines) < 2:
        raise SiteError("the hand is truncated after its first line", 1)
    table = _TABLE.fullmatch(lines[1])
    if table is None or (table.group("button") is None and not base.is_stud):
        raise SiteError(f"expected the table line (Table: '...' N-max Seat #N is the button), not {lines[1]!r}", 2)
    p.table = table.group("table")
    p.max_seats = int(table.group("max"))
    p.button = int(table.group("button") or 0)
    if table.group("money") == "play money":
        p.currency = ""
    i, names = read_seats(lines, 2, _SEAT, _money, p)
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    stud = base.is_stud
    draw = any(street.draw for street in base.streets)
    acts = p.acts
    street = -1
    showdown = False
    board: List[str] = []
    summary = -1
    n = len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if not line:
            continue
        if line.startswith("*** "):
            marker = line[4:line.find(" ***", 4)]
            if marker == "SUMMARY":
                summary = i - 1
                break
            if marker in _STREETS:
                street = _STREETS[marker]
                if street and not stud and not draw:
                    board = " ".join(_BRACKETS.findall(line)).split()
            elif marker == "SHOW DOWN":
                showdown = True
            elif marker != "ANTE/BLINDS":
                raise SiteError(f"unknown section {line!r}", i)
            continue
        if line.startswith("Dealt to "):
            brackets = _BRACKETS.findall(line)
            who = line[9:line.find(" [")] if brackets else ""
            if who in names:
                if draw:
                    cards = " ".join(brackets).split()
                    if "X" not in cards:
                        player = p.draws.setdefault(who, [None])
                        if street <= 0 and len(player) == 1:
                            player[0] = cards  # the first deal
                        elif len(player) > 1 and len(brackets) > 1:
                            player[-1][1] = brackets[-1].split()  # the cards received at this draw
                        p.known[who] = cards
                elif stud:
                    dealt = p.stud.setdefault(who, [])
                    new = brackets[0] if street == 0 and len(brackets) == 1 else brackets[-1]
                    dealt.extend(None if card == "X" else card for card in new.split())
                else:
                    p.known[who] = brackets[-1].split()
            continue
        name = seated(line, by_length)
        if name is None:
            raise SiteError(f"unknown line {line!r}", i)
        verb = line[len(name) + 1:]
        all_in = verb.endswith(" and is all-in")
        if all_in:
            verb = verb[:-14]
        if verb == "folds":
            acts.append(Act(name, "m" if showdown else "f", None, None, False, street, i))
        elif verb == "checks":
            acts.append(Act(name, "x", None, None, False, street, i))
        elif verb.startswith("calls "):
            acts.append(Act(name, "c", _money(verb[6:], i), None, all_in, street, i))
        elif verb.startswith("bets "):
            acts.append(Act(name, "b", _money(verb[5:], i), None, all_in, street, i))
        elif verb.startswith("raises "):
            by, to, total = verb[7:].partition(" to ")
            if not to:
                raise SiteError(f"cannot read the raise {line!r}", i)
            if by.startswith("-"):
                raise SiteError(f"the site writes a raise by a negative amount ({by}): its figures are "
                                "inconsistent", i)
            if street < 0:
                # Among the blinds: a player coming back posts both blinds (the big
                # live, the rest dead); a small blind he also posts is dead too.
                p.posts.append((name, "sbbb", _money(total, i), i))
            else:
                acts.append(Act(name, "b", _money(by, i), _money(total, i), all_in, street, i))
        elif verb.startswith(("brings in ", "bring-in ")):  # the latter: play-money exports
            acts.append(Act(name, "bi", _money(verb[10 if verb[5] == "s" else 9:], i), None, all_in, street, i))
        elif verb.startswith("posts "):
            if verb.endswith(" out of position"):
                what, _, amount = verb[6:-16].rpartition(" ")
                what += " out of position"
            else:
                what, _, amount = verb[6:].rpartition(" ")
            kind = _POSTS.get(what)
            if kind is None:
                raise SiteError(f"unknown post {line!r}", i)
            chips = _money(amount, i)
            if what == "big blind out of position" and chips == 0 and p.posts and p.posts[-1][:2] == (name, "dead"):
                # "posts small blind 3€ out of position" then "posts big blind 0€ out of
                # position": both blinds, dead small and live big, written as one sum
                p.posts[-1] = (name, "sbbb", p.posts[-1][2], p.posts[-1][3])
                continue
            if kind == "sb" and any(post[:2] == (name, "sbbb") for post in p.posts):
                kind = "dead"
            p.posts.append((name, kind, chips, i))
        elif draw and verb.startswith(("stands pat", "discard")):
            words = verb.split(" ")
            count = 0 if verb.startswith("stands pat") else int(words[1])
            cards = _BRACKETS.findall(verb)
            cards = cards[-1].split() if cards and "X" not in cards[-1] else None
            if count == 0 and cards:
                p.known[name] = cards
            p.draws.setdefault(name, [None]).append([(cards if count else []) if cards or not count else None,
                                                     [] if count == 0 else None])
            acts.append(Act(name, "d", count, None, False, street, i))
        elif verb.startswith("shows ["):
            p.known[name] = verb[7:verb.index("]")].split()
        elif verb.startswith("collected "):
            m = _COLLECTED.fullmatch(verb)
            if m is None:
                raise SiteError(f"cannot read {line!r}", i)
            amount = _money(m.group("amount"), i)
            p.collected[name] = p.collected.get(name, 0) + amount
            side = re.search(r"side pot ?(\d+)", verb)  # the pot collected from: the rake is taken from each
            p.fields.setdefault("pots", []).append((name, int(side.group(1)) if side else 0, amount))
        elif verb.startswith(("mucks", "doesn't show", "sits out", "is sitting out", "will be allowed", "said",
                                "denies big blind")):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if p.decimals == 0 and not _whole_chips(p):
        p.decimals = 2  # tournament chips split in halves (7410.50): amounts keep two decimals
    total_line = summary + 1  # the summary's Total pot line, once read
    for index in range(summary, n):
        line = lines[index]
        if line.startswith("Total pot "):
            total, _, rake = line[10:].partition(" | ")
            p.total = _money(total, index + 1)
            total_line = index + 1
            if rake == "No rake":
                p.rake = 0
            elif rake.startswith("Rake "):
                p.rake = _money(rake[5:], index + 1)
            else:
                raise SiteError(f"unknown figure in {line!r}", index + 1)
            p.total += p.rake  # the site's total is what the winners shared, net of the rake
            if total.endswith(("k", "K")):
                # "17.68k" is rounded to its last digit: when the collected figures
                # round to it, they are the exact total the text implies.
                digits = len(total[:-1].replace(",", ".").partition(".")[2])
                unit = 10 ** (3 - digits) * 100
                exact = sum(p.collected.values()) + p.rake
                if abs(exact - p.total) < unit:
                    p.total = exact
        else:
            summary_line(p, line, index + 1, seat_names)
    if stud and not p.stud and len(p.known) < len(p.seats):
        raise SiteError("a stud hand that does not write the cards dealt (an export without them): the up "
                        "cards that decide who acts first are not known", summary + 1)
    if p.total is not None and p.total > _put_in(p):
        raise SiteError(f"the site's figures do not add up: its total pot and rake "
                        f"({p.total / 100:.2f}) are more than went in ({_put_in(p) / 100:.2f})", total_line)
    return finish(p, board)


def _put_in(p: Parsed) -> int:
    """Every chip the text puts in (uncalled ones included): posts, calls, bets, and
    raises to a total (what the raiser adds to his bet of the round)."""
    total = sum(post[2] for post in p.posts)
    bets: dict = {}
    street = None
    for name, kind, chips, _ in p.posts:
        if kind in ("sb", "bb", "straddle", "sbbb"):
            bets[name] = bets.get(name, 0) + chips
    for act in p.acts:
        if act.street != street and act.street > 0:
            bets, street = {}, act.street
        if act.to is not None:
            total += act.to - bets.get(act.player, 0)
            bets[act.player] = act.to
        elif act.amount is not None:
            total += act.amount
            bets[act.player] = bets.get(act.player, 0) + act.amount
    return total
