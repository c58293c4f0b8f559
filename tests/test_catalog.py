"""The game catalogue (pokerhash.evaluators.catalog): for every ranking, the per-call
evaluator, its engine form and the batch function agree on every hand, and order the
hands as the slow readable reference of tests/ does; the best cards value as the hand;
and every consumer of game names (the engine, equity, the command line) reads the one
table of games."""

import itertools
import random

import numpy as np
import pytest
from conftest import assert_same_order

import reference_badugi
import reference_high
import reference_low
import reference_lowball
import reference_shortdeck
import reference_turkish
from pokerhash import InvalidValueError, cli, engine, equity as equity_function
from pokerhash.evaluators import catalog
from pokerhash.evaluators.catalog import ALIASES, GAMES, RANKINGS


def _omaha_best(key, hole, board):
    return max(key(list(two) + list(three)) for two in itertools.combinations(hole, 2)
               for three in itertools.combinations(board, 3))


def _negated(key):
    """A key where larger is worse, as one where larger is better."""
    def better(hand):
        return tuple(-x for x in _flat(key(hand)))
    return better


def _flat(value):
    return [y for x in value for y in (_flat(x) if isinstance(x, tuple) else [x])]


# ranking -> (the deck it deals from, reference key of (hole, board): larger is better)
REFERENCES = {
    "high": (range(52), lambda hole, board: reference_high.rank_best(hole + board)),
    "omaha": (range(52), lambda hole, board: _omaha_best(reference_high.rank_five, hole, board)),
    "low8": (range(52), lambda hole, board: reference_low.value(reference_low.best_low(hole + board))),
    "omaha-low8": (range(52), lambda hole, board: reference_low.value(reference_low.best_omaha_low(hole, board))),
    # The default Turkish deck: 36 cards, six (rank index 4) to ace.
    "turkish": (range(16, 52), lambda hole, board: reference_turkish.turkish_key(hole, 4)),
    "shortdeck": (range(16, 52), lambda hole, board: reference_shortdeck.rank_best(hole + board, True)),
    "shortdeck-classic": (range(16, 52), lambda hole, board: reference_shortdeck.rank_best(hole + board, False)),
    "a5-low": (range(52), lambda hole, board: _negated(reference_lowball.a5_best)(hole + board)),
    "deuce7": (range(52), lambda hole, board: _negated(reference_lowball.deuce7_badness)(hole + board)),
    "badugi": (range(52), lambda hole, board: reference_badugi.badugi_key(hole + board)),
}
HANDS = 400  # per ranking and card count


def deals(ranking, seed=2026):
    """(hole, board) pairs of random distinct cards of the ranking's deck, every card
    count it takes."""
    deck, _ = REFERENCES[ranking.name]
    rng = random.Random(seed)
    shapes = [(h, b) for h in ranking.cards for b in ranking.board] if ranking.split else [(n, 0) for n in ranking.cards]
    for hole_count, board_count in shapes:
        rows = [rng.sample(list(deck), hole_count + board_count) for _ in range(HANDS)]
        yield [r[:hole_count] for r in rows], [r[hole_count:] for r in rows]


def test_every_ranking_has_a_reference():
    assert set(REFERENCES) == set(RANKINGS)


@pytest.mark.parametrize("name", list(RANKINGS))
def test_per_call_batch_and_reference_agree(name):
    ranking = RANKINGS[name]
    _, reference = REFERENCES[name]
    for holes, boards in deals(ranking):
        if ranking.split:
            per_call = [ranking.evaluate(h, b) for h, b in zip(holes, boards)]
            batch = ranking.batch(np.array(holes, dtype=np.uint8), np.array(boards, dtype=np.uint8))
        else:
            per_call = [ranking.evaluate(h) for h in holes]
            batch = ranking.batch(np.array(holes, dtype=np.uint8))
        engine_form = [ranking.value(tuple(h), tuple(b), None) for h, b in zip(holes, boards)]
        assert batch.dtype == ranking.dtype
        assert per_call == batch.tolist() == engine_form
        assert max(per_call) <= ranking.best and min(per_call) >= 0
        assert_same_order(per_call, [reference(h, b) for h, b in zip(holes, boards)])


