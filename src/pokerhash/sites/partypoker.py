"""PartyPoker hand histories.

A hand may open with ``Game #N starts.`` and ``#Game No : N`` (both optional) before
``***** Hand History for Game N *****``; the next line names the game, then the
table, the button, the seats. Lines carry no ``": "`` after the name (``NAME calls
[$0.07 USD]``): a line's player is the longest seat name it starts with. What this
site's figures mean (the importer's conventions; docs/sites.rst has them all):

- Amounts in brackets are the chips the action **adds** (``raises [$0.08 USD]`` puts
  in 0.08 more), never a total; ``is all-In [X]`` adds X, a call or a raise as the
  round stands. Amounts may have thousands separators (``9,495``) or a decimal comma
  (``$0,25 USD``); the oldest tournament files write chips with a ``$``.
- A cash game's first line gives the table's largest buy-in (``$2 USD NL``) or its
  blinds (``$0.10/$0.25 USD``); blinds are read from the posts. A tournament's gives
  ``Blinds(S/B)`` or ``Blinds-Antes(S/B -A)``, there or on a line after the seats;
  some files post the blinds without a line: the player left of the button posts the
  small blind (the button heads-up), the next the big blind.
- ``NAME wins X`` (one line per pot and half) is what the player collected, an uncalled
  bet included: the site returns it without a line.
- The rake is not written: it is what the hand's lines put in, less the uncalled bet
  when its owner wins nothing, less what was won (zero in tournaments); a hand that
  pays more than went in is refused.
- The newer layout (``***** Hand History For Game ID *****``) writes ``raises X to
  Y``, ``calls (X)``, the rake, and each player's ``collected C`` in its summary.
- Stud hands show only the hero's cards as they are dealt (not the other players' up
  cards, which decide who brings in): they are refused.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO
from .common import amount as _amount
from .common import all_in_calls, check_hand, finish, seated
from .common import game as variant_of
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_TITLE = re.compile(r"\*{5} Hand History [Ff]or Game (?P<id>\S+) \*{5}(?: \((?P<via>[^)]*)\))?")
_GAME_NAMES = (r"Texas Hold'em|Holdem|Omaha Hi-Lo|Omaha Hi|Omaha|7 Card Stud Hi-Lo|7 Card Stud|Double Hold'em|"
               r"Short Deck")
_CASH = re.compile(r"(?P<stakes>[$€£]?[\d,.]+(?:/[$€£]?[\d,.]+)?)\s+(?P<currency>USD|EUR|GBP)\s+(?:fastforward\s+)?"
                   r"(?:(?P<limit>NL|PL|FL)\s+)?(?P<game>" + _GAME_NAMES + r")\s*-\s*(?P<time>.*)")
# Newer files give the tournament and its blinds on lines of their own, after the seats.
_TOURNAMENT = re.compile(r"(?:(?P<limit>NL|PL|FL)\s+)?(?P<game>" + _GAME_NAMES + r")\s+(?P<buyin>.*?)\s*"
                         r"(?:(?P<level>Trny:\s*\d+\s+Level:\s*\d+\s+(?:Blinds|Stakes|Blinds-Antes)\(.*\))"
                         r"|Buy-in)\s*-\s*(?P<time>.*)")
_LEVEL = re.compile(r"Trny:\s*(?P<trny>\d+)\s+Level:\s*\d+\s*(?:(?:Blinds|Stakes|Blinds-Antes)"
                    r"\((?P<small>[\d,]+)/(?P<big>[\d,]+)(?: -(?P<ante>[\d,]+))?\))?")
_BLINDS = re.compile(r"(?:Blinds|Stakes|Blinds-Antes)\((?P<small>[\d,]+)/(?P<big>[\d,]+)(?: -(?P<ante>[\d,]+))?\)")
_GAMES = {"Texas Hold'em": HOLDEM, "Holdem": HOLDEM, "Omaha": PLO, "Omaha Hi": PLO, "Omaha Hi-Lo": OMAHA_HI_LO}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT, None: Limit.FIXED_LIMIT}
_TABLE = re.compile(r"Table (?P<table>.*?)\s*\(\s*(?P<money>Real|Play) Money\s*\)"
                    r"(?: -- Seat (?P<button>\d+) is the button)?")
_SEAT = re.compile(r"[Ss]eat ?(?P<seat>\d+): (?P<name>.*?) \(\s*(?P<stack>[$€£]?[\d,.]+)(?:\s+(?:USD|EUR|GBP))?\s*\)"
                   r"(?P<rest>.*)")
_BRACKET = re.compile(r"\s*\[\s*(?P<amount>[^\]]*?)\s*\]\.?")
_WINS = re.compile(r"wins (?:Lo \()?(?P<amount>[$€£]?[\d,.]+)(?: (?:USD|EUR|GBP|chips))?\)?"
                   r"(?: from\s+(?:the )?(?:main pot|side pot ?#?\d*)\s*(?:with .*)?)?\.?")
_CARDS = re.compile(r"\[\s*(?P<cards>[^\]]*?)\s*\]")
_STREETS = {"down cards": 0, "Flop": 1, "Turn": 2, "River": 3}
_POSTS = (("posts small blind", "sb"), ("posts big blind + dead", "sbbb"), ("posts big blind", "bb"),
          ("posts ante of", "ante"), ("posts ante", "ante"))
# What a line may say about a player that changes nothing in the play of the hand.
_NOTES = ("does not show cards", "has joined the table", "has left the table", "is sitting out", "will be using",
          "could not respond in time", "did not respond in time", "opens", "is connected", "is disconnected",
          "has been reconnected", "finished in", "mucks", "doesn't show", "did not show", "sits out",
          "- Selects", "balance ")
_GLUED = re.compile(r"(?<=is sitting out)(?=\S)")
_UNSEATED = re.compile(r"(?:\S.* (?:has joined the table|has left the table|is sitting out)"
                       r"|Player .* finished in .*)\.?")
_JOINED = re.compile(r"(\S+) has joined the table\.?")
_STRANGER = re.compile(r"(\S+) (?:posts|checks|calls|bets|raises|folds|is all-In|shows|wins) ?.*")
# a player's name of several words, then an action
_NAMED = re.compile(r"(.+?) (?:posts|checks|calls|bets|raises|folds|is all-In|shows|wins) ?.*")
_PARENS = re.compile(r"\s*\((?P<amount>[^)]*)\)")
_PREAMBLE = re.compile(r"(?:Game #\S+ starts\.|#Game No : \S+)")


_DECIMAL_COMMA = re.compile(r"(.*\d),(\d\d?)")


def _cents(text: str, line: int) -> int:
    """An amount as written: ``$0.25 USD``, ``9,495``, ``$0,25 USD`` (a decimal comma:
    one or two digits after it, and no point)."""
    text = text.replace("USD", "").replace("EUR", "").replace("GBP", "").replace("chips", "").strip(" $€£")
    text = text.replace(" ", "")
    comma = _DECIMAL_COMMA.fullmatch(text) if "." not in text else None
    if comma is not None:
        text = f"{comma.group(1).replace(',', '')}.{comma.group(2)}"
    return _amount(text, line)


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    if "is sitting out" in text:
        text = _GLUED.sub("\n", text)  # "NAME is sitting outNAME posts ...": two lines run together
    return _parse([line.strip().lstrip("\ufeff\x00") for line in text.split("\n")], site)


def _parse(lines: List[str], site: str) -> Parsed:
    p = Parsed(site)
    n = len(lines)
    i = 0
    while i < n and (not lines[i] or _PREAMBLE.fullmatch(lines[i])):
        i += 1
    if i == n or not any(lines[i:]):
        raise SiteError("the hand is truncated: it stops after its opening line", i)
    title = _TITLE.fullmatch(lines[i])
    if title is None:
        raise SiteError(f"expected '***** Hand History for Game N *****', not {lines[i] if i < n else ''!r}", i + 1)
    p.hand_id = title.group("id")
    newer = "For Game" in lines[i]
    i += 1
    if i + 3 >= n:
        raise SiteError("the hand is truncated after its first lines", n)
    header = lines[i]
    if newer:
        return _parse_newer(p, lines, i)
    if "7 Card Stud" in header:
        raise SiteError("stud hands are not read: the site writes the hero's cards as dealt but not the other "
                        "players' up cards, which decide who brings in", i + 1)
    cash = _CASH.fullmatch(header)
    tournament = None if cash else _TOURNAMENT.fullmatch(header)
    found = cash or tournament
    if found is None:
        origin = lines[i - 1].rpartition("*****")[2].strip()
        if origin:
            # "***** Hand History for Game N ***** (Poker Stars)": another room's hand
            # rewritten in this layout by a converting program, not the site's text
            raise SiteError(f"a hand converted from another room's text {origin} by another program, in a game "
                            f"line PartyPoker does not write: {header!r}", i + 1)
        raise SiteError(f"a game the importer does not read: {header!r}", i + 1)
    game = found.group("game")
    if game in ("Double Hold'em", "Short Deck"):
        raise SiteError(f"{game} is not read (the engine plays neither as the site does)", i + 1)
    limit = _LIMITS[found.group("limit")]
    p.variant = variant_of(_GAMES[game], limit)
    p.time = found.group("time")
    header_line = i + 1
    if cash:
        p.stakes = cash.group("stakes")
        p.currency = cash.group("currency")
        sizes = p.stakes.split("/")
        if len(sizes) == 2:
            small, big = _cents(sizes[0], header_line), _cents(sizes[1], header_line)
            if limit is Limit.FIXED_LIMIT:
                p.small_bet, p.big_bet = small, big
            else:
                p.blinds = (small, big)
        elif limit is Limit.FIXED_LIMIT:
            raise SiteError("a fixed-limit hand whose first line does not give its bets", header_line)
    else:
        # The tournament and its blinds: on the first line, or on lines after the seats.
        # The blinds line after the seats is the hand's own level (the first line's may
        # be the previous one's).
        level = _LEVEL.search(header)
        if level is None:
            level = next((_LEVEL.fullmatch(line) for line in lines[i:i + 30] if line.startswith("Trny:")), None)
        blinds = next((_BLINDS.fullmatch(line) for line in lines[i:i + 30] if _BLINDS.fullmatch(line)), None)
        if blinds is None and level is not None and level.group("big"):
            blinds = level
        if level is None or blinds is None:
            raise SiteError("a tournament hand that does not give its tournament number and blinds", header_line)
        p.tournament = level.group("trny")
        p.fields["tournament"] = p.tournament
        p.decimals = 0
        p.rake = 0
        small, big = _amount(blinds.group("small"), header_line), _amount(blinds.group("big"), header_line)
        p.stakes = f"{blinds.group('small')}/{blinds.group('big')}"
        if limit is Limit.FIXED_LIMIT:
            p.small_bet, p.big_bet = small, big
            p.blinds = (small // 2, small)
        else:
            p.blinds = (small, big)
    i += 1
    return _table_and_seats(p, lines, i, tournament is None)


def _table_and_seats(p: Parsed, lines: List[str], i: int, cash: bool, newer: bool = False) -> Parsed:
    """The table line, the button, the seats and the body, from line ``i``."""
    n = len(lines)
    table = _TABLE.fullmatch(lines[i])
    if table is None:
        raise SiteError(f"expected the table line, not {lines[i]!r}", i + 1)
    p.table = table.group("table")
    if table.group("money") == "Play" and cash:
        p.decimals = 0
    if table.group("button"):
        p.button = int(table.group("button"))
    i += 1
    if lines[i].startswith("Seat ") and lines[i].endswith(" is the button"):
        p.button = int(lines[i][5:-14])
        i += 1
    if lines[i].startswith("Total number of players"):
        total = lines[i].partition(":")[2].replace(" ", "").split("/")
        if len(total) == 2 and total[1].isdigit():
            p.max_seats = int(total[1])
        i += 1
    names: Dict[str, int] = {}
    while i < n and lines[i][:4].lower() == "seat":
        seat = _SEAT.fullmatch(lines[i])
        if seat is None:
            raise SiteError(f"cannot read the seat line {lines[i]!r}", i + 1)
        name = seat.group("name")
        if name in names:
            raise SiteError(f"two seats hold {name!r}", i + 1)
        names[name] = int(seat.group("seat"))
        p.seats.append((names[name], name, _cents(seat.group("stack"), i + 1)))
        i += 1
    if not p.seats:
        raise SiteError("the hand has no seats", i + 1)
    p.seats.sort()
    if not p.button:
        raise SiteError("the hand does not say where the button is", i)
    p.reports_returned = False
    _body(p, lines, i, names, newer)
    return check_hand(finish(p))


class _State:
    """What the body's lines have said so far."""

    def __init__(self, p: Parsed, names: Dict[str, int], newer: bool) -> None:
        self.p = p
        self.newer = newer  # the "Hand History For Game" layout
        self.rake: Optional[int] = None  # the rake, when the layout writes it
        self.names = names
        self.by_length = sorted(names, key=len, reverse=True)
        self.stacks = {name: stack for _, name, stack in p.seats}
        self.put: Dict[str, int] = {name: 0 for name in names}  # what each player put in, by the lines
        self.street = -1
        self.board: List[str] = []
        self.shown = False
        self.joined: Dict[str, int] = {}  # players not seated who joined the table, and the line


