"""PokerStars hand histories, and the PokerStars-style text GGPoker writes.

One pass over the lines of a hand, each line recognised by how it starts (a section
marker ``*** ...``, ``Seat N:``, a seated player's name and ``: ``, ``Dealt to``,
``Uncalled bet``...) and then by a few precompiled patterns anchored at both ends, so
no line is searched twice. A player's name is found by the last ``": "`` of an action
line (a name may itself hold ``": "``, spaces or brackets) and checked against the
seat list; when that fails the seat names are tried longest first.

What the figures mean (the importer's conventions for this site):

- ``collected``: the ``NAME collected X from pot`` lines (one per pot, side pot and
  board, summed); an uncalled bet is apart (``Uncalled bet (X) returned to NAME``).
- ``rake``: the summary's ``Rake``; GGPoker's ``Jackpot``, ``Bingo``, ``Fortune`` and
  ``Tax`` are ``fees``, also taken from the pot. ``Total pot`` is what went in,
  uncalled bets apart, with GGPoker's ``Cash Drop to Pot`` (money the site adds).
- Players marked ``is sitting out`` (or ``out of hand``) in the seat list who neither
  post nor act are not dealt in; sitting-out tournament players who post are.
- A ``folds`` written after a player has shown on the same street (GGPoker), or after
  the showdown began, is a muck.
- Stud (seven-card stud, stud hi/lo, razz) has no button: each street's cards are the
  last bracket of its ``Dealt to`` lines (the hero's down cards too, the others' up
  cards only), kept in the order dealt with None for a card never seen.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Dict, List

from ..betting import Limit
from ..engine import (BADUGI, BIG_O, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO,
                      PLO5, PLO6, RAZZ, SHORTDECK, SHORTDECK_HIGH_CLASSIC, STUD, STUD_HI_LO)
from .common import AMOUNT_CACHE
from .common import amount as _read_amount
from .common import cents, finish, read_seats, seat_in_chips
from .draws import final_draw_hands
from .model import Act, Parsed, SiteError, chips_of

__all__ = ["parse"]

_GAME = re.compile(r"(?:(?P<cards>[56]) Card )?(?P<game>Hold'em|Omaha Hi/Lo|Omaha|7 Card Stud Hi/Lo|7 Card Stud|Razz|"
                   r"Draw|Triple Draw 2-7 Lowball|Single Draw 2-7 Lowball|Badugi|ShortDeck|Triple Draw A-5 Lowball|"
                   r"Courchevel Hi/Lo|Courchevel) (?P<limit>No Limit|Pot Limit|Fixed Limit|Limit)", re.I)
_GAMES = {("hold'em", None): HOLDEM, ("omaha", None): PLO, ("omaha", "5"): PLO5, ("omaha", "6"): PLO6,
          ("omaha hi/lo", None): OMAHA_HI_LO, ("omaha hi/lo", "5"): BIG_O, ("7 card stud", None): STUD,
          ("7 card stud hi/lo", None): STUD_HI_LO, ("razz", None): RAZZ, ("draw", "5"): FIVE_CARD_DRAW,
          ("triple draw 2-7 lowball", None): DEUCE7_TRIPLE_DRAW, ("single draw 2-7 lowball", None): DEUCE7_SINGLE_DRAW,
          ("badugi", None): BADUGI, ("shortdeck", None): SHORTDECK}
# GGPoker's short names: "PLO ($2/$5)", "PLO-5 ($2/$5)" (pot-limit).
_GG_PLO = re.compile(r"\bPLO(?:-(?P<cards>[56]))?(?= \()")
# Games PokerStars or GGPoker deal that the engine does not play.
_UNPLAYED = {"courchevel": "Courchevel (Omaha with the first flop card dealt before the betting)",
             "courchevel hi/lo": "Courchevel hi/lo", "triple draw a-5 lowball": "A-5 triple draw",
             "split hold'em": "Split Hold'em (two boards, each half of the pot)"}
_LIMITS = {"no limit": Limit.NO_LIMIT, "pot limit": Limit.POT_LIMIT, "limit": Limit.FIXED_LIMIT,
           "fixed limit": Limit.FIXED_LIMIT}
# GGPoker's short deck: a straight beats three of a kind (PokerStars' 6+ Hold'em: trips
# beat a straight, the engine's default); a real GGPoker hand run twice shows it.
_GG_SHORTDECK = replace(SHORTDECK, high=SHORTDECK_HIGH_CLASSIC)
_HEADER = re.compile(r"(?:PokerStars(?: Zoom| Home Game)? (?:Hand|Game)|Poker Hand) #(?P<id>[^:\s]+):\s*(?P<rest>.*)")


def _header_fields(header: str):
    """The groups (id, rest) of ``_HEADER.match(header)``, None when it does not match.
    PokerStars' own first line, ``PokerStars Hand #DIGITS: ...`` (or ``Game #``), is read with str
    methods: an id of decimal digits holds no ``:`` and no whitespace, so the
    pattern's id ends at the first ``:``, and ``\\s*`` then takes what str.lstrip takes
    (the same whitespace; a line holds no line end, which ``.*`` would stop at)."""
    if header.startswith("PokerStars Hand #") or header.startswith("PokerStars Game #"):
        colon = header.find(":", 17)
        if colon > 17:
            hand_id = header[17:colon]
            if hand_id.isdecimal() and "\n" not in header:
                return hand_id, header[colon + 1:].lstrip()
    match = _HEADER.match(header)
    return None if match is None else match.group("id", "rest")


_TOURNAMENT = re.compile(r"Tournament #(?P<id>\d+)")
_STAKES = re.compile(r"\((?P<stakes>[^()]*(?:\([^()]*\))?[^()]*)\)")
# Stud tables have no button: the line stops after the size.
_TABLE = re.compile(r"Table '(?P<table>.*)'(?: (?P<max>\d+)-max)?(?: \(Play Money\))?(?: Seat #(?P<button>\d+) is the button)?")


def _decimals_end(text: str, at: int) -> int:
    """Where the run of decimal digits (``\\d`` in a str pattern) starting at ``at`` ends."""
    n = len(text)
    while at < n and text[at].isdecimal():
        at += 1
    return at


def _table_fields(line: str):
    """The groups of ``_TABLE.match(line)`` (table, max, button), None when it does not
    match, read with str methods (the pattern's greedy name backtracks from the line's
    end to its last quote, and what follows it is all optional: the match always ends
    there, whatever follows). A line end in the line is left to the pattern."""
    if "\n" in line:
        match = _TABLE.match(line)
        return None if match is None else match.group("table", "max", "button")
    if not line.startswith("Table '"):
        return None
    close = line.rfind("'")
    if close < 7:
        return None
    size = button = None
    at = close + 1
    if line.startswith(" ", at):
        end = _decimals_end(line, at + 1)
        if end > at + 1 and line.startswith("-max", end):
            size = line[at + 1:end]
            at = end + 4
    if line.startswith(" (Play Money)", at):
        at += 13
    if line.startswith(" Seat #", at):
        end = _decimals_end(line, at + 7)
        if end > at + 7 and line.startswith(" is the button", end):
            button = line[at + 7:end]
    return line[7:close], size, button


_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips(?:, [^()]*)?\)(?P<rest>.*)")
_COLLECTED = re.compile(r"(?P<name>.*) collected (?P<amount>\S+) from (?P<pot>(?:main |side )?pot(?:-\d+)?)")


def _amount(text: str, line: int, chips: bool = False) -> int:
    """common.amount(text, line): its cache of the amounts read so far looked up here
    first (compiled, a C call and a dict lookup in place of a Python call: a hand reads
    a few dozen amounts, nearly all already known). ``chips``: in whole chips (see
    :func:`_chips`), for a hand played in chips."""
    if chips:
        cache = _CHIPS  # (compiled, a dict: the lookup a C call, not a method call)
        value = cache.get(text)
        return value if value is not None else _chips(text, line)
    cache = AMOUNT_CACHE
    value = cache.get(text)
    return value if value is not None else _read_amount(text, line)


#: The amounts of hands played in chips read so far, by their text, in whole chips.
_CHIPS: Dict[str, int] = {}


class _Fraction(SiteError):
    """An amount of a hand played in chips that is not whole chips: the hand is read
    again as every other site's, in cents (Parsed.in_chips then refuses it, naming the
    amount, unless the hand has an error before that)."""


def _chips(text: str, line: int) -> int:
    """An amount in whole chips (its cents divided by 100: what Parsed.in_chips makes of
    it), for a hand played in chips read in chips as it is read (no pass over every
    amount after the parse, no new Act per amount); _Fraction when it is no whole
    number of chips, SiteError as common.amount when it is no amount."""
    value = chips_of(_amount(text, line))
    if value is None:
        raise _Fraction(f"{text!r} is not whole chips", line)
    cache = _CHIPS
    if len(cache) > 50000:
        cache.clear()
    cache[text] = value
    return value


def _chips_reader(text: str, line: int) -> int:
    """_amount in whole chips, for read_seats (a reader of two arguments)."""
    return _amount(text, line, True)


_PLAIN_POTS = ("pot", "main pot", "side pot")


def _collected_fields(line: str):
    """The groups of ``_COLLECTED`` (name, amount, pot) for ``line``, None when it does
    not match. The common line, ``NAME collected X from pot`` (or main pot, side pot),
    is read with str methods: the name is greedy, so it ends at the last " collected "
    when what follows it matches."""
    at = line.rfind(" collected ")
    if at >= 0:
        rest = line[at + 11:]
        space = rest.find(" ")
        if space > 0 and rest.startswith(" from ", space) and rest[space + 6:] in _PLAIN_POTS:
            amount = rest[:space]
            if amount.split() == [amount]:  # \S+: no whitespace of any kind
                return line[:at], amount, rest[space + 6:]
    match = _COLLECTED.fullmatch(line)
    return None if match is None else match.group("name", "amount", "pot")


_POT_NUMBER = {"main pot": 0, "side pot": 1}  # "side pot-2": 2
_RETURNED = re.compile(r"Uncalled bet \((?P<amount>[^)]+)\) returned to (?P<name>.*)")
_CARDS = re.compile(r"\[(?P<cards>[^\]]*)\]")
_RANKS, _SUITS = "23456789TJQKA", "cdhs"


def _brackets(line: str) -> List[str]:
    """``_CARDS.findall(line)`` by str.find: each ``[`` starts a match when a ``]``
    follows it somewhere (the cards, which hold no ``]``, run to the first one), and
    the next match is looked for after it; with no ``]`` left there is none after."""
    found = []
    at = line.find("[")
    while at >= 0:
        close = line.find("]", at + 1)
        if close < 0:
            break
        found.append(line[at + 1:close])
        at = line.find("[", close + 1)
    return found
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP", "¥": "CNY", "₹": "INR"}
# Lines that say something about a player and nothing about the play of the hand.
_NOTES = (" joins the table at seat #", " leaves the table", " is disconnected", " is connected", " has timed out",
          " has returned", " will be allowed to play after the button", " was removed from the table",
          " finished the tournament", " wins the tournament", " re-buys and receives", " said, ",
          " is sitting out", " sits out", " has been disconnected", " has reconnected", " is away",
          " takes the add-on", " wins an entry to tournament", " wins the $", " wins a ", " is feeling ",
          " wins the bounty", " wins $", " receives ", " adds ", " has requested TIME", "No low hand qualified",
          "Pair on board - a double bet is allowed", " split the ", "The deck is reshuffled")
_IGNORED_VERBS = ("get an all-in insurance", "pay premium of all-in insurance", "is sitting out", "sits out",
                  "is away", "has returned", "is connected", "is disconnected",
                  "doesn't show hand", "Chooses to EV Cashout", "Pays Cashout Risk", "is feeling", "has timed out",
                  "sitting out", "is back", "leaves the table", "said")
# All-in Cash Out: "NAME cashed out the hand for $X | Cash Out Fee $Y": the site paid
# the player X (less the fee Y) in place of his share of the pots, from its own
# money; the pots were settled as usual ("collected", or the summary's "won ($Z) ...
# (pot not awarded as player cashed out)"), and those are the figures verified.
_CASH_OUT = re.compile(r"(?P<name>.+?):? cashed out the hand for (?P<amount>\S+)(?: \| Cash Out Fee (?P<fee>\S+))?")
_NOT_AWARDED = re.compile(r"^Seat (?P<seat>\d+): .* won \((?P<amount>[^)]+)\).*\(pot not awarded as player cashed "
                          r"out\)", re.M)
_STREETS = {"HOLE CARDS": 0, "DEALING HANDS": 0, "FIRST DRAW": 1, "SECOND DRAW": 2, "THIRD DRAW": 3, "FLOP": 1,
            "TURN": 2, "RIVER": 3, "FIRST FLOP": 1, "FIRST TURN": 2, "FIRST RIVER": 3,
            "SECOND FLOP": 1, "SECOND TURN": 2, "SECOND RIVER": 3, "THIRD FLOP": 1, "THIRD TURN": 2,
            "THIRD RIVER": 3, "PRE-FLOP": 0, "3rd STREET": 0, "4th STREET": 1,
            "5th STREET": 2, "6th STREET": 3}
_SHOWDOWNS = ("SHOW DOWN", "SHOWDOWN", "FIRST SHOW DOWN", "SECOND SHOW DOWN", "FIRST SHOWDOWN", "SECOND SHOWDOWN",
              "THIRD SHOW DOWN", "THIRD SHOWDOWN")
_RUNS = {"FIRST": 0, "SECOND": 1, "THIRD": 2}  # GGPoker runs a board up to three times


def _new_act(cls, player, verb, amount, to, all_in, street, line):
    """An Act without NamedTuple's Python-level __new__, one per action line: tuple.__new__
    uncompiled; compiled, pokerstars.pxd's new_act instead, which builds the same tuple
    subclass in C from its seven fields (tuple.__new__ through its slot wrapper is a
    Python call, ~2,500 instructions an act), and this only names a function in the
    module's dict."""
    return tuple.__new__(cls, (player, verb, amount, to, all_in, street, line))


