import numpy as np

MAX_PLAYERS: int

PROBLEMS: tuple

def icm_rows(stacks: np.ndarray, payouts: np.ndarray, out: np.ndarray) -> tuple: ...
