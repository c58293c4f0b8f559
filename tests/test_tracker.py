"""pokerhash.tracker: the hand database, its statistics and all-in EV.

Statistics are checked against counts made by hand from hand-written histories
(tests/data/tracker, each action commented); all-in EV against a brute-force
enumeration of every remaining board (tests/reference_allin.py); the same import on
SQLite and on a real PostgreSQL server (tests/postgres_server.py) gives the same
tables and statistics.
"""

from __future__ import annotations

import os
import shutil
import types
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash as ph
import pokerhash.sites as sites
from pokerhash.engine import HOLDEM, OMAHA_HI_LO, Hand, Options, PendingKind, Stakes
from pokerhash.engine import history
from pokerhash.errors import InvalidValueError
from pokerhash.betting import Limit
from pokerhash.pots import RakeRule
from pokerhash.tracker import Refused, Tracker, extract
from pokerhash.tracker.extract import key_of
from pokerhash.tracker import stats as stats_module
from pokerhash.tracker.allin import allin_moment, allin_payouts

from postgres_server import postgres_url  # noqa: F401  (the fixture)
from reference_allin import expected_payouts, stud_shares
from reference_stars_net import stars_nets, stars_preflop

DATA = Path(__file__).parent / "data"
HANDS = DATA / "tracker"

# Each player's (numerator, opportunities) per statistic over tests/data/tracker,
# counted by hand from the commented actions of the three files:
#   steal-3bet-cbet.phh: Bo (BTN) steals, Sam (SB) folds, Bea (BB) 3-bets, Bo calls;
#                        Bea c-bets the flop, Bo folds. Cy (CO) could steal, folds.
#   straddle-limp-allin.phh: Uma straddles, Bo limps (could have stolen), Sam goes
#                        all-in (not a steal: a limper), Bea and Uma fold (each could
#                        3-bet), Bo calls (could 3-bet); AhAs beats KdKc.
#   walk.phh:            Bo and Sam fold, Bea's walk (no VPIP opportunity).
EXPECTED = {
    "Sam": dict(hands=3, net=104, vpip=(1, 3), pfr=(1, 3), three_bet=(0, 1), fold_to_three_bet=(0, 0),
                four_bet=(0, 0), steal=(0, 1), fold_to_steal=(1, 1), cbet=(0, 0), fold_to_cbet=(0, 0),
                wtsd=(1, 1), wsd=(1, 1), wwsf=(1, 1), af=(0, 0), afq=(0, 0)),
    "Bea": dict(hands=3, net=20, vpip=(1, 2), pfr=(1, 2), three_bet=(1, 2), fold_to_three_bet=(0, 0),
                four_bet=(0, 0), steal=(0, 0), fold_to_steal=(0, 1), cbet=(1, 1), fold_to_cbet=(0, 0),
                wtsd=(0, 1), wsd=(0, 0), wwsf=(1, 1), af=(1, 0), afq=(1, 1)),
    "Bo": dict(hands=3, net=-120, vpip=(2, 3), pfr=(1, 3), three_bet=(0, 1), fold_to_three_bet=(0, 1),
               four_bet=(0, 1), steal=(1, 3), fold_to_steal=(0, 0), cbet=(0, 0), fold_to_cbet=(1, 1),
               wtsd=(1, 2), wsd=(0, 1), wwsf=(0, 2), af=(0, 0), afq=(0, 1)),
    "Uma": dict(hands=2, net=-4, vpip=(0, 2), pfr=(0, 2), three_bet=(0, 1), fold_to_three_bet=(0, 0),
                four_bet=(0, 0), steal=(0, 0), fold_to_steal=(0, 0), cbet=(0, 0), fold_to_cbet=(0, 0),
                wtsd=(0, 0), wsd=(0, 0), wwsf=(0, 0), af=(0, 0), afq=(0, 0)),
    "Cy": dict(hands=1, net=0, vpip=(0, 1), pfr=(0, 1), steal=(0, 1)),
    "Hal": dict(hands=1, net=0, vpip=(0, 1), pfr=(0, 1), steal=(0, 0)),
}

# AhAs against KdKc all-in preflop for 100 each, 6 dead (blind and straddle): Sam's
# expected share of the 206-chip pot is his exact equity.
AA_KK = ph.equity(["AhAs", "KdKc"], method="exact").equity[0]


@pytest.fixture(params=["sqlite", "postgresql"])
def tracker(request):
    if request.param == "sqlite":
        db = ":memory:"
    else:
        db = request.getfixturevalue("postgres_url")
    with Tracker(db) as opened:
        if request.param == "postgresql":
            _empty(opened)
        yield opened


def _empty(tracker: Tracker) -> None:
    """The session's PostgreSQL database emptied, ids numbered from 1 again."""
    tracker.db.execute("TRUNCATE shown, boards, actions, player_summary, hand_players, players, hands, refused "
                       "RESTART IDENTITY")
    tracker.db.commit()


def _by_player(rows):
    return {row["player"]: row for row in rows}


def test_statistics_counted_by_hand(tracker):
    summary = tracker.import_files(HANDS)
    assert (summary.read, summary.imported, summary.refused) == (3, 3, 0)
    rows = _by_player(tracker.stats())
    assert set(rows) == set(EXPECTED)
    for player, expected in EXPECTED.items():
        row = rows[player]
        for name, value in expected.items():
            if isinstance(value, tuple):
                assert (row[f"{name}_n"], row[f"{name}_opp"]) == value, (player, name)
                n, opp = value
                if opp:
                    want = 100 * n / opp if name != "af" else n / opp
                    assert row[name] == pytest.approx(want)
                else:
                    assert row[name] is None
            else:
                assert row[name] == value, (player, name)
    sam = rows["Sam"]
    assert sam["net_amount"] == pytest.approx(104.0)
    assert sam["net_bb"] == pytest.approx(52.0)
    assert sam["bb_per_100"] == pytest.approx(100 * 52 / 3)
    # All-in adjusted: only the straddle hand is all-in before the river.
    assert sam["allin_hands"] == 1 and rows["Bo"]["allin_hands"] == 1
    assert sam["allin_adjusted"] == pytest.approx(104 - 206 + 206 * AA_KK)
    assert rows["Bo"]["allin_adjusted"] == pytest.approx(-120 - 0 + 206 * (1 - AA_KK))
    # Showdown and non-showdown winnings split the net.
    assert (sam["showdown_net"], sam["non_showdown_net"]) == (106, -2)
    assert (rows["Bea"]["showdown_net"], rows["Bea"]["non_showdown_net"]) == (0, 20)


def test_summary_and_per_hand_rows_agree(tracker):
    """Whole-day filters read player_summary, finer ones hand_players: the same sums."""
    tracker.import_files([DATA / "phh", HANDS])
    by_day = tracker.stats(since="2000-01-01")
    by_hand = tracker.stats(since="2000-01-01T00:00:00")
    assert by_day and _rounded(by_day) == _rounded(by_hand)
    summary_rows = tracker.db.query("SELECT * FROM player_summary ORDER BY 1, 2, 3, 4, 5, 6, 7, 8")
    tracker.rebuild_summary()
    assert _rounded(tracker.db.query("SELECT * FROM player_summary ORDER BY 1, 2, 3, 4, 5, 6, 7, 8")) == \
        _rounded(summary_rows)
    everything = tracker.stats()
    assert sum(row["hands"] for row in everything) == tracker.count("hand_players")


def test_times_finer_than_a_day_split_between_summary_and_hands(tracker, monkeypatch):
    """A time filter finer than a day reads player_summary for the whole days and
    hand_players for the ends: the same statistics as reading every per-hand row."""
    tracker.import_files([DATA / "sites", HANDS])
    moments = [None, "2024-03-01", "2024-03-01T12:07", "2024-03-01 12:07:00", "2024-03-01T12:12", "2024-03-02",
               "2024-03-02T23:00", "2024-02-29T10:00", "2024-03-03T08:00", "2024-03-03T10:00", "2026-01-01T00:00:00"]
    split = {(since, until): _rounded(tracker.stats(since=since, until=until)) for since in moments
             for until in moments}
    monkeypatch.setattr(stats_module, "_parts", lambda since, until: None)  # every per-hand row
    for (since, until), rows in split.items():
        assert rows == _rounded(tracker.stats(since=since, until=until)), (since, until)
    assert any(rows for rows in split.values()) and any(not rows for rows in split.values())


