"""CPU instructions per environment step, counted by valgrind (callgrind): the measure
of ``rl_vs_rlcard.py`` that the machine's load does not move.

    python benchmarks/rl_instructions.py                  # env(), PokerEnv, OpenSpiel; some minutes
    python benchmarks/rl_instructions.py --only "pokerhash env()" --hands 300
    python benchmarks/rl_instructions.py --only PokerEnv --profile /tmp/rl.out  # then callgrind_annotate
    python benchmarks/rl_instructions.py --cache --hands 100   # cache misses, mispredicted branches

Each runner of ``rl_vs_rlcard.py`` (its ``RUNNERS``: the same game, policy and loop)
plays in a child process under ``valgrind --tool=callgrind``, twice: ``--hands`` hands
and three times as many, after the same start-up (imports, 50 warm-up hands). The
difference of the counts over the difference of the steps (counted by the same
seeded runs in this process) is the count per step. Python's hash seed is fixed
(PYTHONHASHSEED=0; the runner is ``_callgrind.py``'s).

``--cache``: valgrind's cache and branch simulation as well, per step: first-level
instruction-cache misses (I1), data misses (D1, reads and writes), mispredicted
conditional and indirect branches. Instructions are not time: on 2026-12-04 env()
ran 57,400 instructions per step against OpenSpiel's 114,500 but only 1.3 times as
fast (without the final observations, --decisions-only), because its step runs
through far more code (about 1,300 I1 misses per step against 61: dozens of Cython
functions in eight modules, CPython's dict and allocation paths, NumPy) and
mispredicts more branches, while most of OpenSpiel's instructions are tight loops
making and freeing Python floats.
"""

from __future__ import annotations

import argparse

from _callgrind import cache_events, instructions
from rl_vs_rlcard import DECISIONS_ONLY, RUNNERS

CHILD = """
import sys
sys.path.insert(0, {here!r})
from rl_vs_rlcard import DECISIONS_ONLY, RUNNERS
if sys.argv[3] == "1":
    RUNNERS.update(DECISIONS_ONLY)
run = RUNNERS[sys.argv[2]](1)
run(50)
run(int(sys.argv[1]))
"""


def steps(name: str, hands: int, decisions_only: bool = False) -> int:
    """The steps of the child's measured run: the same seeded runner, replayed here."""
    run = (DECISIONS_ONLY if decisions_only and name in DECISIONS_ONLY else RUNNERS)[name](1)
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
    parser.add_argument("--cache", action="store_true",
                        help="instead: cache misses and mispredicted branches per step as well")
    parser.add_argument("--decisions-only", action="store_true",
                        help="the anchors without the final observations (rl_vs_rlcard.py's option)")
    args = parser.parse_args()
    flag = int(args.decisions_only)
    if args.profile:
        instructions(CHILD, args.hands, args.only[0], flag, out=args.profile)
        return
    if args.cache:
        for name in args.only:
            low, high = (cache_events(CHILD, hands, name, flag) for hands in (args.hands, 3 * args.hands))
            count = steps(name, 3 * args.hands, args.decisions_only) - steps(name, args.hands, args.decisions_only)
            each = {event: (high[event] - low[event]) / count for event in high}
            print(f"  {name:18s} per step: {each['Ir']:9,.0f} instructions, {each['I1mr']:6,.0f} I1 misses, "
                  f"{each['D1mr'] + each['D1mw']:6,.0f} D1 misses, {each['Bcm']:5,.0f} + {each['Bim']:5,.0f} "
                  "mispredicted conditional + indirect branches", flush=True)
        return
    per_step = {}
    for name in args.only:
        low, high = args.hands, 3 * args.hands
        count = instructions(CHILD, high, name, flag) - instructions(CHILD, low, name, flag)
        per_step[name] = count / (steps(name, high, args.decisions_only) - steps(name, low, args.decisions_only))
        print(f"  {name:18s} {per_step[name]:10,.0f} instructions per step", flush=True)
    first = args.only[0]
    for name, count in per_step.items():
        if name != first:
            print(f"{name} / {first}: {count / per_step[first]:.2f}x the instructions per step")


if __name__ == "__main__":
    main()
