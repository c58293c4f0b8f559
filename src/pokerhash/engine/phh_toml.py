"""TOML for hand histories: ``tomllib``/``tomli`` and ``tomli-w``, each with a fast path.

A PHH file is flat TOML: ``key = value`` lines, values that are strings, numbers,
booleans, local times or arrays of strings or of numbers, and in a ``.phhs`` file one
``[table]`` header per hand. ``tomllib`` reads about 6,000 such hands a second; the
fast path reads that layout line by line with a few compiled regular expressions,
several times faster, and gives up on anything else (inline tables, dotted or quoted
keys, comments inside arrays, multi-line or escaped strings, dates...), which then
goes to ``tomllib`` whole: both readers return the same values, and every syntax
error is ``tomllib``'s, with its line and column. Floats are read as
:class:`decimal.Decimal`, so that amounts stay exact.

Writing is the mirror image: :func:`dumps` writes that flat layout itself (one line a
field, the dataset's layout) when every value is a string, number, boolean, time or
array of these, and hands anything else to ``tomli-w``.
"""

from __future__ import annotations

import datetime
import re
import sys
from decimal import Decimal
from typing import Any, Dict, List, Optional

from ..errors import InvalidValueError

if sys.version_info >= (3, 11):
    import tomllib as _toml_reader
else:  # pragma: no cover - exercised on Python 3.9 and 3.10
    try:
        import tomli as _toml_reader
    except ImportError:
        _toml_reader = None

__all__ = ["TOMLError", "dumps", "line_of", "loads"]


class TOMLError(InvalidValueError):
    """A hand-history file that is not valid TOML; the message names the line."""


_BARE_KEY = r"[A-Za-z0-9_-]+"
_LITERAL = r"'[^'\n]*'"
_BASIC = r'"[^"\\\n]*"'  # without escapes; a string with a backslash goes to tomllib
_STRING = f"(?:{_LITERAL}|{_BASIC})"
_INTEGER = r"[+-]?(?:0|[1-9](?:_?[0-9])*)"
_FLOAT = r"[+-]?(?:inf|nan|(?:0|[1-9](?:_?[0-9])*)(?:\.[0-9](?:_?[0-9])*)?(?:[eE][+-]?[0-9](?:_?[0-9])*)?)"
_NUMBER = f"(?:{_FLOAT})"
_SEPARATOR = r"\s*,\s*"

_HEADER = re.compile(rf"\[\s*({_BARE_KEY})\s*\]\s*(?:#.*)?")
_ASSIGNMENT = re.compile(rf"({_BARE_KEY})\s*=\s*(.*)")
_STRING_ARRAY = re.compile(rf"\[\s*(?:{_STRING}(?:{_SEPARATOR}{_STRING})*\s*,?)?\s*\]")
_NUMBER_ARRAY = re.compile(rf"\[\s*(?:{_NUMBER}(?:{_SEPARATOR}{_NUMBER})*\s*,?)?\s*\]")
_STRING_ITEM = re.compile(rf"'([^'\n]*)'|\"([^\"\\\n]*)\"")
_INTEGER_VALUE = re.compile(_INTEGER)
_FLOAT_VALUE = re.compile(_FLOAT)
_STRING_VALUE = re.compile(_STRING)
_TIME_VALUE = re.compile(r"([01][0-9]|2[0-3]):([0-5][0-9]):([0-5][0-9]|60)(?:\.([0-9]+))?")


class _NotFlat(Exception):
    """The fast path does not read this file; tomllib will."""


def _number(text: str) -> Any:
    """A number the caller's pattern has already checked: a float has a fraction, an
    exponent, inf or nan; anything else is an integer."""
    if "." in text or "e" in text or "E" in text or "n" in text:
        return Decimal(text.replace("_", ""))
    return int(text)


