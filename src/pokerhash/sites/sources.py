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
import zipfile
from typing import IO, Iterator, List, Optional, Tuple, Union

__all__ = ["HEADERS", "Chunk", "chunks", "site_of"]

#: The first line of a hand, by site: the line starts with one of these.
HEADERS: Tuple[Tuple[str, str], ...] = (
    ("PokerStars Hand #", "pokerstars"),
    ("PokerStars Game #", "pokerstars"),
    ("PokerStars Zoom Hand #", "pokerstars"),
    ("PokerStars Home Game Hand #", "pokerstars"),
    ("Poker Hand #", "ggpoker"),
)
_HEADER_BYTES = tuple(prefix.encode() for prefix, _ in HEADERS)
_SITE_BY_BYTES = {prefix.encode(): site for prefix, site in HEADERS}
_BOM = b"\xef\xbb\xbf"
_CHUNK = 1 << 20


class Chunk:
    """The text of one hand (or of text that is no hand: ``site`` None), where it starts."""

    __slots__ = ("site", "text", "line", "index")

    def __init__(self, site: Optional[str], text: str, line: int, index: int) -> None:
        self.site = site
        self.text = text
        self.line = line
        self.index = index


def site_of(first_line: Union[str, bytes]) -> Optional[str]:
    """The site whose hand starts with this line, or None."""
    line = first_line.encode("utf-8", "replace") if isinstance(first_line, str) else first_line
    line = line.lstrip(_BOM)
    for prefix, site in _SITE_BY_BYTES.items():
        if line.startswith(prefix):
            return site
    return None


def _decode(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", "replace")


def _lines(stream: IO[bytes]) -> Iterator[bytes]:
    """The lines of a binary stream, without their ends, read in bounded chunks."""
    head = stream.read(4)
    if head[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        # UTF-16 (some Windows clients): decode incrementally, hand on UTF-8 lines.
        reader = codecs.getreader("utf-16")(io.BufferedReader(_Prefixed(head, stream)))
        rest = ""
        while True:
            text = reader.read(_CHUNK)
            if not text:
                break
            text = (rest + text).replace("\r\n", "\n").replace("\r", "\n")
            parts = text.split("\n")
            rest = parts.pop()
            for part in parts:
                yield part.encode("utf-8")
        if rest:
            yield rest.encode("utf-8")
        return
    rest = head
    while True:
        data = stream.read(_CHUNK)
        if not data:
            break
        data = rest + data
        # A \r at the very end may be half of a \r\n: keep it for the next chunk.
        cut = len(data) - 1 if data.endswith(b"\r") else len(data)
        text, rest = data[:cut], data[cut:]
        text = text.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        parts = text.split(b"\n")
        rest = parts.pop() + rest
        yield from parts
    if rest:
        rest = rest.replace(b"\r\n", b"\n").replace(b"\r", b"\n")
        yield from rest.split(b"\n")


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


def chunks(stream: IO[bytes]) -> Iterator[Chunk]:
    """The hands of a binary stream, in order (and any text between them that is no hand)."""
    lines: List[bytes] = []
    site: Optional[str] = None
    start = 1
    index = 0
    number = 0
    headers = _HEADER_BYTES
    for line in _lines(stream):
        number += 1
        if line.startswith(_BOM):
            line = line.lstrip(_BOM)
        if line.startswith(headers):
            if lines:
                chunk = _chunk(site, lines, start, index)
                if chunk is not None:
                    yield chunk
                    index += 1
            lines = [line]
            site = _SITE_BY_BYTES[next(h for h in headers if line.startswith(h))]
            start = number
        elif lines or line.strip():
            if not lines:
                start = number
            lines.append(line)
    if lines:
        chunk = _chunk(site, lines, start, index)
        if chunk is not None:
            yield chunk


def _chunk(site: Optional[str], lines: List[bytes], start: int, index: int) -> Optional[Chunk]:
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        return None
    return Chunk(site, _decode(b"\n".join(lines)), start, index)


Source = Union[str, bytes, "os.PathLike[str]", IO[bytes], IO[str]]


def open_sources(source: Source) -> Iterator[Tuple[str, IO[bytes]]]:
    """(name, binary stream) for every file of ``source``: a path to a file, a folder
    (every file below it, sorted, recursively; zips inside are read too), a ``.zip``,
    text or bytes of hands, or an open file (binary or text)."""
    if isinstance(source, bytes):
        yield "<bytes>", io.BytesIO(source)
        return
    if isinstance(source, str) and ("\n" in source or "\r" in source or source.lstrip("\ufeff").startswith(
            tuple(prefix for prefix, _ in HEADERS))):
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


def _file(path: str) -> Iterator[Tuple[str, IO[bytes]]]:
    if zipfile.is_zipfile(path):
        with zipfile.ZipFile(path) as archive:
            for member in sorted(archive.namelist()):
                if member.endswith("/"):
                    continue
                with archive.open(member) as stream:
                    if _is_text(stream.peek(4096) if hasattr(stream, "peek") else b""):
                        yield f"{path}/{member}", stream
        return
    with open(path, "rb") as stream:
        if _is_text(stream.peek(4096)):
            yield path, stream


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
