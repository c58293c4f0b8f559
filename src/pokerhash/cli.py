"""The ``pokerhash`` command (also ``python -m pokerhash``).

    pokerhash eval As Ks Qs Js Ts 9h 2c
    pokerhash eval --board "Jd Ts 9c 2h 3d" "As Kd" "Qh Qs"
    pokerhash bench [--full]
    pokerhash equity AhAd KsKc --board Td7c2s
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


def run_equity(args: argparse.Namespace) -> str:
    """The equity table of the ``equity`` subcommand, with a tqdm progress bar on
    stderr when tqdm is installed (the ``cli`` extra) and the run is long enough."""
    from .equity import equity_iter

    options = dict(board=args.board or (), dead=args.dead or (), game=args.game, method=args.method,
                   target_error=args.target_error, trials=args.trials, time_limit=args.time_limit, seed=args.seed,
                   threads=args.threads)
    try:
        from tqdm import tqdm
    except ImportError:
        tqdm = None
    bar = tqdm(total=100, unit="%", leave=False, disable=None) if tqdm is not None else None
    result = None
    for result in equity_iter(args.players, **options):
        if bar is not None:
            bar.update(round(100 * result.progress) - bar.n)
    if bar is not None:
        bar.close()
    return repr(result)


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerhash", description="Poker hand evaluation from the command line.")
    commands = parser.add_subparsers(dest="command", required=True)
    ev = commands.add_parser("eval", help="evaluate one hand (5-7 cards), or a showdown with --board")
    ev.add_argument("hands", nargs="+", help='cards, e.g. As Ks Qs Js Ts; with --board, one quoted hand per player ("As Kd")')
    ev.add_argument("--board", help="community cards; then each positional argument is one player's hole cards")
    bn = commands.add_parser("bench", help="time pokerhash beside phevaluator, eval7 and treys (quick by default)")
    bn.add_argument("bench_args", nargs=argparse.REMAINDER, help="options of benchmarks/compare.py (--full, --repeats N)")
    eq = commands.add_parser("equity", help="each player's equity: exact when quick, else sampled")
    eq.add_argument("players", nargs="+", help="one hand per player (AhAd), or a Hold'em range (QQ+,AKs)")
    eq.add_argument("--board", help="community cards so far, e.g. Td7c2s")
    eq.add_argument("--dead", help="cards out of play")
    eq.add_argument("--game", default="holdem", help="holdem, omaha, omaha8, stud or stud8")
    eq.add_argument("--method", default="auto", choices=("auto", "exact", "sample"))
    eq.add_argument("--target-error", type=float, help="sampling: stop at this standard error")
    eq.add_argument("--trials", type=int, help="sampling: stop after this many deals")
    eq.add_argument("--time-limit", type=float, help="sampling: stop after this many seconds")
    eq.add_argument("--seed", type=int, help="sampling: reproducible seed")
    eq.add_argument("--threads", type=int, default=0, help="worker threads (0: all cores)")
    args = parser.parse_args(argv)
    if args.command == "bench":
        return bench.main(args.bench_args)
    try:
        print(run_equity(args) if args.command == "equity" else run_eval(args.hands, args.board))
    except PokerhashError as error:
        print(f"pokerhash: {error}", file=sys.stderr)
        return 2
    return 0
