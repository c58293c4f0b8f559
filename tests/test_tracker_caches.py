"""The import's per-hand shortcuts give what the long way gives: a site's time read
by the two-digit fast path (against the general formula, on generated times with
one-digit fields, other separators and non-ASCII digits), the replay's one Stakes
object per stakes (equal to a new one, and refused the same way), the per-variant
facts and decks (against the variant's own properties), and SQLite's inserts of many
rows per statement (against one row at a time)."""

import sqlite3
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerhash.engine.variants as variants
import pokerhash.tracker.extract  # noqa: F401 (the module: the package exports a function of its name)
from pokerhash.engine import Stakes
from pokerhash.errors import InvalidValueError
from pokerhash.sites import replay

extract_module = sys.modules["pokerhash.tracker.extract"]
_DIGITS = st.sampled_from(list("0123456789") + ["٣", "７"])


def _general(y, mo, d, h, mi, s):
    return f"{int(y):04d}-{int(mo):02d}-{int(d):02d}T{int(h):02d}:{int(mi):02d}:{int(s or 0):02d}"


@st.composite
def _times(draw):
    def digits(low, high):
        return "".join(draw(st.lists(_DIGITS, min_size=low, max_size=high)))

    y, mo, d, h, mi = digits(4, 4), digits(1, 2), digits(1, 2), digits(1, 2), digits(2, 2)
    s = draw(st.one_of(st.none(), st.just(digits(2, 2))))
    separator = draw(st.sampled_from(["/", "-"]))
    gap = draw(st.sampled_from([" ", "  ", "T", " T "]))
    text = f"{y}{separator}{mo}{separator}{d}{gap}{h}:{mi}" + ("" if s is None else f":{s}")
    return draw(st.sampled_from(["", "Hand #1 - "])) + text + draw(st.sampled_from(["", " ET", " CET [x]"])), \
        (y, mo, d, h, mi, s)


@settings(max_examples=500, deadline=None)
@given(_times())
def test_site_time_fast_path_is_the_general_formula(case):
    text, fields = case
    assert extract_module._site_time(text) == _general(*fields)


def test_stakes_are_one_object_per_stakes_and_equal_a_new_one():
    one = replay._stakes(blinds=(50, 100), ante=10)
    assert replay._stakes(blinds=(50, 100), ante=10) is one
    assert one == Stakes(blinds=(50, 100), ante=10)
    assert replay._stakes(blinds=(50, 100), ante=10, straddle=200) == Stakes(blinds=(50, 100), ante=10, straddle=200)
    assert replay._stakes(blinds=(50, 100), ante=10, straddle=200) is not one
    with pytest.raises(InvalidValueError):
        replay._stakes(blinds=(50, -100))
    with pytest.raises(InvalidValueError):  # refused again: a refusal is not kept
        replay._stakes(blinds=(50, -100))


@pytest.mark.parametrize("name", ["HOLDEM", "OMAHA_HI_LO", "STUD", "RAZZ", "TURKISH_POKER", "SHORTDECK", "BADUGI",
                                  "FIVE_CARD_DRAW"])
def test_variant_facts_and_decks_are_the_variants_own(name):
    variant = getattr(variants, name)
    facts = replay._facts(variant)
    assert facts == (variant, variant.cards_per_player, variant.is_stud, variant.is_draw,
                     bool(variant.streets[-1].draw), facts.decks)
    assert replay._facts(variant) is facts
    for players in range(2, 6):
        assert replay._deck(variant, players) == variant.deck(players)
    game, code = extract_module._variant_columns(variant)[1:3]
    assert game == f"{variant.limit.value} {variant.name}"


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 40), st.integers(0, 3), st.one_of(st.none(), st.text(max_size=3))),
                max_size=300),
       st.sampled_from([3, 30, 400]), st.lists(st.integers(0, 40), max_size=5),
       # setting the limit needs Python 3.11's Connection.setlimit (before it, the
       # dialect keeps its default of 999 and only the build's limit is tried)
       st.sampled_from([None, 999] if hasattr(sqlite3.Connection, "setlimit") else [None]))
