"""The draw plan as pokerhash.sites.draws dealt it before issue 25 (Python sets, lists
and dicts, searched card by card): the reference that tests/test_sites_draws_plan.py
holds the compiled plan (C masks and arrays) to, deal for deal and error for error (through
``_deals``: ``initial``, ``discard`` and ``received`` are the same code on top of it).

Used only by the tests; the plan helpers it shares with the module (the written plans,
a card's text) are imported from it; the two arrivals of the final cards are the old ones
(the module's own build fewer lists)."""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from pokerhash.sites.draws import _text, _written
from pokerhash.sites.model import Parsed, SiteError


class DrawDeals:
    """The deals of one draw hand: ``initial`` the first deal's cards, ``discard`` the
    cards a player throws, ``received`` the replacements (all as ints)."""

    def __init__(self, p: Parsed, order: Sequence[Tuple[int, str, int]], finals: Dict[int, Sequence[int]],
                 deck: Sequence[int], card) -> None:
        folded = set()
        seat_of = {name: seat for seat, name, _ in order}
        # The engine's order of deals: the first deal seat by seat, then each draw
        # round (a burn, then every live player's draw in the order the text writes).
        events: List[Tuple[int, int, int]] = [(seat, 0, len(finals[seat])) for seat, _, _ in order]
        made: Dict[int, int] = {}
        # Each player's discard counts as written, read in the same one pass over the
        # acts (not one pass per player and plan).
        counts_of: Dict[str, List[int]] = {}
        for player, verb, amount, _, _, _, _ in p.acts:
            if verb == "d":
                counts_of.setdefault(player, []).append(amount)
                seat = seat_of.get(player)
                if seat is not None:
                    k = made[seat] = made.get(seat, 0) + 1
                    events.append((seat, k, amount or 0))
            elif verb == "f":
                folded.add(player)
        self._dealt: Dict[Tuple[int, int], Tuple[Tuple[int, ...], Tuple[int, ...]]] = {}
        self._error: Optional[SiteError] = None
        self._draw: Dict[int, int] = {}  # seat -> draws made in the replay
        # The final cards arrive as late as the draws allow (most hands), else as early
        # (a few crowded tables that the first runs out of cards for).
        for arrival in (_ending_in, _earliest):
            plans: Dict[int, List[list]] = {}  # seat -> [initial, [thrown, received]...]; None: a filler
            keep: Dict[int, set] = {}  # seat -> the cards it never discards (its final hand's)
            for seat, name, _ in order:
                counts = counts_of.get(name, [])
                plan = _written(p.draws.get(name), counts, card)
                keep[seat] = set()
                if plan is None:
                    # A player who folds and shows nothing holds any cards: fillers all.
                    final = finals.get(seat, ()) if name not in folded or name in p.known else \
                        [None] * len(finals[seat])
                    plan = arrival(list(final), counts)
                    keep[seat] = {c for c in final if c is not None}
                plans[seat] = plan
            dealt: Dict[Tuple[int, int], Tuple[Tuple[int, ...], Tuple[int, ...]]] = {}
            try:
                _Dealer(plans, keep, events, deck, dealt).deal()
            except SiteError as error:
                if self._error is None:
                    self._error, self._dealt = error, dealt  # raised when the replay reaches that deal
                continue
            self._error, self._dealt = None, dealt
            break

    def _deals(self, seat: int, k: int) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        got = self._dealt.get((seat, k))
        if got is None:
            raise self._error or SiteError(f"seat {seat} draws more often than the text says")
        return got

    # initial, discard and received: the module's own, on _deals (the same code before and after).


