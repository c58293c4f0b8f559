"""A Gymnasium environment for one learner against fixed opponents (engine agents)."""

from __future__ import annotations

from typing import Any, Callable, Dict, Mapping, Optional, Sequence, Tuple, Union

import gymnasium

from ..betting import Action
from ..errors import IllegalActionError, InvalidValueError
from .aec import PokerEnv

__all__ = ["PokerGymEnv"]


class PokerGymEnv(gymnasium.Env):
    """The learner plays seat ``hero`` of a :class:`PokerEnv` (same keyword arguments
    after ``opponents``); every other seat is played by ``opponents`` (one agent for
    all, a sequence by seat skipping the hero, or a mapping seat -> agent; default a
    :class:`~pokerhash.rl.RandomAgent`). An episode
    is one hand; its only nonzero reward is the hero's net result in units at the end.

    ``illegal_action``: what an action that is not legal now does: ``"raise"`` (the
    default) raises IllegalActionError and changes nothing; ``"substitute"`` plays
    check when it is free, else fold (a stud bring-in: post it; a draw: stand pat), takes ``illegal_penalty``
    off that step's reward and names the action in ``info["illegal_action"]`` (what
    Gymnasium's ``check_env``, which steps random unmasked actions, needs).
    ``gymnasium.make("pokerhash/Poker-v0", opponents=...)`` builds one with
    ``"substitute"``.

    ``reset(seed=...)`` also reseeds the opponents that have a ``seed`` method (the
    example agents do), so that seeded episodes repeat. Hands in which the hero has no decision (everyone folds to their big blind) are
    played by :meth:`reset`, which deals until the hero acts; ``info["skipped_hands"]``
    and ``info["skipped_reward"]`` report them.
    """

    metadata = {"render_modes": ["human", "ansi"]}

    def __init__(self, opponents: Union[None, Callable, Sequence[Callable], Mapping[int, Callable]] = None,
                 hero: int = 0, *,
                 illegal_action: str = "raise", illegal_penalty: float = 0.0, **env_options: Any) -> None:
        if illegal_action not in ("raise", "substitute"):
            raise InvalidValueError(f"illegal_action is 'raise' or 'substitute', not {illegal_action!r}")
        if isinstance(illegal_penalty, bool) or not isinstance(illegal_penalty, (int, float)) \
                or not illegal_penalty == illegal_penalty or abs(illegal_penalty) == float("inf"):
            raise InvalidValueError(f"illegal_penalty must be a finite number, not {illegal_penalty!r}")
        self.illegal_action = illegal_action
        self.illegal_penalty = float(illegal_penalty)
        self.env = PokerEnv(**env_options)
        if opponents is None:
            from .agents import RandomAgent

            opponents = RandomAgent()  # reseeded by reset(seed=...)
        n = self.env.players
        if not 0 <= hero < n:
            raise InvalidValueError(f"hero must be a seat of 0..{n - 1}, not {hero!r}")
        self.hero = hero
        others = [seat for seat in range(n) if seat != hero]
        if callable(opponents):
            self.opponents = {seat: opponents for seat in others}
        elif isinstance(opponents, Mapping):
            self.opponents = dict(opponents)
        else:
            self.opponents = dict(zip(others, opponents))
        if sorted(self.opponents) != others or not all(callable(agent) for agent in self.opponents.values()):
            raise InvalidValueError(f"opponents must give an agent to each of seats {others}")
        self._agent = self.env.possible_agents[hero]
        self.observation_space = self.env.observation_space(self._agent)
        self.action_space = self.env.action_space(self._agent)
        self.render_mode = self.env.render_mode

    def reset(self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
              ) -> Tuple[Dict[str, Any], Dict[str, Any]]:
        """Deal until the hero has a decision; its observation and the skipped hands."""
        super().reset(seed=seed)
        env = self.env
        env.reset(seed=seed)
        if seed is not None:
            for seat, agent in self.opponents.items():
                if callable(getattr(agent, "seed", None)):
                    agent.seed(seed * 101 + seat)
        skipped, skipped_reward = 0, 0.0
        while not self._play_opponents():
            skipped += 1
            skipped_reward += env.rewards[self._agent]
            env.reset()
        return env.observe(self._agent), {"skipped_hands": skipped, "skipped_reward": skipped_reward}

    def step(self, action) -> Tuple[Dict[str, Any], float, bool, bool, Dict[str, Any]]:
        """The hero plays ``action``, then the opponents until the hero's next decision
        or the end of the hand: (observation, reward, terminated, truncated, info)."""
        env = self.env
        info: Dict[str, Any] = {}
        try:
            env.step(action)
        except (IllegalActionError, InvalidValueError):
            if self.illegal_action == "raise":
                raise
            # The documented substitute: check when free, else fold (what a room does
            # when time runs out), with the optional penalty.
            pending = env.hand.pending
            if pending.legal is None:  # a draw: stand pat
                env.step(())
            elif not pending.legal.can_fold:  # a stud bring-in: post it
                env.step(Action.call())
            else:
                env.step(Action.check() if pending.legal.can_check else Action.fold())
            info["illegal_action"] = action
        over = not self._play_opponents()
        reward = env.rewards[self._agent] if over else 0.0
        if "illegal_action" in info:
            reward -= self.illegal_penalty
        return env.observe(self._agent), reward, over, False, info

    def _play_opponents(self) -> bool:
        """Let the opponents act until the hero must: True then, False when the hand is over."""
        env, hand = self.env, self.env.hand
        while not hand.is_over:
            seat = hand.pending.seat
            if seat == self.hero:
                return True
            env.step(self.opponents[seat](hand.view(seat)))
        return False

    def render(self) -> Optional[str]:
        return self.env.render()
