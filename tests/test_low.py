"""Eight-or-better lows (the rules (Low hands)) against the readable reference."""

import itertools

import numpy as np
import pytest
import reference_low as ref
from conftest import random_hands
from test_omaha import BOARD_COUNTS, HOLE_COUNTS, two_plus_three

import pokerhash as ph
from pokerhash import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.evaluators.low import (
    BEST_LOW,
    NO_LOW,
    best_low_five,
    describe_low,
    evaluate_low8,
    evaluate_low8_batch,
    evaluate_omaha_low8,
    evaluate_omaha_low8_batch,
)


def brute_force_any_five(hands: np.ndarray) -> np.ndarray:
    """The best five-card low among every five of each row."""
    subsets = np.array(list(itertools.combinations(range(hands.shape[1]), 5)))
    fives = hands[:, subsets]
    return evaluate_low8_batch(fives.reshape(-1, 5)).reshape(fives.shape[:2]).max(axis=1)


def brute_force_omaha(holes: np.ndarray, boards: np.ndarray) -> np.ndarray:
    fives = two_plus_three(holes, boards)
    return evaluate_low8_batch(fives.reshape(-1, 5), check=False).reshape(fives.shape[:2]).max(axis=1)


def test_rules_examples():
    # the rules (Low hands), verbatim: "7-5-4-2-A beats 8-4-3-2-A; 8-6-4-3-2 loses to 8-6-4-3-A".
    assert evaluate_low8("7d 5c 4h 2s Ah") > evaluate_low8("8c 4d 3s 2h Ac")
    assert evaluate_low8("8h 6s 4d 3c 2h") < evaluate_low8("8d 6c 4s 3h Ad")
    assert evaluate_low8("5c 4c 3c 2c Ac") == BEST_LOW  # straights and flushes do not hurt a low
    assert evaluate_low8("8s 7h 6d 5c 4s") == 1
    assert evaluate_low8("9s 5h 4d 3c 2s") == NO_LOW  # a nine is too high
    assert evaluate_low8("Ah Ad 2c 3c 4c") == NO_LOW  # five different ranks are needed
    assert evaluate_low8("Kh Ad 2c 3c 4c 5c 9s") == BEST_LOW  # any five of seven (stud)


@pytest.mark.smoke
def test_all_five_card_hands_match_the_reference(all_five_card_hands):
    hands = all_five_card_hands
    values = evaluate_low8_batch(hands)
    assert values.dtype == np.uint8
    # 56 low rank sets, each in 4**5 suit combinations.
    assert np.count_nonzero(values) == 56 * 4 ** 5
    assert sorted(np.unique(values).tolist()) == list(range(0, 57))
    # A low depends on the rank multiset only: ask the reference once per multiset.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    pattern = (ranks * 13 ** np.arange(5)).sum(axis=1)
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    assert len(first) == 6175
    expected = np.array([ref.value(ref.five_card_low(hands[i].tolist())) for i in first], dtype=np.uint8)
    np.testing.assert_array_equal(values, expected[inverse.ravel()])


@pytest.mark.parametrize("width", [6, 7])
def test_random_six_and_seven_card_hands(width):
    hands = random_hands(300_000, width, seed=width)
    values = evaluate_low8_batch(hands)
    np.testing.assert_array_equal(values, brute_force_any_five(hands))
    for row in hands[:500]:
        assert evaluate_low8(row.tolist()) == ref.value(ref.best_low(row.tolist()))


@pytest.mark.parametrize("n_hole", HOLE_COUNTS)
@pytest.mark.parametrize("n_board", BOARD_COUNTS)
def test_random_omaha_deals(n_hole, n_board):
    deals = random_hands(300_000, 11, seed=10 * n_hole + n_board)
    holes, boards = deals[:, :n_hole], deals[:, 6:6 + n_board]
    values = evaluate_omaha_low8_batch(holes, boards)
    assert values.dtype == np.uint8
    np.testing.assert_array_equal(values, brute_force_omaha(holes, boards))
    for hole, board in zip(holes[:300], boards[:300]):
        assert evaluate_omaha_low8(hole.tolist(), board.tolist()) == ref.value(
            ref.best_omaha_low(hole.tolist(), board.tolist()))


