"""A site hand as PHH (:class:`~pokerhash.engine.history.HandHistory`).

Players are written in the engine's order (from the button's left, the button last),
amounts in the hand's unit (``decimals`` 2: cents of the currency; tournament chips
are written as whole numbers), unknown hole cards as ``??``. Optional fields:
``venue``, ``hand``, ``table``, ``time`` (as the site writes it), ``currency``,
``players``, ``seats``, ``seat_count``, ``winnings`` (what each player collected);
what PHH cannot say is written in ``_pokerhash_`` fields:
``_pokerhash_missed_blinds_live`` and ``_dead`` (per player: the blinds posted by a
player coming back, the live part a bet, the dead part straight into the pot; a
GGPoker cash drop is written there too, as dead money),
``_pokerhash_boards`` (both boards of a hand run twice; ``actions`` deal the first),
``_pokerhash_rake`` and ``_pokerhash_fees``, ``_pokerhash_returned`` (uncalled bets),
``_pokerhash_cash_drop``, ``_pokerhash_dead_antes_players`` and ``_pokerhash_dead_antes``
(antes posted by players who then sat out, not dealt in: dead money, written in the
missed dead part of a seat outside the blinds as a cash drop is),
``_pokerhash_large_draw_tables`` (a draw game dealt to more
players than the rules seat, as the room did: the engine's room option),
``_pokerhash_odd_chips`` (the site's odd-chip rule where
it is not the rules': :mod:`.settling`) and ``_pokerhash_rake_from`` (``"every
pot"``: the rake taken from every pot in proportion), ``_pokerhash_heads_up_dead_button``
(heads-up, the big blind on the button and the small blind first on every street:
the engine's option of that name; PHH's order of the players is then the small blind,
the big blind),
``_pokerhash_uncapped_heads_up`` and ``_pokerhash_half_bet_all_in`` (a room's
fixed-limit betting: :mod:`.settling`, the engine's options of those names),
``_pokerhash_cash_out`` and ``_pokerhash_cash_out_fees`` (per
player: what the site paid apart from the pots at an All-in Cash Out, and its fee),
``_pokerhash_bets_from`` (an iPoker stud tournament hand's bet sizes, read from the
hands around it: :mod:`.stud_levels`), ``_pokerhash_rules`` (the rules of the rules page the hand used that pokerkit plays
differently, as the engine's writer lists them:
:func:`~pokerhash.engine.history_rules.rules_used`).
"""

from __future__ import annotations

import copy
import dataclasses
from dataclasses import replace
from decimal import Decimal
from typing import Dict, List

from ..betting import Limit
from ..engine import SHORTDECK, SHORTDECK_HIGH_CLASSIC
from ..engine.history import HandHistory
from ..engine.history_hands import variant_code
from .replay import layout
from .settling import describe, half_bet_all_in, settlement, uncapped_heads_up

__all__ = ["to_history"]

VENUES = {"pokerstars": "PokerStars", "ggpoker": "GGPoker", "888poker": "888poker", "winamax": "Winamax",
          "fulltilt": "Full Tilt Poker", "partypoker": "PartyPoker", "winning": "Winning Poker Network",
          "ongame": "Ongame", "entraction": "Entraction", "ipoker": "iPoker", "merge": "Merge Gaming",
          "microgaming": "MicroGaming", "bossmedia": "Boss Media"}


