"""Speed of reading, writing and replaying PHH hand histories, side by side with pokerkit
(pytest-benchmark). The corpus is the HandHQ fixtures (online no-limit hands from four
sites, dollars and cents) repeated ten times in one .phhs file (1,550 hands); divide
that by the median time for hands per second. Target: 10,000 hands/s each way (pokerkit
publishes 6,800).

Replaying (what the tracker's import and ``pokerhash phh`` do with each hand read):
the 167 HandHQ hands once each, from their parsed :class:`HandHistory` to the end of
the hand on the engine (actions parsed, the hand dealt and played, the finishing
stacks compared); the cache of parsed action strings is emptied before each round, so
that each round reads its hands as an import does. pokerkit's replay is its
``HandHistory`` iterated state by state.

    pytest benchmarks/bench_history.py --benchmark-only -k replay
"""

import warnings
from pathlib import Path

import pytest

from pokerhash.engine import history
from pokerhash.engine.history_hands import replay

DATA = Path(__file__).parent.parent / "tests" / "data" / "phh"
ONCE = [hand for path in sorted(DATA.glob("handhq-*.phhs")) for hand in history.load_all(path)]
HANDS = ONCE * 10
# One line a field, as the dataset writes its files and as pokerhash writes them.
TEXT = history.dumps_all(HANDS)
ROUNDS = 10


def test_bench_read_phh(benchmark):
    assert len(benchmark.pedantic(history.loads_all, (TEXT,), rounds=ROUNDS)) == len(HANDS)


def test_bench_write_phh(benchmark):
    assert benchmark.pedantic(history.dumps_all, (HANDS,), rounds=ROUNDS) == TEXT


def _pokerkit():
    pokerkit = pytest.importorskip("pokerkit")
    warnings.simplefilter("ignore")  # pokerkit warns about the optional fields it does not know
    return pokerkit


def test_bench_pokerkit_read_phh(benchmark):
    pokerkit = _pokerkit()
    hands = benchmark.pedantic(lambda: list(pokerkit.HandHistory.loads_all(TEXT)), rounds=ROUNDS)
    assert len(hands) == len(HANDS)


def test_bench_pokerkit_write_phh(benchmark):
    pokerkit = _pokerkit()
    hands = list(pokerkit.HandHistory.loads_all(TEXT))
    benchmark.pedantic(pokerkit.HandHistory.dumps_all, (hands,), rounds=ROUNDS)


def _replay_all():
    for hand in ONCE:
        replay(hand)


def _cold_cache():
    history._PARSED.clear()  # parse every action string anew, as an import of new hands does


def test_bench_replay_phh(benchmark):
    benchmark.pedantic(_replay_all, setup=_cold_cache, rounds=5 * ROUNDS)


def test_bench_pokerkit_replay_phh(benchmark):
    pokerkit = _pokerkit()
    hands = list(pokerkit.HandHistory.loads_all(history.dumps_all(ONCE)))

    def replay_all():
        for hand in hands:
            for _ in hand:
                pass

    benchmark.pedantic(replay_all, rounds=3)
