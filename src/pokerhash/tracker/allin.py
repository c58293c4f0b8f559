"""All-in expected value: what each player was due, by exact equity, at the moment
no more betting could happen.

A hand qualifies when two or more players are still in it after its last betting
action and cards are still to come (every player but at most one is all-in, before
the river in Hold'em and Omaha, before seventh street in stud). At that moment each
pot (main pot first, then the side pots, after the rake, which is taken from the
main pot first) is shared by the equity of the hands eligible for it: exact counts
of every way the rest of the deal can fall (:func:`pokerhash.equity`), the other
live players' cards dead, hi/lo halves as the rules split them. Every all-in of the
flop games is counted exactly (measured 2026-12-02, the worst of five random deals
preflop: nine-way Hold'em 0.17 s, six-way Omaha 0.02 s, three-way six-card Omaha
0.02 s, four-way Omaha hi/lo 0.03 s); only stud
all-ins too big to count in about a second are sampled, to a standard error of
0.0002 with a fixed seed (so that importing a hand again gives the same number) in
0.4-0.7 s: before fifth street (heads-up on fourth street the exact count takes
4.5 s, on third street minutes: about 10^10 runouts heads-up, too many to count for
every hand of an import, even in C) and three-way or more on fifth street (10 s).
The tests compare the exact stud counts with a slow enumeration (sixth street two-
and three-way, fifth street heads-up) and a fourth-street sample with the exact
count, within four standard errors. Two Hold'em hands before the flop (no dead
card), the commonest all-in, are not counted: their wins and ties over the 1,712,304
boards are read from the preflop table shipped with the package
(:mod:`pokerhash.preflop`: every class of matchups counted once, over every board),
the integers the count gives, divided the same way: the same floats to the last
bit (12 µs instead of 2 ms). Any other
spot with no board yet (the costly counts: a millisecond or more) is counted with
its suits renamed to a canonical order and kept, so that the same spot with other
suits is not counted again (up to 100,000 spots, then the store starts again); the
pots of one all-in that need counting (a main pot and its side pots) are counted
together, in one walk over the boards. A
player whose cards the history does not give (a site's muck) leaves the hand
without an all-in adjustment: the engine played stand-in cards for them. Run it
twice changes nothing in expectation: each run deals half of each pot from the same
remaining cards, so each half has the same equity.

The all-in adjusted net of a player is then ``net - collected + expected``: the
actual result with the chips won from the pots replaced by the expectation.
Games the equity kernels do not play (draw games, razz, badugi, Turkish poker) get
no all-in adjustment (their hands count at their actual result).
"""

from __future__ import annotations

import itertools
import math
from typing import Any, Dict, List, Optional, Tuple

from .._equity import matchup_key as _c_matchup_key
from ..betting import ActionKind
from ..engine import events as ev

__all__ = ["EQUITY_GAMES", "allin_payouts"]

#: The engine's games (by name) and the :func:`pokerhash.equity` game that values them.
EQUITY_GAMES: Dict[str, str] = {
    "Texas Hold'em": "holdem",
    "Omaha": "plo",
    "Five-card Omaha": "plo",
    "Six-card Omaha": "plo",
    "Omaha hi/lo": "omaha-hi-lo",
    "Big O": "omaha-hi-lo",
    "Seven-card stud": "stud",
    "Seven-card stud hi/lo": "stud-hi-lo",
    "Short-deck Hold'em": "short-deck",
}

# An enum member's ``.value`` is a Python property: the member itself is compared.
_FOLD = ActionKind.FOLD

# All-ins too big to count in about a second (stud on third street, many-way Omaha
# preflop) are sampled to this standard error, with a fixed seed.
_SAMPLED_ERROR = 2e-4
_SEED = 2026


def allin_moment(hand: Any) -> Optional[Tuple[Dict[int, List[int]], List[int], List[int], List[int]]]:
    """At the hand's all-in moment: each live seat's cards, the board, the up cards of
    folded players (dead and seen), and the live seats; None when the hand has none."""
    events = hand.events
    # Loops, not max(generator, default=...) and any(generator): a generator is a
    # closure object made per call in the compiled module (a third of the hands here).
    Act = ev.Act
    last_act = None
    for i in range(len(events) - 1, -1, -1):
        if type(events[i]) is Act:
            last_act = i
            break
    if last_act is None:
        # Nobody acted (everyone all-in on the antes or blinds): the moment is once the
        # players' cards are dealt, before the first card of a later street.
        last_act = next((i - 1 for i, event in enumerate(events) if type(event) is ev.Burn
                         or (type(event) is ev.Deal and event.seat is None)), len(events) - 1)
    folded = set()
    cards: Dict[int, List[int]] = {seat: [] for seat in events[0].seats}
    up: Dict[int, List[int]] = {seat: [] for seat in events[0].seats}
    board: List[int] = []
    # The event classes read once (each ev.X is a module attribute lookup per event).
    Deal, Draw, Redeal = ev.Deal, ev.Draw, ev.Redeal
    for event in events[1:last_act + 1]:
        kind = type(event)
        if kind is Act and event.action.kind is _FOLD:
            folded.add(event.seat)
        elif kind is Deal:
            if event.seat is None:
                board.extend(event.cards)
            else:
                cards[event.seat].extend(event.cards)
                if event.face_up:
                    up[event.seat].extend(event.cards)
        elif kind is Draw or kind is Redeal:
            return None
    live = [seat for seat in events[0].seats if seat not in folded]
    if len(live) < 2:
        return None
    for seat in live:
        if not cards[seat]:
            return None
    for i in range(last_act + 1, len(events)):
        if type(events[i]) is Deal:
            break
    else:
        return None  # no card is still to come
    dead = [card for seat in folded for card in up[seat]]
    return {seat: cards[seat] for seat in live}, board, dead, live


