"""Where the game keeps a player's things: settings, saves, and the card-face cache.

One name and one author setting for all three (``appauthor=False``: on Windows the
folders are ``%LOCALAPPDATA%\\starfold``, not ``…\\starfold\\starfold``), each
overridable by an environment variable for tests and CI (:func:`env`).

The product was called "Star Realms Table" before issue 40: the first time a process
resolves one of the folders, the old ``star-realms-table`` folder of that kind is adopted
(:func:`adopt_old_folder`), so nobody loses saves, settings or campaign progress.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import shutil
from collections.abc import Callable
from pathlib import Path

from game import DIST_NAME, ENV_PREFIX, OLD_DIST_NAME, OLD_ENV_PREFIX, PRODUCT_NAME

APP_NAME = DIST_NAME
OLD_APP_NAME = OLD_DIST_NAME
# Left in an adopted old folder, saying where its files went; its presence also means
# "adopted already", so a save deleted in the new folder never comes back.
NOTE_NAME = "MOVED-TO-STARFOLD.txt"
# The same mark kept in the new folder when the old one refuses the note (read-only).
MARK_NAME = ".adopted-star-realms-table"
_PARTIAL = ".adopting"  # a copy in progress: renamed into place only when complete
_adopted: set[str] = set()  # the kinds checked by this process (cheap after the first)
_log = logging.getLogger(__name__)


def env(name: str) -> str | None:
    """The environment override ``STARFOLD_<name>``, else the pre-rename alias
    ``STAR_REALMS_<name>``; None when neither is set (an empty value counts as unset).

    ``name`` is the part after the prefix (``"SAVES_DIR"``); a full name with either
    prefix means the same, so a module can keep its variable's full name as a constant."""
    for prefix in (ENV_PREFIX, OLD_ENV_PREFIX):
        name = name.removeprefix(prefix)
    return os.environ.get(ENV_PREFIX + name) or os.environ.get(OLD_ENV_PREFIX + name) or None


def _finder(kind: str) -> Callable[..., str]:
    import platformdirs  # lazy: a few ms of start-up for commands that never need it

    return {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
            "cache": platformdirs.user_cache_dir}[kind]


def _platform_dir(kind: str) -> Path:
    finder = _finder(kind)
    new = Path(finder(APP_NAME, appauthor=False))
    if kind not in _adopted:
        _adopted.add(kind)
        adopt_old_folder(Path(finder(OLD_APP_NAME, appauthor=False)), new)
    return new


def config_dir() -> Path:
    override = env("CONFIG_DIR")
    return Path(override) if override else _platform_dir("config")


def data_dir() -> Path:
    """The user data folder (saves live in ``saves/`` under it)."""
    return _platform_dir("data")


def cache_dir() -> Path:
    override = env("CACHE_DIR")
    return Path(override) if override else _platform_dir("cache")


def _note(new: Path, failed: list[str]) -> str:
    text = (f"{PRODUCT_NAME} (formerly Star Realms Table) copied the files of this folder to\n"
            f"    {new}\nand uses that folder from now on. This folder was left as it was;\n"
            "you may delete it.\n\n"
            f"{PRODUCT_NAME} (прежнее название — Star Realms Table) скопировал файлы этой "
            f"папки в\n    {new}\nи теперь работает с ней. Эта папка оставлена как была; "
            "её можно удалить.\n")
    if failed:
        text += ("\nThese files could not be copied (they are still here):\n"
                 "Эти файлы скопировать не удалось (они остались здесь):\n"
                 + "".join(f"    {name}\n" for name in failed))
    return text


def adopt_old_folder(old: Path, new: Path) -> list[Path]:
    """Copy what the pre-rename folder ``old`` holds into ``new``, once.

    Nothing in ``new`` is overwritten (a name that exists there keeps the new file), the
    old folder stays as it was plus a note file saying where its files went, and that note
    marks the folder done: later starts do nothing, so a file deleted in ``new`` stays
    deleted.  An unreadable file or folder is logged and skipped (listed in the note), never
    fatal.  Returns the files copied."""
    try:
        if (not old.is_dir() or old.is_symlink() or (old / NOTE_NAME).exists()
                or (new / MARK_NAME).exists() or old.resolve() == new.resolve()):
            return []
    except OSError as exc:
        _log.warning("cannot look at the old folder %s: %s", old, exc)
        return []
    copied: list[Path] = []
    failed: list[str] = []

    def unreadable(exc: OSError) -> None:
        _log.warning("cannot read %s while adopting %s: %s", exc.filename, old, exc)
        failed.append(str(exc.filename))

    for here, dirs, files in os.walk(old, onerror=unreadable):
        base = Path(here)
        dirs[:] = [d for d in dirs if not (base / d).is_symlink()]
        for name in files:
            src = base / name
            if name in (NOTE_NAME, MARK_NAME) or name.endswith(_PARTIAL) or src.is_symlink():
                continue
            dest = new / src.relative_to(old)
            if dest.exists():
                continue  # the new folder's file wins
            partial = dest.with_name(dest.name + _PARTIAL)
            try:
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(src, partial)
                # an interrupted copy leaves only the partial name, never a cut file
                os.replace(partial, dest)
                copied.append(dest)
            except OSError as exc:
                _log.warning("cannot copy %s to %s: %s", src, dest, exc)
                failed.append(str(src.relative_to(old)))
                with contextlib.suppress(OSError):
                    partial.unlink()
    try:
        (old / NOTE_NAME).write_text(_note(new, failed), encoding="utf-8")
    except OSError as exc:  # a read-only old folder: mark the new one instead
        _log.warning("cannot leave a note in %s: %s", old, exc)
        with contextlib.suppress(OSError):
            new.mkdir(parents=True, exist_ok=True)
            (new / MARK_NAME).write_text(f"adopted from {old}\n", encoding="utf-8")
    if copied or failed:
        _log.info("adopted %d files of %s into %s (%d not copied)", len(copied), old, new,
                  len(failed))
    return copied


def writable(folder: Path) -> bool:
    """Whether files can really be created in ``folder`` (made if missing).

    Tested by writing a file: ``os.access`` says yes on Windows for folders under
    Program Files, where writes are refused or silently redirected."""
    probe = folder / f".write-test-{secrets.token_hex(4)}"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with probe.open("xb") as fh:
            fh.write(b"ok")
        probe.unlink()
    except OSError:
        with contextlib.suppress(OSError):
            probe.unlink()
        return False
    return True
