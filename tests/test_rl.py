"""The PettingZoo and Gymnasium environments of pokerhash.rl: the PettingZoo API test,
masks against the engine's legality, illegal actions, seeding, chips, clones, every
game played to the end, the Gymnasium checker and the example agents."""

import copy
import random
import subprocess
import sys

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

from pokerhash.betting import Action, Limit  # noqa: E402
from pokerhash.engine import HOLDEM, STUD, VARIANTS, Hand, Options, PendingKind, Table  # noqa: E402
from pokerhash.errors import IllegalActionError, InvalidValueError  # noqa: E402
from pokerhash.pots import RakeRule  # noqa: E402
from pokerhash import rl  # noqa: E402
from pokerhash.rl import ActionLayout, CallStation, EquityAgent, PokerEnv, PokerGymEnv, RandomAgent  # noqa: E402
from reference_observation import reference_observation  # noqa: E402


def players_for(variant):
    return min(6, variant.player_limits()[1])


def play_random(env, rng, on_decision=None):
    """Masked uniform random play of one hand from reset; the agents' final rewards."""
    rewards = {}
    for agent in env.agent_iter():
        observation, reward, termination, truncation, _ = env.last()
        if termination or truncation:
            rewards[agent] = reward
            env.step(None)
            continue
        if on_decision is not None:
            on_decision(env, agent, observation)
        legal = np.flatnonzero(observation["action_mask"])
        env.step(int(rng.choice(legal)))
    return rewards


@pytest.mark.smoke
@pytest.mark.parametrize("name, options", [
    ("holdem", {}),
    ("plo", {"actions": "pot", "players": 4}),
    ("stud", {"players": 5}),
    ("2-7-triple-draw", {"actions": "big-blinds", "cap": 20}),
    ("turkish", {"players": 4}),
])
def test_pettingzoo_api(name, options):
    api_test(rl.env(variant=name, seed=3, **options), num_cycles=300)


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_every_variant_plays_to_the_end_and_conserves_chips(name):
    variant = VARIANTS[name]
    env = rl.env(variant=name, players=players_for(variant), seed=11)
    rng = random.Random(5)
    decisions = {"count": 0}

    def count(env, agent, observation):
        decisions["count"] += 1

    for _ in range(15):
        env.reset()
        rewards = play_random(env, rng, count)
        assert sorted(rewards) == env.possible_agents
        assert sum(rewards.values()) == pytest.approx(0.0, abs=1e-9)
    assert decisions["count"] > 15


@pytest.mark.parametrize("name", ["2-7-triple-draw", "badugi"])
def test_triple_draws_play_many_hands(name):
    # Six players drawing at random run the stub dry again and again (a burn may take
    # its last card): every hand ends, conserving chips, with no card dealt twice.
    env = PokerEnv(name, 6, seed=1)
    rng = random.Random(1)
    for _ in range(200):
        env.reset()
        rewards = play_random(env, rng)
        assert sum(rewards.values()) == pytest.approx(0.0, abs=1e-9)
        held = [card for seat in range(6) for card in env.hand.hole_cards(seat)]
        assert len(held) == len(set(held))


def test_rewards_sum_to_minus_the_rake_in_big_blinds():
    env = PokerEnv("holdem", 3, 200, options=Options(rake=RakeRule(0.05, cap=4)), seed=2)
    rng = random.Random(1)
    raked = 0
    for _ in range(20):
        env.reset()
        rewards = play_random(env, rng)
        rake = env.hand.result.rake
        raked += rake
        assert sum(rewards.values()) == pytest.approx(-rake / 2)
    assert raked > 0


@pytest.mark.smoke
@pytest.mark.parametrize("name, actions", [("holdem", "abstract"), ("holdem", "pot"), ("plo", "big-blinds"),
                                           ("stud", "abstract"), ("badugi", "abstract"),
                                           ("five-card-draw", "pot"), ("turkish", "abstract")])
