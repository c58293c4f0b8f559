"""pokerhash.distributed on a LocalCluster of 2 worker processes: the distributed results
equal the single-process ones (exactly, or within their standard errors), also when a
worker dies mid-run. One cluster for the whole module: starting one costs seconds."""

from __future__ import annotations

import functools
import os
import signal
import sys

import numpy as np
import pytest

pytest.importorskip("dask.distributed")
import cloudpickle  # noqa: E402  (installed with distributed)
import dask.array as da  # noqa: E402

import pokerhash as ph  # noqa: E402
from pokerhash import distributed as phd  # noqa: E402
from pokerhash.betting import Action  # noqa: E402
from pokerhash.distributed.grid import _grid_block, _range_weights  # noqa: E402
from pokerhash.distributed.simulate import _merge, _simulate_task  # noqa: E402
from pokerhash.engine import HOLDEM, Stakes, Table  # noqa: E402
from pokerhash.errors import CardTypeError, InvalidCardError, InvalidValueError  # noqa: E402

# The workers cannot import this file: its agents and factories travel by value.
cloudpickle.register_pickle_by_value(sys.modules[__name__])


@pytest.fixture(scope="module")
def client(dask_client):
    return dask_client


def test_distributed_is_not_imported_by_the_core():
    import subprocess

    code = "import sys, pokerhash; pokerhash.Range; pokerhash.engine; print('dask' in sys.modules)"
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True).stdout.strip() == "False"


# --- Dask arrays ---------------------------------------------------------------------


ARRAY_CASES = [
    (phd.evaluate_batch, ph.evaluate_batch, (7,), {}),
    (phd.evaluate_batch, ph.evaluate_batch, (5,), {}),
    (phd.evaluate_low8_batch, ph.evaluate_low8_batch, (6,), {}),
    (phd.evaluate_a5_low_batch, ph.evaluate_a5_low_batch, (7,), {}),
    (phd.evaluate_deuce7_batch, ph.evaluate_deuce7_batch, (5,), {}),
    (phd.evaluate_badugi_batch, ph.evaluate_badugi_batch, (4,), {}),
    (phd.evaluate_omaha_batch, ph.evaluate_omaha_batch, (4, 5), {}),
    (phd.evaluate_omaha_low8_batch, ph.evaluate_omaha_low8_batch, (5, 3), {}),
]


@pytest.mark.parametrize("lazy, batch, widths, options", ARRAY_CASES)
def test_dask_arrays_equal_the_batch_functions(client, lazy, batch, widths, options):
    deals = ph.random_deals(50_000, sum(widths), seed=sum(widths))
    parts = np.split(deals, np.cumsum(widths)[:-1], axis=1)
    expected = batch(*parts, **options)
    # Odd chunks: several row blocks, the card axis split (rechunked to whole hands).
    arrays = [da.from_array(p, chunks=(7_001 + 1000 * i, 2)) for i, p in enumerate(parts)]
    result = lazy(*arrays, **options)
    assert result.dtype == expected.dtype and result.shape == expected.shape
    assert result.chunks[0] == arrays[0].chunks[0]
    computed = result.compute()
    assert computed.dtype == expected.dtype
    np.testing.assert_array_equal(computed, expected)


def test_dask_arrays_of_the_other_decks():
    short = np.array([c for c in range(52) if c >> 2 >= 4], dtype=np.uint8)
    rng = np.random.default_rng(3)
    hands = np.array([rng.choice(short, 7, replace=False) for _ in range(3000)])
    lazy = phd.evaluate_shortdeck_batch(da.from_array(hands, chunks=700), trips_beat_straight=False)
    np.testing.assert_array_equal(lazy.compute(), ph.evaluate_shortdeck_batch(hands, trips_beat_straight=False))
    deck = np.array(ph.turkish_deck(3), dtype=np.uint8)
    turkish = np.array([rng.choice(deck, 5, replace=False) for _ in range(3000)])
    lazy = phd.evaluate_turkish_batch(da.from_array(turkish, chunks=999), players=3)
    assert lazy.dtype == np.uint32
    np.testing.assert_array_equal(lazy.compute(), ph.evaluate_turkish_batch(turkish, players=3))


def test_dask_arrays_refuse_bad_input_when_the_graph_is_built():
    hands = da.zeros((100, 7), dtype=np.uint8, chunks=10)
    with pytest.raises(CardTypeError):
        phd.evaluate_batch(hands.astype(float))
    with pytest.raises(InvalidCardError, match=r"shape \(n, 5\|6\|7\)"):
        phd.evaluate_batch(hands[:, :4])
    with pytest.raises(InvalidCardError, match="100 rows but boards has 50"):
        phd.evaluate_omaha_batch(hands[:, :4], hands[:50, :3])
    with pytest.raises(InvalidValueError):
        phd.evaluate_turkish_batch(hands[:, :5], players=9)
    with pytest.raises(InvalidValueError):
        phd.evaluate_batch(hands, check="yes")


