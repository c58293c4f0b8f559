"""Speed of the pure-Python betting and pot layer (pytest-benchmark)."""

from pokerhash.betting import Action, BettingRound, ForcedBet, Structure
from pokerhash.pots import RakeRule, settle, side_pots

CONTRIBUTIONS = {0: 25, 1: 60, 2: 60, 3: 200, 4: 200, 5: 10}


def play_preflop():
    state = BettingRound.start(
        Structure.no_limit(10), [1000] * 6, 3, forced=[ForcedBet.blind(1, 5), ForcedBet.blind(2, 10)]
    )
    for action in (Action.raise_to(30), Action.call(), Action.raise_to(90), Action.fold(), Action.fold(),
                   Action.call(), Action.fold(), Action.call()):
        state.apply(action)
    return state


def test_bench_betting_round(benchmark):
    assert benchmark(play_preflop).is_over


def test_bench_side_pots(benchmark):
    benchmark(side_pots, CONTRIBUTIONS, {5})


def test_bench_settle(benchmark):
    pots = side_pots(CONTRIBUTIONS, {5})
    high = {0: 7, 1: 7, 2: 3, 3: 5, 4: 5}
    benchmark(settle, pots, high, button=5, rake=RakeRule(), players_dealt=6)
