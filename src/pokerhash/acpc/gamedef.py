"""ACPC game definitions (``GAMEDEF ... END GAMEDEF``) read, written and mapped onto the engine.

The Annual Computer Poker Competition's server describes a game by a small text block
of ``key = values`` lines (keys case-insensitive, ``#`` starts a comment line)::

    GAMEDEF
    limit
    numPlayers = 2
    numRounds = 4
    blind = 10 5
    raiseSize = 10 10 20 20
    firstPlayer = 2 1 1 1
    maxRaises = 3 4 4 4
    numSuits = 4
    numRanks = 13
    numHoleCards = 2
    numBoardCards = 0 3 1 1
    END GAMEDEF

Players are *positions* 0..n-1; ``blind``, ``stack`` are per position, ``raiseSize``,
``firstPlayer`` (1-based in the text), ``maxRaises`` and ``numBoardCards`` per round.
:class:`GameDef` holds any definition the server accepts; :meth:`GameDef.engine`
maps the standard 52-card Hold'em games onto :mod:`pokerhash.engine` (position p is
seat p, the button is seat n-1) and refuses, naming the reason, what the engine would
play differently.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Dict, Optional, Tuple, Union

from ..betting import Limit
from ..errors import InvalidValueError
from ..engine import HOLDEM, Hand, Stakes, Variant

__all__ = ["AcpcGame", "GameDef", "parse_gamedef", "format_gamedef", "read_gamedef"]

#: What a limit game's stacks are when the definition gives none: the server's INT32_MAX.
UNLIMITED_STACK = 2 ** 31 - 1
#: maxRaises when the definition gives none: the server's UINT8_MAX, i.e. no cap.
_NO_CAP = 255
_MAX_PLAYERS = 10
_MAX_ROUNDS = 4

# The keys (case-insensitive), by the GameDef field they fill.
_LIST_KEYS = {"stack": "stacks", "blind": "blinds", "raisesize": "raise_sizes", "firstplayer": "first_player",
              "maxraises": "max_raises", "numboardcards": "num_board_cards"}
_ONE_KEYS = {"numplayers": "num_players", "numrounds": "num_rounds", "numsuits": "num_suits",
             "numranks": "num_ranks", "numholecards": "num_hole_cards"}
_KEY = re.compile(r"([A-Za-z]+)\s*(?:=\s*)?(.*)")


@dataclass(frozen=True)
class GameDef:
    """An ACPC game definition. ``first_player`` is 0-based here (the text is 1-based);
    ``stacks`` None means the server's unlimited stacks (limit games), ``max_raises``
    None no cap; ``raise_sizes`` is None in no-limit games."""

    betting: str
    num_players: int
    num_rounds: int
    blinds: Tuple[int, ...]
    first_player: Tuple[int, ...]
    num_suits: int
    num_ranks: int
    num_hole_cards: int
    num_board_cards: Tuple[int, ...]
    stacks: Optional[Tuple[int, ...]] = None
    raise_sizes: Optional[Tuple[int, ...]] = None
    max_raises: Optional[Tuple[int, ...]] = None

    def __post_init__(self) -> None:
        if self.betting not in ("limit", "nolimit"):
            raise InvalidValueError(f"a gamedef's betting is 'limit' or 'nolimit', not {self.betting!r}")
        players, rounds = self.num_players, self.num_rounds
        if not 2 <= players <= _MAX_PLAYERS:
            raise InvalidValueError(f"numPlayers must be 2..{_MAX_PLAYERS}, not {players}")
        if not 1 <= rounds <= _MAX_ROUNDS:
            raise InvalidValueError(f"numRounds must be 1..{_MAX_ROUNDS}, not {rounds}")
        _need(self.blinds, players, "blind", "players")
        _need(self.first_player, rounds, "firstPlayer", "rounds")
        _need(self.num_board_cards, rounds, "numBoardCards", "rounds")
        if self.stacks is not None:
            _need(self.stacks, players, "stack", "players")
            if any(blind > stack for blind, stack in zip(self.blinds, self.stacks)):
                raise InvalidValueError(f"a blind is larger than its stack: blind {self.blinds}, stack {self.stacks}")
        if self.betting == "limit":
            if self.raise_sizes is None:
                raise InvalidValueError("a limit gamedef needs raiseSize (one per round)")
            _need(self.raise_sizes, rounds, "raiseSize", "rounds")
        elif self.raise_sizes is not None:
            raise InvalidValueError("raiseSize belongs to limit gamedefs; a nolimit raise names its size")
        if self.max_raises is not None:
            _need(self.max_raises, rounds, "maxRaises", "rounds")
        if any(not 0 <= first < players for first in self.first_player):
            raise InvalidValueError(f"firstPlayer must name positions 1..{players}, not "
                                    f"{' '.join(str(p + 1) for p in self.first_player)}")
        if not 1 <= self.num_suits <= 4 or not 1 <= self.num_ranks <= 13 or not 1 <= self.num_hole_cards <= 3:
            raise InvalidValueError(f"numSuits 1..4, numRanks 1..13, numHoleCards 1..3, not {self.num_suits}, "
                                    f"{self.num_ranks}, {self.num_hole_cards}")
        if players * self.num_hole_cards + sum(self.num_board_cards) > self.num_suits * self.num_ranks:
            raise InvalidValueError("too many hole and board cards for the deck")

    @property
    def is_limit(self) -> bool:
        return self.betting == "limit"

    def engine(self) -> AcpcGame:
        """This game on the engine (InvalidValueError naming what the engine cannot play)."""
        return _engine_game(self)

    def __str__(self) -> str:
        return format_gamedef(self)


def _need(values: Tuple[int, ...], count: int, key: str, what: str) -> None:
    if len(values) != count or any(value.__class__ is not int or value < 0 for value in values):
        raise InvalidValueError(f"{key} needs {count} non-negative integers (one per {what[:-1]}), not {values}")


def parse_gamedef(text: str) -> GameDef:
    """Read a game definition, ``GAMEDEF`` to ``END GAMEDEF`` (the ``GAMEDEF`` line is optional, as
    for the server). Extra numbers after the ones the game needs are refused."""
    ones: Dict[str, int] = {}
    lists: Dict[str, Tuple[int, ...]] = {}
    betting = None
    ended = False
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        lower = line.lower()
        if lower.startswith("end gamedef"):
            ended = True
            break
        if lower == "gamedef":
            continue
        if lower in ("limit", "nolimit"):
            betting = lower
            continue
        match = _KEY.fullmatch(line)
        if match is None or (match.group(1).lower() not in _LIST_KEYS and match.group(1).lower() not in _ONE_KEYS):
            raise InvalidValueError(f"gamedef line {number}: unknown line {raw!r}")
        name, key = match.group(1), match.group(1).lower()
        if _ONE_KEYS.get(key) in ones or _LIST_KEYS.get(key) in lists:
            raise InvalidValueError(f"gamedef line {number}: {name} is given twice")
        try:
            values = tuple(int(word) for word in match.group(2).split())
        except ValueError:
            raise InvalidValueError(f"gamedef line {number}: {raw!r} needs whole numbers") from None
        if key in _ONE_KEYS:
            if len(values) != 1:
                raise InvalidValueError(f"gamedef line {number}: {name} takes one number, not {raw!r}")
            ones[_ONE_KEYS[key]] = values[0]
        else:
            lists[_LIST_KEYS[key]] = values
    if not ended:
        raise InvalidValueError("a gamedef ends with an 'END GAMEDEF' line")
    if betting is None:
        raise InvalidValueError("a gamedef says 'limit' or 'nolimit'")
    for field, text_name in (("num_players", "numPlayers"), ("num_rounds", "numRounds"), ("num_suits", "numSuits"),
                             ("num_ranks", "numRanks"), ("num_hole_cards", "numHoleCards")):
        if field not in ones:
            raise InvalidValueError(f"the gamedef lacks {text_name}")
    for field, text_name in (("blinds", "blind"), ("num_board_cards", "numBoardCards")):
        if field not in lists:
            raise InvalidValueError(f"the gamedef lacks {text_name}")
    rounds = ones["num_rounds"]
    if not 1 <= rounds <= _MAX_ROUNDS:
        raise InvalidValueError(f"numRounds must be 1..{_MAX_ROUNDS}, not {rounds}")
    # The text numbers the first player from 1 (default 1), GameDef from 0.
    lists["first_player"] = tuple(p - 1 for p in lists.get("first_player", (1,) * rounds))
    max_raises: Optional[Tuple[int, ...]] = lists.pop("max_raises", None)
    if max_raises == (_NO_CAP,) * rounds:
        max_raises = None
    return GameDef(betting=betting, max_raises=max_raises, **ones, **lists)  # type: ignore[arg-type]


def format_gamedef(gamedef: GameDef) -> str:
    """The definition as the server prints it (the standard ``.game`` files' layout)."""

    def numbers(values: Tuple[int, ...]) -> str:
        return " ".join(map(str, values))

    lines = ["GAMEDEF", gamedef.betting, f"numPlayers = {gamedef.num_players}", f"numRounds = {gamedef.num_rounds}"]
    if gamedef.stacks is not None:
        lines.append(f"stack = {numbers(gamedef.stacks)}")
    lines.append(f"blind = {numbers(gamedef.blinds)}")
    if gamedef.raise_sizes is not None:
        lines.append(f"raiseSize = {numbers(gamedef.raise_sizes)}")
    if any(gamedef.first_player):
        lines.append(f"firstPlayer = {numbers(tuple(p + 1 for p in gamedef.first_player))}")
    if gamedef.max_raises is not None:
        lines.append(f"maxRaises = {numbers(gamedef.max_raises)}")
    lines += [f"numSuits = {gamedef.num_suits}", f"numRanks = {gamedef.num_ranks}",
              f"numHoleCards = {gamedef.num_hole_cards}", f"numBoardCards = {numbers(gamedef.num_board_cards)}",
              "END GAMEDEF"]
    return "\n".join(lines) + "\n"


def read_gamedef(path: Union[str, Path]) -> GameDef:
    """Read a ``.game`` file."""
    return parse_gamedef(Path(path).read_text(encoding="utf-8"))


@dataclass(frozen=True)
class AcpcGame:
    """A :class:`GameDef` on the engine: the variant, the stakes and the stacks by
    position. Position p plays seat p and the button is seat n-1, so the engine's
    order from left of the button is the ACPC position order."""

    gamedef: GameDef
    variant: Variant
    stakes: Stakes
    stacks: Tuple[int, ...]

    @property
    def button(self) -> int:
        return len(self.stacks) - 1

    def new_hand(self, **kwargs: object) -> Hand:
        """A fresh hand at full stacks (ACPC resets the stacks every hand); ``kwargs``
        go to :class:`~pokerhash.engine.Hand` (``deal="caller"``, ``seed=...``)."""
        return Hand(self.variant, dict(enumerate(self.stacks)), button=self.button, stakes=self.stakes,
                    **kwargs)  # type: ignore[arg-type]


def _engine_game(gamedef: GameDef) -> AcpcGame:
    deal = (gamedef.num_suits, gamedef.num_ranks, gamedef.num_hole_cards, gamedef.num_board_cards)
    if deal != (4, 13, 2, (0, 3, 1, 1)):
        raise InvalidValueError(
            f"the engine plays ACPC Hold'em (numSuits 4, numRanks 13, numHoleCards 2, numBoardCards 0 3 1 1), not "
            f"{gamedef.num_suits}, {gamedef.num_ranks}, {gamedef.num_hole_cards}, "
            f"{' '.join(map(str, gamedef.num_board_cards))}")
    players = gamedef.num_players
    if players > HOLDEM.max_players:
        raise InvalidValueError(f"the engine seats at most {HOLDEM.max_players} Hold'em players, not {players}")
    blinds = gamedef.blinds
    big = max(blinds)
    if not big:
        raise InvalidValueError("the engine plays Hold'em with blinds; this gamedef has none")
    # The engine posts blinds from left of the button (heads-up: the button posts the
    # small one), so its blinds are the gamedef's in posting order.
    # (_check_order then checks that the engine posts them where the gamedef does).
    posted = (blinds[1], blinds[0]) if players == 2 else blinds
    stakes = Stakes(blinds=tuple(blind for blind in posted if blind)[:2])
    variant = HOLDEM
    if gamedef.is_limit:
        if gamedef.stacks is not None:
            # Short all-ins in fixed limit follow the half-bet rule here (rules: Betting), not the server's.
            raise InvalidValueError(f"the engine plays ACPC limit games on the server's unlimited stacks, not "
                                    f"stack {' '.join(map(str, gamedef.stacks))}")
        stakes, variant = _limit_stakes(gamedef, stakes, big)
        stacks = (UNLIMITED_STACK,) * players
    else:
        if gamedef.max_raises is not None:
            raise InvalidValueError(f"the engine caps no raises in no-limit: maxRaises {gamedef.max_raises}")
        stacks = (UNLIMITED_STACK,) * players if gamedef.stacks is None else gamedef.stacks
        if players > 2 and len(set(stacks)) > 1:
            # Unequal stacks let a short all-in stand below a later raise, where the
            # engine's reopening rule (rules: Betting) and the ACPC server differ.
            raise InvalidValueError(f"no-limit with 3+ players plays on equal stacks here, not {stacks}")
    game = AcpcGame(gamedef, variant, stakes, tuple(stacks))
    _check_order(game)
    return game


def _limit_stakes(gamedef: GameDef, stakes: Stakes, big: int) -> Tuple[Stakes, Variant]:
    sizes = gamedef.raise_sizes or ()  # a limit GameDef always has them
    small_bet = sizes[0]
    big_bet_street = next((i for i, size in enumerate(sizes) if size != small_bet), len(sizes))
    if any(size != sizes[-1] for size in sizes[big_bet_street:]) or sizes[-1] < small_bet:
        raise InvalidValueError(f"the engine's fixed limit has a small then a big bet, not raiseSize {sizes}")
    if big < small_bet:
        raise InvalidValueError(f"the big blind {big} must be at least the first raise size {small_bet}: "
                                "the engine counts it as the first bet")
    caps = gamedef.max_raises
    if caps is None:
        max_bets = None
    else:
        # ACPC counts raises, the engine bets: preflop the big blind is the first bet.
        max_bets = caps[1] if len(caps) > 1 else caps[0] + 1
        if caps[0] + 1 != max_bets or any(cap != max_bets for cap in caps[1:]):
            raise InvalidValueError(f"the engine caps every round at the same number of bets (the big blind "
                                    f"counts preflop: maxRaises n-1 n n n), not maxRaises {caps}")
    stakes = dataclasses.replace(stakes, small_bet=small_bet, big_bet=sizes[-1], max_bets=max_bets)
    variant = dataclasses.replace(HOLDEM.with_limit(Limit.FIXED_LIMIT), big_bet_street=big_bet_street)
    return stakes, variant


def _check_order(game: AcpcGame) -> None:
    """The engine's own blinds and first players must be the gamedef's: a probe hand
    posts them and says who acts first."""
    gamedef = game.gamedef
    hand = game.new_hand(deal="caller", log=False)
    posted = tuple(hand.contributed[p] for p in range(gamedef.num_players))
    if posted != gamedef.blinds:
        raise InvalidValueError(f"the engine posts blinds {' '.join(map(str, posted))} by position for "
                                f"{game.stakes.blinds}, not blind {' '.join(map(str, gamedef.blinds))}")
    for position in range(gamedef.num_players):
        hand.deal([2 * position, 2 * position + 1])
    first = hand.pending.seat
    assert first is not None  # the probe hand waits for a decision: nobody has acted
    # After the first round the engine starts left of the button: position 0.
    expected = (first,) + (0,) * (gamedef.num_rounds - 1)
    if gamedef.first_player != expected:
        raise InvalidValueError(f"the engine plays firstPlayer {' '.join(str(p + 1) for p in expected)} with these "
                                f"blinds, not {' '.join(str(p + 1) for p in gamedef.first_player)}")
