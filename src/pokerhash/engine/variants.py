"""Every game of the rules as a small value (rules: The games and their flow; Other games).

A :class:`Variant` says what the one engine (:class:`pokerhash.engine.Hand`) needs
to play a game: the deck, the streets (cards dealt face down, face up or to the
board, burns, draws), who acts first, the forced bets it uses, how hands are valued
(high, and low in hi/lo games), the opening requirement and the betting limit. No
game has code of its own: a new game is a new value built from the same parts, for
example Big O, five-card Omaha hi/lo::

    BIG_O = dataclasses.replace(PLO5, name="Big O", low=OMAHA_LOW8)
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence, Tuple

from ..betting import Limit
from ..errors import InvalidValueError
from ..evaluators.catalog import GAMES, RANKINGS
from ..evaluators.turkish import can_open_turkish, turkish_deck
from .draw import auto_draw

__all__ = [
    "A5_LOW",
    "BIG_O",
    "DEUCE7_LOW",
    "DEUCE7_SINGLE_DRAW",
    "DEUCE7_TRIPLE_DRAW",
    "BADUGI",
    "BADUGI_LOW",
    "RAZZ",
    "SHORTDECK",
    "SHORTDECK_HIGH",
    "SHORTDECK_HIGH_CLASSIC",
    "FIVE_CARD_DRAW",
    "HIGH",
    "HOLDEM",
    "LOW8",
    "OMAHA_HIGH",
    "OMAHA_HI_LO",
    "OMAHA_LOW8",
    "PLO",
    "PLO5",
    "PLO6",
    "STUD",
    "STUD_HI_LO",
    "TURKISH",
    "TURKISH_OPENERS",
    "TURKISH_POKER",
    "VARIANTS",
    "Evaluation",
    "FirstToAct",
    "Forced",
    "Opening",
    "Street",
    "Variant",
]


@dataclass(frozen=True)
class Evaluation:
    """How a hand is valued: ``value(hole, board, lowest_rank)`` is an int, higher is
    better (0 = no qualifying low), and ``describe(value)`` names it in English.

    ``lowest_rank`` is the deck's lowest rank as the rules write it (2 for a full deck;
    rules: Turkish deck size); only stripped-deck games use it. The built-in
    evaluations are the rankings of :mod:`pokerhash.evaluators.catalog`
    (:meth:`of`); functions are module-level so that a variant pickles (for process
    pools and Dask).
    """

    name: str
    value: Callable[[Tuple[int, ...], Tuple[int, ...], int], int]
    describe: Callable[[int], str]

    @classmethod
    def of(cls, ranking: str, name: Optional[str] = None) -> Evaluation:
        """The evaluation of the catalogue's ranking ``ranking`` (named ``name``)."""
        r = RANKINGS[ranking]
        return cls(name or r.name, r.value, r.describe)


#: Best five of all the player's cards and the board (Hold'em, stud, draw; rules: Standard hand ranking).
HIGH = Evaluation.of("high")
#: Exactly two hole cards and three board cards (rules: Games that pick five cards from more).
OMAHA_HIGH = Evaluation.of("omaha", "omaha high")
#: Eight-or-better low, any five cards (stud hi/lo; rules: Low hands: eight or better).
LOW8 = Evaluation.of("low8", "low 8")
#: Eight-or-better low with Omaha's two-plus-three (rules: Low hands: eight or better).
OMAHA_LOW8 = Evaluation.of("omaha-low8", "omaha low 8")
#: The five cards held, ranked by the rules' Turkish poker (never ties).
TURKISH = Evaluation.of("turkish")
#: Short-deck high, best five of seven: flush over full house, trips over straight (rules: Other games).
SHORTDECK_HIGH = Evaluation.of("shortdeck", "short-deck high")
#: Short-deck high with the straight above three of a kind (the older rooms' order).
SHORTDECK_HIGH_CLASSIC = Evaluation.of("shortdeck-classic", "short-deck high, straight over trips")
#: A-5 low of the best five cards, the whole pot (razz; rules: Other games).
A5_LOW = Evaluation.of("a5-low", "a-5 low")
#: 2-7 low of the five cards held (rules: Other games).
DEUCE7_LOW = Evaluation.of("deuce7", "2-7 low")
#: Badugi of the four cards held: the largest badugi, then the lowest (rules: Other games).
BADUGI_LOW = Evaluation.of("badugi")


