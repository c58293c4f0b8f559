"""Every bad input found by an adversarial first-hour run (issue 12) is refused with
the package's own error naming the problem, and the state it was tried on is unchanged.
One test per finding; the Turkish value check is proven against every hand of every deck."""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest

import pokerhash as ph
from pokerhash.betting import Action, BettingRound, ForcedBet, Limit, Structure
from pokerhash.errors import CardTypeError, InvalidCardError, InvalidValueError
from pokerhash.pots import Pot, RakeRule, settle, side_pots

from conftest import all_hands


def blinds_round(**kwargs):
    return BettingRound.start(Structure.no_limit(10), [1000, 1000, 1000], 0,
                              forced=[ForcedBet.blind(1, 5), ForcedBet.blind(2, 10)], **kwargs)


# --- betting --------------------------------------------------------------------------

@pytest.mark.parametrize("text, limit", [("pot-limit", Limit.POT_LIMIT), ("fixed-limit", Limit.FIXED_LIMIT),
                                         ("no-limit", Limit.NO_LIMIT)])
def test_structure_from_plain_strings_plays_that_limit(text, limit):
    structure = Structure(text, 10, 20)
    assert structure.limit is limit
    assert structure.is_big_bet == (limit is not Limit.FIXED_LIMIT)


def test_pot_limit_from_a_string_caps_the_raise_at_the_pot():
    r = BettingRound.start(Structure("pot-limit", 10, 10), [1000] * 3, 0,
                           forced=[ForcedBet.blind(1, 5), ForcedBet.blind(2, 10)])
    assert r.legal_actions().max_to == 35  # 10 + pot after the call (5 + 10 + 10)


def test_structure_bogus_limit_is_refused():
    with pytest.raises(InvalidValueError, match="limit must be one of 'no-limit', 'pot-limit', 'fixed-limit', not 'bogus'"):
        Structure("bogus", 10, 10)


def test_structure_flag_must_be_a_bool():
    with pytest.raises(InvalidValueError, match="uncapped_heads_up"):
        Structure.fixed_limit(10, 20, uncapped_heads_up="no")


@pytest.mark.parametrize("second", [ForcedBet.straddle(2, 20), ForcedBet.blind(2, 10), ForcedBet.blind(1, 5)])
def test_second_live_forced_bet_by_one_player_is_refused(second):
    forced = [ForcedBet.blind(1, 5), ForcedBet.blind(2, 10), second]
    with pytest.raises(InvalidValueError, match=f"player {second.player} already has .* in front of them"):
        BettingRound.start(Structure.no_limit(10), [1000] * 3, 0, forced=forced)


def test_ante_and_blind_by_one_player_are_allowed():
    # a big-blind ante: the big blind also posts the table's ante, dead money
    r = BettingRound.start(Structure.no_limit(10), [1000] * 3, 0,
                           forced=[ForcedBet.blind(1, 5), ForcedBet.blind(2, 10), ForcedBet.ante(2, 30)])
    assert r.contributed == [0, 5, 40] and r.bets == [0, 5, 10]
    assert r.legal_actions().call == 10


def test_forced_bet_kind_from_a_string():
    r = BettingRound.start(Structure.no_limit(10), [1000] * 3, 0,
                           forced=[ForcedBet("blind", 1, 5), ForcedBet("blind", 2, 10)])
    assert r.bets == [0, 5, 10]
    with pytest.raises(InvalidValueError, match="a forced bet's kind must be one of .*'straddle'.* not 'bigblind'"):
        ForcedBet("bigblind", 1, 10)


@pytest.mark.parametrize("player", [1.5, "1", None, True])
def test_forced_bet_player_must_be_an_int(player):
    with pytest.raises(InvalidValueError, match="the player of a blind must be an integer"):
        ForcedBet.blind(player, 10)


def test_forced_bets_must_be_forced_bet_values():
    with pytest.raises(InvalidValueError, match="forced bets are ForcedBet values"):
        BettingRound.start(Structure.no_limit(10), [1000] * 3, 0, forced=[("blind", 1, 10)])


