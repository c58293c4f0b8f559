"""Each player's equity after each card of a hand, as data and as an SVG line chart."""

from __future__ import annotations

from typing import Any, List, NamedTuple, Optional, Tuple

import numpy as np

from ..cards import card_str
from ..errors import InvalidValueError
from ._svg import CATEGORICAL, escape, number, svg_document
from ._sources import read_source
from .frames import street_names

__all__ = ["EquityTimeline", "equity_by_street", "equity_chart_svg"]


class EquityTimeline(NamedTuple):
    """Equities of a hand at each point where cards were dealt: ``labels[k]`` names
    the point (``"preflop"``, ``"flop"``, ...), ``boards[k]`` the board then (text),
    ``equity[k, i]`` player ``i``'s share of the pot there (0 once folded), ``names``
    and ``cards`` (each player's final known cards, text) label the players, ``game``
    the equity game used and ``exact[k]`` whether point ``k`` was counted exactly."""

    labels: Tuple[str, ...]
    boards: Tuple[str, ...]
    names: Tuple[str, ...]
    cards: Tuple[str, ...]
    equity: np.ndarray
    exact: Tuple[bool, ...]
    game: str


def _equity_game(variant) -> Tuple[str, dict]:
    from .. import engine as eng

    if variant.is_stud and variant.high is eng.HIGH:
        return ("stud8" if variant.low is eng.LOW8 else "stud"), {}
    if not variant.is_stud and any(street.board for street in variant.streets):
        hole = sum(street.hole for street in variant.streets)
        if variant.high is eng.HIGH and variant.low is None and hole == 2:
            return "holdem", {}
        if variant.high is eng.OMAHA_HIGH:
            return ("omaha8" if variant.low is eng.OMAHA_LOW8 else "omaha"), {}
        if variant.high is eng.SHORTDECK_HIGH:
            return "shortdeck", {}
        if variant.high is eng.SHORTDECK_HIGH_CLASSIC:
            return "shortdeck", {"trips_beat_straight": False}
    raise InvalidValueError(f"no equity calculator plays {variant.name}: the chart covers Hold'em, Omaha "
                            f"(hi/lo too), short deck and stud (hi/lo too)")


def equity_by_street(source: Any, *, seed: int = 0, target_error: float = 0.002) -> EquityTimeline:
    """Each player's equity after each round of cards of ``source`` (an engine
    :class:`~pokerhash.engine.Hand` or a PHH history): after the first deal, then
    after each street's cards (the flop, turn and river; stud's up cards). Computed by
    :func:`pokerhash.equity` from every live player's cards, the board and, as dead
    cards, the cards of players who folded (everything the log shows); exact where that
    is quick, else sampled to ``target_error`` with ``seed`` (reproducible). A folded
    player's equity is 0 from then on. Draw games and games without an equity
    calculator raise InvalidValueError, as do live hands with unknown cards."""
    import pokerhash
    from ..engine import events as ev

    hand, names, unknown = read_source(source)[:3]
    start = hand.events[0]
    game, options = _equity_game(start.variant)
    seats = list(start.seats)
    index = {seat: i for i, seat in enumerate(seats)}
    n = len(seats)
    held: List[List[int]] = [[] for _ in range(n)]
    board: List[int] = []
    folded = [False] * n
    streets = street_names(start.variant)
    labels, boards, rows, exact = [], [], [], []
    log = hand.events
    for k, event in enumerate(log):
        kind = type(event)
        if kind is ev.Deal:
            if event.seat is None:
                if event.run:
                    continue  # the chart follows the first board
                board.extend(event.cards)
            else:
                held[index[event.seat]].extend(event.cards)
        elif kind is ev.Act and event.action.kind.value == "fold":
            folded[index[event.seat]] = True
        following = type(log[k + 1]) if k + 1 < len(log) else None
        # A round of cards is complete when the next event deals nothing more of it (a burn
        # starts the next street; an all-in's board comes street after street).
        dealing_ends = kind is ev.Deal and following is not ev.Deal and not event.run
        if not dealing_ends:
            continue
        live = [i for i in range(n) if not folded[i]]
        row = np.zeros(n)
        point_exact = True
        if len(live) == 1:
            row[live[0]] = 1.0
        else:
            for i in live:
                if set(held[i]) & unknown:
                    raise InvalidValueError(f"the equity chart needs every live player's cards; "
                                            f"{names.get(seats[i], f'seat {seats[i]}')}'s are unknown")
            dead = [c for i in range(n) if folded[i] for c in held[i] if c not in unknown]
            result = pokerhash.equity([held[i] for i in live], board=board, dead=dead, game=game, seed=seed,
                               target_error=target_error, **options)
            row[live] = result.equity
            point_exact = bool(result.exact)
        if start.variant.is_stud:
            label = streets[min(max(len(held[live[0]]) - 3, 0), len(streets) - 1)]
        else:
            label = {0: streets[0], 3: "flop", 4: "turn", 5: "river"}.get(len(board), f"{len(board)} cards")
        if labels and labels[-1] == label:
            labels.pop(), boards.pop(), rows.pop(), exact.pop()
        labels.append(label)
        boards.append(" ".join(card_str(c) for c in board))
        rows.append(row)
        exact.append(point_exact)
    if not rows:
        raise InvalidValueError("the hand has dealt no cards yet")
    shown_cards = tuple(" ".join("??" if c in unknown else card_str(c) for c in cards) for cards in held)
    return EquityTimeline(tuple(labels), tuple(boards), tuple(names.get(s, f"Seat {s}") for s in seats), shown_cards,
                          np.array(rows), tuple(exact), game)


