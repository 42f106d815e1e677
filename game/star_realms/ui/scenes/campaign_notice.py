"""A message over the scene below: a title, lines with emblems, OK (the campaign's
"the campaign begins" and a scenario's result)."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.campaign_flow import Line
from game.ui import palette
from game.ui.scenes.overlays import Overlay, shade


class NoticeScene(Overlay):
    """A message over the scene below: a title, lines with emblems, OK."""

    def __init__(self, app, title: str, lines: list[Line]):
        self.title = title
        self.lines = lines
        super().__init__(app)

    def panel_rect(self) -> pygame.Rect:
        return self.rect(360, 220, 1200, 640)

    def build(self) -> None:
        self.ok = pygame_gui.elements.UIButton(self.rect(760, 740, 400, 86), i18n.t("campaign.ok"),
                                               self.ui, object_id="#primary_button")

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.ok) or (
                event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN,
                                                               pygame.K_KP_ENTER)):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        r = self.panel_rect()
        cv.box(surface, r, self.px(16), fill=palette.PANEL_DEEP, edge=palette.EDGE_BRIGHT, width=2)
        cv.blit_text(surface, self.title, self.rect(960, 250, 0, 0).topleft, self.px(48),
                     cv.GOLD, True, "midtop", max_w=r.w - self.px(40))
        y = self.rect(0, 340, 0, 0).y
        x0 = self.rect(420, 0, 0, 0).x
        width = self.px(1080)
        for text, color, fac in self.lines:
            x = x0
            if fac is not None:
                surface.blit(cv.emblem(fac, self.px(40)), (x, y))
                x += self.px(54)
            y = cv.blit_wrapped(surface, text, x, y + self.px(4), width - (x - x0), self.px(30),
                                color, line_h=self.px(38)) + self.px(10)
