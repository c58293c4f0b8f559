"""pytest-benchmark suite of the Omaha high and eight-or-better low evaluators:
``pytest benchmarks/bench_omaha.py``.

Targets (issue 3, one thread, random hands, batch): PLO4 <= 12 ns/hand, PLO5 <= 20,
PLO6 <= 30 (issue 10: <= 20 in a loaded run); low (7 cards or Omaha) <= 5 ns;
per-call ``evaluate_omaha`` with four hole cards <= 150 ns. Compare medians, not
single runs; on a loaded machine ``--benchmark-timer time.process_time`` leaves out
the time other processes hold the core. Side by side with other
evaluators: ``python benchmarks/compare_omaha.py``.
"""

import numpy as np
import pytest

from pokerhash.bench import random_hands
from pokerhash.evaluators.low import evaluate_low8, evaluate_low8_batch, evaluate_omaha_low8, evaluate_omaha_low8_batch
from pokerhash.evaluators.omaha import evaluate_omaha, evaluate_omaha_batch

DEALS = random_hands(1_000_000, 11)  # 6 hole + 5 board cards; fewer hole cards use a prefix
HOLES = {n: np.ascontiguousarray(DEALS[:, :n]) for n in (4, 5, 6)}
BOARDS = np.ascontiguousarray(DEALS[:, 6:])
SEVENS = np.ascontiguousarray(DEALS[:, :7])
CALLS = [(h.tolist(), b.tolist()) for h, b in zip(HOLES[4][:10_000], BOARDS[:10_000])]


def _per_hand(benchmark, hands):
    benchmark.extra_info["ns_per_hand"] = benchmark.stats.stats.median / hands * 1e9


def test_evaluate_omaha_per_call_plo4(benchmark):
    benchmark(lambda: [evaluate_omaha(h, b) for h, b in CALLS])
    _per_hand(benchmark, len(CALLS))


@pytest.mark.parametrize("check", [True, False], ids=["validated", "unchecked"])
@pytest.mark.parametrize("n_hole", [4, 5, 6])
def test_evaluate_omaha_batch(benchmark, n_hole, check):
    benchmark(evaluate_omaha_batch, HOLES[n_hole], BOARDS, check=check)
    _per_hand(benchmark, len(BOARDS))


def test_evaluate_low8_per_call_7(benchmark):
    hands = SEVENS[:10_000].tolist()
    benchmark(lambda: [evaluate_low8(h) for h in hands])
    _per_hand(benchmark, len(hands))


def test_evaluate_omaha_low8_per_call_plo4(benchmark):
    benchmark(lambda: [evaluate_omaha_low8(h, b) for h, b in CALLS])
    _per_hand(benchmark, len(CALLS))


@pytest.mark.parametrize("check", [True, False], ids=["validated", "unchecked"])
def test_evaluate_low8_batch_7(benchmark, check):
    benchmark(evaluate_low8_batch, SEVENS, check=check)
    _per_hand(benchmark, len(SEVENS))


@pytest.mark.parametrize("check", [True, False], ids=["validated", "unchecked"])
@pytest.mark.parametrize("n_hole", [4, 6])
def test_evaluate_omaha_low8_batch(benchmark, n_hole, check):
    benchmark(evaluate_omaha_low8_batch, HOLES[n_hole], BOARDS, check=check)
    _per_hand(benchmark, len(BOARDS))
