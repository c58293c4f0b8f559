"""Each player's net won in a PokerStars (or GGPoker) hand, read from the hand's own text.

A slow, readable reference, independent of pokerhash (no engine, no site parser): it
sums what each player put in (blinds, antes, calls, bets, raises: the raise's
``to`` less what the player had in on that street), and subtracts it from what the
text says came back (``Uncalled bet (X) returned to NAME``) and was won (``NAME
collected X from ...``). The hand database's ``net`` of every player must be this
figure (tests/test_tracker.py, benchmarks/tracker_real_files.py).
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Dict, List, Optional, Tuple

_SEAT = re.compile(r"Seat \d+: (.+?) \(([^()]*?) in chips")
_AMOUNT = re.compile(r"[$€£]?([\d,]+(?:\.\d+)?)")
_TAKEN = re.compile(r"\| (?:Rake|Jackpot|Bingo|Fortune|Tax) ([$€£]?\d[\d,.]*)")
_STAKES = re.compile(r"\(([$€£]?[\d,.]+)/([$€£]?[\d,.]+)")


def amount(text: str) -> Decimal:
    """``$1,250.00`` -> Decimal('1250.00')."""
    found = _AMOUNT.match(text.strip())
    if found is None:
        raise ValueError(f"not an amount: {text!r}")
    return Decimal(found.group(1).replace(",", ""))


def stars_nets(text: str) -> Optional[Dict[str, Decimal]]:
    """name -> net won in the hand's unit (currency or chips), for every player seated;
    None for a hand this reader does not follow (a cash-out, a game it does not know)."""
    lines = text.strip().splitlines()
    names: List[str] = []
    for line in lines[1:]:
        if line.startswith("*** "):
            break
        found = _SEAT.match(line)
        if found:
            names.append(found.group(1))
    names.sort(key=len, reverse=True)  # "Ann Marie" is tried before "Ann"
    stakes = _STAKES.search(lines[0])
    big_blind = amount(stakes.group(2)) if stakes else Decimal(0)
    put_in = {name: Decimal(0) for name in names}
    back = {name: Decimal(0) for name in names}
    street: Dict[str, Decimal] = {}
    betting = street  # the last street where chips went in
    said_returned = False
    for line in lines[1:]:
        if line.startswith("*** SUMMARY"):
            break
        if line.startswith("*** "):
            if not line.startswith(("*** HOLE CARDS", "*** DEALING HANDS", "*** SHOW")):
                street = {}  # a new street: nothing in front of anyone (the blinds are posted before the cards)
            continue
        if "cashed out" in line or "Cash Out" in line:
            return None
        if line.startswith("Uncalled bet ("):
            said_returned = True
            value, name = line[len("Uncalled bet ("):].split(") returned to ", 1)
            back[name.strip()] += amount(value)
            continue
        who = next((name for name in names if line.startswith(name + " collected ")), None)
        if who is not None:
            back[who] += amount(line[len(who) + len(" collected "):])
            continue
        who = next((name for name in names if line.startswith(name + ": ")), None)
        if who is None:
            continue
        words = line[len(who) + 2:]
        if words.startswith(("discards ", "stands pat")):
            street = {}  # a draw: the next betting round (single-draw games write no *** line)
            continue
        mine = street.get(who, Decimal(0))
        if words.startswith(("posts the ante ", "posts missed blind ", "posts dead blind ")):
            put_in[who] += amount(words.split(" and is all-in")[0].rsplit(" ", 1)[1])  # dead: nothing in front
        elif words.startswith("posts small & big blinds "):
            both = amount(words[len("posts small & big blinds "):])
            put_in[who] += both
            street[who] = mine + big_blind  # the small blind part is dead
        elif words.startswith("straddle "):
            # GGPoker's "NAME: straddle $40": the player's whole bet in front (a big
            # blind who straddles puts in the difference: its blind is part of it).
            to = amount(words[len("straddle "):].split(" and is all-in")[0])
            put_in[who] += to - mine
            street[who] = to
        elif words.startswith(("posts ", "brings in for ")):  # blinds (small, big, button), straddles
            value = amount(words.rsplit(" ", 1)[1] if not words.endswith("all-in") else
                           words.split(" and is all-in")[0].rsplit(" ", 1)[1])
            put_in[who] += value
            street[who] = mine + value
        elif words.startswith(("calls ", "bets ")):
            value = amount(words.split(" ", 1)[1])
            put_in[who] += value
            street[who] = mine + value
        elif words.startswith("straddle "):
            # GGPoker: ``NAME: straddle $X``, X the player's whole preflop bet (a blind's
            # player who straddles has his blind in it)
            to = amount(words[len("straddle "):].split(" and is all-in")[0])
            put_in[who] += to - mine
            street[who] = to
        elif words.startswith("raises "):
            to = amount(words.split(" to ", 1)[1])
            put_in[who] += to - mine
            street[who] = to
        elif words.startswith("completes it to "):
            to = amount(words[len("completes it to "):])
            put_in[who] += to - mine
            street[who] = to
        if street:
            betting = street
    # PokerStars before 2008 gives an uncalled bet back without a line: the chips put in
    # that the pot (collected, rake and fees, as the summary says) does not account for
    # went back to the last street's biggest bettor.
    taken = sum((amount(found) for found in _TAKEN.findall(text)), Decimal(0))
    missing = sum(put_in.values()) - sum(back.values()) - taken
    if not said_returned and missing > 0 and betting:
        ranked = sorted(betting.items(), key=lambda item: item[1], reverse=True)
        top, second = ranked[0][1], ranked[1][1] if len(ranked) > 1 else Decimal(0)
        if missing <= top - second:
            back[ranked[0][0]] += missing
    return {name: back[name] - put_in[name] for name in names}


def stars_preflop(text: str) -> Dict[str, Tuple[int, int]]:
    """name -> (VPIP, PFR) of one PokerStars or GGPoker hand, from its text: whether the
    player called, bet, raised or completed in the first betting round (after ``***
    HOLE CARDS ***``, ``*** 3rd STREET ***`` or a draw game's ``*** DEALING HANDS
    ***``, until the next ``***`` line or the draw), and
    whether the player raised, bet or completed there. Blinds, antes, straddles and
    bring-ins are forced, never voluntary. Players who do not act there are absent."""
    lines = text.strip().splitlines()
    names = sorted((found.group(1) for found in map(_SEAT.match, lines) if found), key=len, reverse=True)
    counts: Dict[str, Tuple[int, int]] = {}
    inside = False
    for line in lines[1:]:
        if line.startswith("*** "):
            if inside:
                break
            inside = line.startswith(("*** HOLE CARDS", "*** 3rd STREET", "*** DEALING HANDS"))
            continue
        who = next((name for name in names if line.startswith(name + ": ")), None) if inside else None
        if who is None:
            continue
        words = line[len(who) + 2:]
        if words.startswith(("discards ", "stands pat")):
            break  # the draw: the first betting round is over
        vpip, pfr = counts.get(who, (0, 0))
        if words.startswith(("calls ", "bets ", "raises ", "completes ")):
            vpip = 1
        if words.startswith(("bets ", "raises ", "completes ")):
            pfr = 1
        counts[who] = (vpip, pfr)
    return counts
