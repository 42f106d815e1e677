"""When the UI hits an unexpected error: write a report, save the game, tell the player.

The report (JSON) holds the traceback, the game's version, its seed and configuration
and the whole action log, so the exact game can be replayed to reproduce the bug.
"""

from __future__ import annotations

import contextlib
import json
import logging
import platform
import traceback
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pygame_gui

from game import __version__, app_log, games, i18n
from game.saves_folder import crashed_saves, mark_crashed, saves_dir, unique_path
from game.settings import atomic_write_text
from game.ui import fonts, palette, routes
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlays import Overlay, shade

_log = logging.getLogger(__name__)


def log_location() -> str:
    """The log file crash reports name (see :func:`game.app_log.where`)."""
    try:
        return app_log.where()
    except Exception:  # naming the log must not break the report
        return "—"


def current_session(app):
    for scene in reversed(app.stack):
        if getattr(scene, "session", None) is not None:
            return scene.session
    return None


def write_report(exc: BaseException, app) -> tuple[Path | None, Path | None]:
    """(crash report path, emergency save path); either may be None if writing failed.
    The game in play (if any) speaks through its session: ``crash_info()`` and
    ``emergency_save()`` (see :mod:`game.games`)."""
    session = current_session(app)
    report: dict[str, object] = {
        "app_version": __version__,
        "time": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "traceback": "".join(traceback.format_exception(exc)),
        "scenes": [type(s).__name__ for s in app.stack],
        "log": log_location(),
    }
    saved = None
    source = getattr(session, "source", None) or getattr(app, "opening", None)
    if session is not None:
        try:
            report["game"] = session.crash_info()
        except Exception as info_exc:  # a broken game must not stop the report
            report["game"] = {"error": repr(info_exc)}
        try:
            saved = session.emergency_save()
        except Exception:  # the report matters more than the save
            saved = None
    folder = saves_dir() / "crash-reports"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        target = unique_path(folder, "crash")
        atomic_write_text(target, json.dumps(report, indent=1))
        path: Path | None = target
    except OSError:
        path = None
    _mark(source, saved)
    return path, saved


def _mark(source: Path | None, saved: Path | None) -> None:
    """Continue must not lead back into the same crash: the save this game was opened
    from is marked, and when that was already a crash's save (or already marked) the new
    emergency save is marked too — it can still be opened from Load by hand."""
    if source is None:
        return
    names = [Path(source).name]
    # an emergency save of any game: "emergency-…" (Star Realms), "arcs-emergency-…"
    repeat = "emergency-" in names[0] or names[0] in crashed_saves()
    if saved is not None and repeat:
        names.append(saved.name)
    with contextlib.suppress(OSError):  # the report and the save matter more
        mark_crashed(names)


class CrashScene(Overlay):
    def __init__(self, app, report: Path | None, saved: Path | None,
                 had_game: bool = True):
        self.report = report
        self.saved = saved
        self.had_game = had_game  # a game was in play (so "not saved" is a failure)
        super().__init__(app)

    def where(self) -> str | None:
        """Where the saved game can be continued, as the menu beneath stands: "continue"
        when its Continue offers exactly this save, else the id of the game whose Load
        lists it (a save the game crashed with twice is not offered as Continue), None
        when nothing was saved."""
        if self.saved is None:
            return None
        menu = next((s for s in self.app.stack if isinstance(s, MenuScene)), None)
        offered = getattr(menu, "continue_save", None)
        if offered is not None and offered[1].path == self.saved:
            return "continue"
        return games.save_owner(self.saved) or ""

    def saved_words(self, where: str | None) -> str:
        if where is None or self.saved is None:
            return i18n.t("crash.save_failed" if self.had_game else "crash.not_saved")
        if where == "continue":
            return i18n.t("crash.saved")
        return i18n.t("crash.saved_load", place=self.load_place(where),
                      name=self.saved.name)

    def load_place(self, game_id: str) -> str:
        """A game's Load as the menu names it ("Arcs → Load game"); the folder itself
        for a file no game reads as its own (it was just written: not expected)."""
        if not game_id:
            return str(self.saved.parent if self.saved else "")
        return f"{games.get(game_id).title(i18n.language())} → {i18n.t('menu.load')}"

    def build(self) -> None:
        el = pygame_gui.elements
        where = self.where()
        text = i18n.t("crash.text", report=str(self.report or "—"),
                      saved=self.saved_words(where))
        text += "<br><br>" + i18n.t("crash.log", log=log_location())
        self.box = el.UITextBox(text, self.rect(460, 300, 1000, 380), self.ui)
        # the place the words name, one click away: that game's Load
        self.load_game = where if where not in (None, "", "continue") else None
        self.load = None
        if self.load_game is not None:
            self.load = el.UIButton(self.rect(560, 710, 800, 86),
                                    i18n.t("crash.load", place=self.load_place(self.load_game)),
                                    self.ui, object_id="#primary_button")
        y = 720 if self.load is None else 820
        self.menu = el.UIButton(self.rect(560, y, 380, 86), i18n.t("crash.menu"), self.ui,
                                object_id=None if self.load else "#primary_button")
        self.quit = el.UIButton(self.rect(980, y, 380, 86), i18n.t("crash.quit"), self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.menu:
            self.app.reset_to(MenuScene(self.app))
        elif self.load is not None and event.ui_element is self.load:
            self.app.reset_to(MenuScene(self.app))
            self.app.push(routes.make(self.app, f"{self.load_game}.load"))
        elif event.ui_element is self.quit:
            self.app.running = False

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("crash.title"), self.px(52), palette.ALARM, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 270, 0, 0).topleft))


def handle_crash(app, exc: BaseException) -> None:
    """Report, save, and replace whatever broke with the menu and the crash dialog."""
    had_game = current_session(app) is not None
    report, saved = write_report(exc, app)
    app.opening = None
    traceback.print_exception(exc)
    _log.error("unexpected error; report %s, saved %s", report, saved, exc_info=exc)
    app.close_sessions()
    app.reset_to(MenuScene(app))  # its Continue decides what the dialog says
    app.push(CrashScene(app, report, saved, had_game))
