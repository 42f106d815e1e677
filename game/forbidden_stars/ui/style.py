"""Colours and small drawn pieces of Forbidden Stars' table, all pygame primitives (no art
files): faction colours, worlds and voids, asset seals, structures, unit tokens (upright
or routed: tipped over and greyed), order tokens (face up or their backs), objective
tokens and warp storms.  Sizes are in the surface's own pixels."""

from __future__ import annotations

import math

import pygame

from game.ui import fonts
from game.ui.palette import RGB

FACTIONS: dict[str, RGB] = {
    "space_marines": (70, 130, 240),
    "chaos": (220, 60, 56),
    "orks": (96, 190, 72),
    "eldar": (238, 200, 64),
}
NEUTRAL: RGB = (150, 156, 170)
INK: RGB = (14, 16, 24)
ROUTED: RGB = (110, 112, 120)

# worlds: a colour per materiel value (0 barren … 3 rich), the capacity's skull pips
WORLDS: tuple[RGB, ...] = ((96, 84, 120), (64, 112, 150), (58, 136, 104), (150, 118, 62))
VOID: RGB = (14, 18, 34)
VOID_STAR: RGB = (70, 84, 120)
TILE_EDGE: RGB = (66, 78, 110)
AREA_EDGE: RGB = (44, 54, 84)
STORM: RGB = (190, 80, 230)
STORM_CORE: RGB = (255, 200, 255)
LIT: RGB = (120, 220, 255)
PICKED: RGB = (255, 214, 102)

ASSETS: dict[str, RGB] = {
    "forge": (232, 120, 56),
    "cache": (180, 150, 96),
    "reinforcement": (120, 200, 120),
    "prosperity": (240, 210, 90),
}
ORDERS: dict[str, RGB] = {
    "deploy": (70, 160, 90),
    "strategize": (80, 130, 220),
    "dominate": (220, 170, 60),
    "advance": (210, 70, 64),
}


def faction_colour(faction: str) -> RGB:
    return FACTIONS.get(faction, NEUTRAL)


def darker(c: RGB, f: float = 0.55) -> RGB:
    return (int(c[0] * f), int(c[1] * f), int(c[2] * f))


def world_colour(materiel: int) -> RGB:
    return WORLDS[max(0, min(materiel, len(WORLDS) - 1))]


def label(surface: pygame.Surface, value: str, size: int, colour: RGB, bold: bool = False,
          **anchor: tuple[int, int]) -> pygame.Rect:
    """Blit one line of text anchored like ``Rect`` (``topleft=(x, y)``, ``center=…``)."""
    surf = fonts.text(value, max(8, size), colour, bold)
    rect = surf.get_rect(**anchor)
    surface.blit(surf, rect)
    return rect


def fit(value: str, size: int, width: int, bold: bool = False) -> str:
    """``value`` cut with an ellipsis to fit ``width`` pixels."""
    f = fonts.font(max(8, size), bold)
    if f.size(value)[0] <= width:
        return value
    while value and f.size(value + "…")[0] > width:
        value = value[:-1]
    return value.rstrip() + "…"


