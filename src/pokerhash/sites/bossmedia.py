"""Boss Media hand histories (XML; Betsson, Betsafe, Espacejeux...): one ``<HISTORY
ID GAME LIMIT STAKES GAMEKIND TABLECURRENCY...>`` per hand, inside a ``<ROOT>`` or not.

A hand lists its seats (``<PLAYER NAME SEAT AMOUNT STATE DEALER/>``; empty and
reserved seats say so in ``STATE``), then ``<ACTION TYPE PLAYER VALUE/>`` in the
order played: ``HAND_ANTE``, ``HAND_BLINDS`` (``KIND`` ``HAND_SB``, ``HAND_BB``,
``HAND_AB`` both blinds, ``HAND_DSB`` a dead small blind), ``HAND_DEAL`` (the
cards, ``b`` for a card not seen), ``ACTION_FOLD``, ``ACTION_CHECK``,
``ACTION_CALL``, ``ACTION_BET``, ``ACTION_RAISE`` (to ``VALUE``, the player's total
in the round), ``ACTION_ALLIN`` (all the player's chips), ``HAND_BOARD`` (the board
so far), and a ``<SHOWDOWN POT RAKE>`` with a ``<RESULT PLAYER WIN>`` per player
(and the cards shown). A card is a number: suit ``n // 13`` (diamonds, clubs,
hearts, spades), rank ``n % 13`` (ace, two... king).

Versions differ: older files write a call as the total it calls to, newer as the
chips added (and an all-in either way): a hand is read the way in which every call
matches the bet it faces (the engine then checks every amount).

What the figures mean (the importer's conventions for this site): ``collected`` is
each ``RESULT``'s ``WIN`` (after the rake); ``rake`` the showdown's ``RAKE``;
``total`` its ``POT`` plus the rake. The site returns uncalled bets without a word
(``returned`` is not compared; a ``WIN`` may hold them).
"""

from __future__ import annotations

from decimal import Decimal
from typing import Dict, List, Optional

from ..betting import Limit
from ..engine import FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO
from .common import game
from .draws import final_draw_hands
from .model import Act, Parsed, SiteError
from .xmlcommon import Node, all_in_calls, check_posts, chips_in, in_chips, money, read_hand, read_stakes

__all__ = ["parse"]

# GAME_OMATU: Omaha as GAME_OMA deals and settles it (four hole cards, the high hand
# takes the pot), at another kind of table; GAME_FCD: five-card draw.
_GAMES = {"GAME_THM": HOLDEM, "GAME_OMA": PLO, "GAME_OMATU": PLO, "GAME_OMAHL": OMAHA_HI_LO,
          "GAME_FCD": FIVE_CARD_DRAW}
_LIMITS = {"NL": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "FL": Limit.FIXED_LIMIT}
_BLINDS = {"HAND_SB": "sb", "HAND_BB": "bb", "HAND_AB": "sbbb", "HAND_DSB": "dead"}
_SUITS = "dchs"
_RANKS = "A23456789TJQK"


