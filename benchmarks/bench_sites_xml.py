"""XML hand histories (iPoker, Merge, MicroGaming, Boss Media): reading, and reading with
engine verification, hands per second on one core, per site.

    PYTHONPATH=src python benchmarks/bench_sites_xml.py [--copies 400] [--repeats 5]

Each site's test files of tests/data/sites are read ``--copies`` times in one stream
(the bytes repeated: a long session file, or many hands in a row); CPU time, medians
of ``--repeats`` runs. No other library reads these formats to compare with.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import pokerhash.sites as sites

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites"
SITES = ("ipoker", "merge", "microgaming", "bossmedia")


def stream(site: str, copies: int) -> bytes:
    """The site's test files, each repeated ``copies`` times (iPoker: whole sessions)."""
    return b"\n".join(path.read_bytes() for path in sorted((DATA / site).glob("*.xml")) for _ in range(copies))


def median_rate(function, repeats: int) -> float:
    rates = []
    for _ in range(repeats):
        start = time.process_time()
        count = function()
        rates.append(count / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--copies", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    print(f"{'site':14s}{'hands':>8s}{'read/s':>10s}{'read+verify/s':>15s}")
    for site in SITES:
        data = stream(site, args.copies)

        def read() -> int:
            return sum(1 for _ in sites.read(data))

        def verify() -> int:
            count = 0
            for hand in sites.read(data):
                assert hand.error is None and hand.replay().agrees, hand.error
                count += 1
            return count

        hands = read()
        print(f"{site:14s}{hands:8d}{median_rate(read, args.repeats):10.0f}{median_rate(verify, args.repeats):15.0f}")


if __name__ == "__main__":
    main()
