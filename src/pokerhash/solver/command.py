"""``pokerhash solve spot.toml``: solve a spot from a TOML file and print the root
strategy, the EVs and the exploitability.

The file holds the :class:`~pokerhash.solver.Spot` (``board``, ``oop``, ``ip``, ``pot``,
``stack``, optional ``allin_threshold``, ``raise_cap``, ``rake``, ``rake_cap``), the
bet sizes in a ``[sizes]`` table (``bet``, ``raise``, ``donk`` at the top, or in
``[sizes.river]``, ``[sizes.river.oop]``, ...), and optionally how to solve in a
``[solve]`` table (``target``, ``iterations``, ``time_limit``, ``check_every``,
``schedule``: ``"dcfr"`` or ``"restarted"``), which
the command-line options override. ``game = "plo"`` makes it a pot-limit Omaha spot
(``oop`` and ``ip`` then list four-card hands: ``"AsKsQdJd, 7c6c5h4h: 0.5"``);
``"plo5"``, ``"plo6"``, ``"omaha-hi-lo"`` (``"plo8"``) and ``"big-o"`` are the other
Omaha games, their hands of five, six, four and five cards::

    board = "QsJh2h8d3c"
    oop = "AA-22,AK-A2,KQ-K9,QJ-Q9,JT-J9,T9,98,87,76"
    ip = "AA-22,AK-A2,KQ-K9,QJ-Q9,JT-J9,T9,98,87,76"
    pot = 100
    stack = 200

    [sizes]
    bet = "50%, 100%, a"
    raise = "100%, a"

    [solve]
    target = 0.3
"""

from __future__ import annotations

import argparse
import sys

from ..errors import InvalidValueError

_SOLVE_KEYS = ("target", "iterations", "time_limit", "check_every", "schedule")


def _read_toml(path: str) -> dict:
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # pragma: no cover - the phh extra installs tomli there
        import tomli as tomllib
    try:
        with open(path, "rb") as handle:
            return tomllib.load(handle)
    except OSError as error:
        raise InvalidValueError(f"cannot read {path}: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise InvalidValueError(f"{path} is not valid TOML: {error}") from None


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("spot", help="a TOML file describing the spot (see docs/solver.rst)")
    parser.add_argument("--target", type=float, help="stop at this exploitability, in %% of the pot (default 0.3)")
    parser.add_argument("--iterations", type=int, help="stop after this many iterations (default 1000)")
    parser.add_argument("--time-limit", type=float, help="stop after this many seconds")
    parser.add_argument("--check-every", type=int, help="measure the exploitability every N iterations (default 10)")
    parser.add_argument("--schedule", choices=("dcfr", "restarted"),
                        help="the discount schedule (default restarted, postflop-solver's; dcfr: gamma 2)")
    parser.add_argument("--save", help="write the solution to this .npz file")
    parser.add_argument("--progress", action="store_true", help="show a progress bar (needs tqdm: the cli extra)")


def report(solution) -> str:
    """The root strategy, the EVs and the exploitability, as the command prints them."""
    spot = solution.spot
    tree = solution.tree
    root = solution.root
    lines = [f"{spot!r}: {tree.nodes:,} nodes, {tree.memory / 2**20:,.1f} MiB",
             f"iterations {solution.iterations}, {solution.seconds:.3f} s, exploitability {solution.history[-1][1]:.3f}% of the pot",
             f"root ({root.player} to act):"]
    for action, frequency in root.aggregate().items():
        lines.append(f"  {action:<14} {100 * frequency:6.2f}%")
    oop, ip = solution.ev()
    lines.append(f"EV oop {oop:.3f}, ip {ip:.3f}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from . import Solution, Spot

    data = _read_toml(args.spot)
    settings = data.pop("solve", {})
    if not isinstance(settings, dict) or any(k not in _SOLVE_KEYS for k in settings):
        raise InvalidValueError(f"[solve] takes {', '.join(_SOLVE_KEYS)}")
    options = {"target": 0.3, "iterations": 1000, "time_limit": None, "check_every": 10, "schedule": "restarted"}
    options.update(settings)
    for key in _SOLVE_KEYS:
        value = getattr(args, key)
        if value is not None:
            options[key] = value
    solution = Solution(Spot.from_dict(data), schedule=options.pop("schedule"))
    solution.run(progress=args.progress, **options)
    print(report(solution))
    if args.save:
        solution.save(args.save)
    return 0
