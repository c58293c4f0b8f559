"""888poker (Pacific Poker, Cassava) hand histories.

A hand starts ``#Game No : N`` and ``***** 888poker Hand History for Game N *****``
(older files: ``Cassava``, ``888.com``, ``Pacific Poker``), then the game line
(``$0.01/$0.02 Blinds No Limit Holdem - *** 21 03 2011 19:41:31``; ``Fix Limit``,
``Pot Limit``; ``Holdem``, ``Omaha``, ``OmahaHL``; the stakes are the blinds, a fixed
limit game's bets are the big blind and twice it) and the table line (``Table NAME
6 Max (Real Money)``, ``(Practice Play)`` for play money, ``Tournament #N BUY-IN -
Table #T (Real Money)``). Lines carry no ``": "`` after the name (``NAME calls
[$240]``): a line's player is the longest seat name it starts with. What this site's
figures mean:

- Amounts in brackets are the chips the action adds (``raises [$240]`` puts in 240
  more), never a total; ``posts dead blind [$0.50 + $1]`` is a dead small blind and a
  live big blind. Amounts are written ``$1,234.50``, ``222,75$``, ``25 $`` (a
  no-break space), ``2.000 €`` or ``1 123 698`` (thousands with spaces): a separator
  followed by three digits groups thousands, one followed by one or two is the
  decimal point. Tournament chips carry a ``$`` too (the table line's ``Tournament
  #`` tells them apart).
- ``NAME collected [ $X ]`` (one line per pot and half) is what the player won,
  sometimes with the uncalled chips (a short all-in raise), sometimes without (a bet
  nobody called): the site writes no line for an uncalled bet, so ``returned`` is
  not compared and a collected figure is checked against what the engine paid, with
  or without the chips it gave back.
- The site writes no rake. Tournament hands take none (and are checked so: what was
  put in equals what was collected); a cash hand's rake is what was put in less what
  was collected, so its check is who won how much of the rest. With side pots, each
  side pot pays 5% of its chips (rounded half up) and the main pot the rest of the
  rake (so the two real hands with a raked side pot settle; the engine takes it from
  the main pot first: the replay moves it so).
- Shown cards are in the summary (``shows [ 8d, Ad ]``, ``mucks [ .. ]``); hi/lo
  summaries add ``(Hi: ..)`` and ``(Lo: ..)`` lines.
"""

from __future__ import annotations

import re
from typing import List

from ..betting import Limit
from ..cards import cards as parse_cards
from ..engine import HOLDEM, OMAHA_HI_LO, PLO
from .common import finish, read_seats, seated
from .common import game as variant_of
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha Hi/Lo": OMAHA_HI_LO, "Omaha HiLo": OMAHA_HI_LO,
          "OmahaHL": OMAHA_HI_LO}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Fix Limit": Limit.FIXED_LIMIT,
           "Fixed Limit": Limit.FIXED_LIMIT, "Limit": Limit.FIXED_LIMIT}
_GAME_LINE = re.compile(r"(?P<stakes>.+?) Blinds (?P<limit>No Limit|Pot Limit|Fix Limit|Fixed Limit|Limit) "
                        r"(?P<game>Holdem|Omaha Hi/Lo|Omaha HiLo|OmahaHL|Omaha)(?P<extra> Jackpot table| \(.*\))?"
                        r" - \*\*\*(?: (?P<time>.*))?")
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \( (?P<stack>.+) \)")
_BOARD = re.compile(r"\*\* Dealing (?P<street>flop|turn|river) \*\* \[ (?P<cards>[^\]]*) \]")
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_MONEY = re.compile(r"[\d.,]+")


def _amount(text: str, line: int) -> int:
    """An amount as 888 writes it (see the module's notes), in cents."""
    digits = text.replace("\xa0", "").replace(" ", "").strip("$€£")
    if _MONEY.fullmatch(digits) is None:
        raise SiteError(f"{text!r} is not an amount", line)
    whole, fraction = digits, ""
    cut = max(digits.rfind(","), digits.rfind("."))
    if cut >= 0 and len(digits) - cut - 1 in (1, 2):
        whole, fraction = digits[:cut], digits[cut + 1:]
    whole = whole.replace(",", "").replace(".", "")
    if not whole.isdigit() and whole:
        raise SiteError(f"{text!r} is not an amount", line)
    return int(whole or "0") * 100 + int((fraction + "00")[:2])


def _cards(text: str) -> List[str]:
    return [c.strip() for c in text.split(",")]


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    return _parse(text, site)