class _Dealer:
    """Deals a hand's plans ahead, event by event, as the engine's stub rule allows."""

    def __init__(self, plans: Dict[int, List[list]], keep: Dict[int, set], events: List[Tuple[int, int, int]],
                 deck: Sequence[int], out: Dict[Tuple[int, int], tuple]) -> None:
        self.plans, self.keep, self.events, self.deck, self.out = plans, keep, events, deck, out
        # When each named card is due (event indexes), and which draws reshuffle.
        self.due: Dict[int, List[int]] = {}
        for t, (seat, k, _) in enumerate(events):
            plan = plans[seat]
            named = plan[0] if k == 0 else (plan[k][1] or () if k < len(plan) else ())
            for c in named:
                if c is not None:
                    self.due.setdefault(c, []).append(t)
        self.last_due = {c: max(times) for c, times in self.due.items()}
        self.reshuffles = set()
        stub, muck, round_ = len(deck), 0, 0
        for t, (seat, k, count) in enumerate(events):
            if k == 0:
                stub -= count
                continue
            if k > round_:
                round_, stub, muck = k, stub - 1, muck + 1  # the burn before the round, mucked
            if count:
                if count > stub - 1:
                    self.reshuffles.add(t)
                    stub, muck = stub + muck, 0
                stub -= count
                muck += count
        # The named cards in the deck's order (_lend's candidates: a card no deal names
        # is never lent), each seat's draws (event, count) in order, and the last
        # reshuffle: _lend and _back, asked for every filler of a hand that reshuffles,
        # read these instead of walking the whole deck and every event each time.
        self.named_in_deck = [c for c in deck if c in self.due]
        self.throws: Dict[int, List[Tuple[int, int]]] = {seat: [] for seat in plans}
        for t, (seat, k, count) in enumerate(events):
            if k:
                self.throws[seat].append((t, count))
        self.last_reshuffle = max(self.reshuffles, default=-1)
        self.in_play: set = set()
        self.held: Dict[int, List[int]] = {}
        self.lent: Dict[int, List[int]] = {seat: [] for seat in plans}  # seat -> lent cards held, in order

    def deal(self) -> None:
        muck: List[int] = []
        for t, (seat, k, count) in enumerate(self.events):
            if k == 0:
                cards = self._fill(t, seat, self.plans[seat][0])
                self.held[seat] = list(cards)
                self.out[(seat, 0)] = ((), tuple(cards))
                continue
            plan = self.plans[seat]
            held = self.held[seat]
            thrown = plan[k][0] if k < len(plan) else None
            if thrown is None:
                lent = self.lent[seat]
                keep = self.keep[seat]
                thrown = (lent + [c for c in held if c not in keep and c not in lent])[:count]
            if len(thrown) != count or any(c not in held for c in thrown):
                raise SiteError(f"seat {seat} cannot discard {count} card(s) as the text says")
            self.held[seat] = held = [c for c in held if c not in thrown]
            self.lent[seat] = [c for c in self.lent[seat] if c not in thrown]
            received: List[int] = []
            if count:
                if t in self.reshuffles:
                    self.in_play.difference_update(muck)
                    muck = []
                wanted = plan[k][1] if k < len(plan) and plan[k][1] is not None else [None] * count
                received = self._fill(t, seat, wanted)
                held.extend(received)
                muck.extend(thrown)
            self.out[(seat, k)] = (tuple(thrown), tuple(received))

    def _fill(self, t: int, seat: int, cards: Sequence[Optional[int]]) -> List[int]:
        named = {c for c in cards if c is not None}
        for c in named:
            if c in self.in_play:
                raise SiteError(f"{_text(c)} is still in play when the text deals it again")
        out: List[int] = []
        lent: List[int] = []
        deck = self.deck
        # Where the search for the next filler resumes: every card before it is in play,
        # named, due later or already in ``out`` (none of which changes during one fill).
        at = 0
        for c in cards:
            if c is None:
                # A card due later that comes back in time first: the cards no deal
                # names are kept for the fillers that stay in play.
                # (No reshuffle in the hand, as in most: no card comes back, none is lent.)
                c = self._lend(t, seat, named, out, len(self.lent[seat]) + len(lent)) if self.reshuffles else None
                if c is None:
                    # The deck's first card free now and named by no deal still to come
                    # (a loop, not a generator: one per filler of every draw hand).
                    due, in_play = self.last_due, self.in_play
                    while at < len(deck):
                        x = deck[at]
                        at += 1
                        if x not in in_play and x not in named and x not in out and due.get(x, -1) <= t:
                            c = x
                            break
                    if c is None:
                        raise SiteError("the deck runs out of cards for the draws")
                else:
                    lent.append(c)
            out.append(c)
        self.in_play.update(out)
        self.lent[seat].extend(lent)
        return out

    def _lend(self, t: int, seat: int, named: set, out: List[int], ahead: int) -> Optional[int]:
        """A card due later, given as a filler that ``seat`` throws (after the ``ahead``
        cards lent to it before) and the stub gets back by a reshuffle before it is
        due: the one due soonest after that (None if there is none)."""
        back = self._back(t, seat, ahead)
        if back is None:
            return None
        best = None
        due, in_play = self.due, self.in_play
        for c in self.named_in_deck:
            times = due[c]
            if c in in_play or c in named or c in out:
                continue
            when = None
            for w in times:  # the first time it is due after t (a loop: no generator per card)
                if w > t and (when is None or w < when):
                    when = w
            if when is not None and when >= back and (best is None or when < best[0]):
                best = (when, c)
        return None if best is None else best[1]

    def _back(self, t: int, seat: int, ahead: int) -> Optional[int]:
        """The first reshuffle after ``seat`` throws the filler dealt at event ``t``
        (``ahead`` lent cards go first), None if there is none."""
        if t >= self.last_reshuffle:
            return None  # no reshuffle after t (and the throw comes after t)
        left = ahead + 1
        thrown_at = None
        for u, count in self.throws[seat]:  # the seat's draws, in order
            if u > t:
                left -= count
                if left <= 0:
                    thrown_at = u
                    break
        if thrown_at is None:
            return None
        first = None
        for r in self.reshuffles:  # the first reshuffle after the throw (a loop: no generator)
            if r > thrown_at and (first is None or r < first):
                first = r
        return first


def _ending_in(final: List[int], counts: List[int]) -> List[list]:
    """A plan whose draws (``counts`` cards each) end in ``final``: the last draws
    bring final cards (as many as they can), every other card is a filler (None)."""
    left = len(final)
    arriving: List[List[int]] = [[] for _ in counts]
    for j in range(len(counts) - 1, -1, -1):
        take = min(counts[j], left)
        arriving[j] = final[left - take:left]
        left -= take
    initial: List[Optional[int]] = list(final[:left]) + [None] * (len(final) - left)
    plan: List[list] = [initial]
    for j, count in enumerate(counts):
        plan.append([None, arriving[j] + [None] * (count - len(arriving[j]))])
    return plan


def _earliest(final: List[int], counts: List[int]) -> List[list]:
    """A plan whose draws end in ``final``, its cards dealt as early as the draws allow
    (kept from the first deal, or received at the first draws after which the player
    still holds enough other cards to throw), every other card a filler (None)."""
    size = len(final)
    if not counts:
        return [list(final)]
    have = max(0, size - max(counts))
    plan: List[list] = [list(final[:have]) + [None] * (size - have)]
    for j, count in enumerate(counts):
        later = max(counts[j + 1:], default=0)
        take = count if j == len(counts) - 1 else max(0, min(count, size - later - have))
        arriving = final[have:have + take]
        have += len(arriving)
        plan.append([None, arriving + [None] * (count - len(arriving))])
    return plan