@dataclass(frozen=True)
class Opening:
    """An opening requirement of the first betting round (Turkish poker; rules: Turkish poker).

    ``allows(hole, lowest_rank)`` says whether a player's cards may open; a bet
    without them is an illegal action. If nobody opens, the hands are dead, the pot
    stays, everyone antes again and new hands are dealt; after the draw the opener
    acts first.
    """

    name: str
    allows: Callable[[Tuple[int, ...], int], bool]


def kings_or_better(hole: Tuple[int, ...], lowest_rank: int) -> bool:
    """:attr:`TURKISH_OPENERS`' test: :func:`~pokerhash.evaluators.turkish.can_open_turkish`
    of the hole cards in the deck from ``lowest_rank`` (the engine calls that compiled
    check directly when a variant's opening is this one)."""
    return can_open_turkish(hole, lowest_rank=lowest_rank)


_kings_or_better = kings_or_better  # its earlier name: pickled variants refer to it


#: A pair of kings or better opens (rules: Turkish poker).
TURKISH_OPENERS = Opening("a pair of kings or better", kings_or_better)


@dataclass(frozen=True)
class Street:
    """What is dealt before one betting round, in dealing order.

    ``hole`` face-down and ``up`` face-up cards to each player (one card at a time
    from left of the button), ``board`` community cards after a ``burn`` (rules: The games and their flow),
    or a draw in which each player may replace up to ``draw`` cards (a burn first).
    """

    hole: int = 0
    up: int = 0
    board: int = 0
    draw: int = 0
    burn: bool = False


class Forced(str, enum.Enum):
    """The forced bets of a game: blinds (Hold'em, Omaha, draw), antes with a stud
    bring-in, or antes only (Turkish). Antes are allowed in every game."""

    BLINDS = "blinds"
    BRING_IN = "bring-in"
    ANTES = "antes"


_BRING_IN = Forced.BRING_IN


class FirstToAct(str, enum.Enum):
    """Who starts the betting after the first round (rules: Turkish poker; The games and their flow): the first active
    player left of the button, or stud's best showing hand."""

    POSITION = "position"
    SHOWING = "showing"


#: The most players a draw game seats with the room option ``large_draw_tables``
#: (:class:`~pokerhash.engine.Options`): online rooms deal five-card draw, 2-7 and
#: badugi up to eight-handed, the stub rule reshuffling the discards when the stub
#: runs out (rules: The games and their flow, draws).
LARGE_DRAW_TABLE = 8


