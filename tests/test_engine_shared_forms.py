"""What the engine shares between hands by a game's form (engine41): a variant met for
the first time that equals a known one in what the deal shape and the betting structure
read (a site's importer makes a Variant per table header: with_limit's copies) reuses
their checked parts, and a hand played on it is the hand played on the original; a
variant that differs in any of those fields gets its own (and its own errors). Also:
the shared Pending records of a caller's burns and board deals, the odd-chip rule's
is_default kept per rule, and the result's nets at a capped table."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pokerhash.betting import Action, Limit
from pokerhash.engine import BADUGI, HOLDEM, PLO, STUD, TURKISH_POKER as TURKISH, Hand, Options, Stakes
from pokerhash.engine import hand as hand_module
from pokerhash.engine.hand import Pending, PendingKind
from pokerhash.errors import InvalidValueError
from pokerhash.pots import DEFAULT_ODD_CHIPS, OddChipRule, Pot, settle_checked


def _play(variant, stakes, seed, options=Options(), stacks=None, log=True):
    hand = Hand(variant, stacks or {seat: 200 for seat in range(4)}, button=3, stakes=stakes, options=options,
                seed=seed, log=log)
    k = 0
    while not hand.is_over:
        pending = hand.pending
        if pending.kind is PendingKind.DECISION:
            legal = pending.legal
            if legal.raise_kind is not None and k % 3 == 0:
                hand.act(Action.raise_to(legal.min_to))
            elif legal.can_check:
                hand.act(Action.check())
            else:
                hand.act(Action.call())
        else:
            hand.timeout()
        k += 1
    return hand


def _fresh(variant):
    """An equal variant that is another object (as a site's importer makes one)."""
    return replace(variant, limit=variant.limit)


@pytest.mark.parametrize("variant, stakes", [
    (HOLDEM, Stakes(blinds=(1, 2))),
    (HOLDEM.with_limit(Limit.FIXED_LIMIT), Stakes(blinds=(1, 2), small_bet=2, big_bet=4)),
    (PLO, Stakes(blinds=(1, 2))),
    (STUD, Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)),
    (BADUGI, Stakes(blinds=(1, 2), small_bet=2, big_bet=4)),
    (TURKISH, Stakes(ante=1, small_bet=2)),
])
@pytest.mark.parametrize("seed", [1, 7])
def test_a_new_variant_of_a_known_form_plays_the_same_hand(variant, stakes, seed):
    first = _play(variant, stakes, seed)
    for _ in range(3):
        other = _fresh(variant)
        assert other is not variant and other == variant
        again = _play(other, stakes, seed)
        assert again.events[1:] == first.events[1:]
        assert again.events[0].variant is other
        assert again.variant is other
        assert again.result == first.result
        assert again._program == first._program and again._deck_cards == first._deck_cards
        assert again._deck_set == first._deck_set and again._lowest == first._lowest


def test_a_variant_of_another_form_gets_its_own_checks_and_errors():
    Hand(HOLDEM, {seat: 100 for seat in range(9)}, button=0, seed=1)
    small = replace(HOLDEM, max_players=6)  # the same streets tuple, another table size
    assert small.streets is HOLDEM.streets
    with pytest.raises(InvalidValueError, match="seats 2 to 6 players, not 9"):
        Hand(small, {seat: 100 for seat in range(9)}, button=0, seed=1)
    # stud: another forced-bet rule on the same streets is another program
    as_blinds = replace(STUD, forced=HOLDEM.forced)
    with pytest.raises(InvalidValueError):
        Hand(as_blinds, {seat: 100 for seat in range(4)}, button=0, seed=1,
             stakes=Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8))
    stud = Hand(STUD, {seat: 100 for seat in range(4)}, button=0, seed=1,
                stakes=Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8))
    assert stud._program == hand_module._program(STUD)


def test_the_structure_follows_the_variants_limit_not_a_cached_form():
    stakes = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
    no_limit = Hand(_fresh(HOLDEM), {0: 100, 1: 100, 2: 100}, button=0, seed=1, stakes=stakes)
    fixed = Hand(HOLDEM.with_limit(Limit.FIXED_LIMIT), {0: 100, 1: 100, 2: 100}, button=0, seed=1, stakes=stakes)
    pot = Hand(_fresh(PLO), {0: 100, 1: 100, 2: 100}, button=0, seed=1, stakes=stakes)
    assert no_limit.structure.limit is Limit.NO_LIMIT
    assert fixed.structure.limit is Limit.FIXED_LIMIT
    assert pot.structure.limit is Limit.POT_LIMIT
    late = replace(HOLDEM.with_limit(Limit.FIXED_LIMIT), big_bet_street=3)
    assert Hand(late, {0: 100, 1: 100, 2: 100}, button=0, seed=1, stakes=stakes).structure.big_bet_street == 3
    assert fixed.structure.big_bet_street == 2
    # the structure's checks still refuse a variant that cannot take the stakes
    with pytest.raises(InvalidValueError, match="needs an ante"):
        Hand(replace(TURKISH, name="Turkish again"), {0: 100, 1: 100}, button=0, seed=1, stakes=Stakes(small_bet=2))


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6), fresh=st.booleans(),
       limit=st.sampled_from([Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT]))
