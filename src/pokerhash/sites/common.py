"""What the site parsers share: the seat list, the player a line starts with, the plain
actions every site writes alike, and the end of a parse (who is dealt in, chips)."""

from __future__ import annotations

import re
from operator import itemgetter
from typing import Callable, Dict, List, Optional, Pattern, Tuple

from .model import Act, Parsed, SiteError

__all__ = ["AMOUNT_CACHE", "actor", "all_in_calls", "amount", "begin", "body", "cents", "check_hand", "finish", "game",
           "plain_action", "read_seats", "seat_in_chips", "seated", "stud_cards", "summary_line"]

_BRACKETS = re.compile(r"\[([^\]]*)\]")
_SYMBOLS = "$€£¥₹ "


def cents(text: str) -> int:
    """An amount as written (``$1,234.56``, ``€0.5``, ``1500``) in cents."""
    text = text.strip(_SYMBOLS)
    whole, dot, fraction = text.partition(".")
    if whole.isdigit() and (not dot or (len(fraction) == 2 and fraction.isdigit())):
        return int(whole) * 100 + (int(fraction) if dot else 0)  # the common case, fast
    if text.endswith((" USD", " EUR", " GBP")):
        text = text[:-4]
    text = text.replace(",", "")
    whole, dot, fraction = text.partition(".")
    if not whole.isdigit() or (dot and not (fraction.isdigit() and len(fraction) <= 2)):
        if dot and fraction.isdigit() and whole.isdigit() and fraction[2:].strip("0") == "":
            return int(whole) * 100 + int(fraction[:2])
        raise ValueError(f"{text!r} is not an amount")
    return int(whole) * 100 + (int((fraction + "0")[:2]) if dot else 0)


#: The amounts read so far, by their text (amounts repeat: stakes, stacks, bets; each is
#: read once). Cleared in place when large, so a module may keep a reference to it
#: (pokerstars looks amounts up here before calling amount()).
AMOUNT_CACHE: Dict[str, int] = {}


def amount(text: str, line: int) -> int:
    """An amount as written (see :func:`cents`), in cents; SiteError naming ``line``
    when it is no amount."""
    value = AMOUNT_CACHE.get(text)
    if value is not None:
        return value
    try:
        value = cents(text)
    except ValueError as error:
        raise SiteError(str(error), line) from None
    if len(AMOUNT_CACHE) > 50000:
        AMOUNT_CACHE.clear()
    AMOUNT_CACHE[text] = value
    return value


def seat_in_chips(line: str) -> Optional[tuple]:
    """A ``fields`` reader for :func:`read_seats`: the groups (seat, name, stack, rest)
    that ``Seat (?P<seat>\\d+): (?P<name>.*) \\((?P<stack>[^()]*?) in
    chips(?:, [^()]*)?\\)(?P<rest>.*)`` (PokerStars' seat line) gives the common line,
    ``Seat N: NAME (STACK in chips)`` with no bracket or comma in STACK, read with str
    methods; None for any other line (then the pattern reads it). The same groups: the
    name is greedy (up to the last " ("), the stack then ends at the closing " in
    chips)", and nothing follows. read_seats runs it as a C call (compiled)."""
    if not line.endswith(" in chips)"):
        return None
    colon = line.find(": ", 5)
    open_ = line.rfind(" (")
    if colon < 6 or open_ < colon + 2 or not line.startswith("Seat "):
        return None
    seat = line[5:colon]
    stack = line[open_ + 2:len(line) - 10]
    if not seat.isdecimal() or "(" in stack or ")" in stack or "," in stack:
        return None
    return seat, line[colon + 2:open_], stack, ""


