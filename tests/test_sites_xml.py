"""pokerhash.sites, the XML formats (iPoker, Merge, MicroGaming, Boss Media): every test
hand imports, replays on the engine and agrees with the figures of its own text, read
here by small regular expressions over the text (not by the importer); corrupt,
truncated and hostile XML is refused hand by hand, naming the line, never raised."""

import io
import re
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import history

DATA = Path(__file__).parent / "data" / "sites"
XML_SITES = ("ipoker", "merge", "microgaming", "bossmedia")
FILES = [path for site in XML_SITES for path in sorted((DATA / site).glob("*.xml"))]


def _amount(text):
    """An amount as these test files write it: a currency sign, thousands commas."""
    return Decimal(text.strip("$€£").replace(",", ""))


def written_figures(site, text):
    """(what each player collected, the rake) as the hand's text says, by site."""
    won = {}
    if site == "ipoker":
        # iPoker: each player's win; the rake is what went in (bet) less what came back (win)
        players = re.findall(r'<player seat="\d+" name="([^"]*)" chips="[^"]*" dealer="\d" win="([^"]*)" '
                             r'bet="([^"]*)"', text)
        for name, win, _ in players:
            if _amount(win):
                won[name] = _amount(win)
        rake = sum(_amount(bet) for _, _, bet in players) - sum(_amount(win) for _, win, _ in players)
        return won, rake
    if site == "merge":
        names = dict(re.findall(r'<player seat="(\d+)" nickname="([^"]*)"', text))
        for amount, seat in re.findall(r'<winner amount="([^"]*)" uncalled="false" potnumber="\d+" player="(\d+)"',
                                       text):
            won[names[seat]] = won.get(names[seat], 0) + _amount(amount)
        return won, None
    if site == "microgaming":
        names = dict(re.findall(r'<Seat num="(\d+)" alias="([^"]*)"', text))
        win = text[text.index('type="Win"'):]
        for seat, amount in re.findall(r'<Seat num="(\d+)" amount="([^"]*)"', win):
            won[names[seat]] = won.get(names[seat], 0) + _amount(amount)
        return won, Decimal(re.search(r' rake="(\d+)"', text).group(1)) / 100
    for name, amount in re.findall(r'<RESULT PLAYER="([^"]*)" WIN="([^"]*)"', text):
        if _amount(amount):
            won[name] = _amount(amount)
    return won, _amount(re.search(r'<SHOWDOWN [^>]*RAKE="([^"]*)"', text).group(1))


def _hands(path):
    return list(sites.read(path))


@pytest.mark.parametrize("path", FILES, ids=[f"{p.parent.name}/{p.name}" for p in FILES])
def test_every_hand_imports_replays_and_agrees_with_its_text(path):
    hands = _hands(path)
    assert hands
    for hand in hands:
        assert hand.error is None, hand.error
        assert hand.site == path.parent.name
        won, rake = written_figures(hand.site, hand.text)
        assert hand.collected == won
        if rake is not None:
            assert hand.rake == rake
        replay = hand.replay()
        assert replay.agrees, replay.differences


def test_ipoker_actions_replay_in_the_order_of_their_numbers_and_sitting_out_players_are_not_dealt():
    first = _hands(DATA / "ipoker" / "cash.xml")[0]
    assert list(first.players) == ["Ann Lee", "Bob", "Cyd"]  # Dee sits out (type 9, no cards)
    acts = [(act.player, act.verb) for act in first._parsed.acts]
    # written grouped by player (Ann, Bob, Cyd); played Cyd, Ann, Bob
    assert acts[:3] == [("Cyd", "b"), ("Ann Lee", "f"), ("Bob", "c")]
    assert first.players["Ann Lee"] == Decimal("10") and first.currency == "EUR"
    assert first.game == "Texas Hold'em" and first.limit == "no-limit"


