"""PHH, exact in both directions: the cases issue 22 found, each scripted (the random
hands of test_history_pokerkit.py cover them at large), and hostile files that must
fail promptly with a PHHError naming the line."""

from __future__ import annotations

import time
import warnings

import pytest

from pokerhash.engine import (DEUCE7_SINGLE_DRAW, HOLDEM, RAZZ, STUD, Hand, Stakes)
from pokerhash.engine import history, history_hands
from pokerhash.engine.history import PHHError


def pokerkit_stacks(text):
    pokerkit = pytest.importorskip("pokerkit")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit warns about the optional fields it does not know
        state = None
        for state in pokerkit.HandHistory.loads(text):
            pass
    return list(state.stacks)


def written(hand):
    record = history_hands.to_history(hand)
    assert history_hands.replay(history.loads(history.dumps(record))).finishing_stacks == record.finishing_stacks
    return record


def test_stud_all_in_before_seventh_street_deals_each_street_then_shows():
    checked = 0
    for seed in range(30):
        hand = Hand(STUD, {1: 9, 2: 200}, button=2, stakes=Stakes(ante=1, bring_in=2, small_bet=4), seed=seed)
        while not hand.is_over:
            pending = hand.pending
            if pending.kind.value == "bring-in":
                hand.bring_in()
            elif pending.legal.fixed_amounts and pending.seat == 2:
                hand.raise_to(pending.legal.fixed_amounts[0])
            else:
                hand.check() if pending.legal.can_check else hand.call()
        record = written(hand)
        actions = record.actions
        deals = [a for a in actions if a.startswith("d dh")]
        # 3rd street's three cards, then one line per player and street.
        assert [len(a.split()[-1]) // 2 for a in deals] == [3, 3] + [1] * 8, actions
        first_show = next(i for i, a in enumerate(actions) if " sm " in a)
        if first_show < actions.index(deals[-1]):
            checked += 1  # all-in before 7th street: shown at once, the 7th card at the end
            assert all(" sm" in a for a in actions[-2:]) and actions[-1].count(" sm ") <= 1
        if "_pokerhash_rules" not in record.fields:
            assert pokerkit_stacks(history.dumps(record)) == record.finishing_stacks
    assert checked


def test_everyone_all_in_on_the_blinds_shows_after_the_hole_cards():
    hand = Hand(HOLDEM, {1: 1, 2: 2, 3: 2}, button=3, stakes=Stakes(blinds=(1, 2)), seed=1)
    hand.call()  # the button calls all-in; the blinds are all-in already
    record = written(hand)
    first_show = next(i for i, a in enumerate(record.actions) if " sm " in a)
    assert all(a.startswith("d dh") or a.startswith("p3 cc") for a in record.actions[:first_show])
    assert pokerkit_stacks(history.dumps(record)) == record.finishing_stacks


def test_a_draw_after_an_all_in_discards_before_the_replacements_and_shows_last():
    for seed in range(40):
        hand = Hand(DEUCE7_SINGLE_DRAW, {1: 10, 2: 300, 3: 300}, button=3, stakes=Stakes(blinds=(1, 2)), seed=seed)
        hand.all_in()  # the button
        hand.call()
        hand.fold()
        hand.draw(hand.hole_cards(hand.pending.seat)[:2])
        hand.draw(hand.hole_cards(hand.pending.seat)[:1])
        record = written(hand)
        kinds = [a.split()[1] for a in record.actions]
        assert kinds[-2:] == ["sm", "sm"] or kinds[-1] == "sm"
        assert kinds.index("sd") < max(i for i, k in enumerate(kinds) if k == "dh")
        sd = [i for i, k in enumerate(kinds) if k == "sd"]
        assert sd == [sd[0], sd[0] + 1]  # both discards, then the replacements
        if "_pokerhash_rules" not in record.fields:
            assert pokerkit_stacks(history.dumps(record)) == record.finishing_stacks


def test_a_short_big_blind_is_marked():
    # The big blind is all-in for 1 of 2: the caller calls 2 (the card-room rule).
    hand = Hand(HOLDEM, {1: 100, 2: 1, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)), seed=2)
    hand.call()
    hand.call()
    while not hand.is_over:
        hand.check()
    record = written(hand)
    assert record.fields["_pokerhash_rules"] == ["short-blind"]
    assert hand.contributed[3] == 2


