"""The end of an Arcs game: each seat's Power and the winner; Back to the menu."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.arcs.ui.session import ArcsSession
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene


class ArcsGameOverScene(Scene):
    def __init__(self, app, session: ArcsSession):
        self.session = session
        super().__init__(app)

    def build(self) -> None:
        self.back = pygame_gui.elements.UIButton(
            self.rect(760, 880, 400, 80), i18n.t("arcs.over.back"), self.ui,
            object_id="#primary_button")

    def on_event(self, event: pygame.event.Event) -> None:
        back = (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back)
        if back or (event.type == pygame.KEYDOWN
                    and event.key in (pygame.K_ESCAPE, pygame.K_RETURN)):
            self.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))

    def rows(self) -> list[tuple[str, int, bool]]:
        """(name, Power, winner) per seat, highest Power first."""
        st = self.session.state
        out = [(self.session.names[p.index], p.power, st.winner == p.index)
               for p in st.players]
        return sorted(out, key=lambda r: (-r[1], not r[2]))

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        st = self.session.state
        t = fonts.text(i18n.t("arcs.over.title"), self.px(64), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 200, 0, 0).topleft))
        win = (i18n.t("arcs.over.winner", name=self.session.names[st.winner])
               if st.winner is not None else i18n.t("arcs.over.no_winner"))
        w = fonts.text(win, self.px(40), palette.GOLD, bold=True)
        surface.blit(w, w.get_rect(midtop=self.rect(960, 230, 0, 0).topleft))
        c = fonts.text(i18n.t("arcs.over.chapter", n=st.chapter), self.px(24), palette.MUTED)
        surface.blit(c, c.get_rect(midtop=self.rect(960, 300, 0, 0).topleft))
        for i, (name, power, won) in enumerate(self.rows()):
            y = 400 + i * 90
            colour = palette.GOLD if won else palette.SOFT
            n = fonts.text(name, self.px(34), colour, bold=won)
            surface.blit(n, n.get_rect(midleft=self.rect(640, y, 0, 0).topleft))
            p = fonts.text(i18n.t("arcs.over.power", n=power), self.px(34), colour, bold=won)
            surface.blit(p, p.get_rect(midright=self.rect(1280, y, 0, 0).topleft))
