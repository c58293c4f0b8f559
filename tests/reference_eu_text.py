"""Slow, readable writers of Full Tilt, 888poker and Winamax hand-history text for
hands the engine played (the formats of tests/data/sites/*/formats): the tests play
random hands, write them as each site writes its hands, read them back with
pokerhash.sites, and check that the replay agrees with the engine's own settlement.

Each writes what the site's client writes and nothing the importer could learn from
elsewhere: other players' hole cards only when shown, no line for an uncalled bet
where the site writes none, every pot's collection on its own line.
"""

from pokerhash.betting import ActionKind, ForcedKind
from pokerhash.cards import RANKS, SUITS
from pokerhash.engine import events as ev


def cards(values, sep=" "):
    return sep.join(RANKS[c >> 2] + SUITS[c & 3] for c in values)


def dollars(cents):
    """Full Tilt's money: ``$1,234.50``, ``$5``."""
    return f"${cents // 100:,}" + (f".{cents % 100:02d}" if cents % 100 else "")


def euros(cents):
    """Winamax's money: ``1234.50€``, ``5€``."""
    return f"{cents // 100}" + (f".{cents % 100:02d}" if cents % 100 else "") + "€"


def chips_888(chips):
    """888 tournament chips, with a dollar sign: ``$1,234``."""
    return f"${chips:,}"


class _Hand:
    """What every writer needs from the engine's event log."""

    def __init__(self, hand):
        self.hand, self.log = hand, hand.events
        self.start = self.log[0]
        self.variant = self.start.variant
        self.name = {seat: f"P{seat}" for seat in self.start.seats}
        self.shown = {e.seat: e.cards for e in self.log if isinstance(e, ev.Show)}
        self.wins = [(e.seat, e.amount, e.pot) for e in self.log if isinstance(e, ev.Win)]
        self.rake = sum(e.amount for e in self.log if isinstance(e, ev.Rake))
        self.returned = [(e.seat, e.amount) for e in self.log if isinstance(e, ev.Return)]
        self.board = [c for e in self.log if isinstance(e, ev.Deal) and e.seat is None for c in e.cards]

    def won(self):
        won = {}
        for seat, amount, _ in self.wins:
            won[seat] = won.get(seat, 0) + amount
        return won

    def pot_name(self, pot, side="side pot"):
        return "pot" if len({p for _, _, p in self.wins}) == 1 else (side if pot else "main pot")


def _posts(h, ante, blind):
    """The antes and blinds as lines (``ante(name, amount)``, ``blind(name, which,
    amount)``), and each seat's chips in front after them."""
    which = iter(["small blind", "big blind"] if len(h.start.stakes.blinds) == 2 else ["big blind"])
    front = dict.fromkeys(h.start.seats, 0)
    lines = []
    for post in (e for e in h.log if isinstance(e, ev.Post)):
        if post.kind is ForcedKind.ANTE:
            lines.append(ante(h.name[post.seat], post.amount))
        elif post.kind is ForcedKind.BLIND:
            lines.append(blind(h.name[post.seat], next(which), post.amount))
            front[post.seat] += post.amount
    return lines, front


def _play(h, front, street, action, returned=None):
    """The boards and betting as lines: ``street(cards before, new cards)``,
    ``action(name, move, raised from)`` (None for a line the site does not write),
    ``returned(name, amount)`` for an uncalled bet the site writes."""
    lines, board, level = [], [], max(front.values())
    for e in h.log[1:]:
        if isinstance(e, ev.Deal) and e.seat is None:
            lines.append(street(list(board), list(e.cards)))
            board += e.cards
            front, level = dict.fromkeys(h.start.seats, 0), 0
        elif isinstance(e, ev.Act):
            move = e.action
            lines.append(action(h.name[e.seat], move, level))
            if move.kind in (ActionKind.CALL, ActionKind.BET):
                front[e.seat] += move.chips
            elif move.kind is ActionKind.RAISE:
                front[e.seat] = move.to
            level = max(level, front[e.seat])
        elif isinstance(e, ev.Return) and returned is not None:
            lines.append(returned(h.name[e.seat], e.amount))
    return lines


def _verb(move, money, tail, raised):
    """The usual action words: folds, checks, calls X, bets X, or ``raised()``."""
    if move.kind is ActionKind.FOLD:
        return "folds"
    if move.kind is ActionKind.CHECK:
        return "checks"
    if move.kind is ActionKind.CALL:
        return f"calls {money(move.chips)}{tail}"
    if move.kind is ActionKind.BET:
        return f"bets {money(move.chips)}{tail}"
    return raised()


