"""The parse's fast paths read what the patterns they stand in for read: PokerStars'
seat lines by str methods (common.seat_in_chips against pokerstars' ``_SEAT``), and the hand starts of a block searched
after line ends (against the ``^`` MULTILINE pattern). Property tests on generated
lines, with the awkward characters (brackets, commas, colons, byte-order marks) drawn
often."""

import re

import pytest

from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.sites import pokerstars, sources
from pokerhash.sites.common import seat_in_chips

_NAME_CHARS = st.sampled_from(list("ab ():,[]-.$") + ["in chips", " (", ") ", ": "])
_NAMES = st.lists(_NAME_CHARS, max_size=8).map("".join)
_STACKS = st.sampled_from(["$10", "$1,250.00", "1500", "€0.50", "", "12 in chips", "5, x", "(3", "3)", "£7.25 "])
_TAILS = st.sampled_from(["", ", $2 bounty", " is sitting out", " out of hand", ")", " in chips"])


@st.composite
def _seat_lines(draw):
    seat = draw(st.sampled_from(["1", "10", "٣", "x", "", "2 "]))
    return f"Seat {seat}: {draw(_NAMES)} ({draw(_STACKS)} in chips{draw(_TAILS)})" + draw(
        st.sampled_from(["", " is sitting out", " (button)", " in chips)"]))


@settings(max_examples=2000, deadline=None)
@given(_seat_lines())
def test_seat_fields_are_the_patterns_groups(line):
    fields = seat_in_chips(line)
    if fields is not None:
        match = pokerstars._SEAT.fullmatch(line)
        assert match is not None
        assert fields == match.group("seat", "name", "stack", "rest")


def test_seat_fields_read_the_common_lines():
    assert seat_in_chips("Seat 3: [Ace] ($8.40 in chips)") == ("3", "[Ace]", "$8.40", "")
    assert seat_in_chips("Seat 1: Blue: Fox (a) ($10 in chips)") == ("1", "Blue: Fox (a)", "$10", "")
    # Left to the pattern: a comma in the stack, words after it.
    assert seat_in_chips("Seat 4: Ann ($1,250.00 in chips)") is None
    assert seat_in_chips("Seat 4: Ann ($1 in chips) is sitting out") is None


_LINES = st.sampled_from([prefix.decode("utf-8") for prefix in sources._HEADER_BYTES] + [
    "Game #12 starts.", "#Game No : 5", "Hand #7 - ", "Game Hand #7 - ", "Game started at: ", "Game # 3 - ",
    "***** History for hand 1", "***** Hand History For Game 2", "Seat 1: x", "*** FLOP ***", "", "Poker", "G",
    "Hand", "PokerStars", "x PokerStars Hand #1", "Winamax Poker - ", "\ufeff"])


@settings(max_examples=1000, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["", "\ufeff", "\ufeff\ufeff"]), _LINES, st.sampled_from(["", "1: x"])),
                max_size=12), st.booleans())
def test_hand_starts_after_line_ends_are_the_multiline_matches(lines, leading_line_end):
    data = ("\n" if leading_line_end else "") + "\n".join(bom + line + tail for bom, line, tail in lines)
    data = data.encode("utf-8")
    expected = [m.start() for m in sources._HEADER_AT.finditer(data)]
    found = [m.start() + 1 for m in sources._HEADER_AFTER_LINE_END.finditer(data)]
    # the compiled walk of the line ends (memchr and the pair table) finds the same
    assert sources._header_starts(data) == found
    assert sources._header_starts(data.replace(b"\n", b"\r\n")) == [
        m.start() + 1 for m in sources._HEADER_AFTER_LINE_END.finditer(data.replace(b"\n", b"\r\n"))]
    if sources._HEADER_AT.match(data):
        found.insert(0, 0)
    assert found == expected


