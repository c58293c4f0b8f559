"""Full Tilt, 888poker and Winamax hands (tests/data/sites/*/formats/, written by us
for each format variant and convention the real files show): every good hand imports,
its figures equal those a small reader of the text finds here (not the importer's),
and it replays on the engine to exactly those figures; bad hands and files that are
no hands are refused with the reason; the amount readers on every way these sites
write an amount."""

import re
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.sites import fulltilt, pacific, winamax
from pokerhash.sites.model import SiteError

DATA = Path(__file__).parent / "data" / "sites"
FOLDERS = {"fulltilt": DATA / "fulltilt" / "formats", "888poker": DATA / "888poker" / "formats",
           "winamax": DATA / "winamax" / "formats"}


def _hands(site):
    return list(sites.read(FOLDERS[site]))


# -- a reader of each site's figures, from the text alone ---------------------------

_FTP_WON = re.compile(r"^Seat (\d+): .*?(?:collected|won) \(\$?([\d,.]+)\)", re.M)
_FTP_SEAT = re.compile(r"^Seat (\d+): (.*) \(", re.M)
_888_COLLECTED = re.compile(r"^(.+) collected \[ ([^\]]+) \]$", re.M)
_WMX_WON = re.compile(r"^Seat (\d+): .* won ([\d.,]+)", re.M)


def _number(text):
    text = text.replace("\xa0", "").replace(" ", "").strip("$€")
    if "," in text and "." in text:
        text = text.replace(".", "").replace(",", ".") if text.rfind(",") > text.rfind(".") else text.replace(",", "")
    elif "," in text:
        text = text.replace(",", ".") if len(text.rpartition(",")[2]) <= 2 else text.replace(",", "")
    return Decimal(text)


def figures(site, text):
    """(collected per name, rake) as the hand's text writes them."""
    if site == "fulltilt":
        head, summary = text.split("*** SUMMARY ***", 1)
        names = {int(seat): name for seat, name in _FTP_SEAT.findall(head)}
        won = {}
        for seat, amount in _FTP_WON.findall(summary):
            won[names[int(seat)]] = won.get(names[int(seat)], 0) + _number(amount)
        rake = re.search(r"\| Rake \$?([\d,.]+)", summary).group(1)
        return won, _number(rake)
    if site == "888poker":
        won = {}
        for name, amount in _888_COLLECTED.findall(text):
            won[name] = won.get(name, 0) + _number(amount)
        return won, None  # 888 writes no rake: see RAKES_888
    summary = text[text.index("*** SUMMARY ***"):]
    names = {int(seat): name for seat, name in re.findall(r"^Seat (\d+): (.*) \(", text[:text.index("***")], re.M)}
    won = {names[int(seat)]: _number(amount) for seat, amount in _WMX_WON.findall(summary)}
    rake = re.search(r"\| (?:Rake ([\d.,]+)€?|No rake)", summary).group(1)
    return won, _number(rake) if rake else Decimal(0)


# 888 cash hands write no rake: what went in less what was collected (and the
# uncalled chips), worked out by hand from each hand's lines.
RAKES_888 = {"900000101": Decimal("0.06"), "900000102": Decimal(0), "900000103": Decimal("1.30"),
             "900000104": Decimal("0.50"), "900000105": Decimal("0.70"),
             "900000201": Decimal(0), "900000202": Decimal(0), "900000203": Decimal(0)}

GOOD = [(site, hand) for site in FOLDERS for hand in _hands(site) if hand.error is None]


@pytest.mark.parametrize("site,hand", GOOD, ids=[f"{s}-{h.hand_id}" for s, h in GOOD])
def test_hand_imports_and_replays_to_its_own_figures(site, hand):
    won, rake = figures(site, hand.text)
    assert hand.site == site
    assert hand.collected == won
    assert hand.rake == (RAKES_888[hand.hand_id] if site == "888poker" else rake)
    result = hand.replay()
    assert result.agrees, result.differences


