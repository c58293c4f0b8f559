"""What a person reads: reprs and strs with cards as text, str(Hand) on several lines,
results as tables, and the Jupyter views (self-contained HTML: no script, nothing
fetched from the network)."""

from __future__ import annotations

import re

import pokerhash as ph
from pokerhash.engine import HOLDEM, Hand, Stakes
from pokerhash.engine import events as ev
from pokerhash.pots import Pot, settle

from pictures_hands import random_hand


def played():
    hand = Hand(HOLDEM, {1: 100, 2: 100, 3: 100}, button=3, stakes=Stakes(blinds=(1, 2)),
                cards="As Ks Qh Qd 7c 2d  3h Jh Th 9c  4s 2c  5d 2h")
    hand.raise_to(6); hand.call(); hand.fold()
    hand.bet_to(10)
    return hand


def self_contained(html: str) -> None:
    assert "<script" not in html and "@import" not in html and "url(" not in html
    assert not re.search(r"(?:src|href)\s*=", html)
    assert "http" not in html.replace("http://www.w3.org/2000/svg", "")


def test_events_write_cards_as_text():
    hand = played()
    assert repr(hand.events[3]) == "Deal(seat=1, cards=[As Qd])"
    assert repr(hand.events[6]) == "Act(seat=3, action=raise to 6)"
    assert repr(hand.events[1]) == "Post(seat=1, kind=blind, amount=1)"
    assert repr(hand.view(2).events[3]) == "Deal(seat=1, cards=[?? ??])"
    assert repr(ev.Burn(None)) == "Burn(??)" and repr(ev.Burn(51)) == "Burn(As)"
    assert repr(ev.Draw(1, (0, 51))) == "Draw(seat=1, discarded=[2c As])"
    assert repr(ev.Deal(None, (48,), run=1)) == "Deal(seat=None, cards=[Ac], run=1)"
    assert repr(hand.events[0]).startswith("Start(variant=\"Texas Hold'em\", seats=(1, 2, 3)")
    # Still the same tuples: equal to themselves rebuilt from their fields.
    assert all(type(e)(*e) == e for e in hand.events)


def test_str_of_a_hand_in_progress_and_of_a_view():
    hand = played()
    text = str(hand)
    assert text.splitlines() == [
        "Texas Hold'em, no-limit, blinds 1/2: flop, pot 24",
        "     seat    stack  bet  cards",
        "     Seat 1     84   10  As Qd",
        "     Seat 2     98       Ks 7c  folded",
        "  >  Seat 3     94       Qh 2d  button",
        "board: Jh Th 9c",
        "next: seat 3 to act: fold, call 10, raise to 20..94",
        "action:",
        "  preflop: Seat 1 posts blind 1, Seat 2 posts blind 2, Seat 3 raises to 6, Seat 1 calls 5, Seat 2 folds",
        "  flop: Seat 1 bets 10",
    ]
    seen = str(hand.view(1))
    assert "As Qd" in seen and "Ks 7c" not in seen and "Qh 2d" not in seen and seen.count("?? ??") == 2
    assert repr(hand) == "<Hand Texas Hold'em, seats [1, 2, 3], pot 24: seat 3 to act: fold, call 10, raise to 20..94>"


def test_str_without_a_log_and_of_stud():
    quiet = Hand(HOLDEM, {1: 50, 2: 50}, button=2, stakes=Stakes(blinds=(1, 2)), cards="As Ks Qh Qd", log=False)
    assert "As Qh" in str(quiet) and "action:" not in str(quiet)
    stud = random_hand("stud", 5, players=4)
    text = str(stud)
    assert "(* face up)" in text and "3rd street:" in text and "bring-in" in text


def test_results_and_settlements_are_short_tables():
    hand = played()
    hand.call()
    for _ in range(4):
        hand.check()
    assert repr(hand.result).splitlines() == [
        "HandResult",
        "  pot   seat  won  for   with",
        "  main  3      34  high  Qh 2d: Three of a kind, twos, Q-J kickers",
        "  net seat 1: -16, seat 2: -2, seat 3: +18",
    ]
    settlement = settle([Pot(30, (1, 2, 3)), Pot(10, (2, 3))], {1: 9, 2: 5, 3: 5}, button=3)
    assert repr(settlement).splitlines() == [
        "Settlement",
        "  pot     chips  eligible  won",
        "  main       30  1 2 3     seat 1: 30 high",
        "  side 1     10  2 3       seat 2: 5 high, seat 3: 5 high",
    ]
    assert len(repr(random_hand("omaha-hi-lo", 4).result).splitlines()[0]) < 100


def test_range_repr_and_html():
    r = ph.Range("QQ+, AKs, A5s-A2s")
    assert repr(r) == "<Range 'QQ+,AKs,A5s-A2s': 38 combos>"
    html = r._repr_html_()
    self_contained(html)
    assert "QQ+,AKs,A5s-A2s: 38 combos (2.9%)" in html and html.count("<title>") == 169


def test_jupyter_views_are_self_contained():
    hand = played()
    for html in (hand._repr_html_(), hand.view(2)._repr_html_()):
        self_contained(html)
        assert "Seat 3" in html and "pot <b>24</b>" in html
    assert "title='Qh'" in hand._repr_html_() and "title='Qh'" not in hand.view(2)._repr_html_()
    result = ph.equity(["AhAd", "KsKc"], board="Td7c2s")
    html = result._repr_html_()
    self_contained(html)
    assert html.count("<svg") == 2 and "AhAd" in html


def test_range_grid_html():
    import numpy as np
    from pokerhash.distributed import RangeGrid

    # Built from its arrays (range_grid would start a Dask cluster): AA against KK on two boards.
    values = np.array([[[np.nan, np.nan], [0.8, 0.9]], [[0.2, 0.1], [np.nan, np.nan]]])
    weight = np.array([[[0.0, 0.0], [30.0, 30.0]], [[30.0, 30.0], [0.0, 0.0]]])
    grid = RangeGrid(["AA", "KK"], np.array([[0, 21, 30], [3, 11, 15]], dtype=np.uint8), np.array([1, 1]), values,
                     weight)
    html = grid._repr_html_()
    self_contained(html)
    assert html.count("<td") == 4 and ">85.0%</td>" in html and ">15.0%</td>" in html and ">-</td>" in html


def test_rl_render_shows_the_table_with_hole_cards():
    pytest = __import__("pytest")
    rl = pytest.importorskip("pokerhash.rl")
    env = rl.PokerEnv("holdem", 3, seed=4, render_mode="ansi")
    env.reset()
    text = env.render()
    hand = env.hand
    lines = text.splitlines()
    assert lines[0].startswith("Texas Hold'em") and len(lines) >= 5
    for seat in hand.seats:
        assert " ".join(ph.card_str(c) for c in hand.hole_cards(seat)) in text


def test_shown_hands_name_their_cards_and_values():
    hand = played()
    hand.call()
    for _ in range(4):
        hand.check()
    assert repr(hand.result.shown[-1]) == "ShownHand(seat=3, cards=[Qh 2d], high='Three of a kind, twos, Q-J kickers')"
    hilo = random_hand("omaha-hi-lo", 5)
    assert len(hilo.result.shown) >= 2
    assert all("low=" in repr(shown) and "Variant" not in repr(shown) for shown in hilo.result.shown)