def test_filters(tracker):
    tracker.import_files(HANDS)
    assert _by_player(tracker.stats(position="BTN"))["Bo"]["hands"] == 3
    assert _by_player(tracker.stats(position="SB"))["Sam"]["hands"] == 3
    assert "Sam" not in _by_player(tracker.stats(position="BB"))
    only = tracker.stats("Bea", table_size=3)
    assert len(only) == 1 and only[0]["hands"] == 1 and only[0]["net"] == 1
    january = _by_player(tracker.stats(since="2026-01-01", until="2026-02-01"))
    assert january["Bea"]["hands"] == 2 and january["Uma"]["hands"] == 1
    assert _by_player(tracker.stats(game="NT"))["Bo"]["hands"] == 3
    assert _by_player(tracker.stats(game="no-limit Texas Hold'em"))["Bo"]["hands"] == 3
    assert tracker.stats(game="FT") == []
    assert _by_player(tracker.stats(stakes=["1/2", "5/10"]))["Bo"]["hands"] == 3
    assert _by_player(tracker.stats(currency="USD", site="Test Room"))["Bo"]["hands"] == 3
    assert tracker.stats(min_hands=3) and all(row["hands"] >= 3 for row in tracker.stats(min_hands=3))
    with pytest.raises(InvalidValueError):
        tracker.stats(position=[])


def test_import_twice_changes_nothing(tracker):
    first = tracker.import_files(DATA / "phh")
    tables = ("hands", "players", "hand_players", "player_summary", "actions", "boards", "shown", "refused")
    counts = {table: tracker.count(table) for table in tables}
    stats = tracker.stats()
    again = tracker.import_files(DATA / "phh")
    assert (again.imported, again.refused, again.duplicates) == (0, 0, first.read)
    assert {table: tracker.count(table) for table in tables} == counts
    assert tracker.stats() == stats
    assert first.imported == counts["hands"] and first.refused == counts["refused"] > 0


def test_import_in_worker_processes_stores_the_same(tmp_path):
    contents = []
    for processes in (1, 2):
        with Tracker(str(tmp_path / f"{processes}.sqlite")) as tracker:
            summary = tracker.import_files([DATA / "phh", HANDS, DATA / "sites"], batch_size=50, processes=processes)
            contents.append((str(summary), tracker.stats(), tracker.refused(),
                             tracker.db.query("SELECT * FROM hand_players ORDER BY hand_id, player_id")))
    assert contents[0] == contents[1]
    with Tracker() as tracker, pytest.raises(InvalidValueError):
        tracker.import_hands([], processes=0)


def test_refused_hands_are_stored_with_their_reason(tracker):
    good = history.load(HANDS / "walk.phh")
    wrong = history.load(HANDS / "walk.phh")
    wrong.fields["hand"] = 99
    wrong.finishing_stacks = [199, 200, 201]  # the button did not win the walk
    illegal = history.load(HANDS / "walk.phh")
    illegal.fields["hand"] = 100
    illegal.actions = illegal.actions[:3] + ["p3 cbr 1"]  # a raise below the big blind
    site_error = types.SimpleNamespace(site="Test Room", hand_id="101", table="T9", time=None, stakes=None,
                                       currency=None, players={}, rake=None, collected={}, history=None,
                                       error="line 7: the hand is cut short", source=("x.txt", 3))
    summary = tracker.import_hands([good, wrong, illegal, site_error])
    assert (summary.imported, summary.refused) == (1, 3)
    reasons = {row["hand_key"]: row["reason"] for row in tracker.refused()}
    assert "finishing_stacks" in reasons["99"] and "Bo" in reasons["99"]
    assert reasons["100"].startswith("replay:") and "p3 cbr 1" in reasons["100"]
    assert reasons["101"] == "line 7: the hand is cut short"
    again = tracker.import_hands([good, wrong, illegal, site_error])
    assert (again.imported, again.refused, again.duplicates) == (0, 0, 4)


def test_a_hand_refused_before_is_imported_when_a_later_version_reads_it(tracker, monkeypatch):
    """A refused hand is retried by every import: read now (a later pokerhash), its
    refusal is replaced by the hand; refused for another reason, the reason is
    replaced; for the same reason, nothing changes. Imported hands stay idempotent."""
    from pokerhash.tracker import database

    hands = history.load_all(DATA / "phh" / "handhq-ps-50nlh.phhs")[:3]
    # This "earlier version" refuses the second hand.
    real = database._extracted
    refused_key = key_of(hands[1])

    def earlier(pair, reason="replay: this version cannot read it"):
        item, source = pair
        if key_of(item) == refused_key:
            return Refused(*refused_key, reason, source)
        return real(pair)

    monkeypatch.setattr(database, "_extracted", earlier)
    first = tracker.import_hands(hands)
    assert (first.imported, first.refused) == (2, 1)
    assert tracker.import_hands(hands).duplicates == 3  # the same refusal: nothing changes
    monkeypatch.setattr(database, "_extracted", lambda pair: earlier(pair, "replay: another reason"))
    other = tracker.import_hands(hands)
    assert (other.imported, other.refused, other.duplicates) == (0, 1, 2)
    assert [row["reason"] for row in tracker.refused()] == ["replay: another reason"]
    monkeypatch.setattr(database, "_extracted", real)  # the later version reads it
    later = tracker.import_hands(hands)
    assert (later.imported, later.refused, later.duplicates) == (1, 0, 2)
    assert tracker.refused() == [] and tracker.count("hands") == 3
    assert tracker.count("hand_players") == sum(len(hand.starting_stacks) for hand in hands)
    tables = ("hands", "players", "hand_players", "player_summary", "actions", "boards", "shown", "refused")
    counts = {table: tracker.count(table) for table in tables}
    stats = tracker.stats()
    again = tracker.import_hands(hands)
    assert (again.imported, again.refused, again.duplicates) == (0, 0, 3)
    assert {table: tracker.count(table) for table in tables} == counts and tracker.stats() == stats
    with Tracker() as fresh:  # the same rows as an import that read the hand the first time
        fresh.import_hands(hands)
        assert _rounded(fresh.stats()) == _rounded(stats)


def test_refusals_are_looked_up_by_key_when_a_site_has_more_than_are_read_whole(tracker, monkeypatch):
    """A site's refusals are read whole when they are few (Tracker._stored), else looked
    up by the batch's hand keys: the same refusals are found either way (retried,
    replaced, deleted once the hands are read)."""
    from pokerhash.tracker import database

    hands = history.load_all(DATA / "phh" / "handhq-ps-50nlh.phhs")[:3]
    real = database._extracted

    def refuse(pair, reason="replay: this version cannot read it"):
        item, source = pair
        return Refused(*key_of(item), reason, source)

    # A site's refusals read whole when no more than 1: 3 are more, looked up key by
    # key, and then never read whole (a query told there were more, no rows read).
    monkeypatch.setattr(database, "_IN_CHUNK", 1)
    monkeypatch.setattr(database, "_extracted", refuse)
    assert tracker.import_hands(hands).refused == 3
    statements = _recording_queries(tracker)
    assert tracker.import_hands(hands).duplicates == 3  # the same refusals: found, nothing changes
    del tracker.db.query
    read = [sql for sql in statements if "hand_key, table_name FROM refused" in sql]
    assert read and all(" IN (" in sql for sql in read), read
    monkeypatch.setattr(database, "_extracted", lambda pair: refuse(pair, "replay: another reason"))
    other = tracker.import_hands(hands)
    assert (other.refused, other.duplicates) == (3, 0)
    assert [row["reason"] for row in tracker.refused()] == ["replay: another reason"] * 3
    monkeypatch.setattr(database, "_extracted", real)
    later = tracker.import_hands(hands)
    assert (later.imported, later.refused) == (3, 0) and tracker.refused() == []


def _recording_queries(tracker):
    """The statements of tracker.db.query until ``del tracker.db.query`` (a list that grows)."""
    statements = []
    query = tracker.db.query

    def recorded(statement, params=()):
        statements.append(statement)
        return query(statement, params)

    tracker.db.query = recorded
    return statements


