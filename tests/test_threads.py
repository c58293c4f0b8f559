"""The evaluators give the same answers when called from many threads at once.

The batch functions release the GIL for their C loops, so several of them really
run at the same time; the per-call functions hold it but can be interrupted
between calls. Each test starts its threads together (a barrier) with a tiny
switch interval, so that threads interleave as much as possible, and compares
every thread's results with a single-threaded run.
"""

import subprocess
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, NamedTuple

import numpy as np
import pytest
from conftest import random_hands

import pokerhash as ph
from pokerhash.evaluators import turkish

THREADS = 8


class Evaluator(NamedTuple):
    batch: Callable  # (n, width) uint8 array -> array of values
    per_call: Callable  # list of ints -> value
    hands: Callable  # (n, seed) -> valid uint8 hands


EVALUATORS = {
    "high5": Evaluator(ph.evaluate_batch, ph.evaluate, lambda n, seed: random_hands(n, 5, seed)),
    "high6": Evaluator(ph.evaluate_batch, ph.evaluate, lambda n, seed: random_hands(n, 6, seed)),
    "high7": Evaluator(ph.evaluate_batch, ph.evaluate, lambda n, seed: random_hands(n, 7, seed)),
    # Omaha: four hole cards, then five board cards.
    "omaha": Evaluator(
        lambda hands: ph.evaluate_omaha_batch(hands[:, :4], hands[:, 4:]),
        lambda hand: ph.evaluate_omaha(hand[:4], hand[4:]),
        lambda n, seed: random_hands(n, 9, seed),
    ),
    "low8": Evaluator(ph.evaluate_low8_batch, ph.evaluate_low8, lambda n, seed: random_hands(n, 7, seed)),
    "omaha_low8": Evaluator(
        lambda hands: ph.evaluate_omaha_low8_batch(hands[:, :4], hands[:, 4:]),
        lambda hand: ph.evaluate_omaha_low8(hand[:4], hand[4:]),
        lambda n, seed: random_hands(n, 9, seed),
    ),
    # The 32-card Turkish deck: sevens (rank index 5, cards 20..51) to aces.
    "turkish32": Evaluator(
        lambda hands: turkish.evaluate_turkish_batch(hands, lowest_rank=7),
        lambda hand: turkish.evaluate_turkish(hand, lowest_rank=7),
        lambda n, seed: random_hands(n, 5, seed, deck=32) + np.uint8(20),
    ),
    # The evaluators of the rules (Other games); short deck: sixes (card 16) to aces, pokerkit's order.
    "shortdeck7": Evaluator(
        lambda hands: ph.evaluate_shortdeck_batch(hands, trips_beat_straight=False),
        lambda hand: ph.evaluate_shortdeck(hand, trips_beat_straight=False),
        lambda n, seed: random_hands(n, 7, seed, deck=36) + np.uint8(16),
    ),
    "a5_low7": Evaluator(ph.evaluate_a5_low_batch, ph.evaluate_a5_low, lambda n, seed: random_hands(n, 7, seed)),
    "deuce7": Evaluator(ph.evaluate_deuce7_batch, ph.evaluate_deuce7, lambda n, seed: random_hands(n, 5, seed)),
    "badugi": Evaluator(ph.evaluate_badugi_batch, ph.evaluate_badugi, lambda n, seed: random_hands(n, 4, seed)),
}


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


@pytest.mark.smoke
@pytest.mark.parametrize("name", EVALUATORS)
def test_batch_in_threads_matches_single_thread(name):
    evaluator = EVALUATORS[name]
    hands = evaluator.hands(40_000, 1)
    expected = evaluator.batch(hands)
    # Half the threads evaluate the whole array, half their own slice of it.
    slices = np.array_split(np.arange(len(hands)), THREADS // 2)
    tasks = [lambda: evaluator.batch(hands)] * (THREADS // 2)
    tasks += [lambda rows=rows: evaluator.batch(hands[rows]) for rows in slices]
    results = run_together(tasks)
    for result in results[: THREADS // 2]:
        np.testing.assert_array_equal(result, expected)
    for rows, result in zip(slices, results[THREADS // 2:]):
        np.testing.assert_array_equal(result, expected[rows])


@pytest.mark.smoke
@pytest.mark.parametrize("name", EVALUATORS)
def test_per_call_in_threads_matches_single_thread(name):
    evaluator = EVALUATORS[name]
    hands = [row.tolist() for row in evaluator.hands(2_000, 2)]
    expected = [evaluator.per_call(hand) for hand in hands]
    results = run_together([lambda: [evaluator.per_call(hand) for hand in hands]] * THREADS)
    assert all(result == expected for result in results)


def test_all_evaluators_at_once():
    """Every evaluator, batch and per call, in threads of its own at the same time."""
    cases = []
    for seed, evaluator in enumerate(EVALUATORS.values()):
        hands = evaluator.hands(10_000, seed)
        as_lists = [row.tolist() for row in hands[:1_000]]
        expected = np.asarray(evaluator.batch(hands))
        cases.append((lambda e=evaluator, h=hands: e.batch(h), expected))
        cases.append((lambda e=evaluator, h=as_lists: np.array([e.per_call(hand) for hand in h]), expected[:1_000]))
    results = run_together([task for task, _ in cases])
    for (_, expected), result in zip(cases, results):
        np.testing.assert_array_equal(result, expected)


def test_invalid_rows_found_in_every_thread():
    """Validation runs without the GIL too: each thread must name its own bad row."""
    hands = random_hands(10_000, 7, seed=3)
    bad_rows = list(range(1_000, 1_000 + THREADS))

    def bad_copy(row):
        copy = hands.copy()
        copy[row, 1] = copy[row, 0]
        return copy

    def first_bad_row(copy):
        with pytest.raises(ph.InvalidCardError) as error:
            ph.evaluate_batch(copy)
        return error.value

    copies = [bad_copy(row) for row in bad_rows]
    errors = run_together([lambda copy=copy: first_bad_row(copy) for copy in copies])
    assert [str(error).split(" ")[:2] for error in errors] == [["row", str(row)] for row in bad_rows]


def test_full_enumeration_in_threads():
    expected = ph.category_counts(5)
    assert run_together([lambda: ph.category_counts(5)] * 4) == [expected] * 4


@pytest.mark.smoke
def test_omaha_table_built_by_concurrent_first_calls():
    """The Omaha table is built in C on first use: in a fresh process, threads whose
    very first call is an Omaha evaluation all get the answers of a later serial run."""
    script = """
import threading
import numpy as np
import pokerhash as ph
from pokerhash.bench import random_hands

deals = random_hands(20_000, 9, seed=5)
barrier = threading.Barrier(8)
results = [None] * 8

def work(i):
    barrier.wait()
    results[i] = ph.evaluate_omaha_batch(deals[:, :4], deals[:, 4:])

threads = [threading.Thread(target=work, args=(i,)) for i in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
expected = ph.evaluate_omaha_batch(deals[:, :4], deals[:, 4:])
assert all((r == expected).all() for r in results)
"""
    subprocess.run([sys.executable, "-c", script], check=True)
