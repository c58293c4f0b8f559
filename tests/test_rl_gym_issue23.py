"""The single-agent Gymnasium wrapper (issue 23): an explicit policy for illegal actions,
a gymnasium.make id, check_env passing for every game at 2-6 players from every seat,
and the render mode kept."""

import warnings

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from pokerhash.engine import VARIANTS  # noqa: E402
from pokerhash.errors import IllegalActionError, InvalidValueError  # noqa: E402
from pokerhash.rl import CallStation, PokerGymEnv  # noqa: E402

CASES = [(name, players, hero) for name, variant in sorted(VARIANTS.items())
         for players in range(2, min(6, variant.player_limits()[1]) + 1) for hero in range(players)]


@pytest.mark.parametrize("name, players, hero", CASES)
def test_check_env_passes_for_every_game_seat_and_table_size(name, players, hero):
    env = gymnasium.make("pokerhash/Poker-v0", variant=name, players=players, hero=hero, seed=hero,
                         disable_env_checker=True).unwrapped
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(env, skip_render_check=True)


def test_illegal_actions_raise_by_default_or_are_substituted_with_a_penalty():
    env = PokerGymEnv(CallStation(), hero=0, variant="2-7-triple-draw", players=2, seed=1)
    observation, _ = env.reset(seed=3)
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    env = PokerGymEnv(CallStation(), hero=0, variant="2-7-triple-draw", players=2, seed=1, illegal_action="substitute",
                      illegal_penalty=0.5)
    observation, _ = env.reset(seed=3)
    _, reward, terminated, _, info = env.step(illegal)
    assert info["illegal_action"] == illegal
    assert reward == pytest.approx((env.env.rewards["player_0"] if terminated else 0.0) - 0.5)
    with pytest.raises(InvalidValueError):
        PokerGymEnv(CallStation(), illegal_action="ignore")
    with pytest.raises(InvalidValueError):
        PokerGymEnv(CallStation(), illegal_penalty=float("nan"))


def test_render_mode_is_kept():
    assert PokerGymEnv(CallStation(), render_mode="ansi").render_mode == "ansi"
    assert PokerGymEnv(CallStation()).render_mode is None
