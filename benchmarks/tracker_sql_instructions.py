"""CPU instructions per hand of the tracker's SQL alone (SQLite and Python's sqlite3
module: binding, the statements, the commits), counted by valgrind (callgrind), and
each table's share: for trying a schema or statement change on the store without the
parse, the replay and the all-in counts around it.

    PYTHONPATH=src python benchmarks/tracker_sql_instructions.py [--tables]
    PYTHONPATH=src python benchmarks/tracker_sql_instructions.py --stars /work/corpus/fpdb/cash/Stars \\
        /work/corpus/fpdb/tour/Stars [--tables]

An import (``bench_tracker.py``'s renumbered copy of the ``--stars`` folders' ``.txt``
files, or 1,000 of its PokerStars test hands) is run once with the statements it
sends to SQLite recorded (every ``execute``, ``executemany`` and ``commit`` of its
:class:`~pokerhash.tracker.dialect.Dialect`, with their parameters); then, in two
children under ``valgrind --tool=callgrind``, a new SQLite file is created with this
tree's schema and the recording is sent again through this tree's dialect (its
``executemany`` packing rows into statements of many rows included), or nothing is
sent; the difference over the hands read is the SQL's instructions per hand. With
``--tables``, the tables' statements are left out one table more at a time
(player_summary first, which reads hand_players; then hand_players, actions, boards,
shown, the duplicate look-ups; the tables no row of those left refers to): each
difference from the count before is that table's share.

A change of the schema (schema.py) or of the dialect is measured by this script run
from the tree that has it; a change of which statements the importer sends
(database.py) needs the recording made there, which the script does. The replay
ignores the ids the statements return (the same file, the same ids).
"""

from __future__ import annotations

import argparse
import os
import pickle
import sys
import tempfile

from _callgrind import instructions

RECORD = """
import os, pickle, sys, tempfile
sys.path.insert(0, {here!r})
from bench_tracker import stars_folder
from pokerhash.tracker import Tracker, dialect
log = []
execute, executemany, commit = dialect.Dialect.execute, dialect.SQLiteDialect.executemany, dialect.Dialect.commit
def recorded_execute(self, statement, params=()):
    log.append(("execute", statement, tuple(params)))
    return execute(self, statement, params)
def recorded_executemany(self, statement, rows):
    rows = list(rows)
    log.append(("executemany", statement, rows))
    return executemany(self, statement, rows)
insert_values = getattr(dialect.SQLiteDialect, "insert_values", None)
def recorded_insert_values(self, statement, values, width):
    log.append(("insert_values", statement, (list(values), width)))
    return insert_values(self, statement, values, width)
insert_rows = getattr(dialect.SQLiteDialect, "insert_rows", None)
def recorded_insert_rows(self, statement, values, width):
    log.append(("insert_rows", statement, (list(values), width)))
    return insert_rows(self, statement, values, width)
def recorded_commit(self):
    log.append(("commit", "", ()))
    return commit(self)
dialect.Dialect.execute, dialect.SQLiteDialect.executemany, dialect.Dialect.commit = (
    recorded_execute, recorded_executemany, recorded_commit)
if hasattr(dialect.SQLiteDialect, "insert_values"):
    dialect.SQLiteDialect.insert_values = recorded_insert_values
if insert_rows is not None:
    dialect.SQLiteDialect.insert_rows = recorded_insert_rows
out, sources = sys.argv[1], sys.argv[2:]
folder = tempfile.mkdtemp()
stars_folder(sources, 1, os.path.join(folder, "stars"))
with Tracker(os.path.join(folder, "data.sqlite")) as tracker:
    del log[:]  # the tables' creation is the replay's own
    summary = tracker.import_files(os.path.join(folder, "stars", "copy0"))
with open(out, "wb") as file:
    pickle.dump((summary.read, log), file)
"""

REPLAY = """
import gc, os, pickle, sys, tempfile
from pokerhash.tracker import dialect
with open(sys.argv[1], "rb") as file:
    read, log = pickle.load(file)
gc.disable()  # as an import does (database._Collections): else collections walk the recording, more as a replay allocates more
db = dialect.connect(os.path.join(tempfile.mkdtemp(), "replay.sqlite"))
db.create()
db.commit()
if sys.argv[2] == "send":
    left_out = sys.argv[3:]
    for kind, statement, params in log:
        if any(text in statement for text in left_out):
            continue
        if kind == "executemany":
            db.executemany(statement, params)
        elif kind == "insert_values":
            db.insert_values(statement, *params)
        elif kind == "insert_rows":
            db.insert_rows(statement, *params)
        elif kind == "execute":
            db.execute(statement, params).fetchall()
        else:
            db.commit()
db.close()
"""

#: What ``--tables`` leaves out, one more at a time: a name, and text that only its
#: statements hold (player_summary first: its upserts read hand_players' rows).
PARTS = (("player_summary", "INSERT INTO player_summary"), ("hand_players", "INSERT INTO hand_players"),
         ("actions", "INSERT INTO actions"), ("boards", "INSERT INTO boards"), ("shown", "INSERT INTO shown"),
         ("duplicate look-ups", "SELECT hand_key FROM"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--stars", metavar="FOLDER", nargs="+",
                        help="instead of 1,000 test hands: a copy of these folders' .txt files (real files)")
    parser.add_argument("--tables", action="store_true", help="also each table's share")
    args = parser.parse_args()
    here = os.path.dirname(os.path.abspath(__file__))
    with tempfile.TemporaryDirectory() as folder:
        recording = os.path.join(folder, "statements.pickle")
        environment = dict(os.environ, PYTHONHASHSEED="0")
        import subprocess

        subprocess.run([sys.executable, "-c", RECORD.format(here=here), recording, *(args.stars or [])],
                       check=True, env=environment)
        with open(recording, "rb") as file:
            read = pickle.load(file)[0]
        nothing = instructions(REPLAY, recording, "nothing")
        everything = instructions(REPLAY, recording, "send")
        what = " and ".join(args.stars) if args.stars else "1,000 PokerStars test hands"
        print(f"the SQL of an import ({what}, {read} hands read, into SQLite)  "
              f"{(everything - nothing) / read:12,.0f} instructions per hand read")
        if args.tables:
            before, left_out = everything, []
            for name, text in PARTS:
                left_out.append(text)
                without = instructions(REPLAY, recording, "send", *left_out)
                print(f"  {name:20} {(before - without) / read:12,.0f}")
                before = without
            print(f"  {'the rest':20} {(before - nothing) / read:12,.0f}")


if __name__ == "__main__":
    main()
