"""Reading hand-history sources: files, folders, zips, text, bytes and open files, streamed.

Files are read in binary chunks and cut into lines (``\\r\\n``, ``\\n`` and a bare
``\\r`` all end a line) and the lines into hands at each line that starts a hand of a
known site (see :data:`HEADERS`): memory holds one chunk and one hand, whatever the
size of the file. Each hand's bytes are decoded on their own: UTF-8 when they are
valid UTF-8, else cp1252 (the encoding of older Windows clients), so a file that
mixes both reads right hand by hand; a byte-order mark (UTF-8 anywhere at a line's
start, UTF-16 at the start of a file) is dropped. Text that belongs to no hand (a
stray line before the first header) is reported as a hand that cannot be imported,
never dropped in silence.
"""

from __future__ import annotations

import codecs
import io
import os
import re
import types
import zipfile
from typing import IO, Iterator, Optional, Tuple, Union

from .xmlsources import is_xml, xml_chunks

__all__ = ["HEADERS", "Chunk", "chunks", "site_of"]

#: The first line of a hand, by site: the line starts with one of these.
HEADERS: Tuple[Tuple[str, str], ...] = (
    ("PokerStars Hand #", "pokerstars"),
    ("PokerStars Game #", "pokerstars"),
    ("PokerStars Zoom Hand #", "pokerstars"),
    ("PokerStars Home Game Hand #", "pokerstars"),
    ("Poker Hand #", "ggpoker"),
    ("#Game No : ", "888poker"),
    ("Winamax Poker - ", "winamax"),
    ("Full Tilt Poker Game #", "fulltilt"),
    ("FullTiltPoker Game #", "fulltilt"),
    # Tournament summaries: read so that each is reported as a summary, not a hand.
    ("Full Tilt Poker Tournament Summary ", "fulltilt"),
    ("Full Tilt Poker.fr Tournament Summary ", "fulltilt"),
    ("***** Cassava Tournament Summary *****", "888poker"),
)
#: First lines a prefix cannot tell apart (regular expressions matched at a line's
#: start), by site. PartyPoker's ``Game #N starts.`` and ``#Game No : N`` (which
#: 888poker's hands begin with too) open a hand whose own first line follows: they
#: stay with that hand, and that line tells the site.
PATTERNS: Tuple[Tuple[bytes, str], ...] = (
    (rb"Game #\d+ starts\.", "partypoker"),
    (rb"\*\*\*\*\* Hand History [Ff]or Game ", "partypoker"),
    (rb"(?:Game )?Hand #\d+ - ", "winning"),
    (rb"Game started at: ", "winning"),
    (rb"\*\*\*\*\* History for hand ", "ongame"),
    (rb"Game # \d+ - ", "entraction"),
)
_PREAMBLE = re.compile(rb"(?:(?:\xef\xbb\xbf)*(?:Game #\d+ starts\.|#Game No : \d+)\s*)+")
_PATTERNS = tuple((re.compile(pattern), site) for pattern, site in PATTERNS)
_HEADER_BYTES = tuple(prefix.encode() for prefix, _ in HEADERS)
_SITE_BY_BYTES = {prefix.encode(): site for prefix, site in HEADERS}
_HEADER_TEXTS = tuple(prefix for prefix, _ in HEADERS)  # made once, not once per file opened
_BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 20


class Chunk:
    """The text of one hand (or of text that is no hand: ``site`` None), where it starts."""

    __slots__ = ("site", "text", "line", "index", "cut")

    def __init__(self, site: Optional[str], text: str, line: int, index: int) -> None:
        self.site = site
        self.text = text
        self.line = line
        self.index = index
        self.cut = False  # the file went on with the next hand inside this one's last line