def _card(link: str, line: int) -> Optional[str]:
    if link == "b":
        return None
    if not link.isdigit() or int(link) > 51:
        raise SiteError(f"{link!r} is not a card", line)
    number = int(link)
    return _RANKS[number % 13] + _SUITS[number // 13]


def parse(text: str, site: str) -> Parsed:
    """One ``<HISTORY>``; SiteError naming the line."""
    return read_hand(text, site, "HISTORY", "ID", _hand)


def _hand(p: Parsed, hand: Node) -> None:
    line = hand.line
    name = hand.get("GAME", "")
    if name not in _GAMES:
        raise SiteError(f"{name} is a game the importer does not read", line)
    limit = _LIMITS.get(hand.get("LIMIT", ""))
    if limit is None:
        raise SiteError(f"a betting limit the importer does not read: {hand.get('LIMIT')!r}", line)
    p.variant = game(_GAMES[name], limit)
    drawn = p.variant.is_draw
    p.table = hand.get("TABLE", "")
    p.time = hand.get("DATE", "")
    p.stakes = hand.get("STAKES", "")
    read_stakes(p, p.stakes, "/", limit, line)
    if hand.get("GAMEKIND") == "GAMEKIND_TOURNAMENT":
        p.decimals = 0
        p.tournament = hand.get("TABLETOURNEYID") or p.table
        p.fields["tournament"] = p.tournament
    else:
        p.currency = hand.get("TABLECURRENCY", "")
    stacks: Dict[str, int] = {}
    for player in hand.findall("PLAYER"):
        state = player.get("STATE", "")
        who = player.get("NAME", "")
        if state in ("STATE_EMPTY", "STATE_RESERVED"):
            continue
        if not who:
            raise SiteError(f"seat {player.get('SEAT')} plays without a name", player.line)
        if who in stacks:
            raise SiteError(f"two seats hold {who!r}", player.line)
        seat = int(player.get("SEAT", "0"))
        stacks[who] = money(player.get("AMOUNT"), player.line)
        p.seats.append((seat, who, stacks[who]))
        if player.get("DEALER") == "Y":
            p.button = seat
    dealt: Dict[str, List[Optional[str]]] = {}
    board: List[str] = []
    street = 0
    raw = []  # (kind, player, value, street, line) of the betting actions
    for node in hand.children:
        if node.tag == "SHOWDOWN":
            _showdown(p, node, stacks)
            continue
        if node.tag != "ACTION":
            continue
        kind = node.get("TYPE", "")
        who = node.get("PLAYER")
        at = node.line
        if who is not None and kind != "HAND_BOARD" and who not in stacks:
            raise SiteError(f"an action of {who!r}, who has no seat", at)
        if kind == "HAND_ANTE":
            p.posts.append((who, "ante", money(node.get("VALUE"), at), at))
        elif kind == "HAND_BLINDS":
            post = _BLINDS.get(node.get("KIND", ""))
            if post is None:
                raise SiteError(f"a blind the importer does not read: {node.get('KIND')!r}", at)
            p.posts.append((who, post, money(node.get("VALUE"), at), at))
        elif kind == "HAND_DEAL":
            dealt[who] = [_card(c.get("LINK", ""), c.line) for c in node.findall("CARD")]
        elif kind == "HAND_BOARD" and drawn:
            street = 1  # the draw game's first betting round is over: the draw follows
        elif kind == "HAND_BOARD":
            board = [c for c in (_card(c.get("LINK", ""), c.line) for c in node.findall("CARD")) if c]
            street = {"BOARD_FLOP": 1, "BOARD_TURN": 2, "BOARD_RIVER": 3}.get(node.get("VALUE", ""), street)
        elif kind in ("ACTION_FOLD", "ACTION_CHECK", "ACTION_CALL", "ACTION_BET", "ACTION_RAISE", "ACTION_ALLIN"):
            value = node.get("VALUE")
            raw.append((kind, who, money(value, at) if value else None, street, at))
        elif kind == "CHANGECARD" and drawn:
            raw.append((kind, who, _change(p, node, dealt.get(who)), street, at))
        else:
            raise SiteError(f"an action the importer does not read: {kind!r}", at)
    if hand.find("SHOWDOWN") is None:
        raise SiteError("the hand is truncated: it has no SHOWDOWN", line)
    for who, cards in dealt.items():
        if cards and None not in cards:
            if drawn:
                p.draws.setdefault(who, [cards])
            else:
                p.known.setdefault(who, cards)
    if drawn:
        final_draw_hands(p)
    for _, who, stack in p.seats:
        if who not in dealt or (not stack and not any(post[0] == who for post in p.posts)):
            p.sitting_out.add(who)  # not dealt, or dealt with no chips (a seat already out)
    if board:
        p.boards = [board]
    cards_per_player = max((len(c) for c in dealt.values()), default=0)
    if cards_per_player and cards_per_player != p.variant.cards_per_player:
        raise SiteError(f"{cards_per_player} cards dealt in {p.variant.name}", line)
    # a seat with no chips left is written folding: it is not dealt in
    raw = [r for r in raw if not (r[1] in p.sitting_out and r[0] == "ACTION_FOLD")]
    for kind, who, _, _, at in raw:
        if who in p.sitting_out:
            raise SiteError(f"{who} is written with no chips (or not dealt) but plays ({kind}): the seat list is "
                            "wrong", at)
    p.acts = _acts(p, raw, stacks)
    p.reports_returned = False
    if _antes(p):
        p.acts = _acts(p, raw, {name: stack for _, name, stack in p.seats})
    all_in_calls(p)
    check_posts(p)
    _tournament_figures(p)
    if p.decimals == 0:
        in_chips(p)


def _tournament_figures(p: Parsed) -> None:
    """A tournament takes no rake: its showdown's pot is what the posts and actions
    put in (less the uncalled bet, which the site returns without a word), and the
    players win the pot. SiteError, showing the sums, when the file says otherwise."""
    if p.tournament is None or p.total is None or p.rake or not p.collected:
        return
    put_in, uncalled = chips_in(p)
    won = sum(p.collected.values())
    if p.total not in (put_in - uncalled, put_in):
        raise SiteError(f"the site's figures do not add up: the posts and actions put {_chips(put_in - uncalled)} "
                        f"into the pot, its pot is {_chips(p.total)} and {_chips(won)} was won (a tournament "
                        "takes no rake)", 1)
    if won not in (p.total, p.total + uncalled):
        raise SiteError(f"the site's figures do not add up: the pot is {_chips(p.total)} and the players won "
                        f"{' + '.join(_chips(v) for v in p.collected.values())} = {_chips(won)} (a tournament "
                        "takes no rake)", 1)


def _chips(cents: int) -> str:
    return str(cents // 100) if cents % 100 == 0 else str(Decimal(cents).scaleb(-2))


def _change(p: Parsed, node: Node, dealt: Optional[List[Optional[str]]]) -> int:
    """A ``CHANGECARD`` (``COUNT`` cards thrown and replaced): the player's hand after
    it (``b`` for cards not seen), in the places of the cards it replaces. Returns the
    count; the writer's thrown and received cards go to ``p.draws``."""
    who, at = node.get("PLAYER", ""), node.line
    count = node.get("COUNT", "")
    if not count.isdigit():
        raise SiteError(f"a draw of {count!r} cards", at)
    new = [_card(c.get("LINK", ""), c.line) for c in node.findall("CARD")]
    if dealt and None not in dealt and new and None not in new:
        player = p.draws.setdefault(who, [list(dealt)])
        held = list(dealt)
        for thrown, received in player[1:]:
            held = [c for c in held if c not in thrown] + received
        thrown = [c for c in held if c not in new]
        received = [c for c in new if c not in held]
        if len(thrown) != int(count) or len(received) != int(count):
            raise SiteError(f"the new hand does not change {count} card(s) of {' '.join(held)}", at)
        player.append([thrown, received])
    else:
        p.draws.setdefault(who, [None]).append([[], []] if count == "0" else [None, None])
    return int(count)


def _showdown(p: Parsed, node: Node, stacks: Dict[str, int]) -> None:
    at = node.line
    rake = money(node.get("RAKE") or "0", at)
    pot = money(node.get("POT") or "0", at)
    p.rake = 0 if p.tournament is not None and not rake else rake
    p.total = pot + rake
    for result in node.findall("RESULT"):
        who = result.get("PLAYER", "")
        if who not in stacks:
            raise SiteError(f"a result of {who!r}, who has no seat", result.line)
        won = money(result.get("WIN") or "0", result.line)
        if won:
            p.collected[who] = p.collected.get(who, 0) + won
        cards = [_card(c.get("LINK", ""), c.line) for c in result.findall("CARD")]
        if cards and None not in cards:
            p.known[who] = cards


def _acts(p: Parsed, raw: list, stacks: Dict[str, int]) -> List[Act]:
    """The betting actions, calls read as the chips added or as the total called to,
    whichever every call of the hand fits (added first)."""
    for calls_to in (False, True):
        acts = _read(p, raw, stacks, calls_to)
        if acts is not None:
            return acts
    return _read(p, raw, stacks, False, strict=False)


def _read(p: Parsed, raw: list, stacks: Dict[str, int], calls_to: bool, strict: bool = True):
    left = dict(stacks)
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        left[name] -= amount
        if kind in ("sb", "bb", "sbbb"):
            bets[name] = bets.get(name, 0) + (amount if kind != "sbbb" else min(amount, p.blinds[1] or amount))
    street = 0
    acts = []
    for kind, who, value, at_street, line in raw:
        if at_street != street:
            bets, street = {}, at_street
        now = bets.get(who, 0)
        top = max(bets.values(), default=0)
        if kind == "ACTION_FOLD":
            acts.append(Act(who, "f", None, None, False, street, line))
            continue
        if kind == "ACTION_CHECK":
            acts.append(Act(who, "x", None, None, False, street, line))
            continue
        if kind == "CHANGECARD":
            acts.append(Act(who, "d", value, None, False, street, line))
            continue
        if value is None:
            raise SiteError(f"{kind} without a VALUE", line)
        if kind == "ACTION_CALL":
            added = value - now if calls_to else value
            if strict and added != min(top - now, left[who]):
                return None
            acts.append(Act(who, "c", added, None, False, street, line))
        elif kind == "ACTION_BET":
            added = value
            acts.append(Act(who, "b", value, None, False, street, line))
        elif kind == "ACTION_RAISE":
            added = value - now
            acts.append(Act(who, "b", None, value, False, street, line))
        else:  # all-in: the whole stack, whatever the version writes
            added = left[who]  # (older files count the player's ante in the value)
            if now + added <= top:
                acts.append(Act(who, "c", added, None, True, street, line))
            else:
                acts.append(Act(who, "b", None, now + added, True, street, line))
        bets[who] = now + added
        left[who] -= added
    return acts


def _antes(p: Parsed) -> bool:
    """Older tournament files (2011) write no ante lines, and stacks after the antes,
    though the pot holds them: when the showdown's pot is more than the posts and
    actions put in by an equal amount per player dealt in, that amount is the ante
    each posted (the one figure of the hand that says so), on top of the stack
    written; any other gap is left for the replay to name."""
    if p.total is None or any(post[1] == "ante" for post in p.posts):
        return False
    put_in, uncalled = chips_in(p)
    gap = p.total - (put_in - uncalled)
    dealt = [name for _, name, _ in p.seats if name not in p.sitting_out]
    if gap <= 0 or p.tournament is None:
        return False  # the replay names any difference
    if gap % len(dealt):
        raise SiteError(f"the pot holds {Decimal(gap).scaleb(-2)} that no post or action written put in, and not as "
                        "equal antes: blinds or antes this file does not write (a seat written with no chips "
                        "may have gone all-in on them)", 1)
    ante = gap // len(dealt)
    p.posts[:0] = [(name, "ante", ante, 0) for name in dealt]
    # ... and their stacks are written after the antes: the all-ins put in the rest
    p.seats = [(seat, name, stack + ante if name in dealt else stack) for seat, name, stack in p.seats]
    return True
