"""A match state played on the engine, and engine actions written as ACPC actions.

:func:`replay` rebuilds the hand a :class:`~pokerhash.acpc.MatchState` describes as an
engine :class:`~pokerhash.engine.Hand` (caller dealing: the known cards, and stand-ins
for the hidden hole cards, which no seat's view shows), so an engine agent can
decide; :func:`acpc_action` writes the agent's answer back as ACPC text.

ACPC's ``r<N>`` counts the chips a player has put in over the whole hand, the engine's
``to`` only the current round's: ``N = to + chips put in on earlier rounds``.
"""

from __future__ import annotations

from typing import List, Optional, Tuple

from ..betting import Action, ActionKind, Limit
from ..engine import Hand, PendingKind
from ..engine import events as ev
from ..errors import IllegalActionError, InvalidValueError
from .gamedef import AcpcGame
from .matchstate import MatchState

__all__ = ["replay", "engine_action", "acpc_action", "matchstate_of"]

_DEAL = PendingKind.DEAL
_DECISION = PendingKind.DECISION


def replay(state: MatchState, game: AcpcGame, previous: Optional[Tuple[MatchState, Hand]] = None) -> Hand:
    """The engine hand of ``state`` in ``game``: every action replayed, the board
    dealt; InvalidValueError naming the first action or card the game does not allow.

    ``previous`` is the (state, hand) of an earlier replay of the same hand: when
    ``state`` only adds actions and board cards to it (as each line from a dealer
    does), that hand is played on, in place, instead of rebuilt."""
    if previous is not None and _adds_to(previous[0], state, previous[1]):
        before, hand = previous
        _play_betting(hand, state, before.round, len(before.betting[-1]))
        return hand
    players = game.gamedef.num_players
    if len(state.hole_cards) != players:
        raise InvalidValueError(f"{state} shows {len(state.hole_cards)} positions; the game has {players}")
    hand = game.new_hand(deal="caller")
    known = {c for cards in state.hole_cards if cards for c in cards} | {c for cards in state.board for c in cards}
    stand_ins = (c for c in range(52) if c not in known)
    for position, cards in enumerate(state.hole_cards):
        if cards is not None and len(cards) != game.gamedef.num_hole_cards:
            raise InvalidValueError(f"position {position} holds {len(cards)} cards in {state}, not "
                                    f"{game.gamedef.num_hole_cards}")
        hand.deal(cards if cards is not None else [next(stand_ins) for _ in range(game.gamedef.num_hole_cards)])
    _play_betting(hand, state, 0, 0)
    return hand


def _adds_to(before: MatchState, state: MatchState, hand: Hand) -> bool:
    """Whether ``state`` is ``before`` with more actions and board cards (the same
    hand, viewer and hole cards: a showdown that shows cards is not), none of them
    a card that ``hand`` holds as a stand-in for hidden hole cards."""
    last = before.round
    if hand.is_over or not (
            state.hand_number == before.hand_number and state.position == before.position
            and state.hole_cards == before.hole_cards and state.round >= last
            and state.betting[:last] == before.betting[:last] and state.board[:last + 1] == before.board
            and state.betting[last][:len(before.betting[last])] == before.betting[last]):
        return False
    stand_ins = {c for seat, cards in enumerate(state.hole_cards) if cards is None for c in hand.hole_cards(seat)}
    return not any(c in stand_ins for cards in state.board[last + 1:] for c in cards)


def _play_betting(hand: Hand, state: MatchState, first_round: int, first_action: int) -> None:
    """Play ``state``'s betting on ``hand`` from action ``first_action`` of round
    ``first_round`` (0-based), dealing the board of each later round."""
    last = state.round
    for number in range(first_round, last + 1):
        if number > first_round:
            _deal_board(hand, state, number)
        actions = state.betting[number]
        for index in range(first_action if number == first_round else 0, len(actions)):
            token = actions[index]
            if hand.pending.kind is not _DECISION:
                raise InvalidValueError(f"action {index + 1} of round {number + 1} ({token!r}) of {state} comes "
                                        f"when nobody may act: {hand.pending}")
            try:
                hand.act(engine_action(hand, token))
            except IllegalActionError as error:
                raise InvalidValueError(f"action {index + 1} of round {number + 1} ({token!r}) of {state} is "
                                        f"illegal: {error}") from None
        if number < last and hand.pending.kind is not _DEAL:
            raise InvalidValueError(f"round {number + 1} of {state} is not over, yet the betting moves on: "
                                    f"{hand.pending}")
    if hand.pending.kind is _DEAL:
        raise InvalidValueError(f"round {last + 1} of {state} is over, yet the next round's board is missing")


