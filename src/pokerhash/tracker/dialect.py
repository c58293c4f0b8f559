"""A thin layer over two DB-API drivers: :mod:`sqlite3` (standard library) and psycopg 3.

The tracker writes its SQL once, with ``?`` placeholders and the standard SQL both
databases speak (``INSERT ... ON CONFLICT DO NOTHING``, ``CASE``, ``SUM``); a
:class:`Dialect` only knows what differs: how to connect, the placeholder, the DDL
types, and how to get the ids of rows just inserted. Why not SQLAlchemy: the
queries are a handful of fixed statements, the hot path is ``executemany`` of plain
tuples (an ORM or expression layer would cost import time and per-row overhead for
nothing), and the package keeps its only run-time dependency NumPy; PostgreSQL
support is one optional driver (``pip install "pokerhash[postgres]"``).
"""

from __future__ import annotations

import re
from itertools import chain
from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

from ..errors import InvalidValueError
from .schema import ddl

__all__ = ["Dialect", "SQLiteDialect", "PostgresDialect", "connect"]


class Dialect:
    """What differs between the databases; ``conn`` is the open DB-API connection."""

    name = ""
    id_type = ""
    bigint = "BIGINT"
    real = "DOUBLE PRECISION"
    #: Written after a table name to read the whole table in storage order.
    full_scan = ""
    #: Written after the CREATE TABLE of actions, boards and shown (see schema.ddl).
    clustered = ""

    def __init__(self, conn: Any):
        self.conn = conn

    def sql(self, statement: str) -> str:
        """The statement in the driver's placeholder style."""
        return statement

    def execute(self, statement: str, params: Sequence[Any] = ()) -> Any:
        cursor = self.conn.cursor()
        cursor.execute(self.sql(statement), tuple(params))
        return cursor

    def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        rows = list(rows)
        if rows:
            self.conn.cursor().executemany(self.sql(statement), rows)

    def insert_values(self, statement: str, values: List[Any], width: int) -> None:
        """:meth:`executemany` of rows given as one flat list: ``values`` holds the rows'
        values one row after the other, ``width`` a row (the importer builds its rows so:
        a tuple's values are added to a list in C, where a tuple per row, then flattened
        again into a statement's parameters, cost about 100 instructions a value)."""
        _check_width(values, width)
        self.executemany(statement, [tuple(values[start:start + width]) for start in range(0, len(values), width)])

    #: Whether the importer leaves hand_players' columns copied from the hand out of its
    #: rows, for :meth:`insert_rows` to read them from the hands row (SQLite: seven values
    #: fewer bound a player, see tracker.database); PostgreSQL gets the whole rows.
    joins_hand_columns = False

    def insert_rows(self, template: str, values: List[Any], width: int) -> None:
        """:meth:`insert_values` of a statement ``template`` whose rows are a VALUES list,
        ``{rows}`` in the text: here one row a statement, by ``executemany``."""
        self.insert_values(template.replace("{rows}", "(" + ", ".join("?" * width) + ")"), values, width)

    def query(self, statement: str, params: Sequence[Any] = ()) -> List[Tuple[Any, ...]]:
        return [tuple(row) for row in self.execute(statement, params).fetchall()]

    #: Rows per multi-row INSERT (a power of two; a statement's parameters stay well
    #: under the limits).
    rows_per_insert = 64

    def insert_ids(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                   key: Sequence[str]) -> Dict[Tuple[Any, ...], int]:
        """Insert ``rows`` (``ON CONFLICT DO NOTHING``) 64 per statement, in order; the
        ids of the rows inserted, by their ``key`` columns (a row already there has none).
        One round trip per statement, not per row: ``INSERT ... VALUES (...), (...)
        RETURNING`` (PostgreSQL, SQLite 3.35+), whose rows come back in no set order,
        hence the key. The rows left after the whole statements of 64 go in statements
        of 8 rows, then of one (see :func:`_fewer`): three statement texts in all, each
        prepared once per connection (cached), where a statement sized to each batch's
        last rows was a new one to prepare every time (SQLite prepared the 500 rows a
        statement ``hands`` had in 31 million instructions, callgrind 2026-12-04)."""
        ids: Dict[Tuple[Any, ...], int] = {}
        width = len(columns)
        step = self.rows_per_insert
        start = 0
        while start < len(rows):
            count = min(step, len(rows) - start)
            count = count if count == step else _fewer(count)
            statement = self._insert_ids_sql(table, columns, key, count)
            params = list(chain.from_iterable(rows[start:start + count]))
            start += count
            for found in self.execute(statement, params).fetchall():
                ids[tuple(found[1:])] = found[0]
        return ids

    def last_row_id(self, table: str) -> Optional[int]:
        """The largest row id of ``table`` (0 when empty), or None if the dialect has
        no row ids: SQLite gives the rows a transaction inserts the ids after it, in
        order (no other connection writes meanwhile)."""
        return None

    def _insert_ids_sql(self, table: str, columns: Sequence[str], key: Sequence[str], count: int) -> str:
        """The INSERT ... RETURNING of ``count`` rows of :meth:`insert_ids`."""
        one = "(" + ", ".join("?" * len(columns)) + ")"
        return (f"INSERT INTO {table} ({', '.join(columns)}) VALUES {', '.join([one] * count)} "
                f"ON CONFLICT DO NOTHING RETURNING id, {', '.join(key)}")

    def create(self) -> None:
        for statement in ddl(self.id_type, self.bigint, self.real, self.clustered):
            self.execute(statement)

    def commit(self) -> None:
        self.conn.commit()

    def rollback(self) -> None:
        self.conn.rollback()

    def close(self) -> None:
        self.conn.close()


