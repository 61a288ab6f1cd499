"""MkDocs hook: a playable table on every game page (the work is in patience_gen)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from mkdocs.exceptions import PluginError
from mkdocs.structure.files import File, Files

from patience_gen.site import assetfolder, gamepage, webassets


def _root(config: Any) -> Path:
    return Path(config.config_file_path).resolve().parent


def _assets(config: Any) -> str:
    return assetfolder.folder(_root(config) / "site_overrides")


def on_files(files: Files, config: Any) -> Files:
    """Put the table's scripts and styles under the folder named by their digest."""
    assets = _assets(config)
    for file in list(files):
        target = assetfolder.placed(file.src_uri, assets)
        if target is not None:
            files.remove(file)
            files.append(File(file.src_uri, file.src_dir, file.dest_dir,
                              file.use_directory_urls, dest_uri=target))
    return files


def on_env(env: Any, config: Any, files: Files) -> Any:
    """Templates name the table's files through `patience_assets`, that folder, and Material's
    script through `patience_material`."""
    env.globals["patience_assets"] = _assets(config)
    try:
        env.globals["patience_material"] = assetfolder.material_bundle(config.theme.dirs)
    except assetfolder.MissingBundle as error:
        raise PluginError(f"play: {error}") from error
    return env


def on_page_context(context: dict[str, Any], page: Any, config: Any, nav: Any) -> dict[str, Any]:
    """Give game pages their table: layout, engine config and UI strings in the page's language."""
    variant = (page.meta or {}).get("variant")
    if not variant or page.meta.get("template") != "game.html":
        return context
    lang = getattr(page.file, "locale", None) or config.theme.get("language") or "en"
    context["patience"] = gamepage.game_context(str(variant), str(lang), _root(config),
                                               Path(config.site_dir))
    return context


def on_post_build(config: Any) -> None:
    """Self-host Pyodide and the engine wheel once for the whole site (every language), then
    write the service worker that keeps them for playing offline."""
    site_dir = Path(config.site_dir)
    try:
        webassets.install_pyodide(site_dir, _root(config))
    except webassets.AssetError as error:
        raise PluginError(f"play: {error}") from error
    webassets.write_service_worker(site_dir, _root(config) / "site_overrides" / "sw.js",
                                   _assets(config))
