"""Translation catalogs: extract, update, init, compile, coverage and check (Babel underneath).

`python -m patience_gen i18n <command>`:

- `extract`  - write `locales/messages.pot` from the rules files (name, hook, each description
  paragraph and house rule), the generator's Python sources and its page templates;
- `update`   - extract, then merge the template into every `locales/<lang>.po`; a message whose
  source changed becomes fuzzy (with its previous text) until a translator reviews it;
- `init LANG`- start a new language's catalog from the template;
- `compile`  - write `locales/<lang>.mo` (the site reads the `.po` files directly; `.mo` files
  are for other gettext tools);
- `coverage` - per language: translated, fuzzy, missing;
- `check`    - exit 1 on any missing or fuzzy entry, placeholder mismatch or (in the Brazilian
  catalog) European Portuguese form, naming file and line.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from io import BytesIO
from pathlib import Path
from typing import IO, Any

import yaml
from babel import Locale, UnknownLocaleError
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_file
from babel.messages.mofile import write_mo
from babel.messages.pofile import write_po

from patience_gen.compile import strict_yaml
from patience_gen.i18n.regional import regional_problems
from patience_gen.i18n.translate import (
    SOURCE_LANGUAGE,
    CatalogError,
    Problem,
    load_catalog,
    translation_problem,
)
from patience_gen.text.pages import TEMPLATES, paragraphs_of

PACKAGE = Path(__file__).resolve().parents[1]  # patience_gen, every stage
KEYWORDS: dict[str, Any] = {
    "_": None,
    "p_": ((1, "c"), 2),
    "n_": (1, 2),
    "np_": ((1, "c"), 2, 3),
    "N_": ((1, "c"), 2),
    "gettext": None,
    "ngettext": (1, 2),
    "pgettext": ((1, "c"), 2),
}
POT_NAME = "messages.pot"
DATE_HEADERS = ("POT-Creation-Date", "PO-Revision-Date")


def extract_rules(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: dict[str, Any]
) -> Iterator[tuple[int, str, tuple[str, str], list[str]]]:
    """Babel extractor for rules files: name, hook, each description paragraph and house rule.

    Registered as the `patience_rules` extraction method. Lines point at the YAML field.
    """
    name = getattr(fileobj, "name", "rules file")
    try:
        data, fields = strict_yaml.load(strict_yaml.decode(fileobj.read()))
    except strict_yaml.YamlRefused as exc:
        first = exc.problems[0]
        where = f"{name}:{first.line}" if first.line else name
        raise CatalogError(f"{where}: {first.message} (run `patience check`)") from None
    if not isinstance(data, dict):
        return
    lines = {key[0]: line for key, line in fields.items() if len(key) == 1}
    vid = data.get("id", "")
    if "name" in data:
        yield lines["name"], "pgettext", ("game name", data["name"]), [f"{vid}: the game's name"]
    if "hook" in data:
        hook = " ".join(str(data["hook"]).split())
        yield lines["hook"], "pgettext", (f"{vid} hook", hook), [f"{vid}: one-line hook"]
    for i, paragraph in enumerate(paragraphs_of(str(data.get("description", ""))), 1):
        yield (lines["description"], "pgettext", (f"{vid} description", paragraph),
               [f"{vid}: description, paragraph {i}"])
    for i, rule in enumerate(data.get("house_rules") or [], 1):
        yield (lines["house_rules"], "pgettext", (f"{vid} house rule", " ".join(str(rule).split())),
               [f"{vid}: house rule {i}, where this game departs from its published rules"])


def sources(root: Path) -> list[tuple[str, Path]]:
    """(extraction method, file) for every file that holds messages."""
    out: list[tuple[str, Path]] = [
        ("patience_gen.i18n.catalogs:extract_rules", p)
        for p in sorted((root / "rules").glob("*.yaml"))
    ]
    out += [("python", p) for p in sorted(PACKAGE.rglob("*.py"))]
    out += [("jinja2", p) for p in sorted(TEMPLATES.glob("*.j2"))]
    return out


def _relative(path: Path, root: Path) -> str:
    for base in (root, PACKAGE.parent.parent.parent, PACKAGE.parent):
        try:
            return path.resolve().relative_to(base.resolve()).as_posix()
        except ValueError:
            continue
    return path.as_posix()


def extract(root: Path) -> Catalog:
    """The template catalog: every message of every source, with where it comes from."""
    catalog = Catalog(project="Patience", version="1", msgid_bugs_address="",
                      copyright_holder="Patience", charset="utf-8")
    for method, path in sources(root):
        options = {"extensions": "jinja2.ext.i18n"} if method == "jinja2" else {}
        for line, message, comments, context in extract_from_file(
            method, str(path), keywords=KEYWORDS, comment_tags=("TRANSLATORS:",), options=options,
            strip_comment_tags=True,
        ):
            catalog.add(message, None, [(_relative(path, root), line)],
                        auto_comments=comments, context=context)
    return catalog


def _po_text(catalog: Catalog, **options: Any) -> str:
    buffer = BytesIO()
    write_po(buffer, catalog, width=100, sort_by_file=True, **options)
    return buffer.getvalue().decode("utf-8")


def _without_dates(text: str) -> str:
    return "\n".join(line for line in text.splitlines() if not line.startswith(
        tuple(f'"{h}:' for h in DATE_HEADERS)))


def _write(path: Path, text: str) -> bool:
    """Write unless only the date headers would change, so catalogs do not churn."""
    if path.exists() and _without_dates(path.read_text("utf-8")) == _without_dates(text):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    _replace(path, text.encode("utf-8"))
    return True


def _replace(path: Path, data: bytes) -> None:
    """Write to a temporary file beside `path`, then rename it: never a half-written catalog."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def languages_of(locales: Path) -> list[str]:
    """The languages that have a catalog."""
    return sorted(p.stem for p in locales.glob("*.po"))


