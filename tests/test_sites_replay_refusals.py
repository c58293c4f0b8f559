"""The site replay refuses a hand it cannot seat with its own error (SiteError, a
PokerhashError and ValueError) and a reason, never a bare StopIteration: the seating's
look-up of a blind's poster among the players dealt in (``_blind``, which ran out of
players as ``next()`` of an empty iterator did) names the poster instead."""

import pytest

from pokerhash.errors import PokerhashError
from pokerhash.sites.model import Parsed, SiteError
from pokerhash.sites.replay import _blind, layout


def _parsed():
    p = Parsed("pokerstars")
    p.blinds = (50, 100)
    p.seats = [(1, "Ann", 1000), (2, "Bob", 1000)]
    p.posts = [("Ann", "sb", 50, 3), ("Bob", "bb", 100, 4)]
    return p


def test_a_blind_of_nobody_dealt_in_is_refused_with_a_reason():
    # A blind posted for less than the table's (an all-in?) by a name no player dealt in
    # has: before, StopIteration out of the loop that looks for his stack.
    p = _parsed()
    with pytest.raises(SiteError, match="'Cid', who is not dealt in") as caught:
        _blind(p, [(1, "Ann", 1000), (2, "Bob", 1000)], ("Cid", 20), 0)
    assert isinstance(caught.value, PokerhashError) and isinstance(caught.value, ValueError)
    assert not isinstance(caught.value, StopIteration)


def test_a_blind_of_a_player_dealt_in_is_unchanged():
    p = _parsed()
    dealt = [(1, "Ann", 1000), (2, "Bob", 1000)]
    assert _blind(p, dealt, ("Ann", 50), 0) == 50  # the table's blind
    assert _blind(p, dealt, ("Bob", 30), 1) == 30  # less, but not all-in: what was posted
    assert _blind(p, [(1, "Ann", 1000), (2, "Bob", 30)], ("Bob", 30), 1) == 100  # all-in for less: the table's


def test_a_blind_posted_by_someone_not_dealt_in_is_refused_by_the_layout():
    p = _parsed()
    p.posts.append(("Cid", "bb", 100, 5))
    with pytest.raises(SiteError, match="'Cid' posts but is not dealt in"):
        layout(p)