def read_seats(lines: List[str], i: int, pattern: Pattern[str], read_amount: Callable[[str, int], int],
               p: Parsed, fields: Optional[Callable[[str], Optional[tuple]]] = None,
               known: Optional[Dict[str, int]] = None) -> Tuple[int, Dict[str, int]]:
    """Read the ``Seat N: NAME (STACK)...`` lines from line ``i`` (0-based) with
    ``pattern`` (groups ``seat``, ``name``, ``stack``, optional ``rest``) into ``p``;
    returns the next line and name -> seat. A seat without a name, a name seated twice,
    or no seat at all is refused. ``fields``: a faster reader of the common lines,
    giving as a tuple the groups (seat, name, stack, rest) the pattern would, or None to
    leave the line to the pattern (:func:`seat_in_chips`, the one for ``(X in chips)``,
    is a C call here). ``known``: ``read_amount``'s cache, text -> the amount it gives,
    looked up here first (for :func:`amount`, its own cache: a stack repeats hand after
    hand, and a look-up is a C call where ``read_amount`` is a Python call)."""
    names: Dict[str, int] = {}
    seats = p.seats
    n = len(lines)
    # The cache looked up as a dict (compiled, a C call) when it is one; any other
    # mapping (a dict subclass...) by its own get, as uncompiled.
    cache = AMOUNT_CACHE if read_amount is amount else (known if type(known) is dict else None)
    other = known if cache is None else None
    in_chips = fields is seat_in_chips
    while i < n:
        raw = lines[i]
        if not raw:  # a blank line between seat lines (files written with doubled line ends)
            if i + 1 < n and seats and lines[i + 1].startswith("Seat "):
                i += 1
                continue
            break
        if not raw.startswith("Seat "):
            break
        last = raw[len(raw) - 1]
        line = raw.rstrip() if last.isspace() else raw  # rstrip's whitespace: no call when it has none
        if in_chips:
            found = seat_in_chips(line)
        else:
            found = fields(line) if fields is not None else None
        if found is None:
            seat = pattern.fullmatch(line)
            if seat is None:
                raise SiteError(f"cannot read the seat line {lines[i]!r}", i + 1)
            groups = seat.groupdict()
            found = (groups["seat"], groups["name"], groups["stack"], groups.get("rest"))
        number, name = _seat_number(found[0]), found[1]
        if not name.strip():
            raise SiteError(f"seat {number} has no player name", i + 1)
        if name in names:
            raise SiteError(f"two seats hold {name!r}", i + 1)
        names[name] = number
        stack = found[2]
        value = cache.get(stack) if cache is not None else (other.get(stack) if other is not None else None)
        seats.append((number, name, value if value is not None else read_amount(stack, i + 1)))
        rest = found[3]
        if rest and ("sitting out" in rest or "out of hand" in rest):
            p.sitting_out.add(name)
        i += 1
    if not seats:
        raise SiteError("the hand has no seats", i + 1)
    return i, names


def _seat_number(text: str) -> int:
    """``int(text)``, a seat number: compiled, a short run of ASCII digits read in C
    (int() of a str is a Python-level conversion of ~500 instructions)."""
    if type(text) is not str:
        return int(text)
    chars = text
    n = len(chars)
    if n == 0 or n > 9:
        return int(text)
    value = 0
    for k in range(n):
        digit = ord(chars[k]) - 48
        if digit < 0 or digit > 9:
            return int(text)  # another digit (int() reads every decimal digit), or its error
        value = value * 10 + digit
    return value


def seated(line: str, by_length: List[str]) -> Optional[str]:
    """The seat name (longest first) that ``line`` starts with, followed by a space."""
    for name in by_length:
        if line.startswith(name) and line[len(name):len(name) + 1] == " ":
            return name
    return None


def plain_action(name: str, verb: str, all_in: bool, street: int, line: int, showdown: bool,
                 read_amount: Callable[[str, int], int]) -> Optional[Act]:
    """``folds``, ``checks``, ``calls X`` and ``bets X`` (X the chips added), as sites
    without a colon after the name write them; None for any other verb. A fold after
    the showdown began is a muck."""
    if verb == "folds":
        return Act(name, "m" if showdown else "f", None, None, False, street, line)
    if verb == "checks":
        return Act(name, "x", None, None, False, street, line)
    if verb.startswith("calls "):
        return Act(name, "c", read_amount(verb[6:], line), None, all_in, street, line)
    if verb.startswith("bets "):
        return Act(name, "b", read_amount(verb[5:], line), None, all_in, street, line)
    return None


