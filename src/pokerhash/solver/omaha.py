"""Pot-limit Omaha for the solver: ranges as weighted lists of four-, five- or
six-card hands, and what the C kernel needs to settle them (showdown strengths,
card-subset ids).

PLO has 270,725 four-card hands (PLO5 2,598,960, PLO6 20,358,520), so a range is not a
grid of every hand (as Hold'em's 1,326-vector is) but the list of hands a spot gives,
each with a weight: a few thousand hands at most make a spot that solves in seconds
to minutes.

Two hands meet only when they share no card. The kernel (``csrc/solver.h``,
phs_fold_omaha_n) gets each hand's reach of compatible opponent hands by inclusion
and exclusion over the 15, 31 or 63 nonempty subsets of the hand's cards;
:func:`subset_ids` names the subsets both ranges hold so that the kernel's sums are
one small array.

The games (:data:`GAMES`): ``"plo"``, ``"plo5"``, ``"plo6"`` (high only) and
``"omaha-hi-lo"`` (four cards), ``"big-o"`` (five cards), whose pot is split between
the best high and the best eight-or-better low (``csrc/solver_hilo.h``).
"""

from __future__ import annotations

import itertools
import math
import numbers
import re
from typing import Iterable, List, Mapping, Optional, Sequence, Tuple

import numpy as np

import pokerhash as ph

from ..errors import InvalidCardError, InvalidValueError
from ..evaluators.low import evaluate_omaha_low8_batch
from ..evaluators.omaha import evaluate_omaha_batch

HAND_SIZE = 4
#: The solver's Omaha games: name -> (hole cards, hi/lo), names as in
#: ``pokerhash.evaluators.catalog.GAMES`` (whose aliases, like ``"plo8"``, are read).
GAMES = {"plo": (4, False), "plo5": (5, False), "plo6": (6, False), "omaha-hi-lo": (4, True), "big-o": (5, True)}
MAX_HANDS = 65535  # the kernel orders hands with 16-bit indices
SINKS = 8  # per player, the sums of subsets the other player never holds (subset_ids)


def subsets(hand_size: int) -> Tuple[Tuple[int, ...], ...]:
    """The nonempty subsets of a hand's cards (positions) in the kernel's order: those
    of odd size first (the inclusion-exclusion subtracts their sums), then those of
    even size (added): 8 + 7 for four cards, 16 + 15 for five, 32 + 31 for six."""
    every = [s for k in range(1, hand_size + 1) for s in itertools.combinations(range(hand_size), k)]
    return tuple(s for s in every if len(s) % 2) + tuple(s for s in every if not len(s) % 2)


#: The 15 subsets of a four-card hand (:func:`subsets`).
SUBSETS = subsets(4)
_WEIGHT = re.compile(r"^(?P<hand>[^:]+?)\s*(?::\s*(?P<weight>[^:]+))?$")


