from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference_equity import brute_equity, brute_range_equity

import pokerhash as ph
from pokerhash import _equity_api
from pokerhash import InvalidCardError, InvalidValueError
from pokerhash.cards import cards
from pokerhash import board_strengths, equities_vs_range, equity, equity_iter, random_deals
from pokerhash.ranges import Range, combo_index


def weights(combos) -> np.ndarray:
    """(1326,) weights from {(card, card): weight} or a list of two-card hands (weight 1)."""
    w = np.zeros(1326)
    items = combos.items() if isinstance(combos, dict) else ((c, 1.0) for c in combos)
    for (a, b), weight in items:
        w[combo_index(a, b)] = weight
    return w


def rank_combos(*names: str):
    """The combinations of range classes ("AA", "AKs", "T9o"), as pairs of cards."""
    return list(Range(",".join(names)))


def approx(values, expected, tol=1e-12):
    return np.allclose(np.asarray(values, dtype=float), np.asarray([float(e) for e in expected]), atol=tol, rtol=0)


# --- known values ---------------------------------------------------------------------


def test_aces_against_kings_preflop():
    result = equity(["AhAd", "KsKc"])
    assert result.exact and result.showdowns == 1_712_304
    assert result.equity[0] == pytest.approx(0.8125548967940271, abs=1e-15)
    assert result.equity.sum() == pytest.approx(1.0)
    assert result.win[0] * result.showdowns == pytest.approx(1_388_072)
    assert result.tie[0] * result.showdowns == pytest.approx(6_538)


def test_aa_against_kk_counts_of_ompeval():
    # OMPEval's test vector: over every combination of AA and KK hands and every board.
    result = equity([weights(rank_combos("AA")), weights(rank_combos("KK"))])
    assert result.exact and result.showdowns == 36 * 1_712_304
    assert round(result.win[0] * result.showdowns) == 50_371_344
    assert round(result.win[1] * result.showdowns) == 10_986_372
    assert round(result.tie[0] * result.showdowns) == 285_228


# --- exact against the brute force ----------------------------------------------------

BRUTE_CASES = [
    ("holdem", ["AhKh", "QsQd"], "2h 7h 9c Jd", ""),
    ("holdem", ["AhKh", "QsQd", "Tc9c"], "2h 7h 9s", "8c Jc"),
    ("holdem", ["5c4c", "5d4d", "AsAh"], "3c 3d 6h Kd", "2s"),
    ("omaha", ["AhKhQsJs", "9c8c7d6d"], "Th 2h 5d Ks", ""),
    ("omaha", ["AhKhQsJsTc", "9c8c7d6d2s"], "Th 3h 5d", ""),
    ("omaha8", ["Ac2c3h9s", "Ad3d4hKs", "5c6c7h8s"], "2d 4d Jc Qh", ""),
    ("omaha8", ["Ac2cKhKs", "AdQdJdTd"], "3c 4c 5h", ""),
    ("stud", ["Ah Ad 4c 5s 9h Tc", "Ks Kh 2d 3d 7c 8c"], "", "Ac Kd"),
    ("stud8", ["Ah 2d 4c 5s 9h Tc", "Ks Kh 2c 3c 7c 8d"], "", "Qc Jc"),
    ("stud8", ["Ah 2d 4c 5s 6h 9d", "Ks Kh 3h 3d 7c 8c"], "", ""),
    ("stud8", ["Ah 2d 4c 5s 6h 9d", "Ks Kh 3h 3d 7c 8c", "As 2s 3s 4d 8h Th Jh"], "", "6c"),
]


@pytest.mark.smoke
@pytest.mark.parametrize("game, hands, board, dead", BRUTE_CASES)
def test_exact_equals_brute_force(game, hands, board, dead):
    result = equity(hands, board, dead, game=game, method="exact")
    expected = brute_equity(game, [cards(h) for h in hands], cards(board), cards(dead))
    assert result.exact
    for key in ("equity", "win", "tie"):
        assert approx(getattr(result, key), expected[key]), key
    if game in ("omaha8", "stud8"):
        assert approx(result.high, expected["high"]) and approx(result.low, expected["low"])
        assert np.array_equal(result.scoop, result.win)
    else:
        assert result.high is None and result.low is None and result.scoop is None