def test_sqlite_inserts_of_many_rows_store_what_one_at_a_time_stores(rows, width, before, limit):
    """Rows of ``width`` columns (the key, then filler), some keys repeated within the
    rows and some already in the table: the same table, rowids included, as sqlite3's
    executemany of one row; with the build's limit of parameters (32,766 here: 64 rows
    a statement for any of these widths) and with the limit set to 999 (3 columns give
    64 rows a statement, 30 give 33, 400 give 2)."""
    from pokerhash.tracker.dialect import SQLiteDialect

    if limit is not None:
        probe = sqlite3.connect(":memory:")
        probe.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, limit)
        assert SQLiteDialect(probe).max_parameters == limit
        probe.close()

    columns = ["k", "v", "t"] + [f"c{i}" for i in range(width - 3)]
    statement = (f"INSERT INTO t ({', '.join(columns)}) VALUES ({', '.join('?' * width)}) "
                 "ON CONFLICT DO NOTHING")
    wide = [row + tuple(range(width - 3)) for row in rows]
    tables = []
    for how in ("many", "flat", "one"):
        conn = sqlite3.connect(":memory:")
        if limit is not None:
            conn.setlimit(sqlite3.SQLITE_LIMIT_VARIABLE_NUMBER, limit)
        conn.execute(f"CREATE TABLE t ({', '.join(columns)}, UNIQUE (k))")
        conn.executemany("INSERT INTO t (k, v, t) VALUES (?, -1, 'x') ON CONFLICT DO NOTHING",
                         [(k,) for k in before])
        if how == "many":
            SQLiteDialect(conn).executemany(statement, iter(wide))
        elif how == "flat":  # insert_values: the rows as one list, the last ones 32, 16, ... 1 a statement
            SQLiteDialect(conn).insert_values(statement, [value for row in wide for value in row], width)
        else:
            conn.executemany(statement, wide)
        tables.append(conn.execute("SELECT rowid, * FROM t ORDER BY rowid").fetchall())
        conn.close()
    assert tables[0] == tables[2] and tables[1] == tables[2]


def test_insert_values_refuses_values_that_are_no_whole_rows():
    """insert_values' flat list must hold whole rows (SQLite's and the base dialect's)."""
    from pokerhash.errors import InvalidValueError
    from pokerhash.tracker.dialect import Dialect, SQLiteDialect

    statement = "INSERT INTO t (a, b) VALUES (?, ?) ON CONFLICT DO NOTHING"
    for kind in (SQLiteDialect, Dialect):
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE t (a, b)")
        with pytest.raises(InvalidValueError):
            kind(conn).insert_values(statement, [1, 2, 3], 2)
        kind(conn).insert_values(statement, [1, 2, 3, 4], 2)
        assert conn.execute("SELECT a, b FROM t ORDER BY rowid").fetchall() == [(1, 2), (3, 4)]
        conn.close()


@pytest.mark.parametrize("count", [0, 1, 7, 63, 64, 65, 127, 200])
def test_sqlite_insert_ids_in_statements_of_powers_of_two(count):
    """insert_ids sends 64 rows a statement, the rest 32, 16, ... 1 a statement: every
    row inserted in order (the same ids as one at a time), the rows already there (or
    twice in the rows) without an id."""
    from pokerhash.tracker.dialect import SQLiteDialect

    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, k TEXT NOT NULL, v INTEGER, UNIQUE (k))")
    conn.execute("INSERT INTO t (k, v) VALUES ('k5', -1)")
    rows = [(f"k{i % 150}", i) for i in range(count)]
    ids = SQLiteDialect(conn).insert_ids("t", ("k", "v"), rows, ("k",))
    stored = conn.execute("SELECT id, k, v FROM t WHERE v >= 0 ORDER BY id").fetchall()
    firsts = {}
    for k, v in rows:
        if k != "k5":
            firsts.setdefault(k, v)
    assert [(k, v) for _, k, v in stored] == list(firsts.items())  # in order, each key once
    assert ids == {(k,): i for i, k, _ in stored}
    assert [i for i, _, _ in stored] == list(range(2, 2 + len(stored)))
    conn.close()


def test_replaced_stakes_and_options_are_one_object_per_original_and_equal_a_new_one():
    from dataclasses import replace

    from pokerhash.engine import Options

    stakes = Stakes(blinds=(50, 100), small_bet=100, big_bet=200)
    one = replay._replaced(stakes, "uncapped_heads_up")
    assert one == replace(stakes, uncapped_heads_up=True) and one is not stakes
    assert replay._replaced(stakes, "uncapped_heads_up") is one
    other = Stakes(blinds=(50, 100), small_bet=100, big_bet=200)  # equal, another object: its own entry
    assert replay._replaced(other, "uncapped_heads_up") == one
    options = Options()
    dead = replay._replaced(options, "heads_up_dead_button")
    assert dead == replace(options, heads_up_dead_button=True)
    assert replay._replaced(options, "heads_up_dead_button") is dead


@settings(max_examples=300, deadline=None)
@given(st.sampled_from([tuple(range(52)), tuple(range(16, 52)), tuple(range(20, 52))]), st.sets(st.integers(0, 51)))
def test_deck_rest_is_the_deck_without_the_used_cards_in_order(deck, used):
    # The bit mask's high cards (32..51) included: a 32-bit shift would lose them.
    assert replay._rest(deck, set(used)) == [c for c in deck if c not in used]
