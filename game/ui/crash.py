"""When the UI hits an unexpected error: write a report, save the game, tell the player.

The report (JSON) holds the traceback, the game's version, its seed and configuration
and the whole action log, so the exact game can be replayed to reproduce the bug.
"""

from __future__ import annotations

import contextlib
import json
import platform
import traceback
from datetime import UTC, datetime
from pathlib import Path

import pygame
import pygame_gui

from game import __version__, i18n
from game.saves_folder import crashed_saves, mark_crashed, saves_dir, unique_path
from game.settings import atomic_write_text
from game.ui import fonts, palette
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlays import Overlay, shade


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
    report = {
        "app_version": __version__,
        "time": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "traceback": "".join(traceback.format_exception(exc)),
        "scenes": [type(s).__name__ for s in app.stack],
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
        path: Path | None = unique_path(folder, "crash")
        atomic_write_text(path, json.dumps(report, indent=1))
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
    def __init__(self, app, report: Path | None, saved: Path | None):
        self.report = report
        self.saved = saved
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        text = i18n.t("crash.text", report=str(self.report or "—"),
                      saved=i18n.t("crash.saved" if self.saved else "crash.not_saved"))
        self.box = el.UITextBox(text, self.rect(460, 300, 1000, 380), self.ui)
        self.menu = el.UIButton(self.rect(560, 720, 380, 86), i18n.t("crash.menu"), self.ui,
                                object_id="#primary_button")
        self.quit = el.UIButton(self.rect(980, 720, 380, 86), i18n.t("crash.quit"), self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.menu:
            self.app.reset_to(MenuScene(self.app))
        elif event.ui_element is self.quit:
            self.app.running = False

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("crash.title"), self.px(52), palette.ALARM, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 270, 0, 0).topleft))


def handle_crash(app, exc: BaseException) -> None:
    """Report, save, and replace whatever broke with the menu and the crash dialog."""
    report, saved = write_report(exc, app)
    app.opening = None
    traceback.print_exception(exc)
    app.close_sessions()
    app.reset_to(MenuScene(app))
    app.push(CrashScene(app, report, saved))