@pytest.mark.smoke
def test_ranges_exact_equals_brute_force():
    villain = {(cards("Ks")[0], cards("Kh")[0]): 1.0, (cards("Qs")[0], cards("Qh")[0]): 0.5,
               (cards("9s")[0], cards("8s")[0]): 0.25, (cards("Ad")[0], cards("Kd")[0]): 0.8}
    hero = {(cards("Ah")[0], cards("As")[0]): 1.0, (cards("Jc")[0], cards("Tc")[0]): 0.75}
    board, dead = cards("Kc 7s 2s 3d"), cards("4h")
    result = equity([weights(hero), weights(villain), "5s5d"], board, dead, method="exact")
    expected = brute_range_equity([hero, villain, cards("5s5d")], board, dead)
    assert result.exact and approx(result.equity, expected)


# The card-by-card enumerator (stud's) on flop games: every board, by a second method.
FULL_CASES = [
    ("holdem", ["AhAd", "KsKc"], ""),
    ("holdem", ["8h7h", "AsKs", "2c2d"], ""),
    ("holdem", ["AhKh", "QhJh"], "2h"),
    ("omaha", ["AhKhQsJs", "9c8c7d6d"], ""),
    ("omaha8", ["Ac2cKhKs", "AdQdJdTd", "3h4h5s6s"], "7c"),
    ("holdem", ["AhKh", "QsQd", "Tc9c", "5d5c"], ""),
    ("omaha", ["AhKhQsJsTc", "9c8c7d6d2s"], ""),
    ("omaha", ["AhKhQsJsTc3c", "9c8c7d6d2s2h"], ""),
    ("omaha8", ["Ac2cKhKs", "AdQdJdTd", "3h4h5s6s"], ""),
    # Three suits alike (one walk stands for three corrections and marks their boards
    # three times), and Omaha hi/lo heads-up with two suits alike.
    ("holdem", ["AsKs", "QsJs"], ""),
    ("holdem", ["AsKs", "QsJs", "2c2d"], ""),
    ("omaha8", ["As2sKdQd", "AhKh3c4c"], ""),
    # High only before the flop: the flushes of unpaired boards scored once per set
    # of suited board cards (three-way Omaha, flushes of two suits).
    ("omaha", ["AhKhQhJh", "9h8h7c6c", "5c4c3d2d"], ""),
    # With a low: those boards scored once per set of suited cards and low ranks
    # (Omaha hi/lo heads-up, flushes of three suits, both hands with low cards).
    ("omaha8", ["Ah2h3c4c", "KhQh5d6d"], ""),
]


@pytest.mark.parametrize("game, hands, board", FULL_CASES)
def test_rank_pass_with_flush_corrections_equals_walking_every_board(game, hands, board):
    result = equity(hands, board, game=game, method="exact")
    spec = _equity_api._Spec(hands, board, (), game)
    deals, counts = spec.deal().exact_generic()
    assert result.showdowns == deals
    for row, key in enumerate(("win", "tie")):
        assert np.array_equal(np.round(getattr(result, key) * deals).astype(np.int64), counts[row])
    assert np.allclose(result.equity, counts[2] / deals / 5040, atol=1e-15)


# The short deck walked by board ranks as Hold'em is (slots 6..A, its own tables),
# against the card-by-card walk: flushes (a flush above a full house), the A-6-7-8-9
# straight (and straight flush), trips against straights in both orders, three suits
# alike, three-way, a known flop.
SHORTDECK_FULL_CASES = [
    (["AhKh", "QhJh"], ""),
    (["9s8s", "7d7c"], ""),
    (["6h7h", "AsAd"], ""),
    (["AhKh", "QsQd", "9c8c"], ""),
    (["6h7h", "AsKd", "JcJd"], "8h 9h Ts"),
]


@pytest.mark.parametrize("trips_beat_straight", [True, False])
@pytest.mark.parametrize("hands, board", SHORTDECK_FULL_CASES)
def test_shortdeck_rank_walk_equals_walking_every_board(hands, board, trips_beat_straight):
    result = equity(hands, board, game="short-deck", method="exact", trips_beat_straight=trips_beat_straight)
    spec = _equity_api._Spec(hands, board, (), "short-deck", trips_beat_straight)
    deals, counts = spec.deal().exact_generic()
    assert result.showdowns == deals
    for row, key in enumerate(("win", "tie")):
        assert np.array_equal(np.round(getattr(result, key) * deals).astype(np.int64), counts[row])
    assert np.array_equal(result.equity, counts[2] / (5040 * deals))


