"""The small vocabulary every picture is drawn with: colours, escaping, numbers.

Colours. Values run through ColorBrewer's YlGnBu, a sequential scheme that stays
readable for the common kinds of colour blindness and in black-and-white print (its
lightness falls steadily from one end to the other, so a grey copy keeps the order).
Categories (players, actions) take the Okabe-Ito palette, chosen for colour-blind
readers. Suits are the four-colour deck's (clubs green, diamonds blue, hearts red,
spades black) beside their symbols, so no reader depends on the colour alone.
"""

from __future__ import annotations

import math
from typing import Optional, Sequence, Tuple
from xml.sax.saxutils import escape as _escape

#: ColorBrewer YlGnBu, 9 classes (colorbrewer2.org: colour-blind safe, print friendly).
SEQUENTIAL = ("#ffffd9", "#edf8b1", "#c7e9b4", "#7fcdbb", "#41b6c4", "#1d91c0", "#225ea8", "#253494", "#081d58")
#: Okabe & Ito (2008): eight colours told apart with every common colour-vision deficiency.
CATEGORICAL = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000")
#: An empty cell (no value, or a weight of 0).
EMPTY = "#f0f0f0"
#: Suit colours of the four-colour deck, clubs, diamonds, hearts, spades.
SUIT_COLOURS = ("#1a7f37", "#1f5fbf", "#c8102e", "#111111")
SUIT_SYMBOLS = ("\u2663", "\u2666", "\u2665", "\u2660")
FONT = "font-family='DejaVu Sans, Helvetica, Arial, sans-serif'"
#: The style of the box around each Jupyter view (inline: nothing to load).
BOX_STYLE = "display:inline-block;font-family:DejaVu Sans,Helvetica,Arial,sans-serif;font-size:13px"


def escape(text: object) -> str:
    """Text for SVG or HTML, quotes included (it goes into attributes too)."""
    return _escape(str(text), {'"': "&quot;", "'": "&#39;"})


def _rgb(colour: str) -> Tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def sequential(fraction: float) -> str:
    """The colour of ``fraction`` (0..1, clipped) on the sequential scale."""
    if not math.isfinite(fraction):
        return EMPTY
    position = min(max(fraction, 0.0), 1.0) * (len(SEQUENTIAL) - 1)
    low = min(int(position), len(SEQUENTIAL) - 2)
    t = position - low
    a, b = _rgb(SEQUENTIAL[low]), _rgb(SEQUENTIAL[low + 1])
    return "#%02x%02x%02x" % tuple(round(x + (y - x) * t) for x, y in zip(a, b))


def ink(background: str) -> str:
    """Black or white, whichever reads better on ``background`` (WCAG relative luminance)."""
    def linear(channel: int) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (linear(c) for c in _rgb(background))
    luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#000000" if luminance > 0.179 else "#ffffff"


def number(value: float) -> str:
    """A coordinate, short: no trailing zeros."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def svg_document(width: float, height: float, body: Sequence[str], title: Optional[str] = None) -> str:
    """A standalone SVG document (no external fonts, styles or scripts)."""
    head = (f"<svg xmlns='http://www.w3.org/2000/svg' width='{number(width)}' height='{number(height)}' "
            f"viewBox='0 0 {number(width)} {number(height)}' {FONT} role='img'>")
    label = [f"<title>{escape(title)}</title>"] if title else []
    return "\n".join([head, *label, *body, "</svg>"]) + "\n"
