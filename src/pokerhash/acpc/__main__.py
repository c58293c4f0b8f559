"""Play an engine agent against an ACPC dealer and print the hands played and the chips won.

    python -m pokerhash.acpc HOST PORT --game FILE --agent module:callable
    pokerhash acpc HOST PORT --game FILE --agent module:callable
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Optional, Sequence

from ..errors import InvalidValueError, PokerhashError
from .client import play_match
from .gamedef import read_gamedef


def load_agent(spec: str) -> object:
    """The callable ``module:name`` (``name`` may be dotted) names."""
    module_name, _, attribute = spec.partition(":")
    if not module_name or not attribute:
        raise InvalidValueError(f"an agent is 'module:callable', not {spec!r}")
    try:
        value: object = importlib.import_module(module_name)
    except ImportError as error:
        raise InvalidValueError(f"cannot import the agent's module {module_name!r}: {error}") from None
    for part in attribute.split("."):
        try:
            value = getattr(value, part)
        except AttributeError:
            raise InvalidValueError(f"{module_name!r} has no {attribute!r}") from None
    if not callable(value):
        raise InvalidValueError(f"the agent {spec!r} is not callable")
    return value


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The arguments of ``python -m pokerhash.acpc`` and ``pokerhash acpc``."""
    parser.add_argument("host")
    parser.add_argument("port", type=int)
    parser.add_argument("--game", required=True, help="the ACPC .game file the dealer plays")
    parser.add_argument("--agent", required=True, help="module:callable, from a View to an Action")
    parser.add_argument("--timeout", type=_seconds, default=60.0,
                        help="longest wait for each line from the dealer (s, a positive number)")


def _seconds(text: str) -> float:
    """A positive, finite number of seconds (argparse reports anything else)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"the timeout must be a positive finite number of seconds, not {text}")
    return value


def run(args: argparse.Namespace) -> int:
    """Play the match; print the hands played and our chips won (status 1 when the
    dealer cannot be reached or goes silent)."""
    gamedef, agent = read_gamedef(args.game), load_agent(args.agent)
    try:
        result = play_match(args.host, args.port, gamedef, agent, timeout=args.timeout)  # type: ignore[arg-type]
    except OSError as error:
        print(f"error: the dealer at {args.host}:{args.port}: {error}", file=sys.stderr)
        return 1
    print(f"hands {result.hands}, chips {result.chips:+g}")
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m pokerhash.acpc", description=__doc__.splitlines()[0])
    add_arguments(parser)
    args = parser.parse_args(argv)
    try:
        return run(args)
    except PokerhashError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
