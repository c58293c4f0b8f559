"""Pot arithmetic (rules: Pots, splitting and rake): side pots, splits, odd chips and rake.

Pure functions over integer chips with no knowledge of cards: a player is a seat
number (any int), a hand's strength is an int where higher is stronger (for the
low as well, with 0 meaning "no qualifying low", rules: Low hands). Chips are never
created or lost: what :func:`side_pots` returns plus the uncalled chips equals
what was put in, and :func:`settle` pays out exactly the pots minus the rake, and
returns the uncalled chips in ``Settlement.uncalled``.
"""

from __future__ import annotations

import decimal
import enum
import math
import numbers
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Collection, Dict, List, Mapping, Optional, Sequence, Tuple, Union

from ._checks import as_chips, as_flag, as_int, is_int
from .errors import InvalidValueError

__all__ = [
    "Award",
    "OddChipRule",
    "Pot",
    "PotResult",
    "Pots",
    "RakeRule",
    "Reason",
    "Settlement",
    "settle",
    "rake_by_pot",
    "side_pots",
    "split_runs",
    "with_dead_money",
]


@dataclass(frozen=True)
class Pot:
    """One pot: its chips and the seats that may win it (ascending seat order)."""

    amount: int
    eligible: Tuple[int, ...]


@dataclass(frozen=True)
class Pots:
    """The result of :func:`side_pots`: the main pot first, then the side pots."""

    pots: Tuple[Pot, ...]
    #: The seat whose unmatched chips go back to it (rules: Pots, splitting and rake), or None.
    uncalled_seat: Optional[int] = None
    uncalled_amount: int = 0

    @property
    def total(self) -> int:
        return sum(pot.amount for pot in self.pots)

    @property
    def uncalled(self) -> Dict[int, int]:
        """The uncalled chips by seat ({} when none): ``Settlement.uncalled``."""
        return {self.uncalled_seat: self.uncalled_amount} if self.uncalled_seat is not None else {}


def side_pots(contributions: Union[Mapping[int, int], Sequence[int]], folded: Collection[int] = ()) -> Pots:
    """Split the chips each seat put in this hand into a main pot and side pots.

    ``contributions`` maps a seat to all the chips it put in during the hand
    (antes, blinds, bets), or lists them by seat 0, 1, 2... (as
    ``BettingRound.contributed`` does); ``folded`` lists the seats that folded, whose
    chips stay in the pots but who can win none. First the part of the largest
    contribution that nobody matched is returned to its owner; then every level at
    which a live player is all-in caps a pot, which only the live players who reached
    that level may win (rules: Pots, splitting and rake).
    """
    chips = {as_int(seat, "a seat"): as_chips(amount, "contribution of seat {}", seat)
             for seat, amount in _by_seat(contributions, "contributions")}
    folded = _seats(folded)
    unknown = set(folded) - set(chips)
    if unknown:
        raise InvalidValueError(f"folded seats {sorted(unknown)} have no contribution")
    if all(seat in folded for seat in chips):
        raise InvalidValueError("every seat folded: at least one player must remain to win the pot")
    return side_pots_checked(chips, folded)


_object_new = object.__new__


def frozen_new(cls, **fields):
    """An instance of the frozen dataclass ``cls`` with ``fields`` (every one of
    them), as ``cls(**fields)`` makes it but without running the generated
    ``__init__``: that is interpreted Python setting one field per call, and the
    engine builds several of these results at every hand. For classes without
    ``__post_init__`` only."""
    return _frozen(cls, fields)


def frozen_fields(cls, fields: dict):
    """:func:`frozen_new` with the fields in a dict (every one of them)."""
    made = _object_new(cls)
    made.__dict__.update(fields)
    return made


# Compiled, pots.pxd cimports _records.pxd's C new_frozen as _frozen (the same object
# in a sixth of the instructions); uncompiled, it is frozen_fields.
globals().setdefault("_frozen", frozen_fields)


