"""Starting the GUI: the window, the first scene (the menu, or the data-error dialog)."""

from __future__ import annotations

import dataclasses
import logging
import os
import sys
import traceback
from collections.abc import Mapping
from typing import Any

import pygame

from game import app_log, games, i18n
from game.resources import rules_dir
from game.settings import Settings, load_settings
from game.ui.app import App
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.rules_error import RulesErrorScene

_log = logging.getLogger(__name__)


def headless() -> None:
    """No window, no sound device: for screenshots, smoke runs and tests."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def make_app(size: tuple[int, int] | None = None, settings: Settings | None = None,
             persist: bool = True):
    return App(size=size, settings=settings, save_settings_on_change=persist)


def run(launch: Mapping[str, Any] | None = None) -> int:
    """`python -m game`: open the menu (or, with broken rules/, the error dialog).

    ``launch``: settings fields given on the command line (``--lang``, ``--size`` …),
    for this run only.  An error before the scene loop begins is logged and shown (a
    dialog when the window is open), never a bare traceback in a windowed build."""
    try:
        app = launch_app(launch or {})
        code = start(app)
    except Exception as exc:
        return startup_failed(exc)
    app.run()
    return code


def launch_app(launch: Mapping[str, Any]) -> App:
    """The App with the launch options over the stored settings; the App stores the
    old values back unless the player changes them (App.settings_to_save)."""
    settings, problems = load_settings()
    given = dataclasses.replace(settings, **launch) if launch else settings
    app = make_app(settings=given)
    app.settings_problems = problems
    groups = [f for f in (("language",), ("fullscreen",), ("window_width", "window_height"))
              if all(k in launch for k in f)]
    for fields in groups:
        app.launched[fields] = (tuple(getattr(settings, k) for k in fields),
                                tuple(launch[k] for k in fields))
    return app


def startup_failed(exc: BaseException) -> int:
    """Log a start-up error with its traceback and show it: stderr always (with the
    log's path), and a dialog when a window is open.  Exit code 1."""
    _log.error("the game could not start", exc_info=exc)
    where = app_log.where()
    traceback.print_exception(exc)
    print(f"The game could not start: {exc!r}. The log: {where}", file=sys.stderr)
    window = pygame.display.get_surface() if pygame.display.get_init() else None
    if window is not None:
        try:
            error_dialog(window, _words(exc, where))
        except Exception:  # the dialog is a courtesy: stderr and the log have it all
            _log.exception("the start-up error dialog failed")
    return 1


def _words(exc: BaseException, log: str) -> tuple[str, str]:
    try:
        return i18n.t("startup.title"), i18n.t("startup.text", error=repr(exc), log=log)
    except Exception:  # the strings themselves may be what broke
        return "The game could not start", f"{exc!r}  —  log: {log}"


def error_dialog(surface: pygame.Surface, words: tuple[str, str]) -> None:
    """A plain window of the error until a key, a click or the close box: drawn with
    pygame alone, since the shell's fonts or theme may be what failed."""
    title, text = words
    w, h = surface.get_size()
    unit = max(1.0, min(w / 1920, h / 1080))
    big = pygame.font.Font(None, round(56 * unit))
    small = pygame.font.Font(None, round(32 * unit))
    surface.fill((20, 16, 28))
    y = round(80 * unit)
    surface.blit(big.render(title, True, (240, 96, 96)), (round(60 * unit), y))
    y += round(90 * unit)
    for line in _wrapped(text, small, w - round(120 * unit)):
        surface.blit(small.render(line, True, (235, 235, 240)), (round(60 * unit), y))
        y += small.get_linesize()
    pygame.display.flip()
    clock = pygame.time.Clock()
    while True:
        for event in pygame.event.get():
            if event.type in (pygame.QUIT, pygame.KEYDOWN, pygame.MOUSEBUTTONUP):
                return
        clock.tick(30)


def _wrapped(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for para in text.split("\n"):
        line = ""
        for word in para.split(" "):
            trial = f"{line} {word}".strip()
            if line and font.size(trial)[0] > width:
                lines.append(line)
                line = word
            else:
                line = trial
        lines.append(line)
    return lines


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
