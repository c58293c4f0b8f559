"""PokerStars' line readers against plain readings of the format (session 19): the
raise line (find and slices) against a pattern of what the format says a raise is,
on odd lines; the first line, the brackets and the summary's shown cards read with
str methods against the patterns they stand in for; the seat number; read_seats and
finish taking any mapping the .py takes (compiled, they were typed exact dicts); and
site_hand's SiteHands sharing one key table as the dataclass' own do. Run compiled
and uncompiled (tools/check_uncompiled.py)."""

import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.sites import parse_hand, pokerstars
from pokerhash.sites.common import AMOUNT_CACHE, amount, cents, finish, read_seats
from pokerhash.sites.model import Act, Parsed, SiteError

_HAND = """PokerStars Hand #1: Hold'em No Limit ($1/$2 USD) - 2020/01/01 00:00:00 ET
Table 'T' 6-max Seat #1 is the button
Seat 1: Ann ($200 in chips)
Seat 2: Bo ($200 in chips)
Seat 3: Cy ($200 in chips)
Ann: posts small blind $1
Bo: posts big blind $2
*** HOLE CARDS ***
Cy: {raise}
Ann: folds
Bo: folds
Uncalled bet ($4) returned to Cy
Cy collected $5 from pot
*** SUMMARY ***
Total pot $5 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bo (big blind) folded before Flop
Seat 3: Cy collected ($5)"""

_RAISE_LINE = 9

# The format's raise, as the parser's rules say it: "raises X to Y", X and Y words
# (no space; an empty word is one, as str.split(" ") reads it), and more words only
# when the player is all-in or the bet capped.
_RULE = re.compile(r"raises (?P<by>[^ ]*) to (?P<to>[^ ]*)(?P<more> .*)?", re.S)


def _expected(verb):
    """What the rule gives for a raise line: the act's (amount, to, all_in) in cents,
    or the error's message. Blanks at a line's end are no part of it (the format's
    rule for every line)."""
    verb = verb.rstrip(" \t")
    line = f"line {_RAISE_LINE}: "
    match = _RULE.fullmatch(verb)
    if match is None or (match.group("more") is not None
                         and not (verb.endswith(" and is all-in") or " cap" in verb)):
        return line + f"cannot read the raise {'Cy: ' + verb!r}"
    values = []
    for text in (match.group("by"), match.group("to")):
        try:
            values.append(cents(text))
        except ValueError as error:
            return line + str(error)
    return values[0], values[1], verb.endswith(" and is all-in")


def _read(verb):
    try:
        p = pokerstars.parse(_HAND.replace("{raise}", verb), "pokerstars")
    except SiteError as error:
        return str(error)
    act = next(act for act in p.acts if act.line == _RAISE_LINE)
    assert act.player == "Cy" and act.verb == "b" and act.street == 0
    return act.amount, act.to, act.all_in


_RAISE_PARTS = st.sampled_from(["raises", " ", "  ", "$4", "$6", "to", " to ", "$1,250.50", "1,000", "€3", "$",
                                "4.5", "$0.123", " and is all-in", " and has reached the $8 cap", " cap", "x", ""])


@settings(max_examples=1500, deadline=None)
@given(st.lists(_RAISE_PARTS, max_size=8).map("".join))
def test_a_raise_line_reads_as_the_rule_says(tail):
    verb = "raises " + tail
    assert _read(verb) == _expected(verb)


@pytest.mark.parametrize("verb", [
    "raises $4 to $6", "raises $4  to $6", "raises  $4 to $6", "raises $4 to  $6", "raises $4 $6",
    "raises $4 to", "raises $4 to ", "raises $4", "raises ", "raises $1,000 to $1,002", "raises 4 to 6",
    "raises €4 to €6", "raises $4 to $6 and is all-in", "raises $4 to $6 and is", "raises $4 to $6 x",
    "raises $4 to $6 and has reached the $8 cap", "raises $4.5 to $6", "raises $4.123 to $6", "raises $x to $6",
    "raises $4 to $6 and is all-in ", "raises $4\xa0to $6"])
