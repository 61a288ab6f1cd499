"""Load, validate and compile rules files into engine configs.

A rules file is YAML written by people, so every error says which file, which line and which
field is wrong, and nothing is written until every file is valid.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

import jsonschema

from patience.rules import CARDS_PER_DECK, FORMAT, PileKind
from patience_gen.compile import strict_yaml
from patience_gen.i18n.translate import unsafe_title_text

KINDS = tuple(str(kind) for kind in PileKind)  # the engine's kinds, in its pile order
SUIT_LETTERS = {"clubs": "C", "diamonds": "D", "hearts": "H", "spades": "S"}  # engine order


class RulesError(ValueError):
    """A rules file is invalid; `str()` names the file, line and field."""

    def __init__(self, file: str, line: int | None, field: str, message: str) -> None:
        self.file, self.line, self.field, self.message = file, line, field, message
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field or '(top level)'}: {message}")


class RulesErrors(ValueError):
    """Several rules errors, reported together so an author can fix them in one pass."""

    def __init__(self, errors: list[RulesError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))


@dataclass(frozen=True)
class RulesFile:
    """A parsed rules file: its data, where each field was written, and its text's hash."""

    path: Path
    data: dict[str, Any]
    lines: dict[tuple[str | int, ...], int]
    sha256: str

    def line(self, path: tuple[str | int, ...]) -> int | None:
        """The line of the field at `path`, or of its nearest written parent."""
        while path not in self.lines and path:
            path = path[:-1]
        return self.lines.get(path)


@cache
def schema() -> dict[str, Any]:
    """The JSON Schema that every rules file must satisfy."""
    text = resources.files("patience_gen.compile").joinpath("rules.schema.json").read_text("utf-8")
    loaded: dict[str, Any] = json.loads(text)
    return loaded


