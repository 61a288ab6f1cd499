"""YAML read as plain data: the subset a rules file needs, and nothing that can surprise.

PyYAML's safe loader still accepts what a rules file never needs and a hostile one can abuse:
aliases (a "billion laughs" file grows to gigabytes), nesting deep enough to exhaust Python's
stack, a key written twice (the second silently wins), keys that are not text (`1:`, `yes:`),
NaN and infinities, dates and other typed scalars. Each of these is refused here with the line
where it is written, before anything is built from the file.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import yaml

MAX_BYTES = 1_000_000
MAX_DEPTH = 32
PLAIN_TAGS = {f"tag:yaml.org,2002:{name}" for name in ("str", "int", "float", "bool", "null")}
COLLECTION_TAGS = {"tag:yaml.org,2002:map", "tag:yaml.org,2002:seq"}
FieldPath = tuple[str | int, ...]


@dataclass(frozen=True)
class YamlProblem:
    """One refusal: the line it is on, the field it is in, and why."""

    line: int | None
    field: FieldPath
    message: str


class YamlRefused(ValueError):
    """The text is not YAML this project reads; holds every problem found."""

    def __init__(self, problems: list[YamlProblem]) -> None:
        self.problems = problems
        super().__init__("; ".join(p.message for p in problems))


class _Refusal(yaml.MarkedYAMLError):
    """Raised while composing, where PyYAML gives a mark but no field."""


class _StrictLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases and deep nesting while it composes the node tree."""

    def __init__(self, stream: str) -> None:
        super().__init__(stream)
        self._depth = 0

    def compose_node(self, parent: Any, index: Any) -> Any:
        if self.check_event(yaml.AliasEvent):
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
            raise _Refusal(problem="aliases (*name) are not allowed: write the value out",
                           problem_mark=event.start_mark)
        if self._depth >= MAX_DEPTH:
            event = self.peek_event()  # type: ignore[no-untyped-call]  # untyped in the stubs
            raise _Refusal(problem=f"nested more than {MAX_DEPTH} levels deep",
                           problem_mark=event.start_mark)
        self._depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1


def _line_of(text: str, position: int) -> int:
    return text.count("\n", 0, position) + 1


def decode(raw: bytes) -> str:
    """The file's text; a byte that is not UTF-8 is refused at its line."""
    if len(raw) > MAX_BYTES:
        raise YamlRefused([YamlProblem(None, (), f"the file is {len(raw)} bytes; "
                                       f"a rules file is at most {MAX_BYTES} bytes")])
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise YamlRefused([YamlProblem(line, (), f"byte 0x{raw[exc.start]:02x} is not UTF-8: "
                                       "save the file as UTF-8")]) from None


def _compose(text: str) -> yaml.Node | None:
    try:
        loader = _StrictLoader(text)
    except yaml.reader.ReaderError as exc:
        line = _line_of(text, exc.position)
        raise YamlRefused([YamlProblem(line, (), f"the character U+{exc.character:04X} is not "
                                       "allowed in YAML")]) from None
    try:
        return loader.get_single_node()
    except _Refusal as exc:
        where = exc.problem_mark.line + 1 if exc.problem_mark else None
        raise YamlRefused([YamlProblem(where, (), str(exc.problem))]) from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = mark.line + 1 if mark else None
        problem = exc.problem or exc.context or "unreadable"
        raise YamlRefused([YamlProblem(where, (), f"not valid YAML: {problem}")]) from None
    finally:
        loader.dispose()


def _scalar_problem(node: yaml.ScalarNode) -> str | None:
    if node.tag not in PLAIN_TAGS:
        short = node.tag.rsplit(":", 1)[-1]
        return f"{node.value!r} is read as a {short}; put it in quotes if it is text"
    if node.tag == "tag:yaml.org,2002:float" and node.value.lower().lstrip("+-") in (
            ".nan", ".inf"):
        return f"{node.value} is not a number this file can use"
    return None


def _check(node: yaml.Node, path: FieldPath, lines: dict[FieldPath, int],
           problems: list[YamlProblem]) -> None:
    """Record each field's line, and every problem, walking the composed tree once."""
    line = node.start_mark.line + 1
    lines.setdefault(path, line)
    if isinstance(node, yaml.ScalarNode):
        problem = _scalar_problem(node)
        if problem:
            problems.append(YamlProblem(line, path, problem))
        return
    if node.tag not in COLLECTION_TAGS:
        problems.append(YamlProblem(line, path, f"the tag {node.tag!r} is not allowed"))
        return
    if isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _check(item, (*path, i), lines, problems)
        return
    seen: dict[str, int] = {}
    for key, value in node.value:
        key_line = key.start_mark.line + 1
        if key.tag == "tag:yaml.org,2002:merge":
            problems.append(YamlProblem(key_line, path, "merge keys (<<) are not allowed: "
                                        "write the fields out"))
            continue
        if not isinstance(key, yaml.ScalarNode) or key.tag != "tag:yaml.org,2002:str":
            shown = key.value if isinstance(key, yaml.ScalarNode) else "a collection"
            problems.append(YamlProblem(key_line, path, f"the key {shown!r} is not text "
                                        "(write field names as words)"))
            continue
        if key.value in seen:
            problems.append(YamlProblem(key_line, (*path, key.value),
                                        f"{key.value!r} is written twice (first on line "
                                        f"{seen[key.value]})"))
            continue
        seen[key.value] = key_line
        lines[(*path, key.value)] = key_line
        _check(value, (*path, key.value), lines, problems)
        lines[(*path, key.value)] = key_line


def load(text: str) -> tuple[Any, dict[FieldPath, int]]:
    """The data of a YAML text and the line of every field; raise YamlRefused on any problem."""
    node = _compose(text)
    if node is None:
        return None, {}
    lines: dict[FieldPath, int] = {}
    problems: list[YamlProblem] = []
    _check(node, (), lines, problems)
    if problems:
        raise YamlRefused(problems)
    loader = _StrictLoader(text)
    try:
        return loader.construct_document(node), lines
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        raise YamlRefused([YamlProblem(mark.line + 1 if mark else None, (),
                                       f"not valid YAML: {exc.problem}")]) from None
    finally:
        loader.dispose()