def site_of(first_line: Union[str, bytes]) -> Optional[str]:
    """The site whose hand starts with this line, or None."""
    line = first_line.encode("utf-8", "replace") if isinstance(first_line, str) else first_line
    line = line.lstrip(_BOM)
    preamble = _PREAMBLE.match(line)
    if preamble is not None and preamble.end() < len(line):
        # The hand's own first line, after the lines that open it, decides.
        site = site_of(line[preamble.end():])
        if site is not None:
            return site
    for prefix, site in _SITE_BY_BYTES.items():
        if line.startswith(prefix):
            return site
    for pattern, site in _PATTERNS:
        if pattern.match(line):
            return site
    return None


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _blocks(stream: IO[bytes]) -> Iterator[bytes]:
    """The stream in blocks of whole lines, every line end made ``\\n``, read in bounded chunks."""
    # The first bytes, for a UTF-16 byte-order mark: peeked where the stream can (a
    # file, a zip's member), so the first block is read whole and not joined to
    # them (a copy of the block); else read, and carried into the first block.
    head = stream.peek(4)[:4] if hasattr(stream, "peek") else b""
    peeked = len(head) >= 2
    if not peeked:
        head = stream.read(4)
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        # UTF-16 (some Windows clients): decode incrementally, hand on UTF-8.
        reader = codecs.getreader("utf-16")(io.BufferedReader(_Prefixed(b"" if peeked else head, stream)))
        rest = ""
        while True:
            text = reader.read(_CHUNK)
            if not text:
                break
            text = rest + text
            cut = len(text) - 1 if text.endswith("\r") else len(text)
            text, rest = text[:cut], text[cut:]
            yield text.replace("\r\n", "\n").replace("\r", "\n").encode("utf-8")
        if rest:
            yield rest.replace("\r", "\n").encode("utf-8")
        return
    rest = b"" if peeked else head
    while True:
        data = stream.read(_CHUNK)
        if not data:
            break
        if rest:
            data = rest + data
        # A \r at the very end may be half of a \r\n: keep it for the next chunk.
        cut = len(data) - 1 if data.endswith(b"\r") else len(data)
        if cut < len(data):
            data, rest = data[:cut], data[cut:]
        else:
            rest = b""
        yield data.replace(b"\r\n", b"\n").replace(b"\r", b"\n") if b"\r" in data else data
    if rest:
        yield rest.replace(b"\r", b"\n")


class _Prefixed(io.RawIOBase):
    """A binary stream with bytes already read put back in front."""

    def __init__(self, head: bytes, stream: IO[bytes]) -> None:
        self.head = head
        self.stream = stream

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        if self.head:
            n = min(len(buffer), len(self.head))
            buffer[:n] = self.head[:n]
            self.head = self.head[n:]
            return n
        data = self.stream.read(len(buffer))
        buffer[:len(data)] = data
        return len(data)


_HEADER_AT = re.compile(b"^(?:\xef\xbb\xbf)*(?:" + b"|".join([re.escape(h) for h in _HEADER_BYTES]
                                                                + [pattern for pattern, _ in PATTERNS]) + b")", re.M)


def _regex_parser():
    """The standard library's regular-expression parser module (``re._parser`` from
    Python 3.11, ``sre_parse`` before), whose parsed patterns the tables below are
    made from."""
    try:
        from re import _parser as parser  # type: ignore[attr-defined]  # Python 3.11+
    except ImportError:  # pragma: no cover
        import sre_parse as parser  # type: ignore[no-redef]
    return parser


def _first_bytes(patterns: Tuple[bytes, ...]) -> Optional[set]:
    """The bytes a match of any of the regular expressions ``patterns`` can start with,
    or None when a pattern says something this does not follow (then any byte can)."""
    parser = _regex_parser()

    def first(items) -> Optional[set]:
        for k, (op, value) in enumerate(items):
            if op is parser.LITERAL:
                return {value}
            if op is parser.IN and all(kind is parser.LITERAL for kind, _ in value):
                return {byte for _, byte in value}
            if op is parser.SUBPATTERN:
                return first(list(value[-1]))
            if op is parser.MAX_REPEAT and value[0] == 0:  # optional: what follows can start too
                inner, rest = first(list(value[2])), first(items[k + 1:])
                return None if inner is None or rest is None else inner | rest
            return None
        return None

    found: set = set()
    for pattern in patterns:
        some = first(list(parser.parse(pattern)))
        if some is None:
            return None
        found |= some
    return found


