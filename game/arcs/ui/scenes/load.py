"""Arcs' saved games: a list of them (kind, date, seats and their Power, chapter; a
damaged save says why and cannot be opened), opening one onto the table, and saving
from the pause overlay."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game import i18n
from game.arcs.data import load_arcs_rules
from game.arcs.saves import SaveError, SaveInfo, list_saves
from game.arcs.ui.session import ArcsSession
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROWS = 8


def describe(info: SaveInfo) -> str:
    if info.error:
        return f"{info.path.name} — {i18n.t('arcs.saves.damaged', why=info.error)}"
    s = info.summary
    seats = " · ".join(f"{seat['name']} {seat['power']}" for seat in s.get("seats", []))
    status = (i18n.t("arcs.saves.over") if s.get("over")
              else i18n.t("arcs.saves.chapter", n=s.get("chapter", 0)))
    when = info.saved_at.replace("T", " ")[:16]
    return f"{i18n.t('arcs.saves.kind_' + info.kind)} · {when} · {seats} · {status}"


def open_save(app, path: Path) -> str:
    """Load a save onto the table; returns "" or the reason it failed (nothing is lost)."""
    try:
        session = ArcsSession.from_save(path)
    except SaveError as exc:
        return str(exc)
    # Until the table stands, a crash is blamed on this file (see game.ui.crash).
    app.opening = path
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "arcs.table", session))
    app.opening = None
    return ""


def save_now(session: ArcsSession) -> str:
    """A manual save from the pause overlay; the line that says how it went."""
    try:
        path = session.save("manual")
    except OSError as exc:
        return i18n.t("arcs.saves.save_failed", why=exc.strerror or str(exc))
    return i18n.t("arcs.saves.saved", name=path.name)


class ArcsLoadScene(Scene):
    def __init__(self, app):
        self.saves = list_saves(rules=load_arcs_rules())
        self.page = 0
        self.error = ""
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        self.rows: dict[pygame_gui.elements.UIButton, SaveInfo] = {}
        shown = self.saves[self.page * ROWS:(self.page + 1) * ROWS]
        for i, info in enumerate(shown):
            btn = el.UIButton(self.rect(260, 200 + i * 84, 1400, 72), describe(info), self.ui)
            if info.error:
                btn.disable()
            self.rows[btn] = info
        self.back = el.UIButton(self.rect(260, 900, 320, 80), i18n.t("arcs.saves.back"),
                                self.ui)
        self.prev = el.UIButton(self.rect(1180, 900, 220, 80), "‹", self.ui)
        self.next = el.UIButton(self.rect(1440, 900, 220, 80), "›", self.ui)
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS >= len(self.saves):
            self.next.disable()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.back:
            self.app.pop()
        elif el is self.prev or el is self.next:
            self.page += -1 if el is self.prev else 1
            self.rebuild()
        elif el in self.rows:
            why = open_save(self.app, self.rows[el].path)
            if why:
                self.error = i18n.t("arcs.saves.failed", why=why)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("arcs.saves.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 80, 0, 0).topleft))
        if not self.saves:
            e = fonts.text(i18n.t("arcs.saves.empty"), self.px(30), palette.MUTED)
            surface.blit(e, e.get_rect(center=self.rect(960, 480, 0, 0).topleft))
        if self.error:
            e = fonts.text(self.error, self.px(22), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 1000, 0, 0).topleft))
