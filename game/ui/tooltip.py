"""A hover box of wrapped text near the pointer, kept inside the window — shared by the
games' tables (Arcs' cards today; any table that can say what is under the pointer).

:func:`tooltip_layout` measures (so a test can check that nothing is cut and the box
stays in the window) and :func:`draw_tooltip` draws what it measured.  The text is
wrapped, never cut: when the window is too small for it at ``size`` the size steps down,
to ``least`` at worst.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game.ui import fonts, palette
from game.ui.palette import RGB

BACK: RGB = (12, 16, 30)


@dataclass(frozen=True)
class TooltipLayout:
    rect: pygame.Rect
    title_lines: tuple[str, ...]
    kind_lines: tuple[str, ...]
    body_lines: tuple[str, ...]
    size: int  # the body's font size; the title is a third larger, the kind line smaller
    pad: int

    @property
    def title_size(self) -> int:
        return round(self.size * 1.15)

    @property
    def kind_size(self) -> int:
        return max(8, round(self.size * 0.85))


def _blocks(lay: TooltipLayout) -> list[tuple[tuple[str, ...], int, bool, str]]:
    """The non-empty blocks, top to bottom: (lines, size, bold, role)."""
    return [block for block in (
        (lay.title_lines, lay.title_size, True, "title"),
        (lay.kind_lines, lay.kind_size, False, "kind"),
        (lay.body_lines, lay.size, False, "body")) if block[0]]


def _measure(title: str, kind: str, body: str, size: int, width: int,
             pad: int) -> tuple[TooltipLayout, int]:
    lay = TooltipLayout(pygame.Rect(0, 0, width, 0), (), (), (), size, pad)
    inner = width - 2 * pad
    lay = TooltipLayout(
        lay.rect, tuple(fonts.wrap(title, lay.title_size, inner, True)) if title else (),
        tuple(fonts.wrap(kind, lay.kind_size, inner)) if kind else (),
        tuple(fonts.wrap(body, size, inner)) if body else (), size, pad)
    blocks = _blocks(lay)
    h = 2 * pad + sum(fonts.block_height(len(b[0]), b[1], b[2]) for b in blocks)
    h += (pad // 2) * max(0, len(blocks) - 1)
    return TooltipLayout(pygame.Rect(0, 0, width, h), lay.title_lines, lay.kind_lines,
                         lay.body_lines, size, pad), h


def tooltip_layout(title: str, kind: str, body: str, pointer: tuple[int, int],
                   window: pygame.Rect, size: int, width: int, least: int = 12,
                   avoid: pygame.Rect | None = None) -> TooltipLayout:
    """Where the box of ``title`` / ``kind`` / ``body`` goes: above ``avoid`` (the thing
    pointed at) or else below it; with no ``avoid`` (or no room) below right of the
    pointer, flipped left or up where the window ends; always inside ``window``."""
    width = min(width, window.w - 8)
    pad = max(6, size // 2)
    lay, h = _measure(title, kind, body, size, width, pad)
    s = size
    while h > window.h - 8 and s > least:  # too tall for the window: smaller, not cut
        s -= 1
        lay, h = _measure(title, kind, body, s, width, max(6, s // 2))
    box = pygame.Rect(0, 0, width, min(h, window.h))
    gap = max(12, size)
    x, y = pointer
    if avoid is not None:  # beside the thing pointed at: above it, else below it
        box.midbottom = (x, avoid.y - 4)
        if box.y < window.y:
            box.midtop = (x, avoid.bottom + 4)
    if avoid is None or box.bottom > window.bottom:  # else below right of the pointer
        box.topleft = (x + gap, y + gap)
        if box.right > window.right:
            box.right = x - gap
        if box.bottom > window.bottom:
            box.bottom = y - gap
    box.clamp_ip(window)
    return TooltipLayout(box, lay.title_lines, lay.kind_lines, lay.body_lines, lay.size,
                         lay.pad)


def draw_tooltip(surface: pygame.Surface, lay: TooltipLayout,
                 accent: RGB = palette.GOLD) -> None:
    box = lay.rect
    radius = max(4, lay.pad // 2)
    pygame.draw.rect(surface, BACK, box, border_radius=radius)
    pygame.draw.rect(surface, accent, box, 2, border_radius=radius)
    x, y = box.x + lay.pad, box.y + lay.pad
    colours = {"title": accent, "kind": palette.MUTED, "body": palette.TEXT}
    for lines, size, bold, role in _blocks(lay):
        colour = colours[role]
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, size, colour, bold), (x, y + i * fonts.line_step(size)))
        y += fonts.block_height(len(lines), size, bold) + lay.pad // 2