def test_stud_community_card_when_the_deck_runs_out():
    # Eight players with six cards each leave four: the seventh card is one shared card.
    deck = list(range(48))
    hands = [deck[6 * i:6 * i + 6] for i in range(8)]
    result = equity(hands, game="stud", method="exact")
    expected = brute_equity("stud", hands, hole_size=6, board_size=1)
    assert result.exact and result.showdowns == 4 and approx(result.equity, expected["equity"])


# --- sampling ---------------------------------------------------------------------------

SAMPLED_CASES = [
    ("holdem", ["AhKh", "QsQd", "Tc9c"], "", ""),
    ("holdem", [weights(rank_combos("AA", "KK", "AKs")), weights(rank_combos("QQ", "JJ", "T9s", "AQo"))], "Ks 7d 2c", ""),
    ("omaha", ["AhKhQsJs", "9c8c7d6d"], "", ""),
    ("omaha8", ["Ac2cKhKs", "AdQdJdTd", "3h4h5s6s"], "", ""),
    ("omaha", ["AhKhQsJsTc", "9c8c7d6d2s", "AdKdQcJc3h"], "Th 2h 5d", ""),
    ("stud", ["Ah Ad 4c 5s 9h", "Ks Kh 2d 3d 7c"], "", "Qs Qh"),
    ("stud8", ["Ah 2d 4c 5s 6h", "Ks Kh 3h 3d 7c"], "", "Qc Jc"),
]


@pytest.mark.smoke
@pytest.mark.parametrize("game, hands, board, dead", SAMPLED_CASES)
def test_sampled_within_four_standard_errors_of_exact(game, hands, board, dead):
    sampled = equity(hands, board, dead, game=game, method="sample", trials=200_000, seed=7)
    assert not sampled.exact and sampled.showdowns == 200_000
    exact = equity(hands, board, dead, game=game, method="exact")
    assert (np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error).all()
    assert sampled.equity.sum() == pytest.approx(1.0)


# Known Hold'em hands take the sampler's unrolled paths (two to six players, a whole
# board to deal) and its general one (some board known), with many splits (the
# tallies of wins and ties) and flushes.
KNOWN_HOLDEM_CASES = [
    (["AhKh", "AdKd", "AcKc"], ""),
    (["AhAd", "KsKc", "QhJh", "9c8c", "7d7s", "5h4h"], ""),
    (["Ah2h", "KsQs", "JdJc", "9h8h"], "Th 7h 2c"),
    (["AhKd", "QsQc"], "Jh Th 2c 3h"),
]


@pytest.mark.parametrize("hands, board", KNOWN_HOLDEM_CASES)
def test_sampled_known_holdem_wins_and_ties_within_four_standard_errors(hands, board):
    sampled = equity(hands, board, method="sample", trials=200_000, seed=5)
    exact = equity(hands, board, method="exact")
    assert (np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error + 1e-12).all()
    for got, want in ((sampled.win, exact.win), (sampled.tie, exact.tie)):
        error = np.sqrt(want * (1 - want) / sampled.showdowns)  # a frequency's standard error
        assert (np.abs(got - want) <= 4 * error + 1e-12).all()


@pytest.mark.smoke
def test_seed_reproduces_whatever_the_threads():
    args = (["AhKh", "QsQd", "Tc9c"],)
    one = equity(*args, method="sample", trials=300_000, seed=3, threads=1)
    two = equity(*args, method="sample", trials=300_000, seed=3, threads=2)
    other = equity(*args, method="sample", trials=300_000, seed=4, threads=1)
    assert np.array_equal(one.equity, two.equity) and np.array_equal(one.win, two.win)
    assert not np.array_equal(one.equity, other.equity)


def test_sampling_stops_at_the_target_error():
    result = equity(["AhKh", "QsQd", "Tc9c", "2c2d"], method="sample", target_error=2e-3, seed=1)
    assert result.std_error.max() <= 2e-3 and result.progress == 1.0


def test_auto_samples_big_range_problems():
    result = equity([weights(rank_combos("AA", "KK")), np.ones(1326), np.ones(1326)], target_error=5e-3, seed=2)
    assert not result.exact and result.std_error.max() <= 5e-3