def _is_integer(checker: Any, instance: object) -> bool:
    """An integer written as one: `2`, never `2.0` (which JSON Schema would also accept)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_Validator = jsonschema.validators.extend(  # type: ignore[no-untyped-call]
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


def _field(path: tuple[str | int, ...]) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


def parse(path: Path) -> RulesFile:
    """Read a rules file strictly (see `strict_yaml`), keeping the line of every field."""
    name = str(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise RulesError(name, None, "", f"cannot read the file: {exc.strerror}") from None
    try:
        data, lines = strict_yaml.load(strict_yaml.decode(raw))
    except strict_yaml.YamlRefused as exc:
        raise RulesErrors([RulesError(name, p.line, _field(p.field), p.message)
                           for p in exc.problems]) from None
    if not isinstance(data, dict):
        raise RulesError(name, 1, "", "expected a mapping of fields (id, name, piles, ...)")
    return RulesFile(path, data, lines, hashlib.sha256(raw).hexdigest())


def _schema_message(error: jsonschema.ValidationError) -> str:
    if error.validator == "enum" and isinstance(error.validator_value, list):
        allowed = ", ".join(repr(v) for v in error.validator_value)
        return f"expected one of {allowed}; got {error.instance!r}"
    if error.validator == "additionalProperties":
        return f"unknown field; {error.message}"
    if error.validator == "oneOf":
        return f"{error.instance!r} is not a valid value here"
    return error.message


def validate(rules: RulesFile) -> None:
    """Check a parsed file against the schema and the cross-field rules; raise every error."""
    name = str(rules.path)
    validator = _Validator(schema())
    errors = []
    for error in sorted(validator.iter_errors(rules.data), key=lambda e: list(e.absolute_path)):
        path = tuple(error.absolute_path)
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            extra = sorted(set(error.instance) - set(error.schema.get("properties", {})))
            path = (*path, extra[0]) if extra else path
        errors.append(RulesError(name, rules.line(path), _field(path), _schema_message(error)))
    if errors:
        raise RulesErrors(errors)
    errors = list(_cross_checks(rules))
    if errors:
        raise RulesErrors(errors)
    errors = list(_playability_checks(rules))
    if errors:
        raise RulesErrors(errors)


def _cross_checks(rules: RulesFile) -> Iterator[RulesError]:
    """Checks a schema cannot express: counts that add up, and piles that exist."""
    data, name = rules.data, str(rules.path)

    def error(path: tuple[str | int, ...], message: str) -> RulesError:
        return RulesError(name, rules.line(path), _field(path), message)

    for key in ("name", "hook"):
        unsafe = unsafe_title_text(data[key])
        if unsafe:
            yield error((key,), unsafe)
    stem = rules.path.name.removesuffix(".yaml").removesuffix(".yml")
    if data["id"] != stem:
        yield error(("id",), f"must equal the file name {stem!r}; got {data['id']!r}")
    piles = data["piles"]
    kinds = set(piles)
    for i, kind in enumerate(data["deal_order"]):
        if kind not in kinds:
            yield error(("deal_order", i), f"names {kind!r}, but the variant has no {kind} piles")
    for kind, spec in piles.items():
        for sub in ("moves", "spaces"):
            refs = spec.get(sub, {})
            for key in ("to", "from", "while_cards_in"):
                for i, ref in enumerate(refs.get(key, [])):
                    if ref not in kinds:
                        yield error(
                            ("piles", kind, sub, key, i),
                            f"names {ref!r}, but the variant has no {ref} piles",
                        )
        cards = spec.get("deal", {}).get("cards")
        if isinstance(cards, list) and len(cards) != spec.get("count", 1):
            yield error(
                ("piles", kind, "deal", "cards"),
                f"lists {len(cards)} piles, but count is {spec['count']}",
            )
        face_up = spec.get("deal", {}).get("face_up")
        if isinstance(face_up, list) and len(face_up) != spec.get("count", 1):
            yield error(
                ("piles", kind, "deal", "face_up"),
                f"lists {len(face_up)} piles, but count is {spec['count']}",
            )
        elif isinstance(face_up, list) and isinstance(cards, int | list):
            per_pile = _per_pile(cards, len(face_up))
            for i, (up, n) in enumerate(zip(face_up, per_pile, strict=True)):
                if up > n:
                    yield error(("piles", kind, "deal", "face_up", i),
                                f"{up} face-up cards is more than the {n} cards dealt there")
        if isinstance(face_up, int) and isinstance(cards, int | list):
            # A shorter pile shows all its cards (Yukon's first pile); more than the longest
            # pile holds is a mistake.
            most = max(cards) if isinstance(cards, list) else cards
            if face_up > most and most > 0:
                yield error(
                    ("piles", kind, "deal", "face_up"),
                    f"{face_up} face-up cards is more than the {most} cards dealt",
                )
        rearrange = spec.get("deal", {}).get("rearrange", "none")
        if rearrange != "none" and isinstance(cards, int | list) and (
                max(cards) if isinstance(cards, list) else cards) < 2:
            yield error(("piles", kind, "deal", "rearrange"),
                        f"{rearrange} changes nothing where no pile is dealt two cards or more")
        dealt = _dealt(kind, spec, data["decks"])
        if dealt and kind not in data["deal_order"]:
            yield error(("deal_order",), f"must list {kind!r}, which is dealt cards")
    if "stock" in kinds:
        if data["deal_order"][-1] != "stock":
            yield error(("deal_order",), "the stock takes the rest of the deck, so it comes last")
        turn_to = piles["stock"]["turn"]["to"]
        if turn_to in ("waste", "tableau") and turn_to not in kinds:
            yield error(("piles", "stock", "turn", "to"),
                        f"turns to the {turn_to}, but there is none")
    if "waste" in kinds and "stock" not in kinds:
        yield error(("piles", "waste"), "a waste needs a stock to fill it")
    yield from _fill_and_deal_checks(piles, error)
    yield from _limit_checks(piles, error)
    foundation = piles["foundation"]
    gather = foundation.get("deal", {}).get("gather")
    if isinstance(gather, int) and gather > foundation["count"]:
        yield error(("piles", "foundation", "deal", "gather"),
                    f"gathers {gather} cards, one to a foundation, but there are only "
                    f"{foundation['count']} foundations")
    if isinstance(gather, int) and foundation["base"] == "first-card":
        yield error(("piles", "foundation", "deal", "gather"),
                    "a number of cards is gathered only for an ace or king base; first-card "
                    "takes one or all")
    if gather == "all":
        same_rank = 4 * data["decks"]
        if foundation["count"] != same_rank:
            yield error(
                ("piles", "foundation", "count"),
                f"gather: all puts the {same_rank} cards of the base rank on the foundations, "
                f"so count must be {same_rank}; got {foundation['count']}",
            )
    total = data["decks"] * CARDS_PER_DECK
    dealt = sum(_dealt(kind, spec, data["decks"]) for kind, spec in piles.items())
    if dealt > total:
        yield error(
            ("piles",),
            f"the deal asks for {dealt} cards, but {data['decks']} deck(s) hold only {total}",
        )
    elif dealt < total and "stock" not in kinds:
        yield error(("piles",), f"the deal leaves {total - dealt} of {total} cards undealt and "
                    "there is no stock to hold them")


# A cross check's way to report a problem: the field's path in the rules file, and the message.
ErrorAt = Callable[[tuple[str | int, ...], str], "RulesError"]


def _fill_and_deal_checks(piles: dict[str, Any], error: ErrorAt) -> Iterator[RulesError]:
    """Rules that would deal or fill in a way the engine could never carry out."""
    for kind, spec in piles.items():
        spaces = spec.get("spaces", {})
        where = ("piles", kind, "spaces")
        if "from" not in spaces:
            for key in ("automatic", "while_cards_in", "otherwise"):
                if key in spaces:
                    yield error((*where, key), f"{key} only has a meaning with from: the kinds "
                                "of pile whose cards fill a space")
        for i, ref in enumerate(spaces.get("from", [])):
            source = piles.get(ref)
            if source is None:
                continue
            moves = source.get("moves", {})
            if ref == "stock":
                yield error((*where, "from", i), "stock cards are only turned, never moved "
                            "into a space; list the waste, or the stock in while_cards_in")
            elif moves.get("group") == "none" or kind not in moves.get("to", [kind]):
                yield error((*where, "from", i),
                            f"cards from a {ref} never go to a {kind}, so it cannot fill one")
        cards = spec.get("deal", {}).get("cards")
        most = spec.get("build", {}).get("max_cards")
        if most is not None and isinstance(cards, int | list):
            dealt = max(cards) if isinstance(cards, list) else cards
            if dealt > most:
                yield error(("piles", kind, "build", "max_cards"),
                            f"holds at most {most} cards, but {dealt} are dealt to a pile")
    foundation = piles["foundation"]
    if foundation["base"] == "any" and foundation.get("deal", {}).get("gather") == "all":
        yield error(("piles", "foundation", "deal", "gather"), "base any has no base rank "
                    "to gather; use one (the next card of the deck) or none")
    if foundation["base"] == "first-card" and foundation.get("deal", {}).get(
            "gather", "none") == "none":
        yield error(("piles", "foundation", "base"), "first-card takes its rank from a card "
                    "dealt to the foundations, so deal.gather must be one or all")
    yield from _start_card_checks(foundation, error)
    turn = piles.get("stock", {}).get("turn", {})
    target = {"tableau": "the tableau", "foundation": "the foundation"}.get(turn.get("to", ""))
    if target:
        if "waste" in piles:
            yield error(("piles", "waste"), f"the stock turns onto {target}, so the waste "
                        "would never receive a card")
        if turn.get("passes") != 1:
            yield error(("piles", "stock", "turn", "passes"), f"a stock turned onto {target} "
                        "is gone once turned, so passes must be 1")
    if turn.get("to") == "foundation" and foundation["count"] != 1:
        yield error(("piles", "stock", "turn", "to"), "the stock turns onto the foundation, "
                    f"so there must be exactly one; count is {foundation['count']}")
    if turn.get("to") != "tableau" and turn.get("blocked_by_spaces"):
        yield error(("piles", "stock", "turn", "blocked_by_spaces"), "only a stock that deals "
                    "to the tableau waits for its empty piles to be filled")
    yield from _complete_run_checks(piles, error)


def _start_card_checks(foundation: dict[str, Any], error: ErrorAt) -> Iterator[RulesError]:
    """A named start card must agree with the base rank and be the only card dealt there."""
    card = foundation.get("deal", {}).get("start_card")
    if card is None:
        return
    where = ("piles", "foundation", "deal", "start_card")
    if foundation.get("deal", {}).get("gather", "none") != "none":
        yield error(where, "a start card is the one card dealt to the foundations, so "
                    "deal.gather must be none")
    base = foundation["base"]
    if base == "first-card" or (base in ("ace", "king") and card[0] != base[0].upper()):
        yield error(where, f"{card} cannot start a foundation whose base is {base}")


def _complete_run_checks(piles: dict[str, Any], error: ErrorAt) -> Iterator[RulesError]:
    """Piles that take complete runs: only foundations, and only where a suit's 13 cards,
    in order from the base rank, make a run that can reach them."""
    for kind, spec in piles.items():
        if spec.get("build", {}).get("complete_runs") and kind != "foundation":
            yield error(("piles", kind, "build", "complete_runs"), "only foundations take "
                        "complete runs")
    build = piles["foundation"]["build"]
    if not build.get("complete_runs"):
        return
    where = ("piles", "foundation", "build", "complete_runs")
    start = {"up": "ace", "down": "king"}.get(build["rank"])
    if start != piles["foundation"]["base"] or build["suit"] != "same-suit" or build.get("wrap"):
        yield error(where, "a complete run is a suit's 13 cards in order: build up by suit from "
                    "the ace or down by suit from the king, without wrap")
    elif not any(spec.get("moves", {}).get("group") in ("run", "face-up")
                 for kind, spec in piles.items() if kind != "foundation"):
        yield error(where, "complete runs reach the foundations only as a group of 13 cards, "
                    "so some pile needs moves.group run or face-up")


def _limit_checks(piles: dict[str, Any], error: ErrorAt) -> Iterator[RulesError]:
    """A free-cells limit counts halves of a group that stack again where its bottom card
    fits: the group must be a run built by the pile's own build rule."""
    for kind, spec in piles.items():
        moves = spec.get("moves", {})
        if moves.get("limit", "none") == "none":
            continue
        where = ("piles", kind, "moves", "limit")
        build = spec.get("build")
        run = moves.get("run")
        if moves.get("group", "single") != "run":
            yield error(where, "free-cells limits how many cards of a group move together, so "
                        f"it needs group: run, not {moves.get('group', 'single')}")
        elif build is None:
            yield error(where, "free-cells needs a build rule: the group moves as cards build "
                        "on this pile")
        elif run is not None and (run["rank"], run["suit"], run.get("wrap", False)) != (
                build["rank"], build["suit"], build.get("wrap", False)):
            yield error(where, "free-cells needs the run to be the pile's own build rule "
                        "(leave run out)")


