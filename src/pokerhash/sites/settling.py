"""How each site settles its pots where the rules leave a choice or rooms differ
(rules: Pots, splitting and rake): who gets a split pot's odd chips, and which pots
pay the rake. The replay gives these to the engine as table options
(:class:`~pokerhash.pots.OddChipRule`, ``RakeRule.every_pot``); a site not named here
settles as the rules say. Each convention is the one the site's real hand histories
show (docs/sites.rst, "How each site settles"):

- PokerStars: several odd chips go one per winner from the button's left; a 2008
  cash table that plays 5-cent chips (every stack, blind, bet and the rake a multiple
  of 5 cents) splits in 5-cent units ($1.90 four ways: 0.50, 0.50, 0.45, 0.45).
- Winamax: the odd chips go one per winner from the button's side (the button, then
  counter-clockwise): 260 chips three ways from the button's left paid 86, 87, 87.
- Ongame: the odd chip goes to the winner in the lowest seat (seat 3 over seat 8 with
  the button on seat 3; seat 7 over seat 9 with the button on seat 9).
- Winning Poker Network: in stud hi/lo the low half takes the odd chip.
- iPoker and Entraction: the rake comes from every pot in proportion to its chips.
- GGPoker: which pot pays how much of the rake and fees is the site's own figures
  (:func:`deductions_from_collections`): its text says what each winner collected
  (per board) but not from which pot, nor how it split the rake and the jackpot fee
  between the pots, and no rule of its own was found; where each winner's
  collection comes from one pot only, each pot gave up the pot less what its
  winner collected.

How each site bets in fixed limit where rooms differ (rules: Betting), the engine's
options given by the replay (docs/sites.rst, "How each site bets"):

- :func:`half_bet_all_in`: after an all-in of half a bet or more but less than a full
  one, PokerStars lets the next player raise to one bet over the last full bet
  (completing the all-in: the badugi tournaments raise 150 all in over 120 to 180, at
  bets of 60) and iPoker to one bet over the full bet the all-in would complete (0.13
  all in on a 0.20 round raised to 0.40); elsewhere the rules': a bet over the all-in
  (Merge raises 585 all in over 400 to 785, at bets of 200)
  (``Options.half_bet_all_in``).
- :func:`uncapped_heads_up`: Merge's cash tables lift the four-bet cap when two
  players are left (a heads-up 2-7 triple draw round of six bets); elsewhere the cap
  holds (``Stakes.uncapped_heads_up``).

And how a heads-up hand is seated where it is not as the rules say:
:func:`big_blind_on_the_button` (Entraction, Winning Poker Network's older layout:
the dealer posts the big blind, the small blind acts first on every street; the
engine's ``heads_up_dead_button``).
"""

from __future__ import annotations

from typing import Dict, List, Tuple, Union

from ..pots import OddChipRule
from .model import Parsed, to_decimal

__all__ = ["big_blind_on_the_button", "deductions_from_collections", "describe", "half_bet_all_in", "settlement",
           "uncapped_heads_up"]

_RULES = {
    "pokerstars": OddChipRule(one_each=True),
    "winamax": OddChipRule(order="right of button", one_each=True),
    "ongame": OddChipRule(order="lowest seat"),
}
_FIVE_CENTS = OddChipRule(one_each=True, unit=5)
_STUD_LOW_HALF = OddChipRule(low_half=True)
_DEFAULT = OddChipRule()
_RAKE_FROM_EVERY_POT = frozenset({"ipoker", "entraction"})
_RAKE_FROM_COLLECTIONS = frozenset({"ggpoker"})


def settlement(p: Parsed) -> Tuple[OddChipRule, bool]:
    """The site's odd-chip rule for hand ``p`` and whether it takes the rake from
    every pot in proportion (else from the main pot first)."""
    site = p.site
    rule = _RULES.get(site, _DEFAULT)
    if site == "pokerstars" and _five_cent_table(p):
        rule = _FIVE_CENTS
    elif site == "winning" and p.variant.is_stud:
        rule = _STUD_LOW_HALF
    return rule, site in _RAKE_FROM_EVERY_POT


def _five_cent_table(p: Parsed) -> bool:
    """A PokerStars cash hand of 2008 or before whose every amount is whole 5 cents:
    a table whose smallest chip is 5 cents."""
    if p.tournament is not None or p.decimals != 2 or not p.time[:4].isdigit() or int(p.time[:4]) > 2008:
        return False
    amounts = [stack for _, _, stack in p.seats] + [amount for _, _, amount, _ in p.posts]
    amounts += [act.amount for act in p.acts if act.amount is not None]
    amounts.append(p.rake or 0)
    return all(amount % 5 == 0 for amount in amounts)


