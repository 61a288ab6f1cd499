"""Cards: the public `Card` value and the small integer codes the engine works with.

A card's code is `suit_index * 13 + rank - 1` (0..51); a face-down card on a pile is stored as
`code | FACE_DOWN`. Two decks simply hold each code twice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

SUITS = "CDHS"
RANKS = "A23456789TJQK"
FACE_DOWN: Final = 64
RED_SUITS = frozenset("DH")


def code_of(rank: int, suit: str) -> int:
    """The code of a face-up card."""
    return SUITS.index(suit) * 13 + rank - 1


def rank_of(code: int) -> int:
    """Rank 1..13 of a code, face up or down."""
    return (code & ~FACE_DOWN) % 13 + 1


def suit_of(code: int) -> str:
    """Suit letter of a code, face up or down."""
    return SUITS[(code & ~FACE_DOWN) // 13]


def is_red(code: int) -> bool:
    """Diamonds and hearts are red."""
    return suit_of(code) in RED_SUITS


def card_text(code: int) -> str:
    """'7H', 'TS', 'AC': the rank letter then the suit letter."""
    return RANKS[rank_of(code) - 1] + suit_of(code)


@dataclass(frozen=True, slots=True)
class Card:
    """A card as the public API shows it."""

    rank: int
    suit: str
    face_up: bool = True

    def __str__(self) -> str:
        return RANKS[self.rank - 1] + self.suit

    @classmethod
    def parse(cls, text: str, face_up: bool = True) -> Card:
        """Read '7H', 'TS' or '10S', 'AC', 'KD' (case-insensitive)."""
        t = text.strip().upper().replace("10", "T")
        if len(t) != 2 or t[0] not in RANKS or t[1] not in SUITS:
            raise ValueError(f"not a card: {text!r} (expected rank A23456789TJQK then suit CDHS)")
        return cls(RANKS.index(t[0]) + 1, t[1], face_up)

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The public card for an engine code."""
        return cls(rank_of(code), suit_of(code), not code & FACE_DOWN)

    @property
    def code(self) -> int:
        """The engine code of this card, with its face."""
        return code_of(self.rank, self.suit) | (0 if self.face_up else FACE_DOWN)
