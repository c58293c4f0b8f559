"""PokerEnv's AEC attributes (agents, agent_selection, rewards, _cumulative_rewards,
terminations, truncations, infos, _skip_agent_selection) are its episode's fields
behind data descriptors (the step reads them without the environment's __dict__):
they must behave as the plain attributes PettingZoo's AECEnv sets, read and written
by users and wrappers, before and after reset, through rl.env() and in clones."""

import random

import pytest

pytest.importorskip("pettingzoo")

from pokerhash import rl  # noqa: E402
from pokerhash.rl import PokerEnv  # noqa: E402

NAMES = ("agents", "agent_selection", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos",
         "_skip_agent_selection")


def test_missing_before_reset_as_plain_attributes():
    env = PokerEnv("holdem", 3, seed=1)
    for name in NAMES:
        assert not hasattr(env, name)
        with pytest.raises(AttributeError, match=f"'PokerEnv' object has no attribute '{name}'"):
            getattr(env, name)
    env.agents = ["x"]  # set before reset: kept until reset sets them all
    assert env.agents == ["x"]
    del env.agents
    assert not hasattr(env, "agents")
    env.reset()
    assert env.agents == ["player_0", "player_1", "player_2"]
    assert env.rewards == {"player_0": 0.0, "player_1": 0.0, "player_2": 0.0}
    assert env._skip_agent_selection is None
    assert env.infos == {agent: {} for agent in env.agents}


def test_attributes_written_by_users_are_the_ones_the_env_uses():
    env = PokerEnv("holdem", 3, seed=2)
    env.reset()
    agent = env.agent_selection
    env._cumulative_rewards = {name: 7.0 for name in env.possible_agents}  # a new dict: last() reads it
    assert env.last(observe=False)[1] == 7.0
    env._cumulative_rewards[agent] = 1.5  # in place
    assert env.last(observe=False)[1] == 1.5
    env.infos[agent]["note"] = 3
    assert env.last(observe=False)[4] == {"note": 3}
    # Terminated by a user (as PettingZoo's wrappers do): the next step is a dead step.
    env.terminations = {name: True for name in env.possible_agents}
    env.step(None)
    assert agent not in env.agents and agent not in env.rewards and len(env.agents) == 2
    assert env._skip_agent_selection == agent and env.agent_selection == env.agents[0]


def test_wrapper_reads_and_writes_the_env_attributes():
    wrapped = rl.env(variant="holdem", players=4, seed=3)
    wrapped.reset()
    inner = wrapped.unwrapped
    for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
        assert getattr(wrapped, name) is getattr(inner, name)
    wrapped.rewards = {agent: 0 for agent in inner.possible_agents}
    assert inner.rewards is wrapped.rewards
    wrapped.reset()  # reset sets new ones
    assert inner.rewards == dict.fromkeys(inner.possible_agents, 0.0)


def test_clone_copies_the_attributes():
    env = PokerEnv("holdem", 4, seed=4)
    env.reset()
    rng = random.Random(1)
    for _ in range(3):
        legal = env.observe(env.agent_selection)["action_mask"].nonzero()[0]
        env.step(int(legal[rng.randrange(len(legal))]))
    before = {name: repr(getattr(env, name)) for name in NAMES}
    other = env.clone()
    assert {name: repr(getattr(other, name)) for name in NAMES} == before
    for name in ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos"):
        assert getattr(other, name) is not getattr(env, name)
    while other.agents:
        if other.terminations[other.agent_selection]:
            other.step(None)
            continue
        legal = other.observe(other.agent_selection)["action_mask"].nonzero()[0]
        other.step(int(legal[rng.randrange(len(legal))]))
    assert {name: repr(getattr(env, name)) for name in NAMES} == before


def test_copies_by_copy_and_pickle_play_on_their_own_attributes():
    """A deepcopy or pickle of an environment plays on its own episode and its
    attributes follow (they are the episode's: before, the copy's episode wrote into
    a __dict__ the copy did not read, so its agent_selection stayed put)."""
    import copy
    import pickle

    env = PokerEnv("holdem", 3, seed=1)
    env.reset()
    for other in (copy.deepcopy(env), pickle.loads(pickle.dumps(env))):
        first = other.agent_selection
        assert first == env.agent_selection
        other.step(1)  # check/call
        assert other.agent_selection != first
        assert env.agent_selection == first and env._episode.history == []
