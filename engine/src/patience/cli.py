"""The engine's command line: look at a deal, play it in the terminal, or solve it."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from patience.config import load_variant, variants
from patience.game import Game, IllegalMove, Move

HELP = """Type a move such as tableau.3>foundation.0 (add x3 to move three cards),
or the number of a move from the list. Other commands:
  s      turn the stock (or redeal)      m   list the legal moves
  u      undo                            r   redo
  n      restart this deal               q   quit"""


def _game(args: argparse.Namespace) -> Game:
    return Game(load_variant(args.variant), deal=args.deal, autoplay=not args.no_autoplay)


def cmd_show(args: argparse.Namespace) -> int:
    """Print a deal's layout and its legal moves."""
    game = _game(args)
    print(game)
    print("moves:", " ".join(str(m) for m in game.legal_moves()) or "none")
    return 0


def _list_moves(game: Game, out: TextIO) -> list[Move]:
    moves = game.legal_moves()
    for i, move in enumerate(moves, 1):
        print(f"  {i:>2}. {move}", file=out)
    if not moves:
        print("  no moves left", file=out)
    return moves


def play_loop(game: Game, read: Callable[[], str | None], out: TextIO) -> int:
    """Run a terminal game until it is won, the player quits, or input ends."""
    print(HELP, file=out)
    while True:
        print(f"\n{game}", file=out)
        if game.is_won:
            print(f"Won in {len(game.moves_made)} moves.", file=out)
            return 0
        moves = _list_moves(game, out)
        line = read()
        if line is None:
            return 0
        command = line.strip()
        if command in ("q", "quit"):
            return 0
        if command in ("", "m"):
            continue
        if command == "u":
            print("undone" if game.undo() else "nothing to undo", file=out)
            continue
        if command == "r":
            print("redone" if game.redo() else "nothing to redo", file=out)
            continue
        if command == "n":
            game.restart()
            continue
        if command == "s":
            stock = [m for m in moves if m.source == "stock.0" or m.target == "stock.0"]
            if not stock:
                print("the stock cannot be turned", file=out)
                continue
            command = str(stock[0])
        if command.isdigit():
            if not 1 <= int(command) <= len(moves):
                print(f"no move number {command}", file=out)
                continue
            command = str(moves[int(command) - 1])
        try:
            game.play(command)
        except IllegalMove as exc:
            print(f"illegal: {exc}", file=out)


def cmd_play(args: argparse.Namespace) -> int:
    """Play a deal in the terminal."""
    game = _game(args)

    def read() -> str | None:
        try:
            return input("> ")
        except EOFError:
            return None

    return play_loop(game, read, sys.stdout)


def parser() -> argparse.ArgumentParser:
    """The engine's commands and their arguments."""
    p = argparse.ArgumentParser(prog="patience", description="Play patience from compiled rules.")
    sub = p.add_subparsers(dest="command", required=True)
    for name, func, text in (("show", cmd_show, "print a deal"),
                             ("play", cmd_play, "play a deal in the terminal")):
        cmd = sub.add_parser(name, help=text)
        cmd.add_argument("variant", choices=variants(), help="variant id")
        cmd.add_argument("--deal", type=int, default=1, help="deal number (default 1)")
        cmd.add_argument("--no-autoplay", action="store_true",
                         help="make no automatic moves, even where the rules call for them")
        cmd.set_defaults(func=func)
    from patience.solver_cli import register

    register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `python -m patience` and of the `patience` command's engine part."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser().parse_args(argv)
    args.argv = argv
    try:
        status: int = args.func(args)
        return status
    except ValueError as exc:
        print(f"patience: {exc}", file=sys.stderr)
        return 2