def test_ipoker_ante_of_a_player_who_then_sits_out_is_dead_money():
    """Cal antes 0.03 and sits out (type 9, no cards): his ante is dead money in the
    pot, he is not dealt in and wins nothing. The text's figures: 1.32 in (four 0.03
    antes, 0.20 from each of three players, 0.30 from each of two), Eli wins 1.26, so
    the rake is 0.06; without Cal's ante the winner would get more than went in."""
    hand = _hands(DATA / "ipoker" / "sat_out_ante.xml")[0]
    assert hand.error is None and list(hand.players) == ["Ada", "Dee", "Eli"]
    result = hand.replay()
    assert result.agrees, result.differences
    assert result.won == {"Eli": Decimal("1.26")} and result.rake == Decimal("0.06")
    engine = result.hand
    seat_of = hand.seats
    # the pot holds every chip the dealt players put in and Cal's ante, nothing more
    assert sum(engine.contributed.values()) + Decimal("3") == 132
    # the dealt players' stacks change by exactly what they put in and won
    start = {seat_of[name]: int(stack * 100) for name, stack in hand.players.items()}
    start[seat_of["Eli"]] += 3  # the seat that fronts Cal's dead ante (raised, then posted)
    final = engine.result.stacks
    assert final[seat_of["Ada"]] == start[seat_of["Ada"]] - 23
    assert final[seat_of["Dee"]] == start[seat_of["Dee"]] - 53
    assert final[seat_of["Eli"]] == start[seat_of["Eli"]] - 3 - 53 + 126
    # chips neither created nor lost: the dealt players' stacks and Cal's ante are the
    # final stacks and the rake
    assert sum(int(stack * 100) for stack in hand.players.values()) + 3 == sum(final.values()) + 6
    phh = hand.history
    assert phh.fields["_pokerhash_dead_antes_players"] == ["Cal"] and phh.fields["_pokerhash_dead_antes"] == \
        [Decimal("0.03")]
    assert phh.fields["_pokerhash_rules"] == ["dead-blind"]
    # Cal cannot win: a site saying he collected the pot disagrees with the engine
    text = (DATA / "ipoker" / "sat_out_ante.xml").read_text(encoding="utf-8")
    text = text.replace('name="Eli" chips="$7.15" dealer="1" win="$1.26"', 'name="Eli" chips="$7.15" dealer="1" win="$0"')
    text = text.replace('name="Cal" chips="$9.55" dealer="0" win="$0"', 'name="Cal" chips="$9.55" dealer="0" win="$1.26"')
    (taken,) = list(sites.read(text))
    assert taken.error is None and not taken.replay().agrees
    assert any("won by Cal" in d for d in taken.replay().differences)


def test_ipoker_ante_of_a_player_who_sits_out_heads_up_is_refused():
    """Ada's cards and actions left out: she sits out too, Dee and Eli play heads-up,
    and no dealt seat outside the blinds can front Cal's dead ante: refused, naming
    the line (not a replay that differs)."""
    text = (DATA / "ipoker" / "sat_out_ante.xml").read_text(encoding="utf-8")
    text = re.sub(r'<cards type="Pocket" player="Ada">X X</cards>|<action no="\d+" player="Ada"[^>]*/>', "", text)
    (hand,) = list(sites.read(text))
    assert hand.error is not None and re.match(r"line \d+: Cal posts an ante but is not dealt in", hand.error)
    assert "heads-up" in hand.error


def test_ipoker_tournament_chips_and_client_20_convention():
    hand = _hands(DATA / "ipoker" / "tournament.xml")[0]
    assert hand.players == {"Eve": 1500, "Fay": 1200, "Gus": 900}
    assert hand.currency == "" and hand.rake == 0
    assert hand.history.fields["tournament"] == "555001"


def test_a_hand_reads_alone_with_its_header():
    for path in FILES:
        for hand in _hands(path):
            again = sites.parse_hand(hand.text)
            assert again.error is None and again.site == hand.site and again.collected == hand.collected


def test_site_filter_and_phh():
    hands = list(sites.read(DATA / "merge", site="merge"))
    assert len(hands) == 4 and all(h.error is None for h in hands)
    other = list(sites.read(DATA / "merge" / "cash.xml", site="ipoker"))
    assert all(h.error and "not ipoker" in h.error for h in other)
    text = sites.dumps_all(h for path in FILES for h in _hands(path))
    assert len(history.loads_all(text)) == sum(len(_hands(path)) for path in FILES)


def test_corrupt_hand_is_refused_naming_its_line_and_the_next_still_reads():
    text = (DATA / "ipoker" / "cash.xml").read_text(encoding="utf-8")
    broken = text.replace('<action no="6" player="Bob" type="3" sum="€0.20" cards=""/>',
                          '<action no="6" player="Bob" type="3" sum="€0.20" cards=""', 1)
    line = broken[:broken.index('cards=""\n      <cards type="Pocket" player="Cyd">')].count("\n") + 1
    hands = list(sites.read(io.BytesIO(broken.encode())))
    assert [h.hand_id for h in hands] == ["7000000001", "7000000002"]
    # expat stops at the next tag, on the line after the broken one
    assert hands[0].error == f"line {line + 1}: not well-formed XML: not well-formed (invalid token)"
    assert hands[1].error is None and hands[1].replay().agrees