class OmahaRange:
    """A weighted list of Omaha hands of ``hand_size`` cards (4, 5 or 6): a pot-limit
    Omaha range for :class:`~pokerhash.solver.Spot` with ``game="plo"`` (or ``"plo5"``,
    ``"plo6"``, ``"omaha-hi-lo"``, ``"big-o"``).

    ``hands`` is text (``"AsKsQdJd, 7c6c5h4h: 0.5"``: hands separated by commas, each
    optionally followed by ``:`` and its weight), a sequence of hands (each anything
    :func:`pokerhash.cards` reads, e.g. ``"AsKsQdJd"`` or four card numbers), a mapping
    hand -> weight, or another :class:`OmahaRange` (of the same hand size); ``weights``
    (one per hand, >= 0; default 1) goes with a sequence. A hand of other than
    ``hand_size`` cards, a card twice, the same hand twice or a bad weight raises
    (:class:`~pokerhash.errors.InvalidCardError`,
    :class:`~pokerhash.errors.InvalidValueError`).

    ``cards`` is an (n, hand_size) uint8 array (each hand's cards in decreasing order)
    and ``weights`` an (n,) float64 array, in the order given: the solver's per-hand
    arrays for this player (:meth:`pokerhash.solver.Node.strategy`, ...) are in this
    order.
    """

    def __init__(self, hands, weights: Optional[Sequence[float]] = None, hand_size: int = HAND_SIZE):
        if isinstance(hand_size, bool) or hand_size not in (4, 5, 6):
            raise InvalidValueError(f"an Omaha hand holds 4, 5 or 6 cards, not {hand_size!r}")
        self.hand_size = int(hand_size)
        if isinstance(hands, OmahaRange):
            if weights is not None:
                raise InvalidValueError("weights go with a list of hands, not with an OmahaRange")
            if hands.hand_size != hand_size:
                raise InvalidValueError(f"an OmahaRange of {hands.hand_size}-card hands where {hand_size}-card "
                                        f"hands are wanted")
            self.cards, self.weights = hands.cards.copy(), hands.weights.copy()
            return
        items: List[Tuple[object, object]]
        if isinstance(hands, str):
            if weights is not None:
                raise InvalidValueError("weights go with a list of hands; in text write 'AsKsQdJd: 0.5'")
            items = []
            for part in hands.split(","):
                if not part.strip():
                    continue
                match = _WEIGHT.match(part.strip())
                items.append((match["hand"], 1.0 if match["weight"] is None else _number(match["weight"], part)))
        elif isinstance(hands, Mapping):
            if weights is not None:
                raise InvalidValueError("weights go with a list of hands, not with a mapping hand -> weight")
            items = list(hands.items())
        elif isinstance(hands, (list, tuple, np.ndarray)):
            if weights is None:
                weights = [1.0] * len(hands)
            elif isinstance(weights, (str, bytes)) or len(weights) != len(hands):
                raise InvalidValueError(f"one weight per hand: {len(hands)} hands, weights {weights!r}")
            items = list(zip(hands, weights))
        else:
            raise InvalidValueError(f"an Omaha range is text, a list of hands or a mapping hand -> weight, "
                                    f"not {type(hands).__name__}")
        rows, values = [], []
        for hand, weight in items:
            rows.append(sorted(ph.cards(hand, count=(hand_size,)), reverse=True))
            values.append(_weight(weight, hand))
        self.cards = np.array(rows, dtype=np.uint8).reshape(-1, hand_size)
        self.weights = np.array(values, dtype=np.float64)
        keys = _masks(self.cards)
        if len(np.unique(keys)) != len(keys):
            twice = next(k for k in range(len(keys)) if (keys[:k] == keys[k]).any())
            raise InvalidValueError(f"the hand {_text(self.cards[twice])} is in the Omaha range twice")
        if len(keys) > MAX_HANDS:
            raise InvalidValueError(f"an Omaha range holds at most {MAX_HANDS:,} hands, got {len(keys):,}")

    def __len__(self) -> int:
        return len(self.weights)

    @property
    def hands(self) -> List[str]:
        """The hands as text (``"AsKsQdJd"``), in order."""
        return [_text(row) for row in self.cards]

    def index(self, hand) -> int:
        """The position of ``hand`` (any order of its cards) in the list."""
        key = _masks(np.array([sorted(ph.cards(hand, count=(self.hand_size,)), reverse=True)], dtype=np.uint8))[0]
        where = np.flatnonzero(_masks(self.cards) == key)
        if not len(where):
            raise InvalidValueError(f"{ph.cards_str(ph.cards(hand))} is not in the Omaha range")
        return int(where[0])

    def holding(self, board: Iterable[int]) -> np.ndarray:
        """Which hands hold a card of ``board`` (a boolean array)."""
        return np.isin(self.cards, list(board)).any(axis=1)

    def __str__(self) -> str:
        # repr: the shortest text that reads back as the same float (save and load)
        return ", ".join(h if w == 1 else f"{h}: {w!r}" for h, w in zip(self.hands, self.weights.tolist()))

    def __repr__(self) -> str:
        size = "" if self.hand_size == HAND_SIZE else f" of {self.hand_size} cards"
        return f"OmahaRange({len(self)} hands{size})"


