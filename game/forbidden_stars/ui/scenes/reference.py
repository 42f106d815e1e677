"""Forbidden Stars' rules reference (the shell's
:class:`~game.ui.rules_reference.ReferenceScene`): a summary of the booklet (the round,
the orders, storms, combat, the refresh) and the table's keys.  One i18n string per
paragraph (``fs_reference.p.<key>``), in PARAGRAPHS' order;
game/forbidden_stars/data/reference_sources.toml names the rulebook passage of each."""

from __future__ import annotations

from game.ui.rules_reference import ReferenceScene, joined

PREFIX = "fs_reference"
PARAGRAPHS: tuple[str, ...] = (
    "goal", "round", "planning", "operations", "deploy", "strategize", "dominate", "assets",
    "advance", "capacity", "orbital", "combat_prepare", "combat_rounds", "combat_end",
    "retreat", "storms", "refresh", "table", "keys")


def reference_text(lang: str | None = None) -> str:
    return joined(PREFIX, PARAGRAPHS, lang)


class FsReferenceScene(ReferenceScene):
    prefix = PREFIX
    paragraphs = PARAGRAPHS
