"""CPU instructions per hand of the tracker's import of PokerStars site files (what
``pokerhash import FOLDER --db x.sqlite`` does: the site's parse, the engine's replay
and verification, the record, SQLite), counted by valgrind (callgrind): a measure that
the machine's load does not move.

    PYTHONPATH=src python benchmarks/tracker_instructions.py [--hands 1000]
    PYTHONPATH=src python benchmarks/tracker_instructions.py --profile /tmp/import.out
        # then: callgrind_annotate --inclusive=yes /tmp/import.out | head -80
    PYTHONPATH=src python benchmarks/tracker_instructions.py --stars /work/corpus/fpdb/cash/Stars \
        /work/corpus/fpdb/tour/Stars [--profile /tmp/real.out]

The hands are ``bench_sites.py``'s (the PokerStars test hands of tests/data/sites,
renumbered). In a child process under ``valgrind --tool=callgrind``: the imports, a
warm-up import of 200 other hands into a SQLite file (the all-in spots of the test
hands known after it, as in any import after its first hands), then an import of
``--hands`` hands into another file; run with ``--hands`` and with three times as many,
the same text made in both; the difference of the counts over the difference of the
hands is the count per hand (the runner is ``_callgrind.py``'s: PYTHONHASHSEED=0).

With ``--stars FOLDER...`` the hands are instead real files' (``bench_tracker.py
--stars``'s renumbered copies of the folders' ``.txt`` files: real players' variety,
every game and all-in spot of the files): ``--copies`` + 1 copies written in both runs,
the last imported as the warm-up, the all-in store of spots emptied, then no copy, or
``--copies`` copies (default 1: each all-in spot counted once, as in a first import
of these files), imported into another file; the difference over those copies' hands
read is the count per hand read.
"""

from __future__ import annotations

import argparse
import os

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


REAL_CHILD = """
import os, sys, tempfile
sys.path.insert(0, {here!r})
from bench_tracker import stars_folder
from pokerhash.tracker import Tracker
from pokerhash.tracker import allin
copies, made, sources = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3:]
folder = tempfile.mkdtemp()
stars_folder(sources, made + 1, os.path.join(folder, "stars"))
with Tracker(os.path.join(folder, "warm.sqlite")) as tracker:
    tracker.import_files(os.path.join(folder, "stars", f"copy{{made}}"))
allin._SPOTS.clear()
with Tracker(os.path.join(folder, "data.sqlite")) as tracker:
    tracker.import_files([os.path.join(folder, "stars", f"copy{{i}}") for i in range(copies)])
"""


def real_hands(sources) -> int:
    """Hands read in one copy of the ``.txt`` files of ``sources``."""
    import pokerhash.sites as sites

    return sum(1 for source in sources for root, _, names in os.walk(source) for name in names
               if name.endswith(".txt") for _ in sites.read(os.path.join(root, name)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--profile", metavar="FILE",
                        help="instead: keep the per-function profile of an import of --hands hands in FILE")
    parser.add_argument("--stars", metavar="FOLDER", nargs="+",
                        help="instead of the test hands: copies of these folders' .txt files (real files)")
    parser.add_argument("--copies", type=int, default=1, help="with --stars: the copies imported")
    args = parser.parse_args()
    if args.stars:
        if args.profile:
            instructions(REAL_CHILD, args.copies, args.copies, *args.stars, out=args.profile)
            return
        count = (instructions(REAL_CHILD, args.copies, args.copies, *args.stars)
                 - instructions(REAL_CHILD, 0, args.copies, *args.stars)) / (args.copies * real_hands(args.stars))
        print(f"pokerhash import ({' and '.join(args.stars)}, {args.copies} renumbered "
              f"cop{'y' if args.copies == 1 else 'ies'}, into SQLite)  {count:12,.0f} instructions per hand read")
        return
    total = 3 * args.hands + 200  # the same text made in both runs: only the hands imported differ
    if args.profile:
        instructions(CHILD, args.hands, total, out=args.profile)
        return
    count = per_unit(CHILD, args.hands, total)
    print(f"pokerhash import (PokerStars test hands into SQLite)  {count:12,.0f} instructions per hand")


if __name__ == "__main__":
    main()
