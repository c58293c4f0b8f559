"""The betting rules (rules: Betting) as an explicit, checkable state.

A :class:`BettingRound` holds one street's betting: the chips each player has in
front of them, their stacks, who has acted since the last full raise, the raise
count and the player to act. Every operation has a twin that only checks it:
:meth:`BettingRound.validate` returns the normalized action that
:meth:`BettingRound.apply` would perform, or raises :class:`IllegalActionError`
saying what is legal; a refused action leaves the state unchanged.

Players are indices 0..n-1 in clockwise seat order. Amounts of bets and raises are
"to" amounts: the player's total in front of them this round after the action.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import List, NamedTuple, Optional, Sequence, Tuple

from ._checks import as_chips, as_flag, as_int
from .errors import MAX_CHIPS, ChipLimitError, IllegalActionError, InvalidValueError

__all__ = [
    "Action",
    "ActionKind",
    "BettingRound",
    "ForcedBet",
    "ForcedKind",
    "LegalActions",
    "BringInActions",
    "Limit",
    "Structure",
]


def _member(kind: type, value: object, what: str):
    """``value`` as a member of the enum ``kind``: a member, or its text
    (``"pot-limit"``); InvalidValueError listing the choices otherwise."""
    try:
        return kind(value)
    except ValueError:
        choices = ", ".join(repr(member.value) for member in kind)
        raise InvalidValueError(f"{what} must be one of {choices}, not {value!r}") from None


def check_chip_total(total: int, what: str) -> None:
    """ChipLimitError unless ``total`` (chips, or a sum of them) is at most
    :data:`~pokerhash.errors.MAX_CHIPS` (2**62): compiled, the betting round keeps its
    amounts in 64-bit C integers, and chips are never created, so a hand whose chips
    are within the limit at its start makes no sum that overflows one later."""
    if total > MAX_CHIPS:
        raise ChipLimitError(f"{what} come to {total} chips, more than the engine's limit of 2**62 "
                             f"({MAX_CHIPS}) chips a hand")


def _player(value: object, what: str = "player") -> int:
    """A player index (an int: players are 0..n-1, the round checks the range)."""
    return as_int(value, what)


#: The conventions of :attr:`Structure.half_bet_all_in`, the rules' first.
HALF_BET_ALL_IN = ("all-in", "completed", "last full bet")


class Limit(str, enum.Enum):
    NO_LIMIT = "no-limit"
    POT_LIMIT = "pot-limit"
    FIXED_LIMIT = "fixed-limit"


@dataclass(frozen=True)
class Structure:
    """A betting structure. Build it with :meth:`no_limit`, :meth:`pot_limit` or :meth:`fixed_limit`.

    In big-bet games ``small_bet == big_bet`` is the big blind, the smallest bet.
    In fixed limit, streets before ``big_bet_street`` (0-based: Hold'em preflop and
    flop, stud 3rd and 4th street) use the small bet, later ones the big bet;
    ``max_bets`` caps a round (None: no cap) unless ``uncapped_heads_up`` and only
    two players are left when the cap is reached.

    ``half_bet_all_in``: what the next fixed-limit raise adds a bet to after an all-in
    bet or raise of half a bet or more but less than a full one; the rules count it as
    a full bet (rules: Betting), and rooms differ. On a $20 round opened by an all-in bet
    of $15: ``"all-in"`` (the rules, as Robert's Rules' example plays it) the next
    raise is to $35, a bet over the all-in, which counts as a full bet;
    ``"completed"`` (iPoker) to $40: the all-in counts as the full bet it would
    complete; ``"last full bet"`` (PokerStars) to $20: the all-in reopens the betting
    but is no bet of its own, the next raise completes it one bet over the last full
    bet, and only that raise counts toward the cap. An all-in of less than half a bet
    plays the same in all three: it reopens nothing, the next raise goes one bet over
    the last full bet.
    """

    limit: Limit
    small_bet: int
    big_bet: int
    big_bet_street: int = 2
    max_bets: Optional[int] = None
    uncapped_heads_up: bool = False
    half_bet_all_in: str = "all-in"

    def __post_init__(self) -> None:
        object.__setattr__(self, "limit", _member(Limit, self.limit, "limit"))
        as_flag(self.uncapped_heads_up, "uncapped_heads_up")
        if self.half_bet_all_in not in HALF_BET_ALL_IN:
            raise InvalidValueError(f"half_bet_all_in is one of {', '.join(map(repr, HALF_BET_ALL_IN))}, not "
                                    f"{self.half_bet_all_in!r}")
        if as_chips(self.small_bet, "the small bet") == 0 or as_chips(self.big_bet, "the big bet") < self.small_bet:
            raise InvalidValueError(f"bets must satisfy 0 < small bet <= big bet, not {self.small_bet}/{self.big_bet}")
        check_chip_total(self.big_bet, "the big bet")
        if self.max_bets is not None and as_chips(self.max_bets, "max_bets") == 0:
            raise InvalidValueError("max_bets must be at least 1 (or None for no cap)")
        as_chips(self.big_bet_street, "big_bet_street")

    @classmethod
    def no_limit(cls, big_blind: int) -> Structure:
        return cls(Limit.NO_LIMIT, big_blind, big_blind)

    @classmethod
    def pot_limit(cls, big_blind: int) -> Structure:
        return cls(Limit.POT_LIMIT, big_blind, big_blind)

    @classmethod
    def fixed_limit(
        cls,
        small_bet: int,
        big_bet: int,
        *,
        big_bet_street: int = 2,
        max_bets: Optional[int] = 4,
        uncapped_heads_up: bool = False,
        half_bet_all_in: str = "all-in",
    ) -> Structure:
        return cls(Limit.FIXED_LIMIT, small_bet, big_bet, big_bet_street, max_bets, uncapped_heads_up,
                   half_bet_all_in)

    @property
    def is_big_bet(self) -> bool:
        """No-limit or pot-limit: raises are sized freely from a minimum."""
        return self.limit is not _FIXED_LIMIT  # a module constant: Enum.MEMBER is a slow lookup

    def bet_size(self, street: int) -> int:
        """The fixed-limit bet of ``street``, or the minimum bet of a big-bet game."""
        return self.small_bet if street < self.big_bet_street else self.big_bet


class ActionKind(str, enum.Enum):
    FOLD = "fold"
    CHECK = "check"
    CALL = "call"
    BET = "bet"
    RAISE = "raise"
    ALL_IN = "all-in"  # only in requests: normalized to a bet, call or raise


_SIZED = (ActionKind.BET, ActionKind.RAISE)


class _ActionFields(NamedTuple):
    kind: ActionKind
    to: Optional[int] = None
    chips: int = 0
    is_all_in: bool = False
    player: Optional[int] = None


class Action(_ActionFields):
    """A player's action: a request to :meth:`BettingRound.apply`, or the normalized result.

    ``to`` is the player's total in front of them this round after a call, bet or
    raise; ``chips`` what the action moves from their stack. Requests leave
    ``chips`` and ``is_all_in`` to the round to fill in, and ``player`` None means
    "the player to act". Bet and raise are one request ("make it ``to``"); the
    normalized action names it a bet while no full bet has been made this round.
    (A named tuple: made and compared in a fraction of a microsecond.)
    """

    __slots__ = ()

    def __new__(cls, kind: ActionKind, to: Optional[int] = None, chips: int = 0, is_all_in: bool = False,
                player: Optional[int] = None) -> Action:
        if type(kind) is not ActionKind:
            kind = _member(ActionKind, kind, "an action's kind")
        if player is not None:
            _player(player, "an action's player")
        return tuple.__new__(cls, (kind, to, chips, is_all_in, player))

    # The constructors of requests: without a player (the usual request), the record is
    # made directly; Action() with a keyword argument is a Python call through the type
    # (~4,000 instructions compiled, on the path of every action a program makes).
    @classmethod
    def fold(cls, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_FOLD, None, 0, False, None)) if player is None else cls(_FOLD, player=player)

    @classmethod
    def check(cls, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_CHECK, None, 0, False, None)) if player is None else cls(_CHECK, player=player)

    @classmethod
    def call(cls, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_CALL, None, 0, False, None)) if player is None else cls(_CALL, player=player)

    @classmethod
    def bet_to(cls, to: int, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_BET, to, 0, False, None)) if player is None else cls(_BET, to, player=player)

    @classmethod
    def raise_to(cls, to: int, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_RAISE, to, 0, False, None)) if player is None else cls(_RAISE, to, player=player)

    @classmethod
    def all_in(cls, player: Optional[int] = None) -> Action:
        return _new_tuple(cls, (_ALL_IN, None, 0, False, None)) if player is None else cls(_ALL_IN, player=player)

    def __str__(self) -> str:
        if self.kind is ActionKind.CALL and self.chips:
            text = f"call {self.chips}"
        elif self.kind in _SIZED:
            text = f"{self.kind.value} to {self.to}"
        else:
            text = self.kind.value
        return text + (" (all-in)" if self.is_all_in else "")


class ForcedKind(str, enum.Enum):
    ANTE = "ante"  # dead money into the pot, not a bet in front of the player
    BLIND = "blind"
    STRADDLE = "straddle"
    BRING_IN = "bring-in"


# tuple.__new__ read once: the fields of the engine's own NamedTuples are checked
# already, and a NamedTuple's own __new__ is interpreted Python. Compiled, betting.pxd
# cimports _new_tuple from _records.pxd instead, which builds the same tuple in C, and
# this line only names tuple.__new__ in the module's dict.
globals().setdefault("_new_tuple", tuple.__new__)
# A record's field by index: compiled, _records.pxd's C read (see there).
globals().setdefault("_field", tuple.__getitem__)
# A per-player list's item by index (from 0): compiled, _records.pxd's inlined C read.
globals().setdefault("_item", list.__getitem__)
globals().setdefault("_set_item", list.__setitem__)


def no_record_pool(cls: type, size: int) -> int:
    """Uncompiled, records are allocated and freed by Python: nothing to pool."""
    return 0


# Compiled, _records.pxd's pool of dead records of a type (see there).
globals().setdefault("_pool_records", no_record_pool)


def _unset_item(values: list, i: int) -> bool:
    """Whether ``values[i]`` is None (compiled, betting.pxd's _unset: a C read)."""
    return values[i] is None


# Compiled, betting.pxd's borrowed C reads of the per-player lists: _chips an item as a
# C integer, _flag its truth, _unset whether it is None.
globals().setdefault("_chips", list.__getitem__)
globals().setdefault("_flag", list.__getitem__)
globals().setdefault("_unset", _unset_item)


def tuple_record5(cls: type, a: object, b: object, c: object, d: object, e: object) -> tuple:
    """A record of five fields (Action, Pending): compiled, _records.pxd's new_record5
    builds it in C without the tuple of its values."""
    return tuple.__new__(cls, (a, b, c, d, e))


def tuple_record9(cls: type, a: object, b: object, c: object, d: object, e: object, f: object, g: object, h: object,
                i: object) -> tuple:
    """A record of nine fields (LegalActions): see tuple_record5."""
    return tuple.__new__(cls, (a, b, c, d, e, f, g, h, i))


globals().setdefault("_record5", tuple_record5)
globals().setdefault("_record9", tuple_record9)


def normalized_action(kind: ActionKind, to: Optional[int], chips: int, is_all_in: bool, player: Optional[int]) -> Action:
    """An Action whose fields the caller has already checked (a round's normalized
    moves): it skips the checks of ``Action()``, on the hot path of every action."""
    return _record5(_ACTION_TYPE, kind, to, chips, is_all_in, player)


class _ForcedBetFields(NamedTuple):
    kind: ForcedKind
    player: int
    amount: int


class ForcedBet(_ForcedBetFields):
    """A forced or pre-deal bet, posted by :meth:`BettingRound.start` in the order given.

    A player who cannot afford a forced bet posts their whole stack and is all-in;
    the others still face the full amount (a short big blind is called in full).
    A big-blind ante is one ante of the whole table's total by the big blind.
    """

    __slots__ = ()

    def __new__(cls, kind: ForcedKind, player: int, amount: int) -> ForcedBet:
        kind = _member(ForcedKind, kind, "a forced bet's kind")
        _player(player, f"the player of a {kind.value}")
        return tuple.__new__(cls, (kind, player, amount))

    @classmethod
    def ante(cls, player: int, amount: int) -> ForcedBet:
        return cls(ForcedKind.ANTE, player, amount)

    @classmethod
    def blind(cls, player: int, amount: int) -> ForcedBet:
        return cls(ForcedKind.BLIND, player, amount)

    @classmethod
    def straddle(cls, player: int, amount: int) -> ForcedBet:
        return cls(ForcedKind.STRADDLE, player, amount)

    @classmethod
    def bring_in(cls, player: int, amount: int) -> ForcedBet:
        return cls(ForcedKind.BRING_IN, player, amount)


def checked_forced_bet(kind: ForcedKind, player: int, amount: int) -> ForcedBet:
    """A ForcedBet whose fields the caller has checked (the engine's blinds, at every
    hand): it skips the checks of ``ForcedBet()``."""
    return _new_tuple(ForcedBet, (kind, player, amount))


class LegalActions(NamedTuple):
    """What the player to act may do. Folding is legal for them (except at a stud
    bring-in, :class:`BringInActions`).

    A bet or raise may go to any amount in ``min_to..max_to`` in big-bet games;
    in fixed limit only to one of ``fixed_amounts`` (one size, two with stud's open
    pair, plus an all-in for less). ``no_raise_reason`` says why neither is legal.
    """

    player: int
    can_check: bool
    call: int
    call_is_all_in: bool
    raise_kind: Optional[ActionKind]
    min_to: Optional[int] = None
    max_to: Optional[int] = None
    fixed_amounts: Optional[Tuple[int, ...]] = None
    no_raise_reason: str = ""

    #: Folding is legal (not at a stud bring-in: :class:`BringInActions`).
    can_fold = True

    def allows_to(self, to: int) -> bool:
        """Whether a bet or raise to ``to`` is legal."""
        if self.raise_kind is None:
            return False
        if self.fixed_amounts is not None:
            return to in self.fixed_amounts
        return self.min_to <= to <= self.max_to  # type: ignore[operator]

    def __str__(self) -> str:
        legal = ["fold", "check"] if self.can_check else ["fold", f"call {self.call}" + " (all-in)" * self.call_is_all_in]
        if self.raise_kind is not None:
            if self.fixed_amounts is not None:
                amounts = " or ".join(map(str, self.fixed_amounts))
            elif self.min_to == self.max_to:
                amounts = str(self.min_to)
            else:
                amounts = f"{self.min_to}..{self.max_to}"
            legal.append(f"{self.raise_kind.value} to {amounts}")
        return ", ".join(legal)


class BringInActions(LegalActions):
    """What a stud bring-in allows (rules: The games and their flow): no fold and no check, the
    bring-in is forced; ``call`` is the bring-in (an :meth:`Action.call` posts it, so a
    check-or-call player plays stud too) and a bet may complete to the small bet:
    ``fixed_amounts`` holds both (one when the stack covers only one)."""

    __slots__ = ()
    can_fold = False

    def __str__(self) -> str:
        text = f"bring in {self.min_to}" + " (all-in)" * self.call_is_all_in
        if self.max_to != self.min_to:
            text += f", complete to {self.max_to}"
        return text


# The records of every action, made and dropped at every decision (the Action done, the
# LegalActions of the next one): compiled, kept in pools when they die and made again
# in the same memory (_records.pxd: pool_records).
_pool_records(Action, 5)
_pool_records(LegalActions, 9)
# The record types and ActionKind as the hot path names them: compiled, C globals
# (betting.pxd), not module dict look-ups.
_ACTION_TYPE = Action
_LEGAL_TYPE = LegalActions
_KIND_TYPE = ActionKind

# Enum members as module constants: the hot path compares them per action, and a
# global is several times cheaper to read than an enum class attribute.
_ALL_IN = ActionKind.ALL_IN
_BET = ActionKind.BET
_CALL = ActionKind.CALL
_CHECK = ActionKind.CHECK
_FOLD = ActionKind.FOLD
_RAISE = ActionKind.RAISE
_ANTE = ForcedKind.ANTE
_BRING_IN = ForcedKind.BRING_IN
_STRADDLE = ForcedKind.STRADDLE
_FIXED_LIMIT = Limit.FIXED_LIMIT
_POT_LIMIT = Limit.POT_LIMIT


#: The last cap's message of _no_raise_reason: [max bets, text].
_CAPPED_TEXT: list = [None, ""]


def _checked_structure(structure: object) -> Structure:
    if not isinstance(structure, Structure):
        raise InvalidValueError(f"structure must be a Structure (e.g. Structure.no_limit(10)), not {structure!r}")
    return structure


# The last structure a round was given and the fields the round reads from it, as one
# tuple (read at once): the engine gives every round of a table the same structure.
_LAST_STRUCTURE: list = [(None, None)]


def _structure_fields(structure: Structure) -> tuple:
    """What a round reads from ``structure`` (frozen): its limit, whether it is a
    big-bet game, small bet, big bet, big-bet street, max bets and half-bet all-in
    convention; the last structure's are kept (seven dataclass reads and a property
    call at every hand otherwise)."""
    last = _LAST_STRUCTURE[0]
    if last[0] is structure:
        return last[1]
    fields = (structure.limit, structure.is_big_bet, structure.small_bet, structure.big_bet, structure.big_bet_street,
              structure.max_bets, structure.half_bet_all_in)
    _LAST_STRUCTURE[0] = (structure, fields)
    return fields


# The fields of a round, in the order of BettingRound(...)'s arguments (its repr
# and == use them too).
_FIELDS = ("structure", "street", "stacks", "bets", "contributed", "folded", "acted", "current_bet", "full_level",
           "increment", "bet_count", "capped", "open_pair", "to_act", "dead")


class BettingRound:
    """One betting round (street). Build it with :meth:`start`; then :meth:`apply` actions.

    ``bets`` are the chips in front of each player this round; ``contributed`` all
    chips each put in this hand, antes included (what :func:`pokerhash.pots.side_pots`
    needs). ``acted[p]`` is the bet level player p last matched or set by a voluntary
    action this round (None: not yet; blinds are not actions, which gives the big
    blind the option). ``current_bet`` is the level to match; ``full_level`` the level
    of the last full bet or raise (above ``current_bet`` after a half-bet all-in that
    counts as ``"completed"``: :attr:`Structure.half_bet_all_in`) and ``increment``
    the size of the largest one; ``bet_count`` counts full bets and raises (the big
    blind is the first); ``dead`` is money in the pot that belongs to no player's bets (a big-blind ante).

    Compiled, this is an extension type (``betting.pxd`` declares its fields and
    methods): the engine reads these fields and calls these methods many times per
    action, and C struct reads are what make that cheap.
    """

    __slots__ = ("_structure", "_limit", "_big_bet_game", "_small_bet", "_big_bet", "_big_bet_street", "_max_bets",
                 "_half_bet_all_in") + _FIELDS[1:] + ("_legal", "_move_kind", "_move_to", "_move_chips",
                                                      "_move_all_in", "_move_player", "_fixed_one")

    def __init__(self, structure: Structure, street: int, stacks: List[int], bets: List[int],
                 contributed: List[int], folded: List[bool], acted: List[Optional[int]], current_bet: int,
                 full_level: int, increment: int, bet_count: int = 0, capped: bool = False, open_pair: bool = False,
                 to_act: Optional[int] = None, dead: int = 0) -> None:
        self._fill(structure, street, stacks, bets, contributed, folded, acted, current_bet, full_level, increment,
                   bet_count, capped, open_pair, to_act, dead)

    def _fill(self, structure: Structure, street: int, stacks: List[int], bets: List[int], contributed: List[int],
              folded: List[bool], acted: List[Optional[int]], current_bet: int, full_level: int, increment: int,
              bet_count: int, capped: bool, open_pair: bool, to_act: Optional[int], dead: int) -> None:
        """__init__'s fields: compiled, a C call (open_round's at every hand, without
        the type's Python call and its argument parsing)."""
        self._set_structure(structure)
        self.street = street
        self.stacks = stacks
        self.bets = bets
        self.contributed = contributed
        self.folded = folded
        self.acted = acted
        self.current_bet = current_bet
        self.full_level = full_level
        self.increment = increment
        self.bet_count = bet_count
        self.capped = capped
        self.open_pair = open_pair
        self.to_act = to_act
        self.dead = dead
        #: legal_actions() of the current state, computed once per state.
        self._legal: Optional[LegalActions] = None
        #: The fixed amounts (to,) of the last fixed-limit legal_actions(), reused while ``to`` holds.
        self._fixed_one: Optional[Tuple[int]] = None

    @property
    def structure(self) -> Structure:
        return self._structure

    @structure.setter
    def structure(self, structure: Structure) -> None:
        self._set_structure(structure)

    def _set_structure(self, structure: Structure) -> None:
        """The structure setter (compiled, a C call)."""
        self._structure = _checked_structure(structure)
        # What the rules ask of the structure at every action, read once (the
        # structure is frozen): as C fields when compiled, instead of a dataclass
        # attribute lookup at every decision.
        self._limit, self._big_bet_game, self._small_bet, self._big_bet, self._big_bet_street, self._max_bets, \
            self._half_bet_all_in = _structure_fields(structure)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{name}={getattr(self, name)!r}' for name in _FIELDS)})"

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return all(getattr(self, name) == getattr(other, name) for name in _FIELDS)

    __hash__ = None  # type: ignore[assignment]  # mutable

    @classmethod
    def start(
        cls,
        structure: Structure,
        stacks: Sequence[int],
        first_to_act: int,
        *,
        street: int = 0,
        forced: Sequence[ForcedBet] = (),
        contributed: Optional[Sequence[int]] = None,
        folded: Optional[Sequence[bool]] = None,
        open_pair: bool = False,
        dead: int = 0,
    ) -> BettingRound:
        """A round at its start: ``stacks`` are the chips behind each player,
        ``forced`` the antes, blinds, straddle or bring-in posted in order, and
        ``first_to_act`` the seat where the action starts (the rules decide which: The games and their flow).
        ``contributed`` and ``folded`` carry over from earlier streets; ``open_pair``
        is stud's 4th-street option to bet the small or the big bet (rules: The games and their flow);
        ``dead`` chips in the pot that are no player's (they count for pot-limit).
        The stacks, contributions, dead money, big bet and forced bets come to at most
        2**62 chips (:data:`~pokerhash.errors.MAX_CHIPS`), else
        :class:`~pokerhash.errors.ChipLimitError`: compiled, the round keeps its levels
        in 64-bit C integers. The constructor takes such checked values."""
        count = len(stacks)
        if count < 2:
            raise InvalidValueError(f"a betting round needs at least 2 players, not {count}")
        stacks = [as_chips(stack, "a player's stack") for stack in stacks]
        contributed = [as_chips(c, "contribution") for c in contributed] if contributed is not None else [0] * count
        folded = [as_flag(f, "folded") for f in folded] if folded is not None else [False] * count
        if len(contributed) != count or len(folded) != count:
            raise InvalidValueError(f"contributed and folded need one entry per player ({count})")
        if not 0 <= _player(first_to_act, "first_to_act") < count:
            raise InvalidValueError(f"first_to_act {first_to_act} is not a player 0..{count - 1}")
        _checked_structure(structure)
        forced = list(forced)
        for bet in forced:
            if not isinstance(bet, ForcedBet):
                raise InvalidValueError(f"forced bets are ForcedBet values (e.g. ForcedBet.blind(1, 5)), not {bet!r}")
        dead = as_chips(dead, "dead money")
        # The chips at the table and every amount that can set a level (see check_chip_total).
        check_chip_total(sum(stacks) + sum(contributed) + dead + structure.big_bet
                         + sum([as_chips(bet.amount, f"the {bet.kind.value}") for bet in forced]),
                         "the stacks, contributions, dead money, big bet and forced bets")
        if as_flag(open_pair, "open_pair") and structure.is_big_bet:
            raise InvalidValueError("the open-pair option exists only in fixed-limit stud")
        state = cls._open(structure, stacks, first_to_act, as_chips(street, "street"), (), contributed, folded,
                          open_pair, dead, advance=False)
        for bet in forced:
            state._post(bet)
        state._advance(first_to_act)
        return state

    @classmethod
    def _open(cls, structure: Structure, stacks: Sequence[int], first_to_act: int, street: int,
              forced: Sequence[ForcedBet], contributed: Sequence[int], folded: Sequence[bool], open_pair: bool,
              dead: int, advance: bool = True) -> BettingRound:
        """:meth:`start` of checked arguments: :func:`open_round` making a ``cls``."""
        return open_round(structure, stacks, first_to_act, street, forced, contributed, folded, open_pair, dead,
                          advance, cls)

    def next_street(self, first_to_act: int, *, open_pair: bool = False) -> BettingRound:
        """The next round, once this one is over: the bets go to the pot."""
        following = self.copy()
        following.advance_street(first_to_act, open_pair=open_pair)
        return following

    def advance_street(self, first_to_act: int, *, open_pair: bool = False) -> None:
        """Turn this finished round into the next street's, in place (what
        :meth:`next_street` does on a copy)."""
        if self.to_act is not None:
            raise IllegalActionError(f"the round is not over: player {self.to_act} is to act; legal: {self.legal_actions()}")
        count = len(self.stacks)
        if not 0 <= first_to_act < count:
            raise InvalidValueError(f"first_to_act {first_to_act} is not a player 0..{count - 1}")
        if open_pair and self._big_bet_game:
            raise InvalidValueError("the open-pair option exists only in fixed-limit stud")
        self._advance_street(first_to_act, open_pair)

    def _advance_street(self, first_to_act: int, open_pair: bool) -> None:
        """:meth:`advance_street` of checked arguments (the engine's, at every street):
        compiled, a C call without keyword arguments."""
        count = len(self.stacks)
        self.street += 1
        self.bets = [0] * count
        self.acted = [None] * count
        self.current_bet = self.full_level = self.bet_count = 0
        self.capped = False
        self.open_pair = open_pair
        self.increment = self._bet_size()
        self._legal = None
        self._advance(first_to_act)

    def copy(self) -> BettingRound:
        """An independent copy (for search): the per-player lists are copied."""
        return BettingRound(self._structure, self.street, self.stacks[:], self.bets[:], self.contributed[:],
                            self.folded[:], self.acted[:], self.current_bet, self.full_level, self.increment,
                            self.bet_count, self.capped, self.open_pair, self.to_act, self.dead)

    @property
    def is_over(self) -> bool:
        return self.to_act is None

    @property
    def pot(self) -> int:
        """Every chip put in this hand, including the bets in front of the players."""
        return sum(self.contributed) + self.dead

    def legal_actions(self) -> LegalActions:
        """The legal actions of the player to act."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return legal

    def _compute_legal(self) -> LegalActions:
        who = self.to_act  # the player to act (compiled, read as a C index below, kept as the int it is)
        if who is None:
            raise IllegalActionError("the betting round is over: no action is legal")
        player = who
        stack, bet = _chips(self.stacks, player), _chips(self.bets, player)  # compiled, C integers (betting.pxd)
        all_in_to = bet + stack
        call = min(self.current_bet, all_in_to) - bet
        call_is_all_in = 0 < call == stack
        # The message only when there is no raise (most decisions may raise): _may_raise
        # is the same test as a C call, without the cpdef dispatch and the string test.
        if not self._may_raise(player, all_in_to):
            return _record9(_LEGAL_TYPE, who, call == 0, call, call_is_all_in, None, None, None, None,
                            self._no_raise_reason(player))
        kind = _RAISE if self.full_level else _BET
        if self._limit is not _FIXED_LIMIT:
            # No completing (rules: Betting): a raise adds at least the largest full increment
            # on top of the current bet, even when that bet is a short all-in.
            min_to = self.current_bet + self.increment
            if self._limit is _POT_LIMIT:
                pot = self.dead  # the pot, sum(contributed) + dead: compiled, a loop of C reads (betting.pxd)
                contributed = self.contributed
                for p in range(len(contributed)):
                    pot += _chips(contributed, p)
                max_to = max(min_to, self.current_bet + pot + self.current_bet - bet)
            else:
                max_to = all_in_to
            return _record9(_LEGAL_TYPE, who, call == 0, call, call_is_all_in, kind, min(min_to, all_in_to),
                            min(max_to, all_in_to), None, "")
        if not self.open_pair:  # every fixed-limit round but stud's open pair: one size
            to = min(self.full_level + self._bet_size(), all_in_to)
            # The tuple (to,) of the last decision again while the level holds (most
            # decisions of a fixed-limit round face the same amount).
            fixed = self._fixed_one
            if fixed is None:
                fixed = self._fixed_one = (to,)
            else:
                last = fixed[0]  # compiled, a C integer
                if last != to:
                    fixed = self._fixed_one = (to,)
            # min_to and max_to: the tuple's own int, not two made from the C integer.
            amount = _field(fixed, 0)
            return _record9(_LEGAL_TYPE, who, call == 0, call, call_is_all_in, kind, amount, amount, fixed, "")
        amounts = tuple(sorted({min(self.full_level + size, all_in_to) for size in self._fixed_sizes()}))
        return _record9(_LEGAL_TYPE, who, call == 0, call, call_is_all_in, kind, amounts[0], amounts[-1], amounts, "")

    def validate(self, action: Action) -> Action:
        """The normalized action that :meth:`apply` would perform; IllegalActionError if illegal."""
        if not isinstance(action, Action):
            raise InvalidValueError(f"an action is an Action (e.g. Action.fold(), Action.raise_to(30)), not {action!r}")
        # Fields by index (_field): compiled, a NamedTuple's attribute, index or
        # unpacking is a Python lookup, _field a C read.
        acting = _field(action, 4)
        if acting is not None and type(acting) is not int:
            _player(acting, "an action's player")  # "0" would compare unequal to 0
        self._check(_field(action, 0), _field(action, 1), acting)
        return normalized_action(self._move_kind, self._move_to, self._move_chips, self._move_all_in,
                                 self._move_player)

    def _check(self, kind: ActionKind, to: Optional[int], acting: Optional[int]) -> None:
        """The rules of :meth:`validate`: the normalized move left in the ``_move_*``
        fields (one record is then built, by whoever needs it); IllegalActionError if
        the request ``kind`` to ``to`` by ``acting`` (None: the player to act) is illegal."""
        legal = self.legal_actions()
        # LegalActions by index (player, can_check, call, call_is_all_in: see validate).
        who = _field(legal, 0)
        if acting is not None and acting != who:
            raise IllegalActionError(f"player {acting} acted out of turn: player {who} is to act; legal: {legal}")
        player = who  # compiled, a C index
        if type(kind) is not _KIND_TYPE:
            try:
                kind = ActionKind(kind)
            except ValueError:
                raise InvalidValueError(f"unknown action {kind!r}") from None
        self._move_player = who
        if kind is _FOLD:
            self._set_move(kind, None, 0, False)
            return
        if kind is _CHECK:
            if not _field(legal, 1):
                raise IllegalActionError(f"check is not legal: player {player} faces a bet of {self.current_bet}; legal: {legal}")
            self._set_move(kind, _item(self.bets, player), 0, False)
            return
        bet = _chips(self.bets, player)  # compiled, C integers (betting.pxd)
        all_in_to = bet + _chips(self.stacks, player)
        if kind is _CALL or (kind is _ALL_IN and all_in_to <= self.current_bet):
            if _field(legal, 1):
                raise IllegalActionError(f"{kind.value} is not legal: there is no bet to call; legal: {legal}")
            # To the bet called: bet + call, which legal_actions made min(current_bet, all_in_to) - bet.
            self._set_move(_CALL, min(self.current_bet, all_in_to), _field(legal, 2), _field(legal, 3))
            return
        if kind is _ALL_IN:
            to = all_in_to
        elif type(to) is not int or to < 0:
            to = as_chips(to, f"the amount to {kind.value} to")
        self._validate_sized(legal, kind, to)

    def _set_move(self, kind: ActionKind, to: Optional[int], chips: int, is_all_in: bool) -> None:
        self._move_kind = kind
        self._move_to = to
        self._move_chips = chips
        self._move_all_in = is_all_in

    def apply(self, action: Action) -> Action:
        """Perform ``action`` and pass the turn; return the normalized action."""
        move = self.validate(action)
        self.perform(move)
        return move

    def perform(self, move: Action) -> None:
        """Perform a normalized action that :meth:`validate` returned for this state."""
        if not isinstance(move, Action):
            raise InvalidValueError(f"perform takes the Action that validate returned, not {move!r:.100}")
        self._do(_field(move, 0), _field(move, 1), _field(move, 2), _field(move, 4))  # by index: see validate

    def _play(self, kind: ActionKind, to: Optional[int], name: object) -> Action:
        """:meth:`apply` of the request ``kind`` to ``to`` by the player to act, the
        normalized action's ``player`` being ``name`` (the engine's seat): one check,
        one record, no unpacking (the engine's path at every action)."""
        legal = self._legal
        if legal is not None and (kind is _CHECK or kind is _CALL or kind is _FOLD):
            # The requests that carry no amount, checked and performed here against the
            # decision's LegalActions (what _check would find, by index: see validate),
            # without _check's and _set_move's calls and fields: most actions. A check
            # that is not legal, or a call with nothing to call, goes to _check, which
            # raises its own message.
            player = _field(legal, 0)  # compiled, a C index (betting.pxd)
            if kind is _FOLD:
                move = _record5(_ACTION_TYPE, _FOLD, None, 0, False, name)
                self._legal = None
                _set_item(self.folded, player, True)
                self._advance(player + 1)
                return move
            if _field(legal, 1):
                if kind is _CHECK:
                    move = _record5(_ACTION_TYPE, _CHECK, _item(self.bets, player), 0, False, name)
                    self._legal = None
                    _set_item(self.acted, player, self.current_bet)
                    self._advance(player + 1)
                    return move
            elif kind is _CALL:
                # To the bet called: bet + call, which legal_actions made min(current_bet, all_in_to) - bet.
                bet = _chips(self.bets, player)  # compiled, C integers (betting.pxd)
                all_in_to = bet + _chips(self.stacks, player)
                chips = _field(legal, 2)
                move = _record5(_ACTION_TYPE, _CALL, min(self.current_bet, all_in_to), chips, _field(legal, 3), name)
                self._do(_CALL, _field(move, 1), chips, player)
                return move
        self._check(kind, to, None)
        kind, to, chips = self._move_kind, self._move_to, self._move_chips
        move = _record5(_ACTION_TYPE, kind, to, chips, self._move_all_in, name)  # normalized_action's record, built here
        self._do(kind, to, chips, self._move_player)
        return move

    def _do(self, kind: ActionKind, to: Optional[int], chips: int, player: int) -> None:
        """Perform the normalized move ``kind`` to ``to``, moving ``chips``, of ``player``."""
        self._legal = None
        # _chips and _set_item: compiled, inlined C reads and writes of the lists (see
        # betting.pxd, _records.pxd); chips a C integer.
        if kind is _FOLD:
            _set_item(self.folded, player, True)
        else:
            if chips:  # a check moves nothing
                stacks, bets, contributed = self.stacks, self.bets, self.contributed
                _set_item(stacks, player, _chips(stacks, player) - chips)
                _set_item(bets, player, _chips(bets, player) + chips)
                _set_item(contributed, player, _chips(contributed, player) + chips)
            if kind is _BET or kind is _RAISE:
                self._raise_to(to)
            _set_item(self.acted, player, self.current_bet)
        self._advance(player + 1)

    # -- rules ---------------------------------------------------------------

    def _player_to_act(self) -> int:
        if self.to_act is None:
            raise IllegalActionError("the betting round is over: no action is legal")
        return self.to_act

    def _fixed_sizes(self) -> Tuple[int, ...]:
        # Rules, The games and their flow: with an open pair on 4th street any bet or raise may be the small
        # or the big bet; once a big bet has been made, later raises are big bets.
        if not self.open_pair:
            return (self._bet_size(),)
        if self.increment < self._big_bet:
            return (self._small_bet, self._big_bet)
        return (self._big_bet,)

    def _first_size(self) -> int:
        """``_fixed_sizes()[0]`` without the tuple: the size a fixed-limit bet or raise adds."""
        if not self.open_pair:
            return self._bet_size()
        if self.increment < self._big_bet:
            return self._small_bet
        return self._big_bet

    def _bet_size(self) -> int:
        """Structure.bet_size of this round's street, from the fields the structure setter read."""
        return self._small_bet if self.street < self._big_bet_street else self._big_bet

    def _no_raise_reason(self, player: int) -> str:
        """Why ``player`` may not bet or raise now ("" if they may)."""
        if self.capped:
            # The message of the last cap again (one string a structure, not an f-string
            # made at every capped decision).
            text = _CAPPED_TEXT
            if text[0] != self._max_bets:
                text[:] = [self._max_bets, f"the betting is capped at {self._max_bets} bets"]
            return text[1]
        all_in_to = _chips(self.bets, player) + _chips(self.stacks, player)  # compiled, a C integer (betting.pxd)
        if all_in_to <= self.current_bet:
            return f"player {player} has no chips beyond a call"
        if not self._opponent_can_cover(player):
            return "no opponent has chips beyond the current bet to call a raise"
        if not self._reopened(player):
            return f"player {player} has acted and faces less than a full raise, which does not reopen the betting"
        return ""

    def _may_raise(self, player: int, all_in_to: int) -> bool:
        """``not _no_raise_reason(player)``, ``all_in_to`` the player's bet and stack."""
        if self.capped or all_in_to <= self.current_bet:
            return False
        return self._opponent_can_cover(player) and self._reopened(player)

    def _reopened(self, player: int) -> bool:
        """Whether ``player`` may raise again: not yet acted, or facing a full raise since."""
        level = _item(self.acted, player)
        if level is None:
            return True
        matched = level  # compiled, a C integer (betting.pxd)
        if self._big_bet_game:
            # Rules, Betting: short all-ins that together reach a full raise reopen it.
            return self.current_bet - matched >= self.increment
        if self.full_level > matched:
            return True
        # A room's half-bet all-in that is no bet of its own still reopens the betting.
        return self.current_bet > matched and self._half_bet_all_in == "last full bet" \
            and 2 * (self.current_bet - self.full_level) >= self._first_size()

    def _validate_sized(self, legal: LegalActions, requested: ActionKind, to: int) -> None:
        player = _field(legal, 0)  # by index: see validate
        kind = _field(legal, 4)
        if kind is None:
            raise IllegalActionError(f"{requested.value} is not legal: {legal.no_raise_reason}; legal: {legal}")
        all_in_to = self.bets[player] + self.stacks[player]
        # min_to, max_to, fixed_amounts by index (see validate); between min_to and max_to,
        # legal.allows_to(to) is whether a fixed-limit round lists the amount.
        min_to, max_to, fixed = _field(legal, 5), _field(legal, 6), _field(legal, 7)
        if to > all_in_to:
            problem = f"is more than player {player} has: all-in is {kind.value} to {all_in_to}"
        elif to < min_to:  # type: ignore[operator]
            problem = f"is below the minimum {kind.value} to {min_to}"
        elif to > max_to:  # type: ignore[operator]
            problem = f"is above the maximum {kind.value} to {max_to}"
        elif fixed is not None and to not in fixed:
            problem = "is not a fixed-limit amount"
        else:
            self._set_move(kind, to, to - self.bets[player], to == all_in_to)
            return
        raise IllegalActionError(f"{kind.value} to {to} {problem}; legal: {legal}")

    def _is_full_raise(self, to: int) -> bool:
        if self._big_bet_game:
            return to - self.current_bet >= self.increment
        # The half-bet rule (rules: Betting): an all-in of half a bet or more counts as a full bet.
        return 2 * (to - self.full_level) >= self._first_size()

    def _raise_to(self, to: int) -> None:
        if self._is_full_raise(to):
            if not self._big_bet_game:
                size = self._first_size()
                if to - self.full_level < size and self._half_bet_all_in != "all-in":
                    # A half-bet all-in at a room that does not count it at its amount
                    # (Structure.half_bet_all_in).
                    if self._half_bet_all_in == "completed":
                        self.full_level += size
                        self.bet_count += 1
                        self.capped = self._cap_reached()
                    self.current_bet = to
                    return
            base = self.current_bet if self._big_bet_game else self.full_level
            self.increment = max(self.increment, to - base)
            self.full_level = to
            self.bet_count += 1
            self.capped = self._cap_reached()
        self.current_bet = to

    def _cap_reached(self) -> bool:
        cap = self._max_bets
        if cap is None or self.bet_count < cap:
            return False
        # The heads-up option applies only if two players are left when the cap is reached.
        return not (self._structure.uncapped_heads_up and self.folded.count(False) == 2)

    def _opponent_can_cover(self, player: int) -> bool:
        """Whether an opponent still in the hand could put in more than the current bet:
        otherwise a raise could only be returned uncalled, so none is offered."""
        stacks, folded, bets, current = self.stacks, self.folded, self.bets, self.current_bet
        for p in range(len(stacks)):
            if p != player and not _flag(folded, p):
                reach = _chips(bets, p) + _chips(stacks, p)  # compiled, C integers (betting.pxd)
                if reach > current:
                    return True
        return False

    def _advance(self, start: int) -> None:
        """Give the turn to the first player clockwise from ``start`` who must act: one
        who is behind the bet, or has not acted yet while an opponent can still bet."""
        stacks, folded = self.stacks, self.folded
        self.to_act = None
        live = able = 0
        count = len(stacks)
        # Compiled, index loops over borrowed C reads of the lists (betting.pxd: _flag,
        # _chips, _unset): no references taken, no int objects tested. Only whether two
        # players are live and whether two can still bet matter below: the count stops
        # at the second player with chips (able <= live).
        for p in range(count):
            if not _flag(folded, p):
                live += 1
                if _chips(stacks, p):
                    able += 1
                    if able > 1:
                        break
        if live < 2:
            return
        bets, acted, current = self.bets, self.acted, self.current_bet
        player = start % count
        for k in range(count):  # player is (start + k) % count
            if not _flag(folded, player) and _chips(stacks, player) \
                    and (_chips(bets, player) < current or (able > 1 and _unset(acted, player))):
                self.to_act = player
                return
            player += 1
            if player == count:
                player = 0

    def _post(self, forced: ForcedBet) -> None:
        kind, player = forced.kind, forced.player
        amount = as_chips(forced.amount, f"the {kind.value}")
        self._check_forced(kind, player, amount)
        self._place(kind, player, amount)

    def _place(self, kind: ForcedKind, player: int, amount: int) -> None:
        """Post a checked forced bet."""
        self._legal = None
        # Compiled, C reads and writes of the lists (betting.pxd), chips as C integers.
        stacks, contributed, bets = self.stacks, self.contributed, self.bets
        stack = _chips(stacks, player)
        chips = min(amount, stack)
        _set_item(stacks, player, stack - chips)
        _set_item(contributed, player, _chips(contributed, player) + chips)
        if kind is _ANTE:
            return
        _set_item(bets, player, _chips(bets, player) + chips)
        # A short blind is still called in full by the others (table stakes, rules: Betting).
        self.current_bet = max(self.current_bet, amount)
        if kind is _BRING_IN:
            # The bring-in is the player's action (rules: The games and their flow).
            self.acted[player] = amount
        if amount >= self._bet_size() and amount > self.full_level:
            # The big blind, a bring-in for a full bet and a straddle are full bets.
            if kind is _STRADDLE and self._big_bet_game:
                self.increment = amount  # the straddle plays as a bigger big blind
            self.full_level = amount
            self.bet_count += 1

    def _check_forced(self, kind: ForcedKind, player: int, amount: int) -> None:
        # A blind whose player went all-in on the ante still sets the level to call
        # (the short-blind rule, for a blind of no chips), so it may be posted empty.
        if not 0 <= player < len(self.stacks) or self.folded[player] or not amount \
                or (not self.stacks[player] and kind is not ForcedKind.BLIND):
            raise InvalidValueError(f"player {player} cannot post a {kind.value} of {amount}")
        if kind is not _ANTE and self.bets[player]:
            # One live forced bet per player: a second would leave them above the bet
            # to match. Dead money (a missed small blind) is posted as an ante.
            raise InvalidValueError(
                f"player {player} already has {self.bets[player]} in front of them and cannot also post a {kind.value}")
        size = self._bet_size()
        if kind is _BRING_IN and (self._big_bet_game or self.current_bet or amount > size):
            raise InvalidValueError(f"a bring-in opens fixed-limit betting with at most {size}, not {amount}")
        if kind is _STRADDLE:
            # A straddle is a voluntary raise of the big blind, so it must be affordable,
            # and in fixed limit it is exactly one bet more.
            fixed_to = None if self._big_bet_game else self.full_level + size
            if not self.full_level or amount <= self.current_bet or amount > self.stacks[player] or fixed_to not in (None, amount):
                raise InvalidValueError(
                    f"player {player} cannot straddle to {amount}: a straddle is an affordable raise of the big blind"
                    + (f" to exactly {fixed_to}" if fixed_to else "")
                )


def open_round(structure: Structure, stacks: Sequence[int], first_to_act: int, street: int,
               forced: Sequence[ForcedBet], contributed: Sequence[int], folded: Sequence[bool], open_pair: bool,
               dead: int, advance: bool = True, kind: type = BettingRound) -> BettingRound:
    """:meth:`BettingRound.start` of checked arguments (the engine's, at every hand):
    the lists are copied, the forced bets posted unchecked. A function, not a
    classmethod: compiled, the engine calls it in C (a classmethod is a Python call)."""
    count = len(stacks)
    if kind is BettingRound:
        # The type's own instance filled by a C call (compiled): calling the type is a
        # Python call with fifteen arguments to parse.
        state = BettingRound.__new__(BettingRound)
        state._fill(structure, street, list(stacks), [0] * count, list(contributed), list(folded), [None] * count,
                    0, 0, 0, 0, False, open_pair, None, dead)
    else:
        state = kind(structure, street, list(stacks), [0] * count, list(contributed), list(folded), [None] * count,
                     0, 0, 0, 0, False, open_pair, None, dead)
    # Structure.bet_size(street) from the fields the structure setter read (compiled, a
    # C call: the dataclass's method is a Python one).
    state.increment = state._bet_size()
    for bet in forced:
        state._place(_field(bet, 0), _field(bet, 1), _field(bet, 2))  # kind, player, amount: see validate
    if advance:
        state._advance(first_to_act)
    return state