def _playability_checks(rules: RulesFile) -> Iterator[RulesError]:
    """Rules under which no deal can ever be won, whatever the cards: a game is won with every
    card on the foundations, so each card must have a way there and the foundations room."""
    data, name = rules.data, str(rules.path)
    config = compile_rules(data)
    piles = config["piles"]

    def error(path: tuple[str | int, ...], message: str) -> RulesError:
        return RulesError(name, rules.line(path), _field(path), message)

    onward = {kind: set(spec["moves"]["to"]) for kind, spec in piles.items()}
    if "stock" in piles:
        onward["stock"] = {piles["stock"]["turn"]["to"]}
    reach = {"foundation"}
    while True:
        more = {kind for kind, targets in onward.items() if targets & reach} - reach
        if not more:
            break
        reach |= more
    holding = {kind for kind, spec in piles.items() if sum(spec["deal"]["cards"])}
    holding |= {k for kind in holding for k in onward[kind]}
    for kind in sorted(holding - reach, key=KINDS.index):
        moves = data["piles"][kind].get("moves", {})
        if kind == "stock":
            continue
        field = "group" if moves.get("group") == "none" or "to" not in moves else "to"
        yield error(("piles", kind, "moves", field),
                    f"no card can ever leave a {kind} pile for the foundations, yet every card "
                    "must reach them to win: let its cards move (moves.group) to a pile that "
                    "leads there (moves.to)")
    total = data["decks"] * CARDS_PER_DECK
    room = _foundation_room(data["piles"]["foundation"], data["decks"])
    count = piles["foundation"]["count"]
    if room is not None and room * count < total:
        yield error(("piles", "foundation", "build"),
                    f"each foundation can hold at most {room} card(s), so {count} of them "
                    f"hold {room * count} of the {total} cards and no deal can be won: change "
                    "count, base or build (rank, wrap, max_cards)")