def test_a_short_big_blind_still_faces_the_small_blind_with_its_full_blind():
    # The big blind is all-in for 1 of 2: the small blind still has 1 to call, so its
    # fold is an action (no showdown, no check written for it).
    hand = Hand(HOLDEM, {1: 5, 2: 1, 3: 378}, button=3, stakes=Stakes(blinds=(1, 2)), seed=7)
    hand.fold()
    hand.fold()
    record = written(hand)
    assert [a for a in record.actions if not a.startswith("d dh")] == ["p3 f", "p1 f"]


POST_BET = """variant = 'NT'
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 0, -2]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'd dh p3 8h3d', 'd dh p4 QdQh', 'p3 f', 'p4 cbr 8', 'p1 cc', 'p2 f',
           'd db Qs7h2c', 'p1 cc', 'p4 cbr 10', 'p1 f']
"""


def test_post_bets_are_read_as_missed_blinds_posted_live():
    hand = history.loads(POST_BET)
    assert hand.blinds_or_straddles == [1, 2, 0, -2]
    replayed = history_hands.replay(hand)
    assert replayed.complete and replayed.finishing_stacks == [92, 98, 100, 110]
    assert pokerkit_stacks(POST_BET) == replayed.finishing_stacks
    # Written back as the same post bet, and a .phhs file with one reads whole.
    again = history_hands.to_history(replayed.hand)
    assert again.blinds_or_straddles == [1, 2, 0, -2]
    assert len(history.loads_all(history.dumps_all([hand, hand]))) == 2


SOME_SHOWN = """variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 AhAd', 'p3 cbr 6', 'p1 cc', 'p2 cc', 'd db 2c7d9h', 'p1 cc',
           'p2 cc', 'p3 cc', 'd db Ts', 'p1 cc', 'p2 cc', 'p3 cc', 'd db 3s', 'p1 cc', 'p2 cc', 'p3 cc',
           'p1 sm 8c8d']
"""


def test_a_showdown_of_some_hands_mucks_the_others_and_settles():
    # p1 shows; p2 (cards unknown) and p3 (cards known) show nothing: they muck.
    replayed = history_hands.replay(history.loads(SOME_SHOWN))
    assert replayed.complete and replayed.finishing_stacks == [112, 94, 94]
    assert [type(e).__name__ for e in replayed.hand.events[-4:-1]] == ["Show", "Muck", "Muck"]
    assert pokerkit_stacks(SOME_SHOWN) == replayed.finishing_stacks
    # p3 showing its aces wins.
    shown = SOME_SHOWN.replace("'p1 sm 8c8d']", "'p1 sm 8c8d', 'p3 sm AhAd']")
    replayed = history_hands.replay(history.loads(shown))
    assert replayed.complete and replayed.finishing_stacks == [94, 94, 112]
    assert pokerkit_stacks(shown) == replayed.finishing_stacks


def test_the_recorded_finishing_stacks_are_compared_with_the_replays():
    text = POST_BET + "finishing_stacks = [92, 98, 100, 110]\n"
    replayed = history_hands.replay(history.loads(text))
    assert replayed.complete and replayed.mismatch == "" and replayed.note == ""
    wrong = POST_BET + "finishing_stacks = [92, 98, 101, 109]\n"
    replayed = history_hands.replay(history.loads(wrong))
    assert replayed.complete and replayed.finishing_stacks == [92, 98, 100, 110]
    assert "p3: 101 recorded, 100 replayed, p4: 109 recorded, 110 replayed" in replayed.mismatch
    assert replayed.mismatch in replayed.note


def test_standard_codes_are_written_for_the_engines_games():
    hand = Hand(RAZZ, {1: 50, 2: 50}, button=2, stakes=Stakes(ante=1, bring_in=1, small_bet=2), seed=4)
    hand.fold() if hand.pending.legal.can_check is False and False else hand.bring_in()
    assert history_hands.to_history(hand).variant == "FR"


HEADER = b"variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\n"


