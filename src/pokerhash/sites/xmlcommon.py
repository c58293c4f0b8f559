"""What the XML site readers share: one hand's XML read safely into a small tree that
knows each element's line, amounts as the XML sites write them, cards.

The hand is parsed with the standard library's expat (``xml.parsers.expat``), the
parser under ElementTree, for the line of each element (ElementTree keeps none). A
hand history never needs a document type: a ``<!DOCTYPE`` or an entity declaration
is refused before anything is expanded (no external entities, no entity bombs), and
a hand that is not well-formed is refused naming the line expat stopped on.
"""

from __future__ import annotations

from decimal import Decimal

from typing import Callable, Dict, Iterator, List, Optional, Tuple
from xml.parsers import expat

from ..betting import Limit
from .common import cents
from .model import Act, Parsed, SiteError

__all__ = ["Node", "read_hand", "read_stakes", "all_in_calls", "card", "check_posts", "chips_in", "in_chips", "money", "stud_bets",
           "tree"]


class Node:
    """One element: ``tag``, ``attrs``, ``children``, ``text`` (its own text, stripped)
    and ``line`` (1-based, in the hand's text)."""

    __slots__ = ("tag", "attrs", "children", "text", "line")

    def __init__(self, tag: str, attrs: Dict[str, str], line: int) -> None:
        self.tag = tag
        self.attrs = attrs
        self.children: List["Node"] = []
        self.text = ""
        self.line = line

    def get(self, key: str, default: Optional[str] = None) -> Optional[str]:
        return self.attrs.get(key, default)

    def find(self, tag: str) -> Optional["Node"]:
        """The first child named ``tag``."""
        for child in self.children:
            if child.tag == tag:
                return child
        return None

    def findall(self, tag: str) -> List["Node"]:
        return [child for child in self.children if child.tag == tag]

    def iter(self, tag: Optional[str] = None) -> Iterator["Node"]:
        """This element and every one below it, in document order (``tag``: only those)."""
        stack = [self]
        while stack:
            node = stack.pop()
            if tag is None or node.tag == tag:
                yield node
            stack.extend(reversed(node.children))


class _Refused(Exception):
    pass


def tree(text: str, unclosed: Optional[str] = None) -> List[Node]:
    """The top-level elements of ``text`` (one hand, perhaps followed by its header);
    SiteError naming the line for text that is not well-formed or declares a
    document type or entities. ``unclosed``: a top-level element of that name may end
    without its end tag when every element inside it is closed."""
    if text.startswith("<?xml"):
        end = text.find("?>") + 2
        text = " " * end + text[end:] if end > 1 else text  # (a declaration inside the wrapper is an error)
    parser = expat.ParserCreate()
    parser.SetParamEntityParsing(expat.XML_PARAM_ENTITY_PARSING_NEVER)
    root = Node("", {}, 1)
    stack = [root]
    texts: List[List[str]] = [[]]

    def start(tag, attrs):
        node = Node(tag, attrs, parser.CurrentLineNumber)
        stack[-1].children.append(node)
        stack.append(node)
        texts.append([])

    def end(tag):
        node = stack.pop()
        node.text = "".join(texts.pop()).strip()

    def data(chunk):
        texts[-1].append(chunk)

    def doctype(*args):
        raise _Refused("a document type declaration (a hand history has none: not read, for safety)")

    def entity(*args):
        raise _Refused("an entity declaration (a hand history has none: not read, for safety)")

    parser.StartElementHandler = start
    parser.EndElementHandler = end
    parser.CharacterDataHandler = data
    parser.StartDoctypeDeclHandler = doctype
    parser.EntityDeclHandler = entity
    parser.buffer_text = True
    try:
        # A wrapper element: the hand and its header are two top-level elements.
        parser.Parse("<_hand>", False)
        parser.Parse(text, False)
    except _Refused as error:
        raise SiteError(str(error), parser.CurrentLineNumber) from None
    except expat.ExpatError as error:
        raise SiteError(f"not well-formed XML: {expat.ErrorString(error.code)}",
                        max(1, min(error.lineno, text.count("\n") + 1))) from None
    if len(stack) == 3 and stack[-1].tag == unclosed:
        try:
            parser.Parse(f"</{unclosed}>", False)
        except expat.ExpatError:  # the text ends inside a tag: cut short
            raise SiteError(f"the hand is cut short: its <{unclosed}> is not closed", text.count("\n") + 1) from None
    if len(stack) > 2:
        # the text ends inside the hand: a file cut short
        raise SiteError(f"the hand is cut short: its <{stack[-1].tag}> is not closed", text.count("\n") + 1)
    try:
        parser.Parse("</_hand>", True)
    except expat.ExpatError as error:
        raise SiteError(f"not well-formed XML: {expat.ErrorString(error.code)}", text.count("\n") + 1) from None
    return root.children[0].children


