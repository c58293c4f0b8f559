"""PHH hand histories and engine hands, both ways.

:func:`replay` plays a :class:`~pokerhash.engine.history.HandHistory` on a
:class:`~pokerhash.engine.Hand`, action by action, the engine checking every action
by the rules (an illegal one raises :class:`~pokerhash.engine.history.PHHError`
naming it). :func:`to_history` writes a hand (over or not) as a HandHistory.

How PHH maps onto the engine:

- The players p1..pN are the engine's seats in order from left of the button, the
  button last (PHH's position order). The seats are the file's ``seats`` field when it
  lists them clockwise, else 1..N; the button is pN's seat.
- ``blinds_or_straddles``: small and big blind, and a straddle third (more straddles
  are not played by the engine); ``antes``: everyone's ante, or the big blind's
  (big-blind ante, a multiple of the number of players). PHH reverses both arrays
  heads-up, and so do these conversions.
- Unknown cards (``??``) are dealt as stand-in cards no other action of the hand
  names, so the hand can be played. A hand that reaches a showdown where a live
  player's (or the board's) cards are unknown cannot be settled: it replays up to
  the action that would start the showdown, and :attr:`Replay.complete` is False with
  a :attr:`Replay.note` saying so. So is a file whose actions stop before the end.
- An unknown stack (``inf``) is played as a stack that covers every amount the file
  names (the sum of all its bets, blinds and antes, plus one); its final stack is
  then meaningless, but the hand's play and the pots are not.
- Showdown actions (``sm``) give the cards shown (they fill in unknown hole cards);
  who shows and who mucks is the engine's rule (the rules (rules: The games and their flow,
  showdown). Burns are the dealer's (PHH does not write them).
"""

from __future__ import annotations

from collections import deque
from decimal import Decimal
from typing import Any, Deque, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from ..betting import Action, ActionKind, ForcedKind, Limit
from ..errors import IllegalActionError, InvalidCardError, InvalidValueError
from . import events as ev
from .hand import Hand, Options, PendingKind, Stakes
from .history import STANDARD_VARIANTS, HandHistory, PHHAction, PHHError, cards_text, action_text
from .variants import (BIG_O, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO, PLO5, PLO6, STUD, STUD_HI_LO, TURKISH_POKER,
                       Forced, Variant)

__all__ = ["Replay", "replay", "to_history", "variant_code", "variant_of"]

_EXTENSION = "_pokerhash_"
_LIMITS = {"F": Limit.FIXED_LIMIT, "P": Limit.POT_LIMIT, "N": Limit.NO_LIMIT}
# PHH's game letters (after the betting letter) and the engine's games.
_GAMES = {"T": HOLDEM, "O": PLO, "O/8": OMAHA_HI_LO, "O5": PLO5, "O5/8": BIG_O, "O6": PLO6, "5CD": FIVE_CARD_DRAW,
          "TK": TURKISH_POKER, "7S": STUD, "7S/8": STUD_HI_LO}
_FIXED_ONLY = ("7S", "7S/8")


def _codes() -> Dict[str, Variant]:
    codes = {}
    for game, base in _GAMES.items():
        for letter, limit in _LIMITS.items():
            if game in _FIXED_ONLY and letter != "F":
                continue
            code = letter + game
            codes[code if code in STANDARD_VARIANTS else _EXTENSION + code] = base.with_limit(limit)
    return codes


_VARIANTS = _codes()
_CODES = {variant: code for code, variant in _VARIANTS.items()}


def variant_of(code: str) -> Variant:
    """The engine's game for a PHH variant code (standard or ``_pokerhash_`` extension)."""
    try:
        return _VARIANTS[code]
    except KeyError:
        raise InvalidValueError(f"the engine does not play PHH variant {code!r} "
                                f"(it plays {', '.join(sorted(_VARIANTS))})") from None


def variant_code(variant: Variant) -> str:
    """The PHH variant code of one of the engine's built-in games."""
    try:
        return _CODES[variant]
    except KeyError:
        raise InvalidValueError(f"PHH has no code for the variant {variant.name!r} "
                                f"({variant.limit.value}): only the built-in games are written") from None


class Replay(NamedTuple):
    """A hand history played on the engine.

    ``hand`` is the :class:`~pokerhash.engine.Hand` (over when ``complete``);
    ``seats`` the seat of each player p1..pN; ``complete`` is False when the file
    stops early or its showdown cards are unknown, and ``note`` says which (and which
    players' skipped actions were filled in).
    """

    hand: Hand
    seats: Tuple[int, ...]
    complete: bool
    note: str = ""

    @property
    def finishing_stacks(self) -> List[int]:
        """Each player's final stack, in the file's player order."""
        stacks = self.hand.result.stacks
        return [stacks[seat] for seat in self.seats]


