"""Speed of the hand database (pokerhash.tracker), pytest-benchmark.

- Import into SQLite (a file, one transaction per 1,000 hands): the HandHQ fixtures
  (online no-limit hands from four sites), each copy renumbered so that every hand is
  new, replayed and verified on the engine, counted and stored. Hands per second =
  ``IMPORT_HANDS`` / the median time.
- Statistics of 1,000,000 synthetic ``hand_players`` rows (every statistic of 1,000
  players, one query), from ``player_summary`` (whole-day filters), with times
  finer than a day (the summary's whole days and the end days' per-hand rows), and
  from every per-hand row: the issue's target is 5 s.

``python benchmarks/bench_tracker.py [--stars FOLDER...] [--copies 5] [--sites-only]``
prints first the import of PokerStars files (what ``pokerhash import FOLDER --db
x.sqlite`` does: the site's parse, the engine's replay and verification, the
statistics, the all-in EV, SQLite), per second of CPU (median of 3 imports, each
with the all-in store of spots emptied first): the PokerStars test hands of
tests/data/sites renumbered, and with ``--stars`` then ``--copies`` renumbered copies
of the folders given (fpdb's ``cash/Stars`` and ``tour/Stars``: real players' variety,
several player_summary rows a hand where the test hands have a few players on one
day); for each, the players a hand, the player_summary rows a hand, the share of the
hands with an all-in adjustment, and the all-in hands' and the other hands' rates
alone, from which the rate at any all-in share follows. Then, without pytest, the rest: each import's
hands per second of wall time and of CPU time (medians), and where the wall time
beyond the CPU time went: waiting for a core while other processes ran (Linux's
/proc/self/schedstat), and the rest, blocked (the disk, fsync); from memory, from
a .phhs file (the PHH parse included) and from a file six times as large (the
write-ahead log's checkpoints included).
"""

from __future__ import annotations

import dataclasses
import os
import re
import sys
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any, Dict, List, Optional

import numpy as np
import pytest

from pokerhash.engine import history
from pokerhash.tracker import Tracker
from pokerhash.tracker.schema import FLAGS

sys.path.insert(0, str(Path(__file__).parent))  # bench_sites' corpus of PokerStars hands
DATA = Path(__file__).parent.parent / "tests" / "data" / "phh"
BASE = [hand for path in sorted(DATA.glob("handhq-*.phhs")) for hand in history.load_all(path)]
COPIES = 10
IMPORT_HANDS = len(BASE) * COPIES
STATS_ROWS = 1_000_000
PLAYERS = 1_000
# A time filter finer than a day: from noon on the first day to five past noon on the last.
SINCE, UNTIL = "2026-01-01T12:00:00", "2026-12-28T12:05:00"


def renumbered(copies: int = COPIES):
    """The HandHQ hands ``copies`` times, each copy with its own hand numbers."""
    hands = []
    for copy in range(copies):
        for hand in BASE:
            fields = dict(hand.fields, hand=f"{hand.fields.get('hand')}-{copy}")
            hands.append(dataclasses.replace(hand, fields=fields))
    return hands


def import_file_once(path) -> int:
    """Import a .phhs file: the PHH text's parse included."""
    with tempfile.TemporaryDirectory() as folder:
        with Tracker(os.path.join(folder, "hands.sqlite")) as tracker:
            summary = tracker.import_files(path)
    return summary.read


def _cpu_median(function, rounds: int = 5) -> float:
    times = []
    for _ in range(rounds):
        started = time.process_time()
        function()
        times.append(time.process_time() - started)
    return statistics.median(times)


def import_once(hands) -> int:
    with tempfile.TemporaryDirectory() as folder:
        with Tracker(os.path.join(folder, "hands.sqlite")) as tracker:
            summary = tracker.import_hands(hands)
    return summary.read