def finish(p: Parsed, board: List[str] = (), read_in_chips: bool = False) -> Parsed:
    """Who is dealt in (a player marked sitting out who posts or acts is, as a
    tournament's; a player who neither posts, acts nor shows is not), the board (the
    summary's, else ``board`` as the streets dealt it), and whole chips for a hand
    played in chips (``read_in_chips``: the parser read its amounts in whole chips
    already, as Parsed.in_chips makes them)."""
    if not p.boards and board:
        p.boards = [list(board)]
    posted = {post[0] for post in p.posts}
    # The player of each act by itemgetter (an item: no attribute lookup per act): an
    # Act is a tuple subclass, whose index compiled goes through its generic sq_item
    # slot, a Python-level __getitem__ call (~750 instructions an act); itemgetter
    # subscripts it in C.
    acted = set(map(_PLAYER, p.acts))
    sitting = p.sitting_out = {name for name in p.sitting_out if name not in posted and name not in acted}
    known = p.known
    for seat in p.seats:
        name = seat[1]
        if name not in posted and name not in acted and name not in known:
            sitting.add(name)
    if p.decimals == 0 and not read_in_chips:
        p.in_chips()
    return p


_PLAYER = itemgetter(0)

_STREET_NAMES = ("FLOP", "TURN", "RIVER")


def body(lines: List[str], i: int, opening: str, p: Parsed, names: Dict[str, int],
         skipped: Tuple[str, ...] = ()) -> Tuple[list, int]:
    """The lines of a hand from line ``i`` (0-based) to its summary, for sites whose
    sections are ``*** NAME *** [cards]`` and whose hole cards are ``Dealt to NAME
    [cards]`` (read into ``p`` here): returns the rows (line number, line, street,
    board so far, showdown begun) of every other line, and the line number of
    ``*** SUMMARY ***`` (-1: the hand stops before it). ``opening`` names the first
    betting round's section, ``skipped`` sections that change nothing."""
    street = -1
    showdown = False
    board: List[str] = []
    rows = []
    for index in range(i, len(lines)):
        line = lines[index]
        if not line:
            continue
        number = index + 1
        if line.startswith("*** "):
            marker = line[4:line.find(" ***", 4)]
            if marker == "SUMMARY":
                return rows, number
            if marker == opening:
                street = 0
            elif marker in _STREET_NAMES:
                street = _STREET_NAMES.index(marker) + 1
                board = " ".join(_BRACKETS.findall(line)).split()
            elif marker == "SHOW DOWN":
                showdown = True
            elif marker not in skipped:
                raise SiteError(f"unknown section {line!r}", number)
            continue
        if line.startswith("Dealt to "):
            who = line[9:line.rfind(" [")]
            if who in names:
                p.known[who] = line[line.rfind("[") + 1:-1].split()
            continue
        rows.append((number, line, street, board, showdown))
    return rows, -1


def actor(p: Parsed, line: str, by_length: List[str], all_in_suffix: str, street: int, number: int,
          showdown: bool, read_amount: Callable[[str, int], int]) -> Optional[Tuple[str, str, bool, bool]]:
    """(player, what follows the name, all-in, done) of a line that starts with a seat
    name (longest first), the all-in suffix taken off; ``done`` when it was a plain
    action (:func:`plain_action`), now in ``p.acts``. None for a line of no seated player."""
    name = seated(line, by_length)
    if name is None:
        return None
    verb = line[len(name) + 1:]
    all_in = verb.endswith(all_in_suffix)
    if all_in:
        verb = verb[:-len(all_in_suffix)]
    act = plain_action(name, verb, all_in, street, number, showdown, read_amount)
    if act is not None:
        p.acts.append(act)
    return name, verb, all_in, act is not None


def summary_line(p: Parsed, line: str, number: int, seat_names: Dict[int, str]) -> None:
    """A summary's ``Board: [..]``, and the cards a ``Seat N: NAME ... showed [..]`` (or
    ``mucked [..]``) line gives unless the hand showed them already (the seat must be
    in the seat list)."""
    if line.startswith("Board: ["):
        p.boards = [line[8:line.rindex("]")].split()]
        return
    if not line.startswith("Seat "):
        return
    at = line.find("ed [")
    if at < 0 or not (line.startswith("showed [", at - 4) or line.startswith("mucked [", at - 4)):
        return
    seat = line[5:line.index(":")]
    name = seat_names.get(int(seat)) if seat.isdigit() else None
    if name is None:
        raise SiteError(f"the summary names a seat that is not in the seat list: {line!r}", number)
    p.known.setdefault(name, line[at + 4:line.index("]", at)].split())


