"""pokerhash.sites: every test hand imports, replays on the engine and agrees with the
figures of its own text, read here by a small independent reader of the summary
lines (not by the importer); bad hands are refused with a reason; sources of every kind."""

import io
import re
import zipfile
from decimal import Decimal
from pathlib import Path

import pytest

import pokerhash.sites as sites
from pokerhash.engine import PendingKind, history
from pokerhash.errors import InvalidValueError

DATA = Path(__file__).parent / "data" / "sites"
GOOD = sorted((DATA / "pokerstars").glob("*.txt")) + sorted((DATA / "ggpoker").glob("*.txt")) + \
    sorted((DATA / "888poker").glob("*.txt")) + sorted((DATA / "winamax").glob("*.txt")) + \
    sorted((DATA / "fulltilt").glob("*.txt"))

_SEAT = re.compile(r"^Seat (\d+): (.*) \(\D?([\d,.]+)(?: in chips)?[^)]*\)", re.M)
_WON = re.compile(r"(?:won|collected) \(\D?([\d,.]+)\D?\)")  # not "Cashout Risk (X)": the same chips
_FIGURE = re.compile(r"(Rake|Jackpot|Bingo|Fortune|Tax) \D?([\d,.]+)")


def _hands_of(path):
    text = path.read_text(encoding="utf-8")
    return [h for h in re.split(r"\n(?=PokerStars |Poker Hand #|#Game No : |Winamax Poker - |Full Tilt Poker Game #)", text) if h.strip()]


_COLLECTED_888 = re.compile(r"^(.+) collected \[ \D?([\d,.]+) \]$", re.M)


def summary_figures(text):
    if text.startswith("#Game No"):
        # 888poker: one 'collected' line per pot; tournaments take no rake.
        won = {}
        for name, amount in _COLLECTED_888.findall(text):
            won[name] = won.get(name, 0) + Decimal(amount.replace(",", ""))
        return won, Decimal(0), Decimal(0)
    if text.startswith("Winamax"):
        # Winamax: 'Seat N: NAME ... won X' in the summary; 'Rake X' or 'No rake'.
        summary = text[text.index("*** SUMMARY ***"):]
        names = {int(seat): name for seat, name in re.findall(r"^Seat (\d+): (.*) \(", text[:text.index("***")], re.M)}
        won = {}
        for seat, amount in re.findall(r"^Seat (\d+): .* won ([\d.,]+)", summary, re.M):
            won[names[int(seat)]] = Decimal(amount)
        rake = re.search(r"\| (?:Rake ([\d.,]+)|No rake)", summary).group(1)
        return won, Decimal(rake or 0), Decimal(0)
    return _stars_summary_figures(text)


def _stars_summary_figures(text):
    """What each seat won (summed over 'won (X)' and 'collected (X)' of its summary line),
    the rake and the fees, read from the summary alone."""
    summary = text[text.index("*** SUMMARY ***"):]
    names = {int(seat): name for seat, name, _ in _SEAT.findall(text[:text.index("***")])}
    won = {}
    for line in summary.splitlines():
        m = re.match(r"Seat (\d+): ", line)
        if m:
            amounts = [Decimal(a.replace(",", "")) for a in _WON.findall(line)]
            if amounts:
                won[names[int(m.group(1))]] = sum(amounts)
    figures = dict(_FIGURE.findall(summary.splitlines()[1]))
    rake = Decimal(figures.pop("Rake").replace(",", ""))
    fees = sum((Decimal(v) for v in figures.values()), Decimal(0))
    return won, rake, fees


CASES = [(path, i, text) for path in GOOD for i, text in enumerate(_hands_of(path))]


@pytest.mark.parametrize("path,index,text", CASES, ids=[f"{p.stem}-{i}" for p, i, _ in CASES])
def test_hand_imports_replays_and_agrees(path, index, text):
    hands = list(sites.read(path))
    assert len(hands) == len(_hands_of(path))
    hand = hands[index]
    assert hand.error is None, hand.error
    won, rake, fees = summary_figures(text)
    assert hand.collected == won
    assert hand.rake == rake and hand.fees == fees
    if text.startswith("PokerStars") or text.startswith("Poker Hand"):
        assert sum(hand.players.values()) == sum(Decimal(s.replace(",", "")) for _, name, s in _SEAT.findall(
            text[:text.index("***")]) if name in hand.players)
    result = hand.replay()
    assert result.agrees, result.differences
    if hand.site in ("888poker", "winamax"):
        # 888 returns uncalled chips silently, some inside the collected figure.
        assert all(won.get(n, 0) in (result.won.get(n, 0), result.won.get(n, 0) + result.returned.get(n, 0))
                   for n in set(won) | set(result.won))
    else:
        assert result.won == won
    assert result.rake == rake + fees
    # The PHH history names the players and what they won, and reads back.
    phh = hand.history
    assert phh.fields["players"] == list(hand.players) or set(phh.fields["players"]) == set(hand.players)
    back = history.loads(history.dumps(phh))
    assert back.actions == phh.actions
    assert [Decimal(s).scaleb(-back.decimals) for s in back.starting_stacks] == \
        [Decimal(s).scaleb(-phh.decimals) for s in phh.starting_stacks]


