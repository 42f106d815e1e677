"""A pygame-gui button whose label wraps onto more lines instead of being cut.

pygame-gui draws a button's text on one line and cuts what does not fit its rect (and a
"\\n" in it is laid out past the button's bottom), so a long action label lost its end
(issue 37 item 7).  ``WrappedButton`` keeps pygame-gui's button for the shape, hover,
clicks and tool tip, with its ``text`` still the whole label, but draws no text itself;
a ``Caption`` on top of it, which never takes the pointer, shows the label wrapped by
our fonts.  ``wrap_label`` says how tall a row must be for a label at a width.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui

from game.ui import fonts

TEXT = (230, 236, 250)  # the theme's "normal_text" (assets/theme.json)
PAD_X, PAD_Y = 8, 4  # reference px around the label (times the text scale)
LEAST = 9  # never smaller than this (docs/art.md "The minimum")


@dataclass(frozen=True)
class Wrapped:
    """A label laid out for a button: its font size, lines and the block's height."""

    size: int
    lines: tuple[str, ...]
    height: int  # of the lines, padding not included

    def fits(self, width: int) -> bool:
        f = fonts.font(self.size, True)
        return all(f.size(line)[0] <= width for line in self.lines)


def wrap_label(text: str, size: int, width: int, max_lines: int = 3,
               height: int | None = None) -> Wrapped:
    """``text`` wrapped to ``width`` at ``size`` (bold, as the theme's buttons) in at most
    ``max_lines`` lines — or, given ``height``, in what fits it — made smaller only when
    it would not fit otherwise (a word longer than the line, too many lines)."""
    room = fonts.block_height(max_lines, size, True) if height is None else height
    s, lines = fonts.fit(text, size, width, room, True, least=min(LEAST, size))
    return Wrapped(s, tuple(lines), fonts.block_height(len(lines), s, True))


class Caption(pygame_gui.elements.UIImage):
    """The drawn label over a ``WrappedButton``: it never takes the pointer, so the
    button under it is hovered and clicked (and shows its tool tip) as before."""

    def hover_point(self, hover_x: float, hover_y: float) -> bool:
        return False

    def can_hover(self) -> bool:
        return False


class WrappedButton(pygame_gui.elements.UIButton):
    """A button with its label drawn wrapped by a ``Caption``; ``text`` is the label."""

    caption: Caption | None = None
    wrapped: Wrapped | None = None

    def rebuild(self) -> None:
        # pygame-gui would draw (and cut) ``text``: the caption draws it instead
        text, self.text = self.text, ""
        try:
            super().rebuild()
        finally:
            self.text = text

    def on_locale_changed(self) -> None:
        text, self.text = self.text, ""
        try:
            super().on_locale_changed()
        finally:
            self.text = text


def wrapped_button(rect: pygame.Rect, text: str, manager: Any, scale: float, *,
                   container: Any = None, tool_tip_text: str | None = None,
                   object_id: str | None = None, centred: bool = False,
                   size: int | None = None) -> WrappedButton:
    """A ``WrappedButton`` at ``rect`` with ``text`` wrapped into it at the theme's button
    size (``scale`` is the UI text scale), smaller only if it cannot fit otherwise."""
    kw: dict[str, Any] = {"container": container, "tool_tip_text": tool_tip_text}
    if object_id is not None:
        kw["object_id"] = object_id
    button = WrappedButton(rect, text, manager, **kw)
    pad_x, pad_y = round(PAD_X * scale), round(PAD_Y * scale)
    size = size or max(LEAST, round(22 * scale))
    w = wrap_label(text, size, rect.w - 2 * pad_x, height=rect.h - 2 * pad_y)
    image = pygame.Surface(rect.size, pygame.SRCALPHA)
    y = (rect.h - w.height) // 2
    step = fonts.line_step(w.size)
    for i, line in enumerate(w.lines):
        t = fonts.text(line, w.size, TEXT, bold=True)
        x = (rect.w - t.get_width()) // 2 if centred else pad_x
        image.blit(t, (x, y + i * step))
    button.caption = Caption(pygame.Rect(rect), image, manager, container=container)
    button.wrapped = w
    return button


def row_height(text: str, width: int, scale: float, least: int, max_lines: int = 3) -> int:
    """How tall a ``wrapped_button`` row ``width`` wide must be for all of ``text``."""
    pad_x, pad_y = round(PAD_X * scale), round(PAD_Y * scale)
    w = wrap_label(text, max(LEAST, round(22 * scale)), width - 2 * pad_x, max_lines)
    return max(least, w.height + 2 * pad_y)
