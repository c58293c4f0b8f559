"""Showdown equity: who is ahead, exactly or by sampling, in C without the GIL.

The implementation behind ``pokerhash.equity`` (the function), ``pokerhash.equity_iter``,
``pokerhash.EquityResult``, ``pokerhash.random_deals``, ``pokerhash.board_strengths`` and
``pokerhash.equities_vs_range``: import them from ``pokerhash``. The module is private
so that the package attribute ``pokerhash.equity`` is the function itself, with its
real signature.

``equity(players, board, dead, game)`` answers for 2 to 10 players, each a known
hand or (Hold'em) a weighted range of two-card combinations, in Hold'em, Omaha
(4, 5 or 6 hole cards, high or eight-or-better hi/lo) and seven-card stud (high or
hi/lo) with the cards known so far; Hold'em and Omaha players may also be lists of
hands. Hands are ranked as the rules' "Standard hand ranking", "Games that pick five
cards from more" and "Low hands" say, and every showdown's pot is shared as "Pots,
splitting and rake" says: ties split evenly, and in hi/lo the best high and the best
qualifying low each take half, the high taking everything when no low qualifies.

Exact results count every remaining deal (and every combination of the players'
range hands that shares no card with the others, the board or the dead cards,
weighted by the product of their weights); sampled ones draw deals from the same
distribution. ``random_deals`` deals random hands for users' own simulations;
``board_strengths`` and ``equities_vs_range`` are the terminal-node kernels of CFR
solvers over the 1,326 two-card combinations (``pokerhash.ranges`` layout).
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Callable, Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from . import _equity
from ._checks import as_flag, as_int_in
from .cards import HandLike, card_str, cards
from .errors import ComputationTimeout, InvalidCardError, InvalidValueError, PokerhashError
from .ranges import COMBOS, Range, combo_index
from .evaluators import catalog
from .evaluators.shortdeck import SHORT_DECK

__all__ = ["EquityResult", "equity", "equity_iter", "random_deals", "board_strengths", "equities_vs_range", "GAMES"]


_CARD_BITS = np.left_shift(np.uint64(1), np.arange(64, dtype=np.uint64))


def _row_bits(rows: np.ndarray) -> np.ndarray:
    """One uint64 card mask per row of cards (a table lookup per column: no casts)."""
    bits = np.zeros(len(rows), dtype=np.uint64)
    for column in rows.T:
        bits |= _CARD_BITS[column]
    return bits


class _Game:
    """What the equity kernels need to know about a game (the rules' "The games and
    their flow"): the hole card counts a player may show, the board size, and the most
    players by hole size."""

    def __init__(self, name: str, kind: str, hilo: bool, hole_sizes: Tuple[int, ...], board_size: int,
                 max_players: Dict[int, int], deck: Tuple[int, ...] = tuple(range(52))):
        self.name, self.kind, self.hilo = name, kind, hilo
        self.hole_sizes, self.board_size, self.max_players = hole_sizes, board_size, max_players
        self.deck = deck


_OMAHA_SEATS = {4: 10, 5: 8, 6: 7}  # rules, The games and their flow: Omaha 2-10, PLO5 2-8, PLO6 2-7
# The equity kernel that plays each game of the catalogue it covers, with the most
# players by hole size and the deck.
_KERNELS = {
    "holdem": ("holdem", {2: 10}, tuple(range(52))),
    "plo": ("omaha", _OMAHA_SEATS, tuple(range(52))),
    "plo5": ("omaha", _OMAHA_SEATS, tuple(range(52))),
    "plo6": ("omaha", _OMAHA_SEATS, tuple(range(52))),
    "omaha-hi-lo": ("omaha", _OMAHA_SEATS, tuple(range(52))),
    "big-o": ("omaha", _OMAHA_SEATS, tuple(range(52))),
    "stud": ("stud", {7: 8}, tuple(range(52))),
    "stud-hi-lo": ("stud", {7: 8}, tuple(range(52))),
    "short-deck": ("shortdeck", {2: 10}, SHORT_DECK),  # the rules' "Other games": 36 cards, sixes to aces
}


def _equity_game(entry: catalog.Game) -> _Game:
    kind, seats, deck = _KERNELS[entry.name]
    # Stud counts each player's known cards, 0..7 of 7; the flop games their hole cards.
    hole_sizes = tuple(range(8)) if kind == "stud" else tuple(range(entry.hole[0], entry.hole[1] + 1))
    board_size = entry.board[1] if entry.board else 0
    return _Game(entry.name, kind, entry.low is not None, hole_sizes, board_size, seats, deck)


#: The games that :func:`equity` plays, by their names in the game catalogue
#: (:data:`pokerhash.evaluators.catalog.GAMES`; its aliases, e.g. ``"omaha8"``, work too).
GAMES = {name: _equity_game(catalog.GAMES[name]) for name in _KERNELS}

# method="auto" counts exactly up to about a second of work on one core: this many
# board leaves over all classes of range hands (flop games), this many deals walked
# card by card (stud, about 20 M a second). method="exact" refuses beyond the MAX
# ones (memory for the combinations of range hands; days of stud deals).
AUTO_EXACT_LEAVES = 2e8
AUTO_EXACT_DEALS = 2e7
MAX_EXACT_ROWS = 2e7
# Exact counts under this many board leaves (some 20 ms) give no interim results.
QUICK_EXACT_LEAVES = 5e6
MAX_EXACT_DEALS = 1e11
# An exact count beyond this many deals (stud) or board leaves (flop games), about a
# minute of one core, runs only when the caller confirms it with a time_limit (which
# also stops it). Counts are cut in slices of about this many seconds, between which
# Ctrl-C and the time limit are seen and an interim result is reported.
MAX_EXACT_WORK = 2e9
EXACT_SLICE_SECONDS = 0.15
# Sampling runs in chunks of trials, each its own random stream, and checks its stops
# after each round of chunks: a round is about 5 ms of heads-up Hold'em.
CHUNK_TRIALS = 1 << 15
ROUND_CHUNKS = 8


class EquityResult:
    """Equity of each player, exact or sampled.

    Per player (NumPy arrays in seat order): ``equity`` (the expected share of the
    pot, ties and halves shared), ``win`` (probability of taking the whole pot
    alone), ``tie`` (of taking part of it, not all); in hi/lo games ``high`` and
    ``low`` (expected share from each half: ``equity = high + low``) and ``scoop``
    (= ``win``), else None. ``showdowns``: deals counted or sampled; ``exact``;
    ``std_error`` of each equity when sampled (else None); ``progress`` (1.0 when
    final); ``elapsed`` seconds; ``seed`` of a sampled run.
    """

    def __init__(self, labels, game, equity, win, tie, high, low, showdowns, exact, std_error, progress, elapsed, seed):
        self._labels = labels
        self.game = game
        self.equity = equity
        self.win = win
        self.tie = tie
        hilo = GAMES[game].hilo
        self.high = high if hilo else None
        self.low = low if hilo else None
        self.scoop = win if hilo else None
        self.showdowns = showdowns
        self.exact = exact
        self.std_error = std_error
        self.progress = progress
        self.elapsed = elapsed
        self.seed = seed

    @property
    def labels(self) -> Tuple[str, ...]:
        """Each player's hand or range as text (written on first use: a range's shortest
        text takes milliseconds)."""
        if callable(self._labels):
            self._labels = tuple(self._labels())
        return self._labels

    def table(self) -> str:
        """The result as an aligned text table, one row per player."""
        head = ["player", "equity", "win", "tie"]
        if self.high is not None:
            head += ["high", "low"]
        if self.std_error is not None:
            head.append("± s.e.")
        rows = []
        for i, label in enumerate(self.labels):
            row = [label, self.equity[i], self.win[i], self.tie[i]]
            if self.high is not None:
                row += [self.high[i], self.low[i]]
            if self.std_error is not None:
                row.append(self.std_error[i])
            rows.append([row[0]] + [f"{100 * v:.3f}%" for v in row[1:]])
        width = [max(len(str(r[j])) for r in rows + [head]) for j in range(len(head))]
        lines = ["  ".join(str(c).ljust(width[j]) if j == 0 else str(c).rjust(width[j]) for j, c in enumerate(r))
                 for r in [head] + rows]
        return "\n".join(lines)

    def __repr__(self) -> str:
        how = "exact" if self.exact else ("sampled" if self.progress >= 1 else f"{100 * self.progress:.0f}% done")
        return f"EquityResult({self.game}, {how}, {self.showdowns:,} showdowns, {self.elapsed:.3f} s)\n{self.table()}"

    def _repr_html_(self) -> str:
        from .pictures.views import equity_html

        return equity_html(self)


# --- reading the input ------------------------------------------------------------


def _game(game: str) -> _Game:
    name = catalog.game(game).name
    if name not in GAMES:
        raise InvalidValueError(f"equity does not play {game!r}; it plays {', '.join(GAMES)}")
    return GAMES[name]


def _is_hand(item) -> bool:
    """Whether an element of a player's list is a whole hand (not one card)."""
    if isinstance(item, str):
        try:
            return len(cards(item)) > 1
        except InvalidCardError:
            return False
    return isinstance(item, (list, tuple, np.ndarray))


