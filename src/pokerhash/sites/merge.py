"""Merge Gaming Network hand histories (Carbon Poker...; XML without a root): a
``<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>`` then one
``<game id=...>`` per hand.

A hand lists its players (``<player seat nickname balance dealtin/>``; players not
dealt in say ``dealtin="false"``), then rounds by name (``BLINDS``, ``PREFLOP``,
``POSTFLOP``, ``POSTTURN``, ``POSTRIVER``; stud ``BRING_IN``, ``THIRD_STREET`` to
``SEVENTH_STREET``; ``SHOWDOWN``, ``END_OF_GAME``...), each with ``<event sequence
type player amount/>`` in the order played; ``player`` is a **seat number**. Event
types: ``SMALL_BLIND``, ``BIG_BLIND``, ``INITIAL_BLIND`` (a player coming in posts a
big blind), ``ANTE``, ``BRING_IN``, ``COMPLETE`` and ``RAISE`` (to ``amount``, the
player's total in the round, in newer files), ``BET``, ``CALL`` and ``ALL_IN``
(``amount`` the chips added), ``CHECK``, ``FOLD``; ``SHOW``, ``MUCK``, ``CHAT``... change nothing. Cards:
``HOLE`` (the player's own), ``SHOWN``, ``MUCKED``, ``DRAW_DRAWN_CARDS`` (stud: the
cards seen so far, ``null`` for one not seen), ``COMMUNITY`` (the board so far).
Draw games (``2-7 Lowball``: triple draw; ``Badugi``; ``5-Draw``): rounds
``PRE_FIRST_DRAW``, ``FIRST_DRAW``, ``POST_FIRST_DRAW``... ``THIRD_DRAW``,
``POST_THIRD_DRAW``; ``DRAW`` events (``text`` the number of cards drawn, 0 standing
pat); the writer's ``HOLE`` is its first deal and each ``DRAW_DRAWN_CARDS`` its hand
after its draw (the new cards in the places of those thrown).

What the figures mean (the importer's conventions for this site): ``collected`` is
the sum of the player's ``<winner amount>`` lines (each pot and half); a line with
``uncalled="true"`` is an uncalled bet returned (``returned``), and a bet no one
called is sometimes counted in a ``winner`` line all the same, so a player's figure
may be what the engine paid with or without the uncalled chips. The site writes no
rake: it is what went in less what came back. In tournaments a player's
``balance`` is the stack after the blinds and antes posted in most files, before
them in some (in cash games, before): a player all-in tells which. A game the site
cancelled is refused. ``RAISE`` is a total in newer files and the chips added in
older ones (2008, 2010): the calls tell which (see ``_raises``). HORSE hands are
read by their own game code (``multigametype``).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Dict, List, Optional, Tuple

from ..betting import Limit
from ..engine import BADUGI, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO, RAZZ, STUD, STUD_HI_LO
from .common import game
from .draws import final_draw_hands
from .model import Act, Parsed, SiteError
from .xmlcommon import Node, all_in_calls, check_posts, card, chips_in, in_chips, money, stud_bets, tree

__all__ = ["parse"]

_GAMES = {"Holdem": HOLDEM, "Omaha": PLO, "Omaha H/L8": OMAHA_HI_LO, "7-Stud": STUD, "7-Stud H/L8": STUD_HI_LO,
          "Razz": RAZZ, "2-7 Lowball": DEUCE7_TRIPLE_DRAW, "Badugi": BADUGI, "5-Draw": FIVE_CARD_DRAW}
# game codes (cash, tournament) of the game element, for the hands of a mixed game
_CODES = {"2": HOLDEM, "23": HOLDEM, "9": PLO, "25": PLO, "35": OMAHA_HI_LO, "37": OMAHA_HI_LO, "39": STUD,
          "41": STUD, "43": STUD_HI_LO, "45": STUD_HI_LO, "47": RAZZ, "49": RAZZ}
_LIMITS = {"No Limit": Limit.NO_LIMIT, "Pot Limit": Limit.POT_LIMIT, "Limit": Limit.FIXED_LIMIT}
_STAKES = re.compile(r"(?P<limit>No Limit|Pot Limit|Half Pot Limit|Limit)(?: Level \S+)?(?: Ante [\d.,]+,)?"
                     r"(?: Blinds)?\s*\(?(?P<sizes>[^()]*)\)?")
_STREETS = {"BLINDS": -1, "PREFLOP": 0, "POSTFLOP": 1, "POSTTURN": 2, "POSTRIVER": 3, "BRING_IN": 0,
            "THIRD_STREET": 0, "FOURTH_STREET": 1, "FIFTH_STREET": 2, "SIXTH_STREET": 3, "SEVENTH_STREET": 4,
            "PRE_FIRST_DRAW": 0, "FIRST_DRAW": 1, "POST_FIRST_DRAW": 1, "SECOND_DRAW": 2, "POST_SECOND_DRAW": 2,
            "THIRD_DRAW": 3, "POST_THIRD_DRAW": 3}
_ENDS = ("SHOWDOWN", "END_OF_GAME", "END_OF_FOLDED_GAME")
_QUIET = ("SHOW", "MUCK", "CHAT", "DISCONNECTED", "RECONNECTED", "LEAVE", "PLAYER_OUT", "SIT_OUT", "SIT_IN",
          "TIME_BANK")


def parse(text: str, site: str) -> Parsed:
    """One hand (its ``<game>`` followed by its description); SiteError naming the line."""
    nodes = tree(text)
    hand = next((n for n in nodes if n.tag == "game"), None)
    description = next((n for n in nodes if n.tag == "description"), None)
    if hand is None:
        raise SiteError("no <game> element", 1)
    p = Parsed(site)
    p.hand_id = hand.get("id", "")
    if description is None:
        raise SiteError("the <description> that says its game is missing", hand.line)
    try:
        _game(p, description, hand)
        _hand(p, hand)
    except SiteError:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as error:
        raise SiteError(f"cannot read: {error}", hand.line) from None
    return p


def _game(p: Parsed, description: Node, hand: Node) -> None:
    line = hand.line
    kind = description.get("type", "")
    tournament = kind.endswith(" Tournament")
    name = kind[:-11] if tournament else kind
    base = _GAMES.get(name)
    if name == "HORSE":
        # a mixed game: each hand's own game is its multigametype code
        base = _CODES.get(hand.get("multigametype", ""))
        if base is None:
            raise SiteError(f"a HORSE hand whose game is not written (multigametype "
                            f"{hand.get('multigametype')!r})", line)
    if base is None:
        raise SiteError(f"{name or 'a game without a name'} is a game the importer does not read", line)
    # newer files (version 2.1) write each hand's own stakes on the game too
    written = hand.get("stakes") or description.get("stakes", "")
    stakes = _STAKES.fullmatch(written.strip())
    if stakes is None or stakes.group("limit") == "Half Pot Limit":
        raise SiteError(f"stakes the importer does not read: {written!r}", line)
    limit = _LIMITS[stakes.group("limit")]
    if base.is_stud and limit is not Limit.FIXED_LIMIT:
        raise SiteError(f"{stakes.group('limit').lower()} stud: the engine plays stud fixed-limit", line)
    p.variant = base if base.is_stud else game(base, limit)
    p.stakes = written
    data = hand.get("data", "").split("|")
    p.table = data[1] if len(data) > 1 else ""
    p.time = hand.get("starttime", "")
    sizes = [s for s in stakes.group("sizes").split("/") if s.strip()]
    if tournament:
        p.decimals = 0
        p.tournament = data[2] if len(data) > 2 else p.table
        p.fields["tournament"] = p.tournament
    elif hand.get("realmoney") == "true":
        p.currency = "USD" if "$" in p.stakes else ""
    else:
        p.decimals = 0  # play money
    if len(sizes) == 2:
        first, second = money(sizes[0], line), money(sizes[1], line)
        if limit is Limit.FIXED_LIMIT:
            p.small_bet, p.big_bet = first, second
        else:
            p.blinds = (first, second)
    if hand.get("seats", "").isdigit():
        p.max_seats = int(hand.get("seats"))


# The board rounds: the files write the board so far (COMMUNITY) in every one of them.
_BOARD_ROUNDS = ("POSTFLOP", "POSTTURN", "POSTRIVER")


def _betting_round(round_: Node, name: str, rounds: list) -> None:
    """Note a betting round of a board game: its name and line, who bets in it (seats)
    and whether it writes its community cards."""
    actors: set = set()
    board = False
    for node in round_.children:
        if node.tag == "cards" and node.get("type") == "COMMUNITY":
            board = True
        elif node.tag == "event" and node.get("type") not in _QUIET:
            actors.add(node.get("player", ""))
    rounds.append((name, round_.line, actors, board))


def _check_boards(rounds: list, by_seat: Dict[str, str]) -> None:
    """A board round written without its community cards, with betting in it, in which
    a player who bets both before it and after it does not act: he was still in with
    chips, so the round's actions are not all of that street's (the streets cannot be
    told apart: the hand is corrupt)."""
    for k, (name, line, actors, board) in enumerate(rounds):
        if board or not actors or name not in _BOARD_ROUNDS:
            continue
        before = {seat for _, _, acts, _ in rounds[:k] for seat in acts}
        for later, _, acts, _ in rounds[k + 1:]:
            skipped = [seat for seat in acts if seat in before and seat not in actors]
            if skipped:
                raise SiteError(f"the {name} round is written without its community cards, and "
                                f"{by_seat.get(skipped[0], skipped[0])}, who bets before it and in the {later} "
                                f"round, does not act in it: its actions are not all of one street (the streets "
                                f"cannot be told apart: a corrupt hand)", line)


def _text(cents: int) -> str:
    return str(Decimal(cents).scaleb(-2))


def _hand(p: Parsed, hand: Node) -> None:
    players = hand.find("players")
    if players is None:
        raise SiteError("the hand has no player list", hand.line)
    by_seat: Dict[str, str] = {}
    balances: Dict[str, int] = {}
    for player in players.findall("player"):
        name = player.get("nickname", "")
        seat = player.get("seat", "")
        if not name or not seat.isdigit():
            raise SiteError(f"a player without a name or seat: {player.attrs}", player.line)
        if name in balances:
            raise SiteError(f"two seats hold {name!r}", player.line)
        by_seat[seat] = name
        balances[name] = money(player.get("balance"), player.line)
        p.seats.append((int(seat), name, 0))
        if player.get("dealtin") == "false":
            p.sitting_out.add(name)
    dealer = players.get("dealer", "")
    p.button = int(dealer) if dealer.isdigit() else 0
    stud = p.variant.is_stud
    drawn = p.variant.is_draw
    returned_lines: Dict[str, int] = {}
    shown: Dict[str, List[Optional[str]]] = {}
    board: List[str] = []
    completed = False
    folded: set = set()
    betting: List[Tuple[str, int, set, bool]] = []  # see _betting_round
    noted_all_in: List[Tuple[str, int]] = []  # (player, line): all in on the blinds, no amount written
    for round_ in hand.findall("round"):
        name = round_.get("id", "")
        if (name == "PREFLOP" or name in _BOARD_ROUNDS) and not stud and not drawn:
            _betting_round(round_, name, betting)
        if name == "GAME_CANCELLED":
            raise SiteError("the site cancelled the game", round_.line)
        if name in _STREETS:
            street = _STREETS[name]
        elif name in _ENDS:
            street = None
        else:
            raise SiteError(f"a round the importer does not read: {name!r}", round_.line)
        for node in round_.children:
            line = node.line
            if node.tag == "event":
                kind = node.get("type", "")
                if kind in _QUIET:
                    continue
                who = by_seat.get(node.get("player", ""))
                if who is None:
                    raise SiteError(f"an event of seat {node.get('player')!r}, where no one sits", line)
                amount = money(node.get("amount"), line) if node.get("amount") else None
                if kind == "RETURN_BLIND":
                    # a player coming back posts the blinds missed: both (small dead,
                    # big live) when more than a big blind
                    big = next((post[2] for post in p.posts if post[1] == "bb"), None)
                    if big is None:
                        raise SiteError("a blind posted on coming back before the big blind", line)
                    p.posts.append((who, "sbbb" if (amount or 0) > big else "bb", amount or 0, line))
                    continue
                if kind in ("SMALL_BLIND", "BIG_BLIND", "INITIAL_BLIND", "ANTE"):
                    post = {"SMALL_BLIND": "sb", "BIG_BLIND": "bb", "INITIAL_BLIND": "bb", "ANTE": "ante"}[kind]
                    p.posts.append((who, post, amount or 0, line))
                    continue
                if kind == "ALL_IN" and street == -1:
                    if not amount:
                        noted_all_in.append((who, line))
                        continue  # all-in by posting: a note, no chips
                    # a blind posted all-in: the small blind when a big blind follows
                    later = [e.get("type") for e in round_.children[round_.children.index(node) + 1:]]
                    p.posts.append((who, "sb" if "BIG_BLIND" in later else "bb", amount, line))
                    continue
                if street is None or street < 0:
                    raise SiteError(f"a {kind} out of the betting rounds", line)
                if who in folded:
                    raise SiteError(f"{who} acts after folding: the hand is corrupt", line)
                if kind == "FOLD":
                    folded.add(who)
                    p.acts.append(Act(who, "f", None, None, False, street, line))
                elif kind == "CHECK":
                    p.acts.append(Act(who, "x", None, None, False, street, line))
                elif kind == "CALL":
                    p.acts.append(Act(who, "c", amount, None, False, street, line))
                elif kind == "BET":
                    if stud and street == 0 and not completed:
                        completed = True
                        p.acts.append(Act(who, "co", None, amount, False, street, line))
                    else:
                        p.acts.append(Act(who, "b", amount, None, False, street, line))
                elif kind == "RAISE":
                    p.acts.append(Act(who, "b", None, amount, False, street, line))
                elif kind == "COMPLETE":
                    completed = True
                    p.acts.append(Act(who, "co", None, amount, False, street, line))
                elif kind == "ALL_IN":
                    if amount is None:
                        continue  # a note that the player is all-in (a later street): no chips
                    p.acts.append(Act(who, "b", amount, None, True, street, line))
                elif kind == "BRING_IN":
                    p.acts.append(Act(who, "bi", amount, None, False, street, line))
                elif kind == "DRAW" and drawn and name.endswith("_DRAW") and node.get("text", "").isdigit():
                    count = int(node.get("text"))
                    p.draws.setdefault(who, [None]).append([[], []] if not count else [None, None])
                    p.acts.append(Act(who, "d", count, None, False, street, line))
                else:
                    raise SiteError(f"an event the importer does not read: {kind!r}", line)
            elif node.tag == "cards":
                kind = node.get("type", "")
                written = node.get("cards", "").strip()
                cards = [card(c.strip(), line) for c in written.split(",")] if written else []
                if kind == "COMMUNITY":
                    board = [c for c in cards if c is not None]
                    continue
                who = by_seat.get(node.get("player", ""))
                if who is None:
                    raise SiteError(f"cards of seat {node.get('player')!r}, where no one sits", line)
                if drawn and kind in ("HOLE", "DRAW_DRAWN_CARDS"):
                    _drawn(p, who, cards, kind, line)
                elif kind in ("HOLE", "SHOWN", "MUCKED", "DRAW_DRAWN_CARDS"):
                    old = shown.get(who, [])
                    if len(cards) >= len(old):
                        merged = [c if c is not None else (old[k] if k < len(old) else None) for k, c in
                                  enumerate(cards)]
                        shown[who] = merged
                    else:
                        shown[who] = [c if c is not None else (cards[k] if k < len(cards) else None)
                                      for k, c in enumerate(old)]
                    if kind == "MUCKED":
                        p.mucked.add(who)
                else:
                    raise SiteError(f"cards the importer does not read: {kind!r}", line)
            elif node.tag == "winner":
                who = by_seat.get(node.get("player", ""))
                if who is None:
                    raise SiteError(f"a winner in seat {node.get('player')!r}, where no one sits", line)
                amount = money(node.get("amount"), line)
                if node.get("uncalled") == "true":
                    returned_lines[who] = returned_lines.get(who, 0) + amount
                else:
                    p.collected[who] = p.collected.get(who, 0) + amount
    _check_boards(betting, by_seat)
    if not any(r.get("id") == "END_OF_GAME" for r in hand.findall("round")):
        raise SiteError("the hand is truncated: it stops before its END_OF_GAME round",
                        (hand.children[-1].line if hand.children else hand.line))
    if board:
        p.boards = [board]
    for who, cards in shown.items():
        if stud:
            p.stud[who] = cards
            if len(cards) == 7 and None not in cards:
                p.known[who] = cards
        elif cards and None not in cards:
            p.known[who] = cards
    if drawn:
        final_draw_hands(p)
    _stacks(p, balances)
    # Players marked not dealt in who post or act are (the mark is not reliable).
    for name in list(p.sitting_out):
        if any(post[0] == name for post in p.posts) or any(a.player == name and a.verb != "x" for a in p.acts):
            p.sitting_out.discard(name)
    # A check written for a player not dealt in (seen after all-ins) is no action.
    p.acts = [a for a in p.acts if a.player not in p.sitting_out]
    p.returned = returned_lines
    _raises(p)
    all_in_calls(p)
    check_posts(p)
    # Uncalled bets: a returned line, or inside a winner line (then not compared).
    p.returned = returned_lines
    p.reports_returned = False
    put_in = chips_in(p)[0]
    paid = sum(p.collected.values()) + sum(returned_lines.values())
    if paid > put_in:
        unwritten = [(who, line) for who, line in noted_all_in if not balances.get(who)]
        why = f" ({unwritten[0][0]}, written with no chips, is all in on the blinds here for an amount not " \
              f"written)" if unwritten else ""
        raise SiteError(f"the figures do not add up: the winners get {_text(paid)}, more than the {_text(put_in)} "
                        f"that went in{why}", unwritten[0][1] if unwritten else hand.line)
    if p.tournament is not None:
        p.rake = 0
    else:
        p.rake = put_in - paid
    if stud and not p.small_bet:
        stud_bets(p, hand.line)  # a tournament's: not written
    elif p.variant.limit is Limit.FIXED_LIMIT and not p.small_bet:
        big = next((post[2] for post in p.posts if post[1] == "bb"), 0)
        if not big:
            raise SiteError("a fixed-limit hand whose bets are not written and that posts no big blind", hand.line)
        p.small_bet, p.big_bet = big, 2 * big  # a tournament's: the big blind is the small bet
    if p.decimals == 0:
        in_chips(p)


def _drawn(p: Parsed, who: str, cards: List[Optional[str]], kind: str, line: int) -> None:
    """A draw game's ``HOLE`` (the first deal) or ``DRAW_DRAWN_CARDS`` (the hand after
    the player's draw, the new cards in the places of those thrown) of the writer."""
    player = p.draws.setdefault(who, [None])
    if None in cards:
        return
    if kind == "HOLE":
        if player[0] is None and len(player) == 1:
            player[0] = cards
        return
    if player[0] is None or len(player) < 2 or player[-1] != [None, None]:
        if len(player) >= 2 and player[-1] == [[], []] and player[0] is not None:
            return  # stood pat: the hand as it was
        raise SiteError(f"drawn cards of {who}, who has not drawn now", line)
    held = list(player[0])
    for thrown, received in player[1:-1]:
        if thrown is None or received is None:
            return
        held = [c for c in held if c not in thrown] + received
    thrown = [c for c in held if c not in cards]
    received = [c for c in cards if c not in held]
    count = next(a.amount for a in reversed(p.acts) if a.player == who and a.verb == "d")
    if len(thrown) != count or len(received) != count or len(cards) != len(held):
        raise SiteError(f"the drawn cards {' '.join(cards)} do not follow from {' '.join(held)} "
                        f"({count} drawn)", line)
    player[-1] = [thrown, received]


