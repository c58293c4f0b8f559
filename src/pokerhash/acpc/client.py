"""Play an engine agent against an ACPC dealer over TCP.

The dealer protocol (version 2.0.0): the client connects and sends
``VERSION:2.0.0\\r\\n``; the dealer then sends a ``MATCHSTATE`` line after every
action of every hand (lines starting ``#`` or ``;`` are comments). When the state says
it is our position's turn, the client answers with the same line, ``:`` and its
action (``MATCHSTATE:1:0::TdAs|:c\\r\\n``). The dealer closes the connection at the
end of the match.
"""

from __future__ import annotations

import logging
import math
import socket
import time
from dataclasses import dataclass, field
from typing import Callable, Dict, Optional, Tuple, Union

from ..betting import Action, ActionKind, LegalActions
from ..engine import Hand, PendingKind
from ..engine.view import View
from ..errors import IllegalActionError, InvalidValueError
from .gamedef import AcpcGame, GameDef
from .matchstate import MatchState
from .replay import acpc_action, replay

__all__ = ["AcpcPlayer", "MatchResult", "play_match", "VERSION", "MAX_LINE_BYTES", "MAX_NUM_ACTIONS"]

#: The protocol line a client opens with.
VERSION = "VERSION:2.0.0"
#: The longest dealer line read (bytes, line end included): the dealer's own lines are
#: a few hundred; a longer one ends the match with an error instead of filling memory.
MAX_LINE_BYTES = 16384
#: The dealer's cap on actions per betting round (project_acpc_server game.h): it
#: refuses a raise when ``actions this round + players > MAX_NUM_ACTIONS`` ("forcing
#: call/fold"), so the client offers none then.
MAX_NUM_ACTIONS = 64

Agent = Callable[[View], object]
log = logging.getLogger("pokerhash.acpc")


@dataclass
class MatchResult:
    """What the client saw of a match: the hands that ended, and our chips won or lost
    in each (by hand number), counted as the dealer counts them (its ``valueOfState``:
    a split pot's odd chips are split in fractions, so the total equals the dealer's
    score)."""

    net: Dict[int, float] = field(default_factory=dict)

    @property
    def hands(self) -> int:
        return len(self.net)

    @property
    def chips(self) -> float:
        return sum(self.net.values())


class AcpcPlayer:
    """Our side of a match, one dealer line at a time: :meth:`answer` reads a line and
    returns the reply when it is our turn; finished hands go to :attr:`result`. Each
    line usually adds one action, so the hand replayed for the last line is played
    on rather than rebuilt (for a bot that runs its own connection loop).

    The agent's choice never ends a match: as the dealer does, a fold when checking is
    free becomes a check, a raise the dealer would refuse (its action cap) a call, and
    a no-limit raise outside the legal sizes is moved to the nearest one; each such
    change is logged (logger ``pokerhash.acpc``). The agent's view offers no raise
    when the dealer's action cap forbids one."""

    def __init__(self, game: Union[GameDef, AcpcGame], agent: Agent) -> None:
        if isinstance(game, GameDef):
            game = game.engine()
        elif not isinstance(game, AcpcGame):
            raise InvalidValueError(f"game is a GameDef or an AcpcGame, not {game!r}")
        self.game = game
        self.agent = agent
        self.result = MatchResult()
        self._last: Optional[Tuple[MatchState, Hand]] = None
        self._holes: Dict[int, tuple] = {}  # our hole cards by hand number, the last few hands

    def answer(self, line: str) -> Optional[str]:
        """The reply to one dealer line (without its line end), or None when it is not
        our turn. InvalidValueError when the dealer contradicts itself (our hole cards
        change within a hand, a finished hand comes back with another result)."""
        if not line or line[0] in "#;":
            return None
        state = MatchState.parse(line)
        number = state.hand_number
        mine = state.hole_cards[state.position]
        if self._holes.setdefault(number, mine) != mine:
            raise InvalidValueError(f"the dealer changed our hole cards in hand {number}: {line[:200]!r}")
        if len(self._holes) > 64:
            del self._holes[min(self._holes)]
        hand = replay(state, self.game, self._last)
        self._last = (state, hand)
        if hand.is_over:
            value = dealer_value(hand, state.position)
            known = self.result.net.setdefault(number, value)
            if known != value:
                raise InvalidValueError(f"hand {number} was over with {known:+g} chips for us; the dealer now "
                                        f"sends it with {value:+g}: {line[:200]!r}")
            return None
        pending = hand.pending
        if pending.kind is not PendingKind.DECISION or pending.seat != state.position:
            return None
        capped = len(state.betting[-1]) + self.game.gamedef.num_players > MAX_NUM_ACTIONS
        view = hand.view(state.position)
        if capped and pending.legal.raise_kind is not None:
            legal = pending.legal
            view.pending = pending._replace(legal=LegalActions(
                legal.player, legal.can_check, legal.call, legal.call_is_all_in, None,
                no_raise_reason=f"the dealer allows no raise past {MAX_NUM_ACTIONS} actions a round"))
        action = self.agent(view)
        if not isinstance(action, Action):
            raise InvalidValueError(f"the agent answered {action!r}, not an Action")
        action = _as_dealer_plays(hand, action, capped, number)
        return f"{line.rstrip()}:{acpc_action(hand, action)}"


