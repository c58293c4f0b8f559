"""The 13×13 hand chart as SVG: a range's weights, any value per hand class or combo
(equities, EVs, frequencies), a strategy's action mix, and the preflop-equity heat map.

Layout as :data:`pokerhash.ranges.GRID_LABELS`: aces top left, pairs on the
diagonal, suited hands above it and offsuit hands below.
"""

from __future__ import annotations

import math
from typing import Mapping, Optional, Sequence, Tuple, Union

import numpy as np

from ..errors import InvalidValueError
from ..ranges import GRID_LABELS, N_COMBOS, Range, combo_grid
from ._svg import CATEGORICAL, EMPTY, escape, ink, number, sequential, svg_document

__all__ = ["grid_values", "preflop_equity_grid", "preflop_heatmap_svg", "range_grid_svg", "strategy_grid_svg"]

GridLike = Union[Range, str, Sequence[float], np.ndarray]

_CELL = 40  # pixels a side: fits "AKs" and a three-character value at 11 px
_MARGIN = 8


def grid_values(data: GridLike, weights=None) -> np.ndarray:
    """A (13, 13) float64 chart from ``data``: a :class:`~pokerhash.Range` or range text
    (each class's mean weight), 1,326 values per combo (each class's mean over its
    combos with a value, weighted by ``weights`` when given, as
    :func:`pokerhash.ranges.combo_grid`), 169 values per class
    in :data:`~pokerhash.ranges.GRID_LABELS` order read row by row, or a 13×13 array.
    NaN marks a class without a value."""
    if isinstance(data, (Range, str)):
        if weights is not None:
            raise InvalidValueError("weights go with values per combo, not with a range")
        return Range(data).grid()
    try:
        values = np.asarray(data, dtype=np.float64)
    except (TypeError, ValueError):
        raise InvalidValueError(f"a chart takes a Range, range text, or 1326, 169 or 13x13 numbers, "
                                f"not {data!r:.80}") from None
    if values.shape == (N_COMBOS,):
        # Combos without a value (NaN: e.g. holding a board card) leave their class's mean.
        known = np.isfinite(values)
        mass = known if weights is None else known * Range(weights).weights
        return combo_grid(np.where(known, values, 0.0), Range(mass.astype(np.float64)))
    if weights is not None:
        raise InvalidValueError("weights go with values per combo (1326 of them)")
    if values.shape == (169,):
        return values.reshape(13, 13).copy()
    if values.shape == (13, 13):
        return values.copy()
    raise InvalidValueError(f"a chart takes 1326 values per combo, 169 per class or a 13x13 array, "
                            f"not shape {values.shape}")


def colour_scale(values: np.ndarray, vmin: Optional[float], vmax: Optional[float]) -> Tuple[float, float]:
    finite = values[np.isfinite(values)]
    low = float(finite.min()) if vmin is None and finite.size else (vmin if vmin is not None else 0.0)
    high = float(finite.max()) if vmax is None and finite.size else (vmax if vmax is not None else 1.0)
    if not (math.isfinite(low) and math.isfinite(high)) or high < low:
        raise InvalidValueError(f"the colour scale runs from vmin to vmax, vmin <= vmax: got {low}, {high}")
    return low, high


def default_format(low: float, high: float):
    if 0 <= low and high <= 1:
        return lambda v: f"{100 * v:.0f}"  # fractions as percent: short enough for a cell
    return lambda v: f"{v:.3g}"


def _frame(title: Optional[str], legend_height: float) -> Tuple[float, float, float]:
    top = _MARGIN + (22 if title else 0)
    width = 2 * _MARGIN + 13 * _CELL
    height = top + 13 * _CELL + legend_height + _MARGIN
    return top, width, height


def _cell_text(x: float, y: float, label: str, colour: str, value: Optional[str]) -> str:
    if value is None:
        return (f"<text x='{number(x + _CELL / 2)}' y='{number(y + _CELL / 2 + 4)}' font-size='11' "
                f"text-anchor='middle' fill='{colour}'>{label}</text>")
    return (f"<text x='{number(x + _CELL / 2)}' y='{number(y + 16)}' font-size='11' text-anchor='middle' "
            f"fill='{colour}'>{label}</text><text x='{number(x + _CELL / 2)}' y='{number(y + 31)}' "
            f"font-size='10' text-anchor='middle' fill='{colour}'>{escape(value)}</text>")


