"""The settlement options rooms set differently (rules: Pots, splitting and rake):
:class:`OddChipRule` (who gets a split pot's odd chips, in which unit) and
``RakeRule.every_pot`` (the rake from every pot in proportion), on ``settle`` and on
the engine's ``Options``. Each option's expected figures are worked by hand below;
the properties check that no option creates or loses a chip, and that the default
rule is the rules' own."""

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action
from pokerhash.cards import cards
from pokerhash.engine import VARIANTS, Hand, Options, PendingKind, Stakes
from pokerhash.errors import InvalidValueError
from pokerhash.pots import OddChipRule, Pot, RakeRule, rake_by_pot, settle, side_pots

from test_pots import hands

SEATS = list(range(1, 11))


def _payouts(amount, winners, button, rule, low=None, seats=SEATS):
    """``amount`` in one pot that ``winners`` tie for (high), settled under ``rule``."""
    eligible = tuple(sorted(set(winners) | set(low or ())))
    high = {seat: 2 if seat in winners else 1 for seat in eligible}
    lows = {seat: 2 if seat in low else 0 for seat in eligible} if low is not None else None
    return settle([Pot(amount, eligible)], high, low=lows, button=button, seat_order=seats,
                  odd_chips=rule).payouts


def test_default_is_the_rules_all_odd_chips_first_left_of_the_button():
    # 260 three ways: 86 each and 2 odd chips, both to seat 3 (first left of button 2).
    assert _payouts(260, [3, 7, 8], 2, OddChipRule()) == {3: 88, 7: 86, 8: 86}
    assert OddChipRule().is_default and not OddChipRule(one_each=True).is_default


def test_one_each_from_the_buttons_side():
    # Winamax: the button (2) first, then counter-clockwise: 8, then 7 get one each.
    rule = OddChipRule(order="right of button", one_each=True)
    assert _payouts(260, [3, 7, 8], 2, rule) == {3: 86, 7: 87, 8: 87}
    # The button itself first when it wins.
    assert _payouts(55, [3, 8], 3, OddChipRule(order="right of button")) == {3: 28, 8: 27}


def test_lowest_seat():
    rule = OddChipRule(order="lowest seat")
    assert _payouts(53, [3, 8], 3, rule) == {3: 27, 8: 26}  # the button in seat 3
    assert _payouts(2765, [7, 9], 9, rule) == {7: 1383, 9: 1382}  # the button in seat 9


def test_split_unit_and_one_each():
    # PokerStars 2008, 5-cent chips: 190 four ways is 38 units, 9 each and 2 odd units,
    # one each from the button's left (button 7: seats 8 and 9 first).
    rule = OddChipRule(one_each=True, unit=5)
    assert _payouts(190, [2, 7, 8, 9], 7, rule) == {8: 50, 9: 50, 2: 45, 7: 45}
    # Without one_each both odd units go to the first winner.
    assert _payouts(190, [2, 7, 8, 9], 7, OddChipRule(unit=5)) == {8: 55, 9: 45, 2: 45, 7: 45}
    # A rest smaller than a unit goes with the first odd units: 193 = 4 x 45 + 13.
    assert _payouts(193, [2, 7, 8, 9], 7, rule) == {8: 50, 9: 50, 2: 48, 7: 45}


def test_low_half_takes_the_odd_chip():
    # 705 split high (seat 8) / low (seat 5): the rules give the high half 353.
    assert _payouts(705, [8], 10, OddChipRule(), low=[5]) == {8: 353, 5: 352}
    assert _payouts(705, [8], 10, OddChipRule(low_half=True), low=[5]) == {8: 352, 5: 353}
    # Halves in units: 190 in 5-cent units is 95 + 95; 195 is 95 high, 100 low.
    assert _payouts(195, [8], 10, OddChipRule(low_half=True, unit=5), low=[5]) == {8: 95, 5: 100}