def side_pots_checked(chips: Dict[int, int], folded: Collection[int]) -> Pots:
    """:func:`side_pots` of checked input, for callers that build it themselves (the
    engine, at every showdown): ``chips`` a fresh dict of seat to non-negative int
    (it is changed), ``folded`` seats among them, at least one seat not folded."""
    # Loops and list comprehensions rather than generator expressions here and in
    # _best/_split: compiled by Cython, a generator costs more than the work it does.
    live = sorted([seat for seat in chips if seat not in folded])
    uncalled_seat, uncalled_amount = _uncalled(chips)
    if uncalled_amount:
        chips[uncalled_seat] -= uncalled_amount

    pots: List[Pot] = []
    previous = 0
    puts = list(chips.values())
    for level in sorted({chips[seat] for seat in live}):
        amount = 0
        for put in puts:
            if put > previous:
                amount += (put if put < level else level) - previous
        if amount:
            pots.append(_frozen(Pot, {"amount": amount, "eligible": tuple([seat for seat in live if chips[seat] >= level])}))
        previous = level
    # Chips of folded players above every live player's level (possible only when a
    # folded player had matched more than anyone left) are dead money in the last pot.
    dead = 0
    for put in puts:
        if put > previous:
            dead += put - previous
    if dead:
        if pots:
            pots[-1] = Pot(pots[-1].amount + dead, pots[-1].eligible)
        else:
            pots.append(Pot(dead, tuple(live)))
    return _frozen(Pots, {"pots": tuple(pots), "uncalled_seat": uncalled_seat if uncalled_amount else None,
                          "uncalled_amount": uncalled_amount})


def top_excess(contributed: List[int]) -> Tuple[int, int]:
    """_uncalled in the players' order: the index of the single largest of
    ``contributed`` (the first of equals; -1 for none) and its excess over the next
    largest, the chips nobody called (0 when two put in the most)."""
    top = -1
    first = second = 0
    for i in range(len(contributed)):
        put = contributed[i]
        if top < 0 or put > first:
            top, first, second = i, put, first
        elif put > second:
            second = put
    return top, first - second


def side_pots_of(seats: Tuple[int, ...], contributed: List[int], folded: List[bool]) -> Pots:
    """:func:`side_pots_checked` of the engine's per-player lists (at every hand's end):
    the chips ``contributed[i]`` of seat ``seats[i]`` (distinct seats, non-negative ints
    within :data:`~pokerhash.errors.MAX_CHIPS` in all), ``folded[i]`` whether it folded
    (at least one has not). The same pots, found by index loops over the lists (C
    integers compiled: pots.pxd) rather than through a dict and a set of seats."""
    n = len(seats)
    top, uncalled = top_excess(contributed)
    puts = list(contributed)
    if uncalled:
        puts[top] -= uncalled
    # The live players' indexes in ascending seat order, and their distinct levels
    # ascending (insertion into short lists: a table has a handful of players).
    live: List[int] = []
    levels: List[int] = []
    for i in range(n):
        if folded[i]:
            continue
        seat = seats[i]
        k = len(live)
        while k > 0 and seats[live[k - 1]] > seat:
            k -= 1
        live.insert(k, i)
        put = puts[i]
        k = len(levels)
        while k > 0 and levels[k - 1] > put:
            k -= 1
        if k == 0 or levels[k - 1] != put:
            levels.insert(k, put)
    pots: List[Pot] = []
    previous = 0
    for level in levels:
        amount = 0
        for i in range(n):
            put = puts[i]
            if put > previous:
                amount += (put if put < level else level) - previous
        if amount:
            pots.append(_frozen(Pot, {"amount": amount,
                                      "eligible": tuple([seats[k] for k in live if puts[k] >= level])}))
        previous = level
    # Chips of folded players above every live player's level: dead money in the last pot.
    dead = 0
    for i in range(n):
        put = puts[i]
        if put > previous:
            dead += put - previous
    if dead:
        if pots:
            pots[-1] = Pot(pots[-1].amount + dead, pots[-1].eligible)
        else:
            pots.append(Pot(dead, tuple([seats[k] for k in live])))
    return _frozen(Pots, {"pots": tuple(pots), "uncalled_seat": seats[top] if uncalled else None,
                          "uncalled_amount": uncalled})


