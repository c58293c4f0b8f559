"""Playing a site's hand on the engine and checking the site's figures.

:func:`layout` places the hand on the engine: the players dealt in (by seat), the
button the engine needs so that the first player on its left posts the small blind
(a dead or empty button seat plays no part), the blinds, antes, straddle, and any
blinds posted by a player coming back (live and dead parts). :func:`replay` then
deals the cards the hand names (stand-ins for unknown ones: a player who reaches the
showdown without showing is given cards that lose there, as the site's muck does),
plays every action through the engine's rules, takes the site's rake and fees as the
site took them, and compares the engine's settlement with the site's figures.
888poker's rake (``fields["rake_from"]``) is moved off the main pot as the site takes it.
"""

from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from itertools import chain, combinations, islice
from random import Random
from typing import Dict, List, NamedTuple, Optional, Tuple

from ..betting import Action, Limit
from ..cards import cards as parse_cards
from ..engine import Hand, Options, PendingKind, Stakes
from ..errors import PokerhashError
from ..pots import OddChipRule, RakeRule
from .draws import DrawDeals
from .model import Act, Parsed, SiteError, to_decimal
from .settling import deductions_from_collections, half_bet_all_in, settlement, uncapped_heads_up

__all__ = ["Layout", "SiteReplay", "layout", "replay"]


class SiteReplay(NamedTuple):
    """A site hand played on the engine.

    ``won``: name -> chips paid to the player from the pots after the rake (every board
    and half), as the engine settles them; ``returned``: name -> uncalled chips given
    back; ``rake``: what the engine took (the site's rake plus fees); ``agrees``: the
    engine played every action as the site wrote it and its settlement equals the
    site's figures (what each player collected, the uncalled bets, the rake, the total
    pot); ``differences``: each one named; ``hand``: the engine's
    :class:`~pokerhash.engine.Hand` (None if it could not be built).
    """

    won: Dict[str, Decimal]
    returned: Dict[str, Decimal]
    rake: Decimal
    agrees: bool
    differences: Tuple[str, ...]
    hand: Optional[Hand]


class Layout(NamedTuple):
    """The hand on the engine: ``order`` the dealt players (seat, name, stack) clockwise
    from the engine's button's left; ``button`` that button; ``stakes``; ``missed``
    seat -> (live, dead) blinds posted by a player coming back."""

    order: Tuple[Tuple[int, str, int], ...]
    button: int
    stakes: Stakes
    missed: Dict[int, Tuple[int, int]]
    straddler: Optional[str]
    #: Heads-up with the big blind on the button (Options.heads_up_dead_button).
    dead_button: bool = False
    #: The seat that fronts dead money from outside the dealt players (a cash drop,
    #: antes posted by players not dealt in): its ``missed`` dead part, its stack
    #: raised by as much in the replay (its own chips are untouched).
    outside_seat: Optional[int] = None
    #: (name, ante) posted by players who then sit out: dead money, not dealt in.
    dead_antes: Tuple[Tuple[str, int], ...] = ()


_new = tuple.__new__  # a NamedTuple made without its Python-level __new__ (every field given)
# A record's field by index (the engine's Pending, LegalActions and Action, the parse's
# Act): compiled, _records.pxd's C read (replay.pxd), where an attribute, an index or an
# unpacking of a tuple subclass is a Python lookup or an iteration; uncompiled, indexing.
globals().setdefault("_field", tuple.__getitem__)


def layout(p: Parsed) -> Layout:
    """Where the engine seats the hand's players; SiteError when it cannot play it."""
    return _layout(p, None)


