"""The Turkish poker evaluator against the rules (Turkish poker; Turkish deck size) and the readable reference."""

import itertools
from collections import Counter

import numpy as np
import pytest
from conftest import all_hands
from reference_turkish import CATEGORIES, turkish_key

from pokerhash import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.cards import cards, cards_str
from pokerhash.evaluators.turkish import (
    TurkishCategory,
    can_open_turkish,
    describe_turkish,
    evaluate_turkish,
    evaluate_turkish_batch,
    turkish_category,
    turkish_deck,
)

SIX, SEVEN, EIGHT, NINE = 4, 5, 6, 7  # rank indices of the decks' lowest ranks (the reference's terms)


def face(index):
    """The public API's lowest_rank: the rank as the rules (Turkish deck size) writes it (6..9)."""
    return index + 2

DECK_SIZES = {SIX: 36, SEVEN: 32, EIGHT: 28, NINE: 24}

C = TurkishCategory
# Counted by hand for a deck of k ranks (k = 9 for 36 cards): s = k - 3 rank sets are
# straights (k - 4 windows and the minor one); royal 4, straight flush 4(k - 5), minor
# flush 4, quads k(4k - 4), flush 4(C(k,5) - s), full house 4k * 6(k - 1), trips
# 4k * 16 C(k-1,2), each straight 4^5 - 4 = 1020 per rank set, two pair 36 C(k,2) * 4(k-2),
# one pair 6k * 64 C(k-1,3), high card 1020 (C(k,5) - s).
HAND_COUNTS = {
    SIX: {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 16, C.MINOR_FLUSH: 4, C.FOUR_OF_A_KIND: 288, C.FLUSH: 480,
          C.FULL_HOUSE: 1728, C.THREE_OF_A_KIND: 16128, C.MAJOR_STRAIGHT: 1020, C.STRAIGHT: 4080,
          C.MINOR_STRAIGHT: 1020, C.TWO_PAIR: 36288, C.ONE_PAIR: 193536, C.HIGH_CARD: 122400},
    NINE: {C.ROYAL_FLUSH: 4, C.STRAIGHT_FLUSH: 4, C.MINOR_FLUSH: 4, C.FOUR_OF_A_KIND: 120, C.FLUSH: 12,
           C.FULL_HOUSE: 720, C.THREE_OF_A_KIND: 3840, C.MAJOR_STRAIGHT: 1020, C.STRAIGHT: 1020,
           C.MINOR_STRAIGHT: 1020, C.TWO_PAIR: 8640, C.ONE_PAIR: 23040, C.HIGH_CARD: 3060},
}


def value(hand, **deck):
    return evaluate_turkish(hand, **deck)


@pytest.mark.slow
@pytest.mark.parametrize("lowest", [SIX, SEVEN, EIGHT, NINE])
def test_every_hand_of_every_deck_matches_the_reference(lowest):
    hands = all_hands(range(4 * lowest, 52), 5)
    assert len(hands) == {SIX: 376992, SEVEN: 201376, EIGHT: 98280, NINE: 42504}[lowest]
    values = evaluate_turkish_batch(hands, lowest_rank=face(lowest))
    # a Turkish showdown never splits: every hand of the deck has its own value
    assert len(np.unique(values)) == len(hands)

    keys = [turkish_key(hand, lowest) for hand in hands.tolist()]
    assert len(set(keys)) == len(keys)
    order = sorted(range(len(keys)), key=keys.__getitem__)
    # the same order: sorting by the reference sorts the values strictly
    assert np.all(np.diff(values[order].astype(np.int64)) > 0)

    reference_counts = Counter(C(key[0] + 1) for key in keys)
    per_class = Counter((values >> 20).tolist())
    one_value = {v >> 20: v for v in values.tolist()}  # a value of each class (a bare class id has no hand)
    counts = Counter()
    for class_id, n in per_class.items():
        counts[turkish_category(one_value[class_id])] += n
    assert counts == reference_counts
    assert set(counts) == set(TurkishCategory)
    if lowest in HAND_COUNTS:
        assert counts == HAND_COUNTS[lowest]
    assert [c.name.lower().replace("_", " ") for c in TurkishCategory] == list(CATEGORIES)


