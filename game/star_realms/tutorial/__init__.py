"""Learn to play: the guided lessons (script data in ``rules/tutorial.toml``, checked by
:func:`load_script`; played by :class:`Runner`; progress kept by :mod:`.progress`).
See docs/tutorial.md."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from game.resources import rules_dir
from game.star_realms.engine.cards import CardDB
from game.star_realms.tutorial.runner import Runner, rehearse, replay
from game.star_realms.tutorial.script import Lesson, Step, TutorialError, read_script

__all__ = ["Lesson", "Runner", "Step", "TutorialError", "check_script", "load_script",
           "replay"]


def check_script(db: CardDB, folder: Path | None = None) -> list[str]:
    """Every problem of the script: the file's fields, then each lesson rehearsed."""
    lessons, errors = read_script(db, folder)
    if errors:
        return errors
    for lesson in lessons:
        errors += rehearse(lesson, db)
    return errors


def load_script(db: CardDB, folder: Path | None = None) -> list[Lesson]:
    """The lessons, checked; :class:`TutorialError` lists every problem."""
    return list(_load(db, str(folder or rules_dir())))


@cache
def _load(db: CardDB, folder: str) -> tuple[Lesson, ...]:
    lessons, errors = read_script(db, Path(folder))
    if not errors:
        for lesson in lessons:
            errors += rehearse(lesson, db)
    if errors:
        raise TutorialError(errors)
    return tuple(lessons)
