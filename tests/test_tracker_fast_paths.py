"""The tracker's fast paths give what the slow ones give, to the last bit.

- Heads-up Hold'em all-in preflop: the shipped preflop table's counts
  (tracker/allin.py) against the exact enumeration of every board by the equity
  kernel, the way every such all-in was valued before (equal floats, not approximately).
- The all-in store's key of a spot before the board: against the least of the 24
  suit renamings written plainly.
- The all-in EV's counts (``allin._counted``: a seed and a target error given, for
  the spots that must be sampled) take the equity's C path for known hands: against
  the full path (``equity_iter``), which they took before.
"""

from __future__ import annotations

import importlib
import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerhash as ph
from pokerhash.cards import cards
from pokerhash.tracker import allin

four_cards = st.lists(st.integers(0, 51), min_size=4, max_size=4, unique=True)


def _enumerated(first, second):
    result = ph.equity([first, second], game="holdem", method="exact")
    return [float(x) for x in result.equity]


@settings(max_examples=60, deadline=None)
@given(four_cards)
def test_preflop_table_shares_equal_the_enumeration(deal):
    first, second = deal[:2], deal[2:]
    assert allin._preflop_shares(first, second) == _enumerated(first, second)
    assert allin._preflop_shares(second, first) == _enumerated(second, first)


def _matchup_key(first, second):
    """The reference of _equity.matchup_key, in Python: the preflop table's key of a
    matchup (:func:`pokerhash.preflop.preflop_matchups`: each hand's high then low card,
    first hand then second, six bits a card), the least over the 24 suit renamings (in
    itertools.permutations order) and both seat orders, and whether only the swapped
    order reaches it."""
    best, swapped = 1 << 24, False
    a, b = first
    c, d = second
    for order in itertools.permutations(range(4)):
        w, x = (a & ~3) | order[a & 3], (b & ~3) | order[b & 3]
        y, z = (c & ~3) | order[c & 3], (d & ~3) | order[d & 3]
        one = (w << 6 | x) if w > x else (x << 6 | w)
        two = (y << 6 | z) if y > z else (z << 6 | y)
        straight, turned = one << 12 | two, two << 12 | one
        if straight <= best:
            best, swapped = straight, False if straight < best else swapped
        if turned < best:
            best, swapped = turned, True
    return best, swapped


@settings(max_examples=300, deadline=None)
@given(four_cards)
def test_matchup_key_in_c_equals_the_python_one(deal):
    """_equity.matchup_key (the key _preflop_shares reads) is the Python reference's (_matchup_key),
    swapped flag included (a ``<=`` kept where the Python loop keeps it)."""
    from pokerhash import _equity

    first, second = deal[:2], deal[2:]
    assert _equity.matchup_key(*first, *second) == _matchup_key(first, second)
    assert _equity.matchup_key(*second, *first) == _matchup_key(second, first)
    assert _equity.matchup_key(*first, *first[::-1]) == _matchup_key(first, first[::-1])


def test_matchup_key_in_c_refuses_a_card_outside_the_deck():
    from pokerhash import _equity
    from pokerhash.errors import InvalidValueError

    with pytest.raises(InvalidValueError):
        _equity.matchup_key(0, 1, 2, 52)


@pytest.mark.parametrize("first, second", [
    ("AhKh", "AsKs"),  # the same matchup with the seats swapped: the key reached both ways
    ("AhKh", "AsKd"), ("AsKd", "AhKh"),  # suited against offsuit, either seat
    ("2c2d", "AhKs"), ("AhKs", "2c2d"),
    ("7h2c", "7d2s"), ("AcAd", "AhAs"),  # ties on most boards
    ("Ts9s", "9h8h"), ("9h8h", "Ts9s"),  # a shared rank, dominated draws
])
def test_preflop_table_shares_equal_the_enumeration_named(first, second):
    a, b = cards(first), cards(second)
    assert allin._preflop_shares(a, b) == _enumerated(a, b)


