"""PHH written from site hands, replayed by pokerkit (another implementation).

Every committed test hand that imports and agrees with its site's figures is written
as PHH. A hand that used a rule of the rules page pokerkit plays differently carries
``_pokerhash_rules`` (as the engine's own writer marks it); every other hand must
replay in pokerkit to the engine's stacks (the rake and fees, which pokerkit does not
take, aside). Hands pokerkit cannot settle for want of what the site never wrote are
counted apart, each by its reason."""

import warnings
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import history

DATA = Path(__file__).parent / "data" / "sites"

# Room options pokerkit has no setting for (the docs of pokerhash.sites say each).
ROOM_OPTIONS = ("_pokerhash_missed_blinds", "_pokerhash_boards", "_pokerhash_cash", "_pokerhash_large_draw_tables",
                "_pokerhash_heads_up_dead_button", "_pokerhash_straddle", "_pokerhash_cap", "_pokerhash_protected",
                "_pokerhash_uncapped_heads_up")


def _site_hands():
    for path in sorted(DATA.rglob("*")):
        if path.is_file() and path.parent.name != "formats":
            for hand in sites.read(path):
                if hand.error is None:
                    yield path, hand


def _unsettled(hist) -> str:
    """Why pokerkit cannot settle the file as the site did, or ''."""
    folded, hole = set(), {}
    for action in hist.actions:
        words = action.split()
        if words[:2] == ["d", "dh"]:
            hole[words[2]] = hole.get(words[2], "") + words[3]
        elif len(words) == 2 and words[1] == "f":
            folded.add(words[0])
    players = [f"p{i + 1}" for i in range(len(hist.starting_stacks))]
    contested = [p for p in players if p not in folded]
    if len(contested) > 1 and any(won and "??" in hole[p] for p, won in zip(players, hist.winnings)):
        return "a winner's cards never shown at a contested showdown"
    return ""


def _replayed(hist):
    import pokerkit
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # pokerkit asks for an underscore before 'tournament'
        return list(pokerkit.HandHistory.loads(history.dumps(hist)))[-1].stacks


def test_unmarked_site_phh_replays_on_pokerkit():
    pytest.importorskip("pokerkit")
    checked, marked, apart = 0, 0, {}
    failures = []
    for path, hand in _site_hands():
        result = hand.replay()
        if not result.agrees:
            continue
        hist = hand.history
        fields = hist.fields
        if fields.get("_pokerhash_rules"):
            marked += 1
            continue
        if any(key.startswith(ROOM_OPTIONS) for key in fields) or hist.variant.startswith("_pokerhash_"):
            continue
        reason = _unsettled(hist)
        if reason:
            apart[reason] = apart.get(reason, 0) + 1
            continue
        scale = Decimal(10) ** -hist.decimals
        engine = [result.hand.result.stacks[seat] * scale for seat in fields["seats"]]
        try:
            theirs = [Decimal(stack) for stack in _replayed(hist)]
        except (ValueError, KeyError, AssertionError) as error:
            failures.append(f"{path.name} #{hand.source.index}: pokerkit refuses it ({error!r})")
            continue
        # pokerkit takes no rake: each player ends with the engine's stack plus his share of it
        more = [a - b for a, b in zip(theirs, engine)]
        if sum(more) != (hand.rake or 0) + hand.fees or min(more) < 0:
            failures.append(f"{path.name} #{hand.source.index}: pokerkit {theirs}, the engine {engine}")
        checked += 1
    assert failures == []
    assert checked >= 50 and marked >= 20, (checked, marked, apart)


def _hand(text: str):
    (hand,) = sites.read(text)
    assert hand.error is None, hand.error
    assert hand.replay().agrees
    return hand


