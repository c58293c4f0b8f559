"""The PettingZoo AEC environment: one hand of any game of the engine per episode."""

from __future__ import annotations

import numbers
import operator
import secrets
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from .._checks import as_int_in, is_int
from ..cards import Deck
from ..engine import VARIANTS, Hand, Options, PendingKind, Stakes, Variant
from ..errors import InvalidValueError
from .actions import ACTION_TO, PENDING_KIND, PENDING_SEAT, ActionLayout
from ._encode import ObservationBuffer
from .observations import HISTORY_CODES, ObservationLayout, history_code

__all__ = ["OrderedPokerEnv", "PokerEnv", "default_stakes"]

_DRAW = PendingKind.DRAW
_OVER = PendingKind.OVER
_BRING_IN = PendingKind.BRING_IN
_DRAW_CODE = HISTORY_CODES["draw"]
_BRING_IN_CODE = HISTORY_CODES["bring-in"]
# The engine's records (NamedTuples) read by field position, C ints when compiled
# (aec.pxd), through _field: compiled, _records.pxd's, which reads the tuple's item
# in C; uncompiled, this line's getitem. The Hand's fields (``_pending``,
# ``_street``) are read directly for the same reason: compiled, a property of an
# extension type is a Python attribute lookup.
_SEAT, _KIND, _TO = PENDING_SEAT, PENDING_KIND, ACTION_TO
globals().setdefault("_field", operator.getitem)
# An attribute read without the type's __getattr__ hook: compiled, CPython's
# PyObject_GenericGetAttr (aec.pxd); uncompiled, object.__getattribute__.
globals().setdefault("_generic_getattr", object.__getattribute__)


def default_stakes(variant: Variant) -> Stakes:
    """The stakes the environments use when none are given: blinds 1/2; stud
    games ante 1, bring-in 2, bets 4/8; Turkish poker ante 2, smallest bet 4."""
    if variant.is_stud:
        return Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    if variant.forced.value == "antes":
        return Stakes(ante=2, small_bet=4)
    return Stakes(blinds=(1, 2))


def _seed(seed: object) -> int:
    return as_int_in(seed, "seed", 0)


def _variant(variant: Union[str, Variant]) -> Variant:
    if isinstance(variant, Variant):
        return variant
    try:
        return VARIANTS[variant]
    except (KeyError, TypeError):
        raise InvalidValueError(f"unknown variant {variant!r}; one of {', '.join(VARIANTS)} or a Variant") from None


