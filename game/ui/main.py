"""Starting the GUI: the window, the first scene (the menu, or the data-error dialog)."""

from __future__ import annotations

import os

from game import games
from game.resources import rules_dir
from game.settings import Settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules_error import RulesErrorScene


def headless() -> None:
    """No window, no sound device: for screenshots, smoke runs and tests."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_app(size: tuple[int, int] | None = None, settings: Settings | None = None,
             persist: bool = True):
    return App(size=size, settings=settings, save_settings_on_change=persist)


def run() -> int:
    """`python -m game`: open the menu (or, with broken rules/, the error dialog)."""
    app = make_app()
    code = start(app)
    app.run()
    return code


def start(app) -> int:
    """Push the first scene; the exit code the game will end with (2: rules/ is broken).

    Every scene reads the card data, so it is checked once here: a broken rules/ shows
    its ``file:card:field: message`` lines in a dialog instead of a traceback.
    """
    errors = games.data_errors()
    if errors:
        # also on stderr, for logs and bug reports
        games.print_data_errors(errors)
        app.push(RulesErrorScene(app, errors, str(rules_dir())))
        return 2
    app.push(MenuScene(app))
    return 0
