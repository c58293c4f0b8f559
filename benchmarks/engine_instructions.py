"""CPU instructions per engine hand, by game, counted by valgrind (callgrind): a measure
that the machine's load does not move.

    python benchmarks/engine_instructions.py                 # Hold'em, stud, Turkish; some minutes
    python benchmarks/engine_instructions.py --hands 400 --games holdem turkish badugi
    python benchmarks/engine_instructions.py --games stud --profile /tmp/stud.out  # then callgrind_annotate

The games are those of ``engine_vs_pokerkit.py`` (its ``GAMES``), with its policy and stakes.

Each game is played by the random policy of ``engine_vs_pokerkit.py`` in a child
process under ``valgrind --tool=callgrind``, twice: with ``--hands`` and with three
times as many after the same start-up (imports, 20 warm-up hands); the difference of
the counts over the difference of the hands is the count per hand.
Python's hash seed is fixed (PYTHONHASHSEED=0; the runner is ``_callgrind.py``'s).
"""

from __future__ import annotations

import argparse

from _callgrind import instructions, per_unit
from engine_vs_pokerkit import GAMES

CHILD = """
import sys
sys.path.insert(0, {here!r})
from engine_vs_pokerkit import GAMES, engine_player
variant, stakes, players = GAMES[sys.argv[2]][:3]
play = engine_player(variant, stakes, players, 2)
for _ in range(20 + int(sys.argv[1])):
    play()
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--games", nargs="+", default=["holdem", "stud", "turkish"], choices=list(GAMES))
    parser.add_argument("--profile", metavar="FILE",
                        help="instead: keep the first game's per-function profile of --hands hands in FILE")
    args = parser.parse_args()
    if args.profile:
        instructions(CHILD, args.hands, args.games[0], out=args.profile)
        return
    per_hand = {game: per_unit(CHILD, args.hands, game) for game in args.games}
    first = per_hand[args.games[0]]
    for game, count in per_hand.items():
        print(f"{game:<16} {count:12,.0f} instructions per hand   {count / first:5.2f}x {args.games[0]}")


if __name__ == "__main__":
    main()