_SYMBOLS = "$€£¥ \u00a0"
_CODES = ("RSD", "SEK", "EUR", "USD", "GBP", "CAD", "CNY", "kr")


def read_hand(text: str, site: str, tag: str, id_attribute: str, read: Callable[[Parsed, Node], None]) -> Parsed:
    """A hand that is one ``<tag>`` element: parsed, its number from ``id_attribute``,
    read into a Parsed by ``read(p, element)``; SiteError naming the line, the
    element's own for text its format does not foresee."""
    hand = next((n for n in tree(text) if n.tag == tag), None)
    if hand is None:
        raise SiteError(f"no <{tag}> element", 1)
    p = Parsed(site)
    p.hand_id = hand.get(id_attribute, "")
    try:
        read(p, hand)
    except SiteError:
        raise
    except (ValueError, KeyError, IndexError, TypeError) as error:
        raise SiteError(f"cannot read: {error}", hand.line) from None
    return p


def read_stakes(p: Parsed, text: str, separator: str, limit: Limit, line: int) -> None:
    """The two sizes of a stakes text (``0.05/0.10``): the small and big bet in fixed
    limit, else the blinds; other texts leave the stakes to the hand's posts."""
    sizes = text.split(separator)
    if len(sizes) == 2:
        first, second = money(sizes[0], line), money(sizes[1], line)
        if limit is Limit.FIXED_LIMIT:
            p.small_bet, p.big_bet = first, second
        else:
            p.blinds = (first, second)


def money(text: Optional[str], line: int) -> int:
    """An amount as the XML sites write it, in cents: a currency sign or code before
    or after, thousands separated by commas, dots or spaces, a decimal point or
    comma (``€1.234,50``, ``$1,234.50``, ``1.500`` chips, ``0,50``); SiteError
    naming ``line`` for anything else."""
    if text is None:
        raise SiteError("an amount is missing", line)
    known = _AMOUNTS.get(text)
    if known is not None:
        return known
    value = text.strip()
    for code in _CODES:
        if value.startswith(code):
            value = value[len(code):]
        elif value.endswith(code):
            value = value[:-len(code)]
    value = value.strip(_SYMBOLS).replace(" ", "").replace("\u00a0", "")
    comma, dot = value.rfind(","), value.rfind(".")
    if comma >= 0 and dot >= 0:
        separator = "," if comma < dot else "."
        value = value.replace(separator, "")
        if separator == ".":
            value = value.replace(",", ".")
    elif comma >= 0:
        groups = value.split(",")
        if all(len(g) == 3 for g in groups[1:]) and len(groups[-1]) == 3:
            value = value.replace(",", "")  # thousands
        else:
            value = value.replace(",", ".")  # a decimal comma
    elif dot >= 0:
        groups = value.split(".")
        if len(groups) > 2 or (len(groups[-1]) == 3 and groups[0] not in ("", "0")):
            value = value.replace(".", "")  # thousands (1.500 chips)
    try:
        result = cents(value)
    except ValueError:
        raise SiteError(f"{text!r} is not an amount", line) from None
    if len(_AMOUNTS) > 50000:
        _AMOUNTS.clear()
    _AMOUNTS[text] = result
    return result


