"""Compiled, the records of every action (Action, LegalActions, Pending) are kept in a
pool when they die and made again in the same memory (_records.pxd: pool_records).
A record made so is the record tuple.__new__ makes: a live record is never reused,
a dead one's fields are released, the garbage collector tracks it, and a long chain
of records dies without exhausting the C stack. Uncompiled the pools do not exist and
these hold as well."""

from __future__ import annotations

import gc
import random
import weakref

from pokerhash.betting import Action, ActionKind, LegalActions
from pokerhash.engine import DEUCE7_TRIPLE_DRAW, HOLDEM, Hand, Pending, PendingKind, Stakes


class _Field:
    """A field value that a weak reference can watch (to see a dead record release it)."""


def test_live_records_keep_their_fields_while_later_ones_are_made():
    kept = []
    for seed in range(20):
        rng = random.Random(seed)
        for variant, stakes in ((HOLDEM, Stakes(blinds=(1, 2))),
                                (DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2), small_bet=2, big_bet=4))):
            hand = Hand(variant, {seat: 100 for seat in range(6)}, button=5, stakes=stakes, seed=seed, log=False)
            while not hand.is_over:
                pending = hand.pending
                # Some records kept (with the fields they had when made), the others dropped
                # at once, so that the pools fill and empty while the kept ones live.
                if rng.random() < 0.3:
                    kept.append((pending, tuple(pending), pending.legal, tuple(pending.legal or ())))
                if pending.kind is PendingKind.DRAW:
                    hand.draw(hand.hole_cards(pending.seat)[:rng.randrange(pending.count + 1)])
                    continue
                legal = pending.legal
                action = Action.check() if legal.can_check else (Action.fold() if rng.random() < 0.2 else Action.call())
                move = hand.act(action)
                if rng.random() < 0.3:
                    kept.append((move, tuple(move), None, ()))
    assert len(kept) > 500
    for record, fields, legal, legal_fields in kept:
        assert tuple(record) == fields
        assert type(record) in (Pending, Action)
        if legal is not None:
            assert type(legal) is LegalActions and tuple(legal) == legal_fields


def test_a_dead_record_releases_its_fields():
    for _ in range(50):
        to = _Field()
        watch = weakref.ref(to)
        action = Action.raise_to(to)
        del to
        assert watch() is not None and action.to is watch()
        del action
        assert watch() is None
    legal_to = _Field()
    watch = weakref.ref(legal_to)
    legal = LegalActions(0, False, 2, False, ActionKind.RAISE, legal_to, legal_to, None, "")
    del legal_to, legal
    assert watch() is None


def test_records_made_again_are_tracked_and_their_cycles_collected():
    for _ in range(20):
        Action.call()  # made and dropped: into the pool, and out of it below
        box = []
        action = Action.bet_to(box)  # a field that holds the record: a cycle
        box.append(action)
        assert gc.is_tracked(action)
        holder = _Field()
        watch = weakref.ref(holder)
        box.append(holder)
        del action, box, holder
        gc.collect()
        assert watch() is None


def test_subclass_records_die_as_theirs_and_are_not_handed_out_as_actions():
    class Labelled(Action):
        pass  # a __dict__: not the pooled type's size

    for _ in range(20):
        to = _Field()
        watch = weakref.ref(to)
        record = tuple.__new__(Labelled, (ActionKind.BET, to, 0, False, None))
        record.label = "mine"
        del to, record
        assert watch() is None
        assert type(Action.call()) is Action and type(Action.bet_to(4)) is Action


def test_a_long_chain_of_records_dies_without_exhausting_the_c_stack():
    chain = Action.call()
    for _ in range(200_000):
        chain = Action.bet_to(chain)
    tail = _Field()
    watch = weakref.ref(tail)
    chain = Action.bet_to((chain, tail))
    del tail
    del chain
    assert watch() is None


def test_a_draws_pending_names_its_own_seat_at_every_table():
    """Hand._next_draw shares a draw's Pending per player index while the index holds
    the same seat: other seats at the same indexes (and seat True, equal to 1) get
    their own."""
    stakes = Stakes(blinds=(1, 2), small_bet=2, big_bet=4)
    tables = [range(6), (3, 7, 9), (10, 11, 12, 13), range(6), (0, True, 5), (0, 1, 5), range(2)]
    for seed, seats in enumerate(tables * 3):
        rng = random.Random(seed)
        hand = Hand(DEUCE7_TRIPLE_DRAW, {seat: 60 for seat in seats}, button=list(seats)[-1], stakes=stakes,
                    seed=seed, log=False)
        draws = 0
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                draws += 1
                seat = pending.seat
                assert any(seat is s for s in hand.seats) and seat not in hand.folded
                assert pending.count == 5 and pending.legal is None
                hand.draw(hand.hole_cards(seat)[:rng.randrange(3)])
                continue
            legal = pending.legal
            hand.act(Action.check() if legal.can_check else Action.call())
        assert draws >= 3 * 2
