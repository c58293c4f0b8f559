"""Hold'em starting-hand ranges: one weight per two-card combo.

Every range API in pokerhash shares one layout: a float64 array of 1,326 weights, one
per unordered pair of distinct cards, at ``combo_index(c1, c2)``. For cards ``hi > lo``
(card ints of the rules' Cards section, 2c = 0 ... As = 51) the index is ``hi * (hi - 1) // 2 + lo``:
the combos are listed by their higher card, so all combos whose cards are below ``n``
come first (``n * (n - 1) // 2`` of them), and a C kernel can compute the index without a
table.

A weight is the fraction of a combo that is in the range, from 0 (absent) to 1 (always
there), as in every solver. The text language is the common one of range tools; see
:class:`Range`.
"""

from __future__ import annotations

import functools
import math
import numbers
import re
from decimal import Decimal
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

from ._checks import is_int
from .cards import RANKS, SUITS, CardLike, HandLike, card, card_str, cards
from .errors import CardTypeError, InvalidCardError, InvalidRangeError, InvalidValueError

N_COMBOS = 1326


def _build_combos() -> np.ndarray:
    combos = np.empty((N_COMBOS, 2), dtype=np.uint8)
    for hi in range(1, 52):
        start = hi * (hi - 1) // 2
        combos[start:start + hi, 0] = hi
        combos[start:start + hi, 1] = np.arange(hi)
    combos.setflags(write=False)
    return combos


#: ``COMBOS[i]`` is ``(hi, lo)``, the two cards of combo ``i``, higher card first.
COMBOS: np.ndarray = _build_combos()


def _build_combo_index() -> np.ndarray:
    table = np.full((52, 52), -1, dtype=np.int16)
    table[COMBOS[:, 0], COMBOS[:, 1]] = table[COMBOS[:, 1], COMBOS[:, 0]] = np.arange(N_COMBOS)
    table.setflags(write=False)
    return table


#: ``COMBO_INDEX[c1, c2]`` is ``combo_index(c1, c2)`` for a NumPy lookup over many
#: pairs at once; -1 where ``c1 == c2``.
COMBO_INDEX: np.ndarray = _build_combo_index()


def combo_index(c1: CardLike, c2: CardLike) -> int:
    """The index 0..1325 of the combo of two distinct cards, in either order."""
    a, b = card(c1), card(c2)
    if a == b:
        raise InvalidCardError(f"a combo needs two distinct cards, got {card_str(a)} twice")
    hi, lo = (a, b) if a > b else (b, a)
    return hi * (hi - 1) // 2 + lo


def combo_cards(index: int) -> Tuple[int, int]:
    """The two cards ``(hi, lo)`` of combo ``index``, higher card first."""
    if not is_int(index):
        raise CardTypeError(f"a combo index is an int 0..{N_COMBOS - 1}, not {index!r}")
    if not 0 <= index < N_COMBOS:
        raise InvalidCardError(f"combo index {index} is outside 0..{N_COMBOS - 1}")
    hi, lo = COMBOS[index]
    return int(hi), int(lo)


# ---------------------------------------------------------------------------------------
# Hand classes: the 169 cells of the range chart. A class is (high rank, low rank, kind)
# with ranks 0..12 (2..A) and kind "p" (pair, 6 combos), "s" (suited, 4) or "o"
# (offsuit, 12). On the chart, row and column are 12 - rank (A top-left); suited hands
# sit above the diagonal (row of the high rank), offsuit ones below it.

_HI_RANK = COMBOS[:, 0] >> 2
_LO_RANK = COMBOS[:, 1] >> 2
_SUITED = (COMBOS[:, 0] & 3) == (COMBOS[:, 1] & 3)
_ROW = np.where(_SUITED | (_HI_RANK == _LO_RANK), 12 - _HI_RANK, 12 - _LO_RANK)
_COL = np.where(_SUITED | (_HI_RANK == _LO_RANK), 12 - _LO_RANK, 12 - _HI_RANK)
#: The chart cell (row * 13 + column) of every combo.
CELL = (_ROW * 13 + _COL).astype(np.intp)
_CELL_SIZE = np.bincount(CELL, minlength=169)
#: ``_CELL_COMBOS[cell]``: the combo indices of a chart cell, ascending.
_CELL_COMBOS: List[np.ndarray] = [np.flatnonzero(CELL == cell) for cell in range(169)]


