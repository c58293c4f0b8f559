"""CPU instructions per hand of the tracker's import of PokerStars site files (what
``pokerhash import FOLDER --db x.sqlite`` does: the site's parse, the engine's replay
and verification, the record, SQLite), counted by valgrind (callgrind): a measure that
the machine's load does not move.

    PYTHONPATH=src python benchmarks/tracker_instructions.py [--hands 1000]
    PYTHONPATH=src python benchmarks/tracker_instructions.py --profile /tmp/import.out
        # then: callgrind_annotate --inclusive=yes /tmp/import.out | head -80

The hands are ``bench_sites.py``'s (the PokerStars test hands of tests/data/sites,
renumbered). In a child process under ``valgrind --tool=callgrind``: the imports, a
warm-up import of 200 other hands into a SQLite file (the all-in spots of the test
hands known after it, as in any import after its first hands), then an import of
``--hands`` hands into another file; run with ``--hands`` and with three times as many,
the same text made in both; the difference of the counts over the difference of the
hands is the count per hand (the runner is ``_callgrind.py``'s: PYTHONHASHSEED=0).
"""

from __future__ import annotations

import argparse

from _callgrind import instructions, per_unit

CHILD = """
import os, sys, tempfile
sys.path.insert(0, {here!r})
from bench_sites import corpus
from pokerhash.tracker import Tracker
SEPARATOR = chr(10) * 3
hands = corpus(int(sys.argv[2])).split(SEPARATOR)
folder = tempfile.mkdtemp()
def write(name, part):
    path = os.path.join(folder, name)
    with open(path, "w", encoding="utf-8") as file:
        file.write(SEPARATOR.join(part) + chr(10))
    return path
warm, data = write("warm.txt", hands[-200:]), write("data.txt", hands[:int(sys.argv[1])])
for name, path in (("warm", warm), ("data", data)):
    with Tracker(os.path.join(folder, name + ".sqlite")) as tracker:
        tracker.import_files(path)
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--profile", metavar="FILE",
                        help="instead: keep the per-function profile of an import of --hands hands in FILE")
    args = parser.parse_args()
    total = 3 * args.hands + 200  # the same text made in both runs: only the hands imported differ
    if args.profile:
        instructions(CHILD, args.hands, total, out=args.profile)
        return
    count = per_unit(CHILD, args.hands, total)
    print(f"pokerhash import (PokerStars test hands into SQLite)  {count:12,.0f} instructions per hand")


if __name__ == "__main__":
    main()