def test_masks_match_the_engine(name, actions):
    """Each masked index is an action the engine accepts; each unmasked one raises and
    changes nothing; every kind of action the engine allows has an index."""
    variant = VARIANTS[name]
    env = PokerEnv(name, players_for(variant), actions=actions, cap=10, seed=4)
    layout = env.action_layout
    rng = random.Random(9)
    checked = 0

    def check(env, agent, observation):
        nonlocal checked
        hand = env.hand
        pending = hand.pending
        mask = observation["action_mask"]
        assert mask.dtype == np.int8 and mask.shape == (layout.size,)
        for index in range(layout.size):
            if mask[index]:
                response = layout.response(hand, pending.seat, index)
                probe = hand.clone()
                if pending.kind is PendingKind.DRAW:
                    probe.draw(response)
                else:
                    probe.validate(response)
            else:
                before = observation["observation"].copy()
                with pytest.raises(IllegalActionError):
                    env.step(index)
                after = env.observe(agent)
                assert np.array_equal(after["observation"], before)
                assert np.array_equal(after["action_mask"], mask)
                assert env.agent_selection == agent
        legal = pending.legal
        if pending.kind is PendingKind.DECISION:
            assert mask[0] and mask[1]
            assert mask[2:layout.draw_start].any() == (legal.raise_kind is not None)
        elif pending.kind is PendingKind.BRING_IN:
            assert not mask[:2].any() and mask[2:layout.draw_start].sum() == len(legal.fixed_amounts)
        else:
            assert mask[layout.draw_start] and mask[layout.draw_start:].sum() == sum(
                bin(bits).count("1") <= pending.count for bits in range(1 << layout.draw_cards))
        checked += 1

    for _ in range(6):
        env.reset()
        play_random(env, rng, check)
    assert checked > 10


def test_record_fields_are_read_at_the_positions_the_plumbing_uses():
    """The environments read the engine's NamedTuples (Pending, LegalActions,
    BringInActions, Action) by position: the positions must be the fields' own."""
    from pokerhash.betting import BringInActions, LegalActions
    from pokerhash.engine.hand import Pending
    from pokerhash.rl import actions as positions

    for record, prefix in ((Pending, "PENDING_"), (LegalActions, "LEGAL_"), (BringInActions, "LEGAL_"),
                           (Action, "ACTION_")):
        named = {name: value for name, value in vars(positions).items() if name.startswith(prefix)}
        assert named
        for name, value in named.items():
            field = {"LEGAL_FIXED": "fixed_amounts"}.get(name, name[len(prefix):].lower())
            assert record._fields[value] == field, (record, name)


def test_raise_sizes_follow_the_documented_rule():
    env = PokerEnv("holdem", 3, 200, actions="pot", fractions=(0.5, 1.0), seed=1)
    env.reset()
    layout = env.action_layout
    hand = env.hand
    # Preflop, first to act: pot 3, call 2, highest bet 2. Half pot: 2 + 0.5 × 5 = 4.5 -> 5.
    assert layout.names[2:6] == ["raise to the minimum", "raise 0.5 pot", "raise 1 pot", "raise to the maximum"]
    seat = hand.pending.seat
    assert [layout.response(hand, seat, i).to for i in range(2, 6)] == [4, 5, 7, 200]
    bb = PokerEnv("holdem", 3, 200, actions="big-blinds", cap=5, seed=1)
    bb.reset()
    mask = bb.observe(bb.agent_selection)["action_mask"]
    # Raise to 1 bb (2 chips) is not a raise over the big blind; 2..5 bb are.
    assert mask[3:8].tolist() == [0, 1, 1, 1, 1]
    assert bb.action_layout.response(bb.hand, bb.hand.pending.seat, 5).to == 6


def test_draw_indexes_discard_the_cards_their_bits_name():
    env = PokerEnv("five-card-draw", 3, seed=8)
    env.reset()
    for _ in range(200):
        hand = env.hand
        if hand.is_over:
            env.reset()
            continue
        pending = hand.pending
        if pending.kind is PendingKind.DRAW:
            held = sorted(hand.hole_cards(pending.seat))
            bits = 0b10011
            env.step(env.action_layout.draw_start + bits)
            kept = set(hand.hole_cards(pending.seat))
            assert {held[0], held[1], held[4]}.isdisjoint(kept) and {held[2], held[3]} <= kept
            return
        env.step(1)
    pytest.fail("no draw reached")


def test_engine_responses_and_illegal_ones():
    env = PokerEnv("holdem", 2, 100, seed=5)
    env.reset()
    agent = env.agent_selection
    before = env.observe(agent)
    with pytest.raises(IllegalActionError):
        env.step(Action.raise_to(1000))
    with pytest.raises(IllegalActionError):
        env.step(99)
    with pytest.raises(IllegalActionError):
        env.step(-1)
    after = env.observe(agent)
    assert env.agent_selection == agent and np.array_equal(before["observation"], after["observation"])
    env.step(Action.call())
    assert env.agent_selection != agent


def test_seeding_is_reproducible():
    def trajectory(env, seed):
        env.reset(seed=seed)
        rng = random.Random(0)
        seen = []
        for _ in range(5):
            play_random(env, rng, lambda env, agent, obs: seen.append(obs["observation"].tobytes()))
            env.reset()
        return seen

    first = trajectory(rl.env(variant="holdem", players=6), 42)
    again = trajectory(rl.env(variant="holdem", players=6), 42)
    other = trajectory(rl.env(variant="holdem", players=6), 43)
    assert first == again and first != other


