"""Where the game keeps a player's things: settings, saves, and the card-face cache.

One name and one author setting for all three (``appauthor=False``: on Windows the
folders are ``%LOCALAPPDATA%\\star-realms-table``, not ``…\\star-realms-table\\star-realms-table``),
each overridable by an environment variable for tests and CI.
"""

from __future__ import annotations

import contextlib
import os
import secrets
from pathlib import Path

APP_NAME = "star-realms-table"


def _platform_dir(kind: str) -> Path:
    import platformdirs  # lazy: a few ms of start-up for commands that never need it

    finder = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
              "cache": platformdirs.user_cache_dir}[kind]
    return Path(finder(APP_NAME, appauthor=False))


def config_dir() -> Path:
    override = os.environ.get("STAR_REALMS_CONFIG_DIR")
    return Path(override) if override else _platform_dir("config")


def data_dir() -> Path:
    """The user data folder (saves live in ``saves/`` under it)."""
    return _platform_dir("data")


def cache_dir() -> Path:
    override = os.environ.get("STAR_REALMS_CACHE_DIR")
    return Path(override) if override else _platform_dir("cache")


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
