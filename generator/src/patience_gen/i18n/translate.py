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
from io import BytesIO
from pathlib import Path
from string import Formatter

from babel import Locale, UnknownLocaleError
from babel.lists import format_list
from babel.messages.catalog import Catalog
from babel.messages.pofile import PoFileError, PoFileParser
from babel.numbers import format_decimal, format_percent

from patience_gen.i18n import po_checks
from patience_gen.text import markdown_escape

SOURCE_LANGUAGE = "en"


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
    """The `{name}` placeholders of a message (none if it is not a valid format string)."""
    try:
        return {name for name, _, _ in _fields(text)}
    except ValueError:
        return set()


def _fields(text: str) -> list[tuple[str, str, str]]:
    """(name, conversion, spec) of each placeholder, parsed as `str.format` will parse it.

    Raises ValueError for a lone brace, as `str.format` would at build time.
    """
    return [(name, conversion or "", spec or "")
            for _, name, spec, conversion in Formatter().parse(text) if name is not None]


def _format_problem(source: set[tuple[str, str, str]], text: str) -> str | None:
    """Why `text` cannot be filled in where the source can: a lone brace, or a placeholder that
    is not exactly one of the source's (`{N}`, `{0}`, `{}`, `{games.__class__}`, `{n!r}`)."""
    try:
        found = _fields(text)
    except ValueError as exc:
        return f"the braces do not pair up ({exc}): write a literal brace as {{{{ or }}}}"
    for placeholder in found:
        if placeholder not in source:
            name, conversion, spec = placeholder
            shown = "{" + name + (f"!{conversion}" if conversion else "") + (
                f":{spec}" if spec else "") + "}"
            return f"placeholder {shown} is not in the source"
    return None


# A game's name and hook also go into the page's <title>, its description and the navigation,
# which the theme writes without escaping, so markup characters are refused there.
UNSAFE_IN_TITLES = re.compile(r'[<>"]|&[#\w]')


def unsafe_title_text(text: str) -> str | None:
    """Why a name or hook cannot be shown in the page's title and description, or None."""
    match = UNSAFE_IN_TITLES.search(text)
    if not match:
        return None
    return (f"{match.group()!r} is not allowed in a game's name or hook (they go into the "
            "page's title and description, which cannot hold markup)")


def is_title_context(context: str | None) -> bool:
    """Whether a message is a game's name or hook (see UNSAFE_IN_TITLES)."""
    return context is not None and (context == "game name" or context.endswith(" hook"))


def translation_problem(context: str | None, msgid: str, plural: str | None,
                        strings: list[str]) -> str | None:
    """Why a translation cannot be used, or None: its placeholders or its characters."""
    if is_title_context(context):
        for text in strings:
            unsafe = unsafe_title_text(text)
            if unsafe:
                return unsafe
    return placeholder_mismatch(msgid, plural, strings)


def placeholder_mismatch(msgid: str, plural: str | None, strings: list[str]) -> str | None:
    """Why a translation's placeholders differ from the source's, or None if they agree.

    No translation may use a placeholder the source lacks, nor one the build could not fill in.
    With plural forms, a placeholder that the English singular leaves out ("one deck" for
    {count} decks), and the count itself, may be left out of every form but the last, which
    must carry all of the plural's.
    """
    try:
        fields = set(_fields(msgid)) | (set(_fields(plural)) if plural is not None else set())
    except ValueError:
        fields = set()
    if plural is None:
        required = last = placeholders(msgid)
    else:
        required = placeholders(msgid) & placeholders(plural) - {"count", "n"}
        last = placeholders(plural)
    for i, text in enumerate(strings):
        problem = _format_problem(fields, text)
        if problem:
            return problem
        need = last if i == len(strings) - 1 else required
        missing = need - placeholders(text)
        if missing:
            return f"placeholder {{{sorted(missing)[0]}}} is missing from the translation"
    return None


