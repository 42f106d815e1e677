"""About: what this program is (the fan-implementation notice), its version and
licences, where saves and logs live, and buttons that open those folders (issue 40)."""

from __future__ import annotations

import html
import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pygame
import pygame_gui

from game import DIST_NAME, PRODUCT_NAME, __version__, app_log, i18n, user_dirs
from game.resources import assets_dir, base_dir
from game.saves_folder import saves_dir
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scenes.overlays import Overlay

OPEN_WAIT = 1.5  # seconds: an opener still running by then has found a file manager


def open_command(path: Path, platform: str | None = None) -> list[str] | None:
    """The command that shows ``path`` in the platform's file manager; None on Windows,
    where :func:`os.startfile` does it."""
    platform = platform or sys.platform
    if platform.startswith("win"):
        return None
    return ["open" if platform == "darwin" else "xdg-open", str(path)]


def _opener_env() -> dict[str, str]:
    """A frozen Linux build points LD_LIBRARY_PATH at its own libraries, which break the
    system's xdg-open and file manager: they get the variable the user started with."""
    env = dict(os.environ)
    if getattr(sys, "frozen", False):
        original = env.pop("LD_LIBRARY_PATH_ORIG", None)
        env.pop("LD_LIBRARY_PATH", None)
        if original:
            env["LD_LIBRARY_PATH"] = original
    return env


def open_folder(path: Path) -> str | None:
    """Show ``path`` in the file manager (made first if missing): None when that worked,
    else why not, in words for the screen.  Never raises."""
    try:
        path.mkdir(parents=True, exist_ok=True)
        cmd = open_command(path)
        if cmd is None:
            os.startfile(path)  # type: ignore[attr-defined]  # Windows only
            return None
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, env=_opener_env())
        try:
            code = proc.wait(timeout=OPEN_WAIT)
        except subprocess.TimeoutExpired:
            return None
        return None if code == 0 else f"{cmd[0]}: exit code {code}"
    except (OSError, ValueError, subprocess.SubprocessError) as exc:
        return str(exc) or type(exc).__name__


def _licence_text(name: str, *places: Path) -> str | None:
    """A licence file's text: beside the data (checkout, frozen build), or in the
    installed distribution's metadata (a wheel keeps LICENSE there)."""
    for place in places:
        try:
            return place.read_text(encoding="utf-8")
        except OSError:
            continue
    for dist in (DIST_NAME, "star-realms-table"):  # before and after the rename
        for inner in (f"licenses/{name}", name):
            try:
                text = metadata.distribution(dist).read_text(inner)
            except (metadata.PackageNotFoundError, OSError):
                text = None
            if text:
                return text
    return None


def folders() -> dict[str, Path]:
    """The folders the About screen names and opens (full paths)."""
    return {"saves": saves_dir().resolve(), "logs": app_log.log_dir().resolve(),
            "settings": user_dirs.config_dir().resolve()}


class AboutScene(Overlay):
    """Escape or Back returns to the menu.  Drawn on its own starfield, not over the
    menu: the menu's big title would show through behind this one's."""

    overlay = False

    def __init__(self, app) -> None:
        self.status = ""  # the last "Open … folder" outcome, drawn under the text
        self.status_failed = False
        super().__init__(app)

    def text(self) -> str:
        e = html.escape
        where = folders()
        parts = [
            f"<b>{e(i18n.t('about.version', version=__version__))}</b>",
            f"<b>{e(i18n.t('about.notice_title'))}</b><br>"
            f"{e(i18n.t('about.notice', product=PRODUCT_NAME))}",
            f"<b>{e(i18n.t('about.folders_title'))}</b><br>"
            + "<br>".join(e(i18n.t(f"about.{k}", path=str(where[k])))
                          for k in ("saves", "logs", "settings")),
            f"<b>{e(i18n.t('about.licences_title'))}</b><br>"
            f"{e(i18n.t('about.licence_own', product=PRODUCT_NAME))}<br>"
            f"{e(i18n.t('about.licence_fonts'))}<br>{e(i18n.t('about.licence_more'))}",
        ]
        for name, places in (("LICENSE", (base_dir() / "LICENSE",)),
                             ("OFL.txt", (assets_dir() / "fonts" / "OFL.txt",))):
            body = _licence_text(name, *places)
            parts.append(f"<b>{e(name)}</b><br>" + (
                e(body.strip()).replace("\n", "<br>") if body
                else e(i18n.t("about.licence_missing", name=name))))
        return "<br><br>".join(parts)

    def build(self) -> None:
        el = pygame_gui.elements
        self.box = el.UITextBox(self.text(), self.rect(260, 150, 1400, 640), self.ui)
        self.open_saves = el.UIButton(self.rect(260, 900, 540, 80),
                                      i18n.t("about.open_saves"), self.ui)
        self.open_logs = el.UIButton(self.rect(830, 900, 540, 80),
                                     i18n.t("about.open_logs"), self.ui)
        self.back = el.UIButton(self.rect(1400, 900, 260, 80), i18n.t("about.back"),
                                self.ui, object_id="#primary_button")

    def open(self, kind: str) -> None:
        path = folders()[kind]
        why = open_folder(path)
        self.status_failed = why is not None
        self.status = (i18n.t("about.open_failed", path=str(path), why=why) if why
                       else i18n.t("about.opened", path=str(path)))

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.back:
            self.app.pop()
        elif event.ui_element is self.open_saves:
            self.open("saves")
        elif event.ui_element is self.open_logs:
            self.open("logs")

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("about.title", product=PRODUCT_NAME), self.px(52),
                       palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 130, 0, 0).topleft))
        if self.status:
            colour = palette.RED if self.status_failed else palette.SOFT
            top = self.rect(960, 810, 0, 0).top
            for line in fonts.wrap(self.status, self.px(22), self.px(1400))[:3]:
                s = fonts.text(line, self.px(22), colour)
                surface.blit(s, s.get_rect(midtop=(self.rect(960, 0, 0, 0).left, top)))
                top += self.px(28)
