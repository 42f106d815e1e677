"""The list part of a game's Load screen: one button per save, a page at a time, a
damaged save shown with its reason and not openable, Back (and Esc) to the menu.

Each game's Load scene subclasses :class:`SaveListScene` and says what only it knows:
where its saves are (:meth:`~SaveListScene.load_saves`), how a row reads
(:meth:`~SaveListScene.describe`), how one opens (:meth:`~SaveListScene.open`: "" or
the reason it failed) and where its strings are (:attr:`~SaveListScene.strings`).
Shell code: no game package is imported here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROWS = 8


class SaveListScene(Scene, ABC):
    # the i18n table of the screen's strings: <strings>.title, .empty, .back, .failed
    # (with {why}) and, if it is there, .page (with {n} and {total})
    strings = ""

    def __init__(self, app):
        self.saves: list[Any] = self.load_saves()
        self.page = 0
        self.error = ""
        super().__init__(app)

    # ------------------------------------------------------------ what a game says

    @abstractmethod
    def load_saves(self) -> list[Any]:
        """The saves to list, newest first; each has ``path`` and ``error``."""

    @abstractmethod
    def describe(self, info: Any) -> str:
        """The row's text: what the save is, or why it cannot be loaded."""

    @abstractmethod
    def open(self, path: Path) -> str:
        """Open the save onto the table: "" or why it could not be (nothing is lost)."""

    def text(self, name: str, **kwargs: Any) -> str:
        return i18n.t(f"{self.strings}.{name}", **kwargs)

    # ------------------------------------------------------------ the list

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.saves) // ROWS))

    def build(self) -> None:
        el = pygame_gui.elements
        self.page = min(self.page, self.pages - 1)
        self.rows: dict[pygame_gui.elements.UIButton, Any] = {}
        shown = self.saves[self.page * ROWS:(self.page + 1) * ROWS]
        for i, info in enumerate(shown):
            btn = el.UIButton(self.rect(260, 200 + i * 84, 1400, 72), self.describe(info),
                              self.ui)
            if info.error:
                btn.disable()
            self.rows[btn] = info
        self.back = el.UIButton(self.rect(260, 900, 320, 80), self.text("back"),
                                self.ui)
        self.prev = el.UIButton(self.rect(1180, 900, 220, 80), "‹", self.ui)
        self.next = el.UIButton(self.rect(1440, 900, 220, 80), "›", self.ui)
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS >= len(self.saves):
            self.next.disable()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return
        el = event.ui_element
        if el is self.back:
            self.app.pop()
        elif el is self.prev or el is self.next:
            self.page += -1 if el is self.prev else 1
            self.rebuild()
        elif el in self.rows:
            why = self.open(self.rows[el].path)
            if why:
                self.error = self.text("failed", why=why)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(self.text("title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 80, 0, 0).topleft))
        if not self.saves:
            e = fonts.text(self.text("empty"), self.px(30), palette.MUTED)
            surface.blit(e, e.get_rect(center=self.rect(960, 480, 0, 0).topleft))
        elif self.pages > 1 and f"{self.strings}.page" in i18n.strings("en"):
            p = fonts.text(self.text("page", n=self.page + 1, total=self.pages),
                           self.px(24), palette.MUTED)
            surface.blit(p, p.get_rect(midright=self.rect(1160, 940, 0, 0).topleft))
        if self.error:
            e = fonts.text(self.error, self.px(22), palette.RED, bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 1000, 0, 0).topleft))
