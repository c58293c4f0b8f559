"""Jupyter's rich views (``_repr_html_``) of a range, a range-against-range grid and an
equity result: HTML with inline SVG and inline styles only (no script, no font or
image fetched), so a notebook saved to disk shows them anywhere. In the analysis layer
of the package, beside the objects that show themselves through it."""

from __future__ import annotations

import numpy as np

from ._svg import BOX_STYLE, CATEGORICAL, escape, ink, sequential

__all__ = ["equity_html", "range_grid_html", "range_html"]


def range_html(value) -> str:
    """A :class:`~pokerhash.Range`: its chart, its text and its number of combos."""
    from .grid import range_grid_svg

    text = str(value)
    combos = value.num_combos()
    caption = f"{text or '(empty)'}: {combos:g} combos ({100 * combos / 1326:.1f}%)"
    svg = range_grid_svg(value, legend=False)
    return f"<div style='{BOX_STYLE}'><div style='max-width:540px'>{escape(caption)}</div>{_inline(svg)}</div>"


def _inline(svg: str) -> str:
    return svg[svg.index("<svg"):]


def range_grid_html(grid) -> str:
    """A :class:`pokerhash.distributed.RangeGrid`: the matrix of overall equities,
    range against range, each cell shaded on the sequential scale."""
    overall = grid.overall()
    head = "".join(f"<th style='padding:2px 6px'>{escape(label)}</th>" for label in grid.labels)
    rows = []
    for i, label in enumerate(grid.labels):
        cells = []
        for j in range(len(grid.labels)):
            value = float(overall[i, j])
            if np.isfinite(value):
                fill = sequential(value)
                cells.append(f"<td style='background:{fill};color:{ink(fill)};padding:2px 6px;text-align:right'>"
                             f"{100 * value:.1f}%</td>")
            else:
                cells.append("<td style='padding:2px 6px;text-align:center'>-</td>")
        rows.append(f"<tr><th style='text-align:left;padding:2px 6px'>{escape(label)}</th>{''.join(cells)}</tr>")
    caption = escape(f"equity of the row's range against the column's, over {len(grid.boards):,} boards")
    return (f"<div style='{BOX_STYLE}'><div>{caption}</div><table style='border-collapse:collapse'>"
            f"<tr><th></th>{head}</tr>{''.join(rows)}</table></div>")


def equity_html(result) -> str:
    """An :class:`~pokerhash.EquityResult`: one bar per player (win, tie share), with
    the numbers and how they were found."""
    how = "exact" if result.exact else "sampled"
    rows = []
    for i, label in enumerate(result.labels):
        equity = float(result.equity[i])
        win = float(result.win[i])
        colour = CATEGORICAL[i % len(CATEGORICAL)]
        error = f" &plusmn; {100 * float(result.std_error[i]):.2f}%" if result.std_error is not None else ""
        rows.append(
            f"<tr><td style='padding:2px 8px;font-family:monospace'>{escape(label)}</td>"
            f"<td style='padding:2px 8px'><svg width='240' height='14' role='img'>"
            f"<rect width='240' height='14' fill='#f0f0f0'/><rect width='{240 * win:.1f}' height='14' fill='{colour}'/>"
            f"<rect x='{240 * win:.1f}' width='{240 * max(equity - win, 0):.1f}' height='14' fill='{colour}' "
            f"fill-opacity='0.45'/></svg></td><td style='padding:2px 8px;text-align:right'><b>{100 * equity:.2f}%</b>"
            f"{error}</td><td style='padding:2px 8px;color:#444'>win {100 * win:.2f}%, tie "
            f"{100 * float(result.tie[i]):.2f}%</td></tr>")
    return (f"<div style='{BOX_STYLE}'><div>{escape(result.game)}, {how}, {result.showdowns:,} showdowns</div>"
            f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"
            f"<div style='color:#444;font-size:11px'>solid: wins outright; light: its share of ties</div></div>")