class _Episode:
    """One hand's per-decision work and the AEC protocol's bookkeeping around it: the
    legal indexes, the observations, the moves with the action history the
    observations carry, and the agents' selection, rewards and terminations. An
    extension type when compiled (aec.pxd): PokerEnv is a Python class (AECEnv's
    subclass), whose attribute reads cost more than the rest of a step's plumbing, so
    its step(), last() and observe() hand over to this at once. The AEC attributes
    (``agent_selection``, ``rewards``, ...) are this object's fields, C fields when
    compiled, which the environment's attributes of the same names read and write
    (_EpisodeAttribute): a step reads and writes them without a lookup in the
    environment's ``__dict__``."""

    __slots__ = ("hand", "layout", "encoder", "scale", "history", "legal", "attrs", "names", "seat_of", "index_of",
                 "buffers", "reuse", "render", "zeros", "falses", "agents", "agent_selection", "rewards",
                 "_cumulative_rewards", "terminations", "truncations", "infos", "_skip_agent_selection")

    def __init__(self, hand: Hand, layout: ActionLayout, encoder, scale: float, history: List[tuple],
                 attrs: dict, names: tuple, seat_of: dict, buffers: list, reuse: bool, render) -> None:
        self.hand = hand
        self.layout = layout
        self.encoder = encoder
        self.scale = scale
        #: Rows of (street + 1, player index clockwise from left of the button, code,
        #: amount: chips in units, or the number of cards drawn).
        self.history = history
        #: The legal indexes of the player to act (computed once per decision).
        self.legal: Optional[Tuple[int, ...]] = None
        self.attrs = attrs  # the environment's __dict__
        self.names = names  # agent names by seat
        self.seat_of = seat_of  # seats by agent name
        #: The hand's player indexes by seat (Hand.player_index, read at every
        #: observation and move without a method call and a dict lookup).
        self.index_of = _indexes(hand, len(names))
        self.buffers = buffers  # one ObservationBuffer (or None until needed) per seat
        self.reuse = reuse
        self.render = render  # the environment's render() in "human" mode, else None
        # Every hand's rewards and terminations start from these (a dict's copy costs
        # a seventh of dict.fromkeys).
        self.zeros = dict.fromkeys(names, 0.0)
        self.falses = dict.fromkeys(names, False)
        # The AEC attributes (PokerEnv's agents, rewards, ...), set by begin().
        self.agents: List[str] = []
        self.agent_selection: Optional[str] = None
        self.rewards: Dict[str, float] = {}
        self._cumulative_rewards: Dict[str, float] = {}
        self.terminations: Dict[str, bool] = {}
        self.truncations: Dict[str, bool] = {}
        self.infos: Dict[str, dict] = {}
        self._skip_agent_selection: Optional[str] = None

    def begin(self, hand: Hand, reuse: bool, render) -> None:
        """A new hand on this episode (PokerEnv.reset): its AEC bookkeeping reset as
        AECEnv.reset sets it, and the first player to act selected."""
        self.hand = hand
        self.index_of = _indexes(hand, len(self.names))
        self.history = []
        self.legal = None
        self.reuse = reuse
        self.render = render
        attrs = self.attrs
        agents = attrs["possible_agents"][:]
        self.agents = agents
        self.rewards = self.zeros.copy()
        self._cumulative_rewards = self.zeros.copy()
        self.terminations = self.falses.copy()
        self.truncations = self.falses.copy()
        infos = {}
        for agent in agents:
            infos[agent] = {}
        self.infos = infos
        self._skip_agent_selection = None
        self.start()

    def copy(self, attrs: dict, buffers: list, render) -> _Episode:
        """An independent copy for the environment whose __dict__ is ``attrs``: the
        hand cloned, the history copied, its own observation buffers."""
        other = _Episode(self.hand.clone(), self.layout, self.encoder, self.scale, self.history[:], attrs,
                         self.names, self.seat_of, buffers, self.reuse, render)
        other.legal = self.legal
        other.agents = self.agents[:]
        other.agent_selection = self.agent_selection
        other.rewards = dict(self.rewards)
        other._cumulative_rewards = dict(self._cumulative_rewards)
        other.terminations = dict(self.terminations)
        other.truncations = dict(self.truncations)
        other.infos = {agent: dict(info) for agent, info in self.infos.items()}
        other._skip_agent_selection = self._skip_agent_selection
        return other

    def current_legal(self) -> Tuple[int, ...]:
        legal = self.legal
        if legal is None:
            hand = self.hand
            legal = self.legal = self.layout.legal(hand, _field(hand._pending, _SEAT))
        return legal

    def observe(self, seat: int) -> Dict[str, np.ndarray]:
        hand = self.hand
        index = self.index_of[seat]
        legal = self.current_legal() if _field(hand._pending, _SEAT) == seat else ()  # over: nobody's seat
        buffer = self.buffers[seat]
        if buffer is None:  # made at the seat's first observation: a clone makes none
            encoder = self.encoder
            buffer = self.buffers[seat] = ObservationBuffer(encoder.size, self.layout.size, encoder.players)
        return self.encoder.observe_into(hand, index, self.scale, self.history, legal, buffer, self.reuse)

    def play(self, action) -> int:
        """Play ``action`` (an index, or an engine response) for the player to act;
        the seat to act next, or -1 when the hand is over."""
        hand = self.hand
        pending = hand._pending
        seat = _field(pending, _SEAT)
        kind = _field(pending, _KIND)
        if type(action) is int:  # the agent loop's index: no int() call (a Python call compiled)
            action = self.layout.response(hand, seat, action, self.current_legal())
        elif isinstance(action, numbers.Integral):
            action = self.layout.response(hand, seat, int(action), self.current_legal())
        street = hand._street
        index = self.index_of[seat]
        if kind is _DRAW:
            row = (street + 1, index, _DRAW_CODE, len(hand.draw(action)))
        else:
            move = hand.act(action)
            to = _field(move, _TO)
            if to is not None:
                # The chips as a float, then scaled: what ``to * self.scale`` computes
                # (Python converts the int the same way), without a Python
                # multiplication (compiled, ``chips`` is a C double: aec.pxd).
                chips = float(to)
                amount = chips * self.scale
            else:
                amount = 0.0
            row = (street + 1, index, _BRING_IN_CODE if kind is _BRING_IN else history_code(move), amount)
        self.history.append(row)
        self.legal = None
        pending = hand._pending
        return -1 if _field(pending, _KIND) is _OVER else _field(pending, _SEAT)

    # -- the AEC protocol ----------------------------------------------------------

    def start(self) -> None:
        """Point at the first player to act (or end a hand that is over already)."""
        hand = self.hand
        if hand.is_over:
            self.end()
        else:
            self.agent_selection = self.names[_field(hand._pending, _SEAT)]

    def step(self, action) -> None:
        """PokerEnv.step."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self.dead_step(action)
            return
        seat = self.play(action)
        self._cumulative_rewards[agent] = 0.0
        if seat >= 0:
            self.agent_selection = self.names[seat]
        else:
            self.end()
        if self.render is not None:
            self.render()

    def end(self) -> None:
        """The hand is over: rewards in units, every agent terminated, the rewards
        accumulated (AECEnv._accumulate_rewards).

        The net chips are the hand's :meth:`Hand.nets`, what ``hand.result.net``
        holds (tests/test_rl_rewards.py checks them against it), without building the
        result: the engine pays the pots into the stacks when the hand ends and builds
        its HandResult (the settlement again, the hands shown) only when read, which
        cost a fifth of a hand's steps."""
        hand = self.hand
        nets, seats, names = hand.nets(), hand.seats, self.names
        rewards = self.rewards
        terminations = self.terminations
        cumulative = self._cumulative_rewards
        scale = self.scale
        for i in range(len(seats)):
            agent = names[seats[i]]
            reward = nets[i] * scale
            rewards[agent] = reward
            terminations[agent] = True
            cumulative[agent] += reward

    def dead_step(self, action) -> None:
        """PettingZoo's step of an agent whose episode is over: remove it, select the
        next one. Every agent's episode ends with the hand, so the next dead agent is
        the first left (what the base class finds by a scan, here at every hand's end)."""
        if action is not None:
            raise ValueError("when an agent is dead, the only valid action is None")
        agent = self.agent_selection
        rewards = self.rewards
        # Typed when compiled (aec.pxd): a dict's own deletion, not the generic one.
        terminations, truncations = self.terminations, self.truncations
        cumulative, infos = self._cumulative_rewards, self.infos
        del terminations[agent], truncations[agent], rewards[agent], cumulative[agent], infos[agent]
        agents = self.agents
        agents.remove(agent)
        if agents:
            if self._skip_agent_selection is None:
                self._skip_agent_selection = agent
            self.agent_selection = agents[0]
        else:
            if self._skip_agent_selection is not None:
                self.agent_selection = self._skip_agent_selection
            self._skip_agent_selection = None
        # AECEnv._clear_rewards (every reward set to 0), skipping the rewards that are
        # 0 already (every dead step after a hand's first): a write is a dict lookup.
        for other, reward in rewards.items():
            if type(reward) is not int or reward != 0:
                rewards[other] = 0

    def last(self, observe: bool) -> tuple:
        """PokerEnv.last."""
        agent = self.agent_selection
        assert agent is not None
        return (self.observe(self.seat_of[agent]) if observe else None, self._cumulative_rewards[agent],
                self.terminations[agent], self.truncations[agent], self.infos[agent])


