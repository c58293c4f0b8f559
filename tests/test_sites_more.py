"""pokerhash.sites: PartyPoker, Winning Poker Network, Ongame and Entraction.

Every test hand (written for these tests: invented names and amounts, in each site's
layout) imports, replays on the engine and agrees with its own figures. The figures
expected below were read off each hand's text by hand (what each player collected,
the rake), not by the importer. Bad hands are refused with a reason; no text, however
cut, makes ``read`` or ``replay`` raise."""

import random
import warnings
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import history

DATA = Path(__file__).parent / "data" / "sites"
D = Decimal

# hand id -> (site, game, limit, currency, what each player collected, rake, fees)
EXPECTED = {
    # Party: the side pot and the main pot (12.60 + 7.40); 20.75 went in, so 0.75 rake.
    "20000000001": ("partypoker", "Texas Hold'em", "no-limit", "USD", {"Hero": D("20.00")}, D("0.75"), D(0)),
    # Party: decimal commas; the uncalled 1.20 inside the 2.83 won; 2.95 went in.
    "20000000002": ("partypoker", "Texas Hold'em", "no-limit", "USD", {"Hero": D("2.83")}, D("0.12"), D(0)),
    # Party: fixed-limit Omaha hi/lo, high and low halves of 340 less 3.
    "20000000003": ("partypoker", "Omaha hi/lo", "fixed-limit", "USD",
                    {"Otto K": D("168.50"), "lowball_lu": D("168.50")}, D("3.00"), D(0)),
    # Party, newer layout: the rake written (Main Pot after it), 'collected' in the summary.
    "1780000000123abcdefgh01": ("partypoker", "Omaha", "pot-limit", "USD", {"Hero": D("64.85")}, D("0.90"), D(0)),
    # Party tournament: Nina's uncalled 1,250 written as a side pot she wins.
    "20000000101": ("partypoker", "Texas Hold'em", "no-limit", "", {"Hero": D(2525), "Nina": D(1250)}, D(0), D(0)),
    # Party tournament, heads-up, blinds posted without a line: 100 antes + 200 + 400.
    "20000000102": ("partypoker", "Texas Hold'em", "no-limit", "", {"Nina": D(700)}, D(0), D(0)),
    "900000001": ("winning", "Texas Hold'em", "no-limit", "USD", {"Hero": D("39.50")}, D("0.95"), D("0.05")),
    "900000101": ("winning", "Texas Hold'em", "no-limit", "", {"Hero": D(1175)}, D(0), D(0)),
    "900000201": ("winning", "Seven-card stud", "fixed-limit", "USD", {"Hero": D("12.05")}, D("0.50"), D(0)),
    # Winning, run twice: 361 in, 1 rake, 180 on each board.
    "900000301": ("winning", "Texas Hold'em", "no-limit", "USD", {"Ilse": D(180), "Hero": D(180)}, D(1), D(0)),
    "700000001": ("winning", "Texas Hold'em", "no-limit", "USD", {"Hero": D("1.39")}, D("0.06"), D(0)),
    # Older Winning layout: the big blind (2) equals the first stake: fixed limit 2/4.
    "700000002": ("winning", "Texas Hold'em", "fixed-limit", "USD", {"Hero": D(27)}, D(1), D(0)),
    "700000101": ("winning", "Texas Hold'em", "no-limit", "", {"Hero": D(3020)}, D(0), D(0)),
    # Older Winning layout with a straddle: 27 in, 1.30 rake.
    "700000003": ("winning", "Texas Hold'em", "no-limit", "USD", {"Hero": D("25.70")}, D("1.30"), D(0)),
    # Older Winning Omaha whose all-in goes beyond the pot limit: a no-limit table.
    "700000004": ("winning", "Omaha", "no-limit", "USD", {"wyn": D(7)}, D(0), D(0)),
    # Older Winning stud: the bring-in by the lowest up card, the hero's seventh card dealt down.
    "700000201": ("winning", "Seven-card stud", "fixed-limit", "USD", {"Hero": D("12.05")}, D("0.50"), D(0)),
    # Older Winning layout, a player seated after the seat list (his seat line last) left
    # unnamed in every other line: lou, the big blind; 13 in, 0.60 rake.
    "700000005": ("winning", "Texas Hold'em", "no-limit", "USD", {"lou": D("12.40")}, D("0.60"), D(0)),
    # Older Winning Six Plus Hold'em (short deck, with blinds): 1.07 in, 0.04 rake.
    "700000006": ("winning", "Short-deck Hold'em", "no-limit", "USD", {"Hero": D("1.03")}, D("0.04"), D(0)),
    # Winning capped tables ("caps"): the cap is the capping player's total, 30 big blinds.
    # 1.21 in, 0.04 rake and a 0.02 jackpot fee; older layout 615 in, 2.76 rake, 0.24 fee.
    "900000401": ("winning", "Texas Hold'em", "no-limit", "USD", {"mave": D("1.15")}, D("0.04"), D("0.02")),
    "700000007": ("winning", "Omaha", "pot-limit", "USD", {"Hero": D(612)}, D("2.76"), D("0.24")),
    # Older Winning layout, disconnect protection: lumi all-in for his 1.50 on the flop
    # wins the main pot (4.75 less the 0.50 rake), Ana Sol the side pot of 6.
    "700000401": ("winning", "Texas Hold'em", "no-limit", "USD", {"lumi": D("4.25"), "Ana Sol": D(6)}, D("0.50"),
                  D(0)),
    "R5-300000001-11": ("ongame", "Texas Hold'em", "no-limit", "USD", {"Hero": D(2016)}, D(3), D(0)),
    "R5-300000002-5": ("ongame", "Texas Hold'em", "fixed-limit", "USD", {"Hero": D("5.75"), "Rolf": D("5.75")},
                       D("0.50"), D(0)),
    "T5-400000001-3": ("ongame", "Texas Hold'em", "no-limit", "", {"Hero": D(3110)}, D(0), D(0)),
    # Ongame stud, eight players (the deck cannot give all of them seven cards).
    "R5-300000003-9": ("ongame", "Seven-card stud", "fixed-limit", "USD", {"Hero": D("4.20")}, D("0.20"), D(0)),
    # Ongame five-card draw: the hero's draw as "changed 2 cards" and its new hand
    # (0.70 in, 0.03 rake); then, on the button, as the new hand alone (the street
    # delimiters left out, as some files do): 0.45 in, 0.02 rake, the 0.20 bet returned.
    "R5-300000004-1": ("ongame", "Five-card draw", "fixed-limit", "USD", {"Hero": D("0.67")}, D("0.03"), D(0)),
    "R5-300000004-2": ("ongame", "Five-card draw", "fixed-limit", "USD", {"Hero": D("0.43")}, D("0.02"), D(0)),
    "3000000001": ("entraction", "Omaha", "pot-limit", "EUR", {"Hero": D("11.00")}, D("0.50"), D(0)),
    "3000000101": ("entraction", "Texas Hold'em", "no-limit", "", {"Hero": D(4175)}, D(0), D(0)),
}
FOLDERS = ("partypoker", "winning", "ongame", "entraction")
HANDS = [hand for folder in FOLDERS for hand in sites.read(DATA / folder)]
VENUES = {"partypoker": "PartyPoker", "winning": "Winning Poker Network", "ongame": "Ongame",
          "entraction": "Entraction"}


