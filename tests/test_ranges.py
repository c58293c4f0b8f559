"""Ranges: the combo layout, the range language, set operations and the grid."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

from pokerhash import InvalidCardError, combo_cards, combo_index
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
