"""Where the learner left each lesson: ``tutorial.json`` in the
user config folder (beside the settings; not among the saves), versioned and
written atomically.  ``{"magic": ..., "schema": 1, "lessons": {id: step}}``; a step equal
to the lesson's length means completed.  A damaged or foreign file reads as no progress
(the lessons start over; nothing else depends on it)."""

from __future__ import annotations

import json
from pathlib import Path

from game import user_dirs, versioned_json
from game.settings import atomic_write_text
from game.validate import is_int

MAGIC = "star-realms-tutorial"
SCHEMA = 1
MAX_BYTES = 64 * 1024
MAX_STEP = 10_000


class ProgressError(ValueError):
    pass


def progress_path() -> Path:
    return user_dirs.config_dir() / "tutorial.json"


def load_progress(path: Path | None = None) -> dict[str, int]:
    """{lesson id: the step to continue at}."""
    path = path or progress_path()
    if not path.exists():
        return {}
    try:
        doc = versioned_json.read(path, "tutorial progress file", MAX_BYTES, ProgressError)
        doc = versioned_json.upgrade(doc, "tutorial progress file", MAGIC, SCHEMA, {},
                                     ProgressError)
    except ProgressError:
        return {}
    lessons = doc.get("lessons")
    if not isinstance(lessons, dict):
        return {}
    return {k[:40]: v for k, v in lessons.items()
            if isinstance(k, str) and is_int(v, 0, MAX_STEP)}


def save_step(lesson: str, step: int, path: Path | None = None) -> None:
    """Remember that ``lesson`` continues at ``step`` (raises OSError when it cannot)."""
    path = path or progress_path()
    data = load_progress(path)
    data[lesson] = max(0, min(step, MAX_STEP))
    atomic_write_text(path, json.dumps({"magic": MAGIC, "schema": SCHEMA, "lessons": data},
                                       indent=1, sort_keys=True))
