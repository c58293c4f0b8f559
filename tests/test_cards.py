import random

import numpy as np
import pytest

import pokerhash as ph
from pokerhash import CardTypeError, Deck, InvalidCardError


def test_encoding_of_rules_section_1():
    assert ph.card("2c") == 0 and ph.card("2d") == 1 and ph.card("2h") == 2 and ph.card("2s") == 3
    assert ph.card("Ac") == 48 and ph.card("As") == 51
    assert ph.cards("As Kd 10h") == [51, 45, 34]
    assert ph.card_str(51) == "As"
    assert [ph.card_str(c) for c in range(52)] == [r + s for r in "23456789TJQKA" for s in "cdhs"]


@pytest.mark.smoke
@pytest.mark.parametrize("text", ["AsKd", "As Kd", "As,Kd", "as kd", "A♠K♦", "AS, KD", ["As", "Kd"], [51, 45], ("As", 45)])
def test_accepted_spellings(text):
    assert ph.cards(text) == [51, 45]


def test_ten_spellings():
    assert ph.cards("10h Th th 10H", distinct=False) == [34] * 4
    assert ph.cards("10h", distinct=False) == [34]
    assert ph.card("10♥") == ph.card("Th") == 34


@pytest.mark.parametrize(
    "bad, message",
    [
        ("Xs", "cannot read a card"),
        ("Ax", "cannot read a card"),
        ("As As", "appears more than once"),
        ("1s", "cannot read a card"),
        ("As K", "cannot read a card"),
    ],
)
def test_bad_text(bad, message):
    with pytest.raises(InvalidCardError, match=message):
        ph.cards(bad)


@pytest.mark.parametrize("bad", [-1, 52, 10**30])
def test_out_of_range_ints(bad):
    with pytest.raises(InvalidCardError, match="outside 0..51"):
        ph.card(bad)


@pytest.mark.parametrize("bad", [1.0, None, True, b"As", [51]])
def test_wrong_types(bad):
    with pytest.raises(CardTypeError):
        ph.card(bad)


def test_errors_are_value_and_type_errors():
    assert issubclass(InvalidCardError, ValueError) and issubclass(CardTypeError, TypeError)
    assert issubclass(InvalidCardError, ph.PokerhashError) and issubclass(CardTypeError, ph.PokerhashError)


def test_numpy_integers_are_cards():
    assert ph.cards(np.array([51, 45], dtype=np.int64)) == [51, 45]


def test_count_is_checked():
    with pytest.raises(InvalidCardError, match="expected 5 or 6 or 7 cards, got 4"):
        ph.cards("As Ks Qs Js", count=(5, 6, 7))


def test_deck_deals_every_card_once():
    deck = Deck()
    dealt = deck.deal(10) + [deck.burn()] + deck.deal(41)
    assert sorted(dealt) == list(range(52)) and len(deck) == 0
    with pytest.raises(InvalidCardError, match="0 left"):
        deck.deal(1)


@pytest.mark.smoke
def test_deck_seed_is_reproducible_and_unseeded_is_not_fixed():
    assert Deck(seed=7).deal(52) == Deck(seed=7).deal(52)
    assert Deck(seed=7).deal(52) != Deck(seed=8).deal(52)
    orders = {tuple(Deck().deal(52)) for _ in range(5)}
    assert len(orders) == 5  # the OS CSPRNG: five equal shuffles would be a 1-in-(52!)^4 event


@pytest.mark.smoke
def test_deck_streams_big_seeds_and_bad_seeds():
    orders = {tuple(Deck(seed=7, stream=k).deal(52)) for k in range(50)}
    assert len(orders) == 50 and tuple(Deck(seed=7, stream=0).deal(52)) == tuple(Deck(seed=7).deal(52))
    # Seeds outside 0..2**64-1 are hashed, not truncated: they stay distinct.
    big = [Deck(seed=s).deal(52) for s in (-1, 2**64 - 1, 2**64, 2**64 + 7, -(2**70))]
    assert len({tuple(order) for order in big}) == 5
    assert Deck(seed=2**100).deal(52) == Deck(seed=2**100).deal(52)
    for bad in ("7", 1.5, True):
        with pytest.raises(TypeError, match="must be an int"):
            Deck(seed=bad)
    with pytest.raises(TypeError, match="stream must be an int"):
        Deck(seed=1, stream="x")


