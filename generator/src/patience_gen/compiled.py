"""A compiled copy of the engine for the command line: the same sources, built with mypyc.

The browser runs the pure-Python engine wheel; measuring win rates over thousands of deals runs
the very same code faster when mypyc turns its typed modules into C extensions. Only the modules
the search spends its time in are compiled (`COMPILED`); the rest of the package is copied as it
is, and its `variants/` folder is a link to the engine's own, so a recompiled rules file needs
no rebuild. The copy lives in a cache folder named by a digest of the engine's Python sources,
mypyc's version and the interpreter's, and is built all or nothing. `patience --compiled ...`
runs any engine command with it first on the import path (see cli.py); a test checks that both
give the same verdicts, lines and position counts.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import patience
from patience_gen.site.webassets import AssetError

COMPILED = ("cards", "rng", "rules", "records", "layout", "game", "rollouts", "solver")
"""The engine modules mypyc compiles: the game, its rules model and the search."""

ENGINE_PACKAGE = Path(patience.__file__).resolve().parent
CACHE = Path(__file__).resolve().parents[3] / "build" / "compiled"


def _key(package: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(package.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes() + b"\0")
    digest.update(importlib.metadata.version("mypy").encode())
    digest.update(sys.version.encode())
    return digest.hexdigest()[:20]


def compiled_engine(package: Path = ENGINE_PACKAGE, cache: Path = CACHE) -> Path:
    """The folder to put first on the import path for the compiled engine; built if missing."""
    slot = cache / f"engine-{_key(package)}"
    built = slot / "patience" / "__init__.py"  # there only once a build has filled the slot
    if built.is_file():
        return slot
    cache.mkdir(parents=True, exist_ok=True)
    # A staging folder of its own, so that two commands started at once (two win-rate runs)
    # each build in peace; the first to finish fills the slot, the other uses it.
    staging = Path(tempfile.mkdtemp(prefix=f".{slot.name}.", dir=cache))
    shutil.copytree(package, staging / "patience",
                    ignore=shutil.ignore_patterns("__pycache__", "variants", "*.so"))
    sources = [f"patience/{name}.py" for name in COMPILED]
    result = subprocess.run([sys.executable, "-m", "mypyc", *sources], cwd=staging,
                            capture_output=True, text=True, check=False)
    if result.returncode != 0:
        shutil.rmtree(staging, ignore_errors=True)
        raise AssetError("compiling the engine with mypyc failed:\n"
                         + (result.stdout + result.stderr)[-4000:])
    shutil.rmtree(staging / "build", ignore_errors=True)
    (staging / "patience" / "variants").symlink_to(package / "variants", target_is_directory=True)
    if built.is_file():
        shutil.rmtree(staging, ignore_errors=True)
        return slot
    shutil.rmtree(slot, ignore_errors=True)
    try:
        os.replace(staging, slot)
    except OSError:
        shutil.rmtree(staging, ignore_errors=True)
        if not built.is_file():
            raise
    return slot


def run_compiled(args: list[str]) -> int:
    """Run the engine's command line `args` with the compiled engine; its exit status."""
    return run_with_compiled_engine(["-m", "patience", *args], "patience --compiled")


def run_with_compiled_engine(command: list[str], name: str) -> int:
    """Run Python with `command` (a script or `-m module`, then its arguments) and the
    compiled engine first on its import path; its exit status. A build that fails is one
    line on stderr, under `name`."""
    try:
        folder = compiled_engine()
    except AssetError as exc:
        print(f"{name}: {exc}", file=sys.stderr)
        return 1
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(folder), env.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, *command], env=env, check=False).returncode