LONE_BLIND = """\
PokerStars Hand #10000000901: Tournament #300000901, $5+$0.50 USD Hold'em No Limit - Level I (10/20) - 2012/05/01 10:00:00 ET
Table '300000901 1' 4-max Seat #1 is the button
Seat 1: Abe (1500 in chips)
Seat 2: Bea (1500 in chips)
Seat 3: Cal (1500 in chips)
Bea: posts big blind 20
*** HOLE CARDS ***
Dealt to Cal [7h 2d]
Cal: folds
Abe: raises 40 to 60
Bea: folds
Uncalled bet (40) returned to Abe
Abe collected 40 from pot
Abe: doesn't show hand
*** SUMMARY ***
Total pot 40 | Rake 0
Seat 1: Abe (button) collected (40)
Seat 2: Bea (big blind) folded before Flop
Seat 3: Cal folded before Flop (didn't bet)
"""

# Abe's all-in raise to 1000 faces Cal's all-in 300: Dan is all in too, and Bea (200
# in all) cannot call more than she has, so no one can answer it; PHH readers take it
# as a call (the engine plays it so: 700 goes back).
NO_ONE_TO_ANSWER = """\
PokerStars Hand #10000000902: Tournament #300000902, $5+$0.50 USD Hold'em No Limit - Level I (10/20) - 2012/05/01 10:05:00 ET
Table '300000902 1' 4-max Seat #4 is the button
Seat 1: Abe (1000 in chips)
Seat 2: Bea (200 in chips)
Seat 3: Cal (300 in chips)
Seat 4: Dan (250 in chips)
Abe: posts small blind 10
Bea: posts big blind 20
*** HOLE CARDS ***
Dealt to Cal [Kh Kd]
Cal: raises 280 to 300 and is all-in
Dan: calls 250 and is all-in
Abe: raises 700 to 1000 and is all-in
Bea: calls 180 and is all-in
Uncalled bet (700) returned to Abe
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
Abe: shows [Ah Ad] (a pair of Aces)
Bea: shows [Qc Qd] (a pair of Queens)
Cal: shows [Kh Kd] (a pair of Kings)
Dan: shows [5c 5d] (a pair of Fives)
Abe collected 100 from side pot-2
Abe collected 150 from side pot-1
Abe collected 800 from main pot
*** SUMMARY ***
Total pot 1050 Main pot 800. Side pot-1 150. Side pot-2 100. | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Abe (small blind) showed [Ah Ad] and won (1050) with a pair of Aces
Seat 2: Bea (big blind) showed [Qc Qd] and lost with a pair of Queens
Seat 3: Cal showed [Kh Kd] and lost with a pair of Kings
Seat 4: Dan (button) showed [5c 5d] and lost with a pair of Fives
"""

# Bea reaches the showdown and neither shows nor collects: she mucks (after the
# river), and Abe takes the pot without showing; a PHH reader that showed her unknown
# cards beside his would split it.
UNSHOWN_LOSER = """\
PokerStars Hand #10000000903: Hold'em No Limit ($0.05/$0.10 USD) - 2012/05/01 10:10:00 ET
Table 'Ida II' 6-max Seat #1 is the button
Seat 1: Abe ($10 in chips)
Seat 2: Bea ($10 in chips)
Seat 3: Cal ($10 in chips)
Bea: posts small blind $0.05
Cal: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Cal [8s 3d]
Abe: calls $0.10
Bea: calls $0.05
Cal: checks
*** FLOP *** [2c 7d 9h]
Bea: checks
Cal: bets $0.10
Abe: calls $0.10
Bea: calls $0.10
*** TURN *** [2c 7d 9h] [Js]
Bea: checks
Cal: checks
Abe: checks
*** RIVER *** [2c 7d 9h Js] [4s]
Bea: checks
Cal: folds
Abe: checks
*** SHOW DOWN ***
Bea: mucks hand
Abe collected $0.60 from pot
*** SUMMARY ***
Total pot $0.60 | Rake $0
Board [2c 7d 9h Js 4s]
Seat 1: Abe (button) collected ($0.60)
Seat 2: Bea (small blind) mucked
Seat 3: Cal (big blind) folded on the River
"""


