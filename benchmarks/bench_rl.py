"""pytest-benchmark suite of the environments: ``pytest benchmarks/bench_rl.py``.

Target (issue 15): at least 50,000 environment steps per second for six-max no-limit
Hold'em on one core, and twice RLCard's no-limit environment (side by side:
``benchmarks/rl_vs_rlcard.py``). A step is one decision with the acting agent's
observation read first (``env.last()``); ``steps_per_second`` in extra_info is the
number of steps over the median.
"""

import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
sys.path.insert(0, str(Path(__file__).parent))

from rl_vs_rlcard import pokerhash_runner  # noqa: E402

from pokerhash.rl import PokerEnv  # noqa: E402

HANDS = 200


def test_holdem_six_max_random_play(benchmark):
    run = pokerhash_runner(seed=1)
    counts = []
    benchmark(lambda: counts.append(run(HANDS)[0]))
    benchmark.extra_info["steps_per_second"] = counts[-1] / benchmark.stats.stats.median


@pytest.mark.parametrize("name, players", [("plo", 6), ("stud", 6), ("2-7-triple-draw", 6)])
def test_other_games_random_play(benchmark, name, players):
    run = pokerhash_runner(seed=1, variant=name, players=players)
    counts = []
    benchmark(lambda: counts.append(run(HANDS)[0]))
    benchmark.extra_info["steps_per_second"] = counts[-1] / benchmark.stats.stats.median


def test_clone(benchmark):
    env = PokerEnv("holdem", 6, seed=1)
    env.reset()
    env.step(1)
    benchmark(env.clone)