def test_every_test_hand_is_read():
    assert sorted(hand.hand_id for hand in HANDS) == sorted(EXPECTED)
    assert all(hand.error is None for hand in HANDS), [hand.error for hand in HANDS if hand.error]


@pytest.mark.parametrize("hand", HANDS, ids=[hand.hand_id for hand in HANDS])
def test_hand_replays_to_its_own_figures(hand):
    site, game, limit, currency, collected, rake, fees = EXPECTED[hand.hand_id]
    assert (hand.site, hand.game, hand.limit, hand.currency) == (site, game, limit, currency)
    assert hand.collected == collected
    assert hand.rake == rake and hand.fees == fees
    result = hand.replay()
    assert result.agrees, result.differences
    assert result.rake == rake + fees
    for name in set(collected) | set(result.won):
        # Party and Ongame return an uncalled bet without a line, Party inside the winnings.
        assert collected.get(name, 0) in (result.won.get(name, 0),
                                          result.won.get(name, 0) + result.returned.get(name, 0))
    phh = hand.history
    assert phh.fields["venue"] == VENUES[site]
    back = history.loads(history.dumps(phh))
    assert back.actions == phh.actions


def test_the_site_comes_from_the_text_alone(tmp_path):
    """Hands of all four sites (and of 888poker, whose first line Party shares) in one
    file named after none of them, in file order."""
    texts = [(DATA / folder / name).read_text(encoding="utf-8") for folder, name in (
        ("ongame", "hands.txt"), ("partypoker", "cash.txt"), ("888poker", "tournament.txt"),
        ("entraction", "hands.txt"), ("winning", "older.txt"), ("partypoker", "tournament.txt"),
        ("winning", "current.txt"))]
    mixed = tmp_path / "hands.log"
    mixed.write_text("\n\n".join(texts), encoding="utf-8")
    got = [hand.site for hand in sites.read(mixed)]
    pacific = len(list(sites.read(DATA / "888poker" / "tournament.txt")))
    assert got == ["ongame"] * 4 + ["partypoker"] * 3 + ["888poker"] * pacific + ["entraction"] * 2 + \
        ["winning"] * 9 + ["partypoker"] * 2 + ["winning"] * 5
    assert [hand.site for hand in sites.read(mixed, site="ongame") if hand.error is None] == ["ongame"] * 4
    assert set(FOLDERS) <= set(sites.SITES)


