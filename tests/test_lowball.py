"""A-5 low (razz) and 2-7 low against the rules (Other games) and the readable references."""

import itertools
import random

import numpy as np
import pytest
from conftest import assert_same_order, random_hands
from reference_lowball import a5_badness, a5_best, deuce7_badness

from pokerhash import CardTypeError, HandCategory, InvalidCardError, InvalidValueError
from pokerhash.cards import card_str, cards
from pokerhash.evaluators.lowball import (
    BEST_A5_LOW,
    BEST_DEUCE7,
    a5_low_category,
    best_a5_low_five,
    deuce7_category,
    describe_a5_low,
    describe_deuce7,
    evaluate_a5_low,
    evaluate_a5_low_batch,
    evaluate_deuce7,
    evaluate_deuce7_batch,
)

H = HandCategory
# Every five-card hand, counted by hand. A-5 ignores straights and flushes: no pair
# C(13,5) * 4^5, one pair 13 * 6 * C(12,3) * 64, two pair C(13,2) * 36 * 11 * 4,
# trips 13 * 4 * C(12,2) * 16, full house 13 * 4 * 12 * 6, quads 13 * 12 * 4.
A5_COUNTS = {H.HIGH_CARD: 1317888, H.ONE_PAIR: 1098240, H.TWO_PAIR: 123552, H.THREE_OF_A_KIND: 54912,
             H.FULL_HOUSE: 3744, H.FOUR_OF_A_KIND: 624}
# 2-7: nine straights (six high to ace high, no wheel): straight flush 9 * 4, straight
# 9 * 1020, flush 4 * (C(13,5) - 9), high card (C(13,5) - 9) * 1020; the pairs as above.
DEUCE7_COUNTS = {H.STRAIGHT_FLUSH: 36, H.FOUR_OF_A_KIND: 624, H.FULL_HOUSE: 3744, H.FLUSH: 5112,
                 H.STRAIGHT: 9180, H.THREE_OF_A_KIND: 54912, H.TWO_PAIR: 123552, H.ONE_PAIR: 1098240,
                 H.HIGH_CARD: 1303560}


def check_against_reference(hands, values, reference, category, counts, n_values):
    """Every hand of a pattern (sorted ranks, suited) has one value; sorting the patterns
    by the reference (worst first) sorts the values strictly upwards; category counts."""
    assert len(np.unique(values)) == n_values and values.min() == 1 and values.max() == n_values
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    pattern = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + suited
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    assert (values == values[first][inverse]).all()
    badness = [reference([int(c) for c in hands[i]]) for i in first]
    order = sorted(range(len(first)), key=badness.__getitem__, reverse=True)
    pattern_values = values[first][order].astype(int)
    steps = np.diff(pattern_values)
    # strictly better as the reference's badness decreases; equal only for equal badness
    assert all(s > 0 or badness[order[i]] == badness[order[i + 1]] for i, s in enumerate(steps))
    assert (steps >= 0).all()
    found = {kind: 0 for kind in counts}
    for value, size in zip(values[first], np.bincount(inverse)):
        found[category(int(value))] += int(size)
    assert found == counts


def test_every_five_card_a5_low(all_five_card_hands):
    values = evaluate_a5_low_batch(all_five_card_hands)
    check_against_reference(all_five_card_hands, values, a5_badness, a5_low_category, A5_COUNTS, BEST_A5_LOW)


@pytest.mark.smoke
def test_every_five_card_deuce7(all_five_card_hands):
    values = evaluate_deuce7_batch(all_five_card_hands)
    check_against_reference(all_five_card_hands, values, deuce7_badness, deuce7_category, DEUCE7_COUNTS, BEST_DEUCE7)


@pytest.mark.parametrize("width, seed", [(6, 1), (7, 2)])
def test_a5_six_and_seven_cards_equal_the_best_five(width, seed):
    hands = random_hands(500_000, width, seed)
    values = evaluate_a5_low_batch(hands)
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in itertools.combinations(range(width), 5):
        best = np.maximum(best, evaluate_a5_low_batch(np.ascontiguousarray(hands[:, subset])))
    assert np.array_equal(values, best)
    assert np.array_equal(evaluate_a5_low_batch(hands, check=False), values)


def test_a5_hands_of_few_ranks_equal_the_best_five():
    # The hands that must play a pair take the C code's second path: every rank
    # multiset of 6 or 7 cards with fewer than five ranks, one hand each, against the
    # best of its five-card subsets (every five-card hand is checked above).
    for size in (6, 7):
        hands = np.array([[r * 4 + i % 4 for i, r in enumerate(ranks)]  # equal ranks together: distinct suits
                          for ranks in itertools.combinations_with_replacement(range(13), size)
                          if len(set(ranks)) < 5 and all(ranks.count(r) <= 4 for r in ranks)], dtype=np.uint8)
        best = np.zeros(len(hands), dtype=np.uint16)
        for subset in itertools.combinations(range(size), 5):
            best = np.maximum(best, evaluate_a5_low_batch(np.ascontiguousarray(hands[:, subset])))
        assert np.array_equal(evaluate_a5_low_batch(hands), best)