def test_file_cut_short_refuses_the_last_hand():
    text = (DATA / "merge" / "cash.xml").read_text(encoding="utf-8")
    cut = text[:text.rindex("<round id=\"END_OF_FOLDED_GAME\"")]
    hands = list(sites.read(io.BytesIO(cut.encode())))
    assert hands[0].error is None
    assert hands[1].error is not None and "cut short" in hands[1].error


def test_hostile_xml_is_refused_not_expanded():
    bomb = ('<?xml version="1.0"?>\n<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>\n'
            '<HISTORY ID="1" GAME="GAME_THM">&lol2;</HISTORY>\n')
    external = ('<!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n'
                '<HISTORY ID="2" GAME="GAME_THM">&e;</HISTORY>\n')
    for text in (bomb, external):
        hands = list(sites.read(io.BytesIO(text.encode())))
        # refused, whether the declarations are cut off as text that is no hand (the
        # hand then names the entity it cannot use) or read with the hand
        assert hands and all(h.error is not None and "lollol" not in h.error for h in hands)
        assert sites.parse_hand(text).error is not None
    hands = list(sites.read(io.BytesIO(bomb.encode())))
    assert "no hand" in hands[0].error and hands[-1].error.endswith("undefined entity")


def test_text_between_hands_that_is_no_hand_is_reported():
    text = (DATA / "bossmedia" / "cash.xml").read_text(encoding="utf-8")
    noisy = text.replace("<ROOT>", "<ROOT>\nnot a hand\n", 1)
    hands = list(sites.read(io.BytesIO(noisy.encode())))
    assert hands[0].error is not None and hands[0].error.startswith("line 3:")
    assert hands[1].error is None


def test_amounts_with_separators_and_decimal_commas():
    from pokerhash.sites.xmlcommon import money
    assert money("€1.234,50", 1) == 123450
    assert money("$1,234.50", 1) == 123450
    assert money("1.500", 1) == 150000
    assert money("0,50", 1) == 50
    assert money("RSD12", 1) == 1200
    assert money("3,252.50", 1) == 325250
    with pytest.raises(sites.SiteError):
        money("DP", 1)


def test_older_versions_are_read_the_way_their_calls_tell():
    # Merge 2008: a raise adds its amount (the call of 0.75 says so); the uncalled bet
    # is a winner line of its own
    merge = _hands(DATA / "merge" / "older.xml")[0]
    assert [(a.verb, a.amount, a.to) for a in merge._parsed.acts][:2] == [("b", 100, None), ("c", 75, None)]
    assert merge.returned == {"Pat": Decimal("2.00")} and merge.rake == Decimal("0.20")
    # MicroGaming without hhversion: a call or raise is the total it goes to
    micro, posted = _hands(DATA / "microgaming" / "older.xml")
    assert [(a.verb, a.amount, a.to) for a in micro._parsed.acts][:2] == [("b", None, 30), ("c", 25, None)]
    # ... and a PostedToPlay of the big blind alone, the dead small blind in the balances
    assert ("Nia", "dead", 5) in [post[:3] for post in posted._parsed.posts]
    # Boss Media 2011 tournaments: antes not written, stacks after them; calls to a total
    boss = _hands(DATA / "bossmedia" / "older.xml")[0]
    assert boss.players == {"Ace1": 1010, "Bea": 2010, "Cal": 1510}
    assert [p for p in boss._parsed.posts if p[1] == "ante"] == [(n, "ante", 10, 0) for n in ("Ace1", "Bea", "Cal")]


def test_ipoker_stud():
    hand = _hands(DATA / "ipoker" / "stud.xml")[0]
    assert hand.game == "Seven-card stud" and hand._parsed.stud["Vic"][:3] == [None, None, "Kd"]
    assert [a.verb for a in hand._parsed.acts][:3] == ["bi", "co", "c"]