def _cell(hi: int, lo: int, kind: str) -> int:
    if kind == "o":
        return (12 - lo) * 13 + (12 - hi)
    return (12 - hi) * 13 + (12 - lo)


#: The hand class of each cell of the 13×13 chart, to label it: ``GRID_LABELS[0][0]``
#: is ``"AA"``, ``[0][1]`` ``"AKs"`` (above the diagonal), ``[1][0]`` ``"AKo"``.
GRID_LABELS: Tuple[Tuple[str, ...], ...] = tuple(
    tuple(RANKS[12 - min(row, col)] + RANKS[12 - max(row, col)] + ("" if row == col else "s" if row < col else "o")
          for col in range(13))
    for row in range(13)
)


def combo_grid(values, weights=None) -> np.ndarray:
    """The 13×13 chart of a quantity given per combo (shape (1326,), e.g. the equity of
    every combo from :func:`pokerhash.equities_vs_range`): each hand class's mean,
    weighted by ``weights`` (a :class:`Range` or 1,326 weights; every combo alike when
    omitted). NaN where a class has no weight. Layout as in :data:`GRID_LABELS`."""
    data = np.asarray(values, dtype=np.float64)
    if data.shape != (N_COMBOS,):
        raise InvalidValueError(f"values per combo have shape ({N_COMBOS},), not {data.shape}")
    if weights is None:
        return (np.bincount(CELL, data, minlength=169) / _CELL_SIZE).reshape(13, 13)
    mass = Range(weights).weights
    total = np.bincount(CELL, mass, minlength=169)
    with np.errstate(invalid="ignore", divide="ignore"):
        return (np.bincount(CELL, data * mass, minlength=169) / total).reshape(13, 13)


# ---------------------------------------------------------------------------------------
# Reading range text.

_NUMBER = r"(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?"
_RANK = "[2-9TJQKAtjqka]"
_CLASS = rf"{_RANK}{_RANK}[so]?"
_ELEMENT = re.compile(
    rf"(?:(?P<random>(?i:random))|(?P<combo>{_RANK}[cdhs]{_RANK}[cdhs])"
    rf"|(?P<first>{_CLASS})(?:(?P<plus>\+)|-(?P<last>{_CLASS}))?)(?::(?P<weight>{_NUMBER}))?"
)
_PAREN_OPEN = re.compile(rf"(?P<weight>{_NUMBER})(?P<percent>%?)\(")
_BRACKET_OPEN = re.compile(rf"\[(?P<weight>{_NUMBER})\]")
_BRACKET_CLOSE = re.compile(rf"\[/(?P<weight>{_NUMBER})?\]")
_SEPARATOR = re.compile(r"[\s,;]*")
_TOKEN_END = re.compile(r"[^\s,;]*")
_RANK_OF = {r: i for i, r in enumerate(RANKS)}
_RANK_OF.update({r.lower(): i for i, r in enumerate(RANKS)})


def _span_end(pattern: re.Pattern[str], text: str, position: int) -> int:
    """Where a run of ``pattern`` (which also matches nothing) starting at ``position`` ends."""
    match = pattern.match(text, position)
    return position if match is None else match.end()


