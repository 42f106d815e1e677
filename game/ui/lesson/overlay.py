"""What a lesson draws over a game's table, for any game: the instruction box (a
heading, the step's text, a "Not yet" hint, and the Show me / Next / Leave buttons in
a column at its right) and the pulsing gold frame around the step's target.

Geometry only: the game's scene says where the box goes (a part of its screen no
target is ever in) and where the target is; nothing here knows a rule.  The buttons are
pygame-gui buttons the scene owns (:class:`BoxButtons`), so they click, hover and read
like every other button.
"""

from __future__ import annotations

import math

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette

GLOW = (255, 206, 84)
BUTTONS = ("show_me", "next", "leave")  # words: tutorial.<name> (shared with Star Realms)
PAD = 16  # reference pixels inside the box
LINE = 1.3  # line height / font size
MIN_TEXT = 14  # the box's text never shrinks below this (reference pixels)


def draw_highlight(surface: pygame.Surface, rect: pygame.Rect, px, now_ms: float,
                   radius: int = 12, width: int = 4) -> None:
    """A pulsing gold frame around ``rect`` (grown by a few pixels, never on it);
    ``radius`` and ``width`` in reference pixels (Star Realms' lessons: 14 and 5)."""
    pulse = 0.5 + 0.5 * math.sin(now_ms / 260.0)
    grow = px(6) + round(px(3) * pulse)
    frame = rect.inflate(2 * grow, 2 * grow)
    glow = pygame.Surface(frame.size, pygame.SRCALPHA)
    pygame.draw.rect(glow, (*GLOW, 40 + round(40 * pulse)), glow.get_rect(),
                     border_radius=px(radius))
    inner = glow.get_rect().inflate(-2 * grow, -2 * grow)
    pygame.draw.rect(glow, (0, 0, 0, 0), inner, border_radius=px(6))
    surface.blit(glow, frame.topleft)
    pygame.draw.rect(surface, GLOW, frame, max(2, px(width)), border_radius=px(radius))


class Box:
    """The instruction box: its rect, the wrapped lines, its buttons' rects."""

    def __init__(self, rect: pygame.Rect, heading: list[str], lines: list[str],
                 hint: list[str], size: int, buttons: dict[str, pygame.Rect]):
        self.rect = rect
        self.heading = heading
        self.lines = lines
        self.hint = hint
        self.size = size
        self.buttons = buttons

    def draw(self, surface: pygame.Surface, px) -> None:
        pygame.draw.rect(surface, palette.DIALOG, self.rect, border_radius=px(14))
        pygame.draw.rect(surface, GLOW, self.rect, max(1, px(3)), border_radius=px(14))
        pad = px(PAD)
        y = self.rect.y + pad
        small = heading_size(self.size)
        for line in self.heading:
            surface.blit(fonts.text(line, small, GLOW, True), (self.rect.x + pad, y))
            y += round(small * LINE)
        y += px(6)
        for line in self.lines:
            surface.blit(fonts.text(line, self.size, palette.WHITE), (self.rect.x + pad, y))
            y += round(self.size * LINE)
        for line in self.hint:
            surface.blit(fonts.text(line, self.size, GLOW, True), (self.rect.x + pad, y))
            y += round(self.size * LINE)


def heading_size(size: int) -> int:
    return max(9, round(size * 0.8))


def layout_box(rect: pygame.Rect, heading: str, text: str, hint: str, buttons: list[str],
               px, text_scale: float) -> Box:
    """The box fills ``rect``: the text at the left as large as fits (down to
    :data:`MIN_TEXT`), the step's buttons stacked at the right."""
    pad, gap = px(PAD), px(8)
    button_w = max(px(200), round(px(190) * text_scale))
    button_h = min(max(px(48), round(px(44) * text_scale)),
                   (rect.h - 2 * pad - gap * 2) // max(1, len(buttons)))
    width = rect.w - 3 * pad - button_w
    size = max(10, round(px(40) * text_scale))
    floor = max(9, px(MIN_TEXT))
    while True:
        small = heading_size(size)
        head = fonts.wrap(heading, small, width, bold=True)
        lines = [line for para in text.split("\n") for line in fonts.wrap(para, size, width)]
        tip = fonts.wrap(hint, size, width, bold=True) if hint else []
        used = (len(head) * round(small * LINE) + px(6)
                + (len(lines) + len(tip)) * round(size * LINE))
        if used <= rect.h - 2 * pad or size <= floor:
            break
        size -= 1
    spots = {}
    x = rect.right - pad - button_w
    y = rect.y + pad
    for name in buttons:
        spots[name] = pygame.Rect(x, y, button_w, button_h)
        y += button_h + gap
    return Box(rect, head, lines, tip, size, spots)


class BoxButtons:
    """The box's pygame-gui buttons, made once per build and placed per step."""

    def __init__(self, ui: pygame_gui.UIManager):
        self.buttons = {
            name: pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 10, 10), i18n.t(f"tutorial.{name}"), ui,
                object_id="#primary_button" if name != "leave" else None, starting_height=4)
            for name in BUTTONS}

    def place(self, box: Box | None, last: bool) -> None:
        for name, button in self.buttons.items():
            r = box.buttons.get(name) if box is not None else None
            if r is None:
                button.hide()
                continue
            button.set_relative_position(r.topleft)
            button.set_dimensions(r.size)
            if name == "next":
                button.set_text(i18n.t("tutorial.finish" if last else "tutorial.next"))
            button.show()

    def which(self, element: object) -> str:
        return next((name for name, b in self.buttons.items() if b is element), "")
