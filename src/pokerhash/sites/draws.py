"""The cards of a draw game's site hand, as the replay deals them.

A site writes how many cards each player discards at each draw, and the cards only
of the player whose hand history it is and of the hands shown at the end. The engine
needs every card: :class:`DrawDeals` gives each player the cards the text names
where it names them (the first deal, each discard and replacement), and otherwise a
plan that ends in the player's final hand (as shown, or the stand-in the replay chose):
the final cards that were never replaced are in the first deal, the others arrive
at the last draws, and every other card is a filler that is discarded at a later
draw. Fillers are cards the text never names, dealt once each while there are any
(after that, cards already discarded: the site reshuffles its discards too).
"""

from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from .model import Parsed, SiteError

__all__ = ["DrawDeals"]


class DrawDeals:
    """The deals of one draw hand: ``initial`` the first deal's cards, ``discard`` the
    cards a player throws, ``received`` the replacements (all as ints)."""

    def __init__(self, p: Parsed, order: Sequence[Tuple[int, str, int]], finals: Dict[int, Sequence[int]],
                 deck: Sequence[int], card) -> None:
        self._plans: Dict[int, List[list]] = {}  # seat -> [initial, [thrown, received]...]; None: a filler
        self._keep: Dict[int, set] = {}  # seat -> the cards it never discards (its final hand's)
        self._held: Dict[int, List[int]] = {}
        self._draw: Dict[int, int] = {}  # seat -> draws made
        reserved = set()
        folded = {a.player for a in p.acts if a.verb == "f"}
        for seat, name, _ in order:
            written = p.draws.get(name)
            counts = [a.amount for a in p.acts if a.player == name and a.verb == "d"]
            plan = _written(written, counts, card)
            if plan is None:
                # A player who folds and shows nothing holds any cards: fillers all.
                final = finals.get(seat, ()) if name not in folded or name in p.known else [None] * len(finals[seat])
                plan = _ending_in(list(final), counts)
                self._keep[seat] = {c for c in final if c is not None}
            else:
                self._keep[seat] = set()
            self._plans[seat] = plan
            reserved.update(c for part in _parts(plan) for c in part if c is not None)
        self._fresh = [c for c in deck if c not in reserved]
        self._fresh.reverse()  # popped from the end: the deck's order
        self._discarded: List[int] = []

    def initial(self, seat: int, count: int) -> Tuple[int, ...]:
        cards = self._fill(self._plans[seat][0])
        if len(cards) != count:
            raise SiteError(f"seat {seat} is dealt {count} cards, the text names {len(cards)}")
        self._held[seat] = list(cards)
        return tuple(cards)

    def discard(self, seat: int, count: int) -> Tuple[int, ...]:
        """The cards ``seat`` throws at its next draw (``count`` of them)."""
        k = self._draw.get(seat, 0) + 1
        self._draw[seat] = k
        plan = self._plans[seat]
        held = self._held[seat]
        thrown = plan[k][0] if k < len(plan) else None
        if thrown is None:
            keep = self._keep[seat]
            thrown = [c for c in held if c not in keep][:count]
        if len(thrown) != count or any(c not in held for c in thrown):
            raise SiteError(f"seat {seat} cannot discard {count} card(s) as the text says")
        self._held[seat] = [c for c in held if c not in thrown]
        self._discarded.extend(thrown)
        return tuple(thrown)

    def received(self, seat: int, count: int) -> Tuple[int, ...]:
        plan = self._plans[seat]
        k = self._draw[seat]
        wanted = plan[k][1] if k < len(plan) and plan[k][1] is not None else [None] * count
        cards = self._fill(wanted)
        if len(cards) != count:
            raise SiteError(f"seat {seat} receives {count} card(s), the text names {len(cards)}")
        self._held[seat].extend(cards)
        return tuple(cards)

    def _fill(self, cards: Sequence[Optional[int]]) -> List[int]:
        out = []
        for c in cards:
            if c is None:
                if self._fresh:
                    c = self._fresh.pop()
                else:
                    held = {x for h in self._held.values() for x in h}
                    c = next((x for x in self._discarded if x not in held and x not in out), None)
                    if c is None:
                        raise SiteError("the deck runs out of cards for the draws")
                    self._discarded.remove(c)
            out.append(c)
        return out


def _parts(plan: List[list]):
    yield plan[0]
    for thrown, received in plan[1:]:
        yield thrown or ()
        yield received or ()


def _written(written: Optional[list], counts: List[int], card) -> Optional[List[list]]:
    """The plan of a player whose every card the text names, else None."""
    if not written or written[0] is None or len(written) - 1 != len(counts):
        return None
    plan: List[list] = [[card(c) for c in written[0]]]
    for (thrown, received), count in zip(written[1:], counts):
        if thrown is None or received is None or len(thrown) != count or len(received) != count:
            return None
        plan.append([[card(c) for c in thrown], [card(c) for c in received]])
    return plan


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