class _Reader:
    """One pass over range text; errors name the position and the token."""

    def __init__(self, text: str):
        self.text = text
        self.weights = np.zeros(N_COMBOS)

    def fail(self, position: int, problem: str) -> InvalidRangeError:
        token = self.text[position:_span_end(_TOKEN_END, self.text, position)] or self.text[position:position + 1]
        where = f"at position {position}: {token!r}" if token else "at the end"
        return InvalidRangeError(f"{problem} {where} in range {self.text!r}")

    def weight(self, position: int, text: str, percent: bool) -> float:
        # Decimal reads the text exactly, so "[33.3]" is the float nearest 0.333.
        try:
            value = Decimal(text) / 100 if percent else Decimal(text)
            readable = 0 <= value <= 1
        except ArithmeticError:  # an exponent beyond Decimal's limits
            readable = False
        if not readable:
            shown = f"{text}%" if percent else text
            raise self.fail(position, f"weight {shown} is outside 0..1 (0%..100%)")
        return float(value)

    def read(self) -> np.ndarray:
        text = self.text
        position = 0
        block: Optional[Tuple[str, float, str, int]] = None  # kind, weight, weight text, position
        while True:
            position = _span_end(_SEPARATOR, text, position)
            if position == len(text):
                break
            start = position
            if text.startswith("[/", position):
                match = _BRACKET_CLOSE.match(text, position)
                if match is None or block is None or block[0] != "[":
                    raise self.fail(start, "unexpected block end")
                closing = match.group("weight")
                if closing is not None and self.weight(start, closing, True) != block[1]:
                    raise self.fail(start, f"block [{block[2]}] closed by a different weight")
                block, position = None, match.end()
                continue
            if text.startswith(")", position):
                if block is None or block[0] != "(":
                    raise self.fail(start, "unexpected ')'")
                block, position = None, position + 1
                continue
            match = _BRACKET_OPEN.match(text, position) or _PAREN_OPEN.match(text, position)
            if match is not None:
                if block is not None:
                    raise self.fail(start, "weighted blocks cannot nest")
                kind = "[" if text[position] == "[" else "("
                percent = kind == "[" or bool(match.groupdict().get("percent"))
                weight_text = match.group("weight")
                block = (kind, self.weight(start, weight_text, percent), weight_text, start)
                position = match.end()
                continue
            match = _ELEMENT.match(text, position)
            if match is None:
                raise self.fail(start, "cannot read a hand")
            position = match.end()
            if position < len(text) and text[position] not in " \t\r\n,;)[":
                raise self.fail(start, "cannot read a hand")
            weight = 1.0 if block is None else block[1]
            if match.group("weight") is not None:
                if block is not None:
                    raise self.fail(start, "a hand inside a weighted block cannot have its own weight")
                weight = self.weight(start, match.group("weight"), False)
            self.weights[self.indices(match, start)] = weight
        if block is not None:
            raise self.fail(block[3], "weighted block is never closed")
        return self.weights

    def indices(self, match: re.Match, position: int) -> np.ndarray:
        if match.group("random"):
            return np.arange(N_COMBOS)
        combo = match.group("combo")
        if combo:
            a, b = (_RANK_OF[combo[0]] * 4 + SUITS.index(combo[1]), _RANK_OF[combo[2]] * 4 + SUITS.index(combo[3]))
            if a == b:
                raise self.fail(position, "a combo needs two distinct cards")
            return np.array([COMBO_INDEX[a, b]])
        first = self.hand_class(match.group("first"), position)
        if match.group("plus"):
            hi, lo, kind = first
            members = [(r, r) for r in range(hi, 13)] if kind == "p" else [(hi, k) for k in range(lo, hi)]
        elif match.group("last"):
            members = self.run(first, self.hand_class(match.group("last"), position), position)
        else:
            members = [first[:2]]
        kinds = {"p": "p", "s": "s", "o": "o", "": "so"}[first[2]]
        cells = [_cell(hi, lo, kind) for hi, lo in members for kind in kinds]
        return np.concatenate([_CELL_COMBOS[cell] for cell in cells])

    def hand_class(self, token: str, position: int) -> Tuple[int, int, str]:
        """(high rank, low rank, kind) of ``AKs``/``AKo``/``AK``/``QQ``; kind "" is both."""
        a, b = _RANK_OF[token[0]], _RANK_OF[token[1]]
        suffix = token[2:]
        if a == b:
            if suffix:
                raise self.fail(position, "a pair cannot be suited or offsuit")
            return a, a, "p"
        return max(a, b), min(a, b), suffix

    def run(self, first, last, position: int) -> List[Tuple[int, int]]:
        """The classes of a dash run: pairs, one high card with a run of kickers
        (``A5s-A2s``), or a run of hands with the same gap (``76s-T9s``)."""
        if first[2] != last[2]:
            raise self.fail(position, "a run joins hands of different kinds")
        (hi1, lo1, kind), (hi2, lo2, _) = first, last
        if kind == "p":
            return [(r, r) for r in range(min(hi1, hi2), max(hi1, hi2) + 1)]
        if hi1 == hi2:
            return [(hi1, k) for k in range(min(lo1, lo2), max(lo1, lo2) + 1)]
        if hi1 - lo1 == hi2 - lo2:
            gap = hi1 - lo1
            return [(lo + gap, lo) for lo in range(min(lo1, lo2), max(lo1, lo2) + 1)]
        raise self.fail(position, "a run keeps either the high card or the gap between the ranks")