@pytest.mark.parametrize("action", ["fold", None, ("raise", 30)])
def test_apply_of_a_non_action_is_refused_and_changes_nothing(action):
    r = blinds_round()
    before = repr(r)
    with pytest.raises(InvalidValueError, match="an action is an Action"):
        r.apply(action)
    with pytest.raises(InvalidValueError, match="an action is an Action"):
        r.validate(action)
    assert repr(r) == before


def test_action_kind_from_a_string():
    r = blinds_round()
    before = repr(r)
    with pytest.raises(InvalidValueError, match="an action's kind must be one of .*'fold'.* not 'shove'"):
        r.apply(Action("shove"))
    assert repr(r) == before
    assert r.apply(Action("fold")).kind.value == "fold"


@pytest.mark.smoke
@pytest.mark.parametrize("first", [1.5, "0", None, True])
def test_first_to_act_must_be_an_int(first):
    with pytest.raises(InvalidValueError, match="first_to_act must be an integer"):
        BettingRound.start(Structure.no_limit(10), [1000] * 3, first)


def test_first_to_act_may_be_a_numpy_int():
    assert BettingRound.start(Structure.no_limit(10), [1000] * 3, np.int64(1)).to_act == 1


@pytest.mark.parametrize("player", ["0", 0.0, True])
def test_action_player_must_be_an_int(player):
    r = blinds_round()
    before = repr(r)
    with pytest.raises(InvalidValueError, match="an action's player must be an integer"):
        r.apply(Action.call(player=player))
    assert repr(r) == before
    assert r.apply(Action.call(player=np.int64(0))).player == 0


def test_round_options_are_checked():
    with pytest.raises(InvalidValueError, match="structure must be a Structure"):
        BettingRound.start("no-limit", [1000] * 3, 0)
    with pytest.raises(InvalidValueError, match="folded must be True or False"):
        BettingRound.start(Structure.no_limit(10), [1000] * 3, 0, folded=["no", "no", "no"])


# --- pots -----------------------------------------------------------------------------

def test_side_pots_of_a_sequence_by_seat():
    assert side_pots([25, 60, 60]) == side_pots({0: 25, 1: 60, 2: 60})
    r = blinds_round()
    r.apply(Action.raise_to(30))
    r.apply(Action.fold())
    r.apply(Action.call())
    assert side_pots(r.contributed, folded=[1]).total == 65


@pytest.mark.smoke
@pytest.mark.parametrize("contributions", [None, 25, "25 60 60"])
def test_side_pots_of_something_else_is_refused(contributions):
    with pytest.raises(InvalidValueError, match="contributions must map seats to chips or list them by seat"):
        side_pots(contributions)


def test_side_pots_folded_flags_are_refused():
    # [False, True, False] would silently mean "seats 0 and 1 folded"
    with pytest.raises(InvalidValueError, match="a folded seat must be an integer, not False"):
        side_pots([25, 60, 60], folded=[False, True, False])


@pytest.mark.parametrize("rate", [math.nan, math.inf, -math.inf, None, "abc", "0.03", True, 1.5, -0.01])
def test_rake_rate_is_a_number_between_0_and_1(rate):
    with pytest.raises(InvalidValueError, match="rake rate"):
        RakeRule(heads_up_rate=rate)
    with pytest.raises(InvalidValueError, match="rake rate"):
        RakeRule(multiway_rate=rate)


def test_rake_rates_of_every_number_type():
    from decimal import Decimal

    for rate in (0.03, Fraction(3, 100), Decimal("0.03")):
        assert RakeRule(multiway_rate=rate).amount(1000, 3) == 30


@pytest.mark.parametrize("cap", [(5,), (5, 6), ((2, 1), (3,)), "5", 2.5, -1])
def test_rake_cap_shapes_are_checked_at_once(cap):
    with pytest.raises(InvalidValueError, match="cap"):
        RakeRule(cap=cap)


def test_rake_cap_pairs_equal_the_mapping():
    assert RakeRule(cap=((3, 2), (2, 1))) == RakeRule(cap={2: 1, 3: 2})


@pytest.mark.parametrize("pot, dealt, message", [(-100, 3, "the pot must be a non-negative integer"),
                                                  (100.0, 3, "the pot must be"),
                                                  (100, "3", "players_dealt must be an integer"),
                                                  (100, 2.5, "players_dealt must be an integer"),
                                                  (100, 1, "at least 2 players")])
