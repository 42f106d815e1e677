"""Find the game's data folders, whether run from a source checkout or a frozen build."""

from __future__ import annotations

import os
import sys
from pathlib import Path


def base_dir() -> Path:
    """The folder holding ``rules/`` and ``assets/``.

    PyInstaller unpacks bundled data under ``sys._MEIPASS``; from source it is the
    repository root (the parent of the ``game`` package).
    """
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parent.parent


def rules_dir() -> Path:
    # STAR_REALMS_RULES_DIR: another rules folder (tests point it at damaged copies)
    override = os.environ.get("STAR_REALMS_RULES_DIR")
    return Path(override) if override else base_dir() / "rules"


def assets_dir() -> Path:
    return base_dir() / "assets"


def strings_dir() -> Path:
    """The i18n string tables (``<lang>/*.toml``), bundled as data in a frozen build."""
    return base_dir() / "game" / "i18n"
