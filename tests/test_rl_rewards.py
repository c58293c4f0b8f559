"""PokerEnv's rewards at a hand's end: the nets of the engine's own result.

The environment reads them from the final and starting stacks without building the
hand's result (aec._Episode.end); these hands check them against ``hand.result.net``
at every end: blinds and antes, uneven stacks, a capped table (a player keeps the
chips over the cap behind), rake, the board run twice, draw and stud games."""

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pokerhash.engine import Options  # noqa: E402
from pokerhash.pots import RakeRule  # noqa: E402
from pokerhash.rl import PokerEnv  # noqa: E402


CASES = [
    ("holdem", 6, None, Options()),
    ("holdem", 4, [50, 400, 200, 1000], Options()),
    ("holdem", 5, [50, 400, 200, 1000, 30], Options(cap=120)),
    ("holdem", 3, 200, Options(rake=RakeRule(0.05, cap=4))),
    ("holdem", 3, [60, 300, 90], Options(run_it_twice=True)),
    ("plo", 4, [100, 300, 250, 80], Options(cap=150)),
    ("stud", 5, [60, 120, 90, 200, 75], Options()),
    ("2-7-triple-draw", 4, None, Options()),
    ("turkish", 4, None, Options()),
]


@pytest.mark.parametrize("variant, players, stacks, options", CASES)
def test_rewards_are_the_results_nets(variant, players, stacks, options):
    env = PokerEnv(variant, players, stacks, options=options, seed=11)
    rng = random.Random(5)
    scale = 1.0 / env.unit
    ends = 0
    for _ in range(60):
        env.reset()
        checked = False
        for agent in env.agent_iter():
            observation, reward, termination, truncation, _ = env.last()
            if termination or truncation:
                if not checked:
                    net = env.hand.result.net
                    expected = {f"player_{seat}": net[seat] * scale for seat in net}
                    assert env.rewards == expected
                    assert all(type(value) is float for value in env.rewards.values())
                    assert env._cumulative_rewards == expected
                    assert all(env.terminations.values())
                    checked = True
                    ends += 1
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(legal[int(rng.random() * len(legal))]))
    assert ends == 60