def test_a_changed_figure_is_a_named_difference():
    text = _hands_of(DATA / "pokerstars" / "cash.txt")[1].replace("collected $57 from main pot",
                                                                    "collected $56 from main pot")
    hand = next(sites.read(text))
    result = hand.replay()
    assert not result.agrees
    assert any("Charlie" in d and "116" in d for d in result.differences), result.differences


def test_an_illegal_action_is_a_difference_not_an_exception():
    text = _hands_of(DATA / "pokerstars" / "cash.txt")[3].replace("Ivy: calls $0.50", "Ivy: raises $5 to $5.50")
    result = next(sites.read(text)).replay()
    assert not result.agrees and "line" in result.differences[0]


def test_a_refused_players_cards_leave_the_players_before_him_dealt():
    # Charlie (last of the deal) shows a card Alpha holds: the deal of his cards is
    # refused, and the hand returned holds Alpha's and Bravo's, dealt before his.
    text = _hands_of(DATA / "pokerstars" / "cash.txt")[1].replace("[As Ad]", "[As Qd]")
    result = next(sites.read(text)).replay()
    assert not result.agrees
    assert result.differences[0] == "the engine refuses it: Qd cannot be dealt: it is already in play"
    hand = result.hand
    assert [len(hand.hole_cards(seat)) for seat in (1, 2, 3)] == [2, 2, 0]
    assert hand.pending.seat == 3 and hand.pending.kind is PendingKind.DEAL


def test_refused_hands_name_the_line_and_reason():
    hands = list(sites.read(DATA / "refused"))
    assert [h.hand_id for h in hands] == ["250000000020", "250000000021", "250000000022", "900000009",
                                          "250000000023"]
    # All-in Cash Out: the pots settle as usual (Zed collects 97.50 after the 2.50 rake);
    # the site's payment to Amy is apart from them
    assert hands[4].error is None and hands[4].collected == {"Zed": Decimal("97.50")} and hands[4].replay().agrees
    assert hands[4].history.fields["_pokerhash_cash_out"] == [0, Decimal("80.11")]
    assert "seat 1 has no player name" in hands[3].error
    assert "cancelled" in hands[0].error and hands[0].error.startswith("line 9:")
    assert "truncated" in hands[1].error
    assert "not an amount" in hands[2].error and hands[2].error.startswith("line 44:")
    with pytest.raises(sites.SiteError):
        hands[0].replay()


def test_text_that_is_no_hand_is_reported():
    text = "garbage line\n\n" + _hands_of(DATA / "pokerstars" / "tournament.txt")[0]
    hands = list(sites.read(text))
    assert len(hands) == 2 and "no hand of a known site" in hands[0].error and hands[1].error is None


def test_sources_of_every_kind(tmp_path):
    text = (DATA / "pokerstars" / "cash.txt").read_text(encoding="utf-8")
    expected = [h.hand_id for h in sites.read(DATA / "pokerstars" / "cash.txt")]
    assert len(expected) == 6
    assert [h.hand_id for h in sites.read(text)] == expected
    assert [h.hand_id for h in sites.read(text.encode())] == expected
    assert [h.hand_id for h in sites.read(io.StringIO(text))] == expected
    assert [h.hand_id for h in sites.read(io.BytesIO(text.encode()))] == expected
    # BOM, CRLF and bare CR line ends, UTF-16
    for data in (b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode(), text.replace("\n", "\r").encode(),
                 text.encode("utf-16")):
        assert [h.hand_id for h in sites.read(data)] == expected
        assert all(h.error is None for h in sites.read(data))


