"""Every hand of a source read and parsed: :func:`pokerhash.sites.read` and
:func:`pokerhash.sites.parse_hand` (the package exports them).

A module of its own so that it is compiled (Cython, like sources.py, whose chunks it
parses): the loop runs once per hand of every import, and as Python code its frames,
generators and calls cost a hand's reading more than the cutting of the file into
hands (callgrind, 2026-12-05). A compiled package ``__init__`` cannot be imported by
its own module name (see setup.py), hence not there.
"""

from __future__ import annotations

from typing import Iterator, Optional

from .model import SiteError, SiteHand, Source, failed, site_hand
from .sources import chunks, listed_file, open_sources, site_of
from .stud_levels import Neighbours
from .xmlsources import xml_hand_id as _xml_hand_id
from .xmlsources import is_xml, xml_site

__all__: list = []  # pokerhash.sites exports these

# A hand's Source made as the tuple it is: the NamedTuple's own __new__ is interpreted
# Python (a frame for every hand, ~600 instructions); its three fields are given here.
_new_tuple = tuple.__new__

#: The sites read, and the name each is given in :attr:`SiteHand.site`.
SITES = ("pokerstars", "ggpoker", "888poker", "winamax", "fulltilt", "partypoker", "winning", "ongame", "entraction",
         "ipoker", "merge", "microgaming", "bossmedia")


_PARSERS: dict = {}
_XML_SITES = ("ipoker", "merge", "microgaming", "bossmedia")
def _parser(site: str):
    if not _PARSERS:
        from . import fulltilt, pacific, pokerstars, winamax
        _PARSERS.update({"pokerstars": pokerstars.parse, "ggpoker": pokerstars.parse, "888poker": pacific.parse,
                         "winamax": winamax.parse, "fulltilt": fulltilt.parse})
        from . import entraction, ongame, partypoker, winning
        _PARSERS.update({"partypoker": partypoker.parse, "winning": winning.parse, "ongame": ongame.parse,
                         "entraction": entraction.parse})
        _PARSERS.update(_xml_parsers())
    return _PARSERS[site]


def _xml_parsers() -> dict:
    """The XML sites' readers (each hand an element: see xmlsources)."""
    from . import bossmedia, ipoker, merge, microgaming
    return {"ipoker": ipoker.parse, "merge": merge.parse, "microgaming": microgaming.parse,
            "bossmedia": bossmedia.parse}


def parse_hand(text: str, source: Source = Source("<text>", 0, 1), site: Optional[str] = None,
               detected: Optional[str] = None) -> SiteHand:
    """One hand's text as a :class:`SiteHand` (``error`` set when it cannot be imported);
    ``site``: refuse hands of other sites; ``detected``: the site, already known."""
    text = text.lstrip("\ufeff")
    first = text[:text.find("\n")] if "\n" in text else text
    if detected is None:
        detected = site_of(text[:512]) or (xml_site(text) if is_xml(text[:64].encode("utf-8", "replace")) else None)
    if detected is None and first.startswith(("PokerStars Tournament #", "PokerStars Home Game Tournament #",
                                              "Tournament History for ")):
        return failed("pokerstars", "", f"line {source.line}: a tournament summary, not a hand", source, text)
    if detected is None:
        return failed(site or "", "", f"line {source.line}: text that is no hand of a known site "
                      f"({', '.join(SITES)}): {first[:80]!r}", source, text)
    if site is not None and detected != site:
        return failed(detected, "", f"line {source.line}: a {detected} hand, not {site}", source, text)
    try:
        parsed = _parser(detected)(text, detected)
    except SiteError as error:
        line = f"line {source.line + error.line - 1}: " if error.line is not None else ""
        message = str(error).split(": ", 1)[1] if error.line is not None else str(error)
        return failed(detected, _id_of(text, first, detected), line + message, source, text)
    except _UNFORESEEN as error:
        # Text a site's format does not foresee (a line cut short, a figure that is no
        # number) that its parser did not name: the hand is refused with what went
        # wrong, here once for every site, never raised.
        return failed(detected, _id_of(text, first, detected), f"line {source.line}: cannot read: {error}",
                      source, text)
    return site_hand(parsed, source, text)