def test_a_bad_row_is_named_in_the_whole_array():
    deals = ph.random_deals(10_000, 7, seed=5)
    deals[7_654, 3] = deals[7_654, 0]
    lazy = phd.evaluate_batch(da.from_array(deals, chunks=1_000))
    with pytest.raises(InvalidCardError, match="row 7654 of hands"):
        lazy.compute(scheduler="synchronous")


# --- range grids ---------------------------------------------------------------------


RANGES = {"tight": "22+,A2s+,KTo+", "premium": "QQ+,AK", "wide": "22+,A2+,K5+,Q8+,J8+,T8+,98"}
BOARDS = ["2c7d9h", "AsKd5c", "8h8d8s", "Tc9c8c", "QhJh2d", "3s4s5s6d"]


def test_range_grid_equals_one_process_and_exact_equity(client):
    grid = phd.range_grid(RANGES, BOARDS[:5], client=client, boards_per_task=2)
    _, weights = _range_weights(RANGES)
    won, pair = _grid_block(weights, grid.boards)
    np.testing.assert_array_equal(grid.values, won / pair)  # bit for bit: the same kernels per board
    np.testing.assert_array_equal(grid.pair_weight, pair)
    labels = list(RANGES)
    for b, board in enumerate(BOARDS[:5]):
        for i, j in [(0, 1), (0, 2), (1, 2)]:
            exact = ph.equity([RANGES[labels[i]], RANGES[labels[j]]], board=board, method="exact")
            assert grid.values[i, j, b] == pytest.approx(exact.equity[0], abs=1e-12)
            assert grid.at(labels[j], labels[i], board) == pytest.approx(exact.equity[1], abs=1e-12)
    np.testing.assert_allclose(grid.values + grid.values.transpose(1, 0, 2), 1.0, atol=1e-12)


def test_overall_weights_the_boards_by_their_pairs_and_counts():
    _, weights = _range_weights(RANGES)
    boards = np.array([ph.cards(b) for b in BOARDS[:3]], dtype=np.uint8)
    won, pair = _grid_block(weights, boards)
    counts = np.array([6, 1, 4])
    grid = phd.RangeGrid(list(RANGES), boards, counts, won / pair, pair)
    hero, villain = 0, 2
    expected = sum(counts[b] * won[hero, villain, b] for b in range(3)) / sum(counts[b] * pair[hero, villain, b]
                                                                              for b in range(3))
    assert grid.overall()[hero, villain] == pytest.approx(expected, rel=1e-14)


def test_suit_distinct_boards_stand_for_every_board():
    boards, counts = phd.suit_distinct_boards(3)
    assert len(boards) == 1755 and counts.sum() == 22100
    indexer = ph.HandIndexer([3])
    assert (indexer.index_batch(boards) == np.arange(1755)).all()
    turns, turn_counts = phd.suit_distinct_boards(4)
    assert len(turns) == 16432 and turn_counts.sum() == 270725


def test_a_suit_class_board_gives_each_of_its_boards_equity():
    """The reason for one board per class: on every board of a class, equal equity."""
    _, weights = _range_weights(RANGES)
    members = np.array([ph.cards(b) for b in ["2c7d9h", "2s7h9c", "2d7c9s"]], dtype=np.uint8)
    won, pair = _grid_block(weights, members)
    np.testing.assert_allclose(won / pair, (won / pair)[:, :, :1].repeat(3, axis=2), atol=1e-12)


def test_range_grid_refuses_bad_input():
    with pytest.raises(InvalidValueError, match="does not treat the suits alike"):
        phd.range_grid({"a": "AhKh", "b": "QQ"}, "flops")
    with pytest.raises(InvalidValueError, match="at least two"):
        phd.range_grid(["QQ+"], BOARDS)
    with pytest.raises(InvalidValueError, match="same number of cards"):
        phd.range_grid(RANGES, ["2c7d9h", "2c7d9h3s"])
    with pytest.raises(InvalidCardError):
        phd.range_grid(RANGES, ["2c7d7d"])
    with pytest.raises(InvalidValueError, match="empty"):
        phd.range_grid({"a": "QQ", "b": np.zeros(1326)}, BOARDS)
    with pytest.raises(InvalidValueError):
        phd.range_grid(RANGES, BOARDS, boards_per_task=0)


# --- simulations ---------------------------------------------------------------------


def calling_station(view):
    return Action.check() if view.legal.can_check else Action.call()


def raiser(view):
    legal = view.legal
    if legal.raise_kind is not None and legal.min_to is not None:
        return Action.raise_to(legal.min_to) if not legal.can_check else Action.bet_to(legal.min_to)
    return Action.check() if legal.can_check else Action.call()


def heads_up(seed):
    table = Table(HOLDEM, Stakes(blinds=(1, 2)), seats=2, seed=seed, log=False)
    table.join(0, 100)
    table.join(1, 100)
    return table