def with_dead_money(pots: Pots, dead: int, live: Sequence[int]) -> Pots:
    """``pots`` with ``dead`` chips that no seat put in as a bet (a dead blind, a
    missed blind posted dead) added to the main pot; with no pot yet, a main pot of the
    dead money alone that the ``live`` seats contest (rules: Pots, splitting and rake).
    Pure: ``pots`` is left as it was."""
    dead = as_chips(dead, "dead money")
    if not dead:
        return pots
    if not pots.pots:
        if not live:
            raise InvalidValueError("dead money needs at least one live seat to contest it")
        main = Pot(dead, tuple(sorted(live)))
        return Pots((main,), pots.uncalled_seat, pots.uncalled_amount)
    first = pots.pots[0]
    return Pots((Pot(first.amount + dead, first.eligible),) + pots.pots[1:], pots.uncalled_seat, pots.uncalled_amount)


def split_runs(pots: Sequence[Pot], rake: int, every_pot: bool = False, runs: int = 2) -> Tuple[Tuple[Pot, ...], ...]:
    """The pots of the runs when a hand is run twice (or ``runs`` times): the ``rake``
    comes off the pots (main pot first, or from every pot in proportion:
    :func:`rake_by_pot`), then each pot's rest is halved, the first run's half taking
    the odd chip (rules: The games and their flow); run ``runs`` times, each run gets
    an equal part and the chips left over go one each to the earliest runs. Each part
    is contested by the pot's eligible seats. Pure: returns each run's pots, in order."""
    rake = as_chips(rake, "rake")
    if type(runs) is not int or runs < 2:
        raise InvalidValueError(f"runs is a whole number of 2 or more, not {runs!r}")
    if rake > sum([pot.amount for pot in pots]):
        raise InvalidValueError(f"a rake of {rake} is more than the pots hold")
    parts: List[List[Pot]] = [[] for _ in range(runs)]
    for pot, taken in zip(pots, rake_by_pot([pot.amount for pot in pots], rake, every_pot)):
        share, over = divmod(pot.amount - taken, runs)
        for run in range(runs):
            parts[run].append(Pot(share + (run < over), pot.eligible))
    return tuple([tuple(run_pots) for run_pots in parts])


def rake_by_pot(amounts: Sequence[int], rake: int, every_pot: bool = False) -> List[int]:
    """The part of ``rake`` taken from each pot of ``amounts`` (main pot first; the
    rake is at most their sum). By default the main pot pays first, then the side pots
    in order (rules: Pots, splitting and rake); ``every_pot``: each pot pays in
    proportion to its chips, rounded to whole chips by the largest remainder (each pot
    pays the whole chips of its share, the chips left over go one each to the pots with
    the largest fractions, the earlier pot first on a tie), as some sites take it."""
    shares: List[int] = []
    total = sum(amounts)
    if not every_pot or not total:
        left = rake
        for amount in amounts:
            taken = amount if amount < left else left
            left -= taken
            shares.append(taken)
        return shares
    fractions = []
    for k, amount in enumerate(amounts):
        whole, part = divmod(rake * amount, total)
        shares.append(whole)
        fractions.append((-part, k))
    fractions.sort()
    for _, k in fractions[:rake - sum(shares)]:
        shares[k] += 1
    return shares


def _by_seat(values: object, what: str):
    """(seat, value) pairs of a mapping by seat, or of a sequence indexed by seat."""
    if isinstance(values, Mapping):
        return values.items()
    if isinstance(values, Sequence) and not isinstance(values, str):
        return enumerate(values)
    raise InvalidValueError(f"{what} must map seats to chips or list them by seat, not {values!r}")


