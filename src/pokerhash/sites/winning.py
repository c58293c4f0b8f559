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
- Stud (``7Stud``, ``7Stud H/L``) has no button; ``*** 3rd STREET ***`` to ``***
  7th STREET ***`` open the rounds and each ``Dealt to NAME [..] [new]`` adds the card
  dealt; ``brings in X`` opens the betting. At a capped table (``caps X``: the chips
  that take the player to the cap, no player putting more into a hand) the cap is
  what the capping player put in, played with the engine's ``Options.cap``.
- Run it twice: ``*** RUN IT TWICE ***``, then ``*** FLOP 1 ***`` ... ``*** SHOW DOWN
  2 ***``; ``collected X from main pot 1`` (and ``2``) are summed; the summary gives
  ``Board 1 [..]`` and ``Board 2 [..]``, and the rake once for the whole pot.

The older layout (``Game started at:``, then ``Game ID: N S/B TABLE (GAME)``, often
UTF-16) writes ``Player NAME`` before every action and amounts in parentheses, each
the chips the action **adds** (``raises (30)``, ``allin (845)``). It does not write
the betting limit: a hand whose big blind equals the first stake is fixed limit
(``2/4``: blinds 1 and 2, bets 2 and 4), else Omaha is pot limit and Hold'em no
limit, unless a bet goes beyond what pot limit allows (then no limit); the replay
checks every bet against that limit. Its summary gives each
player's ``Collects: X`` (uncalled bets apart, returned with a line) and ``Pot: X.
Rake Y. JP fee Z``, the pot after the rake. A table ``NAME, Table N`` is a
tournament's (its chips carry no currency), ``PM`` play money. A player seated after
the seat list was written (his seat line last, out of order) may be left unnamed in
every other line (``Player  has big blind (2)``): he is the one seated player no line
names, listed unnamed in the summary in his seat line's place; a line naming no
player when no such seat line exists and a player made all in by a disconnection
are refused. ``caps (X)``: as in the current layout. Tens are written ``10c`` as well as ``Tc``. Stud (``Seven
Cards Stud``, ``HiLow``) has no button line; each player's cards are read as dealt
(``received card: [5d]`` shown, ``received a card.`` not), and a stud marker opens
the round after the street it names (``*** Third street ***`` is fourth street's
betting).
"""

from __future__ import annotations

import re
from typing import Dict, List, Tuple

from ..betting import Limit
from ..engine import BIG_O, HOLDEM, OMAHA_HI_LO, PLO, PLO5, SHORTDECK, STUD, STUD_HI_LO
from .common import amount as _amount
from .common import (actor, all_in_calls, begin, body, check_hand, finish, game, read_seats,
                     stud_cards, summary_line)
from .model import Act, Parsed, SiteError
from .settling import big_blind_on_the_button

__all__ = ["parse"]

_HEADER = re.compile(r"(?:Game )?Hand #(?P<id>\d+) - (?:(?P<tname>.*?)Tournament #(?P<trny>\d+) - )?"
                     r"(?P<game>[^(]+)\((?P<limit>No Limit|Pot Limit|Fixed Limit)\) - "
                     r"(?:Level \d+ \((?P<small>[\d.,]+)/(?P<big>[\d.,]+)\)\s*|(?P<stakes>\S+/\S+) )- (?P<time>.*)")
_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha H/L": OMAHA_HI_LO, "5Card Omaha": PLO5, "5Card Omaha H/L": BIG_O,
          "7Stud": STUD, "7Stud H/L": STUD_HI_LO}
_STUD_STREETS = {"3rd STREET": 0, "4th STREET": 1, "5th STREET": 2, "6th STREET": 3, "7th STREET": 4}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fixed Limit": Limit.FIXED_LIMIT}
_TABLE = re.compile(r"(?:Table '(?P<quoted>[^']*)'|(?P<table>.*?)) (?P<max>\d+)-max"
                    r"(?: Seat #(?P<button>\d+) is the button)?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)(?P<rest>.*)")
_COLLECTED = re.compile(r"collected (?P<amount>\S+) from (?:main|side) pot(?: \d+)?")
_POSTS = (("posts the small blind ", "sb"), ("posts the big blind ", "bb"), ("posts ante ", "ante"),
          ("posts dead ", "sbbb"))
_NOTES = ("does not show", "mucks", "is sitting out", "sits out", "has returned", "is disconnected",
          "is connected", "has timed out", "will be allowed", "joins the table", "leaves the table", "said")
_WON = re.compile(r" won (?P<amount>[^ ]+)")
_CARDS = re.compile(r"\[([^\]]*)\]")
_RUNS = re.compile(r"\*\*\* (?:FLOP|TURN|RIVER|SHOW DOWN) \d \*\*\*")


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    if text.startswith("Game started at:"):
        return _parse_older(text, site)
    return _parse(text, site)


def _parse(text: str, site: str) -> Parsed:
    lines, p, header = begin(text, site, _HEADER)
    name = header.group("game").strip()
    if name not in _GAMES:
        raise SiteError(f"{name} is not read", 1)
    limit = _LIMITS[header.group("limit")]
    stud = _GAMES[name].is_stud
    p.variant = _GAMES[name] if stud else game(_GAMES[name], limit)
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
    if table is None or not (table.group("button") or stud):
        raise SiteError(f"expected the table line (NAME N-max Seat #N is the button), not {lines[1:2]!r}", 2)
    p.table = table.group("quoted") if table.group("quoted") is not None else table.group("table")
    p.max_seats = int(table.group("max"))
    p.button = int(table.group("button") or 0)
    i, names = read_seats(lines, 2, _SEAT, _amount, p)
    if "*** RUN IT TWICE ***" in lines:
        # Both runs are dealt after the last action: their sections only deal boards,
        # which the summary lists again (Board 1 [..], Board 2 [..]).
        p.run_twice = True
        lines = ["" if _RUNS.match(line) or line == "*** RUN IT TWICE ***" else line for line in lines]
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    acts = p.acts
    rows, summary = _stud_body(lines, i, p, names) if stud else body(lines, i, "HOLE CARDS", p, names)
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
        elif verb.startswith("brings in ") and stud:
            acts.append(Act(name, "bi", _amount(verb[10:], i), None, all_in, street, i))
        elif verb.startswith("caps "):
            # a capped table: the player puts in what takes him to the cap, all-in for the hand
            acts.append(Act(name, "b", _amount(verb[5:], i), None, True, street, i))
            _capped(p, name)
        elif verb.startswith(_NOTES):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", i)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", len(lines))
    summary_won = {}
    runs: List[List[str]] = []
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
        if line.startswith(("Board 1 [", "Board 2 [")) and p.run_twice:
            runs.append(line[9:line.rindex("]")].split())
            continue
        summary_line(p, line, index + 1, seat_names)
        won = _WON.search(line) if line.startswith("Seat ") else None
        if won is not None:
            seat = int(line[5:line.index(":")])
            who = seat_names.get(seat)
            if who is None:
                raise SiteError(f"the summary names a seat that is not in the seat list: {line!r}", index + 1)
            summary_won[who] = summary_won.get(who, 0) + _amount(won.group("amount"), index + 1)
    if p.run_twice:
        if len(runs) != 2:
            raise SiteError("a hand run twice whose summary does not give both boards")
        p.boards = runs
    if not p.collected:
        # No "collected" line (a hand won without a showdown): the summary's "won X".
        p.collected = summary_won
    if not p.returned:
        p.reports_returned = False  # a walk's uncalled blind goes back without a line
    if p.rake is None:
        p.rake = 0
    if p.total is not None:
        p.total += p.rake + p.fees  # the pots are written after the rake
    if stud:
        stud_cards(p)
    return check_hand(finish(p, board))


def _stud_body(lines: List[str], i: int, p: Parsed, names: Dict[str, int]) -> Tuple[list, int]:
    """A stud hand's lines to its summary, as :func:`~pokerhash.sites.common.body` gives a
    flop game's: ``*** 3rd STREET ***`` to ``*** 7th STREET ***`` open the rounds, and
    each ``Dealt to NAME [cards so far] [new]`` adds the cards dealt (3rd street: the
    hero's three, another player's up card) to ``p.stud``."""
    street = -1
    showdown = False
    rows = []
    for index in range(i, len(lines)):
        line = lines[index]
        number = index + 1
        if not line:
            continue
        if line.startswith("*** "):
            marker = line[4:line.find(" ***", 4)]
            if marker == "SUMMARY":
                return rows, number
            if marker in _STUD_STREETS:
                street = _STUD_STREETS[marker]
            elif marker == "SHOW DOWN":
                showdown = True
            else:
                raise SiteError(f"unknown section {line!r}", number)
            continue
        if line.startswith("Dealt to "):
            brackets = _CARDS.findall(line)
            who = line[9:line.find(" [")] if brackets else ""
            if who in names:
                new = brackets[-1].split()
                if street == 0 and len(new) == 1:
                    new = [None, None] + new  # another player's up card: two down cards unseen
                p.stud.setdefault(who, []).extend(new)
            continue
        rows.append((number, line, street, [], showdown))
    return rows, -1


_OLDER_GAME = re.compile(r"Game ID: (?P<id>\d+) (?P<small>[\d.,]+)/(?P<big>[\d.,]+) ?(?P<table>.*?) ?"
                         r"\((?P<game>Hold'em|Omaha|Omaha HiLow|5Card Omaha|5Card Omaha H/L|Six Plus Hold'em|"
                         r"Seven Cards Stud|Seven Cards Stud HiLow)\)(?: (?P<max>\d+)-max)?")
_OLDER_GAMES = {"Hold'em": (HOLDEM, Limit.NO_LIMIT), "Omaha": (PLO, Limit.POT_LIMIT),
                "Omaha HiLow": (OMAHA_HI_LO, Limit.POT_LIMIT), "5Card Omaha": (PLO5, Limit.POT_LIMIT),
                "5Card Omaha H/L": (BIG_O, Limit.POT_LIMIT), "Six Plus Hold'em": (SHORTDECK, Limit.NO_LIMIT),
                "Seven Cards Stud": (STUD, Limit.FIXED_LIMIT),
                "Seven Cards Stud HiLow": (STUD_HI_LO, Limit.FIXED_LIMIT)}
_OLDER_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[\d.,]+)\)\.")
_OLDER_ACTION = re.compile(r"Player (?P<name>.*?) (?P<verb>has small blind|has big blind|posts ante|ante|posts|"
                           r"folds|checks|calls|bets|raises|allin|caps|straddle|bring in|received card:|"
                           r"received a card\.|mucks cards|is timed out\.|sitting out|wait BB|is sitting out)"
                           r"(?: \((?P<amount>[\d.,]+)\)| \[(?P<card>[^\]]+)\])?")
_OLDER_SUMMARY = re.compile(r"\*?Player (?P<name>.*?) (?:does not show cards|doesn't show cards|mucks \(does not "
                            r"show(?: cards|: \[[^\]]*\])\)|shows: (?P<shown>.*?))\.? ?Bets: (?P<bets>[\d.,]+)\. "
                            r"Collects: (?P<collects>[\d.,]+)\. (?:Wins|Loses): [\d.,]+\.?")
_OLDER_POT = re.compile(r"Pot: (?P<pot>[\d.,]+?)\.?(?: Rake (?P<rake>[\d.,]+?)\.?)?(?: JP fee (?P<fee>[\d.,]+?)\.?)?")
_OLDER_STREETS = {"FLOP": 1, "TURN": 2, "RIVER": 3}
# Stud's markers open the betting of the street they name after: "Third street" is
# the second round (fourth street's card).
_OLDER_STUD_STREETS = {"Third street": 1, "Fourth street": 2, "Fifth street": 3, "Sixth street": 4}
_OLDER_KINDS = {"has small blind": "sb", "has big blind": "bb", "ante": "ante", "posts ante": "ante",
                "posts": "sbbb"}


def _parse_older(text: str, site: str) -> Parsed:
    lines = [line.rstrip() for line in text.split("\n")]
    numbered = [(k + 1, line) for k, line in enumerate(lines) if line]
    p = Parsed(site)
    p.time = numbered[0][1][16:].strip()
    if len(numbered) < 4:
        raise SiteError("the hand is truncated after its first lines", len(lines))
    number, line = numbered[1]
    header = _OLDER_GAME.fullmatch(line)
    if header is None:
        raise SiteError(f"a game the importer does not read: {line!r}", number)
    p.hand_id = header.group("id")
    if header.group("game") not in _OLDER_GAMES:
        raise SiteError(f"{header.group('game')} is not read", number)
    base, limit = _OLDER_GAMES[header.group("game")]
    table = header.group("table").strip()
    p.table = table
    if header.group("max"):
        p.max_seats = int(header.group("max"))
    tournament = re.search(r"^(?P<name>.*), Table (?P<table>\d+)$", table)
    if tournament is not None:
        p.tournament = tournament.group("name")
        p.fields["tournament"] = p.tournament
        p.table = tournament.group("table")
        p.decimals = 0
        p.rake = 0
    elif table.startswith("PM "):
        pass  # play money, in cents like real money (amounts have decimals)
    elif table:
        p.currency = "USD"
    p.stakes = f"{header.group('small')}/{header.group('big')}"
    small, big = _amount(header.group("small"), number), _amount(header.group("big"), number)
    k = 2
    while k < len(numbered) and not numbered[k][1].startswith("Seat "):
        k += 1
    number, line = numbered[k]
    stud = base.is_stud
    if line.endswith(" is the button"):
        p.button = int(line[5:-14])
        k += 1
    elif not stud:
        raise SiteError(f"expected 'Seat N is the button', not {line!r}", number)
    names: Dict[str, int] = {}
    while k < len(numbered) and numbered[k][1].startswith("Seat "):
        number, line = numbered[k]
        seat = _OLDER_SEAT.fullmatch(line)
        if seat is None:
            raise SiteError(f"cannot read the seat line {line!r}", number)
        name = seat.group("name")
        if name in names or not name:
            raise SiteError(f"a seat without a name, or a name seated twice: {line!r}", number)
        names[name] = int(seat.group("seat"))
        p.seats.append((names[name], name, _amount(seat.group("stack"), number)))
        k += 1
    p.seats.sort()
    blank = _unnamed_player(numbered, k, names)
    protected = None  # a player just made all-in by disconnect protection
    big_blind = None
    street = 0
    board: List[str] = []
    summary = False
    for number, line in numbered[k:]:
        if summary:
            if line.startswith("Pot: "):
                pot = _OLDER_POT.fullmatch(line)
                if pot is None:
                    raise SiteError(f"cannot read {line!r}", number)
                p.total = _amount(pot.group("pot"), number)
                if pot.group("rake") and p.tournament is None:
                    p.rake = _amount(pot.group("rake"), number)
                if pot.group("fee"):
                    p.fees = _amount(pot.group("fee"), number)
            elif line.startswith("Board: ["):
                p.boards = [line[8:line.rindex("]")].replace("10", "T").split()]
            elif line.startswith(("Player ", "*Player ")):
                figures = _OLDER_SUMMARY.fullmatch(line)
                if figures is None:
                    raise SiteError(f"cannot read {line!r}", number)
                who = figures.group("name") or blank
                if who not in names and not _amount(figures.group("bets"), number) and \
                        not _amount(figures.group("collects"), number):
                    continue  # a player who left before the hand, listed with nothing
                if who not in names:
                    raise SiteError(f"the summary names {who!r}, who is not in the seat list", number)
                collects = _amount(figures.group("collects"), number)
                if collects:
                    p.collected[who] = collects
                shown = figures.group("shown")
                if shown and "[" in shown:
                    p.known[who] = shown[shown.index("[") + 1:shown.index("]")].replace("10", "T").split()
            elif not line.startswith("Game ended at:"):
                raise SiteError(f"unknown summary line {line!r}", number)
            continue
        if line == "------ Summary ------":
            summary = True
            continue
        if line.startswith("*** "):
            marker = line[4:line.find(" ***", 4)]
            if stud and marker in _OLDER_STUD_STREETS:
                street = _OLDER_STUD_STREETS[marker]
                continue
            if stud or marker not in _OLDER_STREETS:
                raise SiteError(f"unknown section {line!r}", number)
            street = _OLDER_STREETS[marker]
            board = " ".join(_CARDS.findall(line)).replace("10", "T").split()
            if len(board) < street + 2:
                raise SiteError(f"the {marker.lower()} is written without its cards", number)
            continue
        if line.startswith("Uncalled bet ("):
            amount, _, who = (line[14:] + " ").partition(") returned to ")
            who = who[:-1] or blank
            if who not in names:
                raise SiteError(f"cannot read {line!r}", number)
            p.returned[who] = p.returned.get(who, 0) + _amount(amount, number)
            continue
        if line.endswith(" is disconnected and ALL IN."):
            # Disconnect protection: all-in for the chips already in, the rest kept
            # behind; the site's "allin" line after it names no chips.
            who = line[7:-len(" is disconnected and ALL IN.")] if line.startswith("Player ") else ""
            if (who or blank) not in names:
                raise SiteError(f"the line names no seated player: {line!r}", number)
            p.acts.append(Act(who or blank, "dp", None, None, True, street, number))
            protected = who or blank
            continue
        action = _OLDER_ACTION.fullmatch(line)
        if action is None:
            raise SiteError(f"unknown line {line!r}", number)
        name, verb, value = action.group("name") or blank, action.group("verb"), action.group("amount")
        if name not in names:
            raise SiteError(f"the line names no seated player: {line!r}", number)
        amount = _amount(value, number) if value is not None else None
        if verb in _OLDER_KINDS:
            if amount is None:
                raise SiteError(f"a post without its amount: {line!r}", number)
            kind = _OLDER_KINDS[verb]
            if kind == "bb" and big_blind is None:
                big_blind = amount
            p.posts.append((name, kind, amount, number))
        elif verb == "received card:":
            if action.group("card") is None:
                raise SiteError(f"cannot read {line!r}", number)
            card = action.group("card").replace("10", "T")
            (p.stud.setdefault(name, []) if stud else p.known.setdefault(name, [])).append(card)
        elif verb == "received a card." and stud:
            p.stud.setdefault(name, []).append(None)
        elif verb == "bring in":
            if amount is None or not stud:
                raise SiteError(f"cannot read {line!r}", number)
            p.acts.append(Act(name, "bi", amount, None, False, street, number))
        elif verb == "folds":
            p.acts.append(Act(name, "f", None, None, False, street, number))
        elif verb == "checks":
            p.acts.append(Act(name, "x", None, None, False, street, number))
        elif verb == "caps":
            if amount is None:
                raise SiteError(f"an action without its amount: {line!r}", number)
            p.acts.append(Act(name, "b", amount, None, True, street, number))
            _capped(p, name)
        elif verb == "allin" and amount is None and name == protected:
            protected = None  # the disconnected player's all-in mark, no chips
        elif verb in ("calls", "bets", "raises", "allin"):
            if amount is None:
                raise SiteError(f"an action without its amount: {line!r}", number)
            p.acts.append(Act(name, "c" if verb == "calls" else "b", amount, None, verb == "allin", street, number))
        elif verb == "straddle":
            if amount is None:
                raise SiteError(f"cannot read {line!r}", number)
            p.posts.append((name, "straddle", amount, number))
        # received a card, mucks, timed out, sitting out: nothing the play depends on
    if not summary:
        raise SiteError("the hand is truncated: it stops here, without its summary", len(lines))
    if stud or (big_blind is not None and big_blind == small):
        limit = Limit.FIXED_LIMIT  # blinds of half and one small bet: fixed limit
        p.small_bet, p.big_bet = small, big
    else:
        p.blinds = (small, big)
        if limit is Limit.POT_LIMIT and _over_pot_limit(p, big):
            limit = Limit.NO_LIMIT  # a raise the pot limit forbids: the table was no limit
    p.variant = base if stud else game(base, limit)
    if stud:
        stud_cards(p)
    if big_blind_on_the_button(p):
        p.fields["heads_up_dead_button"] = True  # the small blind first on every street
    all_in_calls(p)
    if p.rake is None:
        p.rake = 0
    if p.total is not None:
        p.total += p.rake + p.fees  # the pot is written after the rake
    return check_hand(finish(p, board))




def _capped(p: Parsed, name: str) -> None:
    """A capped table (``caps``): no player puts more than the cap into a hand, and the
    cap is what the player who caps has put in, all told (the engine's room option
    Options.cap); SiteError when two players cap at different totals."""
    total = sum([amount for who, _, amount, _ in p.posts if who == name]) + \
        sum([act.amount for act in p.acts if act.player == name and act.amount is not None])
    cap = p.fields.setdefault("capped_at", total)
    if cap != total:
        raise SiteError(f"{name} caps at {total}, another player at {cap}: a cap is the table's")


def _unnamed_player(numbered: List[Tuple[int, str]], k: int, names: Dict[str, int]) -> str:
    """The seated player the older layout writes without a name (``Player  has big
    blind (2)``, ``Uncalled bet (X) returned to``): a player seated after the seat
    list was first written (his seat line comes last, out of seat order) is left
    unnamed in every later line. He is the one seated player no line names, and the
    summary lists him (unnamed) where the seat list does; "" when no line is unnamed.
    SiteError when he cannot be told (no such seat line, or more than one)."""
    named = set()
    unnamed = None
    summary: List[str] = []
    for number, line in numbered[k:]:
        action = _OLDER_ACTION.fullmatch(line) or _OLDER_SUMMARY.fullmatch(line)
        if action is None:
            continue
        name = action.group("name")
        if line.startswith(("Player ", "*Player ")) and "Bets: " in line:
            summary.append(name)
        if name:
            named.add(name)
        elif unnamed is None:
            unnamed = (number, line)
    if unnamed is None:
        return ""
    number, line = unnamed
    left = [name for name in names if name not in named]
    if len(left) != 1:
        raise SiteError(f"the line names no player ({line!r}) and "
                        + ("every seated player is named elsewhere: a player the seat list does not hold "
                           "(no stack is known)" if not left else
                           f"{len(left)} seated players are never named: which one it is cannot be told"), number)
    if len(summary) == len(names) and summary.index("") != list(names).index(left[0]):
        raise SiteError(f"the line names no player ({line!r}) and the summary does not list the one seated player "
                        f"never named ({left[0]}) in his seat line's place", number)
    return left[0]


def _over_pot_limit(p: Parsed, big: int) -> bool:
    """Whether a bet or raise of the hand goes beyond what pot limit allows (to the
    largest bet of the round plus the pot after calling it)."""
    pot = 0
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        if kind in ("sb", "bb", "straddle"):
            bets[name] = bets.get(name, 0) + amount
        elif kind == "sbbb":
            bets[name] = bets.get(name, 0) + min(amount, big)
            pot += max(amount - big, 0)
        else:
            pot += amount
    street = 0
    for act in p.acts:
        if act.street != street:
            pot += sum(bets.values())
            street, bets = act.street, {}
        if act.verb not in ("b", "c") or not act.amount:
            continue
        before = bets.get(act.player, 0)
        high = max(bets.values(), default=0)
        to = before + act.amount
        if act.verb == "b" and to > high + pot + sum(bets.values()) + (high - before):
            return True
        bets[act.player] = to
    return False
