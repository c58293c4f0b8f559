"""Ongame network hand histories (Ongame, bwin, Betfair, PokerStrategy's Strobe...).

A hand runs from ``***** History for hand R5-T-N *****`` (tournaments: ``T5-...
(TOURNAMENT: "NAME", ID, buy-in: X)``) to ``***** End of hand ... *****``; the table
line gives the game, the limit and the stakes (``Table: NAME [ID] (NO_LIMIT
TEXAS_HOLDEM $2/$4, Real money)``), then the button and the seats. Action lines
carry no ``": "`` after the name: a line's player is the longest seat name it starts
with. What this site's figures mean (the importer's conventions):

- ``bets X``, ``calls X`` and ``raises X to Y`` give the chips added (X); Y is the
  round's total in flop games, the hand's in stud. ``[all in]`` may follow. Amounts
  have thousands separators (``$1,523.85``).
- Fixed-limit stakes are the small and big bets (``LIMIT TEXAS_HOLDEM $100/$200``:
  blinds 50 and 100 as posted).
- An uncalled bet is returned without a line. The summary's ``Main pot: X won by A
  (a), B (b)`` and ``Side pot N: ...`` (halves marked ``High`` and ``Low``) give what
  each player collected, after the rake, uncalled bets apart; X is the pot before the
  rake (``Rake taken: Y``). Shown cards are on the summary's seat lines.
- Stud: each street's ``Dealing to NAME: [-, -, 7d]`` gives the cards as dealt (``-``
  not seen), ``small bring in`` / ``big bring in`` the bring-in (a big one is the
  small bet); the summary shows whole hands in the order dealt.
- Five-card draw (``FIVE_CARD_DRAW``): ``NAME changed N cards`` is the draw (N cards
  thrown and replaced; the street delimiters ``---`` may be missing), and ``New hand
  for NAME: [..]`` the writer's whole hand after it, in the positions of the cards
  it replaces: what it threw and received follow. Shown hands are on the summary.
- A hand whose big blind is all in on the ante posts no big
  blind: the others call it in full (the replay seats it so). Heads-up, a button
  coming back posts a live big blind and the small blind dead while the other player
  posts a big blind: the button's live blind stands where the small blind would, and
  the hand is played with two equal blinds and the dead part.
- Odd chips: a split pot's odd chip goes to the winner in the lowest seat (sites/settling.py).
"""

from __future__ import annotations

import re
from typing import Dict, List

from ..betting import Limit
from ..engine import FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO, STUD, STUD_HI_LO
from .common import amount as _amount
from .common import check_hand, finish, seated, stud_cards
from .common import game as variant_of
from .draws import final_draw_hands
from .model import Act, Parsed, SiteError

__all__ = ["parse"]

_TITLE = re.compile(r"\*{5} History for hand (?P<id>\S+)(?: \(TOURNAMENT: (?P<tournament>.*)\))? \*{5}")
_TABLE = re.compile(r"Table: (?P<table>.*) \[(?P<number>\d+)\] \((?P<limit>NO_LIMIT|POT_LIMIT|LIMIT) "
                    r"(?P<game>[A-Z_]+) (?P<stakes>\S+/\S+)(?:, ante: (?P<ante>\S+))?, "
                    r"(?P<money>Real money|Play money|Chips|TC)\)")
_GAMES = {"TEXAS_HOLDEM": HOLDEM, "OMAHA_HI": PLO, "OMAHA_HI_LO": OMAHA_HI_LO, "SEVEN_CARD_STUD": STUD,
          "SEVEN_CARD_STUD_HI_LO": STUD_HI_LO, "FIVE_CARD_DRAW": FIVE_CARD_DRAW}
_LIMITS = {"NO_LIMIT": Limit.NO_LIMIT, "POT_LIMIT": Limit.POT_LIMIT, "LIMIT": Limit.FIXED_LIMIT}
_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*)\)")
_POT = re.compile(r"(?:Main pot|Side pot \d+): (?P<pot>\S+) won by (?P<winners>.*)")
_WINNER = re.compile(r"(?P<name>.+?) \((?P<amount>[^ ()]+)(?: High| Low)?\)")
_POSTS = (("posts small blind ", "sb"), ("posts big blind ", "bb"), ("posts ante ", "ante"),
          ("posts dead blind ", "dead"))
_BOARD = re.compile(r"--- Dealing (?P<street>flop|turn|river) \[(?P<cards>[^\]]*)\]")
_STREETS = {"flop": 1, "turn": 2, "river": 3}
_CURRENCIES = {"$": "USD", "€": "EUR", "£": "GBP"}
_STUD_STREETS = {"Dealing 4th street": 1, "Dealing 5th street": 2, "Dealing 6th street": 3, "Dealing river": 4}
_ALL_IN = " [all in]"


