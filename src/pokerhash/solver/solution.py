"""Solving a spot with Discounted CFR, and reading the result node by node."""

from __future__ import annotations

import json
import math
import numbers
import os
import time
from typing import Dict, Iterator, List, Optional, Sequence, Tuple, Union

import numpy as np

import pokerhash as ph

from ..errors import InvalidValueError
from . import _dcfr
from .omaha import OmahaRange, equities
from .tree import CHANCE, HEADER, PLAYER, PLAYERS, Spot, Tree, build_tree

_PLAYER_INDEX = {"oop": 0, "ip": 1, 0: 0, 1: 1}


def _player(player) -> int:
    try:
        return _PLAYER_INDEX[player]
    except (KeyError, TypeError):
        raise InvalidValueError(f"player is 'oop' (0) or 'ip' (1), got {player!r}") from None


class Solution:
    """A spot being solved: :meth:`run` iterates Discounted CFR (α = 1.5, β = 0) until a
    target exploitability, an iteration count or a time limit, averaging the strategy
    with γ = 3 restarted at 1 + powers of 4 and the positive regrets' discount one
    iteration later (``schedule="restarted"``, the default: b-inary's postflop-solver's
    schedule) or with the published γ = 2 and discounts
    (``schedule="dcfr"``, which converges slowly below about 0.1% of the pot);
    :meth:`exploitability` measures the average strategy by best response; :attr:`root`
    and :meth:`node` walk the tree by action names (:meth:`Node.lock` locks a node's
    strategy). The regrets and cumulative strategies are float32 arrays the C kernel
    updates in place, without the GIL, or 16-bit ones with ``compressed=True`` (half
    the memory; int16 regrets and uint16 strategies with a scale per node)."""

    def __init__(self, spot: Spot, *, threads: int = 0, max_memory: Optional[float] = None, isomorphism: bool = True,
                 schedule: str = "restarted", compressed: bool = False):
        if schedule not in _dcfr.SCHEDULES:
            raise InvalidValueError(f"schedule must be one of {', '.join(_dcfr.SCHEDULES)}, got {schedule!r}")
        #: The discount schedule of the cumulative strategy ("dcfr" or "restarted").
        self.schedule = schedule
        if not isinstance(compressed, bool):
            raise InvalidValueError(f"compressed is True (16-bit storage) or False, got {compressed!r}")
        tree = build_tree(spot, isomorphism, compressed)
        if max_memory is not None and tree.memory > max_memory:
            raise InvalidValueError(f"solving this spot takes {tree.memory / 2**20:,.1f} MiB ({tree.nodes:,} nodes), "
                                    f"more than max_memory={max_memory / 2**20:,.1f} MiB: use fewer bet sizes")
        if isinstance(threads, bool) or not isinstance(threads, int) or not 0 <= threads <= 64:
            raise InvalidValueError(f"threads must be an int 0..64 (0: every core), got {threads!r}")
        self.spot = spot
        self.tree = tree
        #: Threads that share out the cards of chance nodes (a river spot has none: one thread).
        self.threads = threads or os.cpu_count() or 1
        self._kernel = _dcfr.Kernel(tree.arrays(), tree.hand_arrays(), tree.board_arrays(), tree.reach[0], tree.reach[1],
                                    self.threads)
        #: Locked nodes: (player, storage offset) -> (strategy rows, mask of bound hands).
        self._locks: Dict[Tuple[int, int], Tuple[np.ndarray, np.ndarray]] = {}
        self.iterations = 0
        self.seconds = 0.0
        #: (iteration, exploitability in % of the pot) at every measurement.
        self.history: List[Tuple[int, float]] = []
        self._pairs = self._pair_weight()

    # --- solving ------------------------------------------------------------------

    def run(self, target: Optional[float] = 0.3, iterations: int = 1000, time_limit: Optional[float] = None,
            check_every: int = 10, progress: bool = False) -> "Solution":
        """Iterate until the exploitability is at most ``target`` (% of the pot; None:
        never measured for stopping), ``iterations`` in all have run, or ``time_limit``
        seconds have passed. The exploitability is measured every ``check_every``
        iterations (best response costs about one iteration) and at the end.
        ``progress`` shows a tqdm bar (the ``cli`` extra)."""
        for name, value in (("iterations", iterations), ("check_every", check_every)):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise InvalidValueError(f"{name} must be an int >= 1, got {value!r}")
        if target is not None and not (isinstance(target, (int, float)) and target > 0):
            raise InvalidValueError(f"target must be a number > 0 (% of the pot) or None, got {target!r}")
        if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
            raise InvalidValueError(f"time_limit must be seconds > 0 or None, got {time_limit!r}")
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(total=iterations, initial=min(self.iterations, iterations), unit="it", leave=False)
        started = time.perf_counter()
        try:
            while self.iterations < iterations:
                step = min(check_every - self.iterations % check_every, iterations - self.iterations)
                t0 = time.perf_counter()
                self._kernel.iterate(self.iterations + 1, step, self.schedule)
                self.seconds += time.perf_counter() - t0
                self.iterations += step
                if bar is not None:
                    bar.update(step)
                if self.iterations % check_every == 0 or self.iterations == iterations:
                    value = self.exploitability()
                    if bar is not None:
                        bar.set_postfix(exploitability=f"{value:.3f}%")
                    if target is not None and value <= target:
                        break
                if time_limit is not None and time.perf_counter() - started >= time_limit:
                    break
        finally:
            if bar is not None:
                bar.close()
        if not self.history or self.history[-1][0] != self.iterations:
            self.exploitability()
        return self

    def _pair_weight(self) -> float:
        """Sum over pairs of hands that share no card of the product of their weights."""
        r0, r1 = (np.asarray(r, dtype=np.float64) for r in self.tree.reach)
        return float((r0 * self.tree.compatible(0, r1)).sum())

    def _values(self, mode: str) -> Tuple[float, float]:
        r = self.tree.reach
        out = []
        for p in (0, 1):
            cfv = self._kernel.walk(0, 0, 0, _board_mask(self.spot.board), 52, 52, p, r[1 - p], r[p], mode)
            out.append(float(np.dot(r[p].astype(np.float64), cfv.astype(np.float64))) / self._pairs)
        return out[0], out[1]

    def exploitability(self) -> float:
        """How much a best response gains against the average strategy, averaged over
        both players, in % of the starting pot: ((BR_oop - EV_oop) + (BR_ip - EV_ip)) / 2.
        (Without rake, EV_oop + EV_ip is constant and this is postflop-solver's
        (BR_oop + BR_ip) / 2 in zero-sum units.)"""
        best = self._values("best_response")
        # Without rake the game is zero-sum in these units (each player's half of the
        # pot counted as put in): EV_oop + EV_ip = 0, and the average-strategy walks
        # (half the cost of a measurement) are not needed.
        current = self._values("average") if self.spot.rake > 0 else (0.0, 0.0)
        value = 100 * ((best[0] - current[0]) + (best[1] - current[1])) / 2 / self.spot.pot
        value = max(value, 0.0)
        self.history.append((self.iterations, value))
        return value

    def ev(self) -> Tuple[float, float]:
        """Each player's expected share of the starting pot under the average strategies
        (the two add up to the pot less the expected rake)."""
        oop, ip = self._values("average")
        return oop + self.spot.pot / 2, ip + self.spot.pot / 2

    # --- walking ------------------------------------------------------------------

    @property
    def root(self) -> "Node":
        board = tuple(self.spot.board)
        reach = tuple(np.asarray(r, dtype=np.float64) for r in self.tree.reach)
        return Node(self, 0, (0, 0), board, (52, 52), reach, (), _Canonical(board, (0, 1, 2, 3)))

    def node(self, *actions: str) -> "Node":
        """The node after ``actions`` (names as in ``Node.actions``, or cards at chance
        nodes), e.g. ``node("check", "bet 50")``."""
        node = self.root
        for action in actions:
            node = node.play(action)
        return node

    # --- node locking -------------------------------------------------------------

    def _set_locks(self) -> None:
        """Hand the locks to the kernel, per player sorted by storage offset."""
        for p in (0, 1):
            mine = sorted((offset, rows, mask) for (q, offset), (rows, mask) in self._locks.items() if q == p)
            sizes = [rows.size for _, rows, _ in mine]
            starts = np.concatenate([[0], np.cumsum(sizes)[:-1]]) if mine else np.zeros(0)
            self._kernel.set_locks(p, [offset for offset, _, _ in mine], starts,
                                   np.concatenate([rows.reshape(-1) for _, rows, _ in mine]) if mine else np.zeros(0),
                                   np.concatenate([mask for _, _, mask in mine]) if mine else np.zeros(0))

    def unlock_all(self) -> None:
        """Remove every node lock."""
        self._locks.clear()
        self._set_locks()

    # --- save and load ------------------------------------------------------------

    def save(self, path) -> None:
        """Write the spot, the iterations and the solver state to an ``.npz`` file."""
        k = self._kernel
        np.savez_compressed(path, spot=np.array(json.dumps(self.spot.to_dict())), iterations=self.iterations,
                            seconds=self.seconds, schedule=self.schedule, isomorphism=self.tree.isomorphism, compressed=self.tree.compressed, history=np.array(self.history, dtype=np.float64).reshape(-1, 2),
                            regret0=k.regret0, regret1=k.regret1, strategy0=k.strategy0, strategy1=k.strategy1,
                            lock_keys=np.array([(p, offset, len(self._locks[p, offset][0])) for p, offset in sorted(self._locks)],
                                               dtype=np.int64).reshape(-1, 3),
                            lock_rows=np.concatenate([self._locks[key][0].reshape(-1) for key in sorted(self._locks)] or [np.zeros(0, np.float32)]),
                            lock_masks=np.concatenate([self._locks[key][1] for key in sorted(self._locks)] or [np.zeros(0, np.uint8)]))

    @classmethod
    def load(cls, path) -> "Solution":
        """A solution written by :meth:`save` (solving can go on with :meth:`run`)."""
        with np.load(path, allow_pickle=False) as data:
            schedule = str(data["schedule"]) if "schedule" in data.files else "dcfr"
            isomorphism = bool(data["isomorphism"]) if "isomorphism" in data.files else True
            compressed = bool(data["compressed"]) if "compressed" in data.files else False
            solution = cls(Spot.from_dict(json.loads(str(data["spot"]))), schedule=schedule, isomorphism=isomorphism,
                           compressed=compressed)
            k = solution._kernel
            for name in ("regret0", "regret1", "strategy0", "strategy1"):
                stored = data[name]
                target = getattr(k, name)
                if stored.shape != target.shape or stored.dtype != target.dtype:
                    raise InvalidValueError(f"{path}: {name} has shape {stored.shape}, the spot's tree needs {target.shape}")
                target[:] = stored
            solution.iterations = int(data["iterations"])
            solution.seconds = float(data["seconds"])
            solution.history = [(int(i), float(v)) for i, v in data["history"]]
            if "lock_keys" in data.files:
                rows, masks = data["lock_rows"], data["lock_masks"]
                at_row = at_mask = 0
                for p, offset, size in data["lock_keys"].tolist():
                    n = len(solution.tree.combos[p])
                    solution._locks[p, offset] = (rows[at_row:at_row + size * n].reshape(size, n).copy(),
                                                  masks[at_mask:at_mask + n].copy())
                    at_row += size * n
                    at_mask += n
                solution._set_locks()
        return solution

    def __repr__(self) -> str:
        last = f", exploitability={self.history[-1][1]:.3f}%" if self.history else ""
        return f"Solution({self.spot!r}, iterations={self.iterations}{last})"


