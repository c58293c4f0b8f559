"""iPoker hand histories (XML): one ``<game gamecode=...>`` per hand, in a ``<session>``
whose ``<general>`` says the game (``<gametype>Holdem NL $0.02/$0.04</gametype>``),
the table, the currency and the player whose history it is.

Each hand lists its players (``<player seat name chips dealer win bet/>``: ``chips``
the stack before the hand, ``bet`` all the player put in, ``win`` what the player got
back), then rounds (``no`` 0 the blinds and antes, 1 the first betting round, 2 the
flop...; stud: 2 third street to 6 seventh), each with ``<cards>`` and ``<action no
player type sum/>``. The actions are written grouped by player, **not in the order
played**: they are replayed in the order of their ``no``. Action types: 0 fold,
1 small blind, 2 big blind (more than the big blind: small and big together),
3 call (``sum`` the chips added), 4 check, 5 bet (third street: complete), 6 raise
(by ``sum``), 7 all-in (``sum`` added), 8 sitting out at the blinds, 9 sitting out,
15 ante, 16 bring-in, 23 raise (to ``sum``, the player's total in the round).
Cards are suit first (``HA``, ``C10``), ``X`` for a card not seen.

What the figures mean (the importer's conventions for this site): ``collected`` is
the ``win`` of each player; older clients count a returned uncalled bet in it,
clients from version 20 on (and those that say ``<uncalled_bet_enabled>true``) do
not: either way, ``returned`` is not compared and a player's figure may be what
the engine paid with or without the uncalled chips. The site writes no rake: it is
what the posts and actions put in less the ``win`` figures (less the uncalled bet
for clients that leave it out of ``win``); a tournament takes none. The ``bet``
figures are not used: they count the small blind of a player who raises, and the
ante of a player all-in, twice. Players without pocket cards (sitting out) are not
dealt in; an ante one of them posted before sitting out is dead money in the pot. A game whose end tag is missing at the end of a file is read when its
rounds are all closed (the client writes a game once it is over). A game without a
``<startdate>`` is read with an empty ``time``, unless it holds nothing but its seats and
blinds (some exports write every hand so): that is refused as partial. A stud
tournament hand whose text shows no bet size takes its level's bets from the hands
around it when they tell them exactly (:mod:`.stud_levels`), or is refused.
"""

from __future__ import annotations

import re
from typing import Dict, List, Optional

from ..betting import Limit
from ..engine import HOLDEM, OMAHA_HI_LO, PLO, PLO5, PLO6, SHORTDECK, STUD, STUD_HI_LO
from .common import game
from .model import Act, Parsed, SiteError
from .xmlcommon import Node, all_in_calls, check_posts, card, chips_in, in_chips, money, stud_bets, tree

__all__ = ["parse"]

_GAMETYPE = re.compile(r"(?:(?P<game>[57] Card Stud(?: Hi-Lo| HiLow)?|(?:Six Plus )?Holdem|Omaha(?: Hi-Lo| HiLow)?)"
                       r" )?(?P<limit>NL|SL|LZ|БЛ|PL|LP|L|No limit|Pot limit|Limit)(?: (?P<stakes>.*))?")
_LH = re.compile(r"LH (?P<small>[\d.,]+)/(?P<big>[\d.,]+)(?: x\d+)? Limit (?P<stakes>.*)")
_GAMES = {"Holdem": HOLDEM, "Six Plus Holdem": SHORTDECK, "Omaha": PLO, "Omaha Hi-Lo": OMAHA_HI_LO,
          "Omaha HiLow": OMAHA_HI_LO,
          "7 Card Stud": STUD, "7 Card Stud Hi-Lo": STUD_HI_LO, "7 Card Stud HiLow": STUD_HI_LO}
_LIMITS = {"NL": Limit.NO_LIMIT, "SL": Limit.NO_LIMIT, "LZ": Limit.NO_LIMIT, "БЛ": Limit.NO_LIMIT,
           "No limit": Limit.NO_LIMIT, "PL": Limit.POT_LIMIT, "LP": Limit.POT_LIMIT, "Pot limit": Limit.POT_LIMIT,
           "L": Limit.FIXED_LIMIT, "Limit": Limit.FIXED_LIMIT}