def kill_worker_once(marker, seed):
    """The first call anywhere kills its worker process (SIGKILL: no clean-up)."""
    try:
        os.close(os.open(marker, os.O_CREAT | os.O_EXCL))
    except FileExistsError:
        return heads_up(seed)
    os.kill(os.getpid(), signal.SIGKILL)


AGENTS = {0: raiser, 1: calling_station}


def in_process(hands, per_task, seed, factory=heads_up):
    sizes = [min(per_task, hands - start) for start in range(0, hands, per_task)]
    return _merge([_simulate_task(factory, AGENTS, seed, i, n) for i, n in enumerate(sizes)], seed, per_task)


def test_simulate_equals_one_process_exactly(client):
    result = phd.simulate(heads_up, AGENTS, hands=1_000, hands_per_task=150, seed=11, client=client)
    reference = in_process(1_000, 150, 11)
    assert result.hands == 1_000 and result.tasks == 7
    assert result.total == reference.total and result.sum_of_squares == reference.sum_of_squares
    np.testing.assert_array_equal(result.winnings, reference.winnings)
    np.testing.assert_array_equal(result.std_error, reference.std_error)
    assert sum(result.total.values()) == 0  # no rake: the chips only move


def test_the_statistics_are_those_of_the_hands_played():
    """A slow reference: the same tables played hand by hand, NumPy's mean and std."""
    result = in_process(400, 400, 5)
    stream = np.random.default_rng(np.random.SeedSequence(5).spawn(1)[0])
    nets = []
    while len(nets) < 400:
        table = heads_up(int(stream.integers(2 ** 63)))
        while len(nets) < 400:
            played = table.play(AGENTS, 1)
            if not played:
                break
            nets.append([played[0].net.get(seat, 0) for seat in (0, 1)])
    nets = np.array(nets, dtype=float)
    np.testing.assert_allclose(result.winnings, nets.mean(axis=0), rtol=1e-12)
    np.testing.assert_allclose(result.std_error, nets.std(axis=0, ddof=1) / np.sqrt(400), rtol=1e-12)
    np.testing.assert_allclose(result.winnings_bb, result.winnings / 2)


def test_symmetric_bots_break_even_within_their_standard_errors(client):
    result = phd.simulate(heads_up, calling_station, hands=3_000, hands_per_task=500, seed=2, client=client)
    assert (np.abs(result.winnings) <= 4 * result.std_error).all()
    assert (result.std_error > 0).all()


def test_a_worker_killed_mid_run_does_not_change_the_result(client, tmp_path):
    factory = functools.partial(kill_worker_once, str(tmp_path / "killed"))
    result = phd.simulate(factory, AGENTS, hands=1_200, hands_per_task=150, seed=7, client=client)
    assert (tmp_path / "killed").exists()  # a worker did die
    reference = in_process(1_200, 150, 7)
    assert result.total == reference.total and result.sum_of_squares == reference.sum_of_squares
    assert result.hands == 1_200
    client.wait_for_workers(2, timeout=30)  # the nanny restarts it for the next tests


def test_agents_may_come_from_the_factory_and_progress_shows(client, capsys):
    def with_agents(seed):
        return heads_up(seed), AGENTS

    result = phd.simulate(with_agents, None, hands=300, hands_per_task=100, seed=7, client=client, progress=True)
    assert result.total == in_process(300, 100, 7).total
    assert "[" in capsys.readouterr().out  # Dask's text progress bar


def test_simulate_refuses_bad_input():
    with pytest.raises(InvalidValueError):
        phd.simulate(heads_up, AGENTS, hands=0)
    with pytest.raises(InvalidValueError):
        phd.simulate(heads_up, AGENTS, hands=10, seed=-1)
    with pytest.raises(InvalidValueError):
        phd.simulate("table", AGENTS, hands=10)
    with pytest.raises(InvalidValueError, match="must return a pokerhash.engine.Table"):
        _simulate_task(lambda seed: None, AGENTS, 1, 0, 5)
    with pytest.raises(InvalidValueError, match="returns \\(table, agents\\)"):
        _simulate_task(heads_up, None, 1, 0, 5)


def test_client_for_gives_the_callers_client_and_refuses_bad_ones(client):
    with phd.client_for(client) as given:
        assert given is client
    with pytest.raises(InvalidValueError):
        with phd.client_for("tcp://somewhere"):
            pass
    with pytest.raises(InvalidValueError):
        with phd.client_for(client, workers=2):
            pass


def test_an_error_in_the_block_of_the_active_client_reaches_the_caller(client):
    with pytest.raises(ValueError, match="the caller's"):
        with phd.client_for() as active:
            assert active is client
            raise ValueError("the caller's")


def test_client_for_starts_a_local_cluster_of_worker_processes_for_the_call(client):
    with phd.client_for(workers=1) as local:
        assert local is not client
        assert len(local.scheduler_info()["workers"]) == 1
        assert local.submit(os.getpid).result() != os.getpid()  # a process of its own
    assert local.status == "closed"
    with pytest.raises(InvalidValueError):
        with phd.client_for(workers=0):
            pass
