"""The ACPC protocol of computer poker competitions: game definitions, match states,
and a client that plays an engine agent against an ACPC dealer (stdlib only)."""

from .client import AcpcPlayer, MatchResult, play_match
from .gamedef import AcpcGame, GameDef, format_gamedef, parse_gamedef, read_gamedef
from .matchstate import MatchState
from .replay import acpc_action, engine_action, matchstate_of, replay

__all__ = [
    "AcpcGame",
    "AcpcPlayer",
    "GameDef",
    "MatchResult",
    "MatchState",
    "acpc_action",
    "engine_action",
    "format_gamedef",
    "matchstate_of",
    "parse_gamedef",
    "play_match",
    "read_gamedef",
    "replay",
]
