"""_equity.exact_known_groups (the all-in EV's pots of one hand counted in one walk)
against exact_known of each group alone, the other players' cards dead: the same
floats, to the last bit."""

import random

import pytest

from pokerhash import _equity
from pokerhash._equity_api import _DECK_MASKS, _SEATS_BY_HOLE, GAMES


def _alone(name, players, board, group):
    g = GAMES[name]
    dead = [c for i, hand in enumerate(players) if i not in group for c in hand]
    answer = _equity.exact_known(g.kind, g.hilo, 0, _SEATS_BY_HOLE[g.name], g.board_size, _DECK_MASKS[g.name],
                                 [players[i] for i in group], board, dead)
    return [float(x) for x in answer[1]]


def _together(name, players, board, groups):
    g = GAMES[name]
    return _equity.exact_known_groups(g.kind, g.hilo, _SEATS_BY_HOLE[g.name], g.board_size, _DECK_MASKS[g.name],
                                      players, board, [], groups)


CASES = [("holdem", 2, 3, 0), ("holdem", 2, 3, 3), ("holdem", 2, 4, 0), ("holdem", 2, 3, 4), ("plo", 4, 3, 0),
         ("omaha-hi-lo", 4, 3, 0), ("omaha-hi-lo", 4, 3, 3), ("plo", 5, 3, 0), ("plo", 6, 2, 0), ("omaha-hi-lo", 4, 4, 0)]


@pytest.mark.parametrize("name, size, n, board_size", CASES)
def test_groups_are_each_group_counted_alone(name, size, n, board_size):
    rng = random.Random(f"{name}{size}{n}{board_size}")
    for _ in range(2):
        deck = list(range(52))
        rng.shuffle(deck)
        players = [deck[i * size:(i + 1) * size] for i in range(n)]
        board = deck[n * size:n * size + board_size]
        groups = [list(range(n)), [0, n - 1], sorted(rng.sample(range(n), 2), reverse=True)]
        if n > 3:
            groups.append([1, 2, 3])
        together = _together(name, players, board, groups)
        for group, found in zip(groups, together):
            assert found == _alone(name, players, board, group), (players, board, group)


def test_flush_heavy_spot_and_suited_twins():
    # Suited hands (flush corrections for several suits, some of them twins).
    players = [[48, 44], [49, 45], [2, 6]]  # As Ks / Ah Kh (twins but for the third) / 2h 3h
    for groups in ([[0, 1, 2], [0, 1]], [[0, 1, 2], [1, 2]], [[0, 1, 2], [2, 0]]):
        together = _together("holdem", players, [], groups)
        for group, found in zip(groups, together):
            assert found == _alone("holdem", players, [], group)


def test_what_the_groups_path_leaves_to_the_other():
    g = GAMES["holdem"]
    args = (g.kind, g.hilo, _SEATS_BY_HOLE[g.name], g.board_size, _DECK_MASKS[g.name])
    players = [[0, 1], [2, 3], [4, 5]]
    assert _equity.exact_known_groups("stud", False, *args[2:], players, [], [], [[0, 1]]) is None
    assert _equity.exact_known_groups(*args, players, [], [], [[0]]) is None  # a group of one
    assert _equity.exact_known_groups(*args, players, [], [], [[0, 0]]) is None
    assert _equity.exact_known_groups(*args, players, [], [], [[0, 3]]) is None
    assert _equity.exact_known_groups(*args, [[0, 1], [1, 3]], [], [], [[0, 1]]) is None  # a card twice


def test_known_hands_groups_by_game_name():
    from pokerhash._equity_api import known_hands_groups

    players = [[48, 44], [49, 45], [2, 6]]
    groups = [[0, 1, 2], [1, 2]]
    assert known_hands_groups(players, [], [], "holdem", groups) == _together("holdem", players, [], groups)
    assert known_hands_groups(players, [], [], "short-deck", groups) is None  # its own walk: equity() counts it
    assert known_hands_groups(players, [], [], "no-such-game", groups) is None


@pytest.mark.parametrize("name, players, groups", [
    # Suited hands against a pocket pair (its full houses and four of a kind beat
    # flushes on paired boards): the flush boards scored together only where nobody's
    # hand of ranks alone beats the weakest flush made.
    ("holdem", ["AsKs", "QsJs", "2c2d"], [[0, 1, 2], [1, 2]]),
    ("holdem", ["9h8h", "7c7d", "AhQc"], [[0, 1, 2], [2, 1], [0, 2]]),
])
def test_groups_against_the_card_by_card_walk(name, players, groups):
    from pokerhash._equity_api import _Spec
    from pokerhash.cards import cards

    hands = [cards(h) for h in players]
    together = _together(name, hands, [], groups)
    for group, found in zip(groups, together):
        dead = [c for i, hand in enumerate(hands) if i not in group for c in hand]
        deals, counts = _Spec([hands[i] for i in group], [], dead, name).deal().exact_generic()
        assert found == [float(x) for x in counts[2] / (5040 * deals)], group
