"""Patience: a solitaire engine that plays any variant from its compiled rules.

Standard library only, so the same code runs in CPython and in the browser through Pyodide.
"""

from patience.cards import Card
from patience.config import UnknownVariant, load_variant, variants
from patience.game import Game, IllegalMove, Move, Pile
from patience.layout import Layout
from patience.records import Flip, NextPass, Shift, Step, TurnOver, Undo
from patience.rules import Rules

__all__ = [
    "Card", "Flip", "Game", "IllegalMove", "Layout", "Move", "NextPass", "Pile", "Rules", "Shift",
    "Step", "TurnOver", "Undo", "UnknownVariant", "load_variant", "variants",
]
__version__ = "0.1.0"
