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
_MAX_PLAYERS = 10
_MAX_ROUNDS = 4


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
        _need(self.blinds, players, "blind", "players", signed=True)
        if len(self.first_player) != rounds or any(p.__class__ is not int for p in self.first_player):
            raise InvalidValueError(f"firstPlayer needs {rounds} positions (one per round, 1-based in the text), "
                                    f"not {' '.join(str(p + 1) if isinstance(p, int) else repr(p) for p in self.first_player)}")
        _need(self.num_board_cards, rounds, "numBoardCards", "rounds")
        if self.stacks is not None:
            _need(self.stacks, players, "stack", "players", signed=True)
            if any(blind > stack for blind, stack in zip(self.blinds, self.stacks)):
                raise InvalidValueError(f"a blind is larger than its stack: blind {self.blinds}, stack {self.stacks}")
        if self.betting == "limit":
            if self.raise_sizes is None:
                raise InvalidValueError("a limit gamedef needs raiseSize (one per round)")
            _need(self.raise_sizes, rounds, "raiseSize", "rounds", signed=True)
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


def _need(values: Tuple[int, ...], count: int, key: str, what: str, signed: bool = False) -> None:
    if len(values) != count or any(value.__class__ is not int or not (_INT32_MIN <= value <= _INT32_MAX if signed
                                                                      else 0 <= value <= _UINT8_MAX)
                                   for value in values):
        kind = "32-bit integers" if signed else "integers 0..255"
        raise InvalidValueError(f"{key} needs {count} {kind} (one per {what[:-1]}), not {values}")


_INT32_MIN, _INT32_MAX, _UINT8_MAX = -2 ** 31, 2 ** 31 - 1, 255
_LONG_MAX = 2 ** 63 - 1
# The dealer's limits (project_acpc_server game.h) and its reading of a line: keys
# matched by prefix at the start of the line, in this order, numbers read with
# scanf after any spaces and '=' signs, up to the count of the key.
_MAX_PLAYERS_READ, _MAX_ROUNDS_READ = 10, 4
_PREFIXES = (("end gamedef", None), ("gamedef", None), ("stack", "stack"), ("blind", "blind"),
             ("raisesize", "raisesize"), ("limit", None), ("nolimit", None), ("numplayers", "numplayers"),
             ("numrounds", "numrounds"), ("firstplayer", "firstplayer"), ("maxraises", "maxraises"),
             ("numsuits", "numsuits"), ("numranks", "numranks"), ("numholecards", "numholecards"),
             ("numboardcards", "numboardcards"))
_SIGNED = {"stack", "blind", "raisesize"}
_COUNTS = {"stack": _MAX_PLAYERS_READ, "blind": _MAX_PLAYERS_READ, "raisesize": _MAX_PLAYERS_READ,
           "firstplayer": _MAX_ROUNDS_READ, "maxraises": _MAX_ROUNDS_READ, "numboardcards": _MAX_ROUNDS_READ}
_NUMBER = re.compile(r"[ \t\n\r\f\v=]*([+-]?[0-9]+)")
#: The longest number read (digits): the dealer's scanf saturates long before.
_MAX_DIGITS = 64


def _scanf_value(text: str, signed: bool) -> int:
    """What glibc's scanf stores for %d (int32) or %hhu (uint8) reading ``text``."""
    value = int(text)
    if signed:
        value = max(-_LONG_MAX - 1, min(_LONG_MAX, value))  # strtol saturates, then int32 truncates
        value &= 0xFFFFFFFF
        return value - (1 << 32) if value >= 1 << 31 else value
    magnitude = min(abs(value), 2 ** 64 - 1)  # strtoul saturates (a minus sign negates modulo 2**64)
    return (-magnitude if value < 0 else magnitude) % 256


def _read_items(rest: str, count: int, signed: bool, number: int) -> Tuple[int, ...]:
    items = []
    at = 0
    while len(items) < count:
        match = _NUMBER.match(rest, at)
        if match is None:
            break
        if len(match.group(1).lstrip("+-")) > _MAX_DIGITS:
            raise InvalidValueError(f"gamedef line {number}: a number of more than {_MAX_DIGITS} digits")
        items.append(_scanf_value(match.group(1), signed))
        at = match.end()
    return tuple(items)


