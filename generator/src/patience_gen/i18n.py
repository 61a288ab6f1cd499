"""Message lookups for one language, read straight from its `.po` catalog.

Reading the `.po` file (not a compiled `.mo`) keeps every entry's line number, so a problem is
reported as `locales/fr.po:123`, and a translator's edit shows up on the next build without a
compile step. A missing, fuzzy or mismatched translation falls back to the English source and
is recorded as a problem; a strict build turns the problems into a failure.
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path

from babel import Locale
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, read_po
from babel.numbers import format_decimal, format_percent

SOURCE_LANGUAGE = "en"
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_][a-z0-9_]*)\}(?!\})")


class CatalogError(ValueError):
    """A catalog cannot be read, or (strict builds) has problems; names the file and line."""


@dataclass(frozen=True)
class Problem:
    """One translation problem: where it is and what it is, for warnings and strict failures."""

    file: str
    line: int | None
    msgid: str
    reason: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.reason}" + (f": msgid {self.msgid!r}" if self.msgid else "")


def placeholders(text: str) -> set[str]:
    """The `{name}` placeholders of a message."""
    return set(PLACEHOLDER.findall(text))


def placeholder_mismatch(msgid: str, plural: str | None, strings: list[str]) -> str | None:
    """Why a translation's placeholders differ from the source's, or None if they agree.

    No translation may use a placeholder the source lacks. With plural forms, a placeholder
    that the English singular leaves out ("one deck" for {count} decks), and the count itself,
    may be left out of every form but the last, which must carry all of the plural's.
    """
    if plural is None:
        source, required, last = placeholders(msgid), placeholders(msgid), placeholders(msgid)
    else:
        source = placeholders(msgid) | placeholders(plural)
        required = placeholders(msgid) & placeholders(plural) - {"count", "n"}
        last = placeholders(plural)
    for i, text in enumerate(strings):
        found = placeholders(text)
        extra = found - source
        if extra:
            return f"placeholder {{{sorted(extra)[0]}}} is not in the source"
        need = last if i == len(strings) - 1 else required
        missing = need - found
        if missing:
            return f"placeholder {{{sorted(missing)[0]}}} is missing from the translation"
    return None


def load_catalog(path: Path, locale: str) -> Catalog:
    """Parse a `.po` file, turning a syntax error into a CatalogError that names the line."""
    try:
        with path.open("rb") as handle:
            return read_po(handle, locale=locale, abort_invalid=True)
    except PoFileError as exc:
        raise CatalogError(f"{path}: cannot read the catalog: {exc}") from exc
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read the catalog: {exc}") from exc


@dataclass
class Translator:
    """Translates and formats for one language; English needs no catalog."""

    language: str
    catalog: Catalog | None = None
    catalog_file: str = ""
    problems: list[Problem] = field(default_factory=list)
    _plural_rule: Callable[[int], int] | None = field(default=None, repr=False)

    @classmethod
    def for_language(cls, language: str, locales_dir: Path, label: str | None = None) -> Translator:
        """The translator of a language, reading `<locales_dir>/<language>.po` if not English."""
        if language == SOURCE_LANGUAGE:
            return cls(language)
        path = locales_dir / f"{language}.po"
        name = label or str(path)
        if not path.exists():
            t = cls(language, None, name)
            t.problems.append(Problem(name, None, "", "the catalog file does not exist"))
            return t
        return cls(language, load_catalog(path, language), name)

    @property
    def locale(self) -> Locale:
        """Babel's locale, for numbers, percentages and lists."""
        return Locale.parse(self.language.replace("-", "_"))

    def _lookup(self, context: str | None, msgid: str, plural: str | None, n: int) -> str:
        source = msgid if plural is None or n == 1 else plural
        if self.catalog is None:
            return source
        message = self.catalog.get(msgid, context=context)
        label = f"{context}|{msgid}" if context else msgid
        if message is None:
            self.problems.append(Problem(self.catalog_file, None, label, "missing from catalog"))
            return source
        strings = list(message.string) if isinstance(message.string, tuple | list) else [
            message.string or ""
        ]
        if not any(strings) or not all(strings):
            self.problems.append(Problem(self.catalog_file, message.lineno, label, "untranslated"))
            return source
        if message.fuzzy:
            self.problems.append(Problem(self.catalog_file, message.lineno, label, "fuzzy"))
            return source
        mismatch = placeholder_mismatch(msgid, plural, strings)
        if mismatch:
            self.problems.append(Problem(self.catalog_file, message.lineno, label, mismatch))
            return source
        if plural is None:
            return strings[0]
        index = self._plural(n) if len(strings) > 1 else 0
        return strings[min(index, len(strings) - 1)]

    def _plural(self, n: int) -> int:
        """The catalog's own plural rule (its Plural-Forms header) picks the form."""
        if self._plural_rule is None:
            self._plural_rule = gettext.c2py(self.catalog.plural_expr if self.catalog else "n != 1")
        return self._plural_rule(n)

    def gettext(self, msgid: str) -> str:
        """Plain gettext: the translation or the English source, placeholders left as they are."""
        return self._lookup(None, msgid, None, 1)

    def lookup(self, context: str | None, msgid: str) -> str:
        """Translate a message whose text is data (a rules file's name, hook or paragraph)."""
        return self._lookup(context, msgid, None, 1)

    def _(self, msgid: str, **values: object) -> str:
        """Translate a message and fill its `{placeholders}`."""
        return self._lookup(None, msgid, None, 1).format(**values)

    def p_(self, context: str, msgid: str, **values: object) -> str:
        """Translate a message that needs a context to be unambiguous."""
        return self._lookup(context, msgid, None, 1).format(**values)

    def n_(self, singular: str, plural: str, n: int, **values: object) -> str:
        """Translate a message with plural forms; `{count}` is `n`, formatted for the locale."""
        text = self._lookup(None, singular, plural, n)
        return text.format(count=self.number(n), **values)

    def np_(self, context: str, singular: str, plural: str, n: int, **values: object) -> str:
        """Plural forms with a context."""
        text = self._lookup(context, singular, plural, n)
        return text.format(count=self.number(n), **values)

    def number(self, value: float) -> str:
        """A number as the locale writes it (French: narrow no-break space between thousands)."""
        return format_decimal(value, locale=self.locale)

    def percent(self, value: float) -> str:
        """A percentage (0-100) as the locale writes it; French puts a no-break space before %."""
        share = Decimal(str(value)) / 100  # exact, so 94.2 never prints as 94.20000000000001
        return format_percent(share, locale=self.locale, decimal_quantization=False)

    def any_of(self, items: list[str]) -> str:
        """'a, b or c' in the locale's words."""
        return format_list(items, style="or", locale=self.locale) if items else ""

    def all_of(self, items: list[str]) -> str:
        """'a, b and c' in the locale's words."""
        return format_list(items, style="standard", locale=self.locale) if items else ""


def N_(context: str, msgid: str) -> tuple[str, str]:
    """Mark a message for extraction without translating it yet (it is looked up later)."""
    return context, msgid
