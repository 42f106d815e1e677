"""Forbidden Stars' rules reference over the table (F1 or the Rules button): a scrolling
summary of the booklet (the round, the orders, storms, combat, the refresh) and the
table's keys, in the player's language; F1, Esc or Close shut it.  One i18n string per
paragraph (``fs_reference.p.<key>``), in PARAGRAPHS' order;
game/forbidden_stars/data/reference_sources.toml names the rulebook passage of each."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.scenes.overlays import Overlay, shade

PARAGRAPHS: tuple[str, ...] = (
    "goal", "round", "planning", "operations", "deploy", "strategize", "dominate", "assets",
    "advance", "capacity", "orbital", "combat_prepare", "combat_rounds", "combat_end",
    "retreat", "storms", "refresh", "table", "keys")


def reference_text(lang: str | None = None) -> str:
    """The whole reference in ``lang`` (default: the current language); the text box
    scrolls when it is taller than the box."""
    return "<br><br>".join(i18n.t(f"fs_reference.p.{key}", lang) for key in PARAGRAPHS)


class FsReferenceScene(Overlay):
    def build(self) -> None:
        self.box = pygame_gui.elements.UITextBox(reference_text(),
                                                 self.rect(220, 110, 1480, 810), self.ui)
        self.close = pygame_gui.elements.UIButton(self.rect(760, 950, 400, 80),
                                                  i18n.t("fs_reference.close"), self.ui,
                                                  object_id="#primary_button")

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        f1 = event.type == pygame.KEYDOWN and event.key == pygame.K_F1
        if f1 or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("fs_reference.title"), round(44 * self.app.text_scale),
                       palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 96, 0, 0).topleft))
