"""The ``pokerhash`` command (also ``python -m pokerhash``).

    pokerhash eval As Ks Qs Js Ts 9h 2c
    pokerhash eval --board "Jd Ts 9c 2h 3d" "As Kd" "Qh Qs"
    pokerhash bench [--full]
"""

from __future__ import annotations

import argparse
import sys
from typing import List, Optional, Sequence

from . import bench
from .cards import cards, cards_str
from .errors import PokerhashError
from .high import best_five, category, describe, evaluate


def _line(label: str, hand: List[int]) -> str:
    value = evaluate(hand)
    return f"{label}{cards_str(hand):22s} {value:5d}  {category(value).name:16s} {describe(value):44s} best: {cards_str(best_five(hand))}"


def run_eval(hands: Sequence[str], board: Optional[str]) -> str:
    if board is None:
        return _line("", cards(" ".join(hands), count=(5, 6, 7)))
    board_cards = cards(board, count=(3, 4, 5))
    players = [cards(h) for h in hands]
    cards(board_cards + [c for p in players for c in p])  # no card twice across players and board
    full = [p + board_cards for p in players]
    values = [evaluate(h) for h in full]
    best = max(values)
    lines = [f"board {cards_str(board_cards)}"]
    for i, (hole, hand) in enumerate(zip(players, full)):
        mark = "  wins" if values[i] == best and values.count(best) == 1 else ("  splits" if values[i] == best else "")
        lines.append(_line(f"player {i + 1} {cards_str(hole):8s} ", hand) + mark)
    return "\n".join(lines)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerhash", description="Poker hand evaluation from the command line.")
    commands = parser.add_subparsers(dest="command", required=True)
    ev = commands.add_parser("eval", help="evaluate one hand (5-7 cards), or a showdown with --board")
    ev.add_argument("hands", nargs="+", help='cards, e.g. As Ks Qs Js Ts; with --board, one quoted hand per player ("As Kd")')
    ev.add_argument("--board", help="community cards; then each positional argument is one player's hole cards")
    bn = commands.add_parser("bench", help="time pokerhash beside phevaluator, eval7 and treys (quick by default)")
    bn.add_argument("bench_args", nargs=argparse.REMAINDER, help="options of benchmarks/compare.py (--full, --repeats N)")
    args = parser.parse_args(argv)
    if args.command == "bench":
        return bench.main(args.bench_args)
    try:
        print(run_eval(args.hands, args.board))
    except PokerhashError as error:
        print(f"pokerhash: {error}", file=sys.stderr)
        return 2
    return 0
