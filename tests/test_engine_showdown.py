"""The engine's showdown calls the catalogue's per-call evaluators directly
(engine/hand.py's _DIRECT): each must value every hand as the ranking's own engine
value function does (evaluators/catalog.py), which it replaces."""

import random

import pytest

from pokerhash.engine.hand import _DIRECT, _value
from pokerhash.evaluators.catalog import RANKINGS

# name: (deck, (hole, board) sizes the engine's games hand it).
SHAPES = {
    "high": (range(52), ((2, 5), (5, 0), (7, 0), (6, 1))),
    "low8": (range(52), ((2, 5), (7, 0), (6, 1))),
    "shortdeck": (range(16, 52), ((2, 5),)),
    "a5-low": (range(52), ((7, 0), (6, 1))),
    "deuce7": (range(52), ((5, 0),)),
    "badugi": (range(52), ((4, 0),)),
    "omaha": (range(52), ((4, 5), (5, 5), (6, 5), (4, 3))),
    "omaha-low8": (range(52), ((4, 5), (5, 5), (6, 5), (4, 3))),
}


def test_direct_covers_the_rankings_it_names():
    assert {RANKINGS[name].value for name in SHAPES} == set(_DIRECT)


@pytest.mark.parametrize("name", sorted(SHAPES))
def test_direct_evaluation_agrees_with_the_value_function(name):
    rng = random.Random(name)
    value = RANKINGS[name].value
    deck, shapes = SHAPES[name]
    for _ in range(3000):
        hole_size, board_size = rng.choice(shapes)
        cards = rng.sample(deck, hole_size + board_size)
        hole, board = tuple(cards[:hole_size]), tuple(cards[hole_size:])
        assert _value(value, _DIRECT[value], hole, board, 2) == value(hole, board, 2), (hole, board)


def test_other_values_are_called_as_they_are():
    def value(hole, board, lowest):
        return len(hole) * 100 + len(board) * 10 + lowest

    assert _value(value, None, (1, 2), (3,), 2) == 212