def _gross_pots(result: Any) -> List[int]:
    """Each pot's chips before the rake. Run twice, each run's settlement holds half of
    what the rake (taken main pot first) left of it: the rake goes back on the first
    pots it came from."""
    if len(result.settlements) == 1:
        return [pot.pot.amount for pot in result.settlements[0].pots]
    left = result.rake
    gross = []
    for number in range(len(result.settlements[0].pots)):
        amount = sum(settlement.pots[number].pot.amount for settlement in result.settlements)
        if left and amount:
            amount, left = amount + left, 0
        gross.append(amount)
    return gross


def allin_payouts(hand: Any, rake: Optional[int] = None,
                  known: Optional[Dict[int, Optional[str]]] = None) -> Optional[Dict[int, float]]:
    """Each live player's expected chips from the pots at the all-in moment (see the
    module's notes), ``rake`` (default: the engine's) taken from the main pot first;
    None when the hand has no all-in moment or its game has no equity kernel.
    ``known``: seat -> the cards the hand history gives the player (``??`` an unknown
    card, None none): when a live player's cards are not all known, the engine played
    stand-ins for them and there is no expectation to compute (None)."""
    if rake is None:
        rake = hand.result.rake
    game = EQUITY_GAMES.get(hand.variant.name)
    if game is None:
        return None
    moment = allin_moment(hand)
    if moment is None:
        return None
    holdings, board, dead, live = moment
    if known is not None and any(known.get(seat) is None or "??" in known[seat] for seat in live):
        return None
    result = hand.result
    expected = {seat: 0.0 for seat in live}
    gross = _gross_pots(result)
    left = rake
    pots = []
    for number, amount in enumerate(gross):
        taken = min(left, amount)
        left -= taken
        amount -= taken
        eligible = [seat for seat in result.settlements[0].pots[number].pot.eligible if seat in holdings]
        if not eligible or not amount:
            continue
        pots.append((amount, eligible, dead + [c for s in live if s not in eligible for c in holdings[s]]))
    keys = _count_together(game, holdings, live, dead, pots) if not board and len(pots) > 1 else None
    for number, (amount, eligible, pot_dead) in enumerate(pots):
        found = None
        if keys is not None and keys[number] is not None:
            found = _SPOTS.get(keys[number])  # the pot's spot, its key made once
        if found is None:
            found = shares(game, [holdings[s] for s in eligible], board, pot_dead)
        for seat, share in zip(eligible, found):
            expected[seat] += amount * share
    return expected


#: The games whose pots before the board :func:`_count_together` counts in one walk
#: (the equity kernels' walk of board ranks: Hold'em and Omaha).
_TOGETHER = ("holdem", "plo", "omaha-hi-lo")


def _count_together(game: str, holdings: Dict[int, List[int]], live: List[int], dead: List[int],
                    pots: List[Tuple[int, List[int], List[int]]]) -> Optional[List[Optional[Tuple[Any, ...]]]]:
    """Before the board, the pots (main and side pots) whose spots :func:`shares` would
    count are counted in one walk over the boards (``_equity.exact_known_groups``: each
    pot's contenders a group, the other live players' cards dead to it, as
    :func:`shares` deals them), and kept in the store of spots, where :func:`shares`
    then finds them: a side pot's count cost as much as the main pot's (1-2 ms each
    before the flop), and both walk the same boards. The same exact counts, so the
    same floats (tests/test_equity_groups.py, tests/test_tracker_fast_paths.py).
    Returns each pot's key in the store (None for a pot :func:`shares` answers
    otherwise), or None for a game it does not count."""
    if game not in _TOGETHER:
        return None
    wanted = []
    keys: List[Optional[Tuple[Any, ...]]] = []
    for _, eligible, pot_dead in pots:
        hands = [holdings[s] for s in eligible]
        if len(hands) < 2 or (game == "holdem" and not pot_dead and len(hands) == 2):
            keys.append(None)  # one contender, or the preflop table's heads-up Hold'em (shares)
            continue
        key = _canonical(game, hands, pot_dead)
        keys.append(key)
        if key not in _SPOTS:
            wanted.append((key, eligible))
    if len(wanted) < 2:
        return keys
    from .._equity_api import known_hands_groups

    at = {seat: i for i, seat in enumerate(live)}
    found = known_hands_groups([holdings[s] for s in live], [], dead, game,
                               [[at[s] for s in eligible] for _, eligible in wanted])
    if found is None:
        return keys  # shares counts each pot alone
    for (key, _), counted in zip(wanted, found):
        if len(_SPOTS) >= _SPOTS_KEPT:
            _SPOTS.clear()
        _SPOTS[key] = tuple(counted)
    return keys