def _parse(text: str, site: str) -> Parsed:
    lines = [line.rstrip() for line in text.split("\n")]
    if lines[0].startswith("***** Cassava Tournament Summary"):
        raise SiteError("a tournament summary, not a hand", 1)
    p = Parsed(site)
    p.hand_id = lines[0][len("#Game No : "):].strip()
    if len(lines) < 6:
        raise SiteError("the hand is truncated after its first lines", len(lines))
    i = 1
    if lines[i].startswith("*****"):
        i += 1
    game = _GAME_LINE.fullmatch(lines[i])
    if game is None:
        raise SiteError(f"a game the importer does not read: {lines[i]!r}", i + 1)
    limit = _LIMITS[game.group("limit")]
    p.variant = variant_of(_GAMES[game.group("game")], limit)
    p.stakes = game.group("stakes")
    small, _, big = p.stakes.partition("/")
    small_blind, big_blind = _amount(small, i + 1), _amount(big, i + 1)
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = big_blind, 2 * big_blind
    elif big_blind:
        p.blinds = (small_blind, big_blind)
    if game.group("extra") == " Jackpot table":
        p.fields["jackpot_table"] = True
    p.time = (game.group("time") or "").strip()
    i += 1
    _table(p, lines[i], i + 1)
    p.reports_returned = False
    i += 1
    if not lines[i].startswith("Seat ") or not lines[i].endswith(" is the button"):
        raise SiteError(f"expected 'Seat N is the button', not {lines[i]!r}", i + 1)
    p.button = int(lines[i][5:-14])
    i += 1
    if lines[i].startswith("Total number of players"):
        i += 1
    i, names = read_seats(lines, i, _SEAT, _amount, p)
    by_length = sorted(names, key=len, reverse=True)
    n = len(lines)
    street = -1
    summary = False
    board: List[str] = []
    acts = p.acts
    put_in = 0
    while i < n:
        line = lines[i]
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
        if line.startswith(("(Hi: ", "(Lo: ")):
            continue  # the hands a hi/lo showdown made
        name = seated(line, by_length)
        if name is None:
            raise SiteError(f"unknown line {line!r}", i)
        verb = line[len(name) + 1:]
        what = None
        if verb.endswith("]") and " [" in verb:
            verb, _, what = verb[:-1].partition(" [")
            what = what.strip()
        if verb == "folds" and street < 0 and not any(post[0] == name for post in p.posts):
            p.sitting_out.add(name)  # folds before the cards are dealt: not dealt in
        elif verb == "folds":
            acts.append(Act(name, "m" if summary else "f", None, None, False, street, i))
        elif verb == "checks":
            acts.append(Act(name, "x", None, None, False, street, i))
        elif verb in ("calls", "raises", "bets") and what is not None:
            chips = _amount(what, i)
            put_in += chips
            acts.append(Act(name, "c" if verb == "calls" else "b", chips, None, False, street, i))
        elif verb in ("posts ante", "posts small blind", "posts big blind", "posts dead blind") and what is not None:
            chips = sum(_amount(part, i) for part in what.split(" + "))
            put_in += chips
            kind = {"posts ante": "ante", "posts small blind": "sb", "posts big blind": "bb"}.get(verb, "sbbb")
            p.posts.append((name, kind, chips, i))
        elif verb in ("shows", "mucks") and what is not None:
            p.known[name] = _cards(what)
            if verb == "mucks":
                p.mucked.add(name)
        elif verb == "collected" and what is not None:
            p.collected[name] = p.collected.get(name, 0) + _amount(what, i)
        elif verb == "did not show his hand":
            p.mucked.add(name)
        else:
            raise SiteError(f"unknown line {line!r}", i)
    if not summary:
        raise SiteError("the hand is truncated: it stops here, without its summary", n)
    if board:
        p.boards = [board]
    if street < 0:
        raise SiteError("the hand stops before the cards are dealt (the site cancelled it)", n)
    _translate(p)
    _tie_paid_to_one(p, n)
    collected = sum(p.collected.values())
    uncalled = _uncalled(p)
    p.total = put_in - uncalled
    if p.tournament is not None:
        p.rake = 0
        if collected not in (put_in, put_in - uncalled):
            raise SiteError(f"the site's figures do not add up: {_chips(put_in - uncalled, p)} went into the "
                            f"pots, {_chips(collected, p)} was collected (a tournament takes no rake)", n)
    else:
        # No rake line: the rake is what went in less what was collected, the uncalled
        # chips apart (a collected figure holds them or not: the smaller reading that
        # leaves no negative rake is taken).
        rake = put_in - uncalled - collected
        if rake < 0:
            rake += uncalled
        if rake < 0:
            raise SiteError(f"the players collect more ({collected}) than went in ({put_in}, in cents)")
        p.rake = rake
        p.fields["rake"] = "inferred: what went in less the uncalled chips and what was collected"
        p.fields["rake_from"] = "side pots at 5%"
    return finish(p)


