"""The SQLite dump (``iterdump``) of an import, to check that a change of the import
stores the same values: run it with the code before and after and compare the files.

    PYTHONPATH=src python benchmarks/tracker_dump.py /work/corpus/fpdb before.sql
    PYTHONPATH=src python benchmarks/tracker_dump.py --test-hands 5000 before.sql
    cmp before.sql after.sql

A folder (or file) is imported as ``pokerhash import FOLDER --db x.sqlite`` does;
``--test-hands N`` imports N of ``bench_sites.py``'s renumbered PokerStars test hands
(the hands of ``bench_tracker.py`` and ``tracker_instructions.py``), written to one
file of the temporary folder (``pokerhash-test-hands.txt``), so that the ``source``
column is the same in both runs. The import's summary and the dump's SHA-256 are printed.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))  # bench_sites' corpus

from pokerhash.tracker import Tracker  # noqa: E402


def dump(paths, out: str) -> str:
    """Import ``paths`` into a new SQLite file, write its ``iterdump`` to ``out``; the summary."""
    with tempfile.TemporaryDirectory() as folder:
        db = os.path.join(folder, "hands.sqlite")
        with Tracker(db) as tracker:
            summary = tracker.import_files(paths)
        connection = sqlite3.connect(db)
        try:
            with open(out, "w", encoding="utf-8") as file:
                for line in connection.iterdump():
                    file.write(line + "\n")
        finally:
            connection.close()
    return str(summary)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("source", nargs="?", help="a folder or file of hand histories")
    parser.add_argument("out", help="the dump's file")
    parser.add_argument("--test-hands", type=int, metavar="N", help="instead: N renumbered PokerStars test hands")
    args = parser.parse_args()
    if (args.source is None) == (args.test_hands is None):
        parser.error("give a folder or --test-hands N")
    source = args.source
    if args.test_hands is not None:
        from bench_sites import corpus

        source = os.path.join(tempfile.gettempdir(), "pokerhash-test-hands.txt")
        with open(source, "w", encoding="utf-8") as file:
            file.write(corpus(args.test_hands))
    print(dump(source, args.out))
    with open(args.out, "rb") as file:
        print("sha256", hashlib.sha256(file.read()).hexdigest())


if __name__ == "__main__":
    main()
