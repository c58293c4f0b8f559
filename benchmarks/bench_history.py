"""Speed of reading and writing PHH hand histories, side by side with pokerkit
(pytest-benchmark). The corpus is the HandHQ fixtures (online no-limit hands from four
sites, dollars and cents) repeated ten times in one .phhs file (1,550 hands); divide
that by the median time for hands per second. Target: 10,000 hands/s each way (pokerkit
publishes 6,800)."""

import warnings
from pathlib import Path

import pytest

from pokerhash.engine import history

DATA = Path(__file__).parent.parent / "tests" / "data" / "phh"
HANDS = [hand for path in sorted(DATA.glob("handhq-*.phhs")) for hand in history.load_all(path)] * 10
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
