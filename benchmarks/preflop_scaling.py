"""The preflop table on Dask: 1 against 2 worker processes, and the numbers that size
a real cluster.

    python benchmarks/preflop_scaling.py [--matchups 12000] [--repeat 3] [--block 500]

Counts a fixed subset of the 47,008 matchup classes (every k-th one, so its mix of
work is the whole table's) on a LocalCluster of 1 and then 2 single-threaded worker
processes, and prints for each the median wall time of --repeat runs and the ratio
(target: 2 workers >= 1.7x faster). Then, to size a cluster: the work per task (one
block counted in this process), the bytes a task ships (its pickled block in, its
counts out) and the scheduler's overhead per task (the median time per task of
2,000 trivial tasks on the 2-worker cluster). The machine's load is printed too: on
a shared machine, other processes take cores away from the workers.
"""

from __future__ import annotations

import argparse
import os
import pickle
import statistics
import time

import numpy as np


def trivial(x: int) -> int:
    return x


def main() -> None:
    from dask.distributed import Client, LocalCluster, wait

    from pokerhash.distributed import preflop_table
    from pokerhash.preflop import matchup_counts, preflop_matchups

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matchups", type=int, default=12000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--block", type=int, default=500)
    args = parser.parse_args()

    hands, _ = preflop_matchups()
    subset = np.linspace(0, len(hands) - 1, args.matchups).astype(np.intp)
    print(f"{len(subset):,} of {len(hands):,} matchups, blocks of {args.block}; "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    medians = {}
    for workers in (1, 2):
        with LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None) as cluster, \
                Client(cluster) as client:
            preflop_table(client=client, matchups=subset[:workers], block=1)  # workers warm: imports, tables
            times = []
            for _ in range(args.repeat):
                started = time.perf_counter()
                preflop_table(client=client, matchups=subset, block=args.block)
                times.append(time.perf_counter() - started)
            medians[workers] = statistics.median(times)
            print(f"{workers} worker(s): median {medians[workers]:.2f} s  (runs {', '.join(f'{t:.2f}' for t in times)})")
            if workers == 2:
                per_task = []
                for _ in range(3):
                    started = time.perf_counter()
                    wait(client.map(trivial, range(2000), pure=False))
                    per_task.append((time.perf_counter() - started) / 2000)
                overhead = statistics.median(per_task)
    print(f"speed-up 1 -> 2 workers: {medians[1] / medians[2]:.2f}x (target >= 1.7x)")

    block = hands[subset[:args.block]]
    started = time.perf_counter()
    counts = matchup_counts(block)
    work = time.perf_counter() - started
    shipped_in = len(pickle.dumps(block))
    shipped_out = len(pickle.dumps(counts))
    tasks = -(-len(hands) // args.block)
    print(f"work per task: {work:.2f} s for {args.block} matchups ({1e3 * work / args.block:.2f} ms a matchup); "
          f"the full table is {tasks} tasks, {work * tasks:.0f} s of work")
    print(f"bytes per task: {shipped_in:,} in (the block), {shipped_out:,} out (its counts)")
    print(f"scheduler overhead: {1e3 * overhead:.2f} ms a task (2,000 trivial tasks on 2 workers), "
          f"{100 * overhead / work:.2f}% of a task's work")


if __name__ == "__main__":
    main()
