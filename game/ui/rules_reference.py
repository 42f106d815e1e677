"""A game's rules reference over its table (F1, or the Rules button, or the pause menu's
Rules): one scrolling text box of the game's paragraphs, in the player's language, and a
Close button; F1, Esc or Close shut it, the wheel and the arrow, page, Home and End keys
scroll it.  A game names its i18n prefix (``<prefix>.title``, ``<prefix>.close``,
``<prefix>.p.<key>`` per paragraph) and its paragraphs' order."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.scenes.overlays import Overlay, shade

# keys that move a text box: (share of one screenful per press; None: to that end)
SCROLL_KEYS: dict[int, float | None] = {
    pygame.K_DOWN: 0.1, pygame.K_UP: -0.1, pygame.K_PAGEDOWN: 0.9, pygame.K_PAGEUP: -0.9,
    pygame.K_SPACE: 0.9, pygame.K_HOME: None, pygame.K_END: None}


def scroll_by_key(box: pygame_gui.elements.UITextBox, event: pygame.event.Event) -> bool:
    """Up/Down a line or so, PageUp/PageDown (and Space) a screenful, Home/End the ends:
    a reader expects the keys to move a long text, not only the wheel.  True when
    ``event`` was such a key (the box scrolls when it is taller than its window)."""
    if event.type != pygame.KEYDOWN or event.key not in SCROLL_KEYS:
        return False
    bar = box.scroll_bar
    if bar is not None:
        share = SCROLL_KEYS[event.key]
        start = (0.0 if event.key == pygame.K_HOME else 1.0 if share is None
                 else bar.start_percentage + share * bar.visible_percentage)
        bar.set_scroll_from_start_percentage(start)
    return True


TITLE_SIZE = 44  # reference px of a reference's title, which ends at reference y 96


def title_rect(scene: Overlay, title: str) -> pygame.Rect:
    """Where a reference's title is drawn (window pixels): centred over the text box."""
    w, h = fonts.font(round(TITLE_SIZE * scene.app.text_scale), True).size(title)
    return pygame.Rect(0, 0, w, h).move_to(midbottom=scene.rect(960, 96, 0, 0).topleft)


def draw_title(scene: Overlay, surface: pygame.Surface, title: str) -> None:
    """The shade over the table and the reference's title (every game's reference)."""
    shade(surface)
    t = fonts.text(title, round(TITLE_SIZE * scene.app.text_scale), palette.WHITE, bold=True)
    surface.blit(t, title_rect(scene, title))


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
        if scroll_by_key(self.box, event):
            return
        f1 = event.type == pygame.KEYDOWN and event.key == pygame.K_F1
        if f1 or (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        draw_title(self, surface, i18n.t(f"{self.prefix}.title"))
