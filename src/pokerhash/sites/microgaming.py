"""MicroGaming (Prima network) hand histories (XML without a root): ``<Game id stakes
betlimit gametype istournament rake...>`` elements, after a ``----PRIMA.DAT----``
line.

A hand lists its seats (``<Seat num alias balance endbalance dealer/>``: the stack
before and after the hand), then ``<Action seq type seat value/>`` in the order
played. Every ``value`` is the chips the action adds: ``SmallBlind``,
``BigBlind``, ``PostedToPlay`` (a player coming in posts to play, live),
``Call``, ``Bet``, ``Raise``, ``AllIn``; ``Fold``, ``Check``; ``DealCards`` (the
player's own cards), ``DealFlop``, ``DealTurn``, ``DealRiver``, ``ShowCards``,
``MuckCards``; ``MoneyReturned`` an uncalled bet given back; a ``Win`` with a
``<Seat num amount/>`` per pot won.

What the figures mean (the importer's conventions for this site): ``collected`` is
the sum of a player's ``Win`` amounts (after the rake); ``returned`` the
``MoneyReturned`` lines, though most files write none and count the uncalled bet
in the player's ``Win`` (so ``returned`` is not compared, and a player's figure may
be what the engine paid with or without it); ``rake`` the game's ``rake``
attribute, in hundredths.
"""

from __future__ import annotations

import base64
from decimal import Decimal
from typing import Dict, List

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO
from .common import game
from .model import Act, Parsed, SiteError
from .xmlcommon import Node, all_in_calls, card, check_posts, chips_in, in_chips, money, read_hand, read_stakes

__all__ = ["parse"]

_GAMES = {"Hold'em": HOLDEM, "Multi Table Hold'em": HOLDEM, "Sit & Go Hold'em": HOLDEM, "Omaha": PLO,
          "Omaha H/L": OMAHA_HI_LO}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT, "L": Limit.FIXED_LIMIT}
_POSTS = {"SmallBlind": "sb", "BigBlind": "bb", "PostedToPlay": "bb", "Ante": "ante"}
_QUIET = ("MuckCards", "SitOut", "SitIn", "Chat")
_KNOWN = set(_POSTS) | set(_QUIET) | {"DealCards", "ShowCards", "Fold", "Check", "Call", "Bet", "Raise", "AllIn",
                                      "MoneyReturned"}


def _currency(symbol: str) -> str:
    """The currency of the base64 UTF-16 sign the site writes (``rCA=`` is €)."""
    try:
        sign = base64.b64decode(symbol).decode("utf-16-le")
    except (ValueError, UnicodeDecodeError):
        return ""
    return {"€": "EUR", "$": "USD", "£": "GBP"}.get(sign, "")


def parse(text: str, site: str) -> Parsed:
    """One ``<Game>``; SiteError naming the line."""
    return read_hand(text, site, "Game", "id", _hand)