def test_rake_amount_arguments(pot, dealt, message):
    with pytest.raises(InvalidValueError, match=message):
        RakeRule().amount(pot, dealt)


def test_rake_flags_are_bools():
    with pytest.raises(InvalidValueError, match="no_flop_no_drop must be True or False"):
        RakeRule(no_flop_no_drop="yes")
    with pytest.raises(InvalidValueError, match="ended_first_round must be True or False"):
        RakeRule().amount(100, 3, ended_first_round="no")


POTS = side_pots({0: 25, 1: 60, 2: 60})
HIGH = {0: 7000, 1: 5000, 2: 6000}


@pytest.mark.parametrize("kwargs, message", [
    (dict(rake=RakeRule(), players_dealt="3"), "players_dealt must be an integer"),
    (dict(rake=RakeRule(), players_dealt=2.5), "players_dealt must be an integer"),
    (dict(players_dealt=2.5), "players_dealt must be an integer"),
    (dict(rake=0.03, players_dealt=3), "rake must be a RakeRule"),
])
def test_settle_options_are_checked(kwargs, message):
    with pytest.raises(InvalidValueError, match=message):
        settle(POTS, HIGH, button=0, **kwargs)


@pytest.mark.parametrize("button", [None, "2", 2.0])
def test_settle_button_must_be_a_seat(button):
    with pytest.raises(InvalidValueError, match="button must be an integer"):
        settle(POTS, HIGH, button=button)


@pytest.mark.smoke
@pytest.mark.parametrize("pots", [None, 75, [75, 70], {0: 25}])
def test_settle_takes_pots(pots):
    with pytest.raises(InvalidValueError, match="settle takes the Pots of side_pots"):
        settle(pots, HIGH, button=0)


def test_settle_hand_values_are_mappings():
    with pytest.raises(InvalidValueError, match="high must map each seat"):
        settle(POTS, [7000, 5000, 6000], button=0)
    with pytest.raises(InvalidValueError, match="low must map each seat"):
        settle(POTS, HIGH, low=[0, 0, 0], button=0)


def test_settle_returns_the_uncalled_chips():
    contributions = {0: 500, 1: 100, 2: 100}
    pots = side_pots(contributions)
    result = settle(pots, {0: 1, 1: 2, 2: 3}, button=0, rake=RakeRule(), players_dealt=3)
    assert result.uncalled == {0: 400}
    assert sum(result.payouts.values()) + result.rake + sum(result.uncalled.values()) == sum(contributions.values())
    assert settle(list(pots.pots), {0: 1, 1: 2, 2: 3}, button=0).uncalled == {}
    assert settle([Pot(10, (0, 1))], {0: 1, 1: 1}, button=0).payouts == {0: 5, 1: 5}


def test_settle_documents_no_low():
    assert "0 means no qualifying low" in " ".join(settle.__doc__.split())


# --- batch functions ------------------------------------------------------------------


@pytest.mark.parametrize("function", [ph.evaluate_batch, ph.evaluate_low8_batch, ph.evaluate_turkish_batch])
def test_ragged_hands_name_the_argument(function):
    with pytest.raises(InvalidCardError, match="hands must be rows of equal length"):
        function([[24, 28, 32, 36, 40], [25, 29, 33]])


@pytest.mark.parametrize("function", [ph.evaluate_omaha_batch, ph.evaluate_omaha_low8_batch])
def test_ragged_holes_and_boards_name_the_argument(function):
    holes, boards = [[0, 4, 8, 12], [1, 5, 9, 13]], [[20, 24, 28], [21, 25, 29]]
    with pytest.raises(InvalidCardError, match="holes must be rows of equal length"):
        function([[0, 4, 8, 12], [1, 5]], boards)
    with pytest.raises(InvalidCardError, match="boards must be rows of equal length"):
        function(holes, [[20, 24, 28], [21]])


# --- evaluation and descriptions ----------------------------------------------------------

ROYAL_HEARTS = "Ah Kh Qh Jh Th"