def test_mixed_site_folders_and_zips_in_order(tmp_path):
    folder = tmp_path / "hh"
    (folder / "sub").mkdir(parents=True)
    stars = (DATA / "pokerstars" / "cash.txt").read_bytes()
    gg = (DATA / "ggpoker" / "rush.txt").read_bytes()
    (folder / "a.txt").write_bytes(stars + b"\n\n" + gg)
    (folder / "sub" / "b.txt").write_bytes(gg)
    with zipfile.ZipFile(folder / "c.zip", "w") as archive:
        archive.writestr("inner/d.txt", stars)
    (folder / "picture.png").write_bytes(b"\x89PNG\x00\x00binary")
    hands = list(sites.read(folder))
    assert [h.site for h in hands] == ["pokerstars"] * 6 + ["ggpoker"] * 4 + ["pokerstars"] * 6 + ["ggpoker"] * 4
    assert all(h.error is None for h in hands)
    assert hands[6].source.path.endswith("a.txt") and hands[6].source.index == 6
    assert hands[10].source.path.endswith("c.zip/inner/d.txt")
    only = list(sites.read(folder, site="ggpoker"))
    assert sum(h.error is None for h in only) == 8 and all("not ggpoker" in h.error for h in only if h.error)


def test_encodings_hand_by_hand():
    hand = _hands_of(DATA / "pokerstars" / "tournament.txt")[0]
    utf8 = hand.replace("Lou", "Jürgen").encode("utf-8")
    cp1252 = hand.replace("Lou", "Jürgen").encode("cp1252")
    hands = list(sites.read(utf8 + b"\n\n" + cp1252))
    assert [h.error for h in hands] == [None, None]
    assert all("Jürgen" in h.players for h in hands)
    # A name that was double-encoded by some tool is kept as written.
    double = hand.replace("Lou", "JÃ¼rgen").encode("utf-8")
    assert "JÃ¼rgen" in next(sites.read(double)).players


def test_dump_all_writes_phhs(tmp_path):
    hands = list(sites.read(DATA))
    target = tmp_path / "out.phhs"
    sites.dump_all(hands, target)
    back = history.load_all(target)
    assert len(back) == sum(h.error is None for h in hands)
    assert {h.fields["venue"] for h in back} >= {"PokerStars", "GGPoker", "888poker", "Winamax", "Full Tilt Poker"}


def test_unknown_site_argument():
    with pytest.raises(sites.SiteError):
        list(sites.read("x\n", site="nosuchsite"))


def test_read_checks_the_site_at_the_call_and_opens_the_source_when_read(tmp_path):
    """docs/sites.rst (Reading): an unknown ``site`` raises at the call, before any
    next(); a path that names nothing raises at the first next(), not at the call."""
    with pytest.raises(sites.SiteError, match="unknown site 'nosuchsite'"):
        sites.read("x\n", site="nosuchsite")
    hands = sites.read(str(tmp_path / "missing.txt"))  # nothing opened yet: no error
    with pytest.raises(sites.SiteError, match="no such file or folder"):
        next(hands)
    assert next(sites.read(str(DATA / "pokerstars" / "cash.txt"), site="pokerstars")).error is None
    with pytest.raises(sites.SiteError, match="unknown site 'nosuchsite'"):  # the same for read_parallel
        sites.read_parallel([str(DATA / "pokerstars" / "cash.txt")], site="nosuchsite")


def test_read_parallel_matches_read():
    paths = [str(p) for p in sorted(DATA.rglob("*.txt"))]
    serial = [(h.hand_id, h.error) for path in paths for h in sites.read(path)]
    results = [pair for per_file in sites.read_parallel(paths, workers=2, verify=True) for pair in per_file]
    assert [(h.hand_id, h.error) for h, _ in results] == serial
    assert all(r.agrees for h, r in results if h.error is None)
    assert all(r is None for h, r in results if h.error is not None)


def test_import_command(tmp_path, capsys):
    from pokerhash.cli import main
    out = tmp_path / "all.phhs"
    assert main(["import", str(DATA), "-o", str(out), "--quiet"]) == 0
    text = capsys.readouterr().out
    rows = {line.split()[0]: line.split()[1:5] for line in text.splitlines()[1:] if not line.startswith(" ")}
    assert rows["pokerstars"] == ["36", "31", "31", "5"] and rows["888poker"] == ["15", "11", "11", "4"]
    assert rows["winamax"] == ["16", "13", "13", "3"] and rows["fulltilt"] == ["17", "14", "14", "3"] and rows["ggpoker"] == ["12", "12", "12", "0"]
    assert "refused 1: the site cancelled the hand" in text
    assert len(history.load_all(out)) == sum(int(row[1]) for row in rows.values())  # every site's imported
    assert main(["import", str(tmp_path / "missing"), "-o", str(out)]) == 2
    assert main(["import", str(DATA), "-o", str(out), "--db", str(tmp_path / "x.sqlite")]) == 2  # one mode
    assert main(["import", str(DATA / "winamax"), str(DATA / "fulltilt"), "-o", str(out), "--quiet",
                 "--processes", "2"]) == 0
    assert len(history.load_all(out)) == 26


