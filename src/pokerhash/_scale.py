"""Checking a value handed back to the value-reading functions (categories,
descriptions) of the evaluators whose scale is 1..highest."""

from __future__ import annotations

import numpy as np

from .errors import InvalidValueError


def check_value(value, highest: int, name: str) -> int:
    """``value`` as an int if it is one of 1..highest, else InvalidValueError naming
    the ``name`` scale."""
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
        raise InvalidValueError(f"a {name} value is an int 1..{highest}, not {type(value).__name__}")
    if not 1 <= value <= highest:
        raise InvalidValueError(f"{name} value {value} is outside 1..{highest}")
    return int(value)