def _hand(p: Parsed, hand: Node) -> None:
    line = hand.line
    name = hand.get("gametype", "")
    base = _GAMES.get(name)
    if base is None:
        raise SiteError(f"{name!r} is a game the importer does not read", line)
    limit = _LIMITS.get(hand.get("betlimit", ""))
    if limit is None:
        raise SiteError(f"a betting limit the importer does not read: {hand.get('betlimit')!r}", line)
    p.variant = game(base, limit)
    p.table = hand.get("tablename", "")
    p.time = hand.get("date", "")
    p.stakes = hand.get("stakes", "")
    read_stakes(p, p.stakes, "|", limit, line)
    if hand.get("istournament") == "1":
        p.decimals = 0
        table = p.table
        p.tournament = table[table.rfind("[") + 1:table.rfind("]")] if "[" in table else table
        p.fields["tournament"] = p.tournament
    elif hand.get("realmoney") == "true":
        p.currency = _currency(hand.get("currencysymbol", ""))
    else:
        p.decimals = 0
    seats = hand.find("Seats")
    if seats is None:
        raise SiteError("the hand has no seats", line)
    by_seat: Dict[str, str] = {}
    ends: Dict[str, int] = {}
    for seat in seats.findall("Seat"):
        who = seat.get("alias", "")
        if not who:
            raise SiteError(f"seat {seat.get('num')} has no player name", seat.line)
        if who in by_seat.values():
            raise SiteError(f"two seats hold {who!r}", seat.line)
        by_seat[seat.get("num", "")] = who
        p.seats.append((int(seat.get("num", "0")), who, money(seat.get("balance"), seat.line)))
        if seat.get("endbalance"):
            ends[who] = money(seat.get("endbalance"), seat.line)
        if seat.get("dealer") == "true":
            p.button = int(seat.get("num", "0"))
    play = hand.find("Gameplay")
    if play is None:
        raise SiteError("the hand has no Gameplay", line)
    street = 0
    board: List[str] = []
    dealt: set = set()
    won = False
    for node in play.findall("Action"):
        kind = node.get("type", "")
        at = node.line
        if kind == "Win":
            won = True
            for seat in node.findall("Seat"):
                who = by_seat.get(seat.get("num", ""))
                if who is None:
                    raise SiteError(f"a win for seat {seat.get('num')!r}, where no one sits", seat.line)
                amount = money(seat.get("amount"), seat.line)
                if amount:
                    p.collected[who] = p.collected.get(who, 0) + amount
            continue
        if kind in ("DealFlop", "DealTurn", "DealRiver"):
            street = {"DealFlop": 1, "DealTurn": 2, "DealRiver": 3}[kind]
            board += [card(c.get("value", "") + c.get("suit", ""), c.line) for c in node.findall("Card")]
            continue
        if kind not in _KNOWN:
            raise SiteError(f"an action the importer does not read: {kind!r}", at)
        who = by_seat.get(node.get("seat", ""))
        if who is None:
            raise SiteError(f"an action of seat {node.get('seat')!r}, where no one sits", at)
        value = node.get("value")
        amount = money(value, at) if value else None
        if kind in _POSTS:
            p.posts.append((who, _POSTS[kind], amount or 0, at))
        elif kind in ("DealCards", "ShowCards"):
            cards = [card(c.get("value", "") + c.get("suit", ""), c.line) for c in node.findall("Card")]
            dealt.add(who)
            if cards and None not in cards:
                p.known[who] = cards
        elif kind == "Fold":
            p.acts.append(Act(who, "f", None, None, False, street, at))
        elif kind == "Check":
            p.acts.append(Act(who, "x", None, None, False, street, at))
        elif kind == "Call":
            p.acts.append(Act(who, "c", amount, None, False, street, at))
        elif kind == "Raise":
            p.acts.append(Act(who, "r", amount, None, False, street, at))  # by or to: see _values
        elif kind in ("Bet", "AllIn"):
            p.acts.append(Act(who, "b", amount, None, kind == "AllIn", street, at))
        elif kind == "MoneyReturned":
            p.returned[who] = p.returned.get(who, 0) + (amount or 0)
        elif kind in _QUIET:
            continue
        else:
            raise SiteError(f"an action the importer does not read: {kind!r}", at)
    if not won:
        raise SiteError("the hand is truncated: it has no Win", line)
    if board:
        p.boards = [board]
    p.rake = int(hand.get("rake") or 0) if p.decimals else 0
    # A bet no one called comes back in a MoneyReturned line, or (most files) inside
    # the player's Win: a player's figure may be with or without it.
    p.reports_returned = False
    acted = {a.player for a in p.acts} | {post[0] for post in p.posts}
    for _, who, _ in p.seats:
        if who not in acted and who not in dealt:
            p.sitting_out.add(who)
    p.acts = _values(p)
    all_in_calls(p)
    check_posts(p)
    _dead_small_blinds(p, ends)
    _figures_add_up(p, line)
    if p.decimals == 0:
        in_chips(p)


