"""The game tree of a heads-up Hold'em postflop spot, from bet sizes in solver notation.

A spot is a board (3, 4 or 5 cards), two ranges, the pot and the effective stack, and
per street and player the sizes the players may bet and raise. :func:`build_tree`
turns it into the flat arrays the C kernel walks (``csrc/solver.h``), and says how many
nodes the game has and how much memory solving it takes before anything big is
allocated.

Sizes (the notation of PioSOLVER, GTO+ and postflop-solver), separated by commas:

- ``33%``, ``75%``, ``150%``: a fraction of the pot. For a raise, of the pot after the
  raiser has called: raising by 100% facing a bet of 50 into 100 makes it 250.
- ``2.5x`` (raises only): the raise makes the bet 2.5 times the bet it faces.
- ``a``: all-in.

A bet or raise smaller than the smallest legal raise (the size of the last bet or
raise on the street) is made that size; one larger than the stack is an all-in; an
all-in is also forced when the stack behind after the opponent calls would be less
than ``allin_threshold`` times the pot (postflop-solver's force-all-in threshold).
Equal amounts count once. ``raise_cap`` is the number of raises allowed per street
after the first bet. A donk bet is the out-of-position player leading on the turn or
river into the player who made the last bet or raise of the previous street; its sizes
are ``donk`` when given, else the ordinary bet sizes.

Rake, when given, is ``rake`` times the final pot, at most ``rake_cap``, taken from
every pot that is won, at a showdown or by a fold (rules: Pots, splitting and rake).

Pot-limit Omaha (``game="plo"``; ``"plo5"``, ``"plo6"`` with five or six hole cards;
``"omaha-hi-lo"`` and ``"big-o"``, four and five cards, hi/lo eight or better): the
ranges are :class:`~pokerhash.solver.OmahaRange` lists of hands, and the betting is
pot-limit: a bet is at most the pot and a raise at most the pot after the raiser has
called (a ``100%`` size), so a pot fraction over 100% is refused; ``a`` and ``2.5x``
raises are made at most the pot-sized bet (the largest legal one, all-in when the
stack is smaller), and the all-in threshold forces an all-in only when it is legal.
"""

from __future__ import annotations

import math
import numbers
import re
from dataclasses import dataclass
from typing import Dict, List, Mapping, Optional, Sequence, Tuple, Union

import numpy as np

import pokerhash as ph

from ..errors import InvalidValueError
from ..evaluators import catalog
from . import omaha

STREETS = ("flop", "turn", "river")
GAMES = ("holdem",) + tuple(omaha.GAMES)
PLAYERS = ("oop", "ip")
_KINDS = ("bet", "raise", "donk")
_SIZE = re.compile(r"^\s*(?:(?P<pct>\d+(?:\.\d+)?)\s*%|(?P<mult>\d+(?:\.\d+)?)\s*x|(?P<allin>a|all-?in))\s*$", re.IGNORECASE)

FOLD, SHOWDOWN, CHANCE, PLAYER = "fold", "showdown", "chance", "player"
HEADER = 2  # 16-bit slots of a compressed node block's scale (a float32)
_TYPE_CODE = {PLAYER: 0, FOLD: 1, SHOWDOWN: 2, CHANCE: 3}


@dataclass(frozen=True)
class Size:
    """One bet or raise size: ``kind`` is ``"pot"`` (a fraction of the pot),
    ``"times"`` (a multiple of the bet faced) or ``"allin"``."""

    kind: str
    value: float = 0.0

    def __str__(self) -> str:
        if self.kind == "allin":
            return "a"
        if self.kind == "pot":
            return f"{self.value * 100:g}%"
        return f"{self.value:g}x"


def parse_sizes(text: Union[str, Sequence[str]], raises: bool = False) -> Tuple[Size, ...]:
    """The sizes of ``"33%, 75%, a"`` (or a list of such strings), in order."""
    if isinstance(text, str):
        parts = [p for p in text.split(",") if p.strip()] if text.strip() else []
    elif isinstance(text, (list, tuple)):
        parts = [str(p) for p in text]
    else:
        raise InvalidValueError(f"bet sizes are text like '33%, 75%, a', not {text!r}")
    sizes = []
    for part in parts:
        match = _SIZE.match(part)
        if match is None:
            raise InvalidValueError(f"bad bet size {part.strip()!r}: write a pot fraction '75%', a raise multiple '2.5x' or 'a' (all-in)")
        if match["allin"]:
            size = Size("allin")
        elif match["pct"]:
            size = Size("pot", float(match["pct"]) / 100)
            if size.value <= 0:
                raise InvalidValueError(f"bet size {part.strip()!r} must be more than 0%")
        else:
            if not raises:
                raise InvalidValueError(f"bet size {part.strip()!r}: a multiple 'Nx' is for raises only (it multiplies the bet faced)")
            size = Size("times", float(match["mult"]))
            if size.value <= 1:
                raise InvalidValueError(f"raise size {part.strip()!r} must be more than 1x")
        sizes.append(size)
    return tuple(sizes)


