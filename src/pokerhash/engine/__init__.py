"""Whole hands of every game of RULES.md: variants as data, one engine, a table, hand histories."""

from .hand import Hand, HandResult, Options, Pending, PendingKind, ShownHand, Stakes
from .variants import (
    BIG_O,
    FIVE_CARD_DRAW,
    HOLDEM,
    OMAHA_HI_LO,
    PLO,
    PLO5,
    PLO6,
    STUD,
    STUD_HI_LO,
    TURKISH_POKER,
    VARIANTS,
    Evaluation,
    FirstToAct,
    Forced,
    Opening,
    Street,
    Variant,
)
from .table import Agent, Table
from .view import View

__all__ = [
    "BIG_O",
    "FIVE_CARD_DRAW",
    "HOLDEM",
    "OMAHA_HI_LO",
    "PLO",
    "PLO5",
    "PLO6",
    "STUD",
    "STUD_HI_LO",
    "TURKISH_POKER",
    "VARIANTS",
    "Evaluation",
    "FirstToAct",
    "Forced",
    "Hand",
    "HandResult",
    "Opening",
    "Options",
    "Pending",
    "PendingKind",
    "ShownHand",
    "Stakes",
    "Street",
    "Table",
    "Agent",
    "Variant",
    "View",
]