def parse(text: str, site: str) -> Parsed:
    """One hand's text; SiteError (naming the line) when it cannot be read (other
    errors of text the format does not foresee: :func:`pokerhash.sites.parse_hand`)."""
    return _parse([line.rstrip() for line in text.split("\n")], site)


def _parse(lines: List[str], site: str) -> Parsed:
    p = Parsed(site)
    title = _TITLE.fullmatch(lines[0])
    if title is None:
        raise SiteError(f"not the first line of a hand: {lines[0]!r}", 1)
    p.hand_id = title.group("id")
    if len(lines) < 6:
        raise SiteError("the hand is truncated after its first lines", len(lines))
    if lines[1].startswith("Start hand: "):
        p.time = lines[1][12:]
    table = _TABLE.fullmatch(lines[2])
    if table is None:
        raise SiteError(f"a game the importer does not read: {lines[2]!r}", 3)
    game = table.group("game")
    if game not in _GAMES:
        raise SiteError(f"{game.replace('_', ' ').lower()} is not read", 3)
    limit = _LIMITS[table.group("limit")]
    base = _GAMES[game]
    stud = base.is_stud
    drawn = base.is_draw
    p.variant = base if stud else variant_of(base, limit)
    p.table = table.group("table")
    p.stakes = table.group("stakes")
    money = table.group("money")
    if title.group("tournament") is not None or money in ("Chips", "TC"):
        tournament = title.group("tournament") or ""
        parts = [part.strip() for part in tournament.split(", ")]
        p.tournament = parts[1] if len(parts) > 1 else parts[0]
        p.fields["tournament"] = p.tournament
        p.decimals = 0
    else:
        p.currency = _CURRENCIES.get(p.stakes[:1], "") if money == "Real money" else ""
    small, _, big = p.stakes.partition("/")
    if limit is Limit.FIXED_LIMIT:
        p.small_bet, p.big_bet = _amount(small, 3), _amount(big, 3)
    else:
        p.blinds = (_amount(small, 3), _amount(big, 3))
    p.reports_returned = False
    i = 3
    names: Dict[str, int] = {}
    while i < len(lines) and not lines[i].startswith("Seat "):
        line = lines[i]
        if line.startswith("Button: seat "):
            p.button = int(line[13:])
        elif line.startswith("Players in round: "):
            total = line[18:].split(" (")
            if len(total) == 2:
                p.max_seats = int(total[1].rstrip(")"))
        i += 1
    while i < len(lines) and lines[i].startswith("Seat "):
        seat = _SEAT.fullmatch(lines[i])
        if seat is None:
            raise SiteError(f"cannot read the seat line {lines[i]!r}", i + 1)
        name = seat.group("name")
        if name in names:
            raise SiteError(f"two seats hold {name!r}", i + 1)
        names[name] = int(seat.group("seat"))
        p.seats.append((names[name], name, _amount(seat.group("stack"), i + 1)))
        i += 1
    if not p.seats:
        raise SiteError("the hand has no seats", i + 1)
    if not p.button and not stud:
        raise SiteError("the hand does not say where the button is", 5)
    p.seats.sort()
    by_length = sorted(names, key=len, reverse=True)
    seat_names = {number: name for name, number in names.items()}
    street = -1
    board: List[str] = []
    summary = -1
    end = False
    for index in range(i, len(lines)):
        line = lines[index]
        number = index + 1
        if not line or line == "---" or line == "Dealing pocket cards":
            if line == "Dealing pocket cards":
                street = 0
            continue
        if line == "Summary:":
            summary = index + 1
            break
        if line.startswith("--- Dealing "):
            deal = _BOARD.fullmatch(line)
            if deal is None:
                raise SiteError(f"unknown section {line!r}", number)
            cards = [card.strip() for card in deal.group("cards").split(",")]
            if _STREETS[deal.group("street")] <= street and cards == board[-len(cards):]:
                continue  # after an all-in the site writes the last deal again
            street = _STREETS[deal.group("street")]
            board += cards
            continue
        if line.startswith("Dealing to "):
            who, _, cards = line[11:].rpartition(": [")
            if who in names:
                dealt = [card.strip() for card in cards.rstrip("]").split(",")]
                if drawn:
                    p.draws[who] = [dealt]
                elif stud:
                    p.stud.setdefault(who, []).extend(None if card == "-" else card for card in dealt)
                else:
                    p.known[who] = dealt
            continue
        if stud and line in _STUD_STREETS:
            street = _STUD_STREETS[line]
            continue
        if line.startswith("New hand for ") and drawn:
            street = 1
            _new_hand(p, line, by_length, street, number)
            continue
        if line.startswith(("Dealing ", "New hand for ")):
            raise SiteError(f"unknown line {line!r}", number)
        name = seated(line, by_length)
        if name is None:
            if ": " in line:
                continue  # chat
            raise SiteError(f"unknown line {line!r}", number)
        verb = line[len(name) + 1:]
        all_in = verb.endswith(_ALL_IN)
        if all_in:
            verb = verb[:-len(_ALL_IN)]
        if verb == "folds":
            p.acts.append(Act(name, "f", None, None, False, street, number))
        elif verb == "checks":
            p.acts.append(Act(name, "x", None, None, False, street, number))
        elif verb.startswith("calls "):
            p.acts.append(Act(name, "c", _amount(verb[6:], number), None, all_in, street, number))
        elif verb.startswith("bets "):
            p.acts.append(Act(name, "b", _amount(verb[5:], number), None, all_in, street, number))
        elif verb.startswith("raises "):
            added, _, to = verb[7:].partition(" to ")
            if not to:
                raise SiteError(f"cannot read the raise {line!r}", number)
            # X is what the raise adds; Y is the round's total in flop games but the
            # hand's total in stud: X is read.
            p.acts.append(Act(name, "b", _amount(added, number), None, all_in, street, number))
        elif verb.startswith("posts "):
            for prefix, kind in _POSTS:
                if verb.startswith(prefix):
                    p.posts.append((name, kind, _amount(verb[len(prefix):].strip("()"), number), number))
                    break
            else:
                raise SiteError(f"unknown post {line!r}", number)
        elif verb.startswith(("small bring in ", "big bring in ")) and stud:
            p.acts.append(Act(name, "bi", _amount(verb.rpartition(" ")[2], number), None, all_in, street, number))
        elif drawn and (verb.startswith("changed ") or verb == "stands pat"):
            count = 0 if verb == "stands pat" else verb[8:].partition(" ")[0]
            if count != 0 and (not count.isdigit() or verb[8 + len(count):] not in (" card", " cards")):
                raise SiteError(f"cannot read the draw {line!r}", number)
            street = 1  # the round after the draw
            p.draws.setdefault(name, [None]).append([[], []] if not int(count) else [None, None])
            p.acts.append(Act(name, "d", int(count), None, False, street, number))
        elif verb.startswith(("shows", "mucks", "is sitting out", "sits out", "has returned", "leaves", "joins",
                              "is disconnected", "has timed out")):
            continue
        else:
            raise SiteError(f"unknown action {line!r}", number)
    else:
        raise SiteError("the hand is truncated: it stops here, without its summary", len(lines))
    total = 0
    for index in range(summary, len(lines)):
        line = lines[index]
        number = index + 1
        if line.startswith(("Main pot: ", "Side pot ")):
            pot = _POT.fullmatch(line)
            if pot is None:
                raise SiteError(f"cannot read {line!r}", number)
            total += _amount(pot.group("pot"), number)
            for winner in re.split(r"(?<=\)), ", pot.group("winners")):
                won = _WINNER.fullmatch(winner)
                if won is None or won.group("name") not in names:
                    raise SiteError(f"cannot read the winner {winner!r} in {line!r}", number)
                who = won.group("name")
                p.collected[who] = p.collected.get(who, 0) + _amount(won.group("amount"), number)
        elif line.startswith("Rake taken: "):
            p.rake = _amount(line[12:], number)
        elif line.startswith("Seat "):
            seat = line[5:line.index(":")]
            who = seat_names.get(int(seat)) if seat.isdigit() else None
            if who is None:
                raise SiteError(f"the summary names a seat that is not in the seat list: {line!r}", number)
            at = line.find(", [", len(who))
            if at >= 0:
                p.known[who] = [card.strip() for card in line[at + 3:line.index("]", at)].split(",")]
        elif line.startswith("***** End of hand"):
            end = True
    if not end:
        raise SiteError("the hand is truncated: it stops before its end line", len(lines))
    if p.tournament is not None:
        p.rake = 0
    p.total = total
    if stud:
        stud_cards(p)
    else:
        if drawn:
            final_draw_hands(p)
        _named_blinds(p)
        posters = {name for name, _, _, _ in p.posts}
        kinds = [kind for _, kind, _, _ in p.posts]
        if len(posters) == 2 and kinds.count("bb") == 2 and "sb" not in kinds and \
                not any(act.player not in posters for act in p.acts):
            _button_comes_back(p)
    if not stud and not any(kind == "bb" for _, kind, _, _ in p.posts) and not _all_in_on_the_ante(p):
        raise SiteError("no big blind is posted, and no player is all in on the ante: the engine seats no hand "
                        "without a big blind")
    if board:
        p.boards = [board]
    return check_hand(finish(p))


