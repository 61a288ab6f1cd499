"""The engine's command line: look at a deal, play it in the terminal, or solve it."""

from __future__ import annotations

import argparse
import contextlib
import os
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


class InputEnded(Exception):
    """Standard input ended (Ctrl-D, a closed or exhausted pipe) before the game did."""


def cmd_play(args: argparse.Namespace) -> int:
    """Play a deal in the terminal."""
    game = _game(args)
    ended: list[bool] = []

    def read() -> str | None:
        try:
            return input("> ")
        except (EOFError, RuntimeError):  # RuntimeError: no stdin at all (a closed descriptor)
            ended.append(True)
            return None

    status = play_loop(game, read, sys.stdout)
    if ended and not game.is_won:
        print(file=sys.stdout)
        raise InputEnded
    return status


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


def guarded(command: Callable[[], int], prog: str = "patience") -> int:
    """Run a command so that the usual ways a terminal session ends give one line, not a
    traceback: Ctrl-C, input that ends, output that is closed (`| head -1`) or full
    (`> /dev/full`). The exit status is non-zero for each."""
    try:
        status = command()
        sys.stdout.flush()
        return status
    except KeyboardInterrupt:
        _say(f"{prog}: interrupted")
        return 130
    except InputEnded:
        _say(f"{prog}: input ended before the game did")
        return 1
    except BrokenPipeError:
        _silence_stdout()
        _say(f"{prog}: the output was closed before everything was written")
        return 1
    except OSError as exc:
        if exc.filename is None:  # writing the output failed (a full disk, say)
            _silence_stdout()
            _say(f"{prog}: cannot write the output: {exc.strerror or exc}")
        else:
            _say(f"{prog}: {exc.filename}: {exc.strerror or exc}")
        return 1


def _say(line: str) -> None:
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr, flush=True)


def _silence_stdout() -> None:
    """Send what is left in stdout's buffer nowhere, so the exit's own flush cannot fail."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of `python -m patience` and of the `patience` command's engine part."""
    argv = list(sys.argv[1:] if argv is None else argv)
    args = parser().parse_args(argv)
    args.argv = argv

    def run() -> int:
        try:
            status: int = args.func(args)
            return status
        except ValueError as exc:
            print(f"patience: {exc}", file=sys.stderr)
            return 2

    return guarded(run)