def test_shares_takes_the_table_only_for_two_holdem_hands_preflop(monkeypatch):
    """shares() goes to the table for two Hold'em hands, no board, no dead card; with a
    dead card (a side pot the third player's cards are out of) it counts."""
    counted = []
    real = allin._counted

    def spy(game, hands, board, dead):
        counted.append((game, len(hands), tuple(board), tuple(dead)))
        return real(game, hands, board, dead)

    monkeypatch.setattr(allin, "_counted", spy)
    allin._SPOTS.clear()
    a, b, c = cards("AhAd"), cards("KsKc"), cards("QhQs")
    assert allin.shares("holdem", [a, b], [], []) == _enumerated(a, b)
    assert counted == []
    allin.shares("holdem", [a, b], [], c)
    assert [(game, n, board) for game, n, board, _ in counted] == [("holdem", 2, ())]
    allin.shares("shortdeck", [cards("AhAd"), cards("KsKc")], [], [])
    assert len(counted) == 2


def _least_renaming(game, hands, dead):
    """The all-in store's key as documented, written plainly: the least, over the 24
    renamings of the suits, of (each hand's sorted cards, the sorted dead cards)."""
    forms = []
    for order in itertools.permutations(range(4)):
        def rename(card):
            return (card & ~3) | order[card & 3]
        forms.append((tuple(tuple(sorted(rename(c) for c in hand)) for hand in hands),
                      tuple(sorted(rename(c) for c in dead))))
    return (game,) + min(forms)


@settings(max_examples=200, deadline=None)
@given(st.integers(2, 4), st.sampled_from([2, 3, 4, 5, 6]), st.integers(0, 3), st.data())
def test_spot_key_is_the_least_suit_renaming(players, size, dead_count, data):
    """The store's key (tracker/allin.py _canonical, which writes out only the renamings
    that give the first hand its least form) is the least renaming of the whole spot."""
    deal = data.draw(st.lists(st.integers(0, 51), min_size=players * size + dead_count,
                              max_size=players * size + dead_count, unique=True))
    hands = [deal[i * size:(i + 1) * size] for i in range(players)]
    dead = deal[players * size:]
    assert allin._canonical("plo", hands, dead) == _least_renaming("plo", hands, dead)


@pytest.mark.parametrize("hands", [
    [[0, 1], [4, 5]], [[0, 4], [1, 5]], [[0, 1, 2, 3], [4, 5, 6, 7]], [[48, 49], [44, 45], [40, 41]],
])
def test_spot_key_of_spots_with_symmetric_suits(hands):
    """Spots that several renamings map onto the same first hand (the ties)."""
    assert allin._canonical("holdem", hands, []) == _least_renaming("holdem", hands, [])


# Flop-game all-in spots as the tracker values them: (game, hole size, players, board sizes).
_SPOTS = [("holdem", 2, 2, (3, 4)), ("holdem", 2, 3, (0, 3, 4)), ("plo", 4, 2, (0, 3, 4)), ("plo", 5, 3, (3, 4)),
          ("omaha-hi-lo", 4, 2, (0, 3, 4)), ("omaha-hi-lo", 4, 3, (3,)), ("short-deck", 2, 2, (0, 3, 4))]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(_SPOTS), st.data())
def test_allin_counts_take_the_c_path_with_the_full_paths_floats(spot, data):
    game, size, players, boards = spot
    board_size = data.draw(st.sampled_from(boards))
    deck = [c for c in range(52) if game != "short-deck" or c >= 16]
    dealt = data.draw(st.permutations(deck))[:size * players + board_size + 2]
    hands = [dealt[i * size:(i + 1) * size] for i in range(players)]
    board = dealt[size * players:size * players + board_size]
    dead = dealt[size * players + board_size:] if board_size and game != "short-deck" else []
    full = list(ph.equity_iter(hands, board=board, dead=dead, game=game, target_error=allin._SAMPLED_ERROR,
                               seed=allin._SEED))[-1]
    assert full.exact
    assert allin._counted(game, hands, board, dead) == [float(x) for x in full.equity]


