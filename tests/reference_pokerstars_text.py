"""A slow, readable writer of PokerStars hand-history text for hands the engine played:
the tests play random hands, write them as PokerStars writes its hands (cash games,
dollars, the format of tests/data/sites/pokerstars), read them back with
pokerhash.sites, and check that the replay agrees with the engine's own settlement.

It writes what a PokerStars client writes and nothing the importer could learn from
elsewhere: unknown hole cards stay unknown, losing hands that the engine mucked are
``mucks hand``, uncalled bets and every pot's collection are their own lines.
"""

from pokerhash.betting import ActionKind, ForcedKind
from pokerhash.cards import RANKS, SUITS
from pokerhash.engine import events as ev

GAMES = {"Texas Hold'em": "Hold'em", "Omaha": "Omaha", "Omaha hi/lo": "Omaha Hi/Lo", "Five-card Omaha": "5 Card Omaha",
         "Big O": "5 Card Omaha Hi/Lo", "Seven-card stud": "7 Card Stud", "Seven-card stud hi/lo": "7 Card Stud Hi/Lo",
         "Razz": "Razz"}
LIMITS = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}
BOARD_STREETS = {3: "FLOP", 4: "TURN", 5: "RIVER"}
STUD_STREETS = ["3rd STREET", "4th STREET", "5th STREET", "6th STREET", "RIVER"]


def money(cents):
    return f"${cents // 100}.{cents % 100:02d}"


def cards(values):
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in values)


class _Writer:
    """The lines of one hand, and what the showdown and summary will need."""

    def __init__(self, hand, number, table_line):
        log = hand.events
        self.hand, self.log, self.start = hand, log, log[0]
        variant = self.start.variant
        self.name = {seat: f"P{seat}" for seat in self.start.seats}
        blinds = self.start.stakes.blinds
        if variant.limit.value == "fixed-limit":
            stakes = f"{money(hand.structure.small_bet)}/{money(hand.structure.big_bet)}"
        else:
            stakes = f"{money(blinds[0])}/{money(blinds[-1])}"
        self.out = [f"PokerStars Hand #{number}:  {GAMES[variant.name]} {LIMITS[variant.limit.value]} ({stakes} USD) - "
                    "2024/01/01 00:00:00 ET", table_line]
        for seat, stack in sorted(zip(self.start.seats, self.start.stacks)):
            self.out.append(f"Seat {seat}: {self.name[seat]} ({money(stack)} in chips)")
        self.new_round()
        self.shows, self.mucks, self.wins, self.returned, self.rake = [], [], [], [], 0

    def new_round(self):
        self.front = dict.fromkeys(self.start.seats, 0)
        self.level = 0

    def act(self, e, completes=False):
        """A betting action; ``completes``: a bet over a stud bring-in (a completion)."""
        move, who = e.action, self.name[e.seat]
        all_in = " and is all-in" if move.is_all_in else ""
        if move.kind is ActionKind.FOLD:
            self.out.append(f"{who}: folds")
        elif move.kind is ActionKind.CHECK:
            self.out.append(f"{who}: checks")
        elif move.kind is ActionKind.CALL:
            self.out.append(f"{who}: calls {money(move.chips)}{all_in}")
            self.front[e.seat] += move.chips
        elif move.kind is ActionKind.BET:
            self.front[e.seat] += move.chips
            if completes:
                self.out.append(f"{who}: completes it to {money(self.front[e.seat])}{all_in}")
            else:
                self.out.append(f"{who}: bets {money(move.chips)}{all_in}")
            self.level = self.front[e.seat]
        else:
            self.out.append(f"{who}: raises {money(move.to - self.level)} to {money(move.to)}{all_in}")
            self.front[e.seat] = self.level = move.to

    def other(self, e):
        """What happens after the betting: returns, shows, mucks, wins, the rake."""
        if isinstance(e, ev.Return):
            self.returned.append(f"Uncalled bet ({money(e.amount)}) returned to {self.name[e.seat]}")
        elif isinstance(e, ev.Show):
            self.shows.append(f"{self.name[e.seat]}: shows [{cards(e.cards)}]")
        elif isinstance(e, ev.Muck):
            self.mucks.append(f"{self.name[e.seat]}: mucks hand")
        elif isinstance(e, ev.Win):
            self.wins.append((e.seat, e.amount, e.pot))
        elif isinstance(e, ev.Rake):
            self.rake = e.amount

    def finish(self, board=()):
        out, name, log = self.out, self.name, self.log
        out += self.returned
        if self.shows or self.mucks:
            out.append("*** SHOW DOWN ***")
            out += self.shows + self.mucks
        for seat, amount, pot in self.wins:
            where = "side pot" if pot else "main pot" if len(self.wins) > 1 else "pot"
            out.append(f"{name[seat]} collected {money(amount)} from {where}")
        total = sum(self.hand.contributed.values()) - sum(e.amount for e in log if isinstance(e, ev.Return))
        out.append("*** SUMMARY ***")
        out.append(f"Total pot {money(total)} | Rake {money(self.rake)}")
        if board:
            out.append(f"Board [{cards(board)}]")
        won = {}
        for seat, amount, _ in self.wins:
            won[seat] = won.get(seat, 0) + amount
        shown = {e.seat: e.cards for e in log if isinstance(e, ev.Show)}
        for seat in sorted(self.start.seats):
            if seat in shown:
                result = f"and won ({money(won[seat])})" if seat in won else "and lost"
                out.append(f"Seat {seat}: {name[seat]} showed [{cards(shown[seat])}] {result}")
            elif seat in won:
                out.append(f"Seat {seat}: {name[seat]} collected ({money(won[seat])})")
            else:
                out.append(f"Seat {seat}: {name[seat]} folded")
        return "\n".join(out) + "\n"


