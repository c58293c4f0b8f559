"""The ``pokerhash`` command (also ``python -m pokerhash``).

    pokerhash eval As Ks Qs Js Ts 9h 2c
    pokerhash eval --board "Jd Ts 9c 2h 3d" "As Kd" "Qh Qs"
    pokerhash eval --game omaha8 --board "Ah 7d 3c Ks 8h" "As 2s Qd Jd" "Kd Kc 5h 4h"
    pokerhash bench [--full] [--repeats N] [--only high|omaha|low|shortdeck|a5|deuce7|badugi] [--cpu]
    pokerhash equity AhAd KsKc --board Td7c2s
    pokerhash acpc HOST PORT --game holdem.nolimit.2p.reverse_blinds.game --agent mybot:act
    pokerhash solve spot.toml [--target 0.3] [--iterations N] [--time-limit S] [--save out.npz]
    pokerhash import FOLDER --db hands.sqlite
    pokerhash import HandHistory/ -o hands.phhs [--site pokerstars] [--processes N] [--no-verify]
    pokerhash stats --db hands.sqlite [--player NAME] [--game NT] [--position BTN]
    pokerhash graph --db hands.sqlite --player NAME -o graph.png
    pokerhash range "QQ+,AKs,A5s-A2s" -o grid.svg
    pokerhash replay hand.phh -o hand.html
    pokerhash --version

Each subcommand is a function ``add_<name>(commands)`` that declares its arguments and
sets ``run`` to the function that performs it; ``SUBCOMMANDS`` lists them. A game of
``pokerhash eval --game`` is one line of ``GAMES``.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

from . import __version__, bench
from .cards import cards, cards_str
from .errors import InvalidCardError, InvalidValueError, PokerhashError
from .evaluators import catalog
from .evaluators.catalog import Ranking
from .evaluators.turkish import turkish_deck

@dataclass(frozen=True)
class Game:
    """One game of ``pokerhash eval --game``, read from the game catalogue
    (:mod:`pokerhash.evaluators.catalog`): how many cards a player holds, the board,
    and the rankings of its high and (hi/lo games) low halves. ``alone`` is the card
    count of one hand evaluated without ``--board`` in a board game (None: the board is
    required)."""

    title: str
    hole: Tuple[int, int]
    board: Optional[Tuple[int, int]]
    high: Ranking
    low: Optional[Ranking] = None
    alone: Optional[Tuple[int, int]] = None


def _game(entry: catalog.Game) -> Game:
    high = catalog.RANKINGS[entry.high]
    low = catalog.RANKINGS[entry.low] if entry.low else None
    alone = (min(high.cards), max(high.cards)) if entry.board is not None and not high.split else None
    return Game(entry.title, entry.hole, entry.board, high, low, alone)


GAMES: Dict[str, Game] = {name: _game(entry) for name, entry in catalog.GAMES.items()}


def _lowest_rank(ranking: Ranking, players: int) -> Optional[int]:
    """The deck's lowest rank for a ranking that depends on it (Turkish poker: the deck
    depends on the number of players, rules: Turkish deck size); one hand alone is read
    in the ranking's default deck (None)."""
    if ranking.name != "turkish" or players < 2:
        return None
    return turkish_deck(players)[0] // 4 + 2


def _span(counts: Tuple[int, int]) -> str:
    return str(counts[0]) if counts[0] == counts[1] else f"{counts[0]}-{counts[1]}"


def _read(text: str, counts: Tuple[int, int], where: str, needs: str, hint: str = "") -> List[int]:
    """Cards of one argument, their number checked; errors start with ``where``, and
    ``needs`` says what is expected, with ``{}`` for the allowed counts."""
    try:
        held = cards(text)
    except PokerhashError as error:
        raise InvalidCardError(f"{where}: {error}") from None
    if not counts[0] <= len(held) <= counts[1]:
        raise InvalidCardError(f"{where}: {needs.format(_span(counts))}, got {len(held)}{hint}")
    return held


def _card_count(text: str) -> int:
    try:
        return len(cards(text, distinct=False))
    except PokerhashError:
        return -1


def _players(game: Game, hands: Sequence[str], board: Optional[List[int]]) -> List[List[int]]:
    """Each player's cards. Several one-card arguments are one hand typed unquoted,
    never as many one-card players (no game has one-card hands)."""
    unquoted = len(hands) > 1 and all(_card_count(h) in (1, -1) for h in hands)  # -1: let the parser say why
    if unquoted:
        hands = [" ".join(hands)]
    counts = game.hole if board is not None or game.board is None else game.alone
    if counts is None:
        raise InvalidCardError(f"--board: {game.title} needs the community cards ({_span(game.board)})")  # type: ignore[arg-type]
    if board is None and game.board is not None and len(hands) > 1:
        raise InvalidCardError(f"--board: a {game.title} showdown of several players needs the community cards")
    needs = f"{game.title} needs {{}} " + ("hole cards" if board is not None else "cards")
    # Unquoted cards are one hand by design only where one hand is evaluated alone.
    hint = ' (give each player\'s cards as one quoted argument, e.g. "As Kd" "Qh Qs")' if unquoted and counts != game.alone else ""
    where = "player {}" if len(hands) > 1 or board is not None else "hand"
    return [_read(text, counts, where.format(i + 1), needs, hint) for i, text in enumerate(hands)]


