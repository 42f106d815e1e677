"""The list of saved games: format, seats, turn and date; damaged saves say why."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.engine.cards import CardDB
from game.star_realms.saves import SaveError, list_saves, load_game
from game.star_realms.ui import campaign_flow
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROWS = 8


def format_label(fmt: str, db: CardDB | None = None) -> str:
    """A save's format in the player's language: a format's name, "Campaign", or the
    adventure's name (the save stores only the id)."""
    if f"format.{fmt}" in i18n.strings(i18n.language()):
        return i18n.t(f"format.{fmt}")
    if fmt == "campaign":
        return i18n.t("campaign.title")
    adventure = db.adventures.get(fmt) if db is not None else None
    return adventure.name(i18n.language()) if adventure is not None else fmt


def describe(info, db: CardDB | None = None) -> str:
    if info.error:
        return f"{info.path.name} — {i18n.t('load.damaged', why=info.error)}"
    s = info.summary
    seats = " · ".join(seat["name"] for seat in s.get("seats", []))
    status = i18n.t("load.over") if s.get("over") else i18n.t("load.turn", n=s.get("turn", 0))
    when = info.saved_at.replace("T", " ")[:16]
    fmt = format_label(s.get("format", "?"), db)
    return f"{i18n.t('load.kind_' + info.kind)} · {when} · {fmt} · {seats} · {status}"


def open_save(app, path: Path) -> str:
    """Load a save onto the table; returns "" or the reason it failed (nothing is lost)."""
    db = load_rules()
    try:
        state = load_game(db, path)
    except SaveError as exc:
        return str(exc)
    # Until the table stands, a crash is blamed on this file (see game.ui.crash).
    app.opening = path
    session = campaign_flow.resume_session(db, state)  # a campaign game finds its campaign
    session.source = path
    app.reset_to(routes.make(app, "menu"))
    app.push(routes.make(app, "star_realms.table", session))
    app.opening = None
    return ""


class LoadScene(Scene):
    def __init__(self, app):
        self.db = load_rules()
        self.saves = list_saves(db=self.db)
        self.page = 0
        self.error = ""
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        self.rows = {}
        shown = self.saves[self.page * ROWS:(self.page + 1) * ROWS]
        for i, info in enumerate(shown):
            btn = el.UIButton(self.rect(260, 200 + i * 84, 1400, 72), describe(info, self.db),
                              self.ui)
            if info.error:
                btn.disable()
            self.rows[btn] = info
        self.back = el.UIButton(self.rect(260, 900, 320, 80), i18n.t("load.back"), self.ui)
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
                self.error = i18n.t("load.failed", why=why)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("load.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 80, 0, 0).topleft))
        if not self.saves:
            e = fonts.text(i18n.t("load.empty"), self.px(30), palette.MUTED)
            surface.blit(e, e.get_rect(center=self.rect(960, 480, 0, 0).topleft))
        if self.error:
            e = fonts.text(self.error, self.px(22), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 1000, 0, 0).topleft))