def _indexes(hand: Hand, players: int) -> List[int]:
    """The player index of each seat 0..players-1 of ``hand`` (the environments seat
    every agent at every hand)."""
    indexes = [0] * players
    seats = hand.seats
    for i in range(len(seats)):
        indexes[seats[i]] = i
    return indexes


def _episode(env) -> _Episode:
    """The environment's episode; the error of an attribute read before reset."""
    episode = env._episode
    if episode is None:
        raise AttributeError(f"{type(env).__name__} has no hand before reset(): call reset() first")
    return episode


class _EpisodeAttribute:
    """An AEC attribute of PokerEnv (``agents``, ``rewards``, ...): the field of the
    same name of its episode, read and written there (a data descriptor, in C when
    compiled). Before the first reset, when there is no episode, the attribute is
    missing as an attribute never set is (AttributeError), and a value set is kept
    in the environment's ``__dict__`` until the reset sets them all."""

    __slots__ = ("name",)

    # ``name`` unannotated: compiled, the signature is embedded in the docstring that
    # the API reference shows for each attribute, where an annotation is a cross-reference.
    def __init__(self, name) -> None:
        self.name = name

    def __get__(self, owner, kind):
        if owner is None:
            return self
        episode = getattr(owner, "_episode", None)
        if episode is None:
            value = owner.__dict__.get(self.name, _MISSING)
            if value is _MISSING:
                raise AttributeError(f"'{type(owner).__name__}' object has no attribute '{self.name}'")
            return value
        return getattr(episode, self.name)

    def __set__(self, owner, value) -> None:
        episode = getattr(owner, "_episode", None)
        if episode is None:
            owner.__dict__[self.name] = value
        else:
            setattr(episode, self.name, value)

    def __delete__(self, owner) -> None:
        episode = getattr(owner, "_episode", None)
        if episode is None:
            try:
                del owner.__dict__[self.name]
            except KeyError:
                raise AttributeError(self.name) from None
        else:
            raise AttributeError(f"{self.name} of a PokerEnv cannot be deleted after reset()")


