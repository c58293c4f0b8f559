"""The records the engine builds on its hot path (_records.pxd when compiled: Action,
LegalActions, Pending, ShownHand made in C) are the NamedTuples that tuple.__new__
makes, with every NamedTuple behaviour, and cost no memory hand after hand; a draw
game's new stub (Deck._restock_dealt) is the shuffle Deck.restock makes."""

from __future__ import annotations

import gc
import hashlib
import pickle
import random
import tracemalloc

from pokerhash.betting import Action, BringInActions, LegalActions
from pokerhash.cards import Deck
from pokerhash.engine import DEUCE7_TRIPLE_DRAW, HOLDEM, STUD, Hand, Pending, PendingKind, ShownHand, Stakes
from pokerhash.engine import events as ev

STUD_STAKES = Stakes(ante=1, bring_in=2, small_bet=4, big_bet=8)


def _play(variant, stakes, players, seed, records):
    """A random hand; every record the engine hands out is appended to ``records``."""
    rng = random.Random(seed)
    hand = Hand(variant, {seat: 100 for seat in range(players)}, button=players - 1, stakes=stakes, seed=seed,
                log=False)
    while not hand.is_over:
        pending = hand.pending
        records.append(pending)
        if pending.kind is PendingKind.DRAW:
            hand.draw(hand.hole_cards(pending.seat)[:rng.randrange(pending.count + 1)])
            continue
        legal = pending.legal
        records.append(legal)
        if pending.kind is PendingKind.BRING_IN:
            records.append(hand.act(Action.bet_to(legal.fixed_amounts[-1])))
            continue
        roll = rng.random()
        if roll < 0.1 and not legal.can_check:
            action = Action.fold()
        elif roll < 0.3 and legal.raise_kind is not None:
            action = Action.raise_to(legal.max_to if legal.fixed_amounts is None else legal.fixed_amounts[0])
        else:
            action = Action.check() if legal.can_check else Action.call()
        records.append(hand.act(action))
    records.extend(hand.result.shown)
    return hand


def test_records_are_the_named_tuples_tuple_new_makes():
    records = []
    for seed in range(30):
        _play(HOLDEM, Stakes(blinds=(1, 2)), 6, seed, records)
        _play(STUD, STUD_STAKES, 6, seed, records)
        _play(DEUCE7_TRIPLE_DRAW, Stakes(blinds=(1, 2), small_bet=2, big_bet=4), 6, seed, records)
    kinds = {type(record) for record in records}
    assert kinds == {Pending, LegalActions, BringInActions, Action, ShownHand}
    for record in records:
        fields = tuple(record)
        again = type(record)(*fields) if type(record) is not Action else Action(*fields)
        assert again == record and hash(again) == hash(record)
        assert record._asdict() == dict(zip(record._fields, fields))
        assert pickle.loads(pickle.dumps(record)) == record
        assert record._replace() == record and type(record._replace()) is type(record)
        assert len(record) == len(record._fields)


def test_records_cost_no_memory_hand_after_hand():
    records = []
    _play(STUD, STUD_STAKES, 6, 0, records)
    records.clear()
    gc.collect()
    tracemalloc.start()
    try:
        _play(STUD, STUD_STAKES, 6, 1, records)
        records.clear()
        gc.collect()
        before = tracemalloc.get_traced_memory()[0]
        for seed in range(2, 200):
            _play(STUD, STUD_STAKES, 6, seed, records)
            records.clear()
        gc.collect()
        grown = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    # A leaked record per decision would be ~200 hands x ~30 decisions x ~100 bytes.
    assert grown < 20_000


def test_restock_dealt_is_restock_without_the_checks():
    for seed in range(20):
        checked, unchecked = Deck(seed), Deck(seed)
        dealt = checked.deal(30)
        assert unchecked.deal(30) == dealt
        rest = checked.deal(len(checked))
        assert unchecked.deal(len(unchecked)) == rest
        stub = dealt[::3] + rest
        checked.restock(stub)
        unchecked._restock_dealt(list(stub))
        assert checked.deal(len(checked)) == unchecked.deal(len(unchecked))


def test_draws_across_new_stubs_deal_the_cards_they_always_dealt():
    # A new stub (Hand._make_room and _restock pop the old stub off the deck's stack
    # and join it to the muck in place): the replacement cards of sixty seeded 2-7
    # triple draw hands, more than two hundred of them across a new stub, hashed; the
    # digest is the one the engine gave when a restock went through Deck.deal and list
    # joins (commit db0f299). Any change of a card, or of their order, changes it.
    digest = hashlib.sha256()
    reshuffles = 0
    for seed in range(60):
        rng = random.Random(seed)
        hand = Hand(DEUCE7_TRIPLE_DRAW, {seat: 100 for seat in range(6)}, button=5, seed=seed)
        while not hand.is_over:
            pending = hand.pending
            if pending.kind is PendingKind.DRAW:
                got = hand.draw(hand.hole_cards(pending.seat)[:rng.randrange(pending.count + 1)])
                digest.update(bytes(got) + b"|")
            else:
                hand.act(Action.check() if pending.legal.can_check else Action.call())
        digest.update(repr(hand.result.payouts).encode())
        reshuffles += sum(1 for event in hand.events if type(event) is ev.Reshuffle)
    assert reshuffles > 100  # the new stubs are reached, many times
    assert digest.hexdigest() == "b387d43c6008fd24d0e572e473739253600633ffc25fc9fb2559d494d5e472dc"