# The same after a line end: a pattern that starts with a literal byte is searched for
# that byte (memchr-like) and tried only there, where "^" in MULTILINE mode is tried at
# every byte of a block (a fifth of a hand's parse went there); the lookahead on the
# line's first byte skips the alternatives at most line ends. A block's own start is
# matched apart.
_FIRST = _first_bytes(tuple(pattern for pattern, _ in PATTERNS))
_HEADER_AFTER_LINE_END = re.compile(
    b"\n" + (b"" if _FIRST is None else b"(?=[" + re.escape(bytes(sorted(
        _FIRST | {_BOM[0]} | {prefix[0] for prefix in _HEADER_BYTES}))) + b"])") + _HEADER_AT.pattern[1:])


def _lead(items: list, size: int) -> Optional[set]:
    """Every way the first ``size`` bytes of a match of the parsed pattern ``items`` can
    read (shorter: the match can end there), or None when a pattern says something
    this does not follow."""
    parser = _regex_parser()
    if size == 0 or not items:
        return {b""}
    op, value = items[0]
    rest = items[1:]
    if op is parser.LITERAL:
        heads = {bytes([value])}
    elif op is parser.IN and all(kind is parser.LITERAL for kind, _ in value):
        heads = {bytes([byte]) for _, byte in value}
    elif op is parser.SUBPATTERN:
        return _lead(list(value[-1]) + rest, size)
    elif op is parser.BRANCH:
        found: set = set()
        for branch in value[1]:
            some = _lead(list(branch) + rest, size)
            if some is None:
                return None
            found |= some
        return found
    elif op is parser.MAX_REPEAT and value[0] == 0 and list(value[2])[:1] \
            and list(value[2])[0][0] is parser.LITERAL:
        # (x)? or (x)*, x starting with a literal byte (each turn consumes one): skipped or taken
        skipped = _lead(rest, size)
        again = [(op, (0, value[1] - 1, value[2]))] if value[1] > 1 else []
        taken = _lead(list(value[2]) + again + rest, size)
        return None if skipped is None or taken is None else skipped | taken
    else:
        return None
    tails = _lead(rest, size - 1)
    return None if tails is None else {head + tail for head in heads for tail in tails}


def _pair_table() -> bytes:
    """65,536 bytes, one per pair of bytes (first * 256 + second): 1 where a line that
    starts with that pair can be a hand's first line (a match of ``_HEADER_AT``), 0
    where it cannot. All 1 when the patterns say something ``_lead`` does not follow."""
    parser = _regex_parser()
    starts = _lead(list(parser.parse(_HEADER_AT.pattern[1:])), 2)
    if starts is None:
        return b"\x01" * 65536
    table = bytearray(65536)
    for start in starts:
        if len(start) < 2:  # a match can be this short: any second byte
            for first in ([start[0]] if start else range(256)):
                table[first * 256:first * 256 + 256] = b"\x01" * 256
        else:
            table[start[0] * 256 + start[1]] = 1
    return bytes(table)


_PAIRS = _pair_table()


def _quad_set() -> Optional[frozenset]:
    """The first four bytes a hand's first line can start with, or None when that
    cannot be told (a pattern ``_lead`` does not follow, or a first line shorter)."""
    parser = _regex_parser()
    starts = _lead(list(parser.parse(_HEADER_AT.pattern[1:])), 4)
    return None if starts is None or any(len(start) < 4 for start in starts) else frozenset(starts)


_QUADS = _quad_set()


def _tail_table(quads: Optional[frozenset]) -> bytes:
    """``_PAIRS`` for a first line's third and fourth bytes: 1 at third * 256 + fourth
    where some quad of ``quads`` ends with that pair (all 1 when ``quads`` is None).
    Tested before the quad itself, it turns away in C the lines whose first two bytes
    pass (a PokerStars hand's "*** FLOP ***" lines start like "***** History for hand")
    without a slice and a set look-up each."""
    if quads is None:
        return b"\x01" * 65536
    table = bytearray(65536)
    for quad in quads:
        table[quad[2] * 256 + quad[3]] = 1
    return bytes(table)


_TAILS = _tail_table(_QUADS)