# Ben, all in on the flop, is written as folding (he gives up: GGPoker's Rush & Cash
# writes it so); the turn and river are dealt after it.
ALL_IN_GIVES_UP = """\
Poker Hand #RC1000000090: Hold'em No Limit ($0.02/$0.05) - 2024/11/04 09:00:00
Table 'RushAndCash2001' 6-max Seat #1 is the button
Seat 1: Ava ($5 in chips)
Seat 2: Ben ($2 in chips)
Seat 3: Cy ($6 in chips)
Ben: posts small blind $0.02
Cy: posts big blind $0.05
*** HOLE CARDS ***
Ava: raises $0.10 to $0.15
Ben: calls $0.13
Cy: folds
*** FLOP *** [Jd 7c 2s]
Ben: bets $1.85 and is all-in
Ava: calls $1.85
Ava: shows [Qs Qh]
Ben: folds
*** TURN *** [Jd 7c 2s] [4h]
*** RIVER *** [Jd 7c 2s 4h] [9c]
*** SHOWDOWN ***
Ava collected $3.97 from pot
*** SUMMARY ***
Total pot $4.05 | Rake $0.06 | Jackpot $0.02 | Bingo $0 | Fortune $0 | Tax $0
Board [Jd 7c 2s 4h 9c]
Seat 1: Ava (button) showed [Qs Qh] and won ($3.97)
Seat 2: Ben (small blind) folded on the Flop
Seat 3: Cy (big blind) folded before Flop
"""


@pytest.mark.parametrize("text,stacks", [
    # Bea's lone big blind is the first player's in PHH (the engine's order): PHH's
    # first to act is the player after it, Cal; Abe wins Bea's 20.
    (LONE_BLIND, [1480, 1500, 1520]),
    (NO_ONE_TO_ANSWER, [1750, 0, 0, 0]),
    (UNSHOWN_LOSER, [Decimal("9.80"), Decimal("9.80"), Decimal("10.40")]),
    # pokerkit takes no rake: Ava ends with the whole 4.05
    (ALL_IN_GIVES_UP, [0, Decimal("5.95"), Decimal("7.05")]),
])
def test_site_phh_replays_on_pokerkit(text, stacks):
    """Each hand, written as PHH, replays in pokerkit to the stacks its text gives
    (players in PHH's order: from the button's left, the button last)."""
    pytest.importorskip("pokerkit")
    hand = _hand(text)
    assert not hand.history.fields.get("_pokerhash_rules")
    assert [Decimal(s) for s in _replayed(hand.history)] == stacks


def test_site_phh_marks_the_rules_pokerkit_plays_otherwise():
    """A big blind all-in for less: the callers call the full blind (the card-room
    rule), pokerkit only what was posted; the file says so as the engine's does."""
    text = """\
PokerStars Hand #10000000904: Tournament #300000904, $5+$0.50 USD Hold'em No Limit - Level I (10/20) - 2012/05/01 10:15:00 ET
Table '300000904 1' 3-max Seat #1 is the button
Seat 1: Abe (1500 in chips)
Seat 2: Bea (1500 in chips)
Seat 3: Cal (15 in chips)
Bea: posts small blind 10
Cal: posts big blind 15 and is all-in
*** HOLE CARDS ***
Dealt to Cal [Ah Ad]
Abe: calls 20
Bea: folds
Uncalled bet (5) returned to Abe
*** FLOP *** [2c 7d 9h]
*** TURN *** [2c 7d 9h] [Js]
*** RIVER *** [2c 7d 9h Js] [4s]
*** SHOW DOWN ***
Cal: shows [Ah Ad] (a pair of Aces)
Abe: shows [Kc Kd] (a pair of Kings)
Cal collected 40 from pot
*** SUMMARY ***
Total pot 40 | Rake 0
Board [2c 7d 9h Js 4s]
Seat 1: Abe (button) showed [Kc Kd] and lost with a pair of Kings
Seat 2: Bea (small blind) folded before Flop
Seat 3: Cal (big blind) showed [Ah Ad] and won (40) with a pair of Aces
"""
    hand = _hand(text)
    assert hand.history.fields["_pokerhash_rules"] == ["short-blind"]