def _find_all(text: str, what: str) -> List[int]:
    found, at = [], text.find(what)
    while at >= 0:
        found.append(at)
        at = text.find(what, at + 1)
    return found


def _body(p: Parsed, lines: List[str], i: int, names: Dict[str, int], newer: bool) -> None:
    state = _State(p, names, newer)
    n = len(lines)
    for index in range(i, n):
        line = lines[index]
        number = index + 1
        if not line or line.startswith(("Trny:", "Blinds", "Stakes(", ">", "Your time bank", "Creating ",
                                         "Game #", "#Game No", "Congratulations to ", "Board: ", "Main Pot: ")):
            continue
        if line.startswith("** "):
            marker = line[3:line.find(" **", 3)] if " **" in line[3:] else line[3:]
            if marker == "Summary":
                if state.newer:
                    _newer_summary(state, lines, index + 1)
                break
            if not marker.startswith("Dealing ") or marker[8:] not in _STREETS:
                raise SiteError(f"unknown section {line!r}", number)
            state.street = _STREETS[marker[8:]]
            if state.street:
                cards = _CARDS.search(line)
                if cards is None:
                    raise SiteError(f"a board deal without its cards: {line!r}", number)
                state.board += [c.strip() for c in cards.group("cards").split(",")]
            continue
        if line.startswith("Dealt to "):
            cards = _CARDS.search(line)
            who = line[9:cards.start()].strip() if cards else ""
            if who in names:
                p.known[who] = cards.group("cards").replace(",", " ").split()
            continue
        if line.count(" wins ") > 1:
            # Some files run two players' winnings into one line: read each part.
            cuts = sorted({at + 1 for name in state.by_length for at in _find_all(line, "." + name + " wins ")})
            for start, end in zip([0] + cuts, cuts + [len(line)]):
                _line(state, line[start:end], number)
            continue
        _line(state, line, number)
    if not p.collected:
        raise SiteError("the hand is truncated: nobody wins the pot", n)
    if state.board:
        p.boards = [state.board]
    for _, name, stack in p.seats:
        if not stack and (state.put[name] or name in p.collected):
            seated = next((k + 1 for k, text in enumerate(lines) if text.startswith("Seat ") and
                           f" {name} " in text), None)
            raise SiteError(f"{name} is seated with no chips yet plays (joined after the seat list was written: "
                            "the stack is not known)", seated)
    _silent_blinds(p, state.put)
    all_in_calls(p)
    _table_blinds(p)
    _rake(p, state.put, state.rake, n)


