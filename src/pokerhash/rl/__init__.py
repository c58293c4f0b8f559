"""Reinforcement learning on the engine: PettingZoo and Gymnasium environments for
every game, table size and betting structure (``pip install pokerhash[rl]``).

:func:`env` builds the PettingZoo AEC environment (:class:`PokerEnv`, wrapped to
enforce the call order); :class:`PokerGymEnv` is the single-agent Gymnasium version
against fixed opponents such as :class:`RandomAgent`, :class:`CallStation` and
:class:`EquityAgent`. Actions: :class:`ActionLayout`; observations:
:class:`ObservationLayout`. Poker is turn-based, so there is no parallel
environment: see ``docs/rl.rst``.
"""

from __future__ import annotations

from typing import Any

from pettingzoo.utils import wrappers

from .actions import ActionLayout
from .aec import PokerEnv, default_stakes
from .agents import CallStation, EquityAgent, RandomAgent
from .observations import ObservationLayout
from .single_agent import PokerGymEnv

__all__ = [
    "ActionLayout",
    "CallStation",
    "EquityAgent",
    "ObservationLayout",
    "PokerEnv",
    "PokerGymEnv",
    "RandomAgent",
    "default_stakes",
    "env",
    "raw_env",
]

#: The unwrapped AEC environment class, by PettingZoo's naming.
raw_env = PokerEnv


def env(**kwargs: Any) -> wrappers.OrderEnforcingWrapper:
    """A :class:`PokerEnv` (same keyword arguments) in PettingZoo's order-enforcing
    wrapper: ``pokerhash.rl.env(variant="plo", players=6)``."""
    return wrappers.OrderEnforcingWrapper(PokerEnv(**kwargs))