def test_every_pair_of_hole_and_board_low_rank_sets():
    # The Omaha low depends only on which of A..8 the hole and the board hold; try
    # every such pair that fits in 6 hole and 5 board cards (fillers 9..K never play).
    low_ranks = [12, 0, 1, 2, 3, 4, 5, 6]  # A, 2, ..., 8 as rank indices
    holes, boards = [], []
    for hole_bits in range(256):
        hole = [low_ranks[b] * 4 for b in range(8) if hole_bits >> b & 1]  # clubs
        if len(hole) > 6:
            continue
        for board_bits in range(256):
            board = [low_ranks[b] * 4 + 2 for b in range(8) if board_bits >> b & 1]  # hearts
            if len(board) > 5:
                continue
            holes.append(hole + [r * 4 + 1 for r in range(7, 13)][:6 - len(hole)])  # 9d..Ad fillers
            boards.append(board + [r * 4 + 3 for r in range(7, 12)][:5 - len(board)])  # 9s..Ks fillers
    holes, boards = np.array(holes, np.uint8), np.array(boards, np.uint8)
    np.testing.assert_array_equal(evaluate_omaha_low8_batch(holes, boards), brute_force_omaha(holes, boards))


def test_omaha_low_uses_exactly_two_hole_and_three_board_cards():
    # Four low board cards and one low hole card: no low in Omaha, a low in hold'em.
    assert evaluate_omaha_low8("Ah Kd Kc Qs", "2c 3d 4h 5s Td") == NO_LOW
    assert evaluate_low8("Ah Kd 2c 3d 4h 5s Td") == BEST_LOW
    # Only two low board cards: no low whatever the hand holds.
    assert evaluate_omaha_low8("Ah 2d 3c 4s", "5c 6d Kh Ks Td") == NO_LOW
    # Hole A-2 with board 3-4-5: the nut low; a pair in hand does not block it.
    assert evaluate_omaha_low8("Ah Ad 2c Ks", "3c 4d 5h Kd Qc") == BEST_LOW
    # The hole's ace counterfeited by the board: A-3 plays with 2-4-7 for 7-4-3-2-A.
    assert describe_low(evaluate_omaha_low8("As 3s Kd Kc", "Ah 2d 4c 7h Qs")) == "7-4-3-2-A"


@pytest.mark.smoke
def test_per_call_equals_batch_and_accepts_every_input_form():
    hands = random_hands(5_000, 7, seed=21)
    for width in (5, 6, 7):
        rows = hands[:, :width]
        assert [evaluate_low8(r.tolist()) for r in rows] == evaluate_low8_batch(rows).tolist()
    deals = random_hands(3_000, 11, seed=22)
    for n_hole in HOLE_COUNTS:
        for n_board in BOARD_COUNTS:
            holes, boards = deals[:, :n_hole], deals[:, 6:6 + n_board]
            per_call = [evaluate_omaha_low8(h.tolist(), tuple(b.tolist())) for h, b in zip(holes, boards)]
            assert per_call == evaluate_omaha_low8_batch(holes, boards).tolist()
    assert evaluate_low8("A♠ 2♥ 3♦ 4♣ 5♠") == evaluate_low8([51, 2, 5, 8, 15]) == BEST_LOW
    assert evaluate_low8(list(np.array([51, 2, 5, 8, 15]))) == BEST_LOW  # numpy ints: the slow path


@pytest.mark.parametrize(
    "value, text",
    [(0, "no low"), (56, "5-4-3-2-A"), (1, "8-7-6-5-4"), (55, "6-4-3-2-A"), (2, "8-7-6-5-3")],
)
def test_describe_low(value, text):
    assert describe_low(value) == text


def test_describe_low_matches_the_reference_order():
    for value, low in enumerate(ref.ALL_LOWS, start=1):
        assert describe_low(value) == "-".join("A" if r == 1 else str(r) for r in low)
    assert describe_low(np.uint8(56)) == "5-4-3-2-A"
    for bad in (-1, 57, 1.0, True, "8"):
        with pytest.raises(InvalidValueError):
            describe_low(bad)


@pytest.mark.smoke
def test_best_low_five():
    assert ph.cards_str(best_low_five("Kd 8d 6c 4h 3s Ah 2c")) == "6c 4h 3s 2c Ah"
    assert best_low_five("Kd Qd 6c 4h 3s Ah 2c") == ph.cards("6c 4h 3s 2c Ah")
    assert best_low_five("Kd Qd 9c 4h 3s Ah 2c") is None
    # Omaha: exactly two from hand (here 2-A, not A-3), three from the board.
    assert ph.cards_str(best_low_five("As 2s 3c Kd", board="3h 4h 5h Qd 8c")) == "5h 4h 3h 2s As"
    assert best_low_five("As 2s Kc Kd", board="Th 4h 5h Qd 9c") is None
    for row in random_hands(500, 11, seed=23):
        hole, board = row[:4].tolist(), row[6:].tolist()
        five = best_low_five(hole, board=board)
        value = evaluate_omaha_low8(hole, board)
        if five is None:
            assert value == NO_LOW
        else:
            assert len(set(five) & set(hole)) == 2 and len(set(five) & set(board)) == 3
            assert evaluate_low8(five) == value