def _stakes(h, money):
    """The stakes a first line writes: a fixed-limit game's bets, else the blinds."""
    if h.variant.limit.value == "fixed-limit":
        return f"{money(h.hand.structure.small_bet)}/{money(h.hand.structure.big_bet)}"
    blinds = h.start.stakes.blinds
    return f"{money(blinds[0])}/{money(blinds[-1])}"


def _seat_results(h, money, won_text, collected_text, folded_text):
    """The summary's seat lines: shown hands (won or lost), collected figures, folds
    (``folded_text`` None: no line)."""
    won = h.won()
    lines = []
    for seat in sorted(h.start.seats):
        who = h.name[seat]
        if seat in h.shown:
            result = won_text(money(won[seat])) if seat in won else "and lost"
            lines.append(f"Seat {seat}: {who} showed [{cards(h.shown[seat])}] {result}")
        elif seat in won:
            lines.append(f"Seat {seat}: {who} {collected_text(money(won[seat]))}")
        elif folded_text:
            lines.append(f"Seat {seat}: {who} {folded_text}")
    return lines


def write_fulltilt(hand, number, hero=None):
    """A board game's hand (cash, dollars) as Full Tilt text; players are P<seat>."""
    h = _Hand(hand)
    games = {"Texas Hold'em": "Hold'em", "Omaha": "Omaha Hi", "Omaha hi/lo": "Omaha Hi/Lo",
             "Five-card Omaha": "5 Card Omaha Hi"}
    limits = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
    limit = h.variant.limit.value
    stakes = _stakes(h, dollars)
    out = [f"Full Tilt Poker Game #{number}: Table Reference (9 max) - {stakes} - {limits[limit]} "
           f"{games[h.variant.name]} - 20:00:00 ET - 2024/01/01"]
    for seat, stack in sorted(zip(h.start.seats, h.start.stacks)):
        out.append(f"Seat {seat}: {h.name[seat]} ({dollars(stack)})")
    posts, front = _posts(h, lambda who, amount: f"{who} antes {dollars(amount)}",
                          lambda who, which, amount: f"{who} posts the {which} of {dollars(amount)}")
    out += posts + [f"The button is in seat #{h.start.button}", "*** HOLE CARDS ***"]
    if hero is not None:
        out.append(f"Dealt to {h.name[hero]} [{cards(hand.hole_cards(hero))}]")

    def street(before, new):
        name = {0: "FLOP", 3: "TURN", 4: "RIVER"}[len(before)]
        return f"*** {name} *** [{cards(before or new)}]" + (f" [{cards(new)}]" if before else "")

    def action(who, move, level):
        tail = ", and is all in" if move.is_all_in else ""
        return f"{who} " + _verb(move, dollars, tail, lambda: f"raises to {dollars(move.to)}{tail}")

    out += _play(h, front, street, action,
                 lambda who, amount: f"Uncalled bet of {dollars(amount)} returned to {who}")
    board = h.board
    if h.shown:
        out.append("*** SHOW DOWN ***")
        out += [f"{h.name[seat]} shows [{cards(shown)}]" for seat, shown in h.shown.items()]
        out += [f"{h.name[e.seat]} mucks" for e in h.log if isinstance(e, ev.Muck)]
    for seat, amount, pot in h.wins:
        out.append(f"{h.name[seat]} wins the {h.pot_name(pot)} ({dollars(amount)})")
    total = sum(hand.contributed.values()) - sum(amount for _, amount in h.returned)
    out += ["*** SUMMARY ***", f"Total pot {dollars(total)} | Rake {dollars(h.rake)}"]
    if board:
        out.append(f"Board: [{cards(board)}]")
    out += _seat_results(h, dollars, lambda amount: f"and won ({amount})",
                         lambda amount: f"collected ({amount}), mucked", "folded")
    return "\n".join(out) + "\n"