# --- PHH -> engine ----------------------------------------------------------------


def _per_player(values: Sequence[int]) -> List[int]:
    """A PHH forced-bet array as amounts per player (PHH reverses it heads-up)."""
    return list(values)[::-1] if len(values) == 2 else list(values)


def _stakes(history: HandHistory, variant: Variant) -> Stakes:
    n = history.player_count
    antes = _per_player(history.antes)
    big_blind = 0 if n == 2 else 1
    ante, big_blind_ante = 0, False
    if len(set(antes)) == 1:
        ante = antes[0]
    elif all(a == 0 for i, a in enumerate(antes) if i != big_blind) and antes[big_blind] % n == 0:
        ante, big_blind_ante = antes[big_blind] // n, True
    else:
        raise InvalidValueError(f"antes {history.antes}: the engine plays equal antes or a big-blind ante")
    blinds: Tuple[int, ...] = ()
    straddle = 0
    if variant.forced is Forced.BLINDS:
        written = history.blinds_or_straddles
        sb, bb = written[0], written[1]
        rest = written[2:]
        if n > 2 and rest and rest[0]:
            straddle, rest = rest[0], rest[1:]
        if not bb or any(rest):
            raise InvalidValueError(f"blinds_or_straddles {written}: the engine plays a small and a big blind "
                                    "and one straddle")
        blinds = (sb, bb) if sb else (bb,)
    if variant.limit is Limit.FIXED_LIMIT:
        small, big = history.small_bet, history.big_bet
    else:
        small, big = history.min_bet, 0
    return Stakes(blinds=blinds, ante=ante, big_blind_ante=big_blind_ante, straddle=straddle,
                  bring_in=history.bring_in or 0, small_bet=small, big_bet=big)


def _seat_numbers(history: HandHistory) -> Tuple[int, ...]:
    """The file's seats when they are distinct ints in clockwise order from left of the
    button (the last player's seat), else 1..N."""
    seats = history.fields.get("seats")
    n = history.player_count
    if isinstance(seats, list) and len(seats) == n and all(type(s) is int for s in seats) and len(set(seats)) == n:
        order = sorted(seats)
        start = next((i for i, seat in enumerate(order) if seat > seats[-1]), 0)
        if order[start:] + order[:start] == seats:
            return tuple(seats)
    return tuple(range(1, n + 1))


def _known_cards(actions: Sequence[PHHAction], n: int, draws: bool) -> Tuple[List[List[Optional[int]]], Set[int]]:
    """Each player's dealt cards with unknown ones filled in from what they show later
    (games without draws), and every card the file names."""
    dealt: List[List[Optional[int]]] = [[] for _ in range(n)]
    named: Set[int] = set()
    for action in actions:
        if action.cards:
            named.update(c for c in action.cards if c is not None)
        if action.kind == "dh":
            dealt[action.player - 1].extend(action.cards)
        elif action.kind == "sm" and action.cards and not draws:
            mine = dealt[action.player - 1]
            if len(action.cards) != len(mine) or None in action.cards:
                continue
            if not {c for c in mine if c is not None} <= set(action.cards):
                raise PHHError(f"p{action.player} shows {cards_text(action.cards)} but was dealt {cards_text(mine)}")
            for i, (held, shown) in enumerate(zip(mine, action.cards)):
                if held is None:
                    mine[i] = shown
    return dealt, named


def _unknown_stack(history: HandHistory, actions: Sequence[PHHAction]) -> int:
    amounts = [a.amount for a in actions if a.amount is not None]
    forced = sum(history.antes) + sum(history.blinds_or_straddles or ()) + (history.bring_in or 0)
    return sum(amounts) + forced + sum(s for s in history.starting_stacks if s is not None) + 1