# --- the rules' Turkish poker statements, verbatim -------------------------------------------------------

def test_suit_breaks_a_two_pair_tie():
    # "two pair K-K-Q-Q-J♥ beats K-K-Q-Q-J♠"
    assert value("K♣ K♦ Q♣ Q♦ J♥") > value("K♥ K♠ Q♥ Q♠ J♠")


def test_suit_of_the_highest_card_decides():
    # "A♠-K♦-9♣-8♣-7♣ loses to A♥-K♣-9♦-8♦-7♦"
    assert value("A♠ K♦ 9♣ 8♣ 7♣") < value("A♥ K♣ 9♦ 8♦ 7♦")


def test_suit_order_hearts_spades_diamonds_clubs():
    ordered = [value(f"A{s} K♣ 9♣ 8♦ 7♦") for s in "♣♦♠♥"]
    assert ordered == sorted(ordered) and len(set(ordered)) == 4


def test_flush_beats_full_house_and_four_of_a_kind_beats_flush():
    flush = value("A♥ Q♥ 9♥ 8♥ 6♥")
    assert flush > value("A♠ A♦ A♣ K♠ K♦")
    assert value("9♠ 9♦ 9♣ 9♥ 6♦") > value("A♥ K♥ Q♥ J♥ 9♥")
    assert turkish_category(flush) is C.FLUSH


def test_three_of_a_kind_beats_every_straight():
    trips = value("6♠ 6♦ 6♣ 7♦ 8♦")
    for straight in ("A♥ K♦ Q♣ J♣ T♣", "K♥ Q♦ J♣ T♣ 9♣", "A♥ 6♦ 7♣ 8♣ 9♣"):
        assert trips > value(straight)


def test_minor_straight_is_the_lowest_straight_and_the_ten_decides():
    minor = value("A♥ 7♦ 8♣ 9♣ T♣", lowest_rank="7")
    assert turkish_category(minor) is C.MINOR_STRAIGHT
    assert minor < value("7♣ 8♣ 9♣ T♣ J♦", lowest_rank="7") < value("A♣ K♦ Q♣ J♣ T♣", lowest_rank="7")
    assert minor > value("A♥ A♦ K♣ K♠ Q♣", lowest_rank="7")  # above two pair
    # in A-7-8-9-T the ace counts low, so the ten's suit decides, not the ace's
    assert value("A♣ 7♦ 8♣ 9♣ T♥", lowest_rank="7") > value("A♥ 7♦ 8♣ 9♣ T♠", lowest_rank="7")


def test_the_low_ace_sits_just_below_the_decks_lowest_rank():
    low_straights = {SIX: "A♥ 6♦ 7♣ 8♣ 9♣", SEVEN: "A♥ 7♦ 8♣ 9♣ T♣", EIGHT: "A♥ 8♦ 9♣ T♣ J♣", NINE: "A♥ 9♦ T♣ J♣ Q♣"}
    for lowest, hand in low_straights.items():
        assert turkish_category(value(hand, lowest_rank=face(lowest))) is C.MINOR_STRAIGHT
        suited = hand.replace("♥", "♣").replace("♦", "♣")
        assert turkish_category(value(suited, lowest_rank=face(lowest))) is C.MINOR_FLUSH
    # A-7-8-9-T is no straight once the sixes are in
    assert turkish_category(value("A♥ 7♦ 8♣ 9♣ T♣", lowest_rank=face(SIX))) is C.HIGH_CARD


