"""What a table shows of failed autosaves (:class:`game.ui.table_session.AutosaveStatus`):
the reason in words for a few seconds when saving starts failing — not again every
turn — and a small marker in a corner of the screen until a save succeeds, so a player
knows Continue would not bring back the last turns.  Every game's table draws it the
same way, with the same words (i18n ``autosave.*``)."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game import i18n
from game.ui import fonts, palette
from game.ui.table_session import AutosaveStatus

WORDS_MS = 6000  # how long the reason stays in words
MARKER_BG = (70, 22, 22)


class AutosaveNotice:
    def __init__(self) -> None:
        self.words = ""
        self.until = 0.0

    def update(self, status: AutosaveStatus, now_ms: float) -> str:
        """Take a new run of failures' words from ``status``; returns them ("" if none)."""
        news = status.news()
        if news:
            self.words, self.until = news, now_ms + WORDS_MS
        return news

    def draw(self, surface: pygame.Surface, status: AutosaveStatus, now_ms: float,
             px: Callable[[float], int], corner: tuple[int, int],
             words: bool = True) -> pygame.Rect | None:
        """The marker, its top-right at ``corner`` (screen pixels), while autosaving
        fails; under it the reason in words for a while (``words``: a table that says
        them another way, as a toast, passes False).  Returns the marker's rect."""
        if not status.failing:
            return None
        label = fonts.text(f"! {i18n.t('autosave.marker')}", px(20), palette.WHITE, bold=True)
        box = label.get_rect(topright=corner).inflate(px(20), px(10))
        box.topright = corner
        pygame.draw.rect(surface, MARKER_BG, box, border_radius=px(8))
        pygame.draw.rect(surface, palette.RED, box, width=max(1, px(2)), border_radius=px(8))
        surface.blit(label, label.get_rect(center=box.center))
        if words and self.words and now_ms < self.until:
            top = box.bottom + px(8)
            for line in fonts.wrap(self.words, px(20), px(700), bold=True)[:3]:
                t = fonts.text(line, px(20), palette.RED, bold=True)
                back = t.get_rect(topright=(box.right, top)).inflate(px(12), px(4))
                pygame.draw.rect(surface, MARKER_BG, back, border_radius=px(4))
                surface.blit(t, t.get_rect(topright=(box.right, top)))
                top += px(26)
        return box
