"""Arcs («Предел») as the shell sees it: the ``GAME`` object of :mod:`game.games`.

A thin door into the package (game.ui.door); the package loads when a door is used.
Continue offers the newest unfinished Arcs autosave (game.arcs.saves); Load lists every
Arcs save."""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Any

from game import i18n
from game.games import DataError, MenuEntry
from game.ui import routes
from game.ui.door import PackageDoor

GAME_ID = "arcs"


def _engine() -> ModuleType:
    """The engine functions the shell names, gathered into one module."""
    # lazy: the shell lists games by name; the package loads only when this door is used
    from game.arcs.engine import rules, setup, view

    module = ModuleType("game.arcs.engine.door")
    module.new_game = setup.new_game  # type: ignore[attr-defined]
    module.legal_actions = rules.legal_actions  # type: ignore[attr-defined]
    module.apply = rules.apply  # type: ignore[attr-defined]
    module.player_view = view.player_view  # type: ignore[attr-defined]
    module.winners = lambda state: [] if state.winner is None else [state.winner]  # type: ignore[attr-defined]
    return module


class Arcs(PackageDoor):
    id = GAME_ID
    save_magic = "arcs-table-save"
    package = "game.arcs"
    title_key = "arcs.title"
    scenes = MappingProxyType({"setup": "setup:ArcsSetupScene", "table": "table:ArcsTableScene",
              "game_over": "game_over:ArcsGameOverScene", "load": "load:ArcsLoadScene",
              "lesson": "lesson:ArcsLessonScene"})

    @property
    def engine(self) -> ModuleType:
        return _engine()

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry("new_game", self.push("setup")), MenuEntry("learn", open_lesson),
                MenuEntry("load", self.push("load"))]

    def load_rules(self) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.data import load_arcs_rules

        return load_arcs_rules()


def open_lesson(app: Any) -> None:
    """Learn to play Arcs; a script the engine can no longer play (rules/arcs/lesson.toml
    rehearsed) is said on the menu instead of crashing (validate-rules names the step)."""
    try:
        app.push(routes.make(app, f"{GAME_ID}.lesson"))
    except DataError as exc:
        menu = app.top
        if hasattr(menu, "error"):
            menu.error = i18n.t("tutorial.broken", why=exc.errors[0] if exc.errors else "")
            menu.rebuild()


GAME = Arcs()
GAME.register_routes()
