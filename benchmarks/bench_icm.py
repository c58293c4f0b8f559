"""ICM calls per second, pokerhash's C kernel beside pokerkit's sum over finishing orders.

    pytest benchmarks/bench_icm.py            # pytest-benchmark table
    python benchmarks/bench_icm.py            # side by side, medians of repeated runs

pokerkit (Python >= 3.11) is skipped where it is not installed.
"""

from __future__ import annotations

import statistics
import timeit

import numpy as np
import pytest

from pokerhash import icm

# A 9-player sit-and-go bubble (3 paid), a 6-max final (all paid), a 10-player final table.
CASES = {
    "9 players, 3 paid": ([2500, 1800, 1500, 1200, 900, 700, 600, 500, 300], [50, 30, 20]),
    "6 players, 6 paid": ([4000, 3000, 2500, 1800, 1200, 500], [40, 25, 15, 10, 6, 4]),
    "10 players, 10 paid": ([9000, 7000, 6000, 5000, 4500, 4000, 3000, 2500, 1800, 1200],
                            [30, 20, 14, 10, 8, 6, 5, 3, 2, 2]),
}
BATCH_ROWS = 10_000


def _pokerkit():
    try:
        from pokerkit import calculate_icm
    except ImportError:
        return None
    return calculate_icm


@pytest.mark.parametrize("case", list(CASES))
def test_bench_icm(benchmark, case):
    stacks, payouts = CASES[case]
    benchmark(icm, stacks, payouts)


@pytest.mark.parametrize("case", ["9 players, 3 paid", "6 players, 6 paid"])
def test_bench_pokerkit_icm(benchmark, case):
    calculate_icm = _pokerkit()
    if calculate_icm is None:
        pytest.skip("pokerkit is not installed")
    stacks, payouts = CASES[case]
    benchmark(calculate_icm, payouts, stacks)


def test_bench_icm_rows(benchmark):
    stacks = np.random.default_rng(1).integers(100, 10_000, size=(BATCH_ROWS, 9)).astype(float)
    benchmark(icm, stacks, [50, 30, 20])


def _calls_per_second(function, *args, repeat=7) -> float:
    number = 1
    while timeit.timeit(lambda: function(*args), number=number) < 0.2:
        number *= 4
    times = timeit.repeat(lambda: function(*args), number=number, repeat=repeat)
    return number / statistics.median(times)


def main() -> None:
    calculate_icm = _pokerkit()
    print(f"{'case':<22}{'pokerhash calls/s':>20}{'pokerkit calls/s':>20}{'ratio':>10}")
    for case, (stacks, payouts) in CASES.items():
        ours = _calls_per_second(icm, stacks, payouts)
        theirs = _calls_per_second(calculate_icm, payouts, stacks, repeat=3) if calculate_icm else float("nan")
        print(f"{case:<22}{ours:>20,.0f}{theirs:>20,.1f}{ours / theirs:>10,.0f}")
    stacks = np.random.default_rng(1).integers(100, 10_000, size=(BATCH_ROWS, 9)).astype(float)
    rows = _calls_per_second(icm, stacks, [50, 30, 20]) * BATCH_ROWS
    print(f"rows of 9 players, 3 paid, in one call: {rows:,.0f} situations/s")


if __name__ == "__main__":
    main()
