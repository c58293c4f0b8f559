"""PHH hand histories as a format: amounts exact, actions checked, errors naming the
line, files written and read back, and pokerkit reading what we write and vice versa."""

from __future__ import annotations

import io
import warnings
from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.engine import history
from pokerhash.engine.history import HandHistory, PHHAction, PHHError
from pokerhash.errors import InvalidValueError

ONLINE = """[1]
variant = 'NT'
ante_trimming_status = false
antes = [0.25, 0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 0, 0]
min_bet = 1
starting_stacks = [52.85, 130.79, 190.57, 226.05]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'd dh p4 ????', 'p3 f', 'p4 f', 'p1 cbr 2.00', 'p2 cc', 'd db JcAdKd', 'p1 cc', 'p2 cbr 5', 'p1 cc', 'd db Jd', 'p1 cc', 'p2 cbr 15', 'p1 f']
venue = 'Absolute Poker'
time = 00:00:38
hand = 3017237312
seats = [5, 6, 3, 4]
players = ['T2ajzRHKw9rbcdn8+iwiCw', 'bXfPLTrkNbaf0hIiTkE4Bw', 'UUZLGIYvajc7TdZla2bLDw', 'DeZAZcPNNQ5w+Wb+5ujZdA']
winnings = [0, 13.75, 0, 0]
currency_symbol = '$'

[2]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [0.50, 1]
min_bet = 1
starting_stacks = [82.40, inf]
actions = ['d dh p1 ????', 'd dh p2 AsKs', 'p2 cbr 3', 'p1 cc', 'd db 7c8d9h', 'p1 cc # slow-played', 'p2 cc', '', 'd db Ts', 'p1 cc', 'p2 cc', 'd db 2c', 'p1 cc', 'p2 cc', 'p1 sm ????', 'p2 sm -']
"""


def test_amounts_are_exact_chips_in_the_files_unit():
    first, second = history.loads_all(ONLINE)
    assert first.decimals == 2
    assert first.antes == [25, 25, 25, 25] and first.blinds_or_straddles == [50, 100, 0, 0] and first.min_bet == 100
    assert first.starting_stacks == [5285, 13079, 19057, 22605]
    assert first.winnings == [0, 1375, 0, 0]
    assert first.parsed_actions()[6] == PHHAction(1, "cbr", amount=200)
    assert first.fields["venue"] == "Absolute Poker" and first.fields["seats"] == [5, 6, 3, 4]
    assert second.starting_stacks == [8240, None]
    actions = second.parsed_actions()
    assert actions[5] == PHHAction(1, "cc", comment="slow-played")
    assert actions[7] == PHHAction(None, "")
    assert actions[-2] == PHHAction(1, "sm", (None, None))
    assert actions[-1] == PHHAction(2, "sm", (51, 47))  # 'sm -': the cards dealt, As Ks


def test_a_hand_in_whole_chips_has_no_decimals():
    hand = history.loads("variant = 'FT'\nantes = [0, 0, 0]\nblinds_or_straddles = [1, 2, 0]\nsmall_bet = 2\n"
                         "big_bet = 4\nstarting_stacks = [200, 200, 200]\nactions = ['d dh p1 AcAd']\n")
    assert hand.decimals == 0 and hand.small_bet == 2 and hand.player_count == 3


def test_written_files_read_back_to_the_same_hands():
    hands = history.loads_all(ONLINE)
    text = history.dumps_all(hands)
    assert "0.50" in text and "13.75" in text and "inf" in text
    assert history.loads_all(text) == hands
    assert history.loads(history.dumps(hands[0])) == hands[0]
    buffer = io.StringIO()
    history.dump_all(hands, buffer)
    assert history.load_all(io.StringIO(buffer.getvalue())) == hands


def test_paths_and_binary_files(tmp_path):
    hand = history.loads_all(ONLINE)[0]
    path = tmp_path / "one.phh"
    history.dump(hand, path)
    assert history.load(path) == hand
    with open(path, "rb") as file:
        assert history.load(file) == hand
    with open(tmp_path / "many.phhs", "wb") as file:
        history.dump_all([hand, hand], file)
    assert history.load_all(tmp_path / "many.phhs") == [hand, hand]


