"""A user's script, checked by ``mypy --strict`` in tests/test_typing.py: every
public name is typed, including the lazily loaded betting and pot names."""

from __future__ import annotations

from typing import Dict, List

import numpy as np
from numpy.typing import NDArray

import pokerhash as ph

strength: int = ph.evaluate("As Ks Qs Js Ts")
kind: ph.HandCategory = ph.category(strength)
text: str = ph.describe(strength) + ph.cards_str(ph.best_five("Ac 2d 3h 4s 5c 9d 9h"))
five: List[int] = ph.best_omaha_five("As Ks 2d 3c", "Qs Js Ts 4h 5h")

hands = np.random.default_rng(1).permuted(np.tile(np.arange(52, dtype=np.uint8), (10, 1)), axis=1)[:, :7]
high: NDArray[np.uint16] = ph.evaluate_batch(hands)
from_lists: NDArray[np.uint16] = ph.evaluate_batch([[0, 4, 8, 12, 17]])
omaha: NDArray[np.uint16] = ph.evaluate_omaha_batch(hands[:, :4], hands[:, 4:7])
low: NDArray[np.uint8] = ph.evaluate_low8_batch(hands)
omaha_low: NDArray[np.uint8] = ph.evaluate_omaha_low8_batch(hands[:, :4], hands[:, 4:7])
turkish: NDArray[np.uint32] = ph.evaluate_turkish_batch([[48, 44, 40, 36, 32]])
counts: Dict[ph.HandCategory, int] = ph.category_counts(5)

round_: ph.BettingRound = ph.BettingRound.start(
    ph.Structure.no_limit(10), [1000, 1000, 1000], first_to_act=0,
    forced=[ph.ForcedBet.blind(1, 5), ph.ForcedBet.blind(2, 10)],
)
legal: ph.LegalActions = round_.legal_actions()
move: ph.Action = round_.apply(ph.Action.raise_to(30))
pots = ph.side_pots(round_.contributed)
result: ph.Settlement = ph.settle(pots, {0: 7000, 1: 5000, 2: 6000}, button=2, rake=ph.RakeRule(), players_dealt=3)
payouts: Dict[int, int] = result.payouts
