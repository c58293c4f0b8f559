"""The tracker's graph: a player's cumulative winnings over hands (matplotlib, the
``plot`` extra): net won, all-in adjusted, showdown and non-showdown."""

from __future__ import annotations

import os
from typing import Any, Optional

__all__ = ["plot"]

_LINES = (("net", "net won", "#2a7d2a"), ("allin_adjusted", "all-in adjusted", "#d08a00"),
          ("showdown", "showdown", "#1f5fbf"), ("non_showdown", "non-showdown", "#c0392b"))
_UNITS = {"bb": "big blinds", "currency": "currency", "chips": "chips"}


def plot(tracker: Any, player: str, path: Optional[Any] = None, unit: str = "bb", site: Optional[str] = None,
         ax: Any = None) -> Any:
    """Draw ``player``'s graph and return the matplotlib Figure (in a notebook it shows
    inline). ``path`` (``.png``, ``.svg``, ``.pdf``...) saves it; ``unit`` is ``"bb"``,
    ``"currency"`` or ``"chips"``; ``ax`` draws into an existing Axes."""
    data = tracker.graph_data(player, unit=unit, site=site)
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        raise ImportError('the graph needs matplotlib: pip install "pokerhash[plot]"') from None
    if ax is None:
        import matplotlib.pyplot as plt

        figure, ax = plt.subplots(figsize=(9, 4.8))
    else:
        figure = ax.figure
    hands = data["hands"]
    for key, label, colour in _LINES:
        ax.plot(hands, data[key], label=f"{label} ({data[key][-1]:+,.2f})", color=colour, linewidth=1.4)
    ax.axhline(0, color="#888888", linewidth=0.8)
    ax.set_xlabel("hands")
    ax.set_ylabel(f"won ({_UNITS[unit]})")
    ax.set_title(f"{player}: {len(hands):,} hands")
    ax.grid(True, alpha=0.3)
    ax.legend(loc="best")
    figure.tight_layout()
    if path is not None:
        figure.savefig(os.fspath(path), dpi=110)
    return figure