def test_rake_by_pot():
    assert rake_by_pot([234, 402], 31) == [31, 0]  # the rules: the main pot first
    assert rake_by_pot([10, 402], 31) == [10, 21]
    # Entraction: 31 of 636 in proportion is 11.41 and 19.59: whole chips 11 and 19,
    # the chip left over to the larger fraction.
    assert rake_by_pot([234, 402], 31, every_pot=True) == [11, 20]
    assert rake_by_pot([566, 116], 34, every_pot=True) == [28, 6]
    assert rake_by_pot([228, 804], 68, every_pot=True) == [15, 53]
    assert rake_by_pot([100, 100], 1, every_pot=True) == [1, 0]  # a tie: the earlier pot
    assert rake_by_pot([0, 0], 0, every_pot=True) == [0, 0]


def test_settle_takes_the_rake_from_every_pot():
    pots = [Pot(234, (3, 4, 6)), Pot(402, (4, 6))]
    high = {3: 9, 4: 1, 6: 5}
    rule = RakeRule(1, 1, cap=31, every_pot=True)
    result = settle(pots, high, button=1, rake=rule, players_dealt=6)
    assert result.payouts == {3: 223, 6: 382} and result.rake == 31
    assert [r.rake for r in result.pots] == [11, 20]
    main_first = settle(pots, high, button=1, rake=RakeRule(1, 1, cap=31), players_dealt=6)
    assert main_first.payouts == {3: 203, 6: 402}


def test_bad_options():
    with pytest.raises(InvalidValueError):
        OddChipRule(order="clockwise")
    with pytest.raises(InvalidValueError):
        OddChipRule(unit=0)
    with pytest.raises(InvalidValueError):
        OddChipRule(one_each=1)
    with pytest.raises(InvalidValueError):
        RakeRule(every_pot="yes")
    with pytest.raises(InvalidValueError):
        Options(odd_chips="one each")
    with pytest.raises(InvalidValueError):
        settle([Pot(10, (0, 1))], {0: 1, 1: 1}, button=0, odd_chips=None)


def _played(options, hole, board):
    """Three players (seats 1, 2, 3; the button on 3) who check a hand down (blinds
    5/10), with the hole cards ``hole`` (by seat) and the ``board``."""
    hand = Hand(VARIANTS["holdem"], {1: 500, 2: 500, 3: 500}, button=3, stakes=Stakes(blinds=(5, 10)),
                options=options, deal="caller")
    held = {seat: list(cards(text)) for seat, text in zip((1, 2, 3), hole)}
    rest = list(cards(board))
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DEAL:
            if pending.target == "burn":
                hand.deal(())
            else:
                source = rest if pending.target == "board" else held[pending.seat]
                hand.deal(tuple(source[:pending.count]))
                del source[:pending.count]
        else:
            hand.act(Action.call() if pending.legal.call else Action.check())
    return hand.result


def test_the_engine_settles_with_the_options():
    # A board straight all three play: 30 chips less a rake of 1 is 29, three ways.
    hole = ["2c3d", "4h5h", "6d7d"]
    board = "AsKsQdJcTh"
    rake = RakeRule(1, 1, cap=1)
    assert _played(Options(rake=rake), hole, board).payouts == {1: 11, 2: 9, 3: 9}
    spread = _played(Options(rake=rake, odd_chips=OddChipRule(one_each=True)), hole, board)
    assert spread.payouts == {1: 10, 2: 10, 3: 9}
    button_side = _played(Options(rake=rake, odd_chips=OddChipRule(order="right of button", one_each=True)),
                          hole, board)
    assert button_side.payouts == {3: 10, 2: 10, 1: 9}


rules = st.builds(OddChipRule, order=st.sampled_from(["left of button", "right of button", "lowest seat"]),
                  one_each=st.booleans(), low_half=st.booleans(), unit=st.integers(1, 7))
rake_rules = st.one_of(st.none(), st.builds(RakeRule, multiway_rate=st.sampled_from([Fraction(3, 100), Fraction(1, 3)]),
                                            cap=st.sampled_from([None, 3]), every_pot=st.booleans()))


