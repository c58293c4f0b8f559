"""The batch functions' validation, done in the same pass as the evaluation (an OR
of per-row sums over blocks of rows), flags exactly the bad rows: every card
repeated at every pair of positions, every value past 51 at every position, rows
of several bad cards, each hidden among good rows."""

import itertools

import numpy as np
import pytest
from conftest import random_hands

import pokerhash as ph
from pokerhash import InvalidCardError
from pokerhash.evaluators.omaha import evaluate_omaha_batch

BATCH = 300  # more than one block of rows (the C loops check 256 at a time)


def bad_rows(width: int, repeated_cards, seed: int) -> np.ndarray:
    """Rows of `width` cards, each bad: a card repeated at two or more positions,
    values past 51 (one or more, with or without a repeat)."""
    rng = np.random.default_rng(seed)
    base = random_hands(1, width, seed)[0]
    rows = []
    for i, j in itertools.combinations(range(width), 2):
        for card in repeated_cards:
            row = base.copy()
            row[i] = row[j] = card
            rows.append(row)
    for i in range(width):
        for value in range(52, 256):
            row = base.copy()
            row[i] = value
            rows.append(row)
    for count in range(2, width + 1):
        for card in (0, 48, 51, 52, 255):  # 48 and 51: the top rank, whose repeats carry furthest
            row = base.copy()
            row[:count] = card
            rows.append(rng.permutation(row))
        row = base.copy()
        row[:count] = rng.integers(52, 256, count)
        rows.append(row)
    row = base.copy()
    row[0], row[1], row[2] = 60, row[3], 255  # a repeat and two cards past 51
    rows.append(row)
    return np.array(rows, dtype=np.uint8)


@pytest.mark.smoke
@pytest.mark.parametrize("width", [5, 6, 7])
def test_high_batch_flags_every_bad_row(width):
    good = random_hands(BATCH, width, seed=width)
    ph.evaluate_batch(good)  # all good: no error
    for k, row in enumerate(bad_rows(width, range(52), seed=width)):
        at = (37 * k) % BATCH
        batch = good.copy()
        batch[at] = row
        with pytest.raises(InvalidCardError, match=f"row {at} of hands"):
            ph.evaluate_batch(batch)


@pytest.mark.parametrize("width", [5, 6, 7])
def test_high_batch_flags_a_bad_card_in_every_row_of_short_batches(width):
    """Short batches (0 to 17 rows: every tail of the four-row lanes) and one past a
    block: a repeat or a value past 51 at every row and card position is the row
    reported, and the same rows unchecked still evaluate (memory-safe)."""
    good = random_hands(260, width, seed=40 + width)
    for n in list(range(1, 18)) + [260]:
        rows = good[:n]
        for at in range(n) if n < 18 else (0, 3, 255, 256, 259):
            for position in range(width):
                for value in (52, 255, int(rows[at][(position + 1) % width])):
                    batch = rows.copy()
                    batch[at, position] = value
                    with pytest.raises(InvalidCardError, match=f"row {at} of hands"):
                        ph.evaluate_batch(batch)
                    assert ph.evaluate_batch(batch, check=False).shape == (n,)


@pytest.mark.smoke
@pytest.mark.parametrize("n_hole, n_board", [(4, 3), (4, 5), (5, 4), (6, 5)])
def test_omaha_batch_flags_every_bad_deal(n_hole, n_board):
    good = random_hands(BATCH, n_hole + n_board, seed=n_hole * 10 + n_board)
    evaluate_omaha_batch(good[:, :n_hole].copy(), good[:, n_hole:].copy())  # all good: no error
    rows = bad_rows(n_hole + n_board, (0, 17, 48, 51), seed=n_hole + n_board)
    for k, row in enumerate(rows):
        at = (37 * k) % BATCH
        batch = good.copy()
        batch[at] = row
        with pytest.raises(InvalidCardError, match=f"row {at} of holes and boards"):
            evaluate_omaha_batch(batch[:, :n_hole].copy(), batch[:, n_hole:].copy())
