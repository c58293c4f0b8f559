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
         "Big O": "5 Card Omaha Hi/Lo"}
LIMITS = {"no-limit": "No Limit", "pot-limit": "Pot Limit", "fixed-limit": "Limit"}


def money(cents):
    return f"${cents // 100}.{cents % 100:02d}"


def cards(values):
    return " ".join(RANKS[c >> 2] + SUITS[c & 3] for c in values)


def write(hand, number, hero=None):
    """The hand (over, with its event log) as PokerStars text; players are named P<seat>."""
    log = hand.events
    start = log[0]
    variant, seats, stacks = start.variant, start.seats, start.stacks
    name = {seat: f"P{seat}" for seat in seats}
    blinds = start.stakes.blinds
    stakes = f"{money(blinds[0])}/{money(blinds[-1])}" if variant.limit.value != "fixed-limit" else \
        f"{money(hand.structure.small_bet)}/{money(hand.structure.big_bet)}"
    out = [f"PokerStars Hand #{number}:  {GAMES[variant.name]} {LIMITS[variant.limit.value]} ({stakes} USD) - "
           "2024/01/01 00:00:00 ET",
           f"Table 'Reference' 9-max Seat #{start.button} is the button"]
    for seat, stack in sorted(zip(seats, stacks)):
        out.append(f"Seat {seat}: {name[seat]} ({money(stack)} in chips)")
    posts = [e for e in log if isinstance(e, ev.Post)]
    blind_names = iter(["small blind", "big blind"] if len(blinds) == 2 else ["big blind"])
    level = 0
    for post in posts:
        if post.kind is ForcedKind.ANTE:
            out.append(f"{name[post.seat]}: posts the ante {money(post.amount)}")
        elif post.kind is ForcedKind.BLIND:
            out.append(f"{name[post.seat]}: posts {next(blind_names)} {money(post.amount)}")
            level = max(level, post.amount)
    out.append("*** HOLE CARDS ***")
    if hero is not None:
        out.append(f"Dealt to {name[hero]} [{cards(hand.hole_cards(hero))}]")
    board = []
    front = {seat: 0 for seat in seats}  # chips in front this round
    for post in posts:
        if post.kind is ForcedKind.BLIND:
            front[post.seat] += post.amount
    streets = {3: "FLOP", 4: "TURN", 5: "RIVER"}
    shows, mucks, wins, returned, rake = [], [], [], [], 0
    for e in log[1:]:
        if isinstance(e, ev.Deal) and e.seat is None:
            before = list(board)
            board += e.cards
            tail = f" [{cards(e.cards)}]" if before else ""
            out.append(f"*** {streets[len(board)]} *** [{cards(before or board)}]{tail}")
            front = {seat: 0 for seat in seats}
            level = 0
        elif isinstance(e, ev.Act):
            move, who = e.action, name[e.seat]
            all_in = " and is all-in" if move.is_all_in else ""
            if move.kind is ActionKind.FOLD:
                out.append(f"{who}: folds")
            elif move.kind is ActionKind.CHECK:
                out.append(f"{who}: checks")
            elif move.kind is ActionKind.CALL:
                out.append(f"{who}: calls {money(move.chips)}{all_in}")
                front[e.seat] += move.chips
            elif move.kind is ActionKind.BET:
                out.append(f"{who}: bets {money(move.chips)}{all_in}")
                front[e.seat] += move.chips
                level = front[e.seat]
            else:
                out.append(f"{who}: raises {money(move.to - level)} to {money(move.to)}{all_in}")
                front[e.seat] = move.to
                level = move.to
        elif isinstance(e, ev.Return):
            returned.append(f"Uncalled bet ({money(e.amount)}) returned to {name[e.seat]}")
        elif isinstance(e, ev.Show):
            shows.append(f"{name[e.seat]}: shows [{cards(e.cards)}]")
        elif isinstance(e, ev.Muck):
            mucks.append(f"{name[e.seat]}: mucks hand")
        elif isinstance(e, ev.Win):
            wins.append((e.seat, e.amount, e.pot))
        elif isinstance(e, ev.Rake):
            rake = e.amount
    out += returned
    if shows or mucks:
        out.append("*** SHOW DOWN ***")
        out += shows + mucks
    for seat, amount, pot in wins:
        out.append(f"{name[seat]} collected {money(amount)} from {'side pot' if pot else 'main pot' if len(wins) > 1 else 'pot'}")
    total = sum(hand.contributed.values()) - sum(e.amount for e in log if isinstance(e, ev.Return))
    out.append("*** SUMMARY ***")
    out.append(f"Total pot {money(total)} | Rake {money(rake)}")
    if board:
        out.append(f"Board [{cards(board)}]")
    won = {}
    for seat, amount, _ in wins:
        won[seat] = won.get(seat, 0) + amount
    shown = {e.seat: e.cards for e in log if isinstance(e, ev.Show)}
    for seat in sorted(seats):
        if seat in shown:
            result = f"and won ({money(won[seat])})" if seat in won else "and lost"
            out.append(f"Seat {seat}: {name[seat]} showed [{cards(shown[seat])}] {result}")
        elif seat in won:
            out.append(f"Seat {seat}: {name[seat]} collected ({money(won[seat])})")
        else:
            out.append(f"Seat {seat}: {name[seat]} folded")
    return "\n".join(out) + "\n"
