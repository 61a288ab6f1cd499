"""Time the site build: the real site, and the same site with 100 synthetic variants added.

Synthetic variants are copies of the real rules files under new ids (their prose has no
translation, so those pages fall back to English with warnings, as a new variant would).
Prints seconds, pages per second and the ratio, for page generation alone and for the full
`mkdocs build`. The table hook (hooks/play.py) reads the engine's built-in configs, which the
synthetic ids are not part of, so both builds compared here leave that hook out; the real
site's build with it is timed too.

    .venv/bin/python bench/site_build.py [--synthetic 100]
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from site_support import MKDOCS, copy_project  # noqa: E402

from patience_gen.text.pages import generate  # noqa: E402

LANGUAGES = ["en", "fr", "pt"]


def add_synthetic(project: Path, count: int) -> None:
    """Copy the real rules files under new ids until `count` extra variants exist."""
    real = sorted((project / "rules").glob("*.yaml"))
    for i in range(count):
        source = real[i % len(real)]
        new_id = f"{source.stem}-copy-{i:03d}"
        text = source.read_text("utf-8")
        text = re.sub(r"^id: .*$", f"id: {new_id}", text, count=1, flags=re.M)
        text = re.sub(r"^name: (.*)$", rf"name: \1 {i:03d}", text, count=1, flags=re.M)
        (project / "rules" / f"{new_id}.yaml").write_text(text, "utf-8")


def without_play_hook(project: Path) -> None:
    """Drop hooks/play.py from the copy's mkdocs.yml (see the module docstring)."""
    config = project / "mkdocs.yml"
    text = config.read_text("utf-8")
    config.write_text(re.sub(r"^\s*- hooks/play\.py\s*$\n?", "", text, flags=re.M), "utf-8")


def time_generate(project: Path) -> tuple[float, int]:
    """Seconds to render every page in every language into a fresh folder, and the pages."""
    out = project / "bench-docs"
    start = time.perf_counter()
    result = generate(project / "rules", out, project / "locales", LANGUAGES)
    return time.perf_counter() - start, len(result.pages)


def time_build(project: Path) -> float:
    """Seconds for a full `mkdocs build` in a fresh process."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    env.pop("PATIENCE_STRICT", None)
    start = time.perf_counter()
    result = subprocess.run(
        [str(MKDOCS), "build", "-q", "-f", str(project / "mkdocs.yml"), "-d",
         str(project / "site")], cwd=project, env=env, capture_output=True, text=True,
    )
    elapsed = time.perf_counter() - start
    if result.returncode:
        raise SystemExit(f"build failed:\n{result.stderr[-3000:]}")
    return elapsed


def main() -> None:
    """Run the three builds and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--synthetic", type=int, default=100)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        full = copy_project(Path(tmp) / "full")
        real = copy_project(Path(tmp) / "real")
        big = copy_project(Path(tmp) / "big")
        without_play_hook(real)
        without_play_hook(big)
        add_synthetic(big, args.synthetic)
        n_real = len(list((real / "rules").glob("*.yaml")))
        n_big = len(list((big / "rules").glob("*.yaml")))
        gen_real, pages_real = time_generate(real)
        gen_big, pages_big = time_generate(big)
        build_full = time_build(full)
        build_real = time_build(real)
        build_big = time_build(big)
    print(f"variants: {n_real} real, {n_big} with synthetic; languages: {len(LANGUAGES)}")
    print(f"page generation  {n_real:4d} variants: {gen_real:6.2f} s, {pages_real:5d} pages, "
          f"{pages_real / gen_real:7.1f} pages/s")
    print(f"page generation  {n_big:4d} variants: {gen_big:6.2f} s, {pages_big:5d} pages, "
          f"{pages_big / gen_big:7.1f} pages/s  (x{gen_big / gen_real:.1f} time for "
          f"x{pages_big / pages_real:.1f} pages)")
    print(f"mkdocs build, real site with the table hook: {build_full:6.2f} s")
    print(f"mkdocs build {n_real:4d} variants, pages only: {build_real:6.2f} s, "
          f"{pages_real / build_real:6.1f} pages/s")
    print(f"mkdocs build {n_big:4d} variants, pages only: {build_big:6.2f} s, "
          f"{pages_big / build_big:6.1f} pages/s  (x{build_big / build_real:.1f} time for "
          f"x{pages_big / pages_real:.1f} pages; per extra page "
          f"{(build_big - build_real) / (pages_big - pages_real) * 1000:.1f} ms)")


if __name__ == "__main__":
    main()
