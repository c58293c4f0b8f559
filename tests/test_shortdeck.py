"""The short-deck Hold'em evaluator against the rules (Other games) and the readable reference."""

import itertools
import random

import numpy as np
import pytest
from conftest import all_hands, assert_same_order
from reference_shortdeck import rank_best, rank_five

from pokerhash import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.cards import card_str, cards
from pokerhash.evaluators.shortdeck import (
    MAX_SHORTDECK_VALUE,
    SHORT_DECK,
    ShortDeckCategory,
    best_shortdeck_five,
    describe_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    shortdeck_category,
)

C = ShortDeckCategory
# The published five-card counts of the 36-card deck, derived by hand: straight flush
# 6 windows (five plus A-6-7-8-9) * 4 suits, quads 9 * 8 * 4, flush 4 (C(9,5) - 6),
# full house 9 * 4 * 8 * 6, trips 9 * 4 * C(8,2) * 16, straight 6 (4^5 - 4),
# two pair C(9,2) * 36 * 7 * 4, one pair 9 * 6 * C(8,3) * 64, high card (C(9,5) - 6) * 1020.
FIVE_CARD_COUNTS = {C.STRAIGHT_FLUSH: 24, C.FOUR_OF_A_KIND: 288, C.FLUSH: 480, C.FULL_HOUSE: 1728,
                    C.THREE_OF_A_KIND: 16128, C.STRAIGHT: 6120, C.TWO_PAIR: 36288, C.ONE_PAIR: 193536,
                    C.HIGH_CARD: 122400}
ORDERS = [True, False]