def _check_distinct(players: List[List[int]], board: List[int]) -> None:
    owners: Dict[int, str] = {}
    for owner, held in [("--board", board)] + [(f"player {i + 1}", p) for i, p in enumerate(players)]:
        for c in held:
            if c in owners:
                where = owners[c] if owners[c] == owner else f"{owners[c]} and {owner}"
                raise InvalidCardError(f"card {cards_str([c])} appears twice ({where})")
            owners[c] = owner


def _winners(values: List[int], i: int, half: str) -> str:
    """The mark of a player holding the best value: wins, or splits a tie (a best
    value of 0 is no low: nobody wins the low)."""
    best = max(values, default=0)
    if not best or values[i] != best:
        return ""
    return f"  wins{half}" if values.count(best) == 1 else f"  splits{half}"


def run_eval(hands: Sequence[str], board: Optional[str], game_name: str = "holdem") -> str:
    """The text ``pokerhash eval`` prints: one line per player, the winners marked."""
    game = GAMES[catalog.game(game_name).name]
    if board is not None and game.board is None:
        raise InvalidCardError(f"--board: {game.title} has no community cards")
    board_cards = _read(board, game.board, "--board", "expected {} cards") if board is not None else []  # type: ignore[arg-type]
    players = _players(game, hands, board_cards if board is not None else None)
    _check_distinct(players, board_cards)
    table = len(players)
    lowest = _lowest_rank(game.high, table)
    highs = [game.high.value(p, board_cards, lowest) for p in players]
    lows = [game.low.value(p, board_cards, lowest) for p in players] if game.low else []
    shown = [cards_str(p) for p in players]
    described = [game.high.describe(v) for v in highs]
    lines = [f"board {cards_str(board_cards)}"] if board is not None else []
    for i, hole in enumerate(players):
        label = f"player {i + 1} " if table > 1 or board is not None else ""
        line = f"{label}{shown[i]:{max(map(len, shown))}s}  {highs[i]:5d}  {described[i]:{max(map(len, described))}s}"
        if game.high.best_cards:
            line += f"  best: {cards_str(game.high.best_cards(hole, board_cards))}"  # type: ignore[arg-type]
        if game.low:
            low_cards = game.low.best_cards(hole, board_cards) if game.low.best_cards and lows[i] else None
            line += f"  low: {game.low.describe(lows[i])}" + (f" ({cards_str(low_cards)})" if low_cards else "")
        if table > 1:
            half = " high" if lows and max(lows) else ""
            line += _winners(highs, i, half) + _winners(lows, i, " low")
        lines.append(line)
    return "\n".join(lines)


def add_eval(commands: argparse._SubParsersAction) -> None:
    ev = commands.add_parser("eval", help="evaluate a hand, or a showdown of several players",
                             description="Evaluate one hand, or a showdown: with --board, each argument is one "
                                         "player's hole cards; in games without a board, each is one player's hand.")
    ev.add_argument("hands", nargs="+", help='cards, e.g. As Ks Qs Js Ts; several players: one quoted argument each ("As Kd")')
    ev.add_argument("--board", help="the community cards; then each positional argument is one player's hole cards")
    ev.add_argument("--game", choices=list(GAMES) + list(catalog.ALIASES), default="holdem", metavar="GAME",
                    help=f"the game (default: holdem): {', '.join(GAMES)}; older names: {', '.join(catalog.ALIASES)}")
    ev.set_defaults(run=lambda args: _print(run_eval(args.hands, args.board, args.game)))


def add_bench(commands: argparse._SubParsersAction) -> None:
    bn = commands.add_parser("bench", help="time pokerhash beside phevaluator, eval7, treys and pokerkit",
                             description=bench.__doc__)
    bench.add_arguments(bn)
    bn.set_defaults(run=bench.run)


def run_equity(args: argparse.Namespace) -> str:
    """The equity table of the ``equity`` subcommand, with a tqdm progress bar on
    stderr when tqdm is installed (the ``cli`` extra) and the run is long enough."""
    from ._equity_api import equity_iter

    options = dict(board=args.board or (), dead=args.dead or (), game=args.game, method=args.method,
                   target_error=args.target_error, trials=args.trials, time_limit=args.time_limit, seed=args.seed,
                   threads=args.threads, trips_beat_straight=not args.straight_beats_trips)
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