def _layout(p: Parsed, facts) -> Layout:
    """:func:`layout`, the variant's :func:`_facts` read by the caller (the replay reads
    them once a hand), or None: read here, where layout read them (after the checks of
    the players and posts)."""
    # The players dealt in, each name's seat and each seat's player: one pass.
    sitting_out = p.sitting_out
    dealt = []
    seat_of = {}
    by_seat = {}
    for seat, name, stack in p.seats:
        if name not in sitting_out:
            d = (seat, name, stack)
            dealt.append(d)
            seat_of[name] = seat
            by_seat[seat] = d
    if len(dealt) < 2:
        raise SiteError(f"{len(dealt)} player(s) dealt in: a hand needs two")
    dead_antes = []
    for name, kind, amount, line in p.posts:
        if name not in seat_of:
            if kind != "ante" or name not in p.sitting_out:
                raise SiteError(f"{name!r} posts but is not dealt in", line)
            dead_antes.append((name, amount))  # posted, then sat out: dead money
    # The first small blind, big blind and button blind posted, the antes of players
    # dealt in and the straddles: one loop over the posts (not five).
    sb = bb = button_blind = None
    # (name, line) of the first small and big blind posted (_first_post's answers)
    first_sb = first_bb = None
    antes = []
    straddles = []
    for name, kind, amount, line in p.posts:
        if kind == "sb":
            if sb is None:
                sb = (name, amount)
                first_sb = (name, line)
        elif kind == "bb":
            if bb is None:
                bb = (name, amount)
                first_bb = (name, line)
        elif kind == "ante":
            if name in seat_of:
                antes.append((name, amount))
        elif kind == "straddle":
            straddles.append((name, amount))
        elif kind == "button":
            if button_blind is None:
                button_blind = (name, amount)
    seats = sorted(seat_of.values())
    n = len(seats)
    stud = _field(facts if facts is not None else _facts(p.variant), 2)  # is_stud
    if dead_antes and (stud or sb is None and bb is None):
        raise SiteError(f"{dead_antes[0][0]!r} posts an ante but is not dealt in, in a hand without blinds")
    if stud:
        return _stud_layout(p, dealt, seats, antes)
    if button_blind is not None and sb is None and bb is None:
        return _button_blind_layout(p, dealt, seats, seat_of, button_blind, antes, straddles)
    if sb is None and bb is not None and n == 2:
        # Heads-up, the button all-in on the ante posts nothing: its small blind is still due.
        for other in dealt:  # (the other player: loops, no generators in a C function)
            if other[1] != bb[0]:
                break
        else:
            # (never from a parse: the big blind's poster is one of the two dealt in)
            raise SiteError(f"the big blind ({bb[0]}) is posted by neither player dealt in")
        if other[2] == _antes_of(antes, other[1]):
            sb = (other[1], 0)
    first = sb or bb
    if first is None and antes and len(antes) == n and _all_in_antes(antes, dealt):
        return _antes_only(p, dealt, seats, antes)
    if first is None:
        raise SiteError("no blinds are posted")
    start = seats.index(seat_of[first[0]])
    dead_button = bool(p.fields.get("heads_up_dead_button"))
    if n == 2 and sb is not None and not dead_button:
        start = (start + 1) % n  # heads-up the button posts the small blind
    button = seats[start - 1]
    if len(by_seat) == n:
        # Each player's seat once: the order is the seats from ``start`` round the
        # table, read off (what the sort below gives, without a key function per player).
        order = tuple([by_seat[seat] for seat in seats[start:] + seats[:start]])
    else:
        order = _by_position(dealt, seats, start, n)
    if bb is None and sb is not None and n > 2:
        # The big blind's player all-in on the ante posts nothing: the blind is still due.
        name = order[1][1]
        if order[1][2] == _antes_of(antes, name):
            bb = (name, 0)
    if bb is None:
        raise SiteError("no big blind is posted")
    expected_bb = 0 if n == 2 and not dead_button else (1 if sb is not None else 0)
    if _position(order, bb[0]) != expected_bb:
        raise SiteError(f"the big blind ({bb[0]}) is not on the small blind's left: the engine cannot seat the blinds")
    blinds = (_blind(p, dealt, sb, 0), _blind(p, dealt, bb, 1)) if sb is not None else (_blind(p, dealt, bb, 1),)
    missed: Dict[int, Tuple[int, int]] = {}
    for name, kind, amount, line in p.posts:
        # _first_post(p, kind, name, line) for "sb" and "bb", from the loop above
        if (kind == "sb" and first_sb == (name, line) or kind == "bb" and first_bb == (name, line)) \
                or name not in seat_of:
            continue  # the blinds themselves (any other blind is posted by a player coming back), dead antes
        live, dead = missed.get(seat_of[name], (0, 0))
        if kind == "bb" or (kind == "sb" and _live_small_blind(p, name, amount, bb)):
            live += amount
        elif kind == "sb" or kind == "dead":
            dead += amount
        elif kind == "sbbb":
            big = bb[1]
            live, dead = live + min(amount, big), dead + max(amount - big, 0)
        else:
            continue
        missed[seat_of[name]] = (live, dead)
    straddle = 0
    straddler = None
    straddle_position = None
    if straddles:
        straddler, straddle = _straddle(p, straddles, n)
        if _position(order, straddler) != 2 or any([post[0] == straddler and post[1] in ("sb", "bb") for post in p.posts]):
            if p.site not in STRADDLE_ANYWHERE:
                raise SiteError("the engine plays one straddle, by the player on the big blind's left")
            straddle_position = _position(order, straddler)  # the room's straddle from any seat
            # his own blind is part of the straddle (the engine posts the straddle instead)
            straddle += sum([post[2] for post in p.posts if post[0] == straddler and post[1] in ("sb", "bb")])
    ante, big_blind_ante = 0, False
    if antes:
        if len(antes) == 1 and n > 1 and antes[0][0] == bb[0] and len(dealt) > 1 and antes[0][1] % n == 0:
            ante, big_blind_ante = antes[0][1] // n, True
        else:
            ante = _equal_antes(antes, dealt)
    outside = p.cash_drop + sum([amount for _, amount in dead_antes])
    outside_seat = None
    if outside:
        # Money from outside the dealt players (the site's cash drop, antes of players
        # who then sat out): dead money from a seat not in the blinds, whose stack the
        # replay raises by as much (its own chips are untouched).
        free = [seat for seat, name, _ in order[2 if n > 2 else 0:] if seat not in missed and name != straddler]
        if n == 2 or not free:
            raise SiteError("dead money from outside the dealt players (a cash drop, the ante of a player who sat "
                            "out) in a hand with no seat outside the blinds")
        outside_seat = free[-1]
        missed[outside_seat] = (0, outside)
    # _stakes's entry read here (its key, built the same way): a Python call of nine
    # arguments only for stakes not met yet (positional: keywords are parsed by name).
    small_bet, big_bet = p.small_bet, p.big_bet
    known_stakes = _STAKES
    stakes = known_stakes.get((blinds, 0, ante, big_blind_ante, straddle, 0, small_bet, big_bet, straddle_position))
    if stakes is None:
        stakes = _stakes(blinds, 0, ante, big_blind_ante, straddle, 0, small_bet, big_bet, straddle_position)
    # tuple.__new__: the NamedTuple's own __new__ is a Python function (a frame a hand).
    return _new(Layout, (order, button, stakes, missed, straddler, dead_button and n == 2, outside_seat,
                         tuple(dead_antes)))


def _position(order: tuple, name: str) -> int:
    """``name``'s place in ``order`` (the last, as a dict of the places would say):
    KeyError when he has none."""
    k = len(order) - 1
    while k >= 0:
        if order[k][1] == name:
            return k
        k -= 1
    raise KeyError(name)


def _antes_of(antes: List[Tuple[str, int]], name: str) -> int:
    """What ``name`` posted in antes."""
    total = 0
    for ante in antes:
        if ante[0] == name:
            total += ante[1]
    return total


def _all_in_antes(antes: List[Tuple[str, int]], dealt: list) -> bool:
    """Whether every player dealt in posted his whole stack as the ante (a flip-out)."""
    return all(a == s for (_, a), (_, _, s) in zip(sorted(antes), sorted(dealt, key=lambda d: d[1])))


def _by_position(dealt: list, seats: List[int], start: int, n: int) -> tuple:
    """The dealt players in seat order from ``start`` round the table (a seat held twice
    kept in the order dealt: a stable sort)."""
    return tuple(sorted(dealt, key=lambda d: (seats.index(d[0]) - start) % n))


_STAKES: Dict[tuple, Stakes] = {}


def _stakes(blinds: Tuple[int, ...] = (), button_blind: int = 0, ante: int = 0, big_blind_ante: bool = False,
            straddle: int = 0, bring_in: int = 0, small_bet: int = 0, big_bet: int = 0,
            straddle_position: Optional[int] = None) -> Stakes:
    """``Stakes(...)``, one object for the same stakes hand after hand (a Stakes is
    frozen): its checks run once, and the engine, which keeps a stakes' betting
    structure by the object, builds that structure once instead of every hand."""
    key = (tuple(blinds), button_blind, ante, big_blind_ante, straddle, bring_in, small_bet, big_bet,
           straddle_position)
    stakes = _STAKES.get(key)
    if stakes is None:
        stakes = Stakes(blinds=blinds, button_blind=button_blind, ante=ante, big_blind_ante=big_blind_ante,
                        straddle=straddle, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet,
                        straddle_position=straddle_position)
        if len(_STAKES) > 4096:
            _STAKES.clear()
        _STAKES[key] = stakes
    return stakes


# Rooms whose straddle may be posted from any seat, the blinds' and the button's too,
# and beside a button blind; preflop action then starts on the straddler's left (the
# engine's room option Options.straddle_anywhere). Elsewhere the rules' straddle: by
# the player on the big blind's left.
STRADDLE_ANYWHERE = frozenset({"ggpoker"})


def _straddle(p: Parsed, straddles: List[Tuple[str, int]], n: int) -> Tuple[str, int]:
    """The one straddle (player, what it adds to his blind); SiteError when there are
    more, or fewer than three players."""
    if len(straddles) > 1 or n < 3:
        raise SiteError("the engine plays one straddle, with three or more players")
    return straddles[0]


