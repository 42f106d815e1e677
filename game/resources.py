"""Find the game's data folders: in a frozen build, an installed package, or a checkout.

``rules/`` and ``assets/`` live at the top of the repository.  An installed wheel
carries copies of them inside the package, under ``game/_data/`` (``setup.py`` puts
them there), found through :mod:`importlib.resources`; PyInstaller unpacks them under
``sys._MEIPASS``.  The i18n string tables are package data of ``game.i18n``.
"""

from __future__ import annotations

import sys
from importlib import resources
from pathlib import Path

PACKAGED = "_data"  # the folder of game/ that holds rules/ and assets/ in a wheel


def checkout_root() -> Path | None:
    """The repository root when running from a source checkout (or an editable
    install of one), else None."""
    if getattr(sys, "frozen", False):
        return None
    root = Path(__file__).resolve().parent.parent
    return root if (root / "pyproject.toml").is_file() and (root / "rules").is_dir() else None


def base_dir() -> Path:
    """The folder holding ``rules/`` and ``assets/``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    # A wheel's copy; a plain directory, as pip and pipx install packages unzipped.
    packaged = Path(str(resources.files("game") / PACKAGED))
    if (packaged / "rules").is_dir():
        return packaged
    return checkout_root() or Path(__file__).resolve().parent.parent


def rules_dir() -> Path:
    from game.user_dirs import env  # lazy: resources loads before anything else

    # STARFOLD_RULES_DIR: another rules folder (tests point it at damaged copies)
    override = env("RULES_DIR")
    return Path(override) if override else base_dir() / "rules"


def assets_dir() -> Path:
    return base_dir() / "assets"


def strings_dir() -> Path:
    """The i18n string tables (``<lang>/*.toml``), package data of ``game.i18n``."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen) / "game" / "i18n"
    return Path(str(resources.files("game") / "i18n"))
