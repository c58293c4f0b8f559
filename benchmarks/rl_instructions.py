"""CPU instructions per environment step, counted by valgrind (callgrind): the measure
of ``rl_vs_rlcard.py`` that the machine's load does not move.

    python benchmarks/rl_instructions.py                  # env(), PokerEnv, OpenSpiel; some minutes
    python benchmarks/rl_instructions.py --only "pokerhash env()" --hands 300
    python benchmarks/rl_instructions.py --only PokerEnv --profile /tmp/rl.out  # then callgrind_annotate

Each runner of ``rl_vs_rlcard.py`` (its ``RUNNERS``: the same game, policy and loop)
plays in a child process under ``valgrind --tool=callgrind``, twice: ``--hands`` hands
and three times as many, after the same start-up (imports, 50 warm-up hands). The
difference of the counts over the difference of the steps (counted by the same
seeded runs in this process) is the count per step. Python's hash seed is fixed
(PYTHONHASHSEED=0; the runner is ``_callgrind.py``'s).
"""

from __future__ import annotations

import argparse

from _callgrind import instructions
from rl_vs_rlcard import RUNNERS

CHILD = """
import sys
sys.path.insert(0, {here!r})
from rl_vs_rlcard import RUNNERS
run = RUNNERS[sys.argv[2]](1)
run(50)
run(int(sys.argv[1]))
"""


def steps(name: str, hands: int) -> int:
    """The steps of the child's measured run: the same seeded runner, replayed here."""
    run = RUNNERS[name](1)
    run(50)
    return run(hands)[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--only", nargs="+",
                        default=["pokerhash env()", "PokerEnv", "env() reuse", "OpenSpiel", "OpenSpiel buffer"],
                        choices=list(RUNNERS))
    parser.add_argument("--profile", metavar="FILE",
                        help="instead: keep the first runner's per-function profile of --hands hands in FILE")
    args = parser.parse_args()
    if args.profile:
        instructions(CHILD, args.hands, args.only[0], out=args.profile)
        return
    per_step = {}
    for name in args.only:
        low, high = args.hands, 3 * args.hands
        count = instructions(CHILD, high, name) - instructions(CHILD, low, name)
        per_step[name] = count / (steps(name, high) - steps(name, low))
        print(f"  {name:18s} {per_step[name]:10,.0f} instructions per step", flush=True)
    first = args.only[0]
    for name, count in per_step.items():
        if name != first:
            print(f"{name} / {first}: {count / per_step[first]:.2f}x the instructions per step")


if __name__ == "__main__":
    main()