def _live_small_blind(p: Parsed, name: str, amount: int, bb: Tuple[str, int]) -> bool:
    """Whether a small blind posted by a player coming back was live: the text says so
    when the player's first action is a call that, with the post, makes the big blind
    (text converted by other tools; PokerStars' own is dead)."""
    first = next((a for a in p.acts if a.player == name), None)
    return first is not None and first.verb == "c" and first.street == 0 and first.amount is not None \
        and first.amount + amount == bb[1]


def _antes_only(p: Parsed, dealt: list, seats: List[int], antes: List[Tuple[str, int]]) -> Layout:
    """Every player all-in on the antes (a flip-out): no blind can be posted, so the
    table's blinds (or nominal ones) are set and nobody posts them."""
    ante = _equal_antes(antes, dealt)
    blinds = p.blinds if all(p.blinds) else (1, 2)
    button = max((seat for seat in seats if seat <= p.button), default=seats[-1])
    start = (seats.index(button) + 1) % len(seats)
    order = tuple(sorted(dealt, key=lambda d: (seats.index(d[0]) - start) % len(seats)))
    stakes = _stakes(blinds=blinds, ante=ante, small_bet=p.small_bet, big_bet=p.big_bet)
    return Layout(order, button, stakes, {}, None)


def _blind(p: Parsed, dealt: list, post: Tuple[str, int], which: int) -> int:
    """A blind as the engine posts it: what was posted, or the table's blind when the
    player went all-in posting less (callers still call the full blind)."""
    name, amount = post
    table = p.blinds[which]
    if not table or amount >= table:
        return amount
    # (loops, no generators: a C function compiled, replay.pxd, has no closures)
    stack = None
    for d in dealt:
        if d[1] == name:
            stack = d[2]
            break
    if stack is None:
        raise SiteError(f"a blind is posted by {name!r}, who is not dealt in")
    antes = 0
    for post in p.posts:
        if post[0] == name and post[1] == "ante":
            antes += post[2]
    return table if amount == stack - antes else amount


def _equal_antes(antes: List[Tuple[str, int]], dealt: list) -> int:
    """The table's ante (each player's, or all the chips of a short stack); SiteError
    when they differ otherwise or a player dealt in posts none."""
    ante = antes[0][1]
    for _, a in antes:  # max(): a loop, no generator
        if a > ante:
            ante = a
    stack = {name: s for _, name, s in dealt}
    for name, amount in antes:
        if amount != min(ante, stack[name]):
            raise SiteError(f"{name} antes {amount}, not the table's {ante}: the engine plays equal antes")
    if len(antes) != len(dealt):
        raise SiteError("not every player dealt in posts the ante")
    return ante


