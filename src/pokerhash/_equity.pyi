# Stubs for the Cython extension pokerhash._equity (src/pokerhash/_equity.pyx). Input is
# validated by pokerhash.equity before it gets here.
from typing import List, Optional, Tuple

import numpy as np
import numpy.typing as npt

GAMES: dict
POT: int

_Counts = Tuple[int, npt.NDArray[np.int64]]

class Deal:
    def __init__(
        self,
        game: str,
        hilo: bool,
        hole_size: int,
        board_size: int,
        holes: List[List[int]],
        board: List[int],
        stub: List[int],
        ranges: List[Optional[Tuple[npt.NDArray[np.uint8], npt.NDArray[np.float64]]]],
    ) -> None: ...
    def exact_generic(self) -> _Counts: ...
    def exact_rows(
        self, holes: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64]
    ) -> Tuple[int, npt.NDArray[np.float64]]: ...
    def sample(self, seed: int, stream: int, trials: int) -> _Counts: ...

def random_deals(stub: npt.NDArray[np.uint8], k: int, n: int, seed: int) -> npt.NDArray[np.uint8]: ...
def board_strengths(boards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def equities_vs_range(board: npt.NDArray[np.uint8], weights: npt.NDArray[np.float64]) -> npt.NDArray[np.float64]: ...

def shuffled(cards: List[int], seed: int, stream: int, round: int) -> List[int]: ...
def read_cards(hand: object) -> Optional[List[int]]: ...

class PreflopLookup:
    def __init__(
        self,
        combo_index: npt.NDArray[np.int16],
        pair_class: npt.NDArray[np.int32],
        pair_swapped: npt.NDArray[np.bool_],
        counts: npt.NDArray[np.int64],
        boards: int,
    ) -> None: ...
    def equity(self, a: object, b: object) -> Optional[float]: ...
    def counts_of(self, a: object, b: object) -> Optional[Tuple[int, int, int, int]]: ...

_Arrays = npt.NDArray[np.float64]

def matchup_key(a: int, b: int, c: int, d: int) -> Tuple[int, bool]: ...
def exact_known(
    game: str, hilo: bool, order: int, seats: dict, board_size: int, deck: int, players: object, board: object,
    dead: object,
) -> Optional[Tuple[int, _Arrays, _Arrays, _Arrays, _Arrays, _Arrays]]: ...
