"""Hand isomorphism and card-abstraction speed.

As a pytest-benchmark suite (``pytest benchmarks/bench_iso.py``): HandIndexer
batches (seven-card Hold'em river, every round at once, Omaha (4, 3, 1, 1)) and
the abstraction kernels on a few boards of each round.

As a script, side by side with Kevin Waugh's reference C indexer built here from
its source (not shipped with pokerhash: pass a checkout of kdub0/hand-isomorphism)::

    python benchmarks/bench_iso.py --waugh PATH/TO/hand-isomorphism
    python benchmarks/bench_iso.py --tables     # time whole abstraction tables

Both indexers index the same random deals in one process, repeated alternately;
the medians are reported. Target (issue 14): <= 50 ns per seven-card index in batch.
"""

from __future__ import annotations

import argparse
import ctypes
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from pokerhash import abstraction
from pokerhash.iso import HandIndexer

N_DEALS = 1_000_000


def random_deals(n: int, width: int, seed: int = 0) -> np.ndarray:
    rng = np.random.default_rng(seed)
    return np.ascontiguousarray(np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8))


# --- pytest-benchmark --------------------------------------------------------

HOLDEM = HandIndexer((2, 3, 1, 1))
OMAHA = HandIndexer((4, 3, 1, 1))
SEVENS = random_deals(N_DEALS, 7)
NINES = random_deals(N_DEALS, 9, seed=1)


def _per_item(benchmark, n: int, unit: str = "ns_per_index", scale: float = 1e9) -> None:
    if benchmark.stats:  # None with --benchmark-disable
        benchmark.extra_info[unit] = benchmark.stats.stats.median / n * scale


def test_index_batch_holdem_river(benchmark):
    benchmark(HOLDEM.index_batch, SEVENS)
    _per_item(benchmark, N_DEALS)


def test_index_batch_holdem_every_round(benchmark):
    benchmark(HOLDEM.index_batch, SEVENS, all_rounds=True)
    _per_item(benchmark, N_DEALS)


def test_index_batch_omaha_river(benchmark):
    benchmark(OMAHA.index_batch, NINES)
    _per_item(benchmark, N_DEALS)


def test_unindex_batch_holdem_river(benchmark):
    indices = HOLDEM.index_batch(SEVENS[:100_000])
    benchmark(HOLDEM.unindex_batch, 3, indices)
    _per_item(benchmark, 100_000)


def test_abstraction_flop_board(benchmark):
    benchmark(abstraction.compute, HOLDEM, 1, ("ehs", "ehs2", "histogram"), boards=(700, 701), compact=True)
    _per_item(benchmark, 1, "ms_per_board", 1e3)


def test_abstraction_turn_boards(benchmark):
    benchmark(abstraction.compute, HOLDEM, 2, ("ehs", "ehs2", "histogram"), boards=(5000, 5020), compact=True)
    _per_item(benchmark, 20, "ms_per_board", 1e3)


def test_abstraction_river_boards(benchmark):
    benchmark(abstraction.compute, HOLDEM, 3, ("hs",), boards=(60000, 60100), compact=True)
    _per_item(benchmark, 100, "ms_per_board", 1e3)


# --- side by side with Waugh's C ---------------------------------------------

# Our driver around the reference code's public API (hand_indexer_init,
# hand_index_last, hand_index_all): one call indexes a whole batch.
DRIVER = r"""
#include <stdlib.h>
#include "hand_index.h"
static hand_indexer_t indexer;
int bench_init(int rounds, const uint8_t *cards_per_round) { return hand_indexer_init(rounds, cards_per_round, &indexer); }
void bench_index_last(const uint8_t *cards, size_t n, int width, uint64_t *out) {
    for (size_t i = 0; i < n; i++) out[i] = hand_index_last(&indexer, cards + i * width);
}
"""


def build_waugh(checkout: Path, workdir: Path) -> ctypes.CDLL:
    src = checkout / "src"
    if not (src / "hand_index.c").is_file():
        raise SystemExit(f"{checkout} is not a checkout of kdub0/hand-isomorphism (no src/hand_index.c)")
    driver = workdir / "driver.c"
    driver.write_text(DRIVER)
    library = workdir / "libwaugh.so"
    # The same optimisation as pokerhash's build (-O3, no -march=native); NDEBUG drops
    # the reference's per-card asserts, as a release build would.
    subprocess.run(["cc", "-std=gnu99", "-O3", "-DNDEBUG", "-fPIC", "-shared", f"-I{src}", str(driver),
                    str(src / "hand_index.c"), str(src / "deck.c"), "-o", str(library), "-lm"], check=True)
    return ctypes.CDLL(str(library))


def median_ns(run, n: int, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) / n * 1e9