def _line(state: _State, line: str, number: int) -> None:
    p = state.p
    acts = p.acts
    name = seated(line, state.by_length)
    if name is None:
        joined = _JOINED.fullmatch(line)
        if joined is not None:
            state.joined.setdefault(joined.group(1), number)
            return
        if line.endswith(" opens") or ": " in line or _UNSEATED.fullmatch(line):
            return  # stud's opener, chat, a player not in the hand coming or going
        stranger = _STRANGER.fullmatch(line)
        if stranger is not None:
            who = stranger.group(1)
            if who in state.joined:
                raise SiteError(f"{who} plays but is not in the seat list: he joined the table after it was "
                                f"written (line {state.joined[who]}) and no line gives his stack (the site "
                                "writes it nowhere else), which the replay needs", number)
            raise SiteError(f"{who} plays but is neither in the seat list nor said to join the table: the seat "
                            "list and the actions name different players (no stack is known)", number)
        raise SiteError(f"unknown line {line!r}", number)
    verb = " ".join(line[len(name) + 1:].split())
    if verb.endswith(".") and not verb.startswith("wins"):
        verb = verb[:-1].rstrip()
    word = verb.split(" ", 1)[0].split("[", 1)[0]
    street = state.street
    put = state.put
    if state.newer:
        if verb == "is all-In":
            return  # the newer layout marks the action before it: nothing more goes in
        if word == "raises":
            added, _, to = verb[7:].partition(" to ")
            if not to:
                raise SiteError(f"cannot read the raise {line!r}", number)
            amount, total = _cents(added, number), _cents(to, number)
            put[name] += amount
            acts.append(Act(name, "b", amount, total, put[name] == state.stacks[name], street, number))
            return
        if word in ("calls", "bets") and verb[len(word):].strip().startswith("("):
            amount = _cents(verb[len(word):].strip().strip("()"), number)
            put[name] += amount
            acts.append(Act(name, "c" if word == "calls" else "b", amount, None, put[name] == state.stacks[name],
                            street, number))
            return
        if "cash-out" in verb.lower() or "cashout" in verb.lower():
            raise SiteError("the hand was cashed out: the site paid an insurance figure, not the pots", number)
    if word in ("calls", "bets", "raises") or verb.startswith("is all-In"):
        rest = verb[len(word):] if not verb.startswith("is all-In") else verb[9:]
        amount: Optional[int]
        if rest.strip():
            bracket = _BRACKET.fullmatch(rest)
            if bracket is None:
                raise SiteError(f"cannot read {line!r}", number)
            amount = _cents(bracket.group("amount"), number)
        else:
            if word != "is":
                raise SiteError(f"an action without its amount: {line!r}", number)
            amount = state.stacks[name] - put[name]  # all-in: what is left
        all_in = word == "is" or put[name] + amount == state.stacks[name]
        put[name] += amount
        acts.append(Act(name, "c" if word == "calls" else "b", amount, None, all_in, street, number))
    elif word == "folds":
        acts.append(Act(name, "m" if state.shown else "f", None, None, False, street, number))
    elif verb == "Forward Folds":
        return  # fast-forward: the player asks to fold; the fold itself is written at the player's turn
    elif word == "checks":
        acts.append(Act(name, "x", None, None, False, street, number))
    elif word == "posts":
        for prefix, kind in _POSTS:
            if verb.startswith(prefix):
                rest = verb[len(prefix):]
                bracket = _BRACKET.fullmatch(rest) or _PARENS.fullmatch(rest)
                if bracket is None:
                    raise SiteError(f"cannot read {line!r}", number)
                value = _cents(bracket.group("amount"), number)
                put[name] += value
                if kind == "sb" and any(k == "sb" for _, k, _, _ in p.posts):
                    kind = "bb"  # a second small blind (a player coming back) is live: a bet
                p.posts.append((name, kind, value, number))
                break
        else:
            raise SiteError(f"unknown post {line!r}", number)
    elif verb.startswith("shows"):
        cards = _CARDS.search(verb)
        if cards is not None:
            p.known[name] = cards.group("cards").replace(",", " ").split()
        state.shown = True
    elif word == "wins":
        m = _WINS.fullmatch(verb)
        if m is None:
            raise SiteError(f"cannot read {line!r}", number)
        p.collected[name] = p.collected.get(name, 0) + _cents(m.group("amount"), number)
    elif word in ("bring-ins", "completes"):
        raise SiteError("stud hands are not read", number)
    elif verb.startswith(_NOTES) or verb.startswith(":") or verb.startswith(("probabilty ", "probability ")):
        return
    else:
        longer = _NAMED.fullmatch(line)
        if longer is not None and longer.group(1) not in state.stacks:
            # "Hero Name raises ..." where "Hero" is seated: a name the seat list does not hold
            raise SiteError(f"the line names {longer.group(1)!r}, who is not in the seat list ({name!r} is): the "
                            "seat list and the actions name different players (no stack is known)", number)
        raise SiteError(f"unknown action {line!r}", number)