def synthetic_database(path: str, rows: int = STATS_ROWS, players: int = PLAYERS, seed: int = 1) -> Tracker:
    """A SQLite database of ``rows`` random hand_players rows (six-max hands over a
    year), each numerator at most its opportunity; ``player_summary`` rebuilt from them."""
    rng = np.random.default_rng(seed)
    tracker = Tracker(path)
    db = tracker.db
    db.executemany("INSERT INTO players (id, site, name) VALUES (?, ?, ?)",
                   [(i + 1, "Synthetic", f"player{i:04d}") for i in range(players)])
    hands = -(-rows // 6)
    days = np.array([f"2026-{m:02d}-{d:02d}" for m in range(1, 13) for d in range(1, 29)])
    # Hand h is played on day h % 336 at h // 336 seconds past noon.
    played = [f"{days[h % 336]}T{12 + h // 336 // 3600:02d}:{h // 336 // 60 % 60:02d}:{h // 336 % 60:02d}"
              for h in range(1, hands + 1)]
    db.executemany("INSERT INTO hands (id, site, hand_key, table_name, played_at, game, variant_code, stakes, "
                   "big_blind, decimals, table_size, player_count, pot, rake, streets_seen) VALUES "
                   "(?, 'Synthetic', ?, 'T', ?, 'no-limit Texas Hold''em', 'NT', '0.5/1', 100, 2, 6, 6, 0, 0, 1)",
                   [(h + 1, str(h), played[h]) for h in range(hands)])
    r = np.arange(rows)
    hand = r // 6 + 1
    columns = {
        "hand_id": hand, "player_id": (r * 7 + hand) % players + 1, "seat": r % 6 + 1,
        "position": np.array(["SB", "BB", "UTG", "HJ", "CO", "BTN"])[r % 6], "starting_stack": np.full(rows, 10_000),
    }
    net = rng.integers(-2000, 2000, rows)
    columns.update(net=net, collected=np.maximum(net, 0), allin_adjusted=net.astype(float), net_amount=net / 100,
                   allin_adjusted_amount=net / 100, net_bb=net / 100, allin_adjusted_bb=net / 100)
    columns.update(game=np.full(rows, "no-limit Texas Hold'em"), variant_code=np.full(rows, "NT"),
                   stakes=np.full(rows, "0.5/1"), currency=np.full(rows, "USD"), decimals=np.full(rows, 2),
                   played_at=np.array(played)[hand - 1], table_size=np.full(rows, 6))
    for flag in FLAGS:
        if flag not in columns:
            columns[flag] = (rng.random(rows) < 0.5).astype(np.int64)
    for flag in FLAGS:
        if flag + "_opp" in columns:  # a numerator needs its opportunity
            columns[flag] = columns[flag] & columns[flag + "_opp"]
    names = list(columns)
    lists = [columns[name].tolist() for name in names]
    sql = f"INSERT INTO hand_players ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})"
    chunk = 100_000
    for start in range(0, rows, chunk):
        db.executemany(sql, zip(*[values[start:start + chunk] for values in lists]))
    db.commit()
    tracker.rebuild_summary()
    return tracker


@pytest.fixture(scope="module")
def million(tmp_path_factory):
    path = str(tmp_path_factory.mktemp("tracker") / "million.sqlite")
    tracker = synthetic_database(path)
    yield tracker
    tracker.close()


def test_bench_import_sqlite(benchmark):
    hands = renumbered()
    assert benchmark.pedantic(import_once, (hands,), rounds=3) == IMPORT_HANDS


def test_bench_import_site_files(benchmark, tmp_path):
    """PokerStars text files (the test hands of tests/data/sites, 1,000 renumbered)."""
    stars_folder(None, 1, str(tmp_path / "stars"))
    assert benchmark.pedantic(import_file_once, (str(tmp_path / "stars"),), rounds=3) == 1000


def test_bench_stats_million_rows(benchmark, million):
    rows = benchmark.pedantic(million.stats, rounds=3)
    assert sum(row["hands"] for row in rows) == STATS_ROWS


def test_bench_stats_million_rows_per_hand(benchmark, million):
    """Times finer than a day: the whole days from player_summary, the rows of the
    first and last days' stretches from hand_players."""
    rows = benchmark.pedantic(lambda: million.stats(since=SINCE, until=UNTIL), rounds=3)
    assert 0 < sum(row["hands"] for row in rows) < STATS_ROWS


def test_bench_stats_million_rows_every_row(benchmark, million):
    """A time that is not ISO ("2026", compared as text): every per-hand row is read."""
    rows = benchmark.pedantic(lambda: million.stats(since="2026"), rounds=3)
    assert sum(row["hands"] for row in rows) == STATS_ROWS


def test_bench_stats_one_player_filtered(benchmark, million):
    rows = benchmark.pedantic(lambda: million.stats("player0007", position=["BTN", "CO"]), rounds=3)
    assert len(rows) == 1


def _median(function, rounds: int = 3) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _run_queue_wait() -> Optional[float]:
    """Seconds this process has waited for a core so far: ready to run while other
    processes ran (Linux's /proc/self/schedstat, second field; None elsewhere)."""
    try:
        with open("/proc/self/schedstat") as file:
            return int(file.read().split()[1]) / 1e9
    except (OSError, ValueError, IndexError):
        return None


def wall_and_cpu(function, rounds: int = 7) -> Dict[str, float]:
    """Medians over ``rounds`` calls of the wall time, the CPU time, and where the wall
    time beyond the CPU time went: ``waiting`` for a core (other processes ran: the
    machine's load) and ``blocked`` (the rest: the disk, fsync, page faults)."""
    runs = []
    for _ in range(rounds):
        waited, wall, cpu = _run_queue_wait(), time.perf_counter(), time.process_time()
        function()
        wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
        waiting = None if waited is None else _run_queue_wait() - waited
        runs.append((wall, cpu, waiting))
    medians = {"rounds": rounds}
    medians.update({name: statistics.median(run[i] for run in runs) for i, name in enumerate(("wall", "cpu"))})
    if runs[0][2] is not None:
        medians["waiting"] = statistics.median(run[2] for run in runs)
        medians["blocked"] = statistics.median(max(0.0, wall - cpu - waiting) for wall, cpu, waiting in runs)
    return medians


def _report(what: str, hands: int, times: Dict[str, float]) -> None:
    text = (f"{what}: {hands / times['wall']:,.0f} hands/s of wall time, {hands / times['cpu']:,.0f} per second of "
            f"CPU (medians of {times['rounds']} imports of {hands:,} hands)")
    if "waiting" in times:
        text += (f"; wall beyond CPU per import: {1000 * times['waiting']:.1f} ms waiting for a core (other "
                 f"processes), {1000 * times['blocked']:.1f} ms blocked (disk, fsync)")
    print(text)


# A PokerStars hand's number, where a copy of a file puts its own digits in front.
_STARS_NUMBER = re.compile(r"^(\ufeff?PokerStars[^#\n]*#)(\d+)", re.MULTILINE)


def stars_folder(sources: Optional[List[str]], copies: int, out: str) -> None:
    """PokerStars text files under ``out``: ``copies`` copies of the ``.txt`` files of
    the folders ``sources`` (e.g. fpdb's regression files' ``cash/Stars`` and
    ``tour/Stars``), each with its own hand numbers (9 and
    the copy's number written before each number), or, without ``sources``, the
    PokerStars test hands of tests/data/sites (bench_sites.py's corpus: cash and
    tournament, Hold'em, Omaha hi/lo, 5-card Omaha, fixed limit) renumbered, 1,000
    hands a copy."""
    os.makedirs(out, exist_ok=True)
    if not sources:
        from bench_sites import corpus

        text = corpus(1000 * copies)
        with open(os.path.join(out, "stars.txt"), "w", encoding="utf-8") as file:
            file.write(text)
        return
    for number, source in enumerate(sources):
        for root, _, names in os.walk(source):
            for name in sorted(names):
                if name.endswith(".txt"):
                    _copies(os.path.join(root, name), copies,
                            os.path.join(out, "{copy}", str(number), os.path.relpath(os.path.join(root, name), source)))


def _copies(source: str, copies: int, pattern: str) -> None:
    with open(source, encoding="utf-8-sig", errors="surrogateescape") as file:
        text = file.read()
    for copy in range(copies):
        path = pattern.replace("{copy}", f"copy{copy}")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8", errors="surrogateescape") as file:
            file.write(_STARS_NUMBER.sub(lambda m: f"{m.group(1)}9{copy}{m.group(2)}", text))


def site_files_import(folder: str, rounds: int = 3) -> Dict[str, Any]:
    """``Tracker.import_files(folder)`` into a new SQLite file, ``rounds`` times (each
    with the all-in store of spots emptied first: no spot is known from an earlier
    import): the median CPU time, the hands read and imported, and the share of the
    imported hands with an all-in adjustment (all-in before the last card with two or
    more players, the expectation computed)."""
    from pokerhash.tracker import allin

    times, summary, allin_hands, counts = [], None, 0, (0, 0, 0)
    for _ in range(rounds):
        allin._SPOTS.clear()
        with tempfile.TemporaryDirectory() as scratch:
            with Tracker(os.path.join(scratch, "hands.sqlite")) as tracker:
                started = time.process_time()
                summary = tracker.import_files(folder)
                times.append(time.process_time() - started)
                allin_hands = tracker.db.query("SELECT COUNT(DISTINCT hand_id) FROM hand_players WHERE allin = 1")[0][0]
                counts = tuple(tracker.count(table) for table in ("hand_players", "player_summary", "players"))
    imported = max(summary.imported, 1)
    return dict(cpu=statistics.median(times), read=summary.read, imported=summary.imported,
                allin=allin_hands / imported, seats=counts[0] / imported, summary_rows=counts[1] / imported,
                players=counts[2])


def split_by_allin(folder: str, out: str) -> Dict[str, int]:
    """The hands of the PokerStars files under ``folder`` written to two files under
    ``out``, ``allin.txt`` (imported with an all-in adjustment) and ``other.txt`` (the
    rest), so that each kind's cost per hand can be timed alone."""
    import pokerhash.sites as sites

    with tempfile.TemporaryDirectory() as scratch:
        with Tracker(os.path.join(scratch, "hands.sqlite")) as tracker:
            tracker.import_files(folder)
            marked = {key for (key,) in tracker.db.query(
                "SELECT DISTINCT h.hand_key FROM hands h JOIN hand_players hp ON hp.hand_id = h.id WHERE hp.allin = 1")}
            stored = {key for (key,) in tracker.db.query("SELECT hand_key FROM hands")}
    texts: Dict[str, List[str]] = {"allin": [], "other": []}
    for hand in sites.read(folder):
        if hand.site == "pokerstars" and str(hand.hand_id) in stored:
            texts["allin" if str(hand.hand_id) in marked else "other"].append(hand.text.strip())
    for kind, hands in texts.items():
        with open(os.path.join(out, f"{kind}.txt"), "w", encoding="utf-8") as file:
            file.write("\n\n\n".join(hands) + "\n")
    return {kind: len(hands) for kind, hands in texts.items()}


def report_site_files(sources: Optional[List[str]], copies: int) -> None:
    """The site-file import rate (``pokerhash import FOLDER --db x.sqlite``: the site's
    parse, the engine's replay and verification, statistics, all-in EV, SQLite), its
    all-in share, and the rate of all-in hands and of the others alone, from which the
    rate at any all-in share s follows: 1 / ((1 - s) / other + s / allin)."""
    with tempfile.TemporaryDirectory() as folder:
        stars_folder(sources, copies, os.path.join(folder, "stars"))
        whole = site_files_import(os.path.join(folder, "stars"))
        what = " and ".join(sources) if sources else "the PokerStars test hands of tests/data/sites"
        print(f"import of PokerStars files ({what}, {copies} cop{'y' if copies == 1 else 'ies'}, renumbered): "
              f"{whole['read'] / whole['cpu']:,.0f} hands read per second of CPU ({whole['read']:,} read, "
              f"{whole['imported']:,} imported; {whole['allin']:.1%} of them all-in with an EV adjustment; "
              "median of 3 imports, each with no all-in spot known beforehand)")
        # The players' variety, which the store's cost follows: a player row per seat, and a
        # player_summary row per new (player, game, stakes, position, table size, day) of a batch.
        print(f"  {whole['seats']:.2f} players a hand, {whole['players']:,} players in all, "
              f"{whole['summary_rows']:.2f} player_summary rows a hand")
        counts = split_by_allin(os.path.join(folder, "stars"), folder)
        rates = {}
        for kind in ("allin", "other"):
            if counts[kind]:
                part = site_files_import(os.path.join(folder, f"{kind}.txt"))
                rates[kind] = part["read"] / part["cpu"]
        if len(rates) == 2:
            print(f"  all-in hands alone {rates['allin']:,.0f} hands/s ({counts['allin']:,} hands), the others "
                  f"{rates['other']:,.0f} hands/s ({counts['other']:,}); at an all-in share of "
                  + ", ".join(f"{share:.0%}: {1 / ((1 - share) / rates['other'] + share / rates['allin']):,.0f}"
                              for share in (0.0, 0.03, 0.1, 0.2, 0.3)))


if __name__ == "__main__":
    import argparse

    from pokerhash.engine.history_hands import replay

    parser = argparse.ArgumentParser(description="The tracker's speed (see the module's notes).")
    parser.add_argument("--stars", metavar="FOLDER", nargs="+", help="folders of PokerStars files (e.g. fpdb's "
                        "regression files' cash/Stars and tour/Stars) for the site-file import, reported "
                        "after tests/data/sites' test hands (the default alone)")
    parser.add_argument("--copies", type=int, default=5, help="copies of the site files, renumbered")
    parser.add_argument("--sites-only", action="store_true", help="only the site-file import")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    if args.stars:
        # Both rates: the test hands' (few players, one day: the store's cheap case), then
        # the real files' (their players' variety: several player_summary rows a hand).
        report_site_files(None, args.copies)
    report_site_files(args.stars, args.copies)
    if args.sites_only:
        raise SystemExit(0)
    hands = renumbered()
    import_once(hands)  # the engine's caches warm, as in any import after its first hands
    _report("import into SQLite of PHH hands in memory (replay and verification included)", IMPORT_HANDS,
            wall_and_cpu(lambda: import_once(hands)))
    cpu = _cpu_median(lambda: import_once(hands))
    engine = _cpu_median(lambda: [replay(hand) for hand in hands])
    print(f"  the engine's PHH replay alone: {engine / cpu:.0%} of that CPU time")
    with tempfile.TemporaryDirectory() as folder:
        path = os.path.join(folder, "hands.phhs")
        history.dump_all(hands, path)
        _report("import of the same hands from a .phhs file (PHH parse included)", IMPORT_HANDS,
                wall_and_cpu(lambda: import_file_once(path)))
        big = os.path.join(folder, "big.phhs")
        history.dump_all(renumbered(6 * COPIES), big)
        _report("the same, 6 times as many hands in one file (write-ahead log checkpoints included)",
                6 * IMPORT_HANDS, wall_and_cpu(lambda: import_file_once(big), rounds=3))
    print(f"load average {os.getloadavg()[0]:.2f}")
    with tempfile.TemporaryDirectory() as folder:
        started = time.perf_counter()
        tracker = synthetic_database(os.path.join(folder, "million.sqlite"))
        print(f"built {STATS_ROWS:,} synthetic rows in {time.perf_counter() - started:.1f} s")
        print(f"stats of every player over {STATS_ROWS:,} rows (player_summary): {_median(tracker.stats):.3f} s "
              "(median of 3)")
        per_hand = _median(lambda: tracker.stats(since=SINCE, until=UNTIL))
        print(f"times finer than a day (since {SINCE}, until {UNTIL}: player_summary and the end days' "
              f"per-hand rows): {per_hand:.2f} s (median of 3)")
        every = _median(lambda: tracker.stats(since="2026"))
        print(f"every per-hand row (a time that is not ISO, '2026'): {every:.2f} s (median of 3)")
        print(f"one player, two positions: {_median(lambda: tracker.stats('player0007', position=['BTN', 'CO'])):.3f} s")
        tracker.close()