def _player_options(player, index: int):
    """(hand, None) for a known hand, or (None, (hands, weights)) for a range: a Range,
    range text that is not a hand of cards (``"QQ+,AKs"``), an array of 1,326 float
    weights (the ``pokerhash.ranges`` layout), a list of hands, or {hand: weight}."""
    if isinstance(player, str):
        try:
            return cards(player), None
        except InvalidCardError:
            return None, (COMBOS, Range(player).weights)
    if isinstance(player, Range) or (isinstance(player, np.ndarray) and player.dtype.kind == "f"):
        return None, (COMBOS, Range(player).weights)
    items = None
    if isinstance(player, dict):
        items = list(player.items())
    elif isinstance(player, (list, tuple)) and player and all(_is_hand(item) for item in player):
        items = [(hand, 1.0) for hand in player]
    if items is None:
        return cards(player), None
    hands = [sorted(cards(hand), reverse=True) for hand, _ in items]
    if len({len(h) for h in hands}) > 1:
        raise InvalidCardError(f"player {index + 1}: the hands of a list must have the same number of cards")
    seen = set()
    for hand in hands:
        if tuple(hand) in seen:
            raise InvalidValueError(f"player {index + 1}: hand {''.join(card_str(c) for c in hand)} is listed twice")
        seen.add(tuple(hand))
    weights = np.array([w for _, w in items], dtype=np.float64)
    if not (np.isfinite(weights) & (weights >= 0)).all():
        raise InvalidValueError(f"player {index + 1}: hand weights must be finite and non-negative")
    return None, (np.array(hands, dtype=np.uint8), weights)


