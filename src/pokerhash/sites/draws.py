"""The cards of a draw game's site hand, as the replay deals them.

A site writes how many cards each player discards at each draw, and the cards only
of the player whose hand history it is and of the hands shown at the end. The engine
needs every card: :class:`DrawDeals` gives each player the cards the text names
where it names them (the first deal, each discard and replacement), and otherwise a
plan that ends in the player's final hand (as shown, or the stand-in the replay chose):
the final cards that were never replaced are in the first deal, the others arrive
at the last draws (or, if that plan runs out of cards, as early as the draws allow),
and every other card is a filler that is discarded at a later draw.

The whole hand is dealt once, ahead, by the engine's stub rule (rules: The games and
their flow, draws): the discards come back into play only when a draw needs more
cards than the stub holds (down to its last card), which the counts the text writes
fix in advance. A filler is a card that no deal still to come names; when none is
left (many players drawing many cards), a named card whose deal comes after a
reshuffle is lent: its filler is thrown first, before that reshuffle, so the card is
back in the stub when it is due (as the site's own deck had it in play meanwhile).
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .model import Parsed, SiteError

__all__ = ["DrawDeals", "final_draw_hands"]


def final_draw_hands(p: Parsed) -> None:
    """A player whose every card is written (the first deal, each discard and each
    replacement) holds a known final hand, even when not shown."""
    for name, player in p.draws.items():
        if name in p.known or player[0] is None:
            continue
        held = list(player[0])
        for thrown, received in player[1:]:
            if thrown is None or received is None or any(c not in held for c in thrown):
                break
            held = [c for c in held if c not in thrown] + received
        else:
            p.known[name] = held


class DrawDeals:
    """The deals of one draw hand: ``initial`` the first deal's cards, ``discard`` the
    cards a player throws, ``received`` the replacements (all as ints)."""

    def __init__(self, p: Parsed, order: Sequence[Tuple[int, str, int]], finals: Dict[int, Sequence[int]],
                 deck: Sequence[int], card) -> None:
        folded = set()
        seats: List[int] = []  # the seats in order: an event names a seat by its index here
        index_of: Dict[str, int] = {}  # name -> index in ``seats``
        # The engine's order of deals: the first deal seat by seat, then each draw
        # round (a burn, then every live player's draw in the order the text writes),
        # as three parallel lists (the seat's index, its draws so far, the cards dealt).
        ev_seat: List[int] = []
        ev_k: List[int] = []
        ev_count: List[int] = []
        at: Dict[int, List[int]] = {}  # seat -> its events (the first deal, then each draw)
        for seat, name, _ in order:
            index_of[name] = len(seats)
            at[seat] = [len(seats)]
            ev_seat.append(len(seats))
            ev_k.append(0)
            ev_count.append(len(finals[seat]))
            seats.append(seat)
        # Each player's discard counts as written, read in the same one pass over the
        # acts (not one pass per player and plan).
        counts_of: Dict[str, List[int]] = {}
        _read_acts(p.acts, index_of, seats, at, ev_seat, ev_k, ev_count, counts_of, folded)
        self._at = at
        self._out = []  # by event: (thrown, received)
        self._error = None
        self._draw = {}  # seat -> draws made in the replay
        deck = tuple(deck)
        written: List[Optional[List[list]]] = []  # the plans the text writes whole, from the first try
        # The final cards arrive as late as the draws allow (most hands), else as early
        # (a few crowded tables that the first runs out of cards for).
        for attempt in range(2):
            plans: List[List[list]] = []  # by index: [initial, [thrown, received]...]; None: a filler
            keeps: List[int] = []  # by index: the cards it never discards (its final hand's), as bits
            _plans(attempt, order, finals, p.draws, p.known, folded, counts_of, card, written, plans, keeps)
            out: List[Tuple[Tuple[int, ...], Tuple[int, ...]]] = []
            try:
                _deal(plans, keeps, seats, ev_seat, ev_k, ev_count, deck, out)
            except SiteError as error:
                if self._error is None:
                    self._error, self._out = error, out  # raised when the replay reaches that deal
                continue
            self._error, self._out = None, out
            break

    def _deals(self, seat: int, k: int) -> Tuple[Tuple[int, ...], Tuple[int, ...]]:
        """The (thrown, received) cards of ``seat``'s deal ``k`` (0: the first deal, then
        each draw); SiteError if the plan has none."""
        events = self._at.get(seat)
        if events is not None and k < len(events):
            t = events[k]
            if t < len(self._out):
                return self._out[t]
        raise self._error or SiteError(f"seat {seat} draws more often than the text says")

    def initial(self, seat: int, count: int) -> Tuple[int, ...]:
        cards = self._deals(seat, 0)[1]
        if len(cards) != count:
            raise SiteError(f"seat {seat} is dealt {count} cards, the text names {len(cards)}")
        return cards

    def discard(self, seat: int, count: int) -> Tuple[int, ...]:
        """The cards ``seat`` throws at its next draw (``count`` of them)."""
        k = self._draw[seat] = self._draw.get(seat, 0) + 1
        thrown = self._deals(seat, k)[0]
        if len(thrown) != count:
            raise SiteError(f"seat {seat} cannot discard {count} card(s) as the text says")
        return thrown

    def received(self, seat: int, count: int) -> Tuple[int, ...]:
        cards = self._deals(seat, self._draw.get(seat, 0))[1]
        if len(cards) != count:
            raise SiteError(f"seat {seat} receives {count} card(s), the text names {len(cards)}")
        return cards


def _read_acts(acts: list, index_of: Dict[str, int], seats: List[int], at: Dict[int, List[int]], ev_seat: List[int],
               ev_k: List[int], ev_count: List[int], counts_of: Dict[str, List[int]], folded: set) -> None:
    """Adds each draw of the acts to the events (ev_seat, ev_k, ev_count; ``at``, each
    seat's events) and to ``counts_of`` (every player's discard counts as written), and
    each folding player to ``folded``."""
    for act in acts:
        # By name, the fields used only (Act's getters are C): unpacking all seven, or
        # an index (a tuple subclass's item slot is a Python-level call), cost more.
        verb = act.verb
        if verb == "d":
            player, amount = act.player, act.amount
            counts = counts_of.get(player)
            if counts is None:
                counts = counts_of[player] = []
            counts.append(amount)
            i = index_of.get(player)
            if i is not None:
                events = at[seats[i]]
                ev_seat.append(i)
                ev_k.append(len(events))
                ev_count.append(amount or 0)
                events.append(len(ev_seat) - 1)
        elif verb == "f":
            folded.add(act.player)


def _plans(attempt: int, order: Sequence[Tuple[int, str, int]], finals: Dict[int, Sequence[int]], draws: dict,
           known: dict, folded: set, counts_of: Dict[str, List[int]], card, written: list, plans: list,
           keeps: list) -> None:
    """Each seat's plan for this attempt (0: the final cards as late as the draws allow,
    1: as early) into ``plans``, and the cards it keeps into ``keeps``; ``written``, the
    plans the text writes whole, is filled by the first attempt and read by the second."""
    first = not written
    for i in range(len(order)):
        seat, name, _ = order[i]
        counts = counts_of.get(name, ())
        if first:
            plan = _written(draws.get(name), counts, card)
            written.append(plan)
        else:
            plan = written[i]
        keep = 0
        if plan is None:
            # A player who folds and shows nothing holds any cards: fillers all.
            final = finals.get(seat, ()) if name not in folded or name in known else [None] * len(finals[seat])
            plan = _ending_in(list(final), counts) if attempt == 0 else _earliest(list(final), counts)
            keep = _bits(final)
        plans.append(plan)
        keeps.append(keep)


# Compiled, the dealer's state is C arrays on the stack (draws.pxd): these are their
# sizes (a literal in each array's making, which Cython needs). A real draw hand has
# at most 8 players (the rooms' large tables) and 4 deals each, 5 cards a hand; a text
# beyond them is refused with a SiteError, as a hand the replay cannot follow.
_EVENTS = 256
_SEATS = 32
_HELD = 16


def _ctz64(mask: int) -> int:
    """The index of the lowest bit set (uncompiled; compiled, bits.h's ph_ctz64)."""
    return (mask & -mask).bit_length() - 1


def _ints_py(cards: List[int], n: int) -> Tuple[int, ...]:
    """The first ``n`` of ``cards`` (uncompiled; compiled, draws.pxd's C loop over a C array)."""
    return tuple(cards[:n])


def _bits(cards: Sequence[Optional[int]]) -> int:
    """The cards (None: none) as the bits of one word."""
    one = 1
    mask = 0
    for x in cards:
        if x is not None:
            c = x
            if c < 0 or c >= 64:
                raise SiteError(f"the text names {x!r}, not a card")
            mask |= one << c
    return mask


def _drop(cards: List[int], base: int, n: int, mask: int) -> int:
    """Takes the cards in ``mask`` out of the ``n`` at ``cards[base:]``, the others kept
    in order; the number left."""
    j = 0
    for i in range(n):
        c = cards[base + i]
        if not (mask >> c) & 1:
            cards[base + j] = c
            j += 1
    return j


globals().setdefault("ph_ctz64", _ctz64)
globals().setdefault("_ints", _ints_py)


def _first(mask: int, ascending: bool, deck: Tuple[int, ...]) -> int:
    """The first card of ``deck`` in ``mask`` (the lowest bit when the deck is ascending,
    as every variant's is)."""
    if ascending:
        return ph_ctz64(mask)
    for c in deck:
        if (mask >> c) & 1:
            return c
    return -1


def _deal(plans: List[List[list]], keeps: List[int], seats: List[int], ev_seat: List[int], ev_k: List[int],
          ev_count: List[int], deck: Tuple[int, ...], out: list) -> None:
    """Deals the plans ahead, event by event, as the engine's stub rule allows: appends
    each event's (thrown, received) to ``out``; SiteError at the first event it cannot
    deal (``out`` then holds the events before it).

    Sets of cards are bits of one word (cards are 0..51), and the state is arrays by
    event, seat and card: one pass to read the plans, one to find the reshuffles, one
    to deal. A filler is the deck's first card that is free now and that no later deal
    names (the lowest such bit); a lent card (see the module's docstring) the one that
    comes back soonest after the seat throws it, found by one walk over the later
    events (the cards named at each event that no earlier one named since)."""
    n_events = len(ev_seat)
    if n_events > _EVENTS or len(plans) > _SEATS:
        raise SiteError("the hand has more deals than a draw hand can have")
    one = 1
    seat_at = [0] * 256  # _EVENTS
    k_at = [0] * 256
    count_at = [0] * 256
    named_at = [0] * 256  # the cards the event's plan names
    from_at = [0] * 257  # the cards named at that event or later
    reshuffles = [0] * 256  # 1: the event's draw takes the muck back into the stub first
    in_deck = 0
    ascending = True
    last = -1
    for x in deck:
        c = x
        if c < 0 or c >= 64:
            raise SiteError(f"the deck holds {x!r}, not a card")
        if c <= last:
            ascending = False
        last = c
        in_deck |= one << c
    for t in range(n_events):
        s = ev_seat[t]
        k = ev_k[t]
        seat_at[t] = s
        k_at[t] = k
        count_at[t] = ev_count[t]
        plan = plans[s]
        wanted = plan[0] if k == 0 else (plan[k][1] if k < len(plan) else None)
        named_at[t] = _bits(wanted) if wanted is not None else 0
    for t in range(n_events - 1, -1, -1):
        from_at[t] = from_at[t + 1] | named_at[t]
    # Which draws reshuffle: the stub's and the muck's sizes through the events (the
    # counts the text writes fix them in advance).
    stub = len(deck)
    muck_size = 0
    round_ = 0
    last_reshuffle = -1
    for t in range(n_events):
        k = k_at[t]
        count = count_at[t]
        if k and k > round_:  # a new round: its burn, mucked
            round_ = k
            stub -= 1
            muck_size += 1
        if k and count and count > stub - 1:  # the stub too short: the muck back in first
            reshuffles[t] = 1
            last_reshuffle = t
            stub += muck_size
            muck_size = 0
        stub -= count
        if k:
            muck_size += count
    held = [0] * 512  # _SEATS * _HELD: seat s's cards in held[s * _HELD:], in order
    held_n = [0] * 32
    lent = [0] * 512  # the lent cards each seat holds, in the order lent
    lent_n = [0] * 32
    thrown = [0] * 32  # one draw's thrown cards (2 * _HELD: lent ones first, then the rest)
    got = [0] * 16  # one deal's cards
    new_lent = [0] * 16  # the cards one deal lends
    in_play = 0  # dealt and not taken back by a reshuffle
    muck = 0  # thrown since the last reshuffle
    for t in range(n_events):
        s = seat_at[t]
        k = k_at[t]
        count = count_at[t]
        plan = plans[s]
        base = s * 16  # _HELD
        n_thrown = 0
        throw = 0
        if k == 0:
            wanted = plan[0]
            size = len(wanted)
            held_n[s] = 0
        else:
            h = held_n[s]
            have = 0
            for i in range(h):
                have |= one << held[base + i]
            fixed = plan[k][0] if k < len(plan) else None
            if fixed is None:
                # The lent cards first, then the ones it does not keep, in the order held.
                keep = keeps[s]
                lent_mask = 0
                for i in range(lent_n[s]):
                    lent_mask |= one << lent[base + i]
                for i in range(lent_n[s]):
                    if n_thrown < count:
                        thrown[n_thrown] = lent[base + i]
                        n_thrown += 1
                for i in range(h):
                    c = held[base + i]
                    if n_thrown < count and not ((keep | lent_mask) >> c) & 1:
                        thrown[n_thrown] = c
                        n_thrown += 1
                if n_thrown != count:
                    raise SiteError(f"seat {seats[s]} cannot discard {count} card(s) as the text says")
            else:
                if len(fixed) != count or count > 32:
                    raise SiteError(f"seat {seats[s]} cannot discard {count} card(s) as the text says")
                for x in fixed:
                    c = x
                    if c < 0 or c >= 64:
                        raise SiteError(f"seat {seats[s]} cannot discard {count} card(s) as the text says")
                    thrown[n_thrown] = c
                    n_thrown += 1
            for i in range(n_thrown):
                c = thrown[i]
                if not (have >> c) & 1:
                    raise SiteError(f"seat {seats[s]} cannot discard {count} card(s) as the text says")
                throw |= one << c
            held_n[s] = _drop(held, base, h, throw)
            lent_n[s] = _drop(lent, base, lent_n[s], throw)
            size = 0
            wanted = None
            if count:
                if reshuffles[t]:
                    in_play &= ~muck
                    muck = 0
                wanted = plan[k][1] if k < len(plan) else None
                size = len(wanted) if wanted is not None else count
        if k == 0 or count:
            if held_n[s] + size > 16:  # _HELD
                raise SiteError(f"seat {seats[s]} is dealt more cards than a draw hand holds")
            named = named_at[t]
            if named & in_play:
                for x in {x for x in wanted if x is not None}:  # the first in the set's order, as always named
                    if (in_play >> x) & 1:
                        raise SiteError(f"{_text(x)} is still in play when the text deals it again")
            after = from_at[t + 1]
            dealt = 0
            n_new = 0
            for i in range(size):
                x = wanted[i] if wanted is not None else None
                if x is not None:
                    c = x
                else:
                    c = -1
                    if t < last_reshuffle:
                        # A card due later that comes back in time first: the event at
                        # which the seat throws this filler (after the cards lent to it
                        # before), the first reshuffle after that, and the card named
                        # first (after t) at the earliest event from that reshuffle on.
                        left = lent_n[s] + n_new + 1
                        thrown_at = -1
                        for u in range(t + 1, n_events):
                            if seat_at[u] == s and k_at[u]:
                                left -= count_at[u]
                                if left <= 0:
                                    thrown_at = u
                                    break
                        back = -1
                        if thrown_at >= 0:
                            for u in range(thrown_at + 1, n_events):
                                if reshuffles[u]:
                                    back = u
                                    break
                        if back >= 0:
                            seen = 0
                            taken = in_play | named | dealt
                            for u in range(t + 1, n_events):
                                fresh = named_at[u] & ~seen
                                seen |= named_at[u]
                                if u >= back:
                                    fresh &= in_deck & ~taken
                                    if fresh:
                                        c = _first(fresh, ascending, deck)
                                        break
                    if c >= 0:
                        new_lent[n_new] = c
                        n_new += 1
                    else:
                        # The deck's first card free now and named by no deal still to come.
                        free = in_deck & ~(in_play | named | dealt | after)
                        if not free:
                            raise SiteError("the deck runs out of cards for the draws")
                        c = _first(free, ascending, deck)
                got[i] = c
                dealt |= one << c
            in_play |= dealt
            j = held_n[s]
            for i in range(size):
                held[base + j + i] = got[i]
            held_n[s] = j + size
            j = lent_n[s]
            # Checked before the writes (lent cards are some of the held ones, which are
            # checked against 16 above, so this never fires: it guards the array).
            if j + n_new > 16:  # _HELD
                raise SiteError(f"seat {seats[s]} is dealt more cards than a draw hand holds")
            for i in range(n_new):
                lent[base + j + i] = new_lent[i]
            lent_n[s] = j + n_new
            muck |= throw
            out.append((_ints(thrown, n_thrown), _ints(got, size)))
        else:
            out.append((_ints(thrown, n_thrown), ()))


def _text(card: int) -> str:
    return "23456789TJQKA"[card >> 2] + "cdhs"[card & 3]


def _written(written: Optional[list], counts: List[int], card) -> Optional[List[list]]:
    """The plan of a player whose every card the text names, else None."""
    if not written or written[0] is None or len(written) - 1 != len(counts):
        return None
    plan: List[list] = [_read(written[0], card)]
    for (thrown, received), count in zip(written[1:], counts):
        if thrown is None or received is None or len(thrown) != count or len(received) != count:
            return None
        plan.append([_read(thrown, card), _read(received, card)])
    return plan


_READ: Dict[object, int] = {}  # card text -> int, as _READER[0] reads it
_READER: list = [None]


def _read(texts, card) -> List[int]:
    """``card`` of each text (a pure reading: the replay's _card), the texts read
    before taken from a cache (a Python call per card cost ~900 instructions)."""
    cache = _READ  # a typed local: its get and set are C calls
    if _READER[0] is not card or len(cache) > 1000:
        cache.clear()
        _READER[0] = card
    cards = []
    for text in texts:
        c = cache.get(text)
        if c is None:
            c = cache[text] = card(text)
        cards.append(c)
    return cards


def _ending_in(final: List[int], counts: Sequence[int]) -> List[list]:
    """A plan whose draws (``counts`` cards each) end in ``final``: the last draws
    bring final cards (as many as they can), every other card is a filler (None).
    ``final`` is the caller's own copy: the first deal is made of it in place."""
    n = len(counts)
    size = len(final)
    plan: List[list] = [None] * (n + 1)
    left = size
    for j in range(n - 1, -1, -1):
        count = counts[j]
        take = count if count < left else left
        got = final[left - take:left]
        if len(got) < count:
            got += [None] * (count - len(got))
        plan[j + 1] = [None, got]
        left -= take
    if 0 <= left <= size:
        for j in range(left, size):
            final[j] = None
        plan[0] = final
    else:
        plan[0] = final[:left] + [None] * (size - left)
    return plan


def _earliest(final: List[int], counts: Sequence[int]) -> List[list]:
    """A plan whose draws end in ``final``, its cards dealt as early as the draws allow
    (kept from the first deal, or received at the first draws after which the player
    still holds enough other cards to throw), every other card a filler (None)."""
    size = len(final)
    n = len(counts)
    if not n:
        return [list(final)]
    most = counts[0]
    for j in range(1, n):
        if counts[j] > most:
            most = counts[j]
    have = size - most if size - most > 0 else 0
    plan: List[list] = [final[:have] + [None] * (size - have)]
    for j in range(n):
        count = counts[j]
        later = 0  # the most any later draw throws
        for i in range(j + 1, n):
            if i == j + 1 or counts[i] > later:
                later = counts[i]
        if j == n - 1:
            take = count
        else:
            take = count if count < size - later - have else size - later - have
            if take < 0:
                take = 0
        arriving = final[have:have + take]
        have += len(arriving)
        plan.append([None, arriving + [None] * (count - len(arriving))])
    return plan