def test_pairs_that_can_start_a_first_line():
    pairs = {bytes([k // 256, k % 256]) for k, allowed in enumerate(sources._PAIRS) if allowed}
    assert pairs == {b"Po", b"#G", b"Wi", b"Fu", b"**", b"Ga", b"Ha", b"\xef\xbb"}
    assert sources._lead([], 2) == {b""}
    parser = sources._regex_parser()  # re._parser (Python 3.11+), sre_parse before
    assert parser.parse(rb"ab")[0] == (parser.LITERAL, ord("a"))
    assert sources._lead(list(parser.parse(rb"(?:ab)?c|d[ef]")), 2) == {b"ab", b"c", b"de", b"df"}
    assert sources._lead(list(parser.parse(rb"a.")), 2) is None  # "." not followed: the table allows every pair
    assert sources._lead(list(parser.parse(rb"x")), 2) == {b"x"}  # one byte long: any second byte
    assert sources._QUADS is not None and b"Poke" in sources._QUADS and b"\xef\xbb\xbfP" in sources._QUADS
    assert all(len(quad) == 4 and pairs.issuperset({quad[:2]}) for quad in sources._QUADS)
    # the third and fourth bytes' table: exactly the quads' tails, so "*** FLOP ***"
    # (which starts like "***** History for hand") is turned away there
    tails = {bytes([k // 256, k % 256]) for k, allowed in enumerate(sources._TAILS) if allowed}
    assert tails == {quad[2:] for quad in sources._QUADS}
    assert b"* " not in tails and b"**" in tails
    assert sources._tail_table(None) == b"\x01" * 65536
    block = b"x\n*** FLOP *** [2c 3d 4h]\n***** History for hand 1\nPokerStars Hand #2: \n"
    assert sources._header_starts(block) == [m.start() + 1 for m in sources._HEADER_AFTER_LINE_END.finditer(block)]
    assert sources._header_starts(block) == [block.index(b"***** H"), block.index(b"PokerStars")]


def test_a_text_file_ending_like_a_zip_reads_as_text(tmp_path):
    """A file is a zip only when zipfile says so: one whose tail holds a zip's end
    record (the bytes are looked for first) but is no zip reads as text; a zip reads
    as its members; a file without the record is never given to zipfile."""
    import zipfile

    from pokerhash import sites

    hand = (tmp_path / "x.txt")
    text = ("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n"
            "PK\x05\x06 and more\n")
    hand.write_bytes(text.encode())
    assert [name for name, _ in sources.open_sources(str(hand))] == [str(hand)]
    assert [h.text for h in sites.read(str(hand))] == [text.rstrip()]
    archive = tmp_path / "y.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("in/a.txt", text)
    assert [name for name, _ in sources.open_sources(str(archive))] == [f"{archive}/in/a.txt"]
    calls = []
    real = zipfile.is_zipfile
    try:
        zipfile.is_zipfile = lambda path: calls.append(path) or real(path)
        plain = tmp_path / "z.txt"
        plain.write_bytes(b"PokerStars Hand #2: \n")
        assert [name for name, _ in sources.open_sources(str(plain))] == [str(plain)]
        assert calls == []
        assert [name for name, _ in sources.open_sources(str(archive))] == [f"{archive}/in/a.txt"]
        assert len(calls) == 1
    finally:
        zipfile.is_zipfile = real


def test_a_pipe_reads_as_text(tmp_path):
    """A FIFO (or /dev/stdin, a shell's <(...)) cannot seek: it is no zip and is read
    as it comes, not refused as unseekable."""
    import os
    import threading

    import pytest

    from pokerhash import sites

    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs here")
    fifo = tmp_path / "hands.fifo"
    os.mkfifo(fifo)
    text = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\nPK\x05\x06\n"

    def write():
        with open(fifo, "wb") as out:
            out.write(text.encode())

    writer = threading.Thread(target=write)
    writer.start()
    try:
        assert [h.text for h in sites.read(str(fifo))] == [text.rstrip()]
    finally:
        writer.join(10)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"\n", b"ab", b"\n\n", b"x" * 40, b"\r"]), max_size=12), st.data())
def test_line_ends_count_the_line_ends(pieces, data):
    text = b"".join(pieces)
    start = data.draw(st.integers(0, len(text)))
    end = data.draw(st.integers(start, len(text)))
    assert sources._line_ends(text, start, end) == text.count(b"\n", start, end)


def test_first_bytes_of_the_patterns():
    assert sources._first_bytes((rb"(?:Game )?Hand #", rb"\*\*", rb"[xy]z")) == set(b"GH*xy")
    assert sources._first_bytes((rb"ab|cd",)) is None  # a branch: not followed, any byte can start it
    assert sources._first_bytes((rb".x",)) is None
    first = sources._first_bytes(tuple(pattern for pattern, _ in sources.PATTERNS))
    assert first is not None and all(re.match(rb"[^\n]", bytes([b])) for b in first)


_SUMMARY_LINES = st.sampled_from([
    "Seat 1: Ann showed [Ah Kd] and won ($1)", "Seat 2: Bo (button) mucked [2c 3d]", "Seat 3: Cy folded",
    "Seat 4: Di showed [Qs", "Seat x: Ed showed [9h 9s]", "Board [2c 7d 9h]", "Seat 5: Fa showed [Tc] mucked [Jc]",
    "Total pot $3 | Rake $0", "Seat 6: showed [As] ed [", "]", "Seat 7: G mucked [] and showed [4h]", ""])


@settings(max_examples=1000, deadline=None)
@given(st.lists(_SUMMARY_LINES, max_size=10))
def test_summary_cards_are_the_patterns_matches(lines):
    text = "\n" + "\n".join(lines)
    found = [(m[3], m[4], m[:3]) for m in pokerstars._summary_cards(text)]  # (seat, name, cards, start, end)
    assert found == [(m.start(), m.end(), m.groups()) for m in pokerstars._SUMMARY_CARDS.finditer(text)]


_COLLECTED_PARTS = st.sampled_from(["Ann", "Ann Marie", " collected ", "$1", "$1,250", "\xa0", "\t", " from ", "pot",
                                    "main pot", "side pot", "side pot-2", " ", "x collected $2 from pot", ""])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_COLLECTED_PARTS, max_size=9).map("".join))
