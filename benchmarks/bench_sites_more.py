"""Reading speed of the PartyPoker, Winning, Ongame and Entraction readers, one core.

    PYTHONPATH=src python benchmarks/bench_sites_more.py [FOLDER ...] [--hands 3000] [--repeats 5]

Every hand of the folders (by default the test hands in tests/data/sites) that the
importer reads is parsed again and again (about ``--hands`` a run), then parsed and
replayed on the engine; per site the median over ``--repeats`` runs of CPU time, as
hands per second. Real files (fpdb's regression files, say) give truer figures than
the few test hands.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

import pokerhash.sites as sites
from pokerhash.sites import parse_hand

SITES = ("partypoker", "winning", "ongame", "entraction")
TESTS = Path(__file__).resolve().parent.parent / "tests" / "data" / "sites"


def rates(texts, site, hands, repeats):
    """(read, read and verify) hands per second: medians of ``repeats`` runs."""
    rounds = max(1, hands // len(texts))
    read, verify = [], []
    for _ in range(repeats):
        start = time.process_time()
        for _ in range(rounds):
            for text in texts:
                parse_hand(text, detected=site)
        read.append((time.process_time() - start) / (rounds * len(texts)))
        start = time.process_time()
        for _ in range(rounds):
            for text in texts:
                parse_hand(text, detected=site).replay()
        verify.append((time.process_time() - start) / (rounds * len(texts)))
    return 1 / statistics.median(read), 1 / statistics.median(verify)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="*", default=[str(TESTS / site) for site in SITES])
    parser.add_argument("--hands", type=int, default=3000)
    parser.add_argument("--repeats", type=int, default=5)
    args = parser.parse_args()
    by_site = {}
    for folder in args.folders:
        for hand in sites.read(folder):
            if hand.error is None and hand.site in SITES:
                by_site.setdefault(hand.site, []).append(hand.text)
    for site, texts in sorted(by_site.items()):
        read, verify = rates(texts, site, args.hands, args.repeats)
        print(f"{site:11s} {len(texts):5d} hands  read {read:8.0f} hands/s  read and verify {verify:7.0f} hands/s")


if __name__ == "__main__":
    main()
