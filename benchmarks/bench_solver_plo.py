"""pytest-benchmark suite of the solver on pot-limit Omaha: one DCFR iteration of a
river and a turn spot (PLO, and PLO5, PLO6, Omaha hi/lo, Big O), and one
exploitability measurement (best response): ``pytest benchmarks/bench_solver_plo.py``.

The spots of ``benchmarks/solver_plo.py`` (QsJh2h8d3c / QsJh2h8d, pot 100, stack 200,
bets 50% and 100%, raises 100%, ranges of 1,000 random hands of the game's size), one
thread.
Compare medians; on a loaded machine ``--benchmark-timer time.process_time`` leaves
out the time other processes hold the core. Time and memory to a target: ``python
benchmarks/solver_plo.py``.
"""

import pytest

import pokerhash as ph
from pokerhash.solver import BetSizes, Solution, Spot

from solver_plo import BOARDS, HAND_SIZES, sample


def _solution(street: str, hands: int = 1000, game: str = "plo") -> Solution:
    board = ph.cards(BOARDS[street])
    size = HAND_SIZES[game]
    spot = Spot(BOARDS[street], sample(hands, board, 1, size), sample(hands, board, 2, size), 100, 200,
                BetSizes.parse("50%, 100%", "100%"), game=game)
    return Solution(spot, threads=1)


@pytest.mark.parametrize("street", ["river", "turn"])
def test_plo_iteration(benchmark, street):
    solution = _solution(street)
    counter = iter(range(1, 10**6))
    benchmark(lambda: solution._kernel.iterate(next(counter), 1))


@pytest.mark.parametrize("street", ["river", "turn"])
def test_plo_exploitability(benchmark, street):
    solution = _solution(street)
    solution.run(target=None, iterations=10)
    benchmark(solution.exploitability)


@pytest.mark.parametrize("game", ["plo5", "plo6", "omaha-hi-lo", "big-o"])
@pytest.mark.parametrize("street", ["river", "turn"])
def test_omaha_game_iteration(benchmark, game, street):
    solution = _solution(street, game=game)
    counter = iter(range(1, 10**6))
    benchmark(lambda: solution._kernel.iterate(next(counter), 1))
