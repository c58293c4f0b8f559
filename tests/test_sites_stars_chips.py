"""PokerStars' fast paths of the parse: the seat list read by common.read_seats' fast
path (seat_in_chips in line, the amounts' cache looked up first; against its general
path, the pattern and the reader alone) and a hand played in chips read in
whole chips as it is read (``_parse(..., whole=True)``, against the reading in cents
that Parsed.in_chips divides after, ``whole=False``: the parse before the fast path,
kept as the fallback). Same results, or the same error."""

import glob
import os
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.sites import pokerstars, read
from pokerhash.sites.common import AMOUNT_CACHE, read_seats, seat_in_chips
from pokerhash.sites.model import Parsed, SiteError

_DATA = os.path.join(os.path.dirname(__file__), "data", "sites")


def _lines(text):
    """The lines pokerstars.parse reads."""
    if " \n" in text or "\t" in text:
        text = pokerstars._TRAILING.sub("\n", text)
    return text.split("\n")


def _state(p):
    return {name: getattr(p, name) for name in Parsed.__slots__}


def _outcome(call):
    """What ``call()`` gives: the Parsed's fields, or the error's type and message."""
    try:
        return _state(call())
    except SiteError as error:
        return type(error), str(error)
    except Exception as error:  # outside the line loop: parse words it "cannot read (...)"
        return "other", type(error), str(error)


def _stars_texts():
    texts = []
    for path in sorted(glob.glob(os.path.join(_DATA, "*", "*.txt"))):
        for hand in read(path):
            if hand.site in ("pokerstars", "ggpoker"):
                texts.append((hand.site, hand.text))
    return texts


def _in_chips(site, text):
    try:
        return pokerstars._parse(_lines(text), site, False).decimals == 0
    except SiteError:
        return False


_TEXTS = _stars_texts()
_IN_CHIPS = [(site, text) for site, text in _TEXTS if _in_chips(site, text)]


def test_the_data_has_hands_in_chips_and_in_money():
    assert len(_IN_CHIPS) >= 4 and len(_TEXTS) - len(_IN_CHIPS) >= 10


@pytest.mark.parametrize("site,text", _TEXTS)
def test_whole_chips_read_as_read_are_in_chips_after(site, text):
    lines = _lines(text)
    fast = _outcome(lambda: pokerstars._parse(lines, site, True))
    assert fast == _outcome(lambda: pokerstars._parse(lines, site, False))
    assert fast == _outcome(lambda: pokerstars.parse(text, site))


# Amounts as a hand in chips may write them: whole, a fraction of a chip (refused by
# in_chips, once every earlier error is told), none at all.
_AMOUNTS = st.sampled_from(["0", "1", "15", "1500", "1,500", "12.50", "7.5", "0.01", "3.00", "x", "", "$2",
                            "1500.5", "99.99"])
_NUMBER = re.compile(r"(?<=[ (\[$])[\d,]+(?:\.\d+)?(?=[ )\]]|$)", re.M)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_IN_CHIPS or [("pokerstars", "")]), st.data())
def test_changed_amounts_give_the_same_hand_or_error(hand, data):
    site, text = hand
    spots = [m.span() for m in _NUMBER.finditer(text)]
    if not spots:
        return
    for _ in range(data.draw(st.integers(1, 3))):
        start, end = data.draw(st.sampled_from(spots))
        text = text[:start] + data.draw(_AMOUNTS) + text[end:]
        spots = [m.span() for m in _NUMBER.finditer(text)]
        if not spots:
            break
    lines = _lines(text)
    old = _outcome(lambda: pokerstars._parse(lines, site, False))
    fast = _outcome(lambda: pokerstars._parse(lines, site, True))
    if not (isinstance(fast, tuple) and fast[0] is pokerstars._Fraction):
        assert fast == old
    assert _outcome(lambda: pokerstars.parse(text, site)) == _outcome(lambda: _old_parse(text, site))


def _old_parse(text, site):
    """pokerstars.parse before the hands in chips were read in whole chips."""
    return pokerstars._read(text, site, False)


def test_a_fraction_of_a_chip_is_refused_as_before():
    site, text = _IN_CHIPS[0]
    seat = re.search(r"^Seat 1: .* \((\d+) in chips", text, re.M)
    text = text[:seat.start(1)] + "1500.50" + text[seat.end(1):]
    with pytest.raises(SiteError, match=r"^1500\.50 is not a whole number of chips$"):
        pokerstars.parse(text, site)
    assert _outcome(lambda: pokerstars.parse(text, site)) == _outcome(lambda: _old_parse(text, site))
    with pytest.raises(pokerstars._Fraction):
        pokerstars._parse(_lines(text), site, True)


def test_a_side_pot_in_chips_is_kept_in_cents():
    # in_chips leaves p.fields alone: the pots' amounts stay in cents, as before
    for site, text in _IN_CHIPS:
        if " from side pot" in text:
            p = pokerstars.parse(text, site)
            assert p.fields["pots"] == pokerstars._parse(_lines(text), site, False).fields["pots"]
            assert all(value % 100 == 0 for _, _, value in p.fields["pots"])
            return
    text = _IN_CHIPS[0][1]
    assert " from side pot" not in text  # the data has none: nothing to check


_SEAT_LINES = st.sampled_from([
    "Seat 1: Ann (1500 in chips)", "Seat 2: Bo (1,500 in chips)", "Seat 3: Cy ($10.25 in chips)",
    "Seat 4: Di (1500 in chips) is sitting out", "Seat 5: Ed (7.5 in chips)", "Seat 6:  (100 in chips)",
    "Seat 7: Ann (20 in chips)", "Seat 8: Fa (x in chips)", "Seat 9: Gi (1500 in chips, $2 bounty)",
    "Seat x: Ho (5 in chips)", "Seat 1: Io (12 in chips) ", "Seat 2: Ju (3 in chips) out of hand", "",
    "Seat 3: Ka", "Ann: posts small blind 10", "Seat 10: Le (٣ in chips)", "Seat 4: Mo: x (2.00 in chips)"])


@settings(max_examples=1500, deadline=None)
@given(st.lists(_SEAT_LINES, max_size=8), st.booleans(), st.booleans())
def test_read_seats_fast_path_is_its_general_path(seat_lines, chips, blank_line_first):
    # The fast path (PokerStars' call: seat_in_chips in line, the reader's cache first)
    # against the general one (the pattern for every line, the reader for every stack).
    lines = ["PokerStars Hand #1: x", "Table 'T' Seat #1 is the button"] + seat_lines + ["*** HOLE CARDS ***"]
    if blank_line_first:
        lines.insert(3, "")
    fast, old = Parsed("pokerstars"), Parsed("pokerstars")
    reader = pokerstars._chips_reader if chips else pokerstars._amount
    known = pokerstars._CHIPS if chips else AMOUNT_CACHE

    def outcome(call, p):
        try:
            return call(), p.seats, p.sitting_out
        except SiteError as error:
            return type(error), str(error)

    assert outcome(lambda: read_seats(lines, 2, pokerstars._SEAT, reader, fast, seat_in_chips, known), fast) == outcome(
        lambda: read_seats(lines, 2, pokerstars._SEAT, reader, old), old)
