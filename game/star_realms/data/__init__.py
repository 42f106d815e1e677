"""Loading and validating the game's data files in ``rules/``."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from game.resources import rules_dir
from game.star_realms.data.loader import RulesError, load_card_db
from game.star_realms.engine.cards import CardDB

__all__ = ["RulesError", "load_card_db", "load_rules"]


@lru_cache(maxsize=4)
def _cached(path: str) -> CardDB:
    return load_card_db(Path(path))


def load_rules(path: Path | None = None) -> CardDB:
    """The card database from ``rules/`` (cached; raises RulesError when invalid)."""
    return _cached(str(path or rules_dir()))