def test_clone_lookahead_leaves_the_env_alone():
    env = PokerEnv("holdem", 6, seed=7)
    twin = PokerEnv("holdem", 6, seed=7)
    env.reset()
    twin.reset()
    rng = random.Random(3)
    while env.agents:
        agent = env.agent_selection
        observation, _, done, _, _ = env.last()
        if done:
            env.step(None)
            twin.step(None)
            continue
        look = env.clone()
        play_random(look, random.Random(1))
        look.reset()
        play_random(look, random.Random(2))
        assert np.array_equal(env.observe(agent)["observation"], twin.observe(agent)["observation"])
        action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        env.step(action)
        twin.step(action)
    env.reset()
    twin.reset()
    assert env.hand.hole_cards(0) == twin.hand.hole_cards(0)


def test_observation_layout():
    env = PokerEnv("stud", 4, seed=1)
    env.reset()
    layout = env.observation_layout
    names = [section.name for section in layout.sections]
    assert names == ["own cards", "board", "up cards", "seats", "pot", "to call", "raise range", "street", "history"]
    assert layout.sections[-1].offset + layout.sections[-1].size == layout.size
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    vector = env.observe(agent)["observation"]
    up = layout.sections[2].offset
    assert np.flatnonzero(vector[:52]).tolist() == sorted(env.hand.hole_cards(seat))
    assert np.flatnonzero(vector[up:up + 52]).tolist() == sorted(env.hand.up_cards(seat))
    seats = layout.sections[3].offset
    assert vector[seats] == pytest.approx(env.hand.stacks[seat] / 4)
    holdem = PokerEnv("holdem", 6).observation_layout
    assert [s.name for s in holdem.sections][:3] == ["own cards", "board", "seats"]
    assert holdem.size == 52 + 52 + 36 + 1 + 1 + 2 + 4 + 4 * 32


@pytest.mark.smoke
@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_observations_match_the_reference_encoding(name):
    """The C writer against tests/reference_observation.py for every player at every
    decision (and at the end) of random hands, with a short history window so that
    it overflows."""
    variant = VARIANTS[name]
    env = PokerEnv(name, players_for(variant), seed=5, history=6)
    layout = env.observation_layout
    rng = random.Random(2)
    checked = 0
    for _ in range(8):
        env.reset()
        for agent in env.agent_iter():
            for other in env.possible_agents:
                index = env.hand.seats.index(env._agent_seat[other])
                expected = reference_observation(layout, env.hand, index, env._scale, env._episode.history)
                np.testing.assert_array_equal(env.observe(other)["observation"], expected)
                checked += 1
            observation, _, done, _, _ = env.last()
            env.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    assert checked > 100


@pytest.mark.parametrize("name", ["holdem", "stud", "2-7-triple-draw"])
def test_observations_are_new_arrays_and_the_mask_is_the_layouts(name):
    """last() and observe() write the vector and the mask in one call of the encoder:
    the mask is ActionLayout.mask's (a separate path), and every call returns arrays
    of its own (Gymnasium's checker refuses observations sharing memory between calls)."""
    env = PokerEnv(name, 3, seed=8)
    rng = random.Random(1)
    for _ in range(4):
        env.reset()
        for agent in env.agent_iter():
            observation, _, done, _, _ = env.last()
            again = env.observe(agent)
            mask = env.action_layout.mask(env.hand, env._agent_seat[agent])
            np.testing.assert_array_equal(observation["action_mask"], mask)
            assert observation["action_mask"].dtype == np.int8
            assert observation["observation"].dtype == np.float32
            for key in ("observation", "action_mask"):
                assert observation[key].flags.writeable and observation[key].flags.c_contiguous
                assert not np.shares_memory(observation[key], again[key])
                np.testing.assert_array_equal(observation[key], again[key])
            env.step(None if done else int(rng.choice(np.flatnonzero(observation["action_mask"]))))


def test_history_rows_hold_chips_in_units_and_cards_drawn():
    env = PokerEnv("five-card-draw", 3, seed=4)  # blinds 1/2: the unit is 2 chips
    env.reset()
    while env.hand.pending.kind is not PendingKind.DRAW:
        env.step(1)  # check or call
    calls = [row for row in env._episode.history if row[2] == 3]
    assert calls and all(row[3] == 1.0 for row in calls)  # called to 2 chips: 1 unit
    drawing = env.hand.pending.seat
    env.step(env.action_layout.draw_start + 0b00111)  # discard three cards
    assert env._episode.history[-1] == (1, env.hand.seats.index(drawing), 7, 3)  # hand.street: the draw before its round
    vector = env.observe(env.agent_selection)["observation"]
    at = env.observation_layout.sections[-1].offset + 4 * (len(env._episode.history) - 1)
    assert vector[at + 2] == 7 and vector[at + 3] == 3


