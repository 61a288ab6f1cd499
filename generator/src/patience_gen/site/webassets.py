"""Self-hosted Pyodide for the site: its core files, the engine wheel, the lock file and a
snapshot of the started interpreter.

Pyodide's core comes from the npm package pinned in package.json; the engine goes to the browser
as a pure-Python wheel built with pypa/build and listed in the site's pyodide-lock.json, so that
Pyodide checks its sha256 before installing it. Both the wheel and Pyodide's standard library
go out as bytecode compiled by that same Pyodide under Node.js (see pyodide/bytecode.py): the
npm package ships the standard library as sources, and compiling them on every visit was most
of the time a game page took to start. The same Pyodide then installs and imports the wheel
and saves its memory (pyodide/snapshot.mjs), which the game's worker restores instead of
starting the interpreter and installing the engine; it installs the wheel through Pyodide's
loader only when it cannot use that memory. Everything lands once in
``<site>/pyodide/``, shared by every language. Wheels and snapshots are cached by a hash of
their inputs, which keeps ``mkdocs serve`` rebuilds fast.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import os
import shutil
import struct
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

log = logging.getLogger("mkdocs.hooks.play")

# The only Pyodide files a page loads: the loader, the interpreter, its standard library and
# the lock file (rewritten with the engine wheel added).
PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip")
LOCK_NAME = "pyodide-lock.json"
SITE_FOLDER = "pyodide"
ENGINE_PACKAGE = "patience"
STDLIB = "python_stdlib.zip"
# The Node.js script that compiles archives for Pyodide, and the Python it runs there.
BYTECODE_TOOL = Path(__file__).parent / "pyodide" / "bytecode.mjs"
# The interpreter's memory after start-up, gzip-compressed, and the script that saves it. No
# ".gz" in the name: some hosts would then send it with a Content-Encoding, and the browser
# would unpack it before the worker could (worker.js copes with both).
SNAPSHOT = "snapshot.bin"
# The snapshot's sha256 as served and gunzipped, which the worker checks.
SNAPSHOT_SUMS = "snapshot.json"
SNAPSHOT_TOOL = Path(__file__).parent / "pyodide" / "snapshot.mjs"
# The snapshot's file format, shared with the memory a visit keeps (the table's memory.js).
MEMORY_FORMAT = Path("site_overrides") / "assets" / "patience" / "memory.js"
MEMORY_MAGIC = b"PTMEM01\n"
MEMORY_PAGE = 65536


class AssetError(RuntimeError):
    """The site's Pyodide files could not be prepared; the message says what to do."""


def engine_inputs(engine_dir: Path) -> list[Path]:
    """The files that make up the engine wheel: its pyproject and its package sources and data."""
    files = [engine_dir / "pyproject.toml"]
    for extra in ("README.md", "LICENSE"):
        if (engine_dir / extra).is_file():
            files.append(engine_dir / extra)
    src = engine_dir / "src"
    for path in sorted(src.rglob("*")):
        parts = path.relative_to(src).parts
        if not path.is_file() or "__pycache__" in parts or parts[0].endswith(".egg-info"):
            continue
        if path.suffix in (".pyc", ".pyo"):
            continue
        files.append(path)
    return files


def files_digest(named: list[tuple[str, Path]]) -> str:
    """A short digest of files by name and contents: the key of a cache slot, or the name of
    the folder the table's files go out in (see assetfolder)."""
    digest = hashlib.sha256()
    for name, path in named:
        digest.update(name.encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:20]


def engine_hash(engine_dir: Path, *tools: Path) -> str:
    """A digest of the wheel's inputs (names and contents), the key of the wheel cache.

    `tools` are further files the wheel depends on (the bytecode compiler, Pyodide's version).
    """
    named = [(path.relative_to(engine_dir).as_posix(), path) for path in engine_inputs(engine_dir)]
    return files_digest(named + [(path.name, path) for path in tools])


def _fill_slot(cache_dir: Path, slot: Path, write: Callable[[Path], None]) -> None:
    """Fill the cache folder `slot` through `write(folder)`, all or nothing: a failed or
    interrupted build leaves no half-written slot behind."""
    cache_dir.mkdir(parents=True, exist_ok=True)
    staging = cache_dir / f".{slot.name}.tmp"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    write(staging)
    shutil.rmtree(slot, ignore_errors=True)
    os.replace(staging, slot)


