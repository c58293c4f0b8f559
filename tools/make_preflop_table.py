"""Recompute src/pokerhash/data/preflop_holdem.npz, the exact heads-up preflop table.

    python tools/make_preflop_table.py                 # Dask: a local cluster, one worker a core
    python tools/make_preflop_table.py --workers 2
    python tools/make_preflop_table.py --scheduler tcp://host:8786   # a real cluster
    python tools/make_preflop_table.py --single        # one process, no Dask

Counts the 47,008 matchup classes of pokerhash.preflop.preflop_matchups over all
1,712,304 boards each, checks a sample against pokerhash.equity, writes the table and
prints the run time. Measured on the 2-core development machine: see docs/preflop.rst.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

import numpy as np

import pokerhash as ph
from pokerhash.preflop import TABLE_PATH, matchup_counts, preflop_matchups, save_table


def check_sample(hands: np.ndarray, counts: np.ndarray, n: int = 50, seed: int = 11) -> None:
    """Raise if a random sample of rows differs from direct pokerhash.equity calls."""
    rng = np.random.default_rng(seed)
    for i in rng.choice(len(hands), size=n, replace=False):
        result = ph.equity([hands[i, :2].tolist(), hands[i, 2:].tolist()], method="exact")
        expected = (round(result.win[0] * result.showdowns), round(result.tie[0] * result.showdowns))
        if tuple(counts[i]) != expected:
            raise SystemExit(f"matchup {i} ({hands[i].tolist()}): table {tuple(counts[i])}, equity {expected}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--single", action="store_true", help="one process, no Dask")
    parser.add_argument("--workers", type=int, default=None, help="local cluster size (default: one a core)")
    parser.add_argument("--scheduler", default=None, help="address of a running Dask scheduler")
    parser.add_argument("--output", type=Path, default=TABLE_PATH)
    args = parser.parse_args()
    hands, _ = preflop_matchups()
    started = time.perf_counter()
    if args.single:
        counts = matchup_counts(hands)
        how = "one process"
    else:
        from dask.distributed import Client

        from pokerhash.distributed import preflop_table

        if args.scheduler:
            with Client(args.scheduler) as client:
                counts = preflop_table(client=client, progress=True)
            how = f"the cluster at {args.scheduler}"
        else:
            counts = preflop_table(workers=args.workers, progress=True)
            how = f"a local cluster of {args.workers or 'one worker a core'}"
    elapsed = time.perf_counter() - started
    check_sample(hands, counts)
    save_table(args.output, counts)
    print(f"\n{len(hands):,} matchups on {how}: {elapsed:.1f} s; wrote {args.output} "
          f"({args.output.stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