def test_collected_fields_are_the_patterns_groups(line):
    match = pokerstars._COLLECTED.fullmatch(line)
    assert pokerstars._collected_fields(line) == (None if match is None else match.group("name", "amount", "pot"))


def test_collected_fields_read_the_common_lines():
    assert pokerstars._collected_fields("Ann Marie collected $0.25 from pot") == ("Ann Marie", "$0.25", "pot")
    assert pokerstars._collected_fields("x collected y collected $5 from side pot") == ("x collected y", "$5",
                                                                                         "side pot")
    assert pokerstars._collected_fields("Bo collected $5 from side pot-2") == ("Bo", "$5", "side pot-2")
    assert pokerstars._collected_fields("Bo collected $5 from the pot") is None


def _in_chips_reference(p):
    """Parsed.in_chips as it was written before (a closure called per amount): the
    reference the one-pass version must match, values and errors alike."""
    from decimal import Decimal

    from pokerhash.sites.model import Act, SiteError

    def chips(value):
        if value % 100:
            raise SiteError(f"{Decimal(value).scaleb(-2)} is not a whole number of chips")
        return value // 100
    p.seats = [(seat, name, chips(stack)) for seat, name, stack in p.seats]
    p.posts = [(name, kind, chips(amount), line) for name, kind, amount, line in p.posts]
    p.acts = [Act(player, verb, amount if amount is None or verb == "d" else chips(amount),
                  None if to is None else chips(to), all_in, street, line)
              for player, verb, amount, to, all_in, street, line in p.acts]
    p.collected = {name: chips(v) for name, v in p.collected.items()}
    p.returned = {name: chips(v) for name, v in p.returned.items()}
    for key in ("rake", "total"):
        value = getattr(p, key)
        if value is not None:
            setattr(p, key, chips(value))
    p.fees, p.cash_drop = chips(p.fees), chips(p.cash_drop)
    p.small_bet, p.big_bet = chips(p.small_bet), chips(p.big_bet)
    p.blinds = (chips(p.blinds[0]), chips(p.blinds[1]))


# Amounts in cents: mostly whole chips (multiples of 100), now and then a fraction.
_CENTS = st.one_of(st.integers(0, 50).map(lambda k: 100 * k), st.integers(-300, 5000))


