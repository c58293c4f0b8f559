"""pokerhash's C kernels beside OMPEval (and eval7) in one process, interleaved rounds (issue 26).

    python benchmarks/kernels_vs_ompeval.py --ompeval /path/to/OMPEval   # source tree or git dir
    python benchmarks/kernels_vs_ompeval.py --ompeval DIR --rounds 9 --only ranges

OMPEval is compiled here (benchmarks/_ompeval.py: ``-O3``, no ``-march=native``, one
thread) and called through ctypes; every call does a whole measurement and returns its
own CPU time, so the call costs nothing beside it. pokerhash is timed in CPU time of the
process as well. Each round runs every contender of a section once, in turn, so machine
load hits them alike; the report gives the median over rounds and the ratio
``OMPEval time / pokerhash time`` (above 1: pokerhash is faster). Sections:

- ``ranges``: exact range against range on the flop Jh7c2h, at 6, 46, 214 and 750
  combinations per side (``AA`` v ``KK`` ... ``22+,A2+,K2+,Q2+,J2+`` v ...), per call.
- ``sample``: Monte Carlo showdowns per second on one thread: AhAd v KsKc preflop
  (heads-up, beside OMPEval and eval7's ``py_hand_vs_range_monte_carlo``), three- and
  six-way with known hands (beside OMPEval).
- ``batch``: values of 2,000,000 random seven-card hands (ns per hand): OMPEval's
  ``Hand`` sums and ``evaluate``, pokerhash's ``evaluate_batch`` unchecked and validated.

Equities are printed with the times, so the answers are compared as well.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Callable, Dict, List, Sequence, Tuple

import numpy as np

import pokerhash as ph
from pokerhash.bench import random_hands

import _ompeval

FLOP = "Jh7c2h"
# (hero, villain), the same number of combinations per side, before the board's cards.
RANGE_SIZES = {
    6: ("AA", "KK"),
    46: ("TT+,AK", "99,88,77,AQ,KQs,KJs,QJs"),
    214: ("66+,A6+,KTs+,QTs+,JTs,T9s,98s", "22+,A2s+,KTs+,QJs,ATo+,KJo+"),
    750: ("22+,A2+,K2+,Q2+,J2+", "22+,A2+,K2+,Q2+,J2s+,T2s+,92s+,82s+,72s+,32s"),
}
SAMPLED = {
    "heads-up AhAd v KsKc": ["AhAd", "KsKc"],
    "3-way AhAd v KsKc v QhJh": ["AhAd", "KsKc", "QhJh"],
    "6-way known hands": ["AhAd", "KsKc", "QhJh", "9c8c", "7d7s", "5h4h"],
}

# One measurement: () -> (CPU seconds, units of work, answer).
Measure = Callable[[], Tuple[float, float, object]]


def cpu_timed(function: Callable[[], object], units: float) -> Measure:
    def run():
        start = time.process_time()
        answer = function()
        return time.process_time() - start, units, answer
    return run


def interleaved(cases: Dict[str, Measure], rounds: int) -> Dict[str, Tuple[float, object]]:
    """Median seconds per unit of each case over rounds that run every case in turn."""
    samples: Dict[str, List[float]] = {name: [] for name in cases}
    answers: Dict[str, object] = {}
    for run in cases.values():
        run()  # warm up: tables, lazy imports
    for _ in range(rounds):
        for name, run in cases.items():
            seconds, units, answers[name] = run()
            samples[name].append(seconds / units)
    return {name: (statistics.median(values), answers[name]) for name, values in samples.items()}


def fmt(values: Sequence[float]) -> str:
    return "[" + ", ".join(f"{v:.4f}" for v in values) + "]"


def ranges_section(omp, rounds: int) -> List[Tuple[str, float, float]]:
    print(f"\nExact range v range on {FLOP}, per call (median of {rounds} rounds)")
    rows = []
    for size, (hero, villain) in RANGE_SIZES.items():
        texts = [hero, villain]
        # Calls enough for about 20 ms a sample of the slower side.
        repeat = max(1, int(0.02 / max(omp.equity(texts, FLOP)[0], 1e-6)))

        def ours(texts=texts):
            start = time.process_time()
            for _ in range(repeat):
                result = ph.equity(texts, FLOP, method="exact")
            return time.process_time() - start, repeat, list(result.equity)

        def theirs(texts=texts):
            total, answer = 0.0, None
            for _ in range(repeat):
                seconds, answer, _ = omp.equity(texts, FLOP)
                total += seconds
            return total, repeat, answer

        timings = interleaved({"pokerhash": ours, "OMPEval": theirs}, rounds)
        (t_ours, a_ours), (t_omp, a_omp) = timings["pokerhash"], timings["OMPEval"]
        print(f"  {size:4d} combos  pokerhash {t_ours * 1e3:8.3f} ms {fmt(a_ours)}   "
              f"OMPEval {t_omp * 1e3:8.3f} ms {fmt(a_omp)}   ratio {t_omp / t_ours:5.2f}x")
        rows.append((f"{size} combos", t_ours, t_omp))
    return rows


def sample_section(omp, rounds: int, showdowns: int) -> None:
    print(f"\nMonte Carlo, one thread, {showdowns:,} showdowns a run (median of {rounds} rounds)")
    try:
        import eval7
    except ImportError:
        eval7 = None
    for name, hands in SAMPLED.items():
        cases: Dict[str, Measure] = {
            "pokerhash": cpu_timed(lambda hands=hands: list(ph.equity(hands, method="sample", trials=showdowns,
                                                                       seed=1).equity), showdowns),
            "OMPEval": lambda hands=hands: _omp_sampled(omp, hands, showdowns),
        }
        if eval7 is not None and len(hands) == 2:
            hero = [eval7.Card(hands[0][:2]), eval7.Card(hands[0][2:])]
            villain = eval7.HandRange(hands[1])
            cases["eval7"] = cpu_timed(lambda: [eval7.py_hand_vs_range_monte_carlo(hero, villain, [], showdowns // 4)],
                                       showdowns // 4)
        timings = interleaved(cases, rounds)
        base = timings["pokerhash"][0]
        print(f"  {name}")
        for who, (seconds, answer) in timings.items():
            ratio = "" if who == "pokerhash" else f"   pokerhash {seconds / base:5.2f}x faster"
            print(f"    {who:10s} {1 / seconds / 1e6:8.1f} M showdowns/s {fmt(answer)}{ratio}")


def _omp_sampled(omp, hands, showdowns):
    seconds, answer, done = omp.equity(hands, "", exact=False, hands=showdowns)
    return seconds, done, answer


def batch_section(omp, rounds: int, n: int) -> None:
    print(f"\nSeven-card values of {n:,} random hands, ns per hand (median of {rounds} rounds)")
    hands = random_hands(n, 7)
    cases: Dict[str, Measure] = {
        "OMPEval": lambda: (omp.evaluate7(hands)[0], n, None),
        "pokerhash check=False": cpu_timed(lambda: ph.evaluate_batch(hands, check=False), n),
        "pokerhash validated": cpu_timed(lambda: ph.evaluate_batch(hands), n),
    }
    timings = interleaved(cases, rounds)
    omp_time = timings["OMPEval"][0]
    for who, (seconds, _) in timings.items():
        print(f"  {who:24s} {seconds * 1e9:6.2f} ns   OMPEval time / this {omp_time / seconds:5.2f}x")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ompeval", required=True, help="OMPEval source tree or git directory")
    parser.add_argument("--workdir", help="where OMPEval is built (kept between runs)")
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--only", action="append", choices=("ranges", "sample", "batch"))
    args = parser.parse_args(argv)
    omp = _ompeval.build(args.ompeval, args.workdir)
    print(f"pokerhash {ph.__version__}, {time.strftime('%Y-%m-%d')}, CPU time, one thread")
    only = args.only or ("ranges", "sample", "batch")
    if "ranges" in only:
        ranges_section(omp, args.rounds)
    if "sample" in only:
        sample_section(omp, args.rounds, 4_000_000)
    if "batch" in only:
        batch_section(omp, args.rounds, 2_000_000)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
