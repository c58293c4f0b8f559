"""The :class:`Tracker`: a hand database on SQLite or PostgreSQL."""

from __future__ import annotations

import gc
import os
import re
from collections import Counter
from operator import add, itemgetter, mul
from dataclasses import dataclass, field
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ..engine.history import PHHError, load, loads, loads_all
from ..errors import InvalidValueError
from .dialect import Dialect, connect
from .extract import HAND_COLUMNS, PLAYER_COLUMNS, HandRecord, Refused, extract, key_of
from .schema import TABLE_NAMES, FLAGS, SCHEMA_VERSION, SUMMARY_KEYS, SUMMARY_MONEY
from .stats import stats_query, stats_rows

__all__ = ["ImportSummary", "Tracker", "read_files"]

_HAND_COLUMNS = HAND_COLUMNS
_PLAYER_COLUMNS = PLAYER_COLUMNS


def _insert(table: str, columns: Sequence[str]) -> str:
    return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
            "ON CONFLICT DO NOTHING")


_INSERT_HAND_PLAYER = _insert("hand_players", ("hand_id", "player_id") + _PLAYER_COLUMNS)
# hand_players' columns that every row of a hand has equal, copied from its hands row
# (extract writes both from one tuple), consecutive in PLAYER_COLUMNS.
_HAND_COPIES = ("game", "variant_code", "stakes", "currency", "decimals", "played_at", "table_size")
_COPIES_AT = PLAYER_COLUMNS.index(_HAND_COPIES[0])
_COPIES_END = _COPIES_AT + len(_HAND_COPIES)
assert PLAYER_COLUMNS[_COPIES_AT:_COPIES_END] == _HAND_COPIES
_OWN_COLUMNS = ("hand_id", "player_id") + PLAYER_COLUMNS[:_COPIES_AT] + PLAYER_COLUMNS[_COPIES_END:]
# Where those columns are in a hand_players row at the end of a list (from its end).
_CUT_FROM, _CUT_TO = _COPIES_AT - len(PLAYER_COLUMNS), _COPIES_END - len(PLAYER_COLUMNS)
# hand_players' rows without those columns, which are read from the hand's row just
# inserted (Dialect.joins_hand_columns: SQLite): seven values fewer bound a player,
# where binding a value (sqlite3's bind_param, a string copied, the connection's mutex
# taken) cost about 300 instructions and the hand's row found by its id less: SQL
# alone 578,746 -> 563,272 instructions a real-file hand (callgrind, 2026-12-05,
# benchmarks/tracker_sql_instructions.py). CROSS JOIN keeps the VALUES list as the
# outer loop, in its order: the same rows, given the same row ids, as before.
_INSERT_HAND_PLAYER_JOINED = (
    f"INSERT INTO hand_players ({', '.join(_OWN_COLUMNS[:2 + _COPIES_AT] + _HAND_COPIES + _OWN_COLUMNS[2 + _COPIES_AT:])}) "
    "SELECT " + ", ".join([f"p.column{i + 1}" for i in range(2 + _COPIES_AT)] + [f"h.{c}" for c in _HAND_COPIES]
                          + [f"p.column{i + 1}" for i in range(2 + _COPIES_AT, len(_OWN_COLUMNS))])
    + " FROM (VALUES {rows}) AS p CROSS JOIN hands AS h ON h.id = p.column1 WHERE 1 ON CONFLICT DO NOTHING")