# ---------------------------------------------------------------------------------------
# Writing the shortest text.
#
# A class whose combos all have the same weight is written as a class, others as their
# combos. Classes are then grouped the way PioSolver writes them: pair runs (``TT+``,
# ``99-66``) and, for each high card, kicker runs of suited (``s``), offsuit (``o``) or
# both (no suffix) hands (``A2s+``, ``KJo-K9o``, ``QT+``). Two groups may name the same
# class only with the same weight, so the text means the same thing whichever way a
# reader resolves repeats. Groups never grow in length when they cover more kickers
# (``A2s+`` is as short as ``AQs+``), so the shortest text is a cover of each line of the
# chart by runs, found exactly by a small dynamic programme over kickers whose state is
# which of the run kinds is open at the current kicker.


def _format_weight(weight: float) -> str:
    return "" if weight == 1.0 else ":" + repr(weight)


def _shortest_runs(line_weights: Dict[str, List[Optional[float]]], kinds: Dict[str, Tuple[str, ...]],
                   size_of) -> List[Tuple[str, int, int, float]]:
    """The cheapest runs ``(kind, first, last, weight)`` covering every position whose
    weight is positive on each line.

    ``line_weights[line][k]`` is the weight of a line at position ``k`` (0 or None: it
    must stay uncovered); ``kinds[kind]`` are the lines a run of that kind covers (it
    needs the same positive weight on all of them); ``size_of(kind, shape, weight)`` is
    the length of a run's text with its separator, shape "single", "dash" or "plus"
    (a run reaching the last position).
    """
    lines = list(line_weights)
    names = list(kinds)
    n = len(line_weights[lines[0]])
    line_bit = {line: 1 << i for i, line in enumerate(lines)}
    covers = [sum(line_bit[line] for line in kinds[kind]) for kind in names]

    def run_weight(kind: str, k: int) -> Optional[float]:
        values = {line_weights[line][k] for line in kinds[kind]}
        value = values.pop()
        return value if not values and value else None

    # weight[i][k]: the weight of a run of kind i at position k, None where it cannot
    # be; position n is a sentinel where every run ends.
    weight = [[run_weight(kind, k) for k in range(n)] + [None] for kind in names]
    sizes: Dict[Tuple[int, str, float], int] = {}

    def size(i: int, shape: str, w: float) -> int:
        if (i, shape, w) not in sizes:
            sizes[i, shape, w] = size_of(names[i], shape, w)
        return sizes[i, shape, w]

    # The state at a position: the kinds of the runs open there and those of them that
    # started there, as bit masks. A run continues from the previous position whenever
    # it was open there with the same weight (restarting is never shorter). The cost to
    # come depends on the state only, so one path per state is kept: its cost, its closed
    # runs (a linked chain) and the first positions of its runs.
    best: Dict[Tuple[int, int], tuple] = {(0, 0): (0, None, (0,) * len(names))}
    for k in range(n + 1):
        usable = [i for i in range(len(names)) if weight[i][k] is not None]
        needed = sum(line_bit[line] for line in lines if k < n and line_weights[line][k])
        choices = []
        for subset in range(1 << len(usable)):
            chosen = covered = 0
            for bit, i in enumerate(usable):
                if subset >> bit & 1:
                    chosen |= 1 << i
                    covered |= covers[i]
            if covered & needed == needed:
                choices.append(chosen)
        same = sum(1 << i for i in usable if k > 0 and weight[i][k] == weight[i][k - 1])
        following: Dict[Tuple[int, int], tuple] = {}
        for (open_runs, started), (cost, chain, starts) in best.items():
            for chosen in choices:
                continuing = chosen & open_runs & same
                closing = open_runs & ~continuing
                total, closed = cost, chain
                for i in range(len(names)):
                    if closing >> i & 1:
                        run_weight_here = weight[i][k - 1]
                        assert run_weight_here is not None  # the run was open at k - 1
                        shape = "single" if started >> i & 1 else ("plus" if k == n else "dash")
                        total += size(i, shape, run_weight_here)
                        closed = (closed, (names[i], starts[i], k - 1, run_weight_here))
                key = (chosen, chosen & ~continuing)
                if key not in following or total < following[key][0]:
                    opened = tuple(starts[i] if continuing >> i & 1 else k for i in range(len(names)))
                    following[key] = (total, closed, opened)
        best = following
    runs = []
    chain = best[0, 0][1]
    while chain is not None:
        chain, run = chain
        runs.append(run)
    return runs[::-1]


