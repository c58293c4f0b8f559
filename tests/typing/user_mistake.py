"""Mistakes that ``mypy --strict`` must catch in a user's script (tests/test_typing.py)."""

from __future__ import annotations

import numpy as np
from numpy.typing import NDArray

import pokerhash as ph

ph.Action.raise_too(30)
low: NDArray[np.uint16] = ph.evaluate_low8_batch([[0, 4, 8, 12, 17]])
ph.settle(ph.side_pots({0: 10, 1: 10}), {0: 1, 1: 2}, button="0")
