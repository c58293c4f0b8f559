"""Bot-versus-bot simulations on a Dask cluster, reproducible whatever the cluster does.

The hands are split into tasks of ``hands_per_task`` hands. Task ``i`` draws its
random numbers from ``numpy.random.SeedSequence(seed).spawn(tasks)[i]`` (built on
the worker as ``SeedSequence(seed, spawn_key=(i,))``, the same stream), so its hands
depend only on ``seed``, ``i`` and its size: a task that fails or runs again on
another worker after a worker died plays the same hands, and the result does not
depend on how many workers there are. Each task returns integer sums (hands, and
per seat the chips won and their squares), merged exactly; the means and standard
errors are computed once, from the merged sums.

A task plays its hands at tables from ``table_factory``: a table keeps playing
(stacks carried over, the button moving, busted players leaving, as
:class:`~pokerhash.engine.Table` does) until fewer than two players can play, then the
next table comes from the factory with the task stream's next seed.
"""

from __future__ import annotations

import math
import secrets
from typing import Any, Callable, Dict, List, Optional, Tuple

import numpy as np

from .._checks import as_flag, as_int
from ..engine import Stakes, Table
from ..errors import InvalidValueError
from ._cluster import client_for, run_tasks

__all__ = ["SimulationResult", "simulate"]

TableFactory = Callable[[int], Any]

# A task's sums: hands played, the big blind, and per seat the chips won and their squares.
_TaskSums = Tuple[int, int, Dict[int, int], Dict[int, int]]