def test_odd_raise_lines(verb):
    assert _read(verb) == _expected(verb)


def test_a_raise_line_read_as_the_rule_says_values():
    assert _read("raises $4 to $6") == (400, 600, False)
    assert _read("raises $1,000 to $1,002") == (100000, 100200, False)
    assert _read("raises $4 to $6 and is all-in") == (400, 600, True)
    assert _read("raises $4 to $") == "line 9: '' is not an amount"
    assert _read("raises $4 to") == "line 9: cannot read the raise 'Cy: raises $4 to'"
    assert _read("raises $4 $6") == "line 9: cannot read the raise 'Cy: raises $4 $6'"


_HEADER_PARTS = st.sampled_from(["PokerStars Hand #", "PokerStars Game #", "PokerStars Home Game Hand #", "PokerStars Zoom Hand #", "Poker Hand #", "12", "٣", ":", " ",
                                 "\t", "\xa0", "\r", "a", "Hold'em", " - ", "#", "\n", "x y"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_HEADER_PARTS, max_size=8).map("".join), st.sampled_from(["", "PokerStars Hand #", "PokerStars Game #"]))
def test_header_fields_are_the_patterns_groups(line, start):
    line = start + line
    match = pokerstars._HEADER.match(line)
    assert pokerstars._header_fields(line) == (None if match is None else match.group("id", "rest"))


_TEXT_PARTS = st.sampled_from(["\n", " ", "\t", "x", " \n", "\t\n", "\r", "\xa0", "*** FLOP *** ", ""])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_TEXT_PARTS, max_size=12).map("".join))
def test_lines_are_the_text_without_trailing_blanks(text):
    assert pokerstars._lines(text) == pokerstars._TRAILING.sub("\n", text).split("\n")


_BRACKET_PARTS = st.sampled_from(["[", "]", "Ah Kd", " ", "x", "[[", "]]", "\n", ""])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_BRACKET_PARTS, max_size=10).map("".join))
def test_brackets_are_the_patterns_findall(line):
    assert pokerstars._brackets(line) == pokerstars._CARDS.findall(line)


_SUMMARY_LINES = st.sampled_from([
    "Seat 1: Ann showed [Ah Kd] and won ($1)", "Seat 2: Bo (button) mucked [2c 3d]", "Seat 3: Cy folded",
    "Seat 4: Di showed [Qs", "Seat x: Ed showed [9h 9s]", "Board [2c 7d 9h]", "Seat 5: Fa showed [Tc] mucked [Jc]",
    "Total pot $3 | Rake $0", "Seat 6: showed [As] ed [", "]", "Seat 7: G mucked [] and showed [4h]", "",
    "Seat 8:  showed [2c]", "Seat ٣: H mucked [3c]", "Seat 9: I mucked [4c] showed [5c]", "Seat 10: J showed ["])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_SUMMARY_LINES, max_size=10))
def test_summary_cards_are_the_patterns_matches(lines):
    text = "\n" + "\n".join(lines)
    found = list(pokerstars._summary_cards(text))
    assert found == [(*m.groups(), m.start(), m.end()) for m in pokerstars._SUMMARY_CARDS.finditer(text)]


@pytest.mark.parametrize("text", ["1", "10", "007", "٣", "1٣", " 2", "2 ", "+3", "1_0", "", "x", "1234567890", "99"])
def test_seat_number_is_int(text):
    from pokerhash.sites.common import _seat_number
    try:
        expected = int(text)
    except ValueError as error:
        with pytest.raises(ValueError) as raised:
            _seat_number(text)
        assert str(raised.value) == str(error)
    else:
        assert _seat_number(text) == expected and type(_seat_number(text)) is int
    assert _seat_number(5) == 5