@dataclass(frozen=True)
class BetSizes:
    """The sizes one player may use on one street: ``bet`` (opening the betting),
    ``raise_`` (facing a bet) and ``donk`` (leading into the previous street's
    aggressor; None: the ``bet`` sizes)."""

    bet: Tuple[Size, ...] = ()
    raise_: Tuple[Size, ...] = ()
    donk: Optional[Tuple[Size, ...]] = None

    @classmethod
    def parse(cls, bet="", raise_="", donk=None) -> "BetSizes":
        return cls(parse_sizes(bet), parse_sizes(raise_, raises=True), None if donk is None else parse_sizes(donk))

    def to_dict(self) -> dict:
        out = {"bet": ", ".join(map(str, self.bet)), "raise": ", ".join(map(str, self.raise_))}
        if self.donk is not None:
            out["donk"] = ", ".join(map(str, self.donk))
        return out


SizesLike = Union[BetSizes, Mapping]


def _sizes_table(sizes: Optional[SizesLike]) -> Dict[Tuple[str, str], BetSizes]:
    """(street, player) -> BetSizes from a BetSizes (everywhere) or a mapping with keys
    ``bet``/``raise``/``donk`` at the top, per street (``flop``/``turn``/``river``) and
    per street and player (``oop``/``ip``), the most specific winning."""
    if sizes is None:
        sizes = {}
    if isinstance(sizes, BetSizes):
        return {(s, p): sizes for s in STREETS for p in PLAYERS}
    if not isinstance(sizes, Mapping):
        raise InvalidValueError(f"sizes must be a BetSizes or a mapping, not {type(sizes).__name__}")

    def check_keys(mapping, allowed, where):
        for key in mapping:
            if key not in allowed:
                raise InvalidValueError(f"unknown key {key!r} in the sizes{where}: expected one of {', '.join(allowed)}")

    check_keys(sizes, _KINDS + STREETS + PLAYERS, "")
    table = {}
    for street in STREETS:
        level = sizes.get(street, {})
        if not isinstance(level, Mapping):
            raise InvalidValueError(f"sizes[{street!r}] must be a mapping")
        check_keys(level, _KINDS + PLAYERS, f" of the {street}")
        for player in PLAYERS:
            leaf = level.get(player, sizes.get(player, {}))
            if not isinstance(leaf, Mapping):
                raise InvalidValueError(f"sizes for {player} must be a mapping")
            check_keys(leaf, _KINDS, f" of {street} {player}")
            merged = {k: sizes[k] for k in _KINDS if k in sizes}
            merged.update({k: level[k] for k in _KINDS if k in level})
            merged.update({k: leaf[k] for k in _KINDS if k in leaf})
            table[street, player] = BetSizes.parse(merged.get("bet", ""), merged.get("raise", ""), merged.get("donk"))
    return table


def _game(name) -> str:
    """The solver's name of a game (the catalogue's aliases read: ``"plo8"``, ...)."""
    try:
        key = catalog.game(name).name if isinstance(name, str) else name
    except InvalidValueError:
        key = name
    if key not in GAMES:
        raise InvalidValueError(f"the solver plays {', '.join(GAMES)}, not {name!r}")
    return key


def _positive(name: str, value, allow_zero: bool = False) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value):
        raise InvalidValueError(f"{name} must be a finite number, got {value!r}")
    if value < 0 or (value == 0 and not allow_zero):
        raise InvalidValueError(f"{name} must be {'at least' if allow_zero else 'more than'} 0, got {value!r}")
    return float(value)