def test_a_site_s_few_refusals_read_whole_find_the_hands_refused_before(tracker, monkeypatch):
    """With some refusals stored (no more than _IN_CHUNK), a site's refusals are read
    whole by one query, not looked up key by key: a refused hand imported again is
    found refused (a duplicate, stored once), among hands of the site never seen."""
    from pokerhash.tracker import database

    hands = history.load_all(DATA / "phh" / "handhq-ps-50nlh.phhs")[:6]
    real = database._extracted
    refused_keys = {key_of(hand) for hand in hands[1:4:2]}

    def refuse_two(pair):
        item, source = pair
        if key_of(item) in refused_keys:
            return Refused(*key_of(item), "replay: this version cannot read it", source)
        return real(pair)

    monkeypatch.setattr(database, "_extracted", refuse_two)
    first = tracker.import_hands(hands[:4])
    assert (first.imported, first.refused) == (2, 2)
    statements = _recording_queries(tracker)
    again = tracker.import_hands(hands)
    del tracker.db.query
    assert (again.imported, again.refused, again.duplicates) == (2, 0, 4)
    assert len(tracker.refused()) == 2 and {(row["site"], row["hand_key"], row["table"])
                                            for row in tracker.refused()} == refused_keys
    assert tracker.count("hands") == 4
    read = [sql for sql in statements if "hand_key, table_name FROM refused" in sql]
    assert len(read) == 1 and " IN (" not in read[0], read


def test_hand_players_joined_to_their_hand_are_the_rows_sent_whole(tmp_path, monkeypatch):
    """SQLite's hand_players rows leave out the columns copied from the hand, read from
    the hands row by the insert (Dialect.joins_hand_columns): the same rows, with the
    same row ids, as rows sent whole (PostgreSQL's way), a player named twice in a hand
    (one row kept) included."""
    from pokerhash.tracker import dialect

    walk = (HANDS / "walk.phh").read_text()
    folder = tmp_path / "twice"
    folder.mkdir()
    for number, players in ((1, '"Sam", "Sam", "Bo"'), (2, '"Sam", "Bea", "Bo"')):
        (folder / f"h{number}.phh").write_text(walk.replace("hand = 2", f"hand = {number}").replace(
            'players = ["Sam", "Bea", "Bo"]', f"players = [{players}]"))
    hands = [folder, DATA / "phh", HANDS, DATA / "sites"]
    contents = []
    for joined in (True, False, "one row a statement"):
        monkeypatch.setattr(dialect.SQLiteDialect, "joins_hand_columns", bool(joined))
        if joined == "one row a statement":  # the Dialect's own insert_rows (executemany)
            monkeypatch.setattr(dialect.SQLiteDialect, "insert_rows", dialect.Dialect.insert_rows)
        with Tracker(str(tmp_path / f"{joined}.sqlite")) as tracker:
            summary = tracker.import_files(hands, batch_size=50)
            contents.append((str(summary), tracker.db.query("SELECT rowid, * FROM hand_players ORDER BY rowid"),
                             tracker.db.query("SELECT * FROM player_summary ORDER BY player_id, game, variant_code, "
                                              "stakes, currency, position, table_size, day")))
    assert contents[0][1] and contents[0] == contents[1] == contents[2]


def test_hand_players_join_reads_its_values_list_in_order(tmp_path):
    """The joined insert's rows get their row ids in the VALUES list's order (what the
    summary's first and second row ids count on): SQLite's plan scans the list as the
    outer loop and finds each hand by its id (a plan that read hands first would fail
    here), and the rows are stored in the order given, hands given out of id order."""
    import sqlite3

    from pokerhash.tracker.database import _INSERT_HAND_PLAYER_JOINED, _OWN_COLUMNS

    with Tracker(str(tmp_path / "plan.sqlite")) as tracker:
        tracker.import_files([HANDS], batch_size=50)
        hand_ids = [row[0] for row in tracker.db.query("SELECT id FROM hands ORDER BY id")][:3]
        one = "(" + ", ".join("?" * len(_OWN_COLUMNS)) + ")"
        sql = _INSERT_HAND_PLAYER_JOINED.replace("{rows}", ", ".join([one] * 3))
        plan = [row[-1] for row in tracker.db.query("EXPLAIN QUERY PLAN " + sql, [None] * (3 * len(_OWN_COLUMNS)))]
        scans = [i for i, step in enumerate(plan) if step == "SCAN p"]
        searches = [i for i, step in enumerate(plan) if step.startswith("SEARCH h")]
        if sqlite3.sqlite_version_info >= (3, 36):  # the plan's wording of SQLite 3.36+
            assert scans and searches and min(scans) < min(searches), plan
        # Rows for the hands in reverse id order, marked by their seats: stored in the order sent.
        players = [row[0] for row in tracker.db.query("SELECT id FROM players ORDER BY id")][:3]
        tracker.db.execute("DELETE FROM hand_players WHERE hand_id IN (?, ?, ?)", hand_ids)
        seat = _OWN_COLUMNS.index("seat")
        values = []
        for mark, hand_id, player in zip((101, 102, 103), reversed(hand_ids), players):
            row = [hand_id, player] + [0] * (len(_OWN_COLUMNS) - 2)
            row[seat] = mark
            values += row
        tracker.db.execute(sql, values)
        stored = tracker.db.query("SELECT seat, hand_id FROM hand_players WHERE seat > 100 ORDER BY rowid")
        assert [tuple(row) for row in stored] == list(zip((101, 102, 103), reversed(hand_ids)))
        tracker.db.rollback()


def test_players_inserted_without_returning_are_the_same_rows(tmp_path, monkeypatch):
    """An SQLite library older than 3.35 (no RETURNING: some Python 3.9 builds link a
    system SQLite such as Ubuntu 20.04's 3.31) inserts hands and players one row a
    statement: the same tables as RETURNING gives."""
    import sqlite3

    hands = [DATA / "phh", HANDS, DATA / "sites"]
    contents = []
    for version in (sqlite3.sqlite_version_info, (3, 31, 1)):
        monkeypatch.setattr(sqlite3, "sqlite_version_info", version)
        with Tracker(str(tmp_path / f"{version[1]}.sqlite")) as tracker:
            summary = tracker.import_files(hands, batch_size=20)
            contents.append((str(summary),) + tuple(
                tracker.db.query(f"SELECT rowid, * FROM {table} ORDER BY rowid")
                for table in ("hands", "players", "hand_players")) + (
                tracker.db.query("SELECT * FROM player_summary ORDER BY player_id, game, variant_code, stakes, "
                                 "currency, position, table_size, day"),))
    assert contents[0][2] and contents[0] == contents[1]


def test_qualified_names_columns_only():
    """_qualified prefixes hand_players' columns only: SQL words, functions and quoted
    text are left as they are, a word that is none of those is refused."""
    from pokerhash.tracker.database import _qualified

    assert _qualified("showdown * net", "a") == "a.showdown * a.net"
    assert (_qualified("CASE WHEN showdown = 1 THEN COALESCE(net, 0) ELSE NULL END || 'net'", "b")
            == "CASE WHEN b.showdown = 1 THEN COALESCE(b.net, 0) ELSE NULL END || 'net'")
    assert _qualified("net IS NOT null and showdown", "a") == "a.net IS NOT null and a.showdown"
    with pytest.raises(InvalidValueError, match="nets"):
        _qualified("nets + 1", "a")


def test_the_collector_is_paused_while_an_import_reads_and_resumed_after(tracker):
    """An import pauses Python's cyclic collector while it reads the hands too (a batch
    is collected after it is stored), and leaves it as it found it, also when the
    hands' reading fails; a collector paused by the caller stays paused."""
    import gc

    hands = history.load_all(DATA / "phh" / "handhq-ps-50nlh.phhs")[:3]
    seen = []

    def read(fail=False):
        for hand in hands:
            seen.append(gc.isenabled())
            yield hand
        if fail:
            raise OSError("the disk went away")

    assert gc.isenabled()
    assert tracker.import_hands(read(), batch_size=2).imported == 3
    assert seen == [False] * 3 and gc.isenabled()
    with pytest.raises(OSError):
        tracker.import_hands(read(fail=True), batch_size=2)
    assert gc.isenabled()
    gc.disable()
    try:
        assert tracker.import_hands(read(), batch_size=1).duplicates == 3
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_an_import_collects_each_batch_and_the_older_generations_by_hands(tracker, monkeypatch):
    """In the collector's place while an import runs: the youngest generation collected
    after every batch, the middle one every MIDDLE hands, all three every FULL hands
    (counted in hands, whatever the batch size)."""
    import gc

    from pokerhash.tracker import database

    monkeypatch.setattr(database._Collections, "MIDDLE", 4)
    monkeypatch.setattr(database._Collections, "FULL", 8)
    hands = history.load_all(DATA / "phh" / "handhq-ps-50nlh.phhs")[:10]
    generations = []

    def seen(phase, info):
        if phase == "start":
            generations.append(info["generation"])

    gc.callbacks.append(seen)
    try:
        tracker.import_hands(hands, batch_size=2)
    finally:
        gc.callbacks.remove(seen)
    # after 2, 4 (middle), 6, 8 (all) and 10 hands (then the collector runs on its own)
    assert generations[:5] == [0, 1, 0, 2, 0]


