"""PHH hand histories and engine hands, both ways.

:func:`replay` plays a :class:`~pokerhash.engine.history.HandHistory` on a
:class:`~pokerhash.engine.Hand`, action by action, the engine checking every action
by the rules (an illegal one raises :class:`~pokerhash.engine.history.PHHError`
naming it). :func:`to_history` writes a hand (over or not) as a HandHistory.

How PHH maps onto the engine:

- The players p1..pN are the engine's seats in order from left of the button, the
  button last (PHH's position order). The seats are the file's ``seats`` field when it
  lists them clockwise, else 1..N; the button is pN's seat.
- ``blinds_or_straddles``: small and big blind (or one blind), and a straddle third
  (more straddles are not played by the engine); ``antes``: everyone's ante, or the big blind's
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
- Showdown actions (``sm``) give the cards shown (they fill in unknown hole cards).
  At a showdown the file writes, a player who mucks (``sm`` without cards, or ``sm
  ????``: no card known), or does not show while a hand is shown, mucks
  (:meth:`Hand.muck`): online histories show only the hands that were shown; when
  hands are only mucked, a player who writes nothing keeps his hand (he won unshown).
  The others show or muck by the engine's rule (rules: The games and their flow,
  showdown). Burns are the dealer's (PHH does not write them).
- Negative ``blinds_or_straddles`` entries are PHH post bets: missed blinds posted
  live (the engine's ``missed_blinds``); ``_pokerhash_dead_blinds`` adds dead parts.
  A button-only blind (short deck) is the engine's ``button_blind``.
- Fixed limit at a room's conventions: ``_pokerhash_uncapped_heads_up`` (true: no
  cap when two players are left, ``Stakes.uncapped_heads_up``) and
  ``_pokerhash_half_bet_all_in`` (``"completed"`` or ``"last full bet"``:
  ``Options.half_bet_all_in``; absent: the rules' ``"all-in"``).
- A check by the one player left with chips once the others are all-in (pokerkit
  asks for it, the engine does not) is read as a no-op, and written where pokerkit
  asks for it.
- The file's ``finishing_stacks``, when recorded, are compared with the replay's
  (:attr:`Replay.mismatch`).
"""

from __future__ import annotations

import itertools
from collections import deque
from dataclasses import replace
from decimal import Decimal
from typing import Any, Deque, Dict, List, NamedTuple, Optional, Sequence, Set, Tuple

from ..betting import HALF_BET_ALL_IN, Action, ActionKind, ForcedKind, Limit
from ..errors import IllegalActionError, InvalidCardError, InvalidValueError
from . import events as ev
from .history_rules import rules_used
from .hand import Hand, Options, PendingKind, Stakes
from .history import STANDARD_VARIANTS, HandHistory, PHHAction, PHHError, action_text, cards_text, to_unit
from .variants import (BADUGI, BIG_O, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, FIVE_CARD_DRAW, HOLDEM, OMAHA_HI_LO, PLO,
                       PLO5, PLO6, RAZZ, SHORTDECK, STUD, STUD_HI_LO, TURKISH_POKER, Forced, Variant)

__all__ = ["Replay", "replay", "to_history", "variant_code", "variant_of"]

_EXTENSION = "_pokerhash_"
_LIMITS = {"F": Limit.FIXED_LIMIT, "P": Limit.POT_LIMIT, "N": Limit.NO_LIMIT}
# PHH's game letters (after the betting letter) and the engine's games.
_GAMES = {"T": HOLDEM, "O": PLO, "O/8": OMAHA_HI_LO, "O5": PLO5, "O5/8": BIG_O, "O6": PLO6, "5CD": FIVE_CARD_DRAW,
          "TK": TURKISH_POKER, "7S": STUD, "7S/8": STUD_HI_LO, "R": RAZZ, "S": SHORTDECK, "2L1D": DEUCE7_SINGLE_DRAW,
          "2L3D": DEUCE7_TRIPLE_DRAW, "B": BADUGI}
_FIXED_ONLY = ("7S", "7S/8", "R")


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
        games = ", ".join(sorted({v.name for v in _VARIANTS.values()}))
        raise InvalidValueError(f"PHH has no code for the variant {variant.name!r} ({variant.limit.value}): "
                                f"hands of {games} are written (stud games in fixed limit), each at the "
                                "limits of its PHH or _pokerhash_ code") from None


