"""Colours and small drawn icons of Arcs' table: player colours, resource types, suits.

Everything is drawn with pygame primitives (no art files): a resource is its colour, a
small icon and its first letter in the current language.
"""

from __future__ import annotations

import math

import pygame

from game.ui import fonts
from game.ui.palette import RGB

SEATS: tuple[RGB, ...] = ((80, 150, 255), (235, 80, 80), (240, 205, 70), (232, 232, 238))
SEAT_DARK: tuple[RGB, ...] = ((30, 60, 120), (110, 30, 30), (120, 95, 20), (110, 110, 120))

RESOURCES: dict[str, RGB] = {
    "material": (196, 146, 98),
    "fuel": (236, 186, 58),
    "weapon": (222, 84, 72),
    "relic": (80, 196, 196),
    "psionic": (186, 120, 232),
}
GREY: RGB = (70, 76, 92)
GREY_LINE: RGB = (58, 62, 76)

SUITS: dict[str, RGB] = {
    "administration": (170, 186, 214),
    "aggression": (214, 70, 64),
    "construction": (222, 134, 52),
    "mobilization": (60, 176, 196),
}
VOX: RGB = (170, 120, 230)
INK: RGB = (16, 18, 28)
MARKER_FRONT: RGB = (70, 120, 220)  # an ambition marker's blue side
MARKER_BACK: RGB = (232, 132, 48)  # its orange side
CARD_BACK: RGB = (58, 40, 92)


def seat_colour(seat: int) -> RGB:
    return SEATS[seat % len(SEATS)]


def darker(c: RGB, f: float = 0.55) -> RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def resource_icon(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int,
                  colour: RGB | None = None) -> None:
    """A small drawn symbol of a resource type, ``r`` its half size."""
    col = colour or INK
    x, y = centre
    if kind == "material":  # a hexagon
        pts = [(x + r * math.cos(math.radians(60 * i + 30)),
                y + r * math.sin(math.radians(60 * i + 30))) for i in range(6)]
        pygame.draw.polygon(surface, col, pts, max(2, r // 4))
    elif kind == "fuel":  # a drop
        pygame.draw.circle(surface, col, (x, y + r // 3), int(r * 0.62))
        pygame.draw.polygon(surface, col, [(x, y - r), (x - int(r * 0.6), y + r // 4),
                                           (x + int(r * 0.6), y + r // 4)])
    elif kind == "weapon":  # an arrow up
        w = max(2, r // 3)
        pygame.draw.polygon(surface, col, [(x, y - r), (x - r, y), (x + r, y)])
        pygame.draw.rect(surface, col, (x - w // 2, y, w, r))
    elif kind == "relic":  # a diamond with a core
        pygame.draw.polygon(surface, col, [(x, y - r), (x + r, y), (x, y + r), (x - r, y)],
                            max(2, r // 4))
        pygame.draw.circle(surface, col, (x, y), max(2, r // 3))
    elif kind == "psionic":  # rings
        pygame.draw.circle(surface, col, (x, y), r, max(2, r // 4))
        pygame.draw.circle(surface, col, (x, y), max(2, r // 3))
    else:
        pygame.draw.circle(surface, col, (x, y), r // 2)


def resource_token(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int,
                   letter: str) -> None:
    """A round resource token: colour, icon and letter."""
    pygame.draw.circle(surface, RESOURCES.get(kind, GREY), centre, r)
    pygame.draw.circle(surface, INK, centre, r, 2)
    resource_icon(surface, kind, (centre[0], centre[1] - r * 2 // 5), max(3, r * 3 // 10))
    lab = fonts.text(letter, max(9, int(r * 0.75)), INK, bold=True)
    surface.blit(lab, lab.get_rect(center=(centre[0], centre[1] + r * 2 // 5)))


def key(surface: pygame.Surface, centre: tuple[int, int], colour: RGB) -> None:
    """A small key (a raid's cost)."""
    x, y = centre
    pygame.draw.circle(surface, colour, (x - 4, y), 4, 2)
    pygame.draw.line(surface, colour, (x, y), (x + 7, y), 2)
    pygame.draw.line(surface, colour, (x + 5, y), (x + 5, y + 4), 2)


def ship(surface: pygame.Surface, centre: tuple[int, int], size: int, colour: RGB,
         damaged: bool) -> None:
    """A ship: a triangle pointing up (fresh) or tilted on its side (damaged)."""
    x, y = centre
    angle = math.radians(-90 + (70 if damaged else 0))
    pts = []
    for da, rr in ((0, size), (140, size * 0.85), (220, size * 0.85)):
        a = angle + math.radians(da)
        pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
    fill = darker(colour, 0.6) if damaged else colour
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, INK if not damaged else colour, pts, 2)


def building(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: RGB,
             damaged: bool) -> None:
    """A city (a house: square under a roof) or a starport (a ring with a hub); a damaged
    one is drawn tilted, darkened and struck through."""
    s = pygame.Surface((rect.w, rect.h), pygame.SRCALPHA)
    w, h = rect.w, rect.h
    fill = darker(colour, 0.5) if damaged else colour
    if kind == "city":
        pygame.draw.rect(s, fill, (3, h * 0.42, w - 6, h * 0.54))
        pygame.draw.polygon(s, fill, [(1, h * 0.45), (w / 2, 2), (w - 1, h * 0.45)])
        pygame.draw.rect(s, INK, (3, h * 0.42, w - 6, h * 0.54), 1)
    else:
        pygame.draw.circle(s, fill, (w // 2, h // 2), min(w, h) // 2 - 1)
        pygame.draw.circle(s, INK, (w // 2, h // 2), min(w, h) // 2 - 1, 1)
        pygame.draw.circle(s, INK, (w // 2, h // 2), min(w, h) // 5)
    if damaged:
        pygame.draw.line(s, (255, 90, 80), (2, 2), (w - 2, h - 2), 3)
        s = pygame.transform.rotate(s, 30)
    surface.blit(s, s.get_rect(center=rect.center))


def dashed_line(surface: pygame.Surface, colour: RGB, a: tuple[float, float],
                b: tuple[float, float], width: int = 3, dash: int = 12) -> None:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    steps = int(length // dash)
    for i in range(0, steps, 2):
        p = (a[0] + dx * i / steps, a[1] + dy * i / steps)
        q = (a[0] + dx * min(i + 1, steps) / steps, a[1] + dy * min(i + 1, steps) / steps)
        pygame.draw.line(surface, colour, p, q, width)


def label(surface: pygame.Surface, value: str, size: int, colour: RGB, bold: bool = False,
          **anchor: tuple[int, int]) -> pygame.Rect:
    """Blit one line of text anchored like ``Rect`` (``topleft=(x, y)``, ``center=…``)."""
    surf = fonts.text(value, size, colour, bold)
    rect = surf.get_rect(**anchor)
    surface.blit(surf, rect)
    return rect


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value`` cut with an ellipsis to fit ``width`` pixels."""
    f = fonts.font(size, bold)
    if f.size(value)[0] <= width:
        return value
    while value and f.size(value + "…")[0] > width:
        value = value[:-1]
    return value.rstrip() + "…"