@st.composite
def _parsed_hands(draw):
    from pokerhash.sites.model import Act, Parsed

    p = Parsed("pokerstars")
    names = ["a", "b", "c"]
    p.seats = [(k + 1, name, draw(_CENTS)) for k, name in enumerate(names)]
    p.posts = [(draw(st.sampled_from(names)), "sb", draw(_CENTS), 3) for _ in range(draw(st.integers(0, 3)))]
    p.acts = [Act(draw(st.sampled_from(names)), draw(st.sampled_from(["c", "b", "d", "f", "x"])),
                  draw(st.one_of(st.none(), _CENTS)), draw(st.one_of(st.none(), _CENTS)), draw(st.booleans()),
                  draw(st.integers(0, 3)), draw(st.integers(1, 40))) for _ in range(draw(st.integers(0, 8)))]
    p.collected = {name: draw(_CENTS) for name in draw(st.lists(st.sampled_from(names), unique=True))}
    p.returned = {name: draw(_CENTS) for name in draw(st.lists(st.sampled_from(names), unique=True))}
    p.rake, p.total = draw(st.one_of(st.none(), _CENTS)), draw(st.one_of(st.none(), _CENTS))
    p.fees, p.cash_drop, p.small_bet, p.big_bet = (draw(_CENTS) for _ in range(4))
    p.blinds = (draw(_CENTS), draw(_CENTS))
    return p


_PARSED_FIELDS = ("seats", "posts", "acts", "collected", "returned", "rake", "total", "fees", "cash_drop", "small_bet",
                  "big_bet", "blinds")


@settings(max_examples=1500, deadline=None)
@given(_parsed_hands())
def test_in_chips_gives_what_a_call_per_amount_gave(p):
    """Parsed.in_chips (one pass, the chips divided in line) makes the same chips as
    the closure per amount did, or raises the same SiteError (the first amount that
    is not whole chips, in the same order)."""
    import copy

    from pokerhash.sites.model import SiteError

    expected = copy.deepcopy(p)
    try:
        _in_chips_reference(expected)
        error = None
    except SiteError as raised:
        error = str(raised)
    if error is not None:
        try:
            p.in_chips()
        except SiteError as raised:
            assert str(raised) == error
        else:
            raise AssertionError(f"no SiteError; expected {error}")
        return
    p.in_chips()
    for name in _PARSED_FIELDS:
        assert getattr(p, name) == getattr(expected, name), name
    assert all(type(act).__name__ == "Act" for act in p.acts)


def test_site_hand_is_what_the_dataclass_makes():
    from pokerhash.sites import parse_hand
    from pokerhash.sites.model import SiteHand
    import dataclasses
    import pathlib
    text = next(path for path in sorted(pathlib.Path(__file__).parent.joinpath("data", "sites").rglob("*.txt"))
                if path.read_text(encoding="utf-8", errors="replace").startswith("PokerStars Hand #")).read_text(
        encoding="utf-8")
    hand = parse_hand(text.split("\n\n\n")[0])
    assert hand.error is None
    made = SiteHand(**{f.name: getattr(hand, f.name) for f in dataclasses.fields(SiteHand)})
    assert made == hand and vars(made) == vars(hand) and list(vars(made)) == list(vars(hand))
    assert made._parsed is hand._parsed and hand._history is None


_TABLE_PARTS = st.sampled_from(["Table '", "'", "a", " ", "6", "٣", "-max", " 6-max", " (Play Money)", " Seat #",
                                "5", " is the button", "\n", "x'y", "Seat #2 is the button"])


@settings(max_examples=3000, deadline=None)
@given(st.lists(_TABLE_PARTS, max_size=10).map("".join), st.booleans())
def test_table_fields_are_the_patterns_groups(line, table_first):
    line = ("Table '" if table_first else "") + line
    match = pokerstars._TABLE.match(line)
    assert pokerstars._table_fields(line) == (None if match is None else match.group("table", "max", "button"))