def _stud_layout(p: Parsed, dealt: list, seats: List[int], antes: List[Tuple[str, int]]) -> Layout:
    """Stud has no button: the players are dealt from the lowest seat (the engine is
    given the highest seat as its button), the lowest up card brings in."""
    if not p.small_bet:
        raise SiteError("the stakes of a stud hand (small and big bet) are not in its first line")
    bring_in = next((a.amount for a in p.acts if a.verb == "bi"), None) or max(p.small_bet // 2, 1)
    ante = _equal_antes(antes, dealt) if antes else 0
    stakes = _stakes(ante=ante, bring_in=bring_in, small_bet=p.small_bet, big_bet=p.big_bet)
    return Layout(tuple(sorted(dealt)), seats[-1], stakes, {}, None)


def _button_blind_layout(p: Parsed, dealt: list, seats: List[int], seat_of: Dict[str, int], post: Tuple[str, int],
                         antes: List[Tuple[str, int]], straddles: list) -> Layout:
    """Antes and one blind posted by the button (short deck): the button is the poster,
    the first to act is on its left."""
    if straddles and p.site not in STRADDLE_ANYWHERE:
        raise SiteError("a straddle beside a button blind: the engine plays none")
    button = seat_of[post[0]]
    start = seats.index(button) + 1
    n = len(seats)
    order = tuple(sorted(dealt, key=lambda d: (seats.index(d[0]) - start) % n))
    ante = _equal_antes(antes, dealt) if antes else 0
    if not straddles:
        return Layout(order, button, _stakes(blinds=(), button_blind=post[1], ante=ante), {}, None)
    straddler, straddle = _straddle(p, straddles, n)
    if straddler == post[0]:
        straddle += post[1]  # the button's own blind is part of his straddle
    position = next(k for k, (_, name, _) in enumerate(order) if name == straddler)
    stakes = _stakes(blinds=(), button_blind=post[1], ante=ante, straddle=straddle, straddle_position=position)
    return Layout(order, button, stakes, {}, straddler)


_CARD_CACHE: Dict[str, int] = {}


def _card(text: str) -> int:
    card = _CARD_CACHE.get(text)
    if card is None:
        card = _CARD_CACHE[text] = parse_cards(text)[0]
    return card


def _card_ints(texts) -> List[int]:
    """:func:`_card` of each text: the cache read inline (a function call per card
    cost more than the lookup), the parse only for a text not seen yet."""
    get = _CARD_CACHE.get
    out = []
    for text in texts:
        card = get(text)
        out.append(_card(text) if card is None else card)
    return out


class _Facts(NamedTuple):
    """What the replay asks of a variant for every hand, read once per variant (each is
    a property that walks the variant's streets), and its decks by table size."""

    variant: object
    cards_per_player: int
    is_stud: bool
    is_draw: bool
    draws_last: bool
    decks: Dict[int, Tuple[int, ...]]


_FACTS: Dict[int, _Facts] = {}


def _facts(variant) -> _Facts:
    # (compiled, a C function, its entry's variant read by _field and the cache typed:
    # replay.pxd, its get a C call)
    known = _FACTS
    found = known.get(id(variant))
    if found is None or _field(found, 0) is not variant:  # the variant is kept in it: its id is not reused
        if len(known) > 1000:
            known.clear()
        found = known[id(variant)] = _Facts(variant, variant.cards_per_player, variant.is_stud, variant.is_draw,
                                             bool(variant.streets[-1].draw), {})
    return found


def _deck(variant, players: int) -> Tuple[int, ...]:
    """``variant.deck(players)``, made once per variant and table size (compiled, a C
    function)."""
    return _deck_of(_facts(variant), players)


def _deck_of(facts: _Facts, players: int) -> Tuple[int, ...]:
    """:func:`_deck` of the variant whose :func:`_facts` are ``facts`` (read once by the caller)."""
    decks = _field(facts, 5)  # decks
    deck = decks.get(players)
    if deck is None:
        deck = decks[players] = _field(facts, 0).deck(players)  # the variant's
    return deck


_ATTEMPTS = 6
_OPTIONS: Dict[tuple, Tuple[OddChipRule, Options]] = {}


def _options(take: int, run_twice: bool, odd: OddChipRule, every_pot: bool, straddle_anywhere: bool = False,
             cap: Optional[int] = None, large_draw_table: bool = False, half_bet: str = "all-in",
             runs: int = 2) -> Options:
    """The table options of a hand: the house takes exactly ``take`` (a rule of 100% of
    the pot capped at it; from every pot in proportion when ``every_pot``), run it
    twice (or three times) as the site did, the site's odd-chip rule (:mod:`.settling`), a straddle from
    any seat at the rooms that allow it, a capped table's cap, a draw game seated beyond
    the rules' table size as the room seated it, the room's half-bet all-in rule
    (:mod:`.settling`), a board run more than twice. Made once per amount: a rake rule checks its fractions when
    built."""
    # The rule by its id (a frozen dataclass hashes in Python, every hand), the entry
    # keeping the rule itself: its id is not reused while the entry lives.
    key = (take, run_twice, id(odd), every_pot, straddle_anywhere, cap, large_draw_table, half_bet, runs)
    known = _OPTIONS  # (typed compiled: replay.pxd)
    found = known.get(key)
    if found is None or found[0] is not odd:
        if len(known) > 10000:
            known.clear()
        found = known[key] = (odd, Options(rake=RakeRule(1, 1, cap=take, every_pot=every_pot) if take else None,
                                              run_it_twice=run_twice, odd_chips=odd,
                                              straddle_anywhere=straddle_anywhere, cap=cap,
                                              large_draw_tables=large_draw_table, half_bet_all_in=half_bet,
                                              runs=runs))
    return found[1]


_REPLACED: Dict[tuple, tuple] = {}


def _replaced(frozen, field: str):
    """``replace(frozen, field=True)`` (Stakes, Options), one object for the same one
    hand after hand: the engine keeps a table's set-up (betting structure, deal shape)
    by the stakes' and options' objects, and a new object every hand missed it. The
    entry keeps the original, so its id is not reused while it lives."""
    key = (id(frozen), field)
    found = _REPLACED.get(key)
    if found is None or found[0] is not frozen:
        if len(_REPLACED) > 4096:
            _REPLACED.clear()
        found = _REPLACED[key] = (frozen, replace(frozen, **{field: True}))
    return found[1]


def replay(site_hand, log: bool = False) -> SiteReplay:
    """Play the hand on the engine and compare (see :class:`SiteReplay`). When players
    reach the showdown without showing, their stand-in cards are chosen to lose there;
    which rival they must lose to is not written, so a replay that disagrees is tried
    again with the next weaker choice (at most a few times): any cards the site never
    showed that settle the hand as the site did make it agree. ``log``: the engine's
    hand keeps its event log (to write it as PHH; the hand database walks it)."""
    result, picked = _guarded(site_hand, 0, log)
    attempt = 1
    while picked and not result.agrees and attempt < _ATTEMPTS:
        again, picked = _guarded(site_hand, attempt, log)
        if again.agrees:
            return again
        attempt += 1
    return result


def _guarded(site_hand, attempt: int, log: bool) -> Tuple[SiteReplay, bool]:
    """:func:`_replay`, and never an exception out of it: a hand the replay cannot
    follow is a difference."""
    try:
        return _replay(site_hand, attempt, log)
    except (ArithmeticError, LookupError, StopIteration, TypeError, ValueError) as error:
        problem = f"the replay cannot follow the hand (an importer bug, {type(error).__name__}: {error})"
        return SiteReplay({}, {}, Decimal(0), False, (problem,), None), False


def _replay(site_hand, attempt: int, log: bool = False) -> Tuple[SiteReplay, bool]:
    p: Parsed = site_hand._parsed
    differences: List[str] = []
    d = p.decimals
    variant = p.variant
    facts = _facts(variant)  # once a hand: layout and _cards_for take them
    try:
        lay = _layout(p, facts)
    except PokerhashError as error:  # SiteError, or stakes the engine refuses (a blind of 0)
        return SiteReplay({}, {}, Decimal(0), False, (f"the engine cannot seat the hand: {error}",), None), False
    # Each seat's stack and name, and each name's seat: one pass over the order (not
    # three comprehensions).
    stacks = {}
    name_of = {}
    seat_of = {}
    # The layout's and the facts' fields by index (_field: compiled a C read, where an
    # attribute of a NamedTuple is a Python lookup): Layout's order 0, button 1, stakes 2,
    # missed 3, outside_seat 6; _Facts' is_draw 3, draws_last 4.
    order = _field(lay, 0)
    for entry in order:
        seat = _field(entry, 0)
        name = _field(entry, 1)
        stacks[seat] = _field(entry, 2)
        name_of[seat] = name
        seat_of[name] = seat
    outside_seat = _field(lay, 6)
    if outside_seat is not None:
        stacks[outside_seat] += _field(lay, 3)[outside_seat][1]
    take = (p.rake or 0) + p.fees
    fixed = variant.limit is Limit.FIXED_LIMIT
    odd, every_pot = settlement(p)
    options = _options(take, p.run_twice, odd, every_pot, _field(lay, 2).straddle_position is not None,
                       p.fields.get("capped_at"), _field(facts, 3) and not variant.fits(len(order)),
                       half_bet_all_in(p) if fixed else "all-in",
                       len(p.boards) if p.run_twice and len(p.boards) > 2 else 2)
    if fixed and uncapped_heads_up(p):
        lay = lay._replace(stakes=_replaced(lay.stakes, "uncapped_heads_up"))
    if p.fields.get("heads_up_dead_button"):
        options = _replaced(options, "heads_up_dead_button")
    try:
        hand = Hand(variant, stacks, button=_field(lay, 1), stakes=_field(lay, 2), options=options, deal="caller",
                    log=log, missed_blinds=_field(lay, 3))
        holes, boards, picked = _cards_for(p, lay, variant, facts, attempt)
        drawing = DrawDeals(p, order, holes, _deck_of(facts, len(order)), _card) if _field(facts, 4) \
            else None
    except PokerhashError as error:
        return SiteReplay({}, {}, Decimal(0), False, (f"the engine cannot play the hand: {error}",), None), False
    acts = p.acts
    k = 0
    dealt_count = [0] * hand._n  # the cards dealt so far to each player, by the engine's index
    kept_back: Dict[str, int] = {}  # raises no opponent could answer: the part the engine never took
    conceded: List[int] = []  # all-in players written as folding: they give up their hand
    spare: Optional[List[int]] = None  # cards for a board the site never dealt (see _decided)
    n_acts = len(acts)
    try:
        # Per step: the pending request unpacked once, the acts read as tuples (each
        # attribute read of the engine's or an act's was a lookup: 200 a hand).
        while True:
            # (the field, as the pending property reads it: compiled, a C read of the
            # engine's Hand, replay.pxd)
            pending = hand._pending
            kind = _field(pending, 0)
            if kind is _OVER:
                break
            pending_seat, legal, count, target = _field(pending, 1), _field(pending, 2), _field(pending, 3), \
                _field(pending, 4)
            if conceded and _decided(hand, conceded) and (k >= n_acts or acts[k].verb == "m"):
                # Every rival left has given up: the site's hand is over. The engine plays
                # on to its showdown, which no card can change: draws stand pat, a board
                # the site never dealt is dealt from cards nobody holds.
                if kind is _DRAW:
                    hand.draw(())
                    continue
                if kind is _DEAL and target == "board":
                    if spare is None:
                        taken = {c for cards in holes.values() for c in cards}
                        for board in boards:  # (no generator: _replay is cpdef, without closures)
                            taken.update(board)
                        spare = [c for c in _deck_of(facts, len(order)) if c not in taken]
                    if len(boards) <= len(hand.boards) - 1 or len(boards[len(hand.boards) - 1]) < \
                            len(hand.boards[-1]) + count:
                        hand._deal_ints(tuple(spare[:count]))
                        del spare[:count]
                        continue
            if kind is _DEAL:
                # The cards are ints, placed and checked by _cards_for and DrawDeals: the
                # engine's deal of known ints (Hand._deal_ints), not deal()'s parse of card
                # text and generic checks (deal()'s errors all the same). A player's cards
                # (most deals) after one comparison of the target's name.
                if drawing is None and (target == "hole" or target == "up"):
                    # Every player's cards of this deal in one engine call (the engine
                    # runs its program once, not once a player): the pending player's,
                    # then each live player's after it in the engine's order, as the
                    # engine would ask for them one by one.
                    seats = hand.seats
                    folded = hand._folded
                    round_cards = []
                    for i in range(hand._index[pending_seat], hand._n):
                        if not folded[i]:
                            cards = holes[seats[i]]
                            at = dealt_count[i]
                            # (all his cards at once, most deals: the tuple itself, no slice made)
                            round_cards.append(cards if at == 0 and len(cards) == count else cards[at:at + count])
                            dealt_count[i] = at + count
                    waiting = hand._pending
                    try:
                        hand._deal_players_ints(tuple(round_cards))
                    except PokerhashError:
                        if hand._pending is not waiting:
                            raise  # refused after the cards were dealt: that error stands
                        # A player's cards refused (nothing dealt): dealt one by one
                        # instead, the players before him keep theirs in the hand
                        # returned (the engine's error is the same, raised by the
                        # refused player's deal).
                        for cards in round_cards:
                            hand._deal_ints(cards)
                        raise
                elif target == "burn":
                    hand._deal_ints(())
                elif target == "board":
                    # (the boards property, _boards + (_board,), read as its two fields: no tuple made)
                    run = len(hand._boards)  # the run being dealt (the second after run it twice)
                    board = boards[min(run, len(boards) - 1)] if boards else []
                    have = len(hand._board)
                    if len(board) < have + count:
                        differences.append(f"the site's board {board} stops before the engine's deal of "
                                           f"{count} more card(s)")
                        break
                    hand._deal_ints(board[have:have + count])
                elif drawing is not None:
                    if target == "draw":
                        hand._deal_ints(drawing.received(pending_seat, count))
                    else:
                        hand._deal_ints(drawing.initial(pending_seat, count))
                else:  # (a draw's cards in a game whose last street is no draw)
                    i = hand._index[pending_seat]
                    at = dealt_count[i]
                    hand._deal_ints(holes[pending_seat][at:at + count])
                    dealt_count[i] = at + count
                continue
            # A muck written while the betting still runs is no action; an all-in
            # player's (PokerStars writes a fold for one sitting out) gives up the hand.
            while k < n_acts and _field(acts[k], 1) == "m" and name_of[pending_seat] != _field(acts[k], 0):
                seat = seat_of.get(_field(acts[k], 0))
                if seat is not None and kind is _DECISION and not hand.stacks[seat] \
                        and seat not in hand.folded and seat not in conceded:
                    hand.muck(seat)
                    conceded.append(seat)
                k += 1
            if kind is _DRAW and conceded and _decided(hand, conceded) and k >= n_acts:
                continue  # the site's hand is over (above)
            if k >= n_acts:
                differences.append(f"the actions stop before the end of the hand: the engine waits for {pending}")
                break
            act = acts[k]
            k += 1
            player, verb, amount, to, all_in, street, line = (_field(act, 0), _field(act, 1), _field(act, 2),
                                                              _field(act, 3), _field(act, 4), _field(act, 5),
                                                              _field(act, 6))
            seat = seat_of.get(player)
            if seat != pending_seat:
                differences.append(f"line {line}: {player} acts, but the engine has "
                                   f"{name_of.get(pending_seat)} to act ({pending})")
                break
            if street != hand._street and street >= 0 and verb != "d":  # (the street property's field)
                differences.append(f"line {line}: {player} acts on street {street}, the engine is on "
                                   f"street {hand.street}")
                break
            if kind is _DRAW:
                problem = None if verb == "d" else f"{player}: {verb!r}, but the engine has a draw now"
                if problem is None:
                    hand.draw(drawing.discard(seat, amount))
            else:
                problem = _apply(hand, player, verb, amount, to, all_in, pending, kind, legal, seat, kept_back)
            if problem:
                differences.append(f"line {line}: {problem}")
                break
    except PokerhashError as error:
        act = acts[k - 1] if k else None
        where = f"line {act.line} ({act.player} {act.verb}): " if act else ""
        differences.append(f"{where}the engine refuses it: {error}")
    for rest in acts[k:]:
        if rest.verb != "m":
            differences.append(f"line {rest.line}: {rest.player} acts after the end of the hand")
            break
    if not hand.is_over:
        return SiteReplay({}, {}, Decimal(0), False, tuple(differences), hand), picked
    result = hand.result
    engine_won, won = _by_name(result.payouts, name_of, d)
    engine_returned, returned = _by_name(result.returned, name_of, d)
    rake = to_decimal(result.rake, d)
    site_won = {k2: v for k2, v in p.collected.items() if v}
    for name, amount in kept_back.items():
        engine_returned[name] = engine_returned.get(name, 0) + amount
    if not p.reports_returned:
        # The site gives uncalled chips back without a line, sometimes inside what it says
        # was collected: a player's figure may be what the engine paid with or without them.
        for name, amount in engine_returned.items():
            if site_won.get(name, 0) == engine_won.get(name, 0) + amount:
                engine_won[name] = engine_won.get(name, 0) + amount
    site_returned = {k2: v for k2, v in p.returned.items() if v}
    shifted = 0
    if p.reports_returned and len(engine_won) == 1 and not result.shown:
        # Everyone folded to one player. Text converted to PokerStars' format by other
        # tools returns a walk's whole big blind as uncalled and says the small blind
        # was collected: the same chips back to the same player, split otherwise.
        (name, engine_amount), = engine_won.items()
        more = site_returned.get(name, 0) - engine_returned.get(name, 0)
        if more > 0 and site_won.get(name, 0) == engine_amount - more:
            engine_won[name] -= more
            engine_returned[name] = engine_returned.get(name, 0) + more
            shifted = more
    if engine_won != site_won and take and "pots" in p.fields and len(result.settlements) == 1 and \
            _rake_spread(p.fields["pots"], result.settlements[0], name_of, take):
        site_won = engine_won  # checked pot by pot: the site took its rake from every pot
    elif engine_won != site_won and take and p.fields.get("rake_from"):
        shared = _rake_shared(result, p.fields["rake_from"])
        if shared is not None:
            engine_won = {name_of[seat]: v for seat, v in shared.items() if v}
            won = {name: to_decimal(v, d) for name, v in engine_won.items()}
            if not p.reports_returned:  # a collected figure may hold the uncalled chips, as above
                for name, amount in engine_returned.items():
                    if site_won.get(name, 0) == engine_won.get(name, 0) + amount:
                        engine_won[name] = engine_won.get(name, 0) + amount
    elif engine_won != site_won and take and site_won.keys() <= seat_of.keys():  # every winner seated
        # Checked pot by pot: each pot gave up to the rake and fees what its one winner
        # did not collect (the site says no more: .settling), adding up to the site's.
        given = deductions_from_collections(p, result, {seat_of[name]: v for name, v in site_won.items()})
        if isinstance(given, list):
            engine_won = dict(site_won)
            won = {name: to_decimal(v, d) for name, v in engine_won.items()}
        elif given is not None:
            differences.append(given)
    _compare("won", engine_won, site_won, d, differences)
    if p.reports_returned:
        _compare("returned", engine_returned, site_returned, d, differences)
    if result.rake != take:
        differences.append(f"rake and fees: the engine took {to_decimal(result.rake, d)}, the site "
                           f"{to_decimal(take, d)}")
    if p.total is not None:
        # (the live list of what each player put in, chips()[2]: the contributed property
        # builds a dict)
        put_in = sum(hand._contributed) + _dead(lay) - sum(result.returned.values()) - shifted
        # contributed counts live chips; dead money (big-blind ante, dead blinds, a cash drop)
        # is apart.
        # A site that returns chips without a line may count them in the total pot, and
        # text converted by other tools (Hold'em Manager's export) writes it after the rake.
        # (A raise nobody could answer went in and came back, as the site counts it.)
        if put_in != p.total and not (not p.reports_returned and p.total in (
                put_in + sum(result.returned.values()) + sum(kept_back.values()), put_in - take)):
            differences.append(f"total pot: the engine's {to_decimal(put_in, d)}, the site's "
                               f"{to_decimal(p.total, d)}")
    return _new(SiteReplay, (won, returned, rake, not differences, tuple(differences), hand)), picked


def _by_name(amounts: Dict[int, int], name_of: Dict[int, str], d: int) -> Tuple[Dict[str, int], Dict[str, Decimal]]:
    """The amounts that are not 0 (seat -> chips) by name: in chips and as Decimals, in
    one pass (not two comprehensions)."""
    chips, decimals = {}, {}
    for seat, v in amounts.items():
        if v:
            name = name_of[seat]
            chips[name] = v
            decimals[name] = to_decimal(v, d)
    return chips, decimals


def _decided(hand: Hand, conceded: List[int]) -> bool:
    """Whether at most one player left in the hand has not given up (``conceded``)."""
    left = 0
    folded = hand.folded
    for seat in hand.seats:  # a loop, no generator (a C function compiled: replay.pxd)
        if seat not in folded and seat not in conceded:
            left += 1
    return left <= 1


def _rake_spread(site_pots: List[Tuple[str, int, int]], settlement, name_of: Dict[int, str], take: int) -> bool:
    """Whether the site's collections (name, pot number, amount) are the engine's pots
    with the rake taken from each pot rather than from the main pot first (PokerStars
    spreads it): pot by pot the same winners, the site paying at most the pot, and
    what it kept over all pots equal to its rake."""
    engine_pots = [r for r in settlement.pots if r.pot.amount]
    kept = 0
    for number, result in enumerate(engine_pots):
        winners = {name_of[award.seat] for award in result.awards if award.amount}
        paid = [(name, amount) for name, k, amount in site_pots if k == number]
        if {name for name, _ in paid} != winners:
            return False
        left = result.pot.amount - sum(amount for _, amount in paid)
        if left < 0:
            return False
        kept += left
    return kept == take and all(k < len(engine_pots) for _, k, _ in site_pots)


def _rake_shared(result, rule: str) -> Optional[Dict[int, int]]:
    """The payouts when the rake is taken from every pot, not the main pot first: each
    side pot gives its share, the main pot the rest. ``"every pot"``: a share in
    proportion to the pot's chips, rounded down (Winamax, where a collected figure
    holding uncalled chips defeats the pot-by-pot check); ``"side pots at 5%"``: 5% of
    the side pot, rounded half up (888poker, whose text says neither the rake nor which
    pot a collection is from). None when a raked pot was split, the hand was run
    twice, or the main pot's rest would be negative."""
    if len(result.settlements) != 1:
        return None
    pots = result.settlements[0].pots
    total = sum(pot.pot.amount for pot in pots)
    if rule == "every pot":
        shares = [result.rake * pot.pot.amount // total for pot in pots[1:]]
    else:
        shares = [(pot.pot.amount * 5 + 50) // 100 for pot in pots[1:]]
    shares.insert(0, result.rake - sum(shares))
    if shares[0] < 0:
        return None
    payouts: Dict[int, int] = {}
    for pot, share in zip(pots, shares):
        if share and len(pot.awards) != 1:
            return None
        for award in pot.awards:
            paid = award.amount + pot.rake - share if len(pot.awards) == 1 else award.amount
            payouts[award.seat] = payouts.get(award.seat, 0) + paid
    return payouts


def _dead(lay: Layout) -> int:
    dead = 0
    for _, part in lay.missed.values():  # a loop: no generator object made every hand
        dead += part
    if lay.stakes.big_blind_ante:
        dead += lay.stakes.ante * len(lay.order)
    return dead


def _compare(what: str, engine: Dict[str, int], site: Dict[str, int], d: int, differences: List[str]) -> None:
    if engine == site:
        return  # (most hands: no sorted set of the names, no look-ups)
    for name in sorted(set(engine) | set(site)):
        a, b = engine.get(name, 0), site.get(name, 0)
        if a != b:
            differences.append(f"{what} by {name}: the engine's {to_decimal(a, d)}, the site's {to_decimal(b, d)}")


# The actions the replay plays without an amount (immutable: made once).
_FOLD_ACTION, _CHECK_ACTION, _CALL_ACTION, _ALL_IN_ACTION = Action.fold(), Action.check(), Action.call(), Action.all_in()
_DEAL, _DRAW, _DECISION, _BRING_IN, _OVER = (PendingKind.DEAL, PendingKind.DRAW, PendingKind.DECISION,
                                             PendingKind.BRING_IN, PendingKind.OVER)


def _apply(hand: Hand, player: str, verb: str, amount: Optional[int], to: Optional[int], all_in: bool, pending,
           kind, legal, seat: int, kept_back: Dict[str, int]) -> Optional[str]:
    # The act's fields and the pending request's ``kind`` and ``legal``, read once by
    # the caller; the fields of ``legal`` (LegalActions) and of the Action done read by
    # _field (a C read compiled: an attribute of a NamedTuple is a Python lookup).
    # Compiled, ``hand`` is the engine's typed Hand (replay.pxd): act, player_index and
    # round_bets are C calls.
    if kind is _BRING_IN:
        if verb == "bi":
            done = hand.bring_in()
            if amount is not None and done.to != amount:
                return f"{player} brings in for {amount}, the engine's bring-in is {done.to}"
            return None
        if verb == "co" or verb == "b":
            # "bets X" at the bring-in (mixed-game stud with no bring-in posted) completes.
            hand.act(Action.bet_to(to if to is not None else amount))
            return None
        return f"{player} must bring in or complete, not {verb!r}"
    if verb == "f" or verb == "m":
        hand.act(_FOLD_ACTION)
    elif verb == "c":
        if _field(legal, 1):  # can_check
            return f"{player} calls with nothing to call"
        call = _field(legal, 2)  # call
        if amount is not None and amount < call and not all_in:
            bets = hand.bets
            most = None  # the largest bet of the others (a loop: a generator here made a
            for s2, b in bets.items():  # closure at every call of this function)
                if s2 != seat and (most is None or b > most):
                    most = b
            if bets[seat] + amount == most:
                # A big blind all-in for less: the engine has callers call the full blind,
                # the site only as far as the largest bet in front; the engine's excess
                # comes back to the caller as uncalled, which the site never wrote.
                hand.act(_CALL_ACTION)
                kept_back[player] = kept_back.get(player, 0) - (call - amount)
                return None
        done = hand.act(_CALL_ACTION)
        if amount is not None and _field(done, 2) != amount:  # chips
            return f"{player} calls {amount}, the engine's call is {done.chips} (in the hand's smallest unit)"
    elif verb == "x":
        if not _field(legal, 1):  # can_check
            return f"{player} checks facing a bet"
        hand.act(_CHECK_ACTION)
    elif verb == "b" or verb == "co":
        # The seat's bet and stack from the engine's live lists (the bets and stacks
        # properties build a dict of every seat).
        index = hand.player_index(seat)
        bet = hand.round_bets()[index]
        if to is None:
            to = bet + amount
        if _field(legal, 6) is None and not _field(legal, 1) and to > bet:  # max_to, can_check
            # No opponent can answer a raise (all are all-in or covered): the site writes
            # the raise, the engine takes the call it amounts to; the rest stays behind,
            # and the site returns it as uncalled.
            done = hand.act(_CALL_ACTION)
            if to > done.to:
                kept_back[player] = kept_back.get(player, 0) + to - done.to
            return None
        if to >= bet + hand._stacks[index]:  # all-in (some sites do not say so); chips()[0], the live list
            done = hand.act(_ALL_IN_ACTION)
        else:
            done = hand.act(Action.bet_to(to))
        if _field(done, 1) != to:  # to
            return f"{player} bets or raises to {to}, the engine's to {done.to} (in the hand's smallest unit)"
    elif verb == "dp":
        hand.protect()
    else:
        return f"{player}: {verb!r} is not possible now ({pending})"
    return None


def _cards_for(p: Parsed, lay: Layout, variant, facts, attempt: int = 0) -> Tuple[Dict[int, List[int]], List[List[int]],
                                                                                    bool]:
    """Each seat's cards in the order dealt (stand-ins for those never seen: see
    :func:`_pick` for ``attempt``), the boards, as ints, and whether a showdown
    stand-in was picked (``facts``: the variant's :func:`_facts`)."""
    boards = [_card_ints(board) for board in p.boards]
    hole_count = _field(facts, 1)  # cards_per_player (by index: _field, as in _replay)
    stud = _field(facts, 2)  # is_stud
    order = _field(lay, 0)
    if stud and boards:
        hole_count -= 1  # the deck ran short: the seventh card was one community card
    # Who folds, and (stud: a player who folds is dealt only the cards of the streets
    # before the fold) on which street: one pass over the acts, their fields read by
    # _field (unpacking a NamedTuple iterates it).
    folded_on: Dict[str, int] = {}
    for act in p.acts:
        if _field(act, 1) == "f":  # verb
            folded_on[_field(act, 0)] = _field(act, 5)  # player, street
    folded = set(folded_on)
    if not stud:
        folded_on = {}
    used = set()
    for board in boards:
        used.update(board)
    for player in p.draws.values():  # every card a draw game's text names is taken
        for part in player:
            for cards in ((part,) if not part or isinstance(part[0], str) else part):
                used.update(_card_ints(cards or ()))
    templates: Dict[int, List[Optional[int]]] = {}
    holes: Dict[int, tuple] = {}  # the seats whose every card is known
    unknown = []  # (seat, name) of the others, in the order dealt
    need = 0  # their unknown cards, all told
    known, stud_cards = p.known, p.stud
    cached = _CARD_CACHE.get
    for seat, name, _ in order:
        count = min(hole_count, 3 + folded_on[name]) if folded_on and name in folded_on else hole_count
        cards = known.get(name)
        if not (cards and len(cards) == hole_count):
            cards = stud_cards.get(name) if stud_cards else None
            if not cards:
                templates[seat] = [None] * count  # nothing seen (most players)
                unknown.append((seat, name))
                need += count
                continue
        # _card of each text seen (its cache read in line: a call per card cost more)
        template = []
        for c in cards[:count]:
            if c is None or c == "XX":
                template.append(None)
            else:
                card = cached(c)
                template.append(_card(c) if card is None else card)
        template += [None] * (count - len(template))
        complete = True
        for c in template:
            if c is not None:
                used.add(c)
            else:
                complete = False
        templates[seat] = template
        if complete:
            holes[seat] = tuple(template)  # (tuples: the engine reads a tuple of ints faster than a list)
        else:
            unknown.append((seat, name))
            need += template.count(None)
    if not unknown:
        return holes, [tuple(board) for board in boards], False
    live_unknown = [(seat, name) for seat, name in unknown if name not in folded]
    live_known = [seat for seat, name, _ in order if name not in folded and seat in holes]
    picked = False
    pick = live_unknown and (boards or stud or _field(facts, 4)) and len(live_known) + len(live_unknown) > 1
    # Without stand-ins to pick, the unknown cards are the first ``need`` of the rest in
    # the deck's order: the rest is made only that far (the loop below takes no more).
    rest = _rest(_deck_of(facts, len(order)), used, -1 if pick else need)
    if pick:
        rest = _stand_ins(p, lay, variant, attempt, rest, holes, templates, boards, live_known, live_unknown)
        picked = True
    # Players who fold last: a folded stud player needs only the cards dealt before the
    # fold, and eight stud players may together hold more unknown slots than the deck.
    # (sorted(unknown, key=lambda u: u[1] in folded) without a call per player: the
    # players still in, then those who folded, each in their order)
    # (``at``: the next card of ``rest`` to give, in place of cutting ``rest`` each time)
    # (``deal``: the rest as a tuple, whose slices are the tuples the engine reads)
    at = 0
    deal = tuple(rest)
    ordered = []
    later = []
    for u in unknown:
        if u[1] in folded:
            later.append(u)
        else:
            ordered.append(u)
    ordered += later
    for seat, name in ordered:
        if seat not in holes:
            template = templates[seat]
            missing = template.count(None)
            if missing == len(template) <= len(deal) - at:
                holes[seat] = deal[at:at + missing]  # _filled of a template of unknown cards only
            else:
                holes[seat] = tuple(_filled(template, rest[at:]))
            at += missing
    return holes, [tuple(board) for board in boards], picked


def _stand_ins(p: Parsed, lay: Layout, variant, attempt: int, rest: List[int], holes: dict, templates: dict,
               boards: list, live_known: List[int], live_unknown: list) -> List[int]:
    """The stand-ins of the players who reach the showdown without showing, into
    ``holes`` (see :func:`_pick`); the rest of the deck after them. (A function of its
    own: its sort key is a closure, which _cards_for, a C function compiled, cannot hold.)"""
    lowest = _deck(variant, len(lay.order))[0] // 4 + 2  # variant.lowest_rank
    winners = [s for s in live_known if p.collected.get(_name(lay, s), 0)]
    # Stand-ins for players who reach the showdown without showing.
    for seat, name in sorted(live_unknown, key=lambda u: bool(p.collected.get(u[1], 0))):
        wins = bool(p.collected.get(name, 0))
        rivals = live_known + [s for s in holes if s not in live_known] if wins else winners or live_known
        holes[seat] = tuple(_pick(variant, rest, templates[seat], boards or [[]],
                                  [holes[s] for s in rivals if s in holes], lowest, wins, attempt))
        rest = [c for c in rest if c not in holes[seat]]
        if not wins:
            live_known.append(seat)
    return rest


def _rest(deck: Tuple[int, ...], used: set, limit: int = -1) -> List[int]:
    """The cards of ``deck`` not in ``used``, in the deck's order (the first ``limit``
    of them when ``limit`` is not negative). The used cards as bits of one word (cards
    are 0..51): compiled, the loop is C integer tests (replay.pxd types it), not a set
    look-up per deck card."""
    one = 1
    mask = 0
    for c in used:
        mask |= one << c
    rest = []
    if limit == 0:
        return rest
    for c in deck:
        if not (mask >> c) & 1:
            rest.append(c)
            if len(rest) == limit:
                break
    return rest


def _filled(template: List[Optional[int]], cards) -> List[int]:
    """``template`` with its unknown cards (None) replaced by ``cards``, in order; it
    stops at the first unknown card when ``cards`` run out (the engine then refuses a
    deal it asks for past the end, which the replay reports)."""
    if template.count(None) <= len(cards):
        it = iter(cards)
        return [c if c is not None else next(it) for c in template]
    filled: List[int] = []
    k = 0
    for c in template:
        if c is None:
            if k >= len(cards):
                break
            c = cards[k]
            k += 1
        filled.append(c)
    return filled


def _name(lay: Layout, seat: int) -> str:
    return next(name for s, name, _ in lay.order if s == seat)


def _pick(variant, rest: List[int], template: List[Optional[int]], boards: List[List[int]], rivals: List[List[int]],
          lowest: int, wins: bool, attempt: int = 0) -> List[int]:
    """Cards from ``rest`` for a player whose cards the site never showed: a loser's
    (``wins`` False) below a rival's high on every board, with no low if it can be;
    a winner's above every rival's high. Which rival's high a loser must stay under is
    not written (a rival may have won only a low half, or only a side pot the loser
    played for): ``attempt`` 0 asks the most (below every rival, no low), each next
    attempt the next feasible, weaker demand (below the next rival's high, then with a
    low below the rivals' lows)."""
    high, low = variant.high, variant.low
    count = template.count(None)
    boards = [tuple(board) for board in boards]
    rivals = [tuple(rival) for rival in rivals]
    # Candidates most likely to lose first: ranks the boards do not hold, suits they
    # hold least, low ranks (a winner's stand-in: the other way round).
    on_board = {c >> 2 for board in boards for c in board}
    suits = [0, 0, 0, 0]
    for board in boards:
        for c in board:
            suits[c & 3] += 1
    weakness = {c: ((c >> 2) in on_board) * 1000 + suits[c & 3] * 20 + (c >> 2) for c in rest}
    pool = sorted(rest, key=weakness.__getitem__, reverse=wins)[:14 + 2 * count]
    # Per board, the rivals' highs (ascending) and lows.
    values = []
    for board in boards:
        highs = sorted(high.value(rival, board, lowest) for rival in rivals) if high is not None else [0]
        lows = [v for v in (low.value(rival, board, lowest) for rival in rivals) if v] if low is not None else []
        values.append((board, highs or [0], min(lows, default=0)))
    if wins:
        demands = [(len(rivals) - 1, False)]
    else:
        demands = [(k, False) for k in range(len(rivals))] + [(k, True) for k in range(len(rivals))]
    found = None
    for k, some_low in demands:
        # The likeliest candidates in order, then random ones from the whole rest of
        # the deck (a fixed seed: the same hand always gets the same stand-ins).
        sampler = Random(len(rest) * 1000 + count)
        ordered = islice(combinations(pool, count), 300)
        sampled = (tuple(sampler.sample(rest, count)) for _ in range(1000))
        for combo in chain(ordered, sampled):
            ok = True
            combo = tuple(_filled(template, combo))
            for board, highs, least_low in values:
                mine = high.value(combo, board, lowest) if high is not None else 0
                if wins:
                    ok = mine > highs[-1]
                else:
                    my_low = low.value(combo, board, lowest) if low is not None else 0
                    ok = mine < highs[min(k, len(highs) - 1)] and (not my_low or (some_low and my_low < least_low))
                if not ok:
                    break
            if ok:
                found = list(combo)
                if attempt == 0:
                    return found
                attempt -= 1
                break
    return found if found is not None else _filled(template, pool[:count])
