"""Command line: ``python -m game [command]``.  Without a command the game opens."""

from __future__ import annotations

import argparse
import importlib
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
)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m game",
                                description="Star Realms Table — play offline.")
    p.add_argument("--version", action="version", version=__version__)
    sub = p.add_subparsers(dest="command")
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        # lazy: only the chosen command's modules load, so start-up stays light
        from game.ui.main import run

        return run()
    # lazy: only the chosen command's modules load, so start-up stays light
    from game.games import DataError, print_data_errors

    try:
        return int(args.func(args))
    except DataError as exc:
        # commands that read rules/ without commands.common.load_db (or deep inside,
        # e.g. the UI scenes a screenshot builds) still report data errors, not a crash
        print_data_errors(exc.errors)
        return 2
    except BrokenPipeError:  # e.g. `... | head`
        sys.stderr.close()
        return 0