def test_seven_card_a5_against_the_reference():
    hands = random_hands(3000, 7, 3)
    values = evaluate_a5_low_batch(hands)
    refs = [a5_best([int(c) for c in h]) for h in hands]
    order = np.argsort(values, kind="stable")
    for a, b in zip(order, order[1:]):
        assert (values[a] == values[b]) == (refs[a] == refs[b]) and refs[a] >= refs[b]


@pytest.mark.smoke
def test_per_call_batch_and_best_five_agree():
    for width, seed in ((5, 4), (6, 5), (7, 6)):
        hands = random_hands(500, width, seed)
        batch = evaluate_a5_low_batch(hands)
        for row, value in zip(hands.tolist(), batch):
            assert evaluate_a5_low(row) == evaluate_a5_low(" ".join(map(card_str, row))) == value
            five = best_a5_low_five(row)
            assert len(five) == 5 and set(five) <= set(row) and evaluate_a5_low(five) == value
    hands = random_hands(2000, 5, 7)
    for row, value in zip(hands.tolist(), evaluate_deuce7_batch(hands)):
        assert evaluate_deuce7(row) == evaluate_deuce7(tuple(row)) == value
    assert np.array_equal(evaluate_deuce7_batch(hands, check=False), evaluate_deuce7_batch(hands))


# --- the rules (Other games), statement by statement ----------------------------------------

def test_a5_low_rules():
    a5 = evaluate_a5_low
    assert a5("5c 4d 3h 2s Ac") == BEST_A5_LOW  # A-2-3-4-5 is the best, straight or not
    assert a5("5c 4c 3c 2c Ac") == BEST_A5_LOW  # flushes are ignored
    assert a5("7c 5d 4h 2s Ac") > a5("7d 6c 3h 2c As")  # 7-5-4-2-A beats 7-6-3-2-A
    assert a5("Kc Qd Jh Ts 9c") > a5("Ac Ad 2h 3s 4c")  # any hand without a pair beats any pair
    assert a5("Kc Kd Qh Js Tc") > a5("Ac Ad 2h 2s 3c")  # one pair beats two pair
    assert a5("2c 2d 3h 3s Kc") > a5("Ac Ad Ah 2s 3c") > a5("Ac Ad Ah 2s 2c") > a5("Ac Ad Ah As 2c")
    assert a5("2c 2d 7h 5s 4c") > a5("3c 3d 4h 5s 6c")  # the lower pair wins
    assert a5("Ac 2d 3h 4s 5c Kd Kh") == BEST_A5_LOW  # kickers beyond five never count
    assert a5("Ac Ad 2h 2s 3c 3d 4h") < a5("Kc Qd Jh Ts 9c")  # four ranks in seven cards: a pair must play
    assert describe_a5_low(a5("Ac Ad 2h 2s 3c 3d 4h")) == "pair of aces, 4-3-2"  # must play a pair


def test_deuce7_rules():
    d7 = evaluate_deuce7
    assert d7("7c 5d 4h 3s 2c") == BEST_DEUCE7
    assert d7("7c 5c 4c 3c 2c") < d7("Kc Qd Jh 9s 8c")  # a flush counts against the hand
    assert d7("6c 5d 4h 3s 2c") < d7("Ac Kd Qh Js 9c")  # so does a straight
    assert d7("Ac 2d 3h 4s 5c") > d7("6c 5d 4h 3s 2c")  # A-2-3-4-5 is ace high, no straight
    assert d7("Ac 2d 3h 4s 5c") < d7("Kc 5d 4h 3s 2c")  # and ace high is worse than king high
    assert d7("8c 6d 5h 4s 3c") < d7("7c 6d 5h 4s 2c") < d7("7c 5d 4h 3s 2c")
    assert d7("Ac Kd Qh Js 9c") > d7("2c 2d 3h 4s 5c")  # any unpaired hand beats a pair
    assert deuce7_category(d7("As Ks Qs Js Ts")) is H.STRAIGHT_FLUSH and d7("As Ks Qs Js Ts") == 1


@pytest.mark.parametrize("hand, text", [
    ("7c 5d 4h 2s Ac", "7-5-4-2-A"),
    ("3c 3d 7h 5s Ac", "pair of threes, 7-5-A"),
    ("4c 4d 3h 3s 7c", "two pair, fours and threes, 7"),
    ("7c 7d 7h 5s Ac", "three of a kind, sevens, 5-A"),
    ("Ac Ad Ah 2s 2c", "full house, aces full of deuces"),
    ("Kc Kd Kh Ks Qc", "four of a kind, kings, Q"),
])
def test_a5_descriptions(hand, text):
    assert describe_a5_low(evaluate_a5_low(hand)) == text


