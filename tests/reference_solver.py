"""A slow, readable best response for checking pokerhash.solver's exploitability.

Written apart from the solver: it walks the solved tree through the public Node API
(action names, cards at chance nodes), works out the chips from the action names
alone, settles showdowns with ``pokerhash.evaluate`` one pair of hands at a time, and
deals chance cards with the exact probability for each pair (1 / the cards neither
hand nor the board holds). Nothing is shared with the C kernel's sweeps, card sums or
storage layout.

Pot-limit Omaha spots (``game="plo"``, ``"plo5"``, ``"plo6"``) go the same way with
four-, five- or six-card hands: a showdown hand is the best of every two hole cards
with every three board cards (``pokerhash.evaluate`` of five cards), two hands meet
when they share no card, and a chance card comes with probability 1 / (the cards
neither hand nor the board holds). Hi/lo (``"omaha-hi-lo"``, ``"big-o"``): the low is
found here from the ranks alone (five different ranks 8 or lower, the ace one,
compared from the highest card down), and each pair's share of the pot follows the
rules: half to the best high, half to the best qualifying low, ties splitting a half,
the high taking all when neither hand has a low.
"""

from __future__ import annotations

import itertools
from typing import Dict, List, Sequence, Tuple

import numpy as np

import pokerhash as ph

Hand = Tuple[int, ...]


def _hands(rng, board: Sequence[int]) -> List[Tuple[Hand, float]]:
    out = []
    for index in np.flatnonzero(rng.weights > 0):
        hand = tuple(int(c) for c in rng.cards[index]) if isinstance(rng, ph.solver.OmahaRange) else ph.combo_cards(int(index))
        if not set(hand) & set(board):
            out.append((hand, float(rng.weights[index])))
    return out


def _chips(line: Sequence[str], pot: float) -> Tuple[float, float, int]:
    """What each player has put in after the line (half the pot each to start) and who
    acts next (0 = OOP), from the action names only."""
    put = [pot / 2, pot / 2]
    street = [0.0, 0.0]
    player = 0
    for action in line:
        word = action.split()[0]
        if word not in ("check", "bet", "raise", "allin", "call", "fold"):  # a card: a new street
            street = [0.0, 0.0]
            player = 0
            continue
        if word in ("bet", "raise", "allin"):
            total = float(action.split()[1])
            put[player] += total - street[player]
            street[player] = total
        elif word == "call":
            put[player] += street[1 - player] - street[player]
            street[player] = street[1 - player]
        player = 1 - player
    return put[0], put[1], player


_STRENGTH: Dict[Tuple[int, ...], int] = {}
_LOW: Dict[Tuple[int, ...], Tuple[int, ...]] = {}


