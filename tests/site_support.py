"""Helpers for the site tests: a throwaway copy of the project, and builds of it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MKDOCS = Path(sys.executable).parent / "mkdocs"
MARKER = "<!-- Generated from the rules files and catalogs"


def copy_project(dest: Path) -> Path:
    """Copy what the site build reads (config, hooks, rules, catalogs, hand-written pages).

    The engine and node_modules are linked, not copied: the build only reads them, and a
    linked engine never receives the copy's compiled configs.
    """
    dest.mkdir(parents=True, exist_ok=True)
    for name in ("mkdocs.yml", "package.json", "package-lock.json"):
        if (ROOT / name).exists():
            shutil.copy2(ROOT / name, dest / name)
    for name in ("hooks", "site_overrides"):
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__"))
    (dest / "rules").mkdir()
    for path in (ROOT / "rules").glob("*.yaml"):
        shutil.copy2(path, dest / "rules" / path.name)
    shutil.copytree(ROOT / "locales", dest / "locales", ignore=shutil.ignore_patterns("*.mo"))
    (dest / "docs").mkdir()
    for path in (ROOT / "docs").iterdir():
        if path.is_dir():
            shutil.copytree(path, dest / "docs" / path.name)
        elif path.suffix != ".md" or MARKER not in path.read_text("utf-8"):
            shutil.copy2(path, dest / "docs" / path.name)
    for name in ("engine", "node_modules"):
        if (ROOT / name).exists():
            (dest / name).symlink_to(ROOT / name)
    return dest


def build(project: Path, *, strict: bool = False) -> subprocess.CompletedProcess[str]:
    """`mkdocs build` of a project copy into its own site/ folder; output captured."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PATIENCE_STRICT", None)
    if strict:
        env["PATIENCE_STRICT"] = "1"
    return subprocess.run(
        [str(MKDOCS), "build", "-f", str(project / "mkdocs.yml"), "-d", str(project / "site")],
        cwd=project, env=env, capture_output=True, text=True, timeout=600,
    )
