"""The RL benchmark's loops (benchmarks/rl_vs_rlcard.py) compare like with like: the
anchors' final observations (read as PettingZoo's end-of-hand steps give every agent
its last observation and reward) read the finished game only, so the decisions
played and counted are the same with and without them (--decisions-only)."""

import sys
from pathlib import Path

import pytest

pytest.importorskip("pettingzoo")
BENCHMARKS = Path(__file__).resolve().parent.parent / "benchmarks"


@pytest.fixture(scope="module")
def bench():
    if not (BENCHMARKS / "rl_vs_rlcard.py").exists():  # the tests run apart from the source tree (a wheel's check)
        pytest.skip("benchmarks/rl_vs_rlcard.py is not beside the tests")
    sys.path.insert(0, str(BENCHMARKS))
    try:
        import rl_vs_rlcard
    finally:
        sys.path.remove(str(BENCHMARKS))
    return rl_vs_rlcard


@pytest.mark.parametrize("name,module", [("OpenSpiel", "pyspiel"), ("OpenSpiel buffer", "pyspiel"),
                                         ("RLCard", "rlcard")])
def test_final_observations_change_no_decision(bench, name, module):
    pytest.importorskip(module)
    with_final = bench.RUNNERS[name](7)(30)[0]
    decisions_only = bench.DECISIONS_ONLY[name](7)(30)[0]
    assert with_final == decisions_only > 30


def test_the_pokerhash_loops_step_every_agent_out(bench):
    """env() and the unwrapped env play the same seeded hands: the same decisions."""
    counts = {bench.RUNNERS[name](7)(30)[0] for name in ("pokerhash env()", "PokerEnv", "env() reuse")}
    assert len(counts) == 1
