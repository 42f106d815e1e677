"""Arcs' rules reference (the shell's :class:`~game.ui.rules_reference.ReferenceScene`):
a summary of the turn, the actions, battle and scoring, and the table's keys.  One i18n
string per paragraph (``arcs.ref.p.<key>``), in PARAGRAPHS' order;
game/arcs/data/reference_sources.toml names the rulebook passage of each."""

from __future__ import annotations

from game.ui.rules_reference import ReferenceScene, joined

PREFIX = "arcs.ref"
PARAGRAPHS: tuple[str, ...] = (
    "goal", "chapter", "cards", "suits", "initiative", "declare", "actions", "control",
    "resources", "battle", "city", "scoring", "table", "keys")


def reference_text(lang: str | None = None) -> str:
    return joined(PREFIX, PARAGRAPHS, lang)


class ArcsReferenceScene(ReferenceScene):
    prefix = PREFIX
    paragraphs = PARAGRAPHS
