"""What a site's hand says, as the parsers read it, and :class:`SiteHand`, one hand of a site file.

A parser turns the text of one hand into a :class:`Parsed`: the seats, the forced bets,
the actions in order, the cards it names, the boards, and the site's own figures (what
each player collected, the uncalled bets returned, the rake and fees, the total pot).
Amounts are integer **cents** of the hand's unit (a cash game's currency, or a
tournament's chips times 100), so that the engine plays exact integers;
:class:`SiteHand` gives them back as :class:`~decimal.Decimal` in the site's unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal
from typing import TYPE_CHECKING, Dict, List, NamedTuple, Optional, Tuple

from ..errors import InvalidValueError

if TYPE_CHECKING:  # pragma: no cover
    from ..engine.history import HandHistory
    from .replay import SiteReplay

__all__ = ["Act", "Parsed", "SiteError", "SiteHand", "Source"]


class SiteError(InvalidValueError):
    """A site hand that cannot be imported (``SiteHand.error`` holds the message), or a
    source that cannot be read. ``line`` is the 1-based line in the hand's text."""

    def __init__(self, message: str, line: Optional[int] = None):
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class Source(NamedTuple):
    """Where a hand comes from: the file (a path; ``archive.zip/member`` inside a zip;
    ``"<text>"`` for text or bytes given directly) and the hand's index in it (0-based),
    and the line of the file the hand starts on (1-based)."""

    path: str
    index: int
    line: int = 1


class Act(NamedTuple):
    """One player's action: ``verb`` is ``f`` fold, ``x`` check, ``c`` call, ``b`` bet or
    raise to ``to`` (the player's total in the round; None: ``amount`` more than the
    player's bet so far), ``bi`` a stud bring-in of ``amount``, ``co`` a stud complete
    to ``to``, ``m`` a muck (a fold written after the betting is over), ``d`` a draw
    of ``amount`` cards (0: standing pat), ``dp`` a player made all-in by disconnect
    protection (:meth:`pokerhash.engine.Hand.protect`: nothing more goes in);
    ``amount`` the chips the site says moved (None when it does not say); ``all_in`` as
    written; ``street`` the site's street (0 first); ``line`` the line in the hand."""

    player: str
    verb: str
    amount: Optional[int]
    to: Optional[int]
    all_in: bool
    street: int
    line: int