# Ongame writes the river of stud only to its owner (here Hero): Cy's seventh card is
# known from the summary alone, and his shown hand is written whole, so that a PHH
# reader can rank it (he wins 1.71 less 0.08 rake with three queens).
ONGAME_STUD_RIVER_UNWRITTEN = """\
***** History for hand R5-70000001-1 *****
Start hand: Mon Sep 13 22:33:42 GMT+0100 2010
Table: Tacoma [70000001] (LIMIT SEVEN_CARD_STUD $0.10/$0.20, ante: $0.02, Real money)
User: Hero
Players in round: 3
Seat 1: Abe ($5)
Seat 2: Hero ($4)
Seat 3: Cy ($6)
Abe posts ante $0.02
Hero posts ante $0.02
Cy posts ante $0.02
---
Dealing pocket cards
Dealing to Abe: [-, -, 2c]
Dealing to Hero: [Ad, As, Kh]
Dealing to Cy: [-, -, Qs]
Abe small bring in $0.05
Hero bets $0.10
Cy calls $0.10
Abe folds
---
Dealing 4th street
Dealing to Hero: [Ks]
Dealing to Cy: [Qd]
Hero bets $0.10
Cy calls $0.10
---
Dealing 5th street
Dealing to Hero: [8c]
Dealing to Cy: [7s]
Hero bets $0.20
Cy calls $0.20
---
Dealing 6th street
Dealing to Hero: [7d]
Dealing to Cy: [5s]
Hero bets $0.20
Cy calls $0.20
---
Dealing river
Dealing to Hero: [7h]
Hero bets $0.20
Cy calls $0.20
---
Summary:
Main pot: $1.71 won by Cy ($1.63)
Rake taken: $0.08
Seat 1: Abe ($4.93), net: -$0.07
Seat 2: Hero ($3.18), net: -$0.82, [Ad, As, Kh, Ks, 8c, 7d, 7h] (TWO_PAIR ACE, KING)
Seat 3: Cy ($6.81), net: +$0.81, [Qc, 6c, Qs, Qd, 7s, 5s, 3c] (THREE_OF_A_KIND QUEEN)
***** End of hand R5-70000001-1 *****
"""


def test_a_stud_river_written_to_its_owner_only_is_read_from_the_shown_hand():
    hand = _hand(ONGAME_STUD_RIVER_UNWRITTEN)
    assert hand.site == "ongame" and hand.collected == {"Cy": Decimal("1.63")}
    assert hand._parsed.known["Cy"] == ["Qc", "6c", "Qs", "Qd", "7s", "5s", "3c"]
    assert "p3 sm Qc6cQsQd7s5s3c" in hand.history.actions
    pytest.importorskip("pokerkit")
    # pokerkit takes no rake: Cy ends with the 0.08 more
    assert [Decimal(s) for s in _replayed(hand.history)] == [Decimal("4.93"), Decimal("3.18"), Decimal("6.89")]


# Ann is all in on 5th street: the 6th and 7th street cards are dealt after the
# betting, and the hands are shown whole after them (a hand cannot show cards not yet
# dealt); Ann's kings full win the 0.84 pot.
STUD_ALL_IN_BEFORE_THE_RIVER = """\
PokerStars Hand #250000000901:  7 Card Stud Limit ($0.10/$0.20 USD) - 2024/03/05 11:00:00 ET
Table 'Phoebe' 8-max
Seat 1: Ann ($0.42 in chips)
Seat 3: Bob ($5 in chips)
Ann: posts the ante $0.02
Bob: posts the ante $0.02
*** 3rd STREET ***
Dealt to Ann [Kd]
Dealt to Bob [As 3h 2c]
Bob: brings in for $0.05
Ann: completes it to $0.10
Bob: calls $0.05
*** 4th STREET ***
Dealt to Ann [Kd] [Kc]
Dealt to Bob [As 3h 2c] [5d]
Ann: bets $0.10
Bob: calls $0.10
*** 5th STREET ***
Dealt to Ann [Kd Kc] [7h]
Dealt to Bob [As 3h 2c 5d] [4s]
Ann: bets $0.20 and is all-in
Bob: calls $0.20
*** 6th STREET ***
Dealt to Ann [Kd Kc 7h] [2d]
Dealt to Bob [As 3h 2c 5d 4s] [8c]
*** RIVER ***
Dealt to Bob [As 3h 2c 5d 4s 8c] [Qh]
*** SHOW DOWN ***
Ann: shows [Ks 7c Kd Kc 7h 2d 3c] (a full house, Kings full of Sevens)
Bob: shows [As 3h 2c 5d 4s 8c Qh] (a straight, Ace to Five)
Ann collected $0.84 from pot
*** SUMMARY ***
Total pot $0.84 | Rake $0
Seat 1: Ann showed [Ks 7c Kd Kc 7h 2d 3c] and won ($0.84) with a full house, Kings full of Sevens
Seat 3: Bob showed [As 3h 2c 5d 4s 8c Qh] and lost with a straight, Ace to Five
"""