def test_interim_results_and_progress_callback():
    seen = []
    final = equity(["AhKh", "QsQd"], method="sample", trials=600_000, seed=1, progress=seen.append)
    assert len(seen) >= 2 and seen[-1] is final and final.progress == 1.0
    assert all(a.showdowns < b.showdowns for a, b in zip(seen, seen[1:]))
    results = list(equity_iter([weights(rank_combos("AA", "KK")), weights(rank_combos("QQ", "AKs"))], method="exact"))
    assert results[-1].exact and results[-1].progress == 1.0 and all(not r.exact for r in results[:-1])


def test_repr_is_a_table():
    text = repr(equity(["AhAd", "KsKc"], board="Td7c2s"))
    assert "exact" in text and "AhAd" in text and "%" in text


# --- errors -------------------------------------------------------------------------------


@pytest.mark.smoke
@pytest.mark.parametrize("players, board, dead, game, message", [
    (["AhAd", "AhKc"], "", "", "holdem", "Ah"),
    (["AhAd", "KsKc"], "Ad 2c 3c", "", "holdem", "Ad"),
    (["AhAd", "KsKc"], "", "Kc", "holdem", "Kc"),
    ([f"{r}c{r}d" for r in "23456789TJQ"], "", "", "holdem", "2 to 10"),
    (["AhAd"], "", "", "holdem", "2 to 10"),
    (["AhAdKh", "KsKc"], "", "", "holdem", "2 cards"),
    (["AhAd2c3c", "KsKc2d3d4d"], "", "", "omaha", "same number"),
    (["AhAd", "KsKc"], "", "", "razz", "equity does not play .razz."),
    (["AhAd", "KsKc"], "", "", "gin rummy", "unknown game"),
    (["Ah Ad 2c", "Ks Kc 2d"], "3c", "", "stud", "0 board"),
    ([np.ones(1326), "KsKc"], "", "", "omaha", "ranges are for Hold'em"),
])
def test_clear_errors(players, board, dead, game, message):
    with pytest.raises((InvalidCardError, InvalidValueError), match=message):
        equity(players, board, dead, game=game)


def test_range_emptied_by_card_removal():
    aces = weights([(cards("As")[0], cards("Ah")[0])])
    with pytest.raises(InvalidValueError, match="empty"):
        equity([aces, "KsKc"], board="As 7c 2d")
    with pytest.raises(InvalidValueError, match="shared cards"):
        equity([aces, weights([(cards("As")[0], cards("Ad")[0])])])


def test_too_many_for_the_deck():
    hands = [cards(f"{r}c {r}d {r}h {r}s")[:4] for r in "23456789TJ"]  # 40 cards, 10 Omaha players
    with pytest.raises(InvalidValueError, match="2 to 7"):
        equity([list(range(6 * i, 6 * i + 6)) for i in range(8)], game="omaha")
    with pytest.raises(InvalidValueError, match="2 to 8"):
        equity([[i] for i in range(9)], game="stud")
    assert equity(hands, game="omaha").exact  # 40 + 5 cards fit


def test_bad_options():
    for kwargs, message in (({"method": "guess"}, "method"), ({"threads": -1}, "threads"),
                            ({"method": "sample", "trials": 0}, "trials"), ({"method": "sample", "seed": -1}, "seed"),
                            ({"method": "sample", "target_error": 0}, "target_error")):
        with pytest.raises(InvalidValueError, match=message):
            equity(["AhAd", "KsKc"], **kwargs)


# --- dealing and solver kernels -----------------------------------------------------------


def test_random_deals():
    dead = cards("As Ks")
    deals = random_deals(20_000, 7, dead=dead, seed=5)
    assert deals.shape == (20_000, 7) and deals.dtype == np.uint8
    assert (np.sort(deals, axis=1)[:, 1:] != np.sort(deals, axis=1)[:, :-1]).all()
    assert not np.isin(deals, dead).any() and deals.max() <= 51
    counts = np.bincount(deals.ravel(), minlength=52)
    live = np.delete(counts, dead)
    assert abs(live - 140_000 / 50).max() < 6 * np.sqrt(140_000 / 50)
    assert np.array_equal(deals, random_deals(20_000, 7, dead=dead, seed=5))
    assert random_deals(0, 5).shape == (0, 5)
    with pytest.raises(InvalidValueError):
        random_deals(3, 53)


