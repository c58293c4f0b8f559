"""The betting rules (rules: Betting; the stud and straddle details: The games and their flow)."""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action, ActionKind, BettingRound, ForcedBet, Limit, Structure
from pokerhash.errors import IllegalActionError, InvalidValueError

NL = Structure.no_limit(10)
PL = Structure.pot_limit(10)
FL = Structure.fixed_limit(10, 20)


def preflop(structure, stacks, *straddles):
    """Blinds 5/10 left of the button, player 0 (heads-up: the button posts the small blind)."""
    big_blind = 1 if len(stacks) == 2 else 2
    forced = [ForcedBet.blind(big_blind - 1, 5), ForcedBet.blind(big_blind, 10), *straddles]
    first = (big_blind + len(straddles) + 1) % len(stacks)
    return BettingRound.start(structure, stacks, first, forced=forced)


def postflop(structure, stacks, street=1):
    return BettingRound.start(structure, stacks, 0, street=street)


def refused(state, action, message=None):
    """Assert ``action`` is refused with ``message`` in the error and leaves ``state`` unchanged."""
    before = copy.deepcopy(state)
    with pytest.raises(IllegalActionError) as error:
        state.apply(action)
    assert state == before
    if message is not None:
        assert message in str(error.value)
    return str(error.value)


def play(state, *actions):
    return [state.apply(action) for action in actions]


# -- the rules (Betting) examples, verbatim -------------------------------------------------


def test_bet_20_raised_to_60_next_raise_at_least_100():
    state = postflop(NL, [1000, 1000, 400])
    play(state, Action.bet_to(20), Action.raise_to(60))
    legal = state.legal_actions()
    assert (legal.min_to, legal.max_to, legal.call) == (100, 400, 60)
    message = refused(state, Action.raise_to(80))
    assert message == "raise to 80 is below the minimum raise to 100; legal: fold, call 60, raise to 100..400"
    assert state.apply(Action.raise_to(100)).to == 100


def test_no_completing_in_big_bet_100_then_all_in_140_next_raise_240():
    state = postflop(NL, [1000, 140, 1000])
    play(state, Action.bet_to(100))
    assert state.apply(Action.all_in()) == Action(ActionKind.RAISE, 140, 140, True, 1)
    assert state.legal_actions().min_to == 240
    refused(state, Action.raise_to(200), "below the minimum raise to 240")


def test_short_all_in_does_not_reopen_for_a_player_who_acted():
    state = postflop(NL, [1000, 140, 1000])
    play(state, Action.bet_to(100), Action.all_in(), Action.call())
    legal = state.legal_actions()
    assert legal.player == 0 and legal.raise_kind is None and legal.call == 40
    refused(state, Action.raise_to(240), "does not reopen the betting")
    refused(state, Action.all_in(), "does not reopen the betting")


@pytest.mark.smoke
def test_short_all_ins_adding_up_to_a_full_raise_reopen():
    state = postflop(NL, [1000, 150, 1000, 210])
    play(state, Action.bet_to(100), Action.all_in(), Action.call(), Action.all_in())
    legal = state.legal_actions()
    assert legal.player == 0 and legal.min_to == 310  # 100 -> 210: a full raise in total
    state.apply(Action.call())
    assert state.legal_actions().raise_kind is None  # player 2 called 150: faces only +60


def test_no_limit_minimum_bet_is_the_big_blind_and_all_in_for_less_is_allowed():
    state = postflop(NL, [1000, 1000])
    refused(state, Action.bet_to(9), "below the minimum bet to 10")
    state = postflop(NL, [7, 1000])
    assert state.legal_actions().min_to == state.legal_actions().max_to == 7
    assert state.apply(Action.bet_to(7)).is_all_in


def test_pot_limit_maximum_is_the_pot_after_the_call():
    state = preflop(PL, [1000] * 4)
    assert (state.legal_actions().min_to, state.legal_actions().max_to) == (20, 35)  # 10 + (15 + 10)
    state = BettingRound.start(PL, [1000] * 3, 0, street=1, contributed=[40, 30, 30])
    play(state, Action.bet_to(50))
    assert state.legal_actions().max_to == 50 + (100 + 50 + 50)
    refused(state, Action.raise_to(251), "above the maximum raise to 250")