class Parsed:
    """One hand as a site parser read it: amounts in cents of money (``decimals`` 2), or
    in whole chips (``decimals`` 0: tournaments, play money; see :meth:`in_chips`)."""

    __slots__ = ("site", "hand_id", "table", "time", "variant", "stakes", "currency", "tournament", "seats",
                 "sitting_out", "button", "max_seats", "posts", "acts", "known", "boards", "collected", "returned",
                 "rake", "fees", "total", "decimals", "run_twice", "cash_drop", "fields", "mucked",
                 "small_bet", "big_bet", "reports_returned", "stud", "blinds", "draws")

    def __init__(self, site: str) -> None:
        self.site = site
        self.hand_id = ""
        self.table = ""
        self.time = ""
        self.variant = None  # the engine's Variant
        self.stakes = ""
        self.currency = ""
        self.tournament: Optional[str] = None
        self.seats: List[Tuple[int, str, int]] = []  # (seat number, name, stack), seat order
        self.sitting_out: set = set()
        self.button = 0
        self.max_seats: Optional[int] = None
        # (name, kind, amount, line): kind 'sb', 'bb', 'sbbb' (dead small + live big),
        # 'ante', 'straddle', 'dead' (a dead blind alone)
        self.posts: List[Tuple[str, str, int, int]] = []
        self.acts: List[Act] = []
        self.known: Dict[str, List[str]] = {}  # name -> hole cards as written (shown, dealt to the hero)
        self.mucked: set = set()  # players who said they muck at showdown
        self.boards: List[List[str]] = []
        self.collected: Dict[str, int] = {}
        self.returned: Dict[str, int] = {}
        self.rake: Optional[int] = None
        self.fees = 0  # jackpot and similar fees the site takes besides the rake
        self.total: Optional[int] = None
        self.decimals = 2
        self.run_twice = False
        self.cash_drop = 0  # money the site adds to the pot (GGPoker's Cash Drop)
        self.fields: Dict[str, object] = {}
        # True: uncalled bets are returned by a line of their own; False: without a line,
        # sometimes inside what the site says was collected; None: without a line and
        # apart from what was collected and the total pot (PokerStars before 2008).
        self.reports_returned: Optional[bool] = True
        # The table's blinds (small, big) from the first line, (0, 0) when it does not
        # say: a blind posted all-in for less still has callers call the full blind.
        self.blinds = (0, 0)
        # Stud: each player's cards in the order dealt (None: not seen), from the deals.
        self.stud: Dict[str, List[Optional[str]]] = {}
        self.small_bet = 0
        self.big_bet = 0
        # Draw games: name -> [the cards first dealt, then (discarded, received) per
        # draw], each list as written or None where the site does not say.
        self.draws: Dict[str, list] = {}

    def in_chips(self) -> None:
        """Amounts read as cents (parsers read every amount so) made whole chips, for a
        hand played in chips; SiteError for a fraction of a chip. (No closure: a
        closure's cell and a Python call per amount cost a tournament hand of a few
        dozen acts about 35,000 instructions; the chips are divided here in line and
        every amount is checked once, in one pass, for a remainder.)"""
        # chips_of for every amount, in line: the remainders or-ed, then the quotients
        odd = 0  # not 0 when an amount is not whole chips
        seats = []
        for seat, name, stack in self.seats:
            odd |= stack % 100
            seats.append((seat, name, stack // 100))
        posts = []
        for name, kind, amount, line in self.posts:
            odd |= amount % 100
            posts.append((name, kind, amount // 100, line))
        acts = []
        # tuple.__new__, not _replace: NamedTuple's is slow, and a tournament hand has dozens of acts
        for act in self.acts:
            player, verb, amount, to, all_in, street, line = act
            if to is None and (amount is None or verb == "d") and type(act) is Act:
                # No chips in it (a fold, a check, a draw's card count): the same Act
                # serves, no new one (a tuple.__new__ call, about 600 instructions).
                acts.append(act)
                continue
            if amount is not None and verb != "d":
                odd |= amount % 100
                amount //= 100
            if to is not None:
                odd |= to % 100
                to //= 100
            acts.append(_new_tuple(Act, (player, verb, amount, to, all_in, street, line)))
        collected = {}
        for name, value in self.collected.items():
            odd |= value % 100
            collected[name] = value // 100
        returned = {}
        for name, value in self.returned.items():
            odd |= value % 100
            returned[name] = value // 100
        rake, total = self.rake, self.total
        for value in (rake, total):
            if value is not None:
                odd |= value % 100
        blinds = self.blinds
        for value in (self.fees, self.cash_drop, self.small_bet, self.big_bet, blinds[0], blinds[1]):
            odd |= value % 100
        if odd:
            _whole_chips(self)
        self.seats, self.posts, self.acts, self.collected, self.returned = seats, posts, acts, collected, returned
        if rake is not None:
            self.rake = rake // 100
        if total is not None:
            self.total = total // 100
        self.fees, self.cash_drop = self.fees // 100, self.cash_drop // 100
        self.small_bet, self.big_bet = self.small_bet // 100, self.big_bet // 100
        self.blinds = (blinds[0] // 100, blinds[1] // 100)


def chips_of(value: int) -> Optional[int]:
    """An amount in cents as whole chips, what :meth:`Parsed.in_chips` makes of every
    amount of a hand played in chips (its one pass does this in line); None when it is
    no whole number of chips (in_chips then refuses the hand). For a parser that reads
    a hand in chips as it reads it (pokerstars)."""
    return None if value % 100 else value // 100


def _whole_chips(p: "Parsed") -> None:
    """The SiteError of :meth:`Parsed.in_chips` for an amount that is not whole chips,
    naming the first such amount in the order the amounts are made chips."""
    values = [stack for _, _, stack in p.seats] + [amount for _, _, amount, _ in p.posts]
    for _, verb, amount, to, _, _, _ in p.acts:
        if amount is not None and verb != "d":
            values.append(amount)
        if to is not None:
            values.append(to)
    values += list(p.collected.values()) + list(p.returned.values())
    values += [value for value in (p.rake, p.total) if value is not None]
    values += [p.fees, p.cash_drop, p.small_bet, p.big_bet, p.blinds[0], p.blinds[1]]
    for value in values:
        if chips_of(value) is None:
            raise SiteError(f"{Decimal(value).scaleb(-2)} is not a whole number of chips")


_DECIMALS: Tuple[Dict[int, Decimal], Dict[int, Decimal]] = ({}, {})  # chips, cents: amounts repeat hand after hand


_new_tuple = tuple.__new__


def to_decimal(amount: int, decimals: int) -> Decimal:
    """An amount of the hand's unit as a Decimal: ``decimals`` 2, cents of money; 0, chips."""
    known = _DECIMALS[1 if decimals else 0]
    value = known.get(amount)
    if value is None:
        if len(known) > 50000:
            known.clear()
        value = known[amount] = Decimal(amount).scaleb(-2) if decimals else Decimal(amount)
    return value


@dataclass
class SiteHand:
    """One hand of a site's hand-history file (see :func:`pokerhash.sites.read`).

    ``site`` the site (``"pokerstars"``, ``"ggpoker"``...), ``hand_id`` its number as
    written, ``table``, ``time`` (as written, with its time zone), ``game`` the
    engine's variant name (``"Texas Hold'em"``), ``limit`` (``"no-limit"``...),
    ``stakes`` as written, ``currency`` (``"USD"``, ``"EUR"``...; ``""`` for
    tournament chips and play money), ``players`` name -> starting stack (seat order,
    players dealt in), ``seats`` name -> seat number, ``button`` the button's seat,
    ``collected`` name -> what the site says the player won (summed over pots, halves
    and boards; uncalled bets returned are apart, in ``returned``), ``rake`` (None when
    the site does not say), ``fees`` (jackpot and similar fees taken besides the rake),
    ``history`` the hand as PHH, ``error`` why the hand cannot be imported (None when it
    can), ``source`` where it comes from, ``text`` the hand as written.
    """

    site: str
    hand_id: str
    table: str
    time: str
    game: str
    limit: str
    stakes: str
    currency: str
    players: Dict[str, Decimal]
    seats: Dict[str, int]
    button: int
    collected: Dict[str, Decimal]
    returned: Dict[str, Decimal]
    rake: Optional[Decimal]
    fees: Decimal
    error: Optional[str]
    source: Source
    text: str = field(repr=False, default="")
    _parsed: Optional[Parsed] = field(repr=False, default=None, compare=False)
    _history: Optional["HandHistory"] = field(repr=False, default=None, compare=False)

    @property
    def ok(self) -> bool:
        """True when the hand was imported (``error`` is None)."""
        return self.error is None

    @property
    def history(self) -> Optional["HandHistory"]:
        """The hand as a PHH :class:`~pokerhash.engine.history.HandHistory` (None for a
        hand that could not be imported), made on first use."""
        if self._history is None and self._parsed is not None:
            from .phh import to_history
            self._history = to_history(self)
        return self._history

    def replay(self) -> "SiteReplay":
        """Play the hand on the engine and compare its settlement with the site's figures
        (see :class:`~pokerhash.sites.SiteReplay`). SiteError for a hand with an error."""
        if self._parsed is None:
            raise SiteError(f"hand {self.hand_id or '?'} of {self.source.path} was not imported: {self.error}")
        from .replay import replay
        return replay(self)


def failed(site: str, hand_id: str, error: str, source: Source, text: str) -> SiteHand:
    """A hand that cannot be imported: everything empty but what is known and ``error``."""
    return SiteHand(site=site, hand_id=hand_id, table="", time="", game="", limit="", stakes="", currency="",
                    players={}, seats={}, button=0, collected={}, returned={}, rake=None, fees=Decimal(0),
                    error=error, source=source, text=text)




_LIMIT_TEXT: Dict[object, str] = {}


def _limit_text(limit) -> str:
    """``limit.value``, read once per limit (an enum member's ``.value`` is a Python property)."""
    text = _LIMIT_TEXT.get(limit)
    if text is None:
        text = _LIMIT_TEXT[limit] = limit.value
    return text


def site_hand(parsed: Parsed, source: Source, text: str) -> SiteHand:
    """The SiteHand of a parsed hand."""
    d = parsed.decimals
    sitting = parsed.sitting_out
    # to_decimal's cache read here first (stacks and figures repeat, and a call is a Python call)
    known = _DECIMALS[1 if d else 0]
    players = {}
    seats = {}
    for seat, name, stack in parsed.seats:
        if name not in sitting:
            value = known.get(stack)
            players[name] = value if value is not None else to_decimal(stack, d)
            seats[name] = seat
    collected = {}
    for name, value in parsed.collected.items():
        amount = known.get(value)
        collected[name] = amount if amount is not None else to_decimal(value, d)
    returned = {}
    for name, value in parsed.returned.items():
        amount = known.get(value)
        returned[name] = amount if amount is not None else to_decimal(value, d)
    rake = parsed.rake
    if rake is not None:
        amount = known.get(rake)
        rake = amount if amount is not None else to_decimal(rake, d)
    fees = known.get(parsed.fees)
    if fees is None:
        fees = to_decimal(parsed.fees, d)
    variant = parsed.variant
    # What SiteHand(...) makes, every field in order, without its generated __init__:
    # interpreted Python taking twenty keywords (about 10,000 instructions a hand).
    # SiteHand has no __post_init__. One attribute at a time, in the fields' order, as
    # __init__ sets them: the instances share one key table (a dict given as the
    # instance's __dict__ would be a table of its own, 272 bytes more a hand kept:
    # tracemalloc, 10,000 hands).
    hand = _object_new(SiteHand)
    hand.site = parsed.site
    hand.hand_id = parsed.hand_id
    hand.table = parsed.table
    hand.time = parsed.time
    hand.game = variant.name
    hand.limit = _limit_text(variant.limit)
    hand.stakes = parsed.stakes
    hand.currency = parsed.currency
    hand.players = players
    hand.seats = seats
    hand.button = parsed.button
    hand.collected = collected
    hand.returned = returned
    hand.rake = rake
    hand.fees = fees
    hand.error = None
    hand.source = source
    hand.text = text
    hand._parsed = parsed
    hand._history = None
    return hand


_object_new = object.__new__
