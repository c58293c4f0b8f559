"""tracker.allin.allin_moment on hand-made event logs: the events it reads (folds,
deals, draws and redeals) before the last action, and the cards still to come."""

from types import SimpleNamespace

import pytest

from pokerhash.betting import Action
from pokerhash.engine import events as ev
from pokerhash.tracker.allin import allin_moment


def _hand(middle):
    """Two players' hole cards dealt, then ``middle``, a call, and a board card to come."""
    start = ev.Start(variant=None, seats=(0, 1), stacks=(100, 100), button=0, stakes=None, options=None)
    dealt = [ev.Deal(0, (0, 1)), ev.Deal(1, (2, 3))]
    return SimpleNamespace(events=[start, *dealt, *middle, ev.Act(1, Action.call()), ev.Burn(None),
                                   ev.Deal(None, (4, 5, 6))])


def test_moment_after_the_last_action():
    holdings, board, dead, live = allin_moment(_hand([ev.Deal(None, (7, 8, 9))]))
    assert holdings == {0: [0, 1], 1: [2, 3]} and board == [7, 8, 9] and dead == [] and live == [0, 1]


@pytest.mark.parametrize("event", [ev.Draw(0, (0,)), ev.Redeal(10)])
def test_no_moment_once_a_player_draws_or_the_hand_is_redealt(event):
    assert allin_moment(_hand([event])) is None


def test_a_fold_leaves_one_player_and_no_moment():
    assert allin_moment(_hand([ev.Act(0, Action.fold())])) is None
