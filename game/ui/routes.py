"""Scenes found by route name, so scenes never import each other to navigate.

A route maps a name to ``"module:Class"``; the class is imported when the route is
first used.  The shell registers its own routes here; each game registers its scenes
through its ``GAME.routes()`` when its ``game.<id>.game`` module loads (the first
use of a ``"<id>.…"`` route loads it).  A scene then
navigates with ``app.push(make(app, "star_realms.setup"))`` or
``app.reset_to(make(app, "menu"))``.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from game.ui.app import App
    from game.ui.scene import Scene

_ROUTES: dict[str, str] = {
    "menu": "game.ui.scenes.menu:MenuScene",
    "settings": "game.ui.scenes.overlays:SettingsScene",
}


def register(name: str, target: str) -> None:
    """``target`` is ``"package.module:Class"`` (or any callable returning a scene)."""
    if ":" not in target:
        raise ValueError(f"route {name!r}: {target!r} is not 'module:attribute'")
    _ROUTES[name] = target


def resolve(name: str) -> Any:
    if name not in _ROUTES and "." in name:
        # "star_realms.setup": the game registers its scenes when its module loads (by
        # name: the shell imports no game's package)
        importlib.import_module(f"game.{name.split('.')[0]}.game")
    try:
        module, attr = _ROUTES[name].split(":")
    except KeyError:
        raise KeyError(f"no scene is registered as {name!r}") from None
    return getattr(importlib.import_module(module), attr)


def make(app: App, name: str, *args: Any, **kwargs: Any) -> Scene:
    """A new scene of the route ``name``."""
    return resolve(name)(app, *args, **kwargs)


def names() -> list[str]:
    return sorted(_ROUTES)
