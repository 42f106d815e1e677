"""Command line: ``python -m game [command]``.  Without a command the game opens."""

from __future__ import annotations

import argparse
import codecs
import importlib
import io
import os
import sys
from collections.abc import Sequence

from game import __version__

# One module per command, each with register(subparsers).  Listed explicitly (not
# discovered) so a frozen build bundles them all.
COMMANDS = (
    "game.commands.cards",
    "game.commands.validate",
    "game.commands.simulate",
    "game.commands.render_cards",
    "game.commands.screenshot",
    "game.commands.smoke",
    "game.commands.replay",
    "game.commands.view",
    "game.commands.saves",
    "game.commands.host",
    "game.commands.tutorial",
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game",
                                description="Star Realms Table — play offline.")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command")
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return p


def console_safe() -> None:
    """Output that never crashes the program: a console that cannot show every character
    (cp1252 on Windows) gets ``\\uXXXX`` escapes instead of a UnicodeEncodeError, and a
    build without a console (no sys.stdout at all) writes to nowhere."""
    for name in ("stdout", "stderr"):
        stream = getattr(sys, name)
        if stream is None:
            setattr(sys, name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115
        elif (isinstance(stream, io.TextIOWrapper)
              and codecs.lookup(stream.encoding or "ascii").name != "utf-8"):
            stream.reconfigure(errors="backslashreplace")


def main(argv: Sequence[str] | None = None) -> int:
    console_safe()
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # lazy: only the chosen command's modules load, so start-up stays light
        from game.ui.main import run

        return run()
    # lazy: only the chosen command's modules load, so start-up stays light
    from game.games import DataError, data_errors, print_data_errors

    try:
        # every game's rules, before the command reads any of them: broken Arcs data is
        # exit 2 with its lines for a Star Realms command too (validate-rules checks a
        # FOLDER's files itself)
        errors = [] if getattr(args, "checks_own_data", False) else data_errors()
        if errors:
            print_data_errors(errors)
            return 2
        return int(args.func(args))
    except DataError as exc:
        # commands that read rules/ without commands.common.load_db (or deep inside,
        # e.g. the UI scenes a screenshot builds) still report data errors, not a crash
        print_data_errors(exc.errors)
        return 2
    except BrokenPipeError:  # e.g. `... | head`
        sys.stderr.close()
        return 0