def _low(hand: Hand, board: Tuple[int, ...]) -> Tuple[int, ...]:
    """The best eight-or-better low of two hole cards and three board cards, as its
    ranks from the highest down (ace = 1; smaller tuples are better lows), or () for
    none."""
    key = hand + board
    if key not in _LOW:
        best = ()
        for two in itertools.combinations(hand, 2):
            for three in itertools.combinations(board, 3):
                ranks = sorted({1 if c // 4 == 12 else c // 4 + 2 for c in two + three}, reverse=True)
                if len(ranks) == 5 and ranks[0] <= 8 and (not best or tuple(ranks) < best):
                    best = tuple(ranks)
        _LOW[key] = best
    return _LOW[key]


def _share(hand: Hand, other: Hand, board: Tuple[int, ...], hilo: bool) -> float:
    """The part of the pot ``hand`` takes from ``other`` at a showdown."""
    mine, theirs = _strength(hand, board), _strength(other, board)
    high = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    if not hilo:
        return high
    low_mine, low_theirs = _low(hand, board), _low(other, board)
    if not low_mine and not low_theirs:
        return high
    if low_mine and low_theirs:
        low = 1.0 if low_mine < low_theirs else 0.0 if low_mine > low_theirs else 0.5
    else:
        low = 1.0 if low_mine else 0.0
    return high / 2 + low / 2


def _strength(hand: Hand, board: Tuple[int, ...]) -> int:
    key = hand + board
    if key not in _STRENGTH:
        if len(hand) >= 4:  # Omaha: exactly two hole cards and three board cards
            _STRENGTH[key] = max(ph.evaluate(list(two + three)) for two in itertools.combinations(hand, 2)
                                 for three in itertools.combinations(board, 3))
        else:
            _STRENGTH[key] = ph.evaluate(list(key))
    return _STRENGTH[key]


def _payoff(node, hand: Hand, other: Hand, p: int, spot, folder: int) -> float:
    """p's chips won minus chips put in, the pot's rake taken from the winner(s)."""
    put = node.__dict__.setdefault("_reference_chips", _chips(node.line, spot.pot))
    pot = put[0] + put[1]
    rake = min(spot.rake * pot, spot.rake_cap)
    if node.kind == "fold":
        return -put[p] if folder == p else pot - rake - put[p]
    return (pot - rake) * _share(hand, other, tuple(node.board), spot.game in ("omaha-hi-lo", "big-o")) - put[p]


def _strategy(node, player: int, hand: Hand, spot) -> Dict[str, float]:
    if "_reference_strategy" not in node.__dict__:
        node._reference_strategy = node.strategy()
        node._reference_hands = {}
    per_hand = node._reference_hands
    if hand not in per_hand:
        index = spot.ranges[player].index(hand) if len(hand) >= 4 else ph.combo_index(*hand)
        per_hand[hand] = {action: float(values[index]) for action, values in node._reference_strategy.items()}
    return per_hand[hand]


def _child(node, action: str):
    """node.play(action), once per node (the walk visits each node once per hand)."""
    children = node.__dict__.setdefault("_reference_children", {})
    if action not in children:
        children[action] = node.play(action)
    return children[action]


def _values(node, p: int, hand: Hand, others: Dict[Hand, float], spot, best: bool) -> Dict[Hand, float]:
    """p's payoff against each opponent hand from node on (others: the opponent's reach
    here), p playing a best response (best) or its average strategy."""
    if node.kind in ("fold", "showdown"):
        folder = _chips(node.line[:-1], spot.pot)[2]  # who acted last: the player who folded
        return {o: _payoff(node, hand, o, p, spot, folder) for o in others}
    if node.kind == "chance":
        total = {o: 0.0 for o in others}
        for card_text in node.actions:
            card = ph.card(card_text)
            if card in hand:
                continue
            child = _child(node, card_text)
            live = {o: r for o, r in others.items() if card not in o}
            for o, v in _values(child, p, hand, live, spot, best).items():
                total[o] += v / (52 - len(node.board) - 2 * len(hand))
        return total
    children = {a: _child(node, a) for a in node.actions}
    if ph.solver.tree.PLAYERS.index(node.player) == p:
        sigma = _strategy(node, p, hand, spot)
        values = {a: _values(child, p, hand, others, spot, best) for a, child in children.items()}
        if best:
            a = max(values, key=lambda a: sum(others[o] * values[a][o] for o in others))
            return values[a]
        return {o: sum(sigma[a] * values[a][o] for a in values) for o in others}
    total = {o: 0.0 for o in others}
    for a, child in children.items():
        sigma = {o: _strategy(node, 1 - p, o, spot)[a] for o in others}
        reach = {o: r * sigma[o] for o, r in others.items() if r * sigma[o] > 0}
        if not reach:
            continue
        for o, v in _values(child, p, hand, reach, spot, best).items():
            total[o] += sigma[o] * v
    return total


def exploitability(solution) -> float:
    """((BR_oop - EV_oop) + (BR_ip - EV_ip)) / 2 in % of the pot, by brute force."""
    gains = best_response_gains(solution)
    return 100 * (gains[0] + gains[1]) / 2 / solution.spot.pot


def best_response_gains(solution) -> List[float]:
    """Per player, BR - EV in chips: what a best response gains over the player's
    average strategy against the other's (0 when it is a best response already)."""
    spot = solution.spot
    hands = [_hands(r, spot.board) for r in spot.ranges]
    gains = []
    for p in (0, 1):
        result = {}
        for best in (True, False):
            total = weight = 0.0
            for hand, w in hands[p]:
                others = {o: r for o, r in hands[1 - p] if not set(o) & set(hand)}
                values = _values(solution.root, p, hand, others, spot, best)
                total += w * sum(others[o] * values[o] for o in others)
                weight += w * sum(others.values())
            result[best] = total / weight
        gains.append(result[True] - result[False])
    return gains