def _label(player, hand: Optional[List[int]]) -> str:
    if hand is not None:
        return "".join(card_str(c) for c in hand) or "?"
    if isinstance(player, (list, tuple, dict)):
        text = ",".join("".join(card_str(c) for c in cards(h)) for h in player)
    else:
        text = str(player) if not isinstance(player, np.ndarray) else "range"
    return text if len(text) <= 24 else text[:21] + "..."


class _Spec:
    """A validated equity question."""

    def __init__(self, players, board, dead, game, trips_beat_straight: bool = True):
        self.game = _game(game)
        g = self.game
        self.order = 0 if as_flag(trips_beat_straight, "trips_beat_straight") else 1
        if isinstance(players, (str, bytes)) or not hasattr(players, "__len__"):
            raise InvalidValueError("players is a sequence of hands or ranges, one per player")
        n = len(players)
        if n < 2:
            raise InvalidValueError(f"{g.name} takes 2 to {g.max_players[max(g.hole_sizes)]} players, got {n}")
        self.board = cards(board)
        self.dead = cards(dead)
        if len(self.board) > g.board_size:
            raise InvalidCardError(f"{g.name} has {g.board_size} board cards, got {len(self.board)}")
        self.hands: List[Optional[List[int]]] = []
        options: List[Optional[Tuple[np.ndarray, np.ndarray]]] = []
        for i, player in enumerate(players):
            hand, option = _player_options(player, i)
            if option is not None and g.kind == "stud":
                raise InvalidValueError(f"player {i + 1}: give {g.name} hands as their known cards")
            if option is not None and option[0] is COMBOS and g.kind not in ("holdem", "shortdeck"):
                raise InvalidValueError(f"player {i + 1}: ranges are for Hold'em; give {g.name} hands as cards")
            size = len(hand) if hand is not None else option[0].shape[1]
            if size not in g.hole_sizes:
                sizes = " or ".join(str(s) for s in g.hole_sizes)
                raise InvalidCardError(f"player {i + 1}: a {g.name} hand has {sizes} cards, got {size}")
            self.hands.append(hand)
            options.append(option)
        sizes = {len(h) for h in self.hands if h is not None} | {o[0].shape[1] for o in options if o is not None}
        if g.kind == "omaha" and len(sizes) > 1:
            raise InvalidCardError(f"every {g.name} hand must have the same number of cards, got {sorted(sizes)}")
        self.hole_size = 7 if g.kind == "stud" else sizes.pop()
        seats = g.max_players[self.hole_size]
        if not 2 <= n <= seats:
            raise InvalidValueError(f"{g.name} takes 2 to {seats} players, got {n}")
        self.players = tuple(players)
        known = self.board + self.dead + [c for h in self.hands if h is not None for c in h]
        cards(known)  # a card twice anywhere: InvalidCardError naming it
        outside = [c for c in known if c not in g.deck]
        if outside:
            raise InvalidCardError(f"card {card_str(outside[0])} is not in the {len(g.deck)}-card {g.name} deck")
        self.known_mask = 0
        for c in known:
            self.known_mask |= 1 << c
        self.stub = [c for c in g.deck if not self.known_mask >> c & 1]
        # Range hands holding a known card or one outside the deck are not dealt.
        removed = self.known_mask | sum(1 << c for c in range(52) if c not in g.deck)
        self.board_size = g.board_size
        self.ranges = [i for i, o in enumerate(options) if o is not None]
        missing = sum(self.hole_size - len(h) for h in self.hands if h is not None) + self.hole_size * len(
            self.ranges) + g.board_size - len(self.board)
        if g.kind == "stud" and missing > len(self.stub):
            # Rules, "The games and their flow": when the deck cannot give every player a
            # seventh card, one community card serves them all.
            if any(len(h) > 6 for h in self.hands):
                raise InvalidValueError("the deck cannot complete every stud hand")
            self.hole_size, self.board_size = 6, 1
            missing = sum(6 - len(h) for h in self.hands) + 1
        if missing > len(self.stub):
            raise InvalidValueError(f"{n} players need {missing} more cards but only {len(self.stub)} are left")
        self.combos: List[Optional[Tuple[np.ndarray, np.ndarray]]] = []
        for i, option in enumerate(options):
            if option is None:
                self.combos.append(None)
                continue
            hands, weights = option
            live = (weights > 0) & ((_row_bits(hands) & np.uint64(removed)) == 0)
            if not live.any():
                raise InvalidValueError(f"player {i + 1}'s range is empty once the known cards are removed")
            index = np.flatnonzero(live)
            self.combos.append((np.ascontiguousarray(hands[index]), weights[index]))
        if len(self.ranges) > 1 and not self._compatible():
            raise InvalidValueError("no combination of the players' ranges is free of shared cards")

    def labels(self) -> List[str]:
        return [_label(p, h) for p, h in zip(self.players, self.hands)]

    def _compatible(self) -> bool:
        """Whether some choice of one hand per range player shares no card."""
        masks = [[int(b) for b in _row_bits(self.combos[i][0])] for i in self.ranges]

        def search(k: int, used: int) -> bool:
            return k == len(masks) or any(not used & m and search(k + 1, used | m) for m in masks[k])

        return search(0, 0)

    def deal(self) -> "_equity.Deal":
        holes = [h if h is not None else [] for h in self.hands]
        return _equity.Deal(self.game.kind, self.game.hilo, self.hole_size, self.board_size, holes, self.board,
                            self.stub, self.combos, self.order)

    def board_leaves(self) -> int:
        """Boards one exact row walks (about: ranks, then flush corrections)."""
        free = len(self.stub) - self.hole_size * len(self.ranges)
        boards = math.comb(free, self.board_size - len(self.board))
        return boards if self.game.kind == "shortdeck" else min(boards, 40000)

    def completions(self) -> int:
        """Deals of known hands walked card by card."""
        free, total = len(self.stub), 1
        for k in [self.board_size - len(self.board)] + [self.hole_size - len(h) for h in self.hands]:
            total *= math.comb(free, k)
            free -= k
        return total


