"""Arcs' rules reference over the table (F1 or the Rules button): a scrolling summary
of the turn, the actions, battle and scoring, and the table's keys; F1, Esc or Close
shut it.  One i18n string per paragraph (``arcs.ref.p.<key>``), in PARAGRAPHS' order;
game/arcs/data/reference_sources.toml names the rulebook passage of each."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.scenes.overlays import Overlay, shade

PARAGRAPHS: tuple[str, ...] = (
    "goal", "chapter", "cards", "suits", "initiative", "declare", "actions", "control",
    "resources", "battle", "city", "scoring", "table", "keys")


def reference_text(lang: str | None = None) -> str:
    """The whole reference in ``lang`` (default: the current language); the text box
    scrolls when it is taller than the box."""
    return "<br><br>".join(i18n.t(f"arcs.ref.p.{key}", lang) for key in PARAGRAPHS)


class ArcsReferenceScene(Overlay):
    def build(self) -> None:
        self.box = pygame_gui.elements.UITextBox(reference_text(),
                                                 self.rect(260, 110, 1400, 800), self.ui)
        self.close = pygame_gui.elements.UIButton(self.rect(760, 950, 400, 80),
                                                  i18n.t("arcs.ref.close"), self.ui,
                                                  object_id="#primary_button")

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        f1 = event.type == pygame.KEYDOWN and event.key == pygame.K_F1
        if f1 or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t("arcs.ref.title"), round(44 * self.app.text_scale),
                       palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 96, 0, 0).topleft))