class Replay(NamedTuple):
    """A hand history played on the engine.

    ``hand`` is the :class:`~pokerhash.engine.Hand` (over when ``complete``);
    ``seats`` the seat of each player p1..pN; ``complete`` is False when the file
    stops early or its showdown cards are unknown, and ``note`` says which (and which
    players' skipped actions were filled in). ``mismatch`` names each player whose
    recorded ``finishing_stacks`` the replay does not reach (empty when they agree or
    are not recorded; a site's rake, which PHH does not record, is one cause).
    """

    hand: Hand
    seats: Tuple[int, ...]
    complete: bool
    note: str = ""
    mismatch: str = ""

    @property
    def finishing_stacks(self) -> List[int]:
        """Each player's final stack, in the file's player order."""
        stacks = self.hand.result.stacks
        return [stacks[seat] for seat in self.seats]


# --- PHH -> engine ----------------------------------------------------------------


def _per_player(values: Sequence[int]) -> List[int]:
    """A PHH forced-bet array as amounts per player (PHH reverses it heads-up)."""
    return list(values)[::-1] if len(values) == 2 else list(values)


def _stakes(history: HandHistory, variant: Variant) -> Tuple[Stakes, Dict[int, Tuple[int, int]]]:
    """The engine's stakes, and the missed blinds (PHH post bets) by player index."""
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
    straddle = button_blind = 0
    anywhere = False
    missed: Dict[int, Tuple[int, int]] = {}
    if variant.forced is Forced.BLINDS:
        written = history.blinds_or_straddles  # small blind first, heads-up too
        per_player = _per_player(written)
        dead = history.fields.get("_pokerhash_dead_blinds")
        if dead is None:
            dead = [0] * n
        else:
            if not isinstance(dead, list) or len(dead) != n or any(type(d) not in (int, Decimal) or d < 0
                                                                   for d in dead):
                raise InvalidValueError(f"_pokerhash_dead_blinds {dead}: expected an array of {n} amounts")
            dead = _per_player([int(Decimal(d).scaleb(history.decimals)) for d in dead])
        # A negative entry is a post bet (PHH): a missed blind posted live.
        for i, amount in enumerate(per_player):
            if amount < 0 or dead[i]:
                missed[i] = (-min(amount, 0), dead[i])
        posted = [max(amount, 0) for amount in written]
        anywhere = history.fields.get("_pokerhash_straddle_anywhere", False) is True
        if anywhere:
            # A room's straddle from any position: the largest entry, the straddler's
            # whole forced bet (any blind of his is part of it: _pokerhash_straddler_blind).
            position = max(range(n), key=posted.__getitem__) if n > 2 else -1
            straddle = posted[position] if position >= 0 else 0
            blind = history.fields.get("_pokerhash_straddler_blind", 0)
            if not straddle or type(blind) not in (int, Decimal) or not 0 <= blind:
                raise InvalidValueError("_pokerhash_straddle_anywhere: the hand needs three players and a straddle "
                                        "(its largest blinds_or_straddles entry) and _pokerhash_straddler_blind an "
                                        "amount")
            posted[position] = int(Decimal(blind).scaleb(history.decimals))
        posted_by = _per_player(posted)
        if posted_by[-1] and not any(posted_by[:-1]):
            button_blind = posted_by[-1]  # the button posts the only blind (short deck)
        elif anywhere:
            blinds = tuple([b for b in posted[:2] if b])
            if any(posted[2:]) or not blinds:
                raise InvalidValueError(f"blinds_or_straddles {written}: the engine plays a small and a big blind "
                                        "(or one blind or a button blind) and one straddle")
        else:
            sb, bb, rest = posted[0], posted[1], posted[2:]
            if n > 2 and rest and rest[0]:
                straddle, rest = rest[0], rest[1:]
            if not (bb or sb and not straddle) or any(rest):
                raise InvalidValueError(f"blinds_or_straddles {written}: the engine plays a small and a big blind "
                                        "and one straddle, one blind, or a button blind")
            blinds = (sb, bb) if sb and bb else (sb or bb,)
    if variant.limit is Limit.FIXED_LIMIT:
        small, big = history.small_bet, history.big_bet
    else:
        small, big = history.min_bet, 0
    if variant.forced is Forced.BLINDS and anywhere:
        stakes = Stakes(blinds=blinds, button_blind=button_blind, ante=ante, big_blind_ante=big_blind_ante,
                        straddle=straddle, small_bet=small, big_bet=big, straddle_position=position)
        return stakes, missed
    return _stakes_of(blinds, button_blind, ante, big_blind_ante, straddle, history.bring_in or 0, small, big), missed


