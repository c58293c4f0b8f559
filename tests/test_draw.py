"""auto_draw (the rules (The games and their flow), five-card draw): every step of the order of preference by hand,
a readable reference on every hand up to suit relabelling, and sanity over all hands."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from pokerhash.cards import cards, cards_str
from pokerhash.engine.draw import auto_draw
from pokerhash.errors import CardTypeError, InvalidCardError
from reference_draw import reference_auto_draw


@pytest.mark.parametrize(
    "hand, discards",
    [
        # 1. Two pair or better.
        ("As Ks Qs Js Ts", ""),
        ("9h 9c 9d 9s 2c", ""),
        ("Kh Kc Kd 2s 2c", ""),
        ("2h 7h 9h Jh Kh", ""),
        ("As 2d 3h 4c 5s", ""),
        ("Th Jc Qd Ks Ah", ""),
        ("7h 7c 7d Ks 2c", "Ks 2c"),
        ("Kd Ks 9h 9c 2d", "2d"),
        ("2c 2d 3c 3d Ah", "Ah"),
        # 2. Four to a straight flush, over a high pair, a flush draw or a straight draw.
        ("5h 6h 7h 8h Kc", "Kc"),
        ("5h 6h 8h 9h Ac", "Ac"),
        ("Jh Js Qs Ks As", "Jh"),
        ("As 2s 3s 4s Kd", "Kd"),
        ("Js Qs Ks As 3d", "3d"),
        ("As 2s 3s 5s 5d", "5d"),
        # 3. A high pair over a four-flush and a straight draw.
        ("Jh Jc 2h 5h 8h", "2h 5h 8h"),
        ("Ah Ac Kd Qs 2c", "Kd Qs 2c"),
        ("Qd Qc 9h Td Js", "9h Td Js"),
        # 4. Four to a flush over a low pair and a straight draw.
        ("2h 5h 8h Kh 2c", "2c"),
        ("5h 6h 7h Kh 8c", "8c"),
        # 5. A low pair over a straight draw and high cards.
        ("Th Tc 9h 8d 7s", "9h 8d 7s"),
        ("2h 2c Ad Ks Qh", "Ad Ks Qh"),
        # 6. Four to an open-ended straight over an inside one.
        ("5h 6c 7d 8s Kc", "Kc"),
        ("2h 3c 4d 5s 9c", "9c"),
        ("9h Tc Jd Qs 2c", "2c"),
        ("5h 6c 7d 8s Ts", "Ts"),
        # 7. Four to an inside straight; A-2-3-4 and J-Q-K-A are one-ended, as inside draws.
        ("5h 6c 8d 9s Kc", "Kc"),
        ("Ah 2c 3d 4s 9c", "9c"),
        ("Jh Qc Kd As 3c", "3c"),
        ("Ah 2c 3d 5s 9c", "9c"),
        ("2h 3c 4d 6s 7c", "2h"),
        ("4h 5c 7d 8s 9c", "4h"),
        # 8. High cards: every A, K, Q, J.
        ("As Kd 7c 3h 2d", "7c 3h 2d"),
        ("Js 9d 7c 3h 2d", "9d 7c 3h 2d"),
        ("As Kd Qc 3h 2d", "3h 2d"),
        # 9. Nothing: replace all.
        ("Ts 8d 6c 3h 2d", "Ts 8d 6c 3h 2d"),
    ],
)
def test_order_of_preference(hand, discards):
    assert auto_draw(hand) == tuple(cards(discards))
    assert reference_auto_draw(cards(hand)) == set(cards(discards))


def test_discards_come_in_the_hands_order():
    hand = cards("2d Ts 3h 8d 6c")
    assert auto_draw(hand) == tuple(hand)
    assert auto_draw(list(reversed(hand))) == tuple(reversed(hand))


@pytest.mark.smoke
@pytest.mark.parametrize(
    "bad, error",
    [
        ("As Kd Qc 3h", InvalidCardError),
        ("As Kd Qc 3h 2d 4c", InvalidCardError),
        ("As As Qc 3h 2d", InvalidCardError),
        ([51, 50, 49, 48, 52], InvalidCardError),
        ([51, 50, 49, 48, 1.5], CardTypeError),
        (None, CardTypeError),
    ],
)
def test_bad_hands_are_refused(bad, error):
    with pytest.raises(error):
        auto_draw(bad)


@pytest.mark.smoke
def test_random_hands_match_the_reference():
    rng = random.Random(13)
    for _ in range(3000):
        hand = rng.sample(range(52), 5)
        assert set(auto_draw(hand)) == reference_auto_draw(hand), cards_str(hand)


SUIT_PERMUTATIONS = np.array(list(itertools.permutations(range(4))), dtype=np.uint8)


def _canonical(hands: np.ndarray):
    """Each hand's smallest sorted form over the 24 suit relabellings, as a base-52 key,
    and the relabelling that gives it."""
    best_key = np.full(len(hands), np.iinfo(np.int64).max, dtype=np.int64)
    best_perm = np.zeros(len(hands), dtype=np.uint8)
    ranks = hands & np.uint8(0xFC)
    for index, permutation in enumerate(SUIT_PERMUTATIONS):
        relabelled = np.sort(ranks | permutation[hands & 3], axis=1).astype(np.int64)
        key = relabelled @ (52 ** np.arange(4, -1, -1, dtype=np.int64))
        better = key < best_key
        best_key[better] = key[better]
        best_perm[better] = index
    return best_key, best_perm


def _decode(key: int):
    return [(key // 52 ** p) % 52 for p in range(4, -1, -1)]


@pytest.mark.slow
def test_every_hand_up_to_suits_matches_the_reference_and_every_hand_agrees(all_five_card_hands):
    """The reference on the 134,459 hands that differ other than by suit names; then every
    one of the 2,598,960 hands: at most five discards, all from the hand, and the same
    discards as its class's representative once the suits are renamed (so the choice is
    deterministic and never depends on which suit is which)."""
    keys, perms = _canonical(all_five_card_hands)
    classes = {}
    for key in np.unique(keys).tolist():
        representative = _decode(key)
        discards = auto_draw(representative)
        assert set(discards) == reference_auto_draw(representative), cards_str(representative)
        classes[key] = sum(1 << c for c in discards)
    assert len(classes) == 134459
    for hand, key, perm in zip(all_five_card_hands.tolist(), keys.tolist(), perms.tolist()):
        discards = auto_draw(hand)
        assert len(discards) <= 5 and set(discards) <= set(hand)
        relabel = SUIT_PERMUTATIONS[perm].tolist()
        assert sum(1 << (c & ~3 | relabel[c & 3]) for c in discards) == classes[key], cards_str(hand)
