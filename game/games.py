"""The games the shell hosts, and the small interface it knows each of them by.

The shell (app and scene stack, menu, settings, saves folder, crash handling, i18n core,
CLI dispatch) never imports a game's package: it finds games by module name in
:data:`GAME_MODULES` and talks to the object each exposes as ``GAME``.  A game is a
package beside the others (``game/star_realms/``, ``game/arcs/``,
``game/forbidden_stars/``) with its own engine, data, AI, art and scenes; adding one
touches no other game.

What a game offers (:class:`Game`):

* ``id`` and ``title(lang)`` — how saves and the menu name it; ``save_magic`` — the
  ``magic`` its save files carry (:func:`save_owner` tells whose a file is);
* ``menu_entries()`` — the buttons of its menu section (new game, adventures, load …);
* ``routes()`` — its scenes by route name (``"star_realms.setup"`` → ``"module:Class"``),
  so scenes navigate without importing each other (:mod:`game.ui.routes`);
* ``check_data()`` — its rules data's ``file:card:field: message`` errors (the shell
  shows them instead of the menu);
* ``continue_save()`` / ``open_save(app, path)`` — the newest unfinished autosave the
  menu may offer as Continue, and opening a save onto the table ("" or why not, which
  the menu and Load show);
* ``engine`` — a module with ``new_game``, ``legal_actions``, ``apply``,
  ``player_view`` and ``winners``; ``make_player(kind, seed)`` — its bots;
  ``build_model(state, seat)`` — the per-seat presentation model (plain, JSON-able).

A scene that holds a game in play exposes ``session`` with ``close()``,
``crash_info() -> dict`` (seed, configuration, action log: enough to replay) and
``emergency_save() -> Path | None``; the crash handler uses only those.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, Protocol, TextIO

if TYPE_CHECKING:
    from game.ui.app import App

# Names, not imports: the shell must not depend on any game's insides.
GAME_MODULES = ("game.star_realms.game", "game.arcs.game", "game.forbidden_stars.game")


class DataError(Exception):
    """A game's rules data is invalid; ``errors`` holds ``file:card:field: message``
    lines.  Commands print them and exit 2; the app shows them instead of the menu."""

    def __init__(self, errors: list[str]):
        super().__init__("\n".join(errors))
        self.errors = list(errors)


def print_data_errors(errors: list[str], out: TextIO | None = None) -> None:
    """The ``file:card:field: message`` lines of broken rules data, one per line (stderr
    by default): every command and the app's start say it the same way."""
    print("rules/ is invalid:", *(f"  {e}" for e in errors), sep="\n",
          file=out or sys.stderr)


@dataclass(frozen=True)
class MenuEntry:
    key: str  # the button's string is i18n "menu.<key>"
    open: Callable[[App], None]


@dataclass(frozen=True)
class ContinueInfo:
    """A save the menu may offer as Continue, and when it was written."""

    path: Path
    mtime: float


class Game(Protocol):
    id: str
    save_magic: str
    engine: ModuleType

    def title(self, lang: str) -> str: ...

    def menu_entries(self) -> list[MenuEntry]: ...

    def check_data(self) -> list[str]: ...

    def continue_save(self) -> ContinueInfo | None: ...

    def open_save(self, app: App, path: Path) -> str: ...

    def make_player(self, kind: str, seed: int) -> Any: ...

    def build_model(self, state: Any, seat: int) -> Any: ...

    def routes(self) -> dict[str, str]: ...


@cache
def all_games() -> tuple[Game, ...]:
    """Every game the shell finds, in menu order (each registers its scenes' routes
    when its module loads)."""
    return tuple(importlib.import_module(name).GAME for name in GAME_MODULES)


def get(game_id: str) -> Game:
    for g in all_games():
        if g.id == game_id:
            return g
    raise KeyError(f"unknown game {game_id!r} (known: {', '.join(g.id for g in all_games())})")


def latest_continue() -> tuple[Game, ContinueInfo] | None:
    """The newest Continue candidate over every game."""
    found = [(g, info) for g in all_games() if (info := g.continue_save()) is not None]
    return max(found, key=lambda pair: pair[1].mtime) if found else None


class _Unreadable(Exception):
    pass


SNIFF_BYTES = 1024 * 1024  # the largest save any game accepts (a test keeps it so)


def save_owner(path: Path) -> str | None:
    """The id of the game whose ``save_magic`` the file carries; None when the file cannot
    be read as a save or carries no known magic (each game's loader then says why)."""
    # lazy: only the commands and Load screens that meet a foreign file read it
    from game import save_header, versioned_json

    try:  # the magic comes first: a huge file is not parsed to find it (issue 36)
        doc = save_header.read_fields(path, "save", SNIFF_BYTES, _Unreadable,
                                      frozenset({"magic"})) \
            or versioned_json.read(path, "save", SNIFF_BYTES, _Unreadable)
    except _Unreadable:
        return None
    magic = doc.get("magic") if isinstance(doc, dict) else None
    return next((g.id for g in all_games() if g.save_magic == magic), None)


def data_errors() -> list[str]:
    """Every game's data errors (empty when all load)."""
    return [e for g in all_games() for e in g.check_data()]