class Spot:
    """A heads-up postflop spot: ``board`` (3, 4 or 5 cards), the ranges of the
    out-of-position and in-position players, the ``pot`` and the effective ``stack``
    behind, and the bet sizes (see the module text). The OOP player acts first on every
    street.

    ``game`` is ``"holdem"`` (no-limit Hold'em: ranges are anything
    :class:`~pokerhash.Range` reads, and hands holding a board card leave them) or a
    pot-limit Omaha game: ``"plo"``, ``"plo5"``, ``"plo6"`` (four, five, six hole
    cards; the high hand wins), ``"omaha-hi-lo"`` (four cards; also ``"plo8"``,
    ``"omaha8"``) or ``"big-o"`` (five cards), hi/lo eight or better: the best high
    and the best qualifying low split the pot, the high taking it all when no hand
    qualifies (rules: Pots, splitting and rake). Omaha ranges are anything
    :class:`~pokerhash.solver.OmahaRange` reads, of the game's hand size, and a hand
    holding a board card is an error."""

    def __init__(self, board, oop, ip, pot: float, stack: float, sizes: Optional[SizesLike] = None, *,
                 allin_threshold: float = 0.15, raise_cap: Optional[int] = None, rake: float = 0.0,
                 rake_cap: Optional[float] = None, game: str = "holdem"):
        self.game = _game(game)
        if self.omaha:
            self.board = tuple(ph.cards(board, count=(3, 4, 5)))
            self.ranges = (omaha.OmahaRange(oop, hand_size=self.hand_size), omaha.OmahaRange(ip, hand_size=self.hand_size))
            for name, r in zip(PLAYERS, self.ranges):
                omaha.check_board(r, self.board, name)
        else:
            self.board = tuple(ph.cards(board, count=(3, 4, 5)))
            self.ranges = (ph.Range(oop).without(self.board), ph.Range(ip).without(self.board))
        for name, r in zip(PLAYERS, self.ranges):
            if not r.weights.any():
                raise InvalidValueError(f"the {name} range has no hand left on board {ph.cards_str(self.board)}")
        self.pot = _positive("pot", pot)
        self.stack = _positive("stack", stack, allow_zero=True)
        self._sizes_spec = sizes
        self.sizes = _sizes_table(sizes)
        if self.omaha:
            for (street, player), table in self.sizes.items():
                for kind, sizes_ in (("bet", table.bet), ("raise", table.raise_), ("donk", table.donk or ())):
                    for size in sizes_:
                        if size.kind == "pot" and size.value > 1 + 1e-12:
                            raise InvalidValueError(f"{street} {player} {kind} size {size}: pot-limit bets and raises "
                                                    f"are at most 100% of the pot")
        self.allin_threshold = _positive("allin_threshold", allin_threshold, allow_zero=True)
        if raise_cap is not None and (isinstance(raise_cap, bool) or not isinstance(raise_cap, numbers.Integral) or raise_cap < 0):
            raise InvalidValueError(f"raise_cap must be an int >= 0 or None, got {raise_cap!r}")
        self.raise_cap = None if raise_cap is None else int(raise_cap)
        self.rake = _positive("rake", rake, allow_zero=True)
        if self.rake >= 1:
            raise InvalidValueError(f"rake is a fraction of the pot below 1, got {rake!r}")
        self.rake_cap = math.inf if rake_cap is None else _positive("rake_cap", rake_cap, allow_zero=True)

    @property
    def street(self) -> str:
        return STREETS[len(self.board) - 3]

    @property
    def omaha(self) -> bool:
        """Whether the game is a pot-limit Omaha game (``"plo"``, ``"plo5"``, ...)."""
        return self.game in omaha.GAMES

    @property
    def hilo(self) -> bool:
        """Whether the pot is split between the best high and the best low (eight or
        better): ``"omaha-hi-lo"``, ``"big-o"``."""
        return self.omaha and omaha.GAMES[self.game][1]

    @property
    def hand_size(self) -> int:
        """Cards in a hand: 2 (Hold'em), 4, 5 or 6 (Omaha)."""
        return omaha.GAMES[self.game][0] if self.omaha else 2

    def to_dict(self) -> dict:
        """The spot as plain data (the TOML layout of ``pokerhash solve``)."""
        sizes = {}
        for street in STREETS:
            sizes[street] = {p: self.sizes[street, p].to_dict() for p in PLAYERS}
        out = {"board": ph.cards_str(self.board).replace(" ", ""), "oop": str(self.ranges[0]), "ip": str(self.ranges[1]),
               "pot": self.pot, "stack": self.stack, "sizes": sizes, "allin_threshold": self.allin_threshold,
               "rake": self.rake}
        if self.raise_cap is not None:
            out["raise_cap"] = self.raise_cap
        if math.isfinite(self.rake_cap):
            out["rake_cap"] = self.rake_cap
        if self.game != "holdem":
            out["game"] = self.game
        return out

    @classmethod
    def from_dict(cls, data: Mapping) -> "Spot":
        known = {"board", "oop", "ip", "pot", "stack", "sizes", "allin_threshold", "raise_cap", "rake", "rake_cap", "game"}
        for key in data:
            if key not in known:
                raise InvalidValueError(f"unknown spot key {key!r}: expected {', '.join(sorted(known))}")
        for key in ("board", "oop", "ip", "pot", "stack"):
            if key not in data:
                raise InvalidValueError(f"a spot needs {key!r}")
        options = {k: data[k] for k in ("allin_threshold", "raise_cap", "rake", "rake_cap", "game") if k in data}
        return cls(data["board"], data["oop"], data["ip"], data["pot"], data["stack"], data.get("sizes"), **options)

    def __repr__(self) -> str:
        game = f", game={self.game!r}" if self.game != "holdem" else ""
        return f"Spot(board={ph.cards_str(self.board)!r}, pot={self.pot:g}, stack={self.stack:g}{game})"


class _Node:
    __slots__ = ("kind", "player", "names", "children", "contrib", "board_len", "payoff", "index")

    def __init__(self, kind, player=-1, contrib=(0.0, 0.0), board_len=5, payoff=(0.0, 0.0, 0.0)):
        self.kind = kind
        self.player = player
        self.names: List[str] = []
        self.children: List[_Node] = []
        self.contrib = contrib
        self.board_len = board_len
        self.payoff = payoff
        self.index = -1


def _amount(x: float) -> str:
    return f"{round(x, 2):g}"


