"""The words of the records profile (format, difficulty, one-line record), shared by the
Records screen and the end screen — scenes never import each other (routes)."""

from __future__ import annotations

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.records import PEOPLE_ONLY, Record


def format_name(fmt: str) -> str:
    """A format's or adventure's name in the current language."""
    adventure = load_rules().adventures.get(fmt)
    if adventure is not None:
        return adventure.name(i18n.language())
    key = "menu.campaign" if fmt == "campaign" else f"format.{fmt}"
    name = i18n.t(key)
    return fmt if name == key else name


def difficulty_name(difficulty: str) -> str:
    if difficulty == PEOPLE_ONLY:
        return i18n.t("records.people_only")
    for key in (f"difficulty.{difficulty}", f"ai.{difficulty}"):
        name = i18n.t(key)
        if name != key:
            return name
    return difficulty


def record_line(fmt: str, difficulty: str, rec: Record) -> str:
    """One sentence for the end screen: this format's record at this difficulty."""
    best = i18n.t("records.best_turns", n=rec.best_turns) if rec.best_turns else ""
    return i18n.t("records.line", format=format_name(fmt), difficulty=difficulty_name(
        difficulty), played=rec.played, won=rec.won, best=best).strip()