def test_deck_keys_are_the_keyed_hash_of_seed_and_stream():
    """The key of a seeded deck, which keeps the last seed's hash for the next deck,
    is blake2b of both length-prefixed numbers whatever the order of the calls."""
    import hashlib

    from pokerhash.cards import _deck_key

    def readable(seed, stream):
        def prefixed(value):
            data = value.to_bytes((value.bit_length() + 8) // 8, "little", signed=True)
            return len(data).to_bytes(4, "little") + data

        digest = hashlib.blake2b(prefixed(seed) + prefixed(stream), digest_size=8, person=b"pokerhash deck")
        return int.from_bytes(digest.digest(), "little")

    rng = random.Random(5)
    for _ in range(300):
        seed = rng.choice([0, 1, 7, -1, 2**64 - 1, 2**64, -(2**70), rng.getrandbits(rng.choice([8, 64, 100]))])
        stream = rng.choice([0, 1, rng.getrandbits(rng.choice([8, 64, 100]))])
        assert _deck_key(seed, stream) == readable(seed, stream)


@pytest.mark.smoke
def test_seeded_shuffles_are_uniform():
    # 52,000 shuffles of a 4-card deck: each of the 24 orders about 2,167 times.
    counts = {}
    for stream in range(52_000):
        order = tuple(Deck(seed=11, cards=range(4), stream=stream).deal(4))
        counts[order] = counts.get(order, 0) + 1
    assert len(counts) == 24
    expected = 52_000 / 24
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    assert chi2 < 49.7  # the 0.999 quantile of chi-square with 23 degrees of freedom
    positions = [[0] * 52 for _ in range(52)]  # card by position over many full shuffles
    for stream in range(2000):
        for position, card in enumerate(Deck(seed=5, stream=stream).deal(52)):
            positions[card][position] += 1
    assert all(15 <= count <= 65 for row in positions for count in row)  # mean 38.5, sd 6.2


def test_deck_orders_are_the_keyed_shuffle_of_every_round():
    """A seeded deck's every shuffle (the first, a reshuffle, a restock, the engine's
    restock of dealt cards) is _equity.shuffled of its key, stream 0 and the round's
    number: compiled, cards.pxd's C copy of that shuffle must give the same orders."""
    from pokerhash._equity import shuffled
    from pokerhash.cards import _deck_key

    rng = random.Random(9)
    for seed in range(300):
        stream = rng.choice([0, 1, rng.getrandbits(64)])
        cards = tuple(range(52)) if seed % 3 else tuple(range(16, 52))  # a stripped deck too
        deck = Deck(seed, cards, stream=stream)
        key = _deck_key(seed, stream)
        assert deck.remaining[::-1] == shuffled(cards, key, 0, 0)
        deck.shuffle()
        assert deck.remaining[::-1] == shuffled(cards, key, 0, 1)
        dealt = deck.deal(rng.randrange(1, 12))
        deck.restock(dealt)
        assert deck.remaining[::-1] == shuffled(dealt, key, 0, 2)
        deck._restock_dealt(list(cards[:5]))
        assert deck.remaining[::-1] == shuffled(cards[:5], key, 0, 3)


@pytest.mark.smoke
def test_a_copy_reshuffles_as_the_original_would_and_apart_from_it():
    deck = Deck(seed=3)
    deck.deal(5)
    twin = deck.copy()
    assert twin.remaining == deck.remaining
    deck.shuffle()
    first = deck.deal(52)
    twin.restock(range(52))  # the same next shuffle, whatever the original did since
    assert twin.deal(52) == first
    deck.shuffle()
    assert deck.deal(52) != first


def test_deck_remaining_is_top_first_and_shuffle_restores():
    deck = Deck(seed=1)
    top = deck.remaining[:3]
    assert deck.deal(3) == top
    deck.shuffle()
    assert len(deck) == 52


def test_stripped_deck():
    deck = Deck(seed=3, cards=range(20, 52))
    assert sorted(deck.deal(32)) == list(range(20, 52))


@pytest.mark.parametrize("n", [-1, 1.5, True])
def test_bad_deal_counts(n):
    with pytest.raises(InvalidCardError):
        Deck(seed=1).deal(n)