def _table_blinds(p: Parsed) -> None:
    """The table's big blind when the first line does not give it (it gives the largest
    buy-in) and the big blind is posted all-in for less: what the first player to act
    with nothing posted calls before any raise (the engine has callers call the full blind)."""
    if p.blinds[1] or p.variant.limit is Limit.FIXED_LIMIT:
        return
    posted = {name for name, _, _, _ in p.posts}
    first = next((act for act in p.acts if act.street == 0 and act.verb in ("b", "c")), None)
    if first is not None and first.verb == "c" and first.player not in posted:
        small = next((amount for _, kind, amount, _ in p.posts if kind == "sb"), 0)
        p.blinds = (small, first.amount)


def _silent_blinds(p: Parsed, put: Dict[str, int]) -> None:
    """Blinds posted without a line (some tournament files): the player on the button's
    left posts the small blind (the button itself heads-up), the next the big blind,
    the sizes of the first line."""
    if any(kind in ("sb", "bb", "sbbb") for _, kind, _, _ in p.posts):
        return
    if not p.blinds[1]:
        raise SiteError("no blinds are posted and the first line does not give them")
    # Dealt in: whoever the lines name (a player moved to the table who has no line is not).
    named = {act.player for act in p.acts} | {post[0] for post in p.posts} | set(p.known) | set(p.collected)
    dealt = [(seat, name, stack) for seat, name, stack in p.seats if name in named]
    if len(dealt) < 2:
        return
    seats = [seat for seat, _, _ in dealt]
    after = next((k for k, seat in enumerate(seats) if seat > p.button), 0)
    if len(dealt) == 2:
        after = (after + 1) % 2  # heads-up the button posts the small blind
    for k, (kind, size) in enumerate((("sb", p.blinds[0]), ("bb", p.blinds[1]))):
        _, name, stack = dealt[(after + k) % len(dealt)]
        ante = sum(a for nm, kd, a, _ in p.posts if nm == name and kd == "ante")
        value = min(size, stack - ante)
        put[name] += value
        p.posts.append((name, kind, value, 0))


