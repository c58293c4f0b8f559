"""CPU instructions per engine hand, by game, counted by valgrind (callgrind): a measure
that the machine's load does not move.

    python benchmarks/engine_instructions.py                 # Hold'em, stud, Turkish; some minutes
    python benchmarks/engine_instructions.py --hands 400 --games holdem turkish badugi

The games are those of ``engine_vs_pokerkit.py`` (its ``GAMES``), with its policy and stakes.

Each game is played by the random policy of ``engine_vs_pokerkit.py`` in a child
process under ``valgrind --tool=callgrind``, twice: with ``--hands`` and with three
times as many after the same start-up (imports, 20 warm-up hands); the difference of
the counts over the difference of the hands is the count per hand.
Python's hash seed is fixed (PYTHONHASHSEED=0): with random seeds the count moves by a
few percent from run to run.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
from pathlib import Path

from engine_vs_pokerkit import GAMES

CHILD = """
import sys
sys.path.insert(0, {here!r})
from engine_vs_pokerkit import GAMES, engine_player
variant, stakes, players = GAMES[sys.argv[1]][:3]
play = engine_player(variant, stakes, players, 2)
for _ in range(20 + int(sys.argv[2])):
    play()
"""


def instructions(game: str, hands: int) -> int:
    environment = dict(os.environ, PYTHONHASHSEED="0")
    code = CHILD.format(here=str(Path(__file__).parent))
    result = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                             "-c", code, game, str(hands)], capture_output=True, text=True, env=environment)
    match = re.search(r"Collected : (\d+)", result.stderr)
    if match is None:
        raise SystemExit(f"valgrind failed:\n{result.stderr[-2000:]}")
    return int(match.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--games", nargs="+", default=["holdem", "stud", "turkish"], choices=list(GAMES))
    args = parser.parse_args()
    per_hand = {game: (instructions(game, 3 * args.hands) - instructions(game, args.hands)) / (2 * args.hands)
                for game in args.games}
    first = per_hand[args.games[0]]
    for game, count in per_hand.items():
        print(f"{game:<8} {count:12,.0f} instructions per hand   {count / first:5.2f}x {args.games[0]}")


if __name__ == "__main__":
    main()
