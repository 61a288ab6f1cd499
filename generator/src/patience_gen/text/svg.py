"""A small picture of a variant's deal, drawn from its engine config as inline SVG.

Drawn from the config rather than by hand, so a new rules file gets its picture for free and
the picture cannot disagree with the deal. Inline, so the home page loads nothing more.
"""

from __future__ import annotations

from html import escape
from typing import Any

W, H, GAP, STEP = 14, 20, 4, 3
BACK = 'fill="#3f6fb5" stroke="#23406b"'
FACE = 'fill="#fdfdf8" stroke="#6b6b6b"'
SLOT = 'fill="none" stroke="#8a8a8a" stroke-dasharray="2 2"'


def _card(x: float, y: float, style: str) -> str:
    return f'<rect x="{x}" y="{y}" width="{W}" height="{H}" rx="2" {style}/>'


def _stack(x: float, y: float, cards: int, face_up: int, fanned: bool) -> list[str]:
    if cards == 0:
        return [_card(x, y, SLOT)]
    shown = min(cards, 8) if fanned else 1
    out = []
    for i in range(shown):
        up = (cards - (shown - i)) >= cards - face_up
        out.append(_card(x, y + (i * STEP if fanned else 0), FACE if up else BACK))
    return out


def layout_svg(config: dict[str, Any], title: str) -> str:
    """One line of SVG: stock and waste, foundations, reserve and fans, then the tableau."""
    piles = config["piles"]
    rows: list[list[tuple[int, int, bool]]] = []
    top: list[tuple[int, int, bool]] = []
    if "stock" in piles:
        top.append((piles["stock"]["deal"]["cards"][0], 0, False))
    if "waste" in piles:
        top.append((0, 0, False))
    if top:
        top.append((-1, 0, False))
    count, gathered = piles["foundation"]["count"], piles["foundation"]["gather"]
    taken = {"none": 0, "one": 1, "all": count}.get(gathered, gathered)  # or a number
    if piles["foundation"].get("start_card") is not None:
        taken = 1
    for i in range(count):
        dealt = 1 if i < taken else 0
        top.append((dealt, dealt, False))
    rows.append(top)
    side = []
    for kind in ("reserve", "fan"):
        if kind in piles:
            deal = piles[kind]["deal"]
            side += [(n, up, True) for n, up in zip(deal["cards"], deal["face_up"], strict=False)]
            side.append((-1, 0, False))
    if side:
        rows.append(side[:-1])
    if "tableau" in piles:
        deal = piles["tableau"]["deal"]
        rows.append([(n, up, True)
                     for n, up in zip(deal["cards"], deal["face_up"], strict=False)])
    width = max(len(r) for r in rows) * (W + GAP) + GAP
    parts, y = [], GAP
    for row in rows:
        tallest = 0
        for i, (cards, up, fanned) in enumerate(row):
            if cards < 0:
                continue
            parts += _stack(GAP + i * (W + GAP), y, cards, up, fanned)
            tallest = max(tallest, (min(cards, 8) - 1) * STEP if fanned and cards else 0)
        y += H + tallest + GAP
    label = escape(title)
    return (
        f'<svg class="layout" viewBox="0 0 {width} {y}" '
        f'width="{min(width * 1.2, 240):.0f}" role="img" aria-label="{label}">'
        f"<title>{label}</title>{''.join(parts)}</svg>"
    )