def test_windows_line_ends_and_a_byte_order_mark_are_read(tmp_path):
    hand = history.loads_all(ONLINE)[0]
    path = tmp_path / "windows.phh"
    path.write_bytes(b"\xef\xbb\xbf" + history.dumps(hand).replace("\n", "\r\n").encode())
    assert history.load(path) == hand
    assert history.loads(path.read_bytes()) == hand


def test_action_text_and_parse_action_are_inverse():
    for action, decimals in [(PHHAction(3, "cbr", amount=475, comment="all in"), 2), (PHHAction(None, "db", (0, 1, 51)), 0),
                             (PHHAction(2, "dh", (None, 12)), 0), (PHHAction(1, "sd"), 0), (PHHAction(1, "sd", (4,)), 0),
                             (PHHAction(1, "sm", ()), 0), (PHHAction(1, "f"), 0), (PHHAction(None, "", comment="x"), 0)]:
        assert history.parse_action(history.action_text(action, decimals), decimals) == action
    assert history.action_text(PHHAction(3, "cbr", amount=475), 2) == "p3 cbr 4.75"
    assert history.action_text(PHHAction(3, "cbr", amount=500), 2) == "p3 cbr 5"


BASE = ("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"
        "actions = ['d dh p1 AsKs', 'd dh p2 ????']\n")


@pytest.mark.parametrize("change, line, words", [
    (("'d dh p2 ????'", "'d dh p3 ????'"), 6, "player 3 of 2"),
    (("'d dh p2 ????'", "'d dh p2 ZZ'"), 6, "not a PHH action"),
    (("'d dh p2 ????'", "'p1 cbr -3'"), 6, "not a PHH action"),
    (("'d dh p2 ????'", "'p1 cbr 0'"), 6, "must be positive"),
    (("variant = 'NT'", "variant = 'XX'"), 1, "unknown code 'XX'"),
    (("min_bet = 2\n", ""), 1, "needs the field 'min_bet'"),
    (("antes = [0, 0]", "antes = [0]"), 2, "expected an array of 2 amounts"),
    (("antes = [0, 0]", "antes = [0, -1]"), 2, "negative"),
    (("antes = [0, 0]", "antes = [0, 'x']"), 2, "is not a number"),
    (("starting_stacks = [100, 100]", "starting_stacks = [100]"), 5, "at least 2"),
    (("min_bet = 2", "min_bet = 2\nbring_in = 1"), 5, "not a field of NT"),
    (("min_bet = 2", "min_bet = nan"), 4, "not an amount"),
    (("antes = [0, 0]", "antes = [0, 0"), 3, "not a TOML file"),
])
def test_bad_files_name_the_line_and_the_problem(change, line, words):
    text = BASE.replace(*change)
    assert text != BASE
    with pytest.raises(PHHError) as error:
        history.loads(text)
    assert words in str(error.value)
    assert error.value.line == line
    if line is not None:
        assert str(error.value).startswith(f"line {line}:")


def test_bad_hand_in_a_phhs_file_names_the_hand():
    text = "[1]\n" + BASE + "\n[2]\n" + BASE.replace("'d dh p2 ????'", "'p2 zz'")
    with pytest.raises(PHHError) as error:
        history.loads_all(text)
    assert error.value.hand == "2" and error.value.line == 15
    with pytest.raises(PHHError, match="not a hand"):
        history.loads_all("a = 1\n")


def test_extension_variants_follow_the_phh_pattern():
    assert "_pokerhash_PO5" in history.EXTENSION_VARIANTS and "_pokerhash_N5CD" in history.EXTENSION_VARIANTS
    assert history.EXTENSION_VARIANTS["_pokerhash_PTK"] == ("antes", "min_bet")
    assert not set(history.EXTENSION_VARIANTS) & {"_pokerhash_" + code for code in history.STANDARD_VARIANTS}
    hand = history.loads("variant = '_pokerhash_PTK'\nantes = [1, 1, 1]\nmin_bet = 2\nstarting_stacks = [50, 50, 50]\n"
                         "actions = ['d dh p1 AsKsQsJsTs']\n_pokerhash_four_players_use_36_cards = false\n")
    assert hand.fields == {"_pokerhash_four_players_use_36_cards": False}


# --- pokerkit reads what we write, and we read what pokerkit writes (same fields) ---


