"""pytest-benchmark suite of the hand engine: ``pytest benchmarks/bench_engine.py``.

Targets (issue 13): six-max no-limit Hold'em random play, full hands, at least 50
times pokerkit's hands per second (side by side: ``benchmarks/engine_vs_pokerkit.py``;
pokerkit plays 150-250 such hands/s here, so about 10,000 hands/s); ``Hand.clone()``
<= 5 us. ``hands_per_second`` in extra_info is the number of hands over the median.
"""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from engine_vs_pokerkit import engine_player  # noqa: E402

from pokerhash.engine import HOLDEM, PLO, STUD, TURKISH_POKER, Hand, Stakes  # noqa: E402

HANDS = 200
GAMES = {
    "NL Hold'em 6-max": (HOLDEM, Stakes(blinds=(1, 2)), 6),
    "PLO 6-max": (PLO, Stakes(blinds=(1, 2)), 6),
    "stud 6 players": (STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8), 6),
    "Turkish 4 players": (TURKISH_POKER, Stakes(ante=2, small_bet=4), 4),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_random_play(benchmark, game):
    variant, stakes, players = GAMES[game]
    play = engine_player(variant, stakes, players, seed=1)
    benchmark(lambda: [play() for _ in range(HANDS)])
    benchmark.extra_info["hands_per_second"] = HANDS / benchmark.stats.stats.median


CLONES = 100  # a round clones this many times: one clock reading (0.5 us for CPU time) is spread over them


def test_clone(benchmark):
    """A round is CLONES clones; ``clone_us`` in extra_info is one clone over the median."""
    hand = Hand(HOLDEM, {seat: 200 for seat in range(6)}, button=5, stakes=Stakes(blinds=(1, 2)), seed=1, log=False)
    hand.call()
    hand.call()

    def clones():
        for _ in range(CLONES):
            hand.clone()  # dropped at once, as a search drops a branch it has explored

    benchmark(clones)
    benchmark.extra_info["clone_us"] = benchmark.stats.stats.median / CLONES * 1e6
