"""pytest-benchmark suite of the equity kernels: ``pytest benchmarks/bench_equity.py``.

Targets (issue 9, one thread): AhAd vs KsKc preflop exact <= 2 ms; AA vs KK (all
combinations) exact <= 7 ms; QQ+,AKs vs random exact <= 3.5 s (``--run-slow``
style: only with ``-k qq``); PLO4 heads-up preflop exact <= 20 ms; sampling,
heads-up Hold'em >= 60 M showdowns/s, PLO4 >= 10 M; ``equities_vs_range`` on a
river <= 30 us; ``random_deals`` <= 5 ns per card. Compare medians. Side by side
with eval7 and pokerkit: ``python benchmarks/compare_equity.py``. On a busy shared
machine add ``--benchmark-timer time.process_time`` (CPU time: the honest
single-thread measure).
"""

import pytest

from pokerhash import equities_vs_range, equity, random_deals
from pokerhash.ranges import Range

def _rate(benchmark, count: float):
    """Millions of items per second at the median time."""
    benchmark.extra_info["M_per_s"] = count / benchmark.stats.stats.median * 1e-6


def test_exact_aces_vs_kings(benchmark):
    benchmark(equity, ["AhAd", "KsKc"], method="exact")


def test_exact_aa_vs_kk_all_combos(benchmark):
    aa, kk = Range("AA"), Range("KK")
    benchmark(equity, [aa, kk], method="exact")


@pytest.mark.slow
def test_exact_qq_plus_aks_vs_random(benchmark):
    hero = Range("QQ+,AKs")
    benchmark.pedantic(equity, ([hero, Range("random")],), {"method": "exact"}, rounds=3)


@pytest.mark.parametrize("hero, villain", [
    ("AA", "KK"),                                                       # 6 combinations a side
    ("TT+,AK", "99,88,77,AQ,KQs,KJs,QJs"),                              # 46
    ("22+,A2+,K2+,Q2+,J2+", "22+,A2+,K2+,Q2+,J2s+,T2s+,92s+,82s+,72s+,32s"),  # 750
])
def test_exact_ranges_on_a_flop(benchmark, hero, villain):
    # Issue 26: >= 1.5x OMPEval at every size (python benchmarks/kernels_vs_ompeval.py).
    benchmark(equity, [hero, villain], "Jh7c2h", method="exact")


def test_exact_plo4_heads_up_preflop(benchmark):
    benchmark(equity, ["AhKhQsJs", "9c8c7d6d"], game="omaha", method="exact")


def test_sample_holdem_heads_up(benchmark):
    benchmark(equity, ["AhAd", "KsKc"], method="sample", trials=4_000_000, seed=1)
    _rate(benchmark, 4e6)


def test_sample_plo4_heads_up(benchmark):
    benchmark(equity, ["AhKhQsJs", "9c8c7d6d"], game="omaha", method="sample", trials=1_000_000, seed=1)
    _rate(benchmark, 1e6)


def test_equities_vs_range_river(benchmark):
    villain = Range("TT+,AK,KQs,76s")
    benchmark(equities_vs_range, [48, 45, 20, 23, 2], villain)


def test_random_deals(benchmark):
    benchmark(random_deals, 1_000_000, 7, seed=1)
    benchmark.extra_info["ns_per_card"] = benchmark.stats.stats.median / 7e6 * 1e9


@pytest.mark.parametrize("threads", [1, 2])
def test_sample_threads(benchmark, threads):
    # Two threads should take about half the time of one: the kernels run without the GIL.
    benchmark.pedantic(equity, (["AhKh", "QsQd", "Tc9c"],), {"method": "sample", "trials": 8_000_000, "seed": 1,
                                                              "threads": threads}, rounds=5)
    _rate(benchmark, 8e6)