def _rake(p: Parsed, put: Dict[str, int], written: Optional[int], line: int) -> None:
    """The rake (``written`` when the layout writes it): what went in, less the uncalled
    part of the largest stake, less what was won (that uncalled part is in its owner's
    winnings when they won a pot); SiteError when the hand pays more than went in."""
    won = sum(p.collected.values())
    total = sum(put.values())
    ranked = sorted(put.items(), key=lambda item: item[1], reverse=True)
    uncalled = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else 0
    if uncalled and not p.collected.get(ranked[0][0]):
        total -= uncalled
    rake = total - won
    if rake < 0:
        raise SiteError(f"the hand pays {won} (in its smallest unit) but its lines put in only {total}: its "
                        "figures disagree (chips went in without a line, or amounts written rounded)", line)
    # Tournaments take no rake; the newer layout writes a cash game's.
    p.rake = 0 if p.tournament is not None else rake if written is None else written



# The newer layout ("Hand History For Game"): "0.50/1 Texas Hold'em Game Table (NL) -
# TIME", tournaments "S/B Tourney Texas Holdem Game Table (NL) (MTT Tournament #N)
# (Buyin ...) - TIME".
_NEWER = re.compile(r"(?P<small>[\d.,]+)/(?P<big>[\d.,]+) (?P<tourney>Tourney )?(?P<game>Texas Hold'em|Texas Holdem|"
                    r"Omaha Hi-Lo|Omaha Hi|Omaha) Game Table \((?P<limit>NL|PL|FL)\)"
                    r"(?:\s+\((?:[^()#]*)Tournament #(?P<trny>\d+)\))?(?:\s+\(Buyin [^()]*\))?\s+-\s+(?P<time>.*)")