def test_site_hand_objects_plug_in(tracker):
    """Anything with SiteHand's attribute names imports: its metadata wins over the history's."""
    hand = history.load(HANDS / "straddle-limp-allin.phh")
    hand.finishing_stacks = None
    del hand.fields["players"]  # the site's names, put in PHH order by their seats
    hand.fields["seats"] = [7, 9, 2, 4]
    site_hand = types.SimpleNamespace(
        site="PokerStars", hand_id="2001", table="Alpha", time="2026-03-01T10:00:00", game="holdem",
        stakes="$1/$2", currency="USD", players={"Uma": Decimal(200), "Bo": Decimal(200), "Sam": Decimal(100),
                                                 "Bea": Decimal(200)},
        seats={"Uma": 2, "Bo": 4, "Sam": 7, "Bea": 9}, button="Bo",
        collected={"Sam": Decimal(203)}, rake=Decimal(3), history=hand, error=None, source=("hh.txt", 1))
    summary = tracker.import_hands([site_hand])
    assert summary.imported == 1
    rows = _by_player(tracker.stats(site="PokerStars"))
    assert rows["Sam"]["net"] == 103 and rows["Bo"]["net"] == -100
    # The rake comes out of the pot before the all-in equity shares it.
    assert rows["Sam"]["allin_adjusted"] == pytest.approx(103 - 203 + 203 * AA_KK)
    assert rows["Bo"]["allin_adjusted"] == pytest.approx(-100 + 203 * (1 - AA_KK))
    hand_row = tracker.db.query("SELECT site, hand_key, table_name, stakes, rake, played_at FROM hands")[0]
    assert hand_row == ("PokerStars", "2001", "Alpha", "$1/$2", 3, "2026-03-01T10:00:00")
    wrong_rake = types.SimpleNamespace(**{**vars(site_hand), "hand_id": "2002", "rake": Decimal(4)})
    assert tracker.import_hands([wrong_rake]).refused == 1
    assert "rake" in tracker.refused()[0]["reason"]


def test_one_hand_key_on_several_tables_is_several_hands(tracker):
    """A hand is known by its site, key and table: the same key on another table is
    another hand (the duplicate look-up asks by site and key, the table checked
    after), already imported ones are duplicates, and a fold's or check's action row
    (no bet_to) is stored with a NULL bet_to."""
    hand = history.load(HANDS / "straddle-limp-allin.phh")
    hand.finishing_stacks = None
    del hand.fields["players"]
    hand.fields["seats"] = [7, 9, 2, 4]

    def site_hand(table, hand_id="2001"):
        return types.SimpleNamespace(
            site="PokerStars", hand_id=hand_id, table=table, time="2026-03-01T10:00:00", game="holdem",
            stakes="$1/$2", currency="USD", players={"Uma": Decimal(200), "Bo": Decimal(200), "Sam": Decimal(100),
                                                     "Bea": Decimal(200)},
            seats={"Uma": 2, "Bo": 4, "Sam": 7, "Bea": 9}, button="Bo",
            collected={"Sam": Decimal(203)}, rake=Decimal(3), history=hand, error=None, source=("hh.txt", 1))

    first = tracker.import_hands([site_hand("Alpha"), site_hand("Beta")])
    assert (first.imported, first.duplicates) == (2, 0)
    again = tracker.import_hands([site_hand("Beta"), site_hand("Gamma"), site_hand("Alpha", "2002"),
                                  site_hand("Alpha")])
    assert (again.imported, again.duplicates) == (2, 2)
    assert sorted(tracker.db.query("SELECT table_name, hand_key FROM hands")) == [
        ("Alpha", "2001"), ("Alpha", "2002"), ("Beta", "2001"), ("Gamma", "2001")]
    rows = tracker.db.query("SELECT kind, bet_to FROM actions WHERE hand_id = 1 ORDER BY seq")
    assert ("fold", None) in rows and all(to is not None for kind, to in rows if kind in ("bet", "raise", "call"))
    assert len(tracker.db.query("SELECT * FROM actions")) == 4 * len(rows)


# tests/data/sites/pokerstars/cash.txt, counted by hand from its text: each player's
# (hands, VPIP, PFR). Walks: none. Rae sits out (not dealt in); Quin posts a dead small
# blind and a live big blind and checks (not voluntary); Eve checks her big blind.
CASH_VPIP_PFR = {
    "Blue: Fox": (1, 0, 0), "rock:solid": (1, 0, 0), "[Ace]": (1, 0, 0), "Ann": (1, 0, 0), "Ann Marie": (1, 1, 1),
    "Alpha": (1, 1, 1), "Bravo": (1, 1, 1), "Charlie": (1, 1, 1), "Dee": (1, 1, 0), "Eve": (1, 0, 0),
    "Fay": (1, 1, 0), "Gus": (1, 0, 0), "Hal": (1, 1, 1), "Ivy": (1, 1, 0), "Ned": (1, 1, 0), "Oz": (1, 0, 0),
    "Pat": (1, 0, 0), "Quin": (1, 0, 0), "Vic": (1, 1, 0), "Wes": (1, 1, 1), "Xia": (1, 0, 0), "Yul": (1, 0, 0),
}


def test_site_files_import_and_agree_with_their_text(tracker):
    """Poker sites' text files import end to end (read, replayed, checked, stored):
    every PokerStars player's net is what the hand's own text says (read by a reader
    that shares no code with pokerhash), VPIP and PFR are the counts made by hand, and
    the hands that cannot be imported are stored as refused with their reason."""
    sites_data = DATA / "sites"
    summary = tracker.import_files(sites_data)
    assert summary.read == summary.imported + summary.refused + summary.duplicates
    assert summary.imported >= 15 and summary.refused >= 1
    checked = 0
    for path in sorted(sites_data.rglob("*.txt")):
        for hand in sites.read(path):
            if hand.site not in ("pokerstars", "ggpoker") or (hand.error and path.parent.name != "pokerstars"):
                continue
            rows = tracker.db.query(
                "SELECT p.name, hp.net, h.decimals, hp.vpip, hp.pfr FROM hand_players hp JOIN hands h "
                "ON h.id = hp.hand_id JOIN players p ON p.id = hp.player_id WHERE h.hand_key = ? AND h.table_name = ?",
                (hand.hand_id, hand.table))
            if not rows and path.parent.name != "pokerstars":
                continue  # refused (conventions the engine does not play): stored with the reason
            assert rows, f"hand {hand.hand_id} of {path.name} was not imported"
            text_nets = stars_nets(hand.text)
            if text_nets is not None:  # None: a cash-out, which the reference reader does not follow
                assert {name: Decimal(net).scaleb(-decimals) for name, net, decimals, _, _ in rows} == \
                    {name: net for name, net in text_nets.items() if name != "Rae"}  # Rae sits out
            counted = stars_preflop(hand.text)
            assert {name: (int(vpip), int(pfr)) for name, _, _, vpip, pfr in rows} == \
                {name: counted.get(name, (0, 0)) for name, *_ in rows}
            checked += 1
    assert checked >= 25  # every PokerStars test hand, and the GGPoker ones and conventions that import
    counted = tracker.db.query(
        "SELECT p.name, COUNT(*), SUM(vpip), SUM(pfr), SUM(hands - walk), SUM(cbet), SUM(cbet_opp), "
        "SUM(fold_to_cbet), SUM(fold_to_cbet_opp) FROM hand_players hp JOIN hands h ON h.id = hp.hand_id "
        "JOIN players p ON p.id = hp.player_id WHERE h.source LIKE ? GROUP BY p.name", ("%pokerstars%cash.txt:%",))
    rows = {name: [int(v) for v in values] for name, *values in counted}
    assert {name: tuple(values[:3]) for name, values in rows.items()} == CASH_VPIP_PFR
    assert all(values[3] == 1 for values in rows.values())  # VPIP's opportunities: no walk
    # Hal opens, Ivy calls; on the flop Ivy checks, Hal c-bets, Ivy raises.
    assert rows["Hal"][4:6] == [1, 1] and rows["Ivy"][6:8] == [0, 1]
    when = tracker.db.query("SELECT played_at FROM hands WHERE hand_key = ? AND source LIKE ?",
                            ("250000000001", "%pokerstars%cash.txt:%"))  # cashout.txt numbers a hand so too
    assert when == [("2024-03-01T12:00:00",)]
    assert tracker.import_files(sites_data).imported == 0  # a second import adds nothing
    reasons = [row["reason"] for row in tracker.refused()]
    assert any("line" in reason for reason in reasons)