class _Builder:
    """The betting of a spot, street by street. Amounts are chips; ``c`` holds what
    each player has put in the pot in total, counting half the starting pot each."""

    def __init__(self, spot: Spot):
        self.spot = spot
        self.total = spot.pot / 2 + spot.stack  # what each player can put in, in all
        self.street_start: Dict[int, float] = {}  # board size -> what each had in when the street began

    def rake(self, pot: float) -> float:
        return min(self.spot.rake * pot, self.spot.rake_cap)

    def fold(self, c, folder: int, board_len: int) -> _Node:
        pot = c[0] + c[1]
        payoff = [0.0, 0.0, 0.0]
        payoff[folder] = -c[folder]
        payoff[1 - folder] = pot - self.rake(pot) - c[1 - folder]
        return _Node(FOLD, folder, tuple(c), board_len, tuple(payoff))

    def showdown(self, c) -> _Node:
        each = c[0]
        pot = 2 * each
        r = self.rake(pot)
        return _Node(SHOWDOWN, -1, tuple(c), 5, (each - r, -each, -r / 2))

    def street_end(self, c, board_len: int, aggressor: int) -> _Node:
        if board_len == 5:
            return self.showdown(c)
        node = _Node(CHANCE, -1, tuple(c), board_len)
        if self.total - c[0] <= 1e-9:  # all-in and called: the cards come, nobody acts
            child = self.street_end(c, board_len + 1, -1)
        else:
            child = self.act(list(c), board_len + 1, 0, 0, 0.0, aggressor, -1)
        node.names.append("deal")
        node.children.append(child)
        return node

    def act(self, c, board_len: int, player: int, raises: int, last_increment: float, previous_aggressor: int,
            aggressor: int) -> _Node:
        """The node where ``player`` acts. ``raises`` counts the street's raises,
        ``last_increment`` is its last bet or raise (the smallest legal raise),
        ``aggressor`` the street's last bettor or raiser and ``previous_aggressor``
        the previous street's (-1: none)."""
        spot = self.spot
        street = STREETS[board_len - 3]
        sizes = spot.sizes[street, PLAYERS[player]]
        opp = 1 - player
        if player == 0 and aggressor == -1 and c[0] == c[1]:
            self.street_start[board_len] = c[0]  # the street's first action (recursion is depth first)
        node = _Node(PLAYER, player, tuple(c), board_len)
        to_call = c[opp] - c[player]
        left = self.total - c[player]
        pot = c[0] + c[1]

        def add(name, child):
            node.names.append(name)
            node.children.append(child)

        if to_call <= 1e-9:
            if player == 0:
                add("check", self.act(c, board_len, 1, 0, 0.0, previous_aggressor, -1))
            else:
                add("check", self.street_end(c, board_len, aggressor))
            if left > 1e-9:
                lead = sizes.bet
                if player == 0 and previous_aggressor == 1 and sizes.donk is not None:
                    lead = sizes.donk
                amounts = []
                for size in lead:
                    amount = left if size.kind == "allin" else size.value * pot
                    amounts.append(self.clip(amount, 0.0, left, pot, 0.0, cap=pot))
                for amount in sorted(set(amounts)):
                    name = f"allin {_amount(amount + c[player] - self.street_start[board_len])}" if amount >= left - 1e-9 else f"bet {_amount(amount)}"
                    nc = list(c)
                    nc[player] += amount
                    add(name, self.act(nc, board_len, opp, 0, amount, previous_aggressor, player))
            return node
        add("fold", self.fold(c, player, board_len))
        nc = list(c)
        nc[player] = c[opp]
        add("call", self.street_end(nc, board_len, aggressor))
        if left > to_call + 1e-9 and self.total - c[opp] > 1e-9 and (spot.raise_cap is None or raises < spot.raise_cap):
            start = self.street_start[board_len]
            amounts = []
            for size in sizes.raise_:
                if size.kind == "allin":
                    amount = left
                elif size.kind == "pot":
                    amount = to_call + size.value * (pot + to_call)
                else:
                    amount = size.value * (c[opp] - start) - (c[player] - start)
                amounts.append(self.clip(amount, to_call, left, pot, last_increment, cap=to_call + (pot + to_call)))
            for amount in sorted(set(amounts)):
                street_total = c[player] + amount - start
                name = f"allin {_amount(street_total)}" if amount >= left - 1e-9 else f"raise {_amount(street_total)}"
                nc = list(c)
                nc[player] += amount
                add(name, self.act(nc, board_len, opp, raises + 1, amount - to_call, previous_aggressor, player))
        return node

    def clip(self, amount: float, to_call: float, left: float, pot: float, last_increment: float, cap: float) -> float:
        """The chips a bet or raise puts in: at least a min-raise, at most the stack,
        all-in when what would be left behind is under the threshold. Pot-limit
        (Omaha): at most ``cap`` (the pot-sized bet or raise), and the threshold's
        all-in only when the stack is within the cap."""
        amount = max(amount, to_call + max(last_increment, 1e-9))
        pot_limit = self.spot.omaha
        if pot_limit:
            amount = min(amount, cap)
        if amount >= left - 1e-9:
            return left
        pot_after = pot + amount + (amount - to_call)
        if left - amount < self.spot.allin_threshold * pot_after and (not pot_limit or left <= cap + 1e-9):
            return left
        return amount