def shares(game: str, hands: List[List[int]], board: List[int], dead: List[int]) -> List[float]:
    """Each hand's expected share of a pot it contests with the others."""
    if len(hands) == 1:
        return [1.0]
    if board:  # a few hundred runouts at most: counted in tens of microseconds
        return _counted(game, hands, board, dead)
    if game == "holdem" and not dead and len(hands) == 2 and len(hands[0]) == len(hands[1]) == 2:
        # Heads-up Hold'em preflop, the commonest all-in: the exact counts of the shipped
        # preflop table, instead of counting 1,712,304 boards (2 ms).
        return _preflop_shares(hands[0], hands[1])
    # Before the flop (or stud's streets) a count takes a millisecond or more, and the
    # same spots come back (aces against kings...) with other suits: the count of the
    # spot with its suits renamed to a canonical order, kept. Always that canonical
    # spot's count, so that a hand's figure does not depend on what came before.
    key = _canonical(game, hands, dead)
    found = _SPOTS.get(key)
    if found is None:
        if len(_SPOTS) >= _SPOTS_KEPT:
            _SPOTS.clear()
        found = _SPOTS[key] = tuple(_counted(game, [list(hand) for hand in key[1]], [], list(key[2])))
    return list(found)


_SUIT_ORDERS = tuple(itertools.permutations(range(4)))


def _preflop_shares(first: List[int], second: List[int]) -> List[float]:
    """Two Hold'em hands' shares all-in preflop, from the exact counts of
    :data:`pokerhash.preflop.TABLE_PATH` (wins and ties of one matchup per class of
    suit renamings and seat swaps), computed as the enumeration computes them: the
    same integers, the same divisions, so the same floats to the last bit (the tests
    compare the two)."""
    table, boards = _preflop_table()
    # The matchup's key computed in C (its 24 renamings in Python cost ~50,000
    # instructions a heads-up all-in preflop).
    key, swapped = _c_matchup_key(first[0], first[1], second[0], second[1])
    win, tie = table[key]
    if swapped:
        win = boards - win - tie
    lose = boards - win - tie
    return [(win + tie / 2) / boards, (lose + tie / 2) / boards]


_PREFLOP: List[Any] = []


def _preflop_table() -> Tuple[Dict[int, Tuple[int, int]], int]:
    """The shipped preflop counts by matchup key, read on first use (30 ms: the
    file's matchups and counts, without the 1,326 x 1,326 grids of
    :mod:`pokerhash.preflop`), and the boards each counts (C(48, 5))."""
    if not _PREFLOP:
        import numpy as np

        from ..preflop import TABLE_PATH

        with np.load(TABLE_PATH) as data:
            hands = data["hands"].astype(np.int64)
            keys = (hands[:, 0] << 18 | hands[:, 1] << 12 | hands[:, 2] << 6 | hands[:, 3]).tolist()
            counts = zip(data["win"].astype(np.int64).tolist(), data["tie"].astype(np.int64).tolist())
            _PREFLOP.append((dict(zip(keys, counts)), math.comb(48, 5)))
    return _PREFLOP[0]
_SPOTS: Dict[Tuple[Any, ...], Tuple[float, ...]] = {}
_SPOTS_KEPT = 100_000


def _canonical(game: str, hands: List[List[int]], dead: List[int]) -> Tuple[Any, ...]:
    """The spot with its suits renamed (the least of the 24 renamings; cards sorted
    within each hand): every renaming of a spot has the same equities."""
    # The least form starts with the least renaming of the first hand: only the few
    # renamings that give it are written out whole.
    firsts = [tuple(sorted([name[c] for c in hands[0]])) for name in _RENAMED]
    least = min(firsts)
    best = None
    for first, name in zip(firsts, _RENAMED):
        if first != least:
            continue
        form = (tuple([tuple(sorted([name[c] for c in hand])) for hand in hands]), tuple(sorted([name[c] for c in dead])))
        if best is None or form < best:
            best = form
    return (game,) + best


# Each card's name under each of the 24 renamings of the suits (in _SUIT_ORDERS order).
_RENAMED = tuple(tuple((c & ~3) | order[c & 3] for c in range(52)) for order in _SUIT_ORDERS)


def _counted(game: str, hands: List[List[int]], board: List[int], dead: List[int]) -> List[float]:
    from .. import equity  # the public callable: pokerhash.equity(...)

    # Exact whenever counting takes about a second or less (every flop-game all-in);
    # beyond (stud before fifth street), sampled to a standard error of 0.0002 with a
    # fixed seed, so that importing the same hand always gives the same number.
    result = equity(hands, board=board, dead=dead, game=game, method="auto", target_error=_SAMPLED_ERROR,
                    seed=_SEED)
    return [float(x) for x in result.equity]
