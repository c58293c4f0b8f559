import itertools
from math import comb

import numpy as np
import pytest


def random_hands(n: int, width: int, seed: int, deck: int = 52) -> np.ndarray:
    """n random rows of `width` distinct cards from 0..deck-1 (uint8)."""
    rng = np.random.default_rng(seed)
    rows = []
    have = 0
    while have < n:
        draw = rng.integers(0, deck, size=(n, width), dtype=np.uint8)
        ordered = np.sort(draw, axis=1)
        ok = (np.diff(ordered, axis=1) != 0).all(axis=1)
        rows.append(draw[ok])
        have += int(ok.sum())
    return np.concatenate(rows)[:n]


def all_hands(cards, k: int) -> np.ndarray:
    """Every k-card combination of `cards` as uint8 rows."""
    cards = list(cards)
    flat = np.fromiter(itertools.chain.from_iterable(itertools.combinations(cards, k)), dtype=np.uint8,
                       count=comb(len(cards), k) * k)
    return flat.reshape(-1, k)


@pytest.fixture(scope="session")
def all_five_card_hands() -> np.ndarray:
    return all_hands(range(52), 5)


def assert_same_order(ours, theirs) -> None:
    """Our values and another ranking's comparable keys (larger is better) order the
    hands the same way, ties included."""
    order = sorted(range(len(ours)), key=lambda i: ours[i])
    for a, b in zip(order, order[1:]):
        assert (ours[a] == ours[b]) == (theirs[a] == theirs[b])
        assert ours[a] == ours[b] or theirs[a] < theirs[b]


@pytest.fixture(scope="module")
def dask_client():
    """A local Dask cluster of two single-threaded worker processes for one test module
    (its tests skip without Dask)."""
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=":0") as cluster:
        with distributed.Client(cluster) as client:
            yield client
