"""Time and memory of pokerhash.solver on pot-limit Omaha river and turn spots (PLO,
PLO5, PLO6, Omaha hi/lo, Big O: ``--games``).

No open solver takes PLO from Python, so there is nothing to put beside it: this prints
each spot's tree size, the solver state's memory (Tree.memory), the process's peak
resident memory (each spot in a fresh process), iterations, wall and CPU seconds to
the target exploitability (median and min of the repeats; measurements included), and
the wall time per iteration (median).

Spots: board QsJh2h8d3c (river) or QsJh2h8d (turn), pot 100, effective stack 200, bets
50% and 100% (the pot limit) on every street, raises 100%; each range a fixed random
sample of N hands of the game's hand size (4, 5 or 6) without a board card (seeds 1
and 2). The board has three low cards (2, 3, 8): hi/lo pots are often split.

    PYTHONPATH=src python benchmarks/solver_plo.py [--hands 1000 3000] [--repeats 3] [--threads 2]
        [--streets river turn flop] [--games plo plo5 plo6 omaha-hi-lo big-o]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

BOARDS = {"river": "QsJh2h8d3c", "turn": "QsJh2h8d", "flop": "QsJh2h"}  # flop: --streets flop (minutes)


HAND_SIZES = {"plo": 4, "plo5": 5, "plo6": 6, "omaha-hi-lo": 4, "big-o": 5}


def sample(n: int, board, seed: int, size: int = 4):
    import numpy as np

    rng = np.random.default_rng(seed)
    deck = np.array([c for c in range(52) if c not in board])
    seen = {}
    while len(seen) < n:
        hand = tuple(sorted(rng.choice(deck, size, replace=False).tolist()))
        seen.setdefault(hand, None)
    return [list(h) for h in seen]


def one(street: str, hands: int, repeats: int, threads: int, target: float, game: str = "plo") -> dict:
    """Solve one spot ``repeats`` times in this process; print the figures as JSON."""
    import pokerhash as ph
    from pokerhash.solver import BetSizes, Solution, Spot

    board = ph.cards(BOARDS[street])
    size = HAND_SIZES[game]
    spot = Spot(BOARDS[street], sample(hands, board, 1, size), sample(hands, board, 2, size), 100, 200,
                BetSizes.parse("50%, 100%", "100%"), game=game)
    walls, cpus, iterations, solution = [], [], [], None
    setup = []
    for _ in range(repeats):
        t0 = time.perf_counter()
        solution = Solution(spot, threads=threads)
        setup.append(time.perf_counter() - t0)
        t0, c0 = time.perf_counter(), time.process_time()
        solution.run(target=target, iterations=1000, check_every=10)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
        iterations.append(solution.iterations)
    root = solution.root.aggregate()
    return {"game": game, "street": street, "hands": hands, "nodes": solution.tree.nodes, "memory": solution.tree.memory,
            "setup": statistics.median(setup), "wall": walls, "cpu": cpus, "iterations": iterations,
            "exploitability": solution.history[-1][1], "per_iteration": statistics.median(
                w / i for w, i in zip(walls, iterations)),
            "root": {a: round(100 * f, 1) for a, f in root.items()}, "ev": solution.ev(),
            "peak_rss": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, nargs="+", default=[1000, 3000])
    parser.add_argument("--streets", nargs="+", default=["river", "turn"], choices=list(BOARDS))
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--target", type=float, default=0.3)
    parser.add_argument("--games", nargs="+", default=["plo"], choices=list(HAND_SIZES))
    parser.add_argument("--one", nargs=3, metavar=("GAME", "STREET", "HANDS"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        print(json.dumps(one(args.one[1], int(args.one[2]), args.repeats, args.threads, args.target, args.one[0])))
        return
    print(f"PLO spots, {args.threads} threads, target {args.target}% of the pot, median (min) of {args.repeats} runs, "
          f"load average {os.getloadavg()[0]:.1f}")
    print("| game        | spot         | nodes  | state MiB | peak RSS MiB | setup s | iterations | s to target     | CPU s           "
          "| ms/iteration | root strategy %                      | EV OOP / IP     |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for game, street, hands in ((g, s, h) for g in args.games for s in args.streets for h in args.hands):
        out = subprocess.run([sys.executable, __file__, "--one", game, street, str(hands), "--repeats", str(args.repeats),
                              "--threads", str(args.threads), "--target", str(args.target)],
                             capture_output=True, text=True, check=True)
        r = json.loads(out.stdout)
        wall = r["wall"]
        root = " / ".join(f"{a} {f}" for a, f in r["root"].items())
        print(f"| {game:<11} | {street} {hands:>5} | {r['nodes']:>6,} | {r['memory'] / 2**20:9.1f} | {r['peak_rss'] / 2**20:12.0f} "
              f"| {r['setup']:7.2f} | {statistics.median(r['iterations']):>10.0f} "
              f"| {statistics.median(wall):6.2f} ({min(wall):6.2f}) "
              f"| {statistics.median(r['cpu']):6.2f} ({min(r['cpu']):6.2f}) | {1000 * r['per_iteration']:12.2f} "
              f"| {root:<36} | {r['ev'][0]:.2f} / {r['ev'][1]:.2f} |")


if __name__ == "__main__":
    main()