def test_every_folder_holds_what_it_should():
    counts = {site: (len(_hands(site)), sum(h.error is None for h in _hands(site))) for site in FOLDERS}
    assert counts == {"fulltilt": (15, 12), "888poker": (11, 8), "winamax": (12, 9)}


def _by_id(site):
    return {hand.hand_id: hand for hand in _hands(site)}


def test_full_tilt_first_lines_games_and_stakes():
    hands = _by_id("fulltilt")
    new_format = hands["40000000101"]  # game before the stakes, UTC time then ET
    assert (new_format.game, new_format.limit, new_format.stakes, new_format.currency) == \
        ("Texas Hold'em", "no-limit", "$0.05/$0.10", "USD")
    assert new_format.table == "Quillon (6 max, deep)" and new_format.time.startswith("21:04:11 UTC")
    assert "Dmitri" not in new_format.players  # sitting out, never posts or acts
    assert new_format.returned == {"Ana Luz": Decimal("1.20")}
    stud = hands["40000000404"]
    assert (stud.game, stud.limit) == ("Seven-card stud", "fixed-limit")
    capped = hands["40000000606"]
    assert capped.players == {"Rune": 60, "Sol": 45, "Tea": 60}  # "$60 Pot Limit Omaha Hi": the cap
    archive = hands["40000000505"]  # "FullTiltPoker Game #", after an archive's "***** # 2 *****"
    assert archive.game == "Omaha" and archive._parsed.run_twice
    assert archive._parsed.boards == [["Ah", "9c", "4s", "Js", "Kh"], ["Ah", "9c", "4s", "8c", "2d"]]
    ko = hands["40000000303"]  # "10K/20K Ante 2K", tournament table, "Seats: 9"
    assert ko._parsed.blinds == (10000, 20000) and ko._parsed.tournament == "300000002" and ko.table == "7"
    assert ko._parsed.max_seats == 9
    walk = hands["40000000202"]  # no "wins" line, no small blind fold: both from the summary
    assert walk.table == "2" and walk.collected == {"rosa b": 50}
    assert [(a.player, a.verb) for a in walk._parsed.acts] == [("Sven", "f"), ("Tomek", "f"), ("Quentin", "f")]
    razz = hands["40000000808"]
    assert razz.game == "Razz" and razz.stakes == "40/80 Ante 10"
    draw = hands["40000001111"]  # the hero's discards and cards received, the others' counts
    assert (draw.game, draw.limit) == ("2-7 triple draw", "fixed-limit")
    assert draw._parsed.draws["Yann"] == [["8c", "5h", "Kd", "4s", "2d"], [["Kd"], ["7h"]], [[], []], [[], []]]
    assert draw._parsed.draws["Zoe"] == [None, [None, None], [None, None], [[], []]]


def test_full_tilt_more_first_lines():
    hands = _by_id("fulltilt")
    play = hands["40000001212"]  # play chips, "PL 5 Card Omaha Hi - 5/10"
    assert (play.game, play.limit, play.currency, play.players["Cleo"]) == ("Five-card Omaha", "pot-limit", "", 1000)
    assert hands["40000001313"]._parsed.fields["cap"] == "CAP"  # nobody reaches the cap: read
    single = hands["40000001414"]  # "$0.10/$0.20 Ante $0.05 - No Limit 2-7 Single Draw"
    assert (single.game, single.limit) == ("2-7 single draw", "no-limit") and single._parsed.blinds == (10, 20)


def test_full_tilt_refusals():
    errors = sorted(hand.error.split(": ", 1)[1] for hand in _hands("fulltilt") if hand.error)
    assert errors == ["a game the engine does not play: 'Limit 5 Card Stud'", "a tournament summary, not a hand",
                      "the hand is truncated: it holds only its summary"]