def cmd_extract(root: Path) -> Catalog:
    """Write the template; return it."""
    template = extract(root)
    if _write(root / "locales" / POT_NAME, _po_text(template, omit_header=False)):
        print(f"wrote {root / 'locales' / POT_NAME} ({len(template)} messages)")
    return template


def cmd_update(root: Path) -> int:
    """Extract, then merge into every language's catalog; changed sources become fuzzy."""
    template = cmd_extract(root)
    for lang in languages_of(root / "locales"):
        path = root / "locales" / f"{lang}.po"
        catalog = load_catalog(path, lang)
        catalog.update(template, no_fuzzy_matching=False, update_header_comment=False)
        if _write(path, _po_text(catalog, include_previous=True, ignore_obsolete=False)):
            print(f"updated {path}")
    return 0


def cmd_init(root: Path, lang: str) -> int:
    """Start a new language's catalog from the template (then add it to mkdocs.yml)."""
    path = root / "locales" / f"{lang}.po"
    if path.exists():
        print(f"{path} exists already; use `update`", file=sys.stderr)
        return 1
    template = cmd_extract(root)
    catalog = Catalog(locale=lang, project="Patience", version="1", charset="utf-8")
    catalog.update(template, no_fuzzy_matching=True)
    _write(path, _po_text(catalog))
    print(f"created {path}; translate it, then add `- locale: {lang}` to the i18n languages "
          "in mkdocs.yml")
    return 0


def cmd_compile(root: Path) -> int:
    """Write `<lang>.mo` next to each catalog, leaving out fuzzy entries."""
    for lang in languages_of(root / "locales"):
        path = root / "locales" / f"{lang}.po"
        catalog = load_catalog(path, lang)
        buffer = BytesIO()
        write_mo(buffer, catalog, use_fuzzy=False)
        _replace(path.with_suffix(".mo"), buffer.getvalue())
        print(f"compiled {path.with_suffix('.mo')}")
    return 0


@dataclass
class Coverage:
    """How much of the template one catalog translates."""

    language: str
    translated: int
    fuzzy: int
    missing: int
    problems: list[Problem]

    @property
    def total(self) -> int:
        """Messages in the template."""
        return self.translated + self.fuzzy + self.missing

    def __str__(self) -> str:
        share = 100 * self.translated / self.total if self.total else 100.0
        return (f"{self.language}: {self.translated} translated, {self.fuzzy} fuzzy, "
                f"{self.missing} missing, of {self.total} ({share:.1f}%)")