# One Stakes object per distinct stakes: the engine keeps a hand's checked betting
# structure by the identity of its stakes, and a file's hands mostly share theirs.
_STAKES: Dict[tuple, Stakes] = {}


def _stakes_of(blinds: tuple, button_blind: int, ante: int, big_blind_ante: bool, straddle: int, bring_in: int,
               small_bet: int, big_bet: int) -> Stakes:
    key = (blinds, button_blind, ante, big_blind_ante, straddle, bring_in, small_bet, big_bet)
    # Only exact ints (and the flag a bool) are cached: True == 1 and Decimal(2) == 2 as
    # keys, and Stakes must see (and refuse) anything but ints itself.
    cacheable = type(big_blind_ante) is bool and all(type(value) is int for value in blinds) and all(
        type(value) is int for value in (button_blind, ante, straddle, bring_in, small_bet, big_bet))
    stakes = _STAKES.get(key) if cacheable else None
    if stakes is None:
        stakes = Stakes(blinds=blinds, button_blind=button_blind, ante=ante, big_blind_ante=big_blind_ante,
                        straddle=straddle, bring_in=bring_in, small_bet=small_bet, big_bet=big_bet)
        if cacheable:
            if len(_STAKES) > 256:
                _STAKES.clear()  # many stakes seen: start over rather than grow
            _STAKES[key] = stakes
    return stakes


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


def _draw_by_draw(actions: Sequence[PHHAction]) -> List[int]:
    """The indices of ``actions`` with each draw round's replacements (``dh``) moved
    right after their player's discard (``sd``)."""
    order: List[int] = []
    i = 0
    while i < len(actions):
        if actions[i].kind != "sd":
            order.append(i)
            i += 1
            continue
        j = i
        while j < len(actions) and actions[j].kind in ("sd", "dh"):
            j += 1
        deals = [k for k in range(i, j) if actions[k].kind == "dh"]
        for k in range(i, j):
            if actions[k].kind == "sd":
                order.append(k)
                owed = len(actions[k].cards or ())
                for d in [d for d in deals if actions[d].player == actions[k].player]:
                    if owed <= 0:
                        break
                    deals.remove(d)
                    order.append(d)
                    owed -= len(actions[d].cards)
        order += deals
        i = j
    return order


_CHECK, _CALL, _FOLD = Action.check(), Action.call(), Action.fold()
# Enum members as module constants: read per action, a global is cheaper than an enum
# class attribute.
_DEAL, _DRAW, _BRING_IN, _DECISION = PendingKind.DEAL, PendingKind.DRAW, PendingKind.BRING_IN, PendingKind.DECISION
# One Options per combination of the flags a file sets (they are frozen).
_OPTIONS: Dict[tuple, Options] = {}


def _options(stud_by_position: bool, four_players_use_36_cards: bool, run_it_twice: bool,
             heads_up_dead_button: bool = False, straddle_anywhere: bool = False,
             cap: Optional[int] = None, large_draw_tables: bool = False, half_bet_all_in: str = "all-in",
             runs: int = 2) -> Options:
    key = (stud_by_position, four_players_use_36_cards, run_it_twice, heads_up_dead_button, straddle_anywhere, cap,
           large_draw_tables, half_bet_all_in, runs)
    options = _OPTIONS.get(key)
    if options is None:
        if len(_OPTIONS) > 256:
            _OPTIONS.clear()
        options = _OPTIONS[key] = Options(stud_by_position=stud_by_position,
                                          four_players_use_36_cards=four_players_use_36_cards,
                                          run_it_twice=run_it_twice, heads_up_dead_button=heads_up_dead_button,
                                          straddle_anywhere=straddle_anywhere, cap=cap,
                                          large_draw_tables=large_draw_tables, half_bet_all_in=half_bet_all_in,
                                          runs=runs)
    return options


def _half_bet_all_in(value: Any) -> str:
    """A room's half-bet all-in rule (``_pokerhash_half_bet_all_in``)."""
    if type(value) is not str or value not in HALF_BET_ALL_IN:
        raise PHHError(f"_pokerhash_half_bet_all_in {value!r}: expected one of "
                       f"{', '.join(map(repr, HALF_BET_ALL_IN))}")
    return value


