"""The one vocabulary of input checks: integers (NumPy's too), flags, chips and the
values the evaluators hand back.

Python's truthiness would read the string ``"no"`` as true and ``5.0 in (5, 6, 7)``
as a match; options go through these instead, so that a wrong type is refused with
:class:`~pokerhash.errors.InvalidValueError` naming the option, never silently read.
Every integer check takes Python's and NumPy's integers alike (``np.int64(2000)`` is
2000) and refuses bools, floats and strings. Compiled with the game layer (setup.py):
the engine calls :func:`as_chips` and :func:`as_int` on every action.
"""

from __future__ import annotations

import numbers
from typing import Optional

import numpy as np

from .errors import InvalidValueError


def is_int(value: object) -> bool:
    """An integer of any kind (``int``, NumPy integers), but not a bool."""
    return isinstance(value, numbers.Integral) and not isinstance(value, bool)


def as_int(value: object, what: str) -> int:
    """``value`` as an int, or InvalidValueError naming ``what``."""
    if value.__class__ is int:
        return value  # type: ignore[return-value]  # the common case, without the ABC check
    if not is_int(value):
        raise InvalidValueError(f"{what} must be an integer, not {value!r}")
    return int(value)  # type: ignore[call-overload]


def as_int_in(value: object, what: str, low: int, high: Optional[int] = None) -> int:
    """``value`` as an int of ``low..high`` (``high`` None: no upper bound), or
    InvalidValueError naming ``what`` and the bounds."""
    if is_int(value) and low <= value and (high is None or value <= high):  # type: ignore[operator]
        return int(value)  # type: ignore[call-overload]
    bounds = f"at least {low}" if high is None else f"in {low}..{high}"
    raise InvalidValueError(f"{what} must be an integer {bounds}, not {value!r}")


def as_flag(value: object, what: str) -> bool:
    """``value`` as a bool: only ``True``/``False`` (or NumPy's), never a truthy string."""
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidValueError(f"{what} must be True or False, not {value!r}")
    return bool(value)


def as_chips(value: object, what: str, *details: object) -> int:
    """``value`` as a non-negative int number of chips, or InvalidValueError naming
    ``what``; ``details`` fill ``what``'s ``{}`` fields, only when the error is raised."""
    if value.__class__ is int and value >= 0:  # type: ignore[operator]
        return value  # type: ignore[return-value]
    if not is_int(value) or value < 0:  # type: ignore[operator]
        raise InvalidValueError(f"{what.format(*details)} must be a non-negative integer number of chips, not {value!r}")
    return int(value)  # type: ignore[call-overload]


def as_value(value: object, lowest: int, highest: int, scale: str) -> int:
    """A value handed back to an evaluator's value-reading functions (categories,
    descriptions) as an int, if it is one of ``lowest..highest`` of the ``scale``
    ranking, else InvalidValueError naming the scale."""
    if not is_int(value):
        raise InvalidValueError(f"a {scale} value is an int {lowest}..{highest}, not {type(value).__name__}")
    if not lowest <= value <= highest:  # type: ignore[operator]
        raise InvalidValueError(f"{scale} value {value} is outside {lowest}..{highest}")
    return int(value)  # type: ignore[call-overload]
