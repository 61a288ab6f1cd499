"""Bytecode for the browser, compiled by Pyodide's own interpreter (see bytecode.mjs).

Pyodide's npm package ships its standard library as Python sources, so every visit compiles
each module it imports, and that is most of its start-up time. Compiling ahead, with the very
interpreter that runs in the browser, makes that start several times faster:

- a wheel (``.whl``) keeps its sources and gains ``__pycache__/<name>.<tag>.pyc`` files in
  unchecked-hash mode, which the importer uses without comparing dates (unpacking does not keep
  them); RECORD is rewritten to list every file with its sha256;
- a standard library archive (``.zip``) has each module replaced by its ``.pyc``, as Pyodide's
  own full distribution does; zipimport loads those directly. Modules that no game page can
  use are left out (`LEFT_OUT`): debuggers, test runners, the interactive shell, profilers, mail
  and FTP clients, servers and subprocesses. A browser worker has no terminal, processes or
  sockets for them, nothing the engine or Pyodide's loader imports needs them (a test checks the
  engine's side), and they would be about a fifth of the archive, downloaded on every first visit.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import marshal
import sys
import sysconfig
import zipfile

# Where the code will live in the browser, so that tracebacks name the right files.
SITE_PACKAGES = sysconfig.get_path("purelib") + "/"
STDLIB = next(path for path in sys.path if path.endswith(".zip")) + "/"
UNCHECKED_HASH = (0b01).to_bytes(4, "little")
FIXED_DATE = (1980, 1, 1, 0, 0, 0)  # the same archive for the same input
LEFT_OUT = frozenset({
    "__hello__", "__phello__", "_pyrepl", "antigravity", "bdb", "cProfile", "curses", "dbm",
    "doctest", "ensurepip", "ftplib", "idlelib", "imaplib", "lib2to3", "mailbox",
    "multiprocessing", "nntplib", "pdb", "pickletools", "poplib", "profile", "pstats",
    "pyclbr", "pydoc", "pydoc_data", "smtplib", "sqlite3", "tabnanny", "telnetlib", "this",
    "timeit", "tkinter", "trace", "turtle", "turtledemo", "unittest", "venv", "wsgiref",
    "xmlrpc",
})
"""Top-level standard library modules and packages the browser's archive leaves out."""


def _pyc(source: bytes, filename: str) -> bytes:
    code = compile(source, filename, "exec", dont_inherit=True)
    header = importlib.util.MAGIC_NUMBER + UNCHECKED_HASH + importlib.util.source_hash(source)
    return header + marshal.dumps(code)


def _record_line(name: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{name},sha256={digest},{len(data)}"


def _read(archive: str) -> dict[str, bytes]:
    """Every entry by name, folders included (as empty entries ending in "/")."""
    with zipfile.ZipFile(archive) as source:
        return {i.filename: source.read(i) for i in source.infolist()}


def _write(archive: str, files: dict[str, bytes]) -> None:
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as out:
        for name, data in files.items():
            out.writestr(zipfile.ZipInfo(name, date_time=FIXED_DATE), data,
                         compress_type=zipfile.ZIP_DEFLATED)


def compile_wheel(source: str, target: str) -> int:
    """Write target: the wheel source plus bytecode for each module; return how many."""
    files = {name: data for name, data in _read(source).items() if not name.endswith("/")}
    record = next(name for name in files if name.endswith(".dist-info/RECORD"))
    compiled = {importlib.util.cache_from_source(name): _pyc(data, SITE_PACKAGES + name)
                for name, data in files.items() if name.endswith(".py")}
    files.update(compiled)
    lines = [_record_line(name, data) for name, data in files.items() if name != record]
    files[record] = ("\n".join([*lines, f"{record},,"]) + "\n").encode()
    _write(target, files)
    return len(compiled)


def left_out(name: str) -> bool:
    """Whether an archive entry belongs to a module or package of `LEFT_OUT`."""
    top = name.split("/", 1)[0]
    return top.removesuffix(".py") in LEFT_OUT


def compile_stdlib(source: str, target: str) -> int:
    """Write target: the standard library archive source with modules as bytecode only."""
    out: dict[str, bytes] = {}
    count = 0
    for name, data in _read(source).items():
        if left_out(name):
            continue
        if name.endswith(".py"):
            out[name + "c"] = _pyc(data, STDLIB + name)
            count += 1
        else:
            out[name] = data
    _write(target, out)
    return count


def compile_archive(source: str, target: str) -> int:
    """Compile a wheel or a standard library archive, told apart by the name's ending."""
    return (compile_wheel if source.endswith(".whl") else compile_stdlib)(source, target)
