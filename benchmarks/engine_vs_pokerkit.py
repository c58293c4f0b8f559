"""Whole hands per second: the pokerhash engine beside pokerkit in every game pokerkit plays.

    python benchmarks/engine_vs_pokerkit.py                      # a few minutes
    python benchmarks/engine_vs_pokerkit.py --games holdem stud --hands 2000 --repeats 7

Every game is played by the same random policy on both engines, 200-chip stacks: each
player checks 85% of the time it may and bets otherwise, and facing a bet folds 10%,
calls 75% and raises 15% (to a uniform amount between the minimum and the maximum, or
the minimum one time in five; fixed limit: the one size); a stud bring-in posts the
bring-in; a draw discards the first 0 to 3 (uniform) of the cards held (at most what the game
allows). Both engines deal from their own shuffled deck and show down automatically,
event log off. Six players (four in Turkish poker), blinds 1/2 (fixed limit 2/4), stud
games ante 1, bring-in 2, bets 4/8.

The rounds interleave: each repeat plays every game on pokerhash, then on pokerkit
(pokerkit 1/20 of the hands), so that the machine's load falls on both alike. Reported,
per game: medians over the repeats of the CPU time per hand (the process's own, so that
other jobs on the machine do not count), the ratio (target: at least 100 times
pokerkit), and the share of hands that reached a showdown. Then the engine alone on the
games pokerkit does not play (Turkish poker, five-card draw), and ``Hand.clone()``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Callable, Dict, List, Optional, Tuple

from pokerhash.betting import Action, Limit
from pokerhash.cards import Deck
from pokerhash.engine import (
    BADUGI,
    DEUCE7_SINGLE_DRAW,
    DEUCE7_TRIPLE_DRAW,
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA_HI_LO,
    PLO,
    RAZZ,
    SHORTDECK,
    STUD,
    STUD_HI_LO,
    TURKISH_POKER,
    Hand,
    PendingKind,
    Stakes,
)

FOLD, CHECK, CALL = Action.fold(), Action.check(), Action.call()
DECISION, DRAW, BRING_IN = PendingKind.DECISION, PendingKind.DRAW, PendingKind.BRING_IN
BLINDS = Stakes(blinds=(1, 2))
FIXED_BLINDS = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)

#: name: (pokerhash variant, stakes, players, pokerkit class name or None, its create_state arguments
#: after the automations: ante trimming, antes, then blinds and min bet, or bring-in and bets)
GAMES: Dict[str, tuple] = {
    "holdem": (HOLDEM, BLINDS, 6, "NoLimitTexasHoldem", (True, 0, (1, 2), 2)),
    "plo": (PLO, BLINDS, 6, "PotLimitOmahaHoldem", (True, 0, (1, 2), 2)),
    "omaha-hi-lo": (OMAHA_HI_LO.with_limit(Limit.FIXED_LIMIT), FIXED_BLINDS, 6,
                    "FixedLimitOmahaHoldemHighLowSplitEightOrBetter", (True, 0, (1, 2), 2, 4)),
    "short-deck": (SHORTDECK, BLINDS, 6, "NoLimitShortDeckHoldem", (True, 0, (1, 2), 2)),
    "stud": (STUD, STUD_STAKES, 6, "FixedLimitSevenCardStud", (True, 1, 2, 4, 8)),
    "stud-hi-lo": (STUD_HI_LO, STUD_STAKES, 6, "FixedLimitSevenCardStudHighLowSplitEightOrBetter",
                   (True, 1, 2, 4, 8)),
    "razz": (RAZZ, STUD_STAKES, 6, "FixedLimitRazz", (True, 1, 2, 4, 8)),
    "2-7-single-draw": (DEUCE7_SINGLE_DRAW, BLINDS, 6, "NoLimitDeuceToSevenLowballSingleDraw", (True, 0, (1, 2), 2)),
    "2-7-triple-draw": (DEUCE7_TRIPLE_DRAW, FIXED_BLINDS, 6, "FixedLimitDeuceToSevenLowballTripleDraw",
                        (True, 0, (1, 2), 2, 4)),
    "badugi": (BADUGI, FIXED_BLINDS, 6, "FixedLimitBadugi", (True, 0, (1, 2), 2, 4)),
    "turkish": (TURKISH_POKER, Stakes(ante=2, small_bet=4), 4, None, ()),
    "five-card-draw": (FIVE_CARD_DRAW, BLINDS, 5, None, ()),
}


def engine_player(variant, stakes: Stakes, players: int, seed: int) -> Callable[[], int]:
    """One call plays one hand; returns 1 if it reached a showdown."""
    rng = random.Random(seed)
    uniform = rng.random
    deck = Deck(seed, variant.deck(players))
    stacks = {seat: 200 for seat in range(players)}
    raise_to = Action.raise_to

    def size(legal):
        # LegalActions' fields by index, as play() reads them (see there): fixed_amounts,
        # min_to, max_to.
        fixed = legal[7]
        if fixed:
            return raise_to(fixed[0])
        low = legal[5]
        # randint's uniform draw without its Python layers (pokerkit's loop draws alike).
        return raise_to(low + int(uniform() * (legal[6] - low + 1)) if uniform() < 0.8 else low)

    def play() -> int:
        deck.shuffle()
        hand = Hand(variant, stacks, button=players - 1, stakes=stakes, deck=deck, log=False)
        act = hand.act
        while True:
            # One read of what the hand waits for, its fields read by index as each branch
            # needs them (unpacking a NamedTuple, a tuple subclass, goes through an
            # iterator: ~450 instructions a step, a tenth of the engine's own cost of one),
            # and the LegalActions' likewise: legal[1] can_check, legal[4] raise_kind (a
            # NamedTuple's field by name is a descriptor's lookup and call, ~180
            # instructions; by index ~110). pokerkit's side reads its state's fields.
            pending = hand.pending
            kind = pending[0]
            if kind is DECISION:
                legal = pending[2]
                roll = uniform()
                if legal[1]:
                    act(CHECK if roll < 0.85 or legal[4] is None else size(legal))
                elif roll < 0.10:
                    act(FOLD)
                else:
                    act(CALL if roll < 0.85 or legal[4] is None else size(legal))
            elif kind is DRAW:
                count = pending[3]
                # min(3, count) without a builtin call (pokerkit's loop draws alike).
                hand.draw(hand.hole_cards(pending[1])[:int(uniform() * ((count if count < 3 else 3) + 1))])
            elif kind is BRING_IN:
                act(Action.bet_to(pending[2].min_to))
            else:
                return len(hand.seats) - len(hand.folded) > 1

    return play


def pokerkit_player(game: str, players: int, arguments: tuple, seed: int) -> Callable[[], int]:
    import pokerkit
    from pokerkit import Automation, HoleCardsShowingOrMucking

    rng = random.Random(seed)
    uniform = rng.random
    automations = (Automation.ANTE_POSTING, Automation.BET_COLLECTION, Automation.BLIND_OR_STRADDLE_POSTING,
                   Automation.CARD_BURNING, Automation.HOLE_DEALING, Automation.BOARD_DEALING,
                   Automation.HOLE_CARDS_SHOWING_OR_MUCKING, Automation.HAND_KILLING, Automation.CHIPS_PUSHING,
                   Automation.CHIPS_PULLING)
    create = getattr(pokerkit, game).create_state

    def size(state):
        low = state.min_completion_betting_or_raising_to_amount
        high = state.max_completion_betting_or_raising_to_amount
        # randint's uniform draw without its Python layers, as on the pokerhash side.
        state.complete_bet_or_raise_to(low + int(uniform() * (high - low + 1)) if uniform() < 0.8 else low)

    def play() -> int:
        state = create(automations, *arguments, (200,) * players, players)
        # What the state waits for, read from its public fields as the pokerhash side reads
        # ``pending`` (the can_* methods would raise and catch an exception at every step).
        drawing = state.standing_pat_or_discarding_statuses
        while state.status:
            if state.bring_in_status:
                state.post_bring_in()
                continue
            if True in drawing:
                held = state.hole_cards[drawing.index(True)]
                count = len(held)
                state.stand_pat_or_discard(held[:int(uniform() * ((count if count < 3 else 3) + 1))])
                continue
            roll = uniform()
            can_raise = state.can_complete_bet_or_raise_to()
            if state.checking_or_calling_amount == 0:
                if roll < 0.85 or not can_raise:
                    state.check_or_call()
                else:
                    size(state)
            elif roll < 0.10:
                state.fold()
            elif roll < 0.85 or not can_raise:
                state.check_or_call()
            else:
                size(state)
        return any(isinstance(operation, HoleCardsShowingOrMucking) for operation in state.operations)

    return play


def seconds_per_hand(play: Callable[[], int], hands: int) -> Tuple[float, float]:
    """CPU seconds per hand over ``hands`` hands, and the share that reached a showdown."""
    start = time.process_time()  # CPU time, as clone_microseconds
    showdowns = sum(play() for _ in range(hands))
    return (time.process_time() - start) / hands, showdowns / hands


def clone_microseconds(repeats: int) -> float:
    hand = Hand(HOLDEM, {seat: 200 for seat in range(6)}, button=5, stakes=BLINDS, seed=1, log=False)
    hand.call()
    hand.call()
    loops = 20_000
    times = []
    for _ in range(repeats):
        start = time.process_time()  # CPU time: the shared machine's load does not count
        for _ in range(loops):
            hand.clone()
        times.append((time.process_time() - start) / loops * 1e6)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1000, help="pokerhash hands per game and round")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=list(GAMES))
    args = parser.parse_args()
    try:
        import pokerkit  # noqa: F401
    except ImportError:
        pokerkit = None
    ours: Dict[str, List[float]] = {game: [] for game in args.games}
    theirs: Dict[str, List[float]] = {game: [] for game in args.games}
    shares: Dict[str, List[Optional[float]]] = {game: [None, None] for game in args.games}
    players = {game: (engine_player(GAMES[game][0], GAMES[game][1], GAMES[game][2], 2),
                      pokerkit_player(GAMES[game][3], GAMES[game][2], GAMES[game][4], 2)
                      if pokerkit is not None and GAMES[game][3] else None)
               for game in args.games}
    for _ in range(args.repeats):
        for game in args.games:
            ours_play, their_play = players[game]
            seconds, shares[game][0] = seconds_per_hand(ours_play, args.hands)
            ours[game].append(seconds)
            if their_play is not None:
                seconds, shares[game][1] = seconds_per_hand(their_play, max(args.hands // 20, 20))
                theirs[game].append(seconds)
    print(f"{'game':<16} {'pokerhash':>12} {'pokerkit':>12} {'ratio':>8}   showdowns (pokerhash, pokerkit)")
    for game in args.games:
        mine = statistics.median(ours[game])
        if theirs[game]:
            other = statistics.median(theirs[game])
            print(f"{game:<16} {mine * 1e6:9.1f} us {other * 1e6:9.0f} us {other / mine:7.1f}x   "
                  f"{shares[game][0]:.0%}, {shares[game][1]:.0%}")
        else:
            print(f"{game:<16} {mine * 1e6:9.1f} us {'-':>12} {'-':>8}   {shares[game][0]:.0%}")
    print(f"Hand.clone()     {clone_microseconds(args.repeats):9.2f} us (CPU time)")


if __name__ == "__main__":
    main()