def deck_hands(n: int, width: int, seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    deck = np.array(SHORT_DECK, dtype=np.uint8)
    return np.ascontiguousarray(deck[np.argsort(rng.random((n, 36)), axis=1)[:, :width]])


@pytest.fixture(scope="module")
def every_five():
    return all_hands(SHORT_DECK, 5)


@pytest.mark.smoke
@pytest.mark.parametrize("trips_beat_straight", ORDERS)
def test_every_five_card_hand_matches_the_reference(every_five, trips_beat_straight):
    hands = every_five
    assert len(hands) == 376992
    values = evaluate_shortdeck_batch(hands, trips_beat_straight)
    assert values.min() == 1 and values.max() == MAX_SHORTDECK_VALUE
    assert len(np.unique(values)) == MAX_SHORTDECK_VALUE
    # The reference depends on the sorted ranks and on suitedness: ask it once per pattern.
    ranks = np.sort(hands >> 2, axis=1).astype(np.int64)
    suited = ((hands & 3) == (hands[:, :1] & 3)).all(axis=1)
    pattern = (ranks * 13 ** np.arange(5)).sum(axis=1) * 2 + suited
    _, first, inverse = np.unique(pattern, return_index=True, return_inverse=True)
    inverse = inverse.ravel()
    assert (values == values[first][inverse]).all()  # a pattern has one value
    reference = [rank_five([int(c) for c in hands[i]], trips_beat_straight) for i in first]
    order = sorted(range(len(first)), key=reference.__getitem__)
    assert np.all(np.diff(values[first][order].astype(int)) > 0)  # the same order, strictly

    sizes = np.bincount(inverse)
    counts = {kind: 0 for kind in C}
    for value, size in zip(values[first], sizes):
        counts[shortdeck_category(int(value), trips_beat_straight)] += int(size)
    assert counts == FIVE_CARD_COUNTS


@pytest.mark.parametrize("width, seed", [(6, 1), (7, 2)])
@pytest.mark.parametrize("trips_beat_straight", ORDERS)
def test_six_and_seven_cards_equal_the_best_five(width, seed, trips_beat_straight):
    hands = deck_hands(200_000, width, seed)
    values = evaluate_shortdeck_batch(hands, trips_beat_straight)
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in itertools.combinations(range(width), 5):
        best = np.maximum(best, evaluate_shortdeck_batch(np.ascontiguousarray(hands[:, subset]), trips_beat_straight))
    assert np.array_equal(values, best)
    assert np.array_equal(evaluate_shortdeck_batch(hands, trips_beat_straight, check=False), values)


@pytest.mark.slow
@pytest.mark.parametrize("trips_beat_straight", ORDERS)
def test_every_seven_card_hand_equals_the_best_five(trips_beat_straight):
    hands = all_hands(SHORT_DECK, 7)  # 8,347,680 hands
    values = evaluate_shortdeck_batch(hands, trips_beat_straight)
    best = np.zeros(len(hands), dtype=np.uint16)
    for subset in itertools.combinations(range(7), 5):
        best = np.maximum(best, evaluate_shortdeck_batch(np.ascontiguousarray(hands[:, subset]), trips_beat_straight,
                                                         check=False))
    assert np.array_equal(values, best)


def test_seven_cards_against_the_reference_order():
    hands = deck_hands(3000, 7, 3)
    for trips_beat_straight in ORDERS:
        values = evaluate_shortdeck_batch(hands, trips_beat_straight)
        assert_same_order(values, [rank_best([int(c) for c in h], trips_beat_straight) for h in hands])


@pytest.mark.smoke
def test_per_call_batch_and_best_five_agree():
    for width, seed in ((5, 4), (6, 5), (7, 6)):
        hands = deck_hands(500, width, seed)
        for trips_beat_straight in ORDERS:
            batch = evaluate_shortdeck_batch(hands, trips_beat_straight)
            for row, value in zip(hands.tolist(), batch):
                assert evaluate_shortdeck(row, trips_beat_straight) == value
                assert evaluate_shortdeck(" ".join(map(card_str, row)), trips_beat_straight=trips_beat_straight) == value
                five = best_shortdeck_five(row, trips_beat_straight)
                assert len(five) == 5 and set(five) <= set(row)
                assert evaluate_shortdeck(five, trips_beat_straight) == value


# --- the rules (Other games), statement by statement ----------------------------------------

def test_flush_beats_full_house():
    flush, full = evaluate_shortdeck("6s 7s 8s Ts Qs"), evaluate_shortdeck("As Ah Kc Kh Kd")
    assert flush > full
    assert shortdeck_category(flush) is C.FLUSH and shortdeck_category(full) is C.FULL_HOUSE
    assert evaluate_shortdeck("6s 7s 8s Ts Qs", False) > evaluate_shortdeck("As Ah Kc Kh Kd", False)
    assert evaluate_shortdeck("6c 6d 6h 6s 7c") > flush  # quads still beat a flush


def test_trips_against_straight_in_both_orders():
    trips, straight = "7c 7d 7h Ts Qc", "As 6c 7h 8h 9h"
    assert evaluate_shortdeck(trips) > evaluate_shortdeck(straight)
    assert evaluate_shortdeck(trips, trips_beat_straight=False) < evaluate_shortdeck(straight, trips_beat_straight=False)
    assert shortdeck_category(evaluate_shortdeck(straight, False), False) is C.STRAIGHT
    # the lowest trips against the best straight, and the lowest straight against the best two pair
    assert evaluate_shortdeck("6c 6d 6h 7s 8c") > evaluate_shortdeck("Ac Kd Qh Js Tc")
    assert evaluate_shortdeck("As 6c 7h 8h 9h") > evaluate_shortdeck("Ac Ad Kh Ks Qc")
    assert evaluate_shortdeck("As 6c 7h 8h 9h", False) > evaluate_shortdeck("Ac Ad Ah Ks Qc", False)


def test_a_6_7_8_9_is_the_lowest_straight():
    wheel = evaluate_shortdeck("As 6c 7h 8h 9h")
    assert shortdeck_category(wheel) is C.STRAIGHT
    assert wheel < evaluate_shortdeck("6s 7c 8h 9h Th") < evaluate_shortdeck("Ts Jc Qh Kh Ah")
    suited = evaluate_shortdeck("As 6s 7s 8s 9s")
    assert shortdeck_category(suited) is C.STRAIGHT_FLUSH and suited < evaluate_shortdeck("6s 7s 8s 9s Ts")
    assert shortdeck_category(evaluate_shortdeck("Ks As 6c 7h 8h")) is C.HIGH_CARD  # no wrap


def test_kickers_beyond_five_do_not_count_and_equal_hands_split():
    assert evaluate_shortdeck("Ac Ad Kh Ks Qc 6d 7h") == evaluate_shortdeck("Ac Ad Kh Ks Qd Jd 9h")
    assert evaluate_shortdeck("Ac Ad Kh Ks Qc") == evaluate_shortdeck("Ah As Kc Kd Qs")


@pytest.mark.parametrize("hand, text", [
    ("As Ks Qs Js Ts", "Royal flush"),
    ("As 6s 7s 8s 9s", "Straight flush, nine high (ace low)"),
    ("As 6c 7h 8h 9h", "Straight, nine high (ace low)"),
    ("Ac Kc 9c 8c 6c", "Flush, A-K-9-8-6"),
    ("Kh Kd Ks 6c 6h", "Full house, kings full of sixes"),
    ("7c 7d 7h Ac Kd", "Three of a kind, sevens, A-K kickers"),
    ("Ts Jc Qh Kh Ah", "Straight, ace high (Broadway)"),
])
def test_descriptions(hand, text):
    for trips_beat_straight in ORDERS:
        assert describe_shortdeck(evaluate_shortdeck(hand, trips_beat_straight), trips_beat_straight) == text


def test_best_five_in_significance_order():
    assert best_shortdeck_five("9h 8h 7h 6c As Kd Kc") == cards("9h 8h 7h 6c As")  # the low ace last
    assert best_shortdeck_five("Th Td Tc 6c 7h 8d 9s") == cards("Th Td Tc 9s 8d")
    assert best_shortdeck_five("Th Td Tc 6c 7h 8d 9s", trips_beat_straight=False) == cards("Th 9s 8d 7h 6c")


# --- malformed input ------------------------------------------------------------

@pytest.mark.smoke
@pytest.mark.parametrize("hand, error, message", [
    ("As Ks Qs Js", InvalidCardError, "got 4"),
    ("As Ks Qs Js Ts 9s 8s 7s", InvalidCardError, "got 8"),
    ("As Ks Qs Js As", InvalidCardError, "As appears more than once"),
    ("As Ks Qs Js 5s", InvalidCardError, "5s is not in the 36-card short deck"),
    ([51, 50, 49, 48, 0], InvalidCardError, "2c is not in the 36-card short deck"),
    ([51, 50, 49, 48, 52], InvalidCardError, "52 is outside"),
    ([51, 50, 49, 48, 47.0], CardTypeError, "float"),
    (None, CardTypeError, "NoneType"),
])
def test_per_call_rejects_bad_hands(hand, error, message):
    with pytest.raises(error, match=message):
        evaluate_shortdeck(hand)


@pytest.mark.parametrize("option", [None, 1, 0, "yes", 1.0])
def test_the_order_option_must_be_a_bool(option):
    with pytest.raises(InvalidValueError, match="trips_beat_straight"):
        evaluate_shortdeck("As Ks Qs Js Ts", option)
    with pytest.raises(InvalidValueError, match="trips_beat_straight"):
        evaluate_shortdeck_batch(deck_hands(3, 5, 0), option)
    with pytest.raises(InvalidValueError, match="trips_beat_straight"):
        describe_shortdeck(1, option)
    assert evaluate_shortdeck("As Ks Qs Js Ts", np.bool_(False)) == MAX_SHORTDECK_VALUE


def test_batch_rejects_bad_rows():
    good = deck_hands(600, 7, 8)
    for row, column, card, message in ((300, 3, 3, "row 300 of hands: card 2s is not in the 36-card short deck"),
                                       (5, 0, 255, "row 5 of hands: card 255 is outside"),
                                       (599, 6, None, "row 599 of hands: card .* appears more than once")):
        bad = good.copy()
        bad[row, column] = bad[row, 0 if column else 1] if card is None else card
        with pytest.raises(InvalidCardError, match=message):
            evaluate_shortdeck_batch(bad)
    wide = good.astype(np.int64)
    wide[1, 1] = 15 + 256  # must not wrap to a card of the deck
    with pytest.raises(InvalidCardError, match="row 1 of hands"):
        evaluate_shortdeck_batch(wide)
    with pytest.raises(InvalidCardError, match="shape"):
        evaluate_shortdeck_batch(good[:, :4])
    with pytest.raises(CardTypeError, match="dtype"):
        evaluate_shortdeck_batch(good.astype(float))
    assert evaluate_shortdeck_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    garbage = np.full((100, 7), 255, dtype=np.uint8)
    assert evaluate_shortdeck_batch(garbage, check=False).shape == (100,)  # meaningless, but memory-safe


@pytest.mark.parametrize("value", [0, MAX_SHORTDECK_VALUE + 1, -1, 1.0, True, "3"])
def test_values_outside_the_scale_are_rejected(value):
    with pytest.raises(InvalidValueError):
        shortdeck_category(value)
    with pytest.raises(InvalidValueError):
        describe_shortdeck(value)


# --- pokerkit cross-check ---------------------------------------------------------

def test_order_agrees_with_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    rng = random.Random(9)
    deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
    for width in (5, 7):
        hands = [rng.sample(SHORT_DECK, width) for _ in range(1500)]
        ours = [evaluate_shortdeck(h, trips_beat_straight=False) for h in hands]  # pokerkit's order
        theirs = [pokerkit.ShortDeckHoldemHand.from_game([deck[c] for c in h[:2]], [deck[c] for c in h[2:]])
                  for h in hands]
        assert_same_order(ours, theirs)
