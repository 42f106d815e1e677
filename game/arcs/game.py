"""Arcs («Предел») as the shell sees it: the ``GAME`` object of :mod:`game.games`.

A thin door into the package; imports are made when a door is used.  Continue offers
the newest unfinished Arcs autosave (game.arcs.saves); Load lists every Arcs save."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from game import i18n
from game.games import ContinueInfo, MenuEntry
from game.ui import routes

if TYPE_CHECKING:
    from game.ui.app import App

GAME_ID = "arcs"


def _push(route: str):
    """A menu entry's action: push the scene of a route (game.ui.routes)."""

    def open_scene(app: App) -> None:
        app.push(routes.make(app, f"{GAME_ID}.{route}"))

    return open_scene


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


class Arcs:
    id = GAME_ID
    # saves.MAGIC, named here so the door imports no engine (a test keeps them equal)
    save_magic = "arcs-table-save"

    @property
    def engine(self) -> ModuleType:
        return _engine()

    def title(self, lang: str) -> str:
        return i18n.t("arcs.title", lang=lang or None)

    def menu_entries(self) -> list[MenuEntry]:
        return [MenuEntry("new_game", _push("setup")), MenuEntry("load", _push("load"))]

    def check_data(self) -> list[str]:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.data import ArcsRulesError, load_arcs_rules

        try:
            load_arcs_rules()
        except ArcsRulesError as exc:
            return list(exc.errors)
        return []

    def continue_save(self) -> ContinueInfo | None:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.data import load_arcs_rules
        from game.arcs.saves import latest_unfinished_autosave, tidy

        tidy()  # one autosave too many, when a killed game did not prune
        info = latest_unfinished_autosave(rules=load_arcs_rules())
        if info is None:
            return None
        try:
            mtime = info.path.stat().st_mtime
        except OSError:
            return None
        return ContinueInfo(info.path, mtime)

    def open_save(self, app: App, path: Path) -> str:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.ui.scenes.load import open_save

        return open_save(app, path)

    def routes(self) -> dict[str, str]:
        scenes = "game.arcs.ui.scenes"
        return {f"{GAME_ID}.{name}": f"{scenes}.{target}" for name, target in {
            "setup": "setup:ArcsSetupScene",
            "table": "table:ArcsTableScene",
            "game_over": "game_over:ArcsGameOverScene",
            "load": "load:ArcsLoadScene",
        }.items()}

    def make_player(self, kind: str, seed: int) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.ai.base import make_player

        return make_player(kind, seed)

    def build_model(self, state: Any, seat: int) -> Any:
        # lazy: the shell lists games by name; the package loads only when this door is used
        from game.arcs.ui.model import build_model

        return build_model(state, seat)


GAME = Arcs()


def _register_routes() -> None:
    for route, target in GAME.routes().items():
        routes.register(route, target)


_register_routes()
