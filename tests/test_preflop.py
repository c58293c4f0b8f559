"""The preflop matchup classes against a slow readable canonicalisation, the shipped
table against direct pokerhash.equity calls, and the Dask path (two worker processes,
one of them killed mid-run) against one process."""

import itertools
import re
import os
import signal
import threading
import time

import numpy as np
import pytest

import pokerhash as ph
from pokerhash.errors import InvalidCardError, InvalidValueError
from pokerhash.preflop import _classes, matchup_counts, preflop_matchups
from pokerhash.ranges import COMBOS

BOARDS = 1712304
SUIT_PERMUTATIONS = list(itertools.permutations(range(4)))


def relabel(hand, permutation):
    """A two-card hand with its suits permuted, high card first."""
    a, b = ((c & ~3) | permutation[c & 3] for c in hand)
    return (a, b) if a > b else (b, a)


def reference_images(first, second):
    """Every ordered matchup a suit permutation and a seat swap make of this one."""
    images = set()
    for permutation in SUIT_PERMUTATIONS:
        a, b = relabel(first, permutation), relabel(second, permutation)
        images.update({a + b, b + a})
    return images


def test_there_are_47008_classes_of_1624350_ordered_matchups():
    hands, multiplicity = preflop_matchups()
    assert hands.shape == (47008, 4)
    assert int(multiplicity.sum()) == 52 * 51 // 2 * (50 * 49 // 2)
    assert len({tuple(row) for row in hands.tolist()}) == 47008


def test_classes_match_a_brute_force_canonicalisation():
    hands, multiplicity = preflop_matchups()
    classes = _classes("holdem")
    rng = np.random.default_rng(5)
    for i in rng.choice(len(hands), size=300, replace=False):
        row = tuple(hands[i].tolist())
        images = reference_images(row[:2], row[2:])
        assert len(images) == multiplicity[i]
        assert min(images) == row  # the representative is the least image
    # Random ordered matchups land in the class whose representative is their least
    # image, in the seat the flag says.
    for i, j in rng.integers(0, 1326, size=(3000, 2)):
        first, second = tuple(COMBOS[i].tolist()), tuple(COMBOS[j].tolist())
        if set(first) & set(second):
            assert classes.pair_class[i, j] == -1
            continue
        row = tuple(hands[classes.pair_class[i, j]].tolist())
        assert min(reference_images(first, second)) == row
        seated = (second, first) if classes.pair_swapped[i, j] else (first, second)
        assert any(relabel(seated[0], p) + relabel(seated[1], p) == row for p in SUIT_PERMUTATIONS)


def exact_counts(first, second):
    result = ph.equity([first, second], method="exact")
    return round(result.win[0] * result.showdowns), round(result.tie[0] * result.showdowns)


@pytest.mark.smoke
def test_shipped_table_equals_direct_equity_calls():
    hands, _ = preflop_matchups()
    rng = np.random.default_rng(17)
    for i in rng.choice(len(hands), size=40, replace=False):
        first, second = hands[i, :2].tolist(), hands[i, 2:].tolist()
        counts = ph.preflop_counts(first, second)
        assert (counts.win, counts.tie) == exact_counts(first, second)
        assert counts.boards == BOARDS and counts.win + counts.tie + counts.lose == BOARDS


@pytest.mark.smoke
def test_matchup_counts_is_the_kernel_of_the_table():
    hands, _ = preflop_matchups()
    block = hands[1000:1010]
    expected = np.array([exact_counts(row[:2].tolist(), row[2:].tolist()) for row in block])
    assert np.array_equal(matchup_counts(block), expected)


def test_specific_hands_in_either_seat():
    assert ph.preflop_equity("AhAd", "KsKc") == pytest.approx(0.8125549, abs=1e-7)
    counts = ph.preflop_counts("AhAd", "KsKc")
    assert (counts.win, counts.tie) == exact_counts("AhAd", "KsKc")
    swapped = ph.preflop_counts("KsKc", "AhAd")
    assert (swapped.win, swapped.tie, swapped.lose) == (counts.lose, counts.tie, counts.win)
    assert ph.preflop_equity([51, 47], "QsQd") == ph.preflop_equity("AsKs", "QsQd")


@pytest.mark.parametrize("first, second", [("AA", "KK"), ("AKs", "QQ"), ("T9o", "T9o"), ("AhKh", "QQ"), ("72o", "AA")])
def test_class_averages_equal_range_equity(first, second):
    """pokerhash.equity of two ranges weighs every pair of combos without a shared card
    alike: exactly the class average."""
    direct = ph.equity([first, second], method="exact")
    assert ph.preflop_equity(first, second) == pytest.approx(direct.equity[0], abs=1e-12)
    counts = ph.preflop_counts(first, second)
    assert counts.win / counts.boards == pytest.approx(direct.win[0], abs=1e-12)


def test_known_class_values():
    assert ph.preflop_equity("AA", "KK") == pytest.approx(0.8195, abs=5e-5)
    assert ph.preflop_equity("QQ", "QQ") == 0.5