class SQLiteDialect(Dialect):
    name = "sqlite"
    id_type = "INTEGER PRIMARY KEY"
    real = "REAL"
    # GROUP BY player_id would otherwise walk the player index and fetch each row
    # from where it lies: a sequential scan and a sort is 1.5x faster on a million rows.
    full_scan = " NOT INDEXED"
    clustered = " WITHOUT ROWID"

    @classmethod
    def open(cls, path: str) -> "SQLiteDialect":
        import sqlite3

        _bind_none_directly(sqlite3)
        conn = sqlite3.connect(path)
        # Pages of 8 KiB for a new file (a file already made keeps its own): half the
        # b-tree pages to split and link as an import fills the tables (rows of
        # hand_players are about 300 bytes): 6,200 instructions a real-file hand fewer
        # than 4 KiB (16 KiB: about 1,000 more, for twice the bytes written a page changed;
        # callgrind, 2026-12-05, benchmarks/tracker_sql_instructions.py). No bearing on
        # what is stored or on its safety. Before WAL is set: a WAL file's page size
        # cannot change.
        conn.execute("PRAGMA page_size=8192")
        # WAL: readers do not block the importer; NORMAL sync is safe with WAL and
        # several times faster per commit than FULL.
        if path != ":memory:":
            conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=NORMAL")
        # On, though every id an import writes comes from the same transaction or the
        # players' cache: the checks cost 2% of a real file's hand (51,000 of its 2.46
        # million instructions, benchmarks/tracker_sql_instructions.py, 2026-12-04),
        # and they refuse an id that names no row (a player deleted by another
        # connection while its id is cached) instead of storing rows that point nowhere.
        conn.execute("PRAGMA foreign_keys=ON")
        return cls(conn)

    # An INSERT of one row that executemany sends as statements of many rows. Not an
    # upsert (ON CONFLICT ... DO UPDATE): sent as statements of many rows, the
    # player_summary upserts cost as many instructions as one row a statement
    # (benchmarks/tracker_sql_instructions.py, 2026-12-04).
    _ONE_ROW_INSERT = re.compile(r"(INSERT INTO \w+ \([\w, ]+\) VALUES )(\((?:\?, )*\?\))( ON CONFLICT DO NOTHING)")
    # Parameters per statement when the connection cannot say its limit: SQLite's
    # before 3.32 (999), which any build takes.
    _MAX_PARAMETERS = 999
    # Rows per statement at most: beyond, a longer statement saves nothing more (measured).
    _MAX_ROWS = 64

    def __init__(self, conn: Any):
        super().__init__(conn)
        self._many_rows: Dict[str, Tuple[str, int]] = {}
        self._sized: Dict[Tuple[str, int], str] = {}  # insert_values' statements of many rows
        # The build's own limit of parameters per statement (32,766 since SQLite 3.32):
        # hand_players' rows of 49 values go 64 to a statement instead of 20 (0.25 µs
        # less a row, 2026-12-04), within the limit of whatever build runs.
        self.max_parameters = self._MAX_PARAMETERS
        import sqlite3

        if hasattr(conn, "getlimit") and hasattr(sqlite3, "SQLITE_LIMIT_VARIABLE_NUMBER"):  # Python 3.11+
            self.max_parameters = max(1, conn.getlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER))

    def executemany(self, statement: str, rows: Iterable[Sequence[Any]]) -> None:
        """As :meth:`Dialect.executemany`; an ``INSERT ... VALUES (?, ...) ON CONFLICT
        DO NOTHING`` of one row is sent as statements of up to 64 rows (``VALUES (...),
        (...), ...``), the last few rows as before: each statement's own cost (a step
        of SQLite's machine, the module's work per call, the lock released and taken
        again) is paid once per 64 rows, a third of the inserts' time (the actions:
        1.2 µs a row before, 0.75 after, 2026-12-03). The same rows in the same order,
        each conflict skipped as alone, so the same table."""
        rows = rows if isinstance(rows, list) else list(rows)
        many = self._many_rows.get(statement)
        if many is None:
            found = self._ONE_ROW_INSERT.fullmatch(statement)
            if found is None:
                many = ("", 1)
            else:
                head, one, tail = found.groups()
                count = max(1, min(self._MAX_ROWS, self.max_parameters // (one.count("?"))))
                many = (head + ", ".join([one] * count) + tail, count) if count > 1 else ("", 1)
            self._many_rows[statement] = many
        sql, count = many
        whole = len(rows) - len(rows) % count if sql else 0
        if whole:
            cursor = self.conn.cursor()
            # The rows' values in one list, made in C (a comprehension here, in this
            # uncompiled module, was a step of the interpreter per value).
            for start in range(0, whole, count):
                cursor.execute(sql, list(chain.from_iterable(rows[start:start + count])))
        if whole < len(rows):
            self.conn.cursor().executemany(statement, rows[whole:] if whole else rows)

    def insert_values(self, statement: str, values: List[Any], width: int) -> None:
        """As :meth:`Dialect.insert_values`; an ``INSERT ... VALUES (?, ...) ON CONFLICT
        DO NOTHING`` of one row is sent as statements of 64 rows (as :meth:`executemany`
        does), each a slice of ``values`` (no row tuples made, no list flattened), and
        the rows left in statements of 8 rows, then of one (see :func:`_fewer`): three
        texts a table, each prepared once per connection. The
        same rows in the same order, each conflict skipped as alone, so the same table."""
        _check_width(values, width)
        found = self._ONE_ROW_INSERT.fullmatch(statement)
        if found is None or found.group(2).count("?") != width:
            super().insert_values(statement, values, width)
            return
        head, one, tail = found.groups()
        self._insert_sized(statement, head + "{rows}" + tail, one, values, width)

    joins_hand_columns = True

    def insert_rows(self, template: str, values: List[Any], width: int) -> None:
        """As :meth:`Dialect.insert_rows`, the rows sent as :meth:`insert_values` sends
        them: 64 rows a statement, the rows left 8, then one, a statement."""
        _check_width(values, width)
        self._insert_sized(template, template, "(" + ", ".join("?" * width) + ")", values, width)

    def _insert_sized(self, statement: str, template: str, one: str, values: List[Any], width: int) -> None:
        """``values`` (rows of ``width``) sent by ``template`` with ``{rows}`` replaced by
        ``one`` (a row's ``(?, ...)``) repeated: 64 rows a statement, then 8, then one."""
        most = max(1, min(self._MAX_ROWS, self.max_parameters // width))
        rows = len(values) // width
        cursor = self.conn.cursor()
        start = 0
        while start < rows:
            count = most if rows - start >= most else _fewer(rows - start)
            sql = self._sized.get((statement, count))
            if sql is None:
                sql = self._sized[statement, count] = template.replace("{rows}", ", ".join([one] * count))
            cursor.execute(sql, values[start * width:(start + count) * width])
            start += count

    def last_row_id(self, table: str) -> Optional[int]:
        return self.execute(f"SELECT COALESCE(MAX(rowid), 0) FROM {table}").fetchone()[0]

    def insert_ids(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                   key: Sequence[str]) -> Dict[Tuple[Any, ...], int]:
        import sqlite3

        if sqlite3.sqlite_version_info >= (3, 35):
            return super().insert_ids(table, columns, rows, key)
        # Before RETURNING: one INSERT per row, its id from lastrowid.
        ids: Dict[Tuple[Any, ...], int] = {}
        statement = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
                     "ON CONFLICT DO NOTHING")
        where = [columns.index(name) for name in key]
        for row in rows:
            cursor = self.execute(statement, row)
            if cursor.rowcount == 1:
                ids[tuple(row[i] for i in where)] = cursor.lastrowid
        return ids


def _check_width(values: List[Any], width: int) -> None:
    """InvalidValueError unless ``values`` (rows given as one flat list) are whole rows of ``width``."""
    if len(values) % width:
        raise InvalidValueError(f"{len(values)} values are not rows of {width}")


def _fewer(left: int) -> int:
    """Rows of the next statement for ``left`` rows (fewer than a whole statement's
    64) at the end of a batch: 8, else 1. Three statement texts a table (64, 8 and 1
    rows), each prepared once per connection: the binary digits (32, 16, ... 1: seven
    texts) cost more to prepare than they saved (SQLite prepares hand_players' 64 rows
    in 5.3 million instructions, 32 in 2.3, 16 in 1.5; the real files' 1,634 hands:
    2,650 instructions a hand fewer with 8 and 1, 1,600 with 16, 4 and 1, 1,900 with
    1 alone, callgrind 2026-12-05, benchmarks/tracker_sql_instructions.py); at most
    seven statements of 8 rows and seven of one a table and batch instead of six."""
    return 8 if left >= 8 else 1


def _bind_none_directly(sqlite3: Any) -> None:
    """Register an adapter of None to None with :mod:`sqlite3` (process-wide, and a
    no-op for every user: None is bound as NULL either way). Without it the module
    binds int, float and str directly but looks for an adapter for None, and not
    finding one costs it two AttributeErrors (``__adapt__``, ``__conform__``) per
    NULL: the tracker binds about twenty NULLs a hand, and they were an eighth of the
    CPU time of its SQLite inserts (callgrind, 2026-12-02). The adapter is an empty
    dict's ``get`` (None for None), a call into C, not a Python function's frame per NULL."""
    sqlite3.register_adapter(type(None), _none)


#: None for None (looked up in a dict that stays empty), called by sqlite3 for every NULL bound.
_none = {}.get


class PostgresDialect(Dialect):
    name = "postgresql"
    id_type = "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY"

    @classmethod
    def open(cls, url: str) -> "PostgresDialect":
        try:
            import psycopg
        except ImportError:
            raise InvalidValueError('a PostgreSQL database needs psycopg 3: pip install "pokerhash[postgres]"') from None
        return cls(psycopg.connect(url))

    _PLACEHOLDER = re.compile(r"\?")

    def insert_ids(self, table: str, columns: Sequence[str], rows: Sequence[Sequence[Any]],
                   key: Sequence[str]) -> Dict[Tuple[Any, ...], int]:
        # One statement of one row, sent for every row in one pipeline (psycopg 3.1+:
        # executemany with returning): psycopg parses a statement once, and a
        # statement of hundreds of rows costs it more to parse than to send.
        statement = (f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({', '.join('?' * len(columns))}) "
                     f"ON CONFLICT DO NOTHING RETURNING id, {', '.join(key)}")
        ids: Dict[Tuple[Any, ...], int] = {}
        if not rows:
            return ids
        cursor = self.conn.cursor()
        cursor.executemany(self.sql(statement), rows, returning=True)
        while True:
            for found in cursor.fetchall():  # nothing for a row already there
                ids[tuple(found[1:])] = found[0]
            if not cursor.nextset():
                return ids

    def sql(self, statement: str) -> str:
        # The tracker's statements hold no literal '?' or '%': every '?' is a parameter.
        return self._PLACEHOLDER.sub("%s", statement)

def connect(db: str) -> Dialect:
    """A connection to ``db``: a ``postgresql://`` (or ``postgres://``) URL, else a
    SQLite file path or ``":memory:"`` (``sqlite:///path`` is accepted too)."""
    if not isinstance(db, str) and hasattr(db, "__fspath__"):
        db = str(db)
    if not isinstance(db, str) or not db:
        raise InvalidValueError(f"db must be a SQLite path, ':memory:' or a postgresql:// URL, not {db!r}")
    if db.startswith(("postgresql://", "postgres://")):
        dialect: Dialect = PostgresDialect.open(db)
    else:
        dialect = SQLiteDialect.open(db[len("sqlite:///"):] if db.startswith("sqlite:///") else db)
    return dialect
