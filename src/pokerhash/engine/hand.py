"""One hand of any :class:`~pokerhash.engine.variants.Variant`, played as data.

A :class:`Hand` deals (from a :class:`~pokerhash.cards.Deck`, from a scripted list of
cards, or card by card from its caller), posts the forced bets, runs each street's
betting through :class:`~pokerhash.betting.BettingRound`, the draws with the stub rule,
the showdown and the pots through :func:`~pokerhash.pots.side_pots` and
:func:`~pokerhash.pots.settle` (rules: The games and their flow; Betting; Pots,
splitting and rake). :attr:`Hand.pending` always says what the hand waits for.

Players are kept in clockwise order starting left of the button (index 0 is the
first seat dealt to, the small blind with three or more players, the first to act
after the flop, the first to get an odd chip), so every "left of the button" rule
is "lowest index first".
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Dict, Iterable, List, Mapping, NamedTuple, Optional, Sequence, Tuple

from .._checks import as_chips
from .._core import showing_key  # stud's showing order as one int, in C (showing.showing_rank's order)
from ..betting import (HALF_BET_ALL_IN, Action, ActionKind, BettingRound, BringInActions, ForcedBet, ForcedKind,
                       LegalActions, Limit, Structure, check_chip_total, checked_forced_bet, normalized_action,
                       open_round, tuple_record5, tuple_record9)
from ..betting import no_record_pool
from ..cards import Deck, HandLike, cards as parse_cards
from ..errors import CardTypeError, IllegalActionError, InvalidCardError, InvalidValueError
from ..pots import (DEFAULT_ODD_CHIPS, OddChipRule, Pot, Pots, RakeRule, Settlement, frozen_fields, settle_checked,
                    side_pots_of, split_runs, top_excess, with_dead_money)
from . import events as ev
from ..evaluators.catalog import RANKINGS
from .variants import TURKISH_OPENERS, Forced, FirstToAct, Variant, kings_or_better
from ..evaluators.turkish import TurkishCategory, can_open_turkish
from .._core import turkish_class_table as _turkish_class_table

__all__ = ["Hand", "HandResult", "Options", "Pending", "PendingKind", "ShownHand", "Stakes"]


def _positive_chips(value: object, what: str) -> int:
    chips = as_chips(value, what)
    if not chips:
        raise InvalidValueError(f"{what} must be a positive integer number of chips, not {value!r}")
    return chips


@dataclass(frozen=True)
class Stakes:
    """The money of a game: blinds (small, big: posted left of the button; heads-up the
    button posts the small one) or a button blind (short-deck: the button posts it,
    acts last preflop, and the player on its left first), an ante from everyone (or, with ``big_blind_ante``,
    everyone's antes from the big blind), a straddle by the player left of the big
    blind, stud's bring-in, and the bet sizes. ``small_bet`` is the smallest bet of a
    big-bet game (default: the big blind) and the small bet of fixed limit;
    ``big_bet`` fixed limit's big bet (default: twice the small bet); ``max_bets``
    caps a fixed-limit round (rules: Betting). ``straddle_position``: where the
    straddle is posted, counted clockwise from the button's left (0 the first player
    there, the button last); None (the default) the player left of the big blind.
    Another position is a room's rule, played only with
    :attr:`Options.straddle_anywhere`."""

    blinds: Tuple[int, ...] = ()
    button_blind: int = 0
    ante: int = 0
    big_blind_ante: bool = False
    straddle: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0
    max_bets: Optional[int] = 4
    uncapped_heads_up: bool = False
    straddle_position: Optional[int] = None

    def __post_init__(self) -> None:
        # Checked where they are given: a negative ante would create chips, a
        # fractional one make float stacks the next hand refuses.
        blinds = self.blinds
        if isinstance(blinds, (str, bytes)) or not hasattr(blinds, "__iter__"):
            raise InvalidValueError(f"blinds must be a sequence of chip amounts, not {blinds!r}")
        blinds = tuple([_positive_chips(b, "a blind") for b in blinds])
        object.__setattr__(self, "blinds", blinds)
        for name in ("button_blind", "ante", "straddle", "bring_in", "small_bet", "big_bet"):
            object.__setattr__(self, name, as_chips(getattr(self, name), name))
            check_chip_total(getattr(self, name), f"the stakes' {name}")
        for blind in blinds:
            check_chip_total(blind, "a blind")
        if self.max_bets is not None:
            object.__setattr__(self, "max_bets", _positive_chips(self.max_bets, "max_bets"))
        for name in ("big_blind_ante", "uncapped_heads_up"):
            if not isinstance(getattr(self, name), bool):
                raise InvalidValueError(f"{name} must be True or False, not {getattr(self, name)!r}")
        if self.straddle_position is not None:
            position = self.straddle_position
            if type(position) is not int or position < 0:
                raise InvalidValueError(f"straddle_position must be a position 0, 1, ... or None, not {position!r}")
            if not self.straddle:
                raise InvalidValueError("a straddle_position needs a straddle")
            if self.straddle <= max(self.blinds + (self.button_blind,)):
                raise InvalidValueError(f"a straddle of {self.straddle} is no more than the blinds {self.blinds}"
                                        f"{f' and button blind {self.button_blind}' if self.button_blind else ''}")

    @classmethod
    def default(cls, variant: Variant) -> "Stakes":
        """Sensible stakes for ``variant``'s structure (what :class:`Hand` and
        :class:`~pokerhash.engine.Table` play when given none): blinds 1/2 (fixed
        limit: bets 2/4); stud games the rules' 10-20 example, ante 1 (a tenth of the
        small bet), bring-in 5 (half of it), bets 10/20; Turkish poker an ante of 1
        and a smallest bet of 2."""
        if variant.forced is Forced.BRING_IN:
            return cls(ante=1, bring_in=5, small_bet=10, big_bet=20)
        if variant.forced is Forced.ANTES:
            return cls(ante=1, small_bet=2)
        return cls(blinds=(1, 2))

    def structure(self, variant: Variant) -> Structure:
        """The betting structure of ``variant`` at these stakes."""
        small = self.small_bet or max(self.blinds + (self.button_blind,))
        if not small:
            raise InvalidValueError("the stakes need a small_bet (or blinds) to size the bets")
        if variant.limit is Limit.FIXED_LIMIT:
            return Structure.fixed_limit(small, self.big_bet or 2 * small, big_bet_street=variant.big_bet_street,
                                         max_bets=self.max_bets, uncapped_heads_up=self.uncapped_heads_up)
        return Structure(variant.limit, small, small)


@dataclass(frozen=True)
class Options:
    """Table options that rooms set differently (rules: Turkish poker; The games and their flow).

    ``rake`` (None: no rake); ``run_it_twice``: when every player left is all-in
    before the board is complete, the rest of it is dealt twice (``runs`` times:
    some rooms run it three times); ``show_all``: every
    called hand is shown instead of losing hands being mucked; ``stud_by_position``:
    from 4th street the first player dealt acts first instead of the best showing
    hand; ``four_players_use_36_cards``: Turkish deck option (rules: Turkish deck size);
    ``bring_in_past_all_in``: who brings in when the lowest up-card is all-in on the
    ante (the rules are silent and rooms differ): ``"clockwise"`` (the default, as
    pokerkit plays it) the next player with chips clockwise, ``"lowest"`` the lowest
    up-card among the players with chips; ``odd_chips``: who gets the chips a split
    pot leaves over (:class:`~pokerhash.pots.OddChipRule`; the default is the rules':
    the first winner left of the button, the high half) (rules: Pots, splitting and
    rake); ``heads_up_dead_button``: heads-up, the blinds are posted as at a fuller
    table, the small blind on the button's left and the big blind on the button, and
    the small blind acts first on every street (some sites seat a heads-up hand so
    after a player leaves; the rules have the button post the small blind);
    ``straddle_anywhere`` (off by default: the
    rules' straddle is posted by the player left of the big blind): a room's straddle
    from any position (:attr:`Stakes.straddle_position`), the blinds' and the
    button's too, beside a button blind as well; a blind's player who straddles puts
    in the straddle in all (his blind is part of it); preflop action starts on the
    straddler's left and the straddler acts last (GGPoker plays so); ``cap`` (None:
    no cap): a capped table, where no player puts more than ``cap`` chips into a hand
    (blinds and antes included); a player who reaches it is all-in for the hand and
    keeps the chips behind (the Winning Poker Network's CAP tables);
    ``large_draw_tables``: a draw game of the full deck (five-card draw, 2-7, badugi) seats up to
    :data:`~pokerhash.engine.variants.LARGE_DRAW_TABLE` (8) players, as online rooms
    deal them, instead of the rules' 2-5 (five-card draw) and 2-6 (the other draw
    games); the stub rule reshuffles the burns and discards when the stub runs out
    (rules: The games and their flow, draws); ``half_bet_all_in``: in fixed limit, what
    the next raise adds a bet to after an all-in of half a bet or more but less than a
    full one: ``"all-in"`` (as the rules say, it counts as a full bet), ``"completed"``
    (iPoker: as the full bet it would complete) or ``"last full bet"`` (PokerStars:
    it reopens the betting and the next raise completes it)
    (:attr:`~pokerhash.betting.Structure.half_bet_all_in`; rules: Betting)."""

    rake: Optional[RakeRule] = None
    run_it_twice: bool = False
    show_all: bool = False
    stud_by_position: bool = False
    four_players_use_36_cards: bool = True
    bring_in_past_all_in: str = "clockwise"
    odd_chips: OddChipRule = DEFAULT_ODD_CHIPS
    heads_up_dead_button: bool = False
    straddle_anywhere: bool = False
    cap: Optional[int] = None
    large_draw_tables: bool = False
    half_bet_all_in: str = "all-in"
    runs: int = 2

    def __post_init__(self) -> None:
        if type(self.runs) is not int or self.runs < 2:
            raise InvalidValueError(f"runs (the times run_it_twice deals the board) is 2 or more, not {self.runs!r}")
        if self.cap is not None and (type(self.cap) is not int or self.cap <= 0):
            raise InvalidValueError(f"cap must be a positive number of chips or None, not {self.cap!r}")
        if not isinstance(self.straddle_anywhere, bool):
            raise InvalidValueError(f"straddle_anywhere must be True or False, not {self.straddle_anywhere!r}")
        if self.bring_in_past_all_in not in ("clockwise", "lowest"):
            raise InvalidValueError(f"bring_in_past_all_in is 'clockwise' or 'lowest', not "
                                    f"{self.bring_in_past_all_in!r}")
        if self.half_bet_all_in not in HALF_BET_ALL_IN:
            raise InvalidValueError(f"half_bet_all_in is one of {', '.join(map(repr, HALF_BET_ALL_IN))}, not "
                                    f"{self.half_bet_all_in!r}")
        if not isinstance(self.odd_chips, OddChipRule):
            raise InvalidValueError(f"odd_chips is an OddChipRule, not {self.odd_chips!r}")
        if not isinstance(self.heads_up_dead_button, bool):
            raise InvalidValueError(f"heads_up_dead_button must be True or False, not {self.heads_up_dead_button!r}")


class PendingKind(str, enum.Enum):
    DECISION = "decision"  # a player's betting action
    BRING_IN = "bring-in"  # stud: bring in, or complete to the small bet
    DRAW = "draw"  # a player discards 0..count cards
    DEAL = "deal"  # the caller deals count cards (target: hole, up, board, burn, draw)
    OVER = "over"


class Pending(NamedTuple):
    """What the hand waits for. ``legal`` is set for decisions and bring-ins; ``count``
    is the number of cards to deal, or the most cards a drawing player may replace."""

    kind: PendingKind
    seat: Optional[int] = None
    legal: Optional[LegalActions] = None
    count: int = 0
    target: str = ""

    def __str__(self) -> str:
        if self.kind is PendingKind.DECISION or self.kind is PendingKind.BRING_IN:
            return f"seat {self.seat} to act: {self.legal}"
        if self.kind is PendingKind.DRAW:
            return f"seat {self.seat} to draw: discard 0 to {self.count} cards"
        if self.kind is PendingKind.DEAL:
            if self.target == "burn":
                return "burn 1 card"
            plural = "s" if self.count != 1 else ""
            where = "" if self.target == "board" else f" to seat {self.seat}"
            what = {"hole": "hole", "up": "face-up", "board": "board", "draw": "replacement"}[self.target]
            return f"deal {self.count} {what} card{plural}{where}"
        return "the hand is over"


class ShownHand(NamedTuple):
    """A hand shown at showdown on board ``run``: the player's own cards (the board
    apart), the high and low values (None when the game has no such half; a low of 0
    qualifies for nothing) and, on access, their English names."""

    seat: int
    cards: Tuple[int, ...]
    high: Optional[int]
    low: Optional[int]
    run: int
    variant: Variant

    @property
    def high_text(self) -> str:
        return self.variant.high.describe(self.high) if self.high is not None else ""

    @property
    def low_text(self) -> str:
        if self.low is None:
            return ""
        return self.variant.low.describe(self.low) if self.low else "no low"

    def __repr__(self) -> str:
        # The cards as text and the hand named; the variant (a long dataclass) left out.
        low = f", low={self.low_text!r}" if self.low is not None else ""
        run = f", run={self.run}" if self.run else ""
        return f"ShownHand(seat={self.seat}, cards=[{_text(self.cards)}], high={self.high_text!r}{low}{run})"


def _nets_by_index(stacks: List[int], initial: Tuple[int, ...], cap: Optional[int]) -> List[int]:
    """Each player's final stack less the starting one, by player index: at a capped
    table a player plays with at most the cap (the rest kept behind). Compiled, a C
    function (hand.pxd: read for every result, and by nets() at every rollout's end),
    its loop by index (zip() was a Python call and an iterator a hand)."""
    nets = []
    for i in range(len(stacks)):
        start = initial[i]
        nets.append(stacks[i] - (cap if cap is not None and start > cap else start))
    return nets


@dataclass(frozen=True)
class HandResult:
    """The end of a hand: chips won from the pots, uncalled chips returned, final
    stacks and net result per seat, one :class:`~pokerhash.pots.Settlement` per board
    (one per run after run it twice), the hands shown, and the rake."""

    payouts: Dict[int, int]
    returned: Dict[int, int]
    stacks: Dict[int, int]
    net: Dict[int, int]
    settlements: Tuple[Settlement, ...]
    shown: Tuple[ShownHand, ...]
    rake: int
    winners: Tuple[int, ...] = field(default=())

    def __repr__(self) -> str:
        """A short table: who won which pot, how much, with what hand; each seat's net."""
        from ..pictures.text import result_text

        return result_text(self)


_OVER = Pending(PendingKind.OVER)
# Compiled, hand.pxd cimports the C _new_tuple (_records.pxd: tuple.__new__'s result at a
# tenth of the cost); uncompiled, it is tuple.__new__.
globals().setdefault("_new_tuple", tuple.__new__)
# A record's field by index: compiled, _records.pxd's C read (see there).
globals().setdefault("_field", tuple.__getitem__)
# A frozen dataclass's instance from a dict of its fields: compiled, _records.pxd's C new_frozen.
globals().setdefault("_frozen", frozen_fields)
# Records of five and nine fields from their values (compiled, _records.pxd's C; see betting.py).
globals().setdefault("_record5", tuple_record5)
globals().setdefault("_record9", tuple_record9)
# Compiled, the Pending of every decision is kept when it dies and made again in its
# memory (_records.pxd: pool_records); uncompiled, a no-op.
globals().setdefault("_pool_records", no_record_pool)
_pool_records(Pending, 5)
# The types the hot path names (compiled, C globals: hand.pxd).
_PENDING_TYPE = Pending
_ACTION_TYPE = Action
_SIZED = (ActionKind.BET, ActionKind.RAISE)

#: The catalogue's engine value functions (``value(hole, board, lowest_rank)``: small
#: interpreted wrappers) by the per-call evaluator each one calls, and whether it takes
#: the hole cards and the board apart (Omaha) or together: the showdown calls the
#: evaluator itself, a third of the cost (tests/test_engine_showdown.py checks that both agree).
#: Third in each entry: the number of the C evaluator (_core.pxd) that the compiled
#: showdown calls instead (hand.pxd's _evaluated), 0 for none (shortdeck: called as it is).
_C_EVALUATORS = {"high": 1, "low8": 2, "a5-low": 3, "deuce7": 4, "badugi": 5, "omaha": 6, "omaha-low8": 7}
_DIRECT = {RANKINGS[name].value: (RANKINGS[name].evaluate, name.startswith("omaha"), _C_EVALUATORS.get(name, 0))
           for name in ("high", "low8", "shortdeck", "a5-low", "deuce7", "badugi", "omaha", "omaha-low8")}


def _call_evaluator(evaluate, apart: bool, kind: int, hole: Tuple[int, ...], board: Tuple[int, ...]) -> int:
    """``evaluate`` of the hole cards and the board (apart, or together). Compiled,
    hand.pxd's _evaluated calls the C evaluator numbered ``kind`` itself, with no
    Python call and no parsing of the cards (the engine's cards are distinct)."""
    return evaluate(hole, board) if apart else evaluate(hole + board)


globals().setdefault("_evaluated", _call_evaluator)


def _stepped_tuple(cards: List[int], start: int, step: int, count: int) -> Tuple[int, ...]:
    """``count`` cards of ``cards`` every ``step``-th from index ``start`` (``step``
    below 0: down a deck's stack from its top): the cards of one player of a deal.
    Compiled, hand.pxd's _stepped fills the tuple in C (a list appended to and copied,
    or a stepped slice, cost ~8 times as much)."""
    return tuple([cards[start + k * step] for k in range(count)])


globals().setdefault("_stepped", _stepped_tuple)

# Opening tests (Opening.allows) that wrap a compiled check of (cards, players,
# lowest_rank): _may_open calls the check itself, as _DIRECT does for the evaluators.
_DIRECT_OPENING = {kings_or_better: can_open_turkish}
# The built-in opening (the Turkish variants'), known by identity: a frozen dataclass's
# field read and a dict look-up cost more than the check (compiled, a C global).
_TURKISH_OPENERS = TURKISH_OPENERS
# A pair of kings or better as one comparison of evaluate_turkish's value: its class ids
# number the classes in the rules' order (category, then ranks), so the hands that open
# are those from the weakest pair of kings up (tests/test_engine_turkish_fast.py checks
# it on every hand of every deck against can_open_turkish). Compiled, hand.pxd's
# _opens_kings compares the C evaluator's value with it; C globals.
_TK_CODE_BITS = _turkish_class_table()[2]
_OPEN_CLASS = min(class_id for class_id, (category, ranks) in enumerate(zip(*(column.tolist() for column in
                                                                              _turkish_class_table()[:2])))
                  if class_id and category == TurkishCategory.ONE_PAIR and ranks >> 16 & 15 >= 11)  # 11: the king
# Both as Python names for the tests (compiled, the two above are C globals).
_OPENING_THRESHOLD = (_OPEN_CLASS, _TK_CODE_BITS)
# The reason a player without openers may not open (LegalActions.no_raise_reason), made
# once per opening: an f-string at every such decision costs a format and a concatenation.
_REASON_OPENING: object = None
_REASON_TEXT = ""


def _no_open_reason(opening) -> str:
    """``f"opening needs {opening.name}"``, kept for the last opening asked."""
    global _REASON_OPENING, _REASON_TEXT
    if opening is not _REASON_OPENING:
        _REASON_TEXT = f"opening needs {opening.name}"
        _REASON_OPENING = opening
    return _REASON_TEXT


def _no_direct_opening(hole: Tuple[int, ...], lowest: int) -> int:
    """Compiled, hand.pxd's _opens_kings: 1 or 0 when five cards of the deck open with a
    pair of kings or better, -1 when the hand is not the usual one (not five distinct ints
    of the deck): then can_open_turkish decides, and names a bad card. Uncompiled, -1."""
    return -1


globals().setdefault("_opens_kings", _no_direct_opening)

# The program of a hand: ops run in order, each street's deals then its betting.
# (_BETTING: not _BET, which names ActionKind.BET below; the ops are C ints in _advance.)
_HOLE, _UP, _BURN, _BOARD, _DRAW, _BETTING, _SEVENTH, _SHOWDOWN = range(8)


def _program(variant: Variant) -> Tuple[Tuple[int, int], ...]:
    ops: List[Tuple[int, int]] = []
    last = len(variant.streets) - 1
    for index, street in enumerate(variant.streets):
        if variant.is_stud and index == last and index:
            ops.append((_SEVENTH, 0))  # may turn the street into one community card
        if street.burn:
            ops.append((_BURN, 0))
        if street.hole:
            ops.append((_HOLE, street.hole))
        if street.up:
            ops.append((_UP, street.up))
        if street.board:
            ops.append((_BOARD, street.board))
        if street.draw:
            ops.append((_DRAW, street.draw))
        ops.append((_BETTING, index))
    ops.append((_SHOWDOWN, 0))
    return tuple(ops)


# How many games (variant, stakes, options, player count) each per-game cache below
# keeps before it is emptied (games made on the fly must not pile up). A site's
# importer makes a Variant per table header and an Options per rake amount: the
# PokerStars files of the tracker's benchmark (1,600 hands) hold more than 256 such
# games, so a bound of 256 emptied the caches once or twice a pass over them and a
# quarter of the hands replayed rebuilt their deal shape and structure (~6,000
# instructions each, callgrind). An entry is a small tuple of objects the caller
# holds anyway.
_GAMES_KEPT = 4096

# Per game (by identity: hashing a Variant costs more than a hand's setup), what
# every hand of it shares: the program and the deck by player count, and the
# checked betting structure by stakes.
_SHAPES: Dict[Tuple[int, int, bool, bool], tuple] = {}
_STRUCTURES: Dict[Tuple[int, int], tuple] = {}
# _structure's entries by the stakes and the variant's form (see there).
_STRUCTURE_FORMS: Dict[tuple, tuple] = {}


# The same by the game's form, what the program, the deck and the seating check read
# (the streets by identity, stud or not, the deck's fields, the table's size), for a
# variant not met yet: a site's importer makes a Variant per table header
# (with_limit's copies share the streets tuple), and building the shape again (the
# program, the deck, its set, fits) cost ~25,000 instructions a new table.
_SHAPE_FORMS: Dict[tuple, tuple] = {}


def _deal_shape(variant: Variant, players: int, four_players_use_36_cards: bool, large_draw_tables: bool) -> tuple:
    key = (id(variant), players, four_players_use_36_cards, large_draw_tables)
    shape = _SHAPES.get(key)
    if shape is None or shape[2] is not variant:
        if len(_SHAPES) > _GAMES_KEPT:
            _SHAPES.clear()  # games made on the fly must not pile up
        form = None
        # Variant itself only (a subclass may read its fields otherwise; any other object
        # fails below as before), its fields plain ints and flags (they are not checked:
        # anything else is not keyed, and built as before).
        if type(variant) is Variant and type(four_players_use_36_cards) is bool and type(large_draw_tables) is bool:
            streets, ranks, by_players, most = variant.streets, variant.deck_ranks, variant.deck_by_players, \
                variant.max_players
            if type(ranks) is int and type(most) is int and type(by_players) is bool:
                form = (id(streets), variant.forced is _FORCED_BRING_IN, ranks, by_players, most, players,
                        four_players_use_36_cards, large_draw_tables)
                found = _SHAPE_FORMS.get(form)
                if found is not None and found[0] is streets:
                    shape = _SHAPES[key] = found[1][:2] + (variant,) + found[1][3:]
                    return shape
        if not variant.fits(players, large_draw_tables):
            low, high = variant.player_limits(large_draw_tables)
            raise InvalidValueError(f"{variant.name} seats {low} to {high} players, not {players}")
        deck = variant.deck(players, four_players_use_36_cards)
        # The deck as a set as well: a dealt card's check is then one look-up.
        shape = _SHAPES[key] = (_program(variant), deck, variant, frozenset(deck))
        if form is not None:
            if len(_SHAPE_FORMS) > _GAMES_KEPT:
                _SHAPE_FORMS.clear()
            _SHAPE_FORMS[form] = (variant.streets, shape)  # the streets kept: their id is not reused
    return shape


_DEFAULTS: Dict[int, Tuple[Variant, Stakes]] = {}
# Per (game, stakes as given, options, players), by identity: (variant, stakes as given,
# options, _deal_shape's entry, the stakes (the default filled in), the structure, the
# stakes played, the sum of their amounts), once Hand's checks of them have passed.
_TABLES: Dict[Tuple[int, int, int, int], tuple] = {}
# The last _TABLES entry used and its player count: a table plays one game hand after
# hand, and the entry compared by identity spares the key's three id() calls and the
# dict look-up (~1,500 instructions a hand). Emptied with _TABLES (_table_entry).
_LAST_TABLE: list = [None, 0]
# Hand._index by the seats in clockwise order (_set_up).
_INDEXES: Dict[Tuple[int, ...], Dict[int, int]] = {}
# The last variant valued at a showdown and its rules' value functions and _DIRECT
# entries (_index_values): the same game hand after hand, read once.
_LAST_RULES: list = [None, None, None, None, None]
#: A draw's Pending by player index (Hand._next_draw): the records are immutable, so
#: every draw of the same seat at that index with the same most cards shares one.
_DRAW_PENDING: List[Pending] = []
# The last game's fields that every hand's set-up reads (a frozen dataclass's field is
# a Python attribute lookup, ~190 instructions): variant, options, then the opening,
# forced bets, whether the best showing acts first, the cap, run it twice, the rake and
# the odd chips' rule (see _set_up, _maybe_twice, _finish). One tuple, replaced whole and
# read through a local: hands on other threads never see one game's fields under
# another's key.
_LAST_SETUP: list = [None]
# The last stakes' antes and blinds as a hand posts them (see _new_deal): stakes,
# options, player count, ante, big-blind ante, then the blinds' ForcedBets as a tuple and
# who acts first, or None when they depend on the hand (missed blinds, a straddle), and
# the options' heads_up_dead_button (what the blinds read of the options).
# One tuple, replaced whole (as _LAST_SETUP): never one stakes' blinds under another's key.
_LAST_DEAL: list = [None]
# The event records the log is made of, as C globals compiled (hand.pxd): ev.Act is a
# module attribute look-up (~240 instructions), made for every event of a logged hand.
_EV_ACT, _EV_BURN, _EV_DEAL, _EV_DRAW, _EV_MUCK, _EV_POST, _EV_RAKE, _EV_RETURN, _EV_SHOW, _EV_START, _EV_WIN = \
    ev.Act, ev.Burn, ev.Deal, ev.Draw, ev.Muck, ev.Post, ev.Rake, ev.Return, ev.Show, ev.Start, ev.Win
# The Pending of a caller's burn, and of a caller's board deal by its count (Hand._advance):
# records are immutable, so every such deal shares one (a new record a deal, and its
# release, cost ~300 instructions).
_BURN_PENDING = Pending(PendingKind.DEAL, None, None, 1, "burn")
_BOARD_PENDING: Tuple[Pending, ...] = tuple(Pending(PendingKind.DEAL, None, None, k, "board") for k in range(8))
# No cards freed (Hand._check_free's second argument outside a draw past the stub).
_NO_CARDS: Tuple[int, ...] = ()


def _int_cards(got: Tuple[int, ...]) -> int:
    """The cards a caller deals as ints as bits (a bit per card), checked as
    cards.cards checks ints: every card an int 0..51 first (CardTypeError for any other
    object), then the first card given again (Hand._deal_ints, Hand._deal_players_ints).
    Compiled, a C function (hand.pxd): C integer tests."""
    seen = 0
    again = -1
    one = 1
    for c in got:
        if type(c) is not int:
            raise CardTypeError(f"a card dealt here is an int 0..51, not {type(c).__name__} {c!r}")
        if not 0 <= c <= 51:
            raise InvalidCardError(f"card {c} is outside 0..51")
        card = c
        bit = one << card
        if seen & bit:
            if again < 0:
                again = card
        seen |= bit
    if again >= 0:
        raise InvalidCardError(f"card {_text([again])} appears more than once")
    return seen


def _default_stakes(variant: Variant) -> Stakes:
    """Stakes.default, one value per game (the structure cache is keyed by identity)."""
    entry = _DEFAULTS.get(id(variant))
    if entry is None or entry[0] is not variant:
        if len(_DEFAULTS) > 256:
            _DEFAULTS.clear()
        entry = _DEFAULTS[id(variant)] = (variant, Stakes.default(variant))
    return entry[1]


def _structure(stakes: Stakes, variant: Variant, half_bet_all_in: str = "all-in") -> Tuple[Structure, Stakes]:
    """The checked structure (with the table's ``Options.half_bet_all_in``), and the
    stakes played (stud's default bring-in filled in)."""
    key = (id(stakes), id(variant), half_bet_all_in)
    entry = _STRUCTURES.get(key)
    if entry is None or entry[1] is not stakes or entry[2] is not variant:
        if len(_STRUCTURES) > _GAMES_KEPT:
            _STRUCTURES.clear()
        # A variant not met yet (a site's importer makes one per table header): the
        # same by what the structure and its checks read of it (the limit, the forced
        # bets, the big-bet street), the stakes by identity as above.
        form = None
        if type(variant) is Variant and type(half_bet_all_in) is str:  # (as _deal_shape's forms)
            street = variant.big_bet_street
            if type(street) is int:
                form = (id(stakes), id(variant.limit), id(variant.forced), street, half_bet_all_in)
                found = _STRUCTURE_FORMS.get(form)
                if found is not None and found[1] is stakes:
                    entry = _STRUCTURES[key] = (found[0], stakes, variant, found[3])
                    return entry[0], entry[3]
        structure = stakes.structure(variant)
        if half_bet_all_in != structure.half_bet_all_in and not structure.is_big_bet:
            structure = replace(structure, half_bet_all_in=half_bet_all_in)
        if variant.forced is Forced.BLINDS and (len(stakes.blinds) not in (1, 2)) == (not stakes.button_blind):
            raise InvalidValueError(f"{variant.name} needs one or two blinds or a button blind, not "
                                    f"{stakes.blinds} and {stakes.button_blind}")
        if stakes.button_blind and stakes.straddle and stakes.straddle_position is None:
            raise InvalidValueError("a straddle goes with two blinds, not with a button blind (a room's straddle "
                                    "beside a button blind: Stakes.straddle_position)")
        if variant.forced is not Forced.BLINDS and (stakes.blinds or stakes.button_blind or stakes.straddle):
            raise InvalidValueError(f"{variant.name} has no blinds or straddle")
        played = stakes
        if variant.is_stud and not stakes.bring_in:
            # The rules' default bring-in: half the small bet (rules: The games and their flow).
            played = replace(stakes, bring_in=max(1, structure.small_bet // 2))
        if variant.is_stud and not 0 < played.bring_in <= structure.small_bet:
            raise InvalidValueError(f"stud needs a bring-in of 1..{structure.small_bet}, not {stakes.bring_in}")
        if variant.forced is Forced.ANTES and not stakes.ante:
            raise InvalidValueError(f"{variant.name} needs an ante")
        entry = _STRUCTURES[key] = (structure, stakes, variant, played)
        if form is not None:
            if len(_STRUCTURE_FORMS) > _GAMES_KEPT:
                _STRUCTURE_FORMS.clear()
            # (the entry keeps the stakes, and the variant's limit and forced bets: their
            # ids are not reused)
            _STRUCTURE_FORMS[form] = (structure, stakes, variant, played)
    return entry[0], entry[3]


# Enum members as module constants: read per action, a global is several times
# cheaper than an enum class attribute.
_ALL_IN = ActionKind.ALL_IN
_BLIND = ForcedKind.BLIND
_ANTE = ForcedKind.ANTE  # an Enum member read through its class is a Python __getattr__ call
_FORCED_KIND_BRING_IN = ForcedKind.BRING_IN
_BET = ActionKind.BET
_RAISE = ActionKind.RAISE
_CHECK = ActionKind.CHECK
_FOLD = ActionKind.FOLD
_CALL = ActionKind.CALL
_FIRST_SHOWING = FirstToAct.SHOWING
_FORCED_BLINDS = Forced.BLINDS
_FORCED_BRING_IN = Forced.BRING_IN
_WAIT_BRING_IN = PendingKind.BRING_IN
_WAIT_DEAL = PendingKind.DEAL
_WAIT_DECISION = PendingKind.DECISION
_WAIT_DRAW = PendingKind.DRAW


class Hand:
    """One hand. Build it, then answer :attr:`pending` until it is ``PendingKind.OVER``.

    ``stacks`` maps seat numbers (any ints; empty seats may lie between) to chips;
    ``button`` is the dealer seat (it may be empty). Dealing: by default from a fresh
    :class:`~pokerhash.cards.Deck` (the operating system's CSPRNG, or ``seed``); or
    from ``deck`` (a shuffled Deck of the variant's cards: the hand deals from its
    top); or ``cards``, a scripted list in dealing order (burns included); or, with
    ``deal="caller"``, card by card through :meth:`deal` when :attr:`pending` asks.
    ``stakes`` default to :meth:`Stakes.default` for the variant; a stud game without
    a bring-in plays the rules' half of the small bet. The stacks plus the stakes'
    amounts and missed blinds come to at most 2**62 chips
    (:data:`~pokerhash.errors.MAX_CHIPS`: the betting round's C integers), else
    :class:`~pokerhash.errors.ChipLimitError`.
    ``log=False`` switches the event log off (rollouts). ``missed_blinds`` maps a
    seat coming back from sitting out to the (live, dead) chips it posts for the blinds
    it missed: the live part as a blind, the dead part straight into the pot (a seat
    that posts one of the blinds may owe a dead part only).
    """

    __slots__ = (
        "variant", "stakes", "options", "seats", "button", "structure", "_index", "_n", "_program", "_pc",
        "_round", "_stacks", "_contributed", "_folded", "_initial", "_hole", "_up", "_board", "_boards",
        "_deck", "_script", "_used", "_stub", "_muck", "_lowest", "_log", "_pending", "_deal_next",
        "_discarded", "_opener", "_aggressor", "_twice", "_result", "_street", "_caller", "_deck_cards",
        "_deck_set", "_missed", "_dead", "_conceded", "_kept", "_opening", "_forced",
        "_by_showing",
    )

    def __init__(
        self,
        variant: Variant,
        stacks: Mapping[int, int],
        *,
        button: int,
        stakes: Optional[Stakes] = None,
        options: Options = Options(),
        deck: Optional[Deck] = None,
        seed: Optional[int] = None,
        cards: Optional[HandLike] = None,
        deal: str = "engine",
        log: bool = True,
        missed_blinds: Mapping[int, Tuple[int, int]] = {},
    ) -> None:
        order = sorted(stacks)
        n = len(order)
        if n < 2:
            raise InvalidValueError(f"a hand needs at least 2 players, not {n}")
        # What every hand of this game, stakes, options and player count shares, once its
        # checks have passed (the objects are frozen; the entry holds them, so their ids
        # are not reused): one look-up instead of the checks and a dozen dataclass reads.
        table = _LAST_TABLE[0]
        if table is None or table[0] is not variant or table[1] is not stakes or table[2] is not options \
                or _LAST_TABLE[1] != n or not _TABLES:
            table = _TABLES.get((id(variant), id(stakes), id(options), n))
        hit = table is not None and table[0] is variant and table[1] is stakes and table[2] is options
        if hit:
            _LAST_TABLE[0], _LAST_TABLE[1] = table, n
        if hit:
            deal_shape = table[3]
        else:
            deal_shape = _deal_shape(variant, n, options.four_players_use_36_cards, options.large_draw_tables)
        seats = _clockwise(order, button)
        chips = []
        total = 0  # sum(initial) and all(initial) in this loop: no builtin calls
        empty = False
        for seat in seats:
            stack = stacks[seat]
            # as_chips' own first test here (compiled, a pointer test and a compare): its
            # Python call, with a tuple of details, only for a stack it may reject.
            stack = stack if type(stack) is int and stack >= 0 else as_chips(stack, "stack of seat {}", seat)
            chips.append(stack)
            total += stack
            if not stack:
                empty = True
        initial = tuple(chips)
        if empty:
            raise InvalidValueError(f"every player needs chips: stacks {dict(stacks)}")
        if hit:
            given, structure, played, stakes_chips = table[4], table[5], table[6], table[7]
        else:
            asked = stakes
            if stakes is None:
                stakes = _default_stakes(variant)
            elif not isinstance(stakes, Stakes):
                raise InvalidValueError(f"stakes must be a pokerhash.engine.Stakes, not {stakes!r:.100}")
            structure, played = _structure(stakes, variant, options.half_bet_all_in)
            if stakes.straddle_position is not None:
                if not options.straddle_anywhere:
                    raise InvalidValueError("a straddle at straddle_position is a room's rule: the rules' straddle is "
                                            "posted by the player left of the big blind "
                                            "(Options(straddle_anywhere=True) plays it)")
                if not 2 < n > stakes.straddle_position:
                    raise InvalidValueError(f"straddle_position {stakes.straddle_position} is no position of a hand "
                                            f"of {n} players (a straddle needs three or more)")
            # Every amount of the stakes that can set a bet level (checked below with the stacks).
            stakes_chips = (sum(played.blinds) + played.button_blind + played.ante + played.straddle + played.bring_in
                            + structure.small_bet + structure.big_bet)
            if len(_TABLES) > _GAMES_KEPT:
                _TABLES.clear()  # games made on the fly must not pile up
            _TABLES[(id(variant), id(asked), id(options), n)] = (variant, asked, options, deal_shape, stakes,
                                                                 structure, played, stakes_chips)
            given = stakes
        full_deck = deal_shape[1]
        # The chips at the table and every amount that can set a bet level, within the
        # engine's limit (betting.check_chip_total: its C integers cannot overflow).
        missed_chips = 0
        for live, dead in missed_blinds.values() if missed_blinds else ():
            missed_chips += as_chips(live, "a missed live blind") + as_chips(dead, "a missed dead blind")
        check_chip_total(total + stakes_chips + missed_chips,
                         "the stacks, the stakes' amounts and the missed blinds")
        missed = tuple(sorted([(seat, as_chips(live, "a missed live blind"), as_chips(dead, "a missed dead blind"))
                               for seat, (live, dead) in missed_blinds.items()])) if missed_blinds else ()
        if missed and (any(seat not in stacks for seat, _, _ in missed) or variant.forced is not _FORCED_BLINDS):
            raise InvalidValueError(f"missed blinds {dict(missed_blinds)} need seats of this hand in a game with blinds")
        script: Optional[List[int]] = None
        used: Optional[set] = None
        caller = deal == "caller"
        if caller:
            if deck is not None or cards is not None or seed is not None:
                raise InvalidValueError("deal='caller' takes its cards from deal(), not from a deck, seed or cards")
            used = set()
        elif deal != "engine":
            raise InvalidValueError(f"deal must be 'engine' or 'caller', not {deal!r}")
        elif cards is not None:
            script = parse_cards(cards, distinct=False)[::-1]
            used = set()
            deck = None
        else:
            if deck is None:
                deck = Deck(seed, full_deck)
            elif not isinstance(deck, Deck):
                raise InvalidValueError(f"deck must be a pokerhash.cards.Deck, not {deck!r}")
            elif len(deck) != len(full_deck):
                raise InvalidValueError(f"the deck has {len(deck)} cards; {variant.name} with {n} players deals "
                                        f"from a fresh deck of {len(full_deck)}")
        self._set_up(variant, options, given, structure, played, seats, button, initial, deal_shape[0], full_deck,
                     deal_shape[3], full_deck[0] // 4 + 2, missed, log, deck, script, used, caller)

    def _set_up(self, variant: Variant, options: Options, given: Stakes, structure: Structure, stakes: Stakes,
                seats: Tuple[int, ...], button: int, initial: Tuple[int, ...], program: tuple, deck_cards: tuple,
                deck_set: object, lowest: int, missed: tuple, log: bool, deck: Optional[Deck],
                script: Optional[List[int]], used: Optional[set], caller: bool) -> None:
        """Every field of a new hand, then the deal: what __init__ (after its checks)
        and next_hand (with what stays the same at the table) both run. ``given``: the
        stakes as given, which the Start event records; ``stakes``: as played (stud's
        default bring-in filled in). Dealing from ``deck``, or the reversed ``script``,
        or (``caller``) from deal(); ``used``: the set of cards dealt so far, for the
        script and the caller (None with a deck). Compiled, a C method (hand.pxd)."""
        self.variant = variant
        setup = _LAST_SETUP[0]  # the last game's fields, read once per game (frozen objects)
        if setup is None or setup[0] is not variant or setup[1] is not options:
            # Whether the best showing hand acts first from 4th street: read at every round.
            setup = (variant, options, variant.opening, variant.forced,
                     variant.first_to_act is _FIRST_SHOWING and not options.stud_by_position, options.cap,
                     options.run_it_twice, options.rake, options.odd_chips)
            _LAST_SETUP[0] = setup
        self._opening = setup[2]  # read at every decision: a field, not a dataclass lookup
        self._forced = setup[3]  # read at every round and deal: likewise
        self._by_showing = setup[4]
        self.options = options
        self.seats = seats
        self.button = button
        self.structure, self.stakes = structure, stakes
        # The seat -> index dict, shared by every hand of the same seats in the same
        # order (clone() shares it already: nothing writes to it), as _TABLES bounded.
        indexes = _INDEXES  # compiled, a typed dict: its get a C call, not a method's lookup and call
        index = indexes.get(seats)
        if index is None:
            if len(indexes) > _GAMES_KEPT:
                indexes.clear()
            index = indexes[seats] = {seat: i for i, seat in enumerate(seats)}
        self._index = index
        self._n = n = len(seats)
        self._program = program
        self._initial = initial
        # A capped table: the chips over the cap take no part in the hand (see _finish).
        cap = setup[5]
        self._stacks = list(initial) if cap is None else [min(s, cap) for s in initial]
        self._contributed = [0] * n
        self._folded = [False] * n
        self._deck_cards = deck_cards
        self._deck_set = deck_set
        self._lowest = lowest
        self._missed = missed
        # The log's events are NamedTuples made by _new_tuple (every field given): their own
        # __new__ is interpreted Python, a frame for each of the thirty-odd events of a hand.
        self._log: Optional[list] = [_new_tuple(_EV_START, (variant, seats, initial, button, given, options,
                                                           missed))] if log else None
        self._script: Optional[List[int]] = script
        self._used: Optional[set] = used
        self._deck: Optional[Deck] = deck
        self._caller = caller
        self._dead = 0  # dead money (big-blind ante, missed small blinds): see _post_dead
        self._conceded = ()  # seats that muck at the showdown whatever they hold: see muck
        self._kept = ()  # (player index, chips kept behind) of players made all-in: see protect
        self._new_deal()
        self._advance()

    # -- setup ---------------------------------------------------------------

    def _new_deal(self) -> None:
        """Fresh cards, antes and blinds: the start of the hand, and a Turkish re-deal."""
        n = self._n
        # One list of empty hands and two copies (compiled, a repeat of a list literal is
        # a generic multiplication, dearer than a copy).
        empty: List[Tuple[int, ...]] = [()] * n
        self._hole: List[Tuple[int, ...]] = empty
        self._up: List[Tuple[int, ...]] = empty[:]
        self._board: Tuple[int, ...] = ()
        self._boards: Tuple[Tuple[int, ...], ...] = ()
        self._muck: List[int] = []
        self._discarded: List[Tuple[int, ...]] = empty[:]
        self._stub = len(self._deck_cards)
        self._pc = 0
        self._deal_next = 0
        self._street = 0
        self._round: Optional[BettingRound] = None
        self._opener: Optional[int] = None
        self._aggressor: Optional[int] = None
        self._twice: Optional[Tuple[int, int]] = None
        self._result: Optional[HandResult] = None
        self._pending = _OVER
        stakes = self.stakes
        # The stakes' antes and blinds as the last hand of these stakes, options and
        # players posted them (frozen objects, kept alive by the entry: their ids are
        # not reused): dataclass lookups and the blinds' ForcedBets once per game.
        # Of the options, the blinds read heads_up_dead_button alone: other options
        # with the same flag (a site's importer makes options per rake amount) post
        # the same blinds.
        deal = _LAST_DEAL[0]
        options = self.options
        if deal is None or deal[0] is not stakes or deal[2] != n or \
                (deal[1] is not options and deal[7] is not options.heads_up_dead_button):
            deal = (stakes, options, n, stakes.ante, stakes.big_blind_ante, None, 0, options.heads_up_dead_button)
            _LAST_DEAL[0] = deal
        ante = deal[3]
        if ante:
            if deal[4]:
                self._post_dead(self._big_blind(), ante * n, ForcedKind.ANTE, dead=True)
            else:
                for i in range(n):
                    self._post_dead(i, ante, _ANTE)
        if self._forced is _FORCED_BLINDS:
            # Blinds and straddle go in before the cards: round 0 starts now.
            forced = deal[5]
            if forced is not None and not self._missed:
                first = deal[6]
            else:
                forced = []
                first = self._post_blinds(forced)
                # The blinds depend on the stakes, options and players alone without
                # missed blinds or a straddle (which depend on the stacks or the seats).
                if not self._missed and stakes.straddle_position is None and not stakes.straddle:
                    _LAST_DEAL[0] = deal[:5] + (tuple(forced), first, deal[7])
            self._begin_round(open_round(self.structure, self._stacks, first, 0, forced, self._contributed,
                                         self._folded, False, self._dead), forced)

    def _post_dead(self, i: int, amount: int, kind: ForcedKind, dead: bool = False) -> None:
        """Chips into the pot that are no bet. An ante counts towards its player's
        side-pot level; ``dead`` money (a big-blind ante, a missed small blind) is
        everyone's: it goes to the main pot and is never returned as uncalled."""
        stack = self._stacks[i]
        chips = stack if stack < amount else amount  # min(amount, stack) without the builtin's call
        if not chips:
            return
        self._stacks[i] -= chips
        if dead:
            self._dead += chips
        else:
            self._contributed[i] += chips
        if self._log is not None:
            self._log.append(_new_tuple(_EV_POST, (self.seats[i], kind, chips)))

    def _big_blind(self) -> int:
        if self.stakes.button_blind:
            return self._n - 1
        # Heads-up the button (index 1) posts the small blind, so index 0 posts the big one
        # (with a dead button, the blinds are posted as at a fuller table).
        heads_up = self._n == 2 and not self.options.heads_up_dead_button
        return 0 if heads_up else min(len(self.stakes.blinds), 2) - 1

    def _post_blinds(self, forced: List[ForcedBet]) -> int:
        """Blinds left of the button (heads-up: the button posts the small blind), then
        an optional straddle; returns who acts first preflop (rules: The games and their flow)."""
        n = self._n
        if self.stakes.button_blind:
            forced.append(checked_forced_bet(_BLIND, n - 1, self.stakes.button_blind))
            return self._straddle_anywhere(forced, 0)
        blinds = self.stakes.blinds
        heads_up = n == 2 and not self.options.heads_up_dead_button
        # The posters are 0, 1, ... left of the button, or heads-up (1, 0): the button
        # posts the small blind (by index, not a zip of the two: compiled, a C loop).
        count = len(blinds)
        if heads_up and count > 2:
            count = 2
        for k in range(count):
            # Posted even by a player all-in on the ante: the others face the full
            # blind, as they do a short one (rules: Betting).
            forced.append(checked_forced_bet(_BLIND, 1 - k if heads_up else k, blinds[k]))
        first = len(blinds) % n if not heads_up else 1
        for seat, live, dead in self._missed:
            i = self._index[seat]
            # A player in the blinds may still owe a dead part (a player coming back on
            # the big blind posts the missed small blind dead), never a live one.
            if live and any([bet.player == i for bet in forced]):
                raise InvalidValueError(f"seat {seat} is in the blinds and owes no missed live blind")
            if dead:
                self._post_dead(i, dead, ForcedKind.ANTE, dead=True)
            if live and self._stacks[i]:
                forced.append(checked_forced_bet(_BLIND, i, live))
        if self.stakes.straddle_position is not None:
            return self._straddle_anywhere(forced, first)
        straddle = self.stakes.straddle
        if straddle and n > 2 and self._stacks[first] >= straddle:
            forced.append(checked_forced_bet(ForcedKind.STRADDLE, first, straddle))
            first = (first + 1) % n
        return first

    def _straddle_anywhere(self, forced: List[ForcedBet], first: int) -> int:
        """A room's straddle at ``Stakes.straddle_position`` (``Options.straddle_anywhere``):
        it replaces its player's blind (the blind is part of it), and preflop action
        starts on the straddler's left; returns who acts first."""
        i = self.stakes.straddle_position
        if i is None:
            return first
        straddle = self.stakes.straddle
        if self._stacks[i] < straddle:
            return first  # not affordable: no straddle, as for the rules' straddle
        forced[:] = [bet for bet in forced if bet.player != i]
        forced.append(checked_forced_bet(ForcedKind.STRADDLE, i, straddle))
        return (i + 1) % self._n

    # -- what the hand waits for --------------------------------------------

    @property
    def pending(self) -> Pending:
        """What the hand waits for (a decision, a bring-in, a draw, a deal) or OVER."""
        return self._pending

    @property
    def is_over(self) -> bool:
        return self._pending is _OVER

    @property
    def result(self) -> HandResult:
        """The result; IllegalActionError before the hand is over."""
        result = self._result
        if result is None:
            raise IllegalActionError(f"the hand is not over: {self._pending}")
        if type(result) is tuple:
            result = self._result = self._result_record(result)
        return result

    def nets(self) -> List[int]:
        """The chips each player won or lost, by player index (the order of
        :attr:`seats`): what :attr:`result` holds as ``net``, without building the
        result (the settlement again, the hands shown). The final stack less the
        starting one; at a capped table a player plays with at most the cap and keeps
        the rest behind. IllegalActionError before the hand is over."""
        if self._result is None:
            raise IllegalActionError(f"the hand is not over: {self._pending}")
        return _nets_by_index(self._stacks, self._initial, self.options.cap)

    def _result_record(self, parts: tuple) -> HandResult:
        """The HandResult of a finished hand from what _finish kept: (payouts,
        returned, settlements, shown, rake), with the final stacks and nets per seat."""
        payouts, returned, settlements, shown, rake = parts
        seats, initial = self.seats, self._initial
        if payouts is None:
            # _finish's path by index (_settle_by_index): the Pots (_pots's), the values by
            # seat, the settlement and the hands shown as its full path makes them.
            contributed, folded, dead, high, low, live = settlements
            pots = side_pots_of(seats, contributed, folded)
            if dead:
                pots = with_dead_money(pots, dead, [seats[i] for i in live])
            pot_list = pots.pots
            uncalled = {pots.uncalled_seat: pots.uncalled_amount} if pots.uncalled_amount else {}
            if high is None:
                highs, lows = [{}], [None]
            else:
                highs = [{seats[i]: high[i] for i in live}]
                lows = [{seats[i]: low[i] for i in live} if low is not None else None]
            settlements = (settle_checked(pot_list, highs[0], lows[0], self._index, 0, uncalled,
                                          self.options.odd_chips, False),)
            payouts = {}
            for result in settlements[0].pots:
                for award in result.awards:
                    amount = award.amount
                    if amount:
                        payouts[award.seat] = payouts.get(award.seat, 0) + amount
            if len(live) > 1:
                boards = self._boards + (self._board,) if self._boards else (self._board,)
                shown = self._show(live, pot_list, boards, highs, lows)
        final: Dict[int, int] = {}
        net: Dict[int, int] = {}
        # the cap read once per game (see _set_up)
        options = self.options
        setup = _LAST_SETUP[0]
        cap = setup[5] if setup is not None and setup[1] is options else options.cap
        nets = _nets_by_index(self._stacks, initial, cap)
        for i in range(self._n):
            seat = seats[i]
            won = nets[i]
            final[seat] = initial[i] + won  # the chips kept behind at a capped table included
            net[seat] = won
        return _frozen(HandResult, {"payouts": payouts, "returned": returned, "stacks": final, "net": net,
                                    "settlements": settlements, "shown": shown, "rake": rake,
                                    "winners": tuple(sorted(payouts))})

    @property
    def events(self) -> List[ev.Event]:
        """The event log (see :mod:`pokerhash.engine.events`); empty when switched off."""
        return list(self._log) if self._log is not None else []

    # -- state for callers ---------------------------------------------------

    @property
    def stacks(self) -> Dict[int, int]:
        """Chips behind each seat now (bets in front of them excluded)."""
        return dict(zip(self.seats, self._stacks))

    @property
    def contributed(self) -> Dict[int, int]:
        """All chips each seat has put in this hand."""
        return dict(zip(self.seats, self._contributed))

    @property
    def bets(self) -> Dict[int, int]:
        """Chips in front of each seat in the current betting round."""
        bets = self._round.bets if self._round is not None and not self.is_over else [0] * self._n
        return dict(zip(self.seats, bets))

    def chips(self) -> Tuple[List[int], List[int], List[int], List[bool]]:
        """Stacks, bets in the current round, chips put in this hand and folded flags as
        lists by player index (the order of :attr:`seats`): the live lists, for observers
        that read them at every decision (the dict properties build a dict per call).
        Read them, do not change them; copy what you keep."""
        return self._stacks, self.round_bets(), self._contributed, self._folded

    def round_bets(self) -> List[int]:
        """Chips in front of each player in the current betting round, by player index
        (the order of :attr:`seats`; zeros between rounds and when the hand is over).
        The live list: read it, do not change it."""
        round_ = self._round
        return round_.bets if round_ is not None and self._pending is not _OVER else [0] * self._n

    def snapshot(self, index: int) -> tuple:
        """In one call, what an observer at player ``index`` (the order of
        :attr:`seats`) reads at every decision (the RL observation encoder): their
        cards, the board, every player's up cards, :meth:`chips`' four lists, the pot,
        :attr:`pending` and :attr:`street`. The lists are live: read, do not change."""
        pot = self._dead  # :attr:`pot` inline: compiled, reading a property is a Python attribute lookup
        for chips in self._contributed:
            pot += chips
        return (self._hole[index], self._boards[0] if self._boards else self._board, self._up, self._stacks,
                self.round_bets(), self._contributed, self._folded, pot, self._pending, self._street)

    @property
    def pot(self) -> int:
        """Every chip put in this hand, bets in front of the players included."""
        pot = self._dead
        for chips in self._contributed:  # compiled, a loop costs a third of calling sum()
            pot += chips
        return pot

    @property
    def folded(self) -> Tuple[int, ...]:
        return _folded_seats(self.seats, self._folded)

    @property
    def lowest_rank(self) -> int:
        """The lowest rank of the deck (2; Turkish poker's stripped decks 6 to 9): the
        ace also plays just below it in a straight."""
        return self._lowest

    @property
    def street(self) -> int:
        """The current street (0-based index into the variant's streets)."""
        return self._street

    @property
    def board(self) -> Tuple[int, ...]:
        """The community cards (the first run's, after run it twice)."""
        return self._boards[0] if self._boards else self._board

    @property
    def boards(self) -> Tuple[Tuple[int, ...], ...]:
        """Every board: one, or one per run after run it twice."""
        return self._boards + (self._board,) if self._boards else (self._board,)

    def hole_cards(self, seat: int) -> Tuple[int, ...]:
        """All of ``seat``'s own cards in the order held (stud's up cards included)."""
        # An int seat's index by one dict read (player_index's try and call for the rest:
        # an int is hashable, so only a seat not in the hand is missing).
        i = self._index.get(seat) if type(seat) is int else None
        return self._hole[i if i is not None else self.player_index(seat)]

    def up_cards(self, seat: int) -> Tuple[int, ...]:
        """``seat``'s face-up cards (stud)."""
        return self._up[self.player_index(seat)]

    def player_index(self, seat: int) -> int:
        """The player index of ``seat`` (its place in :attr:`seats`: 0 is the first
        seat left of the button); InvalidValueError for a seat not in this hand."""
        try:
            return self._index[seat]
        except (KeyError, TypeError):
            raise InvalidValueError(f"seat {seat!r} is not in this hand (seats {list(self.seats)})") from None

    # -- betting actions -----------------------------------------------------

    def validate(self, action: Action) -> Action:
        """The normalized action :meth:`act` would perform (its ``player`` is the seat);
        IllegalActionError saying what is legal otherwise (rules: Betting)."""
        pending = self._pending
        if not isinstance(action, Action):
            raise InvalidValueError(f"an action is a pokerhash.Action (e.g. Action.call()), not {action!r:.100}")
        if pending.kind is _WAIT_DECISION:
            seat = pending.seat
            if action.player is not None and action.player != seat:
                raise IllegalActionError(f"seat {action.player} acted out of turn: seat {seat} is to act; "
                                         f"legal: {pending.legal}")
            try:
                move = self._validate_move(action)
            except IllegalActionError as error:
                raise IllegalActionError(self._seat_names(str(error))) from None
            return normalized_action(move.kind, move.to, move.chips, move.is_all_in, seat)
        if pending.kind is _WAIT_BRING_IN:
            return self._validate_bring_in(action)
        raise IllegalActionError(f"no betting action is legal now: {pending}")

    def _seat_names(self, message: str) -> str:
        """A betting round's message with its player indexes written as this hand's seats."""
        import re

        seats = self.seats
        return re.sub(r"\bplayer (\d+)", lambda m: f"seat {seats[int(m.group(1))]}"
                      if int(m.group(1)) < len(seats) else m.group(0), message)

    def _validate_move(self, action: Action) -> Action:
        """The betting round's normalized action (its ``player`` an index), with the
        opening requirement of the first round (rules: Turkish poker)."""
        move = self._round.validate(action if action.player is None else Action(action.kind, action.to))
        if (move.kind is _BET or move.kind is _RAISE) and self._opening is not None \
                and self._street == 0 and self._opener is None:
            opening = self._opening
            if not _may_open(opening, self._hole[move.player], self._lowest):
                raise IllegalActionError(f"seat {self.seats[move.player]} cannot open without {opening.name}; "
                                         "legal: fold, check")
        return move

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.validate(action)
        except IllegalActionError:
            return False
        return True

    def act(self, action: Action) -> Action:
        """Perform a betting action (or a stud bring-in choice); return it normalized
        (its ``player`` is the seat)."""
        pending = self._pending
        if type(action) is not _ACTION_TYPE and not isinstance(action, Action):
            raise InvalidValueError(f"an action is a pokerhash.Action (e.g. Action.call()), not {action!r:.100}")
        # Fields by index (_field): compiled, a NamedTuple's attribute, index or
        # unpacking is a Python lookup, _field a C read; this runs at every action.
        waiting, seat = _field(pending, 0), _field(pending, 1)
        if waiting is _WAIT_DECISION:
            kind, to, acting = _field(action, 0), _field(action, 1), _field(action, 4)
            if acting is not None and acting != seat:
                self.validate(action)  # raises: out of turn
            round_ = self._round
            player = round_.to_act
            try:
                # The opening requirement: _ask took the raise away from a player who may
                # not open, so only then can a bet or all-in break it; a check, fold or
                # call is checked once, by _play (the same checks and messages as
                # _validate_move's).
                if self._opening is not None and _field(_field(pending, 2), 4) is None \
                        and kind is not _CHECK and kind is not _FOLD and kind is not _CALL:
                    self._validate_move(Action(kind, to))
                # Checked and performed in one call, one record (the round numbers
                # players by index; the move names the seat).
                move = round_._play(kind, to, seat)
            except IllegalActionError as error:
                raise IllegalActionError(self._seat_names(str(error))) from None
            kind = _field(move, 0)
            if kind is _BET or kind is _RAISE:
                self._aggressor = player
                if self._opener is None:
                    self._opener = player
            if self._log is not None:
                self._log.append(_new_tuple(_EV_ACT, (seat, move)))
        else:
            if waiting is not _WAIT_BRING_IN:
                raise IllegalActionError(f"no betting action is legal now: {pending}")
            move = self._validate_bring_in(action)
            to = _field(move, 1)
            i = self._index[seat]
            round_ = None
            if to > self.stakes.bring_in:
                # Completing is a bet: all-in for less, the half-bet rule decides whether it
                # counts as a full one (rules: Betting).
                # BettingRound.start without its checks of the engine's own lists (open_round copies them).
                round_ = open_round(self.structure, self._stacks, i, 0, (), self._contributed,
                                    self._folded, False, self._dead)
                if round_.to_act is None:
                    round_ = None  # every opponent is all-in: nobody can answer a bet
                else:
                    round_.perform(round_.validate(Action.bet_to(to)))
            if round_ is None:
                # Posted like the bring-in; what no opponent matches goes back as uncalled.
                first = (i + 1) % self._n
                round_ = open_round(self.structure, self._stacks, first, 0, (), self._contributed,
                                    self._folded, False, self._dead, False)
                round_._post(checked_forced_bet(_FORCED_KIND_BRING_IN, i, to))  # checked as start() does
                round_._advance(first)
            if self._log is not None:
                self._log.append(_new_tuple(_EV_POST, (seat, ForcedKind.BRING_IN, to)))
            self._begin_round(round_, ())
        if round_.to_act is not None:
            self._ask(round_)
            return move
        self._end_round()
        return move

    def fold(self) -> Action:
        return self.act(Action.fold())

    def check(self) -> Action:
        return self.act(Action.check())

    def call(self) -> Action:
        return self.act(Action.call())

    def bet_to(self, to: int) -> Action:
        return self.act(Action.bet_to(to))

    def raise_to(self, to: int) -> Action:
        return self.act(Action.raise_to(to))

    def all_in(self) -> Action:
        return self.act(Action.all_in())

    def bring_in(self) -> Action:
        """Stud: post the bring-in (rules: The games and their flow)."""
        return self.act(Action.bet_to(self._pending.legal.min_to if self._pending.legal else self.stakes.bring_in))

    def complete(self) -> Action:
        """Stud: open for the full small bet instead of the bring-in."""
        return self.act(Action.bet_to(self._pending.legal.max_to if self._pending.legal else self.structure.small_bet))

    def _validate_bring_in(self, action: Action) -> Action:
        pending = self._pending
        seat, legal = pending.seat, pending.legal
        if action.player is not None and action.player != seat:
            raise IllegalActionError(f"seat {action.player} acted out of turn: seat {seat} must bring in: {legal}")
        stack = self._stacks[self._index[seat]]
        if action.kind == _ALL_IN:
            to = legal.max_to
        elif action.kind in _SIZED:
            to = action.to
        elif action.kind == ActionKind.CALL:
            to = legal.min_to  # "calling" the forced bet posts the bring-in
        else:
            raise IllegalActionError(f"seat {seat} must bring in, not {ActionKind(action.kind).value}: {legal}")
        if to not in legal.fixed_amounts:
            raise IllegalActionError(f"seat {seat} cannot bring in for {to}: {legal}")
        return normalized_action(_BET, to, to, to == stack, seat)

    def muck(self, seat: int) -> None:
        """``seat`` will muck its hand unshown at the showdown, whatever it holds: it
        wins no part of any pot (rules: The games and their flow, showdown). Hand
        histories need it: online sites show only the hands that were shown. If every
        hand left mucks, the first to show in turn keeps its hand."""
        if self._pending is _OVER:
            raise IllegalActionError("the hand is over: nobody can muck")
        i = self.player_index(seat)
        if self._folded[i]:
            raise IllegalActionError(f"seat {seat} has folded: it has no hand to muck")
        if seat not in self._conceded:
            self._conceded = self._conceded + (seat,)

    def protect(self) -> int:
        """Disconnect (all-in) protection, a room's rule the rules do not have: the
        player to act, disconnected, is all-in for the chips already in: he puts in
        nothing more, plays for the pots those chips match (a side pot is made for
        the others' further bets) and keeps the rest of his stack behind, as at a
        capped table. Returns the chips kept behind. Online rooms write it so
        (Winning Poker Network's "is disconnected and ALL IN", iPoker's "DP")."""
        pending = self._pending
        if pending.kind is not _WAIT_DECISION:
            raise IllegalActionError(f"only a player to act can be made all-in by disconnect protection: {pending}")
        if self._opening is not None:
            raise IllegalActionError("disconnect protection is not played in a game that re-deals when nobody "
                                     "opens (Turkish poker)")
        round_ = self._round
        i = round_.to_act
        if not self._contributed[i]:
            raise IllegalActionError(f"seat {pending.seat} has put no chips in: made all-in he would play for "
                                     "nothing (a room folds him)")
        kept = round_.stacks[i]
        round_.stacks[i] = 0  # the hand's _stacks: the same list
        round_._legal = None
        self._kept = self._kept + ((i, kept),)
        if self._log is not None:
            self._log.append(ev.Protect(pending.seat, kept))
        round_._advance(i + 1)
        if round_.to_act is not None:
            self._ask(round_)
        else:
            self._end_round()
        return kept

    # -- draws and timeouts --------------------------------------------------

    def draw(self, discards: HandLike = ()) -> Tuple[int, ...]:
        """Discard ``discards`` (none: stand pat) and, when the engine deals, receive the
        replacements, returned (when the caller deals, :attr:`pending` asks for them)."""
        pending = self._pending
        # Fields by index (_field, a C read compiled): a NamedTuple's attributes are slow, and
        # unpacking a tuple subclass iterates it.
        waiting, seat, most = _field(pending, 0), _field(pending, 1), _field(pending, 3)
        if waiting is not _WAIT_DRAW:
            raise IllegalActionError(f"no draw now: {pending}")
        i = self._deal_next  # _next_draw's player to draw: the pending seat's index
        held = self._hole[i]
        thrown = _held_ints(discards, held)
        held_checked = thrown is not None
        if not held_checked:
            try:
                thrown = tuple(parse_cards(discards))
            except (InvalidCardError, TypeError) as error:
                raise IllegalActionError(f"seat {seat} cannot discard {discards!r}: {error}") from None
        count = len(thrown)
        if count > most or not (held_checked or set(thrown).issubset(held)):
            raise IllegalActionError(f"seat {seat} may discard 0 to {most} of its cards "
                                     f"{_text(held)}, not {_text(thrown)}")
        self._discarded[i] = thrown
        if self._log is not None:
            self._log.append(_new_tuple(_EV_DRAW, (seat, thrown)))
        received: Tuple[int, ...] = ()
        if count:
            if self._caller:
                self._hole[i] = tuple(_kept(held, thrown))
                self._pending = _new_tuple(Pending, (_WAIT_DEAL, seat, None, count, "draw"))
                return received
            if self._deck is not None and count < self._stub:
                # The stub serves the whole draw and keeps its last card: no new stub
                # (what _draw_cards would find), the cards straight off the deck.
                received = self._deal_draw(i, held, thrown, count)
            else:
                self._hole[i] = tuple(_kept(held, thrown))
                received = self._serve_draw(i, self._draw_cards(count))
        else:
            self._deal_next = i + 1
        # Nobody folds in a draw round: the next player draws, or the program goes on.
        if not self._next_draw(most):
            self._advance()
        return received

    def stand_pat(self) -> Tuple[int, ...]:
        return self.draw(())

    def timeout(self) -> object:
        """The player to act ran out of time: check if free, else fold; a stud bring-in
        is posted; in a draw, the game's auto-draw (five-card draw and Turkish poker: the
        standard order of preference; rules: The games and their flow) or, without one,
        standing pat."""
        pending = self._pending
        if pending.kind is _WAIT_DRAW:
            auto_draw = self.variant.auto_draw
            held = self._hole[self._index[pending.seat]]
            discards = tuple(auto_draw(held, self._lowest)) if auto_draw is not None else ()
            if len(discards) > pending.count:
                # A game that replaces fewer cards (Turkish: 4) keeps the highest ones.
                discards = tuple(sorted(discards)[:pending.count])
            return self.draw(discards)
        if pending.kind is _WAIT_BRING_IN:
            return self.bring_in()
        if pending.kind is _WAIT_DECISION:
            return self.act(Action.check() if pending.legal.can_check else Action.fold())
        raise IllegalActionError(f"no player is to act: {pending}")

    # -- dealing ---------------------------------------------------------------

    def deal(self, dealt: HandLike = ()) -> Tuple[int, ...]:
        """Caller dealing: exactly the cards :attr:`pending` asks for (a burn may be
        given as no card: burned unseen). Returns them as ints."""
        pending = self._pending
        if pending.kind is not _WAIT_DEAL:
            raise IllegalActionError(f"no deal now: {pending}")
        got = tuple(parse_cards(dealt))
        target = pending.target
        if target == "burn" and not got:
            self._burn(None)
            self._advance()
            return got
        if len(got) != pending.count:
            raise IllegalActionError(f"{pending}: got {len(got)} cards")
        if target == "draw" and len(got) > self._stub - 1:
            # A draw past the stub: the stub rule's new stub (_make_room) takes the burns
            # and discards back, so they may be dealt again; the cards are checked before
            # it is made, so that a refused draw leaves the hand as it was.
            self._check_free(got, self._muck)
            self._make_room(len(got))
        self._check_available(got)
        if target == "burn":
            self._burn(got[0])
        elif target == "board":
            self._put_board(got)
        elif target == "draw":
            self._serve_draw(self._index[pending.seat], got)
        else:
            i = self._index[pending.seat]
            self._give(i, got, target == "up")
            self._deal_next = i + 1
        self._advance()
        return got

    # The package's caller dealing with cards it already holds as ints (sites/replay.py:
    # every card of a site's hand it plays is parsed and placed before the hand starts).
    # Internal, not API: deal() for everyone else. What deal() spends that such a caller
    # does not need is left out: the parse of card text or objects (cards.cards), the
    # tuple made again, _check_available's generic operations. What guards the hand's
    # state is kept, all of it checked before anything changes (after an error the hand
    # is as it was), with deal()'s errors in deal()'s order: a deal asked for, each card
    # an int 0..51 (CardTypeError for any other object: no card text here) given once,
    # the count asked for, each card of this game's deck and not in play (deal() makes a
    # draw's new stub before its check; here it is made once the cards pass). Compiled,
    # a C method (hand.pxd), its card tests C integer tests; returns nothing (deal()
    # returns the cards).
    def _deal_ints(self, got: Tuple[int, ...]) -> None:
        pending = self._pending
        if _field(pending, 0) is not _WAIT_DEAL:
            raise IllegalActionError(f"no deal now: {pending}")
        if type(got) is not tuple:
            got = tuple(got)
        _int_cards(got)
        target = _field(pending, 4)
        count = len(got)
        # The target's name compared as few times as can be: a player's hole cards (most
        # deals) once.
        hole = target == "hole"
        if not count and not hole and target == "burn":
            self._burn(None)
            self._advance()
            return
        if count != _field(pending, 3):
            raise IllegalActionError(f"{pending}: got {count} cards")
        used = self._used
        # A draw past the stub: the stub rule's new stub (_make_room) takes the burns and
        # discards back first, so they may be dealt again; checked before it is made.
        past = not hole and target == "draw" and count > self._stub - 1
        self._check_free(got, self._muck if past else _NO_CARDS)
        if past:
            self._make_room(count)
        for c in got:
            used.add(c)
        self._stub -= count
        if hole or target == "up":
            i = self._index[_field(pending, 1)]
            self._give(i, got, not hole)
            self._deal_next = i + 1
        elif target == "board":
            self._put_board(got)
        elif target == "burn":
            self._burn(got[0])
        else:  # "draw"
            self._serve_draw(self._index[_field(pending, 1)], got)
        self._advance()

    # The rest of a deal of the players' cards (hole or up) in one call, for the same
    # caller (sites/replay.py): ``cards[j]`` the cards of the j-th player the deal asks
    # for from now on (the pending player, then each live player after it in the
    # engine's order). It deals what one _deal_ints call per player deals, with the
    # program run once (not once per player, each making a Pending that the next deal
    # replaces). Each player's cards are refused as _deal_ints would refuse them at its
    # turn, with its error and message (a card given to an earlier player of the call
    # is "already in play"), and every player's are checked before anything changes: a
    # refusal leaves the hand as it was (the earlier players undealt too).
    def _deal_players_ints(self, cards: Tuple[Tuple[int, ...], ...]) -> None:
        pending = self._pending
        if _field(pending, 0) is not _WAIT_DEAL:
            raise IllegalActionError(f"no deal now: {pending}")
        target = _field(pending, 4)
        hole = target == "hole"
        if not hole and target != "up":
            raise IllegalActionError(f"{pending}: not a deal of the players' cards")
        if type(cards) is not tuple:
            cards = tuple(cards)
        count = _field(pending, 3)
        folded = self._folded
        # The players _deal_to_players would ask for in turn: the pending one, then each
        # live player after it.
        players = []
        for i in range(self._index[_field(pending, 1)], self._n):
            if not folded[i]:
                players.append(i)
        if len(cards) != len(players):
            raise IllegalActionError(f"{pending}: cards for {len(cards)} player(s), {len(players)} to be dealt")
        used, deck = self._used, self._deck_set
        given = 0  # the cards of the earlier players of this call (a bit per card)
        dealt = []
        for j in range(len(players)):
            got = tuple(cards[j])  # (a tuple given is itself)
            # _deal_ints' checks, in its order.
            seen = _int_cards(got)
            if len(got) != count:
                # the Pending _deal_to_players would have made for this player
                asked = pending if j == 0 else _new_tuple(Pending, (_WAIT_DEAL, self.seats[players[j]], None, count,
                                                                    target))
                raise IllegalActionError(f"{asked}: got {len(got)} cards")
            # _check_free's test, the earlier players' cards in play.
            for c in got:
                card = c
                taken = c in used or (given >> card) & 1
                if taken or c not in deck:
                    problem = "already in play" if taken else f"not in the {len(self._deck_cards)}-card deck"
                    raise InvalidCardError(f"{_text([c])} cannot be dealt: it is {problem}")
            given |= seen
            dealt.append(got)
        for j in range(len(players)):
            got = dealt[j]
            for c in got:
                used.add(c)
            self._stub -= count
            self._give(players[j], got, not hole)
        self._deal_next = players[len(players) - 1] + 1
        self._advance()

    def _take(self, count: int) -> List[int]:
        """``count`` cards off the deck or the script (a script's are checked)."""
        if self._deck is not None:
            got = []
            self._pop_onto(got, count)
            return got
        script = self._script
        if len(script) < count:
            raise InvalidValueError(f"the scripted cards ran out: {count} more needed")
        got = script[-count:][::-1]
        del script[len(script) - count:]
        self._check_available(got)
        return got

    def _pop_onto(self, got: List[int], count: int) -> None:
        """``count`` cards off the engine's own deck appended to ``got``: Deck.deal's
        cards (its top first) popped off its stack (the caller keeps ``count`` within
        the stub; a loop of pops is cheaper than the deck's slices). _take's and
        _deal_draw's one loop."""
        self._stub -= count
        stack = self._deck._stack
        start = len(stack) - count
        if count < 8 or start < 0:
            for _ in range(count):
                got.append(stack.pop())
            return
        # Many cards (a deal to every player): the top of the stack as one slice, in
        # the order the pops would give, then cut off the stack.
        top = stack[start:]
        top.reverse()
        got.extend(top)
        _cut(stack, start)

    def _check_free(self, got: Tuple[int, ...], freed: Sequence[int]) -> None:
        """Each of ``got`` (distinct cards) is of this game's deck and not in play, the
        cards of ``freed`` (the muck a new stub takes back) counted as free; changes
        nothing (deal() and _deal_ints check before they change the hand)."""
        used, deck = self._used, self._deck_set
        for c in got:
            taken = c in used and c not in freed
            if taken or c not in deck:
                problem = "already in play" if taken else f"not in the {len(self._deck_cards)}-card deck"
                raise InvalidCardError(f"{_text([c])} cannot be dealt: it is {problem}")

    def _check_available(self, got: Sequence[int]) -> None:
        used, deck = self._used, self._deck_set
        for c in got:
            if c in used or c not in deck:
                problem = "already in play" if c in used else f"not in the {len(self._deck_cards)}-card deck"
                raise InvalidCardError(f"{_text([c])} cannot be dealt: it is {problem}")
        # A repeat among the cards (no set made for one card or two: most deals).
        n = len(got)
        if (got[0] == got[1] if n == 2 else n > 2 and len(set(got)) != n):
            raise InvalidCardError(f"a card is dealt twice in {_text(got)}")
        used.update(got)
        self._stub -= len(got)

    def _burn(self, card: Optional[int]) -> None:
        if card is not None:
            self._muck.append(card)
        elif self._caller:
            self._stub -= 1
            # An unnamed burn still joins a new stub in a draw: -1 holds its place, so a
            # caller's reshuffle comes when the engine's own deck would have it
            # (rules: The games and their flow, draws).
            self._muck.append(-1)
        if self._log is not None:
            self._log.append(_new_tuple(_EV_BURN, (card,)))
        self._pc += 1

    def _put_board(self, got: Sequence[int]) -> None:
        got = tuple(got)
        self._board += got
        if self._log is not None:
            self._log.append(_new_tuple(_EV_DEAL, (None, got, True, len(self._boards))))
        self._pc += 1

    def _give(self, i: int, got: Sequence[int], face_up: bool) -> None:
        got = tuple(got)
        self._hole[i] += got
        if face_up:
            self._up[i] += got
        if self._log is not None:
            self._log.append(_new_tuple(_EV_DEAL, (self.seats[i], got, face_up, 0)))

    def _deal_to_players(self, count: int, face_up: bool) -> bool:
        """``count`` cards to each live player, one at a time from left of the button;
        when the caller deals, ask for the next player's cards (True: waiting)."""
        folded = self._folded
        if self._caller:
            i = self._deal_next
            while i < self._n and folded[i]:
                i += 1
            if i < self._n:
                self._pending = _record5(_PENDING_TYPE, _WAIT_DEAL, self.seats[i], None, count,
                                         "up" if face_up else "hole")
                return True
        else:
            players = [i for i in range(self._n) if not folded[i]]
            live = len(players)
            total = count * live
            if self._deck is not None and total <= len(self._deck._stack):
                # Straight off the engine's deck: player ``position`` gets the cards _take's
                # pops would give it (the position-th from the top, then every live-th), one
                # tuple each (compiled, _stepped fills it in C), then the stack is cut
                # once: no list of the dealt cards, no list per player.
                stack = self._deck._stack
                top = len(stack) - 1
                for position in range(live):
                    self._give(players[position], _stepped(stack, top - position, -live, count), face_up)
                _cut(stack, top + 1 - total)
                self._stub -= total
            else:
                dealt = self._take(total)
                for position in range(live):
                    # Every live-th card (one card each on stud's streets) from the
                    # player's position, in a tuple filled by a C loop (_stepped).
                    self._give(players[position], _stepped(dealt, position, live, count), face_up)
        self._deal_next = 0
        self._pc += 1
        return False

    # -- the program -----------------------------------------------------------

    def _advance(self) -> None:
        """Run the program until it needs input from outside, or the hand is over."""
        while True:
            op, arg = self._program[self._pc]
            if op != _SHOWDOWN and _count_false(self._folded) < 2:
                self._finish()
                return
            if op == _BETTING:
                self._street = arg
                if self._start_round(arg):
                    return
            elif op == _HOLE or op == _UP:
                if self._deal_to_players(arg, op == _UP):
                    return
            elif op == _BURN:
                self._maybe_twice()
                if self._caller:
                    self._pending = _BURN_PENDING  # (immutable: one record for every burn)
                    return
                if not self._stub and self._deck is not None:
                    self._restock()  # a draw game's stub ran dry: burn from a new one
                if self._deck is not None and self._stub:
                    # _take(1)[0] without its list: the deck's top card popped (_pop_onto's pop).
                    self._stub -= 1
                    self._burn(self._deck._stack.pop())
                else:
                    self._burn(self._take(1)[0] if self._stub or self._deck is None else None)
            elif op == _BOARD:
                if self._caller:
                    # One record for every board deal of the same count (immutable).
                    self._pending = _BOARD_PENDING[arg] if 0 <= arg < len(_BOARD_PENDING) else \
                        _record5(_PENDING_TYPE, _WAIT_DEAL, None, None, arg, "board")
                    return
                self._put_board(self._take(arg))
            elif op == _DRAW:
                if self._next_draw(arg):
                    return
            elif op == _SEVENTH:
                self._seventh_street()
            elif self._twice is not None and len(self._boards) < self.options.runs - 1:
                # Run it twice (or more): deal the rest of the board again from the same stub.
                self._boards = self._boards + (self._board,)
                self._pc, kept = self._twice
                self._board = self._board[:kept]
            else:
                self._finish()
                return

    def _maybe_twice(self) -> None:
        """Run it twice (option): once no more betting can happen with two or more
        players left, the rest of the board is dealt twice if the stub holds it
        (rules: The games and their flow)."""
        setup = _LAST_SETUP[0]  # the options' field read once per game (see _set_up)
        twice = setup[6] if setup is not None and setup[1] is self.options else self.options.run_it_twice
        if twice and self._twice is None and not self._boards and self.variant.has_board:
            if sum([1 for i in range(self._n) if not self._folded[i] and self._stacks[i]]) < 2:
                # Only when the stub holds every run (ten players of Omaha may not).
                rest = sum([arg if op == _BOARD else 1 for op, arg in self._program[self._pc:] if op in (_BURN, _BOARD)])
                if self.options.runs * rest <= self._stub:
                    self._twice = (self._pc, len(self._board))

    def _seventh_street(self) -> None:
        """Stud: if the stub cannot give every live player a seventh card after the burn,
        one community card is dealt face up instead (burned first if a card can spare)."""
        live = _count_false(self._folded)
        self._pc += 1
        if self._stub >= live + 1:
            return
        head = self._program[:self._pc]
        tail = self._program[self._pc + 2:]  # the burn and the hole card of 7th street
        burn = ((_BURN, 0),) if self._stub >= 2 else ()
        self._program = head + burn + ((_BOARD, 1),) + tail

    # -- betting rounds ------------------------------------------------------

    def _start_round(self, street: int) -> bool:
        """Start the betting of ``street`` (round 0 of a blinds game is already
        open); True when a player must act or bring in."""
        variant = self.variant
        forced = self._forced
        if street == 0:
            if forced is _FORCED_BRING_IN:
                return self._ask_bring_in()
            if forced is _FORCED_BLINDS:
                round_ = self._round
                if round_.to_act is None:
                    self._pc += 1
                    return False
                self._ask(round_)
                return True
            first = 0
        elif self._by_showing:
            first = self._best_showing()
        elif self._opening is not None and self._opener is not None:  # _opening: the variant's
            first = self._opener  # the opener, or the next player on, acts first after the draw (rules: Turkish poker)
        else:
            first = 0
        # variant.is_stud without its Python property call.
        open_pair = street == 1 and forced is _FORCED_BRING_IN and variant.low is None and not variant.razz and any([
            len({c >> 2 for c in self._up[i]}) < len(self._up[i]) for i in range(self._n) if not self._folded[i]])
        round_ = self._round
        if round_ is None:  # Turkish poker's first round, with antes only
            # BettingRound.start without its checks of the engine's own lists (open_round copies them).
            round_ = open_round(self.structure, self._stacks, first, street, (), self._contributed,
                                self._folded, False, self._dead)
        else:
            round_._advance_street(first, open_pair)  # advance_street without its checks: ours hold
        return self._begin_round(round_, ())

    def _begin_round(self, round_: BettingRound, forced: Sequence[ForcedBet]) -> bool:
        """Adopt ``round_``; True when a player must act in it."""
        self._round = round_
        self._aggressor = None
        self._stacks, self._contributed, self._folded = round_.stacks, round_.contributed, round_.folded
        if self._log is not None:
            bets = round_.bets
            for bet in forced:
                # ForcedBet's fields by index (_field: compiled, a C read; a NamedTuple's
                # attribute is a Python lookup): kind, player.
                player = _field(bet, 1)
                if bets[player]:
                    self._log.append(_new_tuple(_EV_POST, (self.seats[player], _field(bet, 0), bets[player])))
        if self._pc == 0 and self._forced is _FORCED_BLINDS:
            return False  # posted before the deal; the decisions wait for the cards
        if round_.to_act is None:
            self._pc += 1
            return False
        self._ask(round_)
        return True

    def _ask(self, round_: BettingRound) -> None:
        """Wait for the decision of the player to act, with what is legal for them."""
        i = round_.to_act
        # legal_actions() without its call: the round's cached record, or a new one kept there.
        legal = round_._legal
        if legal is None:
            legal = round_._legal = round_._compute_legal()
        opening = self._opening
        # _field(legal, 4): raise_kind, a C read compiled (a NamedTuple's attribute is a Python lookup).
        if opening is not None and _field(legal, 4) is not None and self._street == 0 and self._opener is None \
                and not _may_open(opening, self._hole[i], self._lowest):
            # Without openers the player may check, call or fold, but not open (rules: Turkish poker).
            # tuple.__new__ (see below); the fields in LegalActions' order.
            legal = _record9(LegalActions, i, _field(legal, 1), _field(legal, 2), _field(legal, 3), None, None, None,
                             None, _no_open_reason(opening))
        # Built in C: a NamedTuple's own __new__ is interpreted Python, once per decision.
        self._pending = _record5(_PENDING_TYPE, _WAIT_DECISION, self.seats[i], legal, 0, "")

    def _end_round(self) -> None:
        """A round is over: re-deal if nobody opened (Turkish), else play on."""
        if self._opening is not None and self._street == 0 and self._opener is None \
                and _count_false(self._folded) >= 2:
            self._redeal()
        else:
            self._pc += 1
        self._advance()

    def _redeal(self) -> None:
        """Nobody opened: the hands are dead, the pot stays, everyone antes again and
        new hands are dealt (rules: Turkish poker)."""
        if self._log is not None:
            self._log.append(ev.Redeal(self.pot))
        self._folded = [False] * self._n
        if self._deck is not None:
            self._deck.shuffle()
        elif self._used is not None:
            self._used.clear()
        self._new_deal()

    def _ask_bring_in(self) -> bool:
        """Stud: the lowest up-card (suits break ties) brings in or completes."""
        n, stacks, folded = self._n, self._stacks, self._folded
        i = self._bring_in_index([i for i in range(n) if not folded[i]])
        if sum([1 for j in range(n) if not folded[j] and stacks[j]]) < 2:
            # Every opponent is all-in on the ante: nobody can answer a bet, so there
            # is no bring-in and no betting (the round ends at once).
            round_ = BettingRound.start(self.structure, stacks, i, contributed=self._contributed, folded=folded,
                                        dead=self._dead)
            return self._begin_round(round_, ())
        if not stacks[i]:
            # The low card is all-in on the ante: the bring-in passes to the next player
            # with chips clockwise, or to the lowest up-card among them (Options).
            if self.options.bring_in_past_all_in == "lowest":
                i = self._bring_in_index([j for j in range(n) if not folded[j] and stacks[j]])
            while not stacks[i] or folded[i]:
                i = (i + 1) % n
        stack = stacks[i]
        amounts = tuple(sorted({min(self.stakes.bring_in, stack), min(self.structure.small_bet, stack)}))
        legal = _new_tuple(BringInActions, (i, False, amounts[0], amounts[0] == stack, _BET, amounts[0], amounts[-1],
                                            amounts, ""))
        self._pending = _new_tuple(Pending, (_WAIT_BRING_IN, self.seats[i], legal, 0, ""))
        return True

    def _bring_in_index(self, players: List[int]) -> int:
        """Which of ``players`` (indexes) brings in: showing.bring_in_seat's order on the
        dealt up-cards, which the deal has checked. Stud: the lowest card, the ace high,
        clubs lowest (card = rank * 4 + suit already orders so); razz: the highest, the
        ace low, spades highest."""
        up, razz = self._up, self.variant.razz
        best, best_key = -1, 0
        for i in players:
            c = up[i][0]
            key = (((c >> 2) + 1) % 13) * 4 + (c & 3) if razz else 51 - c
            if best < 0 or key > best_key:
                best, best_key = i, key
        return best

    def _best_showing(self) -> int:
        """Stud from 4th street: the best showing hand acts first; equal showings go to
        the first of them clockwise from the button (rules: The games and their flow).
        If that player is all-in, the next player clockwise who can act starts."""
        razz = self.variant.razz
        live = [i for i in range(self._n) if not self._folded[i]]
        best = live[0]
        best_rank = showing_key(self._up[best], razz)
        for i in live[1:]:
            rank = showing_key(self._up[i], razz)
            if rank > best_rank:
                best, best_rank = i, rank
        return best

    # -- draws -----------------------------------------------------------------

    def _next_draw(self, most: int) -> bool:
        """Ask the next live player from left of the button to draw (True), or end the
        draw round (rules: The games and their flow, draws)."""
        i = self._deal_next
        n, folded = self._n, self._folded
        while i < n and folded[i]:
            i += 1
        if i < n:
            self._deal_next = i  # draw() reads the player's index here
            # A draw's Pending depends on the seat and the most cards only: one record per
            # player index, shared by every draw of every hand while that index holds the
            # same seat (a record's allocation and freeing cost more than the list read); a
            # cached seat is the same object (a seat equal to another's, e.g. True and 1,
            # gets its own record).
            seat = self.seats[i]
            cache = _DRAW_PENDING  # compiled, a typed local: C list reads
            if i < len(cache):
                pending = cache[i]
                if _field(pending, 1) is not seat or _field(pending, 3) != most:
                    pending = cache[i] = _record5(_PENDING_TYPE, _WAIT_DRAW, seat, None, most, "")
            else:
                pending = _record5(_PENDING_TYPE, _WAIT_DRAW, seat, None, most, "")
                cache.extend([pending] * (i + 1 - len(cache)))  # the places before i hold a record too
            self._pending = pending
            return True
        self._deal_next = 0
        self._discarded = [()] * n
        self._pc += 1
        return False

    def _draw_cards(self, count: int) -> List[int]:
        """``count`` replacement cards by the stub rule."""
        served = self._make_room(count)
        return served if served is not None else self._take(count)

    def _serve_draw(self, i: int, got: Sequence[int]) -> Tuple[int, ...]:
        got = tuple(got)
        self._hole[i] += got
        self._muck.extend(self._discarded[i])
        if self._log is not None:
            self._log.append(_new_tuple(_EV_DEAL, (self.seats[i], got, False, 0)))
        self._deal_next = i + 1
        return got

    def _deal_draw(self, i: int, held: Tuple[int, ...], thrown: Tuple[int, ...], count: int) -> Tuple[int, ...]:
        """_serve_draw(i, _take(count)) from the engine's own deck when the stub holds
        more than ``count`` cards, ``i`` holding ``held`` and throwing ``thrown`` (of
        them, ``count`` cards): the cards popped off the deck's stack in the order
        Deck.deal gives them (its top first)."""
        start = len(held) - count
        # The kept cards and _take(count)'s, off the deck's stack, as one tuple (compiled,
        # _drawn_hole fills it in C; the deck's own cards: nothing to check; the caller
        # keeps count within the stub): no list of the kept cards, none of the new ones.
        self._stub -= count
        hole = self._hole[i] = _drawn_hole(held, thrown, self._deck._stack, count)
        got = hole[start:]
        # The discards (draw() kept them in _discarded) appended one by one: compiled, C
        # appends (list.extend of a tuple is a call of ~140 instructions).
        muck = self._muck
        for k in range(len(thrown)):
            muck.append(thrown[k])
        if self._log is not None:
            self._log.append(_new_tuple(_EV_DEAL, (self.seats[i], got, False, 0)))
        self._deal_next = i + 1
        return got

    def _make_room(self, count: int) -> Optional[List[int]]:
        """The stub rule: the stub's last card is never dealt; when a draw needs more,
        the player gets the stub down to its last card, then the burns, that last card
        and the discards of the players who have drawn become a new, shuffled stub.
        With the engine's own deck, returns the cards served across a new stub (None
        when none was needed, or when the cards come from a caller or a script)."""
        room = self._stub - 1
        if count <= room:
            return None
        if self._deck is None:
            muck = self._take_muck()
            self._used.difference_update(muck)
            self._stub += len(muck)
            return None
        # Deck.deal(room), a new stub, then _take's cards: the same pops off the deck's
        # stack (the stub is the stack, room within it), in one list, without
        # Deck.deal's checks and slices or a list joined (~1.5k instructions each).
        served: List[int] = []
        if room > 0:
            self._pop_onto(served, room)
        self._restock()
        self._pop_onto(served, count - len(served))
        return served

    def _take_muck(self) -> List[int]:
        """The burns and discards, gathered for a new stub."""
        muck = self._muck
        if self._log is not None:
            self._log.append(ev.Reshuffle(tuple(sorted([c for c in muck if c >= 0]))))
        self._muck = []
        return muck

    def _restock(self) -> None:
        """The muck and the stub's last card, if a burn has not taken it, become a new
        shuffled stub of the engine's deck."""
        deck = self._deck
        # The muck, then what deck.deal(len(deck)) would give (the stack, top first),
        # restocked (its own cards: nothing to check): the muck's list (_take_muck's,
        # the hand's no more) takes the stack's cards, no deal's slice nor join made. The
        # old stack is the deck's no more once restocked.
        cards = self._take_muck()
        stack = deck._stack
        stack.reverse()
        cards.extend(stack)
        deck._restock_dealt(cards)
        self._stub = len(deck)

    # -- showdown and pots -----------------------------------------------------

    def _finish(self) -> None:
        """Return uncalled chips, show down, settle every pot (rules: Pots, splitting
        and rake) and pay."""
        n, seats, log = self._n, self.seats, self._log
        folded = self._folded
        live = [i for i in range(n) if not folded[i]]
        options = self.options
        setup = _LAST_SETUP[0]  # the options' fields read once per game (see _set_up)
        if setup is not None and setup[1] is options:
            rake_rule, odd = setup[7], setup[8]
        else:
            rake_rule, odd = options.rake, options.odd_chips
        if log is None and not self._boards and rake_rule is None and odd is DEFAULT_ODD_CHIPS \
                and not self._conceded:
            # Nothing logged, one board, no rake, the rules' odd chips, no hand mucked by
            # muck() (rollouts, simulations, benchmarks): paid by player index, no Pot,
            # Pots or value dict built; :attr:`result` builds them when read.
            self._settle_by_index(live)
            return
        pots = self._pots()
        stacks = self._stacks
        index = self._index
        returned: Dict[int, int] = {}
        uncalled_amount = pots.uncalled_amount
        if uncalled_amount:
            uncalled_seat = pots.uncalled_seat
            returned[uncalled_seat] = uncalled_amount
            stacks[index[uncalled_seat]] += uncalled_amount
            if log is not None:
                log.append(_new_tuple(_EV_RETURN, (uncalled_seat, uncalled_amount)))
        # :attr:`boards` inline (compiled, a property read is a Python attribute lookup).
        boards = self._boards + (self._board,) if self._boards else (self._board,)
        runs = len(boards)
        highs: List[Dict[int, int]] = [{} for _ in range(runs)]
        lows: List[Optional[Dict[int, int]]] = [None] * runs
        pot_list = pots.pots
        shown: Tuple[ShownHand, ...] = ()
        # Seats are in clockwise order from the button's left: a seat's index is its
        # distance from the button, which decides odd chips (odd, read above).
        if len(live) > 1:
            shown = self._showdown(live, pot_list, boards, highs, lows)
        if runs == 1:
            rake = 0
            if rake_rule is not None:
                rake = rake_rule.amount(pots.total, n, len(live) == 1 and self._street == 0)
            every_pot = rake_rule is not None and rake_rule.every_pot
            uncalled = {pots.uncalled_seat: uncalled_amount} if uncalled_amount else {}  # Pots.uncalled inline
            settlements = (settle_checked(pot_list, highs[0], lows[0], index, rake, uncalled, odd, every_pot),)
        else:
            rake = rake_rule.amount(pots.total, n) if rake_rule is not None else 0
            every_pot = rake_rule is not None and rake_rule.every_pot
            settlements = tuple([settle_checked(run_pots, highs[run], lows[run], index, 0, {}, odd)
                                 for run, run_pots in enumerate(split_runs(pot_list, rake, every_pot, runs))])
        payouts: Dict[int, int] = {}
        if log is not None and rake:
            log.append(_new_tuple(_EV_RAKE, (rake,)))
        for run in range(runs):
            number = 0
            for result in settlements[run].pots:
                for award in result.awards:
                    amount = award.amount
                    if amount:
                        seat = award.seat
                        payouts[seat] = payouts.get(seat, 0) + amount
                        stacks[index[seat]] += amount
                        if log is not None:
                            log.append(_new_tuple(_EV_WIN, (seat, amount, number, award.reason, run)))
                number += 1
        for i, kept in self._kept:  # the chips of players made all-in (protect)
            stacks[i] += kept
        # The HandResult is built when :attr:`result` is first read (rollouts and
        # simulations never read most of it): its parts as a plain tuple until then;
        # the final stacks and nets come from the stacks, which no longer change.
        self._result = (payouts, returned, settlements, shown, rake)
        self._pending = _OVER

    def _settle_by_index(self, live: List[int]) -> None:
        """_finish's lazy path without records: the uncalled chips returned, the live
        hands valued and every pot paid into the stacks, by player index. The same
        pots as side_pots_of (levels of the live players' contributions, the uncalled
        excess of the single largest one returned, folded chips above the top level in
        the last pot, dead money in the first) and the same shares as settle_checked with no rake and the
        rules' odd chips; :attr:`result` builds the Pots, the
        values by seat and the settlement from what is kept here (_result_record)."""
        n, seats, stacks, contributed = self._n, self.seats, self._stacks, self._contributed
        top, uncalled = top_excess(contributed)  # the uncalled chips, as side_pots_of finds them
        returned: Dict[int, int] = {}
        if uncalled:
            returned[seats[top]] = uncalled
            stacks[top] += uncalled
        puts = contributed[:]
        if uncalled:
            puts[top] -= uncalled
        high: Optional[List[object]] = None
        low: Optional[List[object]] = None
        if len(live) > 1:
            high, low = self._index_values(live)
        # Pots from the lowest live level up; a live player's level is what it put in.
        top_level = 0
        for i in live:
            put = puts[i]
            if put > top_level:
                top_level = put
        previous = 0
        last_level = -1
        dead = self._dead  # dead money (with_dead_money): in the main pot, the first paid
        while True:
            level = -1
            for i in live:
                put = puts[i]
                if put > previous and (level < 0 or put < level):
                    level = put
            if level < 0:
                break
            amount = 0
            for i in range(n):
                put = puts[i]
                if put > previous:
                    amount += (put if put < level else level) - previous
            # Folded chips above the top live level go to the last pot (side_pots_of's dead).
            if level == top_level:
                for i in range(n):
                    put = puts[i]
                    if put > level:
                        amount += put - level
            if last_level < 0:
                amount += dead
            eligible = []
            for i in live:
                put = puts[i]
                if put >= level:
                    eligible.append(i)
            _pay_indexes(stacks, amount, eligible, high, low)
            last_level = level
            previous = level
        if last_level < 0:
            # No live player put anything in: folded chips and dead money alone, one pot
            # of every live player.
            amount = dead
            for i in range(n):
                amount += puts[i]
            if amount:
                _pay_indexes(stacks, amount, live, high, low)
        for i, kept in self._kept:  # the chips of players made all-in (protect)
            stacks[i] += kept
        self._result = (None, returned, (contributed[:], self._folded[:], dead, high, low, live), (), 0)
        self._pending = _OVER

    def _index_values(self, live: List[int]) -> tuple:
        """The live hands' high and low values on the board, by player index (0 for a
        game without a high; the lows None for a game without a low): _values's."""
        variant, lowest, board, holes = self.variant, self._lowest, self._board, self._hole
        rules = _LAST_RULES
        if rules[0] is not variant:
            high_rule, low_rule = variant.high, variant.low
            high_value = high_rule.value if high_rule is not None else None
            low_value = low_rule.value if low_rule is not None else None
            rules[:] = [variant, high_value, low_value, _DIRECT.get(high_value), _DIRECT.get(low_value)]
        high_value, low_value, high_direct, low_direct = rules[1], rules[2], rules[3], rules[4]
        n = self._n
        high: List[object] = [0] * n
        low: Optional[List[object]] = [0] * n if low_value is not None else None
        for i in live:
            hole = holes[i]
            if high_value is not None:
                high[i] = _value(high_value, high_direct, hole, board, lowest)
            if low is not None:
                low[i] = _value(low_value, low_direct, hole, board, lowest)
        return high, low

    def _pots(self) -> Pots:
        """The pots (rules: Pots, splitting and rake), dead money in the main pot."""
        seats, folded = self.seats, self._folded
        pots = side_pots_of(seats, self._contributed, folded)  # side_pots_checked of our lists
        if not self._dead:
            return pots
        return with_dead_money(pots, self._dead, [seats[i] for i in range(self._n) if not folded[i]])

    def _showdown(self, live: List[int], pots: Sequence[Pot], boards, highs, lows) -> Tuple[ShownHand, ...]:
        """Value every live hand on every board; show in order — the last aggressor of
        the final round first, else the first player left of the button, then clockwise —
        and muck a hand that can win no part of any pot it plays for against the hands
        already shown, unless every called hand is shown (rules: The games and their flow)."""
        self._values(live, boards, highs, lows)
        return self._show(live, pots, boards, highs, lows)

    def _values(self, live: List[int], boards, highs, lows) -> None:
        """Every live hand's high and low values on every board, into ``highs`` and
        ``lows`` (per run: a dict by seat; a run's low None when the game has no low)."""
        variant, seats, lowest = self.variant, self.seats, self._lowest
        high_rule, low_rule = variant.high, variant.low
        # The value functions read once (an Evaluation is a dataclass: a slow attribute).
        high_value = high_rule.value if high_rule is not None else None
        low_value = low_rule.value if low_rule is not None else None
        high_direct, low_direct = _DIRECT.get(high_value), _DIRECT.get(low_value)
        for run, board in enumerate(boards):
            run_highs = highs[run]
            run_lows = lows[run] = {} if low_value is not None else None
            for i in live:
                hole = self._hole[i]
                run_highs[seats[i]] = _value(high_value, high_direct, hole, board, lowest) \
                    if high_value is not None else 0
                if low_value is not None:
                    run_lows[seats[i]] = _value(low_value, low_direct, hole, board, lowest)

    def _show(self, live: List[int], pots: Sequence[Pot], boards, highs, lows) -> Tuple[ShownHand, ...]:
        """The hands shown, in _showdown's order and by its rule, of the values found."""
        variant, seats = self.variant, self.seats
        high_rule, low_rule = variant.high, variant.low
        start = self._aggressor if self._aggressor is not None and not self._folded[self._aggressor] else live[0]
        # Clockwise from start: live is in increasing index order.
        k = 0
        while live[k] < start:
            k += 1
        order = live[k:] + live[:k]
        mucks = {seats[i] for i in order if seats[i] in self._conceded}
        if len(mucks) == len(order):
            mucks.discard(seats[order[0]])
        for seat in mucks:
            # A mucked hand is beaten by every hand and has no low (see muck).
            for run in range(len(boards)):
                highs[run][seat] = -1
                if lows[run] is not None:
                    lows[run][seat] = 0
        shown_seats: List[int] = []
        shown: List[ShownHand] = []
        show_all, log, holes = self.options.show_all, self._log, self._hole
        for i in order:
            seat = seats[i]
            if seat in mucks or not (show_all or not shown_seats or _may_win(seat, shown_seats, pots, highs, lows)):
                if log is not None:
                    log.append(_new_tuple(_EV_MUCK, (seat,)))
                continue
            shown_seats.append(seat)
            for run in range(len(boards)):
                high = highs[run][seat] if high_rule is not None else None
                low = lows[run][seat] if low_rule is not None else None
                shown.append(_new_tuple(ShownHand, (seat, holes[i], high, low, run, variant)))
                if log is not None:
                    log.append(_new_tuple(_EV_SHOW, (seat, holes[i], high, low, run)))
        return tuple(shown)

    # -- copies, views, replays ------------------------------------------------

    def clone(self) -> Hand:
        """An independent copy for search: later actions on either leave the other alone."""
        other = Hand.__new__(Hand)
        for name in _SHARED_SLOTS:
            setattr(other, name, getattr(self, name))
        round_ = self._round
        if round_ is not None:
            round_ = other._round = round_.copy()
            other._stacks, other._contributed, other._folded = round_.stacks, round_.contributed, round_.folded
        else:
            other._round = None
            other._stacks, other._contributed, other._folded = self._stacks[:], self._contributed[:], self._folded[:]
        other._hole = self._hole[:]
        other._up = self._up[:]
        other._muck = self._muck[:]
        other._discarded = self._discarded[:]
        other._log = self._log[:] if self._log is not None else None
        other._script = self._script[:] if self._script is not None else None
        other._used = set(self._used) if self._used is not None else None
        if self._deck is not None:
            other._deck = self._deck.copy()
        else:
            other._deck = None
        return other

    def next_hand(self, button: int, deck: Deck) -> Hand:
        """A new hand at this table, dealt from ``deck`` with the button on ``button``:
        the state ``Hand(variant, stacks, button=button, stakes=stakes, options=options,
        deck=deck, log=...)`` gives, with this hand's variant, stakes, options, seats and
        starting stacks and its log switched on or off, without checking and working out
        again what does not change (an RL environment deals one hand per episode).
        Missed blinds are not carried over. ``deck`` is a shuffled Deck of the game's
        cards, as for a new Hand."""
        full_deck = self._deck_cards
        if not isinstance(deck, Deck):
            raise InvalidValueError(f"deck must be a pokerhash.cards.Deck, not {deck!r}")
        if len(deck) != len(full_deck):
            raise InvalidValueError(f"the deck has {len(deck)} cards; {self.variant.name} with {self._n} players "
                                    f"deals from a fresh deck of {len(full_deck)}")
        seats = _clockwise(sorted(self.seats), button)
        # The same seats in the same clockwise order, from another first seat: the
        # starting stacks rotated alike.
        k = self._index[seats[0]]
        initial = self._initial[k:] + self._initial[:k]
        log = self._log
        # The stakes as given (stud's bring-in left unset), as the Start event records them.
        given = log[0].stakes if log is not None else self.stakes
        other = Hand.__new__(Hand)
        other._set_up(self.variant, self.options, given, self.structure, self.stakes, seats, button, initial,
                      self._program, full_deck, self._deck_set, self._lowest, (), log is not None, deck, None, None,
                      False)
        return other

    def view(self, seat: int):
        """What ``seat`` may see: its own cards, everyone's face-up and shown cards,
        the chips and the board; other players' hole cards are hidden."""
        from .view import View

        self.player_index(seat)
        return View(self, seat)

    # -- reading -----------------------------------------------------------------

    def __repr__(self) -> str:
        return f"<Hand {self.variant.name}, seats {list(self.seats)}, pot {self.pot}: {self.pending}>"

    def __str__(self) -> str:
        """Several lines: stakes, seats, stacks, cards, board, what is pending, the action by street."""
        from ..pictures.text import hand_text

        return hand_text(self)

    def _repr_html_(self) -> str:
        from ..pictures.html import hand_html

        return hand_html(self)

    @classmethod
    def replay(cls, events: Sequence[ev.Event]) -> Hand:
        """Rebuild the hand an event log describes, checking that the rebuilt hand logs
        exactly the same events (InvalidValueError at the first difference)."""
        events = list(events)
        if not events or not isinstance(events[0], ev.Start):
            raise InvalidValueError("an event log starts with a Start event")
        start = events[0]
        hand = cls(start.variant, dict(zip(start.seats, start.stacks)), button=start.button, stakes=start.stakes,
                   options=start.options, deal="caller",
                   missed_blinds={seat: (live, dead) for seat, live, dead in start.missed_blinds})
        # A hand mucked at the showdown could not win (the engine's rule) or was mucked
        # by its player (muck): mucking it either way settles alike.
        hand._conceded = tuple(event.seat for event in events if type(event) is ev.Muck)
        for number, event in enumerate(events[1:], 1):
            kind = type(event)
            try:
                if kind is ev.Deal or kind is ev.Burn:
                    if hand.pending.kind is _WAIT_DEAL:
                        hand.deal(event.cards if kind is ev.Deal else [c for c in (event.card,) if c is not None])
                elif kind is ev.Act:
                    hand.act(event.action)
                elif kind is ev.Post and event.kind is ForcedKind.BRING_IN:
                    hand.act(Action.bet_to(event.amount, event.seat))
                elif kind is ev.Draw:
                    hand.draw(event.discarded)
                elif kind is ev.Protect:
                    hand.protect()
            except (IllegalActionError, InvalidCardError) as error:
                raise InvalidValueError(f"event {number} ({event}) does not replay: {error}") from None
        rebuilt = hand._log
        for number, (mine, theirs) in enumerate(zip(rebuilt, events)):
            if mine != theirs:
                raise InvalidValueError(f"event {number} differs on replay: logged {theirs}, replayed {mine}")
        if len(rebuilt) != len(events):
            raise InvalidValueError(f"the log has {len(events)} events; the replayed hand logs {len(rebuilt)}")
        return hand


_SHARED_SLOTS = tuple(name for name in Hand.__slots__ if name not in (
    "_round", "_stacks", "_contributed", "_folded", "_hole", "_up", "_muck", "_discarded", "_log", "_script",
    "_used", "_deck"))


def _may_open(opening, hole: Tuple[int, ...], lowest: int) -> bool:
    """``opening.allows(hole, lowest)``; a test that _DIRECT_OPENING lists (the built-in
    kings or better, rules: Turkish poker) through the compiled check it wraps, without
    variants.py's Python wrapper."""
    if opening is _TURKISH_OPENERS:
        opens = _opens_kings(hole, lowest)
        if opens >= 0:
            return opens == 1
        return can_open_turkish(hole, None, lowest)
    allows = opening.allows
    direct = _DIRECT_OPENING.get(allows)
    if direct is not None:
        return direct(hole, None, lowest)  # (cards, players, lowest_rank)
    return allows(hole, lowest)


def _count_false(values: List[object]) -> int:
    """``values.count(False)`` (the players not folded, at every step of a hand):
    compiled, a C loop; a list's method is a Python call (~390 instructions)."""
    count = 0
    for k in range(len(values)):
        value = values[k]
        if value is False or (value is not True and value == False):  # noqa: E712 (list.count's test)
            count += 1
    return count


def _folded_seats(seats: Tuple[int, ...], folded: List[bool]) -> Tuple[int, ...]:
    """The seats that folded, in seat order: compiled, a C loop by index (a zip is a
    Python iterator of pairs)."""
    out = []
    for k in range(len(seats)):
        if folded[k]:
            out.append(seats[k])
    return tuple(out)


def _clockwise(order: List[int], button: int) -> Tuple[int, ...]:
    """The seats of ``order`` (sorted) clockwise from the first seat left of the button."""
    start = 0
    for i, seat in enumerate(order):
        if seat > button:
            start = i
            break
    if not start:  # the button on the last seat (or past it): the order as it is, no slices
        return tuple(order)
    return tuple(order[start:] + order[:start])


def _value(value, direct: Optional[tuple], hole: Tuple[int, ...], board: Tuple[int, ...], lowest: int) -> int:
    """``value(hole, board, lowest)``, through the evaluator it calls when ``direct``
    (an entry of _DIRECT) names it."""
    if direct is None:
        return value(hole, board, lowest)
    evaluate, apart, kind = direct
    return _evaluated(evaluate, apart, kind, hole, board)


def _held_ints(discards: object, held: Tuple[int, ...]) -> Optional[Tuple[int, ...]]:
    """The discards as a tuple when they are the usual case, a tuple or list of
    distinct ints among the cards ``held`` (what parse_cards would return for them
    as they are; draw() then has nothing to check), else None: parse and check."""
    # type() is: compiled, a pointer test (an attribute read of __class__ is a lookup).
    kind = type(discards)
    if kind is tuple:
        thrown = discards
    elif kind is list:
        thrown = tuple(discards)  # what is returned for a list; its test below reads a tuple
    else:
        return None
    # The usual discards are the held cards' own objects (a slice of hole_cards()): each
    # found among them by identity, a pointer test (compiled), its place taken once;
    # anything else (an equal int of another object, a card thrown twice) is checked by
    # value below. The held cards are distinct ints 0..51, so an object found is one of
    # them, thrown once if its place was free.
    taken, one = 0, 1
    n = len(held)
    for k in range(len(thrown)):
        c = thrown[k]
        j = 0
        while j < n and held[j] is not c:
            j += 1
        if j == n or taken >> j & 1:
            return _held_values(thrown, held)
        taken |= one << j
    return thrown


def _held_values(thrown: Tuple[int, ...], held: Tuple[int, ...]) -> Optional[Tuple[int, ...]]:
    """_held_ints's test by value: ``thrown`` if its cards are distinct ints among the
    cards ``held``, else None."""
    # The held cards as bits (the hand's own cards: ints 0..51): a card's test is one
    # bit, not the tuple's equality compares (`c in held`, ~3 a card at every draw).
    # A card thrown takes its bit away, so the same card thrown twice is refused.
    left, one = 0, 1  # one: compiled, a 64-bit int (a literal 1 is a C int: 1 << 40 overflows)
    for k in range(len(held)):
        card = held[k]
        left |= one << card
    # thrown: compiled, a typed tuple (hand.pxd): its length and items C reads.
    for k in range(len(thrown)):
        c = thrown[k]
        # An int out of 0..51 is none of the hand's cards (and no shift of a C integer).
        if type(c) is not int or c < 0 or c > 51:
            return None
        card = c  # 0..51, a bit of left
        if not left >> card & 1:
            return None  # not held, or thrown already
        left ^= one << card
    return thrown


def _cut_list(stack: List[int], start: int) -> None:
    """``del stack[start:]``; compiled, hand.pxd's _cut (PyList_SetSlice: no slice object)."""
    del stack[start:]


def _drawn_hole_list(held: Tuple[int, ...], thrown: Tuple[int, ...], stack: List[int], count: int) -> Tuple[int, ...]:
    """The cards of ``held`` not in ``thrown`` (in the order held), then ``count`` cards
    popped off ``stack`` (its last first), which loses them. Compiled, hand.pxd's
    _drawn_hole (one tuple filled in C)."""
    kept = _kept(held, thrown)
    for _ in range(count):
        kept.append(stack.pop())
    return tuple(kept)


globals().setdefault("_cut", _cut_list)
globals().setdefault("_drawn_hole", _drawn_hole_list)


def _kept(held: Tuple[int, ...], thrown: Tuple[int, ...]) -> List[int]:
    """The cards of ``held`` not in ``thrown`` (some of them), in the order held."""
    gone, one = 0, 1  # as in _held_ints
    for k in range(len(thrown)):
        card = thrown[k]
        gone |= one << card
    kept = []
    for k in range(len(held)):
        card = held[k]
        if not gone >> card & 1:
            kept.append(held[k])
    return kept


def _pay_indexes(stacks: List[int], amount: int, eligible: List[int], high: Optional[List[object]],
                 low: Optional[List[object]]) -> None:
    """A pot of ``amount`` that the players ``eligible``
    (ascending indexes) contest, paid into ``stacks``; ``high`` and ``low`` the
    values by index (None: one player left)."""
    if len(eligible) == 1:
        i = eligible[0]
        stacks[i] += amount
        return
    low_half = 0
    if low is not None:
        best = 0
        for i in eligible:
            if low[i] > best:
                best = low[i]
        if best:  # 0: nobody qualified for low
            low_half = amount // 2
            _pay_best_indexes(stacks, low_half, eligible, low, best)
    best = high[eligible[0]]
    for i in eligible:
        if high[i] > best:
            best = high[i]
    _pay_best_indexes(stacks, amount - low_half, eligible, high, best)


def _pay_best_indexes(stacks: List[int], amount: int, eligible: List[int], values: List[object],
                      best: object) -> None:
    """``amount`` split among the ``eligible`` players
    whose value is ``best``, the odd chips to the first of them (the lowest index)."""
    ways = 0
    first = -1
    for i in eligible:
        if values[i] == best:
            ways += 1
            if first < 0:
                first = i
    share = amount // ways
    for i in eligible:
        if values[i] == best:
            stacks[i] += share
    stacks[first] += amount - share * ways


def _may_win(seat: int, shown: List[int], pots: Sequence[Pot], highs: List[Dict[int, int]],
             lows: List[Optional[Dict[int, int]]]) -> bool:
    """Whether ``seat``'s hand can win part of a pot it plays for against the hands
    ``shown`` before it (rules: The games and their flow, showdown): on some run, no
    shown hand in that pot has a better high, or ``seat`` has a low (a low of 0 is
    none) that no shown hand in that pot beats. Loops rather than max() of lists: a
    showdown asks it for every hand after the first."""
    for pot in pots:
        eligible = pot.eligible
        if seat not in eligible:
            continue
        for run in range(len(highs)):
            high = highs[run]
            mine = high[seat]
            for s in shown:
                if s in eligible and high[s] > mine:
                    break
            else:
                return True
            low = lows[run]
            if low is not None:
                mine = low[seat]
                if mine:
                    for s in shown:
                        if s in eligible and low[s] > mine:
                            break
                    else:
                        return True
    return False


def _text(cards: Iterable[int]) -> str:
    from ..cards import card_str

    return " ".join(card_str(c) for c in cards) or "none"
