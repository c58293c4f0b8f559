from __future__ import annotations

import numpy as np
import pytest

from pokerhash import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.iso import HandIndexer

from reference_iso import SUIT_PERMUTATIONS, all_hands_of_shape, class_name, class_names, permute_suits

# Known class counts (Waugh 2013; Omaha from the same enumeration).
KNOWN_SIZES = {
    (2, 3, 1, 1): (169, 1_286_792, 55_190_538, 2_428_287_420),
    (2, 5): (169, 123_156_254),
    (2, 4): (169, 13_960_050),
    (4,): (16_432,),
    (4, 3): (16_432, 204_461_673),
}

LARGE_SHAPES = [(2, 3, 1, 1), (2, 5), (4, 3, 1, 1), (5, 3, 1, 1), (6, 3, 1, 1), (3, 3, 3), (1,) * 8, (7, 7), (10, 2, 2)]


@pytest.fixture(scope="module")
def holdem():
    return HandIndexer((2, 3, 1, 1))


@pytest.mark.parametrize("shape", sorted(KNOWN_SIZES))
def test_known_sizes(shape):
    indexer = HandIndexer(shape)
    assert tuple(indexer.size(r) for r in range(indexer.rounds)) == KNOWN_SIZES[shape]
    assert indexer.size() == KNOWN_SIZES[shape][-1]


@pytest.mark.parametrize("shape", [(2,), (3,), (1, 1), (2, 1), (1, 1, 1), (1, 2)])
def test_classes_match_brute_force(shape):
    """Every hand of a small shape: two hands share an index exactly when the
    reference finds a suit permutation between them, and the indices fill 0..size-1."""
    indexer = HandIndexer(shape)
    hands = all_hands_of_shape(shape)
    indices = indexer.index_batch(hands).astype(np.int64)
    names = class_names(hands, shape)
    _, name_ids = np.unique(names, axis=0, return_inverse=True)
    name_ids = name_ids.reshape(-1)
    assert len(np.unique(indices)) == indexer.size() == name_ids.max() + 1
    # Same partition: each (name, index) pair is unique per name and per index.
    pairs = np.unique(np.stack([name_ids, indices], axis=1), axis=0)
    assert len(pairs) == indexer.size()


@pytest.mark.smoke
@pytest.mark.parametrize("shape", [(2,), (4,), (3, 1), (1, 1, 1, 1), (2, 3), (5,)])
def test_unindex_then_index_every_class(shape):
    indexer = HandIndexer(shape)
    last = indexer.rounds - 1
    everything = np.arange(indexer.size(), dtype=np.uint64)
    hands = indexer.unindex_batch(last, everything)
    assert (indexer.index_batch(hands) == everything).all()
    # Canonical hands are valid: distinct cards, each round increasing.
    ordered = np.sort(hands, axis=1)
    assert (np.diff(ordered.astype(int), axis=1) != 0).all()


@pytest.mark.slow
@pytest.mark.parametrize("shape", [(2, 4), (2, 3, 1)])
def test_unindex_then_index_every_class_large(shape):
    indexer = HandIndexer(shape)
    last = indexer.rounds - 1
    for start in range(0, indexer.size(), 5_000_000):
        chunk = np.arange(start, min(start + 5_000_000, indexer.size()), dtype=np.uint64)
        assert (indexer.index_batch(indexer.unindex_batch(last, chunk)) == chunk).all()


def random_deals(n, width, seed):
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


@pytest.mark.parametrize("shape", LARGE_SHAPES)
def test_sampled_hands(shape):
    """Random deals of large shapes: indices in range, the same for every suit
    permutation and every order within a round; the canonical hand is the class's
    unindexed hand and a suit permutation of the deal; unindex inverts index."""
    indexer = HandIndexer(shape)
    rng = np.random.default_rng(sum(shape))
    deals = random_deals(300, sum(shape), seed=len(shape))
    all_indices = indexer.index_batch(deals, all_rounds=True)
    assert all_indices.shape == (300, len(shape))
    for r in range(len(shape)):
        width = indexer.cards_through(r)
        indices = indexer.index_batch(deals[:, :width])
        assert (indices == all_indices[:, r]).all()
        assert int(indices.max()) < indexer.size(r)
    last = indices
    for deal, index in zip(deals[:40].tolist(), last[:40].tolist()):
        permutation = SUIT_PERMUTATIONS[rng.integers(24)]
        shuffled = []
        start = 0
        for n in shape:
            part = permute_suits(deal[start : start + n], permutation)
            rng.shuffle(part)
            shuffled += part
            start += n
        assert indexer.index(shuffled) == index
        canonical = indexer.canonical(deal)
        assert canonical == indexer.unindex(len(shape) - 1, index)
        assert class_name(canonical, shape) == class_name(deal, shape)
    sample = rng.integers(0, indexer.size(), size=2000, dtype=np.uint64)
    assert (indexer.index_batch(indexer.unindex_batch(len(shape) - 1, sample)) == sample).all()