@pytest.mark.parametrize("hand, text", [
    ("7c 5d 4h 3s 2c", "7-5-4-3-2"),
    ("8c 6d 5h 4s 3c", "8-6-5-4-3"),
    ("Ac 2d 3h 4s 5c", "A-5-4-3-2"),
    ("2c 2d 8h 7s 5c", "pair of deuces, 8-7-5"),
    ("6c 5d 4h 3s 2c", "straight, 6-5-4-3-2"),
    ("Kc 8c 6c 4c 3c", "flush, K-8-6-4-3"),
    ("7c 6c 5c 4c 3c", "straight flush, 7-6-5-4-3"),
])
def test_deuce7_descriptions(hand, text):
    assert describe_deuce7(evaluate_deuce7(hand)) == text


def test_best_a5_five_in_significance_order():
    assert best_a5_low_five("7c 5d 4h 2s Ac Kd Kh") == cards("7c 5d 4h 2s Ac")
    pair_of_aces = best_a5_low_five("3c 3d 7h 5s Ac Ad 7d")  # four ranks: the lowest pair plays
    assert pair_of_aces[:2] == cards("Ad Ac") and [c >> 2 for c in pair_of_aces[2:]] == [5, 3, 1]


# --- malformed input ------------------------------------------------------------

@pytest.mark.smoke
@pytest.mark.parametrize("evaluate, hand, error, message", [
    (evaluate_a5_low, "As Ks Qs Js", InvalidCardError, "got 4"),
    (evaluate_a5_low, "As Ks Qs Js Ts 9s 8s 7s", InvalidCardError, "got 8"),
    (evaluate_a5_low, "As Ks Qs Js As", InvalidCardError, "As appears more than once"),
    (evaluate_a5_low, [51, 50, 49, 48, 52], InvalidCardError, "52 is outside"),
    (evaluate_a5_low, [51, 50, 49, 48, 1.5], CardTypeError, "float"),
    (evaluate_deuce7, "As Ks Qs Js Ts 9s", InvalidCardError, "expected 5 cards, got 6"),
    (evaluate_deuce7, "As Ks Qs Js", InvalidCardError, "got 4"),
    (evaluate_deuce7, "As Ks Qs Js Js", InvalidCardError, "Js appears more than once"),
    (evaluate_deuce7, "As Ks Qs Js 1s", InvalidCardError, "cannot read"),
    (evaluate_deuce7, None, CardTypeError, "NoneType"),
])
def test_per_call_rejects_bad_hands(evaluate, hand, error, message):
    with pytest.raises(error, match=message):
        evaluate(hand)


@pytest.mark.parametrize("batch, widths", [(evaluate_a5_low_batch, (5, 6, 7)), (evaluate_deuce7_batch, (5,))])
def test_batch_rejects_bad_rows(batch, widths):
    good = random_hands(600, widths[-1], 8)
    for row, column, card, message in ((300, 3, 52, "row 300 of hands: card 52 is outside"),
                                       (5, 0, 255, "row 5 of hands: card 255 is outside"),
                                       (599, 4, None, "row 599 of hands: card .* appears more than once")):
        bad = good.copy()
        bad[row, column] = bad[row, 0 if column else 1] if card is None else card
        with pytest.raises(InvalidCardError, match=message):
            batch(bad)
    wide = good.astype(np.int64)
    wide[1, 1] = 300  # must not wrap to 44
    with pytest.raises(InvalidCardError, match="row 1 of hands: card 300"):
        batch(wide)
    with pytest.raises(InvalidCardError, match="shape"):
        batch(good[:, :4])
    with pytest.raises(CardTypeError, match="dtype"):
        batch(good.astype(float))
    assert batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    assert batch(np.full((100, widths[-1]), 255, dtype=np.uint8), check=False).shape == (100,)  # memory-safe


@pytest.mark.parametrize("describe, best", [(describe_a5_low, BEST_A5_LOW), (describe_deuce7, BEST_DEUCE7)])
def test_values_outside_the_scale_are_rejected(describe, best):
    for value in (0, best + 1, -1, 2.0, True, "3"):
        with pytest.raises(InvalidValueError):
            describe(value)


# --- pokerkit cross-checks --------------------------------------------------------

def test_a5_low_agrees_with_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
    rng = random.Random(11)
    for width in (5, 7):
        hands = [rng.sample(range(52), width) for _ in range(1500)]
        theirs = [pokerkit.RegularLowHand.from_game([deck[c] for c in h]) for h in hands]
        assert_same_order([evaluate_a5_low(h) for h in hands], theirs)


def test_deuce7_agrees_with_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
    rng = random.Random(12)
    hands = [rng.sample(range(52), 5) for _ in range(3000)]
    hands += [[r * 4 + s for r, s in zip(ranks, (0, 0, 0, 0, 0))] for ranks in ((12, 0, 1, 2, 3), (4, 3, 2, 1, 0))]
    theirs = [pokerkit.StandardLowHand([deck[c] for c in h]) for h in hands]
    assert_same_order([evaluate_deuce7(h) for h in hands], theirs)