def test_allin_counts_take_the_c_path(monkeypatch):
    """The C path is taken with a seed and a target error (the full path not entered),
    and a bad seed or target error still goes to the full path, which names it."""
    from pokerhash import _equity_api

    def no_full_path(*args, **kwargs):
        raise AssertionError("the full path was taken")

    monkeypatch.setattr(_equity_api, "equity_iter", no_full_path)
    shares = allin._counted("holdem", [cards("AsKd"), cards("QhQc")], cards("2s7d9c"), [])
    assert len(shares) == 2 and abs(sum(shares) - 1) < 1e-12
    monkeypatch.undo()
    for bad in (dict(seed=-1), dict(seed=2 ** 64), dict(target_error=0.0), dict(target_error=-1e-3)):
        with pytest.raises(ph.PokerhashError):
            ph.equity(["AsKd", "QhQc"], board="2s7d9c", **bad)


# -- player_summary's sums per batch (tracker/database.py) ------------------------------

def _summary_one_row_at_a_time(groups):
    """How the batch's summary sums were made before: a list of sums per key, each
    player row added to it in import order (``list(map(add, sums, row))``)."""
    from operator import add

    from pokerhash.tracker import database

    sums = {}
    for key, rows in groups.items():
        for player in rows:
            money = database._money(player)
            showdown = player[database._SHOWDOWN]
            values = (1,) + money + (showdown * money[0], showdown * money[1], showdown * money[2]) \
                + player[database._FIRST_FLAG:]
            found = sums.get(key)
            sums[key] = list(values) if found is None else list(map(add, found, values))
    return [key + tuple(values) for key, values in sums.items()]


money_values = st.one_of(st.integers(-10**6, 10**6),
                         st.floats(-1e17, 1e17, allow_nan=False, allow_infinity=False),
                         st.sampled_from([0.1, 0.2, 0.3, 1e16, -1e16, 1.0, -0.0, 0.0]))


@settings(max_examples=80, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 3), st.lists(money_values, min_size=6, max_size=6), st.integers(0, 1),
                          st.lists(st.integers(0, 3), min_size=28, max_size=28)), min_size=1, max_size=30))
def test_summary_rows_equal_the_row_by_row_sums_to_the_last_bit(players):
    """The summary rows of a batch (each key's columns folded once) are the row-by-row
    sums to the last bit, floats whose sum depends on the order included (1e16 + 1.0 -
    1e16), -0.0, and a key of one row."""
    from pokerhash.tracker import database
    from pokerhash.tracker.extract import PLAYER_COLUMNS
    from pokerhash.tracker.schema import FLAGS

    at = {name: i + 1 for i, name in enumerate(PLAYER_COLUMNS)}
    groups = {}
    for key, money, showdown, flags in players:
        row = [None] * (1 + len(PLAYER_COLUMNS))
        for name, value in zip(("net", "net_amount", "net_bb", "allin_adjusted", "allin_adjusted_amount",
                                "allin_adjusted_bb"), money):
            row[at[name]] = value
        row[at["showdown"]] = showdown
        row[-len(FLAGS):] = flags
        row[at["showdown"]] = showdown  # showdown is one of the flags: the same value
        groups.setdefault((key,), []).append(tuple(row))
    got, want = database._summary_rows(groups), _summary_one_row_at_a_time(groups)
    assert [tuple(map(repr, row)) for row in got] == [tuple(map(repr, row)) for row in want]


def test_qualified_names_each_column_of_a_money_expression_through_the_alias():
    """The pairs' upsert reads a key's two rows side by side: every column of a
    SUMMARY_MONEY expression named through its row's alias, nothing else touched."""
    from pokerhash.tracker import database
    from pokerhash.tracker.schema import SUMMARY_MONEY

    assert database._qualified("showdown * net_amount", "b") == "b.showdown * b.net_amount"
    assert database._qualified("net", "a") == "a.net"
    for _, expr, _ in SUMMARY_MONEY:
        assert f"{database._qualified(expr, 'a')} + COALESCE({database._qualified(expr, 'b')}, 0)" in database._PAIRED
    assert "a.showdown * a.net_bb + COALESCE(b.showdown * b.net_bb, 0)" in database._PAIRED