def test_party_opening_lines_belong_to_their_hand():
    text = (DATA / "partypoker" / "cash.txt").read_text(encoding="utf-8")
    hands = list(sites.read(text))
    assert [h.hand_id for h in hands] == ["20000000001", "20000000002", "20000000003"]
    assert hands[1].text.startswith("Game #20000000002 starts.")
    # A file that stops after a hand's opening line: that hand is refused, not lost.
    cut = list(sites.read(text + "\nGame #20000000004 starts.\n"))
    assert len(cut) == 4 and "truncated" in cut[3].error and cut[3].site == "partypoker"


def test_party_opening_lines_after_a_byte_order_mark():
    data = b"\xef\xbb\xbf" + (DATA / "partypoker" / "cash.txt").read_bytes().replace(b"\n", b"\r\n")
    hands = list(sites.read(data))
    assert [h.hand_id for h in hands] == ["20000000001", "20000000002", "20000000003"]
    assert all(h.error is None for h in hands)


def test_winning_older_layout_in_utf16():
    data = (DATA / "winning" / "older.txt").read_text(encoding="utf-8").replace("\n", "\r\n").encode("utf-16")
    hands = list(sites.read(data))
    assert [h.hand_id for h in hands] == ["700000001", "700000002", "700000101", "700000201", "700000003",
                                          "700000004", "700000005", "700000006", "700000007"]
    assert all(h.error is None and h.replay().agrees for h in hands)


def _hand(folder, name, index):
    return [h.text for h in sites.read(DATA / folder / name)][index]


