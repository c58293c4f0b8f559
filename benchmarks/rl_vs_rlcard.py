"""Environment steps per second: pokerhash.rl beside OpenSpiel's universal_poker and
RLCard's no-limit Hold'em, in one process.

    python benchmarks/rl_vs_rlcard.py                 # about a minute
    python benchmarks/rl_vs_rlcard.py --hands 2000 --repeats 25
    (pip install open_spiel rlcard: the benchmark's anchors, not dependencies)

Six-max no-limit Hold'em, 100 big blinds deep, every environment played by a uniform
random choice among the legal actions of the same abstract action set (fold,
check/call, half pot, pot, all-in; OpenSpiel's ``fchpa``). A step is one decision,
and each decision reads the acting player's observation first: pokerhash through
``pokerhash.rl.env()`` as users get it (PettingZoo's order checks) and unwrapped
(``PokerEnv``), and through env() writing into preallocated arrays ("env() reuse":
``reuse_observations=True``), ``env.last()`` (observation vector and mask); OpenSpiel its
information-state tensor (296 floats beside pokerhash's 276) and legal actions,
twice: as a new Python list per call with the deal sampled from
``chance_outcomes()`` ("OpenSpiel", how its examples read it), and written into a
preallocated array with the deal sampled from ``legal_actions()`` ("OpenSpiel
buffer", its fastest Python path; see openspiel_runner); RLCard steps and gets the
next state. At the end of each hand every player of every library reads its final
observation and reward once: PettingZoo's loop does (the end-of-hand steps, one
``last()`` per agent, about 6 beside 8.5 decisions a hand), so the anchors do the
same (OpenSpiel each player's tensor and ``returns()``, RLCard each player's
``get_state()`` and ``get_payoffs()``), as their own RL loops do (OpenSpiel's
``rl_environment`` builds every player's observation at the last step, RLCard's
``run()`` every player's final state). ``--decisions-only``: the anchors without
that, as this benchmark measured them before 2026-12-04 (pokerhash still steps its
agents out, which PettingZoo requires). Times are CPU time (time.process_time). Each round runs every library,
one after the other (the order reverses each round); reported: medians of steps/s
and hands/s, and the medians of the rounds' ratios with the lowest and highest
(targets: env() at least 1.5x OpenSpiel and 3x RLCard).

The machine's other load moves the timings and their ratio. CPU instructions per
step do not move: ``python benchmarks/rl_instructions.py`` counts them with valgrind
for these runners, one at a time (two runs of each, the start-up subtracted).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable, Tuple


import pokerhash.rl
from pokerhash.rl import PokerEnv

#: OpenSpiel's universal_poker as the same game: six-max, blinds 50/100, 100 big blinds
#: deep, the fold / call / half pot / pot / all-in abstraction (``fchpa``).
OPENSPIEL_GAME = ("universal_poker(betting=nolimit,numPlayers=6,numRounds=4,blind=50 100 0 0 0 0,"
                  "firstPlayer=3 1 1 1,numSuits=4,numRanks=13,numHoleCards=2,numBoardCards=0 3 1 1,"
                  "stack=10000 10000 10000 10000 10000 10000,bettingAbstraction=fchpa)")


def pokerhash_runner(seed: int, variant: str = "holdem", players: int = 6,
                     wrapped: bool = False, reuse: bool = False) -> Callable[[int], Tuple[int, float]]:
    """run(hands) -> (decisions, seconds) of masked uniform random play: the unwrapped
    AEC env, or (``wrapped``) the documented entry point ``pokerhash.rl.env()`` with
    PettingZoo's order checks; ``reuse``: observations written into each agent's
    preallocated arrays (``reuse_observations=True``) instead of new ones."""
    if wrapped:
        env = pokerhash.rl.env(variant=variant, players=players, seed=seed, reuse_observations=reuse)
    else:
        env = PokerEnv(variant, players, seed=seed, reuse_observations=reuse)
    rng = random.Random(seed)

    def run(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.process_time()
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
        return steps, time.process_time() - started

    return run


def rlcard_runner(seed: int, final: bool = True) -> Callable[[int], Tuple[int, float]]:
    """RLCard's no-limit Hold'em; ``final``: each player's final state and the
    payoffs read at the end of each hand (RLCard's own ``run()`` reads both)."""
    import rlcard

    env = rlcard.make("no-limit-holdem", config={"game_num_players": 6, "seed": seed})
    players = range(env.num_players)
    rng = random.Random(seed)

    def run(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.process_time()
        for _ in range(hands):
            state, _ = env.reset()
            while not env.is_over():
                legal = list(state["legal_actions"])
                state, _ = env.step(legal[int(rng.random() * len(legal))])
                steps += 1
            if final:
                for player in players:
                    env.get_state(player)
                env.get_payoffs()
        return steps, time.process_time() - started

    return run


def openspiel_runner(seed: int, buffer: bool = False, final: bool = True) -> Callable[[int], Tuple[int, float]]:
    """OpenSpiel's C++ universal_poker through pyspiel: each decision reads the
    player's information-state tensor (296 floats) and legal actions.

    Two ways to call it. The default, ``state.information_state_tensor()`` (a new
    Python list of floats per call) with the deal sampled from
    ``state.chance_outcomes()`` (a new list of (action, probability) tuples per
    card), is how OpenSpiel's Python examples read it. ``buffer``: the tensor written
    into one preallocated NumPy array (``open_spiel.python.observation.make_observation``,
    ``set_from``: the same 296 floats, bit for bit) and the deal sampled uniformly from
    ``state.legal_actions()`` (universal_poker deals uniformly): OpenSpiel at its
    fastest from Python, about twice the steps/s of the default. ``final``: at the end
    of each hand every player's tensor (read the same way) and the returns, as
    PettingZoo's end-of-hand steps give every agent its final observation and reward
    (OpenSpiel's ``rl_environment`` builds every player's at the last step)."""
    import pyspiel

    game = pyspiel.load_game(OPENSPIEL_GAME)
    players = range(game.num_players())
    rng = random.Random(seed)
    if buffer:
        from open_spiel.python.observation import make_observation

        observation = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
        write = observation.set_from

    def run(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.process_time()
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[int(rng.random() * len(outcomes))][0])
                    continue
                state.information_state_tensor()
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
            if final:
                for player in players:
                    state.information_state_tensor(player)
                state.returns()
        return steps, time.process_time() - started

    def run_buffer(hands: int) -> Tuple[int, float]:
        steps = 0
        started = time.process_time()
        for _ in range(hands):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    cards = state.legal_actions()
                    state.apply_action(cards[int(rng.random() * len(cards))])
                    continue
                write(state, state.current_player())
                legal = state.legal_actions()
                state.apply_action(legal[int(rng.random() * len(legal))])
                steps += 1
            if final:
                for player in players:
                    write(state, player)
                state.returns()
        return steps, time.process_time() - started

    return run_buffer if buffer else run


RUNNERS = {
    "pokerhash env()": lambda seed: pokerhash_runner(seed, wrapped=True),
    "PokerEnv": pokerhash_runner,
    "env() reuse": lambda seed: pokerhash_runner(seed, wrapped=True, reuse=True),
    "OpenSpiel": openspiel_runner,
    "OpenSpiel buffer": lambda seed: openspiel_runner(seed, buffer=True),
    "RLCard": rlcard_runner,
}
#: The anchors as measured before 2026-12-04: no final observations (--decisions-only).
DECISIONS_ONLY = {
    "OpenSpiel": lambda seed: openspiel_runner(seed, final=False),
    "OpenSpiel buffer": lambda seed: openspiel_runner(seed, buffer=True, final=False),
    "RLCard": lambda seed: rlcard_runner(seed, final=False),
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=500)
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--only", choices=tuple(RUNNERS),
                        help="run one library (for instruction counts, below)")
    parser.add_argument("--decisions-only", action="store_true",
                        help="the anchors read no final observations (this benchmark before 2026-12-04)")
    args = parser.parse_args()
    if args.decisions_only:
        RUNNERS.update(DECISIONS_ONLY)
    runners = {name: make(1) for name, make in RUNNERS.items() if args.only in (None, name)}
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
        order.reverse()  # no library always runs first in a round
    print(f"six-max no-limit Hold'em, random play, {args.hands} hands x {args.repeats} rounds (medians)")
    for name in runners:
        total = round(statistics.median(steps[name]) * args.hands / statistics.median(hands[name]))
        print(f"  {name:16s} {statistics.median(steps[name]):10,.0f} steps/s {statistics.median(hands[name]):9,.0f} hands/s"
              f" ({total:,} steps a run)")
    # Per round: the runs of a round are next to each other in time, so they saw
    # about the same load from the rest of the machine.
    for ours in ("pokerhash env()", "PokerEnv", "env() reuse"):
        for other in ("OpenSpiel", "OpenSpiel buffer", "RLCard"):
            if ours in runners and other in runners:
                ratios = sorted(a / b for a, b in zip(steps[ours], steps[other]))
                print(f"  {ours} / {other}: {statistics.median(ratios):.2f}x, median of {len(ratios)} rounds "
                      f"(lowest {ratios[0]:.2f}x, highest {ratios[-1]:.2f}x)")
    if "pokerhash env()" in runners and "PokerEnv" in runners:
        ratios = sorted(a / b for a, b in zip(steps["pokerhash env()"], steps["PokerEnv"]))
        print(f"  the wrapper's cost: env() runs at {statistics.median(ratios):.2f}x the unwrapped PokerEnv")


if __name__ == "__main__":
    main()
