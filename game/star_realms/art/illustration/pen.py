"""The pen every motif draws with, and the drawing helpers motifs share: a faction's
tones, shaded hulls, engine glows, organic tubes and glowing dots."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

from game.star_realms.art import palette
from game.star_realms.art.shapes import RGB, Point, mix


class Pen:
    """Draws shapes given in the subject's local units (length 1, nose at y = -0.5),
    rotated and scaled onto a supersampled canvas."""

    def __init__(self, draw: ImageDraw.ImageDraw, glow: ImageDraw.ImageDraw, cx: float,
                 cy: float, size: float, angle: float, s: float):
        self.d, self.g = draw, glow
        self.cx, self.cy, self.size, self.s = cx, cy, size, s
        self.cos, self.sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))

    def p(self, x: float, y: float) -> Point:
        rx = x * self.cos - y * self.sin
        ry = x * self.sin + y * self.cos
        return ((self.cx + rx * self.size) * self.s, (self.cy + ry * self.size) * self.s)

    def poly(self, pts: Sequence[Point], fill: RGB | tuple[int, int, int, int],
             mirror: bool = False) -> None:
        self.d.polygon([self.p(x, y) for x, y in pts], fill=fill)
        if mirror:
            self.d.polygon([self.p(-x, y) for x, y in pts], fill=fill)

    def sym(self, half: Sequence[Point], fill: RGB) -> None:
        """A polygon symmetric about the axis, given by its right half (top to bottom)."""
        pts = list(half) + [(-x, y) for x, y in reversed(half)]
        self.poly(pts, fill)

    def circle(self, x: float, y: float, r: float, fill, outline=None, width: float = 0,
               glow: bool = False) -> None:
        px, py = self.p(x, y)
        rr = r * self.size * self.s
        target = self.g if glow else self.d
        target.ellipse((px - rr, py - rr, px + rr, py + rr), fill=fill, outline=outline,
                       width=max(0, round(width * self.size * self.s)))

    def ellipse_poly(self, x: float, y: float, rx: float, ry: float, fill, n: int = 28,
                     rot: float = 0.0) -> None:
        c, sn = math.cos(rot), math.sin(rot)
        pts = []
        for i in range(n):
            t = 2 * math.pi * i / n
            ex, ey = rx * math.cos(t), ry * math.sin(t)
            pts.append((x + ex * c - ey * sn, y + ex * sn + ey * c))
        self.poly(pts, fill)

    def line(self, pts: Sequence[Point], fill, width: float, glow: bool = False) -> None:
        target = self.g if glow else self.d
        target.line([self.p(x, y) for x, y in pts], fill=fill,
                    width=max(1, round(width * self.size * self.s)), joint="curve")


def inset(pts: Sequence[Point], k: float, dx: float = 0.0, dy: float = 0.0) -> list[Point]:
    """``pts`` scaled by ``k`` about their centre, then shifted: k > 1 gives an
    outline to draw underneath, k < 1 an inner plate or highlight."""
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * k + dx, cy + (y - cy) * k + dy) for x, y in pts]


def faction_tones(st: palette.FactionStyle) -> dict[str, RGB]:
    """The hull tones of a faction: steel greys tinted towards its colours."""
    return {
        "edge": mix((16, 18, 26), st.dark, 0.35),
        "dark": mix((58, 64, 80), st.dark, 0.35),
        "mid": mix((124, 132, 152), st.color, 0.22),
        "light": mix((196, 204, 220), st.light, 0.3),
        "accent": st.color,
        "glow": st.light,
    }


def blob_tones(t: dict[str, RGB]) -> tuple[RGB, RGB]:
    """Blob flesh: the body colour and its highlight."""
    return mix(t["accent"], (30, 40, 20), 0.35), mix(t["accent"], (230, 255, 200), 0.35)


def shaded_hull(pen: Pen, half: Sequence[Point], tones: dict[str, RGB]) -> list[Point]:
    """A symmetric hull given by its right half: outline, body, inner plate and
    a lit left half.  Returns the whole outline."""
    pts = list(half) + [(-x, y) for x, y in reversed(half)]
    pen.poly(inset(pts, 1.06), tones["edge"])
    pen.poly(pts, tones["dark"])
    pen.poly(inset(pts, 0.82, -0.01, -0.015), tones["mid"])
    # light from the upper left: a lighter left half of the inner hull
    left = [(x, y) for x, y in inset(pts, 0.82, -0.01, -0.015) if x <= 0.0001]
    if len(left) >= 3:
        pen.poly(left, tones["light"])
    return pts


def engines(pen: Pen, xs: Sequence[float], y: float, r: float, color: RGB) -> None:
    """Engine nozzles at ``xs`` on the line ``y``, glowing in ``color``."""
    for x in xs:
        pen.circle(x, y, r * 2.4, (*color, 110), glow=True)
        pen.circle(x, y, r, (255, 255, 255, 255), glow=True)
        pen.circle(x, y, r * 0.9, (*mix(color, (255, 255, 255), 0.6), 255))


def qbez(p0: Point, p1: Point, p2: Point, k: float) -> Point:
    """The point at ``k`` (0 to 1) along a quadratic Bézier curve."""
    return ((1 - k) ** 2 * p0[0] + 2 * (1 - k) * k * p1[0] + k * k * p2[0],
            (1 - k) ** 2 * p0[1] + 2 * (1 - k) * k * p1[1] + k * k * p2[1])


def tube(pen: Pen, p0: Point, p1: Point, p2: Point, r0: float, r1: float, edge: RGB,
         body: RGB, n: int = 14) -> list[Point]:
    """A tapering organic tube along a quadratic curve (tentacles, worms, spires)."""
    pts = [qbez(p0, p1, p2, j / (n - 1)) for j in range(n)]
    for j, (x, y) in enumerate(pts):
        pen.circle(x, y, r0 + (r1 - r0) * j / (n - 1) + 0.012, edge)
    for j, (x, y) in enumerate(pts):
        pen.circle(x, y, r0 + (r1 - r0) * j / (n - 1), body)
    return pts


def glow_dot(pen: Pen, x: float, y: float, r: float, color: RGB) -> None:
    """A small light with a halo, on the glow layer."""
    pen.circle(x, y, r * 2.8, (*color, 105), glow=True)
    pen.circle(x, y, r, (*mix(color, (255, 255, 255), 0.6), 255), glow=True)