def _runs(value: Any) -> int:
    """``_pokerhash_runs``: how many times run it twice deals the board (2 without it)."""
    if type(value) is not int or value < 2:
        raise PHHError(f"_pokerhash_runs {value!r}: expected a whole number of 2 or more")
    return value


def _protected(value: Any, players: int, actions: int) -> Set[Tuple[int, int]]:
    """``_pokerhash_protected``: (player, the number of the action before which he is
    made all-in by disconnect protection), checked."""
    if not isinstance(value, list) or not all(
            isinstance(entry, list) and len(entry) == 2 and all(type(k) is int for k in entry)
            and 1 <= entry[0] <= players and 1 <= entry[1] <= actions + 1 for entry in value):
        raise PHHError(f"_pokerhash_protected {value!r}: expected [[player, action number], ...] with players "
                       f"1 to {players} and action numbers 1 to {actions + 1}")
    return {(player, at) for player, at in value}


def _cap(value: Any, decimals: int) -> Optional[int]:
    """A capped table's cap (``_pokerhash_cap``) in chips; None without one."""
    if value is None:
        return None
    if type(value) not in (int, Decimal) or value <= 0:
        raise PHHError(f"_pokerhash_cap {value!r}: expected a positive amount")
    return int(Decimal(value).scaleb(decimals))