def _deal_board(hand: Hand, state: MatchState, number: int) -> None:
    pending = hand.pending
    if pending.kind is not _DEAL or pending.target != "burn":
        raise InvalidValueError(f"round {number + 1} of {state} starts before round {number} is over: {pending}")
    hand.deal([])  # ACPC burns nothing: the engine's burn goes unseen
    cards = state.board[number]
    if len(cards) != hand.pending.count:
        raise InvalidValueError(f"round {number + 1} of {state} deals {len(cards)} board cards, not "
                                f"{hand.pending.count}")
    hand.deal(cards)


def engine_action(hand: Hand, token: str) -> Action:
    """The engine action of ACPC action ``token`` for the player to act in ``hand``
    (IllegalActionError when ACPC forbids it: folding when checking is free, a raise
    size in limit or none in no-limit)."""
    legal, seat = hand.pending.legal, hand.pending.seat
    if legal is None or seat is None:
        raise IllegalActionError(f"nobody is to act: {hand.pending}")
    if token == "f":
        if legal.can_check:
            raise IllegalActionError("ACPC does not allow folding when checking is free")
        return Action.fold()
    if token == "c":
        return Action.check() if legal.can_check else Action.call()
    fixed = hand.structure.limit is Limit.FIXED_LIMIT
    if token[:1] != "r" or (len(token) == 1) != fixed:
        raise IllegalActionError(f"this game's raise is {'r' if fixed else 'r<chips>'}, not {token!r}")
    if legal.raise_kind is None:
        raise IllegalActionError(f"no raise is legal: {legal.no_raise_reason}")
    if fixed:
        return Action.raise_to(legal.fixed_amounts[0])  # type: ignore[index]  # set in fixed limit
    return Action.raise_to(int(token[1:]) - _earlier_rounds(hand, seat))


def acpc_action(hand: Hand, action: Action) -> str:
    """``action`` (an engine request for the player to act) as ACPC text: ``f``, ``c``,
    ``r`` or ``r<chips in the hand>``. IllegalActionError if the engine or ACPC forbids it."""
    move = hand.validate(action)  # a betting decision: pending.legal is set and move.player is the seat
    if move.kind is ActionKind.FOLD and hand.pending.legal.can_check:  # type: ignore[union-attr]
        raise IllegalActionError("ACPC does not allow folding when checking is free")
    earlier = _earlier_rounds(hand, move.player)  # type: ignore[arg-type]
    return _token(move, earlier, hand.structure.limit is Limit.FIXED_LIMIT)


def _token(move: Action, earlier: int, fixed: bool) -> str:
    """The ACPC text of a normalized engine move whose player put ``earlier`` chips
    in before this round."""
    kind = move.kind
    if kind is ActionKind.FOLD:
        return "f"
    if kind is ActionKind.CHECK or kind is ActionKind.CALL:
        return "c"
    return "r" if fixed else f"r{move.to + earlier}"  # type: ignore[operator]  # sized moves have a to


def _earlier_rounds(hand: Hand, seat: int) -> int:
    """The chips ``seat`` put in before the current round."""
    return hand.contributed[seat] - hand.bets[seat]


def matchstate_of(hand: Hand, position: int, hand_number: int = 0) -> MatchState:
    """The match state an ACPC dealer sends ``position`` for an engine ``hand`` of an
    :class:`~pokerhash.acpc.AcpcGame` (seat p is position p; the hand must log its
    events and not wait for a deal). Other positions' hole cards show once the hand
    is over, for those who reached a showdown."""
    if hand.pending.kind is _DEAL:
        raise InvalidValueError(f"the hand waits for cards: {hand.pending}")
    fixed = hand.structure.limit is Limit.FIXED_LIMIT
    contributed = dict.fromkeys(hand.seats, 0)
    before_round = dict(contributed)
    betting: List[List[str]] = [[]]
    board: List[Tuple[int, ...]] = [()]
    for event in hand.events:
        if isinstance(event, ev.Post):
            contributed[event.seat] += event.amount
        elif isinstance(event, ev.Deal) and event.seat is None:
            betting.append([])
            board.append(event.cards)
            before_round = dict(contributed)
        elif isinstance(event, ev.Act):
            contributed[event.seat] += event.action.chips
            betting[-1].append(_token(event.action, before_round[event.seat], fixed))
    folded = set(hand.folded)
    showdown = hand.is_over and len(hand.seats) - len(folded) > 1
    holes = tuple(hand.hole_cards(seat) if seat == position or (showdown and seat not in folded) else None
                  for seat in hand.seats)
    return MatchState(position, hand_number, tuple(map(tuple, betting)), holes, tuple(board))
