"""Contributors' text made safe to place in the generated Markdown, so it stays text.

Rules files and catalogs are written by contributors, often in a web tool, and their text
reaches the pages through Markdown, which would otherwise turn `<script>`, `[x](javascript:…)`,
`{: onclick=… }`, a `|` in a table cell or a line starting with `## ` into markup. Text from a
rules file (a name, a hook, a paragraph, an inventor) is escaped whole. A translation may keep
one kind of inline markup, emphasis with `*` (as in `**{kind}:** {line}`), and its
`{placeholders}`, which the checks have already matched against the source.

Every escape used here is one Python-Markdown undoes (a backslash before a character it lists
as escapable, or an HTML entity), so the page shows exactly the text that was written.
"""

from __future__ import annotations

import re
from string import Formatter

_ALWAYS = {"\\": "\\\\", "`": "\\`", "_": "\\_", "[": "\\[", "]": "\\]", "{": "\\{",
           "}": "\\}", "|": "\\|", "<": "&lt;", ">": "&gt;", "&": "&amp;"}
_PLAIN = {**_ALWAYS, "*": "\\*"}
# A translation is a format string: its literal braces stay doubled for str.format.
_TEMPLATE = {**_ALWAYS, "{": "\\{{", "}": "\\}}"}
# What turns the start of a line into a block: a heading, a list item, a quote.
_BLOCK_START = re.compile(r"^(?:(#)|([-+*])(?=\s|$)|(\d+)([.)])(?=\s|$))")


def _escape(text: str, table: dict[str, str]) -> str:
    return "".join(table.get(char, char) for char in text)


def _block_start(text: str) -> str:
    """Backslash a character that would make the text's line a heading or a list item."""
    match = _BLOCK_START.match(text)
    if not match:
        return text
    if match.group(1) or match.group(2):
        return "\\" + text
    return f"{match.group(3)}\\{text[match.end(3):]}"


_LINE_BREAK = re.compile(r"[ \t]*[\r\n\f\v]+[ \t]*")


def _one_line(text: str) -> str:
    """A new line would let the text start a block of its own, so the text keeps to one (no-break
    spaces, which French needs before `:`, are kept)."""
    return _LINE_BREAK.sub(" ", text).strip(" \t")


def plain(text: str) -> str:
    """Text from a rules file as Markdown that shows exactly that text, with no markup."""
    return _block_start(_escape(_one_line(text), _PLAIN))


def translated(template: str) -> str:
    """A translated message as Markdown: its emphasis and placeholders kept, the rest text.

    `template` must parse as a format string (the checks refuse any other translation); the
    result is one too, to be filled in with `str.format`.
    """
    out = []
    for literal, name, spec, conversion in Formatter().parse(_one_line(template)):
        out.append(_escape(literal, _TEMPLATE))
        if name is not None:
            out.append("{" + name + (f"!{conversion}" if conversion else "")
                       + (f":{spec}" if spec else "") + "}")
    return _block_start("".join(out))