def _as_dealer_plays(hand: Hand, action: Action, capped: bool, number: int) -> Action:
    """The agent's action as the dealer would play it (see AcpcPlayer)."""
    legal = hand.pending.legal
    passive = Action.check() if legal.can_check else Action.call()
    kind = action.kind
    if kind is ActionKind.FOLD and legal.can_check:
        log.warning("hand %d: the agent folded when checking was free; checking, as the dealer does", number)
        return passive
    if kind in (ActionKind.BET, ActionKind.RAISE, ActionKind.ALL_IN):
        if capped or legal.raise_kind is None:
            log.warning("hand %d: no raise is legal (%s); calling instead, as the dealer does", number,
                        legal.no_raise_reason or f"{MAX_NUM_ACTIONS} actions")
            return passive
        if kind is not ActionKind.ALL_IN and legal.fixed_amounts is None and action.to is not None \
                and not legal.min_to <= action.to <= legal.max_to:
            to = min(max(action.to, legal.min_to), legal.max_to)
            log.warning("hand %d: a raise to %s moved to %d, the nearest legal size, as the dealer does", number,
                        action.to, to)
            return Action.raise_to(to)
    try:
        hand.validate(action)
    except IllegalActionError as error:
        log.warning("hand %d: the agent's %s is illegal (%s); playing %s", number, action, error, passive)
        return passive
    return action


def dealer_value(hand: Hand, position: int) -> float:
    """Our chips won (negative: lost) in a finished ACPC hand, as the dealer counts
    them (project_acpc_server's ``valueOfState``): each side pot split evenly among
    its winners, in fractions of a chip."""
    from .. import evaluate

    seats = hand.seats
    spent = hand.contributed
    folded = set(hand.folded)
    if position in folded:
        return float(-spent[position])
    if len(folded) + 1 == len(seats):
        return float(sum(spent[seat] for seat in seats if seat != position))
    board = list(hand.board)
    players = [seat for seat in seats if spent[seat]]
    rank = {seat: -1 if seat in folded else evaluate(list(hand.hole_cards(seat)) + board) for seat in players}
    left = {seat: spent[seat] for seat in players}
    value = 0.0
    while position in left:
        size = min(left.values())
        best = max(rank[seat] for seat in left)
        winners = sum(1 for seat in left if rank[seat] == best)
        if rank[position] == best:
            value += size * (len(left) - winners) / winners
        else:
            value -= size
        left = {seat: chips - size for seat, chips in left.items() if chips > size}
    return value


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
    match. ``timeout``: the longest wait, in seconds, for each whole line from the
    dealer (a dealer trickling bytes does not restart it; None: forever);
    TimeoutError when it passes. A line over :data:`MAX_LINE_BYTES`, or one that is
    not ASCII, raises InvalidValueError."""
    if timeout is not None and (isinstance(timeout, bool) or not isinstance(timeout, (int, float))
                                or not 0 < timeout < math.inf):
        raise InvalidValueError(f"timeout must be a positive finite number of seconds or None, not {timeout!r}")
    player = AcpcPlayer(game, agent)
    with socket.create_connection((host, port), timeout=timeout) as connection:
        # One short line per action each way: without this, Nagle's algorithm and
        # delayed acknowledgements hold each answer back by tens of milliseconds.
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        connection.sendall(f"{VERSION}\r\n".encode("ascii"))
        lines = _Lines(connection, timeout, f"{host}:{port}")
        while True:
            raw = lines.next()
            if raw is None:
                return player.result
            try:
                text = raw.decode("ascii")
            except UnicodeDecodeError:
                raise InvalidValueError(f"the dealer sent a line that is not ASCII: {raw[:200]!r}") from None
            reply = player.answer(text.rstrip("\r\n"))
            if reply is not None:
                connection.sendall(f"{reply}\r\n".encode("ascii"))


class _Lines:
    """Lines from the dealer, each within ``timeout`` seconds and MAX_LINE_BYTES."""

    def __init__(self, connection: socket.socket, timeout: Optional[float], where: str) -> None:
        self.connection, self.timeout, self.where = connection, timeout, where
        self.buffer = b""

    def next(self) -> Optional[bytes]:
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            end = self.buffer.find(b"\n")
            if end >= 0:
                line, self.buffer = self.buffer[:end + 1], self.buffer[end + 1:]
                if len(line) > MAX_LINE_BYTES:
                    break
                return line
            if len(self.buffer) > MAX_LINE_BYTES:
                break
            if deadline is not None:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError(f"the dealer at {self.where} sent nothing (no whole line) for {self.timeout} s")
                self.connection.settimeout(left)
            try:
                chunk = self.connection.recv(4096)
            except socket.timeout:
                raise TimeoutError(f"the dealer at {self.where} sent nothing (no whole line) for {self.timeout} s") from None
            if not chunk:
                return None if not self.buffer else self.buffer
            self.buffer += chunk
        raise InvalidValueError(f"the dealer sent a line over {MAX_LINE_BYTES} bytes (it starts "
                                f"{self.buffer[:80]!r})")