def test_pot_limit_minimum_bet_is_allowed_into_an_empty_pot():
    assert postflop(PL, [1000, 1000]).legal_actions().max_to == 10


def test_fixed_limit_sizes_and_cap_of_four_bets():
    state = preflop(FL, [1000] * 4)
    assert state.legal_actions().fixed_amounts == (20,)
    refused(state, Action.raise_to(25), "above the maximum raise to 20; legal: fold, call 10, raise to 20")
    play(state, Action.raise_to(20), Action.raise_to(30), Action.raise_to(40))  # blind, raise, re-raise, cap
    legal = state.legal_actions()
    assert legal.raise_kind is None and "capped at 4 bets" in legal.no_raise_reason
    play(state, Action.call(), Action.call(), Action.call())
    assert state.is_over
    flop = state.next_street(1)
    play(flop, Action.check(), Action.check(), Action.check(), Action.check())
    turn = flop.next_street(1)
    assert turn.legal_actions().fixed_amounts == (20,)  # the big bet from the turn on


def test_fixed_limit_uncapped_when_heads_up_before_the_cap():
    structure = Structure.fixed_limit(10, 20, uncapped_heads_up=True)
    state = postflop(structure, [1000, 1000])
    play(state, *[Action.bet_to(10 * k) for k in range(1, 7)])
    assert state.legal_actions().fixed_amounts == (70,)
    three = postflop(structure, [1000, 1000, 1000])
    play(three, *[Action.bet_to(10 * k) for k in range(1, 5)])
    assert three.legal_actions().raise_kind is None


def test_fixed_limit_half_bet_rule():
    short = postflop(FL, [1000, 14, 1000])
    play(short, Action.bet_to(10), Action.all_in())  # 4 more: less than half a bet
    assert short.legal_actions().fixed_amounts == (20,)  # player 2 has not acted
    short.apply(Action.call())
    assert short.legal_actions().raise_kind is None  # player 0 may not re-raise
    half = postflop(FL, [1000, 15, 1000])
    play(half, Action.bet_to(10), Action.all_in(), Action.call())  # 5 more: counts as a full bet
    assert half.legal_actions().fixed_amounts == (25,)
    assert half.bet_count == 2


def test_stud_bring_in_completion_is_the_bet_not_a_raise():
    state = BettingRound.start(
        FL, [500] * 4, 3, forced=[ForcedBet.ante(p, 1) for p in range(4)] + [ForcedBet.bring_in(2, 5)]
    )
    legal = state.legal_actions()
    assert (legal.call, legal.raise_kind, legal.fixed_amounts) == (5, ActionKind.BET, (10,))
    assert state.apply(Action.raise_to(10)).kind is ActionKind.BET
    play(state, Action.raise_to(20), Action.raise_to(30))
    assert state.legal_actions().player == 2  # the bring-in faces a full bet and may raise
    state.apply(Action.raise_to(40))  # complete, raise, re-raise, cap
    assert state.legal_actions().raise_kind is None


def test_stud_round_ends_at_the_bring_in_when_nobody_completes():
    state = BettingRound.start(FL, [500] * 3, 1, forced=[ForcedBet.bring_in(0, 5)])
    play(state, Action.call(), Action.call())
    assert state.is_over and state.pot == 15


def test_stud_open_pair_allows_small_or_big_bet_on_fourth_street():
    state = BettingRound.start(FL, [500] * 3, 0, street=1, open_pair=True)
    assert state.legal_actions().fixed_amounts == (10, 20)
    refused(state, Action.bet_to(15), "not a fixed-limit amount")
    state.apply(Action.bet_to(10))
    assert state.legal_actions().fixed_amounts == (20, 30)
    state.apply(Action.raise_to(30))  # a big-bet raise: later raises are big bets
    assert state.legal_actions().fixed_amounts == (50,)


