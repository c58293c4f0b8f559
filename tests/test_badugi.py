"""The badugi evaluator against the rules (Other games) and the readable reference."""

import random
from collections import Counter

import numpy as np
import pytest
from conftest import all_hands, assert_same_order, random_hands
from reference_badugi import badugi_key

from pokerhash import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.evaluators.badugi import (
    BEST_BADUGI,
    badugi_size,
    best_badugi_cards,
    describe_badugi,
    evaluate_badugi,
    evaluate_badugi_batch,
)
from pokerhash.cards import card_str, cards

# Four-card hands by the number of cards that play, counted by hand from the suit
# shape. One card per suit (13^4 hands): as many play as there are ranks, 4: 13*12*11*10,
# 3: C(13,3) * S(4,3) * 3! = 10,296, 2: C(13,2) * S(4,2) * 2! = 1092, 1: 13. Two cards in
# one suit and one in each of two others (12 suit choices * C(13,2) * 13^2): three play
# when the singles differ and the pair is not their two ranks, 12 * 13*12 * 77 = 144,144,
# else two (14,040). Two and two (6 * 78^2) and three and one (12 * 286 * 13): always two.
# Four of one suit (4 * C(13,4) = 2860): one.
SIZE_COUNTS = {4: 17160, 3: 10296 + 144144, 2: 1092 + 14040 + 6 * 78 ** 2 + 12 * 286 * 13, 1: 13 + 2860}


def canonical(hand):
    """The hand with its suits renamed in order of first appearance (cards sorted):
    badugi does not care which suit is which, so the reference runs once per shape."""
    names = {}
    return tuple(sorted((c >> 2) * 4 + names.setdefault(c & 3, len(names)) for c in sorted(hand)))


def test_every_four_card_hand_matches_the_reference():
    hands = all_hands(range(52), 4)
    assert len(hands) == 270725
    values = evaluate_badugi_batch(hands)
    assert values.min() == 1 and values.max() == BEST_BADUGI and len(np.unique(values)) == BEST_BADUGI
    shapes = [canonical(h) for h in hands.tolist()]
    value_of_shape = {}
    for shape, value in zip(shapes, values.tolist()):
        assert value_of_shape.setdefault(shape, value) == value  # suits' names do not matter
    keys = {shape: badugi_key(shape) for shape in value_of_shape}
    order = sorted(value_of_shape, key=keys.__getitem__)
    for a, b in zip(order, order[1:]):
        assert (keys[a] == keys[b]) == (value_of_shape[a] == value_of_shape[b])
        assert value_of_shape[a] <= value_of_shape[b]
    assert Counter(badugi_size(v) for v in values.tolist()) == SIZE_COUNTS
    assert all(badugi_size(value_of_shape[s]) == keys[s][0] for s in order)
    assert np.array_equal(evaluate_badugi_batch(hands, check=False), values)


@pytest.mark.smoke
def test_per_call_batch_and_best_cards_agree():
    hands = random_hands(2000, 4, 3)
    for row, value in zip(hands.tolist(), evaluate_badugi_batch(hands)):
        assert evaluate_badugi(row) == evaluate_badugi(" ".join(map(card_str, row))) == value
        played = best_badugi_cards(row)
        assert len(played) == badugi_size(value) and set(played) <= set(row)
        assert len({c >> 2 for c in played}) == len(played) == len({c & 3 for c in played})


# --- the rules (Other games), statement by statement ----------------------------------------

def test_badugi_rules():
    b = evaluate_badugi
    assert b("Ac 2d 3h 4s") == BEST_BADUGI
    assert b("Kc Qd Jh Ts") > b("Ac 2d 3h 3s")  # any four-card badugi beats every three-card hand
    assert b("Kc Qd Jh Js") > b("Ac 2d 3d 3c")  # a three-card hand beats a two-card hand
    assert b("8c 6d 3h As") > b("8c 7d 2h As")  # from the highest card down, lower wins
    assert b("7c 4d 2h Kh") == b("7c 4d 2h 7h")  # a card that cannot play never counts
    assert b("Ac 2c 3c 4c") == b("Ad Kd Qd Jd") == b("As Ac Ad Ah")  # one suit, one rank: one card plays
    assert badugi_size(b("Ah 2s 2d 3s")) == 3  # A-2-3 playing the two of diamonds, not A-2