def _stacks(p: Parsed, balances: Dict[str, int]) -> None:
    """Each player's stack: the balance (cash games), or, in tournaments, the balance
    plus what the player posted (most tournament files write the balance after the
    blinds and antes; some before: a player all-in tells which, as the chips the
    all-in puts in are the whole stack)."""
    posted: Dict[str, int] = {}
    if p.tournament is not None:
        for name, _, amount, _ in p.posts:
            posted[name] = posted.get(name, 0) + amount
        put = _put_by(p)
        for act in p.acts:
            if act.all_in and put.get(act.player) == balances[act.player] and posted.get(act.player):
                posted = {}  # this hand's balances are before the posts
                break
    p.seats = [(seat, name, balances[name] + posted.get(name, 0)) for seat, name, _ in p.seats]


def _put_by(p: Parsed) -> Dict[str, int]:
    """What each player put in, posts and actions (raises before ``_raises`` are totals)."""
    put: Dict[str, int] = {}
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        put[name] = put.get(name, 0) + amount
        if kind != "ante":
            bets[name] = bets.get(name, 0) + _live(p, kind, amount)
    street = 0
    for act in p.acts:
        if act.street != street:
            bets, street = {}, act.street
        now = bets.get(act.player, 0)
        added = max(act.to - now, 0) if act.to is not None else (act.amount or 0)
        bets[act.player] = now + added
        put[act.player] = put.get(act.player, 0) + added
    return put