_AMOUNTS: Dict[str, int] = {}  # amounts repeat hand after hand: read each once


_RANKS = {"10": "T", "T": "T", "J": "J", "Q": "Q", "K": "K", "A": "A"}


def card(text: str, line: int, suit_first: bool = False) -> Optional[str]:
    """A card as ``Ah`` (None for a hidden card: ``X``, ``null``, empty):
    ``suit_first`` for iPoker's ``HA``, ``C10``."""
    if text in ("X", "x", "null", "", "XX", "xx"):
        return None
    if suit_first:
        suit, rank = text[0], text[1:]
    else:
        rank, suit = text[:-1], text[-1]
    rank = _RANKS.get(rank.upper(), rank)
    suit = suit.lower()
    if len(rank) != 1 or rank not in "23456789TJQKA" or suit not in "cdhs":
        raise SiteError(f"{text!r} is not a card", line)
    return rank + suit


def chips_in(p: Parsed) -> Tuple[int, int]:
    """(all the chips the posts and actions put in, the uncalled bet): the biggest
    bettor's live chips above the next's (dead blinds are matched by nobody)."""
    dead = 0
    live: Dict[str, int] = {}
    street_bets: Dict[str, int] = {}
    big = next((post[2] for post in p.posts if post[1] == "bb"), 0)
    first_sb = next((k for k, post in enumerate(p.posts) if post[1] == "sb"), None)
    for k, (name, kind, amount, _) in enumerate(p.posts):
        if kind in ("ante", "dead") or (kind == "sb" and k != first_sb):
            dead += amount
        elif kind == "sbbb":
            dead += amount - big
            street_bets[name] = street_bets.get(name, 0) + big
        else:
            street_bets[name] = street_bets.get(name, 0) + amount
    street = 0
    for act in p.acts:
        if act.street != street:
            for name, chips in street_bets.items():
                live[name] = live.get(name, 0) + chips
            street_bets = {}
            street = act.street
        if act.verb == "d":
            continue  # a draw: its amount counts cards
        now = street_bets.get(act.player, 0)
        if act.to is not None:
            street_bets[act.player] = max(now, act.to)
        elif act.amount is not None:
            street_bets[act.player] = now + act.amount
    for name, chips in street_bets.items():
        live[name] = live.get(name, 0) + chips
    ranked = sorted(live.values(), reverse=True) + [0, 0]
    return sum(live.values()) + dead, ranked[0] - ranked[1]


#: The start of the reason a stud tournament hand whose text shows no bet size is
#: refused with (:func:`stud_bets`); :mod:`.stud_levels` may read it from its neighbours.
NO_STUD_BETS = "a stud tournament hand that shows no completion and no full bet"


