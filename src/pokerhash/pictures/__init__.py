"""Pictures of poker: range charts, heat maps, equity charts, a hand replayer.

Everything is drawn as standalone SVG or HTML text by the package itself (no
dependency, nothing fetched from the network); :func:`save_png` renders a chart to PNG
through matplotlib (the ``plot`` extra).

- :func:`range_grid_svg` — the 13×13 chart of a range's weights or of any value per
  hand class or combo (equities, EVs, frequencies); :func:`strategy_grid_svg` — each
  cell split into a strategy's action frequencies; :func:`preflop_heatmap_svg` — exact
  preflop equity of every class against a random hand or one class.
- :func:`equity_by_street` / :func:`equity_chart_svg` — each player's equity after each
  card of a hand (an engine :class:`~pokerhash.engine.Hand` or a PHH history).
- :func:`replay_html` / :func:`save_replay` — the hand replayer: one HTML file that
  steps through one or many hands of any game.
- :func:`hand_text`, :func:`result_text` and the ``*_html`` functions draw the readable
  ``str`` and the Jupyter views of the package's objects.
"""

import importlib
from typing import TYPE_CHECKING

# Loaded on first use: the charts the analysis layer draws for a Range need no engine,
# and importing pokerhash.pictures.<part> (as the lower layers' objects do when they are
# printed) loads that part alone.
_LAZY = {
    "EquityTimeline": "chart", "equity_by_street": "chart", "equity_chart_svg": "chart",
    "hand_frames": "frames",
    "grid_values": "grid", "preflop_equity_grid": "grid", "preflop_heatmap_svg": "grid", "range_grid_svg": "grid",
    "strategy_grid_svg": "grid",
    "equity_chart_png": "png", "range_grid_png": "png", "save_png": "png", "strategy_grid_png": "png",
    "cards_text": "text", "hand_text": "text", "result_text": "text", "stakes_text": "text",
    "settlement_text": "tables",
    "replay_html": "replayer", "replayer_data": "replayer", "save_replay": "replayer",
}

if TYPE_CHECKING:
    from .chart import EquityTimeline, equity_by_street, equity_chart_svg
    from .frames import hand_frames
    from .grid import grid_values, preflop_equity_grid, preflop_heatmap_svg, range_grid_svg, strategy_grid_svg
    from .png import equity_chart_png, range_grid_png, save_png, strategy_grid_png
    from .replayer import replay_html, replayer_data, save_replay
    from .tables import settlement_text
    from .text import cards_text, hand_text, result_text, stakes_text


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerhash.pictures' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(_LAZY))


__all__ = [
    "cards_text",
    "hand_text",
    "result_text",
    "settlement_text",
    "stakes_text",
    "EquityTimeline",
    "equity_by_street",
    "equity_chart_png",
    "equity_chart_svg",
    "grid_values",
    "hand_frames",
    "preflop_equity_grid",
    "preflop_heatmap_svg",
    "range_grid_png",
    "range_grid_svg",
    "replay_html",
    "replayer_data",
    "save_png",
    "save_replay",
    "strategy_grid_png",
    "strategy_grid_svg",
]