def test_six_plus_holdem_positions_from_the_button_on_both_paths():
    """6+ Hold'em: the button posts the only blind. Positions are named from the
    button (no SB, no BB) on the site path and on the PHH path alike, and a big blind
    is the button blind. The hand (tests/data/sites/pokerstars/mixed.txt, #...107):
    Rex on the button posts the $1 blind, Quin on his right (CO), Sol on his left
    acts first (three players: HJ); Rex puts in $1 + $1 ante + $3 + $6 + $15 + $30 =
    $56 and collects $110.50: +$54.50, 54.5 button blinds."""
    hand = next(h for h in sites.read(DATA / "sites" / "pokerstars" / "mixed.txt") if h.hand_id == "260000000107")
    assert hand.error is None
    want = {"Rex": "BTN", "Quin": "CO", "Sol": "HJ"}
    for item in (hand, hand.history):
        record = extract(item)
        assert not isinstance(record, Refused), record
        rows = {row["name"]: row for row in record.player_dicts()}
        assert {name: row["position"] for name, row in rows.items()} == want
        assert rows["Rex"]["net_bb"] == pytest.approx(54.5)
        assert record.hand_dict()["button_seat"] is not None


def test_positions_are_named_from_the_button():
    from pokerhash.tracker.extract import _positions

    assert _positions(6, "blinds") == ("SB", "BB", "UTG", "HJ", "CO", "BTN")
    assert _positions(2, "blinds") == ("BB", "BTN")
    assert _positions(9, "blinds") == ("SB", "BB", "UTG", "UTG+1", "UTG+2", "LJ", "HJ", "CO", "BTN")
    assert _positions(6, "button") == ("UTG", "UTG+1", "UTG+2", "HJ", "CO", "BTN")
    assert _positions(3, "button") == ("HJ", "CO", "BTN")
    assert _positions(4, "") == (None,) * 4


def test_sitting_out_players_are_not_dealt_in(tracker):
    """A player sitting out is not in the hand's players: the hand is not one of theirs."""
    tracker.import_files(HANDS)
    before = _by_player(tracker.stats())
    hand = history.load(HANDS / "walk.phh")
    hand.fields.update(hand=7, players=["Sam", "Bea", "Cy"])  # Bo sits out, Cy takes the button
    tracker.import_hands([hand])
    after = _by_player(tracker.stats())
    assert after["Bo"]["hands"] == before["Bo"]["hands"]
    assert after["Cy"]["hands"] == before["Cy"]["hands"] + 1
    assert after["Cy"]["steal_opp"] == before["Cy"]["steal_opp"] + 1
    assert after["Bea"]["vpip_opp"] == before["Bea"]["vpip_opp"]  # another walk


def test_sqlite_and_postgresql_hold_the_same(postgres_url, tmp_path):  # noqa: F811
    tables = {"hands": "site, hand_key", "hand_players": "hand_id, player_id", "actions": "hand_id, seq",
              "boards": "hand_id, run, street", "shown": "hand_id, seat, run", "refused": "site, hand_key",
              "players": "id", "player_summary": "player_id, game, stakes, position, table_size, day"}
    contents = []
    for db in (str(tmp_path / "hands.sqlite"), postgres_url):
        with Tracker(db) as tracker:
            if db == postgres_url:
                _empty(tracker)
            tracker.import_files([DATA / "phh", HANDS])
            snapshot = {table: [tuple(_plain(v) for v in row) for row in
                                tracker.db.query(f"SELECT * FROM {table} ORDER BY {order}")]
                        for table, order in tables.items()}
            snapshot["stats"] = tracker.stats()
            contents.append(snapshot)
    sqlite, postgres = contents
    for key in sqlite:
        assert _rounded(sqlite[key]) == _rounded(postgres[key]), key


def _plain(value):
    return float(value) if isinstance(value, Decimal) else value