def test_table_fields_read_the_common_lines():
    assert pokerstars._table_fields("Table 'Miriam III' 6-max Seat #5 is the button") == ("Miriam III", "6", "5")
    assert pokerstars._table_fields("Table 'T 1' 9-max (Play Money) Seat #1 is the button") == ("T 1", "9", "1")
    assert pokerstars._table_fields("Table '123 4' 8-max") == ("123 4", "8", None)  # stud: no button
    assert pokerstars._table_fields("Table 'It's' 6-max Seat #2 is the button") == ("It's", "6", "2")
    assert pokerstars._table_fields("Table '") is None and pokerstars._table_fields("Tables 'a'") is None


@settings(max_examples=500, deadline=None)
@given(st.integers(0, 255), st.sampled_from([b"", b"Game #1 starts.", b"#Game No : 2", b"* # 3 *", b"BEGIN", b"\n"]))
def test_preamble_and_archive_marks_start_with_their_bytes(first, rest):
    text = bytes([first]) + rest
    if first not in sources._OPENING_BYTES:
        assert sources._PREAMBLE.match(text) is None
    if first not in sources._MARK_BYTES:
        assert sources._ARCHIVE_MARKS.match(text) is None
    assert sources._PREAMBLE.fullmatch(b"\xef\xbb\xbfGame #1 starts.\n#Game No : 2 ")
    assert sources._ARCHIVE_MARKS.fullmatch(b"***** # 12 *****\nBEGIN\n")


_BOARD_PARTS = st.sampled_from(["\n", "Board [", "FIRST ", "SECOND ", "THIRD ", "FOURTH ", "]", "2c 7d", " ", "x",
                                "\nBoard [Ah Kd Qs]", "\nSECOND Board [5c]"])


@settings(max_examples=2000, deadline=None)
@given(st.lists(_BOARD_PARTS, max_size=12).map("".join))
def test_summary_boards_are_the_patterns_matches(text):
    assert pokerstars._summary_boards(text) == pokerstars._SUMMARY_BOARD.findall(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"PokerStars ", b"PokerStars", b"P", b"PPokerStars ", b"okerStars ", b"x" * 30,
                                 b"\n", b" "]), max_size=12))
def test_stars_count_is_the_bytes_count(pieces):
    """chunks' count of "PokerStars " (compiled: memchr from one "P" to the next) is bytes.count's."""
    text = b"".join(pieces)
    assert sources._stars_count(text) == text.count(b"PokerStars ")


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([b"PK\x05\x06", b"PK\x05", b"\x05\x06", b"\x05", b"PK", b"x" * 30, b"\n"]),
                max_size=10))
def test_zip_end_in_is_the_signatures_search(pieces):
    """The byte 5 looked for first: the answer is the 4-byte signature's search's."""
    tail = b"".join(pieces)
    assert sources._zip_end_in(tail) == (sources._ZIP_END in tail)


def test_a_listed_file_reads_as_open_sources_reads_it(tmp_path, monkeypatch):
    """read_files' files (listed_file): read without the two stat calls, as
    open_sources reads them; a zip as its members; a file gone since its folder was
    listed (a dangling link) refused with open_sources' own error, as before."""
    import os
    import zipfile

    from pokerhash.sites.model import SiteError
    from pokerhash.tracker.database import read_files

    text = "PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD) - 2020/01/01 00:00:00 ET\n"
    hand = tmp_path / "a.txt"
    hand.write_text(text)
    archive = tmp_path / "b.zip"
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr("in/c.txt", text)
    for path in (hand, archive):
        assert ([(name, stream.read()) for name, stream in sources.listed_file(str(path))]
                == [(name, stream.read()) for name, stream in sources.open_sources(str(path))])
    gone = tmp_path / "gone.txt"
    with pytest.raises(SiteError, match="no such file or folder"):
        list(sources.listed_file(str(gone)))
    if hasattr(os, "symlink"):
        os.symlink(tmp_path / "nowhere.txt", gone)
        refused = [item for item, _ in read_files(tmp_path) if getattr(item, "reason", None)]
        assert [r.reason for r in refused] == [f"unreadable file: {str(gone)!r}: no such file or folder (text of hands "
                                               "must hold a line end or start with a hand's first line)"]
    calls = []
    monkeypatch.setattr(os.path, "isdir", lambda path: calls.append(path) or False)
    assert [name for name, _ in sources.listed_file(str(hand))] == [str(hand)]
    assert calls == []