def test_omaha_shape_waugh_cannot_build():
    """(4, 3, 1, 1): a suit with 3 hole cards, 3 on the flop and the turn and river
    has C(13,3) C(10,3) 7 6 = 1,441,440 suit hands, past the reference code's table."""
    indexer = HandIndexer((4, 3, 1, 1))
    assert [indexer.size(r) for r in range(4)] == [16_432, 204_461_673, 8_964_883_057, 389_802_959_832]
    hand = [0, 4, 8, 1, 12, 16, 20, 24, 28]  # 2c 3c 4c 2d | 5c 6c 7c | 8c | 9c
    index = indexer.index(hand)
    assert indexer.index(indexer.unindex(3, index)) == index


@pytest.mark.smoke
def test_per_call_forms(holdem):
    hand = "As Kd 7h 7c 2s Jd 9s"
    indices = holdem.index(hand, all_rounds=True)
    assert indices[-1] == holdem.index(hand)
    assert indices[1] == holdem.index("As Kd 7h 7c 2s")
    assert holdem.index("AsKd") == holdem.index("AhKc")
    assert holdem.index("AsKs") != holdem.index("AsKd")
    assert holdem.canonical("Kd As") == [45, 48]  # the ace's suit becomes clubs: Kd Ac
    assert holdem.unindex(0, holdem.index("2c 2d")) == [0, 1]
    assert holdem.unindex(-1, 0) == holdem.unindex(3, 0)
    # Preflop: 13 pairs, 78 suited, 78 offsuit.
    suited = {holdem.index([a * 4, b * 4]) for a in range(13) for b in range(a)}
    assert len(suited) == 78


@pytest.mark.smoke
def test_pickles_as_its_shape(holdem):
    import pickle

    copy = pickle.loads(pickle.dumps(holdem))
    assert copy.shape == holdem.shape and repr(copy) == "HandIndexer((2, 3, 1, 1))"
    assert copy.index("As Kd 7h 7c 2s Jd 9s") == holdem.index("As Kd 7h 7c 2s Jd 9s")


@pytest.mark.smoke
def test_bad_input(holdem):
    with pytest.raises(InvalidValueError):
        HandIndexer(())
    with pytest.raises(InvalidValueError):
        HandIndexer((2, 0, 1))
    with pytest.raises(InvalidValueError):
        HandIndexer((20, 20, 20))
    with pytest.raises(InvalidValueError):
        HandIndexer("abc")
    with pytest.raises(InvalidValueError):
        HandIndexer((13, 13, 13, 13))  # too many classes for 64-bit indices
    with pytest.raises(InvalidCardError):
        holdem.index("As Kd 7h")  # 3 cards is no round's total
    with pytest.raises(InvalidCardError):
        holdem.index("As As")
    with pytest.raises(InvalidValueError):
        holdem.size(4)
    with pytest.raises(InvalidValueError):
        holdem.unindex(0, 169)
    with pytest.raises(InvalidValueError):
        holdem.unindex(0, -1)
    with pytest.raises(InvalidCardError, match="row 1"):
        holdem.index_batch(np.array([[0, 1], [5, 5]]))
    with pytest.raises(InvalidCardError, match="row 2"):
        holdem.index_batch(np.array([[0, 1], [5, 6], [52, 3]], dtype=np.uint8))
    with pytest.raises(InvalidCardError, match="row 0"):
        holdem.index_batch(np.array([[0, 1, 2, 3, 4, 5, 0]]))  # repeat across rounds
    with pytest.raises(InvalidCardError):
        holdem.index_batch(np.zeros((3, 3), dtype=np.uint8))
    with pytest.raises(CardTypeError):
        holdem.index_batch(np.zeros((3, 2), dtype=float))
    with pytest.raises(InvalidValueError):
        holdem.unindex_batch(0, [0, 169])
    assert holdem.index_batch(np.zeros((0, 7), dtype=np.uint8)).shape == (0,)