def _seats(seats: object) -> List[int]:
    """A collection of seat numbers (not flags: ``[False, True]`` would mean seats 0 and 1)."""
    if isinstance(seats, (str, bytes, Mapping)) or not isinstance(seats, Collection):
        raise InvalidValueError(f"folded must list seat numbers, not {seats!r}")
    return [as_int(seat, "a folded seat") for seat in seats]


def _uncalled(chips: Mapping[int, int]) -> Tuple[Optional[int], int]:
    """The seat with the single largest contribution and how far it exceeds the next one."""
    top: Optional[int] = None
    first = second = 0
    for seat, put in chips.items():
        if top is None or put > first:
            top, first, second = seat, put, first
        elif put > second:
            second = put
    return top, first - second


def _rate(value: object) -> Fraction:
    """A rake rate (an int, Fraction, Decimal or float) as an exact fraction in 0..1."""
    finite = isinstance(value, (numbers.Rational, float, decimal.Decimal)) and not isinstance(value, bool)
    if not finite or (isinstance(value, (float, decimal.Decimal)) and not math.isfinite(value)):
        raise InvalidValueError(f"a rake rate is a number between 0 and 1 (e.g. 0.03 or Fraction(3, 100)), not {value!r}")
    # Floats go through their shortest repr so that 0.03 means 3/100, not the
    # binary fraction just below it that would round a 100-chip rake down to 2.
    rate = Fraction(repr(value)) if isinstance(value, float) else Fraction(value)  # type: ignore[arg-type]
    if not 0 <= rate <= 1:
        raise InvalidValueError(f"a rake rate must be between 0 and 1, not {value!r}")
    return rate


@dataclass(frozen=True)
class RakeRule:
    """How much of a hand's pot the house keeps (rules: Pots, splitting and rake).

    ``RakeRule()`` is the rule book's default: 1% of the pot when the hand was dealt
    heads-up, 3% with three or more players, no cap, rounded down to whole chips.
    ``cap`` is either one int or a mapping from a number of players dealt to the cap
    that applies from that many players up (``{2: 1, 3: 2, 5: 3}``); ``unit``
    rounds the rake down to a multiple of the smallest chip the house takes;
    ``no_flop_no_drop`` waives the rake on a hand that ended in its first betting
    round; ``every_pot`` takes the rake from every pot in proportion to its chips
    (:func:`rake_by_pot`) instead of the main pot first, then the side pots (the
    rules' default; some sites, e.g. iPoker and Entraction, take it so).
    """

    heads_up_rate: Fraction = Fraction(1, 100)
    multiway_rate: Fraction = Fraction(3, 100)
    cap: Union[None, int, Mapping[int, int], Tuple[Tuple[int, int], ...]] = None  # stored as int or sorted pairs
    unit: int = 1
    no_flop_no_drop: bool = False
    every_pot: bool = False

    def __post_init__(self) -> None:
        object.__setattr__(self, "heads_up_rate", _rate(self.heads_up_rate))
        object.__setattr__(self, "multiway_rate", _rate(self.multiway_rate))
        if isinstance(self.cap, (Mapping, tuple)):
            object.__setattr__(self, "cap", _caps(self.cap))
        elif self.cap is not None:
            object.__setattr__(self, "cap", as_chips(self.cap, "rake cap"))
        if as_chips(self.unit, "rake unit") == 0:
            raise InvalidValueError("the rake unit must be at least 1 chip")
        as_flag(self.no_flop_no_drop, "no_flop_no_drop")
        as_flag(self.every_pot, "every_pot")

    def cap_for(self, players_dealt: int) -> Optional[int]:
        """The cap that applies to a hand dealt to ``players_dealt`` players (None: no cap)."""
        if self.cap is None or isinstance(self.cap, int):
            return self.cap
        applicable = [cap for least, cap in self.cap if least <= players_dealt]
        return applicable[-1] if applicable else None

    def amount(self, pot: int, players_dealt: int, ended_first_round: bool = False) -> int:
        """The rake on a hand whose pots total ``pot`` chips."""
        pot = as_chips(pot, "the pot")
        _check_players_dealt(players_dealt)
        if as_flag(ended_first_round, "ended_first_round") and self.no_flop_no_drop:
            return 0
        rate = self.heads_up_rate if players_dealt == 2 else self.multiway_rate
        if type(rate) is Fraction:  # what __post_init__ stores (_rate)
            # int(pot * rate) as integers: the Fraction product is Python code (~1,500
            # instructions); the pot and the rate are not negative, so the floor of the
            # quotient is int()'s truncation.
            rake = pot * rate.numerator // rate.denominator // self.unit * self.unit
        else:
            rake = int(pot * rate) // self.unit * self.unit
        cap = self.cap_for(players_dealt)
        return rake if cap is None else min(rake, cap)