def test_the_order_of_the_thirteen_categories():
    hands = [  # the rules' Turkish poker list read from the bottom, in the 32-card deck
        "A♥ K♦ 9♣ 8♣ 7♣", "K♥ K♦ 9♣ 8♣ 7♣", "K♥ K♦ 9♣ 9♠ 7♣", "A♥ 7♦ 8♣ 9♣ T♣", "7♥ 8♦ 9♣ T♣ J♣",
        "A♥ K♦ Q♣ J♣ T♣", "7♥ 7♦ 7♣ 8♣ 9♣", "7♥ 7♦ 7♣ 8♣ 8♦", "A♣ K♣ 9♣ 8♣ 7♣", "7♥ 7♦ 7♣ 7♠ 8♣",
        "A♣ 7♣ 8♣ 9♣ T♣", "7♣ 8♣ 9♣ T♣ J♣", "A♣ K♣ Q♣ J♣ T♣",
    ]
    values = [value(h, lowest_rank="7") for h in hands]
    assert [turkish_category(v) for v in values] == list(TurkishCategory)
    assert values == sorted(values)
    # and the weakest hand of each category beats the strongest of the one below
    assert value("7♣ 7♦ 7♥ 8♣ 8♦", lowest_rank="7") > value("A♥ K♦ Q♣ J♣ T♣", lowest_rank="7")


def test_royal_flushes_compare_by_suit_alone():
    royals = [value(f"A{s} K{s} Q{s} J{s} T{s}") for s in "♣♦♠♥"]
    assert royals == sorted(royals)
    assert describe_turkish(royals[-1]) == "Royal flush in hearts"


def test_rule_extension_orders_hands_that_rules_leave_tied():
    # Same ranks, no single card: the trips' suits, then the pair's, decide.
    assert value("9♥ 9♠ 9♦ K♣ K♦") > value("9♥ 9♠ 9♣ K♥ K♠")
    assert value("9♥ 9♠ 9♣ K♦ K♣") > value("9♥ 9♦ 9♣ K♥ K♠")
    # Equal kicker suit: the next kicker, then the pair (best suit first).
    assert value("K♥ K♣ A♠ Q♦ J♣") > value("K♥ K♦ A♠ Q♣ J♦")
    assert value("K♥ K♣ A♠ Q♦ J♣") > value("K♠ K♦ A♠ Q♦ J♣")


# --- the deck ------------------------------------------------------------------------

def test_turkish_deck_by_player_count():
    assert [len(turkish_deck(p)) for p in (2, 3, 4, 5)] == [24, 28, 36, 36]
    assert len(turkish_deck(4, four_players_use_36_cards=False)) == 32
    assert turkish_deck(2) == cards("9c 9d 9h 9s Tc Td Th Ts Jc Jd Jh Js Qc Qd Qh Qs Kc Kd Kh Ks Ac Ad Ah As")
    for bad in (1, 6, 0, -2, True, 2.0, "3", None):
        with pytest.raises(InvalidValueError):
            turkish_deck(bad)


def test_players_and_lowest_rank_select_the_deck():
    hand = "A♥ 7♦ 8♣ 9♣ T♣"
    default = value(hand)
    assert value(hand, lowest_rank=face(SIX)) == value(hand, lowest_rank="6") == value(hand, players=5) == default
    assert value(hand, players=4) == default  # four players take the sixes by default
    assert value(hand, players=4, lowest_rank="7") == value(hand, lowest_rank=face(SEVEN)) != default
    assert value("A♥ 9♦ T♣ J♣ Q♣", players=2) == value("A♥ 9♦ T♣ J♣ Q♣", lowest_rank="9")
    assert value("A♥ 8♦ 9♣ T♣ J♣", players=np.int64(3), lowest_rank=np.int64(face(EIGHT))) == value("A♥ 8♦ 9♣ T♣ J♣", players=3)
    with pytest.raises(InvalidValueError, match="5 players"):
        value(hand, players=5, lowest_rank="7")
    with pytest.raises(InvalidValueError):
        value("A♥ 9♦ T♣ J♣ Q♣", players=2, lowest_rank="8")
    for bad in ("5", "T", 3, 4, 5, 10, 7.0, "seven", True):
        with pytest.raises(InvalidValueError):
            value(hand, lowest_rank=bad)
    for bad in (1, 6, "4", 4.0, False):
        with pytest.raises(InvalidValueError):
            value(hand, players=bad)


