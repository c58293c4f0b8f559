"""Hand histories in PHH, the open poker hand history format that pokerkit reads and writes.

A ``.phh`` file is one hand in TOML; a ``.phhs`` file is many, one ``[table]`` per
hand. :func:`loads` / :func:`load` read one hand, :func:`loads_all` / :func:`load_all`
many, and :func:`dumps`, :func:`dump`, :func:`dumps_all`, :func:`dump_all` write them.
What the format says (the PHH specification, phh-std) and what this module adds:

- Players are listed in position order: for button games the first is left of the
  button (the small blind) and the last has the button; heads-up the per-player
  arrays (``antes``, ``blinds_or_straddles``) are reversed by rule, so that
  ``[1, 2]`` still reads small blind 1, big blind 2. Stud lists from the dealer's left.
- ``actions`` are strings: ``d dh p1 AsKs`` (hole cards to player 1), ``d db 7c8d9h``
  (board), ``p1 pb`` (bring-in), ``p1 cbr 60`` (complete, bet or raise *to* 60),
  ``p1 cc`` (check or call), ``p1 f`` (fold), ``p1 sd 2c3d`` (discard; ``p1 sd``
  stands pat), ``p1 sm AsKs`` (show; ``p1 sm`` mucks, ``p1 sm -`` shows the cards
  dealt), each optionally followed by ``# commentary``. ``??`` is an unknown card.
- Amounts are exact. The dataset writes dollars and cents (``0.50``, ``200.30``):
  each hand is read as integer chips in its smallest unit (cents there;
  :attr:`HandHistory.decimals` records how many decimals the unit has) and written
  back in the file's unit. An unknown stack (``inf``) is read as ``None``.
- Bad files raise :class:`PHHError`, a ``ValueError`` whose message names the line
  (and, in a ``.phhs`` file, the hand) and the problem.

PHH has variant codes for eleven games (``NT``, ``FT``, ``NS``, ``PO``, ``FO/8``,
``F7S``, ``F7S/8``, ``FR``, ``N2L1D``, ``F2L3D``, ``FB``). The games of the rules that
it has no code for are written with extension codes in the same pattern, a betting
letter (``F`` fixed, ``P`` pot, ``N`` no limit) and a game, prefixed ``_pokerhash_``
so that no other reader mistakes them for a game it knows (see
:data:`EXTENSION_VARIANTS`). Fields that PHH lacks are written as ``_pokerhash_*``
fields, which PHH readers keep as user-defined fields.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from os import PathLike
from typing import Any, Dict, IO, Iterable, List, NamedTuple, Optional, Sequence, Tuple, Union

from ..cards import RANKS, SUITS
from ..errors import InvalidValueError
from . import phh_toml

__all__ = [
    "EXTENSION_VARIANTS",
    "STANDARD_VARIANTS",
    "HandHistory",
    "PHHAction",
    "PHHError",
    "action_text",
    "dump",
    "dump_all",
    "dumps",
    "dumps_all",
    "load",
    "load_all",
    "loads",
    "loads_all",
    "parse_action",
    "to_unit",
]


class PHHError(InvalidValueError):
    """A hand history that is not valid PHH. ``line`` is the 1-based line of the
    problem in the text read (None when unknown) and ``hand`` the ``.phhs`` table."""

    def __init__(self, message: str, line: Optional[int] = None, hand: Optional[str] = None):
        where = []
        if hand is not None:
            where.append(f"hand [{hand}]")
        if line is not None:
            where.append(f"line {line}")
        super().__init__(f"{', '.join(where)}: {message}" if where else message)
        self.line = line
        self.hand = hand


# The fields each kind of game requires (PHH specification, required fields).
_BUTTON_FIXED = ("antes", "blinds_or_straddles", "small_bet", "big_bet")
_BUTTON_BIG_BET = ("antes", "blinds_or_straddles", "min_bet")
_STUD = ("antes", "bring_in", "small_bet", "big_bet")
#: PHH's variant codes and the fields each requires besides ``variant``,
#: ``starting_stacks`` and ``actions``.
STANDARD_VARIANTS: Dict[str, Tuple[str, ...]] = {
    "FT": _BUTTON_FIXED,
    "NT": _BUTTON_BIG_BET,
    "NS": _BUTTON_BIG_BET,
    "PO": _BUTTON_BIG_BET,
    "FO/8": _BUTTON_FIXED,
    "F7S": _STUD,
    "F7S/8": _STUD,
    "FR": _STUD,
    "N2L1D": _BUTTON_BIG_BET,
    "F2L3D": _BUTTON_FIXED,
    "FB": _BUTTON_FIXED,
}

_EXTENSION = "_pokerhash_"
_ANTES_ONLY_FIXED = ("antes", "small_bet", "big_bet")
_ANTES_ONLY_BIG_BET = ("antes", "min_bet")
_BUTTON_GAMES = ("T", "O", "O/8", "O5", "O5/8", "O6", "5CD", "S", "2L1D", "2L3D", "B")


def _extensions() -> Dict[str, Tuple[str, ...]]:
    codes = {}
    limits = {"F": (_BUTTON_FIXED, _ANTES_ONLY_FIXED), "P": (_BUTTON_BIG_BET, _ANTES_ONLY_BIG_BET),
              "N": (_BUTTON_BIG_BET, _ANTES_ONLY_BIG_BET)}
    for letter, (button, antes_only) in limits.items():
        # Every button game at every limit (Hold'em, Omaha, Omaha hi/lo, five-card Omaha
        # hi and hi/lo: Big O, six-card Omaha, five-card draw, short deck, 2-7 single and
        # triple draw, badugi); PHH's own codes are taken out below.
        for game in _BUTTON_GAMES:
            codes[f"{_EXTENSION}{letter}{game}"] = button
        # Turkish poker: antes only (rules: Turkish poker).
        codes[f"{_EXTENSION}{letter}TK"] = antes_only
    for standard in STANDARD_VARIANTS:
        codes.pop(_EXTENSION + standard, None)
    return codes


#: Extension variant codes, ``_pokerhash_`` + betting letter + game: ``T`` Hold'em,
#: ``O`` Omaha, ``O5``/``O6`` five- and six-card Omaha, ``/8`` hi/lo eight or better
#: (``O5/8``: Big O), ``S`` short deck, ``2L1D``/``2L3D`` 2-7 single/triple draw,
#: ``B`` badugi (the limits PHH has no code for, e.g. ``_pokerhash_PS``),
#: ``5CD`` five-card draw, ``TK`` Turkish poker (antes only, no blinds, and the deck
#: stripped by the number of players; the field ``_pokerhash_four_players_use_36_cards``
#: records that option of the rules' Turkish deck size when it is off). Values: the required fields.
EXTENSION_VARIANTS: Dict[str, Tuple[str, ...]] = _extensions()

_SCALAR_AMOUNTS = ("bring_in", "small_bet", "big_bet", "min_bet")
_PER_PLAYER_AMOUNTS = ("antes", "blinds_or_straddles", "starting_stacks", "finishing_stacks", "winnings")
# The order fields are written in: the required ones first, as the specification lists them.
_FIELD_ORDER = ("variant", "ante_trimming_status", "antes", "blinds_or_straddles", "bring_in", "small_bet", "big_bet",
                "min_bet", "starting_stacks", "actions")


Cards = Tuple[Optional[int], ...]


class PHHAction(NamedTuple):
    """One entry of ``actions``, parsed (:meth:`HandHistory.parsed_actions`).

    ``player`` is the 1-based player number (None for the dealer's board cards);
    ``kind`` is the PHH verb (``db``, ``dh``, ``pb``, ``cbr``, ``cc``, ``f``, ``sd``,
    ``sm``; ``""`` for a no-op); ``cards`` the cards dealt, discarded or shown (None
    for an unknown card; ``cards`` None: a muck, or standing pat; ``sm -`` gives the
    cards dealt to the player); ``amount`` the ``cbr`` amount in chips; ``comment``
    the commentary after ``#``.
    """

    player: Optional[int]
    kind: str
    cards: Optional[Cards] = None
    amount: Optional[int] = None
    comment: Optional[str] = None


@dataclass
class HandHistory:
    """One hand as PHH describes it, amounts in integer chips.

    ``decimals`` is the number of decimals of the file's unit (2 for dollars and
    cents): the file writes ``chips / 10 ** decimals``, and so do the ``cbr`` amounts
    of ``actions``, which are kept as the PHH strings they are (see
    :meth:`parsed_actions`). ``starting_stacks`` holds None for an unknown stack.
    ``fields`` keeps every other field as read (the optional fields of the
    specification and user-defined ones, whose names start with ``_``).
    """

    variant: str
    starting_stacks: List[Optional[int]]
    actions: List[str]
    antes: List[int]
    blinds_or_straddles: Optional[List[int]] = None
    bring_in: Optional[int] = None
    small_bet: Optional[int] = None
    big_bet: Optional[int] = None
    min_bet: Optional[int] = None
    finishing_stacks: Optional[List[int]] = None
    winnings: Optional[List[int]] = None
    ante_trimming_status: bool = False
    decimals: int = 0
    fields: Dict[str, Any] = field(default_factory=dict)

    @property
    def player_count(self) -> int:
        """The number of players (the ``players`` field, when present, names them)."""
        return len(self.starting_stacks)

    def parsed_actions(self) -> List[PHHAction]:
        """``actions`` parsed, ``cbr`` amounts in chips."""
        dealt: Dict[int, List[Optional[int]]] = {}
        parsed = []
        decimals = self.decimals
        for text in self.actions:
            # Most action strings recur from hand to hand ("p2 f", "p1 cbr 0.50"): each
            # is parsed once (a PHHAction is immutable).
            action = _PARSED.get((text, decimals)) if type(text) is str else None
            if action is None:
                action = parse_action(text, decimals)
                if type(text) is str:
                    if len(_PARSED) >= 4096:
                        _PARSED.clear()  # many different strings: start over rather than grow
                    _PARSED[text, decimals] = action
            if action.kind == "dh":
                dealt.setdefault(action.player, []).extend(action.cards)
            elif action.kind == "sm" and action.cards == ():
                action = action._replace(cards=tuple(dealt.get(action.player, ())))
            parsed.append(action)
        return parsed


# --- actions -------------------------------------------------------------------------

# parse_action's results by (text, decimals), for HandHistory.parsed_actions.
_PARSED: Dict[Tuple[str, int], PHHAction] = {}

_CARD_CODES = {r + s: i * 4 + j for i, r in enumerate(RANKS) for j, s in enumerate(SUITS)}
_CARD_CODES["??"] = None
_CARDS = r"(?:[2-9TJQKA][cdhs]|\?\?)+"
# The grammar of an action (PHH specification, actions); groups: the player, a cbr amount.
_ACTION = re.compile(rf"""\s*(?:
    d\s+db\s+{_CARDS}
  | d\s+dh\s+p(?P<dealt>[1-9][0-9]*)\s+{_CARDS}
  | p(?P<player>[1-9][0-9]*)\s+(?:pb|cc|f|cbr\s+(?P<amount>(?:[0-9]{{1,3}}(?:,[0-9]{{3}})+|[0-9]+)(?:\.[0-9]+)?)
                                 |sd(?:\s+{_CARDS})?
                                 |sm(?:\s+(?:{_CARDS}|-))?)
)?\s*(?:\#.*)?""", re.VERBOSE | re.DOTALL)


def _cards_of(text: str) -> Cards:
    return tuple([_CARD_CODES[text[i:i + 2]] for i in range(0, len(text), 2)])


def _amount(text: str) -> Decimal:
    return Decimal(text.replace(",", ""))


# The fast path's vocabulary: the player tokens of a table's seats, and the verbs that
# take no argument (``sd`` and ``sm`` also take cards).
_PLAYER_TOKENS = {f"p{i}": i for i in range(1, 24)}
_BARE_VERBS = frozenset(("pb", "cc", "f", "sd", "sm"))
# tuple.__new__: a NamedTuple's own __new__ is interpreted Python, once per action.
_new_tuple = tuple.__new__


def _fast_cards(text: str) -> Optional[Cards]:
    """``text`` as cards when it is whole two-character card codes, else None."""
    if len(text) & 1:
        return None
    codes = _CARD_CODES
    try:
        return tuple([codes[text[i:i + 2]] for i in range(0, len(text), 2)])
    except KeyError:
        return None


def _fast_amount(text: str, decimals: int) -> Optional[int]:
    """A plain ``cbr`` amount (``60``, ``0.25``: ASCII digits, at most ``decimals``
    decimals) in chips, else None (commas and finer amounts take the regular path)."""
    if not text.isascii():
        return None
    whole, point, fraction = text.partition(".")
    if not whole.isdigit() or point and (not fraction.isdigit() or len(fraction) > decimals):
        return None
    return int(whole + fraction) * 10 ** (decimals - len(fraction))


def parse_action(text: str, decimals: int = 0) -> PHHAction:
    """One PHH action string as a :class:`PHHAction` (``cbr`` amounts times
    ``10 ** decimals``, in chips). ``sm -`` gives ``cards == ()``: the cards dealt."""
    # The common forms (no commentary, plain amounts, seats p1..p23), read without the
    # regular expression: a replay parses every action of every hand. Anything else,
    # and every error, goes the regular way (_parse_action), which reads the same
    # language (tests/test_history.py compares the two).
    if "#" not in text:
        words = text.split()
        count = len(words)
        if count == 2:
            player = _PLAYER_TOKENS.get(words[0])
            if player is not None and words[1] in _BARE_VERBS:
                return _new_tuple(PHHAction, (player, words[1], None, None, None))
        elif count == 3:
            player = _PLAYER_TOKENS.get(words[0])
            kind = words[1]
            if player is not None:
                if kind == "cbr":
                    amount = _fast_amount(words[2], decimals)
                    if amount is not None:
                        return _new_tuple(PHHAction, (player, kind, None, amount, None))
                elif kind == "sm" or kind == "sd":
                    cards = () if kind == "sm" and words[2] == "-" else _fast_cards(words[2])
                    if cards is not None and (cards or kind == "sm"):
                        return _new_tuple(PHHAction, (player, kind, cards, None, None))
            elif words[0] == "d" and kind == "db":
                cards = _fast_cards(words[2])
                if cards:
                    return _new_tuple(PHHAction, (None, kind, cards, None, None))
        elif count == 4 and words[0] == "d" and words[1] == "dh":
            player = _PLAYER_TOKENS.get(words[2])
            cards = _fast_cards(words[3])
            if player is not None and cards:
                return _new_tuple(PHHAction, (player, "dh", cards, None, None))
    return _parse_action(text, decimals)


def _parse_action(text: str, decimals: int = 0) -> PHHAction:
    """parse_action by the specification's grammar: every form, and the errors."""
    if _ACTION.fullmatch(text) is None:
        raise InvalidValueError(f"{text!r} is not a PHH action (d db CARDS, d dh pN CARDS, pN pb, pN cbr AMOUNT, "
                                "pN cc, pN f, pN sd [CARDS], pN sm [CARDS|-])")
    body, hash_mark, comment_text = text.partition("#")
    comment = comment_text.strip() if hash_mark else None
    words = body.split()
    if not words:
        return PHHAction(None, "", comment=comment)
    if words[0] == "d":
        if words[1] == "db":
            return PHHAction(None, "db", _cards_of(words[2]), comment=comment)
        return PHHAction(int(words[2][1:]), "dh", _cards_of(words[3]), comment=comment)
    player, kind = int(words[0][1:]), words[1]
    if kind == "cbr":
        chips = _amount(words[2]).scaleb(decimals)
        if chips != chips.to_integral_value():  # finer than the hand's unit: no chip count, never rounded
            raise InvalidValueError(f"{text!r}: the amount has more than {decimals} decimals, the hand's unit")
        return PHHAction(player, kind, amount=int(chips), comment=comment)
    if len(words) == 3:
        return PHHAction(player, kind, () if words[2] == "-" else _cards_of(words[2]), comment=comment)
    return PHHAction(player, kind, comment=comment)


def action_text(action: PHHAction, decimals: int = 0) -> str:
    """The PHH string of an action, ``cbr`` amounts written in the unit of ``decimals``."""
    if action.kind == "":
        words = []
    elif action.kind == "db":
        words = ["d", "db", cards_text(action.cards)]
    elif action.kind == "dh":
        words = ["d", "dh", f"p{action.player}", cards_text(action.cards)]
    else:
        words = [f"p{action.player}", action.kind]
        if action.kind == "cbr":
            words.append(str(to_unit(action.amount, decimals)))
        elif action.cards is not None:
            words.append(cards_text(action.cards) if action.cards else "-")
    if action.comment is not None:
        words += ["#", action.comment]
    return " ".join(words)


def cards_text(cards: Cards) -> str:
    return "".join("??" if c is None else RANKS[c >> 2] + SUITS[c & 3] for c in cards)


# --- reading -------------------------------------------------------------------------


class _Problem(Exception):
    """A problem found while checking a parsed hand: the field (and text to find) it is in."""

    def __init__(self, message: str, key: str, needle: Optional[str] = None):
        super().__init__(message)
        self.key = key
        self.needle = needle


# Amounts a hand history may hold: chips up to 10**18 of the file's unit, in units
# of at least 10**-12 (a file may not make the reader work for minutes on one number).
_MOST_DIGITS = 18
_MOST_DECIMALS = 12
_LARGEST = 10 ** _MOST_DIGITS


def _too_large(value: Any, key: str, needle: Optional[str] = None) -> _Problem:
    return _Problem(f"{key}: {value} is too large an amount (at most {_MOST_DIGITS} digits)", key, needle)


def _too_precise(value: Any, key: str, needle: Optional[str] = None) -> _Problem:
    return _Problem(f"{key}: {value} has more than {_MOST_DECIMALS} decimals", key, needle)


def _decimals(values: Iterable[Any], key: str) -> int:
    """The most decimals among these amounts (0 for integers), each checked to be a
    number of sane size."""
    most = 0
    for value in values:
        kind = type(value)
        if kind is int:
            if not -_LARGEST < value < _LARGEST:
                raise _too_large(value, key)
        elif kind is Decimal:
            if value.is_finite():
                exponent = value.as_tuple().exponent
                if exponent < -_MOST_DECIMALS:
                    raise _too_precise(value, key)
                if value and value.adjusted() >= _MOST_DIGITS:
                    raise _too_large(value, key)
                if -exponent > most:
                    most = -exponent
        else:
            raise _Problem(f"{key}: {value!r} is not a number", key)
    return most


def _chips(values: List[Any], decimals: int, key: str, unknown: bool = False,
           signed: bool = False) -> List[Optional[int]]:
    """Amounts in the file's unit as chips; ``unknown``: ``inf`` is None (a stack);
    ``signed``: negative amounts are allowed (PHH post bets in ``blinds_or_straddles``)."""
    unit = 10 ** decimals
    chips: List[Optional[int]] = []
    for value in values:
        if type(value) is int:
            chips.append(value * unit)
        elif value.is_finite():
            chips.append(int(value.scaleb(decimals)))
        elif unknown and value.is_infinite() and value > 0:
            chips.append(None)
        else:
            raise _Problem(f"{key}: {value} is not an amount", key)
    if not signed and any(c is not None and c < 0 for c in chips):
        raise _Problem(f"{key}: amounts cannot be negative", key)
    return chips


def to_unit(chips: int, decimals: int) -> Union[int, Decimal]:
    """Chips as an amount in the file's unit of ``decimals`` decimals, as PHH writes it:
    a Decimal, or an int when whole: ``to_unit(250, 2)`` is ``Decimal("2.50")``,
    ``to_unit(300, 2)`` is ``3``."""
    if decimals == 0 or chips % 10 ** decimals == 0:
        return chips // 10 ** decimals
    return Decimal(chips).scaleb(-decimals)


def _checked_actions(raw: Any, players: int) -> Tuple[List[str], int]:
    """The actions, checked against the grammar and the number of players, and the most
    decimals of their ``cbr`` amounts."""
    if type(raw) is not list or not all(type(a) is str for a in raw):
        raise _Problem("actions: expected an array of strings", "actions")
    decimals = 0
    for text in raw:
        # Most action texts recur from hand to hand: each is checked once, and what the
        # check depends on kept (the player it names, the decimals of its amount).
        known = _CHECKED.get(text)
        if known is not None:
            if known[0] > players:
                raise _Problem(f"actions: {text!r} names player {known[0]} of {players}", "actions", text)
            if known[1] > decimals:
                decimals = known[1]
            continue
        match = _ACTION.fullmatch(text)
        if match is None:
            raise _Problem(f"actions: {text!r} is not a PHH action (d db CARDS, d dh pN CARDS, pN pb, pN cbr AMOUNT, "
                           "pN cc, pN f, pN sd [CARDS], pN sm [CARDS|-])", "actions", text)
        player = match.group("player") or match.group("dealt")
        if player is not None and int(player) > players:
            raise _Problem(f"actions: {text!r} names player {player} of {players}", "actions", text)
        amount = match.group("amount")
        places = 0
        if amount is not None:
            whole, _, fraction = amount.replace(",", "").partition(".")
            if len(whole.lstrip("0")) > _MOST_DIGITS:
                raise _too_large(whole if len(whole) < 40 else f"a {len(whole)}-digit number", "actions", text)
            if len(fraction) > _MOST_DECIMALS:
                raise _too_precise(amount, "actions", text)
            value = _amount(amount)
            if value <= 0:
                raise _Problem(f"actions: the amount in {text!r} must be positive", "actions", text)
            places = -value.as_tuple().exponent
            decimals = max(decimals, places)
        if len(_CHECKED) >= 4096:
            _CHECKED.clear()  # many different strings: start over rather than grow
        _CHECKED[text] = (0 if player is None else int(player), places)
    return raw, decimals


# Action texts that passed _checked_actions: text -> (player named or 0, decimals of its amount).
_CHECKED: Dict[str, Tuple[int, int]] = {}


def _required_fields(variant: Any) -> Tuple[str, ...]:
    if not isinstance(variant, str):
        raise _Problem("variant: expected a string such as 'NT'", "variant")
    required = STANDARD_VARIANTS.get(variant) or EXTENSION_VARIANTS.get(variant)
    if required is None:
        known = ", ".join(sorted(STANDARD_VARIANTS))
        raise _Problem(f"variant: unknown code {variant!r} (PHH codes: {known}; extensions: _pokerhash_...)",
                       "variant")
    return required


def _from_document(document: Dict[str, Any]) -> HandHistory:
    if not isinstance(document, dict):
        raise _Problem("a hand is a table of fields", "variant")
    variant = document.get("variant")
    required = _required_fields(variant)
    for key in required + ("starting_stacks", "actions"):
        if key not in document:
            raise _Problem(f"{variant} needs the field {key!r}", "variant")
    for key in _SCALAR_AMOUNTS + ("blinds_or_straddles",):
        if key in document and key not in required:
            raise _Problem(f"{key}: not a field of {variant}", key)

    stacks = document["starting_stacks"]
    if not isinstance(stacks, list) or len(stacks) < 2:
        raise _Problem("starting_stacks: expected an array with one stack per player (at least 2)", "starting_stacks")
    players = len(stacks)
    # The unit: the most decimals any amount of the hand is written with.
    actions, decimals = _checked_actions(document["actions"], players)
    for key in _PER_PLAYER_AMOUNTS:
        values = document.get(key)
        if values is None:
            continue
        if not isinstance(values, list) or len(values) != players:
            raise _Problem(f"{key}: expected an array of {players} amounts, one per player", key)
        decimals = max(decimals, _decimals(values, key))
    for key in _SCALAR_AMOUNTS:
        if key in document:
            decimals = max(decimals, _decimals((document[key],), key))

    def amounts(key: str) -> Optional[List[int]]:
        values = document.get(key)
        return None if values is None else _chips(values, decimals, key, signed=key == "blinds_or_straddles")

    hand = HandHistory(
        variant=variant,
        starting_stacks=_chips(stacks, decimals, "starting_stacks", unknown=True),
        actions=actions,
        antes=amounts("antes"),
        blinds_or_straddles=amounts("blinds_or_straddles"),
        finishing_stacks=amounts("finishing_stacks"),
        winnings=amounts("winnings"),
        decimals=decimals,
    )
    for key in _SCALAR_AMOUNTS:
        if key in document:
            setattr(hand, key, _chips([document[key]], decimals, key)[0])
    trimming = document.get("ante_trimming_status", False)
    if not isinstance(trimming, bool):
        raise _Problem("ante_trimming_status: expected true or false", "ante_trimming_status")
    hand.ante_trimming_status = trimming
    hand.fields = {key: value for key, value in document.items() if key not in _KNOWN_FIELDS}
    return hand


# The fields _from_document reads itself (the others are kept in HandHistory.fields).
_KNOWN_FIELDS = frozenset(_FIELD_ORDER + _PER_PLAYER_AMOUNTS + _SCALAR_AMOUNTS)


def _hand(document: Any, text: str, table: Optional[str]) -> HandHistory:
    try:
        return _from_document(document)
    except _Problem as problem:
        line = phh_toml.line_of(text, table, problem.key, problem.needle)
        raise PHHError(str(problem), line, table) from None


def _text(source: Union[str, bytes]) -> str:
    # utf-8-sig: a byte-order mark some editors write is not part of the TOML.
    if isinstance(source, bytes):
        try:
            return source.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = source.count(b"\n", 0, error.start) + 1
            raise PHHError(f"not UTF-8 text (PHH files are UTF-8): byte {source[error.start]:#04x}", line) from None
    return source.lstrip("\ufeff")


def _document(text: str) -> Dict[str, Any]:
    try:
        return phh_toml.loads(text)
    except phh_toml.TOMLError as error:
        line = re.search(r"line (\d+)", str(error))
        raise PHHError(str(error), int(line.group(1)) if line else None) from None


def loads(text: Union[str, bytes]) -> HandHistory:
    """One hand from the text of a ``.phh`` file."""
    text = _text(text)
    return _hand(_document(text), text, None)


def loads_all(text: Union[str, bytes]) -> List[HandHistory]:
    """Every hand of a ``.phhs`` file, in file order (each hand is a ``[table]``)."""
    text = _text(text)
    document = _document(text)
    hands = []
    for name, table in document.items():
        if not isinstance(table, dict):
            raise PHHError(f"{name!r} is not a hand: a .phhs file holds one [table] per hand",
                           phh_toml.line_of(text, None, name))
        hands.append(_hand(table, text, name))
    return hands


PathOrFile = Union[str, "PathLike[str]", IO[bytes], IO[str]]


def _read(source: PathOrFile) -> str:
    if hasattr(source, "read"):
        return _text(source.read())
    with open(source, "rb") as file:
        return _text(file.read())


def load(source: PathOrFile) -> HandHistory:
    """One hand from a ``.phh`` file (a path or an open file)."""
    return loads(_read(source))


def load_all(source: PathOrFile) -> List[HandHistory]:
    """Every hand of a ``.phhs`` file (a path or an open file)."""
    return loads_all(_read(source))


# --- writing -------------------------------------------------------------------------


def _to_document(hand: HandHistory) -> Dict[str, Any]:
    decimals = hand.decimals
    document: Dict[str, Any] = {"variant": hand.variant}
    if hand.ante_trimming_status:
        document["ante_trimming_status"] = True
    document["antes"] = [to_unit(v, decimals) for v in hand.antes]
    if hand.blinds_or_straddles is not None:
        document["blinds_or_straddles"] = [to_unit(v, decimals) for v in hand.blinds_or_straddles]
    for key in _SCALAR_AMOUNTS:
        value = getattr(hand, key)
        if value is not None:
            document[key] = to_unit(value, decimals)
    document["starting_stacks"] = [Decimal("inf") if v is None else to_unit(v, decimals)
                                   for v in hand.starting_stacks]
    document["actions"] = list(hand.actions)
    for key in ("finishing_stacks", "winnings"):
        values = getattr(hand, key)
        if values is not None:
            document[key] = [to_unit(v, decimals) for v in values]
    document.update(hand.fields)
    return document


def dumps(hand: HandHistory) -> str:
    """The text of a ``.phh`` file for one hand."""
    return phh_toml.dumps(_to_document(hand))


def dumps_all(hands: Iterable[HandHistory]) -> str:
    """The text of a ``.phhs`` file: the hands as tables ``[1]``, ``[2]``, ..."""
    return phh_toml.dumps({str(i): _to_document(hand) for i, hand in enumerate(hands, 1)})


def _write(text: str, target: PathOrFile) -> None:
    if hasattr(target, "write"):
        try:
            target.write(text)
        except TypeError:
            target.write(text.encode("utf-8"))
        return
    with open(target, "w", encoding="utf-8") as file:
        file.write(text)


def dump(hand: HandHistory, target: PathOrFile) -> None:
    """Write one hand as a ``.phh`` file (a path or an open file)."""
    _write(dumps(hand), target)


def dump_all(hands: Iterable[HandHistory], target: PathOrFile) -> None:
    """Write hands as a ``.phhs`` file (a path or an open file)."""
    _write(dumps_all(hands), target)
