"""What a game page needs at build time: the table's layout, the engine config and the UI strings.

The layout is computed here, from the engine config alone, so that the page's HTML already holds
every pile before any script runs: the empty table shows at once and does not jump when the
engine's first position arrives. No variant is named; any config that compiles gets a table.
"""

from __future__ import annotations

import hashlib
import json
import logging
import re
from importlib import resources
from pathlib import Path
from typing import Any

from patience_gen.i18n.translate import CatalogError, Translator
from patience_gen.i18n.ui_strings import UI_STRINGS, Plural
from patience_gen.text.winrates import winnable_deals

log = logging.getLogger("mkdocs.hooks.play")

# How the cards of each kind of pile are spread: "down" (tableau), "right" (fans),
# "stack" (only the top card shows) or "waste" (the last turned cards spread to the right).
FANNING = {
    "foundation": "stack",
    "tableau": "down",
    "reserve": "stack",
    "fan": "right",
    "stock": "stack",
    "waste": "waste",
}

# The most fans placed side by side; each fan is FAN_SPAN card widths wide, room enough for
# six to eight cards to show their corners.
MAX_FANS_PER_ROW = 4
FAN_SPAN = 3

# On a phone (Material's own breakpoint) the table is at most this many cards wide, so that a
# card is at least 34 px wide on a 390 px screen: fans go fewer to a row and a wider tableau is
# dealt out in rows, as Baker's Dozen is on a real table.
PHONE_COLS = 10
PHONE_MEDIA = "screen and (max-width: 44.9375em)"


def engine_config(variant_id: str) -> dict[str, Any]:
    """The compiled engine config of a variant, read from the engine's package data."""
    path = resources.files("patience").joinpath("variants", f"{variant_id}.json")
    config: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return config


def _count(config: dict[str, Any], kind: str) -> int:
    pile = config["piles"].get(kind)
    return int(pile["count"]) if pile else 0


def _waste_shows(config: dict[str, Any]) -> int:
    """How many waste cards to spread: as many as one turn of the stock puts there."""
    turn = (config["piles"].get("stock") or {}).get("turn") or {}
    return max(1, int(turn.get("cards") or 1)) if turn.get("to", "waste") == "waste" else 1