REFUSED = [
    # (folder, file, hand, text changed from -> to (None: cut there), what the error says)
    ("partypoker", "cash.txt", 0, ("$25 USD NL Texas Hold'em", "$0.50/$1 USD 7 Card Stud"), "stud hands are not read"),
    ("partypoker", "cash.txt", 0, ("Ann Marie calls [$0.25 USD]", "Newcomer posts big blind [$0.25 USD].\n"
                                   "Ann Marie calls [$0.25 USD]"), "neither in the seat list nor said to join"),
    ("partypoker", "cash.txt", 0, ("Ann Marie calls [$0.25 USD]", "Newcomer has joined the table.\n"
                                   "Newcomer posts big blind [$0.25 USD].\nAnn Marie calls [$0.25 USD]"),
     "he joined the table after it was written (line"),
    ("partypoker", "cash.txt", 1, ("Hero wins $2,83 USD", "Hero wins $9,83 USD"), "put in only"),
    ("partypoker", "cash.txt", 2, ("Otto K wins $168.50 USD from the main pot with three of a kind, Kings.\n"
                                   "lowball_lu wins Lo ($168.50 USD) from the main pot with 7,4,3,2,A.", ""),
     "nobody wins"),
    ("partypoker", "newer.txt", 0, ("Wren is all-In.", "Wren is all-In.\nWren opted for cash-out"), "cashed out"),
    ("winning", "older.txt", 0, ("Player fenna checks", "Player  checks"), "the seat list does not hold"),
    ("winning", "older.txt", 8, ("Player cato calls (160)", "Player cato caps (150)"), "a cap is the table's"),
    ("winning", "older.txt", 0, ("------ Summary ------", "----"), "unknown line"),
    ("winning", "current.txt", 0, ("Holdem(No Limit)", "Draw(Fixed Limit)"), "not read"),
    ("winning", "older.txt", 3, ("Player quill calls (2)\n*** Sixth", "Player quilt is disconnected and ALL IN.\n"
                                                                       "*** Sixth"), "names no seated player"),
    ("winning", "current.txt", 0, ("*** SUMMARY ***", None), "truncated"),
    ("winning", "older.txt", 6, ("Seat 3: lou (120).\n", ""), "the seat list does not hold"),
    ("partypoker", "cash.txt", 0, ("***** Hand History for Game 20000000001 *****\n$25 USD NL Texas Hold'em - Tuesday, March 12, 21:04:33 EDT 2024",
                                   "***** Hand History for Game 20000000001 ***** (Poker Stars)\n"
                                   "Tourney Hand NL Texas Hold'em - Sunday, May 5, 21:00:00 ET 2024"),
     "converted from another room's text (Poker Stars)"),
    ("winning", "older.txt", 6, ("Seat 3: lou (120).\n", "Seat 3: lou (120).\nSeat 4: wim (50).\n"),
     "2 seated players are never named"),
    ("ongame", "hands.txt", 0, ("NO_LIMIT TEXAS_HOLDEM", "LIMIT RAZZ"), "razz is not read"),
    ("ongame", "draw.txt", 0, ("[Kd, 4h, Kh, Ks, 9d]\nMara", "[Kd, 4h, Kh, Ks]\nMara"), "does not follow"),
    ("ongame", "draw.txt", 0, ("Hero changed 2 cards", "Hero changed 1 cards"), "as many cards as the draw"),
    ("ongame", "hands.txt", 0, ("***** End of hand R5-300000001-11 *****", ""), "truncated"),
    ("ongame", "hands.txt", 2, ("zed posts big blind (100)\n", ""), "no big blind"),
    ("entraction", "hands.txt", 0, ("Game ended 2024-06-12 21:40:00 CEST", ""), "truncated"),
    ("entraction", "hands.txt", 1, ("Qh - Qs (a pair", "Qh - Xs (a pair"), "is not a card"),
    ("ongame", "hands.txt", 1, ("[Ac, Kc] (TWO_PAIR", "[Ah, Kc] (TWO_PAIR"), "dealt twice"),
    ("partypoker", "cash.txt", 0, ("zeta_9 posts big blind [$0.25 USD].", "zeta_9 posts big blind [$0 USD]."),
     "posts no chips"),
    ("entraction", "hands.txt", 0, ("Dealer:                     Hero", "Dealer:                     Nobody"),
     "dealer is not in the seat list"),
    # the actions name 'Hero Name' where the seat list holds 'Hero' (a half-anonymised file)
    ("partypoker", "cash.txt", 0, ("Hero raises [$3.90 USD]", "Hero Name raises [$3.90 USD]"),
     "the line names 'Hero Name', who is not in the seat list ('Hero' is)"),
]


