"""pokerhash.pictures without a browser: the replayer's states against the engine for
every game, the charts' numbers against the package's own calculators, the SVG's
structure, the PNG through matplotlib, and bad input."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import pokerhash as ph
from pokerhash import pictures
from pokerhash.cards import card_str
from pokerhash.engine import VARIANTS, Hand, HOLDEM, PendingKind, Stakes
from pokerhash.engine import events as ev
from pokerhash.engine import history, history_hands
from pokerhash.errors import InvalidValueError

from pictures_hands import random_hand

SVG = "{http://www.w3.org/2000/svg}"


def feed(hand: Hand, event) -> None:
    """One event of a log into a hand dealt by its caller (the inputs only)."""
    kind = type(event)
    if kind in (ev.Deal, ev.Burn):
        if hand.pending.kind is PendingKind.DEAL:
            hand.deal(event.cards if kind is ev.Deal else [event.card])
    elif kind is ev.Act:
        hand.act(event.action)
    elif kind is ev.Post and event.kind.value == "bring-in":
        hand.act(ph.betting.Action.bet_to(event.amount, event.seat))
    elif kind is ev.Draw:
        hand.draw(event.discarded)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(sorted(VARIANTS)), seed=st.integers(0, 2**32), twice=st.booleans())
def test_replayer_states_follow_the_engine_for_every_game(game, seed, twice):
    """Hands of every game played at random: at every event, the step shows the chips the
    engine has (stacks, bets and pot conserve them), and the last step is the result."""
    hand = random_hand(game, seed, run_it_twice=twice)
    frames = pictures.hand_frames(hand)
    start = hand.events[0]
    steps = frames["steps"]
    total = sum(start.stacks)
    rake = 0
    live = Hand(start.variant, dict(zip(start.seats, start.stacks)), button=start.button, stakes=start.stakes,
                options=start.options, deal="caller")
    # The step that shows each event of the log (burns have none: the step before).
    step_of, step = [0], 0
    for event in hand.events[1:]:
        step += type(event) is not ev.Burn
        step_of.append(step)
    for number, event in enumerate(hand.events[1:], 1):
        state = steps[step_of[number]]
        rake += event.amount if type(event) is ev.Rake else 0
        assert sum(state["stacks"]) + sum(state["bets"]) + state["pot"] + rake == total, (game, seed, state)
        if type(event) is ev.Act:
            assert state["actor"] == start.seats.index(event.seat)
        feed(live, event)
        if not live.is_over:
            # The engine after the same inputs (its log may run ahead: posts, a redeal),
            # and the step of the last event it logged: the same stacks, chips in play, folds.
            state = steps[step_of[len(live.events) - 1]]
            assert state["stacks"] == [live.stacks[s] for s in start.seats], (game, seed, number)
            assert state["pot"] + sum(state["bets"]) == live.pot
            assert state["folded"] == [s in live.folded for s in start.seats]
    assert step == len(steps) - 1
    last = steps[-1]
    result = hand.result
    assert last["stacks"] == [result.stacks[s] for s in start.seats]
    assert last["won"] == [result.payouts.get(s, 0) for s in start.seats]
    assert last["pot"] == 0 and last["bets"] == [0] * len(start.seats)
    for i, seat in enumerate(start.seats):
        held = [card[0] for card in last["cards"][i] if not card[3]]
        assert held == [card_str(c) for c in hand.hole_cards(seat)], (game, seed)
        shown = {s.seat for s in result.shown}
        assert all(card[2] for card in last["cards"][i]) == (seat in shown) or not last["cards"][i]
    assert [" ".join(b) for b in last["boards"]][:len(hand.boards)] == \
        [" ".join(card_str(c) for c in board) for board in hand.boards][:len(last["boards"])]


def test_replayer_states_of_a_known_hand():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)),
                cards="As Ks Qh Qd 7c 2d  3h Jh Th 9c  4s 2c  5d 2h")
    hand.raise_to(6)  # seat 3
    hand.call()  # seat 1
    hand.fold()  # seat 2
    hand.bet_to(10)  # seat 1 on the flop
    hand.call()
    hand.check(); hand.check()
    hand.check(); hand.check()
    steps = pictures.hand_frames(hand)["steps"]
    texts = [re.sub(r"\{(\d+)\}", r"\1", s["text"]) for s in steps]
    # One card at a time from left of the button; the burns are not steps.
    # Face-down cards inside [[...]]: the page hides them until they are shown.
    assert texts[:9] == ["The hand begins", "Seat 1 posts blind 1", "Seat 2 posts blind 2",
                         "Seat 1 is dealt [[As Qd]]", "Seat 2 is dealt [[Ks 7c]]", "Seat 3 is dealt [[Qh 2d]]",
                         "Seat 3 raises to 6", "Seat 1 calls 5", "Seat 2 folds"]
    flop = texts.index("Flop: Jh Th 9c")
    assert steps[flop]["pot"] == 14 and steps[flop]["bets"] == [0, 0, 0] and steps[flop]["street"] == "flop"
    assert steps[flop - 1]["folded"] == [False, True, False]
    assert texts[-3:] == ["Seat 1 shows As Qd: Pair of twos, A-Q-J kickers",
                          "Seat 3 shows Qh 2d: Three of a kind, twos, Q-J kickers",
                          "Seat 3 wins 34 from the main pot (high)"]
    assert steps[-1]["stacks"] == [84, 98, 118] and steps[-1]["won"] == [0, 0, 34]
    # Face down until shown: the showdown marks the cards shown.
    assert not any(card[2] for card in steps[flop]["cards"][0])


def test_unknown_history_cards_stay_unknown():
    text = """variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [200, 200]