def test_888_formats():
    hands = _by_id("888poker")
    fixed = hands["900000101"]
    assert (fixed.game, fixed.limit, fixed.table, fixed.currency) == ("Texas Hold'em", "fixed-limit", "Lagos", "USD")
    assert fixed._parsed.small_bet == 10 and fixed._parsed.big_bet == 20  # bets: the big blind and twice it
    assert ("Emil", "sbbb", 15, 14) in fixed._parsed.posts  # "[$0.05 + $0.10]": dead small, live big
    comma = hands["900000102"]  # "1.250,50$": thousands point, decimal comma, sign after
    assert comma.players["Femke"] == Decimal("1250.50") and comma.collected == {"Hanne": Decimal("347.25")}
    german = hands["900000103"]  # Practice Play, German card names
    assert german.currency == "" and german._parsed.known["Ines"] == ["As", "Tc"]
    assert german._parsed.boards == [["Th", "9s", "2d", "8c", "3h"]]
    spaces = hands["900000202"]  # "1 200 000", no time, a tournament name without a table
    assert spaces.players["Pál"] == 1200000 and spaces.time == "" and spaces.table == ""
    assert hands["900000105"]._parsed.fields["jackpot_table"] is True
    hilo = hands["900000203"]
    assert hilo.game == "Omaha hi/lo" and hilo.collected == {"Stan": 450, "Rosa": 450}


def test_888_refusals():
    errors = sorted(hand.error for hand in _hands("888poker") if hand.error)
    assert len(errors) == 3
    assert any(e.endswith(": a tournament summary, not a hand") for e in errors)
    assert any(e.endswith(": the hand stops before the cards are dealt (the site cancelled it)") for e in errors)
    assert any(e.startswith("line ") and e.endswith(": the site's figures do not add up: 500 went into the pots, "
                                                    "0 was collected (a tournament takes no rake)") for e in errors)


def test_winamax_formats():
    hands = _by_id("winamax")
    posts = hands["31000001-201-1780100000"]._parsed.posts  # out of position: dead, and both as one sum
    assert ("Denis", "sbbb", 300, 11) in posts and ("Elodie", "dead", 100, 13) in posts
    stud = hands["31000001-203-1780100400"]
    assert stud.game == "Seven-card stud" and stud._parsed.stud["Karine"][:3] == [None, None, "4d"]
    big_o = hands["31000001-204-1780100600"]
    assert big_o.game == "Big O" and big_o.collected == {"Marc": Decimal("2.85"), "Léa": Decimal("2.85")}
    back = hands["31000001-206-1780101000"]._parsed.posts  # "raises 0.50€ to 1.50€" among the blinds
    assert back[:2] == [("Bob", "sbbb", 150, 9), ("Bob", "dead", 50, 10)]
    draw = hands["31000001-205-1780100800"]
    assert draw.game == "2-7 triple draw" and [a.amount for a in draw._parsed.acts if a.verb == "d" and a.player == "Capucine"] == [3, 1, 0]
    tournament = hands["41000000000000001-7-1780200000"]
    assert tournament._parsed.total == 6550  # "6.55k", checked against the collected figures


def test_winamax_more_first_lines():
    hands = _by_id("winamax")
    fast = hands["9500001-17-1780102000"]  # Go Fast, "Seat 0000001 is the button"
    assert fast._parsed.tournament is None and fast.currency == "EUR" and fast.button == 1
    play = hands["8900001-5-1780102100"]  # play money keeps cents
    assert play.game == "Omaha hi/lo" and play.currency == "" and play.players["Nell"] == Decimal("17.38")


def test_winamax_rake_from_every_pot():
    """Winamax takes the rake from each pot, side pots their share rounded down; the
    engine's main-pot-first rake alone would pay other figures."""
    hand = _by_id("winamax")["31000001-202-1780100200"]
    result = hand.replay()
    assert result.agrees and result.rake == Decimal("0.16")
    assert hand._parsed.fields["pots"] == [("Inès", 1, 244), ("Gaston", 0, 337)]  # checked pot by pot
    del hand._parsed.fields["pots"]  # without: each side pot's share in proportion, rounded down
    assert hand.replay().agrees
    del hand._parsed.fields["rake_from"]  # without either, the main-pot-first rake pays otherwise
    assert not hand.replay().agrees


def test_888_rake_from_side_pots():
    """888 takes 5% of each side pot and the rest of the rake from the main pot."""
    result = _by_id("888poker")["900000104"].replay()
    assert result.agrees and result.won == {"Lio": Decimal("5.80"), "Maja": Decimal("5.70")}