class _Player:
    """Feeds a HandHistory's actions to a Hand dealt by its caller."""

    def __init__(self, history: HandHistory, stop_before: Optional[int], fill_in: bool):
        self.history = history
        self.fill_in = fill_in
        self.filled: List[str] = []
        # Draw rounds in the engine's order (each player's replacements after the
        # discard); order[i]: the file's index of action i.
        parsed = history.parsed_actions()
        self.order = _draw_by_draw(parsed)
        self.actions = [parsed[i] for i in self.order]
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
        fields = history.fields
        options = _options(bool(fields.get("_pokerhash_stud_by_position", False)),
                           bool(fields.get("_pokerhash_four_players_use_36_cards", True)),
                           bool(fields.get("_pokerhash_run_it_twice", False)),
                           bool(fields.get("_pokerhash_heads_up_dead_button", False)),
                           fields.get("_pokerhash_straddle_anywhere", False) is True,
                           _cap(fields.get("_pokerhash_cap"), history.decimals),
                           bool(fields.get("_pokerhash_large_draw_tables", False)),
                           _half_bet_all_in(fields.get("_pokerhash_half_bet_all_in", "all-in")),
                           _runs(fields.get("_pokerhash_runs", 2)))
        try:
            stakes, missed = _stakes(history, variant)
            if fields.get("_pokerhash_uncapped_heads_up", False) is True:
                stakes = replace(stakes, uncapped_heads_up=True)
            self.hand = Hand(variant, stacks, button=self.seats[-1], stakes=stakes, options=options, deal="caller",
                             missed_blinds={self.seats[i]: chips for i, chips in missed.items()})
        except (InvalidValueError, IllegalActionError) as error:
            raise PHHError(f"the engine cannot play this hand: {error}") from None
        # At a showdown the file writes, a player who mucks (``sm`` without cards, or with
        # every card unknown: ``sm ????``) or, when a hand is shown, does not show mucks,
        # as online histories mean it (pokerkit reads so; the recorded winnings agree).
        # When hands are only mucked, a player who writes nothing keeps his hand (he won
        # without showing). A file without any showdown action leaves it to the engine.
        shows = [a for a in self.actions if a.kind == "sm"]
        shown = {a.player for a in shows if a.cards and any(c is not None for c in a.cards)}
        mucked = {a.player for a in shows if a.player not in shown}
        self.mucks = {self.seats[p - 1] for p in range(1, n + 1)
                      if p in mucked or shown and p not in shown}
        for seat in self.mucks:
            self.hand.muck(seat)
        # The cards that stand in for unknown ones, made when the first is needed.
        self.stand_ins: Optional[List[int]] = None
        self.named = named
        self.fake: Set[int] = set()
        self.dealt = [deque(cards) for cards in dealt]  # each player's cards, stand-ins still to choose
        self.holes: List[Deque[Optional[int]]] = [deque() for _ in range(n)]
        self.board: Deque[Optional[int]] = deque()
        self.next = 0
        self.stop_before = len(self.actions) if stop_before is None else stop_before
        self.protected = _protected(fields.get("_pokerhash_protected", []), n, len(parsed))
        self.ended_by: Optional[int] = None

    def _real(self, card: Optional[int]) -> int:
        if card is not None:
            return card
        if self.stand_ins is None:
            self.stand_ins = [c for c in self.hand._deck_cards if c not in self.named]
        if not self.stand_ins:
            raise PHHError("too many unknown cards: the deck has no card left to stand in for them")
        card = self.stand_ins.pop(0)
        self.fake.add(card)
        return card

    def _error(self, index: int, message: str) -> PHHError:
        decimals = self.history.decimals
        if decimals:
            message += f" (the engine counts chips of {Decimal(1).scaleb(-decimals)})"
        index = self.order[index]
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

    def _idle_check(self, action: PHHAction) -> bool:
        """A check by a player who has nothing to decide: the one left with chips once
        the others are all-in, which PHH readers such as pokerkit ask for and the
        engine does not (no more betting can happen)."""
        if action.kind != "cc":
            return False
        seat = self.seats[action.player - 1]
        stacks, folded = self.hand.stacks, set(self.hand.folded)
        others = [s for s in self.seats if s != seat and s not in folded]
        return seat not in folded and bool(others) and not any(stacks[s] for s in others)

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
            action = self.actions[self.next]
            if not self._absorb(action) and not self._idle_check(action):
                raise self._error(self.next, f"the hand waits for the dealer: {self.hand.pending}")
            self.next += 1
        got = [queue.popleft() for _ in range(count)]
        self.hand.deal([self._real(card) for card in got] if None in got else got)
        return True

    def run(self) -> bool:
        """Play the actions; True when the hand got to its end."""
        hand, seats = self.hand, self.seats
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is _DEAL:
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
            if self.protected and pending.kind is _DECISION:
                at = self.order[self.next] if self.next < len(self.order) else len(self.order)
                if (seats.index(pending.seat) + 1, at + 1) in self.protected and (
                        self.next < self.stop_before or self.stop_before == len(self.order)):
                    hand.protect()
                    continue
            action = self._pull()
            if action is None:
                return False
            index = self.next - 1
            player = seats.index(pending.seat) + 1
            if pending.kind is _DRAW and self._idle_check(action):
                continue
            if action.player != player:
                if not self.fill_in:
                    raise self._error(index, f"p{player} (seat {pending.seat}) is to act: {pending}")
                # The file skips this player: check if free, else fold (stand pat in a
                # draw, bring in in stud), as pokerkit reads such files.
                self.next = index
                self.filled.append(f"p{player}")
                hand.timeout() if pending.kind is not _DRAW else hand.stand_pat()
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
        if pending.kind is _DRAW:
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
        elif pending.kind is _BRING_IN and action.kind == "pb":
            hand.bring_in()
        elif action.kind == "cbr":
            hand.act(Action.bet_to(action.amount))
        elif action.kind == "cc":
            hand.act(_CHECK if pending.legal.can_check else _CALL)
        elif action.kind == "f":
            hand.act(_FOLD)
        else:
            raise IllegalActionError(f"{action.kind!r} is not possible now: {pending}")

    def unknown_at_showdown(self) -> List[str]:
        """The players (and the board) whose stand-in cards a showdown would use."""
        hand = self.hand
        folded = set(hand.folded)
        live = [seat for seat in self.seats if seat not in folded]
        if len(live) < 2:
            return []
        live = [seat for seat in live if seat not in self.mucks]
        if len(live) < 2:
            return []  # the one hand not mucked wins whatever the cards
        names = [f"p{self.seats.index(seat) + 1}" for seat in live if set(hand.hole_cards(seat)) & self.fake]
        if any(set(board) & self.fake for board in hand.boards):
            names.append("the board")
        return names