def _foundation_room(spec: dict[str, Any], decks: int) -> int | None:
    """The most cards one foundation can ever hold, or None when its build sets no bound."""
    build = spec["build"]
    rank, wrap, base = build["rank"], build.get("wrap", False), spec["base"]
    room: int | None = None
    if rank == "same":
        room = 4 * decks
    elif rank in ("up", "down") and not wrap:
        start = {"ace": 1, "king": 13}.get(base)
        # A first card can be of any rank; the worst is one at the end of the climb.
        climb = 14 - start if start and rank == "up" else start
        room = climb or 1
    most = build.get("max_cards")
    if most is not None:
        room = most if room is None else min(room, most)
    return room


def _dealt(kind: str, spec: dict[str, Any], decks: int) -> int:
    if kind == "stock":
        return 0
    if kind == "foundation":
        deal = spec.get("deal", {})
        started = 1 if deal.get("start_card") else 0
        gather = deal.get("gather", "none")
        if isinstance(gather, int):
            return started + gather
        return started + {"none": 0, "one": 1, "all": 4 * decks}[gather]
    cards = spec.get("deal", {}).get("cards", 0)
    return sum(cards) if isinstance(cards, list) else cards * spec.get("count", 1)


def _per_pile(value: int | list[int], count: int) -> list[int]:
    return list(value) if isinstance(value, list) else [value] * count