def test_winamax_refusals():
    errors = sorted(hand.error.split(": ", 1)[-1] if hand.error.startswith("line ") else hand.error
                    for hand in _hands("winamax") if hand.error)
    assert len(errors) == 3 and "a tournament summary, not a hand" in errors
    assert any("negative amount (-3.40€)" in e for e in errors)
    assert any("do not add up" in e and "(10.00)" in e and "(9.00)" in e for e in errors)


@pytest.mark.parametrize("site,hand_id,old,new", [
    ("fulltilt", "40000000404", "gus gus wins the pot ($16.30)", "gus gus wins the pot ($16.40)"),
    ("888poker", "900000201", "Olga collected [ $3,135 ]", "Olga collected [ $3,100 ]"),
    ("winamax", "31000001-204-1780100600", "Marc collected 2.85€ from pot(LO)", "Léa collected 2.85€ from pot(LO)"),
])
def test_a_changed_figure_is_a_difference_or_a_refusal(site, hand_id, old, new):
    text = _by_id(site)[hand_id].text
    assert old in text
    hand = next(iter(sites.read(text.replace(old, new))))
    assert hand.error is not None or not hand.replay().agrees


@pytest.mark.parametrize("text,cents", [
    ("$1,234.50", 123450), ("1.250,50$", 125050), ("25\xa0$", 2500), ("2.000 €", 200000),
    ("1 123 698", 112369800), ("0,09 €", 9), ("$0.5", 50), ("312,25$", 31225)])
def test_888_amounts(text, cents):
    assert pacific._amount(text, 1) == cents


@pytest.mark.parametrize("text,cents", [("50K", 5000000), ("2B", 200000000000), ("1,000", 100000),
                                        ("$0.25", 25), ("500K", 50000000)])
def test_full_tilt_amounts(text, cents):
    assert fulltilt._amount(text, 1) == cents


@pytest.mark.parametrize("text,cents", [("6.02k", 602000), ("1k", 100000), ("17.68k", 1768000), ("0,50€", 50),
                                        ("12.5€", 1250), ("7410.50", 741050)])
def test_winamax_amounts(text, cents):
    assert winamax._money(text, 1) == cents


@pytest.mark.parametrize("reader,text", [(pacific._amount, "12$x"), (fulltilt._amount, "5Q"),
                                         (winamax._money, "6.0.2k")])
def test_bad_amounts_are_refused(reader, text):
    with pytest.raises(SiteError):
        reader(text, 3)


def test_localized_cards():
    p = sites.model.Parsed("888poker")
    p.known = {"a": ["Hh", "Vs", "Bd", "10c"], "b": ["Kns", "Dd", "Ec"], "c": ["Âh", "Òd"]}
    pacific._translate(p)
    assert p.known == {"a": ["Kh", "Qs", "Jd", "Tc"], "b": ["Js", "Qd", "Ac"], "c": ["Jh", "Ad"]}
    spanish = sites.model.Parsed("888poker")
    spanish.known, spanish.boards = {"a": ["7p", "8t"]}, [["Kd", "2c", "5d"]]
    pacific._translate(spanish)
    assert spanish.known == {"a": ["7s", "8c"]} and spanish.boards == [["Kd", "2h", "5d"]]


def test_archive_markers_are_no_hands():
    text = "\ufeff******************** # 1 *************************\n\nBEGIN\n" + \
        _by_id("fulltilt")["40000000101"].text
    hands = list(sites.read(text.encode("utf-8")))
    assert [h.hand_id for h in hands] == ["40000000101"] and hands[0].error is None


def test_cut_or_shuffled_hands_never_raise():
    """Every hand cut after each of its lines, or missing one line: read() and replay()
    return (an error, or differences), never raise."""
    texts = [hand.text for site in FOLDERS for hand in _hands(site) if hand.error is None]
    for text in texts:
        lines = text.split("\n")
        for k in range(1, len(lines)):
            for variant in ("\n".join(lines[:k]), "\n".join(lines[:k] + lines[k + 1:])):
                for hand in sites.read(variant):
                    if hand.error is None:
                        hand.replay()