def test_a_large_xml_file_streams_in_bounded_memory():
    import tracemalloc
    text = (DATA / "microgaming" / "cash.xml").read_bytes()
    game = text[text.index(b"<Game"):text.index(b"</Game>") + 7] + b"\n" + b" " * 6000 + b"\n"

    class Repeated(io.RawIOBase):
        def __init__(self, count):
            self.left = count
            self.pending = b"----PRIMA.DAT----\n"

        def readable(self):
            return True

        def readinto(self, buffer):
            while len(self.pending) < len(buffer) and self.left:
                self.pending += game
                self.left -= 1
            n = min(len(buffer), len(self.pending))
            buffer[:n] = self.pending[:n]
            self.pending = self.pending[n:]
            return n

    tracemalloc.start()
    count = sum(1 for h in sites.read(io.BufferedReader(Repeated(800))) if h.error is None)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert count == 800
    assert peak < 5 * (1 << 20)  # 6.6 MB of hands (and blanks between) read in 1 MB blocks


def test_byte_order_marks_line_ends_and_utf16():
    for path in FILES:
        data = path.read_bytes()
        expected = [(h.hand_id, h.collected) for h in sites.read(data)]
        for variant in (b"\xef\xbb\xbf" + data, data.replace(b"\n", b"\r\n"), data.decode("utf-8").encode("utf-16")):
            hands = list(sites.read(variant))
            assert all(h.error is None for h in hands), [h.error for h in hands]
            assert [(h.hand_id, h.collected) for h in hands] == expected


REFUSALS = [
    ("ipoker/cash.xml", 'win="€2.40" bet="€1.70"', 'win="€9.40" bet="€1.70"', "the figures do not add up"),
    ("ipoker/cash.xml", 'player="Cyd">HA HK</cards>', 'player="Cyd">HA HK D2</cards>', "3 pocket cards in Texas"),
    ("merge/cash.xml", '<round id="END_OF_GAME" sequence="7">', '<round id="GAME_CANCELLED" sequence="7">',
     "the site cancelled the game"),
    ("merge/cash.xml", 'type="Holdem" stakes="No Limit ($0.05/$0.10)"',
     'type="A-5 Lowball" stakes="No Limit ($0.05/$0.10)"', "A-5 Lowball is a game the importer does not read"),
    ("merge/draw.xml", 'cards="9h,7s,5h,3c,2d" player="4"', 'cards="9h,7s,5h,3c,Td" player="4"',
     "do not follow from"),
    ("merge/cash.xml", '<event sequence="4" type="CALL" timestamp="1767787202000" player="2" amount="0.25"/>',
     '<event sequence="4" type="CALL" timestamp="1767787202000" player="7" amount="0.25"/>', "where no one sits"),
    ("bossmedia/cash.xml", 'GAME="GAME_THM"', 'GAME="GAME_FCS"', "GAME_FCS is a game the importer does not read"),
    ("bossmedia/draw.xml", '<CARD LINK="26"></CARD>\n<CARD LINK="32"></CARD>\n<CARD LINK="39">',
     '<CARD LINK="27"></CARD>\n<CARD LINK="32"></CARD>\n<CARD LINK="39">', "does not change 1 card(s)"),
    ("microgaming/cash.xml", '<Action type="Win">', '<Action type="Flip">', "an action the importer does not read"),
    # Cal's 0.03 ante counted twice (1.32 in, 1.35 won): no chips are created
    ("ipoker/sat_out_ante.xml", 'win="$1.26"', 'win="$1.35"', "the figures do not add up"),
    # a blind posted before sitting out would change who acts when: not read
    ("ipoker/sat_out_ante.xml", 'player="Cal" type="15"', 'player="Cal" type="2"', "posts a blind but is not dealt"),
]


@pytest.mark.parametrize("name, old, new, reason", REFUSALS, ids=[r[3][:30] for r in REFUSALS])
def test_hands_the_importer_cannot_read_are_refused_with_the_reason(name, old, new, reason):
    text = (DATA / name).read_text(encoding="utf-8")
    assert old in text
    hands = list(sites.read(io.BytesIO(text.replace(old, new, 1).encode())))
    refused = [h for h in hands if h.error is not None]
    assert len(refused) == 1 and reason in refused[0].error and re.match(r"line \d+: ", refused[0].error)
    assert refused[0].site == name.split("/")[0] and refused[0].hand_id
    assert len(hands) == len(list(sites.read(DATA / name)))  # the other hands still read


