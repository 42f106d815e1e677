"""Where the learner left each lesson of a game: ``lessons-<game>.json`` in the user
config folder (beside the settings; not among the saves), versioned and written
atomically: ``{"magic": "lesson-progress", "schema": 1, "game": id, "lessons": {id:
step}}``.  A step equal to the lesson's length means completed.  A damaged or foreign
file reads as no progress (the lessons start over; nothing else depends on it)."""

from __future__ import annotations

import json
from pathlib import Path

from game import user_dirs, versioned_json
from game.settings import atomic_write_text
from game.validate import is_int

MAGIC = "lesson-progress"
SCHEMA = 1
MAX_BYTES = 64 * 1024
MAX_STEP = 10_000


class ProgressError(ValueError):
    pass


def progress_path(game: str) -> Path:
    return user_dirs.config_dir() / f"lessons-{game}.json"


def load_progress(game: str, path: Path | None = None) -> dict[str, int]:
    """{lesson id: the step to continue at}."""
    path = path or progress_path(game)
    if not path.exists():
        return {}
    try:
        doc = versioned_json.read(path, "lesson progress file", MAX_BYTES, ProgressError)
        doc = versioned_json.upgrade(doc, "lesson progress file", MAGIC, SCHEMA, {},
                                     ProgressError)
    except ProgressError:
        return {}
    lessons = doc.get("lessons")
    if doc.get("game") != game or not isinstance(lessons, dict):
        return {}
    return {k[:40]: v for k, v in lessons.items()
            if isinstance(k, str) and is_int(v, 0, MAX_STEP)}


def save_step(game: str, lesson: str, step: int, path: Path | None = None) -> None:
    """Remember that ``lesson`` continues at ``step`` (raises OSError when it cannot)."""
    path = path or progress_path(game)
    data = load_progress(game, path)
    data[lesson] = max(0, min(step, MAX_STEP))
    atomic_write_text(path, json.dumps({"magic": MAGIC, "schema": SCHEMA, "game": game,
                                        "lessons": data}, indent=1, sort_keys=True))
