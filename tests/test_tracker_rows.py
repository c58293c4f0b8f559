"""The tracker's row building: its fast paths give what the general ones give.

- A site's time (``extract._site_time``): PokerStars' ``2025/04/24 17:21:34`` read by
  slicing, against the regular expressions that read every time before, on written
  forms and on generated texts near that form (other separators, one-digit fields,
  non-ASCII digits, short texts).
- ``walk.walk`` and ``walk.walk_parts`` (what the import calls): the same figures.
The statistics themselves are checked by the hand-counted hands of test_tracker.py
and by the SQLite dumps of the real and test files (notes/dumps).
"""

from __future__ import annotations

import importlib
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.tracker.walk import walk, walk_parts

# The module (pokerhash.tracker's ``extract`` is the function of that name).
extract = importlib.import_module("pokerhash.tracker.extract")

def reference_time(text: Optional[str]) -> Optional[str]:
    """_site_time by its regular expressions alone: a text that _YMD matches read with
    a space before it (the match is the same, unanchored; the fast path needs the
    fields at the start, so it is not taken)."""
    if text and extract._YMD.search(text):
        return extract._site_time(" " + text)
    return extract._site_time(text)


@pytest.mark.parametrize("text", [
    "2025/04/24 17:21:34 CET", "2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]", "2017-03-18 08:51:13",
    "2017-03-18T08:51:13", "2017/03-18 08:51:13", "2025/04/24  17:21:34", "2025/04/24 7:21:34 ET",
    "2025/4/24 17:21:34", "2025/04/24 17:21", "2025/04/24 17:21:3", "2008/11/10 7:04:47 ET", "2008/1/2 7:04",
    "2008/1/2TT 7:04:4", "2008/11/10 7:04:4٣", "2008/11/1٣ 7:04:47", "2008/123/10 7:04:47 [2008/12/10 7:04:47]", "2025/04/24 17:21:345 x", "2025/04/24 17-21:34",
    "２０２５/04/24 17:21:34", "2025/04/24 17:21:٣٤", "x2025/04/24 17:21:34", "09:20:06 EET - 2012/11/23",
    "15:13 ET - Wed, July 21, 2010", "05 06 2022 23:06:24", "2025/04/24 17:21:34", "", None, "no time"])
def test_site_time_reads_as_the_regular_expressions_do(text):
    assert extract._site_time(text) == reference_time(text)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from("0123456789/- T:x٣２"), min_size=15, max_size=24), st.data())
def test_site_time_reads_generated_texts_as_the_regular_expressions_do(chars, data):
    # Mostly texts of PokerStars' form with a few characters changed.
    base = list(data.draw(st.sampled_from(["2025/04/24 17:21:34 CET", "2008/11/10 7:04:47 ET", "2008-1-2T3:04"])))
    for k, char in enumerate(chars[:data.draw(st.integers(0, 4))]):
        base[data.draw(st.integers(0, len(base) - 1))] = char
    for text in ("".join(base), "".join(chars)):
        assert extract._site_time(text) == reference_time(text)


def test_walk_and_walk_parts_agree():
    from pokerhash.engine.history import loads
    from pokerhash.engine.history_hands import replay

    text = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [200, 200, 200]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 QhQd', 'p3 cbr 6', 'p1 cbr 18', 'p2 f', 'p3 cc',
           'd db 2h3h4c', 'p1 cbr 20', 'p3 f']
"""
    played = replay(loads(text))
    seats = played.seats
    positions = extract._positions(len(seats), "blinds")
    walked = walk(played.hand, seats, positions)
    assert (walked.flags, walked.actions, walked.street, walked.all_in) == walk_parts(played.hand, seats, positions)
    assert walked.street == 1 and not walked.all_in


@settings(max_examples=400, deadline=None)
@given(st.one_of(st.text(), st.lists(st.sampled_from("0123456789: ()ETAM,Jjuly٣"), max_size=30).map("".join)))
def test_site_time_of_a_text_without_a_date_is_the_text(text):
    # _site_time returns a text without "-" or "/" that _DMY does not match as it is,
    # without the other searches: none of them can match it.
    if "-" in text or "/" in text:
        return
    for pattern in (extract._YMD, extract._TIME_YMD, extract._TIME_MONTH):
        assert pattern.search(text) is None
    if text and not extract._DMY.match(text):
        assert extract._site_time(text) == text


@pytest.mark.parametrize("text", ["23:45:12 (ET)", "5 6 2022 23:06:24", "05 06 2022 23:06:24 (ET)", "July 21, 2010"])
def test_site_time_of_texts_without_a_dash_or_slash(text):
    expected = text
    found = extract._DMY.match(text)
    if found:
        d, mo, y, h, mi, s = found.groups()
        expected = f"{int(y):04d}-{int(mo):02d}-{int(d):02d}T{int(h):02d}:{int(mi):02d}:{int(s):02d}"
    assert extract._site_time(text) == expected


def test_player_rows_hold_each_column_where_player_columns_names_it():
    # _rows writes a player's row as one tuple display (28 counters by index): each
    # column must be where PLAYER_COLUMNS says, the counters walk_parts' (FLAGS order)
    # but for the ones _rows itself sets (allin, won_saw_flop, wsd).
    from pathlib import Path

    from pokerhash.sites import read
    from pokerhash.sites.replay import replay as site_replay
    from pokerhash.tracker.schema import FLAGS

    folder = Path(__file__).parent / "data" / "sites" / "pokerstars"
    checked = 0
    for path in sorted(folder.rglob("*.txt")):
        for item in read(str(path)):
            record = extract.extract(item)
            if not isinstance(record, extract.HandRecord):
                continue
            hand = record.hand_dict()
            names = ("game", "variant_code", "stakes", "currency", "decimals", "played_at", "table_size")
            rows = record.player_dicts()
            seats = [row["seat"] for row in rows]
            played = site_replay(item, log=True).hand
            flags = walk_parts(played, seats, [row["position"] for row in rows])[0]
            for raw, row in zip(record.players, rows):
                assert len(raw) == 1 + len(extract.PLAYER_COLUMNS)
                assert {name: row[name] for name in names} == {name: hand[name] for name in names}
                for at, name in enumerate(FLAGS):
                    if name not in ("allin", "won_saw_flop", "wsd"):
                        assert row[name] == flags[row["seat"]][at], name
                assert row["wsd"] == (row["wtsd"] if row["collected"] > 0 else 0)
                assert row["net_amount"] == row["net"] * 10.0 ** -row["decimals"]
                assert row["net_bb"] == row["net"] / hand["big_blind"]
            checked += 1
    assert checked >= 5