# --- malformed input -----------------------------------------------------------------

@pytest.mark.smoke
def test_malformed_hands_are_rejected():
    with pytest.raises(InvalidCardError, match="expected 5"):
        value("A♥ K♦ Q♣ J♣")
    with pytest.raises(InvalidCardError, match="expected 5"):
        value([48, 44, 40, 36, 32, 28])
    with pytest.raises(InvalidCardError, match="more than once"):
        value("A♥ A♥ Q♣ J♣ T♣")
    with pytest.raises(InvalidCardError, match="more than once"):
        value([50, 50, 40, 36, 32])
    with pytest.raises(InvalidCardError, match="5c is not in the 36-card"):
        value("A♥ K♦ Q♣ J♣ 5♣")
    with pytest.raises(InvalidCardError, match="8s is not in the 24-card Turkish deck"):
        value([51, 47, 43, 39, 27], players=2)
    with pytest.raises(InvalidCardError):
        value([51, 47, 43, 39, 52])
    with pytest.raises(InvalidCardError):
        value("A♥ K♦ Q♣ J♣ Zz")
    with pytest.raises(CardTypeError):
        value([51, 47, 43, 39, 35.0])
    with pytest.raises(CardTypeError):
        value(12345)


@pytest.mark.smoke
def test_batch_validation_names_the_row():
    good = cards("A♥ K♦ Q♣ J♣ 9♣")
    with pytest.raises(InvalidCardError, match="row 1 of hands: card 5c is not in the 36-card"):
        evaluate_turkish_batch([good, cards("A♥ K♦ Q♣ J♣ 5♣")])
    with pytest.raises(InvalidCardError, match="row 2 of hands: card 7c is not in the 28-card"):
        evaluate_turkish_batch([good, good, cards("A♥ K♦ Q♣ J♣ 7♣")], players=3)
    with pytest.raises(InvalidCardError, match="row 1 .*more than once"):
        evaluate_turkish_batch(np.array([good, [51, 51, 40, 36, 32]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_turkish_batch(np.array([[51, 47, 43, 39, 300]], dtype=np.int64))
    with pytest.raises(InvalidCardError, match="row 0"):
        evaluate_turkish_batch(np.array([[51, 47, 43, 39, 200]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="shape"):
        evaluate_turkish_batch(np.zeros((3, 6), dtype=np.uint8))
    with pytest.raises(CardTypeError):
        evaluate_turkish_batch(np.zeros((3, 5), dtype=np.float64))
    with pytest.raises(InvalidValueError):
        evaluate_turkish_batch([good], players=7)
    assert evaluate_turkish_batch(np.zeros((0, 5), dtype=np.uint8)).shape == (0,)
    # check=False trusts the caller and skips the checks
    assert evaluate_turkish_batch([good], check=False)[0] == value(good)


@pytest.mark.smoke
def test_batch_equals_per_call():
    rng = np.random.default_rng(4)
    for lowest in (SIX, SEVEN, EIGHT, NINE):
        deck = np.arange(4 * lowest, 52, dtype=np.uint8)
        hands = np.array([rng.choice(deck, 5, replace=False) for _ in range(3000)], dtype=np.uint8)
        batch = evaluate_turkish_batch(hands, lowest_rank=face(lowest))
        assert batch.dtype == np.uint32
        assert batch.tolist() == [value(h, lowest_rank=face(lowest)) for h in hands.tolist()]
        # other integer dtypes, non-contiguous input and card strings give the same values
        assert (evaluate_turkish_batch(hands.astype(np.int64)[:, ::-1], lowest_rank=face(lowest)) == batch).all()
        assert evaluate_turkish(cards_str(hands[0].tolist()), lowest_rank=face(lowest)) == batch[0]


# --- categories, descriptions, openers ------------------------------------------------

@pytest.mark.parametrize("hand, text", [
    ("A♥ K♥ Q♥ J♥ T♥", "Royal flush in hearts"),
    ("K♠ Q♠ J♠ T♠ 9♠", "Straight flush, king high, in spades"),
    ("A♦ 6♦ 7♦ 8♦ 9♦", "Minor flush, nine high, in diamonds"),
    ("9♥ 9♦ 9♣ 9♠ K♦", "Four of a kind, nines, king kicker"),
    ("A♣ Q♣ 9♣ 8♣ 6♣", "Flush, A-Q-9-8-6 in clubs"),
    ("9♥ 9♦ 9♣ K♥ K♠", "Full house, nines full of kings"),
    ("6♥ 6♦ 6♣ A♥ 8♠", "Three of a kind, sixes, A-8 kickers"),
    ("A♥ K♦ Q♣ J♣ T♣", "Major straight, ace high"),
    ("6♥ 7♦ 8♣ 9♣ T♣", "Straight, ten high"),
    ("A♥ 6♦ 7♣ 8♣ 9♣", "Minor straight, nine high"),
    ("K♥ K♦ Q♣ Q♦ J♥", "Two pair, kings and queens, jack kicker"),
    ("K♥ K♦ Q♣ J♦ 6♥", "One pair, kings, Q-J-6 kickers"),
    ("A♠ K♦ 9♣ 8♣ 7♣", "High card, A-K-9-8-7"),
])
def test_describe_turkish(hand, text):
    assert describe_turkish(value(hand)) == text


def test_bad_values_are_rejected():
    for bad in (-1, 0, 5, 1 << 40, 1.5, "x", True):
        with pytest.raises(InvalidValueError):
            turkish_category(bad)
    with pytest.raises(InvalidValueError):
        describe_turkish(0)


@pytest.mark.parametrize("hand, deck, opens", [
    ("K♥ K♦ Q♣ J♦ 6♥", {}, True),
    ("A♥ A♦ Q♣ J♦ 6♥", {}, True),
    ("Q♥ Q♦ A♣ K♦ 6♥", {}, False),
    ("6♥ 6♦ 7♣ 7♦ 8♥", {}, True),  # two pair beats any one pair
    ("A♥ K♦ Q♣ J♦ 9♥", {}, False),
    ("A♥ 7♦ 8♣ 9♣ T♣", {"lowest_rank": "7"}, True),  # minor straight
    ("A♥ 7♦ 8♣ 9♣ T♣", {}, False),  # ace high with the sixes in
])
def test_can_open_turkish(hand, deck, opens):
    assert can_open_turkish(hand, **deck) is opens


@pytest.mark.parametrize("lowest", [NINE, EIGHT])
def test_can_open_turkish_in_c_equals_its_definition_on_every_hand(lowest):
    """The C opener against the rule read off the public category and description
    functions, on every five-card hand of the 24- and 28-card decks."""
    deck = range(4 * lowest, 52)
    values = evaluate_turkish_batch(np.array(list(itertools.combinations(deck, 5)), dtype=np.uint8),
                                    lowest_rank=face(lowest))
    expected = {}
    for hand, value in zip(itertools.combinations(deck, 5), values.tolist()):
        kind = expected.get(value >> 20)
        if kind is None:
            category = turkish_category(value)
            kind = expected[value >> 20] = category > TurkishCategory.ONE_PAIR or (
                category is TurkishCategory.ONE_PAIR and describe_turkish(value).split(", ")[1] in ("kings", "aces"))
        assert can_open_turkish(list(hand), lowest_rank=face(lowest)) is kind
