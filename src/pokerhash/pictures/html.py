"""Jupyter's rich views (``_repr_html_``) of the package's objects: HTML with inline
SVG and inline styles only (no script, no font or image fetched), so a notebook saved
to disk shows them anywhere."""

from __future__ import annotations

from typing import Iterable, Optional

import numpy as np

from ._svg import CATEGORICAL, SUIT_COLOURS, SUIT_SYMBOLS, escape

__all__ = ["card_html", "cards_html", "equity_html", "hand_html", "range_grid_html", "range_html"]

_BOX = "display:inline-block;font-family:DejaVu Sans,Helvetica,Arial,sans-serif;font-size:13px"
_CARD = ("display:inline-block;width:26px;height:36px;margin:1px;border:1px solid #555;border-radius:4px;"
         "background:#fff;text-align:center;font-weight:bold;line-height:17px;vertical-align:middle")
_BACK = _CARD + ";background:repeating-linear-gradient(45deg,#1f4e8c 0 4px,#3b6db3 4px 8px)"


def card_html(text: str, up: bool = False) -> str:
    """One card (``"As"``; ``"??"`` face down) drawn with its suit's colour and symbol."""
    if text == "??":
        return f"<span style='{_BACK}' title='face down'></span>"
    suit = "cdhs".index(text[1])
    rank = "10" if text[0] == "T" else text[0]
    edge = ";box-shadow:0 -3px 0 #E69F00 inset" if up else ""
    return (f"<span style='{_CARD};color:{SUIT_COLOURS[suit]}{edge}' title='{escape(text)}'>"
            f"{escape(rank)}<br>{SUIT_SYMBOLS[suit]}</span>")


def cards_html(cards: Iterable[str]) -> str:
    return "".join(card_html(text) for text in cards)


def hand_html(hand, *, seen=None) -> str:
    """A hand (or a seat's :class:`~pokerhash.engine.View` of it): seats with their
    cards, stacks and bets, the board and the pot, what the hand waits for."""
    from .text import _table_of, stakes_text

    table = _table_of(hand, seen)
    rows = []
    for seat, held, stack, bet, notes, to_act in table.seats:
        cards = "".join(card_html(text, up) for text, up in held)
        style = "background:#fff3d6" if to_act else ("opacity:.5" if "folded" in notes else "")
        rows.append(f"<tr style='{style}'><td style='padding:2px 8px'><b>Seat {seat}</b> {escape(', '.join(notes))}"
                    f"</td><td style='padding:2px 8px'>{cards}</td><td style='padding:2px 8px;text-align:right'>"
                    f"{stack}</td><td style='padding:2px 8px;text-align:right'>{bet or ''}</td></tr>")
    boards = "".join(f"<div>{''.join(card_html(t) for t in _texts(board))}</div>" for board in hand.boards if board)
    head = escape(f"{hand.variant.name}, {stakes_text(hand.variant, hand.stakes)}")
    state = "the hand is over" if hand.is_over else f"next: {hand.pending}"
    return (f"<div style='{_BOX}'><div><b>{head}</b> &middot; {escape(table.where)} &middot; "
            f"pot <b>{hand.pot}</b></div>"
            f"<div style='margin:4px 0;padding:6px;background:#2f6d4f;border-radius:8px;min-height:40px'>"
            f"{boards or '&nbsp;'}</div>"
            f"<table style='border-collapse:collapse'><tr><th style='text-align:left;padding:2px 8px'>seat</th>"
            f"<th style='text-align:left;padding:2px 8px'>cards</th><th style='padding:2px 8px'>stack</th>"
            f"<th style='padding:2px 8px'>bet</th></tr>{''.join(rows)}</table>"
            f"<div style='color:#444'>{escape(state)}</div></div>")


def _texts(cards: Iterable[int]):
    from .text import cards_text

    return cards_text(cards).split()


def range_html(value) -> str:
    """A :class:`~pokerhash.Range`: its chart, its text and its number of combos."""
    from .grid import range_grid_svg

    text = str(value)
    combos = value.num_combos()
    caption = f"{text or '(empty)'}: {combos:g} combos ({100 * combos / 1326:.1f}%)"
    svg = range_grid_svg(value, legend=False)
    return f"<div style='{_BOX}'><div style='max-width:540px'>{escape(caption)}</div>{_inline(svg)}</div>"


def _inline(svg: str) -> str:
    return svg[svg.index("<svg"):]


def range_grid_html(grid) -> str:
    """A :class:`pokerhash.distributed.RangeGrid`: the matrix of overall equities,
    range against range, each cell shaded on the sequential scale."""
    from ._svg import ink, sequential

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
    return (f"<div style='{_BOX}'><div>{caption}</div><table style='border-collapse:collapse'>"
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
    return (f"<div style='{_BOX}'><div>{escape(result.game)}, {how}, {result.showdowns:,} showdowns</div>"
            f"<table style='border-collapse:collapse'>{''.join(rows)}</table>"
            f"<div style='color:#444;font-size:11px'>solid: wins outright; light: its share of ties</div></div>")