def test_import_without_tqdm(tmp_path, monkeypatch, capsys):
    import builtins
    real_import = builtins.__import__

    def no_tqdm(name, *args, **kwargs):
        if name == "tqdm":
            raise ImportError("no tqdm")
        return real_import(name, *args, **kwargs)

    monkeypatch.setattr(builtins, "__import__", no_tqdm)
    from pokerhash.cli import main
    assert main(["import", str(DATA / "ggpoker"), "-o", str(tmp_path / "g.phhs")]) == 0
    assert "ggpoker" in capsys.readouterr().out


def _agrees_with_the_engine(text, hand):
    """The text of an engine hand imports, and its replay agrees, paying what the engine paid."""
    site_hand = next(sites.read(text))
    assert site_hand.error is None, (site_hand.error, text)
    result = site_hand.replay()
    assert result.agrees, (result.differences, text)
    payouts = {f"P{seat}": Decimal(v).scaleb(-2) for seat, v in hand.result.payouts.items() if v}
    assert result.won == payouts, text
    return site_hand


def _random_stud_hand(rng, variant):
    from pokerhash.betting import Action
    from pokerhash.engine import Hand, Options, PendingKind, Stakes
    from pokerhash.pots import RakeRule
    players = rng.randint(2, 6)
    seats = sorted(rng.sample(range(1, 9), players))
    stacks = {seat: rng.choice([rng.randint(20, 120), rng.randint(120, 2000)]) for seat in seats}
    stakes = Stakes(ante=rng.choice([1, 2]), bring_in=5, small_bet=10, big_bet=20)
    rake = RakeRule(heads_up_rate=0.05, multiway_rate=0.05, cap=300) if rng.random() < 0.5 else None
    # Written as PokerStars text: played by PokerStars' half-bet all-in rule (sites/settling.py).
    hand = Hand(variant, stacks, button=seats[-1], stakes=stakes,
                options=Options(rake=rake, half_bet_all_in="last full bet"), seed=rng.randrange(1 << 30))
    while not hand.is_over:
        pending, roll = hand.pending, rng.random()
        if pending.kind is PendingKind.BRING_IN:
            hand.bring_in() if roll < 0.7 else hand.complete()
            continue
        legal = pending.legal
        if legal.raise_kind is not None and roll < 0.3:
            hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
        elif roll < 0.85 or legal.can_check:
            hand.act(Action.check() if legal.can_check else Action.call())
        else:
            hand.act(Action.fold())
    return hand


@pytest.mark.parametrize("game", ["STUD", "STUD_HI_LO", "RAZZ"])
def test_random_stud_hands_written_as_pokerstars_text_agree(game):
    """Stud, stud hi/lo and razz as the random board games above: the engine plays,
    the reference writer writes PokerStars stud text, the importer's replay agrees."""
    import random
    import pokerhash.engine as engine
    from pokerhash.engine import history_hands
    from reference_pokerstars_text import write_stud
    rng = random.Random(7 + len(game))
    for number in range(60):
        hand = _random_stud_hand(rng, getattr(engine, game))
        text = write_stud(hand, 710000000 + number, hero=rng.choice(hand.seats + (None,)))
        site_hand = _agrees_with_the_engine(text, hand)
        # Its PHH plays on the PHH replay, to the same stacks when PHH says everything
        # (no rake, and no hand mucked unseen: issue 22 section 1 settles those).
        try:
            phh = site_hand.history
        except InvalidValueError:
            assert game == "RAZZ"  # PHH's razz code FR: issue 22 section 1
            continue
        played = history_hands.replay(phh)
        if played.complete and not site_hand.rake and "mucks hand" not in text:
            stacks = hand.result.stacks
            assert played.finishing_stacks == [stacks[seat] for seat in site_hand.history.fields["seats"]], text


