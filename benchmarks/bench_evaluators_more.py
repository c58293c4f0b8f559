"""pytest-benchmark suite of the evaluators of RULES.md §9:
``pytest benchmarks/bench_evaluators_more.py``.

Targets (issue 10, one thread, validated batches): short deck <= 4 ns per 7-card hand,
A-5 low <= 3 ns per 7-card hand, 2-7 low <= 3 ns per hand, badugi <= 3 ns per hand;
per call near the other evaluators (~50-70 ns). ``ns_per_hand`` in extra_info is the
median divided by the number of hands; the per-call figure includes the list
comprehension that drives it. ``python benchmarks/compare.py --only shortdeck --only a5
--only deuce7 --only badugi`` times pokerkit beside them.
"""

import pytest

from pokerhash import (
    evaluate_a5_low,
    evaluate_a5_low_batch,
    evaluate_badugi,
    evaluate_badugi_batch,
    evaluate_deuce7,
    evaluate_deuce7_batch,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
)
from pokerhash.bench import random_hands, shortdeck_hands

N = 1_000_000
BATCHES = {
    "shortdeck7": (evaluate_shortdeck_batch, shortdeck_hands(N, 7, 1)),
    "a5_low7": (evaluate_a5_low_batch, random_hands(N, 7, 2)),
    "a5_low5": (evaluate_a5_low_batch, random_hands(N, 5, 3)),
    "deuce7": (evaluate_deuce7_batch, random_hands(N, 5, 4)),
    "badugi": (evaluate_badugi_batch, random_hands(N, 4, 5)),
}
CALLS = {
    "shortdeck7": (evaluate_shortdeck, BATCHES["shortdeck7"][1][:10_000].tolist()),
    "a5_low7": (evaluate_a5_low, BATCHES["a5_low7"][1][:10_000].tolist()),
    "deuce7": (evaluate_deuce7, BATCHES["deuce7"][1][:10_000].tolist()),
    "badugi": (evaluate_badugi, BATCHES["badugi"][1][:10_000].tolist()),
}


@pytest.mark.parametrize("check", [False, True])
@pytest.mark.parametrize("game", sorted(BATCHES))
def test_batch(benchmark, game, check):
    batch, hands = BATCHES[game]
    benchmark(batch, hands, check=check)
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(hands) * 1e9


@pytest.mark.parametrize("game", sorted(CALLS))
def test_per_call(benchmark, game):
    evaluate, hands = CALLS[game]
    benchmark(lambda: [evaluate(h) for h in hands])
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / len(hands) * 1e9
