# Stubs for the Cython extension pokerhash._core (src/pokerhash/_core.pyx and the
# .pxi files it includes). Batch functions take C-contiguous uint8 rows already
# validated by pokerhash._batch.
from typing import Optional, Tuple

import numpy as np
import numpy.typing as npt

from pokerhash.cards import HandLike

def evaluate(hand: HandLike) -> int: ...
def evaluate_rows(rows: npt.NDArray[np.uint8], check: bool) -> Tuple[npt.NDArray[np.uint16], int]: ...
def find_bad_row(rows: npt.NDArray[np.uint8], also: Optional[npt.NDArray[np.uint8]] = None) -> Tuple[int, int]: ...
def value_histogram(n: int) -> npt.NDArray[np.uint64]: ...