def write(hand, number, hero=None):
    """A board game's hand (over, with its event log) as PokerStars text; players are P<seat>."""
    start = hand.events[0]
    w = _Writer(hand, number, f"Table 'Reference' 9-max Seat #{start.button} is the button")
    posts = [e for e in w.log if isinstance(e, ev.Post)]
    blind_names = iter(["small blind", "big blind"] if len(start.stakes.blinds) == 2 else ["big blind"])
    for post in posts:
        if post.kind is ForcedKind.ANTE:
            w.out.append(f"{w.name[post.seat]}: posts the ante {money(post.amount)}")
        elif post.kind is ForcedKind.BLIND:
            w.out.append(f"{w.name[post.seat]}: posts {next(blind_names)} {money(post.amount)}")
            w.front[post.seat] += post.amount
            w.level = max(w.level, post.amount)
    w.out.append("*** HOLE CARDS ***")
    if hero is not None:
        w.out.append(f"Dealt to {w.name[hero]} [{cards(hand.hole_cards(hero))}]")
    board = []
    for e in w.log[1:]:
        if isinstance(e, ev.Deal) and e.seat is None:
            before = list(board)
            board += e.cards
            tail = f" [{cards(e.cards)}]" if before else ""
            w.out.append(f"*** {BOARD_STREETS[len(board)]} *** [{cards(before or board)}]{tail}")
            w.new_round()
        elif isinstance(e, ev.Act):
            w.act(e)
        else:
            w.other(e)
    return w.finish(board)


def write_stud(hand, number, hero=None):
    """A stud hand (over, with its event log) as PokerStars writes stud: no button, each
    street's cards as ``Dealt to`` lines (the hero's all, the others' up cards only)."""
    w = _Writer(hand, number, "Table 'Reference' 8-max")
    seats, name = w.start.seats, w.name
    held = {seat: [] for seat in seats}  # (card, face up) as dealt
    pending = {}  # this street's new cards per seat
    street = -1
    betting = True

    def flush():
        for seat in sorted(pending):
            new, old = pending[seat], held[seat]
            held[seat] = old + new
            shown_old = [c for c, up in old if up or seat == hero]
            shown_new = [c for c, up in new if up or seat == hero]
            if shown_new:
                before = f"[{cards(shown_old)}] " if shown_old else ""
                w.out.append(f"Dealt to {name[seat]} {before}[{cards(shown_new)}]")
        pending.clear()

    for e in w.log[1:]:
        if isinstance(e, ev.Deal) and e.seat is not None:
            if betting:
                street += 1
                w.out.append(f"*** {STUD_STREETS[street]} ***")
                betting = False
                w.new_round()
            pending.setdefault(e.seat, []).extend((c, e.face_up) for c in e.cards)
            continue
        if pending and not isinstance(e, ev.Burn):
            flush()
        if isinstance(e, ev.Post) and e.kind is ForcedKind.ANTE:
            w.out.append(f"{name[e.seat]}: posts the ante {money(e.amount)}")
        elif isinstance(e, ev.Post) and e.kind is ForcedKind.BRING_IN:
            betting = True
            verb = "completes it to" if e.amount > w.start.stakes.bring_in else "brings in for"
            w.out.append(f"{name[e.seat]}: {verb} {money(e.amount)}")
            w.front[e.seat] = w.level = e.amount
        elif isinstance(e, ev.Act):
            betting = True
            # Over a bring-in, the first full bet of 3rd street is a completion.
            w.act(e, completes=street == 0 and w.level > 0 and e.action.kind is ActionKind.BET)
        else:
            w.other(e)
    if pending:
        flush()
    return w.finish()