def test_ipoker_game_without_a_date_is_read_and_one_of_blinds_only_is_partial():
    text = (DATA / "ipoker" / "cash.xml").read_text(encoding="utf-8")
    undated = text.replace("<startdate>2026-01-05 20:01:00</startdate>", "", 1)
    hand = next(sites.read(io.BytesIO(undated.encode())))
    assert hand.error is None and hand.time == "" and hand.replay().agrees
    # Some exports write every game as its seats and blinds alone: no date, cards,
    # betting round or win figure. Not a hand: refused as partial.
    start, end = undated.index('<round no="1">'), undated.index("</game>")
    blinds_only = undated[:start] + undated[end:]
    hands = list(sites.read(io.BytesIO(blinds_only.encode())))
    assert "partial: the site wrote only its seats and blinds" in hands[0].error and hands[1].error is None


def test_ipoker_game_without_end_tag_at_the_end_of_a_file():
    text = (DATA / "ipoker" / "cash.xml").read_text(encoding="utf-8")
    between_rounds = text[:text.rindex("</game>")]  # the client still wrote the session
    hands = list(sites.read(io.BytesIO(between_rounds.encode())))
    assert [h.error for h in hands] == [None, None] and hands[1].replay().agrees
    inside_a_round = text[:text.rindex('<action no="5"')]
    hands = list(sites.read(io.BytesIO(inside_a_round.encode())))
    assert hands[0].error is None and "cut short: its <round> is not closed" in hands[1].error


def test_corrupted_files_never_raise():
    """Bytes cut, inserted and truncated at random (a fixed seed): every hand comes back,
    read or refused, and every read hand replays, without an exception."""
    import random
    rng = random.Random(22)
    tokens = [b'"', b"<", b">", b"/", b"0", b"9", b",", b".", b"-", b" ", b"\n", b"$", b'type="7"', b"X", b"null", b""]
    originals = [path.read_bytes() for path in FILES]
    for _ in range(300):
        data = rng.choice(originals)
        for _ in range(rng.randint(1, 4)):
            at = rng.randrange(len(data) or 1)
            choice = rng.random()
            if choice < 0.4:
                data = data[:at] + data[at + rng.randint(1, 30):]
            elif choice < 0.8:
                data = data[:at] + rng.choice(tokens) + data[at:]
            else:
                data = data[:at]
        for hand in sites.read(io.BytesIO(data)):
            assert hand.error is None or hand.error.startswith("line ")
            if hand.error is None:
                hand.replay()


def test_boss_media_five_card_draw():
    """GAME_FCD: the CHANGECARD of the hand's writer gives its hand after the draw (the
    replaced card in its place), the others' only the count."""
    hand = _hands(DATA / "bossmedia" / "draw.xml")[0]
    assert (hand.game, hand.limit) == ("Five-card draw", "pot-limit")
    assert hand._parsed.draws["Hero"] == [["Ah", "7h", "Td", "4s", "Qs"], [["Td"], ["As"]]]
    assert [(a.player, a.amount) for a in hand._parsed.acts if a.verb == "d"] == [("Rune", 2), ("Hero", 1)]
    assert hand.replay().agrees


def test_merge_triple_draw():
    """Merge's 2-7 Lowball (triple draw): DRAW events count each player's cards, the
    writer's DRAW_DRAWN_CARDS give its hand after each draw (a stand pat: the same)."""
    hand = _hands(DATA / "merge" / "draw.xml")[0]
    assert (hand.game, hand.limit) == ("2-7 triple draw", "fixed-limit")
    assert hand._parsed.draws["Jo"] == [["Kd", "7s", "5h", "3c", "2d"], [["Kd"], ["9h"]], [["9h"], ["8c"]], [[], []]]
    assert [a.amount for a in hand._parsed.acts if a.verb == "d"] == [3, 1, 2, 1, 1, 0, 1]
    result = hand.replay()
    assert result.agrees and result.rake == Decimal("0.85")


