"""Cutting XML (and XML-like) hand-history files into hands, one element each, streamed.

iPoker writes a ``<session>`` whose ``<general>`` header says the game, stakes and
table, then one ``<game gamecode=...>`` per hand; Merge a ``<description .../>``
then a ``<game id=...>`` per hand, with no root element; MicroGaming ``<Game>``
elements after a ``----PRIMA.DAT----`` line; Boss Media ``<HISTORY>`` elements,
inside a ``<ROOT>`` or not. None of them is one XML document a parser could be given
whole (files are concatenated sessions, or have no root), and a parser given a whole
file holds it all in memory. So the text is cut here, by the hand elements' start
and end tags, block by block (memory: one block and one hand), and each hand is
parsed on its own by its site's reader: a hand that is not well-formed XML (a file
cut short, a corrupt byte) is refused alone, naming its line, and the next hands
still read.

A hand's text is its element as written; for iPoker and Merge, the session header
(or description) that says its game follows it, after a line break, so that the
hand reads alone (``SiteHand.text``). Text between hands that is neither a wrapper
(``<?xml ...?>``, ``<ROOT>``, ``</session>``...) nor a header is returned as text
that is no hand, never dropped.
"""

from __future__ import annotations

import re
from typing import Iterable, Iterator, Optional, Tuple

__all__ = ["is_xml", "xml_chunks", "xml_hand_id", "xml_site"]

_BOM = b"\xef\xbb\xbf"
_TOO_LONG = 1 << 24  # a hand element this long without its end tag is cut and refused

# The hand elements: start tag -> (site, end tag). iPoker's and Merge's are both
# <game>, told apart by their attributes (gamecode=, id=).
_START = re.compile(rb"<(game|Game|HISTORY)(?=[\s>/])")
_ENDS = {b"game": b"</game>", b"Game": b"</Game>", b"HISTORY": b"</HISTORY>"}
# What may stand between hands: wrappers and headers, and notes a site writes.
_BETWEEN = re.compile(
    rb"(?:\s|\xef\xbb\xbf)*(?:<\?xml[^>]*\?>|<!--.*?-->|<ROOT>|</ROOT>|</session>|----PRIMA\.DAT----|"
    rb"ExtendedTableName:[^\n]*|(?P<session><session[^>]*>\s*<general>.*?</general>)|"
    rb"(?P<description><description[^>]*/>))", re.S)


def is_xml(head: bytes) -> bool:
    """Whether a file that starts with ``head`` is one of the XML formats (its first
    text, past a byte-order mark and blanks, is a tag or MicroGaming's marker)."""
    start = head.lstrip(_BOM).lstrip()
    return start.startswith((b"<?xml", b"<session", b"<description", b"<game", b"<Game", b"<HISTORY", b"<ROOT",
                             b"----PRIMA.DAT----"))


def xml_site(text: str) -> Optional[str]:
    """The site of one hand's XML text, or None."""
    match = _START.search(text.encode("utf-8", "replace"))
    return None if match is None else _site(match.group(1), text.encode("utf-8", "replace")[match.start():])


_HAND_ID = re.compile(r"<(?:game|Game|HISTORY)\s[^>]*?\b(?:gamecode|id|ID)=\"([^\"]*)\"")


def xml_hand_id(text: str) -> str:
    """The hand number of one hand's XML text, as written ("" when it says none)."""
    match = _HAND_ID.search(text)
    return match.group(1) if match else ""


def _site(tag: bytes, start: bytes) -> str:
    if tag == b"Game":
        return "microgaming"
    if tag == b"HISTORY":
        return "bossmedia"
    opening = start[:start.find(b">") + 1] if b">" in start else start
    return "ipoker" if b"gamecode=" in opening else "merge"


def xml_chunks(blocks: Iterable[bytes], make) -> Iterator:
    """The hands of a file's blocks (line ends already ``\\n``), in order, as
    ``make(site, text, line, index)``; text that is no hand with site None."""
    data = b""
    line = 1  # the line data[0] is on
    index = 0
    header: Optional[bytes] = None  # the last iPoker session header, or Merge description
    blocks = iter(blocks)
    done = False

    def more() -> bool:
        nonlocal data, done
        if done:
            return False
        block = next(blocks, None)
        if block is None:
            done = True
            return False
        data += block
        return True

    more()
    at = 0
    while True:
        start = _START.search(data, at)
        while start is None and not done and len(data) - at < _TOO_LONG:
            more()
            start = _START.search(data, at)
        # the text before the next hand (or to the end): wrappers, headers, or junk
        stop = start.start() if start is not None else len(data)
        at, header, junk = _between(data, at, stop, header)
        if junk is not None:
            text, offset = junk
            yield make(None, _decode(text), line + data.count(b"\n", 0, offset), index)
            index += 1
        if start is None:
            if done:
                return
            line += data.count(b"\n", 0, at)
            data, at = data[at:], 0
            continue
        # the hand: up to its end tag (reading on), or to the next hand's start
        tag = start.group(1)
        end_tag = _ENDS[tag]
        end = data.find(end_tag, start.end())
        while end < 0 and not done and len(data) - start.start() < _TOO_LONG:
            more()
            end = data.find(end_tag, start.end())
        following = _START.search(data, start.end())
        if end >= 0 and (following is None or following.start() > end):
            stop = end + len(end_tag)
        else:
            stop = following.start() if following is not None else len(data)  # cut short: refused by its reader
        body = data[start.start():stop]
        site = _site(tag, body)
        text = body
        if header is not None and site in ("ipoker", "merge") and header.startswith(
                b"<session" if site == "ipoker" else b"<description"):
            text = body + b"\n" + header
        hand_line = line + data.count(b"\n", 0, start.start())
        yield make(site, _decode(text), hand_line, index)
        index += 1
        at = stop
        # drop what was read, keeping the line count
        line += data.count(b"\n", 0, at)
        data = data[at:]
        at = 0


def _between(data: bytes, at: int, stop: int, header: Optional[bytes]) -> Tuple[int, Optional[bytes], Optional[tuple]]:
    """Walk the wrappers and headers in ``data[at:stop]``: (where it stops, the header
    in force, (junk text, its offset) or None)."""
    while at < stop:
        match = _BETWEEN.match(data, at, stop)
        if match is None or match.end() == at:
            rest = data[at:stop]
            if not rest.replace(_BOM, b"").strip():
                return stop, header, None
            lead = len(rest) - len(rest.lstrip())
            return stop, header, (rest.strip(), at + lead)
        if match.group("session") is not None:
            header = match.group("session") + b"</session>"  # closed, to read alone
        elif match.group("description") is not None:
            header = match.group("description")
        at = match.end()
    return at, header, None


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")