def _tie_paid_to_one(p: Parsed, line: int) -> None:
    """SiteError when two players show equal best hands at a showdown that every player
    left takes part in, and one of them collects nothing: each tied hand plays for the
    main pot at least, so both are paid; the text contradicts itself (a collected line
    missing). High-only games with a whole board."""
    variant = p.variant
    if variant.low is not None or variant.is_stud or not p.boards or len(p.boards[0]) != 5:
        return
    folded = {act.player for act in p.acts if act.verb == "f"}
    live = [name for _, name, _ in p.seats if name not in folded and name not in p.sitting_out
            and (any(act.player == name for act in p.acts) or any(post[0] == name for post in p.posts))]
    hole = variant.cards_per_player
    if len(live) < 2 or any(len(p.known.get(name) or ()) != hole for name in live):
        return
    board = parse_cards("".join(p.boards[0]))
    lowest = variant.lowest_rank(len(live))
    values = {name: variant.high.value(parse_cards("".join(p.known[name])), board, lowest) for name in live}
    best = max(values.values())
    tied = [name for name in live if values[name] == best]
    unpaid = [name for name in tied if not p.collected.get(name)]
    if len(tied) > 1 and unpaid and len(unpaid) < len(tied):
        paid = [name for name in tied if p.collected.get(name)]
        raise SiteError(f"the site's figures contradict its cards: {' and '.join(tied)} show equal best hands, but "
                        f"only {', '.join(paid)} collects ({', '.join(_chips(p.collected[n], p) for n in paid)}; "
                        f"{', '.join(unpaid)} nothing): a collected line is missing", line)


def _chips(cents: int, p: Parsed) -> str:
    return str(cents // 100) if p.decimals == 0 and cents % 100 == 0 else f"{cents / 100:.2f}"


def _uncalled(p: Parsed) -> int:
    """The chips nobody called: the largest contribution less the next largest (a dead
    blind's dead part apart)."""
    live: dict = {}
    big = p.blinds[1] or p.small_bet
    for name, kind, chips, _ in p.posts:
        live[name] = live.get(name, 0) + (min(chips, big) if kind == "sbbb" else chips)
    for act in p.acts:
        if act.amount is not None:
            live[act.player] = live.get(act.player, 0) + act.amount
    top = sorted(live.values(), reverse=True) + [0, 0]
    return top[0] - top[1]


# Cards as localized clients write them: ranks (Dutch H/V/B, German B/D, Swedish
# Kn/D/E, Russian cp1251 letters, also as read through cp1252) and suits (German
# Pik/Herz/Karo/Kreuz; Spanish-style p/t for spades/clubs, where c is hearts).
_RANKS = {"H": "K", "V": "Q", "B": "J", "D": "Q", "E": "A", "Kn": "J", "В": "J", "Д": "Q", "К": "K", "Т": "A",
          "Â": "J", "Ä": "Q", "Ê": "K", "Ò": "A", "10": "T"}
_SUITS = {"Pik": "s", "Herz": "h", "Karo": "d", "Kreuz": "c", "p": "s", "t": "c"}
_CARD = re.compile(r"(10|Kn|[2-9TJQKAHVBDEВДКТÂÄÊÒ])(s|h|d|c|Pik|Herz|Karo|Kreuz|p|t)")


def _translate(p: Parsed) -> None:
    """Localized card names made English, hand by hand (Spanish-style suits are told
    by a ``p`` or ``t`` suit anywhere in the hand)."""
    every = [card for cards in p.known.values() for card in cards] + [card for board in p.boards for card in board]
    if all(len(card) == 2 and card[0] in "23456789TJQKA" and card[1] in "shdc" for card in every):
        return
    spanish = any(card.endswith(("p", "t")) and not card.endswith(("Pik",)) for card in every)

    def english(card: str) -> str:
        m = _CARD.fullmatch(card)
        if m is None:
            return card  # left as written: the replay names it
        rank, suit = m.groups()
        suit = "h" if spanish and suit == "c" else _SUITS.get(suit, suit)
        return _RANKS.get(rank, rank) + suit

    p.known = {name: [english(card) for card in cards] for name, cards in p.known.items()}
    p.boards = [[english(card) for card in board] for board in p.boards]


def _table(p: Parsed, line: str, number: int) -> None:
    """The table line: ``Table NAME [N Max] (Real Money)``, ``(Practice Play)``,
    ``Tournament #ID BUY-IN - Table #T (...)``, ``Tournament #ID NAME 10 Max (...)``."""
    rest = line
    money = ""
    if rest.endswith(")") and " (" in rest:
        rest, _, money = rest[:-1].rpartition(" (")
    words = rest.rsplit(" ", 2)
    if len(words) == 3 and words[2] == "Max" and words[1].isdigit():
        p.max_seats = int(words[1])
        rest = words[0]
    if rest.startswith("Tournament #"):
        number_text, _, rest = rest[12:].partition(" ")
        if not number_text.isdigit():
            raise SiteError(f"expected the table line, not {line!r}", number)
        p.tournament = number_text
        p.fields["tournament"] = p.tournament
        buy_in, cut, table = rest.rpartition(" - Table ")
        p.fields["buy_in"] = buy_in if cut else rest
        p.table = table.lstrip("#") if cut else ""
        p.decimals = 0
    elif rest.startswith("Table "):
        p.table = rest[6:]
        if money in ("Practice Play", "Play Money"):
            p.fields["play_money"] = True
        else:
            p.currency = next((code for sign, code in _CURRENCIES.items() if sign in p.stakes), "")
    else:
        raise SiteError(f"expected the table line, not {line!r}", number)