def _build(spec: dict[str, Any] | None) -> dict[str, Any] | None:
    if spec is None:
        return None
    return {
        "rank": spec["rank"],
        "suit": spec["suit"],
        "wrap": spec.get("wrap", False),
        "max_cards": spec.get("max_cards"),
        "single_cards": spec.get("single_cards", False),
        "complete_runs": spec.get("complete_runs", False),
    }


def _takes_cards(kind: str, spec: dict[str, Any]) -> bool:
    """Whether a player may ever put a card on a pile of this kind."""
    if kind == "foundation":
        return True
    if kind in ("stock", "waste"):
        return False
    accepts = spec.get("spaces", {}).get("accepts", "none")
    return spec.get("build") is not None or accepts != "none"


def _compile_pile(kind: str, spec: dict[str, Any], targets: list[str], rest: int) -> dict[str, Any]:
    count = spec.get("count", 1)
    build = _build(spec.get("build"))
    deal = spec.get("deal", {})
    if kind == "stock":
        cards = [rest]
        face_up = [0]
    elif kind == "foundation":
        cards = [0] * count
        face_up = [0] * count
    else:
        cards = _per_pile(deal.get("cards", 0), count)
        up = deal.get("face_up", "all")
        ups = up if isinstance(up, list) else [up] * count
        face_up = [n if u == "all" else min(u, n) for n, u in zip(cards, ups, strict=True)]
    moves = spec.get("moves", {})
    default_group = "none" if kind == "stock" else "single"
    group = moves.get("group", default_group)
    run = moves.get("run")
    if group in ("run", "whole-pile") and run is None and build is not None:
        run = {"rank": build["rank"], "suit": build["suit"], "wrap": build["wrap"]}
    if run is not None:
        run = {"rank": run["rank"], "suit": run["suit"], "wrap": run.get("wrap", False)}
    to = moves.get("to", targets)
    if kind == "foundation" and "to" not in moves:
        to = [k for k in targets if k != "foundation"] or targets
    spaces = spec.get("spaces")
    if kind == "foundation":
        spaces = {"accepts": "any" if spec["base"] == "any" else "base"}
    elif spaces is None:
        spaces = {"accepts": "any" if build is not None else "none"}
    pile = {
        "count": count,
        "deal": {"cards": cards, "face_up": face_up,
                 "rearrange": deal.get("rearrange", "none")},
        "build": build,
        "moves": {"group": "none" if group == "none" else group, "run": run,
                  "to": [] if group == "none" else list(to),
                  "limit": moves.get("limit", "none")},
        "spaces": {
            "accepts": spaces["accepts"],
            "from": spaces.get("from"),
            "while_cards_in": spaces.get("while_cards_in", spaces.get("from")),
            "otherwise": spaces.get("otherwise", "any"),
            "automatic": spaces.get("automatic", False),
        },
    }
    if kind == "foundation":
        pile["base"] = spec["base"]
        pile["gather"] = deal.get("gather", "none")
        pile["automatic"] = spec.get("automatic", False)
        if deal.get("start_card"):
            pile["start_card"] = deal["start_card"]
    if kind == "stock":
        turn = spec["turn"]
        passes = turn["passes"]
        pile["turn"] = {"cards": turn["cards"], "to": turn["to"],
                        "passes": None if passes == "unlimited" else passes,
                        "blocked_by_spaces": turn.get("blocked_by_spaces", False)}
    return pile


