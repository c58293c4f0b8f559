"""pokerhash: perfect-hash poker hand evaluators in C, with a correct game layer.

Cards are ints ``rank * 4 + suit`` (2c = 0 ... As = 51) or strings like ``"As"``.
High-hand strengths are 1..7462, higher is stronger (RULES.md §2).
"""

from .cards import Deck, card, card_str, cards, cards_str
from .errors import CardTypeError, IllegalActionError, InvalidCardError, InvalidValueError, PokerhashError
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

__all__ = [
    "CardTypeError",
    "Deck",
    "HandCategory",
    "IllegalActionError",
    "InvalidCardError",
    "InvalidValueError",
    "PokerhashError",
    "best_five",
    "card",
    "card_str",
    "cards",
    "cards_str",
    "category",
    "category_counts",
    "describe",
    "evaluate",
    "evaluate_batch",
    "from_cactus_kev",
    "to_cactus_kev",
]