class _Player:
    """Feeds a HandHistory's actions to a Hand dealt by its caller."""

    def __init__(self, history: HandHistory, stop_before: Optional[int], fill_in: bool):
        self.history = history
        self.fill_in = fill_in
        self.filled: List[str] = []
        self.actions = history.parsed_actions()
        n = history.player_count
        try:
            variant = variant_of(history.variant)
        except InvalidValueError as error:
            raise PHHError(str(error)) from None
        self.variant = variant
        draws = any(street.draw for street in variant.streets)
        dealt, named = _known_cards(self.actions, n, draws)
        self.seats = _seat_numbers(history)
        unknown = _unknown_stack(history, self.actions)
        stacks = {seat: unknown if stack is None else stack for seat, stack in zip(self.seats, history.starting_stacks)}
        options = Options(stud_by_position=bool(history.fields.get("_pokerhash_stud_by_position", False)),
                          four_players_use_36_cards=bool(history.fields.get("_pokerhash_four_players_use_36_cards",
                                                                            True)))
        try:
            self.hand = Hand(variant, stacks, button=self.seats[-1], stakes=_stakes(history, variant),
                             options=options, deal="caller")
        except (InvalidValueError, IllegalActionError) as error:
            raise PHHError(f"the engine cannot play this hand: {error}") from None
        self.stand_ins = [c for c in variant.deck(n, options.four_players_use_36_cards) if c not in named]
        self.fake: Set[int] = set()
        self.dealt = [deque(cards) for cards in dealt]  # each player's cards, stand-ins still to choose
        self.holes: List[Deque[Optional[int]]] = [deque() for _ in range(n)]
        self.board: Deque[Optional[int]] = deque()
        self.next = 0
        self.stop_before = len(self.actions) if stop_before is None else stop_before
        self.ended_by: Optional[int] = None

    def _real(self, card: Optional[int]) -> int:
        if card is not None:
            return card
        if not self.stand_ins:
            raise PHHError("too many unknown cards: the deck has no card left to stand in for them")
        card = self.stand_ins.pop(0)
        self.fake.add(card)
        return card

    def _error(self, index: int, message: str) -> PHHError:
        decimals = self.history.decimals
        if decimals:
            message += f" (the engine counts chips of {Decimal(1).scaleb(-decimals)})"
        return PHHError(f"action {index + 1} ({self.history.actions[index]!r}): {message}")

    def _absorb(self, action: PHHAction) -> bool:
        """Queue the cards of a deal; skip shows and no-ops. False for a player's action."""
        if action.kind == "dh":
            known = self.dealt[action.player - 1]
            self.holes[action.player - 1].extend(known.popleft() if known else c for c in action.cards)
        elif action.kind == "db":
            self.board.extend(action.cards)
        elif action.kind not in ("sm", ""):
            return False
        return True

    def _pull(self) -> Optional[PHHAction]:
        """The next player's action, queuing the deals before it; None at the end."""
        while self.next < self.stop_before:
            action = self.actions[self.next]
            self.next += 1
            if not self._absorb(action):
                return action
        return None

    def _serve(self, queue: Deque[Optional[int]], count: int) -> bool:
        """Deal ``count`` cards from ``queue``, reading on for them; False at the end of the actions."""
        while len(queue) < count:
            if self.next >= self.stop_before:
                return False
            if not self._absorb(self.actions[self.next]):
                raise self._error(self.next, f"the hand waits for the dealer: {self.hand.pending}")
            self.next += 1
        self.hand.deal([self._real(queue.popleft()) for _ in range(count)])
        return True

    def run(self) -> bool:
        """Play the actions; True when the hand got to its end."""
        hand, seats = self.hand, self.seats
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DEAL:
                if pending.target == "burn":
                    hand.deal(())
                    continue
                queue = self.board if pending.target == "board" else self.holes[seats.index(pending.seat)]
                try:
                    if not self._serve(queue, pending.count):
                        return False
                except (IllegalActionError, InvalidCardError) as error:
                    raise self._error(max(self.next - 1, 0), str(error)) from None
                continue
            action = self._pull()
            if action is None:
                return False
            index = self.next - 1
            player = seats.index(pending.seat) + 1
            if action.player != player:
                if not self.fill_in:
                    raise self._error(index, f"p{player} (seat {pending.seat}) is to act: {pending}")
                # The file skips this player: check if free, else fold (stand pat in a
                # draw, bring in in stud), as pokerkit reads such files.
                self.next = index
                self.filled.append(f"p{player}")
                hand.timeout() if pending.kind is not PendingKind.DRAW else hand.stand_pat()
                continue
            try:
                self._apply(action, pending)
            except (IllegalActionError, InvalidCardError) as error:
                raise self._error(index, str(error)) from None
            if hand.is_over:
                self.ended_by = index
        # After the end only shows and no-ops may follow, and every card dealt was used.
        for index in range(self.next, self.stop_before):
            if self.actions[index].kind not in ("sm", ""):
                raise self._error(index, "the hand is already over")
        if self.board or any(self.holes):
            raise PHHError("the file deals cards the hand never uses")
        return True

    def _apply(self, action: PHHAction, pending) -> None:
        hand = self.hand
        if pending.kind is PendingKind.DRAW:
            if action.kind != "sd":
                raise IllegalActionError(f"a draw is due, not {action.kind!r}: {pending}")
            held = list(hand.hole_cards(pending.seat))
            thrown = []
            for card in action.cards or ():
                # An unknown discard is one of the player's stand-in cards.
                if card is None:
                    card = next((c for c in held if c in self.fake and c not in thrown), None)
                thrown.append(card)
            hand.draw(thrown)
        elif pending.kind is PendingKind.BRING_IN and action.kind == "pb":
            hand.bring_in()
        elif action.kind == "cbr":
            hand.act(Action.bet_to(action.amount))
        elif action.kind == "cc":
            hand.act(Action.check() if pending.legal.can_check else Action.call())
        elif action.kind == "f":
            hand.act(Action.fold())
        else:
            raise IllegalActionError(f"{action.kind!r} is not possible now: {pending}")

    def unknown_at_showdown(self) -> List[str]:
        """The players (and the board) whose stand-in cards a showdown would use."""
        hand = self.hand
        folded = set(hand.folded)
        live = [seat for seat in self.seats if seat not in folded]
        if len(live) < 2:
            return []
        names = [f"p{self.seats.index(seat) + 1}" for seat in live if set(hand.hole_cards(seat)) & self.fake]
        if any(set(board) & self.fake for board in hand.boards):
            names.append("the board")
        return names


