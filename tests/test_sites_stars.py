"""PokerStars and GGPoker hands beyond Hold'em and Omaha: draw games, mixed games, 6+
Hold'em and GGPoker's short deck, and the conventions real site files showed (uncalled
bets returned silently before 2008, a big blind all-in for less, the rake spread over
the pots, GGPoker's second board written short). Each test hand is ours (invented names
and amounts); the figures a test expects come from the hand's own text."""

from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import history

DATA = Path(__file__).parent / "data" / "sites"


def _hands(name):
    return list(sites.read(DATA / name))


def _texts(name):
    text = (DATA / name).read_text(encoding="utf-8")
    return [t + "\n" for t in text.split("\n\n\n") if t.strip()]


def test_draw_games_are_read_and_verified():
    hands = _hands("pokerstars/draw.txt")
    assert [(h.game, h.limit) for h in hands] == [("2-7 triple draw", "fixed-limit"), ("Five-card draw", "no-limit"),
                                                  ("2-7 single draw", "no-limit"), ("Badugi", "fixed-limit")]
    for hand in hands:
        assert hand.error is None
        result = hand.replay()
        assert result.agrees, result.differences
    # What the text says each won; the uncalled bet of the single-draw hand apart.
    assert [h.replay().won for h in hands] == [{"Cy": Decimal("1.80")}, {"Dee": Decimal("14.80")},
                                               {"Hal": Decimal("1.43")}, {"Ivo": 260}]
    assert hands[2].replay().returned == {"Hal": 1}


def test_a_draw_hand_paid_to_the_wrong_player_differs():
    text = _texts("pokerstars/draw.txt")[0].replace("Cy collected $1.80 from pot", "Ada collected $1.80 from pot")
    result = next(sites.read(text)).replay()
    assert not result.agrees and any("Ada" in d for d in result.differences)


def test_draw_counts_that_do_not_fit_the_hand_differ():
    # Cy wrote that it kept four cards after discarding two of five.
    text = _texts("pokerstars/draw.txt")[0].replace("Dealt to Cy [2c 7d 4s] [3d 8c]", "Dealt to Cy [2c 7d 4s] [3d]")
    hand = next(sites.read(text))
    assert "1 card(s) dealt for 2 discarded" in hand.error and hand.error.startswith("line 15:")


def test_draw_hand_as_phh_names_only_the_cards_the_text_names():
    hand = _hands("pokerstars/draw.txt")[0]
    phh = hand.history
    assert phh.variant == "F2L3D"
    assert phh.fields["players"] == ["Bo", "Cy", "Ada"]  # from the button's left
    assert "d dh p2 2c7dKh4s9h" in phh.actions  # Cy, the hand's writer
    assert "d dh p1 ??????????" in phh.actions  # Bo's cards were never shown
    assert "p2 sd Kh9h" in phh.actions and "p3 sd ??" in phh.actions and "p3 sd" in phh.actions
    back = history.loads(history.dumps(phh))
    assert back.actions == phh.actions


def test_mixed_games_are_read_hand_by_hand():
    hands = _hands("pokerstars/mixed.txt")
    assert [h.game for h in hands] == ["Razz", "Seven-card stud hi/lo", "Short-deck Hold'em", "Texas Hold'em",
                                       "Texas Hold'em"]
    assert hands[1].currency == "USD" and hands[1].players["Oto"] == 15
    for hand in hands:
        result = hand.replay()
        assert result.agrees, (hand.hand_id, result.differences)


def test_six_plus_holdem_three_of_a_kind_beats_a_straight():
    hand = _hands("pokerstars/mixed.txt")[2]
    assert hand.replay().agrees  # Rex's nines over Sol's straight, as the site paid
    flipped = _texts("pokerstars/mixed.txt")[2].replace("Rex collected", "Sol collected")
    assert not next(sites.read(flipped)).replay().agrees


def test_ggpoker_short_deck_a_straight_beats_three_of_a_kind():
    hand = _hands("conventions/gg_shortdeck.txt")[0]
    assert hand.game == "Short-deck Hold'em" and hand.replay().agrees
    phh = hand.history
    assert phh.variant == "NS" and [str(s) for s in phh.finishing_stacks] == ["14450", "9900", "6400"]
    flipped = _texts("conventions/gg_shortdeck.txt")[0].replace("Hero collected", "bb22 collected")
    assert not next(sites.read(flipped)).replay().agrees


def test_mixed_game_stud_with_no_bring_in_completes():
    hand = _hands("pokerstars/mixed.txt")[0]  # "Lena: bets 30" on third street
    result = hand.replay()
    assert result.agrees and result.won == {"Milo": 132} and result.returned == {"Milo": 30}


def test_before_2008_uncalled_bets_go_back_without_a_line():
    hand = _hands("pokerstars/mixed.txt")[3]
    result = hand.replay()
    assert result.agrees and result.returned == {"Tia": 120}
    # The same hand claiming the uncalled chips as collected is caught by its total pot.
    inflated = _texts("pokerstars/mixed.txt")[3].replace("Tia collected 195", "Tia collected 215")
    assert not next(sites.read(inflated)).replay().agrees


