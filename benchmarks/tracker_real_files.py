"""Real poker-site files through the hand database, end to end, checked against their own text.

    PYTHONPATH=src python benchmarks/tracker_real_files.py FOLDER [--copies 8] [--show 5]

1. ``Tracker.import_files(FOLDER)`` into a new SQLite file: hands read, imported,
   refused (the commonest reasons), CPU time and hands per second.
2. Every imported PokerStars and GGPoker hand: each player's ``net`` in the database
   against the net the hand's text prints (what the player collected and got back,
   less what the player put in), read by tests/reference_stars_net.py, a reader that
   shares no code with pokerhash. Exact (Decimal) agreement is expected. The same
   for each player's VPIP and PFR flags, counted from the text's first betting round.
3. Memory: in a fresh process, the folder's hands imported ``--copies`` times over
   (each copy with its own hand numbers, so every hand is new and replayed), and the
   peak resident memory of the process against the bytes read.

FOLDER is any tree of hand-history files, for example fpdb's regression-test-files
(real hands of some thirty sites, kept outside this repository).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import subprocess
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

import pokerhash.sites as sites  # noqa: E402
from pokerhash.tracker import Tracker  # noqa: E402
from pokerhash.tracker.database import read_files  # noqa: E402
from reference_stars_net import stars_nets, stars_preflop  # noqa: E402

_SUFFIXES = (".txt", ".zip", ".hh", ".log", ".xml")


def import_folder(folder: str, db: str):
    with Tracker(db) as tracker:
        started = time.process_time()
        summary = tracker.import_files(folder)
        seconds = time.process_time() - started
    print(summary)
    print(f"{summary.read:,} hands read in {seconds:.2f} s of CPU: {summary.read / seconds:,.0f} hands/s read, "
          f"{summary.imported / seconds:,.0f} imported hands/s")


def check_nets(folder: str, db: str, show: int) -> None:
    agree = differ = skipped = players = preflop_agree = preflop_differ = 0
    with Tracker(db) as tracker:
        for hand in sites.read(folder):
            if hand.site not in ("pokerstars", "ggpoker") or hand.error is not None:
                continue
            rows = tracker.db.query(
                "SELECT p.name, hp.net, h.decimals, hp.vpip, hp.pfr FROM hand_players hp "
                "JOIN hands h ON h.id = hp.hand_id JOIN players p ON p.id = hp.player_id "
                "WHERE h.site = ? AND h.hand_key = ? AND h.table_name = ?", (hand.site, hand.hand_id, hand.table))
            if not rows:
                continue  # refused (or its key stored by an earlier copy of the same hand)
            counted = stars_preflop(hand.text)
            preflop = {name: (int(vpip), int(pfr)) for name, _, _, vpip, pfr in rows}
            if preflop == {name: counted.get(name, (0, 0)) for name in preflop}:
                preflop_agree += 1
            else:
                preflop_differ += 1
                if preflop_differ <= show:
                    print(f"--- {hand.source.path}:{hand.source.line} #{hand.hand_id}: VPIP/PFR database {preflop}, "
                          f"text {counted}", file=sys.stderr)
            text_nets = stars_nets(hand.text)
            if text_nets is None:
                skipped += 1
                continue
            database = {name: Decimal(net).scaleb(-decimals) for name, net, decimals, _, _ in rows}
            text_nets = {name: net for name, net in text_nets.items() if name in database or net}
            players += len(database)
            if database == text_nets:
                agree += 1
            else:
                differ += 1
                if differ <= show:
                    print(f"--- {hand.source.path}:{hand.source.line} #{hand.hand_id}: database {database}, "
                          f"text {text_nets}", file=sys.stderr)
    print(f"net won per player, database against the text: {agree:,} hands agree ({players:,} player rows), "
          f"{differ} differ, {skipped} not followed by the reference reader (cash-outs)")
    print(f"VPIP and PFR per player, database against the text's first betting round: {preflop_agree:,} hands "
          f"agree, {preflop_differ} differ")


def memory(folder: str, copies: int) -> None:
    """Run in a fresh process (``--memory-child``): import ``copies`` renumbered copies."""
    size = sum(path.stat().st_size for path in Path(folder).rglob("*")
               if path.is_file() and path.suffix.lower() in _SUFFIXES)

    def hands():
        for copy in range(copies):
            for hand, source in read_files(folder):  # the files import_files reads
                if isinstance(hand, sites.SiteHand) and hand.hand_id:
                    hand = dataclasses.replace(hand, hand_id=f"{hand.hand_id}~{copy}")
                yield hand, source

    before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    with tempfile.TemporaryDirectory() as scratch:
        with Tracker(os.path.join(scratch, "hands.sqlite")) as tracker:
            started = time.perf_counter()
            summary = tracker.import_hands(hands())
            seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"{copies} copies: {size * copies / 1e6:,.0f} MB of files, {summary.read:,} hands read, "
          f"{summary.imported:,} imported in {seconds:.1f} s; peak resident memory {peak / 1024:,.0f} MB "
          f"({before / 1024:,.0f} MB before the import)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("folder")
    parser.add_argument("--copies", type=int, default=8, help="copies of the folder for the memory measurement")
    parser.add_argument("--show", type=int, default=5, help="hands whose nets differ shown")
    parser.add_argument("--memory-child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory(args.folder, args.copies)
        return
    with tempfile.TemporaryDirectory() as scratch:
        db = os.path.join(scratch, "hands.sqlite")
        import_folder(args.folder, db)
        check_nets(args.folder, db, args.show)
    for copies in (1, args.copies):
        subprocess.run([sys.executable, __file__, args.folder, "--copies", str(copies), "--memory-child"], check=True)


if __name__ == "__main__":
    main()