def side_by_side(checkout: Path, repeats: int) -> None:
    deals = SEVENS
    with tempfile.TemporaryDirectory() as tmp:
        waugh = build_waugh(checkout, Path(tmp))
        shape = (ctypes.c_uint8 * 4)(2, 3, 1, 1)
        if not waugh.bench_init(4, shape):
            raise SystemExit("the reference indexer did not initialise")
        out = np.empty(len(deals), dtype=np.uint64)
        run_waugh = lambda: waugh.bench_index_last(deals.ctypes.data_as(ctypes.c_void_p), ctypes.c_size_t(len(deals)), 7,
                                                   out.ctypes.data_as(ctypes.c_void_p))
        run_ours = lambda: HOLDEM.index_batch(deals)
        run_ours_unchecked = lambda: HOLDEM.index_batch(deals, check=False)
        ours, unchecked, theirs = [], [], []
        for _ in range(repeats):  # alternate, so that both see the same machine load
            ours.append(median_ns(run_ours, len(deals), 1))
            unchecked.append(median_ns(run_ours_unchecked, len(deals), 1))
            theirs.append(median_ns(run_waugh, len(deals), 1))
        # Both are bijections onto the same range, so the counts of each index agree.
        # (Older revisions of the reference do not move configuration_to_equal with the
        # other per-configuration arrays when they sort the configurations, and merge
        # some turn and river classes.)
        mine = HOLDEM.index_batch(deals)
        if not np.array_equal(np.sort(np.unique(out, return_counts=True)[1]), np.sort(np.unique(mine, return_counts=True)[1])):
            print("warning: the reference's indices do not give the same classes as pokerhash's (see the comment above)")
        print(f"Hold'em (2, 3, 1, 1) river, {len(deals):,} random deals, median of {repeats} runs, ns/index:")
        print(f"  pokerhash HandIndexer.index_batch (validated)  {statistics.median(ours):7.1f}")
        print(f"  pokerhash HandIndexer.index_batch (check=False) {statistics.median(unchecked):7.1f}")
        print(f"  Waugh hand_index_last                            {statistics.median(theirs):7.1f}")
        print(f"  ratio (Waugh / pokerhash validated)              {statistics.median(theirs) / statistics.median(ours):7.2f}")
        # The reference cannot index this shape: a suit with 3 hole cards, 3 flop cards,
        # the turn and the river has 1,441,440 suit hands, past its 2^20-entry group
        # table (an assert, or out-of-bounds reads with NDEBUG).
        omaha = median_ns(lambda: OMAHA.index_batch(NINES), len(NINES), repeats)
        print(f"Omaha (4, 3, 1, 1) river (9 cards), pokerhash: {omaha:.1f} ns/index; the reference cannot build it")


def time_tables(threads: int) -> None:
    """Whole Hold'em (2, 3, 1, 1) tables of the flop and turn and a whole (2, 5)
    river table; the (2, 3, 1, 1) river's 2.4 billion entries (9.7 GB) are timed on
    evenly spread chunks of boards and scaled."""
    for round, features in ((1, ("ehs", "ehs2", "histogram")), (2, ("ehs", "ehs2", "histogram"))):
        start = time.perf_counter()
        abstraction.compute(HOLDEM, round, features, threads=threads)
        print(f"round {round} {features}: {time.perf_counter() - start:.1f} s, {threads} thread(s)")
    river = HandIndexer((2, 5))
    start = time.perf_counter()
    abstraction.compute(river, 1, ("hs",), threads=threads)
    print(f"(2, 5) river HS, whole table: {time.perf_counter() - start:.1f} s")
    total = abstraction.board_count(HOLDEM, 3)
    chunks = [range(start, start + 500) for start in range(0, total - 500, total // 8)]
    start = time.perf_counter()
    for chunk in chunks:  # compact entries: the whole table would take 9.7 GB
        abstraction.compute(HOLDEM, 3, ("hs",), boards=chunk, compact=True, threads=threads)
    elapsed = (time.perf_counter() - start) * total / sum(len(c) for c in chunks)
    print(f"(2, 3, 1, 1) river HS: {elapsed:.0f} s estimated from {len(chunks)} chunks of 500 of {total} boards")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--waugh", type=Path, help="checkout of kdub0/hand-isomorphism to compare with")
    parser.add_argument("--repeats", type=int, default=9)
    parser.add_argument("--tables", action="store_true", help="time whole abstraction tables (minutes)")
    parser.add_argument("--threads", type=int, default=1)
    args = parser.parse_args(argv)
    if args.waugh:
        side_by_side(args.waugh, args.repeats)
    if args.tables:
        time_tables(args.threads)
    if not args.waugh and not args.tables:
        parser.print_help()
    return 0


if __name__ == "__main__":
    sys.exit(main())