@pytest.mark.parametrize("folder,name,index,change,reason", REFUSED,
                         ids=[f"{r[0]}-{r[4][:20]}" for r in REFUSED])
def test_bad_hands_are_refused_with_a_reason(folder, name, index, change, reason):
    text = _hand(folder, name, index)
    assert change[0] in text
    changed = text[:text.index(change[0])] if change[1] is None else text.replace(change[0], change[1])
    hands = list(sites.read(changed))
    assert len(hands) == 1 and hands[0].site == folder
    assert hands[0].error is not None and reason in hands[0].error, hands[0].error
    with pytest.raises(sites.SiteError):
        hands[0].replay()


def test_a_changed_figure_is_a_named_difference():
    text = _hand("ongame", "hands.txt", 1).replace("won by Hero ($5.75), Rolf ($5.75)",
                                                   "won by Hero ($6.75), Rolf ($4.75)")
    result = next(sites.read(text)).replay()
    assert not result.agrees
    assert any("Rolf" in d and "4.75" in d for d in result.differences), result.differences
    text = _hand("entraction", "hands.txt", 0).replace("Hero                        Raise       (3.50)",
                                                       "Hero                        Raise       (9.50)")
    result = next(sites.read(text)).replay()
    assert not result.agrees and "line" in result.differences[0]


@pytest.mark.parametrize("folder", FOLDERS)
def test_no_cut_of_a_hand_raises(folder):
    """Every hand cut after each of its lines: read and replay report, never raise."""
    for path in sorted((DATA / folder).glob("*.txt")):
        for hand in sites.read(path):
            lines = hand.text.split("\n")
            for cut in range(1, len(lines)):
                for part in sites.read("\n".join(lines[:cut]) + "\n"):
                    if part.error is None:
                        part.replay()


def test_mutated_hands_never_raise():
    """Lines dropped, repeated, cut or with a character changed: every hand is read or
    refused, and every hand read replays (agreeing or not), without an exception."""
    texts = [hand.text for hand in HANDS]
    rng = random.Random(22)
    for _ in range(600):
        lines = rng.choice(texts).split("\n")
        for _ in range(rng.randint(1, 3)):
            k = rng.randrange(len(lines))
            what = rng.random()
            if what < 0.3 and len(lines) > 1:
                del lines[k]
            elif what < 0.5:
                lines.insert(k, lines[rng.randrange(len(lines))])
            elif lines[k]:
                at = rng.randrange(len(lines[k]))
                lines[k] = lines[k][:at] + rng.choice("0123456789 ,.$()[]-:#aZX") + lines[k][at + 1:]
        for hand in sites.read(("\n".join(lines) + "\n").encode()):
            if hand.error is None:
                hand.replay()


def test_ongame_heads_up_with_two_big_blinds_is_read():
    text = """***** History for hand R5-300000009-1 *****
Start hand: Mon Jun 03 21:00:00 CEST 2024
Table: Aswan [300000009] (NO_LIMIT TEXAS_HOLDEM $0.05/$0.10, Real money)
User: Hero
Button: seat 2
Players in round: 2
Seat 1: ola ($5)
Seat 2: Hero ($8)
Hero posts big blind ($0.10)
Hero posts dead blind ($0.05)
ola posts big blind ($0.10)
---
Dealing pocket cards
Dealing to Hero: [Qh, 4h]
Hero raises $0.20 to $0.30
ola folds
---
Summary:
Main pot: $0.25 won by Hero ($0.25)
Rake taken: $0
Seat 1: ola ($4.90), net: -$0.10
Seat 2: Hero ($8.10), net: +$0.10
***** End of hand R5-300000009-1 *****
"""
    # The button (Hero) coming back posts a live big blind and the small blind dead:
    # played with two equal blinds and the dead part (sites/ongame.py). The pot is the
    # dead 0.05 and 0.10 each; Hero's raise of 0.20 comes back (net +0.10).
    hand = next(sites.read(text))
    assert hand.hand_id == "R5-300000009-1" and hand.error is None
    result = hand.replay()
    assert result.agrees, result.differences
    assert result.won == {"Hero": Decimal("0.25")} and result.returned == {"Hero": Decimal("0.20")}


