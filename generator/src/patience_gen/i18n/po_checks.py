"""Checks on a `.po` file's text that Babel's reader does not make, each naming the line.

Babel decodes a catalog with the charset its header names, lets a later entry silently replace
an earlier one with the same msgid, and reads any Plural-Forms header, which then fails (or
picks a form that does not exist) only when a page asks for a plural. A translator editing in a
web tool can cause each of these, so they are found here, before the catalog is used.
"""

from __future__ import annotations

import gettext
import re

from babel.messages.pofile import unescape

_STRING = r'"(?:[^"\\]|\\.)*"'
_KEYWORD = re.compile(rf"^(msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+({_STRING})\s*$")
_CONTINUATION = re.compile(rf"^\s*({_STRING})\s*$")
_PLURAL_FORMS = re.compile(r'^"Plural-Forms:\s*(.*?)(?:\\n)?"\s*$', re.I)
_PLURAL_VALUE = re.compile(r"^\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*$")
_CHARSET = re.compile(r'^"Content-Type:.*charset=([\w.-]+)', re.I)
PLURAL_SAMPLES = range(1001)


class PoProblem(ValueError):
    """A problem in a catalog's text; `line` is where it is, counting from 1."""

    def __init__(self, line: int | None, message: str) -> None:
        self.line = line
        super().__init__(message)


def decode(raw: bytes) -> str:
    """A catalog's text, which must be UTF-8 (the charset every catalog here declares)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise PoProblem(line, f"byte 0x{raw[exc.start]:02x} is not UTF-8: save the catalog "
                        "as UTF-8") from None


def _entries(text: str) -> list[tuple[int, str | None, str]]:
    """(line, msgctxt, msgid) of every entry that is not obsolete, in file order."""
    entries: list[tuple[int, list[str] | None, list[str]]] = []
    line_of = 0
    context: list[str] | None = None
    msgid: list[str] | None = None
    target: list[str] | None = None
    for number, line in enumerate(text.splitlines(), 1):
        keyword = _KEYWORD.match(line)
        if keyword:
            name, value = keyword.groups()
            if name == "msgctxt" or (name == "msgid" and msgid is not None):
                if msgid is not None:
                    entries.append((line_of, context, msgid))
                context, msgid = None, None
            if name == "msgctxt":
                context = target = [unescape(value)]
            elif name == "msgid":
                line_of, msgid = number, [unescape(value)]
                target = msgid
            else:
                target = None
            continue
        continuation = _CONTINUATION.match(line)
        if continuation and target is not None:
            target.append(unescape(continuation.group(1)))
    if msgid is not None:
        entries.append((line_of, context, msgid))
    return [(line, "".join(ctx) if ctx is not None else None, "".join(ids))
            for line, ctx, ids in entries]


def syntax(text: str) -> None:
    """Refuse a line that is neither a comment, a keyword with its string, nor a string: Babel
    would read an unclosed quote by dropping the string's last character."""
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if not (_KEYWORD.match(line) or _CONTINUATION.match(line)):
            raise PoProblem(number, f"cannot read the catalog: {line.strip()[:60]!r} is neither "
                            "a comment nor a keyword and string in double quotes (write \\\" "
                            "for a quote inside a string)")


def duplicates(text: str) -> None:
    """Refuse a msgid (with its msgctxt) written twice: Babel would keep only the last."""
    seen: dict[tuple[str | None, str], int] = {}
    for line, context, msgid in _entries(text):
        key = (context, msgid)
        if key in seen:
            label = f"{context}|{msgid}" if context else msgid
            raise PoProblem(line, f"msgid {label!r} is written twice (first on line "
                            f"{seen[key]}): keep one entry")
        seen[key] = line


def header(text: str) -> None:
    """Refuse a charset other than UTF-8 and a Plural-Forms header that cannot pick a form."""
    for number, line in enumerate(text.splitlines(), 1):
        charset = _CHARSET.match(line)
        if charset and charset.group(1).lower().replace("-", "").replace("_", "") != "utf8":
            raise PoProblem(number, f"the header declares charset={charset.group(1)}; "
                            "catalogs are UTF-8: write charset=utf-8")
        forms = _PLURAL_FORMS.match(line)
        if forms:
            _plural_forms(number, forms.group(1))


def _plural_forms(line: int, value: str) -> None:
    parsed = _PLURAL_VALUE.match(value)
    if not parsed:
        raise PoProblem(line, f"the Plural-Forms header {value!r} is not "
                        "'nplurals=N; plural=EXPRESSION;'")
    count, expression = int(parsed.group(1)), parsed.group(2)
    if not 1 <= count <= 6:
        raise PoProblem(line, f"nplurals={count} in the Plural-Forms header: a language has "
                        "1 to 6 plural forms")
    try:
        rule = gettext.c2py(expression)
        picked = {rule(n) for n in PLURAL_SAMPLES}
    except (ValueError, ArithmeticError, RecursionError) as exc:
        raise PoProblem(line, f"the plural expression {expression!r} cannot be evaluated "
                        f"({exc or type(exc).__name__})") from None
    wrong = sorted(i for i in picked if not 0 <= i < count)
    if wrong:
        raise PoProblem(line, f"the plural expression {expression!r} picks form {wrong[0]}, "
                        f"but nplurals={count}")