def test_board_strengths():
    board = cards("Ah Kd 7c 7s 2h")
    out = board_strengths(board)
    assert out.shape == (1326,) and out.dtype == np.uint16
    for a, b in itertools.combinations(range(52), 2):
        value = out[combo_index(a, b)]
        assert value == (0 if a in board or b in board else ph.evaluate(board + [a, b]))
    boards = random_deals(50, 5, seed=1)
    batch = board_strengths(boards)
    assert batch.shape == (50, 1326)
    assert all(np.array_equal(batch[i], board_strengths(list(boards[i]))) for i in range(50))


@pytest.mark.parametrize("board", ["Ah Kd 7c 7s 2h", "Qs Js 4d 3c", "Ts 9s 2h"])
def test_equities_vs_range_equal_equity(board):
    villain = weights({**{c: 1.0 for c in rank_combos("AA", "KQs", "77")}, **{c: 0.5 for c in rank_combos("JTs", "43o")}})
    out = equities_vs_range(board, villain)
    b = cards(board)
    rng = np.random.default_rng(0)
    heroes = [h for h in itertools.combinations(range(52), 2) if not set(h) & set(b)]
    for index in rng.choice(len(heroes), 4 if len(b) == 3 else 12, replace=False):
        hero = heroes[index]
        expected = equity([list(hero), villain], board, method="exact").equity[0]
        assert out[combo_index(*hero)] == pytest.approx(expected, abs=1e-12)
    assert np.isnan(out[combo_index(b[0], b[1])])


@pytest.mark.parametrize("hero, others, dead", [
    ("Jd2d", [], ""),
    ("9h8h", ["QcQs"], "2c"),
])
def test_suit_classes_equal_one_count_per_combination(hero, others, dead):
    # The exact range path groups combinations that a suit permutation maps into each
    # other and reuses rank passes: it must equal counting each combination alone.
    villain = {**{c: 1.0 for c in rank_combos("AA", "KQs")}, **{c: 0.25 for c in rank_combos("T9o")}}
    grouped = equity([hero, weights(villain)] + others, dead=dead, method="exact")
    total, expected = 0.0, np.zeros(2 + len(others))
    for combo, w in villain.items():
        if set(combo) & set(cards(hero + "".join(others) + dead)):
            continue
        expected += w * equity([hero, list(combo)] + others, dead=dead).equity
        total += w
    assert np.allclose(grouped.equity, expected / total, atol=1e-12)


def test_players_as_range_objects_text_or_arrays():
    board = "Jh 7c 2h"
    as_range = equity(["AhKh", Range("QQ+,AKs:0.5")], board)
    as_text = equity(["AhKh", "QQ+,AKs:0.5"], board)
    as_array = equity(["AhKh", Range("QQ+,AKs:0.5").weights.copy()], board)
    assert np.array_equal(as_range.equity, as_text.equity) and np.array_equal(as_text.equity, as_array.equity)
    assert as_text.labels == ("AhKh", "QQ+,AKs:0.5")
    assert equities_vs_range(board, "QQ+,AKs:0.5")[combo_index("As", "Ks")] == pytest.approx(
        equity(["AsKs", "QQ+,AKs:0.5"], board).equity[0], abs=1e-12)


def test_equities_vs_range_refuses_an_array_of_boards():
    boards = np.array([cards("Jh 7c 2h"), cards("2c 3c 4c")], dtype=np.uint8)
    with pytest.raises(InvalidCardError, match="one board"):
        equities_vs_range(boards, "QQ+")
    one = equities_vs_range(boards[0], "QQ+")   # a 1-D array is one board
    assert np.array_equal(one, equities_vs_range("Jh 7c 2h", "QQ+"), equal_nan=True)


def test_sampled_preflop_ranges_within_four_standard_errors():
    # Two range players and a whole board to deal: board cards that a drawn
    # combination holds are replaced (the sampler's uniform subset, then redraws).
    players = ["AhKh", Range("QQ+,AKs"), Range("JJ,TT,AQs")]
    exact = equity(players, method="exact")
    sampled = equity(players, method="sample", trials=200_000, seed=9)
    assert exact.exact and (np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error).all()


