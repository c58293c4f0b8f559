"""PNG through matplotlib (the ``plot`` extra): the range chart and the equity chart,
drawn with the same colours and layout as their SVG."""

from __future__ import annotations

from os import PathLike
from typing import Any, Optional, Sequence, Union

import numpy as np

from ..errors import InvalidValueError
from ..ranges import GRID_LABELS, Range
from ._svg import CATEGORICAL, EMPTY, SEQUENTIAL, ink, sequential

__all__ = ["range_grid_png", "strategy_grid_png", "equity_chart_png"]

_MARKERS = ("o", "s", "^", "D")


def _pyplot():
    try:
        import matplotlib
    except ImportError:
        raise ImportError("PNG pictures need matplotlib: pip install 'pokerhash[plot]'") from None
    matplotlib.use("Agg", force=False)  # files only: no window, no display needed
    import matplotlib.pyplot as plt

    return plt


def range_grid_png(data: Any, path: Union[str, PathLike], *, weights=None, title: Optional[str] = None,
                   vmin: Optional[float] = None, vmax: Optional[float] = None, show_values: Optional[bool] = None,
                   dpi: int = 150) -> None:
    """:func:`~pokerhash.pictures.range_grid_svg` as a PNG file at ``path``."""
    from .grid import colour_scale, default_format, grid_values

    plt = _pyplot()
    from matplotlib.colors import LinearSegmentedColormap

    is_range = isinstance(data, (Range, str))
    values = grid_values(data, weights)
    if is_range:
        values = np.where(values > 0, values, np.nan)
        vmin, vmax = (0.0 if vmin is None else vmin), (1.0 if vmax is None else vmax)
    low, high = colour_scale(values, vmin, vmax)
    show = (not is_range) if show_values is None else show_values
    fmt = default_format(low, high)
    cmap = LinearSegmentedColormap.from_list("pokerhash", SEQUENTIAL).with_extremes(bad=EMPTY)
    figure, axes = plt.subplots(figsize=(6.4, 6.9))
    image = axes.imshow(np.ma.masked_invalid(values), cmap=cmap, vmin=low, vmax=high if high > low else low + 1)
    span = high - low
    for row in range(13):
        for col in range(13):
            value = values[row, col]
            fill = sequential((value - low) / span if span else 1.0) if np.isfinite(value) else EMPTY
            text = GRID_LABELS[row][col] + (f"\n{fmt(value)}" if show and np.isfinite(value) else "")
            axes.text(col, row, text, ha="center", va="center", fontsize=7, color=ink(fill))
    axes.set_xticks([])
    axes.set_yticks([])
    if title:
        axes.set_title(title)
    figure.colorbar(image, ax=axes, orientation="horizontal", fraction=0.04, pad=0.02)
    figure.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(figure)


def strategy_grid_png(actions: Any, path: Union[str, PathLike], *, title: Optional[str] = None,
                      colours: Optional[Sequence[str]] = None, dpi: int = 150) -> None:
    """:func:`~pokerhash.pictures.strategy_grid_svg` as a PNG file at ``path``."""
    from matplotlib.patches import Patch, Rectangle

    from .grid import strategy_frequencies

    plt = _pyplot()
    names, grids, palette = strategy_frequencies(actions, colours)
    figure, axes = plt.subplots(figsize=(6.4, 6.9))
    for row in range(13):
        for col in range(13):
            axes.add_patch(Rectangle((col, row), 1, 1, facecolor=EMPTY, edgecolor="white"))
            left = float(col)
            for k in range(len(names)):
                share = float(grids[k, row, col])
                if share > 0:
                    axes.add_patch(Rectangle((left, row), share, 1, facecolor=palette[k], edgecolor="none"))
                    left += share
            axes.text(col + 0.5, row + 0.5, GRID_LABELS[row][col], ha="center", va="center", fontsize=6.5,
                      bbox={"boxstyle": "round,pad=0.15", "facecolor": "white", "alpha": 0.85, "linewidth": 0})
    axes.set_xlim(0, 13)
    axes.set_ylim(13, 0)
    axes.set_aspect("equal")
    axes.axis("off")
    axes.legend(handles=[Patch(color=palette[k], label=name) for k, name in enumerate(names)],
                loc="upper center", bbox_to_anchor=(0.5, 0.0), ncol=len(names), fontsize=8, frameon=False)
    if title:
        axes.set_title(title)
    figure.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(figure)


def equity_chart_png(source: Any, path: Union[str, PathLike], *, title: Optional[str] = None, seed: int = 0,
                     dpi: int = 150) -> None:
    """:func:`~pokerhash.pictures.equity_chart_svg` as a PNG file at ``path``."""
    from .chart import EquityTimeline, equity_by_street

    plt = _pyplot()
    timeline = source if isinstance(source, EquityTimeline) else equity_by_street(source, seed=seed)
    figure, axes = plt.subplots(figsize=(max(1.6 * len(timeline.labels), 5.0), 3.6))
    xs = np.arange(len(timeline.labels))
    for i, name in enumerate(timeline.names):
        axes.plot(xs, 100 * timeline.equity[:, i], marker=_MARKERS[i % len(_MARKERS)], linewidth=2.2,
                  color=CATEGORICAL[i % len(CATEGORICAL)], label=f"{name} {timeline.cards[i]}")
    axes.set_xticks(xs, [f"{label}\n{board}" for label, board in zip(timeline.labels, timeline.boards)], fontsize=8)
    axes.set_ylim(0, 100)
    axes.set_ylabel("equity (%)")
    axes.grid(axis="y", color="#d0d0d0")
    axes.legend(fontsize=8, loc="upper left", bbox_to_anchor=(1.01, 1))
    axes.set_title(title or "Equity by street")
    figure.savefig(path, dpi=dpi, bbox_inches="tight")
    plt.close(figure)


def save_png(picture: str, source: Any, path: Union[str, PathLike], **options: Any) -> None:
    """Render ``picture`` (``"range"``: :func:`range_grid_png`; ``"strategy"``:
    :func:`strategy_grid_png`; ``"equity"``: :func:`equity_chart_png`) of ``source``
    to the PNG file ``path``."""
    renderers = {"range": range_grid_png, "strategy": strategy_grid_png, "equity": equity_chart_png}
    if picture not in renderers:
        raise InvalidValueError(f"save_png draws {' or '.join(map(repr, renderers))}, not {picture!r}")
    renderers[picture](source, path, **options)