@pytest.mark.parametrize(
    "hand, error, message",
    [
        ("Ah 2h 3h 4h", InvalidCardError, "got 4"),
        ("Ah 2h 3h 4h 5h 6h 7h 8h", InvalidCardError, "got 8"),
        ("Ah 2h 3h 4h Ah", InvalidCardError, "Ah appears more than once"),
        ([0, 1, 2, 3, 52], InvalidCardError, "52 is outside"),
        ("Ah 2h 3h 4h 5x", InvalidCardError, "cannot read"),
        ([0, 1, 2, 3, 4.0], CardTypeError, "float"),
        (7, CardTypeError, "int"),
    ],
)
def test_evaluate_low8_rejects_bad_hands(hand, error, message):
    with pytest.raises(error, match=message):
        evaluate_low8(hand)
    with pytest.raises(error, match=message):
        best_low_five(hand)


@pytest.mark.smoke
@pytest.mark.parametrize(
    "hole, board, error, message",
    [
        ("Ah 2h 3h", "4c 5c 6c", InvalidCardError, "got 3"),
        ("Ah 2h 3h 4h 5h 6h 7h", "4c 5c 6c", InvalidCardError, "got 7"),
        ("Ah 2h 3h 4h", "4c 5c", InvalidCardError, "got 2"),
        ("Ah 2h 3h 4h", "4c 5c 6c 7c 8c 9c", InvalidCardError, "got 6"),
        ("Ah 2h 3h 4h", "4c 5c 4c", InvalidCardError, "4c appears more than once"),
        ("Ah 2h 3h 4h", "4c 5c 2h", InvalidCardError, "2h appears more than once"),  # in hole and board
        ([0, 1, 2, 3], [4, 5, 99], InvalidCardError, "99 is outside"),
        ("Ah 2h 3h 4h", "4c 5c 6q", InvalidCardError, "cannot read"),
        ([0, 1, 2, 3], [4, 5, None], CardTypeError, "NoneType"),
    ],
)
def test_evaluate_omaha_low8_rejects_bad_hands(hole, board, error, message):
    with pytest.raises(error, match=message):
        evaluate_omaha_low8(hole, board)
    with pytest.raises(error, match=message):
        best_low_five(hole, board=board)


def test_batches_reject_bad_arrays():
    hands = random_hands(10, 7, seed=24)
    repeated = hands.copy()
    repeated[5, 6] = repeated[5, 0]
    with pytest.raises(InvalidCardError, match="row 5 of hands: card .* appears more than once"):
        evaluate_low8_batch(repeated)
    wide = hands.astype(np.int64)
    wide[3, 0] = 300
    with pytest.raises(InvalidCardError, match="row 3 of hands: card 300 is outside 0..51"):
        evaluate_low8_batch(wide)
    with pytest.raises(CardTypeError, match="dtype float64"):
        evaluate_low8_batch(hands.astype(float))
    with pytest.raises(InvalidCardError, match=r"shape \(n, 5\|6\|7\), got \(10, 4\)"):
        evaluate_low8_batch(hands[:, :4])

    deals = random_hands(10, 11, seed=25)
    holes, boards = deals[:, :4].copy(), deals[:, 6:].copy()
    boards[8, 4] = holes[8, 0]
    with pytest.raises(InvalidCardError, match="row 8 of holes and boards: card .* appears more than once"):
        evaluate_omaha_low8_batch(holes, boards)
    with pytest.raises(CardTypeError, match="dtype"):
        evaluate_omaha_low8_batch(holes, boards.astype(np.float32))
    with pytest.raises(InvalidCardError, match=r"holes must have shape \(n, 4\|5\|6\), got \(10, 7\)"):
        evaluate_omaha_low8_batch(deals[:, :7], deals[:, 7:])
    with pytest.raises(InvalidCardError, match="holes has 10 rows but boards has 3"):
        evaluate_omaha_low8_batch(holes, boards[:3])


def test_empty_batch_and_unchecked_garbage_are_safe():
    assert evaluate_low8_batch(np.empty((0, 7), np.uint8)).shape == (0,)
    assert evaluate_omaha_low8_batch(np.empty((0, 4), np.uint8), np.empty((0, 3), np.uint8)).shape == (0,)
    for fill in (0, 255):
        assert evaluate_low8_batch(np.full((50, 7), fill, np.uint8), check=False).shape == (50,)
        assert evaluate_omaha_low8_batch(np.full((50, 6), fill, np.uint8), np.full((50, 5), fill, np.uint8),
                                         check=False).shape == (50,)
