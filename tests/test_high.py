"""The standard high evaluator against the rules (Standard hand ranking) and the readable reference."""

import itertools
import random

import numpy as np
import pytest
from conftest import random_hands
from reference_high import rank_best, rank_five

import pokerhash as ph
from pokerhash import CardTypeError, HandCategory, InvalidCardError, InvalidValueError

FIVE_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 40,
    HandCategory.FOUR_OF_A_KIND: 624,
    HandCategory.FULL_HOUSE: 3744,
    HandCategory.FLUSH: 5108,
    HandCategory.STRAIGHT: 10200,
    HandCategory.THREE_OF_A_KIND: 54912,
    HandCategory.TWO_PAIR: 123552,
    HandCategory.ONE_PAIR: 1098240,
    HandCategory.HIGH_CARD: 1302540,
}
SIX_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 1844,
    HandCategory.FOUR_OF_A_KIND: 14664,
    HandCategory.FULL_HOUSE: 165984,
    HandCategory.FLUSH: 205792,
    HandCategory.STRAIGHT: 361620,
    HandCategory.THREE_OF_A_KIND: 732160,
    HandCategory.TWO_PAIR: 2532816,
    HandCategory.ONE_PAIR: 9730740,
    HandCategory.HIGH_CARD: 6612900,
}
SEVEN_CARD_COUNTS = {
    HandCategory.STRAIGHT_FLUSH: 41584,
    HandCategory.FOUR_OF_A_KIND: 224848,
    HandCategory.FULL_HOUSE: 3473184,
    HandCategory.FLUSH: 4047644,
    HandCategory.STRAIGHT: 6180020,
    HandCategory.THREE_OF_A_KIND: 6461620,
    HandCategory.TWO_PAIR: 31433400,
    HandCategory.ONE_PAIR: 58627800,
    HandCategory.HIGH_CARD: 23294460,
}


@pytest.mark.smoke
def test_all_five_card_hands_match_the_reference(all_five_card_hands):
    hands = all_five_card_hands
    values = ph.evaluate_batch(hands)
    assert len(np.unique(values)) == 7462
    assert values.min() == 1 and values.max() == 7462

    # The reference's rank depends on the sorted ranks and on whether the hand is
    # suited, so group the 2,598,960 hands by that pattern (7462 patterns) and ask
    # the reference once per pattern.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    pattern = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + suited
    patterns, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    assert len(patterns) == 7462
    # every hand of a pattern has the pattern's value
    assert (values == values[first][inverse.ravel()]).all()
    reference = [rank_five([int(c) for c in hands[i]]) for i in first]
    # same order: sorting by the reference sorts the values strictly
    order = sorted(range(len(first)), key=lambda i: reference[i])
    assert np.all(np.diff(values[first][order].astype(int)) > 0)
    # category counts of the rules (Standard hand ranking)
    categories = [ph.category(int(v)) for v in values[first]]
    counts = {c: 0 for c in HandCategory}
    sizes = np.bincount(inverse.ravel())
    for cat, size in zip(categories, sizes):
        counts[cat] += int(size)
    assert counts == FIVE_CARD_COUNTS
    assert all(reference[i][0] == int(categories[i]) for i in range(len(first)))
    # The enumeration (which shares one lookup among the last card's suits where
    # no flush is possible) counts every value exactly as often as the batch finds it.
    assert (ph._core.value_histogram(5) == np.bincount(values, minlength=7463)).all()


def test_random_five_card_hands_one_by_one_against_reference():
    rng = random.Random(5)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    values = [ph.evaluate(h) for h in hands]
    refs = [rank_five(h) for h in hands]
    for (v1, r1), (v2, r2) in zip(zip(values, refs), zip(values[1:], refs[1:])):
        assert (v1 < v2) == (r1 < r2) and (v1 == v2) == (r1 == r2)