def add_equity(commands: argparse._SubParsersAction) -> None:
    eq = commands.add_parser("equity", help="each player's equity: exact when quick, else sampled")
    eq.add_argument("players", nargs="+", help="one hand per player (AhAd), or a Hold'em range (QQ+,AKs)")
    eq.add_argument("--board", help="community cards so far, e.g. Td7c2s")
    eq.add_argument("--dead", help="cards out of play")
    eq.add_argument("--game", default="holdem", help="holdem, omaha, omaha8, stud, stud8 or shortdeck")
    eq.add_argument("--straight-beats-trips", action="store_true", help="short deck: the older order")
    eq.add_argument("--method", default="auto", choices=("auto", "exact", "sample"))
    eq.add_argument("--target-error", type=float, help="sampling: stop at this standard error")
    eq.add_argument("--trials", type=int, help="sampling: stop after this many deals")
    eq.add_argument("--time-limit", type=float, help="sampling: stop after this many seconds")
    eq.add_argument("--seed", type=int, help="sampling: reproducible seed")
    eq.add_argument("--threads", type=int, default=0, help="worker threads (0: all cores)")
    eq.set_defaults(run=lambda args: _print(run_equity(args)))


def add_acpc(commands: argparse._SubParsersAction) -> None:
    from .acpc import __main__ as acpc_command

    ac = commands.add_parser("acpc", help="play an engine agent against an ACPC dealer",
                             description=acpc_command.__doc__.splitlines()[0])
    acpc_command.add_arguments(ac)
    ac.set_defaults(run=acpc_command.run)


def add_solve(commands: argparse._SubParsersAction) -> None:
    from .solver import command as solve_command

    so = commands.add_parser("solve", help="solve a heads-up postflop spot (DCFR) from a TOML file",
                             description=solve_command.__doc__.splitlines()[0])
    solve_command.add_arguments(so)
    so.set_defaults(run=solve_command.run)


def run_import(args: argparse.Namespace) -> int:
    """``pokerhash import``: with ``--db``, hand histories into the tracker's hand database
    (:func:`pokerhash.tracker.cli.run_import_db`); with ``-o``, poker sites' hand
    histories to one ``.phhs`` file (:func:`pokerhash.sites.importing.run_import`);
    each output mode is its own function."""
    if args.db is not None and args.output is not None:
        raise InvalidValueError("pokerhash import takes --db DB or -o FILE.phhs, not both")
    if args.db is not None:
        from .tracker.cli import run_import_db

        return run_import_db(args)
    if args.output is not None:
        from .sites.importing import run_import as run_import_sites

        return run_import_sites(args)
    raise InvalidValueError("pokerhash import needs --db DB (hand histories into a hand database) or -o FILE.phhs "
                            "(poker sites' hand histories to PHH)")


def add_import(commands: argparse._SubParsersAction) -> None:
    from .sites.importing import add_arguments as add_sites_arguments
    from .tracker.cli import add_db_arguments

    im = commands.add_parser("import", help="import hand histories (into a database, or sites' text to PHH)",
                             description="Read hand histories, replay each on the engine, and store them: with "
                                         "--db, sites' hand histories and PHH files in a hand database (docs: "
                                         "tracker); with -o, poker sites' hand histories in one .phhs file (docs: "
                                         "sites).")
    im.add_argument("sources", nargs="+", help="site hand-history files, .zip files, .phh / .phhs files (--db), "
                                               "or folders, searched recursively")
    add_db_arguments(im)
    add_sites_arguments(im)
    im.add_argument("--batch-size", type=int, default=1000, help="hands per database transaction")
    im.add_argument("--processes", type=int, default=1, help="worker processes replaying the hands (default 1; "
                                                                  "with -o, one file per task)")
    im.set_defaults(run=run_import)


def add_stats(commands: argparse._SubParsersAction) -> None:
    from .tracker.cli import add_stats as add

    add(commands)


def add_graph(commands: argparse._SubParsersAction) -> None:
    from .tracker.cli import add_graph as add

    add(commands)


def add_range(commands: argparse._SubParsersAction) -> None:
    from .pictures import commands as pictures

    rg = commands.add_parser("range", help="a Hold'em range's 13x13 chart: text, or an SVG/PNG/HTML file",
                             description=pictures.__doc__.splitlines()[0])
    pictures.add_range_arguments(rg)
    rg.set_defaults(run=pictures.run_range)


def add_replay(commands: argparse._SubParsersAction) -> None:
    from .pictures import commands as pictures

    rp = commands.add_parser("replay", help="PHH hand histories as one HTML hand replayer",
                             description=pictures.__doc__.splitlines()[0])
    pictures.add_replay_arguments(rp)
    rp.set_defaults(run=pictures.run_replay)


SUBCOMMANDS = [add_eval, add_bench, add_equity, add_acpc, add_solve, add_import, add_stats, add_graph, add_range,
               add_replay]


def _print(text: str) -> int:
    print(text)
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="pokerhash", description="Poker hand evaluation from the command line.")
    parser.add_argument("--version", action="version", version=f"pokerhash {__version__}")
    commands = parser.add_subparsers(dest="command", required=True)
    for add in SUBCOMMANDS:
        add(commands)
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except PokerhashError as error:
        print(f"pokerhash: {error}", file=sys.stderr)
        return 2