def _header_starts(data: bytes) -> list:
    """Where the lines of ``data`` that start a hand begin (after a line end; the
    block's own start is matched apart): the matches of ``_HEADER_AFTER_LINE_END``
    (each the line end, so its start plus one).

    Compiled, the line ends are found by memchr and a line is tried against the
    pattern only when its first two bytes can start a first line (``_PAIRS``): the
    pattern's search stops at every line end and costs a hand's reading about 40,000
    instructions, this about a fifth of that. The same positions: a match holds no
    line end after its first byte, so the matches are exactly the line ends after
    which ``_HEADER_AT`` matches, and every line that does starts with a pair of
    ``_PAIRS`` (two bytes at least: no first line is shorter)."""
    if not _COMPILED:
        return [match.start() + 1 for match in _HEADER_AFTER_LINE_END.finditer(data)]
    starts = []
    buffer = data
    table = _PAIRS  # held here: the pointers below are into these
    pairs = table
    tail_table = _TAILS
    tails = tail_table
    quads = _QUADS
    headers = _HEADER_BYTES
    n = len(data)
    at = 0
    while at < n:
        end = memchr(buffer + at, 10, n - at)
        if not end:
            break
        at = end - buffer + 1  # the next line's start
        if at + 1 < n and pairs[buffer[at] * 256 + buffer[at + 1]] and (quads is None or (
                at + 3 < n and tails[buffer[at + 2] * 256 + buffer[at + 3]] and data[at:at + 4] in quads)) and (
                # a line that starts with a site's header is a match (one of the pattern's
                # alternatives, at a line's start): the pattern is asked only otherwise
                data.startswith(headers, at) or _HEADER_AT.match(data, at) is not None):
            starts.append(at)
    return starts


def _line_ends(data: bytes, start: int, end: int) -> int:
    """``data.count(b"\\n", start, end)`` (0 <= start <= end <= len(data)); compiled, by
    memchr from line end to line end (a hand's lines are some dozens of bytes: fewer
    steps than a byte at a time)."""
    if not _COMPILED:
        return data.count(b"\n", start, end)
    buffer = data
    count = 0
    at = start
    while at < end:
        found = memchr(buffer + at, 10, end - at)
        if not found:
            break
        count += 1
        at = found - buffer + 1
    return count


# What _inside looks for, counted in every block first.
_STARS = b"PokerStars "


def _stars_count(data: bytes) -> int:
    """``data.count(b"PokerStars ")``; compiled, by memchr from one ``P`` to the next
    (bytes.count's search costs about a CPU instruction a byte of the block: a hand's
    text has a few ``P``). The text cannot overlap itself: every match is counted."""
    if not _COMPILED:
        return data.count(_STARS)
    buffer = data
    n = len(data)
    count = 0
    at = 0
    while at + 11 <= n:
        found = memchr(buffer + at, 80, n - at - 10)  # a "P" with the other 10 bytes after it
        if not found:
            break
        at = found - buffer
        if memcmp(found, b"PokerStars ", 11) == 0:
            count += 1
            at += 11
        else:
            at += 1
    return count


_COMPILED = not isinstance(_header_starts, types.FunctionType)  # compiled by Cython: its functions are not Python's
_TOO_LONG = 1 << 24  # text this long without a hand's first line is reported, not kept
# A PokerStars hand's first line in the middle of a line: a file that stopped writing
# one hand mid-line and went on with the next ("*** RIVER *** [4d Kh JPokerStars Hand
# #1: ..."). The next hand starts there (the cut one is refused as truncated); the
# first line's whole shape is asked for, so no other text is cut.
_HEADER_INSIDE = re.compile(rb"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #\d+: +\S[^\n]* - \d{4}/\d")


