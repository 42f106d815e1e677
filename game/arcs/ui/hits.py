"""Where things are on the drawn table: the renderer records each clickable thing (a
system, a ship chip, a building, a court card, a card in hand, an ambition, a draft
card, the round's play area) as it draws it, and the scene asks :meth:`HitMap.at`.

Geometry is in the renderer's own pixels (the 1920×1080 base); :meth:`HitMap.scaled`
maps it onto the window.  A hit says *what* was clicked, never what it may do: the
scene filters the engine's legal actions by it (game.arcs.ui.picking).
"""

from __future__ import annotations

from typing import NamedTuple

import pygame


class Hit(NamedTuple):
    kind: str  # system | ship | building | court | hand | ambition | draft | play_area
    ident: str  # system id, card id or ambition id ("" for the play area)
    rect: pygame.Rect
    seat: int = -1  # a ship chip's or building's owner
    index: int = -1  # a court slot, a building slot, a hand position
    damaged: bool = False  # a chip of damaged ships
    round: bool = False  # hit-tested as the circle inside ``rect`` (systems)

    def contains(self, pos: tuple[int, int]) -> bool:
        if not self.rect.collidepoint(pos):
            return False
        if not self.round:
            return True
        cx, cy = self.rect.center
        r = self.rect.w / 2
        return (pos[0] - cx) ** 2 + (pos[1] - cy) ** 2 <= r * r


class HitMap:
    """Hits in drawing order: the last drawn (on top) wins."""

    def __init__(self) -> None:
        self.hits: list[Hit] = []

    def add(self, kind: str, ident: str, rect: pygame.Rect, **fields: object) -> None:
        self.hits.append(Hit(kind, ident, pygame.Rect(rect), **fields))  # type: ignore[arg-type]

    def extend(self, other: HitMap) -> None:
        self.hits.extend(other.hits)

    def at(self, pos: tuple[int, int]) -> Hit | None:
        for hit in reversed(self.hits):
            if hit.contains(pos):
                return hit
        return None

    def find(self, kind: str, ident: str | None = None) -> list[Hit]:
        return [h for h in self.hits if h.kind == kind and (ident is None or h.ident == ident)]

    def scaled(self, factor: float, offset: tuple[int, int]) -> HitMap:
        out = HitMap()
        ox, oy = offset
        for h in self.hits:
            r = h.rect
            rect = pygame.Rect(round(ox + r.x * factor), round(oy + r.y * factor),
                               max(1, round(r.w * factor)), max(1, round(r.h * factor)))
            out.hits.append(h._replace(rect=rect))
        return out
