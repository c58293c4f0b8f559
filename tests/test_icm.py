"""ICM: hand-computed cases, exact agreement with the definition, properties, pokerkit."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash import InvalidValueError
from pokerhash import icm
from reference_icm import icm_by_orders


def test_hand_computed_three_players():
    # 1st: 50/100, 30/100, 20/100. Player 0 is 2nd after 1 wins (0.3 * 50/70) or after
    # 2 wins (0.2 * 50/80): 19/56, so 70/2 + 30 * 19/56.
    equity = icm([50, 30, 20], [70, 30])
    assert equity[0] == pytest.approx(35 + 30 * 19 / 56, rel=1e-15)
    # Player 1: 70 * 3/10 + 30 * (0.5 * 30/50 + 0.2 * 30/80) = 21 + 30 * 3/8.
    assert equity[1] == pytest.approx(21 + 30 * 3 / 8, rel=1e-15)
    assert equity.sum() == pytest.approx(100, rel=1e-15)


@pytest.mark.smoke
@pytest.mark.parametrize(
    "stacks, payouts, expected",
    [
        ([1000], [50, 30, 20], [50]),  # the last player wins 1st place
        ([3, 1], [10, 4], [4 + 6 * 3 / 4, 4 + 6 * 1 / 4]),  # 2nd prize plus the difference by chips
        ([7, 7, 7, 7], [40, 30, 20, 10], [25] * 4),
        ([5, 5], [10], [5, 5]),
        ([5, 5], [], [0, 0]),
    ],
)
def test_simple_cases(stacks, payouts, expected):
    assert icm(stacks, payouts) == pytest.approx(expected, rel=1e-15)


def test_pokerkit_documented_values():
    # pokerkit's calculate_icm docstring (payouts, chips) -> values.
    assert icm([50, 30, 20], [70, 30]) == pytest.approx([45.17857142857143, 32.25, 22.571428571428573])
    assert icm([25, 87, 88], [50, 30, 20])[0] == pytest.approx(25.6945, abs=1e-4)
    assert icm([198, 1, 1], [50, 30, 20])[1] == pytest.approx(25.1002, abs=1e-4)


def test_more_payouts_than_players_pays_the_first_places():
    assert np.array_equal(icm([40, 60], [50, 30, 20, 10]), icm([40, 60], [50, 30]))


def test_players_without_chips_share_the_last_places():
    # Two players with chips play for 1st and 2nd; the two broke ones share 3rd and 4th.
    assert icm([10, 0, 30, 0], [50, 30, 20, 10]) == pytest.approx([35, 15, 45, 15])
    assert icm([10, 0], [50, 30]) == pytest.approx([50, 30])
    assert icm([0, 0, 5], [9, 3]) == pytest.approx([1.5, 1.5, 9])


def test_rows_are_situations():
    rows = np.array([[50, 30, 20], [20, 30, 50], [1, 0, 99]], dtype=float)
    out = icm(rows, [60, 30, 10])
    assert out.shape == (3, 3)
    for row, equity in zip(rows, out):
        assert np.array_equal(equity, icm(row, [60, 30, 10]))
    assert icm(np.zeros((0, 4)), [1]).shape == (0, 4)


@pytest.mark.smoke
@pytest.mark.parametrize(
    "stacks, payouts, message",
    [
        ([10, -1], [1], "negative"),
        ([10, 5], [1, -1], "negative"),
        ([0, 0], [1], "no chips"),
        ([[1, 2], [0, 0]], [1], "no chips"),
        ([10, 5], [20, 30], "never increase"),
        ([10, 5], [50, 30, 40], "never increase"),
        ([10, 5], [50, float("inf")], "finite"),
        ([10, float("nan")], [1], "finite"),
        ([10, float("inf")], [1], "finite"),
        ([1e308, 1e308], [1], "overflow"),
        ([], [1], "1 to 20 players"),
        ([1] * 21, [1], "1 to 20 players"),
        ("10 20", [1], "numbers"),
        ([10, "x"], [1], "numbers"),
        ([[[1]]], [1], "shape"),
        ([1, 2], [[1]], "shape"),
    ],
)
def test_bad_input(stacks, payouts, message):
    with pytest.raises(InvalidValueError, match=message):
        icm(stacks, payouts)


def _payouts(draw, count):
    prizes = draw(st.lists(st.integers(0, 1000), min_size=count, max_size=count))
    return sorted(prizes, reverse=True)


@pytest.mark.smoke
@settings(max_examples=80, deadline=None)
@given(st.data())
def test_equals_the_sum_over_finishing_orders(data):
    players = data.draw(st.integers(1, 6))
    stacks = data.draw(st.lists(st.integers(1, 10**6), min_size=players, max_size=players))
    payouts = _payouts(data.draw, data.draw(st.integers(0, 7)))
    exact = icm_by_orders(stacks, payouts)
    equity = icm(stacks, payouts)
    scale = max(payouts, default=0) + 1
    for got, want in zip(equity, exact):
        assert abs(Fraction(float(got)) - want) <= scale * 1e-13


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_symmetry_sum_and_order(data):
    players = data.draw(st.integers(1, 10))
    stacks = np.array(data.draw(st.lists(st.floats(0.01, 1e6), min_size=players, max_size=players)))
    payouts = _payouts(data.draw, data.draw(st.integers(0, 12)))
    equity = icm(stacks, payouts)
    assert equity.sum() == pytest.approx(sum(payouts[:players]), rel=1e-12, abs=1e-9)
    permutation = np.random.default_rng(data.draw(st.integers(0, 99))).permutation(players)
    assert icm(stacks[permutation], payouts) == pytest.approx(equity[permutation], rel=1e-12, abs=1e-9)
    assert icm(stacks * 7.5, payouts) == pytest.approx(equity, rel=1e-12, abs=1e-9)
    # More chips never means less equity (payouts never increase with the place).
    order = np.argsort(stacks, kind="stable")
    assert (np.diff(equity[order]) >= -1e-9 * (1 + max(payouts, default=0))).all()
    lowest = payouts[players - 1] if len(payouts) >= players else 0
    assert ((equity >= lowest - 1e-9) & (equity <= max(payouts, default=0) + 1e-9)).all()


def test_twenty_players():
    stacks = np.arange(1, 21, dtype=float)
    payouts = np.linspace(100, 5, 20)
    equity = icm(stacks, payouts)
    assert equity.sum() == pytest.approx(payouts.sum(), rel=1e-12)
    assert (np.diff(equity) > 0).all()


@settings(max_examples=40, deadline=None)
@given(st.data())
def test_agrees_with_pokerkit(data):
    pokerkit = pytest.importorskip("pokerkit")
    players = data.draw(st.integers(2, 7))
    stacks = data.draw(st.lists(st.integers(1, 10**5), min_size=players, max_size=players))
    payouts = _payouts(data.draw, data.draw(st.integers(1, players)))
    expected = pokerkit.calculate_icm(payouts, stacks)
    # pokerkit subtracts chip fractions from 1 as it goes, which costs it some digits
    # (213.98716000100075 where the exact value is 213.98716).
    assert icm(stacks, payouts) == pytest.approx(expected, rel=1e-8, abs=1e-8)