# --- exact --------------------------------------------------------------------------


def _range_rows(spec: _Spec, limit: float):
    """Every combination of the players' hands that shares no card, as rows of hole
    cards (players * hole_size, each hand highest card first) with the products of
    their weights; None when there would be more than limit."""
    rows = np.zeros((1, 0), dtype=np.uint8)
    masks = np.zeros(1, dtype=np.uint64)
    weights = np.ones(1)
    for hand, combo in zip(spec.hands, spec.combos):
        if combo is None:
            known = np.array(sorted(hand, reverse=True), dtype=np.uint8)
            rows = np.concatenate([rows, np.broadcast_to(known, (len(rows), len(known)))], axis=1)
            continue
        hands, w = combo
        if len(rows) * len(hands) > limit:
            return None
        bits = _row_bits(hands)
        left, right = np.nonzero((masks[:, None] & bits[None, :]) == 0)
        rows = np.concatenate([rows[left], hands[right]], axis=1)
        masks = masks[left] | bits[right]
        weights = weights[left] * w[right]
    return np.ascontiguousarray(rows), weights


def _suit_classes(spec: _Spec, rows: np.ndarray, weights: np.ndarray):
    """Rows that a permutation of the suits maps into each other (fixing the board and
    dead cards as sets) have the same counts: one row per class, with the classes'
    summed weights and sizes, ordered by hole ranks (the C loop reuses rank passes).
    Known hands must map to themselves too: the deal's stub is theirs. A class is named
    by the least byte string of its rows (cards + 1, each hand highest card first)."""
    n, h = len(spec.hands), spec.hole_size
    fixed = [set(spec.board), set(spec.dead)] + [set(hand) for hand in spec.hands if hand is not None]
    perms = [p for p in itertools.permutations(range(4))
             if all({(c & ~3) | p[c & 3] for c in group} == group for group in fixed)]
    width = n * h
    # Up to 8 bytes, a name compares as a big-endian uint64 does: NumPy sorts those ints
    # several times faster than byte strings (heads-up Hold'em and Omaha, up to 4-way Hold'em).
    as_int = width <= 8
    canon = None
    for p in perms:
        table = np.array([(c & ~3) | p[c & 3] for c in range(52)], dtype=np.uint8)
        mapped = np.sort(table[rows].reshape(len(rows), n, h), axis=2)[:, :, ::-1] + np.uint8(1)
        if as_int:
            padded = np.zeros((len(rows), 8), dtype=np.uint8)
            padded[:, :width] = mapped.reshape(len(rows), width)
            key = padded.view(">u8").ravel().astype(np.uint64)
        else:
            key = np.ascontiguousarray(mapped.reshape(len(rows), width)).view(f"S{width}").ravel()
        canon = key if canon is None else np.where(key < canon, key, canon)
    unique, inverse = np.unique(canon, return_inverse=True)
    class_weights = np.bincount(inverse.ravel(), weights)
    class_sizes = np.bincount(inverse.ravel())
    names = unique.astype(">u8").tobytes() if as_int else unique.tobytes()
    out = np.frombuffer(names, dtype=np.uint8).reshape(len(unique), -1)[:, :width] - np.uint8(1)
    order = np.lexsort((out >> 2).T[::-1])
    return np.ascontiguousarray(out[order]), class_weights[order], class_sizes[order]


def _exact_plan(spec: _Spec, limit: float):
    """(rows, weights, sizes) for the exact flop-game count, or None if over limit."""
    if not spec.ranges:
        row = np.array([c for h in spec.hands for c in h], dtype=np.uint8)[None, :]
        return row, np.ones(1), np.ones(1, dtype=np.int64)
    built = _range_rows(spec, limit)
    if built is None:
        return None
    rows, weights = built
    return _suit_classes(spec, rows, weights)


def _plan(spec: _Spec, auto: bool):
    """What an exact count walks (see _exact_plan; True for stud), or None when it is
    too long for method="auto" or beyond the MAX limits."""
    if spec.game.kind == "stud":
        return True if spec.completions() <= (AUTO_EXACT_DEALS if auto else MAX_EXACT_DEALS) else None
    leaves = spec.board_leaves()
    # Suit symmetry divides the combinations by up to 24 before the leaf budget applies.
    plan = _exact_plan(spec, 24 * AUTO_EXACT_LEAVES / leaves if auto else MAX_EXACT_ROWS)
    if plan is not None and auto and len(plan[0]) * leaves > AUTO_EXACT_LEAVES:
        return None
    return plan


