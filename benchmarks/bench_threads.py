"""Two threads calling evaluate_batch run in parallel: the C loop releases the GIL.

Times one thread evaluating all the hands against two threads evaluating half
each, and prints the speedup (median of several runs). With the GIL held the
speedup would stay near 1.0; on two free cores it approaches 2.0 (less when other
processes keep a core busy: this measures the machine as it is).

    python benchmarks/bench_threads.py [--hands N] [--runs R]
"""

import argparse
import os
import statistics
import threading
import time

import numpy as np

import pokerhash as ph
from pokerhash.bench import random_hands


def time_in_threads(parts) -> float:
    """Seconds for one thread per part to evaluate its part, all started together."""
    barrier = threading.Barrier(len(parts) + 1)

    def work(part):
        barrier.wait()
        ph.evaluate_batch(part, check=False)

    threads = [threading.Thread(target=work, args=(part,)) for part in parts]
    for thread in threads:
        thread.start()
    barrier.wait()
    start = time.perf_counter()
    for thread in threads:
        thread.join()
    return time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=16_000_000, help="seven-card hands per run")
    parser.add_argument("--runs", type=int, default=7, help="timed runs of each setup (the median is kept)")
    args = parser.parse_args()

    hands = random_hands(args.hands, 7)
    halves = np.array_split(hands, 2)
    ph.evaluate_batch(hands, check=False)  # warm the tables into the cache

    one = statistics.median(time_in_threads([hands]) for _ in range(args.runs))
    two = statistics.median(time_in_threads(halves) for _ in range(args.runs))
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    print(f"{args.hands:,} seven-card hands, median of {args.runs} runs, {cores} cores available")
    print(f"  1 thread : {one * 1e3:8.1f} ms  ({args.hands / one / 1e6:6.1f} M hands/s)")
    print(f"  2 threads: {two * 1e3:8.1f} ms  ({args.hands / two / 1e6:6.1f} M hands/s)")
    print(f"  speedup  : {one / two:.2f}x (2.00x is perfect scaling; about 1.00x would mean the GIL is held)")


if __name__ == "__main__":
    main()