def test_summary_rows_keep_the_order_of_floats():
    from pokerhash.tracker import database
    from pokerhash.tracker.extract import PLAYER_COLUMNS

    at = {name: i + 1 for i, name in enumerate(PLAYER_COLUMNS)}
    rows = []
    for value in (1e16, 1.0, -1e16):
        row = [0] * (1 + len(PLAYER_COLUMNS))
        row[at["net_amount"]] = value
        rows.append(tuple(row))
    (summed,) = database._summary_rows({("k",): rows})
    assert summed[1] == 3 and repr(summed[3]) == "0.0"  # ((1e16 + 1.0) - 1e16), not 1.0


@pytest.mark.parametrize("game, texts, dead_text", [
    ("holdem", ("AhAd", "KsKc", "7h6h"), ""),  # a main pot three-way and a side pot of two
    ("holdem", ("AsKs", "QhQd", "Jc9c", "2d2s"), ""),  # four-way: three pots
    ("omaha-hi-lo", ("AhKh2c3d", "AsQs4c5d", "KdKc9h8s"), ""),
    ("plo", ("AhKhQd2c", "AsQsJc9d", "KdKc9h8s"), ""),
])
def test_pots_counted_together_are_each_pot_counted_alone(monkeypatch, game, texts, dead_text):
    """The pots of one all-in before the board, counted in one walk (_count_together),
    store what shares() counts for each pot alone (the other live players' cards dead),
    to the last bit, and shares() then counts nothing."""
    holdings = {seat: cards(text) for seat, text in enumerate(texts, 1)}
    live = list(holdings)
    dead = cards(dead_text) if dead_text else []
    groups = [live, live[:2], live[1:]] if len(live) > 3 else [live, live[:2]]
    pots = [(100, eligible, dead + [c for s in live if s not in eligible for c in holdings[s]]) for eligible in groups]
    allin._SPOTS.clear()
    alone = [allin.shares(game, [holdings[s] for s in eligible], [], pot_dead) for _, eligible, pot_dead in pots]
    allin._SPOTS.clear()
    counted = []
    real = allin._counted
    monkeypatch.setattr(allin, "_counted", lambda *args: counted.append(args) or real(*args))
    allin._count_together(game, holdings, live, dead, pots)
    together = [allin.shares(game, [holdings[s] for s in eligible], [], pot_dead) for _, eligible, pot_dead in pots]
    assert together == alone
    assert counted == []
    allin._SPOTS.clear()


def _site_cards_before(known, stud, name, count):
    """extract._site_cards as 3e8c526 wrote it (``None in cards``, a stripped copy)."""
    cards = known.get(name)
    if not (cards and len(cards) == count):
        cards = stud.get(name)
        if not cards:
            return None
    elif None not in cards:
        text = "".join(cards)
        return text if text.strip("?") else None
    text = "".join(["??" if card is None else card for card in cards[:count]])
    return text if text.strip("?") else None


_card_texts = st.sampled_from(["As", "Kd", "??", "", "?", "Th"]) | st.none()


@settings(max_examples=400, deadline=None)
@given(st.lists(_card_texts, max_size=5), st.lists(_card_texts, max_size=5), st.integers(0, 4))
def test_site_cards_are_what_they_were(known, stud, count):
    """A player's hole cards' text: the loop of identity tests and the "?" test give
    what ``None in cards`` and ``text.strip("?")`` gave, for every mix of cards."""
    extract = importlib.import_module("pokerhash.tracker.extract")  # the package names the function extract
    for k, s in ((known, stud), ({}, stud), (known, {})):
        k = {"a": k} if isinstance(k, list) else k
        s = {"a": s} if isinstance(s, list) else s
        assert extract._site_cards(k, s, "a", count) == _site_cards_before(k, s, "a", count)


@settings(max_examples=500, deadline=None)
@given(st.integers(-(2 ** 53), 2 ** 53), st.integers(1, 2 ** 53))
def test_an_exact_int_divided_is_its_float_divided(net, big_blind):
    """_rows' allin_adjusted_bb of a row without an all-in is its net_bb while both ints
    are at most 2**53: float(net) / big_blind is then net / big_blind, bit for bit
    (the ints' true division is the floats' division)."""
    assert float(net) / big_blind == net / big_blind


def test_past_the_exact_ints_the_two_divisions_differ():
    """Why _rows divides again past 2**53: there the two can differ."""
    net = 2 ** 53 + 1
    assert float(net) / 3 != net / 3