def test_big_blind_all_in_for_less_callers_call_only_the_bets_in_front():
    result = _hands("pokerstars/mixed.txt")[4].replay()
    assert result.agrees and result.won == {"Yul": 1600}


def test_rake_taken_from_every_pot_is_checked_pot_by_pot():
    hand = _hands("conventions/rake_spread.txt")[0]
    assert str(hand.rake) == "0.30" and hand.replay().agrees
    wrong = _texts("conventions/rake_spread.txt")[0].replace("Ben collected $2.85 from main pot",
                                                            "Cal collected $2.85 from main pot")
    assert not next(sites.read(wrong)).replay().agrees


def test_ggpoker_second_board_written_short_and_plo5_header():
    hand = _hands("ggpoker/plo5_run_twice.txt")[0]
    assert hand.game == "Five-card Omaha" and hand.limit == "pot-limit"
    assert hand._parsed.boards[1] == ["Ah", "7c", "2d", "7s", "4h"]
    assert hand.replay().agrees


def test_games_and_texts_the_engine_cannot_play_are_refused_saying_why():
    hands = _hands("unplayed/unplayed.txt")
    assert [h.error is not None for h in hands] == [True, True, False]
    assert hands[0].error.endswith("a tournament summary, not a hand")
    assert "the engine does not play Courchevel" in hands[1].error
    # Badugi seven-handed, as the rooms deal it: played with the room option
    # large_draw_tables (the rules seat 2 to 6); nine-handed is beyond any room's table.
    assert hands[2].game == "Badugi" and len(hands[2].players) == 7 and hands[2].replay().agrees
    nine = _texts("unplayed/unplayed.txt")[2].replace(
        "Seat 7: Gus (1500 in chips)\n", "Seat 7: Gus (1500 in chips)\nSeat 8: Hal (1500 in chips)\n"
        "Seat 9: Ivy (1500 in chips)\n").replace("Gus: folds\n", "Gus: folds\nHal: folds\nIvy: folds\n")
    assert "the engine plays Badugi with 2 to 8 players, this hand deals 9" in next(sites.read(nine)).error


@pytest.mark.parametrize("text", ["Triple Draw A-5 Lowball Limit ($0.10/$0.20 USD)",
                                  "Split Hold'em No Limit ($0.10/$0.25 USD)"])
def test_other_unplayed_games(text):
    hand = next(sites.read(f"PokerStars Hand #1: {text} - 2024/01/01 10:00:00 ET\n"))
    assert "the engine does not play" in hand.error


def test_ggpoker_omaholic_is_refused_saying_its_betting():
    """GGPoker's Omaholic bets pot-limit before the flop and no-limit after: no game of
    the engine; the reason says so (not "a first line the importer does not read")."""
    hand = next(sites.read("Poker Hand #TM100: Tournament #200, Omaholic Bounty $5 Omaha (NL postflop) - "
                           "Level3(50/100) - 2021/04/15 11:12:42\nTable '7' 6-max Seat #1 is the button\n"))
    assert hand.site == "ggpoker"
    assert hand.error.startswith("line 1: Omaha pot-limit before the flop and no-limit after (NL postflop) is a "
                                 "betting the engine does not play")


@pytest.mark.parametrize("cut,line", [("Table 'Maia", 2), ("Amy", 9)])
def test_a_hand_cut_inside_its_last_line_is_truncated(cut, line):
    """A hand whose last line is cut short (a partial file) is truncated there, not a
    line the importer does not know."""
    text = ("PokerStars Hand #250000000991:  Hold'em No Limit ($0.05/$0.10 USD) - 2024/03/01 16:00:00 ET\n"
            "Table 'Maia' 6-max Seat #1 is the button\nSeat 1: Zed ($10 in chips)\nSeat 2: Amy ($10 in chips)\n"
            "Seat 3: Bo ($10 in chips)\nAmy: posts small blind $0.05\nBo: posts big blind $0.10\n"
            "*** HOLE CARDS ***\nAmy\n\n\n")
    text = text[:text.rindex(cut) + len(cut)] + "\n\n"
    (hand,) = sites.read(text)
    assert hand.error == f"line {line}: the hand is truncated: it stops inside this line ({cut!r}), without its summary"


def test_a_board_run_three_times_is_played_three_times():
    """GGPoker runs a board up to three times: the engine's run count (Options.runs).
    What the text says: 192 in, 2 rake and 1 jackpot, 189 in three runs of 63; Hero's
    aces win the first, 4c5d6e's straight and three kings the second and third."""
    (hand,) = _hands("ggpoker/run_three_times.txt")
    assert hand.error is None and hand.collected == {"Hero": Decimal(63), "4c5d6e": Decimal(126)}
    assert hand.rake == 2 and hand.fees == 1
    assert hand._parsed.boards == [["Kd", "9s", "4h", "2c", "3d"], ["Kd", "9s", "4h", "Qs", "5c"],
                                   ["Kd", "9s", "4h", "Kc", "7d"]]
    result = hand.replay()
    assert result.agrees, result.differences
    assert len(result.hand.boards) == 3
    assert [sum(s.payouts.values()) for s in result.hand.result.settlements] == [6300, 6300, 6300]
    assert hand.history.fields["_pokerhash_boards"] == ["Kd9s4h2c3d", "Kd9s4hQs5c", "Kd9s4hKc7d"]


