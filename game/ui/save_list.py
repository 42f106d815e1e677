"""The list part of a game's Load screen: one row per game, at its latest point (the
older points of that game one click away, under **Earlier**), a page at a time; a
damaged save shown with its reason and not openable; Back (and Esc) to the menu.

Each game's Load scene subclasses :class:`SaveListScene` and says what only it knows:
where its saves are (:meth:`~SaveListScene.load_saves`), how a row reads
(:meth:`~SaveListScene.describe`), how one opens (:meth:`~SaveListScene.open`: "" or
the reason it failed) and where its strings are (:attr:`~SaveListScene.strings`).
Shell code: no game package is imported here.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.ui import fonts, palette
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROWS = 8


@dataclass(frozen=True)
class Row:
    """One line of the list: a save, and the game it is a point of."""

    info: Any
    group: str  # the game's key: a game_uid, or the file's own name when unreadable
    older: int = 0  # the game's other points (on its first row only)
    indent: bool = False  # an older point, shown under its game


def group_saves(saves: list[Any]) -> dict[str, list[Any]]:
    """The saves (newest first) by game in progress, newest game first; a damaged file
    (no game known) stands alone."""
    groups: dict[str, list[Any]] = {}
    for info in saves:
        key = getattr(info, "game", "") if not info.error else ""
        groups.setdefault(key or f"file:{info.path}", []).append(info)
    return groups


class SaveListScene(Scene, ABC):
    # the i18n table of the screen's strings: <strings>.title, .empty, .back, .failed
    # (with {why}) and, if it is there, .page (with {n} and {total})
    strings = ""

    def __init__(self, app):
        self.saves: list[Any] = self.load_saves()
        self.groups = group_saves(self.saves)
        self.opened: set[str] = set()  # games whose older points are shown
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
    def lines(self) -> list[Row]:
        """The rows as shown: each game's latest point, its older ones under it when
        opened."""
        out = []
        for key, points in self.groups.items():
            out.append(Row(points[0], key, len(points) - 1))
            if key in self.opened:
                out += [Row(info, key, indent=True) for info in points[1:]]
        return out

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.lines) // ROWS))

    def build(self) -> None:
        el = pygame_gui.elements
        self.page = min(self.page, self.pages - 1)
        self.rows: dict[pygame_gui.elements.UIButton, Any] = {}
        self.toggles: dict[pygame_gui.elements.UIButton, str] = {}
        lines = self.lines
        for i, row in enumerate(lines[self.page * ROWS:(self.page + 1) * ROWS]):
            y = 200 + i * 84
            x, w = (340, 1320) if row.indent else (260, 1400)
            if row.older:
                w -= 250
                label = self.shell_text("fewer" if row.group in self.opened else "older",
                                        n=row.older)
                self.toggles[el.UIButton(self.rect(1420, y, 240, 72), label, self.ui)] = \
                    row.group
            btn = el.UIButton(self.rect(x, y, w, 72), self.describe(row.info), self.ui)
            if row.info.error:
                btn.disable()
            self.rows[btn] = row.info
        self.back = el.UIButton(self.rect(260, 900, 320, 80), self.text("back"),
                                self.ui)
        self.prev = el.UIButton(self.rect(1180, 900, 220, 80), "‹", self.ui)
        self.next = el.UIButton(self.rect(1440, 900, 220, 80), "›", self.ui)
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS >= len(lines):
            self.next.disable()

    @staticmethod
    def shell_text(name: str, **kwargs: Any) -> str:
        return i18n.t(f"save_list.{name}", **kwargs)

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
        elif el in self.toggles:
            self.opened ^= {self.toggles[el]}
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
