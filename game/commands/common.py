"""Helpers shared by the command modules."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from game.games import print_data_errors
from game.star_realms.engine.cards import CardDB


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def print_json(value: Any, indent: int | None = None) -> None:
    """JSON on stdout; pure ASCII (``\\uXXXX`` escapes) when the console is not UTF-8, so
    it stays valid JSON on a cp1252 console."""
    utf8 = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "") == "utf8"
    print(json.dumps(value, ensure_ascii=not utf8, indent=indent))


def check_data() -> None:
    """Every game's rules data, checked before a command does anything (the app does the
    same, game.ui.main.start): broken Arcs or Forbidden Stars rules exit 2 with their
    ``file:entry:field`` lines, not a traceback from deep inside a scene or a loader."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.games import data_errors

    errors = data_errors()
    if errors:
        print_data_errors(errors)
        raise SystemExit(2)


def load_db(path: Path | None = None) -> CardDB:
    """The card database, or exit 2 with the errors on stderr (never a traceback).  The
    game's own rules are checked for every game first (:func:`check_data`)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.data import RulesError, load_rules

    if path is None:
        check_data()
    try:
        return load_rules(path)
    except RulesError as exc:
        print_data_errors(exc.errors)
        raise SystemExit(2) from None