def compile_rules(data: dict[str, Any]) -> dict[str, Any]:
    """Turn validated rules into the engine config: normalized, every default filled, no prose."""
    piles = data["piles"]
    kinds = [k for k in KINDS if k in piles]
    decks = data["decks"]
    rest = decks * CARDS_PER_DECK - sum(_dealt(k, s, decks) for k, s in piles.items())
    targets = [k for k in kinds if _takes_cards(k, piles[k])]
    return {
        "format": FORMAT,
        "id": data["id"],
        "decks": decks,
        "suits": sorted((SUIT_LETTERS[name] for name in data.get("suits", SUIT_LETTERS)),
                        key="".join(SUIT_LETTERS.values()).index),
        "deal_order": list(data["deal_order"]),
        "kinds": kinds,
        "piles": {k: _compile_pile(k, piles[k], targets, rest) for k in kinds},
    }


def load_rules(path: Path | str) -> RulesFile:
    """Parse and validate one rules file."""
    rules = parse(Path(path))
    validate(rules)
    return rules


def rules_files(rules_dir: Path | str) -> list[Path]:
    """The rules files of a folder, in a stable order; a folder with none is an error, and so
    is a `.yml` file, which would otherwise be skipped without a word."""
    folder = Path(rules_dir)
    if not folder.is_dir():
        raise RulesError(str(folder), None, "", "no such folder of rules files")
    misnamed = sorted(folder.glob("*.yml"))
    if misnamed:
        raise RulesErrors([RulesError(str(path), None, "", "rules files end in .yaml: rename "
                                      f"it {path.stem}.yaml") for path in misnamed])
    found = sorted(folder.glob("*.yaml"))
    if not found:
        raise RulesError(str(folder), None, "", "the folder holds no rules files (*.yaml)")
    return found