def test_big_blind_option():
    state = preflop(NL, [1000] * 3)
    play(state, Action.call(), Action.call())
    legal = state.legal_actions()
    assert legal.player == 2 and legal.can_check and legal.min_to == 20
    state.apply(Action.check())
    assert state.is_over


def test_straddle_acts_as_a_bigger_blind_and_gets_the_option():
    state = preflop(NL, [1000] * 5, ForcedBet.straddle(3, 20))
    legal = state.legal_actions()
    assert (legal.player, legal.call, legal.min_to) == (4, 20, 40)
    play(state, Action.call(), Action.call(), Action.call(), Action.call())
    assert state.legal_actions().player == 3 and state.legal_actions().can_check
    with pytest.raises(InvalidValueError):
        preflop(NL, [1000, 1000, 1000, 15], ForcedBet.straddle(3, 20))  # cannot afford it


def test_table_stakes_call_for_less_is_all_in_and_nobody_bets_more_than_their_stack():
    state = postflop(NL, [1000, 30, 1000])
    state.apply(Action.bet_to(100))
    call = state.apply(Action.call())
    assert (call.chips, call.is_all_in) == (30, True)
    state = postflop(NL, [50, 1000])
    refused(state, Action.bet_to(60), "more than player 0 has: all-in is bet to 50")


def test_short_big_blind_is_called_in_full():
    state = BettingRound.start(NL, [1000, 1000, 4], 0, forced=[ForcedBet.blind(1, 5), ForcedBet.blind(2, 10)])
    assert state.bets == [0, 5, 4] and state.legal_actions().call == 10


def test_all_opponents_all_in_leaves_only_call_or_fold():
    state = postflop(NL, [50, 1000])
    state.apply(Action.all_in())
    legal = state.legal_actions()
    assert legal.raise_kind is None and legal.call == 50
    state.apply(Action.call())
    assert state.is_over


def test_out_of_turn_and_after_the_round():
    state = postflop(NL, [1000, 1000])
    refused(state, Action.check(player=1), "player 1 acted out of turn: player 0 is to act")
    play(state, Action.check(), Action.check())
    refused(state, Action.check(), "the betting round is over")


def test_check_and_call_are_refused_when_they_do_not_apply():
    state = postflop(NL, [1000, 1000])
    refused(state, Action.call(), "no bet to call; legal: fold, check, bet to 10..1000")
    state.apply(Action.bet_to(10))
    refused(state, Action.check(), "faces a bet of 10")


@pytest.mark.smoke
def test_bad_arguments():
    with pytest.raises(InvalidValueError):
        Structure.fixed_limit(20, 10)
    with pytest.raises(InvalidValueError):
        BettingRound.start(NL, [100, -1], 0)
    with pytest.raises(InvalidValueError):
        BettingRound.start(NL, [100, 100], 0, forced=[ForcedBet.blind(5, 10)])
    with pytest.raises(InvalidValueError):
        BettingRound.start(NL, [100, 100], 0, forced=[ForcedBet.bring_in(0, 5)])
    with pytest.raises(InvalidValueError):
        postflop(NL, [100, 100]).apply(Action.bet_to(-5))