def _rounded(value):
    if isinstance(value, float):
        return round(value, 9)
    if isinstance(value, dict):
        return {k: _rounded(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(_rounded(v) for v in value)
    return value


# --- all-in EV against enumeration ---------------------------------------------------


def _play(variant, stacks, script, cards, options=Options(), stakes=Stakes(blinds=(1, 2))):
    """A hand dealt by the caller: ``cards`` the hole cards per seat and the board in
    order; ``script`` the betting actions (callables on the hand)."""
    hand = Hand(variant, stacks, button=max(stacks), stakes=stakes, options=options, deal="caller")
    board = list(ph.cards(cards["board"]))
    holes = {seat: list(ph.cards(text)) for seat, text in cards.items() if seat != "board"}
    steps = list(script)
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DEAL:
            if pending.target == "burn":
                hand.deal(())
            elif pending.target == "board":
                hand.deal([board.pop(0) for _ in range(pending.count)])
            else:
                hand.deal([holes[pending.seat].pop(0) for _ in range(pending.count)])
        else:
            steps.pop(0)(hand)
    return hand


def _check_against_enumeration(hand, game, pots, rake=0):
    """``pots``: (chips after rake, eligible seats), worked out by hand for the test."""
    holdings, board, dead, live = allin_moment(hand)
    assert dead == []
    want = expected_payouts(game, holdings, board, pots)
    got = allin_payouts(hand, rake)
    for seat in holdings:
        assert got[seat] == pytest.approx(want[seat], abs=1e-6), seat
    assert sum(got.values()) == pytest.approx(sum(amount for amount, _ in pots))
    return got


def _cards(text):
    from pokerhash.cards import cards

    return cards(text) if text else []


@pytest.mark.parametrize("hands, dead", [
    (["AsAd2c3c4h5h", "KsKd7c8c9hTh"], ""),  # sixth street, heads-up
    (["AsAd2c3c4h5h", "KsKd7c8c9hTh", "QsQd6d6h2s3s"], "Jh"),  # sixth street, three-way, a dead card
    (["AsKs2c3c4h", "QsQd7c8c9h"], "2d3d4d"),  # fifth street, heads-up: folded players' up cards dead
])
def test_allin_ev_stud_counted_exactly_agrees_with_enumeration(hands, dead):
    """Stud all-ins from fifth street on (heads-up) are counted exactly: every way the
    remaining cards can fall, as tests/reference_allin.py enumerates them."""
    from pokerhash.tracker.allin import shares

    held = [_cards(hand) for hand in hands]
    want = stud_shares(held, _cards(dead))
    assert shares("stud", held, [], _cards(dead)) == pytest.approx(want, abs=1e-12)


def test_allin_ev_stud_third_street_is_sampled_with_a_fixed_seed():
    """Third street (about 10^10 runouts heads-up: no exact count per hand) is sampled
    with a fixed seed to a standard error of 0.0002: the same figure every time."""
    from pokerhash.tracker import allin

    held = [_cards("AsAd2c"), _cards("KsKd7c")]
    allin._SPOTS.clear()
    first = allin.shares("stud", held, [], [])
    allin._SPOTS.clear()
    assert allin.shares("stud", held, [], []) == first
    assert sum(first) == pytest.approx(1.0) and 0.6 < first[0] < 0.8  # aces against kings


@pytest.mark.slow
def test_allin_ev_stud_fourth_street_sample_is_within_its_stated_error():
    """Fourth street heads-up: the tracker samples (an exact count takes seconds), the
    C kernels count it exactly when asked: within four standard errors."""
    from pokerhash.tracker import allin

    held = [_cards("AsAd2c3c"), _cards("KsKd7c8c")]
    allin._SPOTS.clear()
    sampled = allin.shares("stud", held, [], [])
    exact = [float(x) for x in ph.equity(held, game="stud", method="exact").equity]
    assert sampled == pytest.approx(exact, abs=4 * allin._SAMPLED_ERROR)


def test_allin_ev_three_way_side_pots_on_the_flop():
    # Seat 1 all-in short, seats 2 and 3 build a side pot and go all-in on the flop.
    hand = _play(HOLDEM, {1: 30, 2: 100, 3: 200},
                 [lambda h: h.call(), lambda h: h.raise_to(30), lambda h: h.call(), lambda h: h.call(),
                  lambda h: h.bet_to(70), lambda h: h.call()],
                 {1: "AhKh", 2: "QsQd", 3: "Jc9c", "board": "Th8h2c 5d 3s"})
    assert len(hand.result.settlements[0].pots) == 2
    holdings, board, _, _ = allin_moment(hand)
    assert len(board) == 3 and set(holdings) == {1, 2, 3}
    _check_against_enumeration(hand, "holdem", [(90, [1, 2, 3]), (140, [2, 3])])


def test_allin_ev_omaha_hi_lo_on_the_turn_with_rake():
    hand = _play(OMAHA_HI_LO.with_limit(Limit.NO_LIMIT), {1: 60, 2: 60, 3: 60},
                 [lambda h: h.call(), lambda h: h.call(), lambda h: h.check(),
                  lambda h: h.check(), lambda h: h.check(), lambda h: h.check(),
                  lambda h: h.bet_to(20), lambda h: h.raise_to(58), lambda h: h.call(), lambda h: h.call()],
                 {1: "As2d5hKc", 2: "Ad3c4sQh", 3: "KsKdJhTc", "board": "6c7dKh 9s 8c"},
                 options=Options(rake=RakeRule(multiway_rate=Decimal("0.05"))))
    assert hand.result.rake == 9  # 5% of 180
    _check_against_enumeration(hand, "omaha8", [(171, [1, 2, 3])], rake=9)


def test_allin_ev_run_it_twice_is_the_same_expectation():
    # All-in on the flop: run twice, the turn and river are dealt twice.
    script = [lambda h: h.call(), lambda h: h.check(), lambda h: h.bet_to(98), lambda h: h.call()]
    cards = {1: "AhKh", 2: "QsQd", "board": "Th8h2c5d3s" + "4c9d"}
    once = _play(HOLDEM, {1: 100, 2: 100}, script, cards)
    twice = _play(HOLDEM, {1: 100, 2: 100}, script, cards,
                  options=Options(run_it_twice=True, rake=RakeRule(heads_up_rate=Decimal("0.05"))))
    assert len(twice.result.settlements) == 2 and twice.result.rake == 10
    got_once = _check_against_enumeration(once, "holdem", [(190, [1, 2])], rake=10)
    got_twice = _check_against_enumeration(twice, "holdem", [(190, [1, 2])], rake=10)
    assert got_once == pytest.approx(got_twice)


def test_no_allin_ev_when_the_hand_reaches_the_river():
    record = extract(history.load(HANDS / "steal-3bet-cbet.phh"))
    assert all(player["allin"] == 0 and player["allin_adjusted"] == player["net"] for player in record.player_dicts())
    ivey = extract(history.load(DATA / "phh" / "dwan-ivey-2009.phh"))  # all-in on the turn
    assert [p["allin"] for p in ivey.player_dicts()] == [1, 0, 1]
    ivey_row, _, dwan_row = ivey.player_dicts()
    river_cards = [c for c in range(52) if c not in ph.cards("Ac2d7h6hJc3d5c4h")]
    pot = sum(p["collected"] for p in ivey.player_dicts())
    wins = sum(1 for c in river_cards if ph.evaluate(ph.cards("Ac2dJc3d5c4h") + [c])
               > ph.evaluate(ph.cards("7h6hJc3d5c4h") + [c]))
    ties = sum(1 for c in river_cards if ph.evaluate(ph.cards("Ac2dJc3d5c4h") + [c])
               == ph.evaluate(ph.cards("7h6hJc3d5c4h") + [c]))
    share = (wins + ties / 2) / len(river_cards)
    assert ivey_row["allin_adjusted"] == pytest.approx(ivey_row["net"] - ivey_row["collected"] + pot * share)
    assert dwan_row["allin_adjusted"] == pytest.approx(dwan_row["net"] - dwan_row["collected"] + pot * (1 - share))


def test_extract_refuses_without_raising():
    broken = history.load(HANDS / "walk.phh")
    broken.variant = "FB"  # a PHH code the engine does not play yet
    refused = extract(broken)
    assert isinstance(refused, Refused) and refused.reason.startswith("replay:")
    assert refused.text is not None and "FB" in refused.text


def test_graph_data_and_plot(tmp_path):
    with Tracker() as tracker:
        tracker.import_files(HANDS)
        data = tracker.graph_data("Sam", unit="chips")
        assert list(data["net"]) == [-1.0, -2.0, 104.0]  # in time order: steal, walk, straddle
        assert data["showdown"][-1] + data["non_showdown"][-1] == pytest.approx(data["net"][-1])
        assert data["allin_adjusted"][-1] == pytest.approx(tracker.stats("Sam")[0]["allin_adjusted"])
        bb = tracker.graph_data("Sam")
        assert bb["net"][-1] == pytest.approx(52.0)
        with pytest.raises(InvalidValueError):
            tracker.graph_data("Nobody")
        with pytest.raises(InvalidValueError):
            tracker.graph_data("Sam", unit="euros")
        pytest.importorskip("matplotlib")
        from pokerhash.tracker.graph import plot

        for name in ("graph.png", "graph.svg"):
            plot(tracker, "Sam", tmp_path / name)
            assert (tmp_path / name).stat().st_size > 1000


def test_parquet_export(tmp_path):
    pq = pytest.importorskip("pyarrow.parquet")
    with Tracker() as tracker:
        tracker.import_files([DATA / "phh", HANDS])
        paths = tracker.export_parquet(str(tmp_path / "out"), chunk_rows=100)
        assert len(paths) == 8
        table = pq.read_table(str(tmp_path / "out" / "hand_players.parquet"))
        assert table.num_rows == tracker.count("hand_players")
        assert sum(table.column("net").to_pylist()) == sum(r["net"] for r in tracker.stats())


def test_stats_frame():
    pandas = pytest.importorskip("pandas")
    with Tracker() as tracker:
        tracker.import_files(HANDS)
        frame = tracker.stats_frame()
        assert isinstance(frame, pandas.DataFrame)
        assert frame.set_index("player").loc["Bo", "steal_n"] == 1


def test_bad_input():
    with pytest.raises(InvalidValueError):
        Tracker("")
    with Tracker() as tracker:
        with pytest.raises(InvalidValueError):
            tracker.import_hands([], batch_size=0)
        with pytest.raises(InvalidValueError):
            tracker.import_files("/no/such/folder")
        with pytest.raises(InvalidValueError):
            tracker.count("sqlite_master")


def test_unreadable_file_is_refused(tmp_path):
    shutil.copy(HANDS / "walk.phh", tmp_path / "ok.phh")
    (tmp_path / "bad.phhs").write_text("[1]\nvariant = 'NT'\nthis is not toml\n")
    with Tracker() as tracker:
        summary = tracker.import_files(tmp_path)
        assert (summary.imported, summary.refused) == (1, 1)
        assert tracker.refused()[0]["reason"].startswith("unreadable hand [1]")
    (tmp_path / "bad.phhs").write_text("variant = 'NT'\n[1]\n")  # fields outside any hand
    (tmp_path / "ok.phh").unlink()
    with Tracker() as tracker:
        summary = tracker.import_files(tmp_path)
        assert (summary.imported, summary.refused) == (0, 1)
        assert tracker.refused()[0]["reason"].startswith("unreadable file")


def test_a_bad_hand_in_a_phhs_file_is_refused_alone(tmp_path):
    good = [history.load(HANDS / name) for name in ("walk.phh", "steal-3bet-cbet.phh")]
    text = history.dumps_all([good[0]]) + "\n[2]\nvariant = 'NT'\nthis line is not TOML\n\n" + \
        history.dumps_all([good[1]]).replace("[1]", "[3]")
    (tmp_path / "mixed.phhs").write_text(text)
    with Tracker() as tracker:
        summary = tracker.import_files(tmp_path)
        assert (summary.read, summary.imported, summary.refused) == (3, 2, 1)
        refused = tracker.refused()[0]
        assert refused["reason"].startswith("unreadable hand [2]") and refused["source"].endswith("mixed.phhs:2")
        assert tracker.import_files(tmp_path).duplicates == 3


@pytest.mark.parametrize("chunk", [1, 2, 3, 200])
def test_phhs_hands_parsed_in_chunks_as_one_at_a_time(tmp_path, monkeypatch, chunk):
    """A .phhs file's hands are parsed several at a time (read_files): the same hands,
    sources and refusals as parsing each alone, whatever the chunk: a bad hand, a
    hand with its own table line (moved between hands if parsed together) and a file
    that ends inside a chunk."""
    from pokerhash.tracker import database

    good = [history.load(HANDS / name) for name in ("walk.phh", "steal-3bet-cbet.phh")]
    texts = [history.dumps_all([hand]).split("\n", 1)[1] for hand in good]
    hands = [f"[{i}]\n{texts[i % 2]}\n" for i in range(1, 6)]
    hands[1] = "[2]\nvariant = 'NT'\nthis line is not TOML\n\n"
    hands[3] = "[4]\n" + texts[1] + "\n  [_0.extra]\nvariant = 'NT'\n\n"  # a field table of the hand, indented
    path = tmp_path / "mixed.phhs"
    path.write_text("".join(hands))
    monkeypatch.setattr(database, "_PHHS_CHUNK", 1_000_000)
    monkeypatch.setattr(database, "loads_all", lambda text: [])  # every chunk parsed one hand at a time
    alone = list(database.read_files(path))
    monkeypatch.undo()
    monkeypatch.setattr(database, "_PHHS_CHUNK", chunk)
    chunked = list(database.read_files(path))
    assert [source for _, source in chunked] == [source for _, source in alone] == \
        [f"{path}:{i}" for i in range(1, 6)]
    assert [hand for hand, _ in chunked] == [hand for hand, _ in alone]
    assert [type(hand).__name__ for hand, _ in chunked] == ["HandHistory", "Refused", "HandHistory", "HandHistory",
                                                             "HandHistory"]
    assert chunked[3][0].fields["_0"] == {"extra": {"variant": "NT"}}  # hand 4's own table stays hand 4's


def test_action_check_remembers_the_player_it_names():
    """PHH actions are checked once per text (history._checked_actions keeps what the
    check depends on): a text seen in a three-player hand still names a player a
    two-player hand does not have."""
    three = "variant = 'NT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nmin_bet = 2\n" \
        "starting_stacks = [100, 100, 100]\nactions = ['p3 f', 'p1 cbr 2.25']\n"
    hand = history.loads(three)
    assert hand.decimals == 2 and history.loads(three).decimals == 2  # the second time from what was kept
    two = "variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n" \
        "starting_stacks = [100, 100]\nactions = ['p3 f']\n"
    with pytest.raises(history.PHHError, match="names player 3 of 2"):
        history.loads(two)


def test_cli_import_stats_graph(tmp_path, capsys):
    from pokerhash.cli import main

    db = str(tmp_path / "hands.sqlite")
    assert main(["import", str(HANDS), "--db", db]) == 0
    assert "3 imported" in capsys.readouterr().out
    assert main(["import", str(HANDS), "--db", db]) == 0
    assert "0 imported, 3 already" in capsys.readouterr().out
    assert main(["stats", "--db", db, "--player", "Bo"]) == 0
    out = capsys.readouterr().out
    assert "Bo" in out and "VPIP" in out and "66.7 (2/3)" in out
    assert main(["stats", "--db", db, "--game", "NT", "--position", "BTN"]) == 0
    assert "Bo" in capsys.readouterr().out
    assert main(["stats", "--db", db, "--game", "FT"]) == 0
    assert "no hands match" in capsys.readouterr().out
    assert main(["import", str(HANDS)]) == 2
    assert "needs --db" in capsys.readouterr().err
    sites_db = str(tmp_path / "sites.sqlite")  # poker sites' own text, the same command
    assert main(["import", str(DATA / "sites" / "pokerstars" / "cash.txt"), "--db", sites_db]) == 0
    assert "6 hands read: 6 imported" in capsys.readouterr().out
    pytest.importorskip("matplotlib")
    assert main(["graph", "--db", db, "--player", "Sam", "-o", str(tmp_path / "g.png")]) == 0
    assert os.path.getsize(tmp_path / "g.png") > 1000


def _random_hands(count, seed):
    """Random engine hands of the games PHH writes (blinds and antes, short stacks for
    side pots, stud and draw), as histories."""
    import random

    from pokerhash.betting import Action
    from pokerhash.engine import FIVE_CARD_DRAW, PLO, STUD, STUD_HI_LO, Forced
    from pokerhash.engine.history_hands import to_history

    rng = random.Random(seed)
    games = [HOLDEM, PLO, OMAHA_HI_LO, STUD, STUD_HI_LO, FIVE_CARD_DRAW, HOLDEM.with_limit(Limit.FIXED_LIMIT)]
    histories = []
    for number in range(count):
        game = games[number % len(games)]
        stakes = (Stakes(ante=1, bring_in=1, small_bet=2, big_bet=4) if game.forced is Forced.BRING_IN
                  else Stakes(blinds=(1, 2), ante=rng.choice([0, 1])))
        players = rng.randint(2, 5 if game is FIVE_CARD_DRAW else 6)
        stacks = {seat: rng.choice([15, 40, 200]) for seat in range(1, players + 1)}
        hand = Hand(game, stacks, button=rng.randint(1, players), stakes=stakes, seed=rng.randrange(1 << 30))
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                hand.draw(list(hand.hole_cards(pending.seat)[:rng.randint(0, pending.count)]))
            elif pending.kind is PendingKind.BRING_IN:
                hand.bring_in()
            else:
                legal, draw = pending.legal, rng.random()
                if draw < 0.3 and legal.raise_kind is not None:
                    to = legal.fixed_amounts[0] if legal.fixed_amounts else rng.choice([legal.min_to, legal.max_to])
                    hand.act(Action.raise_to(to))
                elif draw < 0.85 or legal.can_check:
                    hand.act(Action.check() if legal.can_check else Action.call())
                else:
                    hand.act(Action.fold())
        histories.append(to_history(hand, fields={"venue": "Random", "hand": number,
                                                  "players": [f"P{seat}" for seat in hand.seats]}))
    return histories


def test_random_hands_of_every_game_import_and_add_up():
    """Every random hand imports; in each, the nets add up to minus the rake, the
    all-in adjusted nets add up to the same (expectations share exactly the pots),
    and no numerator exceeds its opportunities."""
    pairs = [(name, name + "_opp") for name in ("three_bet", "fold_to_three_bet", "four_bet", "steal",
                                                 "fold_to_steal", "cbet", "fold_to_cbet")]
    allins = 0
    for history_ in _random_hands(140, seed=25):
        record = extract(history_)
        assert not isinstance(record, Refused), record.reason
        players, rake = record.player_dicts(), record.hand_dict()["rake"]
        assert sum(p["net"] for p in players) == -rake
        assert sum(p["allin_adjusted"] for p in players) == pytest.approx(-rake)
        allins += any(p["allin"] for p in players)
        for p in players:
            for numerator, opportunity in pairs:
                assert p[numerator] <= p[opportunity]
            assert p["pfr"] <= p["vpip"] and p["wsd"] <= p["wtsd"] <= p["saw_flop"]
            assert p["won_saw_flop"] <= p["saw_flop"] and p["walk"] + p["vpip"] <= 1
    assert allins >= 10


def test_tournament_fields():
    hand = history.load(HANDS / "walk.phh")
    hand.fields.update(event="Sunday Million #12", level=7, buy_in="$215")
    row = extract(hand).hand_dict()
    assert (row["tournament_id"], row["tournament_level"], row["buy_in"]) == \
        ("Sunday Million #12", "7", "$215")
    cash = extract(history.load(HANDS / "walk.phh")).hand_dict()
    assert (cash["tournament_id"], cash["tournament_level"], cash["buy_in"]) == (None, None, None)


@pytest.mark.parametrize("written, iso", [
    ("2025/04/24 17:21:34 CET [2025/04/24 11:21:34 ET]", "2025-04-24T17:21:34"),  # PokerStars
    ("2021/04/12 07:43:21", "2021-04-12T07:43:21"),  # GGPoker
    ("2017/03/18 08:51:13 UTC", "2017-03-18T08:51:13"),  # Winamax
    ("09:20:06 EET - 2012/11/23 [02:20:06 ET - 2012/11/23]", "2012-11-23T09:20:06"),  # Full Tilt
    ("15:13 ET - Wed, July 21, 2010", "2010-07-21T15:13:00"),  # older Full Tilt
    ("05 06 2022 23:06:24", "2022-06-05T23:06:24"),  # 888poker: day, month, year
    ("sometime", "sometime"), ("", None),
])
def test_site_times_are_stored_as_iso(written, iso):
    from pokerhash.tracker.extract import _site_time

    assert _site_time(written) == iso


def test_a_full_player_cache_starts_again(monkeypatch):
    """The cache of player ids is bounded: when it starts again the ids are read back."""
    from pokerhash.tracker import database

    with Tracker() as whole:
        whole.import_files(HANDS)
        expected = whole.stats()
    monkeypatch.setattr(database, "_PLAYER_CACHE", 2)
    with Tracker() as small:
        small.import_files(HANDS, batch_size=1)
        assert len(small._player_ids) <= 2
        assert _rounded(small.stats()) == _rounded(expected)


def test_allin_spots_before_the_board_are_counted_once_per_suit_renaming(monkeypatch):
    """A spot with no board is counted in a canonical suit order and kept: the same
    spot with other suits is not counted again, and gets the same (exact) shares.
    (Short deck here: two Hold'em hands preflop are read from the preflop table,
    tests/test_tracker_fast_paths.py.)"""
    from pokerhash.tracker import allin

    monkeypatch.setattr(allin, "_SPOTS", {})
    counted = []
    real = allin._counted
    monkeypatch.setattr(allin, "_counted", lambda *args: counted.append(args) or real(*args))

    def exact(*hands):
        return [float(x) for x in ph.equity(list(hands), game="shortdeck", method="exact").equity]

    aces_kings = allin.shares("short-deck", [ph.cards("AhAs"), ph.cards("KdKc")], [], [])
    renamed = allin.shares("short-deck", [ph.cards("AcAd"), ph.cards("KhKs")], [], [])  # hearts<->clubs, spades<->diamonds
    assert len(counted) == 1 and renamed == aces_kings
    assert aces_kings == pytest.approx(exact("AhAs", "KdKc"), abs=1e-12)
    # Another spot (suits that matter differently) is counted on its own.
    suited = allin.shares("short-deck", [ph.cards("AhAs"), ph.cards("KhQh")], [], [])
    assert len(counted) == 2 and suited != aces_kings
    assert suited == pytest.approx(exact("AhAs", "KhQh"), abs=1e-12)


def _summary_in_python(self, sums, firsts, by_row_id=False):
    """Tracker._upsert_summary as it was: every key's row summed in Python."""
    from pokerhash.tracker import database

    self.db.executemany(database._UPSERT_SUMMARY, database._summary_rows(sums))


@pytest.mark.parametrize("where", ["sqlite", "postgresql"])
def test_summary_of_lone_rows_summed_in_sql_equals_python(where, tmp_path, monkeypatch, request):
    """A player_summary key with one row in its batch is summed in SQL from the
    hand_players row (two values bound; SQLite: a run of such keys by one statement
    naming the rows by row id): the same table, to the last bit and (SQLite) in the
    same row order, as summing every key in Python; batches of 7 hands mix keys of
    one row and of several (the real sites' hands of tests/data/sites)."""
    from pokerhash.tracker import database

    from pokerhash.tracker import dialect

    sent = []

    def spied(real):
        def spy(self, statement, *rows):
            sent.append(statement)
            return real(self, statement, *rows)
        return spy

    contents = []
    for python_only in (False, True):
        if where == "sqlite":
            db = str(tmp_path / f"hands{python_only}.sqlite")
        else:
            db = request.getfixturevalue("postgres_url")
        with monkeypatch.context() as patched:
            for kind in (dialect.Dialect, dialect.SQLiteDialect):
                patched.setattr(kind, "executemany", spied(kind.executemany))
            patched.setattr(dialect.Dialect, "execute", spied(dialect.Dialect.execute))
            if python_only:
                patched.setattr(database.Tracker, "_upsert_summary", _summary_in_python)
            with Tracker(db) as tracker:
                if where == "postgresql":
                    _empty(tracker)
                tracker.import_files(Path(__file__).parent / "data" / "sites", batch_size=7)
                order = "rowid" if where == "sqlite" else "player_id, game, stakes, position, table_size, day"
                contents.append([tuple(_plain(v) for v in row) for row in
                                 tracker.db.query(f"SELECT * FROM player_summary ORDER BY {order}")])
        if not python_only:
            by_ids = any(s.startswith(database._UPSERT_SUMMARY_OF_ROWIDS.split("IN (")[0]) for s in sent)
            assert by_ids == (where == "sqlite") and database._UPSERT_SUMMARY in sent
            assert (database._UPSERT_SUMMARY_OF_ROW in sent) == (where == "postgresql")
    assert len(contents[0]) > 100
    assert contents[0] == contents[1]


def test_summary_of_lone_rows_by_row_id_after_a_hand_naming_a_player_twice(tmp_path, monkeypatch):
    """SQLite: a batch's keys of one row (and of two: _UPSERT_SUMMARY_OF_PAIRS) are
    summed from their hand_players rows named by row id (_UPSERT_SUMMARY_OF_ROWIDS),
    the ids counted as the rows are inserted:
    after a hand that names a player twice (hand_players keeps one row of the two,
    player_summary both) the ids still name the right rows, so the same table, in
    the same order, as every key summed in Python; ids that do not follow the
    table's last one (checked after the inserts) are not used."""
    from pokerhash.tracker import database, dialect

    walk = (HANDS / "walk.phh").read_text()
    folder = tmp_path / "hands"
    folder.mkdir()
    for number, players in ((1, '"Sam", "Sam", "Bo"'), (2, '"Sam", "Bea", "Bo"'), (3, '"Al", "Bea", "Cy"'),
                            (4, '"Al", "Di", "Bo"')):
        (folder / f"h{number}.phh").write_text(walk.replace("hand = 2", f"hand = {number}").replace(
            'players = ["Sam", "Bea", "Bo"]', f"players = [{players}]"))
    sent = []
    real_execute = dialect.Dialect.execute

    def spy(self, statement, params=()):
        sent.append(statement)
        return real_execute(self, statement, params)

    contents = []
    for how in ("row ids", "ids off", "python"):
        with monkeypatch.context() as patched:
            patched.setattr(dialect.Dialect, "execute", spy)
            if how == "ids off":  # the count after the inserts disagrees: (hand id, player id) as before
                last = dialect.SQLiteDialect.last_row_id
                calls = []
                patched.setattr(dialect.SQLiteDialect, "last_row_id",
                                lambda self, table: last(self, table) + len(calls.append(1) or calls))
            if how == "python":
                patched.setattr(database.Tracker, "_upsert_summary", _summary_in_python)
            with Tracker(str(tmp_path / f"{how}.sqlite")) as tracker:
                tracker.import_files(folder)
                assert tracker.count("hand_players") == 11
                contents.append(tracker.db.query("SELECT rowid, * FROM player_summary ORDER BY rowid"))
        by_ids = [s for s in sent if s.startswith((database._UPSERT_SUMMARY_OF_ROWIDS.split("IN (")[0],
                                                   database._UPSERT_SUMMARY_OF_PAIRS.split("(VALUES")[0]))]
        assert bool(by_ids) == (how == "row ids"), how
        # Bea's two hands (2 and 3, one key) summed in SQL from her two rows, by row id.
        paired = [s for s in by_ids if s.startswith(database._UPSERT_SUMMARY_OF_PAIRS.split("(VALUES")[0])]
        assert bool(paired) == (how == "row ids"), how
        sent.clear()
    assert contents[0] == contents[1] == contents[2]
    # Sam's two seats of hand 1 both summed (SB, BB), Sam's SB key then summed over two hands.
    assert [(row[1], row[6], row[9]) for row in contents[0] if row[1] == 1] == [(1, "SB", 2), (1, "BB", 1)]