def _scalar(text: str) -> Any:
    if _STRING_VALUE.fullmatch(text):
        return text[1:-1]
    if _INTEGER_VALUE.fullmatch(text) or _FLOAT_VALUE.fullmatch(text):
        return _number(text)
    if text == "true" or text == "false":
        return text == "true"
    match = _TIME_VALUE.fullmatch(text)
    if match and match.group(3) != "60":
        fraction = (match.group(4) or "0")[:6].ljust(6, "0")
        return datetime.time(int(match.group(1)), int(match.group(2)), int(match.group(3)), int(fraction))
    raise _NotFlat


def _array(text: str) -> List[Any]:
    # Each pattern checks the whole array first, so that what follows sees only valid items.
    if _STRING_ARRAY.fullmatch(text):
        if '"' not in text:
            return text.split("'")[1::2]
        if "'" not in text:
            return text.split('"')[1::2]
        return [m.group(1) if m.group(1) is not None else m.group(2) for m in _STRING_ITEM.finditer(text)]
    if _NUMBER_ARRAY.fullmatch(text):
        body = text[1:-1].strip().rstrip(",")
        if not body:
            return []
        items = body.split(",")
        try:
            # Mostly integers (stacks, blinds in chips): int() reads each as the pattern
            # checked it (signs, underscores, the spaces around it); anything else
            # (a fraction, an exponent, inf) is read item by item.
            return [int(item) for item in items]
        except ValueError:
            return [_number(item.strip()) for item in items]
    raise _NotFlat


def _value(text: str) -> Any:
    text = text.strip()
    if text.startswith("["):
        return _array(text)
    return _scalar(text)


def _fast_loads(text: str) -> Dict[str, Any]:
    document: Dict[str, Any] = {}
    table = document
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        line = lines[index].strip()
        index += 1
        if not line or line.startswith("#"):
            continue
        if line.startswith("["):
            header = _HEADER.fullmatch(line)
            if header is None or header.group(1) in document:
                raise _NotFlat
            table = document[header.group(1)] = {}
            continue
        assignment = _ASSIGNMENT.fullmatch(line)
        if assignment is None or assignment.group(1) in table:
            raise _NotFlat
        key, value = assignment.groups()
        start = index
        if value.startswith("["):
            # An array may run over several lines (tomli-w writes one item a line).
            parts = [value]
            while not parts[-1].rstrip().endswith("]"):
                if index == len(lines) or "#" in parts[-1]:
                    raise _NotFlat
                parts.append(lines[index])
                index += 1
            value = "\n".join(parts)
        elif "#" in value:
            # A comment after a scalar: safe to cut only when no string could hold the '#'.
            if "'" in value or '"' in value:
                raise _NotFlat
            value = value[:value.index("#")]
        try:
            table[key] = _value(value)
        except ValueError:  # an integer of more digits than Python converts
            raise TOMLError(f"a number too long to read (at line {start})") from None
    return document


def loads(text: str) -> Dict[str, Any]:
    """The TOML document ``text`` as a dict; floats as :class:`~decimal.Decimal`.

    Raises :class:`TOMLError` naming the line and the problem when ``text`` is not
    TOML, and :class:`ImportError` on Python 3.9-3.10 without ``tomli`` (the
    ``pokerhash[phh]`` extra) when the file is not in the flat layout.
    """
    try:
        return _fast_loads(text)
    except _NotFlat:
        pass
    if _toml_reader is None:
        raise ImportError("reading this hand history needs tomli on Python < 3.11: pip install 'pokerhash[phh]'")
    try:
        return _toml_reader.loads(text, parse_float=Decimal)
    except _toml_reader.TOMLDecodeError as error:
        raise TOMLError(f"not a TOML file: {error}") from None
    except (ValueError, RecursionError) as error:
        # tomllib converts integers past Python's digit limit and nests arrays by recursion.
        line = _line_of_extreme(text)
        what = "arrays nested too deep" if isinstance(error, RecursionError) else "a number too long to read"
        raise TOMLError(f"{what} (at line {line})" if line else what) from None