_HALF_BET_ALL_IN = {"pokerstars": "last full bet", "ipoker": "completed"}


def half_bet_all_in(p: Parsed) -> str:
    """The site's ``Options.half_bet_all_in`` for hand ``p`` (the rules' ``"all-in"``
    at the sites not named)."""
    return _HALF_BET_ALL_IN.get(p.site, "all-in")


def uncapped_heads_up(p: Parsed) -> bool:
    """Whether the site lifts the fixed-limit cap when two players are left (Merge's
    cash tables)."""
    return p.site == "merge" and p.tournament is None


def describe(rule: OddChipRule, unit=str) -> str:
    """An odd-chip rule in words, as PHH's ``_pokerhash_odd_chips`` field writes it:
    ``"right of button; one each"``, ``"left of button; one each; unit 0.05"``
    (``unit`` writes the split unit in the hand's unit)."""
    words = [rule.order]
    if rule.one_each:
        words.append("one each")
    if rule.low_half:
        words.append("low half")
    if rule.unit != 1:
        words.append(f"unit {unit(rule.unit)}")
    return "; ".join(words)


def big_blind_on_the_button(p: Parsed) -> bool:
    """Heads-up (two players post or act) with the big blind posted by the button: a
    dead-button order, the small blind on the button's left acting first on every
    street. The parser marks such a hand ``fields["heads_up_dead_button"]``."""
    playing = {post[0] for post in p.posts} | {act.player for act in p.acts}
    if len([name for _, name, _ in p.seats if name in playing]) != 2:
        return False
    big = next((post[0] for post in p.posts if post[1] == "bb"), None)
    return big is not None and next(seat for seat, name, _ in p.seats if name == big) == p.button


def deductions_from_collections(p: Parsed, result, collected: Dict[int, int]) -> Union[List[int], str, None]:
    """What each pot of the engine's ``result`` gave up to the rake and fees, read from
    the site's own figures (``collected``: seat -> chips the site says it collected)
    at a site whose text does not say which pot a collection is from nor how the
    house's take was split between the pots (GGPoker; None elsewhere, or with one pot
    or no take). The engine says who won each pot (over every board); when each pot
    was won whole by one player and each winner won one pot, the pot gave up its
    chips less what its winner collected. Those parts, each at least nothing and
    adding up to the site's rake and fees (``result.rake``), are returned; else the
    reason the text does not tell them (a string)."""
    runs = result.settlements
    if p.site not in _RAKE_FROM_COLLECTIONS or not result.rake:
        return None
    count = len(runs[0].pots)
    unsaid = "GGPoker does not say how it split its rake and fees between the pots, and "
    pots = [pot.pot.amount for pot in runs[0].pots]
    if len(runs) > 1:  # each run holds its part of every pot after the rake, main pot first
        pots = [sum(run.pots[k].pot.amount for run in runs) for k in range(count)]
        if any(len(run.pots) != count for run in runs):
            return unsaid + "the boards hold different pots"
        if not pots[0]:
            return unsaid + "the rake took the engine's whole main pot"
        pots[0] += result.rake
    live = [k for k in range(count) if pots[k]]
    if len(live) < 2:
        return None
    winner_of: List[int] = []
    for k in live:
        seats = {award.seat for run in runs for award in run.pots[k].awards if award.amount}
        if len(seats) != 1:
            return unsaid + f"pot {k} (0: the main pot) is {'split' if seats else 'taken whole by the rake'}: " \
                "the collections do not tell it"
        seat = seats.pop()
        if seat in winner_of:
            return unsaid + f"seat {seat} won two pots: the collections do not tell it"
        winner_of.append(seat)
    if set(winner_of) != {seat for seat, chips in collected.items() if chips}:
        return unsaid + "the site's winners are not the engine's"
    given = [pots[k] - collected[seat] for k, seat in zip(live, winner_of)]
    if min(given) < 0 or sum(given) != result.rake:
        parts = ", ".join(str(to_decimal(part, p.decimals)) for part in given)
        return unsaid + f"the pots less the collections ({parts}) are not its rake and fees " \
            f"({to_decimal(result.rake, p.decimals)})"
    return given