def write_888(hand, number, hero=None):
    """A board game's hand as 888poker writes a tournament's (chips with ``$``, amounts
    in brackets the chips added, no uncalled-bet line, no rake); players are P<seat>."""
    h = _Hand(hand)
    games = {"Texas Hold'em": "Holdem", "Omaha": "Omaha", "Omaha hi/lo": "OmahaHL"}
    limits = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Fix Limit"}
    blinds = h.start.stakes.blinds
    out = [f"#Game No : {number}", f"***** 888poker Hand History for Game {number} *****",
           f"{chips_888(blinds[0])}/{chips_888(blinds[-1])} Blinds {limits[h.variant.limit.value]} "
           f"{games[h.variant.name]} - *** 01 01 2024 20:00:00",
           "Tournament #70000000 $1 + $0.10 - Table #1 (Real Money)", f"Seat {h.start.button} is the button",
           f"Total number of players : {len(h.start.seats)}"]
    for seat, stack in sorted(zip(h.start.seats, h.start.stacks)):
        out.append(f"Seat {seat}: {h.name[seat]} ( {chips_888(stack)} )")
    posts, front = _posts(h, lambda who, amount: f"{who} posts ante [{chips_888(amount)}]",
                          lambda who, which, amount: f"{who} posts {which} [{chips_888(amount)}]")
    out += posts + ["** Dealing down cards **"]
    if hero is not None:
        out.append(f"Dealt to {h.name[hero]} [ {cards(hand.hole_cards(hero), ', ')} ]")

    def street(before, new):
        name = {0: "flop", 3: "turn", 4: "river"}[len(before)]
        return f"** Dealing {name} ** [ {cards(new, ', ')} ]"

    def action(who, move, level):
        money = lambda amount: f"[{chips_888(amount)}]"  # noqa: E731 - the chips added, in brackets
        return f"{who} " + _verb(move, money, "", lambda: f"raises {money(move.chips)}")

    out += _play(h, front, street, action)
    out.append("** Summary **")
    out += [f"{h.name[seat]} shows [ {cards(shown, ', ')} ]" for seat, shown in h.shown.items()]
    out += [f"{h.name[e.seat]} did not show his hand" for e in h.log if isinstance(e, ev.Muck)]
    out += [f"{h.name[seat]} collected [ {chips_888(amount)} ]" for seat, amount, _ in h.wins]
    return "\n".join(out) + "\n"


def write_winamax(hand, number, hero=None):
    """A board game's hand (cash, euros) as Winamax text: no uncalled-bet line, the
    total pot net of the rake; players are P<seat>."""
    h = _Hand(hand)
    games = {"Texas Hold'em": "Holdem", "Omaha": "Omaha", "Omaha hi/lo": "Omaha Hi/Lo",
             "Five-card Omaha": "Omaha5", "Big O": "5 Card Omaha Hi/Lo"}
    limits = {"no-limit": "no limit", "pot-limit": "pot limit", "fixed-limit": "fixed limit"}
    limit = h.variant.limit.value
    stakes = _stakes(h, euros)
    out = [f"Winamax Poker - CashGame - HandId: #2000000-{number}-1700000000 - {games[h.variant.name]} "
           f"{limits[limit]} ({stakes}) - 2024/01/01 20:00:00 UTC",
           f"Table: 'Reference' 9-max (real money) Seat #{h.start.button} is the button"]
    for seat, stack in sorted(zip(h.start.seats, h.start.stacks)):
        out.append(f"Seat {seat}: {h.name[seat]} ({euros(stack)})")
    posts, front = _posts(h, lambda who, amount: f"{who} posts ante {euros(amount)}",
                          lambda who, which, amount: f"{who} posts {which} {euros(amount)}")
    out += ["*** ANTE/BLINDS ***"] + posts
    if hero is not None:
        out.append(f"Dealt to {h.name[hero]} [{cards(hand.hole_cards(hero))}]")
    out.append("*** PRE-FLOP ***")

    def street(before, new):
        name = {0: "FLOP", 3: "TURN", 4: "RIVER"}[len(before)]
        return f"*** {name} *** [{cards(before or new)}]" + (f"[{cards(new)}]" if before else "")

    def action(who, move, level):
        tail = " and is all-in" if move.is_all_in else ""
        return f"{who} " + _verb(move, euros, tail,
                                 lambda: f"raises {euros(move.to - level)} to {euros(move.to)}{tail}")

    out += _play(h, front, street, action)
    board = h.board
    if h.shown:
        out.append("*** SHOW DOWN ***")
        out += [f"{h.name[seat]} shows [{cards(shown)}]" for seat, shown in h.shown.items()]
    for seat, amount, pot in h.wins:
        out.append(f"{h.name[seat]} collected {euros(amount)} from {h.pot_name(pot, f'side pot {pot}')}")
    won = h.won()
    rake = f"Rake {euros(h.rake)}" if h.rake else "No rake"
    out += ["*** SUMMARY ***", f"Total pot {euros(sum(won.values()))} | {rake}"]
    if board:
        out.append(f"Board: [{cards(board)}]")
    out += _seat_results(h, euros, lambda amount: f"and won {amount}", lambda amount: f"won {amount}", None)
    return "\n".join(out) + "\n"


