"""The hand replayer: one self-contained HTML file that steps through hands.

:func:`replay_html` takes engine hands (:class:`~pokerhash.engine.Hand`), PHH hand
histories (:class:`~pokerhash.engine.history.HandHistory`, as read by
:func:`pokerhash.engine.history.load_all`; site hands imported into PHH too) or their
replays, and writes a page that shows the table (seats, stacks, cards, bets, the pot,
the board) at every step, with buttons, a slider and the keyboard (left/right: a step;
Home/End: the start/end; up/down: the previous/next hand), a list of the hands and
the log of the hand. Hidden cards stay face down until shown (a check box turns the
known ones up). The page needs no network: its script and style are inside it, and it
works opened from disk. ``#hand=2&step=5`` (or ``?hand=2&step=5``) at the end of its
address opens hand 2 (counted from 1) at step 5 (step 0 is the table before the first
event; ``step=last``, the end).
"""

from __future__ import annotations

import json
from os import PathLike
from pathlib import Path
from typing import Any, Dict, Iterable, List, Optional, Sequence, Union

from ..errors import InvalidValueError
from ._svg import escape
from ._sources import read_source
from .frames import hand_frames

__all__ = ["replay_html", "save_replay", "replayer_data"]

_HERE = Path(__file__).parent


def _asset(name: str) -> str:
    return (_HERE / name).read_text(encoding="utf-8")


def _one(item: Any, number: int) -> Dict[str, Any]:
    """The replayer data of one hand, history or replay."""
    try:
        source = read_source(item)
    except InvalidValueError as error:  # among many hands, say which
        raise InvalidValueError(f"hand {number}: {error}") from None
    data = hand_frames(source.hand, names=source.names, unknown=sorted(source.unknown))
    label = source.label or str(number)
    data.update(title=f"{'Hand ' if label.isdigit() else ''}{label}: {data['game']}", decimals=source.decimals,
                note=source.note)
    return data


def replayer_data(hands: Union[Any, Iterable[Any]]) -> List[Dict[str, Any]]:
    """The data the page shows: :func:`~pokerhash.pictures.frames.hand_frames` of each
    hand, with its title, its unit's ``decimals`` and the replay's ``note``."""
    items = _items(hands)
    return [_one(item, k + 1) for k, item in enumerate(items)]


def _items(hands: Any) -> List[Any]:
    from ..engine import Hand
    from ..engine.history import HandHistory
    from ..engine.history_hands import Replay

    if isinstance(hands, (Hand, HandHistory, Replay)):
        return [hands]
    try:
        items = list(hands)
    except TypeError:
        raise InvalidValueError(f"the replayer takes a hand, a history or a list of them, not {hands!r:.80}") from None
    if not items:
        raise InvalidValueError("the replayer needs at least one hand")
    return items


def replay_html(hands: Union[Any, Sequence[Any]], *, title: Optional[str] = None) -> str:
    """The replayer page of ``hands`` (one or a list: engine hands, PHH histories,
    replays) as one HTML document with its script and style inline."""
    data = replayer_data(hands)
    # "</" would end the script element early; JSON allows "<\/".
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    heading = title or (data[0]["title"] if len(data) == 1 else f"{len(data)} hands")
    return _PAGE.format(title=escape(heading), style=_asset("replayer.css"), data=payload,
                        script=_asset("replayer.js"))


def save_replay(hands: Union[Any, Sequence[Any]], path: Union[str, PathLike], *, title: Optional[str] = None) -> None:
    """Write :func:`replay_html` of ``hands`` to ``path`` (UTF-8)."""
    Path(path).write_text(replay_html(hands, title=title), encoding="utf-8")


_PAGE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="generator" content="pokerhash">
<title>{title}</title>
<style>
{style}</style>
</head>
<body>
<div id="app">
<nav id="hands"><h2>Hands</h2><ul id="hand-list"></ul></nav>
<main id="main">
<p id="title"></p>
<p id="note"></p>
<div id="felt"><div id="center"><div id="street"></div><div id="boards"></div><div id="pot"></div></div></div>
<div id="controls">
<button id="first" title="start (Home)" aria-label="start">|&#x25C0;</button>
<button id="back" title="back (left arrow)" aria-label="back">&#x25C0;</button>
<input id="slider" type="range" min="0" max="0" value="0" aria-label="step">
<button id="forward" title="forward (right arrow)" aria-label="forward">&#x25B6;</button>
<button id="last" title="end (End)" aria-label="end">&#x25B6;|</button>
<span id="position"></span>
<label><input id="reveal" type="checkbox"> show hole cards</label>
</div>
<p id="narration" aria-live="polite"></p>
<p class="help">Keys: &larr; &rarr; step, Home / End, &uarr; &darr; previous / next hand.</p>
</main>
<aside id="log"><h2>Action</h2><ol id="steps"></ol></aside>
</div>
<script type="application/json" id="hand-data">{data}</script>
<script>
{script}</script>
</body>
</html>
"""