def to_history(site_hand) -> HandHistory:
    p = site_hand._parsed
    scale = 10 ** p.decimals

    def _unit(amount: int):
        return amount // scale if amount % scale == 0 else Decimal(amount).scaleb(-p.decimals)

    lay = layout(p)
    order = lay.order
    n = len(order)
    number = {name: k + 1 for k, (_, name, _) in enumerate(order)}
    stakes = lay.stakes
    variant = p.variant
    if variant.streets[-1].draw or stakes.button_blind or stakes.straddle_position is not None or \
            p.fields.get("capped_at") or any(act.verb == "dp" for act in p.acts):
        return _with_fields(_from_engine(site_hand, p), p, lay, [], _unit)
    antes = [0] * n
    if stakes.big_blind_ante:
        antes[0 if n == 2 else 1] = stakes.ante * n
    elif stakes.ante:
        antes = [stakes.ante] * n
    history = HandHistory(variant=variant_code(variant), starting_stacks=[s for _, _, s in order], actions=[],
                          antes=antes[::-1] if n == 2 else antes, decimals=p.decimals,
                          ante_trimming_status=bool(stakes.ante and not stakes.big_blind_ante))
    contributed: Dict[str, int] = {}
    if variant.is_stud:
        history.bring_in = stakes.bring_in
        history.small_bet, history.big_bet = stakes.small_bet, stakes.big_bet
    else:
        _blinds(history, lay, contributed)
    actions: List[str] = []
    hole = variant.cards_per_player
    dealt_cards = {name: _cards_of(p, name, hole) for _, name, _ in order}
    first = 3 if variant.is_stud else hole  # stud: two down and one up first, then one a street
    for _, name, _ in order:
        actions.append(f"d dh p{number[name]} {''.join(dealt_cards[name][:first])}")
    boards = p.boards
    board = boards[0] if boards else []
    dealt = 0
    street = 0
    flop = 3
    out: set = set()

    def deal_street(s: int) -> None:
        nonlocal dealt
        if variant.is_stud:
            for _, name, _ in order:
                if name not in out and s + 2 < hole:
                    actions.append(f"d dh p{number[name]} {dealt_cards[name][s + 2]}")
            return
        count = flop if s == 1 else 1
        if dealt + count <= len(board):
            actions.append(f"d db {''.join(board[dealt:dealt + count])}")
            dealt += count

    # Chips each player has left, to tell a raise nobody can answer (the others all
    # in): the engine plays it as a call, and so must the file.
    left = {name: stack for _, name, stack in order}
    gave_up: List[str] = []
    for name, _, amount, _ in p.posts:
        if name in left:
            left[name] -= amount
    for act in p.acts:
        if act.street > street:
            for s in range(street + 1, act.street + 1):
                deal_street(s)
            street = act.street
            contributed = {}
        who = f"p{number[act.player]}"
        if act.verb == "f":
            actions.append(f"{who} f")
            out.add(act.player)
        elif act.verb == "m":
            if not left[act.player] and act.player not in out:
                gave_up.append(act.player)  # all in and written as folding (or mucking): gives up
            continue
        elif act.verb == "bi":
            actions.append(f"{who} pb")
            contributed[act.player] = act.amount
            left[act.player] -= act.amount
        elif act.verb in ("x", "c"):
            actions.append(f"{who} cc")
            if act.verb == "c" and act.amount is not None:
                contributed[act.player] = contributed.get(act.player, 0) + act.amount
                left[act.player] -= act.amount
        else:
            before = contributed.get(act.player, 0)
            to = act.to if act.to is not None else before + act.amount
            # answerable: another player still in holds more than the bet he faces
            # (PHH readers refuse a raise that no one could call more of)
            level = max(contributed.values(), default=0)
            answerable = any(left[name] + contributed.get(name, 0) > level for _, name, _ in order
                             if name != act.player and name not in out)
            contributed[act.player] = to
            left[act.player] -= to - before
            actions.append(f"{who} cbr {_unit(to)}" if answerable else f"{who} cc")
    # A player who folded shows nothing (the hero's dealt cards are known, not shown),
    # nor does a winner whose rivals all folded (no showdown: PHH has none to write).
    # Once no more betting can happen the hands are shown, before the rest of the
    # board (or of the stud streets) when the players are all-in (PHH specification,
    # showdown). A player at the showdown who neither shows nor collects mucks there,
    # after the last card (``sm`` alone: a PHH reader would otherwise show his unknown
    # cards and split with them; a muck before the rest of the board would end the hand).
    # So does an all-in player the site writes as folding: all in, he cannot act, so
    # the fold is no action; he gives up his hand at the showdown, after the board the
    # file deals (pokerkit refuses to deal a board once a muck leaves one hand).
    live = [name for _, name, _ in order if name not in out]
    shown = {name for name in live if (name in p.known or "??" not in dealt_cards[name]) and _shown(p, name)} \
        if len(live) > 1 else set()
    shows = [f"p{number[name]} sm {''.join(dealt_cards[name])}" for name in live
             if name in shown and any(c != "??" for c in dealt_cards[name])]
    # Stud shows whole hands, so after the streets still to deal (the engine's writer
    # does the same: a hand cannot show cards not yet dealt).
    actions += [] if variant.is_stud else shows
    mucks = [f"p{number[name]} sm" for name in live if name not in gave_up and name not in shown
             and not p.collected.get(name)] if len([nm for nm in live if nm not in gave_up]) > 1 else []
    last = 4 if variant.is_stud else 3
    if len(live) > 1:
        for s in range(street + 1, last + 1):
            deal_street(s)
        if len([name for name in live if name not in gave_up]) == 1 and not variant.is_stud:
            # The others gave up: the site's hand ended without the rest of the board,
            # which decides nothing; PHH deals it unknown.
            at = 0
            for count in (st.board for st in variant.streets if st.board):
                if at >= dealt:
                    actions.append(f"d db {'??' * count}")
                at += count
    mucks += [f"p{number[name]} sm" for name in gave_up if name not in shown]
    history.actions = actions + (shows if variant.is_stud else []) + mucks
    rules = _rules_used(site_hand) if _may_use_rules(p, lay) else []
    if rules:
        history.fields = {"_pokerhash_rules": rules}  # kept by _with_fields, as the engine's writer puts it
    return _with_fields(history, p, lay, boards, _unit)