_MISSING = object()

# PettingZoo's AEC attributes that an agent loop reads (the wrapper's properties,
# _BeforeReset), and with AECEnv's private two, every one PokerEnv keeps as its
# episode's fields (_EpisodeAttribute).
_AEC_ATTRIBUTES = ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos")
_AEC_FIELDS = _AEC_ATTRIBUTES + ("_cumulative_rewards", "_skip_agent_selection")


class PokerEnv(AECEnv):
    """A PettingZoo AEC environment on :class:`~pokerhash.engine.Hand` (see ``docs/rl.rst``).

    Agents ``player_0`` .. ``player_{n-1}`` sit in seats 0..n-1; an episode is one hand,
    with the button moving one seat clockwise each hand (``rotate_button``) and every
    stack starting at ``stacks`` (one number for all, or one per seat; default 100
    units). Observations are ``{"observation": float32 vector, "action_mask": int8
    vector}`` (:class:`~pokerhash.rl.ObservationLayout`); actions are indexes of
    :class:`~pokerhash.rl.ActionLayout`, or engine responses (an
    :class:`~pokerhash.betting.Action`, or the cards to discard in a draw). Rewards, at
    the end of the hand, are net chips in units of the game's small bet (the big blind
    in blind games); they sum to minus the rake. ``reuse_observations``: every
    observation of an agent is written into the same two arrays (allocated once; copy
    what you keep) instead of two new ones.
    """

    metadata = {"name": "pokerhash_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        variant: Union[str, Variant] = "holdem",
        players: int = 6,
        stacks: Union[int, Sequence[int], None] = None,
        *,
        stakes: Optional[Stakes] = None,
        options: Options = Options(),
        actions: str = "abstract",
        fractions: Sequence[float] = (0.5, 0.75, 1.0),
        cap: int = 100,
        history: int = 32,
        rotate_button: bool = True,
        seed: Optional[int] = None,
        render_mode: Optional[str] = None,
        reuse_observations: bool = False,
    ) -> None:
        super().__init__()
        self.variant = game = _variant(variant)
        if not is_int(players) or not game.fits(int(players), options.large_draw_tables):
            low, high = game.player_limits(options.large_draw_tables)
            raise InvalidValueError(f"{game.name} seats {low} to {high} players, not {players!r}")
        self.players = n = int(players)
        self.stakes = stakes if stakes is not None else default_stakes(game)
        self.options = options
        self.unit = self.stakes.structure(game).small_bet
        self._scale = 1.0 / self.unit
        if stacks is None:
            stacks = 100 * self.unit
        starting = [stacks] * n if is_int(stacks) else list(stacks)
        if len(starting) != n or any(not is_int(s) or s < 1 for s in starting):
            raise InvalidValueError(f"stacks must be a positive int or {n} of them, not {stacks!r}")
        self.starting_stacks = tuple(int(s) for s in starting)
        self._stacks_by_seat = dict(enumerate(self.starting_stacks))
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        self.render_mode = render_mode
        self.rotate_button = rotate_button
        self.action_layout = ActionLayout(game, actions, fractions=fractions, cap=cap, unit=self.unit)
        self.observation_layout = ObservationLayout(game, n, history)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._names = tuple(self.possible_agents)
        self._agent_seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self.reuse_observations = bool(reuse_observations)
        self._observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, self.observation_layout.bound(sum(self.starting_stacks) / self.unit),
                                      (self.observation_layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.action_layout.size,), np.int8),
        })
        self._action_space = spaces.Discrete(self.action_layout.size)
        cards = game.deck(n, options.four_players_use_36_cards)
        # The full deck is Deck's default, which skips parsing 52 cards at every hand.
        self._cards = None if cards == tuple(range(52)) else cards
        # Hand k deals from stream k of the seed (Deck(seed, stream=k)): reproducible,
        # and a clone carries the sequence on by copying two ints. Unseeded: a seed
        # from the OS.
        self._seed = _seed(seed) if seed is not None else secrets.randbits(64)
        self._hands = 0
        self._buffers = self._new_buffers()
        self._episode: Optional[_Episode] = None  # the hand being played and its history

    @property
    def hand(self) -> Optional[Hand]:
        """The hand being played (None before the first :meth:`reset`)."""
        return self._episode.hand if self._episode is not None else None

    # -- spaces ------------------------------------------------------------------

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_space

    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_space

    # -- episodes ------------------------------------------------------------------

    def reset(self, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None) -> None:
        """Deal a new hand; ``seed`` restarts the sequence of deals and buttons."""
        if seed is not None:
            self._seed = _seed(seed)
            self._hands = 0
        n = self.players
        button = (self._hands - 1) % n if self.rotate_button else n - 1
        self._hands += 1
        deck = Deck(self._seed, self._cards, stream=self._hands)
        episode = self._episode
        if episode is None:
            hand = Hand(self.variant, self._stacks_by_seat, button=button, stakes=self.stakes,
                        options=self.options, deck=deck, log=False)
        else:  # the same table: the fresh hand without the checks and set-up of a new Hand
            hand = episode.hand.next_hand(button, deck)
        render = self.render if self.render_mode == "human" else None
        if episode is None:  # the first hand; later ones reuse the episode (a clone has its own)
            episode = self._episode = _Episode(hand, self.action_layout, self.observation_layout.encoder,
                                               self._scale, [], self.__dict__, self._names, self._agent_seat,
                                               self._buffers, self.reuse_observations, render)
        episode.begin(hand, self.reuse_observations, render)

    def step(self, action) -> None:
        """Play ``action`` (an index of the action layout, or an engine response) for
        the agent to act; IllegalActionError, changing nothing, when it is not legal."""
        _episode(self).step(action)

    def _was_dead_step(self, action) -> None:
        _episode(self).dead_step(action)

    # -- what agents see -----------------------------------------------------------

    def last(self, observe: bool = True):
        """AECEnv.last(): the selected agent's observation (when ``observe``), reward,
        termination, truncation and info, without the base class's attribute reads."""
        return _episode(self).last(observe)

    def observe(self, agent: str) -> Dict[str, np.ndarray]:
        return _episode(self).observe(self._agent_seat[agent])

    def view(self, agent: str):
        """The engine's :class:`~pokerhash.engine.View` for ``agent``: own cards, what
        is face up, chips; other players' hidden cards redacted."""
        return self.hand.view(self._agent_seat[agent])

    def clone(self) -> PokerEnv:
        """An independent copy (the hand by :meth:`Hand.clone`) for lookahead: what is
        played on the copy leaves this environment alone. The copy deals the same
        cards this one will (it knows the future deck: a perfect-information copy)."""
        other = PokerEnv.__new__(PokerEnv)
        other.__dict__.update(self.__dict__)
        other._buffers = other._new_buffers()
        if self._episode is not None:  # its AEC attributes copied with it
            other._episode = self._episode.copy(other.__dict__, other._buffers,
                                                other.render if other.render_mode == "human" else None)
        return other

    def _new_buffers(self) -> list:
        """A place for each seat's observation buffer (an ObservationBuffer, written in
        place), made at the seat's first observation."""
        return [None] * self.players

    def render(self) -> Optional[str]:
        """The hand as ``str(hand)`` writes it: stakes, every seat's stack, bet and cards,
        the board, what is pending and the action by street (printed in ``"human"`` mode,
        returned in ``"ansi"``)."""
        if self.hand is None:
            return None
        text = str(self.hand)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


