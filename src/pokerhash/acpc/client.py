"""Play an engine agent against an ACPC dealer over TCP.

The dealer protocol (version 2.0.0): the client connects and sends
``VERSION:2.0.0\\r\\n``; the dealer then sends a ``MATCHSTATE`` line after every
action of every hand (lines starting ``#`` or ``;`` are comments). When the state says
it is our position's turn, the client answers with the same line, ``:`` and its
action (``MATCHSTATE:1:0::TdAs|:c\\r\\n``). The dealer closes the connection at the
end of the match.
"""

from __future__ import annotations

import socket
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional, Tuple, Union

from ..betting import Action
from ..engine import Hand, PendingKind
from ..engine.view import View
from ..errors import InvalidValueError
from .gamedef import AcpcGame, GameDef
from .matchstate import MatchState
from .replay import acpc_action, replay

__all__ = ["AcpcPlayer", "MatchResult", "play_match", "VERSION"]

#: The protocol line a client opens with.
VERSION = "VERSION:2.0.0"

Agent = Callable[[View], object]


@dataclass
class MatchResult:
    """What the client saw of a match: the hands that ended, and our chips won or lost
    in each (by hand number; the engine settles an odd chip of a split pot where
    the ACPC dealer splits it in fractions)."""

    net: Dict[int, int] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        return len(self.net)

    @property
    def chips(self) -> int:
        return sum(self.net.values())


class AcpcPlayer:
    """Our side of a match, one dealer line at a time: :meth:`answer` reads a line and
    returns the reply when it is our turn; finished hands go to :attr:`result`. Each
    line usually adds one action, so the hand replayed for the last line is played
    on rather than rebuilt (for a bot that runs its own connection loop)."""

    def __init__(self, game: Union[GameDef, AcpcGame], agent: Agent) -> None:
        if isinstance(game, GameDef):
            game = game.engine()
        elif not isinstance(game, AcpcGame):
            raise InvalidValueError(f"game is a GameDef or an AcpcGame, not {game!r}")
        self.game = game
        self.agent = agent
        self.result = MatchResult()
        self._last: Optional[Tuple[MatchState, Hand]] = None

    def answer(self, line: str) -> Optional[str]:
        """The reply to one dealer line (without its line end), or None when it is not
        our turn (IllegalActionError, nothing to send, if the agent's action is illegal)."""
        if not line or line[0] in "#;":
            return None
        state = MatchState.parse(line)
        hand = replay(state, self.game, self._last)
        self._last = (state, hand)
        if hand.is_over:
            self.result.net[state.hand_number] = hand.result.net[state.position]
            return None
        pending = hand.pending
        if pending.kind is not PendingKind.DECISION or pending.seat != state.position:
            return None
        action = self.agent(hand.view(state.position))
        if not isinstance(action, Action):
            raise InvalidValueError(f"the agent answered {action!r}, not an Action")
        return f"{line.rstrip()}:{acpc_action(hand, action)}"


def play_match(
    host: str,
    port: int,
    game: Union[GameDef, AcpcGame],
    agent: Agent,
    *,
    timeout: Optional[float] = 60.0,
) -> MatchResult:
    """Connect to the dealer at ``host:port`` and play ``agent`` (a callable from a
    :class:`~pokerhash.engine.View` to an :class:`~pokerhash.betting.Action`, as
    :meth:`Table.play <pokerhash.engine.Table.play>` uses) until the dealer ends the
    match. ``timeout``: the longest wait for the dealer, in seconds (None: forever);
    TimeoutError when it passes. An illegal action of the agent raises
    IllegalActionError (nothing is sent)."""
    player = AcpcPlayer(game, agent)
    with socket.create_connection((host, port), timeout=timeout) as connection:
        connection.settimeout(timeout)
        # One short line per action each way: without this, Nagle's algorithm and
        # delayed acknowledgements hold each answer back by tens of milliseconds.
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection.sendall(f"{VERSION}\r\n".encode("ascii"))
        incoming = connection.makefile("rb")
        while True:
            try:
                raw = incoming.readline()
            except socket.timeout:
                raise TimeoutError(f"the dealer at {host}:{port} sent nothing for {timeout} s") from None
            if not raw:
                return player.result
            reply = player.answer(raw.decode("ascii").rstrip("\r\n"))
            if reply is not None:
                connection.sendall(f"{reply}\r\n".encode("ascii"))
