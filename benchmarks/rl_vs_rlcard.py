"""Environment steps per second: pokerhash.rl beside RLCard's no-limit Hold'em, one run.

    python benchmarks/rl_vs_rlcard.py                 # about half a minute
    python benchmarks/rl_vs_rlcard.py --hands 2000 --repeats 25

Six-max no-limit Hold'em, both environments played by a uniform random choice among
the legal actions of their abstract action set (pokerhash: fold, check/call, half
pot, pot, all-in, 100 big blinds deep; RLCard: fold, check/call, half pot, pot,
all-in, its default stacks). A step is one decision: pokerhash's loop reads the
acting agent's observation and mask (``env.last()``) and steps, RLCard's steps and
gets the next state, so both build an observation per decision. Each round runs
both, one after the other (which goes first alternates); reported: medians of
steps/s and hands/s, and the median of the rounds' ratios with the lowest and
highest (target: pokerhash at least 50,000 steps/s and twice RLCard).

The machine's other load moves both timings and their ratio. CPU instructions per
step do not move: count them with valgrind, one library at a time, and subtract a
shorter run to drop the start-up (about a minute each):

    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        python benchmarks/rl_vs_rlcard.py --only pokerhash.rl --hands 1200 --repeats 1
    (then --hands 200; instructions per step: the difference over the difference in
    steps, which the script prints)
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable, Tuple


from pokerhash.rl import PokerEnv


def pokerhash_runner(seed: int, variant: str = "holdem", players: int = 6) -> Callable[[int], Tuple[int, float]]:
    """run(hands) -> (decisions, seconds) of masked uniform random play."""
    env = PokerEnv(variant, players, seed=seed)  # the unwrapped AEC env, as trainers use it
    rng = random.Random(seed)

    def run(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.perf_counter()
        for _ in range(hands):
            env.reset()
            while env.agents:
                observation, _, done, _, _ = env.last()
                if done:
                    env.step(None)
                    continue
                legal = observation["action_mask"].nonzero()[0]  # the mask is 1-D: 5x np.flatnonzero's speed
                env.step(int(legal[int(rng.random() * len(legal))]))
                steps += 1
        return steps, time.perf_counter() - started

    return run


def rlcard_runner(seed: int) -> Callable[[int], Tuple[int, float]]:
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"game_num_players": 6, "seed": seed})
    rng = random.Random(seed)

    def run(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.perf_counter()
        for _ in range(hands):
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
        return steps, time.perf_counter() - started

    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--only", choices=("pokerhash.rl", "RLCard"),
                        help="run one library (for instruction counts, below)")
    args = parser.parse_args()
    makers = {"pokerhash.rl": pokerhash_runner, "RLCard": rlcard_runner}
    runners = {name: make(1) for name, make in makers.items() if args.only in (None, name)}
    steps = {name: [] for name in runners}
    hands = {name: [] for name in runners}
    for name, run in runners.items():
        run(50)  # warm up
    order = list(runners)
    for _ in range(args.repeats):
        for name in order:
            count, seconds = runners[name](args.hands)
            steps[name].append(count / seconds)
            hands[name].append(args.hands / seconds)
        order.reverse()  # neither library always runs first in a round
    print(f"six-max no-limit Hold'em, random play, {args.hands} hands x {args.repeats} rounds (medians)")
    for name in runners:
        total = round(statistics.median(steps[name]) * args.hands / statistics.median(hands[name]))
        print(f"  {name:13s} {statistics.median(steps[name]):10,.0f} steps/s {statistics.median(hands[name]):9,.0f} hands/s"
              f" ({total:,} steps a run)")
    if len(runners) == 2:
        # Per round: the two runs of a round are next to each other in time, so they
        # saw about the same load from the rest of the machine.
        ratios = sorted(a / b for a, b in zip(steps["pokerhash.rl"], steps["RLCard"]))
        print(f"  ratio (steps/s): {statistics.median(ratios):.2f}x RLCard, median of {len(ratios)} rounds "
              f"(lowest {ratios[0]:.2f}x, highest {ratios[-1]:.2f}x)")


if __name__ == "__main__":
    main()
