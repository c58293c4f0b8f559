"""The one catalogue of hand rankings and game names.

A :class:`Ranking` is everything the package knows about one way of valuing hands:
its per-call evaluator (as users call it, and in the engine's form ``value(hole,
board, lowest_rank)``), its batch twin, the card counts it takes, the dtype and best
value of its results, how a value is described in English and which cards play. A
:class:`Game` names a game and says which rankings value its high and its low half
and how many cards a player and the board hold. ``GAMES`` is the one table of game
names; ``ALIASES`` keeps every older spelling (``"omaha8"``, ``"stud8"``,
``"shortdeck"``, ``"deuce7"``, ``"a5"`` ...) working. The engine's evaluations,
:func:`pokerhash.equity`, ``pokerhash eval --game``, ``pokerhash bench``, the Dask
array wrappers and the documentation's game tables all read these tables.

Every function here is module level, so that a ranking (and the engine's variants
built on it) pickles for process pools and Dask.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Dict, List, Optional, Tuple

import numpy as np

from .. import _core
from ..errors import InvalidValueError
from .badugi import BEST_BADUGI, best_badugi_cards, describe_badugi, evaluate_badugi_batch
from .high import MAX_STRENGTH, best_five, describe, evaluate_batch
from .low import BEST_LOW, best_low_five, describe_low, evaluate_low8_batch, evaluate_omaha_low8_batch
from .lowball import (BEST_A5_LOW, BEST_DEUCE7, best_a5_low_five, describe_a5_low, describe_deuce7,
                      evaluate_a5_low_batch, evaluate_deuce7_batch)
from .omaha import BOARD_COUNTS, HOLE_COUNTS, best_omaha_five, evaluate_omaha_batch
from .shortdeck import MAX_SHORTDECK_VALUE, best_shortdeck_five, describe_shortdeck, evaluate_shortdeck_batch
from .turkish import describe_turkish, evaluate_turkish_batch

__all__ = ["ALIASES", "GAMES", "RANKINGS", "Game", "Ranking", "game"]

Value = Callable[[Tuple[int, ...], Tuple[int, ...], Optional[int]], int]
BestCards = Callable[[List[int], List[int]], Optional[List[int]]]


@dataclass(frozen=True)
class Ranking:
    """One hand ranking (rules: Standard hand ranking; Low hands; Turkish poker; Other games).

    ``evaluate`` is the public per-call evaluator and ``batch`` its twin on arrays
    (``batch(rows, check=...)``, or ``batch(holes, boards, check=...)`` when
    ``split``). ``value(hole, board, lowest_rank)`` is the per-call value in the
    engine's form (``lowest_rank``: the deck's lowest rank, 2 for a full deck, None
    for the ranking's default deck; only Turkish poker reads it). ``cards``: the card
    counts of one hand, or of the hole cards when ``split`` (exactly two hole and three
    board cards play), then ``board`` gives the board's. Values are ``dtype``, higher
    is better, ``best`` the best there is (lows: 0 is no qualifying low).
    ``describe(value)`` names a value in English; ``best_cards(hole, board)`` lists the
    cards that play (None: no qualifying low), None
    where every card held plays (Turkish poker, 2-7). ``games``: the games it values.
    """

    name: str
    title: str
    evaluate: Callable[..., int]
    value: Value
    batch: Callable[..., np.ndarray]
    split: bool
    cards: Tuple[int, ...]
    board: Tuple[int, ...]
    dtype: type
    best: int
    describe: Callable[[int], str]
    best_cards: Optional[BestCards]
    games: Tuple[str, ...] = ()


# --- the rankings in the engine's form: value(hole, board, lowest_rank) --------------


def _high(hole, board, lowest_rank):
    return _core.evaluate(hole + board)


def _omaha_high(hole, board, lowest_rank):
    return _core.evaluate_omaha(hole, board)


def _low8(hole, board, lowest_rank):
    return _core.evaluate_low8(hole + board)


def _omaha_low8(hole, board, lowest_rank):
    return _core.evaluate_omaha_low8(hole, board)


def _turkish(hole, board, lowest_rank):
    return _core.evaluate_turkish(hole, lowest_rank=lowest_rank)


def _shortdeck(hole, board, lowest_rank):
    return _core.evaluate_shortdeck(hole + board)


def _shortdeck_classic(hole, board, lowest_rank):
    return _core.evaluate_shortdeck(hole + board, False)


def _a5_low(hole, board, lowest_rank):
    return _core.evaluate_a5_low(hole + board)


def _deuce7(hole, board, lowest_rank):
    return _core.evaluate_deuce7(hole + board)


def _badugi(hole, board, lowest_rank):
    return _core.evaluate_badugi(hole + board)


# --- and the cards that play: best_cards(hole, board) ----------------------------------


def _best_high(hole, board):
    return best_five(list(hole) + list(board))


def _best_omaha(hole, board):
    return best_omaha_five(hole, board)


def _best_low8(hole, board):
    return best_low_five(list(hole) + list(board))


def _best_omaha_low8(hole, board):
    return best_low_five(hole, board)


def _best_shortdeck(hole, board):
    return best_shortdeck_five(list(hole) + list(board))


def _best_shortdeck_classic(hole, board):
    return best_shortdeck_five(list(hole) + list(board), False)


def _best_a5_low(hole, board):
    return best_a5_low_five(list(hole) + list(board))


def _best_badugi(hole, board):
    return best_badugi_cards(list(hole) + list(board))


def _describe_shortdeck_classic(value):
    return describe_shortdeck(value, False)


def _evaluate_shortdeck_classic(hand):
    return _core.evaluate_shortdeck(hand, False)


def _shortdeck_classic_batch(hands, check=True):
    return evaluate_shortdeck_batch(hands, False, check)


_SEVEN = (5, 6, 7)  # best five of five to seven cards
_ROYAL_FLUSH = (50, 46, 42, 38, 34)  # Ah Kh Qh Jh Th: the best Turkish hand (hearts rank first)

#: The hand rankings by name.
RANKINGS: Dict[str, Ranking] = {r.name: r for r in (
    Ranking("high", "high hand", _core.evaluate, _high, evaluate_batch, False, _SEVEN, (), np.uint16, MAX_STRENGTH,
            describe, _best_high),
    Ranking("omaha", "Omaha high", _core.evaluate_omaha, _omaha_high, evaluate_omaha_batch, True, HOLE_COUNTS,
            BOARD_COUNTS, np.uint16, MAX_STRENGTH, describe, _best_omaha),
    Ranking("low8", "eight-or-better low", _core.evaluate_low8, _low8, evaluate_low8_batch, False, _SEVEN, (),
            np.uint8, BEST_LOW, describe_low, _best_low8),
    Ranking("omaha-low8", "Omaha eight-or-better low", _core.evaluate_omaha_low8, _omaha_low8,
            evaluate_omaha_low8_batch, True, HOLE_COUNTS, BOARD_COUNTS, np.uint8, BEST_LOW, describe_low,
            _best_omaha_low8),
    Ranking("turkish", "Turkish poker", _core.evaluate_turkish, _turkish, evaluate_turkish_batch, False, (5,), (),
            np.uint32, _core.evaluate_turkish(_ROYAL_FLUSH), describe_turkish, None),
    Ranking("shortdeck", "short-deck high (trips over straight)", _core.evaluate_shortdeck, _shortdeck,
            evaluate_shortdeck_batch, False, _SEVEN, (), np.uint16, MAX_SHORTDECK_VALUE, describe_shortdeck,
            _best_shortdeck),
    Ranking("shortdeck-classic", "short-deck high (straight over trips)", _evaluate_shortdeck_classic,
            _shortdeck_classic, _shortdeck_classic_batch, False, _SEVEN, (), np.uint16, MAX_SHORTDECK_VALUE,
            _describe_shortdeck_classic, _best_shortdeck_classic),
    Ranking("a5-low", "A-5 low", _core.evaluate_a5_low, _a5_low, evaluate_a5_low_batch, False, _SEVEN, (), np.uint16,
            BEST_A5_LOW, describe_a5_low, _best_a5_low),
    Ranking("deuce7", "2-7 low", _core.evaluate_deuce7, _deuce7, evaluate_deuce7_batch, False, (5,), (), np.uint16,
            BEST_DEUCE7, describe_deuce7, None),
    Ranking("badugi", "badugi", _core.evaluate_badugi, _badugi, evaluate_badugi_batch, False, (4,), (), np.uint16,
            BEST_BADUGI, describe_badugi, _best_badugi),
)}


@dataclass(frozen=True)
class Game:
    """One game by name: ``high`` and ``low`` name the rankings of its two halves
    (``low`` None unless hi/lo; a lowball game's one ranking is its ``high``: the
    higher value wins), ``hole`` the (fewest, most) cards a player shows down and
    ``board`` the board's (None: no board)."""

    name: str
    title: str
    high: str
    low: Optional[str]
    hole: Tuple[int, int]
    board: Optional[Tuple[int, int]]
    aliases: Tuple[str, ...] = ()

    @property
    def rankings(self) -> Tuple[Ranking, ...]:
        return (RANKINGS[self.high],) + ((RANKINGS[self.low],) if self.low else ())