def _line_of_extreme(text: str) -> Optional[int]:
    """The first line with a very long number or very deep brackets."""
    for number, line in enumerate(text.split("\n"), 1):
        if re.search(r"[0-9_]{1000}|\[{200}", line):
            return number
    return None


def line_of(text: str, table: Optional[str], key: str, needle: Optional[str] = None) -> Optional[int]:
    """The 1-based line of ``key`` (in ``[table]`` when given) in ``text``, or of the
    first line at or after it that contains ``needle``; None if not found. Used to name
    the line of an error found after parsing."""
    lines = text.split("\n")
    start = 0
    if table is not None:
        header = re.compile(rf"\s*\[\s*[\"']?{re.escape(table)}[\"']?\s*\]")
        start = next((i for i, line in enumerate(lines) if header.match(line)), None)
        if start is None:
            return None
    assignment = re.compile(rf"\s*[\"']?{re.escape(key)}[\"']?\s*=")
    for i in range(start, len(lines)):
        if i > start and table is not None and lines[i].lstrip().startswith("["):
            if _HEADER.fullmatch(lines[i].strip()):
                return None
        if assignment.match(lines[i]):
            if needle is None:
                return i + 1
            for j in range(i, len(lines)):
                if needle in lines[j]:
                    return j + 1
            return i + 1
    return None


# Characters a TOML basic string must escape; the rest are written as they are.
_ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\n": "\\n", "\f": "\\f", "\r": "\\r"}
_NEEDS_BASIC = re.compile(r"['\x00-\x1f\x7f]")
_BASIC_ESCAPE = re.compile(r'["\\\x00-\x1f\x7f]')


def _string_text(value: str) -> str:
    if not _NEEDS_BASIC.search(value):
        return f"'{value}'"
    return '"' + _BASIC_ESCAPE.sub(lambda m: _ESCAPES.get(m.group(), f"\\u{ord(m.group()):04x}"), value) + '"'


def _scalar_text(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return _string_text(value)
    if kind is int:
        return str(value)
    if kind is bool:
        return "true" if value else "false"
    if kind is Decimal:
        if value.is_nan():
            return "nan"
        if value.is_infinite():
            return "inf" if value > 0 else "-inf"
        text = str(value)
        # A TOML float needs a fraction or an exponent, or it reads back as an integer.
        return text if "." in text or "E" in text else text + ".0"
    if kind is datetime.time:
        return value.isoformat()
    raise _NotFlat


def _fast_dumps(document: Dict[str, Any]) -> str:
    lines: List[str] = []
    tables = []
    for key, value in document.items():
        if type(value) is dict:
            tables.append((key, value))
            continue
        lines.append(_assignment(key, value))
    for name, table in tables:
        if lines:
            lines.append("")
        lines.append(f"[{_key_text(name)}]")
        for key, value in table.items():
            lines.append(_assignment(key, value))
    return "\n".join(lines) + "\n"


def _key_text(key: str) -> str:
    if not re.fullmatch(_BARE_KEY, key):
        raise _NotFlat
    return key


def _assignment(key: str, value: Any) -> str:
    if type(value) is list:
        return f"{_key_text(key)} = [{', '.join(map(_scalar_text, value))}]"
    return f"{_key_text(key)} = {_scalar_text(value)}"


def dumps(document: Dict[str, Any]) -> str:
    """``document`` (a dict of fields, or of tables of fields) as TOML text.

    Raises :class:`ImportError` without ``tomli-w`` (the ``pokerhash[phh]`` extra) when
    a value is outside the flat layout (a nested table, a date...)."""
    try:
        return _fast_dumps(document)
    except _NotFlat:
        pass
    try:
        import tomli_w
    except ImportError:
        raise ImportError("writing this hand history needs tomli-w: pip install 'pokerhash[phh]'") from None
    return tomli_w.dumps(document)