@pytest.mark.parametrize("body, line, words", [
    (b"starting_stacks = [200, 2e-30000000]\nactions = []\n", 5, "more than 12 decimals"),
    (b"starting_stacks = [200, 2e+10000000]\nactions = []\n", 5, "too large an amount"),
    (b"starting_stacks = [200, " + b"9" * 5000 + b"]\nactions = []\n", 5, "too long to read"),
    (b"starting_stacks = [200, 200]\nx = {a = " + b"9" * 5000 + b"}\nactions = []\n", 6, "too long to read"),
    (b"x = " + b"[" * 100_000 + b"]" * 100_000 + b"\n", 5, "nested too deep"),
    (b"starting_stacks = [200, 200]\nplayers = ['\xff\xfe']\nactions = []\n", 6, "not UTF-8"),
    (b"starting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'd dh p2 AdKd', 'p2 cbr 6,,,']\n", 6,
     "not a PHH action"),
    (b"starting_stacks = [200, 200]\nactions = ['p2 cbr " + b"9" * 100_000 + b"']\n", 6, "too large an amount"),
    (b"starting_stacks = [200, 200]\nactions = ['p2 cbr 1." + b"5" * 13 + b"']\n", 6, "more than 12 decimals"),
    (b"starting_stacks = [200, 10000000000000000000]\nactions = []\n", 5, "too large an amount"),
])
def test_hostile_files_fail_promptly_naming_the_line(body, line, words, tmp_path):
    started = time.perf_counter()
    with pytest.raises(PHHError, match=f"line {line}: .*{words}"):
        history.loads(HEADER + body)
    path = tmp_path / "hostile.phh"
    path.write_bytes(HEADER + body)
    with pytest.raises(PHHError, match=f"line {line}: .*{words}"):
        history.load(path)
    assert time.perf_counter() - started < 5  # 83 s for the first before


def test_thousands_separators_still_read():
    text = HEADER + b"starting_stacks = [2000, 2000]\nactions = ['d dh p1 AsKs', 'd dh p2 AdKd', 'p2 cbr 1,000']\n"
    assert history.loads(text).parsed_actions()[-1].amount == 1000


def test_a_hand_mucked_at_the_showdown_wins_nothing_and_replays_from_its_log():
    hand = Hand(HOLDEM, {1: 100, 2: 100}, button=2, stakes=Stakes(blinds=(1, 2)),
                cards="As Ad 2c 7d 3h Kc 9d 4s 5h Jc 8s Qh")
    hand.muck(1)  # the aces muck whatever happens
    hand.call()
    while not hand.is_over:
        hand.check()
    assert hand.result.payouts == {2: 4}
    assert [type(e).__name__ for e in hand.events if type(e).__name__ in ("Show", "Muck")] == ["Muck", "Show"]
    assert Hand.replay(hand.events).result == hand.result
    with pytest.raises(Exception, match="over"):
        hand.muck(2)


def test_if_every_hand_mucks_the_first_to_show_keeps_its_hand():
    hand = Hand(HOLDEM, {1: 100, 2: 100}, button=2, stakes=Stakes(blinds=(1, 2)),
                cards="As Ad 2c 7d 3h Kc 9d 4s 5h Jc 8s Qh")
    hand.muck(1)
    hand.muck(2)
    hand.call()
    while not hand.is_over:
        hand.check()
    assert len(hand.result.shown) == 1 and sum(hand.result.net.values()) == 0


def test_a_folded_player_cannot_muck():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)), seed=1)
    hand.fold()
    from pokerhash.errors import IllegalActionError
    with pytest.raises(IllegalActionError, match="has folded"):
        hand.muck(3)


def test_missed_blinds_are_written_as_post_bets_and_dead_blinds():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100, 4: 100}, button=4, stakes=Stakes(blinds=(1, 2)), seed=9,
                missed_blinds={3: (2, 1)})
    while not hand.is_over:
        hand.check() if hand.pending.legal.can_check else hand.call()
    record = written(hand)
    assert record.blinds_or_straddles == [1, 2, -2, 0]
    assert record.fields["_pokerhash_dead_blinds"] == [0, 0, 1, 0]
    assert record.fields["_pokerhash_rules"][:1] == ["dead-blind"]
    replayed = history_hands.replay(history.loads(history.dumps(record)))
    assert replayed.hand.events[0].missed_blinds == hand.events[0].missed_blinds