_SUFFIX = {"b": "", "s": "s", "o": "o", "p": ""}
_KIND_ORDER = {"p": 0, "b": 0, "s": 1, "o": 2}


def _run_size(kind: str, shape: str, weight: float) -> int:
    suffix = len(_SUFFIX[kind])
    text = {"single": 2 + suffix, "plus": 3 + suffix, "dash": 5 + 2 * suffix}[shape]
    return text + len(_format_weight(weight)) + 1


def _run_text(name, first: int, last: int, end: int, weight: float) -> str:
    """``QQ``, ``99+`` or ``TT-77`` (with ``:w``): a run from ``first`` to ``last``
    whose class at position ``k`` is ``name(k)``; ``+`` when it reaches ``end``."""
    top, bottom = name(last), name(first)
    text = top if first == last else (bottom + "+" if last == end else f"{top}-{bottom}")
    return text + _format_weight(weight)


def _write(weights: np.ndarray) -> str:
    if weights.min() == weights.max():
        return "" if weights[0] == 0 else "random" + _format_weight(float(weights[0]))
    low = np.full(169, np.inf)
    high = np.full(169, -np.inf)
    np.minimum.at(low, CELL, weights)
    np.maximum.at(high, CELL, weights)
    uniform = low == high
    # Cell weight for the runs: the common weight, or None where the combos differ.
    cell_weight = [float(low[cell]) if uniform[cell] else None for cell in range(169)]
    pieces: List[Tuple[tuple, str]] = []
    for cell in np.flatnonzero(~uniform):
        for index in _CELL_COMBOS[cell]:
            if weights[index]:
                hi, lo = COMBOS[index]
                hi_rank, lo_rank = int(hi) >> 2, int(lo) >> 2
                kind = "p" if hi_rank == lo_rank else ("s" if (hi & 3) == (lo & 3) else "o")
                key = (kind != "p", -hi_rank, -lo_rank, _KIND_ORDER[kind], -int(index))
                pieces.append((key, card_str(int(hi)) + card_str(int(lo)) + _format_weight(float(weights[index]))))
    pairs = {"p": [cell_weight[_cell(r, r, "p")] for r in range(13)]}
    for kind, first, last, weight in _shortest_runs(pairs, {"p": ("p",)}, _run_size):
        text = _run_text(lambda rank: RANKS[rank] * 2, first, last, 12, weight)
        pieces.append(((False, -last, -last, 0, 0), text))
    for hi in range(12, 0, -1):
        lines = {kind: [cell_weight[_cell(hi, lo, kind)] for lo in range(hi)] for kind in "so"}
        runs = _shortest_runs(lines, {"b": ("s", "o"), "s": ("s",), "o": ("o",)}, _run_size)
        for kind, first, last, weight in runs:
            text = _run_text(lambda lo: RANKS[hi] + RANKS[lo] + _SUFFIX[kind], first, last, hi - 1, weight)
            pieces.append(((True, -hi, -last, _KIND_ORDER[kind], 0), text))
    return ",".join(text for _, text in sorted(pieces))


# ---------------------------------------------------------------------------------------
# The range value.

RangeLike = Union["Range", str, Sequence[float], np.ndarray]




@functools.lru_cache(maxsize=256)
def _read_text(text: str) -> np.ndarray:
    """Range text's weights, read once per text (read-only: Ranges share them)."""
    weights = _Reader(text).read() + 0.0
    weights.setflags(write=False)
    return weights