@pytest.mark.parametrize("site,game", [("fulltilt", "HOLDEM"), ("fulltilt", "PLO"), ("fulltilt", "OMAHA_HI_LO"),
                                       ("fulltilt", "PLO5"), ("888poker", "HOLDEM"), ("888poker", "PLO"),
                                       ("888poker", "OMAHA_HI_LO"), ("winamax", "HOLDEM"), ("winamax", "PLO"),
                                       ("winamax", "OMAHA_HI_LO"), ("winamax", "BIG_O")])
def test_random_engine_hands_written_as_site_text_agree(site, game):
    """The engine plays random hands (all-ins, side pots, ties, hi/lo halves, mucks;
    rake where the site writes it), a reference writer puts them in the site's text,
    and the importer's replay pays exactly what the engine paid."""
    import random

    import pokerhash.engine as engine
    from pokerhash.betting import Limit
    from pokerhash.pots import OddChipRule
    from reference_eu_text import write_888, write_fulltilt, write_winamax
    from test_sites import _random_hand
    writer = {"fulltilt": write_fulltilt, "888poker": write_888, "winamax": write_winamax}[site]
    rng = random.Random(hash((site, game)) % 1000 + 22)
    variant = getattr(engine, game)
    limits = [Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT] if game == "HOLDEM" else [Limit.POT_LIMIT]
    written = 0
    while written < 40:
        # Winamax's odd chips go one each from the button's side (sites/settling.py).
        odd = OddChipRule(order="right of button", one_each=True) if site == "winamax" else None
        hand = _random_hand(rng, variant, rng.choice(limits), odd)
        if site != "fulltilt" and hand.result.rake:
            continue  # 888 tournaments take none; Winamax's rake per pot is its own rule
        text = writer(hand, 800000000 + written, hero=rng.choice(hand.seats + (None,)))
        site_hand = next(sites.read(text))
        assert site_hand.error is None, (site_hand.error, text)
        result = site_hand.replay()
        assert result.agrees, (result.differences, text)
        unit = 0 if site == "888poker" else -2  # 888: tournament chips; the others: cents
        assert result.won == {f"P{seat}": Decimal(v).scaleb(unit) for seat, v in hand.result.payouts.items() if v}
        written += 1


def _random_draw_hand(rng, variant):
    """A draw hand the engine plays with random decisions and random discards, 2 to 5
    players (test_sites_draws.py goes to the rooms' large tables; six or more players
    drawing up to five cards three times can still outrun the planned deals, rarely:
    docs/sites.rst, draw games)."""
    from test_sites_draws import random_draw_hand
    return random_draw_hand(rng, variant, rng.randint(2, min(5, variant.player_limits()[1])), 5)


@pytest.mark.parametrize("game", ["DEUCE7_TRIPLE_DRAW", "DEUCE7_SINGLE_DRAW", "FIVE_CARD_DRAW", "BADUGI"])
def test_random_draw_hands_written_as_full_tilt_text_agree(game):
    """Draw hands the engine played, written as Full Tilt writes them (only counts of
    the others' discards, the hands shown at the end), replay to the engine's payouts:
    the stand-in deals of :mod:`pokerhash.sites.draws` reach the same showdown."""
    import random

    import pokerhash.engine as engine
    from reference_eu_text import write_fulltilt_draw
    rng = random.Random(len(game) * 7 + 22)
    variant = getattr(engine, game)
    for number in range(40):
        hand = _random_draw_hand(rng, variant)
        text = write_fulltilt_draw(hand, 810000000 + number, hero=rng.choice(hand.seats + (None,)))
        site_hand = next(sites.read(text))
        assert site_hand.error is None, (site_hand.error, text)
        result = site_hand.replay()
        assert result.agrees, (result.differences, text)
        assert result.won == {f"P{seat}": Decimal(v).scaleb(-2) for seat, v in hand.result.payouts.items() if v}