def test_hands_on_fresh_variants_keep_the_chips(seed, players, fresh, limit):
    variant = HOLDEM.with_limit(limit)
    if fresh:
        variant = _fresh(variant)
    stacks = {seat: 50 + 10 * seat for seat in range(players)}
    hand = _play(variant, Stakes(blinds=(1, 2), small_bet=2, big_bet=4), seed, stacks=stacks)
    result = hand.result
    assert sum(result.stacks.values()) + result.rake == sum(stacks.values())
    assert result.net == {seat: result.stacks[seat] - stacks[seat] for seat in stacks}


def test_caller_burns_and_boards_wait_on_equal_records():
    hand = Hand(HOLDEM, {0: 100, 1: 100}, button=0, deal="caller")
    hand.deal("AsAh")
    hand.deal("KsKh")
    hand.act(Action.call())
    hand.act(Action.check())
    assert hand.pending == Pending(PendingKind.DEAL, None, None, 1, "burn")
    assert hand.pending.target == "burn" and hand.pending.count == 1 and hand.pending.seat is None
    hand.deal("2c")
    assert hand.pending == Pending(PendingKind.DEAL, None, None, 3, "board")
    assert str(hand.pending) == str(Pending(PendingKind.DEAL, None, None, 3, "board"))
    hand.deal("3c4c5d")
    hand.act(Action.check())
    hand.act(Action.check())
    assert hand.pending == Pending(PendingKind.DEAL, None, None, 1, "burn")
    hand.deal("6c")
    assert hand.pending == Pending(PendingKind.DEAL, None, None, 1, "board")


def test_odd_chip_rule_equal_to_the_default_settles_as_the_default():
    pot = Pot(5, (1, 2))
    order = {1: 0, 2: 1}
    other = OddChipRule(order="right of button")
    equal = OddChipRule()
    assert equal is not DEFAULT_ODD_CHIPS
    # The same rule asked again, then another rule, then the first one again: each
    # answered for itself (the kept answer is the last rule's only).
    for _ in range(2):
        for rule in (equal, other, equal, None, DEFAULT_ODD_CHIPS, other):
            got = settle_checked([pot], {1: 3, 2: 3}, None, order, 0, {}, rule)
            expected = {1: 3, 2: 2} if rule is not other else {1: 2, 2: 3}
            assert got.payouts == expected, rule
    with pytest.raises(AttributeError):
        settle_checked([pot], {1: 3, 2: 3}, None, order, 0, {}, object())


def test_nets_in_the_result_at_a_capped_table():
    stacks = {0: 300, 1: 40, 2: 150}
    hand = _play(HOLDEM, Stakes(blinds=(1, 2)), 4, options=Options(cap=100), stacks=stacks)
    result = hand.result
    nets = hand.nets()
    for i, seat in enumerate(hand.seats):
        assert result.net[seat] == nets[i]
        assert result.stacks[seat] == stacks[seat] + nets[i]
    assert sum(result.net.values()) == -result.rake


@settings(max_examples=200, deadline=None)
@given(pot=st.integers(0, 10**15), num=st.integers(0, 1000), den=st.integers(1, 1000), players=st.integers(2, 10),
       unit=st.integers(1, 50), cap=st.one_of(st.none(), st.integers(0, 10**6)))
def test_rake_amount_is_the_exact_fractions(pot, num, den, players, unit, cap):
    from fractions import Fraction

    from pokerhash.pots import RakeRule
    if num > den:
        num = den
    rate = Fraction(num, den)
    rule = RakeRule(rate, rate, cap=cap, unit=unit)
    expected = int(pot * rate) // unit * unit
    if cap is not None:
        expected = min(expected, cap)
    assert rule.amount(pot, players) == expected
    assert RakeRule(0.03, 0.05).amount(pot, players) == int(pot * Fraction(3 if players == 2 else 5, 100))


def test_blinds_follow_the_dead_button_flag_whatever_options_came_before():
    from pokerhash.pots import RakeRule

    stakes = Stakes(blinds=(1, 2), ante=1)
    option_sets = [Options(), Options(heads_up_dead_button=True), Options(rake=RakeRule(cap=3)),
                   Options(rake=RakeRule(cap=4), heads_up_dead_button=True), Options(), Options(rake=RakeRule(cap=5))]

    def posts(options, players):
        hand = Hand(HOLDEM, {seat: 100 for seat in range(players)}, button=0, stakes=stakes, options=options, seed=2)
        return [e for e in hand.events if type(e).__name__ == "Post"], hand.pending

    for players in (2, 3, 2):
        for options in option_sets:
            got = posts(options, players)
            hand_module._LAST_DEAL[0] = None  # the same hand built without the kept blinds
            assert posts(options, players) == got
    heads_up = [posts(options, 2)[0] for options in option_sets[:2]]
    assert heads_up[0] != heads_up[1]


@pytest.mark.parametrize("count", [-1, 9])
def test_a_board_count_without_a_shared_record_waits_for_its_own_count(count):
    """Only counts 0.. of the shared records are shared: another count (a negative one
    indexed the records from their end) gets its own record, as before engine41."""
    from pokerhash.engine.variants import Street, Variant

    variant = Variant("odd board", (Street(hole=2), Street(board=count, burn=True)))
    hand = Hand(variant, {0: 100, 1: 100}, button=0, deal="caller")
    hand.deal("AsAh")
    hand.deal("KsKh")
    hand.act(Action.call())
    hand.act(Action.check())
    hand.deal("2c")
    assert hand.pending == Pending(PendingKind.DEAL, None, None, count, "board")