_STUD_TOURNAMENT = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="900000501">
  <general>
    <mode>real</mode>
    <gametype>7 Card Stud L</gametype>
    <tablename>$3 Limit 7 Card Stud, 800000001, 800000001</tablename>
    <currency>USD</currency>
    <nickname>Hero</nickname>
    <tournamentname>$3 Limit 7 Card Stud</tournamentname><place>4</place><buyin>$3+$0.30</buyin>
  </general>
  <game gamecode="5000000001">
    <general>
      <startdate>2026-03-01 20:10:00</startdate>
      <players>
        <player seat="1" name="Hero" chips="1,480" dealer="1" win="0" bet="20"/>
        <player seat="3" name="Nell" chips="1,500" dealer="0" win="100" bet="60"/>
        <player seat="6" name="Rui" chips="1,520" dealer="0" win="0" bet="20"/>
      </players>
    </general>
    <round no="0">
      <action no="1" player="Hero" type="15" sum="20" cards="[cards]"/>
      <action no="2" player="Nell" type="15" sum="20" cards="[cards]"/>
      <action no="3" player="Rui" type="15" sum="20" cards="[cards]"/>
    </round>
    <round no="1">
    </round>
    <round no="2">
      <cards type="Third Street" player="Hero">SK D9 C7</cards>
      <action no="6" player="Hero" type="0" sum="0" cards=""/>
      <cards type="Third Street" player="Nell">X X H2</cards>
      <action no="4" player="Nell" type="16" sum="40" cards=""/>
      <cards type="Third Street" player="Rui">X X DJ</cards>
      <action no="5" player="Rui" type="0" sum="0" cards=""/>
    </round>
  </game>
</session>
"""


def test_a_stud_tournament_hand_without_its_level_bets_is_refused_saying_what_it_shows():
    """iPoker does not write a stud tournament level's bets; a hand whose only bets are
    the antes and the bring-in (everyone folds to it) cannot tell them, so it is
    refused, naming what it shows (any small bet would replay its chips alike, but
    the PHH would hold an invented one)."""
    (hand,) = list(sites.read(_STUD_TOURNAMENT))
    assert ("a stud tournament hand that shows no completion and no full bet (only antes of "
            "20, a bring-in of 40, calls, checks and folds): the site does not write a tournament "
            "level's small and big bets, nothing in the hand tells them, and its PHH needs them; no earlier "
            "hand of tournament 800000001 in the file gives them") in hand.error
    # A completion tells the small bet: the same hand read.
    completed = _STUD_TOURNAMENT.replace('type="16" sum="40"', 'type="5" sum="80"').replace(
        'win="100" bet="60"', 'win="140" bet="100"')
    (hand,) = list(sites.read(completed))
    assert hand.error is None and hand.replay().agrees


# Merge: the flop round written without its community cards, and Mia, who calls
# before it and bets after it, does not act in it (only Kai's check): the flop's
# actions are missing, and Kai's check cannot be told to the preflop or the flop.
MERGE_FLOP_WITHOUT_ITS_BOARD = """\
<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>
<game id="80000009-1" starttime="20260107130000" numholecards="2" gametype="2" realmoney="true" data="20260107|Test Cove (80000009)|80000009|80000009-1|false">
	<players dealer="4">
		<player seat="0" nickname="Mia" balance="$3.00" dealtin="true" />
		<player seat="2" nickname="Kai" balance="$4.00" dealtin="true" />
		<player seat="4" nickname="Lou" balance="$5.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1767790800000" player="0" amount="0.02"/>
		<event sequence="2" type="BIG_BLIND" timestamp="1767790800100" player="2" amount="0.04"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="FOLD" timestamp="1767790801000" player="4"/>
		<event sequence="4" type="CALL" timestamp="1767790802000" player="0" amount="0.02"/>
		<cards type="HOLE" cards="Js,3h" player="2" hand="Jack High"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="5" type="CHECK" timestamp="1767790803000" player="2"/>
		<cards type="HOLE" cards="Js,3h" player="2" hand="Pair of Threes"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="6" type="BET" timestamp="1767790804000" player="0" amount="0.04"/>
		<event sequence="7" type="RAISE" timestamp="1767790805000" player="2" amount="0.20"/>
		<event sequence="8" type="FOLD" timestamp="1767790806000" player="0"/>
		<cards type="COMMUNITY" cards="9h,3s,5d,Kc" hand="Pair of Threes"/>
	</round>
	<round id="END_OF_FOLDED_GAME" sequence="5">
		<event sequence="9" type="MUCK" timestamp="1767790807000" player="2"/>
		<winner amount="0.32" uncalled="false" potnumber="1" player="2" pottype="n"/>
	</round>
	<round id="END_OF_GAME" sequence="6">
	</round>