def _all_in_on_the_ante(p: Parsed) -> bool:
    """Whether a player's ante took all his chips: the big blind he would post is still
    due (the others call it in full), or nobody can post one (the replay seats such
    hands)."""
    stack = {name: chips for _, name, chips in p.seats}
    return any(kind == "ante" and amount == stack.get(name) for name, kind, amount, _ in p.posts)


def _button_comes_back(p: Parsed) -> None:
    """Heads-up, the button coming back posts a live big blind and the small blind it
    missed dead, the other player a big blind: the button's live blind stands where the
    small blind would (heads-up the button posts it, and acts first preflop), so the
    hand is played with two equal blinds and the button's dead part (SiteError when
    the button is not one of the two)."""
    seat_of = {name: seat for seat, name, _ in p.seats}
    on_button = [k for k, post in enumerate(p.posts) if post[1] == "bb" and seat_of.get(post[0]) == p.button]
    if len(on_button) != 1 or not any(post[1] == "dead" and post[0] == p.posts[on_button[0]][0] for post in p.posts):
        raise SiteError("heads-up, both players post a big blind and the button does not post the dead small "
                        "blind: the engine cannot seat the blinds")
    name, _, amount, line = p.posts[on_button[0]]
    p.posts[on_button[0]] = (name, "sb", amount, line)
    p.blinds = (p.blinds[1], p.blinds[1])


