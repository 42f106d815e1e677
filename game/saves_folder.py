"""The saves folder every game shares: where it is, names that never collide, pruning
autosaves and emergency saves, tidying what a killed game left, and the list of saves
the game crashed with (so Continue never leads back into the same crash)."""

from __future__ import annotations

import contextlib
import functools
import itertools
import json
import logging
import os
import shutil
import sys
import tempfile
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

from game import resources, user_dirs, versioned_json
from game.settings import atomic_write_text, remove_stale_temp_files

KEEP_AUTOSAVES = 5  # per game in progress (game.save_files.prune_games)
KEEP_EMERGENCY = 5
KEEP = {"autosave": KEEP_AUTOSAVES, "emergency": KEEP_EMERGENCY}
# Files of one kind per game type beyond which older points go (never the newest point of
# an unfinished game): five games' worth of turns back.
KEEP_TOTAL = 25
MAX_CRASH_MARKS = 200
_log = logging.getLogger(__name__)


class _MarksError(Exception):
    pass


PORTABLE_MARKER = "portable.txt"  # beside a frozen build's executable: keep saves there
_scratch: Path | None = None


def saves_dir() -> Path:
    """Where saves go, first match wins:

    1. a scratch folder while a command that is not a player's game runs
       (:func:`scratch_saves`);
    2. ``STARFOLD_SAVES_DIR`` (or its alias ``STAR_REALMS_SAVES_DIR``);
    3. a source checkout: ``saves/`` in the repository;
    4. a frozen build with ``portable.txt`` beside the executable: ``saves/`` beside it,
       when that folder takes a written file;
    5. ``saves/`` in the user data folder, which survives replacing the game's folder by
       a new version.  Saves an older build left beside the executable move there.
    """
    if _scratch is not None:
        return _scratch
    override = user_dirs.env("SAVES_DIR")
    if override:
        return Path(override)
    return _default_saves_dir()


@functools.cache
def _default_saves_dir() -> Path:
    target = user_dirs.data_dir() / "saves"
    if getattr(sys, "frozen", False):
        beside = Path(sys.executable).resolve().parent / "saves"
        if (beside.parent / PORTABLE_MARKER).exists() and user_dirs.writable(beside):
            return beside
        adopt_saves(beside, target)
        return target
    root = resources.checkout_root()
    if root is not None and user_dirs.writable(root / "saves"):
        return root / "saves"
    return target


def adopt_saves(old: Path, new: Path) -> list[Path]:
    """Move the saves (and crash reports) an older build kept in ``old`` into ``new``.

    Every file is copied before its original is removed, and a name already taken in
    ``new`` gets a suffix, so nothing is overwritten or lost; ``old`` is removed when it
    ends up empty.  Returns the new paths."""
    if not old.is_dir() or old.is_symlink():
        return []
    moved = []
    for path in sorted(old.rglob("*")):
        if path.is_symlink() or not path.is_file():
            continue
        dest = new / path.relative_to(old)
        try:
            dest.parent.mkdir(parents=True, exist_ok=True)
            if os.path.lexists(dest):
                dest = _free_name(dest)
            shutil.copy2(path, dest)
            path.unlink()
            moved.append(dest)
        except OSError as exc:
            _log.warning("could not move %s to %s: %s", path, dest, exc)
    for folder in sorted((p for p in old.rglob("*") if p.is_dir()), reverse=True):
        with contextlib.suppress(OSError):
            folder.rmdir()
    with contextlib.suppress(OSError):
        old.rmdir()
    if moved:
        _log.warning("moved %d saves from %s to %s", len(moved), old, new)
    return moved


def _free_name(path: Path) -> Path:
    for n in itertools.count(2):
        candidate = path.with_name(f"{path.stem}-moved-{n}{path.suffix}")
        if not os.path.lexists(candidate):
            return candidate
    raise AssertionError("unreachable")


@contextlib.contextmanager
def scratch_saves() -> Iterator[Path]:
    """Send every save to a temporary folder, deleted afterwards.

    For commands that are not a player's game (``smoke``, ``screenshot``): they must
    leave nothing in the saves folder, where an unfinished autosave would be offered
    as Continue."""
    global _scratch
    previous = _scratch
    with tempfile.TemporaryDirectory(prefix="star-realms-scratch-") as tmp:
        _scratch = Path(tmp)
        try:
            yield _scratch
        finally:
            _scratch = previous


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


def tidy(folder: Path | None = None) -> None:
    """The temp files of writes a killed game left unfinished.  (A save too many, left
    when it died between writing and pruning, is each game's own: its ``saves.tidy``.)"""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return
    remove_stale_temp_files(folder)
    remove_stale_temp_files(folder / "crash-reports")


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