def chunks(stream: IO[bytes]) -> Iterator[Chunk]:
    """The hands of a binary stream, in order (and any text before them that is no hand).

    Each block read is searched for the lines that start a hand (one regular
    expression over the block, no loop over its lines); the hand still open at the end
    of a block is carried into the next."""
    blocks = _blocks(stream)
    head = [next(blocks, b"")]  # the first block, held only until it is read
    if is_xml(head[0][:4096]):
        # iPoker, Merge, MicroGaming, Boss Media: hands are XML elements (xmlsources)
        yield from xml_chunks(_chained(head, blocks), Chunk)
        return
    pending = b""  # the start of the hand (or text) still open
    line = 1  # the line ``pending`` starts on
    index = 0
    for block in _chained(head, blocks):
        data = pending + block
        starts = _header_starts(data)
        if _HEADER_AT.match(data):
            starts.insert(0, 0)
        # Looked for only when the block names PokerStars more often than hands start.
        inside = _inside(data) if _stars_count(data) > len(starts) else ()
        if inside:
            starts = sorted(starts + inside)
        if pending and not starts and len(data) > _TOO_LONG and not data.lstrip(_BOM).startswith(_HEADER_BYTES):
            starts = [data.rfind(b"\n") + 1]  # report overlong text that is no hand, in pieces
        at = 0
        for start in starts:
            if start > at and data[at] in _OPENING_BYTES and _PREAMBLE.fullmatch(data, at, start):
                continue  # a line that opens the hand starting next: part of it
            if start > at:
                chunk = _chunk(data[at:start], line, index)
                if chunk is not None:
                    chunk.cut = start in inside
                    yield chunk
                    index += 1
                line += _line_ends(data, at, start)
            at = start
        pending = data[at:]
    if pending:
        chunk = _chunk(pending, line, index)
        if chunk is not None:
            yield chunk


def _inside(data: bytes) -> list:
    """Where PokerStars first lines begin inside a line, after text (not after a
    byte-order mark or blanks only)."""
    inside = []
    for match in _HEADER_INSIDE.finditer(data):
        at = match.start()
        line_start = data.rfind(b"\n", 0, at) + 1
        if data[line_start:at].replace(_BOM, b"").strip():
            inside.append(at)
    return inside


def _chained(head: list, blocks: Iterator[bytes]) -> Iterator[bytes]:
    first = head.pop()
    if first:
        yield first
    del first
    yield from blocks


# Lines archives put between hands, no text of a hand: Full Tilt's archive numbering
# ("***** # 12 *****") and Hold'em Manager's "BEGIN".
_ARCHIVE_MARKS = re.compile(rb"(?:(?:\*+ # \d+ \*+|BEGIN)\s*)+")
# The bytes a match of _PREAMBLE and of _ARCHIVE_MARKS can start with: tested first, a
# hand's text (which starts with neither) costs no pattern call.
_OPENING_BYTES = b"\xefG#"
_MARK_BYTES = b"*B"


def _chunk(data: bytes, line: int, index: int) -> Optional[Chunk]:
    body = data.lstrip(_BOM)
    stripped = body.rstrip()
    if not stripped or (stripped[0] in _MARK_BYTES and _ARCHIVE_MARKS.fullmatch(stripped)):
        return None
    site = None
    if body.startswith(_HEADER_BYTES) and not (body[0] in _OPENING_BYTES and _PREAMBLE.match(body)):
        for header in _HEADER_BYTES:  # the common case, fast (a loop: no generator made per hand)
            if body.startswith(header):
                site = _SITE_BY_BYTES[header]
                break
    else:
        site = site_of(body[:512])
    if site is None:
        # Text that is no hand: it starts at its first line that is not blank.
        lead = len(body) - len(body.lstrip())
        line += body.count(b"\n", 0, lead)
        stripped = stripped.lstrip()
    return Chunk(site, _decode(stripped), line, index)


Source = Union[str, bytes, "os.PathLike[str]", IO[bytes], IO[str]]


def open_sources(source: Source) -> Iterator[Tuple[str, IO[bytes]]]:
    """(name, binary stream) for every file of ``source``: a path to a file, a folder
    (every file below it, sorted, recursively; zips inside are read too), a ``.zip``,
    text or bytes of hands, or an open file (binary or text)."""
    if isinstance(source, bytes):
        yield "<bytes>", io.BytesIO(source)
        return
    if isinstance(source, str) and ("\n" in source or "\r" in source or source.lstrip("\ufeff").startswith(
            _HEADER_TEXTS)):
        yield "<text>", io.BytesIO(source.encode("utf-8"))
        return
    if hasattr(source, "read"):
        name = str(getattr(source, "name", "<file>"))
        first = source.read(0)
        if isinstance(first, str):
            yield name, _TextAsBytes(source)  # type: ignore[arg-type]
        else:
            yield name, source  # type: ignore[misc]
        return
    path = os.fspath(source)
    if os.path.isdir(path):
        for folder, subfolders, files in os.walk(path):
            subfolders.sort()
            for file in sorted(files):
                yield from _file(os.path.join(folder, file))
        return
    if not os.path.exists(path):
        from .model import SiteError
        raise SiteError(f"{path!r}: no such file or folder (text of hands must hold a line end or start "
                        "with a hand's first line)")
    yield from _file(path)