def test_a_round_is_a_value_with_fields():
    """BettingRound (an extension type when compiled, with its own __init__, repr and
    ==): copies and pickles compare equal field by field, a change makes them differ,
    rounds are unhashable (mutable), and a round needs a Structure."""
    import pickle

    state = preflop(NL, [1000, 600, 1000])
    play(state, Action.raise_to(30))
    for other in (state.copy(), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state and other is not state and repr(other) == repr(state)
    assert repr(state).startswith("BettingRound(structure=Structure(") and "current_bet=30" in repr(state)
    changed = state.copy()
    changed.apply(Action.call())
    assert changed != state and state.to_act != changed.to_act
    assert (state == "round") is False

    class Logged(BettingRound):
        pass

    assert repr(Logged.start(NL, [10, 10], 0)).startswith("Logged(structure=")
    with pytest.raises(TypeError):
        hash(state)
    with pytest.raises(InvalidValueError, match="structure must be a Structure"):
        BettingRound("no limit", 0, [10, 10], [0, 0], [0, 0], [False, False], [None, None], 0, 0, 10)
    with pytest.raises(InvalidValueError, match="structure must be a Structure"):
        BettingRound.start("no limit", [10, 10], 0)


def test_next_street_carries_contributions_and_folds():
    forced = [ForcedBet.ante(0, 1), ForcedBet.blind(1, 5), ForcedBet.blind(2, 10)]
    state = BettingRound.start(NL, [1000] * 3, 0, forced=forced)
    play(state, Action.raise_to(30), Action.fold(), Action.call())
    flop = state.next_street(1)
    assert flop.contributed == [31, 5, 30] and flop.folded == [False, True, False]
    assert flop.bets == [0, 0, 0] and flop.to_act == 2 and flop.pot == 66


# -- properties ------------------------------------------------------------------

structures = st.sampled_from(
    [NL, PL, FL, Structure.fixed_limit(10, 20, uncapped_heads_up=True), Structure.fixed_limit(2, 4, max_bets=None),
     # the rooms' half-bet all-in rules (stacks of 1..300 go all in for parts of a bet)
     Structure.fixed_limit(10, 20, half_bet_all_in="completed"),
     Structure.fixed_limit(10, 20, half_bet_all_in="last full bet")]
)


@st.composite
def rounds(draw):
    structure = draw(structures)
    count = draw(st.integers(2, 6))
    stacks = draw(st.lists(st.integers(1, 300), min_size=count, max_size=count))
    if draw(st.booleans()):
        return preflop(structure, stacks)
    return BettingRound.start(structure, stacks, draw(st.integers(0, count - 1)), street=draw(st.integers(1, 3)))


def check_amounts(state):
    """Every amount the model calls legal is accepted; every other is refused, changing nothing."""
    legal = state.legal_actions()
    if legal.raise_kind is None:
        refused(state, Action.raise_to(state.current_bet + 1000))
        return
    for to in legal.fixed_amounts or (legal.min_to, legal.max_to, (legal.min_to + legal.max_to) // 2):
        move = state.validate(Action.raise_to(to))
        assert (move.kind, move.to) == (legal.raise_kind, to)
    for to in (legal.min_to - 1, legal.max_to + 1):
        refused(state, Action.bet_to(to))
    if legal.fixed_amounts is not None:
        gaps = set(range(legal.min_to, legal.max_to + 1)) - set(legal.fixed_amounts)
        for to in sorted(gaps)[:3]:
            refused(state, Action.raise_to(to))


@pytest.mark.smoke
@settings(max_examples=150, deadline=None)
@given(rounds(), st.data())
def test_random_rounds_follow_the_legal_actions(state, data):
    total = sum(state.stacks) + state.pot
    for _ in range(60):
        if state.is_over:
            break
        legal = state.legal_actions()
        check_amounts(state)
        if legal.can_check:
            refused(state, Action.call())
        else:
            refused(state, Action.check())
        options = [Action.fold(), Action.check() if legal.can_check else Action.call(), Action.all_in()]
        if legal.raise_kind is not None:
            options += [Action.raise_to(to) for to in legal.fixed_amounts or (legal.min_to, legal.max_to)]
        action = data.draw(st.sampled_from(options))
        all_in_to = state.bets[legal.player] + state.stacks[legal.player]
        all_in_is_legal = legal.call_is_all_in or legal.allows_to(all_in_to)
        if action.kind is ActionKind.ALL_IN and not all_in_is_legal:
            refused(state, action)
            continue
        move = state.apply(action)
        assert move.player == legal.player
        assert min(state.stacks) >= 0 and sum(state.stacks) + state.pot == total
    assert state.is_over
    live = [p for p, folded in enumerate(state.folded) if not folded]
    # At the end, every live player with chips has matched the bet.
    assert len(live) == 1 or all(state.bets[p] >= state.current_bet for p in live if state.stacks[p])


# -- rooms' half-bet all-in (Structure.half_bet_all_in), amounts counted by hand --------


@pytest.mark.parametrize("convention, raise_to, bets", [
    ("all-in", 25, 2),  # the rules: the all-in to 15 counts as a full bet, a bet over it is 25
    ("completed", 30, 2),  # iPoker: it counts as the bet to 20 it would complete, then 30
    ("last full bet", 20, 1),  # PokerStars: no bet of its own, the next raise completes it to 20
])
def test_fixed_limit_half_bet_all_in_room_conventions(convention, raise_to, bets):
    # Bets of 10: player 0 bets 10, player 1 raises all in to 15 (5 more: half a bet),
    # player 2 calls 15; player 0, who has acted, may raise again in all three.
    state = postflop(Structure.fixed_limit(10, 20, half_bet_all_in=convention), [1000, 15, 1000])
    play(state, Action.bet_to(10), Action.all_in(), Action.call())
    legal = state.legal_actions()
    assert (legal.player, legal.call, legal.fixed_amounts) == (0, 5, (raise_to,))
    assert state.bet_count == bets
    refused(state, Action.raise_to(raise_to + 5), "is above the maximum")
    state.apply(Action.raise_to(raise_to))
    assert state.bet_count == bets + 1
    legal = state.legal_actions()
    assert (legal.player, legal.call, legal.fixed_amounts) == (2, raise_to - 15, (raise_to + 10,))


@pytest.mark.parametrize("convention, capped", [("all-in", True), ("completed", True), ("last full bet", False)])
def test_fixed_limit_half_bet_all_in_and_the_cap(convention, capped):
    # Bet 10, raise 20, raise 30, then an all-in to 35: the fourth bet (the cap) at the
    # rules and iPoker; at PokerStars only the raise that completes it (to 40) is.
    state = postflop(Structure.fixed_limit(10, 20, half_bet_all_in=convention), [1000, 1000, 1000, 35])
    play(state, Action.bet_to(10), Action.raise_to(20), Action.raise_to(30), Action.all_in())
    legal = state.legal_actions()
    assert legal.call == 25
    if capped:
        assert legal.raise_kind is None and "capped at 4 bets" in legal.no_raise_reason
    else:
        assert legal.fixed_amounts == (40,)
        state.apply(Action.raise_to(40))
        assert state.capped


@pytest.mark.parametrize("convention", ["all-in", "completed", "last full bet"])
def test_fixed_limit_all_in_under_half_a_bet_is_the_same_everywhere(convention):
    state = postflop(Structure.fixed_limit(10, 20, half_bet_all_in=convention), [1000, 14, 1000])
    play(state, Action.bet_to(10), Action.all_in())  # 4 more: less than half a bet
    assert state.legal_actions().fixed_amounts == (20,)  # player 2 has not acted
    state.apply(Action.call())
    assert state.legal_actions().raise_kind is None  # player 0 may not re-raise


def test_half_bet_all_in_convention_is_checked():
    with pytest.raises(InvalidValueError, match="half_bet_all_in is one of 'all-in', 'completed', 'last full bet'"):
        Structure.fixed_limit(10, 20, half_bet_all_in="complete")


def test_rounds_of_different_structures_read_their_own():
    """A round reads its own structure's sizes and limit, whichever structure the
    round before it had (the last structure's fields are kept: betting._structure_fields)."""
    no_limit, fixed = Structure.no_limit(10), Structure.fixed_limit(10, 20)
    rounds = [BettingRound.start(structure, [1000, 1000, 1000], 0)
              for structure in (no_limit, fixed, no_limit, Structure.pot_limit(10), fixed)]
    assert [r.legal_actions().fixed_amounts for r in rounds] == [None, (10,), None, None, (10,)]
    assert [r.legal_actions().max_to for r in rounds] == [1000, 10, 1000, 10, 10]
    rounds[0].structure = fixed  # the setter reads the new structure's fields
    rounds[0]._legal = None
    assert rounds[0].legal_actions().fixed_amounts == (10,) and rounds[0].structure is fixed