# Every action by one statement, a NULL bet_to bound as None: in key order, so SQLite's
# actions b-tree (WITHOUT ROWID, keyed by hand and seq) grows at its end. The actions
# without a bet_to inserted apart by a statement without the column (binding no None,
# about 800 instructions each) went into the middle of the tree after the others, and
# cost more (3,150 instructions a hand more, the real files, callgrind 2026-12-05,
# benchmarks/tracker_sql_instructions.py) besides a second statement's texts to prepare.
_INSERT_ACTION = _insert("actions", ("hand_id", "seq", "street", "seat", "kind", "amount", "bet_to", "all_in"))
_INSERT_BOARD = _insert("boards", ("hand_id", "run", "street", "cards"))
_INSERT_SHOWN = _insert("shown", ("hand_id", "seat", "run", "cards"))
_SUMS = tuple(name for name, _, _ in SUMMARY_MONEY) + FLAGS
# A quoted string or identifier (left as it is), else a word, and whether a '(' follows it.
_WORD = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|([A-Za-z_]\w*)(\s*\()?")
_HAND_PLAYER_COLUMNS = frozenset(("hand_id", "player_id", "hands") + _PLAYER_COLUMNS)
# The SQL words an expression over a row may hold besides its columns and functions.
_SQL_WORDS = frozenset(("AND", "OR", "NOT", "NULL", "IS", "IN", "BETWEEN", "LIKE", "CASE", "WHEN", "THEN", "ELSE",
                        "END", "CAST", "AS", "TRUE", "FALSE", "INTEGER", "REAL", "TEXT", "BIGINT", "COLLATE",
                        "ESCAPE", "GLOB", "DISTINCT"))


def _qualified(expression: str, alias: str) -> str:
    """``expression`` (a SUMMARY_MONEY expression over hand_players: column names,
    operators, SQL words, function calls) with each column named through the table
    ``alias``: ``"showdown * net"`` and ``"a"`` give ``"a.showdown * a.net"`` (a key's
    two rows side by side below). SQL words (``CASE``, ``NULL``...), a function's name
    (a word before ``(``) and quoted text are left as they are; any other word is no
    column of hand_players, and is refused (a ValueError) rather than prefixed."""
    def one(found: Any) -> str:
        word = found.group(1)
        if word is None or found.group(2) is not None or word.upper() in _SQL_WORDS:
            return found.group(0)
        if word not in _HAND_PLAYER_COLUMNS:
            raise InvalidValueError(f"{expression!r}: {word!r} is no column of hand_players nor a known SQL word")
        return f"{alias}.{word}"

    return _WORD.sub(one, expression)


_UPSERT_SUMMARY = (f"INSERT INTO player_summary ({', '.join(SUMMARY_KEYS + ('hands',) + _SUMS)}) "
                   f"VALUES ({', '.join('?' * (len(SUMMARY_KEYS) + 1 + len(_SUMS)))}) "
                   f"ON CONFLICT ({', '.join(SUMMARY_KEYS)}) DO UPDATE SET "
                   + ", ".join(f"{c} = player_summary.{c} + excluded.{c}" for c in ("hands",) + _SUMS))
# One hand_players row alone in its player_summary key (in the batch), summed there
# from the row just stored: two values bound instead of the key's and the sums'
# forty-six, no summary row made in Python (the same values: a row's money and
# counters as they are, showdown times the money, the key as _REBUILD_SUMMARY cuts it).
_UPSERT_SUMMARY_OF_ROW = (
    f"INSERT INTO player_summary ({', '.join(SUMMARY_KEYS + ('hands',) + _SUMS)}) "
    "SELECT player_id, game, variant_code, stakes, COALESCE(currency, ''), COALESCE(position, ''), table_size, "
    "COALESCE(SUBSTR(played_at, 1, 10), ''), 1, " + ", ".join(expr for _, expr, _ in SUMMARY_MONEY) + ", "
    + ", ".join(FLAGS) + " FROM hand_players WHERE hand_id = ? AND player_id = ? "
    f"ON CONFLICT ({', '.join(SUMMARY_KEYS)}) DO UPDATE SET "
    + ", ".join(f"{c} = player_summary.{c} + excluded.{c}" for c in ("hands",) + _SUMS))
# _UPSERT_SUMMARY_OF_ROW of a run of such rows at once, named by their row ids (SQLite's
# rowid; the dialect's last_row_id gives them): one statement a run, one value bound a
# row, the rows read in rowid order, which is the keys' order (see
# _upsert_summary_of_rows); executemany of the (hand id, player id) statement paid its
# own cost per row: 42,800 instructions a row against 24,500 (callgrind, the real
# files' 10,538 rows, 2026-12-04).
_UPSERT_SUMMARY_OF_ROWIDS = _UPSERT_SUMMARY_OF_ROW.replace("WHERE hand_id = ? AND player_id = ?",
                                                           "WHERE rowid IN ({marks}) ORDER BY rowid")
assert _UPSERT_SUMMARY_OF_ROWIDS != _UPSERT_SUMMARY_OF_ROW
# _UPSERT_SUMMARY_OF_ROWIDS of a run of keys of one or two rows each (a key's two rows
# summed here, left to right as _summary_rows adds them, so the same values): keys
# named by (first row id, second row id or 0, which names no row), in the keys' order
# (CROSS JOIN: SQLite keeps the VALUES list as the outer loop, in its order). A key of
# two rows so costs two ids bound instead of forty-six values made and bound.
_PAIRED = ", ".join(
    ["a.player_id", "a.game", "a.variant_code", "a.stakes", "COALESCE(a.currency, '')", "COALESCE(a.position, '')",
     "a.table_size", "COALESCE(SUBSTR(a.played_at, 1, 10), '')", "1 + (b.rowid IS NOT NULL)"]
    + [f"{_qualified(expr, 'a')} + COALESCE({_qualified(expr, 'b')}, 0)" for _, expr, _ in SUMMARY_MONEY]
    + [f"a.{flag} + COALESCE(b.{flag}, 0)" for flag in FLAGS])
_UPSERT_SUMMARY_OF_PAIRS = (
    f"INSERT INTO player_summary ({', '.join(SUMMARY_KEYS + ('hands',) + _SUMS)}) SELECT {_PAIRED} "
    "FROM (VALUES {values}) AS k CROSS JOIN hand_players AS a ON a.rowid = k.column1 "
    "LEFT JOIN hand_players AS b ON b.rowid = k.column2 WHERE 1 "
    f"ON CONFLICT ({', '.join(SUMMARY_KEYS)}) DO UPDATE SET "
    + ", ".join(f"{c} = player_summary.{c} + excluded.{c}" for c in ("hands",) + _SUMS))
# Not a batch's keys summed by one fixed statement (INSERT ... SELECT ... FROM
# hand_players WHERE rowid > the last before the batch GROUP BY the key ORDER BY
# MIN(rowid)): the same table (stable sort, SUM in order before SQLite 3.43), but
# player_summary's SQL cost 460,000 instructions a hand against 131,000 (the real
# files, benchmarks/tracker_sql_instructions.py --tables, 2026-12-05): SQLite makes,
# finalises and frees each of the 38 SUMs' contexts per key, ~106,000 a key, and
# most keys are one row (branch summary42-groupby-experiment).
_REBUILD_SUMMARY = (
    f"INSERT INTO player_summary ({', '.join(SUMMARY_KEYS + ('hands',) + _SUMS)}) "
    "SELECT player_id, game, variant_code, stakes, COALESCE(currency, ''), COALESCE(position, ''), table_size, "
    "COALESCE(SUBSTR(played_at, 1, 10), ''), COUNT(*), "
    + ", ".join(f"SUM({expr})" for _, expr, _ in SUMMARY_MONEY) + ", " + ", ".join(f"SUM({f})" for f in FLAGS)
    + " FROM hand_players GROUP BY player_id, game, variant_code, stakes, COALESCE(currency, ''), "
    "COALESCE(position, ''), table_size, COALESCE(SUBSTR(played_at, 1, 10), '')")
_INSERT_REFUSED = _insert("refused", ("site", "hand_key", "table_name", "source", "reason", "text"))
# A hand refused again by this pokerhash: its reason replaced when it is another.
_UPDATE_REFUSED = ("UPDATE refused SET source = ?, reason = ?, text = ? WHERE site = ? AND hand_key = ? "
                   "AND table_name = ? AND reason <> ?")
_DELETE_REFUSED = "DELETE FROM refused WHERE site = ? AND hand_key = ? AND table_name = ?"


@dataclass
class ImportSummary:
    """What an import did: hands read, newly imported, already in the database, and
    refused (newly stored, with the count of each reason)."""

    read: int = 0
    imported: int = 0
    duplicates: int = 0
    refused: int = 0
    reasons: Counter = field(default_factory=Counter)

    def __str__(self) -> str:
        text = (f"{self.read} hands read: {self.imported} imported, {self.duplicates} already in the database, "
                f"{self.refused} refused")
        for reason, count in self.reasons.most_common(10):
            text += f"\n  {count} x {reason}"
        return text


# The files a folder is searched for: PHH, and the sites' hand histories (text, zips).
_HAND_FILES = (".phh", ".phhs", ".txt", ".zip", ".hh", ".log", ".xml")


def read_files(paths: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]"]]]) -> Iterator[Any]:
    """Every hand of the files at ``paths`` (files, or folders searched recursively in
    sorted order for ``.phh``, ``.phhs``, ``.txt``, ``.zip``, ``.hh``, ``.log`` and
    ``.xml`` files), as ``(hand, source)``: ``.phh`` and ``.phhs`` files as PHH, every
    other file as poker sites' hand histories (:func:`pokerhash.sites.read`: text
    files and zips of PokerStars, GGPoker, 888poker, Winamax, Full Tilt... hands, a
    :class:`~pokerhash.sites.SiteHand` each, text that is no hand included, with its
    error). Files are streamed: a ``.phhs`` file 200 hands (``[table]``) at a time, a
    site's file in bounded chunks, so memory stays bounded; a bad hand is one
    :class:`Refused` naming the file, the hand and the problem while the others
    import; a file that cannot be read at all is one Refused naming the file."""
    if isinstance(paths, (str, os.PathLike)):
        paths = [paths]
    read = SiteError = None  # imported at the first site's file (pokerhash.sites is imported only then)
    for path in paths:
        path = os.fspath(path)
        if os.path.isdir(path):
            files = []
            for root, folders, names in os.walk(path):
                folders.sort()
                files += [os.path.join(root, name) for name in sorted(names)
                          if name.lower().endswith(_HAND_FILES)]
        elif os.path.exists(path):
            files = [path]
        else:
            raise InvalidValueError(f"{path}: no such file or folder")
        for name in files:
            if name.endswith(".phhs"):
                yield from _phhs_hands(name)
            elif name.endswith(".phh"):
                try:
                    yield load(name), f"{name}:1"
                except (PHHError, OSError, UnicodeDecodeError) as error:
                    yield Refused("phh", f"file:{os.path.abspath(name)}", "", f"unreadable file: {error}", name), name
            else:
                # A site's file, here rather than in a generator of its own: one
                # generator fewer that every hand passes through. Its (hand, None)
                # pairs are made by the reader (sites.read's own generator), and this
                # generator delegates to it (yield from): it does not run per hand.
                if read is None:
                    from ..sites.reading import read_hands as read
                    from ..sites.model import SiteError
                try:
                    yield from read(name, None, True, True)  # a file seen at name: not asked again
                except (SiteError, OSError) as error:
                    yield Refused("sites", f"file:{os.path.abspath(name)}", "", f"unreadable file: {error}", name), name


# A .phhs hand starts at a line that is a table header, [name], at the line's start.
_TABLE = re.compile(r"\[([^\[\]=,\s][^\[\]=,]*)\]\s*(?:#.*)?")


# Hands of a .phhs file parsed together (one TOML document of this many tables).
_PHHS_CHUNK = 200
# A line of a chunk that opens a table or an array of tables other than the chunk's own.
_OTHER_HEADER = re.compile(r"^[ \t]*\[(?!_\d+\]$)", re.MULTILINE)


def _phhs_hands(name: str) -> Iterator[Any]:
    """The hands of one .phhs file, streamed 200 tables at a time (see :func:`read_files`).

    The hands are parsed :data:`_PHHS_CHUNK` at a time, as one document whose tables
    are named here (``[_0]``, ``[_1]``...: bare keys that cannot collide): a PHH
    parse's fixed cost is paid once per chunk instead of once per hand (about 8 of
    the 50 µs a hand's parse costs, 2026-12-03). A chunk that does not parse as
    a whole, for whatever reason, is parsed again one hand at a time, so that a bad
    hand is refused alone with its own line and message, as before."""
    def hand(table: str, first_line: int, lines: List[str], index: int) -> Any:
        try:
            return loads("".join(lines)), f"{name}:{index}"
        except PHHError as error:
            where = f"{os.path.abspath(name)}:[{table}]"
            reason = f"unreadable hand [{table}] (its header is line {first_line}): {error}"
            return Refused("phh", f"file:{where}", "", reason, f"{name}:{index}", "".join(lines)), f"{name}:{index}"

    def chunk(pending: List[Tuple[str, int, List[str], int]]) -> List[Any]:
        parts = []
        for k, (_, _, lines, _) in enumerate(pending):
            parts.append(f"[_{k}]\n")
            parts += lines
            if lines and not lines[-1].endswith("\n"):
                parts.append("\n")
        text = "".join(parts)
        hands = []
        if _OTHER_HEADER.search(text) is None:  # else a hand's own [...] line could move fields between hands
            try:
                hands = loads_all(text)
            except PHHError:
                pass
        if len(hands) != len(pending):
            return [hand(*args) for args in pending]
        return [(parsed, f"{name}:{args[3]}") for parsed, args in zip(hands, pending)]

    pending: List[Tuple[str, int, List[str], int]] = []
    try:
        with open(name, encoding="utf-8-sig") as file:
            table, first_line, lines, index = None, 0, [], 0
            for number, line in enumerate(file, 1):
                match = _TABLE.fullmatch(line.rstrip("\r\n")) if line.startswith("[") else None
                if match is None:
                    lines.append(line)
                    continue
                if table is not None:
                    pending.append((table, first_line, lines, index))
                    if len(pending) >= _PHHS_CHUNK:
                        yield from chunk(pending)
                        pending = []
                elif any(text.strip() and not text.lstrip().startswith("#") for text in lines):
                    raise PHHError("fields before the first hand's [table] (a .phhs file is one [table] per hand)",
                                   number)
                table, first_line, lines, index = match.group(1).strip().strip("'\""), number, [], index + 1
            if table is not None:
                pending.append((table, first_line, lines, index))
            elif any(text.strip() and not text.lstrip().startswith("#") for text in lines):
                raise PHHError("no [table]: a .phhs file is one [table] per hand")
        yield from chunk(pending)
    except (PHHError, OSError, UnicodeDecodeError) as error:
        yield from chunk(pending)  # the hands read before the file failed, as one at a time did
        yield Refused("phh", f"file:{os.path.abspath(name)}", "", f"unreadable file: {error}", name), name


_LINE = re.compile(r"\Aline \d+: ")


def _kind_of(reason: str) -> str:
    """A refusal's kind, for the summary's counts: the reason up to its first colon
    (after the line number a site's reason starts with), at most 80 characters."""
    return _LINE.sub("", reason, count=1).split(":")[0][:80]


def _extracted(pair: Tuple[Any, Optional[str]]) -> Any:
    """:func:`extract` of a (hand, source) pair (a worker process's job)."""
    item, source = pair
    return item if isinstance(item, Refused) else extract(item, source)


# Where a player row (the name, then PLAYER_COLUMNS) keeps what player_summary sums.
_P = {name: i + 1 for i, name in enumerate(PLAYER_COLUMNS)}
_MONEY_AT = tuple(_P[name] for name in ("net", "net_amount", "net_bb", "allin_adjusted", "allin_adjusted_amount",
                                        "allin_adjusted_bb"))
_money = itemgetter(*_MONEY_AT)
_FIRST_FLAG = _P[FLAGS[0]]
_GAME, _CODE, _STAKES, _CURRENCY, _POSITION, _TABLE_SIZE, _PLAYED_AT = (
    _P[name] for name in ("game", "variant_code", "stakes", "currency", "position", "table_size", "played_at"))
_SHOWDOWN = _P["showdown"]


def _summary_rows(groups: Dict[Tuple[Any, ...], List[Tuple[Any, ...]]]) -> List[Tuple[Any, ...]]:
    """The batch's ``player_summary`` rows (the key, the hands, the money, the counters)
    from the batch's groups (:meth:`Tracker._store` files each player row, in import
    order, under its key: player id, game, variant code, stakes, currency or ``''``,
    position or ``''``, table size, the day of ``played_at`` or ``''``): each column summed once per key over the
    key's rows (their columns side by side), left to right in import order, as adding
    the rows one at a time did, so the same floats to the last bit (the money never by
    ``sum``, compensated for floats since Python 3.12; the int counters by ``sum``).
    Cheaper than a list of sums per key updated row by row: no row is copied per
    player, the columns are added in C."""
    out = []
    for key, rows in groups.items():
        player = rows[0]
        money = _money(player)
        showdown = player[_SHOWDOWN]
        if len(rows) == 1:
            out.append(key + (1,) + money + (showdown * money[0], showdown * money[1], showdown * money[2])
                       + player[_FIRST_FLAG:])
            continue
        # The key's other rows added to the first one at a time, left to right: the
        # same additions in the same order as summing each column over the rows (so
        # the same floats), each row's counters added in one map over the row (one
        # call a row, not a sum call a column: forty of those, about 900
        # instructions each, were most of this function's ~65,000 a key, callgrind
        # 2026-12-04).
        flags = player[_FIRST_FLAG:]
        shown = tuple(map(mul, (showdown, showdown, showdown), money))
        for row in rows[1:]:
            more = _money(row)
            showdown = row[_SHOWDOWN]
            money = tuple(map(add, money, more))
            # operator's add and mul, as Python computes them: Cython's inlined + of
            # an int 0 and -0.0 gave -0.0 (Python: 0.0).
            shown = tuple(map(add, shown, map(mul, (showdown, showdown, showdown), more)))
            flags = tuple(map(add, flags, row[_FIRST_FLAG:]))
        out.append(key + (len(rows),) + money + shown + flags)
    return out


class _Collections:
    """Python's cyclic garbage collector paused for a whole import (if it was running),
    with a collection after each batch in its place: the youngest generation every
    batch, the next every 10,000 hands, all every 100,000 (the collector's own ratios
    1:10:100 over the default batch of 1,000 hands; counted in hands, not batches, so
    that small batches do not walk every object alive every hundred batches). A
    batch's objects still alive at its end are few (the hands are stored and dropped),
    so these collections walk little, and a reference cycle made meanwhile waits at
    most one batch (or 10,000 or 100,000 hands when it holds an older object): memory
    stays bounded."""

    __slots__ = ("enabled", "middle", "full")

    #: Hands between collections of the middle generation, and of all three.
    MIDDLE, FULL = 10_000, 100_000

    def __init__(self) -> None:
        self.enabled = gc.isenabled()
        self.middle = self.full = 0  # hands since the last such collection
        if self.enabled:
            gc.disable()

    def batch_done(self, hands: int) -> None:
        if self.enabled:
            self.middle += hands
            self.full += hands
            if self.full >= self.FULL:
                self.middle = self.full = 0
                gc.collect(2)
            elif self.middle >= self.MIDDLE:
                self.middle = 0
                gc.collect(1)
            else:
                gc.collect(0)

    def end(self) -> None:
        if self.enabled:
            gc.enable()


# Values of a look-up's IN (...) list at most, and the multiple its length is rounded up to.
_IN_CHUNK = 512
_IN_STEP = 32
# Whether a site has more refusals than _IN_CHUNK (a row when it has): the unique
# index's entries of the site counted up to there, no row read into Python. Then
# a site's refusals, read whole only when they are no more (see Tracker._stored).
_MORE_REFUSED_THAN = "SELECT 1 FROM refused WHERE site = ? LIMIT 1 OFFSET {offset}"
_REFUSED_OF_SITE = "SELECT hand_key, table_name FROM refused WHERE site = ?"


def _padded(values: List[Any]) -> List[Any]:
    """``values`` (not empty) with its first value repeated up to a multiple of 32 (IN
    (...) is a set: the same rows found). A look-up's statement is then one of sixteen
    texts, cached by the connection, where a list sized to each batch's new players or
    hand keys made a statement to prepare for every batch. Measured neutral on one
    copy of the real files (the two look-ups +1.0 million instructions in 3,268 hands,
    callgrind 2026-12-04: these statements are cheap to prepare); kept for the cache:
    a long import no longer fills it with one-off texts."""
    extra = -len(values) % _IN_STEP
    return values + [values[0]] * extra if extra else values


# _UPSERT_SUMMARY_OF_ROWIDS by its number of row ids.
_SUMMARY_OF_ROWIDS: Dict[int, str] = {}
# _UPSERT_SUMMARY_OF_PAIRS by its number of keys.
_SUMMARY_OF_PAIRS: Dict[int, str] = {}


def _run_size(count: int) -> int:
    """The keys a player_summary statement of a run of ``count`` keys (at most 256) is
    padded to: 8, 64 or 256, three texts per statement, each prepared once per
    connection. Powers of two (ten texts each) cost more to prepare than the padding
    costs to run: the real files' 1,634 hands, 1,250 instructions a hand more for the
    IN lists, 9,100 more for the pairs (callgrind 2026-12-05,
    benchmarks/tracker_sql_instructions.py)."""
    return 8 if count <= 8 else 64 if count <= 64 else _RUN_CHUNK


# Keys of a player_summary statement by row ids at most: a pairs statement binds two
# values a key, 512 in all, within SQLite's 999 parameters before 3.32.
_RUN_CHUNK = 256

# Player ids kept in memory (then the cache starts again: ids are read back from the database).
_PLAYER_CACHE = 200_000


class Tracker:
    """A hand database (docs/tracker.rst): ``db`` is a SQLite file path, ``":memory:"``
    or a ``postgresql://`` URL. The tables are created when missing."""

    def __init__(self, db: str = ":memory:"):
        self.db: Dialect = connect(db)
        try:
            self.db.create()
            found = self.db.query("SELECT value FROM meta WHERE key = ?", ("schema_version",))
            if not found:
                self.db.execute("INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT DO NOTHING",
                                ("schema_version", str(SCHEMA_VERSION)))
            elif found[0][0] != str(SCHEMA_VERSION):
                raise InvalidValueError(f"{db}: schema version {found[0][0]}, this pokerhash reads {SCHEMA_VERSION}")
            self.db.commit()
        except BaseException:
            self.db.close()
            raise
        self._player_ids: Dict[Tuple[str, str], int] = {}
        self._pool: Any = None

    # -- context ------------------------------------------------------------

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> "Tracker":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    # -- import -------------------------------------------------------------

    def import_hands(self, hands: Iterable[Any], batch_size: int = 1000, progress: Any = None,
                     processes: int = 1) -> ImportSummary:
        """Store hands: :class:`~pokerhash.sites.SiteHand` objects (a site's hand, played
        by the site importer's replay), PHH ``HandHistory`` objects, ``SiteHand``-like
        objects, or ``(hand, source)`` pairs (as :func:`read_files` yields). Each batch of
        ``batch_size`` hands is one transaction; a hand already imported (same site,
        hand id and table) is skipped; a hand that cannot be replayed or whose figures
        disagree with the engine is stored in ``refused`` with the reason. A hand
        refused before is tried again: imported now, it replaces its refusal (a later
        pokerhash reads more hands); refused for another reason, the reason is replaced.
        ``progress`` (e.g. a tqdm bar) has ``update(n)`` called per batch.
        ``processes`` > 1 replays and counts the hands in that many worker processes
        (the database is written by this one), for large folders on several cores."""
        if not isinstance(batch_size, int) or batch_size < 1:
            raise InvalidValueError(f"batch_size must be a positive int, not {batch_size!r}")
        if not isinstance(processes, int) or isinstance(processes, bool) or processes < 1:
            raise InvalidValueError(f"processes must be a positive int, not {processes!r}")
        if processes > 1:
            from concurrent.futures import ProcessPoolExecutor

            # The workers start at the first batch, forked while this process's
            # collector is paused for the import (_Collections): they turn theirs on.
            with ProcessPoolExecutor(processes, initializer=gc.enable) as pool:
                self._pool = pool
                try:
                    return self._import_all(hands, batch_size, progress)
                finally:
                    self._pool = None
        return self._import_all(hands, batch_size, progress)

    def _import_all(self, hands: Iterable[Any], batch_size: int, progress: Any) -> ImportSummary:
        summary = ImportSummary()
        batch: List[Any] = []
        # The collector paused while the hands are read too, not only while they are
        # stored: a batch's hands (each a parse's lists and tuples) are
        # held until it is stored, and the collections that their reading's allocations
        # set off walked them again and again, moving them to the older generations
        # (and so to full collections): 47,000 instructions a hand, more than the
        # reading of the file around the parse (callgrind, the real files, 2026-12-05).
        # _Collections collects after each batch instead: memory stays bounded.
        collections = _Collections()
        try:
            for item in hands:
                batch.append(item)
                if len(batch) >= batch_size:
                    self._import_pairs(batch, summary)
                    if progress is not None:
                        progress.update(len(batch))
                    done = len(batch)
                    batch = []  # dropped before the collection: it walks the batch's objects otherwise
                    collections.batch_done(done)
            if batch:
                self._import_pairs(batch, summary)
                if progress is not None:
                    progress.update(len(batch))
        finally:
            collections.end()
        return summary

    def import_files(self, paths: Any, batch_size: int = 1000, progress: Any = None,
                     processes: int = 1) -> ImportSummary:
        """:meth:`import_hands` of every hand of the files at ``paths`` (files or folders):
        poker sites' hand histories and PHH files (see :func:`read_files`)."""
        return self.import_hands(read_files(paths), batch_size, progress, processes)

    def _import_pairs(self, batch: List[Any], summary: ImportSummary) -> None:
        pairs = [item if isinstance(item, tuple) and len(item) == 2 else (item, None) for item in batch]
        # Hands already imported, or twice in this batch, are not replayed again. A hand
        # refused before is: this pokerhash may read it (its refusal is then replaced by
        # the hand), or refuse it for another reason (the reason is replaced).
        keys = [(item.site, item.hand_key, item.table) if isinstance(item, Refused) else key_of(item)
                for item, _ in pairs]
        stored, refused_before = self._stored(keys)
        todo = []
        for pair, key in zip(pairs, keys):
            if key not in stored:
                stored.add(key)
                todo.append(pair)
        # counted once per batch: the summary's fields are a Python object's attributes
        summary.read += len(pairs)
        summary.duplicates += len(pairs) - len(todo)
        if self._pool is not None:
            records = list(self._pool.map(_extracted, todo, chunksize=max(1, len(todo) // 32)))
        else:
            records = [_extracted(pair) for pair in todo]
        db = self.db
        try:
            refused = [record for record in records if isinstance(record, Refused)]
            for record in refused:
                key = (record.site, record.hand_key, record.table)
                if key in refused_before:
                    cursor = db.execute(_UPDATE_REFUSED, (record.source, record.reason, record.text) + key
                                        + (record.reason,))
                else:
                    cursor = db.execute(_INSERT_REFUSED, (record.site, record.hand_key, record.table, record.source,
                                                          record.reason, record.text))
                if cursor.rowcount == 1:
                    summary.refused += 1
                    summary.reasons[_kind_of(record.reason)] += 1
                else:
                    summary.duplicates += 1  # refused before for the same reason, or twice in the batch
            hands = [record for record in records if not isinstance(record, Refused)]
            retried = [(record.site, record.hand_key, record.table) for record in hands
                       if (record.site, record.hand_key, record.table) in refused_before] if refused_before else []
            if retried:
                db.executemany(_DELETE_REFUSED, retried)
            if hands:
                self._store(hands, summary)
            db.commit()
        except BaseException:
            db.rollback()
            self._player_ids.clear()  # ids of players inserted in the rolled-back batch
            raise

    def _store(self, records: List[HandRecord], summary: ImportSummary) -> None:
        """Insert the hands (their ids come back from one statement per 64 hands), then
        every other row of the batch by one ``insert_values`` per table (PostgreSQL: one
        round trip per table and batch instead of per hand)."""
        db = self.db
        ids = db.insert_ids("hands", _HAND_COLUMNS, [record.hand for record in records],
                            ("site", "hand_key", "table_name"))
        sums: Dict[Tuple[Any, ...], List[Tuple[Any, ...]]] = {}
        # Each table's rows as one flat list of values, row after row (Dialect.insert_values):
        # a row's values added in C, no tuple made per row to be flattened again.
        player_rows: List[Any] = []
        actions: List[Any] = []
        boards: List[Any] = []
        shown: List[Any] = []
        stored = [(record, ids.get((record.site, record.hand_key, record.table))) for record in records]
        player_ids = self._player_ids_of([record for record, hand_id in stored if hand_id is not None])
        # Each key's first row, as (hand id, player id, row id): what
        # _UPSERT_SUMMARY_OF_ROW reads back when the key has no other row; None when
        # the hand names a player twice (hand_players keeps one row of the two). The
        # row ids follow the table's last one in the order the rows are inserted (a
        # row of a name met twice in its hand is not), checked after the inserts.
        firsts: Dict[Tuple[Any, ...], Optional[Tuple[int, int, int]]] = {}
        # Each key's second row id (0: the hand names a player twice).
        seconds: Dict[Tuple[Any, ...], int] = {}
        last_row = db.last_row_id("hand_players")
        row_id = 0 if last_row is None else last_row
        played_at: Any = None
        day = ""
        joined = db.joins_hand_columns
        for record, hand_id in stored:
            if hand_id is None:
                summary.duplicates += 1  # stored meanwhile by another connection
                continue
            summary.imported += 1
            site = record.site
            players = record.players
            names = len({player[0] for player in players})
            alone = names == len(players)
            if not alone:
                row_id += names
            for player in players:
                pid = player_ids[site, player[0]]
                # hand id, player id, the columns after the name: the row's values
                # added whole, the name's place then given the player's id.
                player_rows.append(hand_id)
                player_rows += player
                player_rows[len(player_rows) - len(player)] = pid
                if joined:
                    # The hand's columns taken out again (_INSERT_HAND_PLAYER_JOINED):
                    # the list's tail moved down, where slicing the row around them
                    # made two tuples a player.
                    del player_rows[_CUT_FROM:_CUT_TO]
                # The player's player_summary key (see _summary_rows), made here: no
                # function call per player, the day cut from the time once per time.
                if player[_PLAYED_AT] is not played_at:
                    played_at = player[_PLAYED_AT]
                    day = (played_at or "")[:10]
                key = (pid, player[_GAME], player[_CODE], player[_STAKES], player[_CURRENCY] or "",
                       player[_POSITION] or "", player[_TABLE_SIZE], day)
                if alone:
                    row_id += 1
                rows = sums.get(key)
                if rows is None:
                    sums[key] = [player]
                    firsts[key] = (hand_id, pid, row_id) if alone else None
                else:
                    if len(rows) == 1:
                        seconds[key] = row_id if alone else 0
                    rows.append(player)
            for row in record.actions:
                actions.append(hand_id)
                actions += row
            for row in record.boards:
                boards.append(hand_id)
                boards += row
            for row in record.shown:
                shown.append(hand_id)
                shown += row
        if joined:
            db.insert_rows(_INSERT_HAND_PLAYER_JOINED, player_rows, len(_OWN_COLUMNS))
        else:
            db.insert_values(_INSERT_HAND_PLAYER, player_rows, 2 + len(_PLAYER_COLUMNS))
        db.insert_values(_INSERT_ACTION, actions, 8)
        db.insert_values(_INSERT_BOARD, boards, 4)
        db.insert_values(_INSERT_SHOWN, shown, 4)
        # The row ids as counted, or none used (not a run after the last one).
        by_row_id = last_row is not None and db.last_row_id("hand_players") == row_id
        self._upsert_summary(sums, firsts, seconds if by_row_id else None)

    def _upsert_summary(self, sums: Dict[Tuple[Any, ...], List[Tuple[Any, ...]]],
                        firsts: Dict[Tuple[Any, ...], Optional[Tuple[int, int, int]]],
                        seconds: Optional[Dict[Tuple[Any, ...], int]] = None) -> None:
        """The batch's player_summary rows, key by key in the order the keys came (so
        the same rows in the same order): a key with one row summed in SQL from its
        hand_players row (_UPSERT_SUMMARY_OF_ROW), the others summed here
        (_summary_rows); each run of keys of one kind sent by one executemany, or a
        run of keys of one row by _upsert_summary_of_rows; with ``seconds`` (each key's
        second row id, the rows' ids known: see _store), the keys of two rows too."""
        db = self.db
        by_row_id = seconds is not None
        alone: List[Tuple[int, ...]] = []
        groups: Dict[Tuple[Any, ...], List[Tuple[Any, ...]]] = {}
        for key, rows in sums.items():
            first = firsts[key]
            if first is not None and (len(rows) == 1 or (len(rows) == 2 and by_row_id and seconds[key])):
                if groups:
                    db.executemany(_UPSERT_SUMMARY, _summary_rows(groups))
                    groups = {}
                alone.append(first if len(rows) == 1 else first + (seconds[key],))
            else:
                if alone:
                    self._upsert_summary_of_rows(alone, by_row_id)
                    alone = []
                groups[key] = rows
        if groups:
            db.executemany(_UPSERT_SUMMARY, _summary_rows(groups))
        if alone:
            self._upsert_summary_of_rows(alone, by_row_id)

    def _upsert_summary_of_rows(self, firsts: List[Tuple[int, ...]], by_row_id: bool) -> None:
        """_UPSERT_SUMMARY_OF_ROW of these rows, (hand id, player id, row id) each, in
        order: ``by_row_id``, by _UPSERT_SUMMARY_OF_ROWIDS, 256 rows a statement (their
        row ids rise with the keys' order, which ORDER BY rowid keeps), else one
        executemany. The ids are padded with the first one (IN (...) is a set) up to
        8, 64 or 256 (_run_size). With ``by_row_id``, a key of two rows is (hand id,
        player id, row id, second row id): 256 keys with such ones among them are
        summed by one _UPSERT_SUMMARY_OF_PAIRS."""
        if not by_row_id:
            self.db.executemany(_UPSERT_SUMMARY_OF_ROW, [first[:2] for first in firsts])
            return
        for start in range(0, len(firsts), _RUN_CHUNK):
            part = firsts[start:start + _RUN_CHUNK]
            if any(len(first) == 4 for first in part):
                # Keys of two rows among them: (first, second or 0) each, padded with
                # (0, 0), which names no row.
                size = _run_size(len(part))
                pairs: List[int] = []
                for first in part:
                    pairs += (first[2], first[3] if len(first) == 4 else 0)
                pairs += [0] * (2 * (size - len(part)))
                statement = _SUMMARY_OF_PAIRS.get(size)
                if statement is None:
                    statement = _SUMMARY_OF_PAIRS[size] = _UPSERT_SUMMARY_OF_PAIRS.format(
                        values=", ".join(["(?, ?)"] * size))
                self.db.execute(statement, pairs)
                continue
            chunk = [first[2] for first in part]
            chunk += [chunk[0]] * (_run_size(len(chunk)) - len(chunk))
            statement = _SUMMARY_OF_ROWIDS.get(len(chunk))
            if statement is None:
                statement = _SUMMARY_OF_ROWIDS[len(chunk)] = _UPSERT_SUMMARY_OF_ROWIDS.format(
                    marks=", ".join("?" * len(chunk)))
            self.db.execute(statement, chunk)

    def _stored(self, keys: List[Tuple[str, str, str]]) -> Tuple[set, set]:
        """Which of these (site, hand key, table) keys are in ``hands``, and which in
        ``refused``: per site, a query telling whether its refusals are few, then
        either one query reading them whole (few) or one per 512 hand keys (many),
        and one per 512 hand keys for ``hands`` (the unique index's site and
        hand_key, the table checked here), not per table (a real file's batch has
        many tables, and each query's own cost was about 0.4% of an import,
        callgrind 2026-12-04)."""
        wanted = set(keys)
        groups: Dict[str, Dict[str, None]] = {}
        for site, key, _ in keys:
            groups.setdefault(site, {})[key] = None
        found: Tuple[set, set] = (set(), set())
        db = self.db
        for site, hand_keys in groups.items():
            hand_keys = list(hand_keys)
            # A site's refusals are few as a rule: read whole by one query (the unique
            # index's rows of the site) when there are no more than _IN_CHUNK, where
            # looking up each hand key cost the SQL's binding of it and an index seek
            # (about 5,000 instructions a hand). More: looked up key by key, as hands,
            # told by a query that returns one row at most (reading the site's first
            # _IN_CHUNK + 1 rows to tell, as before, made them in Python every batch for
            # nothing).
            few = not db.query(_MORE_REFUSED_THAN.format(offset=_IN_CHUNK), [site])
            if few:
                for key, table in db.query(_REFUSED_OF_SITE, [site]):
                    if (site, key, table) in wanted:
                        found[1].add((site, key, table))
            for start in range(0, len(hand_keys), _IN_CHUNK):
                chunk = _padded(hand_keys[start:start + _IN_CHUNK])
                marks = ", ".join("?" * len(chunk))
                for name, keys_found in zip(("hands", "refused"), found):
                    if few and name == "refused":
                        continue
                    for key, table in db.query(f"SELECT hand_key, table_name FROM {name} WHERE site = ? "
                                               f"AND hand_key IN ({marks})", [site] + chunk):
                        if (site, key, table) in wanted:
                            keys_found.add((site, key, table))
        return found

    def rebuild_summary(self) -> None:
        """Recompute ``player_summary`` from ``hand_players`` (after rows were written
        to it other than by an import)."""
        try:
            self.db.execute("DELETE FROM player_summary")
            self.db.execute(_REBUILD_SUMMARY)
            self.db.commit()
        except BaseException:
            self.db.rollback()
            raise

    def _player_ids_of(self, records: List[HandRecord]) -> Dict[Tuple[str, str], int]:
        """The ids of every (site, name) of these hands' players: from the cache, the
        others inserted (in the order they first appear, as one at a time did) by
        :meth:`Dialect.insert_ids`, which gives their ids, and those already in the
        database read back a few hundred per query, not two round trips each."""
        cache = self._player_ids
        found: Dict[Tuple[str, str], int] = {}
        new: Dict[Tuple[str, str], None] = {}
        for record in records:
            site = record.site
            for player in record.players:
                key = (site, player[0])
                if key in found or key in new:
                    continue
                known = cache.get(key)
                if known is None:
                    new[key] = None
                else:
                    found[key] = known
        if new:
            # The ids of the players inserted come back from their INSERT (RETURNING):
            # only the names already there (another connection's, or dropped from the
            # cache) are read back by a look-up.
            inserted = self.db.insert_ids("players", ("site", "name"), list(new), ("site", "name"))
            found.update(inserted)
            by_site: Dict[str, List[str]] = {}
            for key in new:
                if key not in inserted:
                    by_site.setdefault(key[0], []).append(key[1])
            for site, names in by_site.items():
                for start in range(0, len(names), _IN_CHUNK):
                    chunk = _padded(names[start:start + _IN_CHUNK])
                    for name, pid in self.db.query(f"SELECT name, id FROM players WHERE site = ? AND name IN "
                                                   f"({', '.join('?' * len(chunk))})", [site] + chunk):
                        found[site, name] = pid
            for key in new:
                if len(cache) >= _PLAYER_CACHE:
                    cache.clear()  # memory stays bounded however many players a folder holds
                cache[key] = found[key]
        return found

    # -- queries ------------------------------------------------------------

    def stats(self, player: Any = None, *, game: Any = None, stakes: Any = None, position: Any = None,
              since: Any = None, until: Any = None, table_size: Any = None, site: Any = None,
              currency: Any = None, min_hands: int = 1) -> List[Dict[str, Any]]:
        """Per-player statistics (docs/tracker.rst, Statistics) of the hands that match
        every filter given: ``player`` a name; ``game`` the game (``"no-limit Texas
        Hold'em"``) or its PHH code (``"NT"``); ``stakes`` as stored (``"0.5/1"``);
        ``position`` (``"BTN"``, ``"CO"``, ... ``"SB"``, ``"BB"``); ``since`` and
        ``until`` (dates or ISO text, ``until`` excluded); ``table_size``; ``site``;
        ``currency``. A filter may be a list (any of its values). One dict per player,
        most hands first: the money (chips, currency, big blinds, bb/100, all-in
        adjusted, showdown and non-showdown) and each statistic's value, numerator
        (``_n``) and opportunities (``_opp``)."""
        sql, params = stats_query(dict(player=player, game=game, stakes=stakes, position=position, since=since,
                                       until=until, table_size=table_size, site=site, currency=currency), min_hands,
                                  self.db.full_scan)
        return stats_rows(self.db.query(sql, params))

    def stats_frame(self, player: Any = None, **filters: Any) -> Any:
        """:meth:`stats` as a pandas DataFrame (pandas must be installed)."""
        try:
            import pandas
        except ImportError:
            raise ImportError("stats_frame needs pandas: pip install pandas (or use stats(), which returns dicts)")
        return pandas.DataFrame(self.stats(player, **filters))

    def graph_data(self, player: str, unit: str = "bb", site: Optional[str] = None) -> Dict[str, Any]:
        """The cumulative winnings of ``player`` hand by hand (in time order): NumPy
        arrays ``net``, ``allin_adjusted``, ``showdown`` and ``non_showdown``, in
        ``unit`` ``"bb"`` (big blinds), ``"currency"`` or ``"chips"``."""
        import numpy as np

        columns = {"bb": ("net_bb", "allin_adjusted_bb"), "currency": ("net_amount", "allin_adjusted_amount"),
                   "chips": ("net", "allin_adjusted")}
        if unit not in columns:
            raise InvalidValueError(f"unit must be 'bb', 'currency' or 'chips', not {unit!r}")
        net, adjusted = columns[unit]
        sql = (f"SELECT hp.{net}, hp.{adjusted}, hp.showdown FROM hand_players hp "
               "JOIN players p ON p.id = hp.player_id WHERE p.name = ?")
        params: List[Any] = [player]
        if site is not None:
            sql += " AND p.site = ?"
            params.append(site)
        sql += " ORDER BY COALESCE(hp.played_at, ''), hp.hand_id"
        rows = self.db.query(sql, params)
        if not rows:
            raise InvalidValueError(f"no hands of player {player!r}")
        values = np.array([(float(a), float(b), int(c)) for a, b, c in rows], dtype=float).reshape(-1, 3)
        showdown = values[:, 2] == 1
        return dict(unit=unit, player=player, hands=np.arange(1, len(values) + 1),
                    net=np.cumsum(values[:, 0]), allin_adjusted=np.cumsum(values[:, 1]),
                    showdown=np.cumsum(np.where(showdown, values[:, 0], 0.0)),
                    non_showdown=np.cumsum(np.where(showdown, 0.0, values[:, 0])))

    def refused(self) -> List[Dict[str, Any]]:
        """The refused hands: site, hand key, table, source and reason."""
        rows = self.db.query("SELECT site, hand_key, table_name, source, reason FROM refused ORDER BY id")
        return [dict(zip(("site", "hand_key", "table", "source", "reason"), row)) for row in rows]

    def count(self, table: str) -> int:
        """The number of rows of one of the tracker's tables."""
        if table not in TABLE_NAMES:
            raise InvalidValueError(f"no table {table!r}")
        return int(self.db.query(f"SELECT COUNT(*) FROM {table}")[0][0])

    def export_parquet(self, folder: str, tables: Sequence[str] = TABLE_NAMES,
                       chunk_rows: int = 100_000) -> List[str]:
        """Write each table as ``folder/<table>.parquet`` (pyarrow, the ``parquet``
        extra), streamed in chunks of ``chunk_rows``; the paths written."""
        from .export import export_parquet

        return export_parquet(self, folder, tables, chunk_rows)