</game>
"""


def test_merge_flop_round_without_its_board_and_a_skipped_player_is_refused_as_corrupt():
    (hand,) = sites.read(MERGE_FLOP_WITHOUT_ITS_BOARD)
    flop = MERGE_FLOP_WITHOUT_ITS_BOARD.splitlines().index('\t<round id="POSTFLOP" sequence="3">') + 1
    assert hand.error == (f"line {flop}: the POSTFLOP round is written without its community cards, and Mia, who "
                          f"bets before it and in the POSTTURN round, does not act in it: its actions are not all "
                          f"of one street (the streets cannot be told apart: a corrupt hand)")


# Merge: Lou is written with no chips and all in on the big blind for an amount the
# file does not write; the pots paid (0.09 and 0.02) hold his 0.03, which no line
# puts in: refused, naming the all-in line and the player.
MERGE_ALL_IN_BLIND_UNWRITTEN = """\
<description type="Holdem" stakes="No Limit ($0.02/$0.04)"/>
<game id="80000009-2" starttime="20260107131000" numholecards="2" gametype="2" realmoney="true" data="20260107|Test Cove (80000009)|80000009|80000009-2|false">
	<players dealer="0">
		<player seat="0" nickname="Mia" balance="$3.00" dealtin="true" />
		<player seat="2" nickname="Kai" balance="$4.00" dealtin="true" />
		<player seat="4" nickname="Lou" balance="$0.00" dealtin="true" />
	</players>
	<round id="BLINDS" sequence="1">
		<event sequence="1" type="SMALL_BLIND" timestamp="1767791400000" player="2" amount="0.02"/>
		<event sequence="2" type="ALL_IN" timestamp="1767791400100" player="4" amount="0.00"/>
	</round>
	<round id="PREFLOP" sequence="2">
		<event sequence="3" type="CALL" timestamp="1767791401000" player="0" amount="0.04"/>
		<event sequence="4" type="CALL" timestamp="1767791402000" player="2" amount="0.02"/>
	</round>
	<round id="POSTFLOP" sequence="3">
		<event sequence="5" type="CHECK" timestamp="1767791403000" player="2"/>
		<event sequence="6" type="CHECK" timestamp="1767791404000" player="0"/>
		<cards type="COMMUNITY" cards="9h,3s,5d" hand="High Card"/>
	</round>
	<round id="POSTTURN" sequence="4">
		<event sequence="7" type="CHECK" timestamp="1767791405000" player="2"/>
		<event sequence="8" type="CHECK" timestamp="1767791406000" player="0"/>
		<cards type="COMMUNITY" cards="9h,3s,5d,Kc" hand="High Card"/>
	</round>
	<round id="POSTRIVER" sequence="5">
		<event sequence="9" type="CHECK" timestamp="1767791407000" player="2"/>
		<event sequence="10" type="CHECK" timestamp="1767791408000" player="0"/>
		<cards type="COMMUNITY" cards="9h,3s,5d,Kc,2d" hand="High Card"/>
	</round>
	<round id="SHOWDOWN" sequence="6">
		<event sequence="11" type="SHOW" timestamp="1767791409000" player="2"/>
		<event sequence="12" type="SHOW" timestamp="1767791409000" player="0"/>
		<event sequence="13" type="SHOW" timestamp="1767791409000" player="4"/>
		<cards type="SHOWN" cards="Qs,Jc" player="2"/>
		<cards type="SHOWN" cards="Ks,4c" player="0"/>
		<cards type="SHOWN" cards="8s,7c" player="4"/>
	</round>
	<round id="END_OF_GAME" sequence="7">
		<winner amount="0.09" uncalled="false" potnumber="1" player="0" hand="Pair of Kings" pottype="n"/>
		<winner amount="0.02" uncalled="false" potnumber="2" player="0" hand="Pair of Kings" pottype="n"/>
	</round>
</game>
"""


def test_merge_all_in_blind_without_its_amount_is_refused_naming_it():
    (hand,) = sites.read(MERGE_ALL_IN_BLIND_UNWRITTEN)
    line = MERGE_ALL_IN_BLIND_UNWRITTEN.splitlines().index(
        '\t\t<event sequence="2" type="ALL_IN" timestamp="1767791400100" player="4" amount="0.00"/>') + 1
    assert hand.error == (f"line {line}: the figures do not add up: the winners get 0.11, more than the 0.08 that "
                          f"went in (Lou, written with no chips, is all in on the blinds here for an amount not "
                          f"written)")
