"""The registry point: where the modes built from the card database plug into the engine.

The generic engine (rules, effects, zones, setup, views, snapshots) knows only the base
:class:`~game.star_realms.engine.formats.Format` and asks it through its hooks; it never
imports the modes.  This module is the one place that does: it gives each adventure its
boss (:mod:`game.star_realms.engine.bosses`) and registers the campaign and the
adventures with :func:`get_format`.  ``engine/__init__.py`` imports it, so importing any
part of the engine makes every mode available.

Layers (tests/test_engine_layers.py keeps them): state, cards, events, rng, guard, zones
and the other core modules import nothing above them; formats, adventure, boss, bosses and
campaign sit on top of the core; only this module (and setup/snapshot through it) reaches
them from below.
"""

from __future__ import annotations

from typing import Any

from game.star_realms.engine import adventure, bosses, campaign
from game.star_realms.engine.formats import FORMATS, Format, get_format, register_mode

__all__ = ["FORMATS", "Format", "get_format"]


def _campaign(format_id: str, db: Any, options: Any) -> Format | None:
    if format_id == campaign.FORMAT_ID and getattr(db, "campaign", None) is not None:
        return campaign.make_format(db, options)
    return None


def _adventure(format_id: str, db: Any, options: Any) -> Format | None:
    adventures = getattr(db, "adventures", {}) or {}
    if format_id in adventures:
        difficulty = dict(options).get("difficulty", "veteran")
        return adventure.make_format(adventures[format_id], difficulty)
    return None


adventure.SCRIPTS.update(bosses.SCRIPTS)
register_mode(_campaign, lambda db: [campaign.FORMAT_ID])
register_mode(_adventure, lambda db: sorted(getattr(db, "adventures", {}) or {}))
