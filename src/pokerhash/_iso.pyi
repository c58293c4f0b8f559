# Stubs for the Cython extension pokerhash._iso (hand isomorphism and card-abstraction
# features). pokerhash.iso and pokerhash.abstraction validate everything first; these
# take C-contiguous arrays of the right dtype and trust them.
from typing import List, Optional, Union

import numpy as np
import numpy.typing as npt

class IndexerCore:
    def __init__(self, shape: tuple, tables: list) -> None: ...
    def index(self, cards: bytes, last: int) -> int: ...
    def index_hand(self, hand: object, all_rounds: bool) -> Union[int, List[int], None]: ...
    def index_rounds(self, cards: bytes, last: int) -> List[int]: ...
    def index_batch(self, rows: npt.NDArray[np.uint8], last: int, all_rounds: bool, out: npt.NDArray[np.uint64]) -> int: ...
    def canonical(self, cards: bytes, last: int) -> List[int]: ...
    def unindex(self, last: int, index: int) -> List[int]: ...
    def unindex_batch(self, last: int, indices: npt.NDArray[np.uint64], out: npt.NDArray[np.uint8]) -> None: ...

def features_boards(
    core: IndexerCore,
    round: int,
    boards: npt.NDArray[np.uint8],
    orders: npt.NDArray[np.uint8],
    hs: Optional[np.ndarray],
    ehs: Optional[np.ndarray],
    ehs2: Optional[np.ndarray],
    histogram: Optional[np.ndarray],
    bins: int,
    ochs: Optional[np.ndarray],
    cluster_of_hole: npt.NDArray[np.uint8],
    n_clusters: int,
    indices: Optional[npt.NDArray[np.uint64]],
) -> None: ...
