"""Records: the local profile of results per format (or adventure) and difficulty —
games played, won, the win rate and the fewest turns of a win.  Opened from the card
browser (the menu's "Cards & records"); a damaged records file is shown with its reason
and left as it is."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.records import read, records_path
from game.star_realms.ui.record_text import difficulty_name, format_name
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROW_H = 58
TOP = 250  # the first row's y (reference layout)
ROWS_SHOWN = 11
COLUMNS = (("records.format", 160), ("records.difficulty", 820), ("records.played", 1160),
           ("records.won", 1340), ("records.rate", 1500), ("records.best", 1640))


class RecordsScene(Scene):
    def __init__(self, app):
        self.records, self.problem = read()
        self.rows = sorted(((format_name(f), difficulty_name(d), rec)
                            for f, ds in self.records.items() for d, rec in ds.items()),
                           key=lambda r: (r[0], r[1]))
        self.scroll = 0
        super().__init__(app)

    def build(self) -> None:
        self.back = pygame_gui.elements.UIButton(self.rect(80, 960, 300, 80),
                                                 i18n.t("setup.back"), self.ui)

    def scroll_by(self, rows: int) -> None:
        self.scroll = max(0, min(self.scroll + rows, max(0, len(self.rows) - ROWS_SHOWN)))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back:
            self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll_by(1 if event.key == pygame.K_DOWN else ROWS_SHOWN)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll_by(-1 if event.key == pygame.K_UP else -ROWS_SHOWN)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=5), (0, 0))
        t = fonts.text(i18n.t("records.title"), self.px(52), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 40, 0, 0).topleft))
        where = fonts.text(i18n.t("records.where", path=str(records_path())), self.px(18),
                           palette.MUTED)
        surface.blit(where, where.get_rect(midtop=self.rect(960, 120, 0, 0).topleft))
        if self.problem:
            self.draw_message(surface, i18n.t("records.damaged", why=self.problem),
                              palette.RED)
            return
        if not self.rows:
            self.draw_message(surface, i18n.t("records.empty"), palette.MUTED)
            return
        for key, x in COLUMNS:
            h = fonts.text(i18n.t(key), self.px(22), palette.MUTED, bold=True)
            surface.blit(h, self.rect(x, 190, 0, 0).topleft)
        for i, (fmt, diff, rec) in enumerate(self.rows[self.scroll:self.scroll + ROWS_SHOWN]):
            y = TOP + i * ROW_H
            if i % 2 == 0:
                band = pygame.Surface(self.rect(0, 0, 1640, ROW_H - 6).size, pygame.SRCALPHA)
                band.fill((255, 255, 255, 14))
                surface.blit(band, self.rect(140, y - 8, 0, 0).topleft)
            rate = f"{round(100 * rec.won / rec.played)}%" if rec.played else "—"
            best = str(rec.best_turns) if rec.best_turns else "—"
            for (_, x), text in zip(COLUMNS, (fmt, diff, str(rec.played), str(rec.won), rate,
                                              best), strict=True):
                s = fonts.text(text, self.px(26), palette.WHITE)
                surface.blit(s, self.rect(x, y, 0, 0).topleft)
        if len(self.rows) > ROWS_SHOWN:
            more = fonts.text(i18n.t("records.scroll", first=self.scroll + 1,
                                     last=min(len(self.rows), self.scroll + ROWS_SHOWN),
                                     total=len(self.rows)), self.px(18), palette.MUTED)
            surface.blit(more, more.get_rect(topright=self.rect(1840, 900, 0, 0).topleft))

    def draw_message(self, surface: pygame.Surface, text: str, color) -> None:
        y = 420
        for line in fonts.wrap(text, self.px(28), self.px(1400)):
            s = fonts.text(line, self.px(28), color)
            surface.blit(s, s.get_rect(midtop=self.rect(960, y, 0, 0).topleft))
            y += 40
