"""How each site bets in fixed limit where rooms differ (sites/settling.py: the
half-bet all-in, the heads-up cap) and PokerStars' fold of a sitting-out player all
in on his blind: test hands of our own in each site's format
(tests/data/sites/betting/, modelled on real hands of fpdb's regression files),
whose figures come from their own text. They replay to exactly those figures with
the site's convention and not under the rules' defaults (so each convention is
needed), and their PHH says the convention and replays on the PHH reader."""

from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import history_hands
from pokerhash.engine.history import PHHError
from pokerhash.sites import replay as replay_module

DATA = Path(__file__).parent / "data" / "sites" / "betting"

# What each hand's text says: each winner's collected figure, the uncalled chips
# returned, the rake, and the PHH field of the site's convention.
EXPECTED = {
    # After the first draw (bets of 100): Ann bets 100, Bob raises 70 all in to 170
    # (half a bet or more), Cid calls, Ann raises to 200 (a bet over the last full
    # bet, 100), Cid calls. Main pot 270 x 3 + Dan's 100 = 910, side pot 230 x 2 = 460.
    ("pokerstars-half-bet-all-in.txt", "10000000001"): (
        {"Ann": "1370"}, {}, "0", ("_pokerhash_half_bet_all_in", "last full bet")),
    # River (bets of 0.20): Bob bets 0.13 all in, Dee raises to 0.40 (a bet over the
    # 0.20 the all-in would complete), Ann folds; 0.27 back to Dee, whose win (1.66)
    # counts it: the pot 1.46 less the 0.07 the site kept.
    ("ipoker-half-bet-all-in.xml", "7000000101"): (
        {"Dee": "1.39"}, {"Dee": "0.27"}, "0.07", ("_pokerhash_half_bet_all_in", "completed")),
    # Heads-up after the first draw: bet and five raises (5 to 30, bets of 5); pot
    # 60 x 2 = 120, the winner's 119.50 and the rake 0.50.
    ("merge-heads-up-uncapped.xml", "80000201-3"): (
        {"Ivy": "119.50"}, {}, "0.50", ("_pokerhash_uncapped_heads_up", True)),
}
# A sitting-out player all in on his small blind is written as folding: the site
# ends the hand when the others fold (badugi: no draw is written; hold'em: no board).
SITTING_OUT = {
    "10000000002": ({"Eve": "125"}, {"Eve": "50"}),  # 25 + 50 + 100 - 50 back
    "10000000003": ({"Kim": "75"}, {"Kim": "60"}),  # 15 + 30 + 90 - 60 back
}


def _hands():
    hands = {(path.name, hand.hand_id): hand for path in sorted(DATA.iterdir()) for hand in sites.read(path)}
    assert all(hand.error is None for hand in hands.values())
    return hands


def _money(figures):
    return {name: Decimal(amount) for name, amount in figures.items()}


def test_every_hand_has_its_figures():
    assert sorted(_hands()) == sorted(list(EXPECTED) + [
        ("pokerstars-sitting-out-all-in-folds.txt", hand_id) for hand_id in SITTING_OUT])


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_the_sites_convention_replays_to_its_figures(key):
    won, returned, rake, _ = EXPECTED[key]
    hand = _hands()[key]
    result = hand.replay()
    assert result.agrees, result.differences
    assert result.won == _money(won) and result.returned == _money(returned)
    assert result.rake == Decimal(rake)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_the_rules_defaults_would_differ(key, monkeypatch):
    monkeypatch.setattr(replay_module, "half_bet_all_in", lambda p: "all-in")
    monkeypatch.setattr(replay_module, "uncapped_heads_up", lambda p: False)
    result = _hands()[key].replay()
    assert not result.agrees
    assert "the engine refuses it" in result.differences[0] or "has a draw now" in result.differences[0]


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_the_phh_says_the_convention_and_replays(key):
    won, returned, rake, (field, value) = EXPECTED[key]
    hand = _hands()[key]
    history = hand.history
    assert history.fields[field] == value
    played = history_hands.replay(history)
    assert played.complete
    engine = hand.replay().hand.result.stacks
    # PHH has no rake: the winner's stack holds what the site kept.
    kept = {seat: int(Decimal(rake).scaleb(history.decimals)) if name in won else 0
            for seat, name in zip(history.fields["seats"], history.fields["players"])}
    assert played.finishing_stacks == [engine[seat] + kept[seat] for seat in history.fields["seats"]]
    # Without the field, the PHH reader plays the rules and refuses the site's raise.
    del history.fields[field]
    with pytest.raises(PHHError, match="raise to .* is (above|below)|capped at 4 bets"):
        history_hands.replay(history)


@pytest.mark.parametrize("hand_id", sorted(SITTING_OUT))
def test_a_sitting_out_player_all_in_on_his_blind_gives_up_his_hand(hand_id):
    won, returned = SITTING_OUT[hand_id]
    hand = _hands()[("pokerstars-sitting-out-all-in-folds.txt", hand_id)]
    result = hand.replay()
    assert result.agrees, result.differences
    assert result.won == _money(won) and result.returned == _money(returned)
    # The engine's hand: the sitting-out player mucked at the showdown, unfolded.
    engine = result.hand
    sitting_out = next(seat for seat, name, _ in hand._parsed.seats if name in ("Fay", "Ivy"))
    assert sitting_out not in engine.folded and engine.stacks[sitting_out] == 0
    assert not engine.result.shown or all(shown.seat != sitting_out for shown in engine.result.shown)
    # Its PHH: the give-up is a muck, the unshown winner writes nothing at the
    # showdown (a hold'em board the site never dealt is written unknown), and the PHH
    # reader replays it to the same stacks.
    history = hand.history
    assert f"p{history.fields['players'].index(engine_name(hand, sitting_out)) + 1} sm" in history.actions
    played = history_hands.replay(history)
    assert played.complete
    assert played.finishing_stacks == [engine.result.stacks[seat] for seat in history.fields["seats"]]


def engine_name(hand, seat):
    return next(name for s, name, _ in hand._parsed.seats if s == seat)