def range_grid_svg(data: GridLike, *, weights=None, title: Optional[str] = None, vmin: Optional[float] = None,
                   vmax: Optional[float] = None, show_values: Optional[bool] = None, value_format=None,
                   legend: bool = True) -> str:
    """The 13×13 chart of ``data`` (anything :func:`grid_values` reads) as a standalone
    SVG document: each class's cell coloured on the sequential scale from ``vmin``
    (default: the smallest value; 0 for a range) to ``vmax`` (the largest; 1 for a
    range), empty cells (no value; weight 0 in a range) pale grey, a colour bar below.
    ``show_values`` writes each value in its cell (default: on for values, off for a
    range), formatted by ``value_format`` (a function of the value; default: percent
    for values within 0..1, else three digits). Each cell's tooltip names the class and
    its value."""
    is_range = isinstance(data, (Range, str))
    values = grid_values(data, weights)
    if is_range:
        values = np.where(values > 0, values, np.nan)
        vmin = 0.0 if vmin is None else vmin
        vmax = 1.0 if vmax is None else vmax
    low, high = colour_scale(values, vmin, vmax)
    if show_values is None:
        show_values = not is_range
    fmt = value_format or default_format(low, high)
    span = high - low
    top, width, height = _frame(title, 34 if legend else 0)
    body = []
    if title:
        body.append(f"<text x='{_MARGIN}' y='{_MARGIN + 14}' font-size='14' font-weight='bold'>{escape(title)}</text>")
    for row in range(13):
        for col in range(13):
            value = float(values[row, col])
            label = GRID_LABELS[row][col]
            x, y = _MARGIN + col * _CELL, top + row * _CELL
            if math.isfinite(value):
                fill = sequential((value - low) / span if span else 1.0)
                tip = f"{label}: {value:.4g}"
                shown = fmt(value) if show_values else None
            else:
                fill, tip, shown = EMPTY, f"{label}: no value" if not is_range else f"{label}: not in range", None
            body.append(f"<g><title>{escape(tip)}</title><rect x='{x}' y='{number(y)}' width='{_CELL}' "
                        f"height='{_CELL}' fill='{fill}' stroke='#ffffff' stroke-width='1'/>"
                        f"{_cell_text(x, y, label, ink(fill), shown)}</g>")
    if legend:
        body.extend(_colour_bar(top + 13 * _CELL + 8, low, high, fmt if not is_range else (lambda v: f"{v:g}")))
    return svg_document(width, height, body, title)


def _colour_bar(y: float, low: float, high: float, fmt) -> list:
    steps = 40
    bar_width = 13 * _CELL - 80
    parts = []
    for i in range(steps):
        parts.append(f"<rect x='{number(_MARGIN + 40 + i * bar_width / steps)}' y='{number(y)}' "
                     f"width='{number(bar_width / steps + 0.5)}' height='10' fill='{sequential(i / (steps - 1))}'/>")
    parts.append(f"<text x='{_MARGIN + 36}' y='{number(y + 9)}' font-size='10' text-anchor='end'>"
                 f"{escape(fmt(low))}</text>")
    parts.append(f"<text x='{number(_MARGIN + 44 + bar_width)}' y='{number(y + 9)}' font-size='10'>"
                 f"{escape(fmt(high))}</text>")
    return parts


def strategy_frequencies(actions: Mapping[str, GridLike], colours: Optional[Sequence[str]] = None):
    """``(names, grids, colours)`` of a strategy chart: the actions' names, their (k, 13, 13)
    frequencies (checked: 0..1, at most 1 together in each class) and a colour each."""
    if not actions:
        raise InvalidValueError("a strategy chart needs at least one action")
    names = list(actions)
    palette = list(colours) if colours is not None else list(CATEGORICAL)
    if len(palette) < len(names):
        raise InvalidValueError(f"{len(names)} actions need as many colours, not {len(palette)}")
    grids = np.stack([np.nan_to_num(grid_values(actions[name])) for name in names])
    if (grids < 0).any() or (grids.sum(axis=0) > 1 + 1e-9).any():
        raise InvalidValueError("action frequencies are 0..1 and sum to at most 1 in every class")
    return names, grids, palette


