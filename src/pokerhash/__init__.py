"""pokerhash: perfect-hash poker hand evaluators in C, with a correct game layer.

Cards are ints ``rank * 4 + suit`` (2c = 0 ... As = 51) or strings like ``"As"``.
High-hand strengths are 1..7462, higher is stronger (RULES.md §2).
"""

import importlib

from .cards import Deck, card, card_str, cards, cards_str
from .errors import CardTypeError, IllegalActionError, InvalidCardError, InvalidValueError, PokerhashError
from .low import (
    BEST_LOW,
    NO_LOW,
    best_low_five,
    describe_low,
    evaluate_low8,
    evaluate_low8_batch,
    evaluate_omaha_low8,
    evaluate_omaha_low8_batch,
)
from .omaha import best_omaha_five, evaluate_omaha, evaluate_omaha_batch
from .turkish import (
    TurkishCategory,
    can_open_turkish,
    describe_turkish,
    evaluate_turkish,
    evaluate_turkish_batch,
    turkish_category,
    turkish_deck,
)
from .shortdeck import (
    ShortDeckCategory,
    best_shortdeck_five,
    describe_shortdeck,
    evaluate_shortdeck,
    evaluate_shortdeck_batch,
    shortdeck_category,
)
from .lowball import (
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
from .badugi import (
    BEST_BADUGI,
    badugi_size,
    best_badugi_cards,
    describe_badugi,
    evaluate_badugi,
    evaluate_badugi_batch,
)
from .high import (
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
}


def __getattr__(name: str):
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerhash' has no attribute {name!r}")
    module_name, attribute = _LAZY[name]
    module = importlib.import_module(f".{module_name}", __name__)
    value = module if attribute is None else getattr(module, attribute)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(_LAZY))

__all__ = [
    "Action",
    "BettingRound",
    "LegalActions",
    "RakeRule",
    "Settlement",
    "Structure",
    "TurkishCategory",
    "betting",
    "pots",
    "settle",
    "side_pots",
    "BEST_LOW",
    "CardTypeError",
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
]
