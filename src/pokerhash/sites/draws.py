"""Draw games (2-7 single and triple draw, five-card draw, badugi) on the engine: the
cards each player is dealt, discards and receives, draw by draw.

A site writes how many cards each player discards (``discards 2 cards``, ``stands
pat``), the hero's own cards (first hand, discards and the cards received), and the
hands shown at the showdown; nobody else's cards. :func:`plan` makes the engine's
deal from that: the hands the site wrote as written, and for a player the site did
not show in full, stand-ins that reach the final hand shown (or, for a player who
reaches the showdown without showing, a final hand that loses there): the slots
replaced are the first ones, draw after draw, so each card shown at the end is the
last one dealt to its slot.

The parsers give, in ``Parsed.fields``: ``draws`` name -> one ``[count, discards or
None, received or None]`` per draw the player makes, in order, and ``draw_hands``
name -> the first hand as written (the hero's).
"""

from __future__ import annotations

from typing import Dict, List, Tuple

from .model import Parsed, SiteError

__all__ = ["Plan", "plan"]

# seat -> (first hand, [(discards, received), ...] one per draw)
Plan = Dict[int, Tuple[Tuple[int, ...], List[Tuple[Tuple[int, ...], Tuple[int, ...]]]]]


def plan(p: Parsed, order, variant, card, pick, attempt: int = 0) -> Tuple[Plan, bool]:
    """The engine's deal of a draw hand (see the module's notes): ``order`` the seats
    (seat, name, stack), ``card`` text -> int, ``pick`` the replay's stand-in picker
    for a hand that must lose. Returns the plan and whether a loser was picked."""
    size = variant.cards_per_player
    draws: Dict[str, list] = p.fields.get("draws", {})
    first_hands: Dict[str, List[str]] = p.fields.get("draw_hands", {})
    used = set()
    finals: Dict[str, List[int]] = {}
    for _, name, _ in order:
        known = p.known.get(name)
        if known and len(known) == size:
            finals[name] = [card(c) for c in known]
            used.update(finals[name])
        for c in first_hands.get(name, ()):
            used.add(card(c))
        for _, thrown, received in draws.get(name, ()):
            used.update(card(c) for c in thrown or ())
            used.update(card(c) for c in received or ())
    pool = [c for c in variant.deck(len(order)) if c not in used]
    folded = {a.player for a in p.acts if a.verb == "f"}
    picked = False
    shown = [finals[name] for _, name, _ in order if name in finals and name not in folded]
    for _, name, _ in order:
        if name in finals or name in folded or name in first_hands or not shown:
            continue
        # Reaches the showdown without showing: a final hand that loses to those shown.
        lowest = variant.lowest_rank(len(order))
        finals[name] = list(pick(variant, pool, [None] * size, [[]], [tuple(h) for h in shown], lowest,
                                 bool(p.collected.get(name)), attempt))
        pool = [c for c in pool if c not in finals[name]]
        used.update(finals[name])
        picked = True
    # Stand-in cards are placeholders (negative numbers) first; they get real cards in
    # the order the engine deals, as its stub rule allows (see _assign).
    placeholders = iter(range(-1, -10000, -1))
    hero_cards = {card(c) for cards in first_hands.values() for c in cards} | {
        card(c) for rounds in draws.values() for _, thrown, received in rounds for c in (thrown or []) + (received or [])}

    result: Plan = {}
    for seat, name, _ in order:
        rounds = draws.get(name, [])
        first = first_hands.get(name)
        if first is not None:
            hand = [card(c) for c in first]
            steps = []
            for count, thrown, received in rounds:
                thrown_ints = [card(c) for c in thrown] if thrown is not None else hand[:count]
                got = [card(c) for c in received] if received is not None else \
                    [next(placeholders) for _ in range(count)]
                hand = [c for c in hand if c not in thrown_ints] + got
                steps.append((tuple(thrown_ints), tuple(got)))
            result[seat] = (tuple(card(c) for c in first), steps)
            continue
        final = finals.get(name)
        if final is not None:
            # A card the hero held or drew as well reached this hand after a reshuffle:
            # it goes to the slot replaced last.
            final = sorted(final, key=lambda c: c not in hero_cards)
        counts = [count for count, _, _ in rounds]
        # Slot j is replaced by every draw of more than j cards; the last one deals it
        # its final card.
        last = {j: max((r for r, n in enumerate(counts) if n > j), default=-1) for j in range(size)}
        slots = [final[j] if final is not None and last[j] < 0 else next(placeholders) for j in range(size)]
        start = tuple(slots)
        steps = []
        for r, count in enumerate(counts):
            thrown = tuple(slots[:count])
            got = tuple(final[j] if final is not None and last[j] == r else next(placeholders)
                        for j in range(count))
            slots[:count] = got
            steps.append((thrown, got))
        result[seat] = (start, steps)
    return _assign(result, p, order, variant, pool, used), picked


def _assign(result: Plan, p: Parsed, order, variant, pool: List[int], known: set) -> Plan:
    """Real cards for the placeholders, in the order the engine deals: the first hands,
    then each draw round's burn and each player's replacements. When the stub (every
    card not yet dealt or burned, but its last) is too short for a draw, the discards
    so far become cards to deal again, as the engine's stub rule does."""
    real: Dict[int, int] = {}
    fresh = list(pool)
    stub = len(variant.deck(len(order)))
    muck: List[int] = []

    def take(placeholder: int) -> int:
        if placeholder >= 0:
            return placeholder
        if placeholder not in real:
            if not fresh:
                raise SiteError("the deck runs out of stand-in cards for the draws")
            real[placeholder] = fresh.pop(0)
        return real[placeholder]

    seat_of = {name: seat for seat, name, _ in order}
    for seat, _, _ in order:
        first, steps = result[seat]
        result[seat] = (tuple(take(c) for c in first), steps)
        stub -= len(first)
    done = {seat: 0 for seat in result}
    street = None
    for act in p.acts:
        if act.verb != "d":
            continue
        if act.street != street:
            street = act.street
            stub -= 1  # the burn before the round's draws
        seat = seat_of[act.player]
        first, steps = result[seat]
        r = done[seat]
        if r >= len(steps):
            continue
        thrown, got = steps[r]
        if len(got) > stub - 1:  # the engine reshuffles the discards into a new stub
            fresh += [c for c in muck if c not in known]
            stub += len(muck)
            muck = []
        thrown = tuple(take(c) for c in thrown)
        got = tuple(take(c) for c in got)
        steps[r] = (thrown, got)
        stub -= len(got)
        muck += thrown
        done[seat] = r + 1
    return result
