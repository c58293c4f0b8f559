"""pokerhash.sites: an iPoker stud tournament hand whose text shows no bet size takes
its level's bets from the hands around it in the file, only when the nearest earlier
and later hands of the same tournament give the same bets at the same ante (levels
only rise); otherwise it stays refused, saying which neighbour is missing or differs.
The test file's figures are read here from its text, not by the importer."""

import re
from decimal import Decimal
from pathlib import Path

import pokerhash.sites as sites
from pokerhash.engine import history

FILE = Path(__file__).parent / "data" / "sites" / "neighbours" / "ipoker_stud_levels.xml"
TEXT = FILE.read_text(encoding="utf-8")
NO_BETS = ("a stud tournament hand that shows no completion and no full bet (only antes of 10, a bring-in of 20, "
           "calls, checks and folds)")


def _game(code, text=TEXT):
    start = text.index(f'<game gamecode="{code}">')
    return text[start:text.index("</game>", start) + len("</game>")]


def _written_wins(code):
    return {name: Decimal(win) for name, win in re.findall(r'name="(\w+)" chips="[^"]*" dealer="\d" win="(\d+)"',
                                                           _game(code)) if win != "0"}


def test_the_middle_hand_takes_its_equal_neighbours_bets_and_agrees_with_the_site():
    first, middle, last = sites.read(FILE)
    assert [h.hand_id for h in (first, middle, last)] == ["5000000011", "5000000012", "5000000013"]
    for hand in (first, middle, last):
        assert hand.error is None, hand.error
        assert hand.collected == _written_wins(hand.hand_id)
        replay = hand.replay()
        assert replay.agrees, replay.differences
    # the completions to 50 in the hands before and after: small bet 50, big bet 100
    assert (middle._parsed.small_bet, middle._parsed.big_bet) == (50, 100)
    note = middle.history.fields["_pokerhash_bets_from"]
    assert note == ("hands 5000000011 and 5000000013 of the same tournament, before and after it, are at ante 10 "
                    "and bets 50/100 (levels only rise)")
    assert "_pokerhash_bets_from" not in first.history.fields
    # the PHH says it, and reads back
    (again,) = history.loads_all(sites.dumps_all([middle]))
    assert again.fields["_pokerhash_bets_from"] == note and again.small_bet == 50 and again.big_bet == 100


def test_alone_the_hand_tells_no_bets_and_is_refused():
    hand = sites.parse_hand(_game("5000000012") + TEXT[TEXT.index("</game>") + 7:][-10:] + "\n" +
                            TEXT[TEXT.index("<session"):TEXT.index("<game ")] + "</session>")
    assert hand.error is not None and NO_BETS in hand.error


def test_neighbours_at_different_bets_leave_the_hand_refused_saying_so():
    # the later hand completes to 60: a level of 60/120 at the same ante
    text = TEXT.replace('<action no="5" player="Nell" type="5" sum="50"', '<action no="5" player="Nell" type="5" '
                        'sum="60"').replace('name="Nell" chips="1,510" dealer="0" win="100" bet="60"',
                                            'name="Nell" chips="1,510" dealer="0" win="110" bet="70"')
    first, middle, last = sites.read(text)
    assert first.error is None and last.error is None and last.replay().agrees
    assert NO_BETS in middle.error
    assert middle.error.endswith("; the level changes around it: the earlier hand 5000000011 (ante 10, bets 50/100) "
                                 "and the later hand 5000000013 (ante 10, bets 60/120) differ")


def test_a_different_ante_leaves_the_hand_refused_saying_so():
    game = _game("5000000012")
    changed = game.replace('type="15" sum="10"', 'type="15" sum="15"').replace(
        'win="0" bet="10"', 'win="0" bet="15"').replace('win="50" bet="30"', 'win="65" bet="35"')
    first, middle, last = sites.read(TEXT.replace(game, changed))
    assert middle.error.endswith("; its ante (15) is not that of the earlier hand 5000000011 (ante 10, bets 50/100) "
                                 "and the later hand 5000000013 (ante 10, bets 50/100)")


def test_without_a_later_hand_the_hand_is_refused_saying_so():
    first, middle = sites.read(TEXT.replace(_game("5000000013"), ""))
    assert first.error is None
    assert NO_BETS in middle.error
    assert middle.error.endswith("; no later hand of tournament 800000002 in the file gives them")


def test_without_an_earlier_hand_the_hand_is_refused_saying_so():
    middle, last = sites.read(TEXT.replace(_game("5000000011"), ""))
    assert last.error is None
    assert middle.error.endswith("; no earlier hand of tournament 800000002 in the file gives them")


def test_a_hand_waits_at_most_hold_hands_for_its_later_neighbour(monkeypatch):
    from pokerhash.sites import stud_levels
    monkeypatch.setattr(stud_levels, "HOLD", 0)  # held no further
    first, middle, last = sites.read(TEXT)
    assert first.error is None and last.error is None
    assert middle.error.endswith("; no later hand of tournament 800000002 gives them within 0 hands")