def _text_weights(text: str) -> np.ndarray:
    """Range text's weights (read-only). One combination written as its two cards
    (``"AsKd"``, the most common small range) is read directly and not cached:
    there are 1,326 of them."""
    if len(text) == 4 and text[0] in _RANK_OF and text[2] in _RANK_OF and text[1] in "cdhs" and text[3] in "cdhs":
        a, b = _RANK_OF[text[0]] * 4 + SUITS.index(text[1]), _RANK_OF[text[2]] * 4 + SUITS.index(text[3])
        if a != b:  # "AsAs": the reader names the error
            weights = np.zeros(N_COMBOS)
            weights[COMBO_INDEX[a, b]] = 1.0
            weights.setflags(write=False)
            return weights
    return _read_text(text)


def _combo_of(value) -> int:
    """The combo index of ``"AhKh"`` or a pair of cards."""
    pair = cards(value, count=(2,)) if isinstance(value, str) else value
    try:
        c1, c2 = pair
    except (TypeError, ValueError):
        raise CardTypeError(f"a combo is two cards, like 'AhKh' or (51, 47), not {value!r}") from None
    return combo_index(c1, c2)


class Range:
    """A weighted set of Hold'em two-card combos.

    ``Range(text)`` reads the notation of range tools: ``QQ+`` (pairs up to aces),
    ``AKs``/``AKo``/``AK`` (suited, offsuit, both), ``A9s+`` (kickers up to the card below
    the high card), dash runs ``A5s-A2s``, ``22-55`` and ``76s-T9s`` (same gap), specific
    combos ``AhKh``, ``random`` (all 1,326 combos), separated by commas or spaces.
    Weights (the fraction of each combo in the range, 0..1) are written ``AA:0.5``
    (PioSolver, GTO Wizard), ``0.5(AA, KK)`` or ``50%(AA, KK)`` (eval7) or
    ``[50]AA, KK[/50]`` (GTO+, in percent); a combo named twice keeps the weight written
    last. Bad text raises :class:`~pokerhash.errors.InvalidRangeError` naming the
    position and the token.

    ``Range(weights)`` takes an array of 1,326 weights indexed by :func:`combo_index`;
    :attr:`weights` gives it back (read-only: a range is a value, and every operation
    returns a new one). ``str(range)`` is the shortest text in PioSolver's notation
    (``AA:0.5``, ``+`` and dash runs, specific combos only where a class is partial), and
    ``Range(str(r)) == r`` for every range.
    """

    __slots__ = ("_weights",)
    _weights: np.ndarray

    def __init__(self, spec: RangeLike = ""):
        if isinstance(spec, Range):
            weights = spec._weights
        elif isinstance(spec, str):
            self._weights = _text_weights(spec)
            return
        else:
            weights = self._checked_weights(spec)
        # Adding 0.0 turns -0.0 into 0.0, so that equal ranges have equal bytes and hashes.
        weights = np.array(weights, dtype=np.float64) + 0.0
        weights.setflags(write=False)
        self._weights = weights

    @staticmethod
    def _checked_weights(values) -> np.ndarray:
        try:
            weights = np.asarray(values, dtype=np.float64)
        except (TypeError, ValueError):
            raise InvalidValueError(f"range weights are 1,326 numbers 0..1, not {values!r:.80}") from None
        if weights.shape != (N_COMBOS,):
            raise InvalidValueError(f"range weights have shape ({N_COMBOS},), not {weights.shape}")
        bad = ~((weights >= 0) & (weights <= 1))  # also catches NaN
        if bad.any():
            index = int(np.flatnonzero(bad)[0])
            hi, lo = combo_cards(index)
            raise InvalidValueError(f"weight {weights[index]} of {card_str(hi)}{card_str(lo)} is outside 0..1")
        return weights

    @classmethod
    def from_grid(cls, grid) -> "Range":
        """The range whose combos take the weight of their cell of a 13×13 chart
        (A top-left, suited above the diagonal), the inverse of :meth:`grid` for ranges
        whose classes are whole."""
        cells = np.asarray(grid, dtype=np.float64)
        if cells.shape != (13, 13):
            raise InvalidValueError(f"a range grid has shape (13, 13), not {cells.shape}")
        return cls(cells.reshape(169)[CELL])

    @property
    def weights(self) -> np.ndarray:
        """The float64 weights, shape (1326,), indexed by :func:`combo_index` (read-only)."""
        return self._weights

    def __array__(self, dtype=None, copy=None):
        if copy:
            return np.array(self._weights, dtype=dtype)
        return np.asarray(self._weights, dtype=dtype)

    # NumPy scalars and arrays defer to the operators below (``np.float64(0.5) * r`` is
    # a Range, not an array of weights).
    __array_ufunc__ = None

    # --- combos -------------------------------------------------------------------

    def combos(self) -> np.ndarray:
        """The cards of the combos in the range (weight > 0), (n, 2) uint8, higher card
        first, in :func:`combo_index` order."""
        return COMBOS[self._weights > 0]

    def num_combos(self, weighted: bool = True) -> float:
        """The number of combos: the sum of the weights (``QQ+:0.5`` has 9.0), or with
        ``weighted=False`` the count of combos with a positive weight (18)."""
        if weighted:
            return float(self._weights.sum())
        return int(np.count_nonzero(self._weights))

    def __len__(self) -> int:
        return int(np.count_nonzero(self._weights))

    def __iter__(self) -> Iterator[Tuple[int, int]]:
        """The combos in the range as ``(hi, lo)`` card pairs, in index order."""
        for hi, lo in self.combos():
            yield int(hi), int(lo)

    def __getitem__(self, combo) -> float:
        """The weight of a combo: ``r["AhKh"]`` or ``r[51, 47]``."""
        return float(self._weights[_combo_of(combo)])

    def __contains__(self, combo) -> bool:
        return self[combo] > 0

    def grid(self) -> np.ndarray:
        """The 13×13 range chart: the mean weight of each hand class, row and column
        A, K, ..., 2 from the top left, suited hands above the diagonal (row = high card)
        and offsuit hands below it (labels in :data:`GRID_LABELS`)."""
        return combo_grid(self._weights)

    def without(self, dead: HandLike) -> "Range":
        """The range with every combo that holds one of the ``dead`` cards removed
        (card removal by a board, a known hand or dead cards)."""
        removed = np.zeros(52, dtype=bool)
        removed[cards(dead)] = True
        touching = removed[COMBOS[:, 0]] | removed[COMBOS[:, 1]]
        return Range(np.where(touching, 0.0, self._weights))

    # --- algebra ------------------------------------------------------------------

    @staticmethod
    def _other(value) -> Optional["Range"]:
        if isinstance(value, Range):
            return value
        if isinstance(value, str):
            return Range(value)
        return None

    def __or__(self, other: Union["Range", str]) -> "Range":
        """Union: each combo keeps the larger of its two weights."""
        theirs = self._other(other)
        return NotImplemented if theirs is None else Range(np.maximum(self._weights, theirs._weights))

    def __and__(self, other: Union["Range", str]) -> "Range":
        """Intersection: each combo keeps the smaller of its two weights."""
        theirs = self._other(other)
        return NotImplemented if theirs is None else Range(np.minimum(self._weights, theirs._weights))

    def __sub__(self, other: Union["Range", str]) -> "Range":
        """Difference: each combo's weight minus the other's, floored at 0 (an opening
        range minus its 3-bet part leaves the flatting frequencies)."""
        theirs = self._other(other)
        return NotImplemented if theirs is None else Range(np.maximum(self._weights - theirs._weights, 0.0))

    __ror__ = __or__
    __rand__ = __and__

    def __rsub__(self, other: Union["Range", str]) -> "Range":
        theirs = self._other(other)
        return NotImplemented if theirs is None else theirs - self

    def __mul__(self, factor: float) -> "Range":
        """Every weight times ``factor``; the results must stay within 0..1."""
        if isinstance(factor, bool) or not isinstance(factor, numbers.Real) or not math.isfinite(factor):
            return NotImplemented
        if factor < 0 or float(self._weights.max()) * factor > 1:
            raise InvalidValueError(f"scaling by {factor} takes weights outside 0..1")
        return Range(self._weights * float(factor))

    __rmul__ = __mul__

    # --- value semantics ----------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return bool(np.array_equal(self._weights, other._weights))

    def __hash__(self) -> int:
        return hash(self._weights.tobytes())

    def __str__(self) -> str:
        return _write(self._weights)

    def __repr__(self) -> str:
        return f"<Range {str(self)!r}: {self.num_combos():g} combos>"

    def _repr_html_(self) -> str:
        from .pictures.views import range_html

        return range_html(self)