_GAMES: Dict[tuple, object] = {}


def game(base, limit):
    """The engine's variant ``base`` at betting ``limit`` (made once: a hand's parse
    should not rebuild a dataclass)."""
    variant = _GAMES.get((base.name, limit))
    if variant is None:
        variant = _GAMES[(base.name, limit)] = base.with_limit(limit)
    return variant


def begin(text: str, site: str, header: Pattern[str]) -> Tuple[List[str], Parsed, "re.Match[str]"]:
    """A hand's lines (trailing blanks off), a fresh Parsed and the match of its first
    line against ``header`` (SiteError naming the line when it does not match)."""
    lines = [line.rstrip() for line in text.split("\n")]
    match = header.fullmatch(lines[0])
    if match is None:
        raise SiteError(f"a game or first line the importer does not read: {lines[0]!r}", 1)
    p = Parsed(site)
    p.hand_id = match.group("id")
    return lines, p, match


def all_in_calls(p: Parsed) -> None:
    """Sites that write an all-in as chips added (``is all-In [X]``, ``All-In (X)``) do
    not say whether it calls or raises: one that brings the player's bet of the round
    to no more than the largest bet so far is a call (PHH writes it so)."""
    big = next((amount for _, kind, amount, _ in p.posts if kind == "bb"), 0)
    bets: Dict[str, int] = {}
    for name, kind, amount, _ in p.posts:
        if kind in ("sb", "bb", "straddle"):
            bets[name] = bets.get(name, 0) + amount
        elif kind == "sbbb":
            bets[name] = bets.get(name, 0) + min(amount, big)
    street = 0  # the blinds are bets of the first round
    for k, act in enumerate(p.acts):
        if act.street != street:
            street, bets = act.street, {}
        if act.verb not in ("b", "c") or act.amount is None:
            continue
        before = bets.get(act.player, 0)
        total = act.to if act.to is not None else before + act.amount
        if act.verb == "b" and act.all_in and act.to is None and total <= max(bets.values(), default=0):
            p.acts[k] = act._replace(verb="c")
        bets[act.player] = total


def stud_cards(p: Parsed) -> None:
    """A stud player's cards in the order dealt, for sites that write each card as dealt
    (``p.stud``: None for one not seen) and the whole hand when shown in any order: the
    cards never seen are filled from the shown ones (then ``p.known`` holds all seven)."""
    for name, dealt in p.stud.items():
        shown = p.known.get(name)
        if shown and len(dealt) < len(shown):
            # a card dealt face down that the site writes only to its owner (Ongame's
            # river): the shown hand has it
            dealt = p.stud[name] = dealt + [None] * (len(shown) - len(dealt))
        if shown and None in dealt:
            rest = iter(card for card in shown if card not in dealt)
            filled = [card if card is not None else next(rest, None) for card in dealt]
            if None not in filled:
                p.known[name] = filled
                continue
        p.known.pop(name, None)


_CARD = re.compile(r"[2-9TJQKA][cdhs]")


def check_hand(p: Parsed) -> Parsed:
    """``p``, or SiteError for a blind or ante of no chips, a card the hand names that is
    no card, or one dealt twice (on the board and in a player's whole hand, or in two
    players')."""
    for name, kind, amount, line in p.posts:
        if amount <= 0:
            raise SiteError(f"{name} posts no chips", line or None)
    owner: Dict[str, str] = {}
    holders = [("the board", board) for board in p.boards[:1]] + list(p.known.items())
    for name, cards in holders + list(p.stud.items()):
        for card in cards:
            if card is not None and not _CARD.fullmatch(card):
                raise SiteError(f"{card!r} is not a card ({name})")
    hole = p.variant.cards_per_player if p.variant is not None else 0
    for name, cards in holders:
        if name != "the board" and len(cards) != hole:
            continue  # not a whole hand (a card drawn for the button, say): never dealt as such
        for card in cards:
            if card in owner:
                raise SiteError(f"{card} is dealt twice ({owner[card]} and {name})")
            owner[card] = name
    return p