def _unpacked(state: np.ndarray, start: int, size: int, compressed: bool) -> np.ndarray:
    """A node's cumulative strategy (float64) from the kernel's storage: float32, or
    uint16 after its float scale (csrc/solver.h phs_unpack)."""
    if not compressed:
        return state[start:start + size].astype(np.float64)
    scale = float(state[start:start + HEADER].view(np.float32)[0])
    return state[start + HEADER:start + HEADER + size].astype(np.float64) * (scale / 65535.0)


def _board_mask(board) -> int:
    return sum(1 << c for c in board)


def _to_grid(values: np.ndarray, combos: np.ndarray, size: int, fill=np.nan) -> np.ndarray:
    """p's values (one per hand of positive weight) in p's layout (Tree.layout)."""
    out = np.full(values.shape[:-1] + (size,), fill, dtype=np.float64)
    out[..., combos] = values
    return out


class _Canonical:
    """Where a node's line lives in the kernel's storage under suit isomorphism: the
    kernel walks one card of each class of interchangeable suits, so a line through
    another card is read from the canonical line, renamed by the suit permutation
    ``suits`` (actual suit -> canonical suit), on the canonical ``board``."""

    __slots__ = ("board", "suits")

    def __init__(self, board, suits):
        self.board = board
        self.suits = suits

    def card(self, card: int) -> int:
        return card // 4 * 4 + self.suits[card % 4]

    def deal(self, card: int, swaps) -> Tuple["_Canonical", int]:
        """The canonical state after ``card`` (actual) and the canonical card dealt."""
        c = self.card(card)
        ranks = [{x // 4 for x in self.board if x % 4 == s} for s in range(4)]
        low = c % 4
        for a, b in swaps:
            if b == c % 4 and ranks[a] == ranks[b] and a < low:
                low = a
        suits = self.suits
        if low != c % 4:
            swap = {low: c % 4, c % 4: low}
            suits = tuple(swap.get(s, s) for s in suits)
            c = c // 4 * 4 + low
        return _Canonical(self.board + (c,), suits), c

    def hand_map(self, tree, p: int) -> np.ndarray:
        """For each of p's hands, the index of its canonical image in p's hands."""
        return tree.image(p, self.suits)


class Node:
    """One node of a solved tree, reached by a line of actions: who acts, the actions,
    each hand's strategy, EV and equity, and both players' reach-weighted ranges.
    Arrays per hand are in the ``pokerhash.ranges`` layout (1,326 entries) in Hold'em,
    in the order of the player's :class:`~pokerhash.solver.OmahaRange` in Omaha,
    NaN for hands a player cannot hold there."""

    def __init__(self, solution: Solution, index: int, base, board, dealt, reach, line, canonical: _Canonical):
        self._solution = solution
        self._canonical = canonical
        self._index = index
        self._base = base
        self.board = board
        self._dealt = dealt
        self._reach = reach
        #: The actions from the root to here.
        self.line: Tuple[str, ...] = line

    @property
    def _tree_node(self):
        return self._solution.tree.node_list[self._index]

    @property
    def kind(self) -> str:
        """``"player"``, ``"chance"``, ``"fold"`` or ``"showdown"``."""
        return self._tree_node.kind

    @property
    def player(self) -> Optional[str]:
        """``"oop"`` or ``"ip"`` at a player node, else None."""
        return PLAYERS[self._tree_node.player] if self.kind == PLAYER else None

    @property
    def actions(self) -> List[str]:
        """The action names here, or the cards that can come at a chance node."""
        node = self._tree_node
        if node.kind == CHANCE:
            return [ph.card_str(c) for c in range(52) if c not in self.board]
        return list(node.names)

    def play(self, action: str) -> "Node":
        """The node after ``action``: a name from :attr:`actions` (any case; ``allin``
        or a kind such as ``bet`` alone when there is one of it), or a card at a chance node."""
        node = self._tree_node
        s = self._solution
        if node.kind == CHANCE:
            card = ph.card(action)
            if card in self.board:
                raise InvalidValueError(f"{ph.card_str(card)} is already on the board {ph.cards_str(self.board)}")
            canonical, dealt_card = self._canonical.deal(card, s.tree.swaps)
            base = tuple(self._base[p] + s.tree.chance_base(node.index, p, self._canonical.board, dealt_card) for p in (0, 1))
            dealt = (dealt_card, 52) if self._dealt[0] == 52 else (self._dealt[0], dealt_card)
            reach = tuple(np.where((s.tree.cards[p] == card).any(axis=1), 0.0, self._reach[p]) for p in (0, 1))
            return Node(s, node.children[0].index, base, self.board + (card,), dealt, reach, self.line + (ph.card_str(card),),
                        canonical)
        if node.kind != PLAYER:
            raise InvalidValueError(f"no action after a {node.kind} node ({' '.join(self.line) or 'root'})")
        wanted = str(action).strip().lower()
        names = [n.lower() for n in node.names]
        if wanted in names:
            a = names.index(wanted)
        else:
            matches = [i for i, n in enumerate(names) if n.split()[0] == wanted]
            if len(matches) != 1:
                raise InvalidValueError(f"no action {action!r} here; the actions are {', '.join(node.names)}")
            a = matches[0]
        strategy = self._strategy_rows()
        reach = list(self._reach)
        reach[node.player] = reach[node.player] * strategy[a]
        return Node(s, node.children[a].index, self._base, self.board, self._dealt, tuple(reach), self.line + (node.names[a],),
                    self._canonical)

    def _storage(self) -> int:
        """Where the acting player's numbers of this node (on this line) start."""
        p = self._tree_node.player
        return self._base[p] + int(self._solution.tree.offset[2 * self._index + p])

    def _strategy_rows(self) -> np.ndarray:
        """The average strategy here (the locked one for the hands a lock binds),
        (n_actions, n_hands of the actor), float64."""
        node = self._tree_node
        s = self._solution
        p = node.player
        n = len(s.tree.combos[p])
        start = self._storage()
        stored = _unpacked(getattr(s._kernel, f"strategy{p}"), start, len(node.children) * n, s.tree.compressed).reshape(-1, n)
        total = stored.sum(axis=0)
        rows = np.where(total > 0, stored / np.where(total > 0, total, 1), 1.0 / len(node.children))
        lock = s._locks.get((p, start))
        if lock is not None:
            rows = np.where(lock[1].astype(bool), lock[0], rows)
        return rows[:, self._canonical.hand_map(s.tree, p)]  # the canonical line's rows, for the actual hands

    def lock(self, strategy: Dict[str, Union[float, np.ndarray]]) -> None:
        """Lock this node's strategy (node locking): ``strategy`` maps actions to a
        probability for the whole range (``{"call": 0.3, "fold": 0.7}``) or to arrays
        of per-hand probabilities (1,326 in the :mod:`pokerhash.ranges` layout in
        Hold'em, one per hand of the player's range in Omaha), NaN
        for hands left to the solver; actions left out get 0. Each bound hand's
        probabilities must add up to 1. Solving on (:meth:`Solution.run`) then plays
        the locked strategy here, and the other nodes adapt to it; the locked
        player's best response, and so the exploitability, may still deviate."""
        p = self._require_player()
        s = self._solution
        tree = s.tree
        node = self._tree_node
        if tree.swaps and tree.has_chance:
            raise InvalidValueError("node locking on a spot with chance nodes needs Solution(..., isomorphism=False): "
                                    "a lock need not treat the interchangeable suits alike")
        if not isinstance(strategy, dict) or not strategy:
            raise InvalidValueError(f"lock takes a dict action -> probability (or 1,326 per-hand probabilities), "
                                    f"got {strategy!r}")
        names = [n.lower() for n in node.names]
        combos = tree.combos[p]
        rows = np.zeros((len(names), len(combos)))
        given = np.zeros((len(names), len(combos)), dtype=bool)
        listed = []
        for action, value in strategy.items():
            key = str(action).strip().lower()
            if key not in names:
                raise InvalidValueError(f"no action {action!r} here; the actions are {', '.join(node.names)}")
            a = names.index(key)
            listed.append(a)
            if isinstance(value, numbers.Real) and not isinstance(value, bool):
                per_hand = np.full(len(combos), float(value))
            else:
                array = np.asarray(value, dtype=np.float64)
                if array.shape != (tree.layout(p),):
                    raise InvalidValueError(f"per-hand probabilities of {action!r} are {tree.layout(p):,} numbers, "
                                            f"got shape {array.shape}")
                per_hand = array[combos]
            given[a] = ~np.isnan(per_hand)
            rows[a] = np.nan_to_num(per_hand)
        bound = given.any(axis=0)
        if not bound.any():
            raise InvalidValueError("the lock binds no hand of the acting player's range (all NaN)")
        if not given[listed][:, bound].all():
            raise InvalidValueError("a bound hand needs a probability (not NaN) for every action given")
        if np.any(rows < 0) or np.any(rows > 1):
            raise InvalidValueError("lock probabilities are between 0 and 1")
        total = rows.sum(axis=0)
        if np.any(np.abs(total[bound] - 1) > 1e-6):
            raise InvalidValueError(f"each bound hand's probabilities add up to 1, not {float(total[bound][0]):g} "
                                    f"(actions left out count 0)")
        s._locks[p, self._storage()] = (np.ascontiguousarray(rows, dtype=np.float32), bound.astype(np.uint8))
        s._set_locks()

    def unlock(self) -> None:
        """Remove this node's lock (if any)."""
        p = self._require_player()
        self._solution._locks.pop((p, self._storage()), None)
        self._solution._set_locks()

    def _require_player(self) -> int:
        if self.kind != PLAYER:
            raise InvalidValueError(f"a strategy exists only where a player acts, not at a {self.kind} node")
        return self._tree_node.player

    def _holdable(self, p: int) -> np.ndarray:
        """p's hands (of the starting range) that hold no board card."""
        return ~np.isin(self._solution.tree.cards[p], self.board).any(axis=1)

    def _live(self, p: int) -> np.ndarray:
        """p's hands that can be here: holdable and reached by the line."""
        return self._holdable(p) & (self._reach[p] > 0)

    def strategy(self) -> Dict[str, np.ndarray]:
        """Action -> each hand's probability of taking it (the average strategy), NaN for
        hands outside the acting player's starting range or holding a board card (a hand
        the line makes unlikely still has its strategy here)."""
        p = self._require_player()
        rows = self._strategy_rows()
        combos = self._solution.tree.combos[p]
        live = self._holdable(p)
        size = self._solution.tree.layout(p)
        return {name: _to_grid(np.where(live, row, np.nan), combos, size) for name, row in zip(self._tree_node.names, rows)}

    def hand_strategy(self, hand) -> Dict[str, float]:
        """Action -> probability for one hand (``"AsKd"``; Omaha ``"AsKsQdJd"``)."""
        spot = self._solution.spot
        cards = ph.cards(hand, count=(spot.hand_size,))
        if spot.omaha:
            p = self._require_player()
            try:
                index = spot.ranges[p].index(cards)
            except InvalidValueError:
                raise InvalidValueError(f"{ph.cards_str(cards)} is not in the acting player's range") from None
        else:
            index = ph.combo_index(*cards)
        out = {name: float(v[index]) for name, v in self.strategy().items()}
        if any(math.isnan(v) for v in out.values()):
            raise InvalidValueError(f"{ph.cards_str(cards)} is not in the acting player's range, or holds a board card")
        return out

    def aggregate(self) -> Dict[str, float]:
        """Action -> frequency over the acting player's range here (reach-weighted)."""
        p = self._require_player()
        rows = self._strategy_rows()
        reach = np.where(self._live(p), self._reach[p], 0.0)
        total = reach.sum()
        if total <= 0:
            return {name: math.nan for name in self._tree_node.names}
        return {name: float((row * reach).sum() / total) for name, row in zip(self._tree_node.names, rows)}

    def range(self, player) -> "ph.Range":
        """The player's range at this node: the starting weights times the probability
        of the line's actions (card removal by the board applied); in Omaha an
        :class:`~pokerhash.solver.OmahaRange` of the same hands with those weights."""
        p = _player(player)
        tree = self._solution.tree
        reach = _to_grid(np.where(self._live(p), self._reach[p], 0.0), tree.combos[p], tree.layout(p), 0.0)
        if tree.spot.omaha:
            return OmahaRange(tree.spot.ranges[p].cards, reach, hand_size=tree.spot.hand_size)
        return ph.Range(reach)

    def _compatible(self, p: int) -> np.ndarray:
        """For each of p's hands, the opponent's reach here that it can meet."""
        q = 1 - p
        return self._solution.tree.compatible(p, np.where(self._live(q), self._reach[q], 0.0))

    def ev(self, player) -> np.ndarray:
        """Each hand's expected share of the starting pot from here on, both players
        playing their average strategies (chips it ends with, counted from its stack at
        the start of the spot, plus half the starting pot), NaN where not held."""
        p = _player(player)
        s = self._solution
        q = 1 - p
        opp = np.where(self._live(q), self._reach[q], 0.0)
        own = np.where(self._live(p), self._reach[p], 0.0)
        maps = [self._canonical.hand_map(s.tree, k) for k in (0, 1)]
        opp_canonical, own_canonical = np.zeros_like(opp), np.zeros_like(own)
        opp_canonical[maps[q]] = opp
        own_canonical[maps[p]] = own
        cfv = s._kernel.walk(self._index, self._base[0], self._base[1], _board_mask(self._canonical.board), self._dealt[0],
                             self._dealt[1], p, opp_canonical, own_canonical, "average").astype(np.float64)[maps[p]]
        met = self._compatible(p)
        live = self._live(p) & (met > 0)
        values = np.where(live, cfv / np.where(met > 0, met, 1) + s.spot.pot / 2, np.nan)
        return _to_grid(values, s.tree.combos[p], s.tree.layout(p))

    def equity(self, player) -> np.ndarray:
        """Each hand's showdown equity against the other player's range here
        (``pokerhash.equities_vs_range``; Omaha: every river card, pair by pair; Omaha
        hi/lo: the expected share of the pot), NaN where not held."""
        p = _player(player)
        tree = self._solution.tree
        if tree.spot.omaha:
            q = 1 - p
            opp = np.where(self._live(q), self._reach[q], 0.0)
            shares = equities(self.board, tree.cards[p], tree.cards[q], opp, hilo=tree.spot.hilo)
            values = np.where(self._live(p), shares, np.nan)
            return _to_grid(values, tree.combos[p], tree.layout(p))
        villain = self.range(1 - p)
        if not villain.weights.any():
            return np.full(1326, np.nan)
        values = ph.equities_vs_range(list(self.board), villain)
        mine = self.range(p).weights > 0
        return np.where(mine, values, np.nan)

    def __repr__(self) -> str:
        where = " ".join(self.line) or "root"
        who = f", {self.player} to act: {', '.join(self.actions)}" if self.kind == PLAYER else ""
        return f"Node({where}: {self.kind}{who})"


def solve(spot: Spot, target: Optional[float] = 0.3, iterations: int = 1000, time_limit: Optional[float] = None,
          check_every: int = 10, progress: bool = False, threads: int = 0, max_memory: Optional[float] = None,
          schedule: str = "restarted", compressed: bool = False) -> Solution:
    """Solve ``spot`` with Discounted CFR to ``target`` exploitability (% of the pot), at
    most ``iterations`` iterations or ``time_limit`` seconds, with ``threads`` threads
    (0: one per core), the discount ``schedule`` ("dcfr" or "restarted") and 16-bit
    storage when ``compressed``; see
    :class:`Solution` and :meth:`Solution.run`."""
    return Solution(spot, threads=threads, max_memory=max_memory, schedule=schedule, compressed=compressed).run(target=target, iterations=iterations, time_limit=time_limit,
                                                      check_every=check_every, progress=progress)