def _node() -> str:
    node = shutil.which("node")
    if node is None:
        raise AssetError("Node.js (`node`) is needed to prepare Python for Pyodide; "
                         "install Node.js and npm")
    return node


def compile_for_pyodide(source: Path, target: Path, pyodide_dir: Path) -> None:
    """Write `target`: the archive `source` (a wheel or the standard library) with bytecode
    compiled by the Pyodide in `pyodide_dir`."""
    command = [_node(), str(BYTECODE_TOOL), str(pyodide_dir), str(source), str(target)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    if result.returncode != 0 or not target.is_file():
        raise AssetError(f"compiling {source.name} for Pyodide failed:\n"
                         + (result.stderr or result.stdout)[-4000:])


def bytecode_tools(pyodide_dir: Path) -> list[Path]:
    """What compiled archives depend on besides their sources: the compiler and Pyodide."""
    return [BYTECODE_TOOL, BYTECODE_TOOL.with_suffix(".py"), pyodide_dir / "package.json"]


def compiled_stdlib(pyodide_dir: Path, cache_dir: Path) -> Path:
    """Pyodide's standard library archive as bytecode, compiled once per Pyodide release."""
    key = files_digest([(path.name, path) for path in bytecode_tools(pyodide_dir)])
    slot = cache_dir / f"stdlib-{key}"
    if (slot / STDLIB).is_file():
        return slot / STDLIB
    _fill_slot(cache_dir, slot,
               lambda folder: compile_for_pyodide(pyodide_dir / STDLIB, folder / STDLIB,
                                                  pyodide_dir))
    log.info("play: compiled Pyodide's standard library")
    return slot / STDLIB


def build_engine_wheel(engine_dir: Path, cache_dir: Path, pyodide_dir: Path) -> Path:
    """The engine wheel for the current sources, built with pypa/build unless cached.

    The build runs on a copy of the sources so that it leaves nothing in engine/.
    """
    key = engine_hash(engine_dir, *bytecode_tools(pyodide_dir))
    slot = cache_dir / key
    found = sorted(slot.glob("*.whl")) if slot.is_dir() else []
    if found:
        return found[0]
    variants = list((engine_dir / "src" / ENGINE_PACKAGE / "variants").glob("*.json"))
    if not variants:
        raise AssetError(
            "the engine has no compiled variants; run `python -m patience_gen compile rules/` "
            "(scripts/setup.sh does) before building the site"
        )
    with tempfile.TemporaryDirectory(prefix="patience-wheel-") as tmp:
        work = Path(tmp) / "engine"
        for path in engine_inputs(engine_dir):
            target = work / path.relative_to(engine_dir)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target)
        out = Path(tmp) / "dist"
        command = [sys.executable, "-m", "build", "--wheel", str(work), "-o", str(out)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        wheels = sorted(out.glob("*.whl"))
        if result.returncode != 0 or not wheels:
            raise AssetError(
                "building the engine wheel failed:\n" + (result.stderr or result.stdout)[-4000:]
            )
        _fill_slot(cache_dir, slot,
                   lambda folder: compile_for_pyodide(wheels[0], folder / wheels[0].name,
                                                      pyodide_dir))
    log.info("play: built the engine wheel %s", wheels[0].name)
    return slot / wheels[0].name


def build_snapshot(folder: Path, wheel: Path, pyodide_dir: Path, cache_dir: Path,
                   memory_format: Path) -> Path:
    """The memory of Pyodide started from `folder` (a site's pyodide/ folder, its core files
    copied from `pyodide_dir` and its standard library compiled) with the engine `wheel`
    installed and imported: restoring it is how the game's worker skips the interpreter's
    start-up and the engine's install. Written in the format of `memory_format` (the table's
    memory.js) and gzip-compressed. Keyed, like the compiled standard library, by what those
    files come from, and by the wheel."""
    tools = [*bytecode_tools(pyodide_dir), SNAPSHOT_TOOL, memory_format]
    key = files_digest([(path.name, path) for path in tools] + [("wheel", wheel)])
    slot = cache_dir / f"snapshot-{key}"
    if (slot / SNAPSHOT).is_file():
        return slot / SNAPSHOT

    def write(staging: Path) -> None:
        command = [_node(), str(SNAPSHOT_TOOL), str(folder), str(wheel), str(staging / SNAPSHOT),
                   str(memory_format)]
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0 or not (staging / SNAPSHOT).is_file():
            raise AssetError("saving Pyodide's memory with the engine imported failed:\n"
                             + (result.stderr or result.stdout)[-4000:])

    _fill_slot(cache_dir, slot, write)
    log.info("play: saved Pyodide's memory with the engine imported")
    return slot / SNAPSHOT


def write_lockfile(npm_lock: Path, wheel: Path, output: Path) -> None:
    """Pyodide's lock file with the engine wheel added (name, version, sha256, imports).

    This is what ``pyodide lockfile add-wheels`` does, called through pyodide-lock directly so
    that a rebuild does not start another interpreter. The wheel must already sit next to
    ``output``: its file name is written relative to the lock file.
    """
    from pyodide_lock.spec import PyodideLockSpec
    from pyodide_lock.utils import add_wheels_to_spec

    try:
        import pkginfo  # noqa: F401  (pyodide-lock reads wheel metadata with it)
    except ImportError as error:
        raise AssetError(
            "pyodide-lock needs pkginfo to add the engine wheel; install requirements.lock "
            "(scripts/setup.sh does)"
        ) from error
    spec = PyodideLockSpec.from_json(npm_lock)
    spec = add_wheels_to_spec(spec, [wheel], base_path=output.parent, base_url="")
    spec.to_json(output)


def _same_file(source: Path, target: Path) -> bool:
    if not target.is_file():
        return False
    a, b = source.stat(), target.stat()
    return a.st_size == b.st_size and int(a.st_mtime) == int(b.st_mtime)


def install_pyodide(site_dir: Path, root: Path, cache_dir: Path | None = None) -> Path:
    """Put Pyodide's core files, the engine wheel and the site's lock file in site_dir/pyodide/.

    Safe to call once per language build: files already in place are left alone.
    """
    npm = root / "node_modules" / "pyodide"
    missing = [name for name in (*PYODIDE_CORE, LOCK_NAME) if not (npm / name).is_file()]
    if missing:
        raise AssetError(
            f"node_modules/pyodide lacks {', '.join(missing)}; run `npm ci` (scripts/setup.sh does)"
        )
    cache_dir = cache_dir or root / "build" / "pyodide"
    wheel = build_engine_wheel(root / "engine", cache_dir, npm)
    sources = {name: npm / name for name in PYODIDE_CORE}
    sources[STDLIB] = compiled_stdlib(npm, cache_dir)

    target = site_dir / SITE_FOLDER
    target.mkdir(parents=True, exist_ok=True)
    for name, source in sources.items():
        if not _same_file(source, target / name):
            shutil.copy2(source, target / name)
    for old in target.glob(f"{ENGINE_PACKAGE}-*.whl"):
        if old.name != wheel.name:
            old.unlink()
    if not _same_file(wheel, target / wheel.name):
        shutil.copy2(wheel, target / wheel.name)

    lock = target / LOCK_NAME
    if not _lock_lists(lock, target / wheel.name, npm / LOCK_NAME):
        write_lockfile(npm / LOCK_NAME, target / wheel.name, lock)
    snapshot = build_snapshot(target, target / wheel.name, npm, cache_dir, root / MEMORY_FORMAT)
    if not _same_file(snapshot, target / SNAPSHOT):
        shutil.copy2(snapshot, target / SNAPSHOT)
    write_snapshot_sums(target / SNAPSHOT, target / SNAPSHOT_SUMS)
    return target


def snapshot_memory(file: bytes) -> bytes:
    """The memory a snapshot's file holds (the format of memory.js, once gunzipped): MAGIC, the
    sha256 of the rest, the memory's length, its count of pages with data, their numbers and
    their bytes (numbers little-endian, 32 bits). For tests; the browser's own reading is
    memory.js's unpack()."""
    head = len(MEMORY_MAGIC) + 32
    if not file.startswith(MEMORY_MAGIC) or hashlib.sha256(file[head:]).digest() != file[
            len(MEMORY_MAGIC):head]:
        raise AssetError("the snapshot is not a memory file that memory.js wrote, whole")
    length, count = struct.unpack_from("<II", file, head)
    memory = bytearray(length)
    numbers = struct.unpack_from(f"<{count}I", file, head + 8)
    at = head + 8 + 4 * count
    for number in numbers:
        start = number * MEMORY_PAGE
        size = min(MEMORY_PAGE, length - start)
        if size <= 0 or at + size > len(file):
            raise AssetError("the snapshot's memory file names a page it does not hold")
        memory[start:start + size] = file[at:at + size]
        at += size
    if at != len(file):
        raise AssetError("the snapshot's memory file holds more than its pages")
    return bytes(memory)


def write_snapshot_sums(snapshot: Path, output: Path) -> None:
    """Record the snapshot's sha256 as served (gzip) and gunzipped (file: as a host that sends
    it with a Content-Encoding delivers it, and as a visit keeps it, under that name).

    The worker restores a snapshot only if it matches: damage that gzip's own check misses
    (bytes changed before packing, or a stale file) would otherwise start a broken interpreter.
    """
    packed = snapshot.read_bytes()
    sums = {
        "gzip": hashlib.sha256(packed).hexdigest(),
        "file": hashlib.sha256(gzip.decompress(packed)).hexdigest(),
    }
    text = json.dumps(sums, indent=1) + "\n"
    if output.is_file() and output.read_text("utf-8") == text:
        return
    temporary = output.with_suffix(".tmp")
    temporary.write_text(text, "utf-8")
    temporary.replace(output)


def _lock_lists(lock: Path, wheel: Path, npm_lock: Path) -> bool:
    """Whether lock is up to date: same Pyodide release, this very wheel (name and sha256)."""
    if not lock.is_file():
        return False
    try:
        data = json.loads(lock.read_text())
        info = json.loads(npm_lock.read_text()).get("info")
    except ValueError:
        return False
    entry = data.get("packages", {}).get(ENGINE_PACKAGE) or {}
    digest = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return (
        data.get("info") == info
        and entry.get("file_name") == wheel.name
        and entry.get("sha256") == digest
    )


def wheel_entry(site_dir: Path) -> dict[str, Any] | None:
    """The engine's entry in a built site's lock file (used by tests and benchmarks)."""
    lock = site_dir / SITE_FOLDER / LOCK_NAME
    if not lock.is_file():
        return None
    entry: dict[str, Any] | None = json.loads(lock.read_text()).get("packages", {}).get(
        ENGINE_PACKAGE)
    return entry


SERVICE_WORKER = "sw.js"
# What the engine's worker imports, in the table's folder (see assetfolder), which the page's
# own list of the files it used cannot name (the worker's script itself is on that list, with
# the query that gives it its address).
WORKER_MODULES = ("memory.js", "thinking.js")


def build_digest(site_dir: Path) -> str:
    """A digest of what a visit loads that a new build can change: the lock file (Pyodide's
    release and the engine wheel's sha256), the snapshot's sums and the table's own files."""
    folder = site_dir / SITE_FOLDER
    named = [(name, folder / name) for name in (LOCK_NAME, SNAPSHOT_SUMS)]
    assets = site_dir / "assets" / "patience"
    named += sorted((path.relative_to(site_dir).as_posix(), path)
                    for path in assets.rglob("*") if path.is_file())
    return files_digest(named)


def write_service_worker(site_dir: Path, source: Path, assets: str) -> Path:
    """Write the service worker to the site's root: its source (site_overrides/sw.js) after a
    line that defines BUILD, the build's digest (its cache's name) and the files it keeps for
    playing offline: the pyodide/ folder and the modules the engine's worker imports, from the
    table's folder `assets`. Written only when it changes, so browsers update only then."""
    files = sorted(f"{SITE_FOLDER}/{path.name}" for path in (site_dir / SITE_FOLDER).iterdir()
                   if path.is_file() and not path.name.endswith(".tmp"))
    files += [assets + name for name in WORKER_MODULES if (site_dir / assets / name).is_file()]
    build = {"digest": build_digest(site_dir), "files": files}
    text = f"const BUILD = {json.dumps(build)};\n" + source.read_text("utf-8")
    target = site_dir / SERVICE_WORKER
    if target.is_file() and target.read_text("utf-8") == text:
        return target
    temporary = target.with_suffix(".tmp")
    temporary.write_text(text, "utf-8")
    temporary.replace(target)
    return target

