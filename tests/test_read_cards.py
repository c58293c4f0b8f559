"""The C fast path for hands given in Python (csrc/read_cards.h) agrees with the
forgiving parser of pokerhash.cards: the same cards whenever it answers, and no
answer (so the forgiving parser reads the hand or raises) for everything else. Checked
exhaustively on one- and two-character items and texts, and on random card texts,
separators and item lists (hypothesis)."""

import itertools

import pytest
from hypothesis import given, settings, strategies as st

import pokerhash as ph
from pokerhash import _equity
from pokerhash.cards import RANKS, SUITS, card_str
from pokerhash.cards import _forgiving_cards
from pokerhash.errors import PokerhashError

read_common_forms = _equity.read_cards

# Every character the parsers treat specially, and some they refuse.
ALPHABET = "23456789TJQKAtjqka10cdhsCDHS♣♦♥♠ ,;\t\n\r\x0b\x0c\x1c\xa0\ufe0fxX!-_" + "\u2003"


def forgiving(hand, count=None, distinct=True):
    """(cards, None) or (None, the error's class)."""
    try:
        return _forgiving_cards(hand, count, distinct), None
    except PokerhashError as error:
        return None, type(error)


def check_agrees(hand):
    fast = read_common_forms(hand)
    slow, error = forgiving(hand)
    if fast is not None:
        assert error is None and fast == slow, hand
    # And through the public entry point, which picks one or the other.
    public, public_error = forgiving(hand) if fast is None else (fast, None)
    try:
        assert ph.cards(hand) == public
    except PokerhashError as caught:
        assert type(caught) is public_error


def test_every_short_text_and_item():
    """All texts of up to two characters of the ASCII range and the special ones, as a
    string and as a one-item list."""
    chars = [chr(i) for i in range(128)] + [ch for ch in ALPHABET if ord(ch) >= 128]
    for n in (0, 1, 2):
        for letters in itertools.product(chars, repeat=n):
            text = "".join(letters)
            check_agrees(text)
            check_agrees([text])


def test_every_card_written_every_way():
    """Each of the 52 cards in every case and with ``10`` for the ten, alone and in a
    list, read by the fast path."""
    for index in range(52):
        rank, suit = RANKS[index >> 2], SUITS[index & 3]
        ranks = [rank, rank.lower()] + (["10"] if rank == "T" else [])
        for r, s in itertools.product(ranks, [suit, suit.upper()]):
            assert read_common_forms(r + s) == [index]
            assert read_common_forms([r + s]) == [index]
            assert read_common_forms((r + s, index ^ 1)) == [index, index ^ 1]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.integers(0, 51), max_size=9), st.lists(st.sampled_from(["", " ", ",", ";", ", ", "\t", "  ", "\n"]),
                                                          min_size=9, max_size=9),
       st.lists(st.booleans(), min_size=9, max_size=9))
def test_random_card_texts(indices, separators, lower):
    """Random hands written with random separators and case, repeats included."""
    tokens = []
    for index, low in zip(indices, lower):
        token = card_str(index)
        tokens.append(token.lower() if low else token.upper().replace("T", "10" if index % 3 == 0 else "T"))
    text = "".join(t + s for t, s in zip(tokens, separators))
    check_agrees(text)
    check_agrees(tokens)
    check_agrees(tuple(tokens))
    if len(set(indices)) == len(indices):
        assert read_common_forms(text) == indices


@settings(max_examples=600, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=16))
def test_random_texts(text):
    """Arbitrary strings over the characters that matter: the fast path never reads
    what the forgiving parser refuses, nor reads it differently."""
    check_agrees(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.integers(-3, 60), st.text(alphabet=ALPHABET, max_size=4), st.booleans(),
                          st.none(), st.floats(0, 60)), max_size=8))
def test_random_item_lists(items):
    check_agrees(items)
    check_agrees(tuple(items))


def test_rare_forms_go_to_the_forgiving_parser():
    """The forms the fast path leaves alone are still read, or refused as before."""
    np = pytest.importorskip("numpy")
    assert read_common_forms("A♠K♦") is None and ph.cards("A♠K♦") == [51, 45]
    assert read_common_forms([np.int64(51)]) is None and ph.cards([np.int64(51)]) == [51]
    assert read_common_forms(iter([51])) is None and ph.cards(iter([51])) == [51]
    assert read_common_forms("AsAs") is None
    assert ph.cards("AsAs", distinct=False) == [51, 51]
    assert read_common_forms([True]) is None
    with pytest.raises(ph.errors.CardTypeError):
        ph.cards([True])
    assert read_common_forms(list(range(52))) == list(range(52))


@pytest.mark.parametrize("hand", ["As Kd Qh Jc Ts 9h 2c", "AsKdQhJcTs", "as,kd,qh,jc,10s,9h",
                                  ["As", "Kd", "Qh", "Jc", "Ts"], ("As", 46, "Qh", 37, "Ts", "9h")])
def test_every_per_call_api_reads_text_as_ints(hand):
    """The evaluators that take cards per call answer text as they answer its ints."""
    ints = _forgiving_cards(hand, None, True)
    assert ph.evaluate(hand) == ph.evaluate(ints)
    assert ph.HandIndexer((2, len(ints) - 2)).index(hand) == ph.HandIndexer((2, len(ints) - 2)).index(ints)


@pytest.mark.parametrize("hand, error", [("As Kd Qh Jc", ph.errors.InvalidCardError),
                                         ("As Kd Qh Jc As", ph.errors.InvalidCardError),
                                         ("As Kd Qh Jc Xs", ph.errors.InvalidCardError),
                                         (["As", "Kd", "Qh", "Jc", 3.0], ph.errors.CardTypeError)])
def test_bad_text_raises_as_before(hand, error):
    with pytest.raises(error):
        ph.evaluate(hand)
    with pytest.raises(error):
        ph.HandIndexer((2, 3)).index(hand)


def test_hand_indexer_fast_path_equals_the_checked_path_on_every_round():
    """index() of text and ints in C equals index() of the same hand through the
    forgiving parser (an iterator), with all_rounds too, on every round of a shape."""
    import random

    indexer = ph.HandIndexer((2, 3, 1, 1))
    rng = random.Random(26)
    for _ in range(300):
        hand = rng.sample(range(52), rng.choice((2, 5, 6, 7)))
        text = "".join(card_str(c) for c in hand)
        for all_rounds in (False, True):
            slow = indexer.index(iter(hand), all_rounds=all_rounds)
            assert indexer.index(hand, all_rounds=all_rounds) == slow
            assert indexer.index(text, all_rounds=all_rounds) == slow
    for bad in ([51, 50, 49], "AsKdQh", [51, 51]):
        with pytest.raises(ph.errors.InvalidCardError):
            indexer.index(bad)