globals().setdefault("new_act", _new_act)
# common's read_seats and finish: compiled, pokerstars.pxd cimports them as these
# names (C calls, not Python calls across modules); uncompiled, the functions.
globals().setdefault("c_read_seats", read_seats)
globals().setdefault("c_finish", finish)


def _cards(text: str) -> List[str]:
    return text.split()


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read."""
    return _read(text, site, True)


def _read(text: str, site: str, whole: bool) -> Parsed:
    """parse(text, site); ``whole``: a hand played in chips read in whole chips (see
    _parse; False: in cents, the parse before that fast path, for the tests)."""
    lines = _lines(text)
    try:
        try:
            return _parse(lines, site, whole)
        except _Fraction:
            # an amount of a hand played in chips that is not whole chips: read in cents
            # as before (the error is then the first the hand has, as in every site)
            return _parse(lines, site, False)
    except SiteError as error:
        at = error.line
        if at and "*** SUMMARY ***" not in text and not any(line.strip() for line in lines[at:]) \
                and str(error).split(": ", 1)[-1].startswith(("unknown line", "unknown action", "expected ")):
            # a line the parser cannot read, the hand's last, and no summary: the file
            # stops inside it (a cut file), which is what the hand lacks
            raise SiteError(f"the hand is truncated: it stops inside this line ({lines[at - 1].strip()!r}), "
                            "without its summary", at) from None
        raise
    except Exception as error:  # outside the line loop (the first lines, the summary)
        raise SiteError(f"cannot read ({type(error).__name__}: {error})") from None


_TRAILING = re.compile(r"[ \t]+(?=\n)")


def _lines(text: str) -> List[str]:
    """``_TRAILING.sub("\\n", text).split("\\n")``: trailing blanks (after a section
    marker, say) are no part of a line. The text is cleaned only when a line but the
    last ends with one (what _TRAILING removes), found by the lines' last characters
    (compiled, C compares) in place of a search of the whole text."""
    lines = text.split("\n")
    for k in range(len(lines) - 1):
        line = lines[k]
        if line and line[len(line) - 1] in " \t":
            return _TRAILING.sub("\n", text).split("\n")
    return lines


_HEADERS: Dict[str, tuple] = {}


def _game(rest: str) -> tuple:
    """What a first line says after the hand number: (variant, stakes, tournament,
    decimals, currency, small bet, big bet, blinds)."""
    game = _GAME.search(rest)
    if game is None:
        game = _GG_PLO.search(rest)
        if game is None:
            if "(NL postflop)" in rest:
                # GGPoker's Omaholic: pot-limit before the flop, no-limit after
                raise SiteError(f"Omaha pot-limit before the flop and no-limit after (NL postflop) is a betting the "
                                f"engine does not play: {rest!r}", 1)
            raise SiteError(f"a game the engine does not play, or a first line the importer does not read: {rest!r}",
                            1)
        variant = _GAMES[("omaha", game.group("cards"))].with_limit(Limit.POT_LIMIT)
    else:
        name = game.group("game").lower()
        before = rest[max(game.start() - 6, 0):game.start()]
        if name == "hold'em" and before == "Split ":
            name = "split hold'em"
        if name in _UNPLAYED:
            raise SiteError(f"the engine does not play {_UNPLAYED[name]}: {rest!r}", 1)
        # PokerStars' 6+ Hold'em is short deck.
        base = SHORTDECK if name == "hold'em" and before.endswith("6+ ") else _GAMES.get((name, game.group("cards")))
        if base is None:
            raise SiteError(f"a game the engine does not play: {game.group(0)!r}", 1)
        variant = base if base.is_stud else base.with_limit(_LIMITS[game.group("limit").lower()])
    tournament = _TOURNAMENT.search(rest, 0, game.start())
    if rest.startswith(", ", game.end()):  # a mixed game: "8-Game (Razz Limit, $4/$8 USD)"
        close = rest.find(")", game.end())
        stakes_text = rest[game.end() + 2:close if close >= 0 else len(rest)]
        stakes = True
    else:
        stakes = _STAKES.search(rest, game.end())
        stakes_text = stakes.group("stakes") if stakes else ""
    decimals, currency = 2, ""
    if tournament is not None:
        decimals = 0
    else:
        for symbol, code in _CURRENCIES.items():
            if symbol in stakes_text:
                currency = code
                break
        else:
            decimals = 0  # play money: chips
        for code in ("USD", "EUR", "GBP", "CAD", "INR", "CNY"):
            if stakes_text.endswith(" " + code):
                currency = code
    small_bet = big_bet = 0
    blinds = (0, 0)
    if variant.limit is not Limit.FIXED_LIMIT and stakes is not None:
        sizes = stakes_text.split(" ")[0].split("/")
        if len(sizes) >= 2:
            try:
                blinds = (cents(sizes[0]), cents(sizes[1].split("(")[0]))
            except ValueError:
                pass
    if variant.limit is Limit.FIXED_LIMIT and stakes is not None:
        bets = stakes_text.split(" ")[0].split("/")
        if len(bets) == 2:
            try:
                small_bet, big_bet = cents(bets[0]), cents(bets[1].split("(")[0])
            except ValueError:
                pass
    return (variant, stakes_text, tournament.group("id") if tournament else None, decimals, currency, small_bet,
            big_bet, blinds)


def _with_chips(game: tuple) -> tuple:
    """_game's tuple and (small bet, big bet, blinds) in whole chips (model.chips_of:
    what Parsed.in_chips makes of them), None when one is not whole chips: made once
    per first line, for the hands read in chips."""
    values = (chips_of(game[5]), chips_of(game[6]), chips_of(game[7][0]), chips_of(game[7][1]))
    return game + (None if None in values else (values[0], values[1], (values[2], values[3])),)


def _parse(lines: List[str], site: str, whole: bool) -> Parsed:
    """The hand of ``lines``. ``whole``: a hand played in chips (a tournament's, play
    money) is read in whole chips (every amount divided by 100 as read, _Fraction for
    one that is not whole chips), not in cents that Parsed.in_chips divides after."""
    p = Parsed(site)
    header = lines[0].rstrip()
    fields = _header_fields(header)
    if fields is None:
        raise SiteError(f"not the first line of a hand: {header!r}", 1)
    p.hand_id = fields[0]
    rest = fields[1]
    cut = rest.rfind(" - ")
    p.time = rest[cut + 3:].strip() if cut >= 0 else ""
    # What the header says besides the hand number and time repeats hand after hand.
    game_key = rest[:cut] if cut >= 0 else rest
    known_game = _HEADERS.get(game_key)
    if known_game is None:
        if len(_HEADERS) > 10000:
            _HEADERS.clear()
        known_game = _HEADERS[game_key] = _with_chips(_game(rest))
    (p.variant, p.stakes, p.tournament, p.decimals, p.currency, p.small_bet, p.big_bet, p.blinds,
     stakes_in_chips) = known_game
    if site == "ggpoker" and p.variant.name == SHORTDECK.name:
        p.variant = _GG_SHORTDECK.with_limit(p.variant.limit)  # GGPoker ranks a straight above three of a kind
    if p.tournament is not None:
        p.fields["tournament"] = p.tournament
    chips = whole and p.decimals == 0
    if chips:  # the first line's figures in chips too, as in_chips makes them
        if stakes_in_chips is None:
            raise _Fraction("a stake that is not whole chips", 1)
        p.small_bet, p.big_bet, p.blinds = stakes_in_chips
    if len(lines) < 2:
        raise SiteError("the hand is truncated after its first line", 1)
    table = _table_fields(lines[1].rstrip())
    if table is None:
        raise SiteError(f"expected the table line (Table '...' Seat #N is the button), not {lines[1]!r}", 2)
    p.table = table[0]
    if table[2]:
        p.button = int(table[2])
    elif not p.variant.is_stud:
        raise SiteError(f"the table line does not say where the button is: {lines[1]!r}", 2)
    if table[1]:
        p.max_seats = int(table[1])

    # the seat list in whole chips when chips (the stacks' cache the reader's own)
    i, names = c_read_seats(lines, 2, _SEAT, _chips_reader if chips else _amount, p, seat_in_chips,
                          _CHIPS if chips else AMOUNT_CACHE)
    n = len(lines)
    by_length = None  # the seat names longest first, sorted when a line needs them
    seat_names = {number: name for name, number in names.items()}

    stud = p.variant.is_stud
    draws = p.draws if p.variant.streets[-1].draw else None
    street = -1  # before the cards: posts
    showdown = False
    shown_on_street: set = set()
    summary = -1
    collected = p.collected
    returned = p.returned
    known = p.known
    acts = p.acts
    boards_from_streets: List[List[str]] = [[], [], []]
    cancelled = 0
    all_ins: set = set()
    try:
        while i < n:
            line = lines[i]
            i += 1
            if not line:
                continue
            first = line[0]
            if first == "*":
                if line.startswith("*** SUMMARY ***"):
                    summary = i
                    break
                marker = line[4:line.find(" ***", 4)] if line.startswith("*** ") else ""
                if marker in _STREETS:
                    street = 4 if stud and marker == "RIVER" else _STREETS[marker]
                    if shown_on_street:
                        shown_on_street.clear()  # the set is this loop's alone: no new one per street
                    if marker.startswith(("FIRST", "SECOND", "THIRD")) and not marker.endswith("DRAW"):
                        p.run_twice = True
                    if street and not stud:
                        board = _brackets(line)
                        if board:
                            run = _RUNS.get(marker.split(" ", 1)[0], 0)
                            boards_from_streets[run] = _cards(" ".join(board))
                    continue
                if marker in _SHOWDOWNS:
                    showdown = True
                    continue
                raise SiteError(f"unknown section {line!r}", i)
            colon = line.rfind(": ")
            name = line[:colon] if colon > 0 else None
            if name is not None and name not in names:
                if by_length is None:
                    by_length = sorted(names, key=len, reverse=True)
                name = None
                for seat_name in by_length:
                    if line.startswith(seat_name + ": "):
                        name = seat_name
                        break
                if name is not None:
                    colon = len(name)
            if name is not None:
                verb = line[colon + 2:]
                # The verb's first word tested by its length and its first letter (C
                # compares, compiled) before its text, in place of a new string for the
                # word compared with each verb in turn: ``word == "folds"`` is
                # ``size == 5 and verb.startswith("folds")``.
                space = verb.find(" ")
                size = space if space >= 0 else len(verb)
                first = verb[0] if verb else "\0"
                if first == "f" and size == 5 and verb.startswith("folds"):
                    if verb != "folds":
                        known[name] = _cards(verb[7:-1])
                    # All-in players cannot fold: the site writes a fold for one sitting out.
                    kind = "m" if (showdown or shown_on_street or name in all_ins) else "f"
                    acts.append(new_act(Act, name, kind, None, None, False, street, i))
                elif first == "p" and size == 5 and verb.startswith("posts"):
                    if _post(p, name, verb, i, chips):
                        all_ins.add(name)
                elif ((first == "c" and size == 5 and verb.startswith("calls"))
                      or (first == "b" and size == 4 and verb.startswith("bets"))):  # the chips added
                    amount = verb[size + 1:]
                    all_in = amount.endswith(" and is all-in")
                    if all_in:
                        amount = amount[:-14]
                        all_ins.add(name)
                    acts.append(new_act(Act, name, "c" if first == "c" else "b", _amount(amount, i, chips), None,
                                              all_in, street, i))
                elif first == "c" and verb == "checks":
                    acts.append(new_act(Act, name, "x", None, None, False, street, i))
                elif first == "r" and size == 6 and verb.startswith("raises"):
                    # The words of verb.split(" ") found in place (no list, no word not
                    # needed): "raises X to Y", and more words only when all-in or capped.
                    by = verb.find(" ", 7)  # X runs from 7 (after "raises ") to here
                    if by < 0 or not verb.startswith(" to ", by):
                        raise SiteError(f"cannot read the raise {line!r}", i)
                    after = verb.find(" ", by + 4)  # Y runs from by + 4 to here (or the end)
                    if after >= 0 and not (verb.endswith(" and is all-in") or " cap" in verb):
                        raise SiteError(f"cannot read the raise {line!r}", i)
                    all_in = verb.endswith(" and is all-in")
                    acts.append(new_act(Act, name, "b", _amount(verb[7:by], i, chips),
                                              _amount(verb[by + 4:] if after < 0 else verb[by + 4:after], i, chips),
                                              all_in, street, i))
                    if all_in:
                        all_ins.add(name)
                elif first == "s" and size == 8 and verb.startswith("straddle"):  # GGPoker's short deck: straddle X
                    if _post(p, name, "posts " + verb, i, chips):
                        all_ins.add(name)
                elif first == "s" and size == 5 and verb.startswith("shows ["):
                    end = verb.index("]")
                    known[name] = _cards(verb[7:end])
                    shown_on_street.add(name)
                elif first == "m" and (verb == "mucks hand" or verb.startswith("mucks [")):
                    p.mucked.add(name)
                elif first == "b" and verb.startswith("brings in for "):
                    amount = verb[14:]
                    all_in = amount.endswith(" and is all-in")
                    acts.append(new_act(Act, name, "bi", _amount(amount[:-14] if all_in else amount, i, chips), None,
                                              all_in, street, i))
                elif first == "c" and verb.startswith("completes it to "):
                    amount = verb[16:]
                    all_in = amount.endswith(" and is all-in")
                    acts.append(new_act(Act, name, "co", None, _amount(amount[:-14] if all_in else amount, i, chips),
                                              all_in, street, i))
                elif first == "c" and verb.startswith("cashed out the hand"):
                    _cash_out(p, line, names, i)
                elif ((first == "d" and size == 8 and verb.startswith("discards"))
                      or (first == "s" and verb.startswith("stands pat"))):
                    if draws is None:
                        raise SiteError(f"a draw in a game without draws: {line!r}", i)
                    if street == 0:
                        street = 1  # single draw and five-card draw write no section for their draw
                    street = _draw(p, draws, name, verb, street, i)
                elif verb.startswith(_IGNORED_VERBS):
                    pass  # sitting out, coming back, not showing: nothing the play depends on
                else:
                    raise SiteError(f"unknown action {line!r}", i)
                continue
            if line.startswith("Dealt to "):
                brackets = _brackets(line)
                who = line[9:line.find(" [")] if brackets else line[9:].strip()
                if brackets and who in names:
                    if stud:
                        # Each street adds the last bracket: 3rd street the hero's two down
                        # cards and up card, another player's up card; 7th street (down)
                        # only the hero's.
                        dealt = p.stud.setdefault(who, [])
                        if street == 0:  # "[d d u]" or "[d d] [u]" for the hero, "[u]" for another
                            new = _cards(" ".join(brackets))
                            new = [None, None] + new if len(new) == 1 else new
                        else:
                            new = _cards(brackets[-1])
                        for card in new:
                            if card is not None and not (len(card) == 2 and card[0] in _RANKS and card[1] in _SUITS):
                                raise SiteError(f"{card!r} is no card: {line!r}", i)
                        dealt.extend(new)
                    elif draws is not None:
                        _dealt_draw(draws, who, brackets, street, line, i)
                    else:
                        known[who] = _cards(brackets[-1])
                continue
            if line.startswith("Uncalled bet ("):
                m = _RETURNED.fullmatch(line)
                if m is None or m.group("name") not in names:
                    raise SiteError(f"cannot read {line!r}", i)
                who = m.group("name")
                returned[who] = returned.get(who, 0) + _amount(m.group("amount"), i, chips)
                continue
            if " collected " in line:
                fields = _collected_fields(line)
                if fields is not None and fields[0] in names:
                    who = fields[0]
                    value = _amount(fields[1], i, chips)
                    collected[who] = collected.get(who, 0) + value
                    pot = fields[2]
                    if pot != "pot":
                        # Which pot: the replay checks a rake the site spread over the pots
                        # (its amount in cents, as Parsed.in_chips leaves it in a hand in chips).
                        number = _POT_NUMBER.get(pot)
                        p.fields.setdefault("pots", []).append((who, int(pot[9:]) if number is None else number,
                                                                value * 100 if chips else value))
                    continue
            if line.startswith("Cash Drop to Pot : total "):
                p.cash_drop += _amount(line[25:], i, chips)
                continue
            if " cashed out the hand" in line:
                _cash_out(p, line, names, i)
                continue
            if line == "Hand cancelled" or line.startswith("Hand cancelled"):
                cancelled = i
                continue
            if line.startswith("Betting is capped") or line.startswith("Table '") or line.startswith("The "):
                continue
            for note in _NOTES:  # a loop, not any(...): no closure in the compiled function
                if note in line:
                    break
            else:
                raise SiteError(f"unknown line {line!r}", i)
    except SiteError:
        raise
    except Exception as error:  # a text this parser does not foresee: a refusal naming the line, never a crash
        raise SiteError(f"cannot read ({type(error).__name__}: {error})", i) from None
    if cancelled:
        raise SiteError("the site cancelled the hand", cancelled)
    if summary < 0:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if not returned:
        # Before 2008 the site wrote no "Uncalled bet" line: the chips went back silently,
        # outside what it says was collected and the total pot; text converted to this
        # format by other tools puts them inside both. Either is checked (see replay).
        p.reports_returned = False
    _summary(p, lines, summary, seat_names, chips)
    if draws:
        final_draw_hands(p)
    if not p.boards and any(boards_from_streets):
        p.boards = [b for b in boards_from_streets if b]
    c_finish(p, (), chips)
    kinds = {post[1] for post in p.posts}
    if "straddle" in kinds:
        straddlers = [post[0] for post in p.posts if post[1] == "straddle"]
        if len(straddlers) > 1:
            raise SiteError("straddles by several players (the engine plays one): " + ", ".join(straddlers))
        if p.site != "ggpoker" and ("button" in kinds or not _left_of_big_blind(p, straddlers[0])):
            # GGPoker's straddle from any seat is played with the engine's room option
            # (Options.straddle_anywhere: see replay.layout)
            raise SiteError(f"a straddle by {straddlers[0]}, not the player on the big blind's left: the engine "
                            "plays none elsewhere")
    dealt = len(p.seats) - len(p.sitting_out)
    if not _fits(p.variant, dealt):
        raise SiteError(f"the engine plays {p.variant.name} with 2 to "
                        f"{p.variant.player_limits(large_draw_tables=True)[1]} players, "
                        f"this hand deals {dealt} in (a table size the engine does not seat)")
    return p


def _left_of_big_blind(p: Parsed, name: str) -> bool:
    """Whether ``name`` sits next after the big blind among the players dealt in."""
    bb = next((post[0] for post in p.posts if post[1] == "bb"), None)
    dealt = [(seat, nm) for seat, nm, _ in p.seats if nm not in p.sitting_out]
    names = [nm for _, nm in sorted(dealt)]
    if bb is None or bb not in names or len(names) < 3:
        return False
    return names[(names.index(bb) + 1) % len(names)] == name


_FITS: Dict[tuple, bool] = {}


def _fits(variant, players: int) -> bool:
    key = (variant.name, players)
    fits = _FITS.get(key)
    if fits is None:
        fits = _FITS[key] = variant.fits(players, large_draw_tables=True)  # draw games as the rooms seat them
    return fits


def _draw(p: Parsed, draws: Dict[str, list], name: str, verb: str, street: int, line: int) -> int:
    """``discards N card(s) [cards]`` or ``stands pat [on [cards]]``: an act ``d`` of N
    cards, and the cards when written; returns the street."""
    player = draws.setdefault(name, [None])
    if verb.startswith("stands pat"):
        count, thrown = 0, []
        if verb.startswith("stands pat on [") and player[0] is None and len(player) == 1:
            player[0] = _cards(verb[15:-1])  # the first draw: the cards first dealt
    else:
        words = verb.split(" ", 3)
        if len(words) < 3 or not words[1].isdigit() or words[2] not in ("card", "cards"):
            raise SiteError(f"cannot read the draw {verb!r}", line)
        count = int(words[1])
        thrown = _cards(words[3][1:-1]) if len(words) > 3 and words[3].startswith("[") else None
        if thrown is not None and len(thrown) != count:
            thrown = None  # "discards 2 cards []": the cards are not said
    player.append([thrown, [] if count == 0 else None])
    p.acts.append(new_act(Act, name, "d", count, None, False, street, line))
    return street


def _dealt_draw(draws: Dict[str, list], who: str, brackets: List[str], street: int, line: str, number: int) -> None:
    """``Dealt to NAME [cards]`` in a draw game: the first deal, or after a draw the
    cards kept and the cards received."""
    player = draws.setdefault(who, [None])
    if street == 0 and len(player) == 1:
        player[0] = _cards(brackets[0])
    elif len(player) > 1 and len(brackets) == 2:
        received = player[-1][1] = _cards(brackets[1])
        thrown = player[-1][0]
        if thrown is not None and len(thrown) != len(received):
            raise SiteError(f"{len(received)} card(s) dealt for {len(thrown)} discarded: {line!r}", number)


_POSTS = {"posts small blind": "sb", "posts big blind": "bb", "posts the ante": "ante",
          "posts small & big blinds": "sbbb", "posts straddle": "straddle", "posts dead blind": "dead",
          "posts ante": "ante", "posts button blind": "button", "posts missed blind": "dead"}


def _cash_out(p: Parsed, line: str, names, number: int) -> None:
    """An All-in Cash Out: the insurance the site paid a player (and its fee), apart
    from the pots, in ``p.fields["cash_out"]`` (name -> (amount, fee))."""
    m = _CASH_OUT.fullmatch(line)
    if m is None or m.group("name") not in names:
        raise SiteError(f"cannot read the cash out {line!r}", number)
    fee = _amount(m.group("fee"), number) if m.group("fee") else 0
    p.fields.setdefault("cash_out", {})[m.group("name")] = (_amount(m.group("amount"), number), fee)


def _post(p: Parsed, name: str, verb: str, line: int, chips: bool) -> bool:
    """A forced bet into ``p.posts`` (in whole chips when ``chips``); whether it put
    the player all-in."""
    all_in = verb.endswith(" and is all-in")
    if all_in:
        verb = verb[:-14]
    # verb.rpartition(" ") by rfind and slices (compiled, C calls: no tuple, no method call)
    cut = verb.rfind(" ")
    what = verb[:cut] if cut >= 0 else ""
    amount = verb[cut + 1:]
    kinds = _POSTS
    kind = kinds.get(what)
    if kind is None:
        raise SiteError(f"unknown post {verb!r}", line)
    value = _amount(amount, line, chips)
    if kind == "straddle":
        # GGPoker's "straddle X" is the player's whole forced bet: his blind and any
        # straddle he wrote before (a re-straddle doubles it) are part of it. Kept as
        # one straddle post of what it adds to his blind.
        blind = sum([post[2] for post in p.posts if post[0] == name and post[1] in ("sb", "bb", "button")])
        if any([post[0] == name and post[1] == "straddle" for post in p.posts]) or blind:
            p.posts[:] = [post for post in p.posts if not (post[0] == name and post[1] == "straddle")]
            if value <= blind:
                raise SiteError(f"{name} straddles {amount}, no more than the blind he posted", line)
            value -= blind
    p.posts.append((name, kind, value, line))
    return all_in


# A line's start as the line end before it (the summary's text starts with one): a
# pattern that starts with a literal is tried only where that character is, "^" in
# MULTILINE mode at every character.
_SUMMARY_CARDS = re.compile(r"\nSeat (\d+): (.*?) (?:showed|mucked) \[([^\]]*)\]")


def _summary_card(text: str, begin: int):
    """What ``_SUMMARY_CARDS.match(text, begin)`` finds, as (seat, name, cards, start,
    end) (its three groups, where the match starts and ends), None when it does not
    match; by str methods in place of the lazy name tried at each character. The name
    (no line end in it) ends at the first " showed [" or " mucked [" of its line, when
    a "]" follows somewhere (the cards run to the first, line ends or not); with no
    "]" after that, none follows a later one either."""
    if not text.startswith("\nSeat ", begin):
        return None
    end = _decimals_end(text, begin + 6)  # \d+: the decimal digits
    if end == begin + 6 or not text.startswith(": ", end):
        return None
    at = end + 2  # the name's start
    line_end = text.find("\n", at)
    if line_end < 0:
        line_end = len(text)
    cut = text.find(" showed [", at, line_end)
    mucked = text.find(" mucked [", at, line_end if cut < 0 else cut)
    if mucked >= 0:
        cut = mucked
    if cut < 0:
        return None
    close = text.find("]", cut + 9)
    if close < 0:
        return None
    return text[begin + 6:end], text[at:cut], text[cut + 9:close], begin, close + 1


def _summary_cards(text: str) -> list:
    """The matches of ``_SUMMARY_CARDS.finditer(text)`` as a list of _summary_card's
    tuples, the pattern's place tried only at the lines that hold ``ed [`` (a match
    needs " showed [" or " mucked [" on its first line), not at every seat line: the
    same matches, each the leftmost from where the one before ended."""
    matches = []
    done = 0
    tried = -1
    at = text.find("ed [")
    while at >= 0:
        begin = text.rfind("\n", 0, at)  # the line end before the line holding it
        if begin >= done and begin != tried:
            tried = begin
            match = _summary_card(text, begin)
            if match is not None:
                matches.append(match)
                done = match[4]
        at = text.find("ed [", at + 1)
    return matches


_SUMMARY_BOARD = re.compile(r"\n(?:FIRST |SECOND |THIRD )?Board \[([^\]]*)\]")
_RUN_PREFIXES = ("\nFIRST ", "\nSECOND ", "\nTHIRD ")


def _summary_boards(text: str) -> list:
    """``_SUMMARY_BOARD.findall(text)``, found by ``Board [`` (str.find) in place of the
    pattern tried at every line end of the summary: each ``Board [`` has one place the
    pattern can start (the line end before it, or before FIRST, SECOND or THIRD and a
    space), taken when the match before has ended there; the cards run to the next
    ``]``, a line end or not (none: no match, there or later)."""
    boards = []
    done = 0  # where the last match ended: the next starts there or after
    at = text.find("Board [")
    while at >= 0:
        begin = -1
        if at > 0 and text[at - 1] == "\n":
            begin = at - 1
        else:
            for prefix in _RUN_PREFIXES:
                if at >= len(prefix) and text.startswith(prefix, at - len(prefix)):
                    begin = at - len(prefix)
                    break
        if begin >= done:
            close = text.find("]", at + 7)
            if close < 0:
                break
            boards.append(text[at + 7:close])
            done = close + 1
        at = text.find("Board [", at + 1)
    return boards


def _summary(p: Parsed, lines: List[str], start: int, seat_names: Dict[int, str], chips: bool) -> None:
    """The summary's figures (in whole chips when ``chips``), boards and the cards it
    shows (lines matter only when they say one of those: the summary is searched, not
    walked line by line)."""
    text = "\n" + "\n".join(lines[start:])  # line k of the summary (0 first) follows its (k+1)th line end
    at = text.find("Total pot ")
    if at >= 0:
        end = text.find("\n", at)
        line = text[at:end if end >= 0 else len(text)]
        number = start + text.count("\n", 0, at)
        parts = line.split(" | ")
        p.total = _amount(parts[0][10:].split(" ")[0], number, chips)
        for part in parts[1:]:
            label, _, value = part.rpartition(" ")
            if label == "Rake":
                p.rake = _amount(value, number, chips)
            elif label in ("Jackpot", "Bingo", "Fortune", "Tax", "JP Fee", "Fee"):
                p.fees += _amount(value, number, chips)
                if label in ("Bingo", "Fortune"):
                    p.site = "ggpoker"  # GGPoker's fees: its PokerStars-style text, however labelled
            else:
                raise SiteError(f"unknown figure {part!r} in {line!r}", number)
    if "Board [" in text:
        p.boards = boards = [_cards(board) for board in _summary_boards(text)]
        for k in range(1, len(boards)):
            if len(boards[k]) < len(boards[0]):
                # GGPoker writes only the cards of a later run: the rest is the first's.
                boards[k] = boards[0][:len(boards[0]) - len(boards[k])] + boards[k]
    if "Hand was run twice" in text or "Hand was run three times" in text:
        p.run_twice = True
    if "pot not awarded" in text:
        # A player who cashed out wins the pot on the board but is not paid it (the
        # site paid him the cash out): the pot's figure is the summary's "won".
        for match in _NOT_AWARDED.finditer(text):
            name = seat_names.get(int(match.group("seat")))
            number = start + text.count("\n", 0, match.start())
            if name is None:
                raise SiteError(f"the summary names a seat that is not in the seat list: {match.group(0)!r}", number)
            if name not in p.collected:
                p.collected[name] = _amount(match.group("amount"), number, chips)
    for match in _summary_cards(text):
        name = seat_names.get(int(match[0]))
        if name is None or not match[1].startswith(name):
            number = start + 1 + text.count("\n", 0, match[3])  # the match starts at a line end
            raise SiteError("the summary names a seat that is not in the seat list: "
                            f"{text[match[3] + 1:match[4]]!r}", number)
        if name not in p.known:
            p.known[name] = _cards(match[2])