@pytest.mark.parametrize("name", list(RANKINGS))
def test_best_cards_value_as_the_hand_and_describe_names_it(name):
    ranking = RANKINGS[name]
    holes, boards = next(deals(ranking, seed=7))
    for hole, board in list(zip(holes, boards))[:50]:
        value = ranking.value(tuple(hole), tuple(board), None)
        assert isinstance(ranking.describe(value), str) and ranking.describe(value)
        if ranking.best_cards is None:
            continue
        best = ranking.best_cards(hole, board)
        if best is None:  # no qualifying low
            assert value == 0
            continue
        assert set(best) <= set(hole) | set(board)
        if name == "badugi":  # fewer than four cards may play; the value is the hand's
            assert len(best) == reference_badugi.badugi_key(hole)[0]
        else:
            assert len(best) == 5
            assert catalog.RANKINGS[name.replace("omaha-", "").replace("omaha", "high")].value(tuple(best), (), None) == value


def test_the_best_value_is_reached():
    royal = [48, 44, 40, 36, 32]
    assert RANKINGS["high"].evaluate(royal) == RANKINGS["high"].best
    assert RANKINGS["shortdeck"].evaluate(royal) == RANKINGS["shortdeck"].best
    assert RANKINGS["low8"].evaluate([48, 0, 4, 8, 12]) == RANKINGS["low8"].best  # A-2-3-4-5
    assert RANKINGS["a5-low"].evaluate([48, 0, 4, 8, 12]) == RANKINGS["a5-low"].best
    assert RANKINGS["deuce7"].evaluate([0, 4, 8, 12, 21]) == RANKINGS["deuce7"].best  # 7-5-4-3-2, two suits
    assert RANKINGS["badugi"].evaluate([48, 1, 6, 11]) == RANKINGS["badugi"].best  # A-2-3-4, four suits
    assert RANKINGS["turkish"].evaluate([50, 46, 42, 38, 34]) == RANKINGS["turkish"].best  # royal in hearts


def test_games_name_rankings_and_each_ranking_lists_its_games():
    for game in GAMES.values():
        assert game.high in RANKINGS and (game.low is None or game.low in RANKINGS)
        for ranking in game.rankings:
            assert game.name in ranking.games


def test_aliases_are_unique_and_resolve():
    every = list(GAMES) + [alias for g in GAMES.values() for alias in g.aliases]
    assert len(every) == len(set(every))
    for alias, name in ALIASES.items():
        assert catalog.game(alias) is GAMES[name] and catalog.game(alias.upper()) is GAMES[name]
    with pytest.raises(InvalidValueError, match="unknown game"):
        catalog.game("gin rummy")


def test_the_engine_reads_the_catalogue():
    assert list(engine.VARIANTS) == list(GAMES)
    for name, variant in engine.VARIANTS.items():
        game = GAMES[name]
        assert variant.high.value is RANKINGS[game.high].value
        assert (variant.low.value if variant.low else None) is (RANKINGS[game.low].value if game.low else None)


def test_the_command_line_and_equity_read_the_catalogue():
    assert list(cli.GAMES) == list(GAMES)
    for name, game in cli.GAMES.items():
        assert game.high is RANKINGS[GAMES[name].high]
    from pokerhash._equity_api import GAMES as EQUITY_GAMES
    assert set(EQUITY_GAMES) <= set(GAMES)
    for old in ("omaha8", "stud8", "shortdeck"):  # the older names still work
        assert equity_function(["Ah Ad", "Ks Kc"] if old == "shortdeck" else
                               (["Ac2cKhKs", "AdQdJdTd"] if old == "omaha8" else ["Ah 2d 4c", "Ks Kh 3h"]),
                               game=old, trials=200, seed=1).game == ALIASES[old]