def replay(history: HandHistory, fill_in: bool = False) -> Replay:
    """Play ``history`` on the engine (see the module's notes); PHHError on an action
    the rules refuse, a file the engine cannot play, or cards that do not add up.

    ``fill_in``: when the file skips a player who is to act (some real hand histories
    leave out the folds before the first action they record), that player checks if
    it is free and folds otherwise, as pokerkit reads such files, and
    :attr:`Replay.note` says who; without it, such a file is an error.
    """
    player = _Player(history, None, fill_in)
    over = player.run()
    filled = f"filled in for {', '.join(player.filled)}" if player.filled else ""
    if not over:
        return Replay(player.hand, player.seats, False, _notes("the actions stop before the end of the hand", filled))
    unknown = player.unknown_at_showdown()
    if unknown and player.ended_by is not None:
        # Replay again, stopping before the action that led to the showdown.
        before = _Player(history, player.ended_by, fill_in)
        before.run()
        note = f"the showdown needs the unknown cards of {', '.join(unknown)}: replayed up to it"
        return Replay(before.hand, before.seats, False, _notes(note, filled))
    return Replay(player.hand, player.seats, True, filled)


def _notes(*notes: str) -> str:
    return "; ".join(note for note in notes if note)


# --- engine -> PHH ----------------------------------------------------------------


def _raise_is_moot(seat: int, in_front: Dict[int, int], behind: Dict[int, int], out: Set[int], to: int) -> bool:
    """Whether a raise to ``to`` is one that no other player can match any part of beyond
    the bet already made: every other live player is all-in or covered. The engine
    takes it (the excess comes back uncalled); PHH readers such as pokerkit refuse it
    as pointless, so it is written as the call it amounts to (the stacks agree)."""
    top = max(in_front[s] for s in in_front if s != seat)
    return to > top and all(s == seat or s in out or behind[s] + in_front[s] <= top for s in in_front)