def test_sampled_multiway_ranges_within_four_standard_errors():
    players = [Range("AA,KK,AKs"), Range("QQ,JJ,AQs"), Range("T9s,98s,87s"), "7h7d"]
    exact = equity(players, "Ah 9s 2d", method="exact")
    sampled = equity(players, "Ah 9s 2d", method="sample", trials=1_000_000, seed=11, threads=2)
    assert exact.exact and (np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error).all()


def test_lists_of_omaha_hands():
    villain = {"AhAdKhKd": 1.0, "9s8s7c6c": 0.5, "QhJhTh9d": 0.25, "AsKsQsJs": 1.0}
    board = "Ts 7d 2c"
    grouped = equity(["AcKcQdJd", villain], board, game="omaha", method="exact")
    expected, total = np.zeros(2), 0.0
    for hand, w in villain.items():
        expected += w * equity(["AcKcQdJd", hand], board, game="omaha").equity
        total += w
    assert grouped.exact and np.allclose(grouped.equity, expected / total, atol=1e-12)
    with_blocked = equity(["AcKcQdJd", {**villain, "TsTh9c9h": 1.0}], board, game="omaha")  # Ts is on the board
    assert np.allclose(with_blocked.equity, grouped.equity, atol=1e-12)
    sampled = equity(["AcKcQdJd", villain], board, game="omaha", method="sample", trials=300_000, seed=5)
    assert (np.abs(sampled.equity - grouped.equity) <= 4 * sampled.std_error).all()
    plain = equity([["AcKcQdJd"], list(villain)], board, game="omaha8")
    assert plain.exact and plain.labels[1].startswith("AhAdKhKd,")


def test_lists_of_holdem_hands_are_ranges():
    assert np.allclose(equity(["QsQd", ["AhKh", "AdKd"]]).equity, equity(["QsQd", Range("AhKh,AdKd")]).equity,
                       atol=1e-12)


@pytest.mark.parametrize("players, game, message", [
    (["AcKcQdJd", ["AhAdKhKd", "9s8s7c"]], "omaha", "same number"),
    (["AcKcQdJd", ["AhAdKhKd", "KdKhAdAh"]], "omaha", "listed twice"),
    (["AcKcQdJd", {"AhAdKhKd": -1.0}], "omaha", "non-negative"),
    (["AcKc", ["Ah Ad 2c", "Kh Kd 2d"]], "stud", "known cards"),
    (["AcKcQdJd", ["AcAdKhKd"]], "omaha", "empty"),
])
def test_list_errors(players, game, message):
    with pytest.raises((InvalidCardError, InvalidValueError), match=message):
        equity(players, game=game)


@pytest.mark.smoke
@pytest.mark.parametrize("trips_beat_straight", [True, False])
@pytest.mark.parametrize("hands, board, dead", [
    (["AhKh", "QsQd"], "6h 7h 9c Jd", ""),
    (["Tc9c", "8d8s", "AsAd"], "Jc Qc 7h", "6s"),
    (["6c7c", "KdKs"], "8c 9h Ts", ""),  # straights against trips: the order matters
])
def test_shortdeck_exact_equals_brute_force(hands, board, dead, trips_beat_straight):
    result = equity(hands, board, dead, game="shortdeck", method="exact", trips_beat_straight=trips_beat_straight)
    expected = brute_equity("shortdeck", [cards(h) for h in hands], cards(board), cards(dead),
                            trips_beat_straight=trips_beat_straight)
    assert result.exact and approx(result.equity, expected["equity"]) and approx(result.win, expected["win"])


def test_shortdeck_preflop_ranges_and_sampling():
    exact = equity(["AhKh", "QQ+,T9s"], game="shortdeck", method="exact")
    villain = list(Range("QQ+,T9s").without("AhKh"))  # 6 + 3 + 3 pairs, 4 suited
    assert exact.exact and len(villain) == 16 and exact.showdowns == 16 * 201_376  # C(32, 5) boards each
    one_by_one = np.mean([equity(["AhKh", list(v)], game="shortdeck").equity for v in villain], axis=0)
    assert np.allclose(exact.equity, one_by_one, atol=1e-12)
    sampled = equity(["AhKh", "QQ+,T9s"], game="shortdeck", method="sample", trials=300_000, seed=3)
    assert (np.abs(sampled.equity - exact.equity) <= 4 * sampled.std_error).all()
    with pytest.raises(InvalidCardError, match="card 5h is not in the 36-card"):
        equity(["AhKh", "5h5d"], game="shortdeck")


