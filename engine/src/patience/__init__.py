"""Patience: a solitaire engine that plays any variant from its compiled rules.

Standard library only, so the same code runs in CPython and in the browser through Pyodide.
"""

from patience.cards import Card
from patience.config import load_variant, variants
from patience.game import Game, IllegalMove, Move, Pile

__all__ = ["Card", "Game", "IllegalMove", "Move", "Pile", "load_variant", "variants"]
__version__ = "0.1.0"
