"""Helpers shared by the command modules."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from game.star_realms.engine.cards import CardDB

if TYPE_CHECKING:
    from game.star_realms.data import RulesError


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def print_rules_errors(exc: RulesError, out: TextIO | None = None) -> None:
    """The ``file:card:field: message`` lines of a broken rules/, one per line."""
    out = out or sys.stderr
    print("rules/ is invalid:", file=out)
    for e in exc.errors:
        print(f"  {e}", file=out)


def load_db(path: Path | None = None) -> CardDB:
    """The card database, or exit 2 with the errors on stderr (never a traceback)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.data import RulesError, load_rules

    try:
        return load_rules(path)
    except RulesError as exc:
        print_rules_errors(exc)
        raise SystemExit(2) from None
