"""Checks of plain option values (integers, flags) shared by the modules.

Python's truthiness would read the string ``"no"`` as true and ``5.0 in (5, 6, 7)``
as a match; options go through these instead, so that a wrong type is refused with
:class:`~pokerhash.errors.InvalidValueError` naming the option, never silently read.
"""

from __future__ import annotations

import numbers

import numpy as np

from .errors import InvalidValueError


def is_int(value: object) -> bool:
    """An integer of any kind (``int``, NumPy integers), but not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def as_int(value: object, what: str) -> int:
    """``value`` as an int, or InvalidValueError naming ``what``."""
    if not is_int(value):
        raise InvalidValueError(f"{what} must be an integer, not {value!r}")
    return int(value)  # type: ignore[call-overload]


def as_flag(value: object, what: str) -> bool:
    """``value`` as a bool: only ``True``/``False`` (or NumPy's), never a truthy string."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidValueError(f"{what} must be True or False, not {value!r}")
    return bool(value)