def _pokerkit_fields(pk_hand):
    return {key: getattr(pk_hand, key) for key in ("variant", "antes", "blinds_or_straddles", "bring_in", "small_bet",
                                                    "big_bet", "min_bet", "starting_stacks", "actions", "winnings")}


def _as_file_units(hand: HandHistory):
    def unit(values):
        return None if values is None else [hand.decimals and Decimal(v).scaleb(-hand.decimals) or v for v in values]
    single = {k: getattr(hand, k) for k in ("bring_in", "small_bet", "big_bet", "min_bet")}
    return {"variant": hand.variant, "antes": unit(hand.antes), "blinds_or_straddles": unit(hand.blinds_or_straddles),
            **{k: None if v is None else unit([v])[0] for k, v in single.items()},
            "starting_stacks": unit(hand.starting_stacks), "actions": hand.actions, "winnings": unit(hand.winnings)}


def test_pokerkit_reads_what_we_write_and_we_read_what_it_writes():
    pokerkit = pytest.importorskip("pokerkit")
    hands = history.loads_all(ONLINE)[:1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about optional fields it does not know
        pk_hands = list(pokerkit.HandHistory.loads_all(history.dumps_all(hands)))
        for hand, pk_hand in zip(hands, pk_hands):
            assert _pokerkit_fields(pk_hand) == _as_file_units(hand)
        again = history.loads_all(pokerkit.HandHistory.dumps_all(pk_hands))
    assert [h.actions for h in again] == [h.actions for h in hands]
    assert [(h.antes, h.starting_stacks, h.winnings, h.min_bet) for h in again] == \
        [(h.antes, h.starting_stacks, h.winnings, h.min_bet) for h in hands]


# --- parse_action's fast path reads the grammar's language ------------------------------------

_PIECES = ["p1", "p2", "p9", "p10", "p23", "p24", "p0", "p01", "d", "db", "dh", "cbr", "cc", "f", "pb", "sd", "sm",
           "-", "As", "AsKd", "??", "Ks??", "7c8d9h", "Xx", "A", "60", "0.25", "0.255", "1,000", "1.", ".5", "007",
           "١٢", "2.50", "#", "# a note", " ", "\t", "\u00a0", "\u2003"]


def _outcome(parse, text: str, decimals: int):
    try:
        return parse(text, decimals)
    except InvalidValueError as error:
        return type(error), str(error)


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), min_size=0, max_size=5), st.sampled_from([" ", "  ", "\t", "\u00a0", ""]),
       st.integers(0, 3))
def test_parse_action_fast_path_equals_the_grammar(pieces, separator, decimals):
    """parse_action's fast path and the grammar's reading (_parse_action) give the same
    action or the same error on strings built of the actions' words, right or wrong."""
    text = separator.join(pieces)
    assert _outcome(history.parse_action, text, decimals) == _outcome(history._parse_action, text, decimals)


def test_parse_action_fast_path_forms():
    """The forms the fast path takes, and what it hands to the grammar."""
    assert history.parse_action("d dh p3 As??", 0) == PHHAction(3, "dh", (51, None))
    assert history.parse_action("p2 cbr 0.25", 2) == PHHAction(2, "cbr", amount=25)
    assert history.parse_action("p2 cbr 1,000.5", 2) == PHHAction(2, "cbr", amount=100050)
    assert history.parse_action("p30 f # late", 0) == PHHAction(30, "f", comment="late")
    assert history.parse_action("p1 sm -", 0) == PHHAction(1, "sm", ())
    with pytest.raises(InvalidValueError):
        history.parse_action("p1 sd -", 0)


def test_parse_action_refuses_amounts_finer_than_the_unit():
    """A cbr amount with more decimals than the hand's unit has no chip count: an error
    naming it, never a rounded or truncated amount (a file's unit is its finest amount,
    so only hand-built histories can meet this)."""
    for text, decimals in [("p1 cbr 0.255", 2), ("p1 cbr 2.5", 0), ("p2 cbr 1,000.125", 2)]:
        with pytest.raises(InvalidValueError, match="more than"):
            history.parse_action(text, decimals)
    assert history.parse_action("p1 cbr 0.250", 2) == PHHAction(1, "cbr", amount=25)