def _raises(p: Parsed) -> None:
    """Older files (2008) write a ``RAISE`` as the chips added, newer ones as the round
    total it goes to: the calls tell which (a call is what the bet to match is above
    the caller's, unless it is all the caller's chips). Raises are read as totals
    unless only the other reading makes every call right."""
    if not any(a.verb == "b" and a.to is not None for a in p.acts):
        return
    to_fits, by_fits = _calls_fit(p, by=False), _calls_fit(p, by=True)
    if to_fits and by_fits:
        # no call tells: what the winners got does (it cannot be more than went in)
        paid = sum(p.collected.values()) + sum(p.returned.values())
        to_fits = sum(_put_by(p).values()) >= paid
    if not to_fits and by_fits:
        p.acts = [Act(a.player, a.verb, a.to, None, a.all_in, a.street, a.line)
                  if a.verb == "b" and a.to is not None else a for a in p.acts]


def _calls_fit(p: Parsed, by: bool) -> bool:
    """Whether every call adds what the bet to match asks, raises read as ``by``."""
    stacks = {name: stack for _, name, stack in p.seats}
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        stacks[name] = stacks.get(name, 0) - amount
        if kind != "ante":
            bets[name] = bets.get(name, 0) + _live(p, kind, amount)
    street = 0
    for act in p.acts:
        if act.street != street:
            bets, street = {}, act.street
        now = bets.get(act.player, 0)
        if act.verb == "c" and act.amount is not None:
            owed = max(bets.values(), default=0) - now
            if act.amount != owed and not (act.amount < owed and act.amount == stacks.get(act.player)):
                return False
            added = act.amount
        elif act.to is not None:
            added = act.to if by else act.to - now
        elif act.amount is not None:
            added = act.amount
        else:
            continue
        bets[act.player] = now + added
        stacks[act.player] = stacks.get(act.player, 0) - added
    return True


def _live(p: Parsed, kind: str, amount: int) -> int:
    """The live part of a post: both blinds posted together are a live big blind and a
    dead small one."""
    if kind == "sbbb":
        return min(amount, next((post[2] for post in p.posts if post[1] == "bb"), amount))
    return amount
