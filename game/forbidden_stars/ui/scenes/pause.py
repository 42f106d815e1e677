"""Forbidden Stars' pause menu over the table (Esc): resume, save, undo, leave."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette, routes
from game.ui.scenes.overlays import Overlay, shade

if TYPE_CHECKING:
    from game.forbidden_stars.ui.scenes.table import FsTableScene


class FsPauseScene(Overlay):
    def __init__(self, app, table: FsTableScene) -> None:
        self.table = table
        super().__init__(app)

    def build(self) -> None:
        mk = pygame_gui.elements.UIButton
        self.resume_button = mk(self.rect(760, 380, 400, 80), i18n.t("fs_table.resume"),
                                self.ui, object_id="#primary_button")
        self.save_button = mk(self.rect(760, 480, 400, 80), i18n.t("fs_table.save"), self.ui)
        self.undo_button = mk(self.rect(760, 580, 400, 80), i18n.t("fs_table.undo"), self.ui)
        if not self.table.session.can_undo():
            self.undo_button.disable()
        self.quit_button = mk(self.rect(760, 680, 400, 80), i18n.t("fs_table.quit"), self.ui)

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
            return
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        if event.ui_element is self.resume_button:
            self.app.pop()
        elif event.ui_element is self.save_button:  # the button then says how it went
            try:
                path = self.table.session.save("manual")
                self.save_button.set_text(i18n.t("fs_table.saved", name=path.name))
            except OSError as exc:
                self.save_button.set_text(i18n.t("fs_table.save_failed", error=str(exc)))
        elif event.ui_element is self.undo_button:
            self.table.undo()
            self.app.pop()
        elif event.ui_element is self.quit_button:
            self.table.session.close()
            self.app.reset_to(routes.make(self.app, "menu"))

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("fs_table.pause"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 340, 0, 0).topleft))
