"""Helpers shared by the command modules."""

from __future__ import annotations

import sys

from game.engine.cards import CardDB


def split_list(value: str) -> list[str]:
    return [v.strip() for v in value.split(",") if v.strip()]


def load_db() -> CardDB:
    from game.data import RulesError, load_rules

    try:
        return load_rules()
    except RulesError as exc:
        print("rules/ is invalid:", file=sys.stderr)
        for e in exc.errors:
            print(f"  {e}", file=sys.stderr)
        raise SystemExit(2) from None
