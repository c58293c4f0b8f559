"""Heads-up Hold'em range against range, every runout swept once (csrc/equity_ranges.h),
checked against the per-pair enumeration (equity_iter's exact path, which never takes
the sweep) at many random ranges and boards, and against the brute force of
tests/reference_equity.py."""

from __future__ import annotations

import numpy as np
import pytest
from reference_equity import brute_range_equity

import pokerhash as ph
from pokerhash import InvalidCardError, InvalidValueError, _equity, _equity_api, equity, equity_iter
from pokerhash.ranges import Range, combo_cards


def random_weights(rng: np.random.Generator, n: int, classes: bool) -> np.ndarray:
    """n random combinations with random weights, or whole range classes (suit-symmetric
    ranges, where the sweep uses suit isomorphism) when classes."""
    if classes:
        labels = [label for row in ph.ranges.GRID_LABELS for label in row]
        picked = rng.choice(labels, size=n, replace=False)
        weight = rng.choice([1.0, 0.5, 0.25])
        return Range(",".join(f"{label}:{weight}" for label in picked)).weights.copy()
    weights = np.zeros(1326)
    weights[rng.choice(1326, size=n, replace=False)] = rng.choice([1.0, 0.5, 0.3, 0.05], size=n)
    return weights


def assert_same(fast, slow) -> None:
    assert fast.exact and slow.exact
    assert fast.showdowns == slow.showdowns
    for name in ("equity", "win", "tie"):
        assert np.allclose(getattr(fast, name), getattr(slow, name), atol=1e-12, rtol=0), name


def full_path(players, board, dead=()):
    return list(equity_iter(players, board, dead, method="exact"))[-1]


@pytest.mark.parametrize("board_size", [3, 4, 5])
@pytest.mark.parametrize("classes", [False, True])
def test_sweep_equals_per_pair_enumeration(board_size, classes):
    rng = np.random.default_rng(100 * board_size + classes)
    trials = {3: 6, 4: 12, 5: 20}[board_size]
    for _ in range(trials):
        dealt = rng.choice(52, size=board_size + rng.integers(0, 3), replace=False)
        board, dead = dealt[:board_size].tolist(), dealt[board_size:].tolist()
        sizes = rng.integers(1, 6 if classes else 40, size=2)
        hero, villain = (random_weights(rng, int(k), classes) for k in sizes)
        try:
            slow = full_path([hero, villain], board, dead)
        except InvalidValueError:  # a range emptied by the board: both paths refuse it
            with pytest.raises(InvalidValueError):
                equity([hero, villain], board, dead)
            continue
        assert_same(equity([hero, villain], board, dead), slow)


def test_overlapping_ranges_and_a_known_hand():
    rng = np.random.default_rng(7)
    for _ in range(6):
        board = rng.choice(52, size=3, replace=False).tolist()
        shared = random_weights(rng, 30, False)
        other = shared.copy()
        other[rng.choice(1326, size=20, replace=False)] = 0.7  # most combos in both ranges
        assert_same(equity([shared, other], board), full_path([shared, other], board))
        live = [c for c in range(52) if c not in board]
        hand = rng.choice(live, size=2, replace=False).tolist()
        assert_same(equity([hand, other], board), full_path([hand, other], board))
        assert_same(equity([other, hand], board), full_path([other, hand], board))


@pytest.mark.parametrize("hero, villain, board", [
    ("QQ+,AKs", "22+,A2s+,KTs+", "Jh7c2h"),   # d and s alike: runouts counted by orbit
    ("AA,KK", "QQ,JJ,AKs", "2c5d9h"),          # the fourth suit alone is free
    ("AhKh,QQ", "JTs,99", "2h5h9h"),           # a monotone flop, an asymmetric range
    ("random", "random", "AsKsQs"),
])
def test_named_spots_equal_per_pair_enumeration(hero, villain, board):
    assert_same(equity([hero, villain], board), full_path([hero, villain], board))


def test_sweep_equals_brute_force():
    hero = {(51, 50): 1.0, (39, 35): 0.75, (20, 16): 0.4}
    villain = {(47, 46): 1.0, (43, 42): 0.5, (29, 25): 0.25, (51, 47): 0.8}
    for board, dead in (([0, 9, 22, 33], [4]), ([0, 9, 22, 33, 44], []), ([1, 14, 27], [])):
        w = [np.zeros(1326), np.zeros(1326)]
        for side, combos in zip(w, (hero, villain)):
            for (a, b), weight in combos.items():
                side[ph.ranges.combo_index(a, b)] = weight
        result = equity(w, board, dead)
        expected = brute_range_equity([hero, villain], board, dead)
        assert np.allclose(result.equity, [float(e) for e in expected], atol=1e-12)


def test_the_sweep_answers_equity(monkeypatch):
    """equity() takes the sweep for two ranges on a flop (and not for three players)."""
    calls = []
    real = _equity.ranges_exact

    def counting(*args):
        calls.append(args)
        return real(*args)

    monkeypatch.setattr(_equity, "ranges_exact", counting)
    equity(["QQ+,AKs", "22+,A2s+,KTs+"], "Jh7c2h")
    equity([Range("AA"), "KsKd"], "Jh7c2h2d")
    assert len(calls) == 2
    equity(["QQ+", "JJ", "TT"], "Jh7c2h")
    assert len(calls) == 2


def test_big_ranges_are_exact_under_auto():
    result = equity(["22+,A2+,K2+,Q2+,J2+", "random"], "Jh7c2h")
    assert result.exact and result.showdowns > 10 ** 8


@pytest.mark.parametrize("players, board, dead, error", [
    (["AA", "KK"], "AhAdAc", (), InvalidValueError),          # hero's range emptied
    (["AhAd", "AhAd"], "2c3c4c", (), InvalidCardError),       # the same hand twice
    (["AA", "KK"], "2c3c4c2c", (), InvalidCardError),
    (["AA", "KK"], "2c3c4c", "3c", InvalidCardError),
    (["AsAh", "AsAh,AsKs"], "2c3c4c", (), InvalidValueError),  # no pair free of shared cards
])
def test_bad_input_still_named(players, board, dead, error):
    with pytest.raises(error):
        equity(players, board, dead)


def test_kernel_refuses_bad_sizes():
    with pytest.raises(InvalidValueError):
        _equity.ranges_exact(np.array([1, 2], dtype=np.uint8), 0, np.ones(1326), np.ones(1326))
    with pytest.raises(InvalidValueError):
        _equity.ranges_exact(np.array([1, 2, 3], dtype=np.uint8), 0, np.ones(1325), np.ones(1326))
    with pytest.raises(InvalidValueError):
        _equity.ranges_exact(np.array([1, 2, 60], dtype=np.uint8), 0, np.ones(1326), np.ones(1326))


def test_combo_layout_is_shared():
    # The kernel reads weights in the pokerhash.ranges layout.
    w = np.zeros(1326)
    w[ph.ranges.combo_index(51, 50)] = 1.0
    assert combo_cards(ph.ranges.combo_index(51, 50)) in ((51, 50), (50, 51))
    v = np.zeros(1326)
    v[ph.ranges.combo_index(47, 46)] = 1.0
    win, tie, met, pairs, runouts = _equity.ranges_exact(np.array([0, 9, 22], dtype=np.uint8), 0, w, v)
    assert pairs == 1 and runouts == 990 and met == 990
    assert _equity_api._two_ranges_exact([w, v], [0, 9, 22], (), "holdem").showdowns == 990
