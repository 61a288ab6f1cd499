"""The MkDocs side of page generation: called by `hooks/pages.py`.

One `mkdocs build` compiles the rules, writes the engine configs, renders every page in every
language listed in `mkdocs.yml`, and builds the nav. mkdocs-static-i18n runs one MkDocs build
per language, and `mkdocs serve` reloads the config on each change, so generation is skipped
when none of its inputs changed (and files are only written when their text changes).
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.plugins import get_plugin_logger

from patience_gen.compile import rules as rules_module
from patience_gen.i18n.translate import CatalogError, Translator
from patience_gen.text.pages import TEMPLATES, Generated, generate

log = get_plugin_logger("pages")
STRICT_ENV = "PATIENCE_STRICT"
_last: dict[str, tuple[str, Generated]] = {}


def project_root(config: Any) -> Path:
    """The folder of mkdocs.yml: rules/, locales/ and docs/ are found from there."""
    return Path(config.config_file_path).resolve().parent


def languages(config: Any) -> tuple[list[str], str]:
    """The languages mkdocs-static-i18n builds, and the default one."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return ["en"], "en"
    langs = [lang for lang in plugin.config.languages if lang.build]
    default = next((lang.locale for lang in langs if lang.default), langs[0].locale)
    return [lang.locale for lang in langs], default


def strict(config: Any) -> bool:
    """Strict builds (CI) fail on any translation problem; others warn and fall back to English."""
    return bool(config.strict) or os.environ.get(STRICT_ENV, "") not in ("", "0")


def _inputs(root: Path) -> list[Path]:
    files = sorted((root / "rules").glob("*.yaml")) + sorted((root / "locales").glob("*.po"))
    files += sorted(data_dir(root).glob("*.json"))
    files += sorted(TEMPLATES.glob("*.j2")) + sorted(Path(__file__).parents[1].rglob("*.py"))
    return files


def data_dir(root: Path) -> Path:
    """Where `patience winrate` writes the measured win rates the pages show."""
    return root / "data" / "winrates"


def _fingerprint(root: Path, extra: str) -> str:
    digest = hashlib.sha256(extra.encode())
    for path in _inputs(root):
        digest.update(str(path).encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def _game_template(config: Any) -> bool:
    custom = config.theme.custom_dir
    return bool(custom) and (Path(custom) / "game.html").exists()


def _nav(generated: Generated, docs_dir: Path, excluded: Any = None) -> list[Any]:
    names = {vid: v.rules["name"] for vid, v in generated.variants.items()}
    games = [f"{vid}.md" for vid in sorted(names, key=lambda v: names[v].casefold())]
    extra = sorted(
        p for p in docs_dir.glob("*.md")
        if "." not in p.stem and p.stem != "index" and p.stem not in names
        and not (excluded and excluded.match_file(p.name))
    )
    return ["index.md", {"Games": games}, *[{_title(p): p.name} for p in extra]]


def _title(path: Path) -> str:
    """A hand-written page's nav title: its first heading, which the nav translations match."""
    for line in path.read_text("utf-8").splitlines():
        if line.startswith("# "):
            return line[2:].strip()
    return path.stem.replace("-", " ").capitalize()


def on_config(config: Any) -> Any:
    """Generate pages and engine configs, then give MkDocs the nav (once per set of inputs).

    The nav is always generated (home, the games by name, then hand-written pages), so adding a
    variant never means editing mkdocs.yml.
    """
    root = project_root(config)
    langs, default = languages(config)
    docs_dir = Path(config.docs_dir)
    template = _game_template(config)
    key = str(root)
    stamp = _fingerprint(root, f"{langs}{default}{template}{docs_dir}")
    cached = _last.get(key)
    if cached is None or cached[0] != stamp:
        try:
            generated = generate(root / "rules", docs_dir, root / "locales", langs, default,
                                 template, data_dir(root))
            # Only this project's own engine gets the configs (a linked engine is another's).
            engine_dir = root / "engine" / "src" / "patience"
            if engine_dir.is_dir() and not (root / "engine").is_symlink():
                rules_module.write_configs(
                    {vid: v.config for vid, v in generated.variants.items()},
                    engine_dir / "variants")
        except (rules_module.RulesError, rules_module.RulesErrors, rules_module.OutputError,
                CatalogError) as exc:
            raise PluginError(f"pages: {exc}") from None
        _last[key] = (stamp, generated)
        _report(generated, config)
    generated = _last[key][1]
    config.nav = _nav(generated, docs_dir, config.get("exclude_docs"))
    _translate_nav(config, root)
    return config


def _report(generated: Generated, config: Any) -> None:
    if not generated.problems:
        return
    if strict(config):
        lines = "\n".join(f"  {p}" for p in generated.problems)
        raise PluginError(
            f"pages: {len(generated.problems)} translation problem(s) in a strict build:\n{lines}"
        )
    for problem in generated.problems:
        log.warning("%s (the page shows the English text)", problem)


def _translate_nav(config: Any, root: Path) -> None:
    """Nav titles in each language, the hand-written pages' included (they fall back to English)."""
    plugin = config.plugins.get("i18n")
    if plugin is None:
        return
    for lang in plugin.config.languages:
        t = Translator.for_language(lang.locale, root / "locales")
        titles = {
            "Games": t.p_("navigation", "Games"),
            "Rules reference": t.p_("navigation", "Rules reference"),
            "Translating the site": t.p_("navigation", "Translating the site"),
        }
        lang.nav_translations = {**(lang.nav_translations or {}), **titles}


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    """Title the headings' permalinks in the page's language (MkDocs renders each page anew)."""
    language = getattr(page.file, "locale", None) or languages(config)[1]
    t = Translator.for_language(str(language), project_root(config) / "locales")
    toc = config.mdx_configs.setdefault("toc", {})
    if toc.get("permalink"):
        toc["permalink_title"] = t.p_("heading link", "Permanent link")
    return markdown


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    """Give the palette toggle's tooltips in the page's language.

    Material reads them from mkdocs.yml, in English; mkdocs-static-i18n can override them per
    language, but it restores such lists by mutating them, so a later build of another language
    would keep the last one's words. Setting them on every page, by scheme, cannot leak.
    """
    language = getattr(page.file, "locale", None) or languages(config)[1]
    t = Translator.for_language(str(language), project_root(config) / "locales")
    for option in config.theme.get("palette") or []:
        toggle = option.get("toggle") if isinstance(option, dict) else None
        if not isinstance(toggle, dict):
            continue
        if option.get("scheme") == "slate":
            toggle["name"] = t.p_("palette toggle", "Switch to light mode")
        else:
            toggle["name"] = t.p_("palette toggle", "Switch to dark mode")
    return context


def on_serve(server: Any, config: Any, builder: Any) -> Any:
    """Rebuild when a rules file, a catalog, a page template or a measured win rate changes."""
    root = project_root(config)
    for path in (root / "rules", root / "locales", TEMPLATES, data_dir(root)):
        if path.exists():
            server.watch(str(path))
    return server