_DRAW_GAMES = {"2-7 triple draw": "2-7 Triple Draw", "2-7 single draw": "2-7 Single Draw",
               "Five-card draw": "5 Card Draw", "Badugi": "Badugi"}
_DRAW_ROUNDS = ["FIRST DRAW", "SECOND DRAW", "THIRD DRAW"]


def write_fulltilt_draw(hand, number, hero=None):
    """A draw game's hand as Full Tilt writes it: each player's discards counted (the
    hero's shown, with the cards he receives), the hands shown at the end."""
    h = _Hand(hand)
    limits = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
    single = len(h.variant.streets) == 2
    out = [f"Full Tilt Poker Game #{number}: Table Reference (6 max) - {_stakes(h, dollars)} - "
           f"{limits[h.variant.limit.value]} {_DRAW_GAMES[h.variant.name]} - 20:00:00 ET - 2024/01/01"]
    out += [f"Seat {seat}: {h.name[seat]} ({dollars(stack)})" for seat, stack in sorted(zip(h.start.seats,
                                                                                         h.start.stacks))]
    posts, _ = _posts(h, lambda who, amount: f"{who} antes {dollars(amount)}",
                      lambda who, which, amount: f"{who} posts the {which} of {dollars(amount)}")
    out += posts + [f"The button is in seat #{h.start.button}", "*** HOLE CARDS ***"]
    held = {seat: [] for seat in h.start.seats}
    drawing, rounds = False, 0
    for e in h.log[1:]:
        if isinstance(e, ev.Deal) and not drawing:
            held[e.seat] += e.cards
            continue
        if isinstance(e, ev.Deal):
            kept = held[e.seat]
            held[e.seat] = kept + list(e.cards)
            count = len(e.cards)
            out.append(f"Dealt to {h.name[e.seat]} [{cards(kept)}] [{cards(e.cards)}]" if e.seat == hero else
                       f"{h.name[e.seat]} is dealt {count} card{'s' if count > 1 else ''}")
            continue
        if hero is not None and not drawing and len(held[hero]) == h.variant.cards_per_player and \
                not any(line.startswith("Dealt to") for line in out):
            out.append(f"Dealt to {h.name[hero]} [{cards(held[hero])}]")
        if isinstance(e, ev.Draw):
            if not drawing:
                out.append(f"*** {'DRAW' if single else _DRAW_ROUNDS[rounds]} ***")
                drawing, rounds = True, rounds + 1
            who, count = h.name[e.seat], len(e.discarded)
            held[e.seat] = [c for c in held[e.seat] if c not in e.discarded]
            if not count:
                out.append(f"{who} stands pat" + (f" on [{cards(held[e.seat])}]" if e.seat == hero else ""))
            else:
                shown = f" [{cards(e.discarded)}]" if e.seat == hero else ""
                out.append(f"{who} discards {count} card{'s' if count > 1 else ''}{shown}")
        elif isinstance(e, ev.Act):
            drawing = False
            tail = ", and is all in" if e.action.is_all_in else ""
            out.append(f"{h.name[e.seat]} " + _verb(e.action, dollars, tail,
                                                     lambda: f"raises to {dollars(e.action.to)}{tail}"))
        elif isinstance(e, ev.Return):
            out.append(f"Uncalled bet of {dollars(e.amount)} returned to {h.name[e.seat]}")
    if h.shown:
        out.append("*** SHOW DOWN ***")
        out += [f"{h.name[seat]} shows [{cards(shown)}]" for seat, shown in h.shown.items()]
        out += [f"{h.name[e.seat]} mucks" for e in h.log if isinstance(e, ev.Muck)]
    out += [f"{h.name[seat]} wins the {h.pot_name(pot)} ({dollars(amount)})" for seat, amount, pot in h.wins]
    total = sum(hand.contributed.values()) - sum(amount for _, amount in h.returned)
    out += ["*** SUMMARY ***", f"Total pot {dollars(total)} | Rake {dollars(h.rake)}"]
    out += _seat_results(h, dollars, lambda amount: f"and won ({amount})",
                         lambda amount: f"collected ({amount}), mucked", "folded")
    return "\n".join(out) + "\n"