_OMAHAS = {4: PLO, 5: PLO5, 6: PLO6}
_HEADERS: Dict[str, Dict[str, str]] = {}  # session header text -> its <general> fields
_STUD_STREETS = ("Third Street", "Fourth Street", "Fifth Street", "Sixth Street", "River")


def parse(text: str, site: str, unknown_bets: bool = False) -> Parsed:
    """One hand (its ``<game>`` followed by its session's header); SiteError naming the line.
    ``unknown_bets``: a stud tournament hand whose text shows no bet size is read with
    ``small_bet`` 0, for :mod:`.stud_levels` to take the sizes from its neighbours
    (never a hand to replay as it is)."""
    # The session's header follows the game: read once per session, not per hand.
    cut = text.rfind("</game>")
    if cut >= 0:
        cut += 7
    else:
        # A game without its end tag (the last of a file copied while the client still
        # wrote the session): iPoker writes a game once it is over (its players' win
        # figures come first), so a game whose every round is closed is read, and the
        # replay checks it against those figures.
        cut = text.rfind("\n<session")
        cut = cut if cut >= 0 else len(text)
    header = text[cut:]
    nodes = tree(text[:cut], unclosed="game")
    hand = next((n for n in nodes if n.tag == "game"), None)
    if hand is None:
        raise SiteError("no <game> element", 1)
    p = Parsed(site)
    p.hand_id = hand.get("gamecode", "")
    info = _HEADERS.get(header)
    if info is None:
        try:
            session = next((n for n in tree(header) if n.tag == "session"), None) if header.strip() else None
        except SiteError as error:
            raise SiteError(f"its session's header: {str(error).split(': ', 1)[1]}", hand.line) from None
        if session is None or session.find("general") is None:
            raise SiteError("its session's header (<session><general>) is missing", hand.line)
        info = {child.tag: child.text for child in session.find("general").children}
        if len(_HEADERS) > 1000:
            _HEADERS.clear()
        _HEADERS[header] = info
    _game(p, info, hand.line)
    try:
        _hand(p, hand, info, unknown_bets)
    except SiteError:
        raise
    except (ValueError, KeyError, IndexError) as error:
        raise SiteError(f"cannot read: {error}", hand.line) from None
    return p


def _game(p: Parsed, info: Dict[str, str], line: int) -> None:
    gametype = (info.get("gametype") or "").strip()
    small = big = None
    lh = _LH.fullmatch(gametype)
    if lh is not None:
        base, limit, stakes = HOLDEM, Limit.FIXED_LIMIT, lh.group("stakes")
        small, big = lh.group("small"), lh.group("big")
    else:
        match = _GAMETYPE.fullmatch(gametype)
        if match is None:
            raise SiteError(f"its session's game {gametype!r} is a game the importer does not read", line)
        name = match.group("game")
        if name is None:
            base = PLO  # "PL": five-card (or four-card) Omaha, told by the pocket cards
        elif name not in _GAMES:
            raise SiteError(f"{name} is not played by the engine", line)
        else:
            base = _GAMES[name]
        limit = _LIMITS[match.group("limit")]
        stakes = (match.group("stakes") or "").strip()
    p.variant = base if base.is_stud else game(base, limit)
    p.stakes = stakes
    p.table = (info.get("tablename") or "").strip()
    currency = (info.get("tablecurrency") or info.get("currency") or "").strip()
    ante = stakes.find(" Ante ")
    sizes = (stakes[:ante] if ante >= 0 else stakes).split("/")
    if stakes and len(sizes) == 2:
        p.currency = currency
        first, second = money(sizes[0], line), money(sizes[1], line)
        if p.variant.limit is Limit.FIXED_LIMIT:
            p.small_bet, p.big_bet = first, second
        else:
            p.blinds = (first, second)
    else:
        # No stakes in the game: a tournament, played in chips.
        p.decimals = 0
        code = (info.get("tournamentcode") or info.get("tourcode") or "").strip()
        if not code:
            number = re.search(r"(\d+)\s*$", p.table.split(" ")[0] if "," not in p.table else
                               p.table.split(",")[1].strip().split(" ")[0])
            code = number.group(1) if number else ""
        p.tournament = code or (info.get("tournamentname") or "").strip() or p.table
        p.fields["tournament"] = p.tournament
    if small is not None:
        p.small_bet, p.big_bet = money(small, line), money(big, line)
    version = (info.get("client_version") or "").split(".")[0]
    # Clients from version 20 on write ``win`` without the returned uncalled bet.
    p.fields["_win_has_uncalled"] = not ((version.isdigit() and int(version) >= 20) or
                                         (info.get("uncalled_bet_enabled") or "").strip() == "true")