def _may_use_rules(p, lay) -> bool:
    """Whether the hand can use a rule of :data:`~pokerhash.engine.history_rules.RULE_NAMES`
    (False: it cannot, and its replay for them is spared). A big-bet high game with a
    full deck, settled to one player, its full blind posted, no board run twice, no
    dead blind and no cap, uses none of them: the others are the stud, fixed-limit,
    hi/lo and short-deck rules, and uneven splits (odd chips)."""
    variant = p.variant
    if len(p.collected) > 1 or variant.is_stud or variant.low is not None or p.run_twice or \
            variant.limit is Limit.FIXED_LIMIT or variant.deck_ranks != 2 or variant.deck_by_players or \
            p.fields.get("capped_at") or any(dead for _, dead in lay.missed.values()):
        return True
    blinds = lay.stakes.blinds + (lay.stakes.straddle,) if lay.stakes.straddle else lay.stakes.blinds
    posted = max((amount for _, kind, amount, _ in p.posts if kind in ("sb", "bb", "straddle")), default=0)
    return posted < max(blinds, default=0)


def _rules_used(site_hand) -> List[str]:
    """The rules the hand used that other PHH readers play differently (the engine
    writer's ``_pokerhash_rules``: :func:`~pokerhash.engine.history_rules.rules_used`),
    from the hand's replay; none when the replay stops short of the end."""
    from ..engine.history_rules import rules_used
    from .replay import replay

    hand = replay(site_hand, log=True).hand
    return rules_used(hand) if hand is not None and hand.is_over else []