def test_category_counts_of_every_seven_card_hand():
    assert ph.category_counts(7) == SEVEN_CARD_COUNTS
    assert ph.category_counts(5) == FIVE_CARD_COUNTS
    assert ph.category_counts(6) == SIX_CARD_COUNTS
    assert sum(SIX_CARD_COUNTS.values()) == 20358520


@pytest.mark.parametrize("width, seed", [(6, 1), (7, 2)])
def test_six_and_seven_cards_equal_best_five_subset(width, seed):
    hands = random_hands(1_000_000, width, seed)
    values = ph.evaluate_batch(hands)
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in itertools.combinations(range(width), 5):
        best = np.maximum(best, ph.evaluate_batch(np.ascontiguousarray(hands[:, subset])))
    assert np.array_equal(values, best)


def test_seven_cards_against_reference_order():
    hands = random_hands(4000, 7, 3)
    values = ph.evaluate_batch(hands)
    refs = [rank_best([int(c) for c in h]) for h in hands]
    order = np.argsort(values, kind="stable")
    for a, b in zip(order, order[1:]):
        assert (values[a] == values[b]) == (refs[a] == refs[b])
        assert refs[a] <= refs[b]


@pytest.mark.smoke
def test_per_call_batch_and_best_five_agree():
    for width, seed in ((5, 4), (6, 5), (7, 6)):
        hands = random_hands(2000, width, seed)
        batch = ph.evaluate_batch(hands)
        for row, value in zip(hands, batch):
            as_list = [int(c) for c in row]
            assert ph.evaluate(as_list) == value
            assert ph.evaluate(tuple(as_list)) == value
            assert ph.evaluate(" ".join(ph.card_str(c) for c in as_list)) == value
            five = ph.best_five(as_list)
            assert len(five) == 5 and set(five) <= set(as_list) and ph.evaluate(five) == value


def test_batch_accepts_other_integer_dtypes_and_non_contiguous_arrays():
    hands = random_hands(1000, 7, 7)
    expected = ph.evaluate_batch(hands)
    for dtype in (np.int8, np.int16, np.int32, np.int64, np.uint16, np.uint64):
        assert np.array_equal(ph.evaluate_batch(hands.astype(dtype)), expected)
    fortran = np.asfortranarray(hands)
    assert np.array_equal(ph.evaluate_batch(fortran), expected)
    strided = np.zeros((1000, 14), dtype=np.uint8)
    strided[:, ::2] = hands
    assert np.array_equal(ph.evaluate_batch(strided[:, ::2]), expected)
    assert np.array_equal(ph.evaluate_batch(hands.tolist()), expected)
    assert np.array_equal(ph.evaluate_batch(hands, check=False), expected)
    assert ph.evaluate_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert ph.evaluate_batch(hands).dtype == np.uint16


@pytest.mark.smoke
@pytest.mark.parametrize(
    "hand, error, message",
    [
        ("As Ks Qs Js", InvalidCardError, "got 4"),
        ("As Ks Qs Js Ts 9s 8s 7s", InvalidCardError, "got 8"),
        ("As Ks Qs Js As", InvalidCardError, "As appears more than once"),
        ([51, 50, 49, 48, 52], InvalidCardError, "52 is outside"),
        ([51, 50, 49, 48, -1], InvalidCardError, "-1 is outside"),
        ("As Ks Qs Js Tx", InvalidCardError, "cannot read"),
        ([51, 50, 49, 48, 47.0], CardTypeError, "float"),
        ([51, 50, 49, 48, True], CardTypeError, "bool"),
        (12345, CardTypeError, "int"),
        (None, CardTypeError, "NoneType"),
    ],
)
def test_evaluate_rejects_bad_hands(hand, error, message):
    with pytest.raises(error, match=message):
        ph.evaluate(hand)