for _name in _AEC_FIELDS:  # the episode's fields (see _Episode)
    setattr(PokerEnv, _name, _EpisodeAttribute(_name))


class _Guard:
    """OrderedPokerEnv's order checks in C (an extension type when compiled): it reads
    the wrapper's flags (``_has_reset``, ``_has_updated``) and the environment's
    attributes in their ``__dict__``s, as PettingZoo's wrapper reads them through
    ``__getattr__`` hooks, and steps the environment's episode directly. ``direct``:
    the environment is a PokerEnv itself (a subclass may override its methods: then
    every call goes through them)."""

    __slots__ = ("wrapper", "env", "direct", "owner", "episode")

    def __init__(self, wrapper: dict, env: dict, direct: bool, owner=None) -> None:
        self.wrapper = wrapper
        self.env = env
        self.direct = direct
        self.owner = owner  # the wrapper whose last() and step() are bound_last and bound_step
        # The environment's episode once it has one (direct only): a PokerEnv makes it
        # at its first reset and keeps it, so step() and last() need not look it up.
        self.episode: Optional[_Episode] = None

    def current(self) -> _Episode:
        """The environment's episode (direct): the one kept, or the environment's,
        kept from now on (AttributeError before its first reset)."""
        episode = self.episode
        if episode is None:
            episode = self.episode = _episode_of(self.env)
        return episode

    def bound_last(self, observe: bool = True):
        """The wrapper's last(), as a method of this guard: bound, a C method that the
        agent loop calls at once (a functools.partial of a module function parses
        its arguments twice)."""
        return self.last(self.owner, observe)

    def bound_step(self, action) -> None:
        """The wrapper's step(), as bound_last."""
        self.step(self.owner, action)

    def bound_reset(self, seed=None, options=None) -> None:
        """The wrapper's reset(), as bound_last: OrderEnforcingWrapper.reset's flags set,
        then the environment's reset (PettingZoo's goes through two Python frames)."""
        wrapper = self.wrapper
        wrapper["_has_reset"] = True
        wrapper["_has_updated"] = True
        self.owner.env.reset(seed=seed, options=options)

    def read(self, owner, name: str):
        """The environment's attribute ``name``; PettingZoo's error before reset."""
        if not self.wrapper["_has_reset"]:
            raise AttributeError(f"{name} cannot be accessed before reset")
        if self.direct:
            episode = self.episode
            if episode is not None:  # the AEC attributes are its fields (_EpisodeAttribute)
                if name == "agents":  # read by the agent loop at every step: the field at once
                    return episode.agents
                return getattr(episode, name)
        return getattr(owner.env, name)

    def step(self, owner, action) -> None:
        wrapper = self.wrapper
        if not wrapper["_has_reset"] or not (self.current().agents if self.direct else owner.env.agents):
            OrderEnforcingWrapper.step(owner, action)  # PettingZoo's error, or its warning
            return
        if wrapper.get("_has_updated") is not True:  # a dict write at every step costs more than the read
            wrapper["_has_updated"] = True
        if self.direct:
            self.current().step(action)
        else:
            owner.env.step(action)

    def last(self, owner, observe: bool):
        if not self.wrapper["_has_reset"]:
            raise AttributeError("agent_selection cannot be accessed before reset")
        if self.direct:
            return self.current().last(observe)
        return owner.env.last(observe)


