from __future__ import annotations

import numpy as np
import pytest

from pokerhash import InvalidValueError
from pokerhash import abstraction
from pokerhash.iso import HandIndexer

import reference_abstraction as reference
from reference_iso import SUIT_PERMUTATIONS, permute_suits


@pytest.fixture(scope="module")
def holdem():
    return HandIndexer((2, 3, 1, 1))


def preflop_clusters():
    """Three clusters of the 169 preflop classes: pairs, suited, offsuit."""
    preflop = HandIndexer((2,))
    labels = np.zeros(169, dtype=np.int64)
    for index in range(169):
        a, b = preflop.unindex(0, index)
        labels[index] = 0 if a >> 2 == b >> 2 else 1 if a & 3 == b & 3 else 2
    return labels


def cluster_grid(labels):
    """The cluster of every hole (a, b) as a 52x52 array, for the reference."""
    preflop = HandIndexer((2,))
    grid = np.full((52, 52), -1)
    for a in range(52):
        for b in range(52):
            if a != b:
                grid[a, b] = labels[preflop.index([a, b])]
    return grid


def check_entries(indexer, round, tables, entries, rng, bins=50, labels=None):
    """Compare sampled compact entries with the brute force on a random suit
    permutation of the entry's canonical hand."""
    grid = cluster_grid(labels) if labels is not None else None
    n_clusters = 0 if labels is None else int(labels.max()) + 1
    for entry in entries:
        hand = indexer.unindex(round, int(tables["index"][entry]))
        hand = permute_suits(hand, SUIT_PERMUTATIONS[rng.integers(24)])
        expected = reference.features(hand[:2], hand[2:], bins=bins, opponent_cluster=grid, n_clusters=n_clusters)
        for name, value in ((n, v) for n, v in expected.items() if n in tables):
            if name == "histogram":
                assert (tables[name][entry] == value).all(), (hand, name)
            else:
                np.testing.assert_allclose(tables[name][entry], value, rtol=0, atol=2e-6, err_msg=f"{hand} {name}")


def test_river_hand_strength_against_brute_force(holdem):
    rng = np.random.default_rng(1)
    count = abstraction.board_count(holdem, 3)
    assert count == 134_459
    start = int(rng.integers(count - 3))
    tables = abstraction.compute(holdem, 3, ["hs"], boards=range(start, start + 3), compact=True)
    assert len(tables["index"]) == 3 * 20 * 1081  # 20 dealing orders of a river, 1,081 holes
    check_entries(holdem, 3, tables, rng.integers(len(tables["index"]), size=12), rng)


@pytest.mark.smoke
def test_turn_features_against_brute_force(holdem):
    rng = np.random.default_rng(2)
    start = int(rng.integers(abstraction.board_count(holdem, 2) - 2))
    tables = abstraction.compute(holdem, 2, ["ehs", "ehs2", "histogram"], bins=20, boards=(start, start + 2), compact=True)
    assert tables["histogram"].dtype == np.uint8
    assert (tables["histogram"].sum(axis=1) == 46).all()
    check_entries(holdem, 2, tables, rng.integers(len(tables["index"]), size=6), rng, bins=20)


def test_flop_features_against_brute_force(holdem):
    rng = np.random.default_rng(3)
    start = int(rng.integers(abstraction.board_count(holdem, 1)))
    tables = abstraction.compute(holdem, 1, ["ehs", "ehs2", "histogram"], boards=(start, start + 1), compact=True)
    assert tables["histogram"].dtype == np.uint16
    assert (tables["histogram"].sum(axis=1) == 1081).all()
    check_entries(holdem, 1, tables, rng.integers(len(tables["index"]), size=2), rng)


@pytest.mark.slow
def test_flop_and_turn_more_against_brute_force(holdem):
    rng = np.random.default_rng(4)
    for round, n in ((1, 8), (2, 20)):
        start = int(rng.integers(abstraction.board_count(holdem, round) - 4))
        tables = abstraction.compute(holdem, round, ["ehs", "ehs2", "histogram"], bins=7, boards=(start, start + 4), compact=True)
        check_entries(holdem, round, tables, rng.integers(len(tables["index"]), size=n), rng, bins=7)


