"""Where things are on Forbidden Stars' drawn table: the renderer records each clickable
thing as it draws it (a system tile, an area, a unit token, an order stack, an order
token in the viewer's hand) and the scene asks :meth:`HitMap.at`.

A hit says *what* was clicked, never what it may do: the table filters the model's legal
actions by it (game.forbidden_stars.ui.table_input).  The last drawn (on top) wins, so
a unit inside an area inside a system is found first.
"""

from __future__ import annotations

from typing import NamedTuple

import pygame

KINDS = ("system", "area", "unit", "stack", "order")


class Hit(NamedTuple):
    kind: str  # one of KINDS
    ident: str  # system id, area id, or order id (kind "order")
    rect: pygame.Rect
    unit: str = ""  # kind "unit": the unit id
    system: str = ""  # kind "area" and "unit": the area's system


class Tip(NamedTuple):
    """Something drawn that a hover explains (issue 38 item 1): what it is and the facts
    its words need; kept apart from the hits so a tooltip never takes a click."""

    kind: str
    rect: pygame.Rect
    data: dict[str, object]


class HitMap:
    def __init__(self) -> None:
        self.hits: list[Hit] = []
        self.tips: list[Tip] = []

    def tip(self, kind: str, rect: pygame.Rect, **data: object) -> None:
        self.tips.append(Tip(kind, pygame.Rect(rect), data))

    def tip_at(self, pos: tuple[int, int]) -> Tip | None:
        """The topmost (last drawn) explained thing under ``pos``."""
        for tip in reversed(self.tips):
            if tip.rect.collidepoint(pos):
                return tip
        return None

    def add(self, kind: str, ident: str, rect: pygame.Rect, unit: str = "",
            system: str = "") -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown hit kind {kind!r}")
        self.hits.append(Hit(kind, ident, pygame.Rect(rect), unit, system))

    def at(self, pos: tuple[int, int]) -> Hit | None:
        for hit in reversed(self.hits):
            if hit.rect.collidepoint(pos):
                return hit
        return None

    def find(self, kind: str, ident: str | None = None) -> list[Hit]:
        return [h for h in self.hits if h.kind == kind and (ident is None or h.ident == ident)]

    def moved(self, offset: tuple[int, int]) -> HitMap:
        """The same hits shifted by ``offset`` (the drawn surface's place in the window)."""
        out = HitMap()
        out.hits = [h._replace(rect=h.rect.move(offset)) for h in self.hits]
        out.tips = [t._replace(rect=t.rect.move(offset)) for t in self.tips]
        return out
