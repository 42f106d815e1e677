"""Forbidden Stars' combat die, combat tokens and card icons, drawn with pygame primitives.

The die has three symbols (facts §2: 3 bolter, 2 shield, 1 morale): a bolter
(«нападение», a red burst), a shield («защита», a blue shield) and morale («мораль», a
gold laurel star).  A die is a light square showing its symbol; a combat token is a
round disc (facts §2: «double-sided: bolter / shield»); a card's icon is the bare symbol.
"""

from __future__ import annotations

import math

import pygame

from game.ui.palette import RGB

ATTACK: RGB = (228, 70, 56)
DEFENCE: RGB = (70, 150, 235)
MORALE: RGB = (240, 196, 60)
INK: RGB = (14, 16, 24)
DIE_FACE: RGB = (234, 230, 218)
TOKEN_FACE: RGB = (46, 50, 66)
COLOURS: dict[str, RGB] = {"bolter": ATTACK, "shield": DEFENCE, "morale": MORALE}


def symbol(surface: pygame.Surface, face: str, centre: tuple[int, int], r: int) -> None:
    """One symbol, ``r`` its half size."""
    x, y = centre
    r = max(3, r)
    if face == "bolter":  # a burst
        pts = []
        for i in range(16):
            rr = r if i % 2 == 0 else r * 0.45
            a = i * math.pi / 8
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, ATTACK, pts)
        pygame.draw.polygon(surface, INK, pts, 1)
    elif face == "shield":
        pts = [(x - r * 0.85, y - r * 0.85), (x + r * 0.85, y - r * 0.85),
               (x + r * 0.8, y + r * 0.1), (x, y + r), (x - r * 0.8, y + r * 0.1)]
        pygame.draw.polygon(surface, DEFENCE, pts)
        pygame.draw.polygon(surface, INK, pts, 1)
    elif face == "morale":  # a five-pointed star
        pts = []
        for i in range(10):
            rr = r if i % 2 == 0 else r * 0.42
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, MORALE, pts)
        pygame.draw.polygon(surface, INK, pts, 1)
    else:  # an unknown face: a question mark's dot
        pygame.draw.circle(surface, INK, centre, r // 3)


def heart(surface: pygame.Surface, centre: tuple[int, int], r: int) -> None:
    """A unit's health: a small red heart."""
    x, y = centre
    q = max(2, r // 2)
    pygame.draw.circle(surface, ATTACK, (x - q, y - q // 2), q)
    pygame.draw.circle(surface, ATTACK, (x + q, y - q // 2), q)
    pygame.draw.polygon(surface, ATTACK, [(x - 2 * q, y - q // 3), (x + 2 * q, y - q // 3),
                                          (x, y + r)])


def draw_die(surface: pygame.Surface, face: str, rect: pygame.Rect) -> None:
    radius = max(2, rect.w // 6)
    pygame.draw.rect(surface, DIE_FACE, rect, border_radius=radius)
    pygame.draw.rect(surface, COLOURS.get(face, INK), rect, 2, border_radius=radius)
    symbol(surface, face, rect.center, int(rect.w * 0.36))


def draw_token(surface: pygame.Surface, face: str, centre: tuple[int, int], r: int) -> None:
    pygame.draw.circle(surface, TOKEN_FACE, centre, r)
    pygame.draw.circle(surface, COLOURS.get(face, INK), centre, r, 2)
    symbol(surface, face, centre, int(r * 0.62))


def draw_dice(surface: pygame.Surface, faces: tuple[str, ...], topleft: tuple[int, int],
              size: int, gap: int, per_row: int) -> int:
    """Dice in rows of ``per_row``; returns the height used."""
    x0, y0 = topleft
    rows = 0
    for i, face in enumerate(faces):
        row, col = divmod(i, max(1, per_row))
        rows = row + 1
        draw_die(surface, face, pygame.Rect(x0 + col * (size + gap), y0 + row * (size + gap),
                                            size, size))
    return rows * (size + gap) - gap if rows else 0
