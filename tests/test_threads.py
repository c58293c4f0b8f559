"""The evaluators give the same answers when called from many threads at once.

The batch functions release the GIL for their C loops, so several of them really
run at the same time; the per-call functions hold it but can be interrupted
between calls. Each test starts its threads together (a barrier) with a tiny
switch interval, so that threads interleave as much as possible, and compares
every thread's results with a single-threaded run.
"""

import sys
import threading
from concurrent.futures import ThreadPoolExecutor

import numpy as np
import pytest
from conftest import random_hands

import pokerhash as ph
from pokerhash import _core

THREADS = 8


@pytest.fixture(autouse=True)
def frequent_thread_switches():
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(interval)


def run_together(tasks):
    """Run each zero-argument callable in its own thread, all released at once; their results."""
    barrier = threading.Barrier(len(tasks))

    def run(task):
        barrier.wait()
        return task()

    with ThreadPoolExecutor(max_workers=len(tasks)) as pool:
        return list(pool.map(run, tasks))


@pytest.mark.parametrize("width", [5, 6, 7])
def test_batch_in_threads_matches_single_thread(width):
    hands = random_hands(40_000, width, seed=width)
    expected = ph.evaluate_batch(hands)
    slices = np.array_split(np.arange(len(hands)), THREADS)
    # Half the threads evaluate the whole array, half their own slice, with and without validation.
    tasks = [lambda: ph.evaluate_batch(hands)] * (THREADS // 2)
    tasks += [lambda rows=rows: ph.evaluate_batch(hands[rows], check=False) for rows in slices[: THREADS // 2]]
    results = run_together(tasks)
    for result in results[: THREADS // 2]:
        np.testing.assert_array_equal(result, expected)
    for rows, result in zip(slices, results[THREADS // 2:]):
        np.testing.assert_array_equal(result, expected[rows])


def test_per_call_in_threads_matches_single_thread():
    hands = [row.tolist() for row in random_hands(3_000, 7, seed=1)]
    expected = [ph.evaluate(hand) for hand in hands]
    results = run_together([lambda: [ph.evaluate(hand) for hand in hands]] * THREADS)
    assert all(result == expected for result in results)


def test_per_call_and_batch_mixed():
    hands = random_hands(20_000, 7, seed=2)
    expected = ph.evaluate_batch(hands)
    as_lists = [row.tolist() for row in hands[:2_000]]
    tasks = [lambda: ph.evaluate_batch(hands), lambda: np.array([ph.evaluate(hand) for hand in as_lists])] * (THREADS // 2)
    for i, result in enumerate(run_together(tasks)):
        np.testing.assert_array_equal(result, expected if i % 2 == 0 else expected[:2_000])


def test_invalid_rows_found_in_every_thread():
    """Validation runs without the GIL too: each thread must name its own bad row."""
    hands = random_hands(10_000, 7, seed=3)
    bad_rows = list(range(1_000, 1_000 + THREADS))

    def bad_copy(row):
        copy = hands.copy()
        copy[row, 1] = copy[row, 0]
        return copy

    copies = [bad_copy(row) for row in bad_rows]
    results = run_together([lambda copy=copy: _core.find_bad_row(copy)[0] for copy in copies])
    assert results == bad_rows


def test_full_enumeration_in_threads():
    expected = ph.category_counts(5)
    assert run_together([lambda: ph.category_counts(5)] * 4) == [expected] * 4
