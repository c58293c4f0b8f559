"""PHH written by pokerhash, read by pokerkit: random hands of every game the engine
plays that PHH has a code for (all-ins, short stacks, antes, big-blind antes, straddles,
button blinds, run it twice) are written with :func:`history_hands.to_history` and
replayed by pokerkit, action by action and without its repairs (a reader that has to
guess an action or a card fails the test), to the engine's final stacks. A hand that
used a rule pokerkit plays differently says so in ``_pokerhash_rules``; those hands
must still read back into the same hand on the engine, and they are few.
"""

from __future__ import annotations

import random
import warnings

import pytest

from pokerhash.betting import Limit
from pokerhash.engine import (BADUGI, DEUCE7_SINGLE_DRAW, DEUCE7_TRIPLE_DRAW, HOLDEM, OMAHA_HI_LO, PLO, RAZZ,
                              SHORTDECK, STUD, STUD_HI_LO, Hand, Options, PendingKind, Stakes)
from pokerhash.engine import history, history_hands

pokerkit = pytest.importorskip("pokerkit")
from pokerkit.notation import parse_action  # noqa: E402

FIXED = Limit.FIXED_LIMIT
# Each code with the stakes its hands are played at (one picked per hand).
BLINDS = [Stakes(blinds=(1, 2)), Stakes(blinds=(1, 2), ante=1), Stakes(blinds=(1, 2), straddle=4),
          Stakes(blinds=(1, 2), ante=1, big_blind_ante=True)]
FIXED_BLINDS = [Stakes(blinds=(1, 2), small_bet=2), Stakes(blinds=(1, 2), ante=1, small_bet=2),
                Stakes(blinds=(2, 4), small_bet=4, big_bet=8)]
STUDS = [Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8), Stakes(ante=2, bring_in=2, small_bet=6)]
GAMES = {
    "NT": (HOLDEM, BLINDS),
    "FT": (HOLDEM.with_limit(FIXED), FIXED_BLINDS),
    "NS": (SHORTDECK, [Stakes(ante=1, button_blind=2), Stakes(blinds=(1, 2)), Stakes(ante=1, blinds=(1, 2))]),
    "PO": (PLO, BLINDS),
    "FO/8": (OMAHA_HI_LO.with_limit(FIXED), FIXED_BLINDS),
    "F7S": (STUD, STUDS),
    "F7S/8": (STUD_HI_LO, STUDS),
    "FR": (RAZZ, STUDS),
    "N2L1D": (DEUCE7_SINGLE_DRAW, BLINDS),
    "F2L3D": (DEUCE7_TRIPLE_DRAW, FIXED_BLINDS),
    "FB": (BADUGI, FIXED_BLINDS),
}


def random_hand(code: str, rng: random.Random) -> Hand:
    """A hand of random legal play: short and deep stacks, random stakes and options."""
    variant, stakes = GAMES[code]
    low, high = variant.player_limits()
    players = rng.randint(low, high)
    stacks = {seat: rng.choice([rng.randint(1, 12), rng.randint(10, 60), rng.randint(60, 400)])
              for seat in rng.sample(range(1, 11), players)}
    options = Options(run_it_twice=rng.random() < 0.2)
    hand = Hand(variant, stacks, button=rng.choice(sorted(stacks)), stakes=rng.choice(stakes), options=options,
                seed=rng.randrange(2**32))
    while not hand.is_over:
        pending = hand.pending
        legal = pending.legal
        if pending.kind is PendingKind.BRING_IN:
            hand.bring_in() if rng.random() < 0.7 else hand.complete()
        elif pending.kind is PendingKind.DRAW:
            held = hand.hole_cards(pending.seat)
            most = min(pending.count, len(held), rng.choice([1, 2, 3, 5]))  # few big draws: the stub lasts
            hand.draw(rng.sample(held, rng.randint(0, most)))
        else:
            roll = rng.random()
            if roll < 0.15 and not legal.can_check:
                hand.fold()
            elif roll < 0.6 or legal.raise_kind is None:
                hand.check() if legal.can_check else hand.call()
            elif legal.fixed_amounts:
                hand.raise_to(rng.choice(legal.fixed_amounts))
            else:
                hand.raise_to(rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)]))
    return hand


def pokerkit_stacks(text: str):
    """pokerkit's final stacks for a .phh text, every action applied as written: only
    the burns (PHH does not write them) are pokerkit's own."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about the optional fields it does not know
        phh = pokerkit.HandHistory.loads(text)
        state = phh.create_state()
        for action in phh.actions:
            while True:
                try:
                    parse_action(state, action, phh.parse_value)
                    break
                except ValueError as error:
                    if not state.can_burn_card():
                        raise AssertionError(f"pokerkit refuses {action!r}: {error}\n{text}") from None
                    state.burn_card("??")
        assert not state.status, f"pokerkit's hand is not over\n{text}"
    return list(state.stacks)


def check(code: str, hands: int) -> None:
    rng = random.Random(f"{code} {hands}")
    marked = 0
    for _ in range(hands):
        hand = random_hand(code, rng)
        written = history_hands.to_history(hand)
        assert written.variant == code
        text = history.dumps(written)
        ours = [hand.result.stacks[seat] for seat in hand.seats]
        assert written.finishing_stacks == ours
        # pokerhash reads back the same hand.
        again = history_hands.replay(history.loads(text))
        assert again.complete and again.finishing_stacks == ours, text
        assert history_hands.to_history(again.hand) == written
        if "_pokerhash_rules" in written.fields:
            marked += 1
            continue
        assert pokerkit_stacks(text) == ours, text
    assert marked <= hands * 0.45, f"{marked} of {hands} hands use rules pokerkit plays differently"


@pytest.mark.parametrize("code", sorted(GAMES))
def test_pokerkit_replays_what_pokerhash_writes(code):
    check(code, 100)


@pytest.mark.slow
@pytest.mark.parametrize("code", sorted(GAMES))
def test_pokerkit_replays_what_pokerhash_writes_many(code):
    check(code, 1000)