class SimulationResult:
    """Per-seat winnings of a simulation.

    ``seats``: the seats that played; ``hands``: hands played; ``winnings`` and
    ``std_error``: mean chips won per hand by each seat (0 in hands it was not dealt
    in) and its standard error, NumPy arrays in seat order; ``winnings_bb`` and
    ``std_error_bb`` the same in big blinds (``big_blind`` chips); ``total`` and
    ``sum_of_squares``: the exact integer sums they come from, by seat; ``seed``,
    ``tasks`` and ``hands_per_task``: what reproduces the run.
    """

    def __init__(self, total: Dict[int, int], sum_of_squares: Dict[int, int], hands: int, big_blind: int,
                 seed: int, tasks: int, hands_per_task: int):
        self.seats = tuple(sorted(total))
        self.total = {seat: total[seat] for seat in self.seats}
        self.sum_of_squares = {seat: sum_of_squares[seat] for seat in self.seats}
        self.hands = hands
        self.big_blind = big_blind
        self.seed = seed
        self.tasks = tasks
        self.hands_per_task = hands_per_task
        self.winnings = np.array([self.total[s] / hands for s in self.seats])
        # The sample variance from exact integer sums: n * sum(x^2) - sum(x)^2 has no cancellation.
        spread = [hands * self.sum_of_squares[s] - self.total[s] ** 2 for s in self.seats]
        self.std_error = np.array([math.sqrt(d / (hands * (hands - 1))) / math.sqrt(hands) if hands > 1 else math.nan
                                   for d in spread])

    @property
    def winnings_bb(self) -> np.ndarray:
        return self.winnings / self.big_blind

    @property
    def std_error_bb(self) -> np.ndarray:
        return self.std_error / self.big_blind

    def table(self) -> str:
        """Seat, big blinds won per 100 hands and its standard error, one row per seat."""
        lines = [f"{'seat':>4}  {'bb/100':>9}  {'± s.e.':>8}"]
        for seat, mean, error in zip(self.seats, self.winnings_bb, self.std_error_bb):
            lines.append(f"{seat:>4}  {100 * mean:>9.2f}  {100 * error:>8.2f}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"SimulationResult({self.hands:,} hands, seed {self.seed})\n{self.table()}"


def _big_blind(stakes: Stakes) -> int:
    """The chips of one big blind: the big blind, else the button blind, else the small bet."""
    return max(stakes.blinds + (stakes.button_blind,)) or stakes.small_bet


def _new_table(table_factory: TableFactory, agents: Any, seed: int) -> Tuple[Table, Any]:
    made = table_factory(seed)
    if agents is None:
        if not (isinstance(made, tuple) and len(made) == 2):
            raise InvalidValueError("with agents=None, table_factory(seed) returns (table, agents)")
        made, agents = made
    if not isinstance(made, Table):
        raise InvalidValueError(f"table_factory(seed) must return a pokerhash.engine.Table, got {type(made).__name__}")
    return made, agents


def _simulate_task(table_factory: TableFactory, agents: Any, seed: int, task: int, hands: int) -> _TaskSums:
    """Play ``hands`` hands from task ``task``'s stream; the sums of its winnings."""
    stream = np.random.default_rng(np.random.SeedSequence(seed, spawn_key=(task,)))
    total: Dict[int, int] = {}
    squares: Dict[int, int] = {}
    played = 0
    big_blind = 0
    while played < hands:
        table, seat_agents = _new_table(table_factory, agents, int(stream.integers(2 ** 63)))
        big_blind = _big_blind(table.stakes)
        for seat in table.stacks:
            total.setdefault(seat, 0)
            squares.setdefault(seat, 0)
        fresh = True
        while played < hands:
            results = table.play(seat_agents, 1)
            if not results:
                if fresh:
                    raise InvalidValueError("table_factory's table cannot deal a hand: it needs two players with chips")
                break
            fresh = False
            for seat, net in results[0].net.items():
                total[seat] = total.get(seat, 0) + net
                squares[seat] = squares.get(seat, 0) + net * net
            played += 1
    return played, big_blind, total, squares


def simulate(table_factory: TableFactory, agents: Any, hands: int, *, seed: Optional[int] = None,
             hands_per_task: int = 10_000, client: Optional[Any] = None, progress: bool = False
             ) -> SimulationResult:
    """Play ``hands`` hands of bots on Dask workers; per-seat winnings with standard errors.

    ``table_factory(seed)`` returns a :class:`~pokerhash.engine.Table` with its
    players seated, dealing with that ``seed`` (an int below 2**63); with
    ``agents=None`` it returns ``(table, agents)``, for agents that draw random numbers
    (seed them from ``seed`` too). ``agents``: what :meth:`Table.play
    <pokerhash.engine.Table.play>` takes, one agent for every seat or ``{seat:
    agent}``. The factory and the agents are pickled to the workers: module-level
    functions and classes, or ``functools.partial`` of them.

    ``seed`` (default: a random one, kept in the result) and ``hands_per_task`` fix
    the hands played: the same two give the same result on any cluster, any number of
    workers, with workers lost on the way. ``client``: see :func:`client_for`;
    ``progress``: show Dask's progress bar.
    """
    hands = as_int(hands, "hands")
    per_task = as_int(hands_per_task, "hands_per_task")
    if hands < 1 or per_task < 1:
        raise InvalidValueError(f"hands and hands_per_task must be positive, got {hands} and {per_task}")
    if not callable(table_factory):
        raise InvalidValueError("table_factory is a callable: seed -> Table")
    seed = secrets.randbits(63) if seed is None else as_int(seed, "seed")
    if not 0 <= seed < 2 ** 128:
        raise InvalidValueError(f"seed must be a non-negative int below 2**128, got {seed}")
    show = as_flag(progress, "progress")
    sizes = [min(per_task, hands - start) for start in range(0, hands, per_task)]
    with client_for(client) as active:
        parts: List[_TaskSums] = run_tasks(
            active, _simulate_task, [(table_factory, agents, seed, task, size) for task, size in enumerate(sizes)], show)
    return _merge(parts, seed, per_task)


def _merge(parts: List[_TaskSums], seed: int, hands_per_task: int) -> SimulationResult:
    """One result from the tasks' sums (integer additions: exact in any order)."""
    total: Dict[int, int] = {}
    squares: Dict[int, int] = {}
    for _, _, part_total, part_squares in parts:
        for seat, chips in part_total.items():
            total[seat] = total.get(seat, 0) + chips
            squares[seat] = squares.get(seat, 0) + part_squares[seat]
    big_blinds = {part[1] for part in parts}
    if len(big_blinds) > 1:
        raise InvalidValueError(f"table_factory's tables have different big blinds: {sorted(big_blinds)}")
    return SimulationResult(total, squares, sum(part[0] for part in parts), big_blinds.pop(), seed, len(parts),
                            hands_per_task)
