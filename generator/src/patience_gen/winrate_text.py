"""Measured win rates in words, for the game pages and the home page's table.

The figures come from `winrates.measured` (the solver's data file, checked against the rules
file's hash). The solver sees face-down and stock cards, which a player cannot, so its rate is
the share of deals that can be won at all; the text always says so ("thoughtful solver").
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from patience_gen.i18n import Translator
from patience_gen.winrates import measured

log = logging.getLogger("mkdocs.plugins.pages")
Figures = dict[str, Any]
CONFIDENCE = 95


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


def _percent(t: Translator, share: float) -> str:
    """A share (0-1) as a percentage with at most one decimal, in the locale's way."""
    return t.percent(round(share * 100, 1))


def rate_text(t: Translator, figures: Figures) -> str:
    """"94.2 %", or a range "94.2 % to 99.6 %" when some deals were undecided."""
    low, high = _percent(t, figures["rate"]), _percent(t, figures["rate_high"])
    if low == high:
        return low
    return t.p_("range", "{low} to {high}", low=low, high=high)


def measured_sentence(t: Translator, figures: Figures | None) -> str:
    """The game page's sentence: rate, 95 % interval, sample size, and who measured it."""
    if not figures:
        return ""
    interval = t.p_("range", "{low} to {high}", low=_percent(t, figures["low"]),
                    high=_percent(t, figures["high"]))
    values = {"rate": rate_text(t, figures), "interval": interval,
              "confidence": t.percent(CONFIDENCE)}
    if figures["undecided"]:
        return t.n_(
            "Measured: a thoughtful solver, which sees the face-down cards, won {rate} of "
            "{count} deal; the range counts the deals it could not decide as lost, then as "
            "won ({confidence} confidence interval: {interval}).",
            "Measured: a thoughtful solver, which sees the face-down cards, won {rate} of "
            "{count} deals; the range counts the deals it could not decide as lost, then as "
            "won ({confidence} confidence interval: {interval}).",
            figures["deals"], **values)
    return t.n_(
        "Measured: a thoughtful solver, which sees the face-down cards, won {rate} of {count} "
        "deal ({confidence} confidence interval: {interval}).",
        "Measured: a thoughtful solver, which sees the face-down cards, won {rate} of {count} "
        "deals ({confidence} confidence interval: {interval}).",
        figures["deals"], **values)


def measured_cell(t: Translator, figures: Figures | None) -> str:
    """The home page's short form: "thoughtful solver: 94.2 % to 99.6 % of 500 deals"."""
    if not figures:
        return ""
    return t.n_("thoughtful solver: {rate} of {count} deal",
                "thoughtful solver: {rate} of {count} deals", figures["deals"],
                rate=rate_text(t, figures))
