"""The saves folder every game shares: where it is, names that never collide, pruning
autosaves and emergency saves, tidying what a killed game left, and the list of saves
the game crashed with (so Continue never leads back into the same crash)."""

from __future__ import annotations

import contextlib
import itertools
import json
import logging
import os
import sys
from datetime import datetime
from pathlib import Path

from game import versioned_json
from game.settings import atomic_write_text, remove_stale_temp_files

KEEP_AUTOSAVES = 5
KEEP_EMERGENCY = 5
KEEP = {"autosave": KEEP_AUTOSAVES, "emergency": KEEP_EMERGENCY}
MAX_CRASH_MARKS = 200
_log = logging.getLogger(__name__)


class _MarksError(Exception):
    pass


def saves_dir() -> Path:
    """``saves/`` beside the game when that folder is writable (source checkout or a
    portable build), else the user data dir; ``STAR_REALMS_SAVES_DIR`` overrides."""
    override = os.environ.get("STAR_REALMS_SAVES_DIR")
    if override:
        return Path(override)
    from game.resources import base_dir

    candidates = []
    if getattr(sys, "frozen", False):
        candidates.append(Path(sys.executable).resolve().parent / "saves")
    elif (base_dir() / "pyproject.toml").exists():
        candidates.append(base_dir() / "saves")
    for folder in candidates:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            if os.access(folder, os.W_OK):
                return folder
        except OSError:
            continue
    import platformdirs

    return Path(platformdirs.user_data_dir("star-realms-table", appauthor=False)) / "saves"


def unique_path(folder: Path, prefix: str) -> Path:
    """``prefix-YYYYmmdd-HHMMSS-mmm.json``, with a counter when that name is taken (two
    saves or crash reports in one millisecond must not overwrite each other).  The names
    sort in time order, which pruning relies on."""
    now = datetime.now()
    stem = f"{prefix}-{now:%Y%m%d-%H%M%S}-{now.microsecond // 1000:03d}"
    for n in itertools.count(1):
        path = folder / (f"{stem}.json" if n == 1 else f"{stem}-{n:03d}.json")
        if not os.path.lexists(path):
            return path
    raise AssertionError("unreachable")


def prune(folder: Path, kind: str, keep: int) -> None:
    """Keep the newest ``keep`` saves of a kind (by name, which is by time)."""
    olds = sorted((p for p in versioned_json.json_files(folder, f"{kind}-*.json")),
                  key=lambda p: p.name)
    for old in olds[:-keep] if keep > 0 else olds:
        with contextlib.suppress(OSError):
            old.unlink()


def tidy(folder: Path | None = None) -> None:
    """What a killed game may have left: temp files of unfinished writes, and one save
    too many when it died between writing a save and pruning the old ones."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return
    remove_stale_temp_files(folder)
    remove_stale_temp_files(folder / "crash-reports")
    for kind, keep in KEEP.items():
        prune(folder, kind, keep)


# ---------------------------------------------------------------------- crash marks


def _marks_path(folder: Path) -> Path:
    return folder / "crash-reports" / "crashed-saves.json"


def crashed_saves(folder: Path | None = None) -> set[str]:
    """Names of the saves a game crashed with (see :func:`mark_crashed`)."""
    folder = folder or saves_dir()
    path = _marks_path(folder)
    if not os.path.lexists(path):
        return set()
    try:
        raw = versioned_json.read(path, "crash list", 256 * 1024, _MarksError)
    except _MarksError as exc:
        _log.warning("ignoring %s: %s", path, exc)
        return set()
    names = raw.get("saves") if isinstance(raw, dict) else None
    return {n for n in names if isinstance(n, str)} if isinstance(names, list) else set()


def mark_crashed(names: list[str], folder: Path | None = None) -> None:
    """Remember saves the game crashed with, so Continue does not offer them again."""
    folder = folder or saves_dir()
    marks = sorted(crashed_saves(folder) | set(names))[-MAX_CRASH_MARKS:]
    atomic_write_text(_marks_path(folder), json.dumps({"schema": 1, "saves": marks}))
