"""Measured win rates for the pages, read from the data files that `patience winrate` writes.

A page shows a measured figure only if it was measured under the rules the page describes:
the data file records the sha256 of the rules file, and a mismatch (or a missing or damaged
file) gives None and a build warning instead of a stale figure.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path
from typing import Any

from patience.solver_cli import DATA_FORMATS

log = logging.getLogger("mkdocs.hooks.winrates")


def measured(variant_id: str, rules_path: Path | str,
             data_dir: Path | str) -> dict[str, Any] | None:
    """The variant's measured win rate, or None (with a warning) when missing or stale.

    The figures: `rate` (won / deals, undecided deals counted as lost) and `rate_high`
    (undecided counted as won; equal to `rate` when nothing is undecided), `low` and `high`
    (the 95 % Wilson interval around both), `deals` (sample size), `won`, `lost`, `undecided`,
    `date` (ISO), `solver` ("thoughtful": it sees face-down and stock cards), `solver_version`
    (1 for files from before versions were recorded) and `budget`.
    """
    path = Path(data_dir) / f"{variant_id}.json"
    if not path.is_file():
        log.warning("no measured win rate for %s: %s is missing (run `patience winrate %s`)",
                    variant_id, path, variant_id)
        return None
    try:
        data = json.loads(path.read_text("utf-8"))
        if data.get("format") not in DATA_FORMATS or data.get("variant") != variant_id:
            raise ValueError("not a win-rate file of this variant")
        rules_hash = hashlib.sha256(Path(rules_path).read_bytes()).hexdigest()
        figures = {
            "rate": float(data["rate_low"]),
            "rate_high": float(data["rate_high"]),
            "low": float(data["interval"]["low"]),
            "high": float(data["interval"]["high"]),
            "deals": int(data["deals"]),
            "won": int(data["won"]),
            "lost": int(data["lost"]),
            "undecided": int(data["undecided"]),
            "date": str(data["date"]),
            "solver": str(data["solver"]),
            "solver_version": int(data.get("solver_version", 1)),
            "budget": dict(data["budget"]),
        }
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        log.warning("no measured win rate for %s: %s is unreadable (%s)", variant_id, path, exc)
        return None
    if data.get("rules_sha256") != rules_hash:
        log.warning("no measured win rate for %s: %s was measured under other rules than %s "
                    "(run `patience winrate %s` again)", variant_id, path, rules_path, variant_id)
        return None
    return figures


def winnable_deals(variant_id: str, rules_path: Path | str, data_dir: Path | str) -> list[int]:
    """Deal numbers the solver won under these very rules, for "winnable deals only".

    Quiet where `measured` warns: a page without the list still plays, its option then asks
    the solver in the browser.
    """
    path = Path(data_dir) / f"{variant_id}.json"
    try:
        data = json.loads(path.read_text("utf-8"))
        rules_hash = hashlib.sha256(Path(rules_path).read_bytes()).hexdigest()
        if data.get("variant") != variant_id or data.get("rules_sha256") != rules_hash:
            return []
        return sorted({int(d) for d in data.get("won_deals", []) if int(d) >= 0})
    except (OSError, ValueError, TypeError, AttributeError):
        return []