@pytest.mark.smoke
def test_evaluate_batch_rejects_bad_arrays():
    good = random_hands(10, 7, 8)
    bad = good.copy()
    bad[6, 3] = bad[6, 1]
    with pytest.raises(InvalidCardError, match="row 6 of hands: card .* appears more than once"):
        ph.evaluate_batch(bad)
    wide = good.astype(np.int64)
    wide[3, 0] = 300  # must not wrap to 44 when converted to uint8
    with pytest.raises(InvalidCardError, match="row 3 of hands: card 300 is outside 0..51"):
        ph.evaluate_batch(wide)
    negative = good.astype(np.int16)
    negative[2, 2] = -1
    with pytest.raises(InvalidCardError, match="row 2 of hands"):
        ph.evaluate_batch(negative)
    high = good.copy()
    high[9, 4] = 60
    with pytest.raises(InvalidCardError, match="row 9 of hands: card 60 is outside"):
        ph.evaluate_batch(high)
    with pytest.raises(CardTypeError, match="dtype float64"):
        ph.evaluate_batch(good.astype(float))
    with pytest.raises(CardTypeError, match="dtype bool"):
        ph.evaluate_batch(good.astype(bool))
    with pytest.raises(InvalidCardError, match=r"shape \(n, 5\|6\|7\), got \(10, 4\)"):
        ph.evaluate_batch(good[:, :4])
    with pytest.raises(InvalidCardError, match="shape"):
        ph.evaluate_batch(good.ravel())
    with pytest.raises(CardTypeError):
        ph.evaluate_batch([["As", "Ks", "Qs", "Js", "Ts"]])


@pytest.mark.smoke
def test_unchecked_garbage_is_memory_safe():
    garbage = np.full((100, 7), 255, dtype=np.uint8)
    values = ph.evaluate_batch(garbage, check=False)  # meaningless, but must not crash
    assert values.shape == (100,)


@pytest.mark.smoke
@pytest.mark.parametrize(
    "hand, text",
    [
        ("As Ks Qs Js Ts", "Royal flush"),
        ("9h 8h 7h 6h 5h", "Straight flush, nine high"),
        ("5d 4d 3d 2d Ad", "Straight flush, five high (steel wheel)"),
        ("Ah Ad Ac As Kd", "Four of a kind, aces, king kicker"),
        ("Kh Kd Ks 4c 4h", "Full house, kings full of fours"),
        ("Ac Kc 9c 7c 4c", "Flush, A-K-9-7-4"),
        ("Ad Kd Qc Js Th", "Straight, ace high (Broadway)"),
        ("5c 4d 3h 2s Ac", "Straight, five high (wheel)"),
        ("9c 8d 7h 6s 5c", "Straight, nine high"),
        ("7c 7d 7h Ac Kd", "Three of a kind, sevens, A-K kickers"),
        ("As Ad 8c 8h Kd", "Two pair, aces and eights, king kicker"),
        ("Jc Jd Ac 9d 4s", "Pair of jacks, A-9-4 kickers"),
        ("7c 5d 4h 3s 2c", "High card, 7-5-4-3-2"),
    ],
)
def test_describe(hand, text):
    assert ph.describe(ph.evaluate(hand)) == text


def test_extremes_and_categories():
    assert ph.evaluate("As Ks Qs Js Ts") == 7462
    assert ph.evaluate("7c 5d 4h 3s 2c") == 1
    assert ph.category(7462) is HandCategory.STRAIGHT_FLUSH
    assert ph.category(1) is HandCategory.HIGH_CARD
    assert ph.evaluate("Ks Qs Js Ts 9s As Ah") == 7462  # kickers beyond five never count
    assert ph.evaluate("Kc Ad 2h 3s 4c") < ph.evaluate("5c 4d 3h 2s Ac")  # no wrap-around straight


def test_every_strength_has_a_description():
    seen = {ph.describe(v) for v in range(1, 7463)}
    assert len(seen) == 7462


def test_best_five_orders_by_significance():
    assert ph.cards_str(ph.best_five("4c Kh 4h Kd Ks 2c 3d")) == "Ks Kh Kd 4h 4c"
    assert ph.cards_str(ph.best_five("Ac 2d 3h 4s 5c 9d 9h")) == "5c 4s 3h 2d Ac"