def test_matrix_is_the_class_equities_and_antisymmetric():
    matrix, labels = ph.preflop_matrix()
    assert matrix.shape == (169, 169) and len(labels) == 169
    assert labels[:3] == ("AA", "AKs", "AQs") and labels[13] == "AKo" and labels[-1] == "22"
    assert np.allclose(matrix + matrix.T, 1.0, atol=1e-12)
    for first, second in [("AKs", "QQ"), ("T9o", "22"), ("AA", "AA")]:
        assert matrix[labels.index(first), labels.index(second)] == pytest.approx(ph.preflop_equity(first, second))
    assert labels == tuple(label for row in ph.ranges.GRID_LABELS for label in row)


@pytest.mark.smoke
@pytest.mark.parametrize("first, second, error, words", [
    ("AhKh", "KhQd", InvalidCardError, "share a card"),
    ("AKx", "QQ", InvalidCardError, "neither a hand class"),
    ("QQs", "AA", InvalidValueError, "pair cannot be suited"),
    ("AhKhQh", "QQ", InvalidCardError, "expected 2 cards"),
])
def test_bad_input_is_named(first, second, error, words):
    with pytest.raises(error, match=words):
        ph.preflop_equity(first, second)


def test_other_games_and_bad_rows_are_refused():
    with pytest.raises(InvalidValueError, match="omaha"):
        preflop_matchups("omaha")
    with pytest.raises(InvalidCardError, match="share a card"):
        matchup_counts(np.array([[51, 50, 50, 49]]))
    with pytest.raises(InvalidCardError, match=r"shape \(n, 4\)"):
        matchup_counts(np.zeros((3, 3), dtype=np.uint8))


# --- on Dask -------------------------------------------------------------------------

distributed = pytest.importorskip("dask.distributed")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def test_dask_table_equals_one_process(client):
    from pokerhash.distributed import preflop_table

    hands, _ = preflop_matchups()
    subset = np.arange(0, 47008, 157)
    counts = preflop_table(client=client, matchups=subset, block=25)
    assert np.array_equal(counts, matchup_counts(hands[subset]))
    assert np.array_equal(counts, np.array([tuple(ph.preflop_counts(r[:2].tolist(), r[2:].tolist()))[:2]
                                            for r in hands[subset]]))


def test_a_killed_worker_leaves_the_result_unchanged(client):
    from pokerhash.distributed import preflop_table

    hands, _ = preflop_matchups()
    subset = np.arange(1, 47008, 97)
    pids = client.run(os.getpid)
    victim = sorted(pids)[0]
    result = {}
    run = threading.Thread(target=lambda: result.update(counts=preflop_table(client=client, matchups=subset, block=10)))
    run.start()
    deadline = time.monotonic() + 30
    while not client.processing().get(victim) and time.monotonic() < deadline:
        time.sleep(0.01)
    assert client.processing().get(victim), "no task reached the worker to kill"
    os.kill(pids[victim], signal.SIGKILL)
    run.join(timeout=120)
    assert not run.is_alive()
    assert np.array_equal(result["counts"], matchup_counts(hands[subset]))
    client.wait_for_workers(2, timeout=60)


def test_the_c_lookup_and_the_batch_agree_with_the_summing_path():
    """preflop_equity/preflop_counts of two two-card hands (answered in C) equal the
    numpy path that classes take (reached here through iterators), and the vectorised
    form equals both, on random matchups in every input form."""
    rng = np.random.default_rng(26)
    rows = np.array([rng.choice(52, 4, replace=False) for _ in range(300)])
    first, second = rows[:, :2], rows[:, 2:]
    batch = ph.preflop_equity_batch(first, second)
    for row, expected in zip(rows.tolist(), batch):
        a, b = row[:2], row[2:]
        slow = ph.preflop_counts(iter(a), iter(b))
        assert ph.preflop_counts(a, b) == slow
        assert ph.preflop_equity(a, b) == (slow.win + slow.tie / 2) / slow.boards == expected
        text = " ".join(ph.card_str(c) for c in a), ",".join(ph.card_str(c) for c in b)
        assert ph.preflop_equity(*text) == expected
    assert ph.preflop_equity_batch(np.empty((0, 2), int), np.empty((0, 2), int)).shape == (0,)


@pytest.mark.parametrize("first, second, words", [
    ([[51, 50]], [[50, 49]], "matchup 0"),
    ([[51, 50], [51, 51]], [[47, 46], [45, 44]], "matchup 1"),
    ([[51, 52]], [[47, 46]], "outside 0..51"),
    ([[51, 50, 49]], [[47, 46]], "shape (n, 2)"),
    ([[51.0, 50.0]], [[47, 46]], "integer array"),
    ([[51, 50]], [[47, 46], [45, 44]], "1 hands and second 2"),
])
def test_batch_refuses_bad_rows(first, second, words):
    with pytest.raises(InvalidCardError, match=re.escape(words)):
        ph.preflop_equity_batch(np.array(first), np.array(second))