def _pool_map(function, items, threads: int):
    if threads <= 1 or len(items) <= 1:
        return [function(item) for item in items]
    with ThreadPoolExecutor(max_workers=threads) as pool:
        return list(pool.map(function, items))


def _threads(threads: int) -> int:
    if threads is None or threads < 0:
        raise InvalidValueError(f"threads must be 0 (all cores) or a positive count, got {threads!r}")
    return threads or os.cpu_count() or 1


def _exact_results(spec: _Spec, plan, threads: int, started: float,
                   time_limit: Optional[float]) -> Iterator[EquityResult]:
    """The exact count in slices of about EXACT_SLICE_SECONDS (a round of them over the
    threads): between slices Python sees Ctrl-C, the time limit is checked and an
    interim result goes out, so a long count reports steadily and can be stopped."""
    n = len(spec.hands)
    total = np.zeros(1 + 5 * n)
    showdowns = 0
    if spec.game.kind == "stud":
        pieces = _stud_pieces(spec)
        count = len(pieces)
        run = _run_stud_piece
    else:
        rows, weights, sizes = plan
        deal = spec.deal()
        count = len(rows)

        def run(ab):
            return deal.exact_rows(rows[ab[0]:ab[1]], weights[ab[0]:ab[1]])
    done, per = 0, 1
    if plan is not True and count * spec.board_leaves() < QUICK_EXACT_LEAVES:
        per = -(-count // threads)  # a short count is one round: no interim results to build
    while done < count:
        group = []
        for _ in range(threads):
            end = min(count, done + per)
            if end > done:
                group.append((done, end))
            done = end
        ticked = time.perf_counter()
        if spec.game.kind == "stud":
            results = _pool_map(lambda ab: run(spec, pieces[ab[0]:ab[1]]), group, threads)
        else:
            results = _pool_map(run, group, threads)
        took = time.perf_counter() - ticked
        for (a, b), (deals, sums) in zip(group, results):
            total += sums
            if spec.game.kind == "stud":
                showdowns += int(deals)
            else:
                # Every row of a deal has as many boards: a class of rows counts them once per member.
                showdowns += int(deals) // (b - a) * int(sizes[a:b].sum())
        # The next slice sized to about EXACT_SLICE_SECONDS (at most 4 times this one).
        per = max(1, min(4 * per, int(per * EXACT_SLICE_SECONDS / max(took, 1e-4))))
        _check_time_limit(time_limit, started, done / count)
        if done < count:
            yield _from_sums(spec, total, showdowns, False, None, done / count, started, None)
    yield _from_sums(spec, total, showdowns, True, None, 1.0, started, None)


def _check_time_limit(time_limit: Optional[float], started: float, progress: float) -> None:
    if time_limit is not None and time.perf_counter() - started > time_limit:
        raise ComputationTimeout(f"the exact count passed time_limit={time_limit:g} s at {progress:.1%}; a partial "
                                 "count is no estimate: use method='sample' (or a longer time_limit)")


#: Deals a piece of a stud count walks in one C call (about 0.05-0.1 s).
_STUD_PIECE_DEALS = 2e6


def _stud_pieces(spec: _Spec) -> List[Tuple[Tuple[int, ...], ...]]:
    """A stud count cut into pieces: every completion of the first incomplete players'
    hands (as few players as make pieces of about _STUD_PIECE_DEALS deals), each piece
    the rest of the deal counted in C. Together the pieces walk every deal once."""
    missing = [i for i, hand in enumerate(spec.hands) if len(hand) < spec.hole_size]
    deals = spec.completions()
    pieces: List[Tuple[Tuple[int, ...], ...]] = [()]
    free = list(spec.stub)
    for i in missing:
        if deals / len(pieces) <= _STUD_PIECE_DEALS:
            break
        k = spec.hole_size - len(spec.hands[i])
        pieces = [piece + (combo,) for piece in pieces
                  for combo in itertools.combinations([c for c in free if not any(c in p for p in piece)], k)]
    return pieces


def _run_stud_piece(spec: _Spec, pieces) -> Tuple[int, np.ndarray]:
    """Counts of some pieces (see _stud_pieces): (deals, sums as _from_sums reads them)."""
    n = len(spec.hands)
    missing = [i for i, hand in enumerate(spec.hands) if len(hand) < spec.hole_size]
    deals = 0
    sums = np.zeros(1 + 5 * n)
    for piece in pieces:
        holes = [list(hand) for hand in spec.hands]
        taken = set()
        for i, combo in zip(missing, piece):
            holes[i] = holes[i] + list(combo)
            taken.update(combo)
        stub = [c for c in spec.stub if c not in taken]
        deal = _equity.Deal(spec.game.kind, spec.game.hilo, spec.hole_size, spec.board_size, holes, spec.board,
                            stub, [None] * n, spec.order)
        count, counts = deal.exact_generic()
        deals += int(count)
        sums[0] += float(count)
        sums[1:] += counts[:5].T.astype(np.float64).ravel()
    return deals, sums


def _from_sums(spec, sums, showdowns, exact, std_error, progress, started, seed) -> EquityResult:
    n = len(spec.hands)
    per = sums[1:].reshape(n, 5)
    weight = sums[0] if sums[0] else 1.0
    pot = _equity.POT * weight
    return EquityResult(spec.labels, spec.game.name, per[:, 2] / pot, per[:, 0] / weight, per[:, 1] / weight,
                        per[:, 3] / pot, per[:, 4] / pot, int(showdowns), exact, std_error, progress,
                        time.perf_counter() - started, seed)


def _known_hands_exact(players, board, dead, game, trips_beat_straight: bool) -> Optional[EquityResult]:
    """The small question in C (_equity.exact_known): every player a known hand in a
    flop game, which method "auto" always counts exactly (one row of at most 40,000
    board leaves). None for anything else, and for input that the full path must read
    or refuse."""
    started = time.perf_counter()
    g = GAMES.get(game)
    if g is None:
        try:
            g = _game(game)  # an alias of the catalogue ("omaha8")
        except PokerhashError:
            return None  # the full path names the error
    if g.kind == "stud":
        return None
    answer = _equity.exact_known(g.kind, g.hilo, 0 if trips_beat_straight else 1, _SEATS_BY_HOLE[g.name],
                                 g.board_size, _DECK_MASKS[g.name], players, board, dead)
    if answer is None:
        return None
    showdowns, equity_, win, tie, high, low = answer
    players = tuple(players)
    return EquityResult(lambda: [_label(p, cards(p)) for p in players], g.name, equity_, win, tie, high, low,
                        showdowns, True, None, 1.0, time.perf_counter() - started, None)


def known_hands_groups(players, board, dead, game: str, groups) -> Optional[List[List[float]]]:
    """The equities of several groups of known hands of one flop game (Hold'em or
    Omaha; each group a list of indices into ``players``, every other player's cards
    dead to it) from one exact count (_equity.exact_known_groups): per group the floats
    :func:`equity` gives for its players alone, or None when the game or the input
    needs :func:`equity` itself (the tracker's all-in EV: a hand's pots)."""
    g = GAMES.get(game)
    if g is None or g.kind not in ("holdem", "omaha"):
        return None
    return _equity.exact_known_groups(g.kind, g.hilo, _SEATS_BY_HOLE[g.name], g.board_size, _DECK_MASKS[g.name],
                                      players, board, dead, groups)


@functools.lru_cache(maxsize=256)
def _text_range_weights(text: str) -> Optional[np.ndarray]:
    """Range text's weights (read-only), or None when the text is a hand of cards."""
    try:
        cards(text)
        return None
    except InvalidCardError:
        return Range(text).weights


def _range_side(player) -> Optional[Tuple[Optional[List[int]], np.ndarray]]:
    """(known hand or None, 1,326 weights) of a Hold'em player for the range kernel,
    or None for a form it does not take (lists and dicts of hands, other sizes)."""
    if isinstance(player, str):
        weights = _text_range_weights(player)
        if weights is not None:
            return None, weights
    elif isinstance(player, Range):
        return None, player.weights
    elif isinstance(player, np.ndarray) and player.dtype.kind == "f":
        return None, Range(player).weights
    elif isinstance(player, dict) or (isinstance(player, (list, tuple)) and player and _is_hand(player[0])):
        return None
    hand = cards(player)
    if len(hand) != 2 or hand[0] == hand[1]:
        return None
    weights = np.zeros(1326)
    weights[combo_index(hand[0], hand[1])] = 1.0
    return hand, weights


def _two_ranges_exact(players, board, dead, game) -> Optional[EquityResult]:
    """Heads-up Hold'em on a flop, turn or river with a range (or a hand) a side:
    every runout swept once (_equity.ranges_exact, csrc/equity_ranges.h) instead of
    the boards of every pair of hands. None for anything else, and for input that the
    full path must refuse (it names the error)."""
    started = time.perf_counter()
    if game != "holdem" or len(players) != 2:
        return None
    try:
        board_cards, dead_cards = cards(board), cards(dead)
        sides = [_range_side(p) for p in players]
    except PokerhashError:
        return None
    if not 3 <= len(board_cards) <= 5 or None in sides:
        return None
    known = board_cards + dead_cards + [c for hand, _ in sides if hand is not None for c in hand]
    if len(set(known)) != len(known):
        return None
    # A known hand is a range of one combination: the sweep's card removal keeps the
    # other side's hands and the runouts off its cards.
    win, tie, met, pairs, runouts = _equity.ranges_exact(bytes(board_cards), sum(1 << c for c in dead_cards),
                                                        sides[0][1], sides[1][1])
    if not pairs or not met > 0:
        return None
    lose = met - win - tie
    shares = np.array([win + tie / 2, lose + tie / 2, win, lose, tie, tie]) / met  # one array, three views
    players = tuple(players)
    return EquityResult(lambda: [_label(p, hand) for p, (hand, _) in zip(players, sides)], "holdem", shares[0:2],
                        shares[2:4], shares[4:6], None, None, int(pairs) * int(runouts), True, None, 1.0,
                        time.perf_counter() - started, None)


_DECK_MASKS = {name: sum(1 << c for c in g.deck) for name, g in GAMES.items()}
# The most players by hole size, for the hole sizes each game allows only.
_SEATS_BY_HOLE = {name: {size: most for size, most in g.max_players.items() if size in g.hole_sizes}
                  for name, g in GAMES.items()}


# --- sampling -----------------------------------------------------------------------


def _sampled_results(spec: _Spec, threads: int, seed: int, target_error: Optional[float], trials: Optional[int],
                     time_limit: Optional[float], started: float) -> Iterator[EquityResult]:
    n = len(spec.hands)
    deal = spec.deal()
    counts = np.zeros((6, n), dtype=object)  # Python ints: never overflow
    total = 0
    stream = 0
    while True:
        chunks = ROUND_CHUNKS
        sizes = [CHUNK_TRIALS] * chunks
        if trials is not None:
            left = trials - total
            sizes = [s for s in (min(CHUNK_TRIALS, left - i * CHUNK_TRIALS) for i in range(chunks)) if s > 0]
        jobs = [(stream + i, size) for i, size in enumerate(sizes)]
        stream += len(jobs)
        for deals, chunk in _pool_map(lambda job: deal.sample(seed, job[0], job[1]), jobs, threads):
            total += int(deals)
            counts += chunk.astype(object)
        mean = counts[2].astype(float) / total / _equity.POT
        second = counts[5].astype(float) / total / _equity.POT ** 2
        error = np.sqrt(np.maximum(second - mean ** 2, 0.0) / max(total - 1, 1))
        elapsed = time.perf_counter() - started
        progress = [0.0]
        if trials is not None:
            progress.append(total / trials)
        if time_limit is not None:
            progress.append(elapsed / time_limit)
        if target_error is not None:
            worst = float(error.max())
            progress.append(1.0 if worst <= target_error else (target_error / worst) ** 2)
        finished = max(progress) >= 1.0
        sums = np.concatenate([[float(total)], counts[:5].T.astype(np.float64).ravel()])
        yield _from_sums(spec, sums, total, False, error, min(max(progress), 1.0) if not finished else 1.0, started, seed)
        if finished:
            return


# --- the public API -----------------------------------------------------------------


PlayerLike = Union[HandLike, np.ndarray, object]


def equity_iter(players: Sequence[PlayerLike], board: HandLike = (), dead: HandLike = (), game: str = "holdem",
                method: str = "auto", *, target_error: Optional[float] = None, trials: Optional[int] = None,
                time_limit: Optional[float] = None, seed: Optional[int] = None, threads: int = 1,
                trips_beat_straight: bool = True) -> Iterator[EquityResult]:
    """Interim results of :func:`equity` as the work goes (same arguments); the last
    one is the final result (``progress == 1.0``)."""
    started = time.perf_counter()
    spec = _Spec(players, board, dead, game, trips_beat_straight)
    threads = _threads(threads)
    if method not in ("auto", "exact", "sample"):
        raise InvalidValueError(f"method is 'auto', 'exact' or 'sample', not {method!r}")
    for name, value in (("target_error", target_error), ("time_limit", time_limit)):
        if value is not None and not value > 0:
            raise InvalidValueError(f"{name} must be positive, got {value!r}")
    trials = None if trials is None else as_int_in(trials, "trials", 1)
    seed = None if seed is None else as_int_in(seed, "seed", 0, 2 ** 64 - 1)
    if method != "sample":
        plan = _plan(spec, method == "auto")
        if plan is not None:
            work = spec.completions() if plan is True else len(plan[0]) * spec.board_leaves()
            if method == "exact" and work > MAX_EXACT_WORK and time_limit is None:
                raise InvalidValueError(
                    f"an exact count of about {work:.2g} deals or boards (over MAX_EXACT_WORK = {MAX_EXACT_WORK:.0e}, "
                    "minutes of work) needs a time_limit to confirm it; or use method='sample'")
            yield from _exact_results(spec, plan, threads, started, time_limit)
            return
        if method == "exact":
            raise InvalidValueError("too many deals or combinations of hands to count exactly; use method='sample'")
    if target_error is None and trials is None and time_limit is None:
        target_error = 5e-4
    seed = secrets.randbits(64) if seed is None else seed
    yield from _sampled_results(spec, threads, seed, target_error, trials, time_limit, started)


def equity(players: Sequence[PlayerLike], board: HandLike = (), dead: HandLike = (), game: str = "holdem",
           method: str = "auto", *, target_error: Optional[float] = None, trials: Optional[int] = None,
           time_limit: Optional[float] = None, seed: Optional[int] = None, threads: int = 1,
           trips_beat_straight: bool = True, progress: Optional[Callable[[EquityResult], None]] = None
           ) -> EquityResult:
    """Each player's share of the pot at showdown, over every way the deal can end.

    ``players``: 2 to 10 hands (cards, e.g. ``"AhAd"`` or ``[48, 49]``), lists of
    hands (``["AhAdKhKd", "9s8s7c6c"]``, each as likely) or ``{hand: weight}``, and in
    Hold'em ranges (a ``pokerhash.Range``, its text such as ``"QQ+,AKs:0.5"``, or any
    (1326,) float weight array in the ``pokerhash.ranges`` layout). ``board``: the community cards so far;
    ``dead``: cards out of play (folded or burned cards seen, stud up-cards of folded
    players). ``game``: ``"holdem"``, ``"omaha"`` (4, 5 or 6 hole cards), ``"omaha8"``
    (hi/lo eight or better), ``"stud"`` or ``"stud8"`` (each player's known cards, 0
    to 7; when the deck cannot complete every hand the seventh card is one community
    card, the rules' "The games and their flow"), ``"shortdeck"`` (6+ Hold'em on the
    36-card deck, the rules' "Other games"; ``trips_beat_straight=False`` for the older
    order with the straight above three of a kind).

    ``method``: ``"exact"`` counts every deal (with ranges, every combination of
    range hands that shares no card, weighted by the product of the weights);
    ``"sample"`` draws deals at random until the largest standard error is at most
    ``target_error`` (default 0.0005 when no stop is given), ``trials`` deals, or
    ``time_limit`` seconds, whichever comes first; ``"auto"`` counts when that is
    quick (about a second or less) and samples otherwise. ``seed`` makes sampling
    reproducible (the result does not depend on ``threads`` unless a time limit
    stops it). ``threads``: worker threads, 0 for all cores. ``progress``: called
    with each interim :class:`EquityResult` (see :func:`equity_iter`).

    Shares follow the rules (rules: Pots, splitting and rake): ties split evenly; in hi/lo
    the best high and the best qualifying low each take half, the high all of it when
    no low qualifies.
    """
    # The C path answers only what method "auto" always counts exactly, so a seed or a
    # target error (which steer sampling alone) does not keep a question from it: the
    # tracker's all-in EV gives both (for the spots it must sample) and asks it mostly
    # flop and turn spots, which the full path's Python work made 10 times as costly.
    if method in ("auto", "exact") and trials is None and time_limit is None \
            and (seed is None or (seed.__class__ is int and 0 <= seed < 2 ** 64)) \
            and (target_error is None or (target_error.__class__ is float and target_error > 0)) \
            and threads.__class__ is int and threads >= 0 and trips_beat_straight.__class__ is bool:
        result = _known_hands_exact(players, board, dead, game, trips_beat_straight)
        if result is None and not isinstance(players, (str, bytes)) and hasattr(players, "__len__"):
            result = _two_ranges_exact(players, board, dead, game)
        if result is not None:
            if progress is not None:
                progress(result)
            return result
    result = None
    for result in equity_iter(players, board, dead, game, method, target_error=target_error, trials=trials,
                              time_limit=time_limit, seed=seed, threads=threads,
                              trips_beat_straight=trips_beat_straight):
        if progress is not None:
            progress(result)
    return result


def random_deals(n: int, k: int, dead: HandLike = (), seed: Optional[int] = None) -> np.ndarray:
    """``n`` random deals of ``k`` distinct cards each, none of them ``dead``: an
    (n, k) uint8 array, dealt in C. Each row is uniform over the k-card sequences of
    the live cards; rows are independent. ``seed`` (an int) makes it reproducible."""
    n, k = as_int_in(n, "n", 0), as_int_in(k, "k", 0)
    removed = set(cards(dead))
    stub = np.array([c for c in range(52) if c not in removed], dtype=np.uint8)
    if k > len(stub):
        raise InvalidValueError(f"cannot deal {k} distinct cards from the {len(stub)} live cards")
    seed = secrets.randbits(64) if seed is None else seed
    seed = as_int_in(seed, "seed", 0, 2 ** 64 - 1)
    return _equity.random_deals(stub, k, n, seed)


def _boards(board, sizes: Sequence[int]) -> np.ndarray:
    if isinstance(board, np.ndarray) and board.ndim == 2:
        rows = np.ascontiguousarray(board)
        if rows.dtype.kind not in "iu" or rows.shape[1] not in sizes:
            raise InvalidCardError(f"boards must be an integer array of shape (n, {sizes[0]})")
        if rows.size and (rows.min() < 0 or rows.max() > 51):
            raise InvalidCardError("board cards must be in 0..51")
        rows = rows.astype(np.uint8)
        ordered = np.sort(rows, axis=1)
        if rows.shape[1] > 1 and (np.diff(ordered, axis=1) == 0).any():
            bad = int(np.argmax((np.diff(ordered, axis=1) == 0).any(axis=1)))
            raise InvalidCardError(f"board {bad} has a card twice")
        return rows
    return np.array([cards(board, count=sizes)], dtype=np.uint8)


def board_strengths(board) -> np.ndarray:
    """Strength (the rules' "Standard hand ranking", 1..7462) of each of the 1,326
    two-card combinations (``pokerhash.ranges`` layout) with a 5-card board, 0 where
    the combination holds a board card: a (1326,) uint16 array. Given an (n, 5) array
    of boards, an (n, 1326) array."""
    rows = _boards(board, (5,))
    out = _equity.board_strengths(rows)
    return out if isinstance(board, np.ndarray) and board.ndim == 2 else out[0]


def equities_vs_range(board: HandLike, villain) -> np.ndarray:
    """Every hero combination's equity against a weighted villain range on a 3-, 4-
    or 5-card Hold'em board: a (1326,) float64 array (``pokerhash.ranges`` layout),
    NaN where the hero combination holds a board card or no villain hand is left.

    The turn and river are enumerated; card removal is exact (a villain hand sharing
    a card with the hero or a runout does not count; rules: Cards). Ties count
    half ("Pots, splitting and rake")."""
    if isinstance(board, np.ndarray) and board.ndim != 1:
        # One board per call: an (n, k) array would otherwise answer for its first row only.
        raise InvalidCardError(f"equities_vs_range takes one board of 3, 4 or 5 cards, got an array of shape {board.shape}")
    rows = _boards(board, (3, 4, 5))
    weights = Range(villain).weights
    return _equity.equities_vs_range(np.ascontiguousarray(rows[0]), np.ascontiguousarray(weights))
