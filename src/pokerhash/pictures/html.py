"""Jupyter's rich view (``_repr_html_``) of a hand and of a seat's view of it: cards
drawn with their suit's colour and symbol, inline styles only (no script, no font or
image fetched), so a notebook saved to disk shows it anywhere. In the engine's layer
of the package, like the text of :mod:`pokerhash.pictures.text`."""

from __future__ import annotations

from typing import Iterable, Optional

from ._svg import BOX_STYLE, SUIT_COLOURS, SUIT_SYMBOLS, escape

__all__ = ["card_html", "cards_html", "hand_html"]

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
    from .text import seats_table, stakes_text

    table = seats_table(hand, seen)
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
    return (f"<div style='{BOX_STYLE}'><div><b>{head}</b> &middot; {escape(table.where)} &middot; "
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
