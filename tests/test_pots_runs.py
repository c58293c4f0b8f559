"""The settlement arithmetic the engine takes from pots as pure functions: dead money
joins the main pot, and a hand run twice splits each pot (after the rake, main pot
first) into two halves, the first run taking the odd chip (rules: Pots, splitting and
rake; The games and their flow). Checked by example, against a slow statement of the
rule, and as properties (hypothesis)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from pokerhash import InvalidValueError
from pokerhash.pots import Pot, Pots, side_pots, split_runs, with_dead_money


def test_dead_money_joins_the_main_pot():
    pots = side_pots({0: 100, 1: 100, 2: 40})  # seat 2 all-in for 40: main 120, side 120
    with_dead = with_dead_money(pots, 15, [0, 1, 2])
    assert [p.amount for p in with_dead.pots] == [135, 120]
    assert [p.eligible for p in with_dead.pots] == [p.eligible for p in pots.pots]
    assert [p.amount for p in pots.pots] == [120, 120]  # pure: the input is unchanged


def test_dead_money_alone_makes_a_main_pot_of_the_live_seats():
    empty = Pots(())
    assert with_dead_money(empty, 7, [3, 1]).pots == (Pot(7, (1, 3)),)
    assert with_dead_money(empty, 0, [3, 1]) is empty
    with pytest.raises(InvalidValueError, match="live seat"):
        with_dead_money(empty, 7, [])


def test_uncalled_chips_stay_as_they_were():
    pots = side_pots({0: 100, 1: 60})
    assert with_dead_money(pots, 5, [0, 1]).uncalled == pots.uncalled == {0: 40}


@pytest.mark.parametrize("dead", [-1, 1.5, "3", True])
def test_bad_dead_money_is_refused(dead):
    with pytest.raises(InvalidValueError):
        with_dead_money(Pots(()), dead, [0])


def test_two_runs_halve_each_pot_the_first_taking_the_odd_chip():
    first, second = split_runs((Pot(101, (0, 1, 2)), Pot(50, (0, 1))), 0)
    assert first == (Pot(51, (0, 1, 2)), Pot(25, (0, 1)))
    assert second == (Pot(50, (0, 1, 2)), Pot(25, (0, 1)))


def test_the_rake_comes_off_the_main_pot_first():
    first, second = split_runs((Pot(10, (0, 1, 2)), Pot(50, (0, 1))), 13)
    assert [p.amount for p in first] == [0, 24] and [p.amount for p in second] == [0, 23]


def test_a_rake_beyond_the_pots_is_refused():
    with pytest.raises(InvalidValueError, match="more than the pots"):
        split_runs((Pot(10, (0, 1)),), 11)
    with pytest.raises(InvalidValueError):
        split_runs((Pot(10, (0, 1)),), -1)


def slow_split(amounts, rake):
    """The rule read literally, chip by chip: the house takes ``rake`` chips from the
    first pot that has any; then each pot's chips are dealt alternately to the runs,
    the first run first."""
    amounts = list(amounts)
    for _ in range(rake):
        amounts[next(i for i, a in enumerate(amounts) if a)] -= 1
    runs = ([0] * len(amounts), [0] * len(amounts))
    for i, amount in enumerate(amounts):
        for chip in range(amount):
            runs[chip % 2][i] += 1
    return runs


@given(st.lists(st.integers(0, 500), min_size=1, max_size=5), st.data())
def test_split_runs_matches_the_rule_chip_by_chip(amounts, data):
    rake = data.draw(st.integers(0, sum(amounts)))
    pots = tuple(Pot(a, (0, i + 1)) for i, a in enumerate(amounts))
    first, second = split_runs(pots, rake)
    assert ([p.amount for p in first], [p.amount for p in second]) == tuple(slow_split(amounts, rake))
    assert sum(p.amount for p in first + second) == sum(amounts) - rake
    assert [p.eligible for p in first] == [p.eligible for p in second] == [p.eligible for p in pots]


def slow_split_n(amounts, rake, runs):
    """The rule for ``runs`` runs read literally: the rake as above, then each pot's
    chips dealt one at a time to the runs in turn, the first run first (so the chips
    an equal split leaves over go one each to the earliest runs)."""
    amounts = list(amounts)
    for _ in range(rake):
        amounts[next(i for i, a in enumerate(amounts) if a)] -= 1
    parts = [[0] * len(amounts) for _ in range(runs)]
    for i, amount in enumerate(amounts):
        for chip in range(amount):
            parts[chip % runs][i] += 1
    return parts


def test_three_runs_share_each_pot_the_earliest_taking_the_odd_chips():
    runs = split_runs((Pot(101, (0, 1, 2)), Pot(50, (0, 1))), 0, runs=3)
    assert [[p.amount for p in run] for run in runs] == [[34, 17], [34, 17], [33, 16]]
    with pytest.raises(InvalidValueError, match="runs"):
        split_runs((Pot(10, (0, 1)),), 0, runs=1)


@given(st.lists(st.integers(0, 500), min_size=1, max_size=5), st.integers(2, 5), st.data())
def test_split_runs_in_n_runs_matches_the_rule_chip_by_chip(amounts, runs, data):
    rake = data.draw(st.integers(0, sum(amounts)))
    pots = tuple(Pot(a, (0, i + 1)) for i, a in enumerate(amounts))
    parts = split_runs(pots, rake, runs=runs)
    assert [[p.amount for p in run] for run in parts] == slow_split_n(amounts, rake, runs)
    assert all([p.eligible for p in run] == [p.eligible for p in pots] for run in parts)