def replay(history: HandHistory, fill_in: bool = False) -> Replay:
    """Play ``history`` on the engine (see the module's notes); PHHError on an action
    the rules refuse, a file the engine cannot play, or cards that do not add up.

    A file's ``finishing_stacks``, when it records them, are compared with the
    replay's: :attr:`Replay.mismatch` (and the note) names each player whose stacks
    differ.

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
    replayed = Replay(player.hand, player.seats, True, filled)
    recorded = history.finishing_stacks
    if recorded is not None and None not in history.starting_stacks and recorded != replayed.finishing_stacks:
        differ = ", ".join(f"p{i}: {to_unit(theirs, history.decimals)} recorded, {to_unit(ours, history.decimals)} "
                           "replayed" for i, (theirs, ours) in enumerate(zip(recorded, replayed.finishing_stacks), 1)
                           if theirs != ours)
        mismatch = f"finishing_stacks: the file's final stacks are not the replay's ({differ})"
        replayed = replayed._replace(note=_notes(filled, mismatch), mismatch=mismatch)
    return replayed


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


def _betting_over(in_front: Dict[int, int], behind: Dict[int, int], out: Set[int], floor: int) -> bool:
    """Whether no more betting can happen in the hand: two or more players are left and
    at most one of them has chips behind, having matched every bet and at least
    ``floor`` (the full big blind before the flop: the engine's callers call it even
    when the big blind is all-in for less). PHH readers then show the hands before the
    rest of the cards are dealt."""
    live = [s for s in in_front if s not in out]
    if len(live) < 2:
        return False
    with_chips = [s for s in live if behind[s] > 0]
    return not with_chips or len(with_chips) == 1 and \
        in_front[with_chips[0]] >= max([floor] + [in_front[s] for s in live])


def _to_act(in_front: Dict[int, int], behind: Dict[int, int], out: Set[int]) -> Set[int]:
    """Who a betting round asks to act in PHH readers such as pokerkit: the players left
    with chips who could still lose some of them (each but the deepest can; the
    deepest only what the second deepest can match beyond its bet this round)."""
    live = [s for s in in_front if s not in out]
    totals = sorted(behind[s] + in_front[s] for s in live)
    second = totals[-2] if len(totals) > 1 else 0
    return {s for s in live if min(behind[s], max(0, second - in_front[s])) > 0}


def _draws_first(actions: List[PHHAction], streets: Set[int]) -> List[PHHAction]:
    """Each draw round as PHH readers play it: every discard (``sd``), then the
    replacements (the engine serves each player in turn: rules: The games and their flow). ``streets``:
    the indices where a street starts."""
    ordered: List[PHHAction] = []
    i = 0
    while i < len(actions):
        j = i
        while j < len(actions) and actions[j].kind in ("sd", "dh") and (j == i or j not in streets):
            j += 1
        run = actions[i:j]
        if any(a.kind == "sd" for a in run):
            ordered += [a for a in run if a.kind == "sd"] + [a for a in run if a.kind == "dh"]
            i = j
        else:
            ordered.append(actions[i])
            i += 1
    return ordered


_PROTECT = "made all-in by disconnect protection"


def to_history(hand: Hand, decimals: int = 0, fields: Optional[Dict[str, Any]] = None) -> HandHistory:
    """The hand (over or not) as a HandHistory: its stakes, stacks, every card dealt and
    every action, the showdown as PHH ``sm`` actions where PHH readers expect them, the
    seats in ``seats`` and, when the hand is over, ``finishing_stacks``. ``decimals``
    sets the file's unit (2: chips are cents); ``fields`` adds optional fields
    (``players``, ``event``...). A hand that used a rule of the rules that other PHH
    readers play differently lists it in ``_pokerhash_rules`` (see
    :func:`~pokerhash.engine.history_rules.rules_used`)."""
    log = hand.events
    if not log:
        raise InvalidValueError("the hand keeps no event log (log=False): it cannot be written")
    start = log[0]
    variant, seats, stakes, options = start.variant, start.seats, start.stakes, start.options
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
    dead_blinds = [0] * n
    straddler_blind = 0
    if variant.forced is Forced.BLINDS:
        blinds = [0] * n  # by player
        if stakes.button_blind:
            blinds[-1] = stakes.button_blind
        elif n == 2:
            blinds[:] = stakes.blinds[::-1] if len(stakes.blinds) == 2 else stakes.blinds + (0,)
        else:
            blinds[:len(stakes.blinds)] = stakes.blinds  # one blind: the player left of the button
        posts = itertools.takewhile(lambda e: type(e) is ev.Post, log[1:])  # the forced bets open the log
        straddled = next((e for e in posts if e.kind is ForcedKind.STRADDLE), None)
        if straddled is not None:
            position = number[straddled.seat] - 1
            if stakes.straddle_position is not None and blinds[position]:
                straddler_blind = blinds[position]  # a room's straddle by a blind: the blind is part of it
            blinds[position] = stakes.straddle
        # A missed blind posted live is a PHH post bet: a negative entry.
        for seat, live, dead in start.missed_blinds:
            blinds[number[seat] - 1] = -live
            dead_blinds[number[seat] - 1] = dead
        history.blinds_or_straddles = _per_player(blinds)
    if variant.is_stud:
        history.bring_in = stakes.bring_in
    structure = hand.structure
    if variant.limit is Limit.FIXED_LIMIT:
        history.small_bet, history.big_bet = structure.small_bet, structure.big_bet
    else:
        history.min_bet = structure.small_bet
    draws = any(street.draw for street in variant.streets)
    actions: List[PHHAction] = []
    showdown: List[PHHAction] = []
    dealt_now: Dict[int, int] = {}  # each player's deal line of this street, while it holds down cards only
    streets: Set[int] = set()
    held: Dict[int, Tuple[int, ...]] = {seat: () for seat in seats}  # each player's cards so far
    # Where PHH readers show the hands when no more betting can happen before the last
    # street (draw games go on drawing: their showdown is at the end), and the cards
    # dealt face down after it, which a second showdown shows (stud's 7th street).
    early: Optional[int] = None
    held_early: Dict[int, Tuple[int, ...]] = {}
    over_now = False
    later_down: Set[int] = set()
    # Chips behind, in front this round, and folds: to write raises as PHH readers take them.
    behind = dict(zip(seats, start.stacks))
    in_front = dict.fromkeys(seats, 0)
    out: Set[int] = set()
    # Who PHH readers such as pokerkit still ask to act this round (None: before its
    # first action); see _to_act.
    to_act: Optional[Set[int]] = None
    over = False  # no more betting can happen (see _betting_over)
    with_chips = sum(1 for stack in start.stacks if stack)  # players left with chips behind
    floor = max(stakes.blinds + (stakes.button_blind,)) if variant.forced is Forced.BLINDS else 0
    betting = False
    for event in log[1:]:
        kind = type(event)
        if kind in (ev.Deal, ev.Burn, ev.Draw) and betting:
            in_front = dict.fromkeys(seats, 0)
            betting = False
            floor = 0
            to_act = None
        if to_act is None and (kind is ev.Act or kind is ev.Protect or kind is ev.Post
                               and event.kind is ForcedKind.BRING_IN):
            to_act = _to_act(in_front, behind, out)
        if kind is ev.Burn:
            floor = 0
            dealt_now = {}  # a new street: its own deal lines
            streets.add(len(actions))
            if over_now and early is None:
                early, held_early = len(actions), dict(held)
        if kind is ev.Post:
            behind[event.seat] -= event.amount
            if event.amount and not behind[event.seat]:
                with_chips -= 1
            if event.kind is not ForcedKind.ANTE:
                in_front[event.seat] += event.amount
            betting = betting or event.kind is ForcedKind.BRING_IN
        elif kind is ev.Act:
            behind[event.seat] -= event.action.chips
            if event.action.chips and not behind[event.seat]:
                with_chips -= 1
            betting = True
        if kind is ev.Deal:
            if event.seat is None:
                actions.append(PHHAction(None, "db", tuple(event.cards)))
                continue
            player = number[event.seat]
            held[event.seat] += tuple(event.cards)
            if early is not None and not event.face_up:
                later_down.add(event.seat)
            if player in dealt_now and event.face_up:
                # One PHH deal per player and street: stud's up card joins the down cards.
                at = dealt_now.pop(player)
                actions[at] = actions[at]._replace(cards=actions[at].cards + tuple(event.cards))
            else:
                if not event.face_up:
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
                with_chips -= 1  # a player who folds had chips behind
            else:
                in_front[event.seat] += move.chips
            actions.append(PHHAction(number[event.seat], verb, amount=move.to if verb == "cbr" else None))
            to_act.discard(event.seat)
            if verb == "cbr":  # everyone else with chips must answer it
                to_act = {s for s in seats if s not in out and behind[s] > 0 and s != event.seat}
        elif kind is ev.Post and event.kind is ForcedKind.BRING_IN:
            completes = event.amount > stakes.bring_in
            actions.append(PHHAction(number[event.seat], "cbr" if completes else "pb",
                                     amount=event.amount if completes else None))
            to_act.discard(event.seat)
            if completes:
                to_act = {s for s in seats if s not in out and behind[s] > 0 and s != event.seat}
        elif kind is ev.Draw:
            actions.append(PHHAction(number[event.seat], "sd", tuple(event.discarded) or None))
        elif kind is ev.Protect:
            # Where it happens, until the actions are in their final order (see below).
            actions.append(PHHAction(number[event.seat], "", comment=_PROTECT))
            if behind[event.seat]:
                with_chips -= 1
            behind[event.seat] = 0
            to_act.discard(event.seat)
        elif kind is ev.Show and event.run == 0:
            showdown.append(PHHAction(number[event.seat], "sm", tuple(event.cards)))
        elif kind is ev.Muck:
            showdown.append(PHHAction(number[event.seat], "sm"))
        elif kind is ev.Redeal:
            actions.append(PHHAction(None, "", comment="nobody opened: the hands are dead, new deal"))
            held = {seat: () for seat in seats}
        if not over and (kind is ev.Act or kind is ev.Post or kind is ev.Protect) \
                and with_chips < 2 \
                and _betting_over(in_front, behind, out, floor):
            over = True  # for good: chips only go in
        if to_act and betting and over:
            # The one player left with chips has matched every bet: nothing to decide on
            # the engine, but PHH readers such as pokerkit still ask it to check when it
            # has not acted since the last raise. Written so (replay skips it).
            for seat in sorted(to_act, key=seats.index):
                if seat not in out and behind[seat] > 0:
                    actions.append(PHHAction(number[seat], "cc"))
            to_act = set()
        if kind in (ev.Act, ev.Post, ev.Protect) and early is None and not over_now and not draws:
            if over:
                if kind is ev.Act or kind is ev.Protect or kind is ev.Post and event.kind is ForcedKind.BRING_IN:
                    early, held_early = len(actions), dict(held)  # right after the action that ended the betting
                else:
                    over_now = True  # after the deals of this street
        if kind is not ev.Post:
            dealt_now = {}
    if draws:
        actions = _draws_first(actions, streets)
    if over_now and early is None:
        early, held_early = len(actions), held
    if early is not None and early < len(actions) and hand.is_over:
        # No more betting before the last street: PHH shows every hand at once (the
        # specification; pokerkit plays it so), and again the cards dealt face down
        # since (stud's 7th street), shown or mucked as the engine did.
        live = [seat for seat in seats if seat not in out]
        first = [PHHAction(number[seat], "sm", held_early[seat]) for seat in live]
        second = [a if a.cards is None else a._replace(cards=held[seats[a.player - 1]])
                  for a in showdown if seats[a.player - 1] in later_down]
        actions = actions[:early] + first + actions[early:] + second
    else:
        actions += showdown
    protected = []  # [player, the number of the action it comes before]
    for action in actions:
        if action.comment is _PROTECT:
            protected.append([action.player, len(history.actions) + 1])
        else:
            history.actions.append(action_text(action, decimals))
    extra: Dict[str, Any] = {"seats": list(seats)}
    if protected:
        extra["_pokerhash_protected"] = protected
    if any(dead_blinds):
        extra["_pokerhash_dead_blinds"] = [to_unit(v, decimals) for v in _per_player(dead_blinds)]
    if options.run_it_twice:
        extra["_pokerhash_run_it_twice"] = True
        if options.runs != 2:
            extra["_pokerhash_runs"] = options.runs
    if options.stud_by_position:
        extra["_pokerhash_stud_by_position"] = True
    if options.cap is not None:
        extra["_pokerhash_cap"] = to_unit(options.cap, decimals)
    if options.straddle_anywhere:
        extra["_pokerhash_straddle_anywhere"] = True
        if straddler_blind:
            extra["_pokerhash_straddler_blind"] = to_unit(straddler_blind, decimals)
    if not options.four_players_use_36_cards:
        extra["_pokerhash_four_players_use_36_cards"] = False
    if options.heads_up_dead_button and len(seats) == 2:
        extra["_pokerhash_heads_up_dead_button"] = True
    if options.large_draw_tables:
        extra["_pokerhash_large_draw_tables"] = True
    if not hand.structure.is_big_bet:
        if stakes.uncapped_heads_up:
            extra["_pokerhash_uncapped_heads_up"] = True
        if options.half_bet_all_in != "all-in":
            extra["_pokerhash_half_bet_all_in"] = options.half_bet_all_in
    rules = rules_used(hand)
    if rules:
        extra["_pokerhash_rules"] = rules
    extra.update(fields or {})
    history.fields = extra
    if hand.is_over:
        stacks = hand.result.stacks
        history.finishing_stacks = [stacks[seat] for seat in seats]
    return history
