"""A hypothesis state machine plays random hands of every game with random legal and
illegal actions: chips are conserved, refused actions change nothing, every hand
ends, and its event log replays to the identical hand (rules: The games and their flow; Betting; Pots, splitting and rake)."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from pokerhash.betting import Action, Limit
from pokerhash.engine import VARIANTS, Hand, Options, PendingKind, Stakes
from pokerhash.errors import IllegalActionError, InvalidCardError
from pokerhash.pots import RakeRule

GAMES = sorted(VARIANTS)


def stakes_for(variant) -> Stakes:
    if variant.is_stud:
        return Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)
    if variant.opening is not None:
        return Stakes(ante=2, small_bet=4)
    return Stakes(blinds=(1, 2), ante=1 if variant.has_board else 0)


def snapshot(hand: Hand):
    return (hand.stacks, hand.contributed, hand.bets, hand.pot, hand.pending, hand.boards, hand.folded,
            tuple(hand.hole_cards(seat) for seat in hand.seats), len(hand.events))


class HandMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.hand = None
        self.steps = 0

    @precondition(lambda self: self.hand is None or self.hand.is_over)
    @rule(data=st.data(), game=st.sampled_from(GAMES), limit=st.sampled_from(list(Limit)))
    def new_hand(self, data, game, limit):
        if self.hand is not None:
            self.check_finished()
        variant = VARIANTS[game]
        if not variant.is_stud:
            variant = variant.with_limit(limit)
        low, high = variant.player_limits()
        count = data.draw(st.integers(low, high))
        seats = data.draw(st.lists(st.integers(0, 11), min_size=count, max_size=count, unique=True))
        stacks = {seat: data.draw(st.integers(1, 120)) for seat in seats}
        options = Options(
            rake=data.draw(st.sampled_from([None, RakeRule()])),
            run_it_twice=data.draw(st.booleans()),
            show_all=data.draw(st.booleans()),
            stud_by_position=data.draw(st.booleans()),
        )
        self.total = sum(stacks.values())
        self.hand = Hand(variant, stacks, button=data.draw(st.integers(0, 11)), stakes=stakes_for(variant),
                         options=options, seed=data.draw(st.integers(0, 2**32)))
        self.steps = 0

    def check_finished(self):
        hand = self.hand
        result = hand.result
        assert sum(result.stacks.values()) + result.rake == self.total
        assert all(stack >= 0 for stack in result.stacks.values())
        replayed = Hand.replay(hand.events)
        assert replayed.result == result and replayed.events == hand.events

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(data=st.data())
    def legal_move(self, data):
        hand = self.hand
        pending = hand.pending
        self.steps += 1
        assert self.steps < 500, "a hand must end"
        if pending.kind is PendingKind.DRAW:
            held = hand.hole_cards(pending.seat)
            count = data.draw(st.integers(0, min(pending.count, len(held))))
            hand.draw(data.draw(st.permutations(held))[:count])
            return
        if data.draw(st.integers(0, 9)) == 0:
            hand.timeout()
            return
        legal = pending.legal
        choices = [Action.fold(), Action.check() if legal.can_check else Action.call()]
        if legal.raise_kind is not None:
            amounts = legal.fixed_amounts or (legal.min_to, legal.max_to, (legal.min_to + legal.max_to) // 2)
            choices += [Action.raise_to(amount) for amount in amounts] + [Action.all_in()]
        if pending.kind is PendingKind.BRING_IN:
            choices = [Action.bet_to(amount) for amount in legal.fixed_amounts]
        action = data.draw(st.sampled_from(choices))
        if hand.can(action):
            hand.act(action)

    @precondition(lambda self: self.hand is not None and not self.hand.is_over)
    @rule(data=st.data())
    def illegal_move(self, data):
        hand = self.hand
        before = snapshot(hand)
        pending = hand.pending
        bad = data.draw(st.sampled_from(["act", "draw", "deal", "size", "out of turn"]))
        try:
            if bad == "act":
                if pending.kind is PendingKind.DRAW:
                    hand.act(Action.check())
                elif not pending.legal.can_check:
                    hand.check()
                else:
                    return
            elif bad == "draw":
                if pending.kind is PendingKind.DRAW:
                    others = [c for s in hand.seats if s != pending.seat for c in hand.hole_cards(s)]
                    if not others:
                        return
                    hand.draw(others[:1])
                else:
                    hand.draw(())
            elif bad == "deal":
                hand.deal("As")
            elif bad == "size":
                if pending.kind is PendingKind.DRAW:
                    return
                legal = pending.legal
                hand.act(Action.raise_to((legal.max_to or 0) + data.draw(st.integers(1, 50))))
            else:
                if pending.kind is PendingKind.DRAW:
                    return
                other = next(seat for seat in hand.seats if seat != pending.seat)
                hand.act(Action.call(player=other))
        except (IllegalActionError, InvalidCardError):
            pass
        else:
            raise AssertionError(f"{bad} was accepted at {pending}")
        assert snapshot(hand) == before

    @invariant()
    def chips_are_conserved(self):
        if self.hand is not None and not self.hand.is_over:
            assert sum(self.hand.stacks.values()) + self.hand.pot == self.total

    def teardown(self):
        if self.hand is not None:
            while not self.hand.is_over:
                self.hand.timeout()
            self.check_finished()


TestHandMachine = HandMachine.TestCase
TestHandMachine.settings = settings(max_examples=60, stateful_step_count=60, deadline=None,
                                    suppress_health_check=[HealthCheck.too_slow])
