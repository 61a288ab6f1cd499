"""The game table's interface strings, in English, marked for the gettext catalogs.

The strings live here rather than in the JavaScript so that Babel's Python extractor finds them
and translators see them next to the pages' own messages. The hook renders them into each game
page in the page's language. Placeholders in braces are filled in by the table's script.
"""

from __future__ import annotations


def _(text: str) -> str:
    """Mark a message for extraction; it is translated when a page is built."""
    return text


class InContext(str):
    """A message that needs a context to be unambiguous (a lone letter, say)."""

    context: str = ""


class Plural(str):
    """A message with plural forms: the English singular, with the plural beside it. The page
    picks the form for a count with the browser's plural rules for its language."""

    plural: str = ""


def n_(singular: str, plural: str) -> str:
    """Mark a message with plural forms for extraction; `{count}` is the number."""
    marked = Plural(singular)
    marked.plural = plural
    return marked


def p_(context: str, text: str) -> str:
    """Mark a message with its context for extraction; the context travels with the text."""
    marked = InContext(text)
    marked.context = context
    return marked


UI_STRINGS: dict[str, str] = {
    "table": _("Card table"),
    "loading": _("Loading the game…"),
    "error": _(
        "The game could not start in this browser, so the table is not playable here. "
        "The rules below are all you need to play with real cards."
    ),
    "undo": _("Undo"),
    "redo": _("Redo"),
    "hint": _("Hint"),
    "new": _("New deal"),
    "winnable": _("Winnable deals only"),
    "winnable_searching": _("Looking for a deal the solver can win…"),
    "winnable_none": _("No winnable deal was found in time, so this deal is a random one."),
    "restart": _("Restart"),
    "finish": _("Finish"),
    "finish_ready": _("Every card left can go home: press Finish to play them there."),
    "statistics": _("Statistics"),
    "statistics_title": _("Your statistics for this game"),
    "won_title": _("You won!"),
    "close": _("Close"),
    "stat_played": _("Games played"),
    "stat_won": _("Games won"),
    "stat_rate": _("Win rate"),
    "stat_streak": _("Current winning streak"),
    "stat_best": _("Best winning streak"),
    "stat_time": _("Best time"),
    "stat_none": _("none yet"),
    "confirm_new": _("This game is not finished. Press New deal again to leave it."),
    "confirm_restart": _("Press Restart again to start this deal over."),
    # TRANSLATORS: {n} is the deal's number; the same number deals the same cards.
    "deal": _("Deal {n}"),
    "moves": _("Moves: {n}"),
    "time": _("Time: {t}"),
    "stats": _("Played {played} · Won {won} · Best streak {streak}"),
    "won": _("You won in {moves} moves and {time}. Well played!"),
    "stuck": _("No moves left. Undo, restart or try a new deal."),
    "restored": _("Your game in progress is back where you left it."),
    "engine_restarted": _(
        "The game engine stopped and was started again. Your game is back where it was."
    ),
    "corrupt_save": _("The saved game could not be read, so a new game has started."),
    "new_game": _("New game: deal {n}."),
    "restarted": _("Deal {n} started again."),
    "illegal": _("That move is not allowed."),
    "moved": _("{card} to {pile}."),
    "turned": _("Stock turned."),
    "redealt": _("The waste goes back into the stock."),
    "undone": _("Move taken back."),
    "redone": _("Move played again."),
    "nothing_to_undo": _("There is nothing to undo."),
    "nothing_to_redo": _("There is nothing to redo."),
    "selected": n_(
        "{card} picked up. Choose a pile to play it on.",
        "{count} cards picked up, from {card} to the top. Choose a pile to play them on.",
    ),
    "deselected": _("Put down."),
    "hint_move": _("Hint: move {card} from {from} to {to}."),
    "hint_stock": _("Hint: turn the stock."),
    "hint_suggest": _(
        "No winning line found yet; another hint searches further. Only a suggestion: move "
        "{card} from {from} to {to}."
    ),
    "hint_suggest_stock": _(
        "No winning line found yet; another hint searches further. Only a suggestion: turn the "
        "stock."
    ),
    "hint_none": _("No winning line was found, and no move leads anywhere new."),
    "keyboard": _(
        "Keyboard: arrow keys move between piles; Enter or Space picks up a card and plays it; "
        "with cards picked up, Up and Down take more or fewer; F sends a card to a foundation; "
        "U undoes, R redoes, H gives a hint; Escape puts the cards down."
    ),
    "skip": _("Skip to the game"),
    "pile.foundation": _("Foundation {n}"),
    "pile.tableau": _("Tableau pile {n}"),
    "pile.reserve": _("Reserve {n}"),
    "pile.fan": _("Fan {n}"),
    "pile.stock": _("Stock"),
    "pile.waste": _("Waste"),
    "pile_empty": _("{pile}: empty"),
    "pile_top": n_("{pile}: {count} card, {card}", "{pile}: {count} cards, {card} on top"),
    "pile_down": n_("{pile}: {count} card face down", "{pile}: {count} cards face down"),
    # TRANSLATORS: a card's name for screen readers, e.g. "seven of hearts".
    "card": _("{rank} of {suit}"),
    "rank.1": _("ace"),
    "rank.2": _("two"),
    "rank.3": _("three"),
    "rank.4": _("four"),
    "rank.5": _("five"),
    "rank.6": _("six"),
    "rank.7": _("seven"),
    "rank.8": _("eight"),
    "rank.9": _("nine"),
    "rank.10": _("ten"),
    "rank.11": _("jack"),
    "rank.12": _("queen"),
    "rank.13": _("king"),
    # TRANSLATORS: the letters in a card's corner: ace, jack, queen, king.
    "index.1": p_("card corner", "A"),
    "index.11": p_("card corner", "J"),
    "index.12": p_("card corner", "Q"),
    "index.13": p_("card corner", "K"),
    "suit.C": _("clubs"),
    "suit.D": _("diamonds"),
    "suit.H": _("hearts"),
    "suit.S": _("spades"),
}