_NEWER_GAMES = {"Texas Hold'em": HOLDEM, "Texas Holdem": HOLDEM, "Omaha Hi": PLO, "Omaha": PLO,
                "Omaha Hi-Lo": OMAHA_HI_LO}
_BALANCE = re.compile(r"balance [$€£]?[\d.,]+,? (?:bet [$€£]?[\d.,]+, collected (?P<collected>[$€£]?[\d.,]+),? net .*|"
                      r"lost .*|didn't bet .*|sits out.*)")
_MAIN_POT = re.compile(r"Main Pot: (?P<main>[$€£]?[\d.,]+)(?P<sides>(?: Side Pot \d+: [$€£]?[\d.,]+)*)"
                       r"(?: Rake: (?P<rake>[$€£]?[\d.,]+))?")


def _parse_newer(p: Parsed, lines: List[str], i: int) -> Parsed:
    header = _NEWER.fullmatch(lines[i])
    if header is None:
        raise SiteError(f"a game the importer does not read: {lines[i]!r}", i + 1)
    limit = _LIMITS[header.group("limit")]
    p.variant = variant_of(_NEWER_GAMES[header.group("game")], limit)
    p.time = header.group("time")
    p.stakes = f"{header.group('small')}/{header.group('big')}"
    small, big = _cents(header.group("small"), i + 1), _cents(header.group("big"), i + 1)
    cash = header.group("tourney") is None
    if cash:
        p.currency = "USD"
    else:
        p.tournament = header.group("trny") or ""
        p.fields["tournament"] = p.tournament
        p.decimals = 0
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = small, big
    else:
        p.blinds = (small, big)
    return _table_and_seats(p, lines, i + 1, cash, newer=True)


