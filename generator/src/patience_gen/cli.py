"""The `patience` command: the engine's commands plus those that need the rules files.

`check` and `compile` read YAML, which the engine never does, so they live here; `show`,
`play` and the rest are handed to the engine's own command line. `--compiled` before any
engine command runs it with the engine compiled by mypyc (see compiled.py).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from patience import cli as engine_cli
from patience.cli import guarded
from patience_gen.compile.rules import (
    OutputError,
    RulesError,
    RulesErrors,
    engine_variants_dir,
    load_all,
    write_configs,
)

GENERATOR_COMMANDS = ("check", "compile")


def _load(folder: str) -> dict[str, Any] | None:
    try:
        return load_all(folder)
    except (RulesError, RulesErrors) as exc:
        print(exc, file=sys.stderr)
        return None


def cmd_check(args: argparse.Namespace) -> int:
    """Validate every rules file; print each error with its file, line and field."""
    loaded = _load(args.rules)
    if loaded is None:
        return 1
    print(f"{len(loaded)} rules files are valid: {', '.join(sorted(loaded))}")
    return 0


def cmd_compile(args: argparse.Namespace) -> int:
    """Compile every rules file to the engine's built-in configs, all or nothing."""
    loaded = _load(args.rules)
    if loaded is None:
        return 1
    out = Path(args.out) if args.out else engine_variants_dir()
    try:
        written = write_configs({vid: config for vid, (_, config) in loaded.items()}, out)
    except OutputError as exc:
        print(exc, file=sys.stderr)
        return 1
    except OSError as exc:
        print(f"{exc.filename or out}: cannot write: {exc.strerror}", file=sys.stderr)
        return 1
    print(f"compiled {len(loaded)} variants into {out} ({len(written)} changed)")
    return 0


def parser() -> argparse.ArgumentParser:
    """Arguments of the generator's own commands."""
    p = argparse.ArgumentParser(prog="patience", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    check = sub.add_parser("check", help="validate rules files")
    check.add_argument("rules", nargs="?", default="rules", help="folder of rules files")
    check.set_defaults(func=cmd_check)
    comp = sub.add_parser("compile", help="compile rules files into engine configs")
    comp.add_argument("rules", nargs="?", default="rules", help="folder of rules files")
    comp.add_argument("--out", help="output folder (default: the engine's built-in configs)")
    comp.set_defaults(func=cmd_compile)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run a generator command, or hand any other command to the engine's CLI."""
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] == "i18n":
        from patience_gen.i18n import catalogs

        return guarded(lambda: catalogs.main(args[1:]), "patience i18n")
    if args and args[0] == "--compiled":
        from patience_gen import compiled

        return guarded(lambda: compiled.run_compiled(args[1:]), "patience --compiled")
    if args and args[0] not in GENERATOR_COMMANDS and not args[0].startswith("-"):
        return engine_cli.main(args)
    ns = parser().parse_args(args)
    return guarded(lambda: int(ns.func(ns)))