def load_catalog(path: Path, locale: str) -> Catalog:
    """Parse a `.po` file strictly (see po_checks); any problem is a CatalogError naming the
    file and line, never a traceback."""
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise CatalogError(f"{path}: cannot read the catalog: {exc.strerror}") from None
    try:
        text = po_checks.decode(raw)
        po_checks.syntax(text)
        po_checks.header(text)
        po_checks.duplicates(text)
    except po_checks.PoProblem as exc:
        where = f"{path}:{exc.line}" if exc.line else str(path)
        raise CatalogError(f"{where}: {exc}") from None
    try:
        catalog = Catalog(locale=locale)
    except (ValueError, UnknownLocaleError) as exc:
        raise CatalogError(f"{path}: {locale!r} is not a language code: {exc}") from None
    parser = PoFileParser(catalog, abort_invalid=True)
    try:
        parser.parse(BytesIO(raw))
    except (PoFileError, ValueError, UnknownLocaleError) as exc:
        raise CatalogError(f"{path}:{parser.offset + 1}: cannot read the catalog: "
                           f"{exc}") from None
    return catalog


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

    def _lookup(self, context: str | None, msgid: str, plural: str | None, n: int,
                markdown: bool = False) -> str:
        """The translation, or the English source; with `markdown`, a translation comes back
        as Markdown that keeps only its emphasis and placeholders (see markdown_escape)."""
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
        problem = translation_problem(context, msgid, plural, strings)
        if problem:
            self.problems.append(Problem(self.catalog_file, message.lineno, label, problem))
            return source
        if plural is None:
            text = strings[0]
        else:
            index = self.plural_form(n) if len(strings) > 1 else 0
            text = strings[min(index, len(strings) - 1)]
        return markdown_escape.translated(text) if markdown else text

    def plural_form(self, n: int) -> int:
        """Which plural form a count takes, by the catalog's own rule (its Plural-Forms
        header; English's without a catalog)."""
        if self._plural_rule is None:
            self._plural_rule = gettext.c2py(self.catalog.plural_expr if self.catalog else "n != 1")
        return self._plural_rule(n)

    def gettext(self, msgid: str) -> str:
        """Plain gettext, for text that is not Markdown (the table's strings, shown as text):
        the translation or the English source, placeholders left as they are."""
        return self._lookup(None, msgid, None, 1)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        """Plain ngettext, for text that is not Markdown: the form for `n`, unfilled."""
        return self._lookup(None, singular, plural, n)

    def lookup(self, context: str | None, msgid: str) -> str:
        """Translate a message whose text is data (a rules file's name, hook or paragraph), as
        Markdown that shows exactly that text."""
        return markdown_escape.plain(self._lookup(context, msgid, None, 1))

    def lookup_text(self, context: str | None, msgid: str) -> str:
        """The same message as plain text, for the page's front matter (its title and
        description), where the checks allow no markup characters in it."""
        return self._lookup(context, msgid, None, 1)

    # The page builders' methods below return Markdown: the values they fill in must be
    # Markdown already (numbers, other translations, or data passed through plain()).
    def _(self, msgid: str, **values: object) -> str:
        """Translate a message and fill its `{placeholders}`."""
        return self._lookup(None, msgid, None, 1, markdown=True).format(**values)

    def p_(self, context: str, msgid: str, **values: object) -> str:
        """Translate a message that needs a context to be unambiguous."""
        return self._lookup(context, msgid, None, 1, markdown=True).format(**values)

    def n_lookup(self, singular: str, plural: str) -> tuple[str, str]:
        """A plural message's singular and plural forms, unformatted (the table fills them)."""
        return (self._lookup(None, singular, plural, 1), self._lookup(None, singular, plural, 2))

    def n_(self, singular: str, plural: str, n: int, **values: object) -> str:
        """Translate a message with plural forms; `{count}` is `n`, formatted for the locale."""
        text = self._lookup(None, singular, plural, n, markdown=True)
        return text.format(count=self.number(n), **values)

    def np_(self, context: str, singular: str, plural: str, n: int, **values: object) -> str:
        """Plural forms with a context."""
        text = self._lookup(context, singular, plural, n, markdown=True)
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