#: What a parser meeting text its format does not foresee raises, besides SiteError.
_UNFORESEEN = (ValueError, KeyError, IndexError, AttributeError, TypeError)


def _id_of(text: str, first: str, site: str) -> str:
    return _xml_hand_id(text) if site in _XML_SITES else _hand_id(first)


def _hand_id(first: str) -> str:
    if first.startswith("#Game No : "):
        return first[11:].strip()
    if first.startswith("***** "):  # "***** Hand History for Game N *****", "***** History for hand N"
        words = first.split()
        at = max((k for k, word in enumerate(words) if word.lower() in ("game", "hand")), default=len(words) - 1)
        return words[at + 1] if at + 1 < len(words) and words[at + 1] != "*****" else ""
    at = first.find("#")
    if at < 0:
        return ""
    end = first.find(":", at)
    words = first[at + 1:end if end > 0 else None].split()
    return words[0] if words else ""


def read(source, site: Optional[str] = None) -> Iterator[SiteHand]:
    """Every hand of ``source``, in order, as :class:`SiteHand`: a path to a file, a
    folder (recursively, files in sorted order; zips inside are read) or a ``.zip``;
    text or bytes of hands; or an open file (text or binary). The site is detected
    from each hand's text; with ``site`` given, hands of other sites are returned
    with an error. A hand that cannot be imported is returned with ``error`` set
    (naming the line), never skipped and never raised; text between hands that is no
    hand is returned the same way. Memory holds one hand at a time (and the hands
    after an iPoker stud tournament hand waiting for its later neighbour:
    :mod:`.stud_levels`).

    A ``site`` that is not one of :data:`SITES` raises :class:`SiteError` here, at the
    call; a path that names no file or folder raises it when the reading starts (the
    first ``next()``): nothing is opened before then."""
    check_site(site)
    return read_hands(source, site, False)


def check_site(site: Optional[str]) -> None:
    """SiteError for a ``site`` that is not None and not one of :data:`SITES`."""
    if site is not None and site not in SITES:
        raise SiteError(f"unknown site {site!r} (sites: {', '.join(SITES)})")


def read_hands(source, site: Optional[str], pairs: bool, listed: bool = False) -> Iterator:
    """For the package (not exported): :func:`read`'s hands, or with ``pairs`` each as ``(hand, None)``, the pairs
    :func:`pokerhash.tracker.read_files` yields: it delegates to this generator
    (``yield from``), so that its own does not run again for every hand. ``listed``:
    ``source`` is a path read_files saw a file at (:func:`.sources.listed_file`)."""
    check_site(site)  # read() checks it at its call, before this
    # One generator between the caller and the cutting of the file (chunks), where a
    # generator per file for its hands and one for stud_levels' pass cost about 2,000
    # instructions a hand each (callgrind, 2026-12-05): the hands are read here.
    for name, stream in (listed_file(source) if listed else open_sources(source)):
        # iPoker stud tournament hands without their bet sizes take them from their
        # neighbours in the file when those tell them exactly (stud_levels): once the
        # file has shown an iPoker hand, every later hand of it passes by Neighbours.
        neighbours = None
        for chunk in chunks(stream):
            text = chunk.text
            if chunk.cut and chunk.site is not None and site in (None, chunk.site):
                # Cut inside a line by the next hand's first line: it stops there, whatever it says.
                first = text[:text.find("\n")] if "\n" in text else text
                hand = failed(chunk.site, _id_of(text, first, chunk.site),
                              f"line {chunk.line + text.count(chr(10))}: the hand is truncated: the next hand "
                              "starts inside this line", _new_tuple(Source, (name, chunk.index, chunk.line)), text)
            else:
                hand = parse_hand(text, _new_tuple(Source, (name, chunk.index, chunk.line)), site, chunk.site)
            if neighbours is None:
                if hand.site != "ipoker":
                    yield (hand, None) if pairs else hand
                    continue
                neighbours = Neighbours()
            for hand in neighbours.add(hand):
                yield (hand, None) if pairs else hand
        if neighbours is not None:
            for hand in neighbours.end():
                yield (hand, None) if pairs else hand
