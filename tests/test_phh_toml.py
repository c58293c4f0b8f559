"""The TOML layer of hand histories: the fast paths read and write exactly what
tomllib and tomli-w do, and everything else goes to them."""

from __future__ import annotations

import datetime
import sys
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.engine import phh_toml

toml_reader = pytest.importorskip("tomllib" if sys.version_info >= (3, 11) else "tomli")
tomli_w = pytest.importorskip("tomli_w")

keys = st.from_regex(r"[A-Za-z_][A-Za-z0-9_-]{0,12}", fullmatch=True)
strings = st.text(st.characters(blacklist_categories=("Cs",)), max_size=20)
decimals = st.decimals(allow_nan=False, places=None, min_value=-10**9, max_value=10**9) | st.just(Decimal("inf"))
times = st.times()
scalars = st.one_of(strings, st.integers(-10**12, 10**12), decimals, st.booleans(), times)
arrays = st.lists(strings, max_size=6) | st.lists(st.integers(-10**6, 10**6) | decimals, max_size=6)
tables = st.dictionaries(keys, scalars | arrays, max_size=8)
documents = tables | st.dictionaries(st.from_regex(r"[1-9][0-9]{0,3}", fullmatch=True), tables, min_size=1, max_size=4)


def expected(text):
    return toml_reader.loads(text, parse_float=Decimal)


@settings(max_examples=120, deadline=None)
@given(documents)
def test_both_fast_paths_agree_with_tomllib_and_tomli_w(document):
    written = phh_toml.dumps(document)
    assert expected(written) == document
    assert phh_toml.loads(written) == document
    assert phh_toml.loads(tomli_w.dumps(document)) == expected(tomli_w.dumps(document))


def test_the_flat_layout_is_read_without_tomllib(monkeypatch):
    text = ("variant = 'NT'\nantes = [0, 0.25]\nstarting_stacks = [inf, 200.30]\nok = true\n"
            "time = 00:00:43\nactions = [\n    \"d dh p1 ????\",\n    'p2 f',\n]\nx = 3  # a comment\n")
    monkeypatch.setattr(phh_toml, "_toml_reader", None)
    assert phh_toml.loads(text) == {"variant": "NT", "antes": [0, Decimal("0.25")],
                                    "starting_stacks": [Decimal("inf"), Decimal("200.30")], "ok": True,
                                    "time": datetime.time(0, 0, 43), "actions": ["d dh p1 ????", "p2 f"], "x": 3}


@pytest.mark.parametrize("text", [
    'a = "tab\\there"\n',  # escapes
    "a = '''multi\nline'''\n",
    "a.b = 1\n",  # dotted key
    "a = {b = 1}\n",  # inline table
    "a = [1, # c\n 2]\n",  # comment inside an array
    "a = 1979-05-27\n",  # date
    "[[a]]\nb = 1\n",  # array of tables
    "a = 'x#y'  # z\n",
])
def test_other_toml_goes_to_tomllib(text):
    assert phh_toml.loads(text) == expected(text)


@pytest.mark.parametrize("text, line", [("a = 1\nb = [1, 2\n", None), ("a = 1\nb = 01\n", 2), ("a = 1\na = 2\n", 2),
                                        ("a = \n", 1), ("[1]\na = 1\n[1]\n", 3)])
def test_bad_toml_names_the_problem(text, line):
    with pytest.raises(phh_toml.TOMLError) as error:
        phh_toml.loads(text)
    if line is not None:
        assert f"line {line}" in str(error.value)


def test_values_outside_the_flat_layout_are_written_by_tomli_w():
    document = {"a": {"b": {"c": 1}}, "d": [[1, 2]], "e": datetime.date(2009, 7, 1)}
    assert expected(phh_toml.dumps(document)) == document


def test_line_of_finds_a_key_in_a_table_and_an_item_after_it():
    text = "[1]\na = 1\nb = 2\n\n[2]\na = 1\nactions = [\n  'x',\n  'y',\n]\n"
    assert phh_toml.line_of(text, "2", "a") == 6
    assert phh_toml.line_of(text, "2", "actions", "'y'") == 9
    assert phh_toml.line_of(text, None, "b") == 3
    assert phh_toml.line_of(text, "3", "a") is None
