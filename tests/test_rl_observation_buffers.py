"""The environments' observations written in place (each seat's ObservationBuffer:
only what changed since that seat's last observation is rewritten) against the slow
readable encoding of tests/reference_observation.py and the encoder's one-shot full
write, over random action sequences in which random agents look at random times
(so that a buffer catches up on several actions, a new street, a draw, a new hand,
an overflowing history window), in both modes: new arrays per call (the default) and
the preallocated arrays themselves (``reuse_observations=True``)."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from pokerhash import rl  # noqa: E402
from pokerhash.rl import PokerEnv  # noqa: E402
from reference_observation import reference_observation  # noqa: E402

GAMES = [
    ("holdem", 6, {}),
    ("plo", 4, {"actions": "pot"}),
    ("stud", 5, {}),
    ("2-7-triple-draw", 4, {}),
    ("five-card-draw", 3, {"actions": "big-blinds", "cap": 6}),
]


def expected(env, agent):
    """The observation and mask of ``agent`` rebuilt from the hand's state."""
    seat = env._agent_seat[agent]
    hand, history = env.hand, env._episode.history
    index = hand.seats.index(seat)
    vector = reference_observation(env.observation_layout, hand, index, env._scale, history)
    # The encoder's one-shot write into zeros agrees with the readable one.
    np.testing.assert_array_equal(env.observation_layout.encode(hand, index, env._scale, history), vector)
    return vector, env.action_layout.mask(hand, seat)


def check(env, agent, observation):
    vector, mask = expected(env, agent)
    np.testing.assert_array_equal(observation["observation"], vector)
    np.testing.assert_array_equal(observation["action_mask"], mask)
    assert observation["observation"].dtype == np.float32 and observation["action_mask"].dtype == np.int8


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(GAMES), reuse=st.booleans(), window=st.sampled_from([3, 8, 32]),
       seed=st.integers(0, 2**32), data=st.data())
def test_buffered_observations_match_a_rebuild_from_the_hand(game, reuse, window, seed, data):
    name, players, options = game
    env = PokerEnv(name, players, seed=seed, history=window, reuse_observations=reuse, **options)
    for _ in range(data.draw(st.integers(1, 3), label="hands")):
        env.reset()
        while env.agents:
            # Some agents look now (in any order), others not for several actions.
            for agent in data.draw(st.lists(st.sampled_from(env.possible_agents), max_size=3), label="lookers"):
                check(env, agent, env.observe(agent))
            agent = env.agent_selection
            observation, _, done, truncated, _ = env.last()
            check(env, agent, observation)
            if done or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(observation["action_mask"])
            env.step(int(data.draw(st.sampled_from(legal.tolist()), label="action")))


def test_reused_arrays_are_each_agents_own_and_new_arrays_are_new():
    reused = PokerEnv("holdem", 3, seed=2, reuse_observations=True)
    fresh = PokerEnv("holdem", 3, seed=2)
    for env in (reused, fresh):
        env.reset()
    first = {agent: reused.observe(agent) for agent in reused.possible_agents}
    agent = reused.agent_selection
    again = reused.observe(agent)
    assert again["observation"] is first[agent]["observation"]
    assert again["action_mask"] is first[agent]["action_mask"]
    vectors = [first[a]["observation"] for a in reused.possible_agents]
    assert not any(np.shares_memory(a, b) for i, a in enumerate(vectors) for b in vectors[i + 1:])
    reused.step(1)
    fresh.step(1)
    # The next observation is written over the arrays handed out before.
    after = reused.observe(agent)
    assert after["observation"] is first[agent]["observation"]
    np.testing.assert_array_equal(first[agent]["observation"], fresh.observe(agent)["observation"])
    one, two = fresh.observe(agent), fresh.observe(agent)
    assert not np.shares_memory(one["observation"], two["observation"])
    assert not np.shares_memory(one["action_mask"], two["action_mask"])


def test_a_clone_writes_into_arrays_of_its_own():
    env = rl.env(variant="holdem", players=4, seed=5, reuse_observations=True).unwrapped
    env.reset()
    agent = env.agent_selection
    mine = env.observe(agent)["observation"]
    kept = mine.copy()
    twin = env.clone()
    twin.step(0)  # the twin folds
    theirs = twin.observe(agent)["observation"]
    assert not np.shares_memory(mine, theirs)
    np.testing.assert_array_equal(env.observe(agent)["observation"], kept)
    check(twin, agent, twin.observe(agent))
    check(env, agent, env.observe(agent))


def test_the_wrapper_reads_the_same_state_as_the_env():
    """rl.env()'s order checks in C read the environment's own attributes: the same
    selection, rewards and termination as the unwrapped environment at every step."""
    env = rl.env(variant="stud", players=4, seed=9)
    env.reset()
    inner = env.unwrapped
    rng = np.random.default_rng(3)
    while env.agents:
        assert env.agents is inner.agents and env.agent_selection == inner.agent_selection
        assert env.rewards is inner.rewards and env.terminations is inner.terminations
        observation, reward, done, truncated, info = env.last()
        assert (reward, done, truncated, info) == inner.last(observe=False)[1:]
        env.step(None if done or truncated else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert inner.rewards == inner.terminations == {}  # every agent stepped out


@pytest.mark.parametrize("name", ["holdem", "2-7-triple-draw"])
def test_pettingzoo_api_with_reused_arrays(name):
    from pettingzoo.test import api_test

    api_test(rl.env(variant=name, players=4, seed=6, reuse_observations=True), num_cycles=200)


def test_the_wrapper_goes_through_a_subclass_s_methods():
    """The wrapper's shortcut to the episode is for PokerEnv itself: around a subclass,
    its own step() and last() run."""
    from pokerhash.rl.aec import OrderedPokerEnv

    class Counting(PokerEnv):
        calls = 0

        def step(self, action):
            Counting.calls += 1
            super().step(action)

        def last(self, observe=True):
            Counting.calls += 1
            return super().last(observe)

    env = OrderedPokerEnv(Counting("holdem", 3, seed=1))
    env.reset()
    while env.agents:
        observation, _, done, truncated, _ = env.last()
        env.step(None if done or truncated else 1)
    assert Counting.calls > 10
