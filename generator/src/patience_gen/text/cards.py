"""Card names in running text: "the 7 of clubs", "l'as de pique", "a dama de copas".

Articles and elision depend on the rank, so each rank class is its own message; a list of
same-rank cards is shortened the way players say it: "the 6 of spades, hearts or diamonds".
"""

from __future__ import annotations

from itertools import groupby

from patience_gen.i18n.translate import Translator
from patience_gen.text.examples import rank_of


def suit_name(t: Translator, suit: str) -> str:
    """The suit's name as it follows a rank ("of clubs", "de trèfle")."""
    match suit:
        case "C":
            return t.p_("suit", "clubs")
        case "D":
            return t.p_("suit", "diamonds")
        case "H":
            return t.p_("suit", "hearts")
        case _:
            return t.p_("suit", "spades")


def card_name(t: Translator, card: str) -> str:
    """A card with its definite article: "the 7 of clubs", "the ace of spades"."""
    rank, suit = rank_of(card), suit_name(t, card[1])
    match rank:
        case 1:
            return t.p_("card", "the ace of {suit}", suit=suit)
        case 11:
            return t.p_("card", "the jack of {suit}", suit=suit)
        case 12:
            return t.p_("card", "the queen of {suit}", suit=suit)
        case 13:
            return t.p_("card", "the king of {suit}", suit=suit)
        case _:
            return t.p_("card", "the {rank} of {suit}", rank=t.number(rank), suit=suit)


def card_list(t: Translator, cards: list[str] | tuple[str, ...]) -> str:
    """Cards joined with "or"; cards of one rank share it: "the 6 of spades, hearts or diamonds"."""
    items: list[str] = []
    for _, group in groupby(cards, key=rank_of):
        faces = list(group)
        items.append(card_name(t, faces[0]))
        items += [
            t.p_("a further suit after a card of the same rank, as in 'the 6 of spades, hearts'",
                 "{suit}", suit=suit_name(t, f[1]))
            for f in faces[1:]
        ]
    return t.any_of(items)
