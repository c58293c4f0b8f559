import numpy as np

MAX_PLAYERS: int

def icm_rows(stacks: np.ndarray, payouts: np.ndarray, out: np.ndarray) -> None: ...