def _random_hand(rng, variant, limit, odd_chips=None, half_bet_all_in="all-in"):
    from pokerhash.betting import Action
    from pokerhash.engine import Hand, Options, Stakes
    from pokerhash.pots import OddChipRule, RakeRule
    players = rng.randint(2, 6)
    seats = sorted(rng.sample(range(1, 10), players))
    stacks = {seat: rng.choice([rng.randint(30, 400), rng.randint(400, 5000)]) for seat in seats}
    stakes = Stakes(blinds=(5, 10), ante=rng.choice([0, 0, 2]), small_bet=10,
                    big_bet=20 if limit.value == "fixed-limit" else 0)
    rake = RakeRule(heads_up_rate=0.05, multiway_rate=0.05, cap=300) if rng.random() < 0.7 else None
    hand = Hand(variant.with_limit(limit), stacks, button=rng.choice(seats), stakes=stakes,
                options=Options(rake=rake, odd_chips=odd_chips or OddChipRule(), half_bet_all_in=half_bet_all_in),
                seed=rng.randrange(1 << 30))
    while not hand.is_over:
        legal = hand.pending.legal
        roll = rng.random()
        if legal.raise_kind is not None and roll < 0.35:
            if legal.fixed_amounts is not None:
                hand.act(Action.bet_to(rng.choice(legal.fixed_amounts)))
            else:
                hand.act(Action.bet_to(rng.choice([legal.min_to, legal.max_to, rng.randint(legal.min_to, legal.max_to)])))
        elif roll < 0.85 or legal.can_check:
            hand.act(Action.check() if legal.can_check else Action.call())
        else:
            hand.act(Action.fold())
    return hand


@pytest.mark.parametrize("game", ["HOLDEM", "PLO", "OMAHA_HI_LO", "PLO5", "BIG_O"])
def test_random_engine_hands_written_as_pokerstars_text_agree(game):
    """The engine plays random hands (all-ins, side pots, ties, hi/lo halves, mucks,
    rake), a reference writer puts them in PokerStars text, and the importer's replay
    agrees with the engine on every figure."""
    import random
    import pokerhash.engine as engine
    from pokerhash.betting import Limit
    from reference_pokerstars_text import write
    rng = random.Random(2026 + len(game))
    variant = getattr(engine, game)
    limits = [Limit.NO_LIMIT, Limit.POT_LIMIT, Limit.FIXED_LIMIT] if game == "HOLDEM" else [Limit.POT_LIMIT]
    from pokerhash.pots import OddChipRule
    for number in range(60):
        # PokerStars gives several odd chips one each (sites/settling.py).
        hand = _random_hand(rng, variant, rng.choice(limits), OddChipRule(one_each=True), "last full bet")
        text = write(hand, 700000000 + number, hero=rng.choice(hand.seats + (None,)))
        _agrees_with_the_engine(text, hand)


class _Repeated(io.RawIOBase):
    """A binary stream of ``count`` copies of ``hand``, made as it is read (no copy of
    the whole held anywhere)."""

    def __init__(self, hand: bytes, count: int):
        self.hand, self.left, self.at = hand, count, 0

    def readable(self):
        return True

    def readinto(self, buffer):
        size = len(buffer)
        done = 0
        while done < size and self.left:
            piece = self.hand[self.at:self.at + size - done]
            buffer[done:done + len(piece)] = piece
            done += len(piece)
            self.at += len(piece)
            if self.at == len(self.hand):
                self.at, self.left = 0, self.left - 1
        return done


def test_streams_in_bounded_memory():
    import tracemalloc
    hand = (_hands_of(DATA / "pokerstars" / "cash.txt")[1] + "\n\n\n").encode()

    def peak(count):
        tracemalloc.start()
        read = sum(1 for h in sites.read(_Repeated(hand, count)) if h.error is None)
        top = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        assert read == count
        return top

    # 7.2 MB of text read in 1 MB blocks: the reader's memory stays well below it.
    assert peak(6000) < 5 * (1 << 20)


def test_phh_of_every_hand_replays_on_the_phh_reader():
    """The PHH written for a site hand plays on pokerhash's own PHH replay; where PHH
    says all the hand did (no rake, missed blinds, cash drop or second board), to the
    same final stacks as the site hand's replay."""
    from pokerhash.engine import history_hands
    checked = 0
    for hand in sites.read(DATA):
        if hand.error is not None:
            continue
        played = history_hands.replay(hand.history)
        fields = hand.history.fields
        if not played.complete or hand.rake or hand.fees or any(k in fields for k in (
                "_pokerhash_missed_blinds_live", "_pokerhash_cash_drop", "_pokerhash_boards", "_pokerhash_odd_chips",
                "_pokerhash_heads_up_dead_button")):
            continue
        engine = hand.replay().hand.result.stacks
        assert played.finishing_stacks == [engine[seat] for seat in fields["seats"]], hand.hand_id
        checked += 1
    assert checked >= 8
