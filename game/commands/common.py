"""Helpers shared by the command modules."""

from __future__ import annotations

from pathlib import Path

from game.games import print_data_errors
from game.star_realms.engine.cards import CardDB


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def load_db(path: Path | None = None) -> CardDB:
    """The card database, or exit 2 with the errors on stderr (never a traceback)."""
    # lazy: cli imports every command to build its parser; a command's work loads when it runs
    from game.star_realms.data import RulesError, load_rules

    try:
        return load_rules(path)
    except RulesError as exc:
        print_data_errors(exc.errors)
        raise SystemExit(2) from None
