"""iPoker stud tournament hands whose text shows no bet size, read from their neighbours.

iPoker does not write a stud tournament level's small and big bets, and a hand that
shows no completion and no full bet (only antes, the bring-in, calls, checks, folds
and all-ins) cannot tell them itself (:func:`.xmlcommon.stud_bets` refuses it). A
tournament's levels only rise, and a session file writes its hands in the order
played, so when the nearest earlier and the nearest later hand of the same
tournament in the file that give their own sizes give the same small and big bet at
the same ante as this hand, this hand was played at that level: its sizes are
exactly theirs. Otherwise (no such earlier or later hand in the file, or they differ:
the level changed around it) the hand stays refused, the reason saying which
neighbour is missing or differs. A hand so read says so in its PHH
(``_pokerhash_bets_from``: the two hands and the level), and is replayed and checked
against the site's figures like any other.

The pass streams: a hand waiting for its later neighbour holds back the hands after
it (file order is kept), at most :data:`HOLD` of them; past that it is refused.
"""

from __future__ import annotations

from collections import deque
from dataclasses import replace
from typing import Deque, Dict, Iterator, List, Optional, Tuple

from .model import Parsed, SiteHand, site_hand
from .xmlcommon import NO_STUD_BETS

__all__ = ["HOLD", "Neighbours", "with_neighbour_bets"]

#: How many hands may follow a hand waiting for its later neighbour before it is refused.
HOLD = 1000


def _sized(hand: SiteHand) -> Optional[str]:
    """The tournament of an iPoker stud tournament hand whose own text gives its bet
    sizes, else None."""
    p = hand._parsed
    if hand.error is not None or hand.site != "ipoker" or p is None or p.tournament is None:
        return None
    if not p.variant.is_stud or not p.small_bet or "bets_from" in p.fields:
        return None
    return p.tournament


def _level(p: Parsed) -> Tuple[Optional[int], int, int]:
    """(ante or None when the hand posts none or several, small bet, big bet), in hundredths."""
    scale = 100 if p.decimals == 0 else 1
    antes = {amount for _, kind, amount, _ in p.posts if kind == "ante"}
    ante = antes.pop() * scale if len(antes) == 1 else None
    return ante, p.small_bet * scale, p.big_bet * scale


