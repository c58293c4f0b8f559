"""Pots, splits, odd chips and rake (rules: Pots, splitting and rake)."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.errors import InvalidValueError
from pokerhash.pots import Award, Pot, Pots, RakeRule, Reason, settle, side_pots, side_pots_checked, side_pots_of

# -- the rules (Pots, splitting and rake) examples, verbatim -------------------------------------------------


def test_all_in_25_60_and_a_call_of_60():
    pots = side_pots({0: 25, 1: 60, 2: 60})  # A, B, C
    assert pots.pots == (Pot(75, (0, 1, 2)), Pot(70, (1, 2)))
    assert pots.uncalled_amount == 0


def test_three_at_10_and_one_at_5():
    pots = side_pots({0: 10, 1: 10, 2: 10, 3: 5})
    assert pots.pots == (Pot(20, (0, 1, 2, 3)), Pot(15, (0, 1, 2)))


def test_quartering():
    result = settle([Pot(20, (0, 1))], {0: 9, 1: 3}, low={0: 5, 1: 5}, button=1)
    assert result.payouts == {0: 15, 1: 5}
    assert result.pots[0].awards == (
        Award(0, 10, Reason.HIGH),
        Award(0, 5, Reason.LOW, 2),
        Award(1, 5, Reason.LOW, 2),
    )


def test_uncalled_chips_go_back_to_the_bettor():
    pots = side_pots({0: 300, 1: 100, 2: 40}, folded={2})
    assert (pots.uncalled_seat, pots.uncalled_amount) == (0, 200)
    assert pots.pots == (Pot(240, (0, 1)),)


def test_folded_chips_stay_in_the_pot_but_win_nothing():
    pots = side_pots({0: 100, 1: 100, 2: 30}, folded={1})
    assert pots.pots == (Pot(90, (0, 2)), Pot(140, (0,)))
    result = settle(pots, {0: 1, 2: 2}, button=0)
    assert result.payouts == {2: 90, 0: 140}
    assert result.pots[1].awards == (Award(0, 140, Reason.UNCONTESTED),)


def test_odd_chip_goes_to_the_first_winner_left_of_the_button():
    pot = [Pot(25, (1, 3, 5))]
    assert settle(pot, {1: 7, 3: 7, 5: 1}, button=3).payouts == {1: 13, 3: 12}
    assert settle(pot, {1: 7, 3: 7, 5: 1}, button=0).payouts == {1: 13, 3: 12}
    assert settle(pot, {1: 7, 3: 7, 5: 1}, button=1).payouts == {3: 13, 1: 12}
    # An explicit seat order (clockwise) that is not ascending.
    assert settle(pot, {1: 7, 3: 7, 5: 1}, button=5, seat_order=[5, 3, 1]).payouts == {3: 13, 1: 12}


def test_hi_lo_high_half_takes_the_odd_chip_and_scoops_without_a_low():
    pot = [Pot(25, (0, 1, 2))]
    assert settle(pot, {0: 9, 1: 3, 2: 1}, low={0: 0, 1: 4, 2: 2}, button=2).payouts == {0: 13, 1: 12}
    scoop = settle(pot, {0: 9, 1: 3, 2: 1}, low={0: 0, 1: 0, 2: 0}, button=2)
    assert scoop.pots[0].awards == (Award(0, 25, Reason.HIGH),)


def test_side_pots_are_settled_each_on_their_own():
    pots = side_pots({0: 25, 1: 60, 2: 60})
    result = settle(pots, {0: 9, 1: 5, 2: 7}, button=0)
    assert result.payouts == {0: 75, 2: 70}


def test_rake_defaults_options_and_order():
    assert RakeRule().amount(1000, 2) == 10
    assert RakeRule().amount(1000, 3) == 30
    assert RakeRule(multiway_rate=0.05).multiway_rate == Fraction(1, 20)
    assert RakeRule(cap=20).amount(1000, 6) == 20
    by_players = RakeRule(cap={2: 5, 4: 15})
    assert [by_players.amount(1000, n) for n in (2, 3, 4, 9)] == [5, 5, 15, 15]
    assert RakeRule(unit=5).amount(330, 3) == 5
    assert RakeRule(no_flop_no_drop=True).amount(1000, 3, ended_first_round=True) == 0
    assert RakeRule().amount(1000, 3, ended_first_round=True) == 30
    # Taken from the main pot first, then the side pots.
    result = settle([Pot(20, (0, 1, 2)), Pot(980, (1, 2))], {0: 1, 1: 3, 2: 2}, button=0,
                    rake=RakeRule(), players_dealt=3)
    assert [pot.rake for pot in result.pots] == [20, 10]
    assert result.payouts == {1: 970} and result.rake == 30


@pytest.mark.smoke
def test_bad_arguments():
    with pytest.raises(InvalidValueError):
        side_pots({0: -1, 1: 5})
    with pytest.raises(InvalidValueError):
        side_pots({0: 5, 1: 5}, folded={0, 1})
    with pytest.raises(InvalidValueError):
        settle([Pot(10, (0, 1))], {0: 1}, button=0)
    with pytest.raises(InvalidValueError):
        settle([Pot(10, (0, 1))], {0: 1, 1: 1}, button=0, rake=RakeRule())
    with pytest.raises(InvalidValueError):
        RakeRule(heads_up_rate=2)
    with pytest.raises(InvalidValueError):
        settle([Pot(10, (0, 1))], {0: 1, 1: 1}, button=0, seat_order=[1, 2])


# -- properties ------------------------------------------------------------------


@st.composite
def hands(draw, hi_lo=None):
    """Contributions, folds and hand values of 2..7 seats, with many ties."""
    seats = draw(st.lists(st.integers(0, 9), min_size=2, max_size=7, unique=True))
    contributions = {seat: draw(st.integers(0, 60)) for seat in seats}
    live = draw(st.lists(st.sampled_from(seats), min_size=1, unique=True))
    folded = set(seats) - set(live)
    high = {seat: draw(st.integers(1, 4)) for seat in seats}
    low = {seat: draw(st.integers(0, 3)) for seat in seats} if draw(st.booleans()) else None
    return contributions, folded, high, low, draw(st.sampled_from(seats))


rake_rules = st.one_of(
    st.none(),
    st.builds(
        RakeRule,
        multiway_rate=st.sampled_from([Fraction(3, 100), Fraction(1, 10), Fraction(1, 3)]),
        cap=st.sampled_from([None, 3, {2: 1, 3: 4}]),
        unit=st.integers(1, 5),
    ),
)


@pytest.mark.smoke
@settings(max_examples=400, deadline=None)
@given(hands(), rake_rules)
def test_chips_are_never_created_or_lost(hand, rake):
    contributions, folded, high, low, button = hand
    pots = side_pots(contributions, folded)
    result = settle(pots, high, low=low, button=button, rake=rake, players_dealt=len(contributions))
    assert sum(result.payouts.values()) + result.rake + pots.uncalled_amount == sum(contributions.values())
    for pot_result in result.pots:
        assert sum(a.amount for a in pot_result.awards) + pot_result.rake == pot_result.pot.amount
        assert {a.seat for a in pot_result.awards} <= set(pot_result.pot.eligible)
        assert not set(pot_result.pot.eligible) & folded


@settings(max_examples=400, deadline=None)
@given(hands())
def test_winners_and_odd_chips(hand):
    contributions, folded, high, low, button = hand
    seats = sorted(contributions)
    clockwise = sorted(seats, key=lambda seat: (seat <= button, seat))
    for result in settle(side_pots(contributions, folded), high, low=low, button=button).pots:
        pot = result.pot
        for reason in (Reason.HIGH, Reason.LOW):
            awards = [a for a in result.awards if a.reason is reason]
            if not awards:
                continue
            values = high if reason is Reason.HIGH else low
            best = max(values[seat] for seat in pot.eligible)
            assert sorted(a.seat for a in awards) == sorted(s for s in pot.eligible if values[s] == best)
            amounts = [a.amount for a in sorted(awards, key=lambda a: clockwise.index(a.seat))]
            # Even shares, and the odd chips to the first winner left of the button.
            assert amounts[1:] == [min(amounts)] * (len(amounts) - 1) and amounts[0] >= amounts[-1]
            assert amounts[0] - amounts[-1] < len(amounts)
        if len(pot.eligible) > 1 and low is not None and max(low[s] for s in pot.eligible):
            halves = [sum(a.amount for a in result.awards if a.reason is r) for r in (Reason.HIGH, Reason.LOW)]
            assert halves[0] - halves[1] in (0, 1)  # the high half takes the odd chip
        else:
            assert all(a.reason is not Reason.LOW for a in result.awards)  # the high scoops


@pytest.mark.smoke
@settings(max_examples=200, deadline=None)
@given(hands())
def test_side_pots_shape(hand):
    contributions, folded, _, _, _ = hand
    pots = side_pots(contributions, folded)
    assert isinstance(pots, Pots)
    eligible = [set(pot.eligible) for pot in pots.pots]
    # Main pot first; each side pot is open to a strict subset of the pot before it.
    assert all(later < earlier for earlier, later in zip(eligible, eligible[1:]))
    if pots.uncalled_amount:
        others = [c for s, c in contributions.items() if s != pots.uncalled_seat]
        assert contributions[pots.uncalled_seat] - pots.uncalled_amount == max(others)


@settings(max_examples=400, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_side_pots_of_the_engines_lists_match_side_pots(hand, random):
    # side_pots_of (the engine's, over its per-player lists in any seat order) makes the
    # same pots, uncalled seat and amount as side_pots_checked of the same chips.
    contributions, folded, _, _, _ = hand
    seats = list(contributions)
    random.shuffle(seats)
    made = side_pots_of(tuple(seats), [contributions[s] for s in seats], [s in folded for s in seats])
    expected = side_pots_checked(dict(contributions), folded)
    assert made == expected
    assert [type(pot.amount) for pot in made.pots] == [int] * len(made.pots)
    assert made == side_pots(contributions, folded)


@given(st.lists(st.integers(0, 3), min_size=1, max_size=9))
def test_best_is_every_seat_with_the_greatest_value(values):
    """pots._best (one pass, compiled) names the seats max() would, in eligible order."""
    from pokerhash.pots import _best

    eligible = tuple(range(10, 10 + len(values)))  # seats, not indexes
    by_seat = dict(zip(eligible, values))
    best = max(values)
    assert _best(eligible, by_seat) == tuple(seat for seat in eligible if by_seat[seat] == best)