players = ["Alice", "Bob"]
actions = ["d dh p1 ????", "d dh p2 AhKh", "p2 cbr 6", "p1 f"]
"""
    hand_history = history.loads(text)
    data = pictures.replayer_data(hand_history)[0]
    assert data["names"] == ["Alice", "Bob"]
    last = data["steps"][-1]
    assert [card[0] for card in last["cards"][0]] == ["??", "??"]
    assert [card[0] for card in last["cards"][1]] == ["Ah", "Kh"]
    page = pictures.replay_html([hand_history, hand_history])
    # Nothing from the network: no address, no src/href, no CSS url() or @import, no fetch.
    assert "http://" not in page.replace("http://www.w3.org", "") and "https://" not in page
    assert not re.search(r"\b(?:src|href)\s*=|url\(|@import|fetch\(|XMLHttpRequest|import\(", page)
    assert page.count("<script") == 2 and "</script>" in page


def test_grid_svg_is_valid_xml_and_colours_the_cells_of_the_range():
    svg = pictures.range_grid_svg("QQ+,AKs,A5s-A2s:0.5", title="opening")
    root = ET.fromstring(svg)
    cells = [g for g in root.iter(SVG + "g") if g.find(SVG + "rect") is not None]
    tips = {g.find(SVG + "title").text: g.find(SVG + "rect").get("fill") for g in cells}
    assert len(tips) == 169
    assert tips["AA: 1"] == tips["AKs: 1"] != tips["A5s: 0.5"]
    assert tips["KQs: not in range"] == "#f0f0f0"
    assert sum(1 for t in tips if "not in range" in t) == 169 - 3 - 1 - 4


def test_grid_values_reads_every_form():
    r = ph.Range("AKs,QQ")
    grid = r.grid()
    assert np.array_equal(pictures.grid_values(r), grid)
    assert np.array_equal(pictures.grid_values(grid.reshape(169)), grid)
    assert np.array_equal(pictures.grid_values(r.weights), grid)
    for bad in ([1, 2, 3], "AKx", np.zeros((12, 13)), object()):
        with pytest.raises(InvalidValueError):
            pictures.grid_values(bad)


def test_strategy_grid_checks_frequencies_and_draws_a_legend():
    raise_ = ph.Range("QQ+,AK")
    call = ph.Range("JJ-99,AQs") | ph.Range("AKo") * 0.0
    svg = pictures.strategy_grid_svg({"raise": raise_, "call": call, "fold": ph.Range("random") - raise_ - call})
    root = ET.fromstring(svg)
    assert [t.text for t in root.iter(SVG + "text")][-3:] == ["raise", "call", "fold"]
    with pytest.raises(InvalidValueError, match="sum to at most 1"):
        pictures.strategy_grid_svg({"a": "AA", "b": "AA"})


def test_preflop_heat_map_matches_preflop_equity():
    grid = pictures.preflop_equity_grid("AA")
    assert grid[0, 1] == pytest.approx(ph.preflop_equity("AKs", "AA"))
    random = pictures.preflop_equity_grid()
    # Against a random hand (published tables): AA 85.2%, 72o 34.6%, 32o the worst at 32.3%.
    assert random[0, 0] == pytest.approx(0.8520, abs=5e-4)
    assert random[12, 7] == pytest.approx(0.3458, abs=5e-4)  # 72o: row of the 2, column of the 7
    assert np.argmin(random) == 12 * 13 + 11 and random[12, 11] == pytest.approx(0.3230, abs=5e-4)
    with pytest.raises(InvalidValueError):
        pictures.preflop_equity_grid("AKx")


def test_equity_by_street_matches_equity_at_each_point():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)),
                cards="As Ks Qh Qd 7c 2d  3h Jh Th 9c  4s 2c  5d 2h")
    hand.call(); hand.call(); hand.fold()  # seat 2 folds Ks Qd preflop
    for _ in range(6):
        hand.check()
    timeline = pictures.equity_by_street(hand)
    assert timeline.labels == ("preflop", "flop", "turn", "river")
    flop = ph.equity(["AsQd", "Qh2d"], board="JhTh9c", dead="Ks7c").equity
    assert timeline.equity[1] == pytest.approx([flop[0], 0.0, flop[1]])
    assert timeline.equity[-1].tolist() == [0.0, 0.0, 1.0]  # trip twos on the river
    svg = pictures.equity_chart_svg(timeline, title="A hand")
    assert len(list(ET.fromstring(svg).iter(SVG + "polyline"))) == 3


def test_equity_chart_of_stud_and_refusal_of_draw_games():
    stud = random_hand("stud", 3, players=3)
    timeline = pictures.equity_by_street(stud)
    assert timeline.labels[0] == "3rd street" and timeline.game == "stud"
    assert np.allclose(timeline.equity.sum(axis=1), 1.0)
    with pytest.raises(InvalidValueError, match="no equity calculator"):
        pictures.equity_by_street(random_hand("five-card-draw", 1))


def test_equity_chart_of_a_history():
    hand = Hand(HOLDEM, {1: 100, 2: 100}, button=2, stakes=Stakes(blinds=(1, 2)),
                cards="As Ks Qh Qd  3h Jh Th 9c  4s 2c  5d 2h")
    while not hand.is_over:
        hand.check() if hand.pending.legal.can_check else hand.call()
    from_history = pictures.equity_by_street(history_hands.to_history(hand))
    assert np.allclose(from_history.equity, pictures.equity_by_street(hand).equity)


def test_png_through_matplotlib(tmp_path):
    pytest.importorskip("matplotlib")
    pictures.save_png("range", "QQ+,AKs", tmp_path / "grid.png", title="QQ+")
    pictures.save_png("equity", random_hand("holdem", 2, players=2), tmp_path / "equity.png")
    pictures.save_png("strategy", {"raise": "QQ+", "call": "JJ-99:0.5"}, tmp_path / "strategy.png", title="mix")
    for name in ("grid.png", "equity.png", "strategy.png"):
        assert (tmp_path / name).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    with pytest.raises(InvalidValueError):
        pictures.save_png("pie", "AA", tmp_path / "x.png")


def test_bad_sources_are_refused():
    for call in (pictures.replay_html, pictures.equity_by_street):
        with pytest.raises(InvalidValueError):
            call(42)
    with pytest.raises(InvalidValueError):
        pictures.replay_html([])
    with pytest.raises(InvalidValueError, match="event log"):
        pictures.hand_frames(Hand(HOLDEM, {1: 10, 2: 10}, button=1, stakes=Stakes(blinds=(1, 2)), log=False))
