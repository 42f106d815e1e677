"""One card, large, over the table: its title, its kind, its whole text and what the
icons on it mean — opened by a right click on a card, closed by a click or Esc.  Shared
by the games' tables (each game says what a card reads as a :class:`CardFace`; Star
Realms keeps its own picture zoom).

:func:`zoom_layout` measures everything first (a test checks the sizes against the
projector minimum of docs/art.md and that no line leaves the box); :class:`CardZoom`
holds the open card and eats the input while it is open.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import i18n
from game.ui import fonts, palette
from game.ui.palette import RGB

# Reference sizes (1920×1080 px, times the window's scale and the player's text scale)
WIDTH = 1000
TITLE, KIND, BODY, LEGEND, HINT = 46, 28, 32, 26, 22
LEAST = 14  # never smaller than this many window pixels, whatever the window


@dataclass(frozen=True)
class CardFace:
    """What a card says, in the player's language."""

    title: str
    kind: str  # "Guild card · Material · raid cost 2"
    body: str  # the whole text
    legend: tuple[str, ...] = ()  # one line per icon drawn on the card
    accent: RGB = palette.GOLD


@dataclass(frozen=True)
class ZoomLayout:
    rect: pygame.Rect
    pad: int
    blocks: tuple[tuple[str, tuple[str, ...], int, bool], ...]  # (role, lines, size, bold)

    def size_of(self, role: str) -> int:
        return next(size for r, _, size, _ in self.blocks if r == role)

    def lines_of(self, role: str) -> tuple[str, ...]:
        return next((lines for r, lines, _, _ in self.blocks if r == role), ())


def _sizes(scale: float, step: float) -> dict[str, int]:
    return {role: max(LEAST, round(ref * scale * step)) for role, ref in (
        ("title", TITLE), ("kind", KIND), ("body", BODY), ("legend", LEGEND), ("hint", HINT))}


def zoom_layout(face: CardFace, window: pygame.Rect, scale: float,
                hint: str = "") -> ZoomLayout:
    """The zoom of ``face`` centred in ``window``; ``scale``: window pixels per reference
    pixel (with the player's text size).  Too tall for the window: every size steps
    down together (to ``LEAST`` at worst); text is wrapped, never cut."""
    margin = max(8, round(24 * scale))
    width = min(round(WIDTH * scale), window.w - 2 * margin)
    pad = max(10, round(28 * scale))
    inner = width - 2 * pad
    step = 1.0
    while True:
        size = _sizes(scale, step)
        blocks = [("title", tuple(fonts.wrap(face.title, size["title"], inner, True)),
                   size["title"], True),
                  ("kind", tuple(fonts.wrap(face.kind, size["kind"], inner)), size["kind"],
                   False),
                  ("body", tuple(fonts.wrap(face.body, size["body"], inner)), size["body"],
                   False)]
        legend = tuple(line for item in face.legend
                       for line in fonts.wrap(item, size["legend"], inner))
        if legend:
            blocks.append(("legend", legend, size["legend"], False))
        if hint:
            blocks.append(("hint", (hint,), size["hint"], False))
        blocks = [b for b in blocks if b[1] and any(b[1])]
        h = 2 * pad + sum(fonts.block_height(len(b[1]), b[2], b[3]) for b in blocks)
        h += pad * max(0, len(blocks) - 1)
        if h <= window.h - 2 * margin or min(size.values()) <= LEAST:
            break
        step *= 0.92
    rect = pygame.Rect(0, 0, width, min(h, window.h))
    rect.center = window.center
    return ZoomLayout(rect, pad, tuple(blocks))


def draw_zoom(surface: pygame.Surface, face: CardFace, lay: ZoomLayout) -> None:
    shade = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    shade.fill((0, 0, 0, 170))
    surface.blit(shade, (0, 0))
    box = lay.rect
    radius = max(6, lay.pad // 2)
    pygame.draw.rect(surface, (14, 18, 34), box, border_radius=radius)
    pygame.draw.rect(surface, face.accent, box, max(2, lay.pad // 8), border_radius=radius)
    colours = {"title": face.accent, "kind": palette.MUTED, "body": palette.WHITE,
               "legend": palette.SOFT, "hint": palette.DIM}
    x, y = box.x + lay.pad, box.y + lay.pad
    for role, lines, size, bold in lay.blocks:
        if role == "legend":  # a rule between the text and what the icons mean
            pygame.draw.line(surface, palette.EDGE, (x, y - lay.pad // 2),
                             (box.right - lay.pad, y - lay.pad // 2), 1)
        for i, line in enumerate(lines):
            surface.blit(fonts.text(line, size, colours[role], bold),
                         (x, y + i * fonts.line_step(size)))
        y += fonts.block_height(len(lines), size, bold) + lay.pad


class CardZoom:
    """The open zoom (or none): :meth:`handle` first in the scene's events."""

    def __init__(self) -> None:
        self.face: CardFace | None = None

    @property
    def is_open(self) -> bool:
        return self.face is not None

    def open(self, face: CardFace) -> None:
        self.face = face

    def close(self) -> None:
        self.face = None

    def handle(self, event: pygame.event.Event) -> bool:
        """True when the event was the zoom's: any click or Esc/Enter/Space closes it;
        while it is open nothing under it hears the pointer or the keys."""
        if self.face is None:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN or (
                event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)):
            self.close()
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION, pygame.KEYDOWN,
                              pygame.MOUSEWHEEL)

    def layout(self, window: pygame.Rect, scale: float) -> ZoomLayout | None:
        if self.face is None:
            return None
        return zoom_layout(self.face, window, scale, i18n.t("common.card_zoom_close"))

    def draw(self, surface: pygame.Surface, scale: float) -> None:
        lay = self.layout(surface.get_rect(), scale)
        if self.face is not None and lay is not None:
            draw_zoom(surface, self.face, lay)