def _figures_add_up(p: Parsed, line: int) -> None:
    """What went in (less the uncalled bet, which a Win may hold or not) is what was
    won plus the game's rake: SiteError, showing the sums, when the file says otherwise."""
    put_in, uncalled = chips_in(p)
    won = sum(p.collected.values()) + sum(p.returned.values())
    if won + p.rake not in (put_in - uncalled, put_in):
        def text(cents: int) -> str:
            return str(Decimal(cents).scaleb(-2))
        raise SiteError(f"the site's figures do not add up: {text(put_in - uncalled)} went into the pot, "
                        f"{text(won)} was won and the rake is {text(p.rake)} ({text(put_in - uncalled - won - p.rake)} "
                        "unaccounted for)", line)


def _values(p: Parsed) -> List[Act]:
    """Files from 2012 on (``hhversion``) write a call or raise as the chips added,
    older ones as the total the player's bet goes to (an all-in as the chips added in
    both): a hand is read the way in which every call matches the bet it faces."""
    for totals in (False, True):
        acts = _read_values(p, totals, strict=True)
        if acts is not None:
            return acts
    return _read_values(p, False, strict=False)


def _read_values(p: Parsed, totals: bool, strict: bool):
    left = {name: stack for _, name, stack in p.seats}
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        left[name] -= amount
        if kind != "ante":
            bets[name] = bets.get(name, 0) + amount
    street = 0
    acts = []
    for act in p.acts:
        if act.street != street:
            bets, street = {}, act.street
        now = bets.get(act.player, 0)
        top = max(bets.values(), default=0)
        added = act.amount or 0
        if act.verb == "c":
            if totals:
                added -= now
            if strict and added != min(top - now, left[act.player]):
                return None
            act = Act(act.player, "c", added, None, act.all_in, act.street, act.line)
        elif act.verb == "r":
            if totals:
                act = Act(act.player, "b", None, act.amount, False, act.street, act.line)
                added = (act.to or 0) - now
            else:
                act = Act(act.player, "b", act.amount, None, False, act.street, act.line)
        bets[act.player] = now + added
        left[act.player] -= added
        acts.append(act)
    return acts


def _dead_small_blinds(p: Parsed, ends: Dict[str, int]) -> None:
    """The 2011 files write a player coming in who posts a big blind and a dead small
    one as ``PostedToPlay`` of the big blind alone; the player's end balance shows
    the small blind gone too. A poster who won nothing and whose balance fell by
    what the posts and actions put in plus exactly the small blind posted it dead."""
    first_big = next((k for k, post in enumerate(p.posts) if post[1] == "bb"), None)
    if not p.blinds[0] or first_big is None:
        return
    for k, (name, kind, amount, line) in enumerate(list(p.posts)):
        # a big blind after the table's own: a player coming in (PostedToPlay)
        if kind != "bb" or k == first_big or name not in ends or p.collected.get(name) or name in p.returned:
            continue
        stack = next(s for _, n, s in p.seats if n == name)
        put = sum(post[2] for post in p.posts if post[0] == name) + _acted_by(p, name)
        if stack - ends[name] == put + p.blinds[0]:
            p.posts.append((name, "dead", p.blinds[0], line))


def _acted_by(p: Parsed, name: str) -> int:
    """The chips ``name``'s actions put in (raises to a total counted from the round's bet)."""
    total = 0
    bets: Dict[str, int] = {}
    for who, kind, amount, _ in p.posts:
        if kind != "ante" and kind != "dead":
            bets[who] = bets.get(who, 0) + amount
    street = 0
    for act in p.acts:
        if act.street != street:
            bets, street = {}, act.street
        now = bets.get(act.player, 0)
        added = act.to - now if act.to is not None else (act.amount or 0)
        bets[act.player] = now + added
        if act.player == name:
            total += added
    return total
