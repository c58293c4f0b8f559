"""pokerhash: perfect-hash poker hand evaluators in C, with a correct game layer.

Cards are ints ``rank * 4 + suit`` (2c = 0 ... As = 51) or strings like ``"As"``.
High-hand strengths are 1..7462, higher is stronger (rules: Standard hand ranking).
"""

import importlib
from typing import TYPE_CHECKING

from .cards import Deck, card, card_str, cards, cards_str
from .errors import (CardTypeError, ChipLimitError, ComputationTimeout, IllegalActionError, InvalidCardError,
                     InvalidValueError, PokerhashError)
from .errors import InvalidRangeError
from .evaluators.low import (
    BEST_LOW,
    NO_LOW,
    best_low_five,
    describe_low,
    evaluate_low8,
    evaluate_low8_batch,
    evaluate_omaha_low8,
    evaluate_omaha_low8_batch,
)
from .evaluators.omaha import best_omaha_five, evaluate_omaha, evaluate_omaha_batch
from .evaluators.turkish import (
    TurkishCategory,
    can_open_turkish,
    describe_turkish,
    evaluate_turkish,
    evaluate_turkish_batch,
    turkish_category,
    turkish_deck,
)
from .evaluators.shortdeck import (
    ShortDeckCategory,
    best_shortdeck_five,
    describe_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    shortdeck_category,
)
from .evaluators.lowball import (
    BEST_A5_LOW,
    BEST_DEUCE7,
    a5_low_category,
    best_a5_low_five,
    deuce7_category,
    describe_a5_low,
    describe_deuce7,
    evaluate_a5_low,
    evaluate_a5_low_batch,
    evaluate_deuce7,
    evaluate_deuce7_batch,
)
from .evaluators.badugi import (
    BEST_BADUGI,
    badugi_size,
    best_badugi_cards,
    describe_badugi,
    evaluate_badugi,
    evaluate_badugi_batch,
)
from .evaluators.high import (
    HandCategory,
    best_five,
    category,
    category_counts,
    describe,
    evaluate,
    evaluate_batch,
    from_cactus_kev,
    to_cactus_kev,
)

__version__ = "0.1.0"

# The betting and pot layer loads on first use, so that ``import pokerhash`` for
# evaluation alone stays fast (its dataclasses cost more to create than the
# evaluator costs to load).
_LAZY = {
    "betting": ("betting", None),
    "pots": ("pots", None),
    "Action": ("betting", "Action"),
    "BettingRound": ("betting", "BettingRound"),
    "LegalActions": ("betting", "LegalActions"),
    "Structure": ("betting", "Structure"),
    "RakeRule": ("pots", "RakeRule"),
    "Settlement": ("pots", "Settlement"),
    "settle": ("pots", "settle"),
    "side_pots": ("pots", "side_pots"),
    "ranges": ("ranges", None),
    "Range": ("ranges", "Range"),
    "combo_index": ("ranges", "combo_index"),
    "combo_cards": ("ranges", "combo_cards"),
    "tournament": ("tournament", None),
    "icm": ("tournament", "icm"),
    "ForcedBet": ("betting", "ForcedBet"),
    "equity": ("_equity_api", "equity"),  # the function; its module is private (no name clash)
    "equity_iter": ("_equity_api", "equity_iter"),
    "EquityResult": ("_equity_api", "EquityResult"),
    "random_deals": ("_equity_api", "random_deals"),
    "board_strengths": ("_equity_api", "board_strengths"),
    "equities_vs_range": ("_equity_api", "equities_vs_range"),
    "engine": ("engine", None),
    "Hand": ("engine", "Hand"),
    "Options": ("engine", "Options"),
    "Stakes": ("engine", "Stakes"),
    "Table": ("engine", "Table"),
    "Variant": ("engine", "Variant"),
    "VARIANTS": ("engine", "VARIANTS"),
    "iso": ("iso", None),
    "abstraction": ("abstraction", None),
    "HandIndexer": ("iso", "HandIndexer"),
    "acpc": ("acpc", None),
    "preflop": ("preflop", None),
    "preflop_equity": ("preflop", "preflop_equity"),
    "preflop_counts": ("preflop", "preflop_counts"),
    "preflop_equity_batch": ("preflop", "preflop_equity_batch"),
    "preflop_matrix": ("preflop", "preflop_matrix"),
    "evaluators": ("evaluators", None),
    # The evaluator modules before they moved to pokerhash.evaluators (issue 21): the
    # attribute still names them (``from pokerhash import turkish``).
    **{name: (f"evaluators.{name}", None) for name in ("high", "low", "omaha", "turkish", "shortdeck", "lowball", "badugi")},
    "pictures": ("pictures", None),
}