def table_layout(config: dict[str, Any], max_cols: int | None = None) -> dict[str, Any]:
    """Place every pile on a grid: stock, waste and reserves with the foundations on top,
    then the fans, then the tableau. Returns the column count and one entry per pile.

    With `max_cols`, fans and tableau piles wrap onto more rows rather than make the grid
    wider than that (the top row's piles already wrap to the grid's width)."""
    tableau = _count(config, "tableau")
    fans = _count(config, "fan")
    fans_per_row = min(fans, MAX_FANS_PER_ROW)
    tableau_per_row = tableau
    if max_cols is not None:
        fans_per_row = min(fans_per_row, max(1, max_cols // FAN_SPAN))
        if tableau > max_cols:
            tableau_rows = -(-tableau // max_cols)
            tableau_per_row = -(-tableau // tableau_rows)
    cols = max(tableau_per_row, FAN_SPAN * fans_per_row, 4)
    deal = {kind: config["piles"][kind].get("deal") or {} for kind in config["piles"]}

    def pile(kind: str, index: int, row: int, col: int, span: int = 1) -> dict[str, Any]:
        counts = deal[kind].get("cards") or []
        faces = deal[kind].get("face_up") or []
        cards = counts[index] if index < len(counts) else 0
        up = min(faces[index] if index < len(faces) else 0, cards)
        return {
            "id": f"{kind}.{index}",
            "kind": kind,
            "index": index,
            "fan": FANNING.get(kind, "stack"),
            "row": row,
            "col": col,
            "span": span,
            "down": cards - up if FANNING.get(kind) == "down" else 0,
            "up": up if FANNING.get(kind) == "down" else 0,
        }

    piles: list[dict[str, Any]] = []
    left: list[tuple[str, int, int]] = []
    for kind in ("stock", "waste", "reserve"):
        for i in range(_count(config, kind)):
            span = 2 if kind == "waste" and _waste_shows(config) > 1 else 1
            left.append((kind, i, span))
    foundations = _count(config, "foundation")
    width = sum(span for _, _, span in left)

    row = 1
    if width + foundations <= cols:
        col = 1
        for kind, i, span in left:
            piles.append(pile(kind, i, row, col, span))
            col += span
        for i in range(foundations):
            piles.append(pile("foundation", i, row, cols - foundations + 1 + i))
        row += 1
    else:
        col = 1
        for kind, i, span in left:
            if col + span - 1 > cols:
                row, col = row + 1, 1
            piles.append(pile(kind, i, row, col, span))
            col += span
        row += 1 if left else 0
        # As few rows as fit, equally full, to the right as on the top row.
        per_row = -(-foundations // -(-foundations // cols)) if foundations else 1
        for i in range(foundations):
            r, c = divmod(i, per_row)
            piles.append(pile("foundation", i, row + r, cols - per_row + 1 + c))
        row += -(-foundations // per_row)

    if fans:
        span = min(FAN_SPAN, cols)
        per_row = min(max(1, cols // span), fans_per_row)
        start = 1 + (cols - per_row * span) // 2
        for i in range(fans):
            r, c = divmod(i, per_row)
            piles.append(pile("fan", i, row + r, start + c * span, span))
        row += -(-fans // per_row)

    for i in range(tableau):
        r, c = divmod(i, tableau_per_row)
        in_row = min(tableau_per_row, tableau - r * tableau_per_row)
        piles.append(pile("tableau", i, row + r, 1 + (cols - in_row) // 2 + c))

    known = set(FANNING)
    for kind in config.get("kinds", []):
        if kind not in known:
            log.warning("play: no table place for pile kind %r; its piles are not drawn", kind)
    return {"cols": cols, "piles": piles, "waste_shows": _waste_shows(config)}


def _catalog_translator(lang: str, locales_dir: Path) -> Translator | None:
    """The translator for lang from the site's catalogs; None (English) for a catalog that
    cannot be read, which the pages' own checks report (and a strict build refuses)."""
    try:
        return Translator.for_language(lang, locales_dir)
    except CatalogError as error:
        log.warning("play: no %s catalog for the table (%s)", lang, error)
        return None


# The page picks a plural form from a table of the catalog's own rule for counts below this
# (more cards than any pile holds); larger counts take the last entry's form.
PLURAL_TABLE_SIZE = 200


def _plural_table(translator: Translator | None) -> list[int]:
    """The index of the plural form for each count: the catalog's Plural-Forms rule, so the
    page agrees with gettext exactly (English: n != 1)."""
    if translator is None or translator.catalog is None:
        return [int(n != 1) for n in range(PLURAL_TABLE_SIZE)]
    return [translator.plural_form(n) for n in range(PLURAL_TABLE_SIZE)]


def ui_strings(lang: str, locales_dir: Path | None = None) -> dict[str, Any]:
    """The table's interface strings in lang, English where the catalog has no translation.

    A message with plural forms becomes the list of its forms, and "plural" the table that
    says which form each count takes (see PLURAL_TABLE_SIZE). The catalogs are read from
    `locales_dir` (by default the current folder's `locales/`).
    """
    lang = lang or "en"
    folder = Path.cwd() / "locales" if locales_dir is None else locales_dir
    translator = None if lang == "en" else _catalog_translator(lang, folder)
    table = _plural_table(translator)
    examples = {index: table.index(index) for index in sorted(set(table))}
    out: dict[str, Any] = {"plural": table}
    for key, text in UI_STRINGS.items():
        context = getattr(text, "context", "")
        if isinstance(text, Plural) and translator is None:
            out[key] = [str(text), text.plural]
        elif isinstance(text, Plural) and translator is not None:
            # The raw forms, placeholders kept: the page fills them in.
            out[key] = [translator.ngettext(str(text), text.plural, n)
                        for n in examples.values()]
        elif translator is None:
            out[key] = str(text)
        elif context and "{" not in text:
            out[key] = translator.p_(context, str(text)) or str(text)
        else:
            out[key] = translator.gettext(str(text)) or str(text)
    return out


def script_json(value: Any) -> str:
    """JSON safe to put inside a <script type="application/json"> element."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def layout_css(variant_id: str, layout: dict[str, Any],
               phone: dict[str, Any] | None = None) -> str:
    """The table's layout as a stylesheet: grid places and dealt depths of every pile, and
    the `phone` layout's places on a narrow screen where they differ.

    A file, not style attributes, so that the page works under a Content-Security-Policy
    without 'unsafe-inline'. Variant and pile ids are plain names (letters, digits, - and .).
    """
    if not re.fullmatch(r"[a-z0-9-]+", variant_id):
        raise ValueError(f"play: variant id {variant_id!r} is not a plain name")
    game = f'.pt-game[data-variant="{variant_id}"]'
    lines = [f"{game} .pt-table {{ --cols: {layout['cols']}; "
             f"--waste-shows: {layout['waste_shows']}; }}"]
    for pile in layout["piles"]:
        lines.append(
            f'{game} [data-pile="{pile["id"]}"] {{ grid-area: {_area(pile)}; '
            f'--down: {pile["down"]}; --up: {pile["up"]}; }}'
        )
    if phone is not None and phone["piles"] != layout["piles"]:
        lines.append(f"@media {PHONE_MEDIA} {{")
        lines.append(f"  {game} .pt-table {{ --cols: {phone['cols']}; }}")
        for pile in phone["piles"]:
            lines.append(f'  {game} [data-pile="{pile["id"]}"] {{ grid-area: {_area(pile)}; }}')
        lines.append("}")
    return "\n".join(lines) + "\n"


def _area(pile: dict[str, Any]) -> str:
    return f"{pile['row']} / {pile['col']} / span 1 / span {pile['span']}"


def write_layout_css(site_dir: Path, variant_id: str, layout: dict[str, Any],
                     phone: dict[str, Any] | None = None) -> str:
    """Write the variant's layout stylesheet into the site; returns its path in the site.

    The name carries a digest of the content, so a browser never keeps an old layout.
    """
    text = layout_css(variant_id, layout, phone)
    digest = hashlib.sha256(text.encode()).hexdigest()[:10]
    relative = f"assets/patience/layout/{variant_id}.{digest}.css"
    target = site_dir / relative
    if not target.exists():
        target.parent.mkdir(parents=True, exist_ok=True)
        temporary = target.with_suffix(".tmp")
        temporary.write_text(text, "utf-8")
        temporary.replace(target)
    return relative


def game_context(variant_id: str, lang: str,
                 root: Path | None = None, site_dir: Path | None = None) -> dict[str, Any]:
    """Everything the game.html template needs for one page; `root` holds rules/ and data/,
    and the layout's stylesheet is written into `site_dir`."""
    config = engine_config(variant_id)
    winnable = [] if root is None else winnable_deals(
        variant_id, root / "rules" / f"{variant_id}.yaml", root / "data" / "winrates")
    strings = ui_strings(lang, None if root is None else root / "locales")
    layout = table_layout(config)
    phone = table_layout(config, max_cols=PHONE_COLS)
    css = "" if site_dir is None else write_layout_css(site_dir, variant_id, layout, phone)
    return {
        "variant": variant_id,
        "lang": lang or "en",
        "layout": layout,
        "layout_css": css,
        "strings": strings,
        "strings_json": script_json(strings),
        "winnable_json": script_json(winnable),
    }