@settings(max_examples=400, deadline=None)
@given(hands(), rules, rake_rules)
def test_no_option_creates_or_loses_a_chip(hand, rule, rake):
    contributions, folded, high, low, button = hand
    pots = side_pots(contributions, folded)
    result = settle(pots, high, low=low, button=button, rake=rake, players_dealt=len(contributions), odd_chips=rule)
    assert sum(result.payouts.values()) + result.rake + pots.uncalled_amount == sum(contributions.values())
    for pot_result in result.pots:
        assert 0 <= pot_result.rake <= pot_result.pot.amount
        assert sum(a.amount for a in pot_result.awards) + pot_result.rake == pot_result.pot.amount
        assert all(a.amount >= 0 for a in pot_result.awards)
        for reason in {a.reason for a in pot_result.awards}:
            amounts = sorted(a.amount for a in pot_result.awards if a.reason is reason)
            # Equal shares in whole units; no winner gets a whole unit more than one
            # odd unit per winner would give (all the odd chips at most: < ways units).
            assert amounts[-1] - amounts[0] < len(amounts) * rule.unit
            if rule.one_each:
                assert amounts[-1] - amounts[0] <= rule.unit


@settings(max_examples=300, deadline=None)
@given(hands(), rake_rules)
def test_the_default_rule_is_the_rules(hand, rake):
    contributions, folded, high, low, button = hand
    pots = side_pots(contributions, folded)
    n = len(contributions)
    plain = settle(pots, high, low=low, button=button, rake=rake, players_dealt=n)
    spelled = settle(pots, high, low=low, button=button, rake=rake, players_dealt=n, odd_chips=OddChipRule())
    assert plain == spelled


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 1000), st.lists(st.integers(0, 9), min_size=1, max_size=6, unique=True), st.data())
def test_the_general_split_under_the_default_rule_is_the_rules_split(amount, winners, data):
    """The split a room's rule takes (``_split_by_rule``) with the rules' rule gives
    what the rules' own split gives."""
    from pokerhash import pots
    order = {seat: k for k, seat in enumerate(data.draw(st.permutations(range(10))))}
    reason = pots.Reason.HIGH
    assert pots._split_by_rule(amount, winners, reason, order, OddChipRule()) == \
        pots._split(amount, winners, reason, order)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(0, 500), min_size=1, max_size=6), st.data())
def test_rake_by_pot_shares_are_proportional(amounts, data):
    rake = data.draw(st.integers(0, sum(amounts)))
    shares = rake_by_pot(amounts, rake, every_pot=True)
    assert sum(shares) == rake
    total = sum(amounts)
    for amount, share in zip(amounts, shares):
        assert 0 <= share <= amount
        if total:
            assert abs(share * total - rake * amount) < total  # within one chip of the exact share


def test_heads_up_dead_button():
    """Heads-up, the big blind on the button (seat 3): the small blind (seat 2) posts
    first and acts first before and after the flop; the rules' order is the other way."""
    stakes = Stakes(blinds=(5, 10))
    dead = Hand(VARIANTS["holdem"], {2: 500, 3: 500}, button=3, stakes=stakes,
                options=Options(heads_up_dead_button=True), deal="caller")
    assert dead.contributed == {2: 5, 3: 10}
    held = {2: list(cards("2c3d")), 3: list(cards("4h5h"))}
    first = []
    while dead.pending.kind is PendingKind.DEAL:
        pending = dead.pending
        dead.deal(tuple(held[pending.seat][:pending.count]))
        del held[pending.seat][:pending.count]
    first.append(dead.pending.seat)
    dead.act(Action.call())
    dead.act(Action.check())
    dead.deal(())
    dead.deal(tuple(cards("AsKsQd")))
    first.append(dead.pending.seat)
    assert first == [2, 2]
    rules = Hand(VARIANTS["holdem"], {2: 500, 3: 500}, button=3, stakes=stakes, deal="caller")
    assert rules.contributed == {2: 10, 3: 5}
    with pytest.raises(InvalidValueError):
        Options(heads_up_dead_button=1)


def test_a_blind_may_owe_a_dead_part_only():
    """A player coming back on a blind posts the small blind missed dead; a live part
    besides a blind is refused."""
    stakes = Stakes(blinds=(10, 10))
    hand = Hand(VARIANTS["holdem"], {2: 500, 6: 500}, button=6, stakes=stakes, deal="caller",
                missed_blinds={6: (0, 5)})
    assert hand.contributed == {2: 10, 6: 10} and hand.stacks == {2: 490, 6: 485}
    with pytest.raises(InvalidValueError):
        Hand(VARIANTS["holdem"], {2: 500, 6: 500}, button=6, stakes=stakes, deal="caller",
             missed_blinds={6: (10, 5)})
