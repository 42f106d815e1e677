"""Command line: ``python -m game [command]``.  Without a command the game opens."""

from __future__ import annotations

import argparse
import codecs
import importlib
import io
import logging
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from game import GAMES, PRODUCT_NAME, __version__, app_log

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


def prog_name(argv0: str | None = None) -> str:
    """What the user typed to start us, for usage lines: the installed command's name
    (``starfold``, ``starfold-cli``, an old build's executable), or ``python -m game``
    when run from source (argv[0] is then game/__main__.py)."""
    path = Path(sys.argv[0] if argv0 is None else argv0)
    if not path.name or path.name in ("__main__.py", "-c", "-m"):
        return "python -m game"
    return path.name.removesuffix(".exe")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog_name(),
        description=f"{PRODUCT_NAME}: {', '.join(GAMES[:-1])} and {GAMES[-1]} at one offline "
                    "table — hot-seat, bots and phones. Without a command the game opens.")
    p.add_argument("--version", action="version", version=__version__)
    add_global_options(p)
    sub = p.add_subparsers(dest="command")
    for name in COMMANDS:
        importlib.import_module(name).register(sub)
    return p


SIZE_MIN = (640, 480)
SIZE_MAX = (7680, 4320)


def window_size(text: str) -> tuple[int, int]:
    """``--size WxH``: a window between 640×480 and 7680×4320."""
    parts = text.lower().replace("×", "x").split("x")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1920x1080")
    w, h = (int(p) for p in parts)
    if not (SIZE_MIN[0] <= w <= SIZE_MAX[0] and SIZE_MIN[1] <= h <= SIZE_MAX[1]):
        raise argparse.ArgumentTypeError(
            f"{w}x{h} is out of range: from {SIZE_MIN[0]}x{SIZE_MIN[1]} "
            f"to {SIZE_MAX[0]}x{SIZE_MAX[1]}")
    return w, h


def add_global_options(p: argparse.ArgumentParser) -> None:
    """--log-level for every command; the window's options for the game itself (their
    own dests: commands such as ``screenshot`` have a ``--lang`` of their own)."""
    p.add_argument("--log-level", choices=app_log.LEVELS, default="info",
                   help="how much the log file records (default info)")
    app = p.add_argument_group("the game window (without a command; this run only, "
                               "not saved)")
    app.add_argument("--lang", dest="app_lang", choices=("en", "ru"),
                     help="the language")
    mode = app.add_mutually_exclusive_group()
    mode.add_argument("--windowed", dest="app_fullscreen", action="store_false",
                      default=None, help="open in a window")
    mode.add_argument("--fullscreen", dest="app_fullscreen", action="store_true",
                      default=None, help="open full screen")
    app.add_argument("--size", dest="app_size", type=window_size, metavar="WxH",
                     help="the window's size, 640x480 to 7680x4320")


def launch_options(args: argparse.Namespace) -> dict[str, Any]:
    """The window options given, as the settings fields they override for this run."""
    out: dict[str, Any] = {}
    if args.app_lang is not None:
        out["language"] = args.app_lang
    if args.app_fullscreen is not None:
        out["fullscreen"] = args.app_fullscreen
    if args.app_size is not None:
        out["window_width"], out["window_height"] = args.app_size
    return out


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
    launch = launch_options(args)
    if launch and args.command is not None:
        parser.error("--lang, --windowed, --fullscreen and --size set up the game window: "
                     "give them without a command (commands have options of their own)")
    app_log.setup(args.log_level)
    app_log.log_start(args.command or "game")
    if args.command is None:
        # lazy: only the chosen command's modules load, so start-up stays light
        from game.ui.main import run

        return run(launch)
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
    except Exception:  # the traceback still reaches stderr; the log keeps it too
        logging.getLogger(__name__).exception("command %s failed", args.command)
        raise