def test_phh_of_the_hands_replays_on_pokerkit():
    """pokerkit, another implementation, replays the PHH written for each hand that PHH
    can say all of (no rake, missed blinds or second board; a game with a PHH code) to
    the engine's stacks."""
    pokerkit = pytest.importorskip("pokerkit")
    checked = 0
    for hand in HANDS:
        fields = hand.history.fields
        if hand.rake or hand.fees or any(key.startswith(("_pokerhash_missed", "_pokerhash_boards")) for key in fields) \
                or hand.history.variant.startswith("_pokerhash_"):  # a game PHH has no code for (no-limit Omaha)
            continue
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit asks for an underscore before 'tournament'
            states = list(pokerkit.HandHistory.loads(history.dumps(hand.history)))
        scale = Decimal(10) ** -hand.history.decimals
        engine = hand.replay().hand.result.stacks
        assert [Decimal(s) for s in states[-1].stacks] == [engine[seat] * scale for seat in fields["seats"]]
        checked += 1
    assert checked >= 6


def test_hands_split_the_same_in_small_blocks(monkeypatch):
    """Opening lines and first lines cut across the blocks a file is read in."""
    from pokerhash.sites import sources
    data = b"".join((DATA / folder / name).read_bytes() + b"\n" for folder, name in (
        ("partypoker", "cash.txt"), ("partypoker", "tournament.txt"), ("winning", "older.txt"),
        ("ongame", "hands.txt"), ("entraction", "hands.txt")))
    whole = [(h.site, h.hand_id, h.error) for h in sites.read(data)]
    for size in (7, 64, 301):
        monkeypatch.setattr(sources, "_CHUNK", size)
        assert [(h.site, h.hand_id, h.error) for h in sites.read(data)] == whole
    assert all(error is None for _, _, error in whole) and len(whole) == 20


@pytest.mark.parametrize("name,protected,won,returned", [
    # Winning: lumi, all-in for his 1.50 on the flop, wins the main pot (4 x 1.50 less
    # the 0.25 small blind's share: 4.75, less the 0.50 rake); Ana Sol the side pot of
    # 2 x 3 and her river bet back.
    ("winning/disconnected.txt", "lumi", {"lumi": D("4.25"), "Ana Sol": D(6)}, {"Ana Sol": D(5)}),
    # iPoker: Pia, all-in for her 0.40 facing 0.60, wins the main pot (0.10 + 0.20 +
    # 3 x 0.40, less 0.07); Quin the side pot (2 x 0.20, less 0.02) and his turn bet back.
    ("ipoker/disconnected.xml", "Pia", {"Pia": D("1.43"), "Quin": D("0.38")}, {"Quin": D("0.40")}),
])
def test_disconnect_protection_is_played(name, protected, won, returned):
    """A player made all-in by disconnect protection (Winning's "is disconnected and ALL
    IN.", iPoker's sum "DP"): he puts in nothing more, plays for the pots his chips
    match and keeps the rest; the figures are the text's own, and the PHH marks it."""
    from pokerhash.engine import history_hands

    (hand,) = list(sites.read(DATA / name))
    result = hand.replay()
    assert hand.error is None and result.agrees, result.differences
    assert result.won == won and result.returned == returned
    phh = hand.history
    players = phh.fields["players"]
    assert [p for p, _ in phh.fields["_pokerhash_protected"]] == [players.index(protected) + 1]
    assert phh.fields["_pokerhash_rules"] == ["disconnect-protection"]
    again = history_hands.replay(history.loads(history.dumps(phh)))
    assert again.complete and again.hand.result.stacks[again.hand.seats[players.index(protected)]] > 0
