"""pytest-benchmark suite of the Turkish evaluator: ``pytest benchmarks/bench_turkish.py``.

Targets (issue 4, one thread): ``evaluate_turkish_batch`` <= 5 ns per hand (issue
10: validated and ``check=False`` both), per-call ``evaluate_turkish`` of a list of
5 ints <= 120 ns. ``ns_per_hand`` in
extra_info is the median divided by the number of hands; the per-call figure
includes the list comprehension that drives it.
"""

import numpy as np
import pytest

from pokerhash.evaluators.turkish import evaluate_turkish, evaluate_turkish_batch


def deck_hands(n: int, lowest_rank: int, seed: int = 4) -> np.ndarray:
    """n random hands of five distinct cards of the deck from lowest_rank (uint8 rows)."""
    rng = np.random.default_rng(seed)
    deck = np.arange(4 * lowest_rank, 52, dtype=np.uint8)
    keys = rng.random((n, len(deck)))
    return np.ascontiguousarray(deck[np.argsort(keys, axis=1)[:, :5]])


BATCH = deck_hands(1_000_000, 4)
HANDS = BATCH[:10_000].tolist()


@pytest.mark.parametrize("check", [False, True])
def test_evaluate_turkish_batch(benchmark, check):
    benchmark(evaluate_turkish_batch, BATCH, check=check)
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(BATCH) * 1e9


def test_evaluate_turkish_batch_24_cards(benchmark):
    hands = deck_hands(1_000_000, 7)
    benchmark(evaluate_turkish_batch, hands, players=2)
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(hands) * 1e9


def test_evaluate_turkish_per_call(benchmark):
    benchmark(lambda: [evaluate_turkish(h) for h in HANDS])
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(HANDS) * 1e9


def test_evaluate_turkish_per_call_players(benchmark):
    benchmark(lambda: [evaluate_turkish(h, players=3) for h in HANDS_28])
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(HANDS_28) * 1e9


HANDS_28 = deck_hands(10_000, 6).tolist()