@dataclass(frozen=True)
class Variant:
    """A game. Read by the engine only; build new games with ``dataclasses.replace``.

    ``deck_ranks`` fixes a stripped deck's lowest rank (the rules write (Turkish deck size) 6 for six to
    ace); ``deck_by_players`` strips it by the number of players instead (Turkish
    poker). ``max_players`` caps the table (the deck may cap it lower: see
    :meth:`player_limits`). ``big_bet_street`` is the first betting round played
    for the big bet in fixed limit; ``razz`` switches stud's bring-in and showing
    order to lows. ``auto_draw(cards, lowest_rank)`` names the cards a player whose
    time runs out discards (``lowest_rank``: the deck's, see
    :func:`pokerhash.engine.draw.auto_draw`).
    """

    name: str
    streets: Tuple[Street, ...]
    high: Optional[Evaluation] = HIGH
    low: Optional[Evaluation] = None
    limit: Limit = Limit.NO_LIMIT
    forced: Forced = Forced.BLINDS
    first_to_act: FirstToAct = FirstToAct.POSITION
    opening: Optional[Opening] = None
    deck_ranks: int = 2
    deck_by_players: bool = False
    max_players: int = 10
    big_bet_street: int = 2
    razz: bool = False
    auto_draw: Optional[Callable[[Sequence[int], int], Tuple[int, ...]]] = None

    def __post_init__(self) -> None:
        if not self.streets or not (self.streets[0].hole or self.streets[0].up):
            raise InvalidValueError(f"{self.name}: the first street must deal cards to the players")
        if self.high is None and self.low is None:
            raise InvalidValueError(f"{self.name}: a game needs a high or a low evaluation")

    def with_limit(self, limit: Limit) -> Variant:
        """The same game with another betting limit (no-limit, pot-limit, fixed-limit)."""
        return replace(self, limit=Limit(limit))

    @property
    def is_stud(self) -> bool:
        return self.forced is _BRING_IN  # a module constant: Enum.MEMBER is a slow lookup

    @property
    def has_board(self) -> bool:
        return any(street.board for street in self.streets)

    @property
    def cards_per_player(self) -> int:
        return sum(street.hole + street.up for street in self.streets)

    def deck(self, players: int, four_players_use_36_cards: bool = True) -> Tuple[int, ...]:
        """The cards in play for ``players`` players (rules: Cards; Turkish deck size; Other games)."""
        if self.deck_by_players:
            return tuple(turkish_deck(players, four_players_use_36_cards))
        return tuple(range((self.deck_ranks - 2) * 4, 52))

    def lowest_rank(self, players: int, four_players_use_36_cards: bool = True) -> int:
        """The deck's lowest rank as the rules write (Turkish deck size) it (2 for the full deck)."""
        return self.deck(players, four_players_use_36_cards)[0] // 4 + 2

    @property
    def is_draw(self) -> bool:
        """A game with draws (five-card draw, Turkish poker, 2-7, badugi)."""
        return any(street.draw for street in self.streets)

    def fits(self, players: int, large_draw_tables: bool = False) -> bool:
        """Whether the deck can deal a hand to ``players`` (rules: The games and their flow):
        hole cards × players + board + burns must fit; draws reuse the discards (the
        stub rule) and stud's seventh card may be a community card, so only the cards
        dealt before the first draw or seventh street count. ``large_draw_tables``: the
        room option (:class:`~pokerhash.engine.Options`) that seats a draw game of the
        full deck up to :data:`LARGE_DRAW_TABLE` players, as online rooms do."""
        most = self.max_players
        if large_draw_tables and self.is_draw and not self.deck_by_players:
            most = max(most, LARGE_DRAW_TABLE)
        if not 2 <= players <= most:
            return False
        needed = 0
        for index, street in enumerate(self.streets):
            if street.draw or (self.is_stud and index == len(self.streets) - 1):
                break
            needed += (street.hole + street.up) * players + street.board + street.burn
        return needed <= len(self.deck(players))

    def player_limits(self, large_draw_tables: bool = False) -> Tuple[int, int]:
        """The fewest and most players this game seats (``large_draw_tables``: see :meth:`fits`)."""
        most = max(n for n in range(2, max(self.max_players, LARGE_DRAW_TABLE) + 1)
                   if self.fits(n, large_draw_tables))
        return 2, most


_FLOP_STREETS = (Street(board=3, burn=True), Street(board=1, burn=True), Street(board=1, burn=True))


def _flop_game(name: str, hole: int, high: Evaluation, low: Optional[Evaluation], limit: Limit) -> Variant:
    return Variant(name, (Street(hole=hole),) + _FLOP_STREETS, high, low, limit)


#: Texas Hold'em (no-limit by default; ``with_limit`` for pot-limit or fixed-limit).
HOLDEM = _flop_game("Texas Hold'em", 2, HIGH, None, Limit.NO_LIMIT)
#: Pot-limit Omaha with four, five and six hole cards (any limit).
PLO = _flop_game("Omaha", 4, OMAHA_HIGH, None, Limit.POT_LIMIT)
PLO5 = replace(_flop_game("Five-card Omaha", 5, OMAHA_HIGH, None, Limit.POT_LIMIT), max_players=8)
PLO6 = replace(_flop_game("Six-card Omaha", 6, OMAHA_HIGH, None, Limit.POT_LIMIT), max_players=7)
#: Omaha hi/lo eight or better (pot-limit by default; any limit).
OMAHA_HI_LO = _flop_game("Omaha hi/lo", 4, OMAHA_HIGH, OMAHA_LOW8, Limit.POT_LIMIT)
#: Big O: five-card Omaha hi/lo, composed from the same parts.
BIG_O = replace(PLO5, name="Big O", low=OMAHA_LOW8)