def _with_fields(history: HandHistory, p, lay, boards, _unit) -> HandHistory:
    order = lay.order
    fields: Dict[str, object] = {"venue": VENUES.get(p.site, p.site), "hand": p.hand_id, "table": p.table}
    if p.time:
        fields["time"] = p.time
    if p.currency:
        fields["currency"] = p.currency
    fields["seats"] = [seat for seat, _, _ in order]
    if p.max_seats:
        fields["seat_count"] = p.max_seats
    fields["players"] = [name for _, name, _ in order]
    history.winnings = [p.collected.get(name, 0) for _, name, _ in order]
    if p.tournament:
        fields["tournament"] = p.tournament
    if lay.missed:
        fields["_pokerhash_missed_blinds_live"] = [_unit(lay.missed.get(seat, (0, 0))[0]) for seat, _, _ in order]
        fields["_pokerhash_missed_blinds_dead"] = [_unit(lay.missed.get(seat, (0, 0))[1]) for seat, _, _ in order]
    if p.run_twice and len(boards) > 1:
        fields["_pokerhash_boards"] = ["".join(b) for b in boards]
    if p.rake is not None:
        fields["_pokerhash_rake"] = _unit(p.rake)
    if p.fees:
        fields["_pokerhash_fees"] = _unit(p.fees)
    if p.returned:
        fields["_pokerhash_returned"] = [_unit(p.returned.get(name, 0)) for _, name, _ in order]
    if p.cash_drop:
        fields["_pokerhash_cash_drop"] = _unit(p.cash_drop)
    if lay.dead_antes:
        # antes of players who then sat out (not dealt in): dead money, in the missed dead part above
        fields["_pokerhash_dead_antes_players"] = [name for name, _ in lay.dead_antes]
        fields["_pokerhash_dead_antes"] = [_unit(amount) for _, amount in lay.dead_antes]
    odd, every_pot = settlement(p)
    if not odd.is_default:
        fields["_pokerhash_odd_chips"] = describe(odd, lambda chips: str(_unit(chips)))
    if every_pot and p.rake:
        fields["_pokerhash_rake_from"] = "every pot"
    if p.fields.get("bets_from"):
        # a stud tournament level read from the hands around this one (stud_levels)
        fields["_pokerhash_bets_from"] = p.fields["bets_from"]
    if p.fields.get("heads_up_dead_button"):
        fields["_pokerhash_heads_up_dead_button"] = True
    if p.variant.limit is Limit.FIXED_LIMIT:
        # the room's fixed-limit betting (settling.py), as the engine's writer says it
        if uncapped_heads_up(p):
            fields["_pokerhash_uncapped_heads_up"] = True
        if half_bet_all_in(p) != "all-in":
            fields["_pokerhash_half_bet_all_in"] = half_bet_all_in(p)
    cash_out = p.fields.get("cash_out")
    if cash_out:
        # All-in Cash Out: what the site paid each player apart from the pots, and its fee
        fields["_pokerhash_cash_out"] = [_unit(cash_out.get(name, (0, 0))[0]) for _, name, _ in order]
        fields["_pokerhash_cash_out_fees"] = [_unit(cash_out.get(name, (0, 0))[1]) for _, name, _ in order]
    # the engine writer's rules used and room options (a straddle from any seat, a cap, a large draw table,
    # disconnect protection) are kept
    history.fields = {**{k: v for k, v in (history.fields or {}).items()
                         if k.startswith(("_pokerhash_rules", "_pokerhash_straddle", "_pokerhash_cap",
                                         "_pokerhash_large_draw_tables", "_pokerhash_uncapped_heads_up",
                                         "_pokerhash_half_bet_all_in", "_pokerhash_protected"))}, **fields}
    return history


