"""Small geometry helpers shared by emblems, icons and illustrations.

Everything is drawn with pillow's ImageDraw on an oversized canvas and scaled down
(:func:`supersampled`), which gives smooth edges without any other library.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from PIL import Image, ImageDraw

Point = tuple[float, float]
RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]


def supersampled(size: tuple[int, int], paint: Callable[[ImageDraw.ImageDraw, float], None],
                 scale: int = 4) -> Image.Image:
    """Call ``paint(draw, s)`` on a transparent canvas ``scale`` times larger (``s`` is
    the pixel size of one unit of the final image) and return it scaled down."""
    w, h = max(1, size[0]), max(1, size[1])
    big = Image.new("RGBA", (w * scale, h * scale), (0, 0, 0, 0))
    paint(ImageDraw.Draw(big), float(scale))
    return big.reduce(scale)


def regular_polygon(cx: float, cy: float, r: float, n: int, rotation: float = -90.0) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(rotation + 360.0 * i / n)),
         cy + r * math.sin(math.radians(rotation + 360.0 * i / n)))
        for i in range(n)
    ]


def star(cx: float, cy: float, r_out: float, r_in: float, n: int,
         rotation: float = -90.0) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = r_out if i % 2 == 0 else r_in
        a = math.radians(rotation + 180.0 * i / n)
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def gear(cx: float, cy: float, r_out: float, r_in: float, teeth: int) -> list[Point]:
    """A cog outline: flat-topped teeth."""
    pts = []
    step = 2 * math.pi / teeth
    for i in range(teeth):
        a = i * step - math.pi / 2
        for frac, r in ((0.0, r_in), (0.18, r_out), (0.50, r_out), (0.68, r_in)):
            aa = a + frac * step
            pts.append((cx + r * math.cos(aa), cy + r * math.sin(aa)))
    return pts


def droplet(cx: float, cy: float, r: float, n: int = 48) -> list[Point]:
    """A teardrop with its point up, centred on (cx, cy)."""
    pts = []
    for i in range(n):
        t = 2 * math.pi * i / n
        # classic teardrop curve: x = sin t * sin^m(t/2), y = cos t
        x = math.sin(t) * math.sin(t / 2) ** 1.3
        y = -math.cos(t)
        pts.append((cx + r * 0.95 * x, cy + r * (y * 0.98 + 0.08)))
    return pts


def _bezier(p0: Point, p1: Point, p2: Point, n: int) -> list[Point]:
    out = []
    for i in range(1, n + 1):
        t = i / n
        out.append(((1 - t) ** 2 * p0[0] + 2 * (1 - t) * t * p1[0] + t * t * p2[0],
                    (1 - t) ** 2 * p0[1] + 2 * (1 - t) * t * p1[1] + t * t * p2[1]))
    return out


def shield(x0: float, y0: float, x1: float, y1: float, n: int = 16) -> list[Point]:
    """A heater shield: flat top, straight sides curving in to a point at the bottom."""
    h = y1 - y0
    cx = (x0 + x1) / 2
    side = y0 + h * 0.38
    right = _bezier((x1, side), (x1, y0 + h * 0.82), (cx, y1), n)
    left = _bezier((cx, y1), (x0, y0 + h * 0.82), (x0, side), n)
    return [(x0, y0), (x1, y0), (x1, side), *right, *left]


def crenellated_shield(x0: float, y0: float, x1: float, y1: float) -> list[Point]:
    """An outpost shield: a fortress top edge (three merlons), straight sides, a point."""
    w, h = x1 - x0, y1 - y0
    m = h * 0.13  # merlon depth
    top = [
        (x0, y0), (x0 + w * 0.22, y0), (x0 + w * 0.22, y0 + m), (x0 + w * 0.39, y0 + m),
        (x0 + w * 0.39, y0), (x0 + w * 0.61, y0), (x0 + w * 0.61, y0 + m),
        (x0 + w * 0.78, y0 + m), (x0 + w * 0.78, y0), (x1, y0),
    ]
    return [*top, (x1, y0 + h * 0.62), (x0 + w * 0.5, y1), (x0, y0 + h * 0.62)]


def rounded_rect(draw: ImageDraw.ImageDraw, box: Sequence[float], r: float, **kw) -> None:
    x0, y0, x1, y1 = box
    r = max(0.0, min(r, (x1 - x0) / 2, (y1 - y0) / 2))
    draw.rounded_rectangle((x0, y0, x1, y1), radius=r, **kw)


def scaled(points: Sequence[Point], s: float) -> list[Point]:
    return [(x * s, y * s) for x, y in points]


def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGB:
    return (round(a[0] + (b[0] - a[0]) * t), round(a[1] + (b[1] - a[1]) * t),
            round(a[2] + (b[2] - a[2]) * t))


def with_alpha(c: Sequence[int], alpha: int) -> RGBA:
    return (c[0], c[1], c[2], alpha)


def luminance(c: Sequence[int]) -> float:
    """WCAG relative luminance of an sRGB colour."""
    def lin(v: int) -> float:
        v = v / 255.0
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    return 0.2126 * lin(c[0]) + 0.7152 * lin(c[1]) + 0.0722 * lin(c[2])