@pytest.mark.parametrize("hand, text", [
    ("8c 6d 3h As", "4-card badugi, 8-6-3-A"),
    ("7c 4d 2h Kh", "3-card 7-4-2"),
    ("5c Ac 5d Ad", "2-card 5-A"),
    ("Kc Kd Kh Ks", "1-card K"),
])
def test_descriptions(hand, text):
    assert describe_badugi(evaluate_badugi(hand)) == text


def test_best_cards():
    assert best_badugi_cards("8c 6d 3h As") == cards("8c 6d 3h As")
    assert best_badugi_cards("Ah 2s 2d 3s") == cards("3s 2d Ah")


# --- malformed input ------------------------------------------------------------

@pytest.mark.smoke
@pytest.mark.parametrize("hand, error, message", [
    ("As Ks Qs", InvalidCardError, "expected 4 cards, got 3"),
    ("As Ks Qs Js Ts", InvalidCardError, "got 5"),
    ("As Ks Qs As", InvalidCardError, "As appears more than once"),
    ([51, 50, 49, 52], InvalidCardError, "52 is outside"),
    ([51, 50, 49, "Zz"], InvalidCardError, "not a card"),
    ([51, 50, 49, 1.0], CardTypeError, "float"),
    (7, CardTypeError, "int"),
])
def test_per_call_rejects_bad_hands(hand, error, message):
    with pytest.raises(error, match=message):
        evaluate_badugi(hand)


@pytest.mark.smoke
def test_batch_rejects_bad_rows():
    good = random_hands(600, 4, 8)
    for row, column, card, message in ((300, 3, 52, "row 300 of hands: card 52 is outside"),
                                       (599, 2, None, "row 599 of hands: card .* appears more than once")):
        bad = good.copy()
        bad[row, column] = bad[row, 0] if card is None else card
        with pytest.raises(InvalidCardError, match=message):
            evaluate_badugi_batch(bad)
    wide = good.astype(np.int32)
    wide[1, 1] = -3
    with pytest.raises(InvalidCardError, match="row 1 of hands: card -3"):
        evaluate_badugi_batch(wide)
    with pytest.raises(InvalidCardError, match=r"shape \(n, 4\)"):
        evaluate_badugi_batch(np.zeros((3, 5), dtype=np.uint8))
    with pytest.raises(CardTypeError, match="dtype"):
        evaluate_badugi_batch(good.astype(np.float32))
    assert evaluate_badugi_batch(np.zeros((0, 4), dtype=np.uint8)).shape == (0,)
    assert evaluate_badugi_batch(np.full((50, 4), 255, dtype=np.uint8), check=False).shape == (50,)


@pytest.mark.parametrize("value", [0, BEST_BADUGI + 1, -5, 3.0, True, None])
def test_values_outside_the_scale_are_rejected(value):
    with pytest.raises(InvalidValueError):
        badugi_size(value)
    with pytest.raises(InvalidValueError):
        describe_badugi(value)


# --- pokerkit cross-check ---------------------------------------------------------

def test_order_agrees_with_pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    deck = [next(iter(pokerkit.Card.parse(card_str(c)))) for c in range(52)]
    rng = random.Random(13)
    hands = [rng.sample(range(52), 4) for _ in range(3000)]
    ours = [evaluate_badugi(h) for h in hands]
    theirs = [pokerkit.BadugiHand.from_game([deck[c] for c in h]) for h in hands]
    assert_same_order(ours, theirs)  # pokerkit: the better hand compares greater