@pytest.mark.parametrize("round, samples", [(1, 2), (2, 4), (3, 4)])
def test_ochs_against_brute_force(holdem, round, samples):
    rng = np.random.default_rng(5 + round)
    labels = preflop_clusters()
    start = int(rng.integers(abstraction.board_count(holdem, round) - 1))
    tables = abstraction.compute(holdem, round, ["ochs"], clusters=labels, boards=(start, start + 1), compact=True)
    assert tables["ochs"].shape == (len(tables["index"]), 3)
    check_entries(holdem, round, tables, rng.integers(len(tables["index"]), size=samples), rng, labels=labels)


def test_one_cluster_is_hand_strength(holdem):
    """Against a single cluster of every hand, OCHS is the river HS and, on the
    turn, EHS (the same opponents, the same mean over runouts)."""
    one = np.zeros(169, dtype=np.int64)
    river = abstraction.compute(holdem, 3, ["hs", "ochs"], clusters=one, boards=(500, 502), compact=True)
    np.testing.assert_allclose(river["ochs"][:, 0], river["hs"], atol=1e-6)
    turn = abstraction.compute(holdem, 2, ["ehs", "ochs"], clusters=one, boards=(70, 71), compact=True)
    np.testing.assert_allclose(turn["ochs"][:, 0], turn["ehs"], atol=1e-6)


def test_dense_tables_match_compact_entries():
    """Whole tables (here a (2, 5) river and a (2, 3) flop) hold the compact
    entries at their indices, every written class once, the rest untouched."""
    flop = HandIndexer((2, 3))
    dense = abstraction.compute(flop, 1, ["ehs", "histogram"], bins=5, boards=(10, 12))
    compact = abstraction.compute(flop, 1, ["ehs", "histogram"], bins=5, boards=(10, 12), compact=True)
    written = compact["index"].astype(np.intp)
    assert (dense["ehs"][written] == compact["ehs"]).all()
    assert (dense["histogram"][written] == compact["histogram"]).all()
    assert np.isnan(dense["ehs"]).sum() == flop.size(1) - len(np.unique(written))
    # Every class on those boards: the flops of the written classes are boards 10 and 11.
    boards = HandIndexer((3,))
    hands = flop.unindex_batch(1, np.unique(written).astype(np.uint64))
    assert set(boards.index_batch(hands[:, 2:]).tolist()) == {10, 11}


def test_board_chunks():
    """Consecutive ranges over every board; the classes a chunk writes have their
    board in the chunk, so chunks never write the same index."""
    flop = HandIndexer((2, 3))
    chunks = abstraction.board_chunks(flop, 1, 50)
    assert len(chunks) == 50 and chunks[0].start == 0 and chunks[-1].stop == 1755
    assert all(a.stop == b.start for a, b in zip(chunks, chunks[1:]))
    assert abstraction.board_chunks(flop, 1, 5000)[-1] == range(1754, 1755)
    written = np.unique(abstraction.compute(flop, 1, ["ehs"], boards=chunks[3], compact=True)["index"])
    owners = HandIndexer((3,)).index_batch(flop.unindex_batch(1, written)[:, 2:])
    assert owners.min() >= chunks[3].start and owners.max() < chunks[3].stop
    with pytest.raises(InvalidValueError):
        abstraction.board_chunks(flop, 1, 0)


@pytest.mark.slow
def test_whole_round_is_written():
    """All the flop boards of a (2, 3) indexer write every one of its 1,286,792
    classes (two threads, into one table)."""
    flop = HandIndexer((2, 3))
    ehs = abstraction.expected_hand_strength(flop, 1, threads=2)[0]
    assert not np.isnan(ehs).any()
    assert 0 < ehs.min() and ehs.max() == 1.0


