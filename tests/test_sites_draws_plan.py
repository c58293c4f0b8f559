"""The draw plan (:class:`pokerhash.sites.draws.DrawDeals`, dealt in C when compiled)
against the plan as it was dealt before issue 25 (tests/reference_drawplan.py: Python
sets, lists and dicts): random draw hands, up to eight players drawing up to every card
at each of three draws (so that the stub runs out, the muck is reshuffled and named
cards are lent), players who fold, hands the text writes whole or in part and texts
that contradict themselves; every deal the replay can ask must be the same cards, and
every deal it cannot the same error."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from pokerhash.sites.draws import DrawDeals
from pokerhash.sites.model import Act, SiteError

import reference_drawplan


def _hand(seed: int, players: int, size: int, rounds: int, most: int, short: bool, written: float):
    """A random draw hand as DrawDeals reads it: (p, order, finals, deck)."""
    rng = random.Random(seed)
    deck = tuple(range(20, 52)) if short else tuple(range(52))
    players = min(players, len(deck) // size)
    seats = sorted(rng.sample(range(1, 11), players))
    names = {seat: f"P{seat}" for seat in seats}
    shuffled = list(deck)
    rng.shuffle(shuffled)
    finals = {seat: shuffled[i * size:(i + 1) * size] for i, seat in enumerate(seats)}
    acts, folded = [], set()
    for street in range(1, rounds + 1):
        for seat in seats:
            name = names[seat]
            if name in folded:
                continue
            if rng.random() < 0.08:
                folded.add(name)
                acts.append(Act(name, "f", None, None, False, street, 0))
                continue
            acts.append(Act(name, "d", rng.randint(0, most), None, False, street, 0))
    draws, known = {}, {}
    for seat in seats:
        name = names[seat]
        if rng.random() < 0.3:
            known[name] = finals[seat]
        if rng.random() >= written:
            continue
        # The text names this player's cards: held and thrown consistently, or not.
        held = list(finals[seat]) if rng.random() < 0.5 else rng.sample(deck, size)
        plan = [list(held)]
        for act in acts:
            if act.player == name and act.verb == "d":
                count = act.amount if rng.random() < 0.95 else act.amount + 1
                thrown = rng.sample(held, min(count, len(held))) if rng.random() < 0.9 else rng.sample(deck, count)
                received = rng.sample(deck, count)
                held = [c for c in held if c not in thrown] + received
                plan.append((thrown, received) if rng.random() < 0.95 else (None, received))
        if rng.random() < 0.1:
            plan[0] = None
        draws[name] = plan
    p = SimpleNamespace(acts=acts, draws=draws, known=known)
    order = [(seat, names[seat], 1000) for seat in seats]
    return p, order, finals, deck


def _asked(deals, order):
    """Every deal the replay can ask (each seat's first deal and draws, and one beyond),
    as its (thrown, received) cards or its error's text."""
    answers = []
    for seat, _, _ in order + [(99, "", 0)]:
        for k in range(5):
            try:
                answers.append(deals._deals(seat, k))
            except SiteError as error:
                answers.append(str(error))
    return answers


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True)
@given(seed=st.integers(0, 1 << 30), players=st.integers(2, 8), size=st.sampled_from([4, 5]),
       rounds=st.integers(0, 3), most=st.integers(0, 5), short=st.booleans(),
       written=st.sampled_from([0.0, 0.2, 0.6]))
def test_the_plan_deals_as_the_reference(seed, players, size, rounds, most, short, written):
    p, order, finals, deck = _hand(seed, players, size, rounds, most, short, written)
    new = DrawDeals(p, order, finals, deck, int)  # the text's cards are ints already here
    old = reference_drawplan.DrawDeals(p, order, finals, deck, int)
    assert _asked(new, order) == _asked(old, order)


def test_the_reference_test_reaches_reshuffles_lent_cards_and_errors():
    """The random hands above reach the plan's rare paths (checked on the reference):
    a reshuffle, a lent card, a deck that runs out, a card dealt while still in play."""
    seen = set()
    lend = reference_drawplan._Dealer._lend
    lent = []

    def spy(self, *args):
        card = lend(self, *args)
        if card is not None:
            lent.append(card)
        return card

    reference_drawplan._Dealer._lend = spy
    try:
        for seed in range(600):
            rng = random.Random(seed)
            hand = _hand(seed, rng.randint(5, 8), 5, 3, rng.randint(3, 5), rng.random() < 0.3, rng.choice([0, 0.2]))
            old = reference_drawplan.DrawDeals(*hand, int)
            if old._error is not None:
                seen.add(str(old._error).split(" ")[-1] if "runs out" in str(old._error) else "in play"
                         if "still in play" in str(old._error) else "other")
    finally:
        reference_drawplan._Dealer._lend = lend
    assert lent, "no card lent"
    assert "draws" in seen or "in play" in seen


def test_bad_counts_and_cards_are_site_errors():
    """A negative or huge discard count, or a card that is no card, is a SiteError when
    the replay reaches it (never a crash of the C arrays)."""
    p, order, finals, deck = _hand(7, 3, 5, 2, 3, False, 0.0)
    seat, name, _ = order[0]
    for amount in (-1, 40, 10 ** 6):
        acts = [Act(name, "d", amount, None, False, 1, 0)]
        q = SimpleNamespace(acts=acts, draws={}, known={})
        deals = DrawDeals(q, order, finals, deck, int)
        assert deals.initial(seat, 5) == reference_drawplan.DrawDeals(q, order, finals, deck, int)._deals(seat, 0)[1]
        with pytest.raises(SiteError):
            deals.discard(seat, amount)
    q = SimpleNamespace(acts=[], draws={name: [[0, 1, 2, 3, 99]]}, known={})
    deals = DrawDeals(q, order, finals, deck, int)
    with pytest.raises(SiteError):
        deals.initial(seat, 5)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(final=st.lists(st.one_of(st.none(), st.integers(0, 51)), max_size=6),
       counts=st.lists(st.integers(-2, 7), max_size=4))
def test_the_arrivals_plan_as_the_reference(final, counts):
    """The two arrivals of the final cards (as late, as early as the draws allow), the
    module's against the old ones, for any counts (a negative one too: no parser writes
    one, the plan must still not differ)."""
    from pokerhash.sites.draws import _earliest, _ending_in

    assert _ending_in(list(final), list(counts)) == reference_drawplan._ending_in(list(final), list(counts))
    assert _earliest(list(final), list(counts)) == reference_drawplan._earliest(list(final), list(counts))
    assert _ending_in(list(final), tuple(counts)) == reference_drawplan._ending_in(list(final), tuple(counts))