def load_all(rules_dir: Path | str) -> dict[str, tuple[RulesFile, dict[str, Any]]]:
    """Validate every rules file of a folder and compile each; report all errors together."""
    out: dict[str, tuple[RulesFile, dict[str, Any]]] = {}
    errors: list[RulesError] = []
    for path in rules_files(rules_dir):
        try:
            rules = load_rules(path)
        except RulesErrors as exc:
            errors.extend(exc.errors)
            continue
        except RulesError as exc:
            errors.append(exc)
            continue
        out[rules.data["id"]] = (rules, compile_rules(rules.data))
    if errors:
        raise RulesErrors(errors)
    return out


def config_text(config: dict[str, Any]) -> str:
    """The canonical JSON text of a config, so unchanged rules give unchanged bytes."""
    return json.dumps(config, indent=1, sort_keys=True) + "\n"


MANIFEST = ".patience-outputs"


class OutputError(ValueError):
    """Compile would overwrite a file it did not write; nothing was written."""


def _owned(folder: Path) -> set[str]:
    """Names of the files an earlier compile wrote into `folder`, from its manifest.

    A folder compiled before manifests existed has none; there a file counts as owned only if
    it is one of our configs for the variant it is named after.
    """
    manifest = folder / MANIFEST
    try:
        names = json.loads(manifest.read_text("utf-8"))
    except (OSError, ValueError):
        names = None
    if isinstance(names, list) and all(isinstance(n, str) for n in names):
        return {n for n in names if "/" not in n and n.endswith(".json")}
    return {p.name for p in folder.glob("*.json") if _is_config_file(p)}


def _is_config_file(path: Path) -> bool:
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("format") == FORMAT and \
        data.get("id") == path.stem


def _write_all(files: dict[Path, str]) -> None:
    """Write every file to a temporary name first, then rename each into place: a failure
    before the renames leaves every target as it was."""
    temps: list[tuple[str, Path]] = []
    try:
        for target, text in files.items():
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            temps.append((tmp, target))
            with os.fdopen(fd, "w", encoding="utf-8") as handle:
                handle.write(text)
    except BaseException:
        for tmp, _ in temps:
            Path(tmp).unlink(missing_ok=True)
        raise
    for tmp, target in temps:
        os.replace(tmp, target)


def write_configs(configs: dict[str, dict[str, Any]], out_dir: Path | str) -> list[Path]:
    """Write configs atomically and remove the stale ones, touching only compile's own files.

    The manifest in the folder lists what compile wrote; a file not listed is never deleted or
    overwritten (`compile --out .` leaves `package.json` alone). Unchanged files stay untouched.
    """
    folder = Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    owned = _owned(folder)
    changed: dict[Path, str] = {}
    for variant_id, config in configs.items():
        target = folder / f"{variant_id}.json"
        text = config_text(config)
        if target.exists() and target.name not in owned and not _is_config_file(target):
            raise OutputError(f"{target}: exists and was not written by compile; move it or "
                              "choose another --out folder")
        if not (target.exists() and target.read_text("utf-8") == text):
            changed[target] = text
    outputs = sorted(f"{variant_id}.json" for variant_id in configs)
    manifest = json.dumps(outputs, indent=1) + "\n"
    if outputs != sorted(owned) or not (folder / MANIFEST).exists():
        changed[folder / MANIFEST] = manifest
    _write_all(changed)
    for name in sorted(owned - set(outputs)):
        (folder / name).unlink(missing_ok=True)
    return [path for path in changed if path.name != MANIFEST]


def engine_variants_dir() -> Path:
    """Where the engine package keeps its built-in configs."""
    import patience

    return Path(patience.__file__).parent / "variants"