def _chips(hundredths: Optional[int]) -> str:
    if hundredths is None:
        return "none"
    return str(hundredths // 100) if hundredths % 100 == 0 else f"{hundredths / 100:.2f}"


def _described(hand: SiteHand) -> str:
    ante, small, big = _level(hand._parsed)
    return f"hand {hand.hand_id} (ante {_chips(ante)}, bets {_chips(small)}/{_chips(big)})"


class _Waiting:
    """A hand without its bet sizes, read as far as it goes, and its earlier neighbour."""

    __slots__ = ("hand", "parsed", "earlier", "done")

    def __init__(self, hand: SiteHand, parsed: Parsed, earlier: Optional[SiteHand]) -> None:
        self.hand = hand
        self.parsed = parsed
        self.earlier = earlier
        self.done: Optional[SiteHand] = None

    def settle(self, later: Optional[SiteHand], why_no_later: str = "") -> None:
        """Read it at its neighbours' level, or refuse it saying why not."""
        p, hand = self.parsed, self.hand
        tournament = p.tournament
        ante = _level(p)[0]
        reason = None
        if self.earlier is None:
            reason = f"no earlier hand of tournament {tournament} in the file gives them"
        elif later is None:
            reason = why_no_later or f"no later hand of tournament {tournament} in the file gives them"
        elif _level(self.earlier._parsed) != _level(later._parsed):
            reason = (f"the level changes around it: the earlier {_described(self.earlier)} and the later "
                      f"{_described(later)} differ")
        elif ante is None or ante != _level(later._parsed)[0]:
            reason = (f"its ante ({_chips(ante)}) is not that of the earlier {_described(self.earlier)} and the "
                      f"later {_described(later)}")
        else:
            _, small, big = _level(later._parsed)
            if p.decimals == 0 and (small % 100 or big % 100):
                reason = "its neighbours' bets are not whole chips"
        if reason is not None:
            self.done = replace(hand, error=f"{hand.error}; {reason}")
            return
        scale = 100 if p.decimals == 0 else 1
        p.small_bet, p.big_bet = small // scale, big // scale
        p.fields["bets_from"] = (f"hands {self.earlier.hand_id} and {later.hand_id} of the same tournament, before "
                                 f"and after it, are at ante {_chips(ante)} and bets {_chips(small)}/{_chips(big)} "
                                 "(levels only rise)")
        self.done = site_hand(p, hand.source, hand.text)


def _reparsed(hand: SiteHand) -> Optional[Parsed]:
    """The hand read with its bet sizes left unknown, when the only reason it was
    refused is that its text shows none; None otherwise (it stays as it is)."""
    if hand.site != "ipoker" or hand.error is None or NO_STUD_BETS not in hand.error:
        return None
    from .ipoker import parse
    from .model import SiteError
    try:
        p = parse(hand.text, "ipoker", unknown_bets=True)
    except SiteError:
        return None
    return p if p.tournament is not None and p.variant.is_stud and not p.small_bet else None


def with_neighbour_bets(hands: Iterator[SiteHand]) -> Iterator[SiteHand]:
    """The hands of one file, in order, with each iPoker stud tournament hand that
    shows no bet size read at its neighbours' level when they tell it exactly (see
    the module's documentation), or refused saying why not."""
    neighbours = Neighbours()
    for hand in hands:
        yield from neighbours.add(hand)
    yield from neighbours.end()


class Neighbours:
    """:func:`with_neighbour_bets` as a state its caller feeds hand by hand, so that a
    reader that meets no iPoker hand (all but iPoker's files) makes none and passes
    its hands by no generator of its own (:func:`.reading.read`)."""

    __slots__ = ("out", "waiting", "last")

    def __init__(self) -> None:
        self.out: Deque[object] = deque()  # SiteHands and _Waiting hands, in file order
        self.waiting: Dict[str, List[_Waiting]] = {}  # tournament -> hands waiting for a later neighbour
        self.last: Dict[str, SiteHand] = {}  # tournament -> the latest hand that gives its own sizes

    def add(self, hand: SiteHand) -> List[SiteHand]:
        """The next hand of the file: the hands now ready, in file order."""
        out, waiting, last = self.out, self.waiting, self.last
        if not out and hand.site != "ipoker":
            # Nothing held back and not iPoker (neither sized nor waiting): the code
            # below would append it and hand it back at once.
            return [hand]
        tournament = _sized(hand)
        if tournament is not None:
            for entry in waiting.pop(tournament, ()):
                entry.settle(hand)
            last[tournament] = hand
            out.append(hand)
        else:
            p = _reparsed(hand)
            if p is None:
                out.append(hand)
            else:
                entry = _Waiting(hand, p, last.get(p.tournament))
                waiting.setdefault(p.tournament, []).append(entry)
                out.append(entry)
        if len(out) > HOLD and isinstance(out[0], _Waiting) and out[0].done is None:
            oldest = out[0]
            waiting[oldest.parsed.tournament].remove(oldest)
            oldest.settle(None, f"no later hand of tournament {oldest.parsed.tournament} gives them within "
                                f"{HOLD} hands")
        ready = []
        while out and (not isinstance(out[0], _Waiting) or out[0].done is not None):
            first = out.popleft()
            ready.append(first.done if isinstance(first, _Waiting) else first)
        return ready

    def end(self) -> List[SiteHand]:
        """The hands still held back, at the file's end, each settled."""
        for entries in self.waiting.values():
            for entry in entries:
                entry.settle(None)
        self.waiting.clear()
        ready = [item.done if isinstance(item, _Waiting) else item for item in self.out]
        self.out.clear()
        return ready
