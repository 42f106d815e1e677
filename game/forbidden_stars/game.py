"""Forbidden Stars («Запретные звёзды») as the shell sees it: the ``GAME`` object of
:mod:`game.games`.

A thin door into the package (game.ui.door); the package loads when a door is used.
Continue offers the newest unfinished Forbidden Stars autosave
(game.forbidden_stars.saves); Load lists every Forbidden Stars save."""

from __future__ import annotations

from types import MappingProxyType, ModuleType
from typing import Any

from game import i18n
from game.games import DataError, MenuEntry
from game.ui import routes
from game.ui.door import PackageDoor

GAME_ID = "forbidden_stars"


def _engine() -> ModuleType:
    """The engine functions the shell names, gathered into one module."""
    # lazy: the shell lists games by name; the package loads only when this door is used
    from game.forbidden_stars.engine import rules, setup, view

    module = ModuleType("game.forbidden_stars.engine.door")
    module.new_game = setup.new_game  # type: ignore[attr-defined]
    module.legal_actions = rules.legal_actions  # type: ignore[attr-defined]
    module.apply = rules.apply  # type: ignore[attr-defined]
    module.player_view = view.player_view  # type: ignore[attr-defined]
    module.winners = lambda state: list(state.winners)  # type: ignore[attr-defined]
    return module


class ForbiddenStars(PackageDoor):
    id = GAME_ID
    save_magic = "forbidden-stars-table-save"
    package = "game.forbidden_stars"
    title_key = "forbidden_stars.title"
    scenes = MappingProxyType({"setup": "setup:FsSetupScene", "table": "table:FsTableScene",
              "game_over": "game_over:FsGameOverScene", "load": "load:FsLoadScene",
              "lesson": "lesson:FsLessonScene"})

    @property
    def engine(self) -> ModuleType:
        return _engine()

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry("new_game", self.push("setup")), MenuEntry("learn", open_lesson),
                MenuEntry("load", self.push("load"))]

    def load_rules(self) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.forbidden_stars.data import load_fs_rules

        return load_fs_rules()


def open_lesson(app: Any) -> None:
    """Learn to play Forbidden Stars; a script the engine can no longer play
    (rules/forbidden_stars/lesson.toml rehearsed) is said on the menu instead of crashing
    (validate-rules names the step)."""
    try:
        app.push(routes.make(app, f"{GAME_ID}.lesson"))
    except DataError as exc:
        menu = app.top
        if hasattr(menu, "error"):
            menu.error = i18n.t("tutorial.broken", why=exc.errors[0] if exc.errors else "")
            menu.rebuild()


GAME = ForbiddenStars()
GAME.register_routes()