_MARKERS = ("circle", "square", "triangle", "diamond")


def _marker(kind: str, x: float, y: float, colour: str) -> str:
    if kind == "circle":
        return f"<circle cx='{number(x)}' cy='{number(y)}' r='4.5' fill='{colour}'/>"
    if kind == "square":
        return f"<rect x='{number(x - 4)}' y='{number(y - 4)}' width='8' height='8' fill='{colour}'/>"
    points = [(x, y - 5.5), (x + 5, y + 4), (x - 5, y + 4)] if kind == "triangle" else \
        [(x, y - 6), (x + 5, y), (x, y + 6), (x - 5, y)]
    return f"<polygon points='{' '.join(f'{number(a)},{number(b)}' for a, b in points)}' fill='{colour}'/>"


def equity_chart_svg(source: Any, *, title: Optional[str] = None, seed: int = 0) -> str:
    """The equity-by-street chart of ``source`` (a hand, a history, or an
    :class:`EquityTimeline`) as a standalone SVG: one line per player (colour-blind-safe
    colours and a different marker each, so it also reads in grey print), equity 0 to
    100% up the side, the points along the bottom with their boards."""
    timeline = source if isinstance(source, EquityTimeline) else equity_by_street(source, seed=seed)
    points, players = timeline.equity.shape
    left, top, plot_w, plot_h = 48.0, 34.0 if title else 14.0, max(120.0 * points, 360.0), 220.0
    legend_h = 18.0 * players + 8
    width = left + plot_w + 20
    height = top + plot_h + 46 + legend_h
    body = []
    if title:
        body.append(f"<text x='8' y='22' font-size='14' font-weight='bold'>{escape(title)}</text>")
    for pct in range(0, 101, 25):
        y = top + plot_h * (1 - pct / 100)
        body.append(f"<line x1='{left}' y1='{number(y)}' x2='{number(left + plot_w)}' y2='{number(y)}' "
                    f"stroke='#d0d0d0'/><text x='{number(left - 6)}' y='{number(y + 4)}' font-size='10' "
                    f"text-anchor='end'>{pct}%</text>")
    step = plot_w / max(points, 1)
    xs = [left + step * (k + 0.5) for k in range(points)]
    for k, x in enumerate(xs):
        mark = "" if timeline.exact[k] else " ~"
        body.append(f"<text x='{number(x)}' y='{number(top + plot_h + 16)}' font-size='11' text-anchor='middle'>"
                    f"{escape(timeline.labels[k] + mark)}</text><text x='{number(x)}' y='{number(top + plot_h + 30)}' "
                    f"font-size='10' text-anchor='middle' fill='#444'>{escape(timeline.boards[k])}</text>")
    for i in range(players):
        colour = CATEGORICAL[i % len(CATEGORICAL)]
        marker = _MARKERS[i % len(_MARKERS)]
        ys = [top + plot_h * (1 - float(timeline.equity[k, i])) for k in range(points)]
        line = " ".join(f"{number(x)},{number(y)}" for x, y in zip(xs, ys))
        body.append(f"<g><title>{escape(timeline.names[i])}: "
                    f"{', '.join(f'{100 * float(v):.1f}%' for v in timeline.equity[:, i])}</title>"
                    f"<polyline points='{line}' fill='none' stroke='{colour}' stroke-width='2.5'/>"
                    + "".join(_marker(marker, x, y, colour) for x, y in zip(xs, ys)) + "</g>")
        y = top + plot_h + 48 + 18 * i
        body.append(_marker(marker, left + 6, y, colour)
                    + f"<text x='{number(left + 18)}' y='{number(y + 4)}' font-size='11'>"
                      f"{escape(timeline.names[i])} {escape(timeline.cards[i])}: "
                      f"{100 * float(timeline.equity[-1, i]):.1f}% at the end</text>")
    return svg_document(width, height, body, title or "Equity by street")
