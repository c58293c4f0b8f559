"""Draws docs/tracker-graph.png: six bots with different styles play 500 hands of
no-limit Hold'em on the engine, the hands go through the tracker, and the graph of
the loosest raiser is drawn (the recipe of docs/tracker.rst, longer).

    PYTHONPATH=src python tools/tracker_graph.py
"""

import os
import random
from pokerhash.betting import Action
from pokerhash.engine import HOLDEM, Stakes, Table
from pokerhash.engine.history_hands import to_history
from pokerhash.tracker import Tracker
from pokerhash.tracker.graph import plot

names = ["Ann", "Ben", "Cat", "Dan", "Eve", "Fay"]
rng = random.Random(2026)
style = {"Ann": (0.10, 0.45), "Ben": (0.30, 0.85), "Cat": (0.05, 0.60),
         "Dan": (0.15, 0.70), "Eve": (0.20, 0.55), "Fay": (0.02, 0.95)}


def act(hand, seat):
    """Raise, call or fold at each player's own rates (a toy bot per player)."""
    legal = hand.pending.legal
    raise_rate, stay_rate = style[names[seat]]
    draw = rng.random()
    if draw < raise_rate and legal.raise_kind is not None:
        return Action.raise_to(min(legal.max_to, 3 * legal.min_to))
    if draw < stay_rate or legal.can_check:
        return Action.check() if legal.can_check else Action.call()
    return Action.fold()


table = Table(HOLDEM, Stakes(blinds=(1, 2)), seats=6, seed=2026, wait_for_big_blind=True)
for seat in range(6):
    table.join(seat, 200)
histories = []
for number in range(1, 501):
    hand = table.start_hand()
    while not hand.is_over:
        hand.act(act(hand, hand.pending.seat))
    table.end_hand()
    histories.append(to_history(hand, fields={"venue": "Simulation", "hand": number, "table": "Recipe",
                                              "players": [names[seat] for seat in hand.seats]}))
    for seat in range(6):  # top up to 200; a busted player leaves and comes back
        stack = table.stacks.get(seat)
        if stack is None:
            table.join(seat, 200)
        elif stack < 200:
            table.rebuy(seat, 200 - stack)

tracker = Tracker()
print(tracker.import_hands(histories))
for row in tracker.stats():
    print(f"{row['player']}: {row['hands']} hands, VPIP {row['vpip']:.0f}% ({row['vpip_n']}/{row['vpip_opp']}), "
          f"PFR {row['pfr']:.0f}%, {row['bb_per_100']:+.1f} bb/100, all-in adjusted "
          f"{row['allin_adjusted_bb_per_100']:+.1f} bb/100")
plot(tracker, "Ben", os.path.join(os.path.dirname(__file__), "..", "docs", "tracker-graph.png"))
