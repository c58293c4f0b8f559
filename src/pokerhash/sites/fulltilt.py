"""Full Tilt Poker hand histories.

A hand starts ``Full Tilt Poker Game #N: TABLE - ... - TIME`` (older files:
``FullTiltPoker Game #N``); between the table and the time come the stakes and the
game, in either order (``$2/$4 Ante $0.40 - Limit Stud Hi``, ``NL Hold'em -
$0.01/$0.02``), a capped game's cap before the game (``$400 Pot Limit Omaha Hi``,
``$2,000 Cap Pot Limit Omaha Hi``, ``CAP NL Hold'em``); a tournament's table is
``NAME (ID), Table N`` (or ``Match N``). Tournament amounts may carry a ``K``,
``M`` or ``B`` suffix (``50K/100K``, ``2B``). The button is a line of its own (``The
button is in seat #5``). Action lines carry no ``": "`` after the name (``JohnyyR
raises to 40``): a line's player is the longest seat name it starts with. What this
site's figures mean:

- ``raises to X`` gives the total of the round, ``bets X`` and ``calls X`` the chips
  added; ``, and is all in`` (or ``, and is capped``) may follow.
- ``NAME wins the pot (X)`` (also ``the main pot``, ``the side pot``, ``pot 1``,
  ``the high pot``, ``the low pot``, ``ties for ...``: one line per pot, half and
  board) is what the player collected; an uncalled bet is apart (``Uncalled bet of X
  returned to NAME``). A hand whose body writes no such line (a walk in some
  tournament files) gives the figures in its summary (``collected (X)``, ``won
  (X)``); some of those files drop the uncalled-bet line too, so a hand without one
  does not compare uncalled chips (the total pot still checks them).
- Some tournament files leave out a blind's fold when the hand ends before the flop;
  the summary says ``(small blind) folded before the Flop``: the fold is taken from
  there (after the last action before the flop).
- ``Total pot X | Rake Y`` (``Total pot X Main pot Y. Side pot Z. | Rake R``); a hand
  run twice has ``*** SUMMARY 1 ***`` and ``*** SUMMARY 2 ***`` with a board each.
- A capped game (each player puts in at most the cap) is played as if every stack
  were the cap; ``CAP NL`` without the amount is read while nobody reaches the cap.
- Stud streets are ``*** 3RD STREET ***`` to ``*** 7TH STREET ***``; each ``Dealt to``
  line ends with the new card(s).
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from ..betting import Limit
from ..engine import (BADUGI, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO, PLO5,
                      PLO6, RAZZ, STUD, STUD_HI_LO)
from .common import amount as _plain_amount
from .common import finish, game, read_seats, seated, summary_line
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_HEADER = re.compile(r"\ufeff?Full ?Tilt ?Poker Game #(?P<id>\d+): (?P<rest>.*)")
# The time ends the line: "12:15:21 ET - 2010/06/11", "18:38:07 UTC - 2013/05/24 [14:38:07 ET - ...]",
# "15:13 ET Wed, July 21, 2010"; " (partial)" may follow.
_TIME = re.compile(r" - (?P<time>\d{1,2}:\d\d(?::\d\d)? \S+ .*)$")
_STAKES = re.compile(r"(?P<small>[^/ ]+)/(?P<big>[^/ ]+)(?: Ante (?P<ante>\S+))?")
_GAME = re.compile(r"(?:(?P<cap>[$€£]?\d[\d,.]*[KMB]?) (?:Cap )?|CAP )?(?P<limit>No Limit|Pot Limit|Limit|NL|PL|FL) (?P<game>.+)")
_GAMES = {"Hold'em": HOLDEM, "Omaha Hi": PLO, "Omaha": PLO, "Omaha Hi/Lo": OMAHA_HI_LO, "Omaha H/L": OMAHA_HI_LO,
          "5 Card Omaha Hi": PLO5, "5 Card Omaha": PLO5, "6 Card Omaha Hi": PLO6, "6 Card Omaha": PLO6,
          "Stud Hi": STUD, "Stud": STUD, "Stud H/L": STUD_HI_LO, "Stud Hi/Lo": STUD_HI_LO, "Razz": RAZZ,
          "2-7 Triple Draw": DEUCE7_TRIPLE_DRAW, "2-7 Single Draw": DEUCE7_SINGLE_DRAW, "5 Card Draw": FIVE_CARD_DRAW,
          "Badugi": BADUGI}
_DRAWS = ("FIRST DRAW", "SECOND DRAW", "THIRD DRAW", "DRAW")
_LIMITS = {"No Limit": Limit.NO_LIMIT, "NL": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "PL": Limit.POT_LIMIT,
           "Limit": Limit.FIXED_LIMIT, "FL": Limit.FIXED_LIMIT}
_TOURNAMENT = re.compile(r"(?P<name>.*) \((?P<id>\d+)\), (?:Table|Match) (?P<table>.*)")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<rest>.*)")
_WINS = re.compile(r"(?:wins|ties for) (?:the )?(?:(?:main |side |high |low )?pot(?: #?\d+)?) \((?P<amount>[^)]+)\)"
                   r"(?: with .*)?")
_SUMMARY_WON = re.compile(r"Seat \d+: .*? (?:collected|and won|won) \((?P<amount>[^)]+)\)")
_POSTS = (("posts the small blind of ", "sb"), ("posts the big blind of ", "bb"), ("antes ", "ante"),
          ("posts a dead small blind of ", "dead"), ("posts ", "bb"))
_NOTES = ("has ", "is sitting out", "sits out", "stands up", "sits down", "is feeling", "adds ",
          "seconds left to act", "is disconnected", "has reconnected", "leaves the table", "is low with",
          "is high with", "mucks", "shows a ", "shows two pair", "shows three", "shows four", "shows the",
          "shows ", "is all in", "was removed", "re-buys", "rebuys", "takes the add-on", "wins the tournament",
          "finished the tournament", "is eliminated", "knocked out", "receives", "wins ", "has requested",
          "is connected", "timed out")
# What a player who is not in the seat list may do: sit down, stand up, buy chips.
_UNSEATED = (" sits down", " stands up", " is sitting out", " has returned", " leaves the table")
_STREETS = {"HOLE CARDS": 0, "3RD STREET": 0, "4TH STREET": 1, "5TH STREET": 2, "6TH STREET": 3, "7TH STREET": 4,
            "FLOP": 1, "TURN": 2, "RIVER": 3, "FLOP 1": 1, "TURN 1": 2, "RIVER 1": 3, "FLOP 2": 1, "TURN 2": 2,
            "RIVER 2": 3}
_SUFFIXES = {"K": 1000, "M": 1000000, "B": 1000000000}
_BRACKETS = re.compile(r"\[([^\]]*)\]")


def _amount(text: str, line: int) -> int:
    """An amount, tournament chips with a ``K``/``M``/``B`` suffix included."""
    last = text[-1:]
    if last in _SUFFIXES:
        whole = _plain_amount(text[:-1], line)
        return whole * _SUFFIXES[last]
    return _plain_amount(text, line)


def _header(p: Parsed, rest: str) -> Optional[int]:
    """The first line after the hand number: table, stakes, game, time; returns the
    cap of a capped game (None: no cap or one the line does not give)."""
    if rest.endswith(" (partial)"):
        raise SiteError("a partial hand: the site wrote only part of it ('partial')", 1)
    time = _TIME.search(rest)
    if time is None:
        raise SiteError(f"a first line without the time of the hand: {rest!r}", 1)
    p.time = time.group("time")
    parts = rest[:time.start()].split(" - ")
    stakes = game_match = None
    table_end = len(parts)
    for k in range(len(parts) - 1, 0, -1):
        part = parts[k]
        if stakes is None and _STAKES.fullmatch(part):
            stakes, table_end = _STAKES.fullmatch(part), k
        elif game_match is None and _GAME.fullmatch(part):
            game_match, table_end = _GAME.fullmatch(part), k
    if stakes is None or game_match is None:
        raise SiteError(f"a game or first line the importer does not read: {rest!r}", 1)
    name = game_match.group("game")
    base = _GAMES.get(name)
    if base is None:
        raise SiteError(f"a game the engine does not play: {game_match.group(0)!r}", 1)
    limit = _LIMITS[game_match.group("limit")]
    p.variant = base if base.is_stud else game(base, limit)
    table = " - ".join(parts[:table_end])
    p.stakes = stakes.group(0)
    tournament = _TOURNAMENT.fullmatch(table)
    if tournament is not None:
        p.tournament = tournament.group("id")
        p.fields["tournament"] = p.tournament
        p.table = tournament.group("table")
    else:
        p.table = table[6:] if table.startswith("Table ") else table
    small, big = stakes.group("small"), stakes.group("big")
    if small[:1] in "$€£" and tournament is None:
        p.currency = {"$": "USD", "€": "EUR", "£": "GBP"}[small[0]]
    else:
        p.decimals = 0
    if limit is Limit.FIXED_LIMIT or base.is_stud:
        p.small_bet, p.big_bet = _amount(small, 1), _amount(big, 1)
    else:
        p.blinds = (_amount(small, 1), _amount(big, 1))
    cap = game_match.group("cap")
    if cap is not None:
        p.fields["cap"] = cap
        return _amount(cap, 1)
    if game_match.group(0).startswith("CAP "):
        p.fields["cap"] = "CAP"
    return None


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    return _parse(text, site)


def _parse(text: str, site: str) -> Parsed:
    lines = [line.rstrip() for line in text.split("\n")]
    header = _HEADER.fullmatch(lines[0])
    if header is None and lines[0].startswith(("Full Tilt Poker Tournament Summary ",
                                               "Full Tilt Poker.fr Tournament Summary ")):
        raise SiteError("a tournament summary, not a hand", 1)
    if header is None:
        raise SiteError(f"a game or first line the importer does not read: {lines[0]!r}", 1)
    p = Parsed(site)
    p.hand_id = header.group("id")
    cap = _header(p, header.group("rest"))
    i = 1
    while i < len(lines) and (not lines[i] or lines[i].startswith("Seats: ")):
        if lines[i].startswith("Seats: "):
            p.max_seats = int(lines[i][7:])
        i += 1
    if i < len(lines) and lines[i].startswith("*** SUMMARY"):
        raise SiteError("the hand is truncated: it holds only its summary", i + 1)
    if i < len(lines) and not lines[i].startswith("Seat "):
        raise SiteError("the hand lists no seats (an observed hand without the players' stacks)", i + 1)
    i, names = read_seats(lines, i, _SEAT, _amount, p)
    if cap is not None:
        p.seats = [(seat, name, min(stack, cap)) for seat, name, stack in p.seats]
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    stud = p.variant.is_stud
    draw = any(street.draw for street in p.variant.streets)
    acts = p.acts
    button = 0
    cancelled = 0
    capped = 0
    broke = set()  # players all-in on a forced bet
    street = -1
    showdown = False
    board: List[str] = []
    runs: List[List[str]] = [[], []]
    summary = -1
    n = len(lines)
    while i < n:
        line = lines[i]
        i += 1
        if not line:
            continue
        if line.startswith("*** "):
            marker = line[4:line.find(" ***", 4)]
            if marker.startswith("SUMMARY"):
                summary = i - 1
                break
            if marker in _STREETS:
                street = _STREETS[marker]
                if not stud and street:
                    cards = " ".join(_BRACKETS.findall(line)).split()
                    if marker.endswith(" 2"):
                        runs[1] = cards
                        p.run_twice = True
                    elif marker.endswith(" 1"):
                        runs[0] = cards
                        p.run_twice = True
                    else:
                        board = cards
                continue
            if marker.startswith("SHOW DOWN"):
                showdown = True
                continue
            if marker in _DRAWS:
                street = 1 if marker == "DRAW" else _DRAWS.index(marker) + 1
                continue
            raise SiteError(f"unknown section {line!r}", i)
        if line.startswith("Dealt to "):
            brackets = _BRACKETS.findall(line)
            who = line[9:line.find(" [")] if brackets else ""
            if who in names:
                if draw:
                    cards = " ".join(brackets).split()
                    player = p.draws.setdefault(who, [None])
                    if street <= 0 and len(player) == 1:
                        player[0] = cards  # the first deal
                    elif len(player) > 1 and len(brackets) > 1:
                        player[-1][1] = brackets[-1].split()  # the cards received at this draw
                    p.known[who] = cards
                elif stud:
                    dealt = p.stud.setdefault(who, [])
                    if street == 0:
                        new = " ".join(brackets).split()
                        new = [None, None] + new if len(new) == 1 else new
                    else:
                        new = brackets[-1].split()
                    dealt.extend(new)
                else:
                    p.known[who] = brackets[-1].split()
            continue
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
        if line.endswith("seconds left to act") or line in ("Players agree to Run It Twice", "No low hand qualified") or \
                line.startswith(("Time has expired", "The blinds are now", "Tournament ", "Table ")):
            continue
        name = seated(line, by_length)
        if name is None:
            if ": " in line or line.startswith(" (") or line.endswith(_UNSEATED) or " adds " in line:
                continue  # chat of an observer, or the low hand a line wrapped: "(8,7,4,3,A)"
            raise SiteError(f"unknown line {line!r}", i)
        verb = line[len(name) + 1:]
        all_in = verb.endswith((", and is all in", ", and is capped"))
        if all_in:
            capped += verb.endswith(", and is capped")
            verb = verb[:verb.rfind(", and is ")]
        if verb == "folds":
            acts.append(Act(name, "m" if showdown else "f", None, None, False, street, i))
        elif verb == "checks" and name in broke:
            continue  # all-in on a forced bet: a check written for a player who cannot act
        elif verb == "checks":
            acts.append(Act(name, "x", None, None, False, street, i))
        elif verb.startswith("calls "):
            acts.append(Act(name, "c", _amount(verb[6:], i), None, all_in, street, i))
        elif verb.startswith("bets "):
            acts.append(Act(name, "b", _amount(verb[5:], i), None, all_in, street, i))
        elif verb.startswith("raises to "):
            acts.append(Act(name, "b", None, _amount(verb[10:], i), all_in, street, i))
        elif verb.startswith("brings in for "):
            acts.append(Act(name, "bi", _amount(verb[14:], i), None, all_in, street, i))
        elif verb.startswith("completes it to "):
            acts.append(Act(name, "co", None, _amount(verb[16:], i), all_in, street, i))
        elif verb.startswith("shows ["):
            p.known[name] = verb[7:verb.index("]")].split()
        elif verb.startswith(("wins the pot", "wins the main pot", "wins the side pot", "wins pot ",
                              "wins the high pot", "wins the low pot", "ties for ")):
            won = _WINS.fullmatch(verb)
            if won is None:
                raise SiteError(f"cannot read {line!r}", i)
            p.collected[name] = p.collected.get(name, 0) + _amount(won.group("amount"), i)
        elif verb.startswith(("posts ", "antes ")):
            for prefix, kind in _POSTS:
                if verb.startswith(prefix):
                    p.posts.append((name, kind, _amount(verb[len(prefix):], i), i))
                    if all_in:
                        broke.add(name)
                    break
        elif draw and (verb.startswith("discards ") or verb.startswith("stands pat")):
            count = 0 if verb.startswith("stands pat") else int(verb.split(" ")[1])
            if count == 0 and "[" in verb:  # "stands pat on [cards]": the hero's hand
                p.known[name] = _BRACKETS.findall(verb)[-1].split()
            thrown = _BRACKETS.findall(verb) if count else []
            p.draws.setdefault(name, [None]).append([thrown[0].split() if thrown else (None if count else []),
                                                     [] if count == 0 else None])
            acts.append(Act(name, "d", count, None, False, street, i))
        elif draw and verb.startswith("is dealt "):
            continue
        elif verb.startswith(": ") or verb.startswith(_NOTES) or verb in ("mucks", "shows"):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if cancelled:
        raise SiteError("the site cancelled the hand", cancelled)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if street < 0:
        raise SiteError("a dead hand: it stops before the cards are dealt", n)
    if capped and cap is None:
        raise SiteError("a player reaches the cap of a capped game whose first line does not give the cap")
    if not button and not stud:
        raise SiteError("the hand does not say where the button is")
    p.button = button
    _summary(p, lines, summary, seat_names)
    if not p.boards:
        if p.run_twice:
            p.boards = [board + runs[0][len(board):], board + runs[1][len(board):]]
        elif board:
            p.boards = [board]
    if not p.returned:
        p.reports_returned = False  # some files drop the line: uncalled chips are not compared
    finish(p)
    dealt = len(p.seats) - len(p.sitting_out)
    if not p.variant.fits(dealt, large_draw_tables=True):  # draw games as the rooms seat them
        raise SiteError(f"{dealt} players dealt in: the engine plays {p.variant.name} with at most "
                        f"{p.variant.player_limits(large_draw_tables=True)[1]}")
    return p


def _summary(p: Parsed, lines: List[str], start: int, seat_names: Dict[int, str]) -> None:
    """The figures, boards and shown cards of the summary (or summaries, run twice);
    the collected figures when the body wrote none; a blind's missing fold."""
    boards = []
    won: Dict[str, int] = {}
    folded_preflop = []
    for index in range(start + 1, len(lines)):
        line = lines[index]
        number = index + 1
        if line.startswith("Total pot "):
            figures = line[10:].split(" | ")
            p.total = _amount(figures[0].split(" ")[0], number)
            for part in figures[1:]:
                if part.startswith("Rake "):
                    p.rake = _amount(part[5:], number)
        elif line.startswith("Board: ["):
            boards.append(line[8:line.rindex("]")].split())
        elif line.startswith("Seat "):
            summary_line(p, line, number, seat_names)
            seat = line[5:line.index(":")]
            name = seat_names.get(int(seat)) if seat.isdigit() else None
            if name is None:
                continue
            m = _SUMMARY_WON.match(line)
            if m is not None:
                won[name] = won.get(name, 0) + _amount(m.group("amount"), number)
            if line.endswith(("(small blind) folded before the Flop", "(big blind) folded before the Flop")):
                folded_preflop.append(name)
    if boards:
        p.boards = boards
    if not p.collected:
        p.collected = won
    for name in folded_preflop:
        if not any(act.player == name for act in p.acts):
            last = max((k for k, act in enumerate(p.acts) if act.street <= 0), default=-1)
            p.acts.insert(last + 1, Act(name, "f", None, None, False, 0, start + 1))

