"""A game's rules reference over its table (F1, or the Rules button, or the pause menu's
Rules): one scrolling text box of the game's paragraphs, in the player's language, and a
Close button; F1, Esc or Close shut it.  A game names its i18n prefix (``<prefix>.title``,
``<prefix>.close``, ``<prefix>.p.<key>`` per paragraph) and its paragraphs' order."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.scenes.overlays import Overlay, shade


def joined(prefix: str, paragraphs: tuple[str, ...], lang: str | None = None) -> str:
    """The whole reference in ``lang`` (default: the current language); the text box
    scrolls when it is taller than the box."""
    return "<br><br>".join(i18n.t(f"{prefix}.p.{key}", lang) for key in paragraphs)


class ReferenceScene(Overlay):
    prefix = ""  # the game's i18n table of the reference
    paragraphs: tuple[str, ...] = ()

    def build(self) -> None:
        self.box = pygame_gui.elements.UITextBox(joined(self.prefix, self.paragraphs),
                                                 self.rect(220, 110, 1480, 810), self.ui)
        self.close = pygame_gui.elements.UIButton(self.rect(760, 950, 400, 80),
                                                  i18n.t(f"{self.prefix}.close"), self.ui,
                                                  object_id="#primary_button")

    def on_overlay_event(self, event: pygame.event.Event) -> None:
        f1 = event.type == pygame.KEYDOWN and event.key == pygame.K_F1
        if f1 or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        shade(surface)
        t = fonts.text(i18n.t(f"{self.prefix}.title"), round(44 * self.app.text_scale),
                       palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 96, 0, 0).topleft))