def _new_hand(p: Parsed, line: str, by_length: List[str], street: int, number: int) -> None:
    """``New hand for NAME: [..]``: the writer's hand after its draw; the cards it no
    longer holds were thrown, the new ones received (as many, or the line is wrong).
    Without a ``changed`` line before it (the button's draw is written so), it is the
    draw itself."""
    who, _, cards = line[13:].rpartition(": [")
    player = p.draws.get(who)
    if who not in by_length or player is None or player[0] is None:
        raise SiteError(f"a new hand for a player dealt no known cards: {line!r}", number)
    written = len(player) > 1 and player[-1][0] is None and player[-1][1] is None
    held = list(player[0])
    for thrown, received in player[1:-1] if written else player[1:]:
        if thrown is None or received is None:
            return  # an earlier draw unknown: this one cannot be told apart
        held = [c for c in held if c not in thrown] + received
    new = [card.strip() for card in cards.rstrip("]").split(",")]
    thrown = [c for c in held if c not in new]
    received = [c for c in new if c not in held]
    if len(thrown) != len(received) or len(new) != len(held):
        raise SiteError(f"the new hand does not follow from the old one: {line!r}", number)
    if written:
        if next(a for a in reversed(p.acts) if a.player == who and a.verb == "d").amount != len(thrown):
            raise SiteError(f"the new hand does not change as many cards as the draw says: {line!r}", number)
        player[-1] = [thrown, received]
    else:
        player.append([thrown, received])
        p.acts.append(Act(who, "d", len(thrown), None, False, street, number))


def _named_blinds(p: Parsed) -> None:
    """The blinds as posted, where the site names them wrongly: at stakes whose blinds are
    equal (``$0.50/$0.50``) both are written ``posts big blind`` (the first, by the
    first player on the button's left, is the small); a big blind posted all in for
    less is written ``posts small blind``."""
    small = [k for k, post in enumerate(p.posts) if post[1] == "sb"]
    if len(small) == 2 and not any(kind == "bb" for _, kind, _, _ in p.posts):
        # A big blind posted all in for less is written "posts small blind".
        name, _, amount, line = p.posts[small[1]]
        p.posts[small[1]] = (name, "bb", amount, line)
        return
    if p.blinds[0] != p.blinds[1] or small:
        return
    big = [k for k, post in enumerate(p.posts) if post[1] == "bb"]
    if len(big) < 2:
        return
    seats = sorted(seat for seat, _, _ in p.seats)
    left = next((seat for seat in seats if seat > p.button), seats[0])
    name, _, amount, line = p.posts[big[0]]
    if dict((n, seat) for seat, n, _ in p.seats)[name] == left:
        p.posts[big[0]] = (name, "sb", amount, line)