def fit_size(value: str, size: int, width: int, bold: bool = False) -> int:
    """The size at which ``value`` fits ``width``: a little smaller (to 7/10, never under
    9 px) rather than cut (issue 38 item 5); :func:`fit` cuts what still does not."""
    least = max(9, size * 7 // 10)
    while size > least and fonts.font(size, bold).size(value)[0] > width:
        size -= 1
    return size


def planet(surface: pygame.Surface, rect: pygame.Rect, materiel: int) -> None:
    """A world: a banded disc of its materiel colour in the area's corner."""
    c = world_colour(materiel)
    r = max(6, min(rect.w, rect.h) // 2)
    centre = rect.center
    pygame.draw.circle(surface, darker(c, 0.8), centre, r)
    pygame.draw.circle(surface, c, (centre[0] - r // 5, centre[1] - r // 5), r * 4 // 5)
    pygame.draw.arc(surface, darker(c, 0.6), pygame.Rect(centre[0] - r, centre[1] - r // 3,
                                                         2 * r, r), 0.2, 2.9, max(1, r // 8))
    pygame.draw.circle(surface, INK, centre, r, max(1, r // 10))


def skull(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: RGB) -> None:
    """A capacity pip: a small skull (a head and a jaw with two eyes)."""
    x, y = centre
    pygame.draw.circle(surface, colour, (x, y - r // 5), r)
    pygame.draw.rect(surface, colour, (x - r * 3 // 5, y, r * 6 // 5, r))
    e = max(1, r * 3 // 10)
    pygame.draw.circle(surface, INK, (x - r * 2 // 5, y - r // 5), e)
    pygame.draw.circle(surface, INK, (x + r * 2 // 5, y - r // 5), e)


def asset(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int) -> None:
    """An asset seal: a round seal of its colour with a drawn symbol."""
    x, y = centre
    pygame.draw.circle(surface, ASSETS.get(kind, NEUTRAL), centre, r)
    pygame.draw.circle(surface, INK, centre, r, max(1, r // 6))
    s = r * 3 // 5
    w = max(1, r // 5)
    if kind == "forge":  # an anvil
        pygame.draw.polygon(surface, INK, [(x - s, y - s // 2), (x + s, y - s // 2),
                                           (x + s // 2, y), (x - s // 2, y)])
        pygame.draw.rect(surface, INK, (x - s // 3, y, 2 * s // 3, s // 2))
        pygame.draw.rect(surface, INK, (x - s * 2 // 3, y + s // 2, 4 * s // 3, w + 1))
    elif kind == "cache":  # a crate
        box = pygame.Rect(x - s, y - s * 2 // 3, 2 * s, s * 4 // 3)
        pygame.draw.rect(surface, INK, box, w)
        pygame.draw.line(surface, INK, box.topleft, box.bottomright, w)
    elif kind == "reinforcement":  # a plus
        pygame.draw.rect(surface, INK, (x - w, y - s, 2 * w, 2 * s))
        pygame.draw.rect(surface, INK, (x - s, y - w, 2 * s, 2 * w))
    elif kind == "prosperity":  # a star
        pts = []
        for i in range(10):
            rr = s if i % 2 == 0 else s // 2
            a = math.radians(-90 + 36 * i)
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, INK, pts)
    else:
        pygame.draw.circle(surface, INK, centre, s // 2)


def structure(surface: pygame.Surface, rect: pygame.Rect, kind: str, colour: RGB) -> None:
    """A city (towers), a factory (a hall with a chimney) or a bastion (a walled keep)."""
    x, y, w, h = rect
    if kind == "city":
        for i, frac in enumerate((0.55, 1.0, 0.75)):
            tw = w // 3
            th = int(h * frac)
            pygame.draw.rect(surface, colour, (x + i * tw, y + h - th, tw - 1, th))
            pygame.draw.rect(surface, INK, (x + i * tw, y + h - th, tw - 1, th), 1)
    elif kind == "factory":
        pygame.draw.rect(surface, colour, (x, y + h // 2, w, h // 2))
        pygame.draw.rect(surface, colour, (x + w * 3 // 4 - 2, y, w // 5, h // 2 + 1))
        pygame.draw.polygon(surface, colour, [(x, y + h // 2), (x + w // 4, y + h // 4),
                                              (x + w // 4, y + h // 2)])
        pygame.draw.rect(surface, INK, (x, y + h // 2, w, h // 2), 1)
    else:  # bastion
        pygame.draw.rect(surface, colour, (x, y + h // 4, w, h * 3 // 4))
        for i in range(3):
            pygame.draw.rect(surface, colour, (x + i * w * 2 // 5, y, w // 5, h // 4 + 1))
        pygame.draw.rect(surface, INK, (x, y + h // 4, w, h * 3 // 4), 1)


def unit(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: RGB, ship: bool,
         routed: bool) -> None:
    """A unit token: a ship is a chevron, a ground unit a shield; a routed one lies
    tipped over on its side and greyed."""
    x, y = centre
    fill = darker(colour, 0.45) if routed else colour
    if ship:
        pts = [(0, -r), (r * 0.9, r * 0.8), (0, r * 0.35), (-r * 0.9, r * 0.8)]
    else:
        pts = [(-r * 0.8, -r * 0.8), (r * 0.8, -r * 0.8), (r * 0.8, r * 0.1), (0, r),
               (-r * 0.8, r * 0.1)]
    angle = math.radians(90 if routed else 0)
    ca, sa = math.cos(angle), math.sin(angle)
    poly = [(x + px * ca - py * sa, y + px * sa + py * ca) for px, py in pts]
    pygame.draw.polygon(surface, fill, poly)
    pygame.draw.polygon(surface, ROUTED if routed else INK, poly, max(1, r // 6))


def order_token(surface: pygame.Surface, centre: tuple[int, int], r: int, order: str,
                letter: str, back: RGB | None = None) -> None:
    """An order token: face up, the order's colour and its first letter; its back (a
    rival's face-down order), the faction colour with a dark star."""
    x, y = centre
    if back is not None:
        pygame.draw.circle(surface, darker(back, 0.7), centre, r)
        pygame.draw.circle(surface, INK, centre, r, max(1, r // 7))
        star = []
        for i in range(8):
            rr = r * 0.55 if i % 2 == 0 else r * 0.22
            a = math.radians(-90 + 45 * i)
            star.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        pygame.draw.polygon(surface, INK, star)
        return
    pygame.draw.circle(surface, ORDERS.get(order, NEUTRAL), centre, r)
    pygame.draw.circle(surface, INK, centre, r, max(1, r // 7))
    label(surface, letter, int(r * 1.15), INK, True, center=centre)


def objective_token(surface: pygame.Surface, centre: tuple[int, int], r: int,
                    colour: RGB | None) -> None:
    """An objective token in its faction's colour, or an empty spot (``colour`` None)."""
    if colour is None:
        pygame.draw.circle(surface, (90, 96, 120), centre, r, max(1, r // 5))
        return
    pygame.draw.circle(surface, colour, centre, r)
    pygame.draw.circle(surface, INK, centre, r, max(1, r // 6))
    pygame.draw.circle(surface, INK, centre, max(2, r // 3))


def storm(surface: pygame.Surface, a: tuple[int, int], b: tuple[int, int], width: int) -> None:
    """A warp storm on a tile border: a violet zigzag band from ``a`` to ``b``."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return
    nx, ny = -dy / length, dx / length
    steps = max(4, int(length // max(6, width)))
    pts = []
    for i in range(steps + 1):
        side = width * (0.5 if i % 2 else -0.5)
        pts.append((a[0] + dx * i / steps + nx * side, a[1] + dy * i / steps + ny * side))
    pygame.draw.line(surface, STORM, a, b, width)
    pygame.draw.lines(surface, STORM_CORE, False, pts, max(2, width // 4))


def ring(surface: pygame.Surface, rect: pygame.Rect, colour: RGB, width: int = 3,
         radius: int = 6) -> None:
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


CONTESTED: RGB = (255, 140, 40)


def unit_class(utype: str, cl: int) -> str:
    """The drawn shape of a unit (issue 38 item 1): every faction has the same six
    kinds — infantry (CL 0), elite infantry (CL 1), vehicle (CL 2), titan (CL 3), escort
    ship (CL 0–1) and capital ship (CL 2+)."""
    if utype == "ship":
        return "escort" if cl < 2 else "capital"
    return ("infantry", "elite", "vehicle", "titan")[max(0, min(cl, 3))]


UNIT_CLASSES = ("infantry", "elite", "vehicle", "titan", "escort", "capital")


def unit_icon(surface: pygame.Surface, centre: tuple[int, int], r: int, colour: RGB,
              kind: str, routed: bool = False) -> pygame.Rect:
    """A unit as a small drawn figure of its :func:`unit_class` in its faction's colour
    on a dark disc; a routed one is turned on its side and greyed.  Returns its rect."""
    size = 2 * r + 2
    tok = pygame.Surface((size, size), pygame.SRCALPHA)
    c = r + 1
    fill = darker(colour, 0.55) if routed else colour
    edge = ROUTED if routed else INK
    pygame.draw.circle(tok, (24, 28, 44, 235), (c, c), r)
    pygame.draw.circle(tok, darker(colour, 0.8) if not routed else ROUTED, (c, c), r,
                       max(1, r // 8))
    s = r * 0.78
    w = max(1, r // 9)

    def poly(pts: list[tuple[float, float]]) -> None:
        p = [(c + x * s, c + y * s) for x, y in pts]
        pygame.draw.polygon(tok, fill, p)
        pygame.draw.polygon(tok, edge, p, w)

    def rect(x: float, y: float, rw: float, rh: float, rad: int = 0) -> None:
        box = pygame.Rect(round(c + x * s), round(c + y * s), max(1, round(rw * s)),
                          max(1, round(rh * s)))
        pygame.draw.rect(tok, fill, box, border_radius=rad)
        pygame.draw.rect(tok, edge, box, w, border_radius=rad)

    if kind == "infantry":  # a trooper: a helmet over shoulders
        poly([(-0.7, 0.85), (-0.55, 0.15), (0.55, 0.15), (0.7, 0.85)])
        pygame.draw.circle(tok, fill, (c, round(c - 0.3 * s)), round(0.38 * s))
        pygame.draw.circle(tok, edge, (c, round(c - 0.3 * s)), round(0.38 * s), w)
    elif kind == "elite":  # a heavy trooper: a shield with a chevron
        poly([(-0.75, -0.8), (0.75, -0.8), (0.75, 0.15), (0, 0.9), (-0.75, 0.15)])
        pygame.draw.lines(tok, edge, False, [(c - 0.45 * s, c - 0.3 * s), (c, c + 0.15 * s),
                                             (c + 0.45 * s, c - 0.3 * s)], max(1, r // 6))
    elif kind == "vehicle":  # a tank: tracks, hull, turret and gun
        rect(-0.9, 0.3, 1.8, 0.5, max(1, r // 5))
        rect(-0.7, -0.15, 1.4, 0.5)
        rect(-0.3, -0.55, 0.6, 0.45)
        rect(0.3, -0.42, 0.6, 0.16)
    elif kind == "titan":  # a walker: head, wide torso, two legs
        rect(-0.5, 0.2, 0.3, 0.7)
        rect(0.2, 0.2, 0.3, 0.7)
        poly([(-0.85, -0.45), (0.85, -0.45), (0.6, 0.3), (-0.6, 0.3)])
        rect(-0.22, -0.9, 0.44, 0.42)
    elif kind == "escort":  # a small dart
        poly([(0, -0.85), (0.55, 0.75), (0, 0.4), (-0.55, 0.75)])
    else:  # a capital ship: a long hull with wings and a bridge
        poly([(0, -0.95), (0.3, -0.3), (0.9, 0.55), (0.3, 0.45), (0.2, 0.9), (-0.2, 0.9),
              (-0.3, 0.45), (-0.9, 0.55), (-0.3, -0.3)])
        pygame.draw.circle(tok, edge, (c, round(c + 0.1 * s)), max(1, round(0.15 * s)))
    if routed:
        tok = pygame.transform.rotate(tok, -90)
    box = tok.get_rect(center=centre)
    surface.blit(tok, box)
    return box