def _caps(cap: Union[Mapping[int, int], tuple]) -> Tuple[Tuple[int, int], ...]:
    """A cap by players dealt, {players: cap} or its (players, cap) pairs, as sorted pairs."""
    try:
        pairs = dict(cap)
    except (TypeError, ValueError):
        raise InvalidValueError(f"a rake cap is an int or a mapping {{players dealt: cap}}, not {cap!r}") from None
    return tuple(sorted((as_chips(n, "players dealt"), as_chips(c, "rake cap")) for n, c in pairs.items()))


def _check_players_dealt(players_dealt: object) -> int:
    if as_int(players_dealt, "players_dealt") < 2:
        raise InvalidValueError(f"a hand is dealt to at least 2 players, not {players_dealt}")
    return int(players_dealt)  # type: ignore[call-overload]


_ODD_ORDERS = ("left of button", "right of button", "lowest seat")


@dataclass(frozen=True)
class OddChipRule:
    """Who gets the chips of a split pot that do not divide evenly (rules: Pots,
    splitting and rake). ``OddChipRule()`` is the rule book's: every odd chip to the
    winner seated first left of the button, and the high half of a hi/lo pot takes the
    odd chip. Rooms differ where the rules are silent or otherwise:

    - ``order``: which winner comes first: ``"left of button"`` (the rules),
      ``"right of button"`` (the button itself, then counter-clockwise: the button's
      side of the table), ``"lowest seat"`` (the lowest seat number);
    - ``one_each``: several odd chips go one per winner in that order, instead of all
      to the first (the rules say nothing of several odd chips);
    - ``low_half``: a hi/lo pot's odd chip goes to the low half instead of the high;
    - ``unit``: the smallest chip a pot is split in (a table playing 5-cent chips
      splits $1.90 four ways as 0.50, 0.50, 0.45, 0.45: the odd chips are units; a
      rest smaller than a unit goes with the first of them).
    """

    order: str = "left of button"
    one_each: bool = False
    low_half: bool = False
    unit: int = 1

    def __post_init__(self) -> None:
        if self.order not in _ODD_ORDERS:
            raise InvalidValueError(f"an odd-chip order is one of {', '.join(map(repr, _ODD_ORDERS))}, "
                                    f"not {self.order!r}")
        as_flag(self.one_each, "one_each")
        as_flag(self.low_half, "low_half")
        if as_chips(self.unit, "odd-chip unit") == 0:
            raise InvalidValueError("the odd-chip unit must be at least 1 chip")

    @property
    def is_default(self) -> bool:
        return self == _DEFAULT_ODD


_DEFAULT_ODD = OddChipRule()
# The last odd-chip rule settle_checked asked is_default of, and its answer (see there).
_LAST_ODD: list = [None]
#: The rules' odd-chip rule (the engine's ``Options`` default: the same object, so
#: that a showdown tells it by identity).
DEFAULT_ODD_CHIPS = _DEFAULT_ODD


class Reason(str, enum.Enum):
    """Why a player received chips from a pot."""

    UNCONTESTED = "uncontested"  # the only player eligible for the pot
    HIGH = "high"  # best high hand: the whole pot, or its high half in hi/lo
    LOW = "low"  # best qualifying low: the low half in hi/lo