def coverage(root: Path, lang: str, template: Catalog | None = None) -> Coverage:
    """Compare a language's catalog with the current sources; list every problem with its line."""
    template = template or extract(root)
    path = root / "locales" / f"{lang}.po"
    label = _relative(path, root)
    catalog = load_catalog(path, lang)
    done = fuzzy = missing = 0
    problems = []
    for source in template:
        if not source.id:
            continue
        msgid = str(source.id[0]) if isinstance(source.id, tuple | list) else source.id
        plural = str(source.id[1]) if isinstance(source.id, tuple | list) else None
        label_id = f"{source.context}|{msgid}" if source.context else msgid
        message = catalog.get(msgid, context=source.context)
        strings = []
        if message is not None:
            value = message.string
            strings = list(value) if isinstance(value, tuple | list) else [value or ""]
        if message is None or not all(strings):
            missing += 1
            line = message.lineno if message is not None else None
            reason = "untranslated" if message is not None else "missing from catalog"
            problems.append(Problem(label, line, label_id, reason))
        elif message.fuzzy:
            fuzzy += 1
            problems.append(Problem(label, message.lineno, label_id, "fuzzy"))
        else:
            done += 1
            mismatch = translation_problem(source.context, msgid, plural, strings)
            if mismatch:
                problems.append(Problem(label, message.lineno, label_id, mismatch))
    problems += regional_problems(catalog, label)
    return Coverage(lang, done, fuzzy, missing, problems)


class _AnyTagLoader(yaml.SafeLoader):
    """Reads mkdocs.yml, whose tags (`!ENV`, `!!python/name`) are read as nothing."""


_AnyTagLoader.add_multi_constructor("", lambda loader, suffix, node: None)


def configured_languages(root: Path) -> list[str]:
    """The languages `mkdocs.yml` builds (its i18n plugin's entries with `build: true`)."""
    try:
        text = (root / "mkdocs.yml").read_text("utf-8")
    except (OSError, UnicodeDecodeError):
        return []
    try:
        config = yaml.load(text, Loader=_AnyTagLoader)
    except yaml.YAMLError:
        return []
    plugins = config.get("plugins", []) if isinstance(config, dict) else []
    for plugin in plugins if isinstance(plugins, list) else []:
        if isinstance(plugin, dict) and isinstance(plugin.get("i18n"), dict):
            entries = plugin["i18n"].get("languages") or []
            return [str(e["locale"]) for e in entries
                    if isinstance(e, dict) and e.get("locale") and e.get("build", True)]
    return []


def cmd_coverage(root: Path, check: bool) -> int:
    """Print coverage per language; with `check`, print every problem and fail on any."""
    template = extract(root)
    failed = False
    present = languages_of(root / "locales")
    for lang in configured_languages(root):
        if lang != SOURCE_LANGUAGE and lang not in present:
            print(f"{lang}: no catalog: mkdocs.yml builds {lang}, but locales/{lang}.po does "
                  "not exist (`i18n init` starts it)")
            failed = failed or check
    for lang in present:
        report = coverage(root, lang, template)
        print(report)
        if check:
            for problem in report.problems:
                print(f"  {problem}")
            failed = failed or bool(report.problems)
    return 1 if failed else 0


LANGUAGE_CODE = re.compile(r"[a-z]{2,3}(?:_[A-Z]{2}|_[A-Z][a-z]{3})?")


def language_code_problem(code: str) -> str | None:
    """Why `code` cannot name a catalog (`locales/<code>.po`), or None: it must be a language
    code Babel knows, such as `de`, `pt_BR` or `zh_Hant`, and so never a path."""
    if not LANGUAGE_CODE.fullmatch(code):
        return "not a language code (two or three lower-case letters, then _ and a region, " \
               "as in de or pt_BR)"
    try:
        Locale.parse(code)
    except (ValueError, UnknownLocaleError):
        return "not a language Babel knows"
    return None


def main(argv: Sequence[str] | None = None) -> int:
    """`python -m patience_gen i18n extract|update|init|compile|coverage|check`."""
    parser = argparse.ArgumentParser(prog="patience i18n", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=".", help="project folder (with rules/ and locales/)")
    sub = parser.add_subparsers(dest="command", required=True)
    for name in ("extract", "update", "compile", "coverage", "check"):
        sub.add_parser(name)
    init = sub.add_parser("init")
    init.add_argument("language", help="language code, for example de or pt_BR")
    args = parser.parse_args(list(sys.argv[1:] if argv is None else argv))
    root = Path(args.root)
    if not root.is_dir():
        print(f"patience i18n: --root {args.root}: no such folder", file=sys.stderr)
        return 2
    if args.command == "init":
        problem = language_code_problem(args.language)
        if problem:
            print(f"patience i18n: init {args.language!r}: {problem}", file=sys.stderr)
            return 2
    try:
        match args.command:
            case "extract":
                cmd_extract(root)
                return 0
            case "update":
                return cmd_update(root)
            case "init":
                return cmd_init(root, args.language)
            case "compile":
                return cmd_compile(root)
            case "coverage":
                return cmd_coverage(root, check=False)
            case _:
                return cmd_coverage(root, check=True)
    except CatalogError as exc:
        print(exc, file=sys.stderr)
        return 1