def test_cactus_kev_conversion():
    assert ph.to_cactus_kev(7462) == 1 and ph.to_cactus_kev(1) == 7462
    assert all(ph.from_cactus_kev(ph.to_cactus_kev(v)) == v for v in range(1, 7463))
    for bad in (0, 7463, -5, 1.5, True):
        with pytest.raises(InvalidValueError):
            ph.to_cactus_kev(bad)
        with pytest.raises(InvalidValueError):
            ph.from_cactus_kev(bad)
    with pytest.raises(InvalidValueError):
        ph.category(0)
    with pytest.raises(InvalidValueError):
        ph.category_counts(4)


def test_cactus_kev_matches_phevaluator():
    phevaluator = pytest.importorskip("phevaluator")
    hands = random_hands(20000, 7, 9)
    ours = ph.evaluate_batch(hands)
    for row, value in zip(hands, ours):
        assert phevaluator.evaluate_cards(*[int(c) for c in row]) == ph.to_cactus_kev(int(value))


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_lanes_equal_per_call_at_every_length_and_flush_mix(width):
    """The batch loop values four hands at a time (csrc/high.h ph_evaluate_lanes):
    every tail length (0 to 17: several widths of four plus every remainder), a
    large batch, and blocks with and without flushes give the per-call values."""
    rng = np.random.default_rng(width)
    suited = [[r * 4 + s for r in rng.choice(13, size=width, replace=False)] for s in (0, 3) for _ in range(400)]
    hands = random_hands(9_000, width, width).tolist() + suited
    rng.shuffle(hands)
    expected_all = [ph.evaluate(h) for h in hands]
    for n in list(range(18)) + [1001, len(hands)]:
        rows = np.array(hands[:n], dtype=np.uint8).reshape(n, width)
        for check in (False, True):
            assert ph.evaluate_batch(rows, check=check).tolist() == expected_all[:n]


def test_seven_card_hash_holds_every_rank_multiset():
    """Seven-card hands go through their own hash (csrc/gen/high_tables.py,
    SEVEN_ROW_BITS): for every multiset of seven ranks, without a flush, the value
    equals the best of its 21 five-card subsets, valued through the other hash."""
    rows = []
    for ranks in itertools.combinations_with_replacement(range(13), 7):
        if max(ranks.count(r) for r in ranks) <= 4:
            # Suits in turn: a rank's cards get distinct suits, no suit gets five.
            rows.append([rank * 4 + k % 4 for k, rank in enumerate(ranks)])
    hands = np.array(rows, dtype=np.uint8)
    assert len(hands) == 49_205
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in itertools.combinations(range(7), 5):
        best = np.maximum(best, ph.evaluate_batch(np.ascontiguousarray(hands[:, subset])))
    for check in (False, True):
        assert np.array_equal(ph.evaluate_batch(hands, check=check), best)
    assert [ph.evaluate(h) for h in rows[::97]] == best[::97].tolist()


@pytest.mark.parametrize("check", [False, True])
def test_seven_card_batch_loops_with_flushes_in_any_row_of_a_pair(check):
    """The seven-card loops value rows two at a time (csrc/high.h), taking the slower
    path when either row of a pair has a flush: hands from two suits (most of them a
    flush) mixed with random hands, at every offset, equal their best five cards."""
    rng = np.random.default_rng(26)
    suited = np.array([rng.choice(np.arange(52).reshape(13, 4)[:, :2].ravel(), 7, replace=False)
                       for _ in range(3000)], dtype=np.uint8)
    hands = random_hands(3000, 7, 26)
    mixed = np.where(rng.random(3000)[:, None] < 0.5, suited, hands)
    for rows in (suited, mixed, mixed[1:], mixed[3:1003]):
        rows = np.ascontiguousarray(rows)
        best = np.zeros(len(rows), dtype=np.uint16)
        for subset in itertools.combinations(range(7), 5):
            best = np.maximum(best, ph.evaluate_batch(np.ascontiguousarray(rows[:, subset])))
        assert np.array_equal(ph.evaluate_batch(rows, check=check), best)