# Read per pot: a module constant is several times cheaper than Enum.MEMBER.
_UNCONTESTED, _HIGH, _LOW = Reason.UNCONTESTED, Reason.HIGH, Reason.LOW


@dataclass(frozen=True)
class Award:
    """Chips one seat won from one pot; ``split_ways`` > 1 when tied hands shared it."""

    seat: int
    amount: int
    reason: Reason
    split_ways: int = 1


@dataclass(frozen=True)
class PotResult:
    """How one pot was paid: its chips, the rake taken from it, and the awards."""

    pot: Pot
    rake: int
    awards: Tuple[Award, ...]


@dataclass(frozen=True)
class Settlement:
    """The result of :func:`settle`: per pot (main first) and per seat."""

    pots: Tuple[PotResult, ...]
    #: Chips won by each seat awarded a share of a pot, summed over the pots.
    payouts: Dict[int, int] = field(hash=False)
    rake: int = 0
    #: The uncalled chips that go back to their bettor, by seat (from the ``Pots``
    #: given to :func:`settle`; empty when it was given a plain sequence of pots).
    #: ``payouts`` + ``rake`` + ``uncalled`` is exactly every chip put in.
    uncalled: Dict[int, int] = field(default_factory=dict, hash=False)

    def __repr__(self) -> str:
        """A short table: each pot, its chips, who could win it and who did."""
        from .pictures.tables import settlement_text

        return settlement_text(self)


def settle(
    pots: Union[Pots, Sequence[Pot]],
    high: Mapping[int, int],
    *,
    button: int,
    low: Optional[Mapping[int, int]] = None,
    seat_order: Optional[Sequence[int]] = None,
    rake: Optional[RakeRule] = None,
    players_dealt: Optional[int] = None,
    ended_first_round: bool = False,
    odd_chips: OddChipRule = _DEFAULT_ODD,
) -> Settlement:
    """Pay each pot to its best hands (rules: Pots, splitting and rake).

    ``pots`` is what :func:`side_pots` returned (or a sequence of :class:`Pot`).
    ``high`` gives the high-hand value of every eligible seat of every contested pot,
    higher is stronger. In hi/lo games ``low`` gives each seat's low value, higher is
    better and **0 means no qualifying low** (as ``evaluate_low8`` returns); a pot
    nobody qualifies for low goes whole to the high. ``seat_order`` is the table's
    clockwise order of seats (default: ascending seat numbers) and ``button`` the
    dealer seat in it; together they decide who gets an odd chip. ``rake`` (None: no
    rake) needs ``players_dealt``; it is taken from the main pot first, then the side
    pots (or from every pot: ``RakeRule.every_pot``). ``odd_chips`` says who gets the
    chips a split leaves over (:class:`OddChipRule`; the default is the rules'). The
    uncalled chips of a ``Pots`` come back in ``Settlement.uncalled``.
    """
    if isinstance(pots, Pots):
        pot_list = pots.pots
    elif isinstance(pots, Sequence) and all(isinstance(pot, Pot) for pot in pots):
        pot_list = tuple(pots)
    else:
        raise InvalidValueError(f"settle takes the Pots of side_pots (or a sequence of Pot), not {pots!r}")
    for name, values in (("high", high), ("low", low)):
        if values is not None and not isinstance(values, Mapping):
            raise InvalidValueError(f"{name} must map each seat to its hand value, not {values!r}")
    order = _clockwise_after(as_int(button, "button"), seat_order, pot_list)
    total = sum(as_chips(pot.amount, "pot amount") for pot in pot_list)
    for pot in pot_list:
        if not pot.eligible:
            raise InvalidValueError(f"a pot of {pot.amount} has no eligible seat")
        if len(pot.eligible) > 1:
            for kind, values in (("high", high), ("low", low)):
                if values is None:
                    continue
                missing = [seat for seat in pot.eligible if seat not in values]
                if missing:
                    raise InvalidValueError(f"no {kind} value for eligible seats {missing}")
                for seat in pot.eligible:
                    as_chips(values[seat], "{} value of seat {}", kind, seat)
    if players_dealt is not None:
        _check_players_dealt(players_dealt)
    if rake is None:
        rake_total = 0
    elif not isinstance(rake, RakeRule):
        raise InvalidValueError(f"rake must be a RakeRule (or None), not {rake!r}")
    elif players_dealt is None:
        raise InvalidValueError("settle needs players_dealt to compute the rake")
    else:
        rake_total = rake.amount(total, players_dealt, ended_first_round)
    if not isinstance(odd_chips, OddChipRule):
        raise InvalidValueError(f"odd_chips must be an OddChipRule, not {odd_chips!r}")
    return settle_checked(pot_list, high, low, order, rake_total, pots.uncalled if isinstance(pots, Pots) else {},
                          odd_chips, rake is not None and rake.every_pot)


