"""pokerhash.distributed on this machine: 1 vs 2 worker processes, and the numbers that
size a real cluster (work per task, bytes shipped per task, scheduler overhead per task).

    python benchmarks/distributed_scaling.py [--repeat 3]

Each workload runs ``--repeat`` times on a LocalCluster of 1 and of 2 single-threaded
worker processes (both started before the timing, the runs alternated between them);
the medians and their ratio are printed.
Then, in this process: the time of one task's work, the pickled bytes of its
arguments and result, and the scheduler's cost per task (the median time of many
empty tasks, divided by their number).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import time

import cloudpickle
import dask.array as da
import numpy as np
from dask.distributed import Client, LocalCluster

import pokerhash as ph
from pokerhash import distributed as phd
from pokerhash.betting import Action
from pokerhash.distributed.grid import _grid_block, _range_weights
from pokerhash.distributed.simulate import _simulate_task
from pokerhash.engine import HOLDEM, Stakes, Table

RANGES = {"tight": "22+,A2s+,KTo+", "premium": "QQ+,AK", "wide": "22+,A2+,K5+,Q8+,J8+,T8+,98"}
FLOPS, _ = phd.suit_distinct_boards(3)
GRID_BOARDS = [ph.cards_str(list(b)) for b in FLOPS[::55]]  # 32 flops spread over the classes
BOARDS_PER_TASK = 4
HANDS, HANDS_PER_TASK = 40_000, 2_500
ARRAY_HANDS, ARRAY_CHUNK = 100_000_000, 10_000_000


def calling_station(view):
    return Action.check() if view.legal.can_check else Action.call()


def heads_up(seed):
    table = Table(HOLDEM, Stakes(blinds=(1, 2)), seats=2, seed=seed, log=False)
    table.join(0, 100)
    table.join(1, 100)
    return table


def deal_block(block_id=None):
    return ph.random_deals(ARRAY_CHUNK, 7, seed=block_id[0])


def workloads(client):
    # Dealt on the workers and kept there before the timing: evaluation, not shipping.
    blocks = ARRAY_HANDS // ARRAY_CHUNK
    hands = client.persist(da.map_blocks(deal_block, chunks=((ARRAY_CHUNK,) * blocks, (7,)), dtype=np.uint8))
    return {
        f"evaluate_batch, {ARRAY_HANDS:,} 7-card hands": lambda: client.compute(phd.evaluate_batch(hands).sum()).result(),
        f"range_grid, 3 ranges x {len(GRID_BOARDS)} flops": lambda: phd.range_grid(
            RANGES, GRID_BOARDS, client=client, boards_per_task=BOARDS_PER_TASK),
        f"simulate, {HANDS:,} heads-up hands": lambda: phd.simulate(
            heads_up, calling_station, HANDS, hands_per_task=HANDS_PER_TASK, seed=1, client=client),
    }


def median_time(function, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        function()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def empty_task(i):
    return i


def scheduler_overhead(client, tasks: int = 2_000, repeat: int = 3) -> float:
    """Seconds per task of submitting, running and gathering tasks that do nothing."""
    def run():
        client.gather(client.map(empty_task, range(tasks), pure=False))
    return median_time(run, repeat) / tasks


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    load_before = f"{os.getloadavg()[0]:.2f}"
    # Both clusters up at once and the runs alternated, so that load from other jobs
    # during the benchmark falls on both sizes alike.
    with contextlib.ExitStack() as stack:
        clients = {}
        for workers in (1, 2):
            cluster = stack.enter_context(
                LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=":0"))
            clients[workers] = stack.enter_context(Client(cluster, set_as_default=False))
        runs = {workers: workloads(client) for workers, client in clients.items()}
        times: dict = {}
        for name in runs[1]:
            for workers in clients:
                runs[workers][name]()  # warm-up: imports and tables on the workers
            for _ in range(args.repeat):
                for workers in clients:
                    times.setdefault(name, {}).setdefault(workers, []).append(median_time(runs[workers][name], 1))
        medians = {name: {w: statistics.median(t) for w, t in by.items()} for name, by in times.items()}
        overhead = {workers: scheduler_overhead(client) for workers, client in clients.items()}

    print(f"load average before / after: {load_before} / {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
          "(other jobs on the machine take cores from the workers)")
    print(f"{'workload':<42} {'1 worker':>10} {'2 workers':>10} {'ratio':>7}")
    for name, by_workers in medians.items():
        one, two = by_workers[1], by_workers[2]
        print(f"{name:<42} {one:>9.3f}s {two:>9.3f}s {one / two:>6.2f}x")

    _, weights = _range_weights(RANGES)
    block = np.array([ph.cards(b) for b in GRID_BOARDS[:BOARDS_PER_TASK]], dtype=np.uint8)
    grid_work = median_time(lambda: _grid_block(weights, block), args.repeat)
    grid_in = len(cloudpickle.dumps((_grid_block, block)))
    ranges_in = len(cloudpickle.dumps(weights))
    grid_out = len(cloudpickle.dumps(_grid_block(weights, block)))
    sim_args = (heads_up, calling_station, 1, 0, HANDS_PER_TASK)
    sim_work = median_time(lambda: _simulate_task(*sim_args), args.repeat)
    sim_in = len(cloudpickle.dumps((_simulate_task,) + sim_args))
    sim_out = len(cloudpickle.dumps(_simulate_task(*sim_args)))
    array_in = ARRAY_CHUNK * 7
    chunk = deal_block((0, 0))
    array_work = median_time(lambda: ph.evaluate_batch(chunk), args.repeat)

    print()
    print(f"{'per task':<42} {'work':>10} {'bytes in':>10} {'bytes out':>10}")
    print(f"{'range_grid, 3 ranges x 4 flops':<42} {grid_work:>9.3f}s {grid_in:>10,} {grid_out:>10,}"
          f"   (+ {ranges_in:,} of ranges once per worker)")
    print(f"{f'simulate, {HANDS_PER_TASK:,} hands':<42} {sim_work:>9.3f}s {sim_in:>10,} {sim_out:>10,}")
    print(f"{f'evaluate_batch, {ARRAY_CHUNK:,} hands':<42} {array_work:>9.3f}s "
          f"{array_in:>10,} {ARRAY_CHUNK * 2:>10,}")
    print()
    for workers, seconds in overhead.items():
        print(f"scheduler overhead per task, {workers} worker(s): {seconds * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
