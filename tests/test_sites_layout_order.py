"""The site replay's seating (pokerhash.sites.replay.layout): the players dealt in,
clockwise from the engine's button's left, for every test hand of every site: the
seats after the button in ascending order, then the seats up to the button. (The
order is read off the sorted seats, not sorted by a key per player: this checks
that both give the order the engine plays.) Also the tracker's all-in moment of
every test hand, against the moment's first (generator) formulation."""

from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.sites.replay import layout, replay

DATA = Path(__file__).parent / "data" / "sites"
HANDS = [hand for hand in sites.read(DATA) if hand.error is None]


def _clockwise(dealt, button):
    return tuple(sorted(dealt, key=lambda d: (d[0] <= button, d[0])))


def test_there_are_hands():
    assert len(HANDS) > 100


@pytest.mark.parametrize("hand", HANDS, ids=lambda hand: f"{hand.site}-{hand.hand_id}")
def test_layout_is_clockwise_from_the_buttons_left(hand):
    p = hand._parsed
    try:
        lay = layout(p)
    except sites.SiteError:
        return  # a hand the engine cannot seat (refused with its reason elsewhere)
    dealt = {seat: (seat, name, stack) for seat, name, stack in p.seats if name not in p.sitting_out}
    assert sorted(lay.order) == sorted(d for d in dealt.values() if d in lay.order)
    assert lay.order == _clockwise(lay.order, lay.button)


SEATS_OUT_OF_ORDER = """PokerStars Hand #1234567890: Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/01 12:00:00 ET
Table 'Order' 9-max Seat #3 is the button
Seat 6: Fifth ($10 in chips)
Seat 1: First ($10 in chips)
Seat 9: Sixth ($10 in chips)
Seat 3: Third ($10 in chips)
Fifth: posts small blind $0.05
Sixth: posts big blind $0.10
*** HOLE CARDS ***
First: folds
Third: folds
Fifth: folds
Uncalled bet ($0.05) returned to Sixth
Sixth collected $0.10 from pot
Sixth: doesn't show hand
*** SUMMARY ***
Total pot $0.10 | Rake $0
Seat 1: First folded before Flop (didn't bet)
Seat 3: Third (button) folded before Flop (didn't bet)
Seat 6: Fifth (small blind) folded before Flop
Seat 9: Sixth (big blind) collected ($0.10)
"""


def test_seat_lines_out_of_order():
    hand = sites.parse_hand(SEATS_OUT_OF_ORDER)
    assert hand.error is None, hand.error
    lay = layout(hand._parsed)
    assert [seat for seat, _, _ in lay.order] == [6, 9, 1, 3]
    assert lay.button == 3
    played = replay(hand, log=True)
    assert played.agrees, played.differences
    assert played.hand.seats == (6, 9, 1, 3)


def _moment_reference(hand):
    """The all-in moment as first written (generators, max with a default): the
    compiled module's loops must give the same."""
    from pokerhash.betting import ActionKind
    from pokerhash.engine import events as ev

    events = hand.events
    last_act = max((i for i, event in enumerate(events) if type(event) is ev.Act), default=None)
    if last_act is None:
        last_act = next((i - 1 for i, event in enumerate(events) if type(event) is ev.Burn
                         or (type(event) is ev.Deal and event.seat is None)), len(events) - 1)
    folded = set()
    cards = {seat: [] for seat in events[0].seats}
    up = {seat: [] for seat in events[0].seats}
    board = []
    for event in events[1:last_act + 1]:
        kind = type(event)
        if kind is ev.Act and event.action.kind is ActionKind.FOLD:
            folded.add(event.seat)
        elif kind is ev.Deal:
            if event.seat is None:
                board.extend(event.cards)
            else:
                cards[event.seat].extend(event.cards)
                if event.face_up:
                    up[event.seat].extend(event.cards)
        elif kind in (ev.Draw, ev.Redeal):
            return None
    live = [seat for seat in events[0].seats if seat not in folded]
    if len(live) < 2 or not all(cards[seat] for seat in live):
        return None
    if not any(type(event) is ev.Deal for event in events[last_act + 1:]):
        return None
    dead = [card for seat in folded for card in up[seat]]
    return {seat: cards[seat] for seat in live}, board, dead, live


def test_allin_moment_is_the_reference():
    from pokerhash.tracker.allin import allin_moment

    moments = 0
    for hand in HANDS:
        played = replay(hand, log=True)
        if not played.agrees:
            continue
        found = allin_moment(played.hand)
        assert found == _moment_reference(played.hand)
        moments += found is not None
    assert moments > 10