_STUD_STREETS = (Street(hole=2, up=1), Street(up=1, burn=True), Street(up=1, burn=True), Street(up=1, burn=True),
                 Street(hole=1, burn=True))
#: Seven-card stud, fixed limit (rules: The games and their flow).
STUD = Variant("Seven-card stud", _STUD_STREETS, HIGH, None, Limit.FIXED_LIMIT, Forced.BRING_IN, FirstToAct.SHOWING,
               max_players=8)
#: Seven-card stud hi/lo eight or better (no open-pair option; rules: The games and their flow).
STUD_HI_LO = replace(STUD, name="Seven-card stud hi/lo", low=LOW8)

#: Five-card draw with blinds, one draw of up to five cards (any limit).
FIVE_CARD_DRAW = Variant("Five-card draw", (Street(hole=5), Street(draw=5, burn=True)), HIGH, None, Limit.NO_LIMIT,
                         max_players=5, big_bet_street=1, auto_draw=auto_draw)
#: Turkish poker: stripped deck by players, antes, kings to open, one draw of up
#: to four cards, pot-limit by default (rules: Turkish poker).
TURKISH_POKER = Variant("Turkish poker", (Street(hole=5), Street(draw=4, burn=True)), TURKISH, None, Limit.POT_LIMIT,
                        Forced.ANTES, opening=TURKISH_OPENERS, deck_by_players=True, max_players=5, big_bet_street=1,
                        auto_draw=auto_draw)

#: Short-deck (6+) Hold'em: 36 cards, Hold'em's flow, Triton ranking (rules: Other games); play it
#: with antes and a button blind (``Stakes(ante=..., button_blind=...)``) or blinds.
SHORTDECK = replace(HOLDEM, name="Short-deck Hold'em", high=SHORTDECK_HIGH, deck_ranks=6)
#: Razz: seven-card stud for the A-5 low only (rules: Other games).
RAZZ = replace(STUD, name="Razz", high=A5_LOW, razz=True)
_DRAW = Street(draw=5, burn=True)
_BADUGI_DRAW = Street(draw=4, burn=True)
#: 2-7 single draw, no-limit, blinds (rules: Other games).
DEUCE7_SINGLE_DRAW = Variant("2-7 single draw", (Street(hole=5), _DRAW), DEUCE7_LOW, None, Limit.NO_LIMIT,
                             max_players=6, big_bet_street=1)
#: 2-7 triple draw, fixed limit: small bet on the first two rounds (rules: Other games).
DEUCE7_TRIPLE_DRAW = Variant("2-7 triple draw", (Street(hole=5), _DRAW, _DRAW, _DRAW), DEUCE7_LOW, None,
                             Limit.FIXED_LIMIT, max_players=6, big_bet_street=2)
#: Badugi, fixed-limit triple draw with blinds, four cards, 2-6 players (rules: Other games; The games and their flow).
BADUGI = Variant("Badugi", (Street(hole=4), _BADUGI_DRAW, _BADUGI_DRAW, _BADUGI_DRAW), BADUGI_LOW, None,
                 Limit.FIXED_LIMIT, max_players=6, big_bet_street=2)

_BY_NAME = {
    "holdem": HOLDEM,
    "plo": PLO,
    "plo5": PLO5,
    "plo6": PLO6,
    "omaha-hi-lo": OMAHA_HI_LO,
    "big-o": BIG_O,
    "stud": STUD,
    "stud-hi-lo": STUD_HI_LO,
    "five-card-draw": FIVE_CARD_DRAW,
    "turkish": TURKISH_POKER,
    "short-deck": SHORTDECK,
    "razz": RAZZ,
    "2-7-single-draw": DEUCE7_SINGLE_DRAW,
    "2-7-triple-draw": DEUCE7_TRIPLE_DRAW,
    "badugi": BADUGI,
}
#: The built-in games by name, in the order of the game catalogue
#: (:data:`pokerhash.evaluators.catalog.GAMES`, whose rankings value their hands).
VARIANTS = {name: _BY_NAME[name] for name in GAMES}

