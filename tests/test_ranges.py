"""Ranges: the combo layout, the range language, set operations and the grid."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import pokerhash as ph
import reference_ranges
from pokerhash import InvalidCardError, InvalidRangeError, InvalidValueError, PokerhashError, Range, combo_cards, combo_index
from pokerhash.ranges import COMBO_INDEX, COMBOS, N_COMBOS


def test_combo_index_is_a_bijection_on_pairs():
    seen = set()
    for lo, hi in itertools.combinations(range(52), 2):
        index = combo_index(hi, lo)
        assert index == combo_index(lo, hi) == hi * (hi - 1) // 2 + lo
        assert combo_cards(index) == (hi, lo)
        assert tuple(COMBOS[index]) == (hi, lo)
        assert COMBO_INDEX[hi, lo] == COMBO_INDEX[lo, hi] == index
        seen.add(index)
    assert seen == set(range(N_COMBOS))
    assert COMBOS.dtype == np.uint8 and COMBOS.shape == (N_COMBOS, 2)
    assert (np.diag(COMBO_INDEX) == -1).all()


def test_combo_index_reads_text():
    assert combo_index("As", "Ks") == combo_index(51, 47) == combo_index("Ks", "As")
    assert combo_index("2d", "2c") == 0
    assert combo_cards(N_COMBOS - 1) == (51, 50)


@pytest.mark.parametrize("pair", [("As", "As"), (3, 3), ("As", "Zz"), (0, 52)])
def test_combo_index_refuses_bad_pairs(pair):
    with pytest.raises(InvalidCardError):
        combo_index(*pair)


@pytest.mark.parametrize("index", [-1, N_COMBOS])
def test_combo_cards_refuses_out_of_range(index):
    with pytest.raises(InvalidCardError):
        combo_cards(index)


# --- reading --------------------------------------------------------------------------

RANKS = "23456789TJQKA"


@pytest.mark.parametrize(
    "text, count",
    [
        ("QQ+", 18), ("AKs", 4), ("AKo", 12), ("AK", 16), ("KQo", 12), ("AT+", 64), ("ATs+", 16),
        ("A5s-A2s", 16), ("76s-T9s", 16), ("22-55", 24), ("22+", 78), ("AhKh", 1), ("random", 1326),
        ("K9o+", 48), ("QQ+,AKs", 22), ("QQ+ AKs AKo", 34), ("", 0), ("AA:0", 0), ("T9-76", 64),
    ],
)
def test_hand_checked_counts(text, count):
    r = Range(text)
    assert len(r) == r.num_combos(weighted=False) == count
    assert r.num_combos() == count


@pytest.mark.parametrize(
    "spellings",
    [
        ["AA:0.5", "0.5(AA)", "50%(AA)", "[50]AA[/50]", "AA:.5", "AA:5e-1", "[50.0]AA[/50]"],
        ["QQ:0.25,JJ:0.25", "0.25(QQ, JJ)", "25%(JJ-QQ)", "[25]QQ JJ[/25]", "JJ-QQ:0.25", "[25]JJ,QQ[/]"],
        ["AKs", "KAs", "aks", "AsKs,AhKh,AdKd,AcKc", "AsKs AhKh\tAdKd;AcKc"],
        ["76s-T9s", "T9s-76s", "76s,87s,98s,T9s", "T9s, 98s , 87s,76s"],
        ["A5s-A2s", "A2s-A5s", "A2s,A3s,A4s,A5s"],
        ["22-55", "55-22", "22,33,44,55"],
        ["AT+", "ATs+,ATo+", "AT,AJ,AQ,AK", "AK-AT"],
        ["QQ+,AKs", "[100]QQ+[/100],1(AKs)", "QQ+:1,AKs:1.0"],
    ],
)
def test_equivalent_spellings(spellings):
    ranges = [Range(text) for text in spellings]
    assert all(r == ranges[0] for r in ranges)


def test_weights_named_twice_keep_the_last():
    assert Range("AA:0.5, AA") == Range("AA")
    assert Range("random, AA:0.25")["AsAh"] == 0.25
    assert Range("random, AA:0.25")["KsKh"] == 1.0
    assert Range("QQ+, KK:0") == Range("AA,QQ")


def test_percent_weights_are_read_exactly():
    assert Range("[33.3]AA[/33.3]")["AsAh"] == 0.333
    assert Range("0.1(AA)")["AsAh"] == 0.1


_INDEX_OF = {combo: combo_index(*combo) for combo in reference_ranges.ALL_COMBOS}


def _reference_weights(text: str) -> np.ndarray:
    weights = np.zeros(N_COMBOS)
    for combo, weight in reference_ranges.parse(text).items():
        weights[_INDEX_OF[combo]] = weight
    return weights


def _rank(draw, low=0, high=12):
    return draw(st.integers(low, high))


@st.composite
def expressions(draw):
    """One hand expression of the language, in any of its forms and cases."""
    form = draw(st.sampled_from(["pair", "pair+", "pair-", "class", "class+", "kicker-", "gap-", "combo", "random"]))
    suffix = draw(st.sampled_from(["", "s", "o"]))
    if form.startswith("pair"):
        a, b = draw(st.integers(0, 12)), draw(st.integers(0, 12))
        text = {"pair": RANKS[a] * 2, "pair+": RANKS[a] * 2 + "+", "pair-": f"{RANKS[a] * 2}-{RANKS[b] * 2}"}[form]
    elif form in ("class", "class+", "kicker-"):
        high = draw(st.integers(1, 12))
        k1, k2 = draw(st.integers(0, high - 1)), draw(st.integers(0, high - 1))
        ranks = RANKS[high] + RANKS[k1]
        if draw(st.booleans()):
            ranks = ranks[::-1]
        text = {"class": ranks + suffix, "class+": ranks + suffix + "+",
                "kicker-": f"{RANKS[high]}{RANKS[k1]}{suffix}-{RANKS[high]}{RANKS[k2]}{suffix}"}[form]
    elif form == "gap-":
        gap = draw(st.integers(1, 12))
        k1, k2 = draw(st.integers(0, 12 - gap)), draw(st.integers(0, 12 - gap))
        text = f"{RANKS[k1 + gap]}{RANKS[k1]}{suffix}-{RANKS[k2 + gap]}{RANKS[k2]}{suffix}"
    elif form == "combo":
        c1, c2 = draw(st.lists(st.integers(0, 51), min_size=2, max_size=2, unique=True))
        text = ph.card_str(c1) + ph.card_str(c2)
    else:
        text = "random"
    if draw(st.booleans()):
        text = "".join(ch.lower() if ch in "TJQKA" else ch for ch in text)
    return text


_FRACTIONS = st.sampled_from(["0", "1", "0.5", ".25", "0.125", "0.3", "1.0", "0.07", "2e-1"])
_PERCENTS = st.sampled_from(["0", "100", "50", "12.5", "33.3", "7"])


@st.composite
def range_texts(draw):
    """Range text mixing the three weight notations and the separators."""
    parts = []
    for _ in range(draw(st.integers(0, 6))):
        style = draw(st.sampled_from(["plain", "plain", "colon", "eval7", "eval7%", "gto+"]))
        hands = draw(st.lists(expressions(), min_size=1, max_size=3))
        inner = draw(st.sampled_from([",", ", ", " "])).join(hands)
        if style == "plain":
            parts.append(inner)
        elif style == "colon":
            parts.append(",".join(f"{hand}:{draw(_FRACTIONS)}" for hand in hands))
        elif style == "eval7":
            parts.append(f"{draw(_FRACTIONS)}({inner})")
        elif style == "eval7%":
            parts.append(f"{draw(_PERCENTS)}%({inner})")
        else:
            weight = draw(_PERCENTS)
            parts.append(f"[{weight}]{inner}[/{weight}]")
    return draw(st.sampled_from([",", ", ", " "])).join(parts)


@settings(max_examples=150, deadline=None)
@given(range_texts())
def test_reading_agrees_with_the_reference(text):
    assert np.array_equal(Range(text).weights, _reference_weights(text)), text


@pytest.mark.parametrize(
    "text, position, token",
    [
        ("QQ+, AKx", 5, "AKx"),
        ("AA:1.5", 0, "AA:1.5"),
        ("AA, 150%(KK)", 4, "150%(KK)"),
        ("0.5(AA", 0, "0.5(AA"),
        ("AA)", 2, ")"),
        ("[50]AA[/40]", 6, "[/40]"),
        ("[50]AA 0.5(KK)[/50]", 7, "0.5(KK)[/50]"),
        ("AA, 22s", 4, "22s"),
        ("AKs-QTs", 0, "AKs-QTs"),
        ("AKs-AQo", 0, "AKs-AQo"),
        ("KK, AsAs", 4, "AsAs"),
        ("A", 0, "A"),
        ("AAKK", 0, "AAKK"),
        ("0.5(AA:0.3)", 4, "AA:0.3)"),
        ("AK+-", 0, "AK+-"),
        ("random:-1", 0, "random:-1"),
        ("AA:nan", 0, "AA:nan"),
        ("AA:1e99999999999999999999", 0, "AA:1e99999999999999999999"),
        ("[1e-99999999999999999999]AA[/1]", 0, "[1e-99999999999999999999]AA[/1]"),
        ("AA:.", 0, "AA:."),
        ("0.5 (AA)", 0, "0.5"),
    ],
)
def test_bad_text_names_position_and_token(text, position, token):
    with pytest.raises(InvalidRangeError) as caught:
        Range(text)
    assert f"position {position}: {token!r}" in str(caught.value)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, PokerhashError)
    assert isinstance(caught.value, InvalidValueError)


# --- writing --------------------------------------------------------------------------

@st.composite
def weight_arrays(draw):
    """Weights with the structure of real ranges: whole classes sharing a few weights
    (some of them odd floats), plus a few combos of partial classes."""
    palette = draw(st.lists(st.one_of(st.sampled_from([0.0, 1.0, 0.5, 0.25]), st.floats(0, 1)),
                            min_size=1, max_size=5))
    rng = np.random.default_rng(draw(st.integers(0, 2**32 - 1)))
    present = rng.random() ** 2  # from sparse to dense charts
    cells = np.where(rng.random(169) < present, rng.choice(palette, size=169), 0.0)
    weights = cells[ph.ranges.CELL]
    for index, value in draw(st.lists(st.tuples(st.integers(0, N_COMBOS - 1), st.sampled_from(palette)),
                                      max_size=12)):
        weights[index] = value
    return weights


@settings(max_examples=200, deadline=None)
@given(weight_arrays())
def test_text_round_trips_exactly(weights):
    r = Range(weights)
    text = str(r)
    assert Range(text) == r
    assert np.array_equal(_reference_weights(text), weights)
    assert str(Range(text)) == text


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([1.0, 1e-3, 1e-300]))
def test_any_weights_round_trip(seed, scale):
    r = Range(np.random.default_rng(seed).random(N_COMBOS) * scale)
    assert Range(str(r)) == r


@pytest.mark.parametrize(
    "text, canonical",
    [
        ("AA,KK,QQ", "QQ+"), ("AKs, AKo", "AK"), ("A2s-AKs", "A2s+"), ("TT-77", "TT-77"),
        ("22-AA", "22+"), ("0.5(22+)", "22+:0.5"), ("[50]AKs[/50],AKo:0.5", "AK:0.5"),
        ("AhKh,AsKs,AdKd", "AsKs,AhKh,AdKd"), ("random", "random"), ("", ""), ("random:0.5", "random:0.5"),
        ("AKs,AKo,AQs,AJs,ATs", "AK,ATs+"), ("KQs,KJs,KTs,K9s,K5s-K2s", "K9s+,K5s-K2s"),
    ],
)
def test_canonical_text(text, canonical):
    assert str(Range(text)) == canonical


def _cheapest_cover(line_weights, kinds, size_of):
    """The length of the shortest text by trying every set of runs (small lines only)."""
    n = len(next(iter(line_weights.values())))
    candidates = []
    for kind, lines in kinds.items():
        for first in range(n):
            for last in range(first, n):
                values = {line_weights[line][k] for line in lines for k in range(first, last + 1)}
                if len(values) == 1 and values != {0.0} and None not in values:
                    shape = "single" if first == last else ("plus" if last == n - 1 else "dash")
                    candidates.append((kind, first, last, size_of(kind, shape, values.pop())))
    needed = {(line, k) for line, values in line_weights.items() for k in range(n) if values[k]}
    best = None
    for count in range(len(candidates) + 1):
        for chosen in itertools.combinations(candidates, count):
            covered = {(line, k) for kind, first, last, _ in chosen for line in kinds[kind]
                       for k in range(first, last + 1)}
            if covered == needed:
                cost = sum(c[3] for c in chosen)
                best = cost if best is None else min(best, cost)
        if best is not None and count * 3 > best:
            break
    return best


@settings(max_examples=80, deadline=None)
@given(st.integers(1, 4), st.booleans(), st.data())
def test_runs_are_the_shortest_cover(kickers, pairs, data):
    weight = st.sampled_from([0.0, 1.0, 1.0, 0.5, None])
    if pairs:
        kickers += 2
        lines = {"p": data.draw(st.lists(weight, min_size=kickers, max_size=kickers))}
        kinds = {"p": ("p",)}
    else:
        lines = {line: data.draw(st.lists(weight, min_size=kickers, max_size=kickers)) for line in "so"}
        kinds = {"b": ("s", "o"), "s": ("s",), "o": ("o",)}
    runs = ph.ranges._shortest_runs(lines, kinds, ph.ranges._run_size)
    cost = 0
    for kind, first, last, w in runs:
        shape = "single" if first == last else ("plus" if last == kickers - 1 else "dash")
        cost += ph.ranges._run_size(kind, shape, w)
        assert all(lines[line][k] == w for line in kinds[kind] for k in range(first, last + 1))
    covered = {(line, k) for kind, first, last, _ in runs for line in kinds[kind] for k in range(first, last + 1)}
    assert covered == {(line, k) for line in lines for k in range(kickers) if lines[line][k]}
    assert cost == (_cheapest_cover(lines, kinds, ph.ranges._run_size) or 0)


# --- the range as a value -------------------------------------------------------------


@pytest.mark.smoke
def test_weights_array_in_and_out():
    weights = np.zeros(N_COMBOS)
    weights[combo_index("As", "Ah")] = 0.5
    r = Range(weights)
    assert r == Range("AsAh:0.5") and str(r) == "AsAh:0.5"
    assert np.array_equal(np.asarray(r), weights) and r.weights.dtype == np.float64
    assert np.array(r, dtype=np.float32).dtype == np.float32 and np.array(r).flags.writeable
    with pytest.raises(ValueError):
        r.weights[0] = 1.0  # a range is a value
    weights[0] = 1.0
    assert r["2d2c"] == 0.0  # the range kept its own copy
    assert Range(r) == r and Range(r) is not r


@pytest.mark.parametrize("bad", [np.zeros(1325), np.full(N_COMBOS, 1.5), np.full(N_COMBOS, -0.1),
                                 np.full(N_COMBOS, np.nan), ["x"] * N_COMBOS, 3.0])
def test_bad_weights(bad):
    with pytest.raises(InvalidValueError):
        Range(bad)


def test_combos_count_iteration_and_lookup():
    r = Range("AA:0.5, AhKh")
    assert len(r) == 7 and r.num_combos() == 4.0 and r.num_combos(weighted=False) == 7
    assert r.combos().shape == (7, 2) and r.combos().dtype == np.uint8
    assert list(r) == [tuple(int(c) for c in pair) for pair in r.combos()]
    assert (51, 50) in list(r) and all(hi > lo for hi, lo in r)
    assert r["AhKh"] == 1.0 and r["KhAh"] == 1.0 and r[51, 50] == 0.5 and r["KsKh"] == 0.0
    assert "AhKh" in r and ("As", "Ad") in r and "AsKs" not in r
    assert not Range("") and Range("AA")
    with pytest.raises(InvalidCardError):
        r["AhAh"]


def test_set_operations():
    a, b = Range("QQ+, AK"), Range("KK+:0.5, AKs, JJ")
    assert a | b == Range("QQ+, AK, JJ")
    assert a & b == Range("KK+:0.5, AKs")
    assert a - b == Range("KK+:0.5, QQ, AKo")
    assert b - a == Range("JJ")
    assert a | "JJ" == "JJ" | a == Range("JJ+, AK")
    assert a - "AK" == Range("QQ+") and "QQ+" - Range("KK+") == Range("QQ")
    # Opening range minus its 3-bet part leaves the flatting frequencies.
    assert Range("AQo") - Range("AQo:0.25") == Range("AQo:0.75")


def test_scaling():
    r = Range("QQ+, AKs:0.5")
    assert r * 0.5 == 0.5 * r == Range("QQ+:0.5, AKs:0.25")
    assert r * 0 == Range("")
    assert np.float64(0.5) * r == r * np.float64(0.5) == r * 0.5
    with pytest.raises(InvalidValueError):
        r * 2
    with pytest.raises(InvalidValueError):
        r * -1
    with pytest.raises(TypeError):
        r * "2"


@pytest.mark.smoke
def test_card_removal():
    r = Range("AA, AKs, KQo")
    assert r.without("As") == Range("AhAd, AhAc, AdAc, AhKh, AdKd, AcKc, KQo")
    assert r.without(["Ks", "Qh"]) == r.without("Ks Qh")
    assert r.without("As Ah Ad").num_combos() == 0 + 1 + 12
    assert r.without([]) == r
    with pytest.raises(InvalidCardError):
        r.without("Zz")


def test_grid_layout():
    grid = Range("AA, AKs, KQo:0.5, 72o, AsKd").grid()
    assert grid.shape == (13, 13)
    assert grid[0, 0] == 1.0  # AA top left
    assert grid[0, 1] == 1.0  # AKs: row A, column K, above the diagonal
    assert grid[1, 0] == pytest.approx(1 / 12)  # AKo: one of its 12 combos
    assert grid[2, 1] == 0.5  # KQo below the diagonal
    assert grid[12, 7] == 1.0  # 72o: row 2, column 7
    assert grid.sum() == pytest.approx(3 + 1 / 12 + 0.5)
    assert Range.from_grid(Range("QQ+, A9s+, KQo:0.5").grid()) == Range("QQ+, A9s+, KQo:0.5")
    with pytest.raises(InvalidValueError):
        Range.from_grid(np.zeros((13, 12)))


def test_grid_labels_match_the_cells():
    for row in range(13):
        for col in range(13):
            label = ph.ranges.GRID_LABELS[row][col]
            grid = Range(label).grid()
            assert grid[row, col] == 1.0 and grid.sum() == 1.0
    assert ph.ranges.GRID_LABELS[0][:3] == ("AA", "AKs", "AQs") and ph.ranges.GRID_LABELS[12][11] == "32o"


def test_combo_grid_weighted_means():
    values = np.arange(N_COMBOS, dtype=float)
    villain = Range("AA:0.5, AsAh, AKs, KQo:0.25")
    chart = ph.ranges.combo_grid(values, villain)
    aces = [combo_index(*pair) for pair in itertools.combinations(["As", "Ah", "Ad", "Ac"], 2)]
    weights = [villain.weights[i] for i in aces]
    assert chart[0, 0] == pytest.approx(sum(values[i] * w for i, w in zip(aces, weights)) / sum(weights))
    suited = [combo_index("A" + s, "K" + s) for s in "cdhs"]
    assert chart[0, 1] == pytest.approx(np.mean(values[suited]))
    assert np.isnan(chart[1, 0]) and np.isnan(chart[12, 12])
    assert np.array_equal(ph.ranges.combo_grid(values, villain.weights), chart, equal_nan=True)
    unweighted = ph.ranges.combo_grid(values)
    assert unweighted[0, 1] == pytest.approx(np.mean(values[suited])) and not np.isnan(unweighted).any()
    with pytest.raises(InvalidValueError):
        ph.ranges.combo_grid(values[:-1])


def test_equality_hash_and_repr():
    assert Range("AA") == Range("AsAh, AsAd, AsAc, AhAd, AhAc, AdAc")
    assert Range("AA") != Range("AA:0.5") and Range("AA") != "AA"
    assert len({Range("AA"), Range("AA"), Range("KK")}) == 2
    assert hash(Range("AA:0")) == hash(Range(""))
    assert repr(Range("QQ+, AKs")) == "<Range 'QQ+,AKs': 22 combos>"
    assert repr(Range("AA:0.5")) == "<Range 'AA:0.5': 3 combos>"
    # The repr reads at a glance (text and combos); the text alone rebuilds the range.
    assert Range(str(Range("0.3(AK), 22"))) == Range("0.3(AK), 22")


def test_exported_from_the_package():
    assert ph.Range is Range and ph.combo_index is combo_index and ph.InvalidRangeError is InvalidRangeError


@settings(max_examples=30, deadline=None)
@given(weight_arrays(), weight_arrays(), st.lists(st.integers(0, 51), max_size=5, unique=True))
def test_algebra_laws(first, second, dead):
    a, b = Range(first), Range(second)
    assert a | b == b | a and a & b == b & a
    assert (a | b) | a == a | b and (a & b) & a == a & b
    assert np.all((a - b).weights <= a.weights) and np.all((a & b).weights <= (a | b).weights)
    assert not (a - b).weights[b.weights == 1].any()
    assert a - b == a - (a & b)
    assert (a | b).without(dead) == a.without(dead) | b.without(dead)
    assert (a - b).without(dead) == a.without(dead) - b.without(dead)
    assert a * 1 == a and (a * 0.5).num_combos() == pytest.approx(a.num_combos() / 2)
    sizes = np.bincount(ph.ranges.CELL, minlength=169).reshape(13, 13)
    assert (a.grid() * sizes).sum() == pytest.approx(a.num_combos())
    removed = a.without(dead)
    assert not any(hi in dead or lo in dead for hi, lo in removed)


def test_fast_text_paths_read_as_the_reader_does():
    """Range(text) reads one combination ("AsKd") directly and caches other texts:
    every two-card text in several forms gives the reader's weights or its error."""
    from pokerhash.ranges import _Reader, _text_weights

    forms = ["AsAs", "10sKd", "AsKd:0.5", "askd", "ASKD"]
    for a, b in itertools.permutations(range(52), 2):
        x, y = ph.card_str(a), ph.card_str(b)
        forms += [x + y, x + " " + y, x.lower() + y.lower(), x.upper() + y.upper()]
    for text in forms:
        try:
            expected = _Reader(text).read()
        except InvalidRangeError:
            with pytest.raises(InvalidRangeError):
                _text_weights(text)
            continue
        got = _text_weights(text)
        assert np.array_equal(got, expected) and not got.flags.writeable, text
    first, second = Range("QQ+,AKs"), Range("QQ+,AKs")
    assert first.weights is second.weights and not first.weights.flags.writeable