def test_stud_all_in_before_the_river_shows_after_the_last_deal():
    hand = _hand(STUD_ALL_IN_BEFORE_THE_RIVER)
    actions = hand.history.actions
    assert actions.index("p1 sm Ks7cKdKc7h2d3c") > max(k for k, a in enumerate(actions) if a.startswith("d dh"))
    pytest.importorskip("pokerkit")
    assert [Decimal(s) for s in _replayed(hand.history)] == [Decimal("0.84"), Decimal("4.58")]


def test_an_all_in_player_written_as_folding_mucks_after_the_board():
    """An all-in player cannot act: the site's fold is no PHH action. He mucks at the
    showdown, after the board the file deals (pokerkit deals no board once a muck
    leaves one hand). Where the site never showed the winner's cards (nor the board),
    pokerkit cannot settle: with the cards the engine dealt filled in (and shown by the
    winner), it replays the file to the engine's stacks (plus the rake, which pokerkit
    does not take)."""
    pytest.importorskip("pokerkit")
    from pokerhash.cards import cards_str
    # (hand, the player who gives up): two committed PokerStars tournament hands (a
    # player all in on his blind, sitting out), a committed Rush & Cash hand, Ben's
    gave_up = {"10000000002": "Fay", "10000000003": "Ivy", "RC1000000014": "c3", "RC1000000090": "Ben"}
    hands = [hand for _, hand in _site_hands() if hand.hand_id in gave_up] + [_hand(ALL_IN_GIVES_UP)]
    assert len(hands) == len(gave_up)
    for hand in hands:
        result = hand.replay()
        assert result.agrees
        hist = hand.history
        who = "p%d" % (hist.fields["players"].index(gave_up[hand.hand_id]) + 1)
        actions = list(hist.actions)
        assert f"{who} f" not in actions and actions[-1] == f"{who} sm", actions
        assert not any(action.startswith("d db") for action in actions[actions.index(f"{who} sm"):]), actions
        seats = hist.fields["seats"]
        engine = result.hand
        filled, shows = [], []
        for action in actions:
            words = action.split()
            if words[:2] == ["d", "dh"] and "??" in words[3]:
                words[3] = cards_str(engine.hole_cards(seats[int(words[2][1:]) - 1])).replace(" ", "")
                if hist.winnings[int(words[2][1:]) - 1]:  # the winner shows the cards filled in
                    shows.append(f"{words[2]} sm {words[3]}")
            filled.append(" ".join(words))
        filled[-1:-1] = shows
        board = cards_str(engine.board).replace(" ", "")
        at = 0
        for k, action in enumerate(filled):
            if action.startswith("d db"):
                count = len(action.split()[2])
                filled[k] = f"d db {board[at:at + count]}"
                at += count
        hist.actions = filled
        scale = Decimal(10) ** -hist.decimals
        theirs = [Decimal(stack) for stack in _replayed(hist)]
        mine = [engine.result.stacks[seat] * scale for seat in seats]
        more = [a - b for a, b in zip(theirs, mine)]
        assert sum(more) == (hand.rake or 0) + hand.fees and min(more) >= 0, (hand.hand_id, theirs, mine)