def to_history(hand: Hand, decimals: int = 0, fields: Optional[Dict[str, Any]] = None) -> HandHistory:
    """The hand (over or not) as a HandHistory: its stakes, stacks, every card dealt and
    every action, the showdown as PHH ``sm`` actions, the seats in ``seats`` and, when
    the hand is over, ``finishing_stacks``. ``decimals`` sets the file's unit (2: chips
    are cents); ``fields`` adds optional fields (``players``, ``event``...)."""
    log = hand.events
    if not log:
        raise InvalidValueError("the hand keeps no event log (log=False): it cannot be written")
    start = log[0]
    variant, seats, stakes, options = start.variant, start.seats, start.stakes, start.options
    if len(hand.boards) > 1:
        raise InvalidValueError("PHH cannot record a board run twice")
    n = len(seats)
    number = {seat: i + 1 for i, seat in enumerate(seats)}
    antes = [0] * n
    if stakes.big_blind_ante:
        antes[0 if n == 2 else 1] = stakes.ante * n
    elif stakes.ante:
        antes = [stakes.ante] * n
    # Equal antes are each player's own stake in the pots (PHH: ante trimming); the
    # specification keeps trimming off for a big-blind ante.
    history = HandHistory(variant=variant_code(variant), starting_stacks=list(start.stacks), actions=[],
                          antes=_per_player(antes), ante_trimming_status=bool(stakes.ante and not stakes.big_blind_ante),
                          decimals=decimals)
    if variant.forced is Forced.BLINDS:
        blinds = [0] * n
        written = list(stakes.blinds) if len(stakes.blinds) == 2 else [0] + list(stakes.blinds)
        blinds[:2] = written
        if any(isinstance(e, ev.Post) and e.kind is ForcedKind.STRADDLE for e in log):
            blinds[2] = stakes.straddle
        history.blinds_or_straddles = blinds
    if variant.is_stud:
        history.bring_in = stakes.bring_in
    structure = hand.structure
    if variant.limit is Limit.FIXED_LIMIT:
        history.small_bet, history.big_bet = structure.small_bet, structure.big_bet
    else:
        history.min_bet = structure.small_bet
    actions: List[PHHAction] = []
    showdown: List[PHHAction] = []
    dealt_now: Dict[int, int] = {}  # the deal of each player since the last player action
    last_bet = 0  # where the showdown goes: after the last betting action
    # Chips behind, in front this round, and folds: to write raises as PHH readers take them.
    behind = dict(zip(seats, start.stacks))
    in_front = dict.fromkeys(seats, 0)
    out: Set[int] = set()
    betting = False
    for event in log[1:]:
        kind = type(event)
        if kind in (ev.Deal, ev.Burn, ev.Draw) and betting:
            in_front = dict.fromkeys(seats, 0)
            betting = False
        if kind is ev.Post:
            behind[event.seat] -= event.amount
            if event.kind is not ForcedKind.ANTE:
                in_front[event.seat] += event.amount
        elif kind is ev.Act:
            behind[event.seat] -= event.action.chips
            betting = True
        if kind is ev.Deal:
            if event.seat is None:
                actions.append(PHHAction(None, "db", tuple(event.cards)))
                continue
            player = number[event.seat]
            if player in dealt_now:
                # One PHH deal per player and street (stud's down and up cards together).
                at = dealt_now[player]
                actions[at] = actions[at]._replace(cards=actions[at].cards + tuple(event.cards))
            else:
                dealt_now[player] = len(actions)
                actions.append(PHHAction(player, "dh", tuple(event.cards)))
            continue
        if kind is ev.Act:
            move = event.action
            verb = {ActionKind.FOLD: "f", ActionKind.CHECK: "cc", ActionKind.CALL: "cc"}.get(move.kind, "cbr")
            if verb == "cbr" and _raise_is_moot(event.seat, in_front, behind, out, in_front[event.seat] + move.chips):
                verb = "cc"
            if verb == "f":
                out.add(event.seat)
            else:
                in_front[event.seat] += move.chips
            actions.append(PHHAction(number[event.seat], verb, amount=move.to if verb == "cbr" else None))
            last_bet = len(actions)
        elif kind is ev.Post and event.kind is ForcedKind.BRING_IN:
            completes = event.amount > stakes.bring_in
            actions.append(PHHAction(number[event.seat], "cbr" if completes else "pb",
                                     amount=event.amount if completes else None))
            last_bet = len(actions)
        elif kind is ev.Draw:
            actions.append(PHHAction(number[event.seat], "sd", tuple(event.discarded) or None))
        elif kind is ev.Show and event.run == 0:
            showdown.append(PHHAction(number[event.seat], "sm", tuple(event.cards)))
        elif kind is ev.Muck:
            showdown.append(PHHAction(number[event.seat], "sm"))
        elif kind is ev.Redeal:
            actions.append(PHHAction(None, "", comment="nobody opened: the hands are dead, new deal"))
        else:
            continue
        dealt_now = {}
    # PHH shows the hands once no more betting can happen: before the rest of the board
    # when everyone is all-in, which is after the last betting action; there every hand
    # is shown (PHH specification, showdown).
    if any(a.kind == "db" for a in actions[last_bet:]):
        showdown = [a if a.cards else a._replace(cards=hand.hole_cards(seats[a.player - 1])) for a in showdown]
    actions[last_bet:last_bet] = showdown
    history.actions = [action_text(a, decimals) for a in actions]
    extra: Dict[str, Any] = {"seats": list(seats)}
    if options.stud_by_position:
        extra["_pokerhash_stud_by_position"] = True
    if not options.four_players_use_36_cards:
        extra["_pokerhash_four_players_use_36_cards"] = False
    extra.update(fields or {})
    history.fields = extra
    if hand.is_over:
        stacks = hand.result.stacks
        history.finishing_stacks = [stacks[seat] for seat in seats]
    return history