def stud_bets(p: Parsed, line: int) -> None:
    """A stud tournament's bets (they rise by level, and the files do not write them),
    as the hand shows them: the third-street completion (or the smallest bet on fourth
    street) is the small bet, the big bet twice that (the biggest bet from fifth
    street on, halved, when no small bet shows)."""
    completions = [a.to for a in p.acts if a.verb == "co" and not a.all_in]
    fourth = [a.amount for a in p.acts if a.verb == "b" and a.street == 1 and a.to is None and not a.all_in]
    later = [a.amount for a in p.acts if a.verb == "b" and a.street >= 2 and a.to is None and not a.all_in]
    small = max(completions) if completions else (min(fourth) if fourth else None)
    if small is None and not later:
        # Any small bet large enough would replay its chips alike, but the file says
        # none: writing one (PHH needs it) would invent a figure of the game.
        def chips(amount: int) -> str:
            return f"{Decimal(amount).scaleb(-2).normalize():f}"  # hundredths until in_chips
        antes = sorted({amount for _, kind, amount, _ in p.posts if kind == "ante"})
        bring_in = [a.amount for a in p.acts if a.verb == "bi" and a.amount]
        all_ins = [a.to if a.to is not None else a.amount for a in p.acts if a.all_in and a.verb in ("b", "co")]
        shown = ([f"antes of {chips(antes[0])}"] if len(antes) == 1 else ["antes"] if antes else []) + \
            [f"a bring-in of {chips(b)}" for b in bring_in[:1]] + \
            ([f"all-ins for {', '.join(chips(a) for a in all_ins if a is not None)}"] if all_ins else [])
        raise SiteError(f"{NO_STUD_BETS} (only {', '.join(shown)}, "
                        "calls, checks and folds): the site does not write a tournament level's small and big "
                        "bets, nothing in the hand tells them, and its PHH needs them", line)
    p.small_bet = small if small is not None else max(later) // 2
    p.big_bet = 2 * p.small_bet


def all_in_calls(p: Parsed) -> None:
    """A bet or raise that does not go above the bet the player faces (the XML sites
    write a player's all-in alike whether it raises or only calls, sometimes for more
    than the player has) is the call it amounts to: the player's chips, up to the bet
    faced. (The replay plays it as a call either way; the PHH written must say so.)"""
    stacks = {name: stack for _, name, stack in p.seats}
    big = next((amount for _, kind, amount, _ in p.posts if kind == "bb"), 0)
    first_small = next((k for k, post in enumerate(p.posts) if post[1] == "sb"), None)
    bets: Dict[str, int] = {}
    for k, (name, kind, amount, _) in enumerate(p.posts):
        stacks[name] = stacks.get(name, 0) - amount
        if kind in ("bb", "straddle") or (kind == "sb" and k == first_small):
            bets[name] = bets.get(name, 0) + amount
        elif kind == "sbbb":
            bets[name] = bets.get(name, 0) + min(amount, big)
    street = p.acts[0].street if p.acts else 0
    acts = []
    for act in p.acts:
        if act.street != street:
            bets, street = {}, act.street
        name = act.player
        now, left = bets.get(name, 0), stacks.get(name, 0)
        top = max(bets.values(), default=0)
        added = 0
        if act.verb == "b":
            total = act.to if act.to is not None else now + (act.amount or 0)
            if top > now and (total <= top or now + left <= top):
                added = min(top - now, left)
                act = Act(name, "c", added, None, act.all_in or added == left, act.street, act.line)
            else:
                added = min(total - now, left)
        elif act.verb == "c":
            added = act.amount if act.amount is not None else min(top - now, left)
        elif act.verb == "bi":
            added = act.amount or 0
        elif act.verb == "co":
            added = (act.to or 0) - now
        bets[name] = now + added
        stacks[name] = left - added
        acts.append(act)
    p.acts = acts


def check_posts(p: Parsed) -> None:
    """SiteError for a blind or ante posted as nothing (no chips): no game is played so."""
    for name, kind, amount, line in p.posts:
        if amount <= 0 and kind != "ante":
            raise SiteError(f"{name} posts a {kind} of nothing", line)


def in_chips(p: Parsed) -> None:
    """A hand played in chips (a tournament, play money) made whole chips; one with
    fractions of a chip (some tournaments, after rebuys) kept in hundredths."""
    amounts = [stack for _, _, stack in p.seats] + [post[2] for post in p.posts] + list(p.collected.values()) + \
        list(p.returned.values()) + [a.amount or 0 for a in p.acts] + [a.to or 0 for a in p.acts] + \
        [p.rake or 0, p.total or 0, p.small_bet, p.big_bet, p.blinds[0], p.blinds[1], p.fees, p.cash_drop]
    if all(v % 100 == 0 for v in amounts):
        p.in_chips()
    else:
        p.decimals = 2