def listed_file(path: str) -> Iterator[Tuple[str, IO[bytes]]]:
    """:func:`open_sources` of a path its caller saw a file at (a folder's listing, or
    a path ``os.path.exists`` said exists and ``os.path.isdir`` said is no folder:
    pokerhash.tracker.read_files): the file opened without asking the two again (two
    stat calls through Python functions for every file). A path that reads as text of
    hands, or that names nothing by the time it is opened, goes to open_sources, which
    reads it, or refuses it, as ever."""
    if "\n" in path or "\r" in path or path.lstrip("\ufeff").startswith(_HEADER_TEXTS):
        yield from open_sources(path)
        return
    try:
        stream = open(path, "rb")
    except FileNotFoundError:
        yield from open_sources(path)
        return
    yield from _file(path, stream)


def _file(path: str, opened: Optional[IO[bytes]] = None) -> Iterator[Tuple[str, IO[bytes]]]:
    with (open(path, "rb") if opened is None else opened) as stream:
        # zipfile.is_zipfile (Python code and a second open of the file) is asked only
        # when the file's tail holds a zip's end record, where is_zipfile looks for it:
        # a hand history's file (a few hands often) is told from a zip by C calls
        # a pipe (a FIFO, /dev/stdin, a shell's <(...)) cannot be a zip and cannot seek:
        # it is read as it comes, as zipfile.is_zipfile's refusal of it read it before
        seekable = stream.seekable()
        if not (seekable and _zip_end_in(_tail(stream)) and zipfile.is_zipfile(stream)):
            if seekable:
                stream.seek(0)
            if _is_text(stream.peek(4096)):
                yield path, stream
            return
    with zipfile.ZipFile(path) as archive:
        for member in sorted(archive.namelist()):
            if member.endswith("/"):
                continue
            with archive.open(member) as stream:
                if _is_text(stream.peek(4096) if hasattr(stream, "peek") else b""):
                    yield f"{path}/{member}", stream


# A zip's end-of-central-directory signature, and how far from a file's end
# zipfile.is_zipfile looks for it (the record and a comment up to 64 KiB).
_ZIP_END = b"PK\x05\x06"
_ZIP_END_BYTE = _ZIP_END[2:3]
_ZIP_TAIL = (1 << 16) + 22


def _zip_end_in(tail: bytes) -> bool:
    """Whether ``tail`` holds a zip's end record: a text file holds no byte 5, looked
    for first by memchr (the 4-byte signature's search costs about a CPU instruction
    a byte of the file: 20,000 a hand history's file, callgrind 2026-12-05)."""
    return _ZIP_END_BYTE in tail and _ZIP_END in tail


def _tail(stream: IO[bytes]) -> bytes:
    """The bytes of an open file where zipfile.is_zipfile looks for a zip's end record."""
    size = stream.seek(0, 2)
    stream.seek(max(size - _ZIP_TAIL, 0))
    return stream.read()


def _is_text(head: bytes) -> bool:
    """Whether a file can hold hand histories: no NUL bytes (but UTF-16 has them)."""
    return b"\x00" not in head or head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


class _TextAsBytes(io.RawIOBase):
    """A text file read as UTF-8 bytes."""

    def __init__(self, text_file: IO[str]) -> None:
        self.text_file = text_file
        self.pending = b""

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        if size is None or size < 0:
            data = self.pending + self.text_file.read().encode("utf-8")
            self.pending = b""
            return data
        while len(self.pending) < size:
            text = self.text_file.read(size)
            if not text:
                break
            self.pending += text.encode("utf-8")
        data, self.pending = self.pending[:size], self.pending[size:]
        return data