def settle_checked(pots: Sequence[Pot], high: Mapping[int, int], low: Optional[Mapping[int, int]],
            order: Mapping[int, int], rake: int, uncalled: Dict[int, int],
            odd: Optional[OddChipRule] = None, every_pot: bool = False) -> Settlement:
    """:func:`settle` of checked input (the engine's showdown builds it itself):
    ``order`` each seat's distance clockwise from the button, ``rake`` the chips the
    house takes, main pot first (``every_pot``: from every pot in proportion), ``odd``
    the odd-chip rule (None or the default: the rules')."""
    results = []
    payouts: Dict[int, int] = {}
    if odd is not None:
        if odd is _DEFAULT_ODD:  # identity first: the engine's default
            odd = None
        else:
            # is_default is a dataclass comparison in Python (~1,800 instructions); a rule is
            # frozen, so its answer is kept with the last rule asked (a table settles hand
            # after hand with one: a site's importer passes its own equal rule). One
            # tuple, replaced whole: another thread never reads one rule's answer for another.
            last = _LAST_ODD[0]
            if last is not None and last[0] is odd:
                default = last[1]
            else:
                default = bool(odd.is_default)
                _LAST_ODD[0] = (odd, default)
            if default:
                odd = None
    if every_pot and rake:
        taken_by_pot = rake_by_pot([pot.amount for pot in pots], rake, True)
    else:
        taken_by_pot = None
    remaining_rake = rake
    k = 0
    for pot in pots:
        # Each field of a Pot and an Award read once (a frozen dataclass's attribute is
        # a Python lookup); min() of two ints written out (the first of equals, as min()).
        amount = pot.amount
        if taken_by_pot is None:
            taken = amount if amount < remaining_rake else remaining_rake
            remaining_rake -= taken
        else:
            taken = taken_by_pot[k]
        awards = _award(pot, amount - taken, high, low, order, odd)
        for award in awards:
            seat = award.seat
            payouts[seat] = payouts.get(seat, 0) + award.amount
        results.append(_frozen(PotResult, {"pot": pot, "rake": taken, "awards": awards}))
        k += 1
    return _frozen(Settlement, {"pots": tuple(results), "payouts": payouts, "rake": rake, "uncalled": uncalled})


def _clockwise_after(button: int, seat_order: Optional[Sequence[int]], pots: Sequence[Pot]) -> Dict[int, int]:
    """Each seat's distance clockwise from the button: 0 for the first seat on its left."""
    seats = {seat for pot in pots for seat in pot.eligible}
    order = list(seat_order) if seat_order is not None else sorted(seats | {button})
    if len(set(order)) != len(order):
        raise InvalidValueError(f"seat_order repeats a seat: {order}")
    missing = (seats | {button}) - set(order)
    if missing:
        raise InvalidValueError(f"seats {sorted(missing)} are not in seat_order {order}")
    start = order.index(button) + 1
    rotated = order[start:] + order[:start]
    return {seat: distance for distance, seat in enumerate(rotated)}