def test_threads_progress_and_files(holdem, tmp_path):
    calls = []
    one = abstraction.compute(holdem, 2, ["ehs"], boards=(0, 40), compact=True)
    two = abstraction.compute(holdem, 2, ["ehs"], boards=(0, 40), compact=True, threads=2,
                              progress=lambda done, total: calls.append((done, total)))
    assert (one["index"] == two["index"]).all() and (one["ehs"] == two["ehs"]).all()
    assert calls[-1] == (40, 40) and len(calls) > 1
    flop = HandIndexer((2, 3))
    path = tmp_path / "ehs.npy"
    table = abstraction.open_table(path, flop, 1, "ehs")
    abstraction.compute(flop, 1, ["ehs"], boards=(0, 1), out={"ehs": table})
    table.flush()
    again = abstraction.open_table(path, flop, 1, "ehs", mode="r")
    expected = abstraction.expected_hand_strength(flop, 1, boards=(0, 1))[0]
    written = ~np.isnan(expected)
    assert (again[written] == expected[written]).all() and (again[~written] == 0).all()


@pytest.mark.smoke
def test_wrappers_and_a_board_that_plays(holdem):
    """A royal flush on the board: every hand ties every other, HS = 1/2."""
    river = HandIndexer((2, 5))
    royal = HandIndexer((5,)).index("Ts Js Qs Ks As")
    hs = abstraction.compute(river, 1, ["hs"], boards=(royal, royal + 1), compact=True)
    expected = river.index_batch([[a, b, 35, 39, 43, 47, 51] for b in range(52) for a in range(b)
                                  if not {a, b} & {35, 39, 43, 47, 51}])
    assert set(hs["index"].tolist()) == set(expected.tolist())
    assert (hs["hs"] == 0.5).all()
    assert abstraction.hand_strength(HandIndexer((2, 3, 1, 1)), boards=(0, 1), compact=True).shape == (20 * 1081,)
    labels = preflop_clusters()
    compact = abstraction.ochs(holdem, 2, labels, boards=(0, 1), compact=True)
    assert compact.shape == (4 * 1128, 3)
    histograms = abstraction.equity_histograms(HandIndexer((2, 3)), 1, bins=4, boards=(0, 1))
    assert histograms.shape == (1_286_792, 4) and histograms.dtype == np.uint16


@pytest.mark.smoke
def test_bad_input(holdem):
    with pytest.raises(InvalidValueError):
        abstraction.compute(HandIndexer((4, 3)), 1, ["ehs"])  # Omaha
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 0, ["ehs"])  # no board
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 3, ["ehs"])  # river: hs and ochs only
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["hs"])
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["equity"])
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["histogram"], bins=0)
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ochs"])  # no clusters
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ochs"], clusters=np.zeros(13, dtype=int))
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ochs"], clusters=np.full(169, 64))
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ehs"], boards=(0, 1756))
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ehs"], boards=(0, 1), out={"ehs": np.zeros(3, dtype=np.float32)})
    with pytest.raises(InvalidValueError):
        abstraction.compute(holdem, 1, ["ehs"], threads=0)


def test_ochs_is_nan_when_a_cluster_has_no_hand_left(holdem):
    """Cluster 1 is aces only: with two aces on the board, a hole holding a third
    leaves no pair of aces to face."""
    preflop = HandIndexer((2,))
    labels = np.zeros(169, dtype=np.int64)
    labels[preflop.index("Ac Ad")] = 1
    board = HandIndexer((5,)).index("Ac Ad 7h 5s 2c")
    tables = abstraction.compute(holdem, 3, ["ochs"], clusters=labels, boards=(board, board + 1), compact=True)
    hands = holdem.unindex_batch(3, tables["index"])
    ace_in_hole = (hands[:, :2] >> 2 == 12).any(axis=1)
    assert np.isnan(tables["ochs"][:, 1]).tolist() == ace_in_hole.tolist()
    assert not np.isnan(tables["ochs"][:, 0]).any()