_FLOP = (3, 5)
#: The games by name (the engine's names, ``pokerhash.engine.VARIANTS``), with the
#: older names each accepts.
GAMES: Dict[str, Game] = {g.name: g for g in (
    Game("holdem", "Texas Hold'em", "high", None, (2, 2), _FLOP, ("hold'em",)),
    Game("plo", "Omaha", "omaha", None, (4, 6), _FLOP, ("omaha",)),
    Game("plo5", "Five-card Omaha", "omaha", None, (5, 5), _FLOP),
    Game("plo6", "Six-card Omaha", "omaha", None, (6, 6), _FLOP),
    Game("omaha-hi-lo", "Omaha hi/lo", "omaha", "omaha-low8", (4, 6), _FLOP, ("omaha8", "omaha-hilo", "plo8")),
    Game("big-o", "Big O", "omaha", "omaha-low8", (5, 5), _FLOP),
    Game("stud", "Seven-card stud", "high", None, (5, 7), None),
    Game("stud-hi-lo", "Seven-card stud hi/lo", "high", "low8", (5, 7), None, ("stud8", "stud-hilo")),
    Game("five-card-draw", "Five-card draw", "high", None, (5, 5), None),
    Game("turkish", "Turkish poker", "turkish", None, (5, 5), None),
    Game("short-deck", "Short-deck Hold'em", "shortdeck", None, (2, 2), _FLOP, ("shortdeck", "6+")),
    Game("razz", "Razz (A-5 low)", "a5-low", None, (5, 7), None, ("a5",)),
    Game("2-7-single-draw", "2-7 single draw", "deuce7", None, (5, 5), None, ("deuce7",)),
    Game("2-7-triple-draw", "2-7 triple draw", "deuce7", None, (5, 5), None),
    Game("badugi", "Badugi", "badugi", None, (4, 4), None),
)}

#: Every other accepted spelling of a game name -> its name in ``GAMES``.
ALIASES: Dict[str, str] = {alias: g.name for g in GAMES.values() for alias in g.aliases}


def _games_of(ranking: str) -> Tuple[str, ...]:
    return tuple(g.name for g in GAMES.values() if ranking in (g.high, g.low))


# Each ranking lists the games that use it (one source: the GAMES table).
RANKINGS = {name: Ranking(**{**r.__dict__, "games": _games_of(name)}) for name, r in RANKINGS.items()}


def game(name: str) -> Game:
    """The game called ``name`` (or one of its aliases, any case); InvalidValueError
    for an unknown name."""
    key = str(name).lower()
    key = ALIASES.get(key, key)
    if key not in GAMES:
        raise InvalidValueError(f"unknown game {name!r}; one of {', '.join(GAMES)} (or {', '.join(ALIASES)})")
    return GAMES[key]