def _text(row) -> str:
    return "".join(ph.card_str(int(c)) for c in row)


def _number(text: str, part: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise InvalidValueError(f"bad weight in {part.strip()!r}: write 'AsKsQdJd: 0.5'") from None


def _weight(value, hand) -> float:
    if isinstance(value, bool) or not isinstance(value, numbers.Real) or not math.isfinite(value) or value < 0:
        raise InvalidValueError(f"the weight of {hand!r} must be a finite number >= 0, got {value!r}")
    return float(value)


def _masks(cards: np.ndarray) -> np.ndarray:
    """Each row's cards as a 52-bit mask."""
    return np.bitwise_or.reduce(np.left_shift(np.uint64(1), cards.astype(np.uint64)), axis=1) if len(cards) else \
        np.zeros(0, dtype=np.uint64)


def subset_masks(cards: np.ndarray) -> np.ndarray:
    """(n, 2^k - 1) uint64: each hand's (k cards) nonempty card subsets
    (:func:`subsets` order) as 52-bit masks."""
    bits = np.left_shift(np.uint64(1), cards.astype(np.uint64))
    order = subsets(cards.shape[1])
    out = np.zeros((len(cards), len(order)), dtype=np.uint64)
    for k, subset in enumerate(order):
        out[:, k] = np.bitwise_or.reduce(bits[:, list(subset)], axis=1)
    return out


def subset_ids(cards0: np.ndarray, cards1: np.ndarray) -> Tuple[np.ndarray, np.ndarray, int]:
    """Each player's (n, 2^k - 1) int32 subset ids for the kernel, and the number of sums
    they index: the subsets both players' hands hold are 0 .. m - 1; a subset only
    player p holds has one of p's :data:`SINKS` slots after those (by hand, so that
    consecutive hands add to different slots rather than one chain of dependent adds:
    the kernel writes them when p is the opponent, and reads their 0 when p is the
    hero, the other player never writing there)."""
    masks = (subset_masks(cards0), subset_masks(cards1))
    shared = np.intersect1d(masks[0], masks[1])
    m = len(shared)
    out = []
    for p in (0, 1):
        where = np.minimum(np.searchsorted(shared, masks[p]), max(m - 1, 0))
        found = (shared[where] == masks[p]) if m else np.zeros(masks[p].shape, dtype=bool)
        sink = m + p * SINKS + (np.arange(len(masks[p])) % SINKS)[:, None]
        out.append(np.ascontiguousarray(np.where(found, where, sink), dtype=np.int32))
    return out[0], out[1], m + 2 * SINKS


def compatible_reach(cards: np.ndarray, other: np.ndarray, reach: np.ndarray) -> np.ndarray:
    """For each hand of ``cards``, the total ``reach`` of the hands of ``other`` that
    share no card with it (the kernel's inclusion-exclusion, in NumPy)."""
    ids_p, ids_q, n_sums = subset_ids(cards, other)
    sums = np.zeros(n_sums)
    np.add.at(sums, ids_q, np.broadcast_to(np.asarray(reach, dtype=np.float64)[:, None], ids_q.shape))
    sign = np.array([(-1.0) ** len(s) for s in subsets(cards.shape[1])])
    return float(np.sum(reach)) + (sums[ids_p] * sign).sum(axis=1)


def strengths(boards: np.ndarray, cards: np.ndarray, low: bool = False) -> np.ndarray:
    """(n_boards, n_hands) uint16 Omaha high strengths (pokerhash's Omaha evaluator,
    1..7462, higher is stronger) of each hand on each five-card board, 0 where the
    hand holds a board card. ``low``: the eight-or-better low strengths instead, 1 for
    no qualifying low and 2..57 for the lows (the Omaha low evaluator's 1..56 plus 1;
    better higher)."""
    boards = np.asarray(boards, dtype=np.uint8).reshape(-1, 5)
    out = np.zeros((len(boards), len(cards)), dtype=np.uint16)
    evaluate = _omaha_low_strength if low else evaluate_omaha_batch
    hand_masks = _masks(cards)
    for b, board in enumerate(boards):
        live = (hand_masks & _masks(board[None, :])[0]) == 0
        if live.any():
            holes = np.ascontiguousarray(cards[live])
            rows = np.ascontiguousarray(np.broadcast_to(board, (len(holes), 5)))
            out[b, live] = evaluate(holes, rows, check=False)
    return out


def _omaha_low_strength(holes, boards, check=False):
    return evaluate_omaha_low8_batch(holes, boards, check=check).astype(np.uint16) + 1


def equities(board: Sequence[int], cards: np.ndarray, other: np.ndarray, reach: np.ndarray,
             hilo: bool = False) -> np.ndarray:
    """Each hand's showdown equity (ties half) against the hands of ``other`` weighted
    by ``reach``, on a 4- or 5-card board (every river card dealt, each hand pair
    meeting each card neither holds equally often); NaN where nothing is met. ``hilo``:
    the expected share of the pot, half to the best high and half to the best
    eight-or-better low, ties splitting a half, the high taking all without a low."""
    board = list(board)
    rivers = [board] if len(board) == 5 else [board + [c] for c in range(52) if c not in board]
    reach = np.asarray(reach, dtype=np.float64)
    mine_masks, their_masks = _masks(cards), _masks(other)
    won = np.zeros(len(cards))
    met = np.zeros(len(cards))
    both = np.concatenate([cards, other])
    for river in rivers:
        s = strengths(np.array([river]), both)[0].astype(np.int32)
        low = strengths(np.array([river]), both, low=True)[0].astype(np.int32) if hilo else None
        mine, theirs = s[:len(cards)], s[len(cards):]
        live = np.where(theirs > 0, reach, 0.0)
        for start in range(0, len(cards), 256):  # blocks of hands: memory of 256 x the opponent's hands
            block = slice(start, start + 256)
            weight = np.where((mine_masks[block, None] & their_masks[None, :]) == 0, live[None, :], 0.0)
            weight[mine[block] == 0] = 0.0
            share = _won(mine[block, None], theirs[None, :])
            if hilo:
                a, b = low[:len(cards)][block, None], low[len(cards):][None, :]
                share = np.where((a >= 2) | (b >= 2), (share + _won(a, b)) / 2, share)  # 1: no low, beaten by any
            won[block] += (weight * share).sum(axis=1)
            met[block] += weight.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(met > 0, won / np.where(met > 0, met, 1), np.nan)


def _won(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a > b) + 0.5 * (a == b)


def suit_image(cards: np.ndarray, suits: Sequence[int]) -> np.ndarray:
    """The hands with their suits renamed (suit s -> suits[s]), cards in decreasing order."""
    mapped = cards // 4 * 4 + np.asarray(suits, dtype=cards.dtype)[cards % 4]
    return -np.sort(-mapped.astype(np.int16), axis=1)


def lookup(cards: np.ndarray, wanted: np.ndarray) -> np.ndarray:
    """For each row of ``wanted``, its index in ``cards`` (-1: not there)."""
    keys = _masks(np.asarray(cards, dtype=np.uint8))
    order = np.argsort(keys)
    want = _masks(np.asarray(wanted, dtype=np.uint8))
    at = np.minimum(np.searchsorted(keys[order], want), max(len(keys) - 1, 0))
    return np.where(keys[order][at] == want, order[at], -1) if len(keys) else np.full(len(want), -1)


def check_board(rng: OmahaRange, board: Sequence[int], name: str) -> None:
    """Raise InvalidCardError when a hand of the range holds a board card."""
    held = rng.holding(board)
    if held.any():
        raise InvalidCardError(f"the {name} range's hand {rng.hands[int(np.argmax(held))]} holds a card of the board "
                               f"{ph.cards_str(list(board))}")

