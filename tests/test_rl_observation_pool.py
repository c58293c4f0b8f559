"""New observations (the default, ``reuse_observations=False``) without new arrays when
nobody can tell: a seat's last observation, once nobody holds its dict or its arrays
(no reference, no weak reference, no view) and it is as it was made, is written again
in place and handed out anew. Whatever is still held, changed or watched is never
written: those observations get new arrays, as every observation did before."""

import gc
import weakref

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pokerhash.rl import PokerEnv  # noqa: E402


def fresh_env():
    env = PokerEnv("holdem", 6, seed=3)
    env.reset()
    return env


def look(env):
    return env.last()[0]


def test_a_dropped_observation_comes_back_written_again():
    env = fresh_env()
    first = look(env)
    ids = id(first), id(first["observation"]), id(first["action_mask"])
    del first
    again = look(env)
    assert (id(again), id(again["observation"]), id(again["action_mask"])) == ids
    # ... and holds the observation now, as a new one would.
    other = PokerEnv("holdem", 6, seed=3)
    other.reset()
    np.testing.assert_array_equal(again["observation"], look(other)["observation"])
    np.testing.assert_array_equal(again["action_mask"], look(other)["action_mask"])


def test_held_observations_are_never_written_again():
    env = fresh_env()
    kept = []
    while env.agents:
        observation, _, done, _, _ = env.last()
        kept.append((observation, observation["observation"].copy(), observation["action_mask"].copy()))
        if done:
            env.step(None)
            continue
        env.step(int(np.flatnonzero(observation["action_mask"])[0 if len(kept) % 3 else -1]))
    for observation, vector, mask in kept:
        np.testing.assert_array_equal(observation["observation"], vector)
        np.testing.assert_array_equal(observation["action_mask"], mask)
    assert len({id(observation) for observation, _, _ in kept}) == len(kept)


@pytest.mark.parametrize("keep", ["vector", "mask", "view", "tuple"])
def test_a_part_still_held_makes_new_arrays(keep):
    env = fresh_env()
    agent = env.agent_selection
    observation = look(env)
    held = {"vector": lambda o: o["observation"], "mask": lambda o: o["action_mask"],
            "view": lambda o: o["observation"][100:], "tuple": lambda o: (o["observation"],)}[keep](observation)
    before = np.array(held, copy=True)
    original = observation["observation"].copy()
    del observation
    env.step(4)  # all-in: this agent's next observation differs (its stack, the pot, the history)
    later = env.observe(agent)
    np.testing.assert_array_equal(np.array(held, copy=True), before)
    assert not np.array_equal(later["observation"], original)  # so that a write into the held part would show
    if keep in ("vector", "mask"):
        assert later["observation" if keep == "vector" else "action_mask"] is not held


def test_a_weakly_referenced_array_dies_with_its_observation():
    env = fresh_env()
    observation = look(env)
    watch = weakref.ref(observation["observation"])
    del observation
    again = look(env)
    gc.collect()
    assert watch() is None  # freed, as a dropped new array is: not written again and handed out
    assert again["observation"].dtype == np.float32


def test_a_changed_observation_is_not_handed_out_again():
    env = fresh_env()
    observation = look(env)
    observation["extra"] = 1  # the dict changed
    del observation
    again = look(env)
    assert list(again) == ["observation", "action_mask"]
    again["observation"].setflags(write=False)  # an array's flags changed
    del again
    third = look(env)
    assert third["observation"].flags.writeable and third["action_mask"].flags.writeable
    # Keys in another order: a new dict, in the documented order.
    vector = third.pop("observation")
    third["observation"] = vector
    del third, vector
    assert list(look(env)) == ["observation", "action_mask"]
    assert look(env)["observation"].flags.writeable


def test_reused_arrays_are_unchanged_by_the_pool():
    env = PokerEnv("holdem", 6, seed=3, reuse_observations=True)
    env.reset()
    first = look(env)
    vector = first["observation"]
    del first
    assert look(env)["observation"] is vector  # the buffer's own array, as documented