def _hand(p: Parsed, hand: Node, info: Dict[str, str], unknown_bets: bool = False) -> None:
    general = hand.find("general")
    if general is None or general.find("players") is None:
        raise SiteError("the hand has no player list (<general><players>)", hand.line)
    start = general.find("startdate")
    if start is None or not start.text:
        # Some exports write, for each hand, only its seats and blinds (no date, no
        # cards, no betting round, no win figures): a hand cut short.
        # A hand complete apart from its date is read without a time.
        rounds = hand.findall("round")
        if all(r.get("no") == "0" for r in rounds) and not any(c.tag == "cards" for r in rounds
                                                               for c in r.children):
            raise SiteError("the hand is partial: the site wrote only its seats and blinds (no start date, no "
                            "cards, no betting round)", hand.line)
    p.time = start.text if start is not None and start.text else ""
    wins: Dict[str, int] = {}
    names: Dict[str, int] = {}
    for player in general.find("players").findall("player"):
        name = player.get("name", "")
        if not name:
            continue  # an empty seat
        line = player.line
        if name in names:
            raise SiteError(f"two seats hold {name!r}", line)
        seat = int(player.get("seat", "0"))
        names[name] = seat
        p.seats.append((seat, name, money(player.get("chips"), line)))
        wins[name] = money(player.get("win", "0"), line)
        if player.get("dealer") == "1":
            p.button = seat
    if len(p.seats) < 2:
        raise SiteError("the hand has fewer than two players", hand.line)
    stud = p.variant.is_stud
    acts = []  # (no, street, type, player, sum, line)
    pockets: Dict[str, List[Optional[str]]] = {}
    shown_streets: Dict[str, List[List[Optional[str]]]] = {}
    board: List[str] = []
    sitting: set = set()
    for round_ in hand.findall("round"):
        number = int(round_.get("no", "-1"))
        street = number - 2 if stud else number - 1
        for node in round_.children:
            line = node.line
            if node.tag == "cards":
                kind = node.get("type", "")
                cards = [card(c, line, suit_first=True) for c in node.text.split()]
                who = node.get("player", "")
                if kind in ("Flop", "Turn", "River") and not who:
                    board.extend(c for c in cards if c is not None)
                elif kind == "Pocket" or kind in _STUD_STREETS:
                    if who not in names:
                        raise SiteError(f"cards of {who!r}, who has no seat", line)
                    if kind == "Pocket":
                        pockets[who] = cards
                    else:
                        shown_streets.setdefault(who, []).append(cards)
                else:
                    raise SiteError(f"unknown cards {kind!r}", line)
            elif node.tag == "action":
                who = node.get("player", "")
                if who not in names:
                    raise SiteError(f"an action of {who!r}, who has no seat", line)
                kind = int(node.get("type", "-1"))
                amount = node.get("sum", "0")
                # sum "DP": disconnect protection, all-in for the chips already in
                acts.append((int(node.get("no", "0")), street, kind, who,
                             None if amount == "DP" else money(amount, line), line))
    acts.sort(key=lambda a: a[0])
    posted_big = 0
    for no, street, kind, who, amount, line in acts:
        if amount is None:
            p.acts.append(Act(who, "dp", None, None, True, street, line))
        elif kind == 1:
            p.posts.append((who, "sb", amount, line))
        elif kind == 2:
            # a second big blind bigger than the first: small and big together
            kind_name = "sbbb" if posted_big and amount > posted_big else "bb"
            posted_big = posted_big or amount
            p.posts.append((who, kind_name, amount, line))
        elif kind == 15:
            p.posts.append((who, "ante", amount, line))
        elif kind in (8, 9):
            sitting.add(who)
        elif kind == 0:
            p.acts.append(Act(who, "f", None, None, False, street, line))
        elif kind == 4:
            p.acts.append(Act(who, "x", None, None, False, street, line))
        elif kind == 3:
            p.acts.append(Act(who, "c", amount, None, False, street, line))
        elif kind == 5:
            if stud and street == 0:
                p.acts.append(Act(who, "co", None, amount, False, street, line))
            else:
                p.acts.append(Act(who, "b", amount, None, False, street, line))
        elif kind == 6 or kind == 7:
            p.acts.append(Act(who, "b", amount, None, kind == 7, street, line))
        elif kind == 23:
            p.acts.append(Act(who, "b", None, amount, False, street, line))
        elif kind == 16:
            p.acts.append(Act(who, "bi", amount, None, False, street, line))
        else:
            raise SiteError(f"unknown action type {kind}", line)
    dealt = set(pockets) | set(shown_streets)
    for _, name, _ in p.seats:
        acted = any(a.player == name for a in p.acts) or any(post[0] == name for post in p.posts)
        if name not in dealt and (name in sitting or not acted):
            p.sitting_out.add(name)
    for name in p.sitting_out:
        # An ante posted before sitting out is dead money (the replay's layout); a blind
        # would change who acts when, which the text does not say.
        if any(post[0] == name and post[1] != "ante" for post in p.posts):
            raise SiteError(f"{name} posts a blind but is not dealt in (sits out after posting): the engine "
                            f"cannot play it", hand.line)
    dead_ante = next((post[0] for post in p.posts if post[0] in p.sitting_out), None)
    if dead_ante is not None and (stud or len(p.seats) - len(p.sitting_out) < 3
                                  or not any(post[1] in ("sb", "bb") for post in p.posts)):
        # the replay fronts the dead ante from a dealt seat outside the blinds (.replay.layout)
        raise SiteError(f"{dead_ante} posts an ante but is not dealt in, in a stud hand, a hand without blinds or "
                        f"heads-up: the engine cannot play it", hand.line)
    if stud:
        for who, streets in shown_streets.items():
            dealt_cards: List[Optional[str]] = []
            for cards in streets:
                dealt_cards.extend(cards)
            p.stud[who] = dealt_cards
            if len(dealt_cards) == 7 and None not in dealt_cards:
                p.known[who] = dealt_cards
    else:
        for who, cards in pockets.items():
            if cards and None not in cards:
                p.known[who] = cards
        if p.variant.name == PLO.name:
            count = max((len(c) for c in pockets.values()), default=4)
            if count != 4:
                if count not in _OMAHAS:
                    raise SiteError(f"Omaha with {count} pocket cards is not played by the engine", hand.line)
                p.variant = game(_OMAHAS[count], p.variant.limit)
        elif pockets and max(len(c) for c in pockets.values()) != p.variant.cards_per_player:
            raise SiteError(f"{max(len(c) for c in pockets.values())} pocket cards in {p.variant.name}", hand.line)
    if board:
        p.boards = [board]
    if stud and not p.small_bet:
        try:
            stud_bets(p, hand.line)
        except SiteError:
            if not unknown_bets:
                raise
    all_in_calls(p)
    check_posts(p)
    # The figures: win as written; the rake is what went in and did not come back.
    # What went in is counted from the actions: the ``bet`` figures count a small
    # blind who raises, or the ante of a player all-in, twice.
    p.reports_returned = False
    put_in, uncalled = chips_in(p)
    p.collected = {name: v for name, v in wins.items() if v}
    paid = sum(wins.values())
    rake = put_in - paid - (0 if p.fields.pop("_win_has_uncalled") else uncalled)
    if rake < 0:
        raise SiteError(f"the figures do not add up: the players won {paid} (hundredths) but put in {put_in}",
                        hand.line)
    # a tournament takes no rake: any gap between what went in and what came back is
    # left for the replay to name
    p.rake = 0 if p.tournament is not None else rake
    p.total = put_in - uncalled
    if p.decimals == 0:
        in_chips(p)
    if not p.acts and not p.posts:
        raise SiteError("the hand has no actions", hand.line)