def _award(
    pot: Pot,
    amount: int,
    high: Mapping[int, int],
    low: Optional[Mapping[int, int]],
    order: Mapping[int, int],
    odd: Optional[OddChipRule] = None,
) -> Tuple[Award, ...]:
    eligible = pot.eligible
    if len(eligible) == 1:
        return (_frozen(Award, {"seat": eligible[0], "amount": amount, "reason": _UNCONTESTED, "split_ways": 1}),)
    high_winners = _best(eligible, high)
    low_winners = _best(eligible, low) if low is not None else ()
    if not low_winners or not low[low_winners[0]]:  # 0: nobody qualified for low
        return _split(amount, high_winners, _HIGH, order, odd)
    # Rules, Pots, splitting and rake: the high half takes the odd chip (an option
    # gives it to the low half); halves are whole units of the odd-chip rule.
    if odd is None:
        low_half = amount // 2
    else:
        small_half = amount // (2 * odd.unit) * odd.unit
        low_half = amount - small_half if odd.low_half else small_half
    return _split(amount - low_half, high_winners, _HIGH, order, odd) + _split(
        low_half, low_winners, _LOW, order, odd
    )


def _best(eligible: Sequence[int], values: Mapping[int, int]) -> Tuple[int, ...]:
    """The eligible seats holding the best value."""
    # One pass, compared as max() compares (a later value wins only if greater): a
    # call of max() on a list costs over a thousand instructions, compiled.
    winners = []
    best = None
    for seat in eligible:
        value = values[seat]
        if best is None:
            best = value
            winners = [seat]
        elif value > best:
            best = value
            winners = [seat]
        elif value == best:
            winners.append(seat)
    if best is None:
        raise ValueError("max() arg is an empty sequence")  # max()'s error: no seat is eligible
    return tuple(winners)


def _split(amount: int, winners: Sequence[int], reason: Reason, order: Mapping[int, int],
           rule: Optional[OddChipRule] = None) -> Tuple[Award, ...]:
    """Divide ``amount`` evenly; the chips that cannot be split go to the winner
    seated first left of the button (rules: Pots, splitting and rake), or as ``rule``
    says (:class:`OddChipRule`)."""
    if len(winners) == 1:  # the usual case, without the sort below
        return (_frozen(Award, {"seat": winners[0], "amount": amount, "reason": reason, "split_ways": 1}),)
    if rule is not None:
        return _split_by_rule(amount, winners, reason, order, rule)
    share, odd = divmod(amount, len(winners))
    clockwise = sorted(winners, key=order.__getitem__)
    ways = len(winners)
    return tuple([_frozen(Award, {"seat": seat, "amount": share + (odd if i == 0 else 0), "reason": reason,
                                  "split_ways": ways})
                  for i, seat in enumerate(clockwise)])


def _split_by_rule(amount: int, winners: Sequence[int], reason: Reason, order: Mapping[int, int],
                   rule: OddChipRule) -> Tuple[Award, ...]:
    """:func:`_split` under a room's :class:`OddChipRule`: equal shares in whole
    units, the rest in units (the last may be smaller) to the first winner in the
    rule's order, or one unit per winner in that order."""
    ways = len(winners)
    unit = rule.unit
    share = amount // (ways * unit) * unit
    rest = amount - share * ways
    if rule.order == "left of button":
        ranked = sorted(winners, key=order.__getitem__)
    elif rule.order == "right of button":
        ranked = sorted(winners, key=order.__getitem__, reverse=True)
    else:
        ranked = sorted(winners)
    extra = [0] * ways
    if rule.one_each:
        k = 0
        while rest:
            given = unit if unit < rest else rest
            extra[k] += given
            rest -= given
            k += 1
    else:
        extra[0] = rest
    return tuple([_frozen(Award, {"seat": seat, "amount": share + extra[k], "reason": reason, "split_ways": ways})
                  for k, seat in enumerate(ranked)])