# The wrapper's calls into its guard: module functions, which compiled take the guard
# typed and call its methods in C (a method call on an untyped attribute is a
# Python method call).
def _guarded_step(guard: _Guard, owner, action) -> None:
    _check_guard(guard).step(owner, action)


def _guarded_last(guard: _Guard, owner, observe: bool = True):
    return _check_guard(guard).last(owner, observe)


def _guarded_read(guard: _Guard, owner, name: str):
    return _check_guard(guard).read(owner, name)


def _check_guard(guard: _Guard) -> _Guard:
    if guard is None:
        raise AttributeError("this OrderedPokerEnv has no guard: it was not made by OrderedPokerEnv(env)")
    return guard


def _episode_of(attrs: dict) -> _Episode:
    """The episode of the environment whose __dict__ is ``attrs``."""
    episode = attrs["_episode"]
    if episode is None:
        raise AttributeError("PokerEnv has no hand before reset(): call reset() first")
    return episode


class _BeforeReset:
    """An attribute of OrderedPokerEnv that reads ``name`` from the wrapped env (what
    PettingZoo's wrapper raises before the first reset) and writes it there: a data
    descriptor, in C when compiled (a property would call a Python function at every
    read of ``env.agents``, which an agent loop makes at every step)."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __get__(self, owner, kind):
        if owner is None:
            return self
        # The guard read past the wrapper's __getattr__ hook (PettingZoo's wrapper
        # has one, which makes every attribute read of the wrapper go through it).
        return _guarded_read(_generic_getattr(owner, "_guard"), owner, self.name)

    def __set__(self, owner, value) -> None:
        setattr(owner.env, self.name, value)


class OrderedPokerEnv(OrderEnforcingWrapper):
    """PettingZoo's order-enforcing wrapper around a :class:`PokerEnv`, with the same
    checks and errors, made cheap: PettingZoo's version reaches every attribute through
    two ``__getattr__`` levels (an attribute lookup that fails first) and builds
    ``last()`` from five such reads, which more than halved a step's speed. Here the
    attributes an agent loop reads are properties, and ``last()``, ``step()`` and
    ``observe()`` check the order once (in C: a wrapper's own attribute reads go
    through its ``__getattr__`` hook) and call the environment directly."""

    def __init__(self, env) -> None:
        super().__init__(env)
        self._guard = guard = _Guard(self.__dict__, env.__dict__, type(env) is PokerEnv, self)
        if type(self) is OrderedPokerEnv:
            # The agent loop's calls, last() and step(), as attributes of the instance:
            # the wrapper's __getattr__ hook makes every method of the class a bound
            # method made at each call plus a lookup of the guard (~15% of a step);
            # these, the guard's own methods bound to it, call it at once, with the
            # same checks. (A subclass's methods stay as it defines them.)
            self.last = guard.bound_last
            self.step = guard.bound_step
            self.reset = guard.bound_reset

    def last(self, observe: bool = True):
        return _guarded_last(self._guard, self, observe)

    def step(self, action) -> None:
        _guarded_step(self._guard, self, action)

    def observe(self, agent: str):
        if not self._has_reset:
            OrderEnforcingWrapper.observe(self, agent)  # raises PettingZoo's error
        return self.env.observe(agent)


for _name in _AEC_ATTRIBUTES:  # read from the wrapped env, PettingZoo's error before reset
    setattr(OrderedPokerEnv, _name, _BeforeReset(_name))
del _name