FILES = ["pokerstars/draw.txt", "pokerstars/mixed.txt", "pokerstars/stud.txt", "ggpoker/plo5_run_twice.txt",
         "conventions/rake_spread.txt", "conventions/gg_shortdeck.txt"]


@pytest.mark.parametrize("name", FILES)
def test_a_damaged_hand_never_raises(name):
    """Every hand with each of its lines removed in turn: read() and replay() return a
    refusal or a difference, never an exception."""
    for text in _texts(name):
        lines = text.split("\n")
        for i in range(1, len(lines)):
            damaged = "\n".join(lines[:i] + lines[i + 1:])
            for hand in sites.read(damaged):
                if hand.error is None:
                    result = hand.replay()
                    assert isinstance(result.agrees, bool)


def test_ggpoker_straddles_from_any_seat():
    """GGPoker's straddle: by the button, by the big blind (his blind part of it), a
    re-straddle all-in by the same player, and beside short deck's button blind; each
    replays with the engine's room option, and its PHH says so and reads back."""
    from pokerhash.engine import history_hands
    from pokerhash.sites.replay import layout

    hands = _hands("ggpoker/straddles.txt")
    assert [h.hand_id for h in hands] == ["OM2000000101", "OM2000000102", "OM2000000103", "SD3000000201"]
    # what the text says each collected, and the rake (Rake, not the jackpot fee)
    assert [(h.collected, h.rake) for h in hands] == [
        ({"d41e9b": Decimal("33.40")}, Decimal("0.50")), ({"0e5d19": Decimal("265.80")}, Decimal("14.10")),
        ({"f08b3e": Decimal("1.25")}, Decimal(0)), ({"Hero": Decimal("1.68")}, Decimal("0.09"))]
    for hand in hands:
        result = hand.replay()
        assert hand.error is None and result.agrees, result.differences
    # who straddles, at which position from the button's left (None: the rules' seat), how much in all
    stakes = [layout(h._parsed).stakes for h in hands]
    assert [(s.straddle_position, s.straddle) for s in stakes] == [(5, 400), (1, 4000), (None, 2040), (0, 20)]
    assert hands[2].replay().returned == {"f08b3e": Decimal("19.90")}
    for hand in hands:
        phh = hand.history
        anywhere = phh.fields.get("_pokerhash_straddle_anywhere", False)
        assert anywhere == (hand.hand_id != "OM2000000103")
        assert history_hands.replay(history.loads(history.dumps(phh))).complete
    assert hands[1].history.fields["_pokerhash_straddler_blind"] == 20


def test_a_straddle_elsewhere_is_refused_where_the_room_plays_none():
    # The same button straddle written in PokerStars' layout: the rules' straddle only.
    text = _texts("ggpoker/straddles.txt")[0].replace("Poker Hand #OM2000000101: PLO-5 ($1/$2)",
                                                      "PokerStars Hand #2000000101:  Omaha Pot Limit ($1/$2 USD)")
    text = text.replace("a9e310: straddle $4", "a9e310: posts straddle $4").replace(" | Jackpot $0.1 | Bingo $0", "")
    hand = next(sites.read(text))
    assert hand.site == "pokerstars" and "not the player on the big blind's left" in hand.error, hand.error


def test_a_hand_begun_inside_the_last_line_of_a_cut_one():
    """A file that stopped writing a hand mid-line and went on with the next (real
    files do: "*** RIVER *** [4d Kh JPokerStars Hand #..."): the cut hand is refused
    as truncated, naming its last line, and the next one reads whole."""
    first, second = (t.strip("\n") + "\n" for t in _texts("pokerstars/tournament.txt")[:2])
    lines = first.split("\n")
    flop = next(k for k, line in enumerate(lines) if line.startswith("*** FLOP ***"))
    joined = "\n".join(lines[:flop]) + "\n" + lines[flop][:18] + second
    for glue in ("", "Bob: "):
        text = joined.replace(lines[flop][:18], lines[flop][:18] + glue)
        hands = list(sites.read(text))
        assert [h.hand_id for h in hands] == [next(sites.read(first)).hand_id, next(sites.read(second)).hand_id]
        assert hands[0].error == f"line {flop + 1}: the hand is truncated: the next hand starts inside this line"
        assert hands[1].error is None and hands[1].replay().agrees
    # A first line after a byte-order mark is no cut.
    hands = list(sites.read(first + "\n\n\ufeff" + second))
    assert all(h.error is None for h in hands) and len(hands) == 2
