"""Real poker-site files through the importer: per folder, how many hands were read,
imported, replayed to exactly the site's figures, replayed to other figures, or
refused (with the commonest reasons). Any exception escaping ``sites.read`` or
``SiteHand.replay`` is a bug and is counted apart as a crash.

    PYTHONPATH=src python benchmarks/real_site_files.py FOLDER [--depth 2] [--reasons 3]
        [--only cash/Stars] [--show differs|error|crash] [--limit 5]

FOLDER is any tree of hand-history files, for example fpdb's regression-test-files
(github.com/jejellyroll-fr/fpdb-3, folder ``regression-test-files``: real hands of
some thirty sites, kept outside this repository). Rows group files by the first
``--depth`` parts of their path under FOLDER.
"""

from __future__ import annotations

import argparse
import collections
import sys
import time
import traceback
from pathlib import Path

import pokerhash.sites as sites

SUFFIXES = {".txt", ".xml", ".zip", ".log", ".hh"}


def survey(root: Path, depth: int, only: str | None, show: str | None, limit: int):
    tally: dict = collections.defaultdict(collections.Counter)
    reasons: dict = collections.defaultdict(collections.Counter)
    shown = 0
    for path in sorted(root.rglob("*")):
        if not path.is_file() or path.suffix.lower() not in SUFFIXES:
            continue
        key = "/".join(path.relative_to(root).parts[:depth])
        if only and not key.startswith(only):
            continue
        count = tally[key]
        try:
            for hand in sites.read(path):
                count["hands"] += 1
                if hand.error is not None:
                    count["refused"] += 1
                    reasons[key][_reason(hand.error)] += 1
                    outcome, detail = "error", hand.error
                else:
                    count["imported"] += 1
                    try:
                        replay = hand.replay()
                    except Exception:
                        count["crash"] += 1
                        outcome, detail = "crash", traceback.format_exc(limit=-3)
                    else:
                        outcome = "verified" if replay.agrees else "differs"
                        count[outcome] += 1
                        detail = "; ".join(map(str, replay.differences))
                if show == outcome and shown < limit:
                    shown += 1
                    print(f"--- {path} #{hand.source.index} {hand.hand_id}: {detail}", file=sys.stderr)
        except Exception:
            count["crash"] += 1
            if show == "crash" and shown < limit:
                shown += 1
                print(f"--- {path}: {traceback.format_exc(limit=-3)}", file=sys.stderr)
    return tally, reasons


def _reason(error: str) -> str:
    text = error.split(": ", 1)[1] if error.startswith("line ") else error
    return text[:70]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder", type=Path)
    parser.add_argument("--depth", type=int, default=2)
    parser.add_argument("--reasons", type=int, default=3, help="commonest refusal reasons shown per row")
    parser.add_argument("--only", help="rows whose key starts with this")
    parser.add_argument("--show", choices=("differs", "error", "crash", "verified"), help="print examples")
    parser.add_argument("--limit", type=int, default=5)
    args = parser.parse_args()
    start = time.perf_counter()
    tally, reasons = survey(args.folder, args.depth, args.only, args.show, args.limit)
    columns = ("hands", "imported", "verified", "differs", "refused", "crash")
    print(f"{'files under':32s}" + "".join(f"{c:>9s}" for c in columns))
    total: collections.Counter = collections.Counter()
    for key in sorted(tally):
        total.update(tally[key])
        print(f"{key:32s}" + "".join(f"{tally[key][c]:9d}" for c in columns))
        for reason, n in reasons[key].most_common(args.reasons):
            print(f"{'':34s}{n:5d} x {reason}")
    print(f"{'all':32s}" + "".join(f"{total[c]:9d}" for c in columns))
    print(f"{time.perf_counter() - start:.1f} s")


if __name__ == "__main__":
    main()
