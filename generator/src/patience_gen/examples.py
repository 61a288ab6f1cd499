"""Worked examples for building rules, found by playing real deals through the engine.

A page says "on the 7 of clubs you may place the 6 of spades, hearts or diamonds"; this module
finds a position where the engine itself offers such a move, and records how to reach it (deal,
moves before it, the move), so a test can replay every example through `patience.Game`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from patience import Game

SUITS = "CDHS"
RANKS = "A23456789TJQK"
RED = frozenset("DH")
FACES = tuple(r + s for s in SUITS for r in RANKS)


def face(rank: int, suit: str) -> str:
    """'7H' for the seven of hearts."""
    return RANKS[rank - 1] + suit


def rank_of(card: str) -> int:
    """1..13 for 'AC'..'KC'."""
    return RANKS.index(card[0]) + 1


def rank_fits(rule: dict[str, Any], below: int, above: int) -> bool:
    """Whether rank `above` may go on rank `below` under a build rule's rank part."""
    wrap = rule.get("wrap", False)
    match rule["rank"]:
        case "up":
            return above == below + 1 or (wrap and below == 13 and above == 1)
        case "down":
            return above == below - 1 or (wrap and below == 1 and above == 13)
        case "same":
            return above == below
        case _:
            return True


def suit_fits(rule: dict[str, Any], below: str, above: str) -> bool:
    """Whether suit `above` may go on suit `below` under a build rule's suit part."""
    match rule["suit"]:
        case "same-suit":
            return above == below
        case "alternate-colour":
            return (above in RED) != (below in RED)
        case "other-suit":
            return above != below
        case _:
            return True


def fits(rule: dict[str, Any], below: str, above: str) -> bool:
    """Whether card `above` may be placed on card `below` ('7H', '6S') under a build rule."""
    return rank_fits(rule, rank_of(below), rank_of(above)) and suit_fits(rule, below[1], above[1])


def allowed_on(rule: dict[str, Any], below: str) -> list[str]:
    """Every card face the rule lets go on `below`, in suit order."""
    return [f for f in FACES if fits(rule, below, f)]


def refused_on(rule: dict[str, Any], below: str) -> list[str]:
    """Cards of a rank the rule wants that its suit part turns away: the near misses."""
    if rule["rank"] == "any" or rule["suit"] == "any-suit":
        return []
    return [
        f for f in FACES
        if rank_fits(rule, rank_of(below), rank_of(f)) and not suit_fits(rule, below[1], f[1])
    ]


@dataclass(frozen=True)
class Example:
    """A building rule shown on real cards, with the way to reach that position in the engine."""

    kind: str
    deal: int
    prelude: tuple[str, ...]
    move: str
    below: str
    card: str
    allowed: tuple[str, ...]
    refused: tuple[str, ...]
    wraps: bool = False


def _candidates(
    game: Game, moves: list, kind: str, want: Callable[[str], bool]
) -> list[tuple[str, str, str]]:
    found = []
    for move in moves:
        if not move.target.startswith(kind + ".") or move.source.startswith("stock."):
            continue
        target = game.pile(move.target)
        if not target.cards or move.source.startswith("foundation."):
            continue
        below = str(target.cards[-1])
        if not want(below):
            continue
        card = str(game.pile(move.source).cards[-move.count])
        found.append((str(move), below, card))
    return sorted(found, key=lambda m: (m[0].count("x"), m[0]))


def _search(
    config: dict[str, Any], kind: str, want: Callable[[str], bool], deals: int, steps: int
) -> tuple[int, tuple[str, ...], tuple[str, str, str]] | None:
    # First the dealt positions of many deals (no moves to replay), then short random playouts.
    for deal in range(deals):
        game = Game(config, deal=deal, autoplay=False)
        found = _candidates(game, game.legal_moves(), kind, want)
        if found:
            return deal, (), found[0]
    for deal in range(deals):
        game = Game(config, deal=deal, autoplay=False)
        rng = random.Random(deal)
        prelude: list[str] = []
        moves = game.legal_moves()
        for _ in range(steps):
            if not moves:
                break
            move = rng.choice(moves)
            game.play(move)
            prelude.append(str(move))
            moves = game.legal_moves()
            found = _candidates(game, moves, kind, want)
            if found:
                return deal, tuple(prelude), found[0]
    return None


def find_example(
    config: dict[str, Any], kind: str, wraps: bool = False, deals: int = 40, steps: int = 120
) -> Example | None:
    """An engine-made position showing the build rule of `kind` (or its wrap), or None."""
    rule = config["piles"][kind]["build"]
    if rule is None:
        return None
    if wraps:
        edge = 13 if rule["rank"] == "up" else 1

        def want(below: str) -> bool:
            return rank_of(below) == edge
    else:
        edge = {"up": 13, "down": 1}.get(rule["rank"])

        def want(below: str) -> bool:
            return rank_of(below) != edge
    hit = _search(config, kind, want, deals, steps)
    if hit is None:
        return None
    deal, prelude, (move, below, card) = hit
    # With one deck the card below cannot also be the card placed on it.
    present = (lambda f: f != below) if config["decks"] == 1 else (lambda f: True)
    allowed = tuple(f for f in allowed_on(rule, below) if present(f))
    refused = tuple(f for f in refused_on(rule, below) if present(f))
    return Example(kind, deal, prelude, move, below, card, allowed, refused, wraps)


@lru_cache(maxsize=512)
def _examples(config_text: str) -> tuple[Example, ...]:
    config = json.loads(config_text)
    out = []
    for kind in config["kinds"]:
        rule = config["piles"][kind].get("build")
        if rule is None:
            continue
        example = find_example(config, kind)
        if example:
            out.append(example)
        if rule.get("wrap") and rule["rank"] in ("up", "down"):
            example = find_example(config, kind, wraps=True)
            if example:
                out.append(example)
    return tuple(out)


def examples(config: dict[str, Any]) -> dict[tuple[str, bool], Example]:
    """Every worked example of a variant, keyed by (pile kind, wraps); cached per config."""
    found = _examples(json.dumps(config, sort_keys=True))
    return {(e.kind, e.wraps): e for e in found}
