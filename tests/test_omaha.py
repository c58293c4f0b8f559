"""Omaha high (the rules (Games that pick five cards from more)) against a brute force over every two-plus-three hand."""

import itertools

import numpy as np
import pytest
from conftest import random_hands

import pokerhash as ph
from pokerhash import CardTypeError, InvalidCardError
from pokerhash.evaluators.omaha import best_omaha_five, evaluate_omaha, evaluate_omaha_batch

HOLE_COUNTS = (4, 5, 6)
BOARD_COUNTS = (3, 4, 5)
CHUNK = 50_000


def two_plus_three(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    """Every (hole pair, board triple) of each row as five-card rows: (n, pairs * triples, 5)."""
    pairs = np.array(list(itertools.combinations(range(holes.shape[1]), 2)))
    triples = np.array(list(itertools.combinations(range(boards.shape[1]), 3)))
    n, shape = len(holes), (len(holes), len(pairs), len(triples))
    two = np.broadcast_to(holes[:, pairs][:, :, None, :], shape + (2,))
    three = np.broadcast_to(boards[:, triples][:, None, :, :], shape + (3,))
    return np.concatenate([two, three], axis=3).reshape(n, -1, 5)


def brute_force(holes: np.ndarray, boards: np.ndarray, evaluate_rows=ph.evaluate_batch) -> np.ndarray:
    """The best of the 60/100/150 (x 1, 4 or 10) five-card hands of each deal."""
    out = []
    for start in range(0, len(holes), CHUNK):
        fives = two_plus_three(holes[start:start + CHUNK], boards[start:start + CHUNK])
        values = evaluate_rows(fives.reshape(-1, 5), check=False)
        out.append(values.reshape(fives.shape[:2]).max(axis=1))
    return np.concatenate(out)


@pytest.fixture(scope="module")
def deals() -> np.ndarray:
    """A million deals of 6 hole + 5 board cards; every (hole, board) size uses a prefix."""
    return random_hands(1_000_000, 11, seed=3)


@pytest.mark.parametrize("n_board", BOARD_COUNTS)
@pytest.mark.parametrize("n_hole", HOLE_COUNTS)
def test_a_million_random_deals_match_brute_force(deals, n_hole, n_board):
    holes, boards = deals[:, :n_hole], deals[:, 6:6 + n_board]
    got = evaluate_omaha_batch(holes, boards)
    assert got.dtype == np.uint16
    np.testing.assert_array_equal(got, brute_force(holes, boards))


@pytest.mark.parametrize(
    "deck",
    [
        list(range(0, 52, 4)) + list(range(1, 52, 4)),  # two suits: flushes and straight flushes everywhere
        [c for c in range(52) if c >> 2 in (0, 1, 2, 3, 12)],  # A-5 in four suits: wheels, quads, full houses
        [c for c in range(52) if c >> 2 >= 8],  # T-A: broadways, royal flushes
    ],
    ids=["two-suits", "ace-to-five", "ten-to-ace"],
)
def test_dense_decks_match_brute_force(deck):
    order = np.random.default_rng(len(deck)).random((200_000, len(deck))).argsort(axis=1)[:, :11]
    cards = np.array(deck, dtype=np.uint8)[order]
    for n_hole in HOLE_COUNTS:
        for n_board in BOARD_COUNTS:
            holes, boards = cards[:, :n_hole], cards[:, 6:6 + n_board]
            np.testing.assert_array_equal(evaluate_omaha_batch(holes, boards), brute_force(holes, boards))


def test_rules_example_five_spades_on_board_one_in_hand_is_no_flush():
    # the rules (Games that pick five cards from more): "five spades on the board and one spade in hand is no flush".
    board = "2s 5s 8s Js Ks"
    hole = "As Ad 9c 4h"
    value = evaluate_omaha(hole, board)
    assert value == ph.evaluate("As Ad Ks Js 8s")  # aces, not the flush
    assert ph.category(value) is ph.HandCategory.ONE_PAIR
    assert ph.category(ph.evaluate("As 2s 5s 8s Js Ks")) is ph.HandCategory.FLUSH  # as hold'em it would be
    # With a second spade in hand the flush is there.
    assert ph.category(evaluate_omaha("As Qs 9c 4h", board)) is ph.HandCategory.FLUSH


@pytest.mark.parametrize(
    "hole, board, five",
    [
        # Exactly three board cards: four aces on the board make only trips.
        ("2c 3c 9d Td", "Ac Ad Ah As Kd", "Ac Ad Ah Td 9d"),
        # Exactly two hole cards: four hearts in hand and three on board make a flush
        # of the two best hole hearts with the board's three.
        ("Ah Kh 2h 3h", "9h 8h 4h Jc Qd", "Ah Kh 9h 8h 4h"),
        # A straight flush that needs the two lower hole spades, not the ace.
        ("As 7s 6s 2c", "8s 9s Ts 3d 4h", "Ts 9s 8s 7s 6s"),
        # Wheel straight flush.
        ("Ad 2d Kc Kh", "3d 4d 5d Ks Qs", "5d 4d 3d 2d Ad"),
        # One pair in hand and trips on the board: a full house uses the hole pair.
        ("Qc Qd 2s 7h", "9c 9d 9h Ks 3c", "9c 9d 9h Qc Qd"),
    ],
)
def test_two_plus_three_examples(hole, board, five):
    assert evaluate_omaha(hole, board) == ph.evaluate(five)
    assert sorted(best_omaha_five(hole, board)) == sorted(ph.cards(five))


@pytest.mark.smoke
def test_best_omaha_five_uses_two_hole_and_three_board_cards():
    deals = random_hands(2_000, 11, seed=11)
    for row in deals:
        hole, board = [int(c) for c in row[:5]], [int(c) for c in row[6:]]
        five = best_omaha_five(hole, board)
        assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
        assert ph.evaluate(five) == evaluate_omaha(hole, board)
    # Most significant first, as best_five.
    assert ph.cards_str(best_omaha_five("Kh Kd 4c 2s", "Ks 4h 4d 8c 7c")) == "Ks Kh Kd 4h 4d"


@pytest.mark.smoke
def test_per_call_equals_batch_and_accepts_every_input_form():
    deals = random_hands(3_000, 11, seed=12)
    for n_hole in HOLE_COUNTS:
        for n_board in BOARD_COUNTS:
            holes, boards = deals[:, :n_hole], deals[:, 6:6 + n_board]
            batch = evaluate_omaha_batch(holes, boards)
            per_call = [evaluate_omaha(h.tolist(), tuple(b.tolist())) for h, b in zip(holes, boards)]
            assert per_call == batch.tolist()
    hole, board = deals[0, :4], deals[0, 6:]
    expected = evaluate_omaha(hole.tolist(), board.tolist())
    assert evaluate_omaha(ph.cards_str(hole.tolist()), ph.cards_str(board.tolist())) == expected
    assert evaluate_omaha(list(hole), list(board)) == expected  # numpy scalars take the slow path
    assert evaluate_omaha_batch(holes.astype(np.int64), boards.astype(np.int32)).tolist() == \
        evaluate_omaha_batch(holes, boards).tolist()


@pytest.mark.smoke
@pytest.mark.parametrize(
    "hole, board, error, message",
    [
        ("As Ks Qs", "2c 3c 4c", InvalidCardError, "got 3"),
        ("As Ks Qs Js Ts 9s 8s", "2c 3c 4c", InvalidCardError, "got 7"),
        ("As Ks Qs Js", "2c 3c", InvalidCardError, "got 2"),
        ("As Ks Qs Js", "2c 3c 4c 5c 6c 7c", InvalidCardError, "got 6"),
        ("As Ks Qs As", "2c 3c 4c", InvalidCardError, "As appears more than once"),
        ("As Ks Qs Js", "2c 3c 2c", InvalidCardError, "2c appears more than once"),
        ("As Ks Qs Js", "2c 3c Ks", InvalidCardError, "Ks appears more than once"),  # in hole and board
        ([51, 47, 43, 39], [0, 1, 52], InvalidCardError, "52 is outside"),
        ([51, 47, 43, -1], [0, 1, 2], InvalidCardError, "-1 is outside"),
        ("As Ks Qs Jx", "2c 3c 4c", InvalidCardError, "cannot read"),
        ([51, 47, 43, 39.0], [0, 1, 2], CardTypeError, "float"),
        ([51, 47, 43, 39], 5, CardTypeError, "int"),
        (None, [0, 1, 2], CardTypeError, "NoneType"),
    ],
)
def test_evaluate_omaha_rejects_bad_hands(hole, board, error, message):
    with pytest.raises(error, match=message):
        evaluate_omaha(hole, board)
    with pytest.raises(error, match=message):
        best_omaha_five(hole, board)


def test_evaluate_omaha_batch_rejects_bad_arrays():
    deals = random_hands(10, 11, seed=13)
    holes, boards = deals[:, :4].copy(), deals[:, 6:].copy()
    shared = boards.copy()
    shared[4, 2] = holes[4, 1]
    with pytest.raises(InvalidCardError, match="row 4 of holes and boards: card .* appears more than once"):
        evaluate_omaha_batch(holes, shared)
    repeated = holes.copy()
    repeated[7, 0] = repeated[7, 3]
    with pytest.raises(InvalidCardError, match="row 7 of holes and boards: card .* appears more than once"):
        evaluate_omaha_batch(repeated, boards)
    wide = boards.astype(np.int64)
    wide[2, 0] = 300
    with pytest.raises(InvalidCardError, match="row 2 of boards: card 300 is outside 0..51"):
        evaluate_omaha_batch(holes, wide)
    high = holes.copy()
    high[9, 1] = 60
    with pytest.raises(InvalidCardError, match="row 9 of holes and boards: card 60 is outside"):
        evaluate_omaha_batch(high, boards)
    with pytest.raises(CardTypeError, match="dtype float64"):
        evaluate_omaha_batch(holes.astype(float), boards)
    with pytest.raises(InvalidCardError, match=r"holes must have shape \(n, 4\|5\|6\), got \(10, 3\)"):
        evaluate_omaha_batch(holes[:, :3], boards)
    with pytest.raises(InvalidCardError, match=r"boards must have shape \(n, 3\|4\|5\), got \(10, 2\)"):
        evaluate_omaha_batch(holes, boards[:, :2])
    with pytest.raises(InvalidCardError, match="shape"):
        evaluate_omaha_batch(holes.ravel(), boards)
    with pytest.raises(InvalidCardError, match="holes has 10 rows but boards has 9"):
        evaluate_omaha_batch(holes, boards[:9])


@pytest.mark.smoke
def test_empty_batch_and_unchecked_garbage_are_safe():
    empty = evaluate_omaha_batch(np.empty((0, 4), np.uint8), np.empty((0, 5), np.uint8))
    assert empty.shape == (0,) and empty.dtype == np.uint16
    for n_hole in HOLE_COUNTS:
        for n_board in BOARD_COUNTS:
            for fill in (0, 51, 255):  # repeated cards and cards past 51: meaningless, but no crash
                values = evaluate_omaha_batch(np.full((100, n_hole), fill, np.uint8),
                                              np.full((100, n_board), fill, np.uint8), check=False)
                assert values.shape == (100,)