def test_bad_configurations_raise():
    with pytest.raises(InvalidValueError):
        PokerEnv("no such game")
    with pytest.raises(InvalidValueError):
        PokerEnv("holdem", 11)
    with pytest.raises(InvalidValueError):
        PokerEnv("holdem", 6, actions="everything")
    with pytest.raises(InvalidValueError):
        PokerEnv("holdem", 6, actions="pot", fractions=(0.0,))
    with pytest.raises(InvalidValueError):
        PokerEnv("holdem", 2, stacks=[100])
    with pytest.raises(InvalidValueError):
        ActionLayout(HOLDEM, "big-blinds", cap=0)


@pytest.mark.parametrize("not_a_hand", [None, [], "hand"])
def test_layouts_refuse_what_is_not_a_hand(not_a_hand):
    # The layouts read the Hand's fields in C: anything else (env.hand before reset()
    # is None) must be refused, never read.
    env = PokerEnv("holdem", 3)
    layout = env.action_layout
    calls = [lambda: layout.legal(not_a_hand, 0), lambda: layout.mask(not_a_hand, 0),
             lambda: layout.response(not_a_hand, 0, 1), lambda: layout.response(not_a_hand, 0, 1, (0, 1)),
             lambda: env.observation_layout.encode(not_a_hand, 0, 1.0, [])]
    for call in calls:
        with pytest.raises(InvalidValueError, match="hand must be a pokerhash.engine.Hand"):
            call()


def test_fixed_limit_and_pot_limit_structures():
    for variant in (HOLDEM.with_limit(Limit.FIXED_LIMIT), HOLDEM.with_limit(Limit.POT_LIMIT)):
        env = PokerEnv(variant, 4, seed=3)
        rng = random.Random(2)
        for _ in range(10):
            env.reset()
            assert sum(play_random(env, rng).values()) == pytest.approx(0.0)


@pytest.mark.smoke
@pytest.mark.parametrize("opponent", [RandomAgent(seed=1), CallStation(), EquityAgent(samples=16, seed=2)])
def test_gymnasium_wrapper(opponent):
    env = PokerGymEnv(opponent, hero=2, variant="holdem", players=4, seed=1)
    check_env(env, skip_render_check=True)
    observation, info = env.reset(seed=5)
    total = 0.0
    for _ in range(20):
        done = False
        while not done:
            legal = np.flatnonzero(observation["action_mask"])
            observation, reward, done, truncated, info = env.step(int(legal[-1]))
            total += reward
        observation, info = env.reset()
    assert np.isfinite(total)


@pytest.mark.parametrize("name", ["holdem", "plo", "stud", "razz", "2-7-triple-draw", "badugi", "turkish",
                                  "omaha-hi-lo"])
def test_agents_play_at_a_table(name):
    variant = VARIANTS[name]
    stakes = rl.default_stakes(variant)
    table = Table(variant, stakes, seats=3, seed=4, log=False)
    for seat in range(3):
        table.join(seat, 400)
    agents = {0: RandomAgent(seed=1), 1: CallStation(), 2: EquityAgent(samples=8, seed=3)}
    results = table.play(agents, hands=8)
    assert results and sum(sum(r.net.values()) + r.rake for r in results) == 0


def test_equity_agent_estimates():
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=1, stakes=rl.default_stakes(HOLDEM), cards="As 2c Ah 7d")  # dealt one at a time: seat 0 holds the aces
    share = EquityAgent(samples=400, seed=1).equity(hand.view(0))
    assert 0.75 < share < 0.95  # aces against a random hand: about 85%
    stud = Hand(STUD, {0: 100, 1: 100}, button=1, stakes=rl.default_stakes(STUD), seed=3)
    assert 0.0 <= EquityAgent(samples=20, seed=1).equity(stud.view(0)) <= 1.0


@pytest.mark.smoke
def test_import_pokerhash_does_not_import_pettingzoo():
    code = "import sys, pokerhash, pokerhash.engine; sys.exit(any(m in sys.modules for m in ('pettingzoo', 'gymnasium')))"
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