def strategy_grid_svg(actions: Mapping[str, GridLike], *, title: Optional[str] = None,
                      colours: Optional[Sequence[str]] = None) -> str:
    """A strategy's chart: each cell split left to right into its actions' frequencies
    (``actions`` maps an action's name to its frequency of each class or combo, in any
    form :func:`grid_values` reads: e.g. ``{"raise": r, "call": c, "fold": f}``); what the
    frequencies leave of a cell stays empty. Colours from the Okabe-Ito palette (or
    ``colours``), with a legend."""
    names, grids, palette = strategy_frequencies(actions, colours)
    top, width, height = _frame(title, 30)
    body = []
    if title:
        body.append(f"<text x='{_MARGIN}' y='{_MARGIN + 14}' font-size='14' font-weight='bold'>{escape(title)}</text>")
    for row in range(13):
        for col in range(13):
            label = GRID_LABELS[row][col]
            x, y = _MARGIN + col * _CELL, top + row * _CELL
            mix = ", ".join(f"{name} {100 * grids[k, row, col]:.0f}%" for k, name in enumerate(names)
                            if grids[k, row, col] > 0)
            parts = [f"<rect x='{x}' y='{number(y)}' width='{_CELL}' height='{_CELL}' fill='{EMPTY}'/>"]
            left = float(x)
            for k in range(len(names)):
                share = float(grids[k, row, col]) * _CELL
                if share > 0:
                    parts.append(f"<rect x='{number(left)}' y='{number(y)}' width='{number(share)}' "
                                 f"height='{_CELL}' fill='{palette[k]}'/>")
                    left += share
            parts.append(f"<rect x='{x}' y='{number(y)}' width='{_CELL}' height='{_CELL}' fill='none' "
                         f"stroke='#ffffff' stroke-width='1'/>")
            # The label sits on a white plate: readable over any mix of colours.
            parts.append(f"<rect x='{x + 7}' y='{number(y + _CELL / 2 - 8)}' width='{_CELL - 14}' height='13' "
                         f"rx='3' fill='#ffffff' fill-opacity='0.85'/>")
            parts.append(_cell_text(x, y, label, "#000000", None))
            body.append(f"<g><title>{escape(label + ': ' + (mix or 'never played'))}</title>{''.join(parts)}</g>")
    y = top + 13 * _CELL + 10
    x = float(_MARGIN)
    for k, name in enumerate(names):
        body.append(f"<rect x='{number(x)}' y='{number(y)}' width='12' height='12' fill='{palette[k]}'/>"
                    f"<text x='{number(x + 16)}' y='{number(y + 10)}' font-size='11'>{escape(name)}</text>")
        x += 28 + 7 * len(name)
    return svg_document(width, height, body, title)


def preflop_equity_grid(against: Optional[str] = None) -> np.ndarray:
    """Each hand class's exact heads-up all-in preflop equity (13×13): against one
    class (``"AA"``, ``"AKs"``), or with ``against`` None against a random hand (every
    pair of combos that shares no card counted once)."""
    from ..preflop import preflop_matrix

    matrix, labels = preflop_matrix()
    if against is not None:
        text = against.strip()
        wanted = text.upper()[:2] + text[2:].lower()
        if wanted not in labels:
            raise InvalidValueError(f"against is a hand class such as 'AA', 'AKs' or 'T9o', not {against!r}")
        return np.array(matrix[:, labels.index(wanted)]).reshape(13, 13)
    pairs = _disjoint_pairs()
    return ((matrix * pairs).sum(axis=1) / pairs.sum(axis=1)).reshape(13, 13)


def _disjoint_pairs() -> np.ndarray:
    """(169, 169): how many pairs of combos of two classes share no card."""
    from ..ranges import COMBOS

    cell = np.array([np.flatnonzero(Range(label).weights) for row in GRID_LABELS for label in row], dtype=object)
    owner = np.empty(N_COMBOS, dtype=np.intp)
    for k, combos in enumerate(cell):
        owner[combos] = k
    hi, lo = COMBOS[:, 0], COMBOS[:, 1]
    share = ((hi[:, None] == hi[None, :]) | (hi[:, None] == lo[None, :]) | (lo[:, None] == hi[None, :])
             | (lo[:, None] == lo[None, :]))
    first, second = np.nonzero(~share)
    return np.bincount(owner[first] * 169 + owner[second], minlength=169 * 169).reshape(169, 169).astype(np.float64)


def preflop_heatmap_svg(against: Optional[str] = None, *, title: Optional[str] = None) -> str:
    """The preflop-equity heat map: :func:`preflop_equity_grid` drawn as a chart, each
    cell's equity in percent, from the shipped exact table (no sampling); the colours
    span the smallest to the largest equity."""
    values = preflop_equity_grid(against)
    if title is None:
        title = f"Preflop equity against {against}" if against else "Preflop equity against a random hand"
    return range_grid_svg(values, title=title)  # the scale spans the values: the most contrast
