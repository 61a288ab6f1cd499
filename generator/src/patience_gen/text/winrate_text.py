"""Measured win rates in words, for the game pages and the home page's table.

The figures come from `winrates.measured` (the solver's data file, checked against the rules
file's hash). They say what happened: how many deals the solver won, and how many it could not
decide within its budget. A percentage with its 95 % interval is a win rate only when almost
every deal was decided (`SETTLED`); the solver tries every line of play and, where the game
hides cards, sees them, so the text then also says why its figure is above what players win.
Otherwise the page gives the counts, says that they are not a win rate yet, and says only what
they prove: the share of these deals that can be won lies between those won and those not
proved lost. A sample with nothing decided proves nothing, and says so.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from patience_gen.i18n.translate import Translator
from patience_gen.text.winrates import measured

log = logging.getLogger("mkdocs.plugins.pages")
Figures = dict[str, Any]
CONFIDENCE = 95
SETTLED = 0.02  # a sample is a win rate only when fewer than 2 % of its deals are undecided


def measured_figures(variant_id: str, rules_path: Path | str,
                     data_dir: Path | None) -> Figures | None:
    """The variant's measured figures, or None when there is no data file or it is stale.

    A variant with no data file yet is normal (a new rules file has not been measured), so it
    is only noted; stale or damaged data makes `measured` warn.
    """
    if data_dir is None:
        return None
    if not (data_dir / f"{variant_id}.json").is_file():
        log.info("no measured win rate for %s yet (run `patience winrate %s`)",
                 variant_id, variant_id)
        return None
    return measured(variant_id, rules_path, data_dir)


def settled(figures: Figures) -> bool:
    """Whether so few deals were undecided that the share won is a win rate."""
    return bool(figures["undecided"] < SETTLED * figures["deals"])


def hides_cards(config: dict[str, Any]) -> bool:
    """Whether a player ever faces a card they cannot see: dealt face down, or in the stock."""
    for kind, spec in config["piles"].items():
        deal = spec.get("deal", {})
        cards, face_up = deal.get("cards", []), deal.get("face_up", [])
        if kind == "stock" and any(cards):
            return True
        if any(up < n for n, up in zip(cards, face_up, strict=False)):
            return True
    return False


def _percent(t: Translator, share: float) -> str:
    """A share (0-1) as a percentage with at most one decimal, in the locale's way."""
    return t.percent(round(share * 100, 1))


def _won_sentence(t: Translator, figures: Figures) -> str:
    """What the solver won, with the 95 % interval only where the sample is settled."""
    won, deals = figures["won"], figures["deals"]
    rate = _percent(t, won / deals)
    if not settled(figures):
        return t.n_("Measured: a solver won {count} of {deals} deals ({rate}).",
                    "Measured: a solver won {count} of {deals} deals ({rate}).", won,
                    deals=t.number(deals), rate=rate)
    interval = t.p_("range", "{low} to {high}", low=_percent(t, figures["low"]),
                    high=_percent(t, figures["high"]))
    return t.n_("Measured: a solver won {count} of {deals} deals ({rate}; {confidence} "
                "confidence interval: {interval}).",
                "Measured: a solver won {count} of {deals} deals ({rate}; {confidence} "
                "confidence interval: {interval}).", won,
                deals=t.number(deals), rate=rate, confidence=t.percent(CONFIDENCE),
                interval=interval)


def _undecided_sentence(t: Translator, figures: Figures) -> str:
    """How many deals the solver could not decide, and what that means for the figure."""
    undecided = figures["undecided"]
    if not undecided:
        return ""
    if settled(figures):
        return t.n_("It could not decide {count} deal within its search budget.",
                    "It could not decide {count} deals within its search budget.", undecided)
    return t.n_("It could not decide {count} deal within its search budget, so these counts "
                "are not a win rate yet.",
                "It could not decide {count} deals within its search budget, so these counts "
                "are not a win rate yet.", undecided)


def _bounds_sentence(t: Translator, figures: Figures, hidden: bool) -> str:
    """What an unsettled sample proves: a share of winnable deals between two bounds, not
    a rate that players could be compared with. Where cards are hidden, the deals are won by
    seeing them."""
    low, high = _percent(t, figures["rate"]), _percent(t, figures["rate_high"])
    if hidden:
        return t._("Still, the counts show that between {low} and {high} of these deals can be "
                   "won by someone who sees every card.", low=low, high=high)
    return t._("Still, the counts show that between {low} and {high} of these deals can be won.",
               low=low, high=high)


def _why_sentence(t: Translator, hidden: bool) -> str:
    """Why players win less often than the solver; face-down cards only where there are some."""
    if hidden:
        return t._("Players win less often: the solver tries every line of play and sees the "
                   "face-down cards, which a player cannot.")
    return t._("Players win less often: the solver tries every line of play before it moves.")


def measured_sentence(t: Translator, figures: Figures | None, hidden: bool) -> str:
    """The game page's paragraph: what the solver won, what it left undecided, and why it differs.

    `hidden`: whether the game has face-down cards (see `hides_cards`).
    """
    if not figures or not figures["deals"]:
        return ""
    deals = figures["deals"]
    if figures["undecided"] == deals:
        return t.n_("Measured: a solver could not decide the one deal it tried within its "
                    "search budget, so there is no figure for this game yet.",
                    "Measured: a solver could not decide any of the {count} deals it tried "
                    "within its search budget, so there is no figure for this game yet.", deals)
    last = _why_sentence(t, hidden) if settled(figures) else _bounds_sentence(t, figures, hidden)
    parts = [_won_sentence(t, figures), _undecided_sentence(t, figures), last]
    return " ".join(p for p in parts if p)


def measured_cell(t: Translator, figures: Figures | None) -> str:
    """The home page's short form: "99.4 % of 500 deals"; counts, not a rate, if not settled;
    no figure, as on the game's page, when nothing was decided."""
    if not figures or not figures["deals"]:
        return ""
    deals = figures["deals"]
    if figures["undecided"] == deals:
        return t.n_("no figure yet: {count} deal undecided",
                    "no figure yet: {count} deals undecided", deals)
    if settled(figures):
        return t.n_("{rate} of {count} deal", "{rate} of {count} deals", deals,
                    rate=_percent(t, figures["won"] / deals))
    return t._("won: {won} of {deals}; undecided: {undecided}", won=t.number(figures["won"]),
               deals=t.number(deals), undecided=t.number(figures["undecided"]))