def _from_engine(site_hand, p) -> HandHistory:
    """The hand as the engine writes the hand it replayed (draw games, a button blind),
    every card the text does not name written ``??`` (the replay's stand-ins are no
    part of it)."""
    from ..engine.history_hands import to_history as engine_history
    from ..errors import InvalidValueError
    from .model import SiteError
    from .replay import replay

    result = replay(site_hand, log=True)
    if result.hand is None or not result.hand.is_over:
        raise SiteError(f"hand {p.hand_id} cannot be written as PHH, its replay stops: "
                        f"{'; '.join(result.differences)}")
    named = {c for player in p.draws.values() for part in player if part
             for c in (part if isinstance(part[0], str) else [x for cards in part if cards for x in cards])}
    named.update(c for cards in p.known.values() for c in cards)
    hand = result.hand
    if p.variant.high is SHORTDECK_HIGH_CLASSIC:
        # GGPoker's short deck ranks a straight over three of a kind, as PHH's NS does in
        # pokerkit; the engine writes NS from its own short deck: the same deal and
        # actions, then the stacks of the hand as GGPoker settled it.
        parsed = copy.copy(p)
        parsed.variant = replace(p.variant, high=SHORTDECK.high)
        hand = replay(dataclasses.replace(site_hand, _parsed=parsed), log=True).hand
        if hand is None or not hand.is_over:
            raise SiteError(f"hand {p.hand_id} cannot be written as PHH")
    try:
        history = engine_history(hand, decimals=p.decimals)
    except InvalidValueError as error:
        raise SiteError(f"hand {p.hand_id} cannot be written as PHH: {error}") from None
    if hand is not result.hand:
        stacks = result.hand.result.stacks
        history.finishing_stacks = [stacks[seat] for seat in result.hand.seats]
        rules = history.fields.get("_pokerhash_rules") if history.fields else None
        if rules and "short-deck-ranking" in rules:
            rules = [r for r in rules if r != "short-deck-ranking"]
            if rules:
                history.fields["_pokerhash_rules"] = rules
            else:
                del history.fields["_pokerhash_rules"]
    # A winner the site never showed writes nothing at the showdown (``sm`` alone would
    # be a muck): the PHH reader gives him what the others mucked.
    won = result.hand.result.payouts
    actions = []
    for action in history.actions:
        masked = _masked(action, named)
        words = masked.split(" ")
        if not (words[1:] == ["sm"] and action != masked and won.get(result.hand.seats[int(words[0][1:]) - 1])):
            actions.append(masked)
    history.actions = actions
    return history


def _masked(action: str, named) -> str:
    words = action.split(" ")
    verb = words[1] if len(words) > 1 else ""
    if verb in ("dh", "sd", "sm") and len(words) == (4 if verb == "dh" else 3) and words[-1] != "-":
        cards = words[-1]
        words[-1] = "".join(cards[i:i + 2] if cards[i:i + 2] in named else "??" for i in range(0, len(cards), 2))
        if words[-2] == "sm" and words[-1].strip("?") == "":
            words.pop()  # a hand the site never showed: a muck
    return " ".join(words)


def _cards_of(p, name: str, hole: int) -> List[str]:
    """A player's cards in the order dealt, ``??`` for those never seen."""
    cards = p.known.get(name)
    if not (cards and len(cards) == hole):
        cards = p.stud.get(name) or []
    cards = ["??" if c is None or c == "XX" else c for c in cards[:hole]]
    return cards + ["??"] * (hole - len(cards))


def _shown(p, name: str) -> bool:
    return name not in p.mucked or bool(p.collected.get(name))


def _blinds(history: HandHistory, lay, contributed: Dict[str, int]) -> None:
    """The blinds, straddle and blinds posted by a player coming back, as PHH writes them
    and as each player's chips in front preflop."""
    order, stakes = lay.order, lay.stakes
    n = len(order)
    blinds = [0] * n
    # a lone blind is the first player's (the engine's order; PHH's first to act is the
    # player after the largest blind)
    blinds[:len(stakes.blinds)] = stakes.blinds
    if stakes.straddle:
        blinds[2] = stakes.straddle
    history.blinds_or_straddles = blinds if n > 2 else blinds[:2]
    names = [name for _, name, _ in order]
    # Who posted: the small blind left of the button (the button itself heads-up),
    # the big blind next; a lone big blind is the first player.
    heads_up = n == 2 and not lay.dead_button
    if len(stakes.blinds) == 2:
        contributed[names[1 if heads_up else 0]] = stakes.blinds[0]
        contributed[names[0 if heads_up else 1]] = stakes.blinds[1]
    else:
        contributed[names[0]] = stakes.blinds[0]
    if lay.straddler:
        contributed[lay.straddler] = stakes.straddle
    for seat, (live, dead) in lay.missed.items():
        name = next(nm for s, nm, _ in order if s == seat)
        contributed[name] = contributed.get(name, 0) + live
    if history.variant.startswith("F") or history.variant.startswith("_pokerhash_F"):
        history.small_bet, history.big_bet = stakes.small_bet or stakes.blinds[-1], \
            stakes.big_bet or 2 * (stakes.small_bet or stakes.blinds[-1])
    else:
        history.min_bet = stakes.blinds[-1] if stakes.blinds else stakes.small_bet
