"""The door of a game laid out the usual way, shared by the games' ``game.py`` modules.

A game package ``game/<id>/`` with ``saves.py`` (``tidy``, ``latest_unfinished_autosave``),
``ai/base.py`` (``make_player``), ``ui/model.py`` (``build_model``) and
``ui/scenes/load.py`` (``open_save``) needs only its names, its scenes and how it loads
its rules to be a :class:`game.games.Game`.  The package is imported by name
(:func:`importlib.import_module`) when a door is used, never when the shell lists the
games, so the shell still depends on no game (pyproject's import-linter contract).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game import i18n
from game.games import ContinueInfo, MenuEntry
from game.ui import routes

if TYPE_CHECKING:
    from game.ui.app import App


class PackageDoor:
    id: str
    save_magic: str  # the game's saves.MAGIC (a test per game keeps them equal)
    package: str  # "game.arcs"
    title_key: str  # "arcs.title"
    scenes: Mapping[str, str]  # route name ("setup") → "module:Class" under ui/scenes

    def _module(self, name: str) -> ModuleType:
        return importlib.import_module(f"{self.package}.{name}")

    def load_rules(self) -> Any:
        """The game's rules data; raises an error whose ``errors`` lists what is wrong."""
        raise NotImplementedError

    def push(self, route: str) -> Callable[[App], None]:
        """A menu entry's action: push the scene of one of this game's routes."""

        def open_scene(app: App) -> None:
            app.push(routes.make(app, f"{self.id}.{route}"))

        return open_scene

    def title(self, lang: str) -> str:
        return i18n.t(self.title_key, lang=lang or None)

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry("new_game", self.push("setup")), MenuEntry("load", self.push("load"))]

    def check_data(self) -> list[str]:
        try:
            self.load_rules()
        except Exception as exc:
            if not hasattr(exc, "errors"):
                raise
            return list(exc.errors)
        return []

    def continue_save(self) -> ContinueInfo | None:
        saves = self._module("saves")
        saves.tidy()  # what a killed game left behind: one autosave too many
        info = self.latest_autosave(saves)
        if info is None:
            return None
        try:
            mtime = info.path.stat().st_mtime
        except OSError:
            return None
        return ContinueInfo(info.path, mtime)

    def latest_autosave(self, saves: ModuleType) -> Any:
        """What Continue offers of this game (a SaveInfo with ``path``) or None: the
        newest point of a game in progress that loads (game.save_files.latest_unfinished)."""
        return saves.latest_unfinished_autosave(rules=self.load_rules())

    def open_save(self, app: App, path: Path) -> str:
        return self._module("ui.scenes.load").open_save(app, path)

    def routes(self) -> dict[str, str]:
        where = f"{self.package}.ui.scenes"
        return {f"{self.id}.{name}": f"{where}.{target}" for name, target in self.scenes.items()}

    def register_routes(self) -> None:
        for route, target in self.routes().items():
            routes.register(route, target)

    def make_player(self, kind: str, seed: int) -> Any:
        return self._module("ai.base").make_player(kind, seed)

    def build_model(self, state: Any, seat: int) -> Any:
        return self._module("ui.model").build_model(state, seat)
