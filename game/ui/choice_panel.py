"""The short list a table opens when a click could mean several actions ("Choose:"),
for Arcs and Forbidden Stars: numbered rows (keys 1–0 pick them), scrolling past
:data:`CHOICE_ROWS`, a tooltip with the whole text of a row too long for it, and Cancel."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

CHOICE_ROWS = 8  # the list shows this many rows, then scrolls


def row_fits(button: pygame_gui.elements.UIButton) -> bool:
    """Does the button's text fit its width (with a margin each side)?"""
    margin = max(4, button.rect.h // 6)
    font = button.font
    assert font is not None  # (a built button has its theme's font)
    return font.size(button.text)[0] <= button.rect.w - 2 * margin


class TableChoices:
    """A table's choice panel: ``choice_buttons`` maps each row's button to its item,
    ``choices`` lists the items in order.  The table has ``ui``, ``px`` (reference
    pixels), ``tpx`` (those following the text-size setting too), ``rect`` and ``say``."""

    ui: Any
    choice_panel: Any
    choice_cancel: Any
    choice_buttons: dict[Any, Any]
    choices: list[Any]

    # the scene's and the table's (annotations only: a body here would shadow them)
    px: Callable[[float], int]
    tpx: Callable[[float], int]
    rect: Callable[[float, float, float, float], pygame.Rect]
    say: Callable[..., None]

    def show_choices(self, items: list[tuple[Any, str]], at: tuple[int, int], width: int,
                     title: str, cancel: str) -> None:
        """Open the panel at ``at`` (reference pixels), ``width`` wide, with one row per
        (item, text)."""
        self.close_choices()
        el = pygame_gui.elements
        row, gap = self.tpx(46), self.tpx(6)
        shown = min(len(items), CHOICE_ROWS)
        w = self.px(width)
        h = self.tpx(56) + shown * (row + gap) + row + gap + self.px(8)
        area = self.rect(at[0], at[1], width, 0)
        panel = el.UIPanel(pygame.Rect(area.x, area.y, w, h), starting_height=5,
                           manager=self.ui, object_id="#choice_panel")
        el.UILabel(pygame.Rect(self.px(10), self.tpx(6), w - self.px(20), self.tpx(40)),
                   title, self.ui, container=panel)
        box = el.UIScrollingContainer(
            pygame.Rect(self.px(10), self.tpx(50), w - self.px(24), shown * (row + gap)),
            self.ui, container=panel, allow_scroll_x=False)
        inner = w - self.px(50)
        for i, (item, text) in enumerate(items):
            prefix = f"{(i + 1) % 10}. " if i < 10 else ""
            b = el.UIButton(pygame.Rect(0, i * (row + gap), inner, row), prefix + text,
                            self.ui, container=box)
            if not row_fits(b):  # only a cut row needs its whole text in a tooltip: one
                b.set_tooltip(text)  # on every row hid the row under it
            self.choice_buttons[b] = item
        box.set_scrollable_area_dimensions((inner, len(items) * (row + gap)))
        self.choice_cancel = el.UIButton(
            pygame.Rect(self.px(10), h - row - gap - self.px(4), self.px(220), row),
            cancel, self.ui, container=panel)
        self.choices = [item for item, _ in items]
        self.choice_panel = panel
        self.say("choose_hint")

    def close_choices(self) -> None:
        if self.choice_panel is not None:
            self.choice_panel.kill()
        self.choice_panel = None
        self.choice_cancel = None
        self.choice_buttons = {}
        self.choices = []