def parse_gamedef(text: str) -> GameDef:
    """Read a game definition as the ACPC dealer reads it (project_acpc_server's
    ``readGame``): lines starting ``#`` and empty lines are skipped; a line is known by
    its first letters (case-insensitive: ``stack``, ``blind``, ``raiseSize``,
    ``limit``, ``nolimit``, ``numPlayers``, ``numRounds``, ``firstPlayer``,
    ``maxRaises``, ``numSuits``, ``numRanks``, ``numHoleCards``, ``numBoardCards``)
    and any other line is ignored (``ante``, OpenSpiel's ``bettingAbstraction``);
    numbers are read after spaces and ``=`` signs until something else (a ``#``
    comment, ``.0``) stops them; a key given again overwrites the first numbers; per-round
    lists may be short (``firstPlayer`` defaults to 1 and ``maxRaises`` to no cap);
    reading stops at ``END GAMEDEF`` or the end of the text. Then it refuses what the
    dealer refuses (too few stacks, blinds, raise sizes or board card counts, a blind
    above its stack, a first player outside the positions, ...), with InvalidValueError."""
    if not isinstance(text, str):
        raise InvalidValueError(f"a gamedef is text, not {type(text).__name__}")
    values: Dict[str, list] = {"stack": [_INT32_MAX] * 4, "firstplayer": [1] * 4, "maxraises": [_UINT8_MAX] * 4,
                               "blind": [], "raisesize": [], "numboardcards": []}
    read = {"stack": 4, "blind": 0, "raisesize": 0, "numboardcards": 0}
    ones = {"numplayers": 0, "numrounds": 0, "numsuits": 0, "numranks": 0, "numholecards": 0}
    betting = "limit"
    for number, line in enumerate(text.splitlines(keepends=True), 1):
        if line[:1] in ("#", "\n", ""):
            continue
        lower = line[:13].lower()
        key = next((name for prefix, name in _PREFIXES if lower.startswith(prefix)), False)
        if key is False:
            continue  # the dealer ignores lines it does not know
        if lower.startswith("end gamedef"):
            break
        if key is None:
            if lower.startswith("limit"):
                betting = "limit"
            elif lower.startswith("nolimit"):
                betting = "nolimit"
            continue
        prefix_length = len(next(prefix for prefix, name in _PREFIXES if name == key))
        signed = key in _SIGNED
        items = _read_items(line[prefix_length:], _COUNTS.get(key, 1), signed, number)
        if key in ones:
            if items:
                ones[key] = items[0]
            continue
        stored = values[key]
        stored[:len(items)] = items
        if key in read:
            read[key] = len(items)
    players, rounds = ones["numplayers"], ones["numrounds"]
    if not 1 <= rounds <= _MAX_ROUNDS:
        raise InvalidValueError(f"invalid number of rounds: {rounds} (numRounds is 1..{_MAX_ROUNDS})")
    if not 2 <= players <= _MAX_PLAYERS:
        raise InvalidValueError(f"invalid number of players: {players} (numPlayers is 2..{_MAX_PLAYERS})")
    for key, name, need in (("stack", "stack sizes", players), ("blind", "blinds", players),
                            ("raisesize", "raise sizes", rounds if betting == "limit" else 0),
                            ("numboardcards", "board card numbers", rounds)):
        if read[key] < need:
            raise InvalidValueError(f"only read {read[key]} {name}, need {need}"
                                    + (" (the dealer needs a stack line for more than 4 players)"
                                       if key == "stack" else ""))
    stacks = tuple(values["stack"][:players])
    max_raises = tuple(values["maxraises"][:rounds])
    return GameDef(betting=betting, num_players=players, num_rounds=rounds, blinds=tuple(values["blind"][:players]),
                   first_player=tuple(p - 1 for p in values["firstplayer"][:rounds]), num_suits=ones["numsuits"],
                   num_ranks=ones["numranks"], num_hole_cards=ones["numholecards"],
                   num_board_cards=tuple(values["numboardcards"][:rounds]),
                   stacks=None if all(stack == _INT32_MAX for stack in stacks) else stacks,
                   raise_sizes=tuple(values["raisesize"][:rounds]) if betting == "limit" else None,
                   max_raises=None if all(cap == _UINT8_MAX for cap in max_raises) else max_raises)


def format_gamedef(gamedef: GameDef) -> str:
    """The definition as the server prints it (the standard ``.game`` files' layout)."""

    def numbers(values: Tuple[int, ...]) -> str:
        return " ".join(map(str, values))

    lines = ["GAMEDEF", gamedef.betting, f"numPlayers = {gamedef.num_players}", f"numRounds = {gamedef.num_rounds}"]
    if gamedef.stacks is not None:
        lines.append(f"stack = {numbers(gamedef.stacks)}")
    elif gamedef.num_players > 4:
        # The dealer assumes unlimited stacks for 4 positions only: spell them out.
        lines.append(f"stack = {numbers((UNLIMITED_STACK,) * gamedef.num_players)}")
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


#: The largest gamedef file read (bytes): the standard ones are a few hundred.
MAX_GAMEDEF_BYTES = 1 << 20


def read_gamedef(path: Union[str, Path]) -> GameDef:
    """Read a ``.game`` file (InvalidValueError for a missing file, a directory, a
    device or anything over :data:`MAX_GAMEDEF_BYTES`, or text that is not UTF-8)."""
    try:
        with open(path, "rb") as file:
            if not Path(path).is_file():
                raise InvalidValueError(f"the gamedef {str(path)!r} is not a regular file")
            data = file.read(MAX_GAMEDEF_BYTES + 1)
    except OSError as error:
        raise InvalidValueError(f"cannot read the gamedef {str(path)!r}: {error.strerror or error}") from None
    if len(data) > MAX_GAMEDEF_BYTES:
        raise InvalidValueError(f"the gamedef {str(path)!r} is over {MAX_GAMEDEF_BYTES} bytes")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise InvalidValueError(f"the gamedef {str(path)!r} is not UTF-8 text (byte {error.start})") from None
    return parse_gamedef(text)


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
        if gamedef.stacks is not None and any(stack != UNLIMITED_STACK for stack in gamedef.stacks):
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