def _newer_summary(state: _State, lines: List[str], start: int) -> None:
    """The newer layout's summary: ``Main Pot: X [Side Pot 1: Y] [Rake: Z]`` (after the
    rake) and a line per player, ``NAME balance B, bet X, collected C, net N``."""
    p = state.p
    for index in range(start, len(lines)):
        line = lines[index]
        number = index + 1
        if line.startswith("Main Pot: "):
            pot = _MAIN_POT.fullmatch(line)
            if pot is None:
                raise SiteError(f"cannot read {line!r}", number)
            if pot.group("rake") and p.tournament is None:
                state.rake = _cents(pot.group("rake"), number)
            continue
        if not line or line.startswith("Board: "):
            continue
        name = seated(line, state.by_length)
        if name is None:
            raise SiteError(f"the summary names a player who is not in the seat list: {line!r}", number)
        rest = line[len(name) + 1:]
        if rest.startswith("Cashed out"):
            raise SiteError("the hand was cashed out: the site paid an insurance figure, not the pots", number)
        balance = _BALANCE.match(rest)
        if balance is None:
            raise SiteError(f"cannot read {line!r}", number)
        if balance.group("collected"):
            p.collected[name] = p.collected.get(name, 0) + _cents(balance.group("collected"), number)
        cards = _CARDS.search(rest)
        if cards is not None and name not in p.known:
            p.known[name] = cards.group("cards").replace(",", " ").split()