class Tree:
    """The game tree of a :class:`Spot`, as the flat arrays of ``csrc/solver.h``.

    ``nodes`` counts the game's nodes (each card of a chance node has its own copy of
    the street after it); ``memory`` is the bytes solving takes (regrets and
    cumulative strategies in float32, plus the showdown tables), known before they are
    allocated."""

    def __init__(self, spot: Spot, isomorphism: bool = True, compressed: bool = False):
        self.spot = spot
        self.isomorphism = bool(isomorphism)
        #: 16-bit storage: each player node's block is its float scale (two 16-bit
        #: slots, HEADER) and its numbers as int16 (regrets) or uint16 (strategies).
        self.compressed = bool(compressed)
        builder = _Builder(spot)
        half = spot.pot / 2
        self.root = builder.act([half, half], len(spot.board), 0, 0, 0.0, -1, -1)
        self._flatten()
        self._hands()
        self.sizes = (self._layout_size(0), self._layout_size(1))
        n_boards = {5: 1, 4: 48, 3: 49 * 48 // 2}[len(spot.board)]
        self.n_boards = n_boards
        hands = len(self.cards[0]) + len(self.cards[1])
        # Per board and hand: its order and strength (uint16 each) and cards (hi/lo:
        # a low order and strength too); Omaha hands also have their 15, 31 or 63
        # subset ids (int32).
        # Hold'em: three uint16 showdown-group bounds too (board_arrays' group_bounds).
        tables = n_boards * (4 + (4 if spot.hilo else 0) + spot.hand_size + (0 if spot.omaha else 6)) * hands
        tables += 4 * ((1 << spot.hand_size) - 1) * hands if spot.omaha else 0
        self._runouts()
        pairs = len(self.cards[0]) * len(self.cards[1])
        tables += 2 * pairs * (len(self.runout_keys) + (2 if self.runout_turn else 0))
        self.memory = (4 if self.compressed else 8) * (self.sizes[0] + self.sizes[1]) + tables

    # --- flattening ---------------------------------------------------------------

    def _flatten(self) -> None:
        order = [self.root]
        self.root.index = 0
        k = 0
        while k < len(order):
            node = order[k]
            for child in node.children:
                child.index = len(order)
                order.append(child)
            k += 1
        self.node_list = order
        n = len(order)
        self.type = np.array([_TYPE_CODE[x.kind] for x in order], dtype=np.int8)
        self.player = np.array([x.player for x in order], dtype=np.int8)
        self.first_child = np.array([x.children[0].index if x.children else 0 for x in order], dtype=np.int32)
        self.n_children = np.array([len(x.children) for x in order], dtype=np.int32)
        self.payoff = np.array([x.payoff for x in order], dtype=np.float64).reshape(-1)
        self.offset = np.zeros(2 * n, dtype=np.int64)
        self.block = np.zeros(2 * n, dtype=np.int64)
        self.block_inner = np.zeros(2 * n, dtype=np.int64)
        self.nodes = self._count(self.root)
        #: Whether a card is dealt on the way (a flop or turn spot).
        self.has_chance = bool((self.type == _TYPE_CODE[CHANCE]).any())

    def _count(self, node: _Node) -> int:
        if node.kind == CHANCE:
            return 1 + (52 - node.board_len) * self._count(node.children[0])
        return 1 + sum(self._count(c) for c in node.children)

    def _hands(self) -> None:
        """Each player's hands: ``combos`` (where they are in the layout of the
        player's per-hand arrays: the 1,326 ``pokerhash.ranges`` combinations in
        Hold'em, the range's list in Omaha), ``cards`` (n x 2 or n x 4) and ``reach``
        (the weights), for the hands of positive weight."""
        self.combos = tuple(np.flatnonzero(r.weights > 0) for r in self.spot.ranges)
        if self.spot.omaha:
            self.cards = tuple(np.ascontiguousarray(r.cards[c]) for r, c in zip(self.spot.ranges, self.combos))
            self.same = tuple(np.full(len(c), -1, dtype=np.int32) for c in self.combos)  # Hold'em's; unused
        else:
            combos = ph.ranges.COMBOS
            self.cards = tuple(np.ascontiguousarray(combos[c]) for c in self.combos)
            same = []
            for p in (0, 1):
                where = np.full(1326, -1, dtype=np.int32)
                where[self.combos[1 - p]] = np.arange(len(self.combos[1 - p]), dtype=np.int32)
                same.append(where[self.combos[p]])
            self.same = tuple(same)
        self.reach = tuple(r.weights[c].astype(np.float32) for r, c in zip(self.spot.ranges, self.combos))
        self._swaps()

    def _runouts(self) -> None:
        """The all-in runouts (csrc/solver.h phs_runout): ``runout[node]`` is the number
        of cards still to come at a chance node below which nobody acts (0 elsewhere);
        their Hold'em tables (two per board, int8: one card to come) are built for the
        boards of ``runout_keys`` (the turn cards dealt, 52 for a turn spot's root
        board) and, with ``runout_turn``, for the flop (int16: two cards to come)."""
        def acts(node: _Node) -> bool:
            return node.kind == PLAYER or any(acts(c) for c in node.children)

        self.runout = np.zeros(len(self.node_list), dtype=np.int8)
        if not self.spot.omaha:
            for node in self.node_list:
                if node.kind == CHANCE and not acts(node):
                    self.runout[node.index] = 5 - node.board_len
        board = tuple(self.spot.board)
        one = bool((self.runout == 1).any())
        keys = self.chance_cards(board) if len(board) == 3 else [52]
        self.runout_keys = np.array(keys if one else [], dtype=np.int32)
        self.runout_turn = bool((self.runout == 2).any())

    def layout(self, p: int) -> int:
        """The length of p's per-hand arrays: 1,326 (Hold'em) or the range's hands."""
        return len(self.spot.ranges[p]) if self.spot.omaha else 1326

    def image(self, p: int, suits) -> np.ndarray:
        """For each of p's hands, the index among p's hands of the hand with its suits
        renamed (suit s -> suits[s]); -1 where that hand is not p's."""
        cards = self.cards[p]
        if self.spot.omaha:
            return omaha.lookup(cards, omaha.suit_image(cards, suits)).astype(np.int64)
        mapped = cards // 4 * 4 + np.asarray(suits)[cards % 4]
        where = np.full(1326, -1, dtype=np.int64)
        where[self.combos[p]] = np.arange(len(self.combos[p]))
        return where[ph.ranges.COMBO_INDEX[mapped[:, 0], mapped[:, 1]]]

    def compatible(self, p: int, reach_q: np.ndarray) -> np.ndarray:
        """For each of p's hands, the opponent reach (``reach_q``, one per opponent
        hand) of the hands that share no card with it."""
        q = 1 - p
        r = np.asarray(reach_q, dtype=np.float64)
        if self.spot.omaha:
            return omaha.compatible_reach(self.cards[p], self.cards[q], r)
        card = np.zeros(52)
        np.add.at(card, self.cards[q][:, 0], r)
        np.add.at(card, self.cards[q][:, 1], r)
        same = self.same[p]
        cards = self.cards[p]
        return r.sum() - card[cards[:, 0]] - card[cards[:, 1]] + np.where(same >= 0, r[np.maximum(same, 0)], 0.0)

    def _swaps(self) -> None:
        """The transpositions of two suits that leave the board and both ranges as they
        are (the kernel deals one card of each interchangeable class at chance nodes),
        and for each the permutation of each player's hands."""
        board = set(self.spot.board)
        self.swaps: List[Tuple[int, int]] = []
        perms: List[List[np.ndarray]] = [[], []]
        pairs = [(a, b) for a in range(4) for b in range(a + 1, 4)] if self.isomorphism else []
        for a, b in pairs:
            suit = np.arange(4)
            suit[a], suit[b] = b, a
            mapped = np.arange(52) // 4 * 4 + suit[np.arange(52) % 4]
            if {int(mapped[c]) for c in board} != board:
                continue
            images = [self.image(p, suit) for p in (0, 1)]
            if not all((im >= 0).all() and np.array_equal(r, r[im]) for im, r in zip(images, self.reach)):
                continue
            self.swaps.append((a, b))
            for p in (0, 1):
                perms[p].append(images[p].astype(np.int32))
        self.swap_perm = tuple(np.ascontiguousarray(np.concatenate(perms[p]) if perms[p] else np.zeros(1, dtype=np.int32),
                                                    dtype=np.int32) for p in (0, 1))

    def chance_cards(self, board) -> List[int]:
        """The cards the kernel deals at a chance node on ``board`` (a canonical board),
        in increasing order: the cards not on it, one of each class of suits that a
        root swap exchanges and the board has the same ranks of (the lowest suit of
        the class). Mirrors phs_chance_cards in csrc/solver.h."""
        ranks = [frozenset(c // 4 for c in board if c % 4 == s) for s in range(4)]
        lowest = [0, 1, 2, 3]
        for a, b in self.swaps:
            if ranks[a] == ranks[b] and a < lowest[b]:
                lowest[b] = a
        on_board = set(board)
        return [c for c in range(52) if c not in on_board and lowest[c % 4] == c % 4]

    def chance_base(self, node: int, p: int, board, card: int) -> int:
        """Where, relative to the chance node's block, the storage of p after ``card``
        (canonical) at chance node ``node`` on ``board`` starts: the card's rank among
        the dealt cards times the node's fixed block, plus the dealt cards of the next
        chance level before it times its per-card block (see _layout_size)."""
        cards = self.chance_cards(board)
        rank = cards.index(card)
        start = int(self.offset[2 * node + p]) + rank * int(self.block[2 * node + p])
        per_inner = int(self.block_inner[2 * node + p])
        if per_inner:
            start += per_inner * sum(len(self.chance_cards(tuple(board) + (c,))) for c in cards[:rank])
        return start

    def _layout_size(self, p: int) -> int:
        """Lays out p's regrets (and, alike, cumulative strategies) and returns their
        count. Only the cards the kernel deals get storage (suit isomorphism).

        A street's block holds its own player nodes first. Its chance nodes whose
        next street has no chance node (to the river) are interleaved card by card:
        card slot k of such a node starts at offset + k * block, block being the sum of
        those nodes' per-card sizes, so that offsets stay fixed whatever the number of
        cards dealt (which depends on the card dealt before). A chance node whose next
        street deals again (the turn, in a flop spot: only at the root, whose board is
        known) gets a region of its own, where card c starts at offset + rank(c) *
        block + (cards dealt after the cards before c) * block_inner."""
        n_hands = len(self.combos[p])

        def street(top: _Node, board) -> Tuple[int, int]:
            """(fixed, per_card): the block's size is fixed + per_card x the number of
            cards the next chance level deals."""
            cursor = 0
            chances: List[_Node] = []

            def walk(node: _Node) -> None:
                nonlocal cursor
                if node.kind == PLAYER:
                    if node.player == p:
                        self.offset[2 * node.index + p] = cursor
                        cursor += len(node.children) * n_hands + (HEADER if self.compressed else 0)
                    for child in node.children:
                        walk(child)
                elif node.kind == CHANCE:
                    chances.append(node)

            walk(top)
            inner = [street(node.children[0], None) for node in chances]
            stride = sum(fixed for (fixed, per_card) in inner if per_card == 0)
            at = cursor
            for node, (fixed, per_card) in zip(chances, inner):
                if per_card == 0:
                    self.offset[2 * node.index + p] = at
                    self.block[2 * node.index + p] = stride
                    at += fixed
            deep = [(node, fixed, per_card) for node, (fixed, per_card) in zip(chances, inner) if per_card]
            if not deep:
                return cursor, stride
            if board is None:
                raise AssertionError("a street that deals twice below it has a known board")
            cards = self.chance_cards(board)
            after = sum(len(self.chance_cards(tuple(board) + (c,))) for c in cards)
            cursor += len(cards) * stride
            for node, fixed, per_card in deep:
                self.offset[2 * node.index + p] = cursor
                self.block[2 * node.index + p] = fixed
                self.block_inner[2 * node.index + p] = per_card
                cursor += len(cards) * fixed + after * per_card
            return cursor, 0

        board = tuple(self.spot.board)
        fixed, per_card = street(self.root, board)
        return fixed + per_card * len(self.chance_cards(board))

    # --- what the kernel takes ----------------------------------------------------

    def arrays(self) -> dict:
        return {"type": self.type, "player": self.player, "first_child": self.first_child, "n_children": self.n_children,
                "offset": self.offset, "block": self.block, "block_inner": self.block_inner, "payoff": self.payoff, "size": self.sizes,
                "compressed": self.compressed, "runout": self.runout, "runout_keys": self.runout_keys,
                "runout_turn": self.runout_turn}

    def hand_arrays(self) -> dict:
        out = {"cards0": self.cards[0], "cards1": self.cards[1], "same0": self.same[0], "same1": self.same[1],
               "swaps": self.swaps, "swap_perm0": self.swap_perm[0], "swap_perm1": self.swap_perm[1]}
        for p in (0, 1):
            # The hands holding each card, card by card (the kernel zeroes their reach
            # when a chance node deals the card).
            cards = self.cards[p].astype(np.int64)
            hands = np.repeat(np.arange(len(cards), dtype=np.int32), cards.shape[1])
            by_card = np.argsort(cards.reshape(-1), kind="stable")
            out[f"card_hands{p}"] = np.ascontiguousarray(np.concatenate([hands[by_card], np.zeros(1, np.int32)]))
            counts = np.bincount(cards.reshape(-1), minlength=52)
            out[f"card_start{p}"] = np.concatenate([[0], np.cumsum(counts)]).astype(np.int32)
        if self.spot.omaha:
            out["subsets0"], out["subsets1"], out["n_subsets"] = omaha.subset_ids(self.cards[0], self.cards[1])
        else:
            out["subsets0"] = out["subsets1"] = np.zeros((1, len(omaha.SUBSETS)), dtype=np.int32)
            out["n_subsets"] = 0
        return out

    def board_arrays(self) -> dict:
        """Every river board the spot can reach, each player's hand strengths on it
        (pokerhash.board_strengths; Omaha: omaha.strengths) and their order, weakest
        first; hi/lo: their low strengths and order too."""
        board = list(self.spot.board)
        unseen = [c for c in range(52) if c not in board]
        index = np.full(53 * 53, -1, dtype=np.int32)
        if len(board) == 5:
            rows = [board]
            index[53 * 52 + 52] = 0
        elif len(board) == 4:
            rows = [board + [c] for c in unseen]
            for i, c in enumerate(unseen):
                index[53 * c + 52] = i
        else:
            rows = []
            for i, t in enumerate(unseen):
                for r in unseen[i + 1:]:
                    index[53 * t + r] = index[53 * r + t] = len(rows)
                    rows.append(board + [t, r])
        rows = np.array(rows, dtype=np.uint8)
        if self.spot.omaha:
            per_player = [omaha.strengths(rows, self.cards[p]) for p in (0, 1)]
        else:
            strengths = ph.board_strengths(rows)
            per_player = [strengths[:, self.combos[p]] for p in (0, 1)]
        out = {"index": index, "root": sum(1 << c for c in board)}
        for p in (0, 1):
            s = per_player[p]
            order = _interleaved_order(s)
            out[f"order{p}"] = np.ascontiguousarray(order.astype(np.uint16))
            out[f"sorted_strength{p}"] = np.ascontiguousarray(np.take_along_axis(s, order, axis=1))
            out[f"sorted_cards{p}"] = np.ascontiguousarray(self.cards[p][order])
            if self.spot.hilo:  # the low half's ranking (csrc/solver_hilo.h)
                low = omaha.strengths(rows, self.cards[p], low=True)
                order = _interleaved_order(low)
                out[f"low_order{p}"] = np.ascontiguousarray(order.astype(np.uint16))
                out[f"low_strength{p}"] = np.ascontiguousarray(np.take_along_axis(low, order, axis=1))
        if not self.spot.omaha:
            for p in (0, 1):
                out[f"group_bounds{p}"] = _group_bounds(out[f"sorted_strength{p}"], out[f"sorted_strength{1 - p}"])
        return out

    def __repr__(self) -> str:
        return f"Tree({self.spot!r}, nodes={self.nodes:,}, memory={self.memory / 2**20:.1f} MiB)"


def _group_bounds(hero: np.ndarray, opponent: np.ndarray) -> np.ndarray:
    """Per board (row) and hero position k in increasing strength (``hero``, the sorted
    strengths; ``opponent``, the other player's), three uint16: the end of k's group
    of equal strength among the hero's hands, and the opponent positions where its
    hands of that strength begin and end (csrc/solver.h phs_showdown_holdem reads them
    at each group's first position instead of comparing strengths hand by hand)."""
    rows, n = hero.shape
    m = opponent.shape[1]
    if n == 0:
        return np.zeros((rows, 0), dtype=np.uint16)
    # One sorted sequence over all rows: row r's strengths offset by r * 2^17.
    shift = (np.arange(rows, dtype=np.int64) << 17)[:, None]
    h = hero.astype(np.int64) + shift
    o = (opponent.astype(np.int64) + shift).reshape(-1)
    out = np.empty((rows, n, 3), dtype=np.int64)
    out[:, :, 0] = np.searchsorted(h.reshape(-1), h.reshape(-1), side="right").reshape(rows, n) - np.arange(rows)[:, None] * n
    out[:, :, 1] = np.searchsorted(o, h.reshape(-1), side="left").reshape(rows, n) - np.arange(rows)[:, None] * m
    out[:, :, 2] = np.searchsorted(o, h.reshape(-1), side="right").reshape(rows, n) - np.arange(rows)[:, None] * m
    return np.ascontiguousarray(out.reshape(rows, 3 * n).astype(np.uint16))


def _interleaved_order(strengths: np.ndarray, stride: int = 5) -> np.ndarray:
    """Per row, the hands in increasing strength, and within a group of equal strength
    every ``stride``-th hand first (positions 0, 5, 10, ..., 1, 6, ...): hands in
    pokerhash.ranges order that share a card are neighbours (AcKd, AcKh, AcKs), and the
    kernel's showdown sweep adds each hand's reach to its two cards' running sums, a
    chain of dependent memory updates when neighbours share a card."""
    order = np.argsort(strengths, axis=1, kind="stable")
    ranked = np.take_along_axis(strengths, order, axis=1).astype(np.int64)
    n = ranked.shape[1]
    index = np.broadcast_to(np.arange(n), ranked.shape)
    new_group = np.ones(ranked.shape, dtype=bool)
    new_group[:, 1:] = ranked[:, 1:] != ranked[:, :-1]
    start = np.maximum.accumulate(np.where(new_group, index, 0), axis=1)
    position = index - start
    key = (ranked << 24) | ((position % stride) << 12) | (position // stride)
    return np.take_along_axis(order, np.argsort(key, axis=1, kind="stable"), axis=1)


def build_tree(spot: Spot, isomorphism: bool = True, compressed: bool = False) -> Tree:
    """The game tree of ``spot`` (nothing big is allocated: see ``Tree.memory``).
    ``isomorphism``: deal one card of each class of interchangeable suits at chance
    nodes (suits that the board and both ranges treat alike), reusing its values for
    the others. ``compressed``: 16-bit storage (half the memory of float32)."""
    return Tree(spot, isomorphism, compressed)
