"""Reinforcement learning on the engine: PettingZoo and Gymnasium environments for
every game, table size and betting structure (``pip install pokerhash[rl]``; the
agents and the layouts import without it).

:func:`env` builds the PettingZoo AEC environment (:class:`PokerEnv`, wrapped to
enforce the call order); :class:`PokerGymEnv` is the single-agent Gymnasium version
against fixed opponents such as :class:`RandomAgent`, :class:`CallStation` and
:class:`EquityAgent`. Actions: :class:`ActionLayout`; observations:
:class:`ObservationLayout`. Poker is turn-based, so there is no parallel
environment: see ``docs/rl.rst``.
"""

from __future__ import annotations

from typing import Any

from .actions import ActionLayout
from .agents import CallStation, EquityAgent, RandomAgent
from .observations import ObservationLayout

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

# The environments need PettingZoo and Gymnasium (the ``rl`` extra); the agents, the
# action and observation layouts do not, so they import without it and the
# environments load on first use.
_LAZY = {"PokerEnv": "aec", "default_stakes": "aec", "raw_env": "aec", "PokerGymEnv": "single_agent"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'pokerhash.rl' has no attribute {name!r}")
    try:
        if module == "aec":
            from . import aec as loaded
        else:
            from . import single_agent as loaded
    except ImportError as error:
        raise ImportError(f"pokerhash.rl.{name} needs PettingZoo and Gymnasium: pip install \"pokerhash[rl]\" "
                          f"({error})") from error
    value = getattr(loaded, "PokerEnv" if name == "raw_env" else name)
    globals()[name] = value
    return value


try:  # the Gymnasium id, when Gymnasium is installed (the entry point loads lazily)
    import gymnasium as _gymnasium

    if "pokerhash/Poker-v0" not in _gymnasium.registry:
        _gymnasium.register("pokerhash/Poker-v0", entry_point="pokerhash.rl.single_agent:PokerGymEnv",
                            kwargs={"opponents": None, "illegal_action": "substitute"})
except ImportError:
    pass


def env(**kwargs: Any) -> Any:
    """A :class:`PokerEnv` (same keyword arguments) in PettingZoo's order-enforcing
    wrapper (a subclass of it with the same checks at a fraction of the cost):
    ``pokerhash.rl.env(variant="plo", players=6)``."""
    poker_env = __getattr__("PokerEnv")
    from .aec import OrderedPokerEnv

    return OrderedPokerEnv(poker_env(**kwargs))
