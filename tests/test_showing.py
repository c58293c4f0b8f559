"""Stud and razz acting order (the rules (The games and their flow, seven-card stud; Other games, razz)): hand-made cases and
a readable reference on every one- and two-card board and random three- and four-card ones."""

from __future__ import annotations

import itertools
import random

import pytest

import pokerhash as ph

from pokerhash.cards import cards
from pokerhash.engine.showing import bring_in_seat, showing_rank
from pokerhash.errors import CardTypeError, InvalidCardError
from reference_showing import compare_razz, compare_stud, razz_brings_in_before, stud_brings_in_before


def up(text):
    return dict(enumerate(cards(text)))


@pytest.mark.parametrize(
    "shown, stud, razz",
    [
        ("2c 2d 2h 2s", 0, 3),  # deuces: clubs lowest brings in; razz: spades highest
        ("As Kd 3h", 2, 1),  # stud: the ace is high; razz: the ace is low, the king brings in
        ("Ac Ad 5h", 2, 2),
        ("7h 7c 8d", 1, 2),
        ("Kc", 0, 0),
    ],
)
def test_bring_in(shown, stud, razz):
    assert bring_in_seat(up(shown)) == stud
    assert bring_in_seat(up(shown), razz=True) == razz


def test_bring_in_seats_are_any_ints():
    assert bring_in_seat({9: cards("Td")[0], -3: cards("4s")[0], 40: cards("4h")[0]}) == 40
    assert bring_in_seat({9: "Td", 2: "Jc"}) == 9


@pytest.mark.parametrize("bad, error", [({}, InvalidCardError), ({1: 5, 2: 5}, InvalidCardError),
                                         ({1: 52}, InvalidCardError), ({1: 1.0}, CardTypeError)])
def test_bring_in_refuses_bad_up_cards(bad, error):
    with pytest.raises(error):
        bring_in_seat(bad)


@pytest.mark.smoke
def test_bring_in_matches_the_reference():
    rng = random.Random(6)
    for _ in range(2000):
        shown = rng.sample(range(52), rng.randint(2, 8))
        seats = dict(zip(rng.sample(range(100), len(shown)), shown))
        for razz, before in ((False, stud_brings_in_before), (True, razz_brings_in_before)):
            expected = [s for s in seats if all(before(seats[s], seats[t]) for t in seats if t != s)]
            assert [bring_in_seat(seats, razz=razz)] == expected


@pytest.mark.parametrize(
    "better, worse",
    [
        ("2c 2d 2h 2s", "Ac Ad Ah Kc"),  # quads over trips
        ("3c 3d 3h 2s", "Ac Ad Kh Kc"),  # trips over two pair
        ("3c 3d 2h 2s", "Ac Ad Kh Qc"),  # two pair over a pair
        ("2c 2d", "As Ks"),  # a pair over high cards
        ("Ts 9c 3h 2d", "5c 6c 7c 8c"),  # no straights or flushes on the board
        ("Kc Kd", "Qs Qh"),
        ("Ah Kd", "Ac Kh"),  # equal ranks: the suit of the most significant card
        ("Kh Ks 9c", "Kc Kd 9d"),  # equal ranks: the pair's higher suit first, before the kicker
        ("Ks Kc 9d", "Kh Kd 9s"),
        ("As", "Ah"),
    ],
)
def test_stud_showing_order(better, worse):
    assert showing_rank(cards(better)) > showing_rank(cards(worse))


@pytest.mark.parametrize(
    "better, worse, equal",
    [
        ("Ac 2d 3h 4s", "Ad 2c 3s 5h", False),
        ("7c 5d 4h 2s", "7d 6c 3s Ah", False),  # the first difference from the top
        ("Kc Qd Jh Ts", "2c 2d 3h 4s", False),  # pairs are bad
        ("2c 2d 3h 4s", "2h 2s 3c 3d", False),
        ("Ac 2c 3c 4c", "As 2s 3s 4d", True),  # no flushes, and suits break no tie
        ("As", "Kd", False),
        ("6c", "6d", True),
    ],
)
def test_razz_showing_order(better, worse, equal):
    a, b = showing_rank(cards(better), razz=True), showing_rank(cards(worse), razz=True)
    assert a == b if equal else a > b


@pytest.mark.smoke
@pytest.mark.parametrize("bad", ["", "As Ks Qs Js Ts", "As As"])
def test_showing_rank_refuses_bad_boards(bad):
    with pytest.raises(InvalidCardError):
        showing_rank(bad)


def _agrees(a, b):
    key_order = (showing_rank(a) > showing_rank(b)) - (showing_rank(a) < showing_rank(b))
    low_order = (showing_rank(a, True) > showing_rank(b, True)) - (showing_rank(a, True) < showing_rank(b, True))
    return key_order == compare_stud(a, b) and low_order == compare_razz(a, b)


def test_one_and_two_card_boards_match_the_reference():
    """Every board against 6 others of its size (the engine compares boards of one size)."""
    rng = random.Random(4)
    for n in (1, 2):
        boards = [list(b) for b in itertools.combinations(range(52), n)]
        for a in boards:
            for b in rng.sample(boards, 6):
                if not set(a) & set(b):
                    assert _agrees(a, b), (a, b)


def test_random_three_and_four_card_boards_match_the_reference():
    rng = random.Random(5)
    for _ in range(6000):
        n = rng.choice((3, 4))
        # Half from a few ranks, so that pairs, trips and equal ranks come often.
        dealt = rng.sample(range(52) if rng.random() < 0.5 else range(4 * n + 8), 2 * n)
        assert _agrees(dealt[:n], dealt[n:]), dealt


def _order_agrees(hands, razz):
    """showing_key orders the hands exactly as showing_rank does (equal keys included)."""
    from pokerhash.engine.showing import showing_key
    keyed = [(showing_rank(h, razz), showing_key(h, razz)) for h in hands]
    by_rank = sorted(keyed, key=lambda pair: pair[0])
    for (rank_a, key_a), (rank_b, key_b) in zip(by_rank, by_rank[1:]):
        assert (rank_a < rank_b) == (key_a < key_b) and (rank_a == rank_b) == (key_a == key_b)


@pytest.mark.parametrize("razz", [False, True])
def test_showing_key_orders_every_hand_of_one_to_three_cards_as_showing_rank(razz):
    for n in (1, 2, 3):
        _order_agrees(list(itertools.combinations(range(52), n)), razz)


@pytest.mark.parametrize("razz", [False, True])
def test_showing_key_orders_random_four_card_hands_and_mixed_sizes(razz):
    rng = random.Random(26)
    hands = [tuple(rng.sample(range(52), rng.choice((1, 2, 3, 4, 4, 4)))) for _ in range(20000)]
    _order_agrees(hands, razz)


def test_showing_key_refuses_what_showing_rank_refuses():
    from pokerhash.engine.showing import showing_key
    for bad in ([], [1, 2, 3, 4, 5], [7, 7], [52], "AsAs", [1.0]):
        with pytest.raises(ph.errors.PokerhashError) as expected:
            showing_rank(bad)
        with pytest.raises(type(expected.value)):
            showing_key(bad)