def test_env_reset_is_pettingzoo_wrappers_reset():
    """rl.env()'s reset() (a C method of the order checks) sets the wrapper's flags as
    PettingZoo's OrderEnforcingWrapper.reset does and passes seed and options on,
    positional or by keyword: the same deals and observations as PettingZoo's."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = rl.env(variant="holdem", players=4, seed=7)
    theirs = OrderEnforcingWrapper(PokerEnv("holdem", 4, seed=7))
    for call in (lambda env: env.reset(seed=11), lambda env: env.reset(11, None), lambda env: env.reset(),
                 lambda env: env.reset(options={"x": 1}), lambda env: env.reset(seed=None, options=None)):
        for env in (ours, theirs):
            env._has_updated = False
            call(env)
            assert env._has_reset is True and env._has_updated is True
        assert ours.agent_selection == theirs.agent_selection
        assert np.array_equal(ours.last()[0]["observation"], theirs.last()[0]["observation"])
        assert str(ours.unwrapped.hand) == str(theirs.unwrapped.hand)  # every seat's cards
    with pytest.raises(TypeError):
        ours.reset(1, None, 3)


def test_env_step_sets_pettingzoo_updated_flag():
    """rl.env()'s step() sets the wrapper's ``_has_updated`` as PettingZoo's
    OrderEnforcingWrapper.step does, also after something cleared it (PettingZoo's
    AEC-to-parallel wrapper does): the C step writes it only when it is not True."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = rl.env(variant="holdem", players=3, seed=5)
    theirs = OrderEnforcingWrapper(PokerEnv("holdem", 3, seed=5))
    for env in (ours, theirs):
        env.reset()
        for _ in range(3):
            env._has_updated = False
            observation = env.last()[0]
            env.step(int(observation["action_mask"].nonzero()[0][1]))  # check or call
            assert env._has_updated is True
            env.step(int(env.last()[0]["action_mask"].nonzero()[0][1]))  # already True: stays True
            assert env._has_updated is True
    assert str(ours.unwrapped.hand) == str(theirs.unwrapped.hand)


def test_env_keeps_pettingzoo_order_checks(caplog):
    """rl.env()'s wrapper is PettingZoo's order-enforcing wrapper with its checks: the
    same errors before reset as PettingZoo's own, the warning after the end, and the
    same play as the unwrapped environment."""
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    ours = rl.env(variant="holdem", players=3, seed=7)
    theirs = OrderEnforcingWrapper(PokerEnv("holdem", 3, seed=7))
    assert isinstance(ours, OrderEnforcingWrapper)
    for env in (ours, theirs):
        for name in ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos"):
            with pytest.raises(AttributeError, match="before reset"):
                getattr(env, name)
        with pytest.raises(AttributeError, match="before reset"):
            env.last()
        with pytest.raises(AssertionError, match="reset"):
            env.step(0)
        with pytest.raises(AssertionError, match="reset"):
            env.observe("player_0")
    rng_ours, rng_theirs = random.Random(2), random.Random(2)
    for _ in range(20):
        ours.reset()
        theirs.reset()
        assert play_random(ours, rng_ours) == play_random(theirs, rng_theirs)
    ours.step(None)  # every agent is done: PettingZoo's logged warning, nothing played
    assert "step() called after all agents are terminated" in caplog.text
    ours.reset()
    agent = ours.agent_selection
    observation, *rest = ours.last()
    assert rest == list(ours.unwrapped.last()[1:])
    assert np.array_equal(observation["observation"], ours.observe(agent)["observation"])


def test_end_of_hand_steps_are_pettingzoos_dead_steps():
    """Every end-of-hand step(None) leaves the AEC attributes as PettingZoo's own
    AECEnv._was_dead_step does (the agent removed, the next one selected, every reward
    the int 0: the first dead step clears them, the later ones find them cleared)."""
    from pettingzoo import AECEnv

    names = ("agents", "rewards", "_cumulative_rewards", "terminations", "truncations", "infos",
             "agent_selection", "_skip_agent_selection")

    def state(env):
        return {name: copy.deepcopy(getattr(env, name)) for name in names}

    env = PokerEnv("holdem", 4, seed=12)
    rng = random.Random(5)
    checked = 0
    for _ in range(30):
        env.reset()
        while env.agents:
            agent = env.agent_selection
            if env.terminations[agent]:
                theirs = AECEnv.__new__(AECEnv)
                theirs.__dict__.update(state(env))
                AECEnv._was_dead_step(theirs, None)
                env.step(None)
                ours = state(env)
                assert ours == state(theirs)
                assert [type(r) for r in ours["rewards"].values()] == [type(r) for r in theirs.rewards.values()]
                checked += 1
                continue
            legal = env.observe(agent)["action_mask"].nonzero()[0]
            env.step(int(legal[rng.randrange(len(legal))]))
    assert checked == 30 * 4