@settings(max_examples=25, deadline=None)
@given(st.data())
def test_random_turn_spots_equal_brute_force_in_any_seat_order(data):
    game = data.draw(st.sampled_from(["holdem", "omaha", "omaha8"]))
    n = data.draw(st.integers(2, 4))
    size = 2 if game == "holdem" else 4
    deck = data.draw(st.permutations(range(52)))
    hands = [deck[i * size:(i + 1) * size] for i in range(n)]
    board = deck[n * size:n * size + 4]
    result = equity(hands, board, game=game)
    expected = brute_equity(game, hands, board)
    assert approx(result.equity, expected["equity"]) and approx(result.tie, expected["tie"])
    order = data.draw(st.permutations(range(n)))
    swapped = equity([hands[i] for i in order], board, game=game)
    assert np.allclose(swapped.equity, result.equity[list(order)], atol=1e-15)


@pytest.mark.parametrize("game, hole, players_n, board_n", [
    ("holdem", 2, 2, 4), ("holdem", 2, 3, 3), ("holdem", 2, 6, 5), ("holdem", 2, 2, 3), ("plo", 4, 2, 4),
    ("omaha-hi-lo", 5, 3, 4), ("plo", 6, 2, 5), ("plo5", 5, 2, 3), ("big-o", 5, 2, 4), ("short-deck", 2, 2, 4),
    ("short-deck", 2, 3, 3)])
def test_known_hands_in_c_equal_the_full_path(game, hole, players_n, board_n):
    """The small question's C path (known hands) gives what the full path (reached
    through equity_iter) gives, to the bit, in every input form it takes."""
    rng = np.random.default_rng(sum(map(ord, game)) * 1000 + hole * 100 + players_n * 10 + board_n)
    alias = {"plo": "omaha", "short-deck": "shortdeck"}.get(game, game)  # the older names take the C path too
    deck = np.array(_equity_api.GAMES[game].deck)
    for trial in range(3):
        dealt = rng.choice(deck, hole * players_n + board_n + 1, replace=False).tolist()
        hands = [dealt[i * hole:(i + 1) * hole] for i in range(players_n)]
        board, dead = dealt[hole * players_n:-1], dealt[-1:]
        texts = [" ".join(ph.card_str(c) for c in h) for h in hands]
        slow = list(equity_iter(hands, board, dead, game))[-1]
        for players in (hands, texts, tuple(texts)):
            fast = ph.equity(players, ph.cards_str(board), dead, alias)
            assert fast.showdowns == slow.showdowns and fast.exact and fast.labels == slow.labels
            for name in ("equity", "win", "tie", "high", "low", "scoop"):
                a, b = getattr(fast, name), getattr(slow, name)
                assert (a is None and b is None) or np.array_equal(a, b), name


@pytest.mark.parametrize("players, board, dead, game, error", [
    (["AhAd", "AhKc"], "2c3c4c", (), "holdem", InvalidCardError),
    (["AhAd", "KsKc"], "2c3c4cAh", (), "holdem", InvalidCardError),
    (["AhAd", "KsKc"], "2c3c4c", "2c", "holdem", InvalidCardError),
    (["AhAd", "KsKcQs"], "2c3c4c", (), "holdem", InvalidCardError),
    (["AhAd", "KsKc"], "2c3c4c5c6c7c", (), "holdem", InvalidCardError),
    (["AhAd", "KsKc"], "2c3c4c", (), "shortdeck", InvalidCardError),
    (["AhAd"], "2c3c4c", (), "holdem", InvalidValueError),
    (["AhAd", "KsKc"], "2c3c4c", (), "nope", InvalidValueError),
    (["AhAdKhKd", "QsQcJsJc"], "2c3c4c", (), "plo5", InvalidCardError),  # PLO5 hands have five cards
    (["AhAdKhKdQh", "QsQcJsJcTs"], "2c3c4c", (), "holdem", InvalidCardError),
])
def test_known_hands_bad_input_still_named(players, board, dead, game, error):
    with pytest.raises(error):
        ph.equity(players, board, dead, game)