@pytest.mark.parametrize("value", [1300 << 20, ph.evaluate_turkish(ROYAL_HEARTS) + 1, 5 << 20, -1, 1 << 40])
def test_turkish_values_no_hand_has_are_refused(value):
    with pytest.raises(InvalidValueError, match="is not the value of a Turkish hand"):
        ph.describe_turkish(value)
    with pytest.raises(InvalidValueError, match="is not the value of a Turkish hand"):
        ph.turkish_category(value)


def test_turkish_value_check_accepts_exactly_the_values_of_hands():
    """Every value of every deck is accepted; flipping any one bit of the suit code of
    a value is accepted exactly when the result is itself the value of some hand."""
    values = np.unique(np.concatenate([ph.evaluate_turkish_batch(all_hands(range(4 * (low - 2), 52), 5), lowest_rank=low)
                                       for low in (6, 7, 8, 9)]))
    known = set(values.tolist())
    for value in values.tolist():
        ph.turkish_category(value)
    rng = np.random.default_rng(12)
    sample = values[rng.integers(0, len(values), 4_000)].astype(np.int64)
    for value in (sample[:, None] ^ (1 << np.arange(20))).ravel().tolist():
        try:
            ph.turkish_category(value)
            accepted = True
        except InvalidValueError:
            accepted = False
        assert accepted == (value in known), value


@pytest.mark.smoke
@pytest.mark.parametrize("hand, error, message", [
    ({0: 1, 4: 1, 8: 1, 12: 1, 17: 1}, CardTypeError, "not a dict"),
    ({0, 4, 8, 12, 17}, CardTypeError, "not a set"),
    (frozenset({0, 4, 8, 12, 17}), CardTypeError, "not a frozenset"),
    (b"As Ks Qs Js Ts", CardTypeError, "not bytes: decode it"),
    (bytearray(b"As Ks Qs Js Ts"), CardTypeError, "not bytearray"),
    (itertools.count(), InvalidCardError, "at most 7 cards, the iterator gave more"),
    (iter(range(0, 40, 4)), InvalidCardError, "at most 7 cards"),
])
def test_evaluate_refuses_unordered_byte_and_endless_hands(hand, error, message):
    with pytest.raises(error, match=message):
        ph.evaluate(hand)


def test_evaluate_reads_a_finite_iterator():
    assert ph.evaluate(iter(["As", "Ks", "Qs", "Js", "Ts"])) == 7462
    assert ph.evaluate(c for c in [48, 44, 40, 36, 32]) == 7462


def test_multi_card_parser_gives_the_hint():
    with pytest.raises(InvalidCardError, match=r"cannot read a card at '1s'.*rank 2-9/T/10/J/Q/K/A then a suit c/d/h/s"):
        ph.evaluate("1s Ks Qs Js Ts")


def test_variation_selector_after_a_suit_symbol_is_accepted():
    assert ph.evaluate("A\u2665\ufe0f K\u2665\ufe0f Q\u2665\ufe0f J\u2665\ufe0f T\u2665\ufe0f") == 7462
    assert ph.cards("A\u2665\ufe0fK\u2665\ufe0e") == [50, 46]
    assert ph.card("A\u2665\ufe0f") == 50


def test_invisible_characters_are_named():
    with pytest.raises(InvalidCardError, match="U\\+200B ZERO WIDTH SPACE"):
        ph.cards("As\u200bKs")
    with pytest.raises(InvalidCardError, match="U\\+FE0F VARIATION SELECTOR-16"):
        ph.card("\ufe0fAs")


@pytest.mark.parametrize("flag", ["no", "yes", 0, 1, None])
def test_turkish_deck_flag_must_be_a_bool(flag):
    with pytest.raises(InvalidValueError, match="four_players_use_36_cards must be True or False"):
        ph.turkish_deck(4, four_players_use_36_cards=flag)
    assert len(ph.turkish_deck(4, four_players_use_36_cards=False)) == 32


@pytest.mark.parametrize("n", [5.0, 6.0, True, "5", np.float64(7)])
def test_category_counts_takes_an_int(n):
    with pytest.raises(InvalidValueError, match="category_counts takes 5, 6 or 7 cards"):
        ph.category_counts(n)


def test_describe_names_broadway():
    assert ph.describe(ph.evaluate("As Kd Qh Jc Ts")) == "Straight, ace high (Broadway)"
