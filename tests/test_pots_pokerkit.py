"""Cross-check side pots and settlement against PokerKit on random all-in hands.

Every player either shoves or folds preflop in no-limit Hold'em with blinds 1/2.
The board and the small pool of hole cards make ties (and so odd chips) common:
anyone with a ten has Broadway, the rest play A-K-Q-J and a kicker or a small pair.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pokerkit = pytest.importorskip("pokerkit")

from pokerhash.pots import settle, side_pots  # noqa: E402

BOARD = ("AsKsQd", "Jh", "2c")
POOL = "Tc Td Th Ts 3c 3d 3h 4c 4d 5c 5d 6c 6d 9c 9d".split()
A = pokerkit.Automation
AUTOMATIONS = (A.ANTE_POSTING, A.BLIND_OR_STRADDLE_POSTING, A.HOLE_CARDS_SHOWING_OR_MUCKING,
               A.HAND_KILLING, A.CHIPS_PUSHING, A.CHIPS_PULLING)


def play_pokerkit(stacks, holes, shoves):
    """Play the hand in PokerKit; return what each player put in, who folded, its pots and the final stacks."""
    state = pokerkit.NoLimitTexasHoldem.create_state(AUTOMATIONS, True, 0, (1, 2), 2, stacks, len(stacks))
    for hole in holes:
        state.deal_hole(hole)
    contributed = [0] * len(stacks)
    folded, pots = set(), None
    board = iter(BOARD)
    while state.status:
        player = state.actor_index
        if player is not None:
            if not shoves[player] and state.can_fold():
                state.fold()
            elif state.can_complete_bet_or_raise_to():
                state.complete_bet_or_raise_to(state.max_completion_betting_or_raising_to_amount)
            else:
                state.check_or_call()
        elif state.can_collect_bets():
            contributed = [c + b for c, b in zip(contributed, state.bets)]
            folded = {p for p, live in enumerate(state.statuses) if not live}
            state.collect_bets()
            # Read before PokerKit pushes them, which it does at once when all but one folded.
            pots = [(pot.amount, tuple(pot.player_indices)) for pot in state.pots] if state.status else None
        elif state.can_burn_card():
            state.burn_card("??")
        else:
            state.deal_board(next(board))
    return contributed, folded, pots, list(state.stacks)


def high_values(holes):
    """Each player's Hold'em hand as an int, higher is stronger, equal hands equal."""
    hands = [pokerkit.StandardHighHand.from_game(hole, "".join(BOARD)) for hole in holes]
    ranked = sorted(set(hands))
    return {p: ranked.index(hand) + 1 for p, hand in enumerate(hands)}


@st.composite
def all_in_hands(draw):
    count = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(3, 120), min_size=count, max_size=count))
    cards = draw(st.permutations(POOL))
    holes = [cards[2 * p] + cards[2 * p + 1] for p in range(count)]
    shoves = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    return stacks, holes, shoves


@settings(max_examples=150, deadline=None)
@given(all_in_hands())
def test_settlement_matches_pokerkit(hand):
    stacks, holes, shoves = hand
    contributed, folded, their_pots, final = play_pokerkit(stacks, holes, shoves)
    pots = side_pots(dict(enumerate(contributed)), folded)
    if their_pots is not None:
        assert [(pot.amount, pot.eligible) for pot in pots.pots] == their_pots
    # PokerKit seats the button last, so player 0 is the first left of the button.
    result = settle(pots, high_values(holes), button=len(stacks) - 1)
    ours = [stack - put + result.payouts.get(p, 0) for p, (stack, put) in enumerate(zip(stacks, contributed))]
    if pots.uncalled_seat is not None:
        ours[pots.uncalled_seat] += pots.uncalled_amount
    assert sum(ours) == sum(final)
    if len(pots.pots) == 1 or not has_odd_chips(result):
        assert ours == final
    else:
        # PokerKit drops the hands that cannot win before paying and merges the pots
        # that then have the same contenders, so an odd chip of a side pot may land
        # elsewhere; the rules (Pots, splitting and rake) splits each pot on its own.
        assert all(abs(a - b) <= len(pots.pots) for a, b in zip(ours, final))


def has_odd_chips(result):
    return any(len({award.amount for award in pot.awards}) > 1 for pot in result.pots)