class _Cache(dict):
    """A dict subclass whose get is its own: read_seats must use it (as the .py does)."""

    def get(self, key, default=None):
        return 12345 if key == "$7" else super().get(key, default)


_SEAT = re.compile(r"Seat (?P<seat>\d+): (?P<name>.*) \((?P<stack>[^()]*?) in chips\)(?P<rest>.*)")


def test_read_seats_takes_any_mapping_as_its_cache():
    lines = ["Seat 1: Ann ($7 in chips)", "Seat 2: Bo ($8 in chips)", "*** HOLE CARDS ***"]
    p = Parsed("pokerstars")
    assert read_seats(lines, 0, _SEAT, lambda text, line: cents(text), p, None, _Cache()) == (2, {"Ann": 1, "Bo": 2})
    assert p.seats == [(1, "Ann", 12345), (2, "Bo", 800)]
    p = Parsed("pokerstars")
    read_seats(lines, 0, _SEAT, amount, p, None, _Cache())  # common.amount: its own cache, whatever is given
    assert p.seats == [(1, "Ann", 700), (2, "Bo", 800)]
    p = Parsed("pokerstars")
    read_seats(lines, 0, _SEAT, lambda text, line: cents(text) + 1, p, None, _Cache())
    assert p.seats == [(1, "Ann", 12345), (2, "Bo", 801)]  # the reader for what the cache lacks
    p = Parsed("pokerstars")
    read_seats(lines, 0, _SEAT, lambda text, line: cents(text) + 1, p, None, {"$7": 3})
    assert p.seats == [(1, "Ann", 3), (2, "Bo", 801)]
    p = Parsed("pokerstars")
    read_seats(lines, 0, _SEAT, lambda text, line: cents(text) + 1, p)
    assert p.seats == [(1, "Ann", 701), (2, "Bo", 801)]
    assert "$7" not in AMOUNT_CACHE or AMOUNT_CACHE["$7"] == 700


def test_finish_takes_any_mapping_as_known_cards():
    class Known(dict):
        pass

    for known in ({"Cy": ["Ah", "Kd"]}, Known(Cy=["Ah", "Kd"])):
        p = Parsed("pokerstars")
        p.seats = [(1, "Ann", 100), (2, "Bo", 100), (3, "Cy", 100), (4, "Di", 100)]
        p.posts = [("Ann", "sb", 1, 3)]
        p.acts = [Act("Bo", "f", None, None, False, 0, 5)]
        p.known = known
        assert finish(p, (), True) is p
        assert p.sitting_out == {"Di"}


def test_chips_of_is_the_one_rule():
    """PokerStars reads a hand in chips by model.chips_of, the rule of Parsed.in_chips
    (one place), not by a division of its own."""
    from pokerhash.sites import model

    assert pokerstars.chips_of is model.chips_of
    assert (model.chips_of(1500), model.chips_of(1550), model.chips_of(0), model.chips_of(-300)) == (15, None, 0, -3)
    game = pokerstars._with_chips(pokerstars._game("Tournament #2, $1+$0 Hold'em No Limit - Level I (10/20)"))
    assert game[5:] == (0, 0, (1000, 2000), (0, 0, (10, 20)))
    game = pokerstars._with_chips(pokerstars._game("Tournament #2, $1+$0 Hold'em No Limit - Level I (10.5/20)"))
    assert game[7:] == ((1050, 2000), None)


def test_site_hands_share_one_key_table():
    """A SiteHand made by site_hand keeps its fields as the dataclass' own instances
    do (one key table shared by every instance), not in a dict of its own."""
    import dataclasses

    from pokerhash.sites.model import SiteHand

    hand = parse_hand(_HAND.replace("{raise}", "raises $4 to $6"))
    assert hand.error is None
    made = SiteHand(**{f.name: getattr(hand, f.name) for f in dataclasses.fields(SiteHand)})
    assert list(vars(made)) == list(vars(hand))
    assert sys.getsizeof(vars(hand)) == sys.getsizeof(vars(made))