if TYPE_CHECKING:  # the lazily loaded names, for type checkers and IDEs
    from . import betting, pots
    from .betting import Action, BettingRound, ForcedBet, LegalActions, Structure
    from .pots import RakeRule, Settlement, settle, side_pots
    from . import ranges, tournament
    from .ranges import Range, combo_cards, combo_index
    from .tournament import icm
    from ._equity_api import EquityResult, board_strengths, equities_vs_range, equity, equity_iter, random_deals
    from . import engine
    from .engine import VARIANTS, Hand, Options, Stakes, Table, Variant
    from . import acpc
    from . import preflop
    from .preflop import preflop_counts, preflop_equity, preflop_equity_batch, preflop_matrix
    from . import pictures


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerhash' has no attribute {name!r}")
    module_name, attribute = _LAZY[name]
    module = importlib.import_module(f".{module_name}", __name__)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__() -> list:
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "acpc",
    "Action",
    "BettingRound",
    "ForcedBet",
    "LegalActions",
    "RakeRule",
    "Settlement",
    "Structure",
    "TurkishCategory",
    "betting",
    "pots",
    "settle",
    "side_pots",
    "iso",
    "abstraction",
    "HandIndexer",
    "BEST_LOW",
    "CardTypeError",
    "ChipLimitError",
    "ComputationTimeout",
    "Deck",
    "HandCategory",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidValueError",
    "NO_LOW",
    "PokerhashError",
    "best_five",
    "best_low_five",
    "best_omaha_five",
    "can_open_turkish",
    "card",
    "card_str",
    "cards",
    "cards_str",
    "category",
    "category_counts",
    "describe",
    "describe_low",
    "describe_turkish",
    "evaluate",
    "evaluate_batch",
    "evaluate_low8",
    "evaluate_low8_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_low8",
    "evaluate_omaha_low8_batch",
    "evaluate_turkish",
    "evaluate_turkish_batch",
    "from_cactus_kev",
    "to_cactus_kev",
    "turkish_category",
    "turkish_deck",
    "InvalidRangeError",
    "Range",
    "combo_cards",
    "combo_index",
    "ranges",
    "icm",
    "tournament",
    "ShortDeckCategory",
    "best_shortdeck_five",
    "describe_shortdeck",
    "evaluate_shortdeck",
    "evaluate_shortdeck_batch",
    "shortdeck_category",
    "BEST_A5_LOW",
    "BEST_DEUCE7",
    "a5_low_category",
    "best_a5_low_five",
    "deuce7_category",
    "describe_a5_low",
    "describe_deuce7",
    "evaluate_a5_low",
    "evaluate_a5_low_batch",
    "evaluate_deuce7",
    "evaluate_deuce7_batch",
    "BEST_BADUGI",
    "badugi_size",
    "best_badugi_cards",
    "describe_badugi",
    "evaluate_badugi",
    "evaluate_badugi_batch",
    "equity",
    "equity_iter",
    "EquityResult",
    "random_deals",
    "board_strengths",
    "equities_vs_range",
    "preflop",
    "preflop_equity",
    "preflop_counts",
    "preflop_equity_batch",
    "preflop_matrix",
    "pictures",
]
