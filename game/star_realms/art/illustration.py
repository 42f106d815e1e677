"""Procedural card illustrations: a nebula, stars, sometimes a planet, and a ship or
a station in the card's faction style.

Everything is decided by a random generator seeded from the card id (SHA-256, so the
picture is the same on every machine and every run), in coordinates relative to the
picture size: the same card looks the same at 120 px and at 500 px.

Motifs per faction (ships point up, tilted; stations sit in the middle):

* Star Empire — arrowhead hulls with swept wings; spired fortresses.
* Trade Federation — long rounded hulls with cargo pods; ring stations with spokes.
* Machine Cult — stacked blocky segments with claws; cog-ring stations.
* Blob — organic bodies of merged lobes and tentacles; hive mounds on a moon.
* Consortium (campaign) — sleek needles with crescent wings and liners girdled by a
  gilded halo; globe stations in a trade ring, tiered exchange spires (gold filigree).
* Kingdom (campaign) — armoured hulls like a knight's helm and shield with a lance,
  battlemented warships; walled castles on a rock, star forts with a crowned keep.
* Scavengers (campaign) — lopsided salvage hulls of mismatched riveted plates with one
  big bolted-on engine, pirate raiders with a harpoon; junk heaps with a crane,
  hollowed asteroids with docking tubes.
* Unaligned — small silver craft (Scout, Viper, Explorer).

Outposts get turrets and a faint shield bubble, so even the picture says "outpost".
"""

from __future__ import annotations

import hashlib
import math
import random
from collections.abc import Callable, Sequence
from functools import lru_cache

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from game.star_realms.art import palette, shapes
from game.star_realms.art.shapes import RGB, Point, mix

NOISE_CELLS = ((5, 4), (11, 8), (23, 16))


def seed_of(text: str) -> int:
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


# ---------------------------------------------------------------- background


def _gradient(w: int, h: int, top: RGB, bottom: RGB) -> Image.Image:
    col = Image.new("RGB", (1, 64))
    col.putdata([mix(top, bottom, i / 63) for i in range(64)])
    return col.resize((w, h), Image.Resampling.BILINEAR)


def _noise(rng: random.Random, w: int, h: int) -> Image.Image:
    """Smooth value noise in 0..255 made of three octaves, size independent."""
    out: Image.Image | None = None
    for i, (cw, ch) in enumerate(NOISE_CELLS):
        grid = Image.new("L", (cw, ch))
        grid.putdata([rng.randrange(256) for _ in range(cw * ch)])
        layer = grid.resize((w, h), Image.Resampling.BICUBIC)
        out = layer if out is None else Image.blend(out, layer, 0.42 if i == 1 else 0.22)
    assert out is not None
    return out


def _nebula(img: Image.Image, rng: random.Random, colors: Sequence[RGB], strength: float) -> None:
    w, h = img.size
    for k, color in enumerate(colors):
        field = _noise(rng, w, h)
        lo = rng.randint(112, 138) + k * 8
        gain = 255.0 / (255 - lo) * 1.6
        mask = field.point(lambda v, lo=lo, gain=gain: max(0, min(255, int((v - lo) * gain))))
        alpha = int(255 * strength * (0.8 if k else 1.0))
        mask = mask.point(lambda v, a=alpha: v * a // 255)
        layer = Image.new("RGB", (w, h), color)
        img.paste(layer, (0, 0), mask)


def _stars(img: Image.Image, rng: random.Random) -> None:
    w, h = img.size
    d = ImageDraw.Draw(img, "RGBA")
    count = 70 + rng.randrange(50)
    unit = max(w, h) / 400.0
    for _ in range(count):
        x, y = rng.random() * w, rng.random() * h
        b = rng.random()
        r = max(0.5, unit * (0.6 + 1.4 * b ** 3))
        tint = rng.choice(((255, 255, 255), (200, 220, 255), (255, 236, 200)))
        a = int(90 + 165 * b)
        if r < 1.0:
            d.point((x, y), fill=(*tint, a))
        else:
            d.ellipse((x - r, y - r, x + r, y + r), fill=(*tint, a))
        if b > 0.93:
            g = r * 5
            d.line((x - g, y, x + g, y), fill=(*tint, 110), width=max(1, round(unit * 0.5)))
            d.line((x, y - g, x, y + g), fill=(*tint, 110), width=max(1, round(unit * 0.5)))


def _planet(img: Image.Image, rng: random.Random, cx: float, cy: float, r: float,
            color: RGB) -> None:
    w, h = img.size
    s = 2
    layer = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    d = ImageDraw.Draw(layer)
    box = ((cx - r) * s, (cy - r) * s, (cx + r) * s, (cy + r) * s)
    d.ellipse(box, fill=(*color, 255))
    clip = Image.new("RGBA", layer.size, (0, 0, 0, 0))
    cd = ImageDraw.Draw(clip)
    for _ in range(rng.randint(2, 5)):  # bands
        yy = cy + (rng.random() * 2 - 1) * r * 0.8
        th = r * (0.05 + rng.random() * 0.12)
        band = mix(color, (255, 255, 255) if rng.random() < 0.5 else (0, 0, 0), 0.18)
        cd.ellipse(((cx - r * 1.6) * s, (yy - th) * s, (cx + r * 1.6) * s, (yy + th) * s),
                   fill=(*band, 255))
    disc_big = layer.getchannel("A")
    layer.paste(clip, (0, 0), ImageChops.multiply(clip.getchannel("A"), disc_big))
    layer = layer.reduce(s)
    disc = layer.getchannel("A")
    # shade: a dark disc offset away from the light, blurred at quarter size
    q = 4
    qw, qh = max(2, w // q), max(2, h // q)
    shade = Image.new("L", (qw, qh), 0)
    off = r * 0.45
    ImageDraw.Draw(shade).ellipse(((cx - r + off) / q, (cy - r + off) / q,
                                   (cx + r + off * 1.6) / q, (cy + r + off * 1.6) / q), fill=170)
    shade = shade.filter(ImageFilter.GaussianBlur(max(0.5, r * 0.25 / q)))
    shade = ImageChops.multiply(shade.resize((w, h), Image.Resampling.BILINEAR), disc)
    layer.paste((4, 6, 14, 255), (0, 0, w, h), shade)
    img.paste(layer, (0, 0), layer)
    # atmosphere rim, blurred at half size
    hw, hh = max(2, w // 2), max(2, h // 2)
    rim = Image.new("L", (hw, hh), 0)
    ImageDraw.Draw(rim).ellipse(((cx - r) / 2, (cy - r) / 2, (cx + r) / 2, (cy + r) / 2),
                                outline=150, width=max(1, round(r * 0.03)))
    rim = rim.filter(ImageFilter.GaussianBlur(max(0.5, r * 0.015))).resize(
        (w, h), Image.Resampling.BILINEAR)
    img.paste(mix(color, (255, 255, 255), 0.5), (0, 0, w, h), rim)


# ---------------------------------------------------------------- subjects


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


def _inset(pts: Sequence[Point], k: float, dx: float = 0.0, dy: float = 0.0) -> list[Point]:
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    return [(cx + (x - cx) * k + dx, cy + (y - cy) * k + dy) for x, y in pts]


def _tones(st: palette.FactionStyle) -> dict[str, RGB]:
    return {
        "edge": mix((16, 18, 26), st.dark, 0.35),
        "dark": mix((58, 64, 80), st.dark, 0.35),
        "mid": mix((124, 132, 152), st.color, 0.22),
        "light": mix((196, 204, 220), st.light, 0.3),
        "accent": st.color,
        "glow": st.light,
    }


def _hull(pen: Pen, half: Sequence[Point], tones: dict[str, RGB]) -> list[Point]:
    pts = list(half) + [(-x, y) for x, y in reversed(half)]
    pen.poly(_inset(pts, 1.06), tones["edge"])
    pen.poly(pts, tones["dark"])
    pen.poly(_inset(pts, 0.82, -0.01, -0.015), tones["mid"])
    # light from the upper left: a lighter left half of the inner hull
    left = [(x, y) for x, y in _inset(pts, 0.82, -0.01, -0.015) if x <= 0.0001]
    if len(left) >= 3:
        pen.poly(left, tones["light"])
    return pts


def _engines(pen: Pen, xs: Sequence[float], y: float, r: float, color: RGB) -> None:
    for x in xs:
        pen.circle(x, y, r * 2.4, (*color, 110), glow=True)
        pen.circle(x, y, r, (255, 255, 255, 255), glow=True)
        pen.circle(x, y, r * 0.9, (*mix(color, (255, 255, 255), 0.6), 255))


def ship_star_empire(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    wing = 0.28 + rng.random() * 0.16
    sweep = 0.18 + rng.random() * 0.14
    shoulder = 0.08 + rng.random() * 0.05
    half = [(0.0, -0.5), (shoulder * 0.6, -0.28), (shoulder, -0.05), (wing, sweep + 0.08),
            (wing * 0.9, sweep + 0.16), (shoulder * 1.4, 0.22), (shoulder * 1.2, 0.42),
            (shoulder * 0.5, 0.36)]
    _hull(pen, half, t)
    if rng.random() < 0.6:  # forward prongs
        prong = [(shoulder * 1.1, -0.02), (shoulder * 1.9, -0.36), (shoulder * 2.2, -0.3),
                 (shoulder * 2.0, 0.05)]
        pen.poly(_inset(prong, 1.12), t["edge"], mirror=True)
        pen.poly(prong, t["mid"], mirror=True)
    pen.line([(0, -0.38), (0, 0.25)], t["accent"], 0.022)
    pen.line([(shoulder * 1.1, 0.05), (wing * 0.85, sweep + 0.1)], t["accent"], 0.018)
    pen.line([(-shoulder * 1.1, 0.05), (-wing * 0.85, sweep + 0.1)], t["accent"], 0.018)
    pen.circle(0, -0.2, 0.03, (*t["glow"], 255))
    _engines(pen, (-shoulder * 0.9, shoulder * 0.9), 0.41, 0.03, (255, 170, 70))


def ship_trade_federation(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body_w = 0.1 + rng.random() * 0.05
    pod_x = body_w + 0.1 + rng.random() * 0.12
    if rng.random() < 0.7:  # cargo pods on struts
        pen.line([(-pod_x, 0.05), (pod_x, 0.05)], t["edge"], 0.05)
        pen.line([(-pod_x, 0.05), (pod_x, 0.05)], t["dark"], 0.025)
        for sx in (-1, 1):
            pen.ellipse_poly(sx * pod_x, 0.08, 0.075, 0.24, t["edge"])
            pen.ellipse_poly(sx * pod_x, 0.08, 0.06, 0.22, t["mid"])
            pen.ellipse_poly(sx * pod_x - 0.015, 0.06, 0.03, 0.17, t["light"])
            pen.circle(sx * pod_x, 0.31, 0.022, (255, 255, 255, 255), glow=True)
            pen.circle(sx * pod_x, 0.31, 0.06, (120, 190, 255, 110), glow=True)
    pen.ellipse_poly(0, 0, body_w + 0.02, 0.52, t["edge"])
    pen.ellipse_poly(0, 0, body_w, 0.5, t["mid"])
    pen.ellipse_poly(-body_w * 0.3, -0.03, body_w * 0.45, 0.42, t["light"])
    for y in (-0.15, 0.05, 0.22):
        pen.line([(-body_w * 0.85, y), (body_w * 0.85, y)], t["accent"], 0.016)
    if rng.random() < 0.5:  # a ring
        for w in (0.05, 0.025):
            c = t["edge"] if w > 0.03 else t["light"]
            pen.line([(-body_w - 0.16, -0.26), (body_w + 0.16, -0.26)], c, w)
    pen.circle(0, -0.36, 0.04, (*t["glow"], 255))
    _engines(pen, (0.0,), 0.47, 0.045, (110, 190, 255))


def ship_machine_cult(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    segs = rng.randint(3, 5)
    ys = [-0.5 + i * (1.0 / segs) for i in range(segs + 1)]
    widths = [0.08 + rng.random() * 0.2 for _ in range(segs)]
    widths[0] = min(widths[0], 0.12)
    claw = rng.random() < 0.7
    if claw:
        cx = max(widths) + 0.05
        for sx in (-1, 1):
            arm = [(sx * widths[1] * 0.8, ys[1] + 0.05), (sx * cx, ys[1] - 0.05),
                   (sx * (cx + 0.04), -0.45), (sx * (cx - 0.05), -0.42),
                   (sx * (cx - 0.04), ys[1] + 0.04), (sx * widths[1] * 0.8, ys[1] + 0.14)]
            pen.poly(_inset(arm, 1.15), t["edge"])
            pen.poly(arm, t["dark"])
    for i in range(segs):
        w, y0, y1 = widths[i], ys[i] + 0.01, ys[i + 1] - 0.01
        taper = w * (0.7 if i == 0 else 0.9)
        block = [(-taper, y0), (taper, y0), (w, y1), (-w, y1)]
        pen.poly(_inset(block, 1.1), t["edge"])
        pen.poly(block, t["mid"])
        pen.poly([(-taper * 0.9, y0 + 0.02), (0, y0 + 0.02), (0, y1 - 0.02), (-w * 0.9, y1 - 0.02)],
                 t["light"])
        pen.line([(-w * 0.9, y1 - 0.03), (w * 0.9, y1 - 0.03)], t["edge"], 0.012)
    gy = ys[segs // 2] + 0.5 / segs
    pen.poly(palette.emblem_points("gear", 0, gy, 0.09), t["edge"])
    pen.poly(palette.emblem_points("gear", 0, gy, 0.07), t["accent"])
    pen.circle(0, gy, 0.025, t["edge"])
    for x in (-0.7, 0.7):
        pen.circle(x * widths[-1], 0.48, 0.03, (255, 80, 60, 255), glow=True)
        pen.circle(x * widths[-1], 0.48, 0.08, (255, 60, 40, 120), glow=True)


def ship_blob(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body = mix(t["accent"], (30, 40, 20), 0.35)
    light = mix(t["accent"], (230, 255, 200), 0.35)
    tentacles = rng.randint(3, 6)
    for i in range(tentacles):
        x0 = (i / max(1, tentacles - 1) - 0.5) * 0.3
        bend = (rng.random() - 0.5) * 0.5
        pts = [(x0, 0.1), (x0 + bend * 0.5, 0.3), (x0 + bend, 0.5)]
        for j in range(12):
            k = j / 11
            x = (1 - k) ** 2 * pts[0][0] + 2 * (1 - k) * k * pts[1][0] + k * k * pts[2][0]
            y = (1 - k) ** 2 * pts[0][1] + 2 * (1 - k) * k * pts[1][1] + k * k * pts[2][1]
            pen.circle(x, y, 0.045 * (1 - k) + 0.01, t["edge"])
            pen.circle(x, y, 0.035 * (1 - k) + 0.006, body)
    lobes = [(0.0, -0.15, 0.26)]
    for _ in range(rng.randint(3, 6)):
        a = rng.random() * 2 * math.pi
        d = 0.12 + rng.random() * 0.16
        lobes.append((math.cos(a) * d * 0.9, -0.15 + math.sin(a) * d, 0.1 + rng.random() * 0.1))
    for x, y, r in lobes:
        pen.circle(x, y, r + 0.02, t["edge"])
    for x, y, r in lobes:
        pen.circle(x, y, r, body)
    for x, y, r in lobes:
        pen.circle(x - r * 0.25, y - r * 0.25, r * 0.55, light)
    for _ in range(rng.randint(2, 5)):  # glowing pores / eyes
        x, y, r = rng.choice(lobes)
        ex, ey = x + (rng.random() - 0.5) * r, y + (rng.random() - 0.5) * r
        pen.circle(ex, ey, 0.028, (255, 250, 170, 255), glow=True)
        pen.circle(ex, ey, 0.07, (200, 255, 120, 110), glow=True)
        pen.circle(ex, ey, 0.02, (250, 255, 200))


def ship_unaligned(pen: Pen, rng: random.Random, t: dict[str, RGB], role: str,
                   card_id: str) -> None:
    if card_id == "explorer":
        half = [(0.0, -0.42), (0.09, -0.2), (0.12, 0.3), (0.06, 0.42)]
        _hull(pen, half, t)
        pen.line([(0.0, -0.1), (0.32, -0.28)], t["edge"], 0.025)
        pen.circle(0.32, -0.28, 0.1, t["edge"])
        pen.circle(0.32, -0.28, 0.08, t["light"])
        pen.circle(0.34, -0.3, 0.03, t["mid"])
        pen.line([(-0.12, 0.15), (-0.3, 0.35)], t["mid"], 0.04)
        _engines(pen, (0.0,), 0.42, 0.035, (140, 220, 255))
    elif card_id == "viper":
        half = [(0.0, -0.5), (0.05, -0.1), (0.34, 0.3), (0.3, 0.38), (0.06, 0.3), (0.05, 0.42)]
        _hull(pen, half, t)
        pen.line([(0, -0.35), (0, 0.2)], (214, 58, 48), 0.03)
        _engines(pen, (0.0,), 0.43, 0.03, (255, 150, 80))
    else:  # scout and anything else
        half = [(0.0, -0.36), (0.12, -0.22), (0.2, 0.14), (0.28, 0.24), (0.12, 0.36)]
        _hull(pen, half, t)
        pen.circle(0, -0.12, 0.07, t["edge"])
        pen.circle(0, -0.12, 0.055, (120, 210, 255))
        pen.line([(-0.1, 0.1), (0.1, 0.1)], (244, 200, 52), 0.03)
        _engines(pen, (-0.08, 0.08), 0.37, 0.03, (255, 220, 120))


# stations: local units with the station's diameter ~1


def base_star_empire(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    spires = rng.randint(3, 5)
    pen.sym([(0.0, 0.1), (0.5, 0.12), (0.42, 0.25), (0.0, 0.3)], t["edge"])
    pen.sym([(0.0, 0.12), (0.46, 0.14), (0.39, 0.23), (0.0, 0.27)], t["dark"])
    for i in range(spires):
        x = (i / (spires - 1) - 0.5) * 0.7 if spires > 1 else 0.0
        hgt = 0.25 + (1 - abs(x) * 2) * 0.35 + rng.random() * 0.1
        w = 0.05 + rng.random() * 0.03
        sp = [(x, 0.14 - hgt - 0.1), (x + w, 0.14 - hgt * 0.5), (x + w * 1.3, 0.14),
              (x - w * 1.3, 0.14), (x - w, 0.14 - hgt * 0.5)]
        pen.poly(_inset(sp, 1.12), t["edge"])
        pen.poly(sp, t["mid"])
        pen.poly([sp[0], sp[4], sp[3], (x, 0.14)], t["light"])
        pen.circle(x, 0.14 - hgt * 0.55, 0.018, (255, 220, 120, 255), glow=True)
        pen.circle(x, 0.14 - hgt * 0.55, 0.05, (255, 190, 80, 110), glow=True)
    pen.line([(-0.45, 0.19), (0.45, 0.19)], t["accent"], 0.02)


def base_trade_federation(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    tilt = 0.32 + rng.random() * 0.12
    ring_r = 0.42
    spokes = rng.choice((3, 4, 6))
    # back half of the ring
    for w, c in ((0.09, t["edge"]), (0.06, t["dark"])):
        pts = [(math.cos(a) * ring_r, math.sin(a) * ring_r * tilt)
               for a in (math.pi + i * math.pi / 24 for i in range(25))]
        pen.line(pts, c, w)
    for i in range(spokes):
        a = i * 2 * math.pi / spokes + 0.3
        pen.line([(0, 0), (math.cos(a) * ring_r, math.sin(a) * ring_r * tilt)], t["edge"], 0.035)
        pen.line([(0, 0), (math.cos(a) * ring_r, math.sin(a) * ring_r * tilt)], t["mid"], 0.018)
    pen.line([(0, -0.45), (0, 0.4)], t["edge"], 0.05)
    pen.line([(0, -0.45), (0, 0.4)], t["mid"], 0.025)
    pen.circle(0, 0, 0.16, t["edge"])
    pen.circle(0, 0, 0.14, t["mid"])
    pen.circle(-0.04, -0.04, 0.08, t["light"])
    # front half of the ring, with lit windows
    for w, c in ((0.09, t["edge"]), (0.06, t["mid"]), (0.02, t["light"])):
        pts = [(math.cos(a) * ring_r, math.sin(a) * ring_r * tilt)
               for a in (i * math.pi / 24 for i in range(25))]
        pen.line(pts, c, w)
    for i in range(7):
        a = 0.25 + i * (math.pi - 0.5) / 6
        pen.circle(math.cos(a) * ring_r, math.sin(a) * ring_r * tilt, 0.012,
                   (200, 230, 255, 255), glow=True)
    for y in (-0.45, 0.4):
        pen.circle(0, y, 0.025, (140, 200, 255, 255), glow=True)
        pen.circle(0, y, 0.07, (120, 180, 255, 100), glow=True)


def base_machine_cult(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    teeth = rng.choice((10, 12, 14))
    pen.poly(shapes.gear(0, 0, 0.47, 0.38, teeth), t["edge"])
    pen.poly(shapes.gear(0, 0, 0.44, 0.36, teeth), t["dark"])
    pen.circle(0, 0, 0.3, t["edge"])
    pen.circle(0, 0, 0.27, t["mid"])
    pen.circle(-0.05, -0.05, 0.16, t["light"])
    for _i in range(rng.randint(2, 4)):
        a = rng.random() * 2 * math.pi
        x, y = math.cos(a) * 0.36, math.sin(a) * 0.36
        pen.poly([(x - 0.05, y - 0.05), (x + 0.05, y - 0.05), (x + 0.05, y + 0.05),
                  (x - 0.05, y + 0.05)], t["edge"])
        pen.line([(x * 0.6, y * 0.6), (x * 1.25, y * 1.25)], t["edge"], 0.04)
        pen.line([(x * 0.6, y * 0.6), (x * 1.25, y * 1.25)], t["mid"], 0.02)
        pen.circle(x * 1.25, y * 1.25, 0.02, (255, 90, 60, 255), glow=True)
    pen.poly(palette.emblem_points("gear", 0, 0, 0.12), t["edge"])
    pen.poly(palette.emblem_points("gear", 0, 0, 0.1), t["accent"])
    pen.circle(0, 0, 0.035, (255, 120, 90, 255), glow=True)
    pen.circle(0, 0, 0.1, (255, 80, 60, 120), glow=True)


def base_blob(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body = mix(t["accent"], (30, 40, 20), 0.4)
    light = mix(t["accent"], (230, 255, 200), 0.3)
    mounds = [(x, 0.25, 0.16 + rng.random() * 0.12)
              for x in (-0.36, -0.18, 0.0, 0.18, 0.36)]
    for _ in range(rng.randint(2, 4)):  # spires
        x = (rng.random() - 0.5) * 0.7
        hgt = 0.3 + rng.random() * 0.3
        pts = [(x, 0.2), (x + (rng.random() - 0.5) * 0.15, 0.2 - hgt * 0.5),
               (x + (rng.random() - 0.5) * 0.2, 0.2 - hgt)]
        for j in range(10):
            k = j / 9
            px = (1 - k) ** 2 * pts[0][0] + 2 * (1 - k) * k * pts[1][0] + k * k * pts[2][0]
            py = (1 - k) ** 2 * pts[0][1] + 2 * (1 - k) * k * pts[1][1] + k * k * pts[2][1]
            pen.circle(px, py, 0.06 * (1 - k) + 0.015, t["edge"])
            pen.circle(px, py, 0.05 * (1 - k) + 0.01, body)
        ex, ey = pts[2]
        pen.circle(ex, ey, 0.03, (250, 255, 180, 255), glow=True)
        pen.circle(ex, ey, 0.08, (190, 255, 120, 110), glow=True)
    for x, y, r in mounds:
        pen.circle(x, y, r + 0.02, t["edge"])
    for x, y, r in mounds:
        pen.circle(x, y, r, body)
    for x, y, r in mounds:
        pen.circle(x - r * 0.3, y - r * 0.3, r * 0.5, light)
    for x, y, r in mounds[1:4]:
        pen.circle(x + r * 0.2, y, r * 0.18, (30, 50, 10))
        pen.circle(x + r * 0.2, y, r * 0.1, (230, 255, 150, 255), glow=True)


def base_unaligned(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    base_trade_federation(pen, rng, t)


def _qbez(p0: Point, p1: Point, p2: Point, k: float) -> Point:
    return ((1 - k) ** 2 * p0[0] + 2 * (1 - k) * k * p1[0] + k * k * p2[0],
            (1 - k) ** 2 * p0[1] + 2 * (1 - k) * k * p1[1] + k * k * p2[1])


def _tube(pen: Pen, p0: Point, p1: Point, p2: Point, r0: float, r1: float, edge: RGB,
          body: RGB, n: int = 14) -> list[Point]:
    """A tapering organic tube along a quadratic curve (tentacles, worms, spires)."""
    pts = [_qbez(p0, p1, p2, j / (n - 1)) for j in range(n)]
    for j, (x, y) in enumerate(pts):
        pen.circle(x, y, r0 + (r1 - r0) * j / (n - 1) + 0.012, edge)
    for j, (x, y) in enumerate(pts):
        pen.circle(x, y, r0 + (r1 - r0) * j / (n - 1), body)
    return pts


def _glow_dot(pen: Pen, x: float, y: float, r: float, color: RGB) -> None:
    pen.circle(x, y, r * 2.8, (*color, 105), glow=True)
    pen.circle(x, y, r, (*mix(color, (255, 255, 255), 0.6), 255), glow=True)


def _blob_tones(t: dict[str, RGB]) -> tuple[RGB, RGB]:
    return mix(t["accent"], (30, 40, 20), 0.35), mix(t["accent"], (230, 255, 200), 0.35)


def ship_blob_worm(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = _blob_tones(t)
    bend = (rng.random() - 0.5) * 0.6
    p0, p1, p2 = (0.0, -0.36), (bend, 0.0), (-bend * 0.6, 0.48)
    pts = _tube(pen, p0, p1, p2, 0.17, 0.035, t["edge"], body, 16)
    for j, (x, y) in enumerate(pts[1:-2]):
        r = (0.17 + (0.035 - 0.17) * (j + 1) / 15) * 0.45
        pen.circle(x - r * 0.5, y - r * 0.3, r, light)
    pen.circle(0.0, -0.42, 0.1, t["edge"])
    pen.circle(0.0, -0.42, 0.075, (40, 10, 20))
    for i in range(7):  # teeth round the maw
        a = math.pi * (1.1 + i * 0.8 / 6)
        x, y = math.cos(a) * 0.075, -0.42 + math.sin(a) * 0.075
        pen.poly([(x - 0.015, y), (x + 0.015, y), (x * 0.5, y * 0.5 - 0.21)], (240, 240, 210))
    for x, y in pts[3:12:3]:
        _glow_dot(pen, x + 0.05, y, 0.022, (220, 255, 120))


def ship_blob_thorn(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = _blob_tones(t)
    thorns = rng.randint(7, 11)
    for i in range(thorns):
        a = 2 * math.pi * i / thorns + rng.random() * 0.3
        r = 0.3 + rng.random() * 0.2
        base = 0.06
        tip = (math.cos(a) * r, -0.05 + math.sin(a) * r)
        b1 = (math.cos(a + 0.5) * base * 2, -0.05 + math.sin(a + 0.5) * base * 2)
        b2 = (math.cos(a - 0.5) * base * 2, -0.05 + math.sin(a - 0.5) * base * 2)
        pen.poly(_inset([tip, b1, b2], 1.15), t["edge"])
        pen.poly([tip, b1, b2], mix(body, (200, 210, 160), 0.3))
    pen.ellipse_poly(0, -0.05, 0.24, 0.3, t["edge"])
    pen.ellipse_poly(0, -0.05, 0.22, 0.28, body)
    pen.ellipse_poly(-0.05, -0.1, 0.12, 0.16, light)
    pen.circle(0.02, -0.08, 0.07, t["edge"])
    pen.circle(0.02, -0.08, 0.055, (250, 240, 140))
    pen.circle(0.03, -0.08, 0.025, (30, 10, 10))
    _glow_dot(pen, 0.02, -0.08, 0.02, (255, 240, 120))


def base_blob_moon(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = _blob_tones(t)
    for _ in range(rng.randint(4, 7)):
        a = math.pi * (0.15 + rng.random() * 0.7)
        x0, y0 = math.cos(a) * 0.3, math.sin(a) * 0.3
        _tube(pen, (x0, y0), (x0 * 1.6, y0 * 1.3 + 0.05),
              (x0 * 2.0 + (rng.random() - 0.5) * 0.2, 0.55), 0.05, 0.012, t["edge"], body, 12)
    pen.circle(0, 0, 0.38, t["edge"])
    pen.circle(0, 0, 0.36, body)
    pen.circle(-0.08, -0.08, 0.24, light)
    for _ in range(rng.randint(5, 9)):
        a, d = rng.random() * 2 * math.pi, rng.random() * 0.28
        x, y, r = math.cos(a) * d, math.sin(a) * d, 0.025 + rng.random() * 0.04
        pen.circle(x, y, r, mix(body, (10, 20, 5), 0.5))
        if rng.random() < 0.5:
            _glow_dot(pen, x, y, r * 0.5, (220, 255, 120))


def base_blob_spikes(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = _blob_tones(t)
    n = rng.randint(5, 8)
    for i in range(n):
        a = math.pi * (1.15 + 0.7 * i / (n - 1)) + (rng.random() - 0.5) * 0.15
        r = 0.38 + rng.random() * 0.14
        tip = (math.cos(a) * r, 0.22 + math.sin(a) * r)
        mid = (tip[0] * 0.5 + (rng.random() - 0.5) * 0.08, 0.22 + (tip[1] - 0.22) * 0.5)
        _tube(pen, (tip[0] * 0.15, 0.22), mid, tip, 0.08, 0.012, t["edge"], body, 12)
        _glow_dot(pen, tip[0], tip[1], 0.018, (230, 255, 140))
    pen.ellipse_poly(0, 0.27, 0.34, 0.13, t["edge"])
    pen.ellipse_poly(0, 0.27, 0.32, 0.11, body)
    pen.ellipse_poly(-0.06, 0.24, 0.18, 0.05, light)


def ship_mc_drone(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    arms = rng.choice((2, 3, 4))
    for i in range(arms):
        a = math.pi * (0.15 + 0.7 * i / max(1, arms - 1)) if arms > 1 else math.pi / 2
        a += math.pi  # arms reach forward (up)
        x1, y1 = math.cos(a) * 0.3, math.sin(a) * 0.3
        x2, y2 = math.cos(a) * 0.46, math.sin(a) * 0.46 - 0.05
        pen.line([(0, 0), (x1, y1), (x2, y2)], t["edge"], 0.06)
        pen.line([(0, 0), (x1, y1), (x2, y2)], t["mid"], 0.03)
        pen.circle(x1, y1, 0.04, t["edge"])
        pen.poly([(x2 - 0.05, y2 + 0.02), (x2, y2 - 0.08), (x2 + 0.05, y2 + 0.02)], t["edge"])
    body = shapes.regular_polygon(0, 0.05, 0.24, 6, rotation=0)
    pen.poly(_inset(body, 1.1), t["edge"])
    pen.poly(body, t["mid"])
    pen.poly(_inset(body, 0.6, -0.03, -0.03), t["light"])
    pen.circle(0, 0.05, 0.085, t["edge"])
    pen.circle(0, 0.05, 0.06, (255, 90, 60))
    _glow_dot(pen, 0, 0.05, 0.03, (255, 90, 60))
    _engines(pen, (-0.12, 0.12), 0.3, 0.03, (255, 110, 70))


def ship_mc_walker(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    def block(x0: float, y0: float, x1: float, y1: float, tone: str = "mid") -> None:
        pen.poly(_inset([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], 1.12), t["edge"])
        pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], t[tone])

    leg = 0.08 + rng.random() * 0.04
    for sx in (-1, 1):  # legs
        block(sx * 0.06, 0.12, sx * (0.06 + leg), 0.3, "dark")
        block(sx * 0.05, 0.3, sx * (0.08 + leg), 0.48, "mid")
    block(-0.2, -0.2, 0.2, 0.14)  # torso
    pen.poly([(-0.18, -0.18), (0.0, -0.18), (0.0, 0.12), (-0.18, 0.12)], t["light"])
    block(-0.07, -0.34, 0.07, -0.2)  # head
    pen.line([(-0.045, -0.27), (0.045, -0.27)], (255, 90, 60), 0.025)
    _glow_dot(pen, 0.0, -0.27, 0.015, (255, 90, 60))
    for sx in (-1, 1):  # shoulders, arms with cannons
        block(sx * 0.2, -0.22, sx * 0.34, -0.1)
        block(sx * 0.24, -0.1, sx * 0.32, 0.12, "dark")
        pen.line([(sx * 0.28, 0.12), (sx * 0.28, -0.42)], t["edge"], 0.05)
        pen.line([(sx * 0.28, 0.1), (sx * 0.28, -0.4)], t["mid"], 0.025)
        _glow_dot(pen, sx * 0.28, -0.43, 0.015, (255, 130, 70))
    pen.poly(palette.emblem_points("gear", 0, -0.03, 0.07), t["accent"])


def base_mc_towers(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    pen.poly([(-0.5, 0.18), (0.5, 0.18), (0.4, 0.34), (-0.4, 0.34)], t["edge"])
    pen.poly([(-0.47, 0.2), (0.47, 0.2), (0.38, 0.31), (-0.38, 0.31)], t["dark"])
    n = rng.randint(3, 5)
    for i in range(n):
        x = (i / (n - 1) - 0.5) * 0.7
        hgt = 0.2 + rng.random() * 0.35
        w = 0.05 + rng.random() * 0.05
        pen.poly([(x - w - 0.015, 0.2), (x - w - 0.015, 0.2 - hgt - 0.015),
                  (x + w + 0.015, 0.2 - hgt - 0.015), (x + w + 0.015, 0.2)], t["edge"])
        pen.poly([(x - w, 0.2), (x - w, 0.2 - hgt), (x + w, 0.2 - hgt), (x + w, 0.2)], t["mid"])
        pen.poly([(x - w, 0.2), (x - w, 0.2 - hgt), (x, 0.2 - hgt), (x, 0.2)], t["light"])
        for k in range(int(hgt / 0.08)):
            pen.line([(x - w, 0.17 - k * 0.08), (x + w, 0.17 - k * 0.08)], t["edge"], 0.01)
        pen.line([(x, 0.2 - hgt), (x, 0.2 - hgt - 0.12)], t["edge"], 0.015)
        _glow_dot(pen, x, 0.2 - hgt - 0.12, 0.015, (255, 90, 60))
    pen.line([(-0.45, 0.26), (0.45, 0.26)], t["accent"], 0.02)


def base_mc_monolith(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    tilt = 0.2 + rng.random() * 0.2
    mw = 0.1 + rng.random() * 0.08  # half width of the spire
    tip = 0.1 + rng.random() * 0.12
    for w, c in ((0.06, t["edge"]), (0.03, t["accent"])):
        pts = [(math.cos(a) * 0.45, 0.05 + math.sin(a) * 0.45 * tilt)
               for a in (math.pi + i * math.pi / 20 for i in range(21))]
        pen.line(pts, c, w)
    mono = [(0.0, -0.5), (mw, -0.5 + tip), (mw, 0.5 - tip), (0.0, 0.5), (-mw, 0.5 - tip),
            (-mw, -0.5 + tip)]
    pen.poly(_inset(mono, 1.08), t["edge"])
    pen.poly(mono, t["mid"])
    pen.poly([(0.0, -0.5), (0.0, 0.5), (-mw, 0.5 - tip), (-mw, -0.5 + tip)], t["light"])
    for k in range(rng.randint(2, 5)):
        y = -0.3 + k * 0.15
        pen.line([(-mw, y), (mw, y)], t["edge"], 0.015)
    if rng.random() < 0.5:  # side fins
        for sx in (-1, 1):
            fin = [(sx * mw, -0.1), (sx * (mw + 0.14), 0.12), (sx * (mw + 0.1), 0.3),
                   (sx * mw, 0.2)]
            pen.poly(_inset(fin, 1.12), t["edge"])
            pen.poly(fin, t["dark"])
    pen.circle(0, -0.12, 0.05, t["edge"])
    _glow_dot(pen, 0, -0.12, 0.03, (255, 80, 60))
    for w, c in ((0.06, t["edge"]), (0.03, t["accent"])):
        pts = [(math.cos(a) * 0.45, 0.05 + math.sin(a) * 0.45 * tilt)
               for a in (i * math.pi / 20 for i in range(21))]
        pen.line(pts, c, w)
    for _i in range(rng.randint(2, 4)):
        a = rng.random() * 2 * math.pi
        x, y = math.cos(a) * 0.45, 0.05 + math.sin(a) * 0.45 * tilt
        pen.poly(palette.emblem_points("gear", x, y, 0.05), t["edge"])
        pen.poly(palette.emblem_points("gear", x, y, 0.038), t["mid"])


def ship_se_dreadnought(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """A long wedge with a stepped superstructure (capital ships)."""
    span = 0.26 + rng.random() * 0.08
    half = [(0.0, -0.5), (span * 0.45, -0.1), (span, 0.36), (span * 0.9, 0.45), (0.0, 0.42)]
    _hull(pen, half, t)
    steps = rng.randint(2, 3)
    for k in range(steps):  # superstructure, stepping up towards the stern
        w = 0.13 - k * 0.035
        y0, y1 = -0.05 + k * 0.1, 0.36
        block = [(-w, y0), (w, y0), (w * 1.1, y1), (-w * 1.1, y1)]
        pen.poly(_inset(block, 1.1), t["edge"])
        pen.poly(block, t["mid"] if k % 2 else t["light"])
        pen.line([(-w * 1.05, y0 + 0.02), (w * 1.05, y0 + 0.02)], t["edge"], 0.01)
    tower = [(-0.03, 0.12), (0.03, 0.12), (0.035, 0.3), (-0.035, 0.3)]
    pen.poly(_inset(tower, 1.2), t["edge"])
    pen.poly(tower, t["light"])
    pen.circle(0, 0.16, 0.012, (*t["glow"], 255))
    pen.line([(0, -0.44), (0, -0.08)], t["accent"], 0.018)
    for i in range(rng.randint(2, 4)):  # turrets along the flanks
        y = -0.2 + i * 0.13
        x = span * (0.45 + (y + 0.1) / 0.46 * 0.55) * 0.7
        for sx in (-1, 1):
            pen.circle(sx * x, y, 0.025, t["edge"])
            pen.line([(sx * x, y), (sx * x, y - 0.07)], t["edge"], 0.012)
    n = rng.randint(3, 5)
    _engines(pen, [(i / (n - 1) - 0.5) * span * 1.2 for i in range(n)], 0.44, 0.026,
             (255, 170, 70))


def ship_se_twin(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    gap = 0.12 + rng.random() * 0.06
    pen.poly([(-gap, -0.05), (gap, -0.05), (gap, 0.12), (-gap, 0.12)], t["edge"])
    pen.poly([(-gap, -0.02), (gap, -0.02), (gap, 0.09), (-gap, 0.09)], t["mid"])
    for sx in (-1, 1):
        hull = [(sx * gap, -0.48), (sx * (gap + 0.07), -0.2), (sx * (gap + 0.09), 0.4),
                (sx * (gap + 0.02), 0.45), (sx * (gap - 0.05), 0.3), (sx * (gap - 0.04), -0.2)]
        pen.poly(_inset(hull, 1.1), t["edge"])
        pen.poly(hull, t["mid"] if sx > 0 else t["light"])
        pen.line([(sx * gap, -0.38), (sx * gap, 0.3)], t["accent"], 0.015)
    pen.poly([(0, -0.22), (0.06, -0.02), (-0.06, -0.02)], t["edge"])
    pen.circle(0, 0.035, 0.03, (*t["glow"], 255))
    _engines(pen, (-gap - 0.02, gap + 0.02), 0.44, 0.03, (255, 170, 70))


def base_se_platform(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    span = 0.4 + rng.random() * 0.08
    for sx in (-1, 1):
        wing = [(sx * 0.12, -0.06), (sx * span, 0.02), (sx * span, 0.1), (sx * 0.12, 0.14)]
        pen.poly(_inset(wing, 1.08), t["edge"])
        pen.poly(wing, t["dark"])
        for k in range(4):
            x = sx * (0.16 + k * (span - 0.16) / 4)
            pen.line([(x, -0.04 + k * 0.02), (x, 0.12)], t["mid"], 0.01)
    for i in range(rng.randint(2, 3)):  # gun barrels
        x = (i - 1) * 0.1
        pen.line([(x, -0.05), (x * 1.4, -0.42)], t["edge"], 0.05)
        pen.line([(x, -0.05), (x * 1.4, -0.42)], t["mid"], 0.024)
        _glow_dot(pen, x * 1.4, -0.43, 0.012, (255, 190, 80))
    core = [(0.0, -0.2), (0.16, 0.04), (0.0, 0.28), (-0.16, 0.04)]
    pen.poly(_inset(core, 1.12), t["edge"])
    pen.poly(core, t["mid"])
    pen.poly([(0.0, -0.2), (0.0, 0.28), (-0.16, 0.04)], t["light"])
    pen.poly(shapes.star(0, 0.04, 0.07, 0.03, 5), t["accent"])


def base_se_citadel(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    spikes = rng.choice((6, 8, 10))
    pen.poly(shapes.star(0, 0, 0.5, 0.24, spikes, rotation=-90), t["edge"])
    pen.poly(shapes.star(0, 0, 0.46, 0.22, spikes, rotation=-90), t["dark"])
    hexa = shapes.regular_polygon(0, 0, 0.26, 6, rotation=-90)
    pen.poly(_inset(hexa, 1.1), t["edge"])
    pen.poly(hexa, t["mid"])
    pen.poly(_inset(hexa, 0.6, -0.03, -0.03), t["light"])
    pen.poly(shapes.star(0, 0, 0.12, 0.05, 5), t["accent"])
    for i in range(spikes):
        a = math.radians(-90 + 360 * i / spikes)
        _glow_dot(pen, math.cos(a) * 0.4, math.sin(a) * 0.4, 0.012, (255, 200, 90))


def ship_tf_freighter(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    rows = rng.randint(3, 5)
    pen.line([(0, -0.42), (0, 0.44)], t["edge"], 0.07)
    pen.line([(0, -0.42), (0, 0.44)], t["dark"], 0.04)
    colors = [(200, 90, 60), (70, 130, 200), (220, 180, 70), (110, 170, 110), (170, 170, 190)]
    for i in range(rows):
        y = -0.22 + i * (0.56 / rows)
        for sx in (-1, 1):
            for k in range(rng.randint(1, 2)):
                x0 = sx * (0.04 + k * 0.11)
                x1 = x0 + sx * 0.1
                c = rng.choice(colors)
                box = [(min(x0, x1), y), (max(x0, x1), y), (max(x0, x1), y + 0.1),
                       (min(x0, x1), y + 0.1)]
                pen.poly(_inset(box, 1.15), t["edge"])
                pen.poly(box, mix(c, t["accent"], 0.25))
    bridge = [(0.0, -0.5), (0.09, -0.4), (0.09, -0.26), (-0.09, -0.26), (-0.09, -0.4)]
    pen.poly(_inset(bridge, 1.12), t["edge"])
    pen.poly(bridge, t["light"])
    pen.circle(0, -0.38, 0.025, (*t["glow"], 255))
    _engines(pen, (-0.06, 0.06), 0.46, 0.03, (110, 190, 255))


def ship_tf_saucer(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    pen.ellipse_poly(0, 0.05, 0.46, 0.3, t["edge"], n=40)
    pen.ellipse_poly(0, 0.05, 0.43, 0.27, t["mid"], n=40)
    pen.ellipse_poly(-0.06, 0.0, 0.3, 0.17, t["light"], n=40)
    pen.ellipse_poly(0, 0.0, 0.15, 0.1, t["edge"], n=30)
    pen.ellipse_poly(0, -0.01, 0.12, 0.08, mix(t["glow"], (255, 255, 255), 0.3), n=30)
    for i in range(10):
        a = 2 * math.pi * i / 10
        x, y = math.cos(a) * 0.36, 0.05 + math.sin(a) * 0.22
        pen.circle(x, y, 0.012, (220, 240, 255, 255), glow=True)
    _engines(pen, (-0.2, 0.0, 0.2), 0.32, 0.026, (110, 190, 255))


def base_tf_domes(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    ground = mix(t["dark"], (40, 44, 56), 0.5)
    pen.ellipse_poly(0, 0.62, 0.9, 0.4, t["edge"], n=48)
    pen.ellipse_poly(0, 0.63, 0.88, 0.38, ground, n=48)
    for _i in range(rng.randint(3, 6)):
        x = (rng.random() - 0.5) * 1.0
        pen.circle(x, 0.3 + rng.random() * 0.1, 0.008, (255, 230, 170, 255), glow=True)
    pen.poly([(-0.52, 0.2), (0.52, 0.2), (0.48, 0.34), (-0.48, 0.34)], t["edge"])
    pen.poly([(-0.5, 0.22), (0.5, 0.22), (0.46, 0.31), (-0.46, 0.31)], t["dark"])
    for _i in range(rng.randint(1, 3)):  # towers behind the domes
        x = (rng.random() - 0.5) * 0.6
        hgt = 0.3 + rng.random() * 0.25
        pen.poly([(x - 0.04, 0.2), (x - 0.025, 0.2 - hgt), (x + 0.025, 0.2 - hgt),
                  (x + 0.04, 0.2)], t["edge"])
        pen.poly([(x - 0.025, 0.2), (x - 0.015, 0.2 - hgt + 0.01), (x + 0.015, 0.2 - hgt + 0.01),
                  (x + 0.025, 0.2)], t["mid"])
        _glow_dot(pen, x, 0.2 - hgt, 0.013, (150, 210, 255))
    for x, r in ((-0.28, 0.16), (0.05, 0.24), (0.33, 0.13)):
        r *= 0.85 + rng.random() * 0.3
        pen.circle(x, 0.2, r + 0.015, t["edge"])
        pen.circle(x, 0.2, r, mix((120, 170, 220), t["accent"], 0.3))
        pen.circle(x - r * 0.3, 0.2 - r * 0.35, r * 0.35, (210, 235, 255))
        for k in range(3):
            pen.circle(x + (k - 1) * r * 0.4, 0.2 - r * 0.2, r * 0.06, (255, 240, 180, 255),
                       glow=True)


def base_tf_hab(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    for sx in (-1, 1):
        pen.line([(0, 0), (sx * 0.2, 0)], t["edge"], 0.04)
        panel = [(sx * 0.2, -0.14), (sx * 0.5, -0.14), (sx * 0.5, 0.14), (sx * 0.2, 0.14)]
        pen.poly(_inset(panel, 1.06), t["edge"])
        pen.poly(panel, (30, 60, 120))
        for k in range(1, 4):
            x = sx * (0.2 + k * 0.075)
            pen.line([(x, -0.14), (x, 0.14)], (90, 140, 210), 0.008)
        pen.line([(sx * 0.2, 0), (sx * 0.5, 0)], (90, 140, 210), 0.008)
    hab = [(-0.1, -0.42), (0.1, -0.42), (0.12, -0.36), (0.12, 0.36), (0.1, 0.42), (-0.1, 0.42),
           (-0.12, 0.36), (-0.12, -0.36)]
    pen.poly(_inset(hab, 1.08), t["edge"])
    pen.poly(hab, t["mid"])
    pen.poly([(-0.1, -0.42), (0.0, -0.42), (0.0, 0.42), (-0.1, 0.42), (-0.12, 0.36),
              (-0.12, -0.36)], t["light"])
    for y in (-0.3, -0.15, 0.0, 0.15, 0.3):
        pen.line([(-0.12, y), (0.12, y)], t["accent"], 0.014)
        pen.circle(0.05, y + 0.07, 0.01, (255, 240, 190, 255), glow=True)


# ---------------------------------------------------------------- campaign factions

GOLD = (236, 200, 112)  # Consortium filigree
RUST = (150, 82, 48)


def _ring_half(pen: Pen, r: float, tilt: float, y: float, front: bool,
               layers: Sequence[tuple[float, RGB]]) -> None:
    """One half of a tilted ring round the subject (back half first, front half last)."""
    a0 = 0.0 if front else math.pi
    pts = [(math.cos(a0 + i * math.pi / 24) * r, y + math.sin(a0 + i * math.pi / 24) * r * tilt)
           for i in range(25)]
    for w, c in layers:
        pen.line(pts, c, w)


def _rock(rng: random.Random, cx: float, cy: float, r: float, n: int = 11,
          jag: float = 0.22) -> list[Point]:
    """An irregular asteroid outline."""
    pts = []
    for i in range(n):
        a = 2 * math.pi * i / n
        rr = r * (1 - jag / 2 + rng.random() * jag)
        pts.append((cx + math.cos(a) * rr, cy + math.sin(a) * rr * 0.82))
    return pts


def _patches(pen: Pen, rng: random.Random, t: dict[str, RGB], xs: tuple[float, float],
             ys: tuple[float, float], n: int, size: float = 0.08) -> None:
    """Mismatched hull plates with rivets (Scavengers)."""
    tones = (RUST, (112, 116, 124), (118, 112, 74), mix(t["accent"], (60, 64, 70), 0.45),
             (92, 96, 104))
    for _ in range(n):
        x = xs[0] + rng.random() * (xs[1] - xs[0])
        y = ys[0] + rng.random() * (ys[1] - ys[0])
        w, h = size * (0.6 + rng.random() * 0.8), size * (0.6 + rng.random() * 0.8)
        box = [(x - w / 2, y - h / 2), (x + w / 2, y - h / 2 + (rng.random() - 0.5) * 0.02),
               (x + w / 2, y + h / 2), (x - w / 2, y + h / 2)]
        pen.poly(_inset(box, 1.12), t["edge"])
        pen.poly(box, rng.choice(tones))
        for cx, cy in box[::2]:
            pen.circle(cx + (0.012 if cx < x else -0.012), cy + (0.012 if cy < y else -0.012),
                       0.007, t["edge"])


def ship_cons_yacht(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a sleek needle with crescent wings, gold filigree and a jewel core."""
    wing = 0.3 + rng.random() * 0.1
    reach = 0.3 + rng.random() * 0.08
    for sx in (-1, 1):
        crescent = [(sx * 0.06, -0.06), (sx * wing * 0.65, -0.16), (sx * wing, -reach),
                    (sx * wing * 1.02, -reach + 0.1), (sx * wing * 0.8, 0.1), (sx * 0.08, 0.22)]
        pen.poly(_inset(crescent, 1.1), t["edge"])
        pen.poly(crescent, t["dark"] if sx > 0 else t["mid"])
        pen.line([(sx * 0.09, 0.1), (sx * wing * 0.7, -0.04), (sx * wing * 0.97, -reach + 0.06)],
                 GOLD, 0.013)
        _glow_dot(pen, sx * wing, -reach, 0.012, t["glow"])
    half = [(0.0, -0.5), (0.045, -0.36), (0.085, -0.1), (0.095, 0.2), (0.065, 0.4),
            (0.03, 0.46)]
    _hull(pen, half, t)
    pen.line([(0, -0.43), (0, -0.12)], GOLD, 0.012)
    pen.line([(0, 0.16), (0, 0.36)], GOLD, 0.012)
    pen.circle(0, 0.02, 0.088, t["edge"])
    pen.circle(0, 0.02, 0.07, t["accent"])
    pen.circle(0, 0.02, 0.07, None, outline=GOLD, width=0.014)
    pen.circle(-0.02, 0.0, 0.025, (*t["glow"], 255))
    _glow_dot(pen, 0, 0.02, 0.03, t["glow"])
    _engines(pen, (-0.035, 0.035), 0.45, 0.022, (200, 150, 255))


def ship_cons_liner(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a broad luxury liner girdled by a gilded halo ring, rows of lit windows."""
    body_w = 0.15 + rng.random() * 0.04
    ring_r = body_w + 0.18 + rng.random() * 0.06
    halo = ((0.06, t["edge"]), (0.035, t["dark"]), (0.012, GOLD))
    _ring_half(pen, ring_r, 0.3, 0.02, False, halo)
    for sx in (-1, 1):  # the halo's pylons
        pen.line([(sx * body_w * 0.8, 0.02), (sx * ring_r, 0.02)], t["edge"], 0.035)
        pen.line([(sx * body_w * 0.8, 0.02), (sx * ring_r, 0.02)], t["mid"], 0.016)
    pen.ellipse_poly(0, 0.0, body_w + 0.02, 0.52, t["edge"], n=36)
    pen.ellipse_poly(0, 0.0, body_w, 0.5, t["mid"], n=36)
    pen.ellipse_poly(-body_w * 0.32, -0.02, body_w * 0.5, 0.44, t["light"], n=30)
    pen.ellipse_poly(0, -0.3, body_w * 0.45, 0.09, t["edge"], n=20)  # the bridge dome
    pen.ellipse_poly(0, -0.31, body_w * 0.35, 0.07, mix(t["glow"], (255, 255, 255), 0.3), n=20)
    for row in (-0.45, 0.45):
        for k in range(5):
            y = -0.16 + k * 0.09
            pen.circle(row * body_w, y, 0.011, (255, 236, 190, 255), glow=True)
    _ring_half(pen, ring_r, 0.3, 0.02, True, halo)
    pen.poly([(0, -0.56), (0.03, -0.5), (0, -0.46), (-0.03, -0.5)], GOLD)
    _engines(pen, (-body_w * 0.5, 0.0, body_w * 0.5), 0.47, 0.026, (200, 150, 255))


def base_cons_orb(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a globe station with lit meridians inside a tilted trade ring."""
    R = 0.3 + rng.random() * 0.04
    ring = ((0.08, t["edge"]), (0.05, t["dark"]), (0.014, GOLD))
    _ring_half(pen, 0.5, 0.26, 0.04, False, ring)
    for sy in (-1, 1):  # docking spires through the poles
        pen.line([(0, sy * (R + 0.14)), (0, 0)], t["edge"], 0.05)
        pen.line([(0, sy * (R + 0.14)), (0, 0)], t["mid"], 0.024)
        _glow_dot(pen, 0, sy * (R + 0.15), 0.016, t["glow"])
    pen.circle(0, 0, R + 0.02, t["edge"])
    pen.circle(0, 0, R, t["mid"])
    pen.circle(-R * 0.22, -R * 0.22, R * 0.62, t["light"])
    meridians = rng.choice((2, 3))
    for k in range(1, meridians + 1):
        rx = R * k / (meridians + 0.6)
        pts = [(math.sin(a) * rx, math.cos(a) * R) for a in
               (i * math.pi / 16 for i in range(17))]
        pen.line(pts, GOLD, 0.012)
        pen.line([(-x, y) for x, y in pts], GOLD, 0.012)
    pen.line([(0, -R), (0, R)], GOLD, 0.012)
    for yy in (-0.5, 0.0, 0.5):
        half = R * math.sqrt(1 - yy * yy)
        pts = [(math.cos(a) * half, yy * R + math.sin(a) * half * 0.18)
               for a in (i * math.pi / 16 for i in range(17))]
        pen.line(pts, GOLD, 0.014 if yy == 0 else 0.01)
    for _ in range(rng.randint(4, 7)):  # lit cities on the night side
        a, d = rng.random() * 2 * math.pi, rng.random() * R * 0.8
        pen.circle(math.cos(a) * d, math.sin(a) * d, 0.01, (255, 236, 190, 255), glow=True)
    _ring_half(pen, 0.5, 0.26, 0.04, True, ring)
    for i in range(6):
        a = 0.3 + i * (math.pi - 0.6) / 5
        _glow_dot(pen, math.cos(a) * 0.5, 0.04 + math.sin(a) * 0.5 * 0.26, 0.01, t["glow"])


def base_cons_spire(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a tall exchange spire with tiered gilded discs."""
    spire = [(0.0, -0.52), (0.035, -0.34), (0.06, 0.3), (0.12, 0.44), (-0.12, 0.44),
             (-0.06, 0.3), (-0.035, -0.34)]
    pen.poly(_inset(spire, 1.08), t["edge"])
    pen.poly(spire, t["mid"])
    pen.poly([(0.0, -0.52), (0.0, 0.44), (-0.12, 0.44), (-0.06, 0.3), (-0.035, -0.34)],
             t["light"])
    tiers = rng.randint(3, 4)
    for i in range(tiers):
        y = -0.26 + i * (0.56 / tiers)
        rx = 0.14 + 0.3 * (i + 1) / tiers + rng.random() * 0.04
        pen.ellipse_poly(0, y, rx + 0.02, 0.07, t["edge"], n=32)
        pen.ellipse_poly(0, y, rx, 0.055, t["dark"], n=32)
        pen.ellipse_poly(0, y - 0.012, rx * 0.92, 0.03, t["mid"], n=32)
        pts = [(math.cos(a) * rx, y + math.sin(a) * 0.055) for a in
               (i2 * math.pi / 16 for i2 in range(17))]
        pen.line(pts, GOLD, 0.012)
        for k in range(5):
            x = (k / 4 - 0.5) * rx * 1.4
            pen.circle(x, y + 0.03, 0.009, (255, 236, 190, 255), glow=True)
    for sx in (-1, 1):  # ornamental arches at the foot
        pts = [(sx * (0.12 + 0.18 * (1 - math.cos(a))), 0.44 - math.sin(a) * 0.16)
               for a in (i * math.pi / 12 for i in range(13))]
        pen.line(pts, t["edge"], 0.03)
        pen.line(pts, GOLD, 0.012)
    _glow_dot(pen, 0, -0.52, 0.022, t["glow"])
    pen.poly(shapes.star(0, -0.52, 0.05, 0.015, 4), (255, 250, 230))


def ship_kg_knight(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: an armoured hull like a knight's helm and shield, a lance forward."""
    broad = 0.24 + rng.random() * 0.06
    pen.line([(0, -0.52), (0, -0.1)], t["edge"], 0.05)
    pen.line([(0, -0.52), (0, -0.1)], t["light"], 0.022)
    pen.poly([(0, -0.56), (0.025, -0.49), (-0.025, -0.49)], t["light"])
    for sx in (-1, 1):  # pauldrons
        pen.circle(sx * broad, 0.04, 0.1, t["edge"])
        pen.circle(sx * broad, 0.04, 0.085, t["dark"])
        pen.circle(sx * broad - 0.02, 0.02, 0.05, t["mid"])
    half = [(0.0, -0.32), (broad * 0.55, -0.24), (broad * 0.92, -0.04), (broad, 0.26),
            (broad * 0.7, 0.42), (0.0, 0.48)]
    _hull(pen, half, t)
    for k in range(3):  # overlapping armour plates
        y = -0.04 + k * 0.14
        w = broad * (0.9 - k * 0.12)
        pen.line([(-w, y + 0.07), (0, y), (w, y + 0.07)], t["edge"], 0.018)
    pen.poly([(-0.12, -0.17), (0.12, -0.17), (0.1, -0.12), (-0.1, -0.12)], t["edge"])  # visor
    pen.line([(-0.085, -0.145), (0.085, -0.145)], t["glow"], 0.014, glow=True)
    pen.line([(-0.085, -0.145), (0.085, -0.145)], (255, 240, 200), 0.008)
    pen.poly(palette.emblem_points("crown", 0, 0.22, 0.08), t["edge"])
    pen.poly(palette.emblem_points("crown", 0, 0.22, 0.062), t["accent"])
    _engines(pen, (-broad * 0.45, 0.0, broad * 0.45), 0.46, 0.028, (255, 170, 70))


def _merlons(pen: Pen, x0: float, x1: float, y: float, h: float, n: int, tone: RGB,
             edge: RGB) -> None:
    """Battlements: ``n`` merlons standing on the line y between x0 and x1."""
    w = (x1 - x0) / (2 * n - 1)
    for i in range(n):
        xa = x0 + 2 * i * w
        box = [(xa, y), (xa, y - h), (xa + w, y - h), (xa + w, y)]
        pen.poly(_inset(box, 1.2), edge)
        pen.poly(box, tone)


def ship_kg_warship(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a heavy armoured warship with a three-pronged prow and battlemented decks."""
    span = 0.22 + rng.random() * 0.06
    for x, tip in ((-span * 0.55, -0.5), (0.0, -0.58), (span * 0.55, -0.5)):  # the prow
        prong = [(x - 0.045, -0.32), (x, tip), (x + 0.045, -0.32)]
        pen.poly(_inset(prong, 1.15), t["edge"])
        pen.poly(prong, t["light"])
    half = [(0.0, -0.4), (span * 0.7, -0.36), (span, -0.22), (span, 0.36), (span * 0.8, 0.46),
            (0.0, 0.46)]
    _hull(pen, half, t)
    for k in range(5):  # armour plates down both flanks
        y = -0.16 + k * 0.11
        for sx in (-1, 1):
            plate = [(sx * span * 0.62, y), (sx * span * 0.98, y + 0.01),
                     (sx * span * 0.98, y + 0.09), (sx * span * 0.62, y + 0.08)]
            pen.poly(plate, t["edge"])
            pen.poly(_inset(plate, 0.8), t["dark"] if sx > 0 else t["mid"])
    decks = rng.randint(2, 3)
    for k in range(decks):  # battlemented superstructure
        w = span * (0.48 - k * 0.1)
        y0, y1 = -0.12 + k * 0.13, 0.3
        block = [(-w, y0), (w, y0), (w, y1), (-w, y1)]
        pen.poly(_inset(block, 1.08), t["edge"])
        pen.poly(block, t["light"] if k % 2 == 0 else t["mid"])
        _merlons(pen, -w, w, y0, 0.035, 3, t["light"] if k % 2 == 0 else t["mid"], t["edge"])
    pen.line([(-span * 0.9, 0.38), (span * 0.9, 0.38)], t["accent"], 0.02)
    n = rng.choice((3, 4))
    _engines(pen, [(i / (n - 1) - 0.5) * span * 1.3 for i in range(n)], 0.45, 0.028,
             (255, 170, 70))


def base_kg_castle(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a walled fortress with towers and a keep on a rock."""
    rock = _rock(rng, 0, 0.42, 0.56, 13, 0.14)
    pen.poly(_inset(rock, 1.04), t["edge"])
    pen.poly(rock, mix(t["dark"], (50, 44, 40), 0.5))
    wall_top = 0.06
    pen.poly([(-0.44, wall_top), (0.44, wall_top), (0.44, 0.36), (-0.44, 0.36)], t["edge"])
    pen.poly([(-0.42, wall_top + 0.02), (0.42, wall_top + 0.02), (0.42, 0.34), (-0.42, 0.34)],
             t["mid"])
    _merlons(pen, -0.42, 0.42, wall_top + 0.02, 0.05, 7, t["mid"], t["edge"])
    keep_h = 0.42 + rng.random() * 0.08
    keep = [(-0.13, 0.34), (-0.13, 0.1 - keep_h + 0.3), (0.13, 0.1 - keep_h + 0.3), (0.13, 0.34)]
    pen.poly(_inset(keep, 1.06), t["edge"])
    pen.poly(keep, t["light"])
    pen.poly([(0.0, keep[1][1]), (0.13, keep[1][1]), (0.13, 0.34), (0.0, 0.34)], t["mid"])
    _merlons(pen, -0.13, 0.13, keep[1][1], 0.05, 3, t["light"], t["edge"])
    top = keep[1][1] - 0.05
    pen.line([(0, top), (0, top - 0.16)], t["edge"], 0.014)  # the banner
    pen.poly([(0, top - 0.16), (0.12, top - 0.13), (0, top - 0.09)], t["accent"])
    for sx in (-1, 1):  # corner towers
        x = sx * 0.4
        tower = [(x - 0.08, 0.36), (x - 0.08, -0.06), (x + 0.08, -0.06), (x + 0.08, 0.36)]
        pen.poly(_inset(tower, 1.08), t["edge"])
        pen.poly(tower, t["light"] if sx < 0 else t["mid"])
        _merlons(pen, x - 0.08, x + 0.08, -0.06, 0.045, 3, t["light"] if sx < 0 else t["mid"],
                 t["edge"])
        for y in (0.04, 0.16):
            pen.line([(x, y), (x, y + 0.05)], (255, 210, 130), 0.016, glow=True)
    pen.ellipse_poly(0, 0.3, 0.06, 0.08, t["edge"])  # the gate
    pen.poly([(-0.06, 0.3), (0.06, 0.3), (0.06, 0.36), (-0.06, 0.36)], t["edge"])
    for y in (-0.02, 0.12):
        _glow_dot(pen, -0.05, keep[1][1] + 0.12 + y, 0.012, (255, 200, 110))
        _glow_dot(pen, 0.05, keep[1][1] + 0.12 + y, 0.012, (255, 200, 110))


def base_kg_bastion(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a star fort seen from above: arrowhead bastions round a crowned keep."""
    n = rng.choice((5, 6))
    rot = -90 + (180 / n if rng.random() < 0.5 else 0)
    pen.circle(0, 0, 0.52, None, outline=(*mix(t["accent"], (0, 0, 0), 0.3), 255), width=0.02)
    pen.poly(shapes.star(0, 0, 0.5, 0.34, n, rotation=rot), t["edge"])
    pen.poly(shapes.star(0, 0, 0.46, 0.31, n, rotation=rot), t["dark"])
    pen.poly(shapes.star(0, 0, 0.4, 0.27, n, rotation=rot), t["mid"])
    inner = shapes.regular_polygon(0, 0, 0.24, n, rotation=rot + 180 / n)
    pen.poly(_inset(inner, 1.12), t["edge"])
    pen.poly(inner, t["light"])
    pen.poly(_inset(inner, 0.7, 0.02, 0.02), t["mid"])
    for i in range(n):  # guns on the bastion points
        a = math.radians(rot + 360 * i / n)
        x, y = math.cos(a) * 0.4, math.sin(a) * 0.4
        pen.line([(x, y), (math.cos(a) * 0.52, math.sin(a) * 0.52)], t["edge"], 0.03)
        _glow_dot(pen, math.cos(a) * 0.53, math.sin(a) * 0.53, 0.012, (255, 190, 90))
    pen.poly(palette.emblem_points("crown", 0, 0.0, 0.12), t["edge"])
    pen.poly(palette.emblem_points("crown", 0, 0.0, 0.1), t["accent"])
    _glow_dot(pen, 0, 0.04, 0.02, (255, 210, 130))


def ship_sc_junker(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: a lopsided hull of salvage, one big bolted-on engine, a grapple arm."""
    side = rng.choice((-1, 1))
    j = [(rng.random() - 0.5) * 0.05 for _ in range(8)]
    hull = [(0.02 + j[0], -0.46), (0.13 + j[1], -0.3), (0.15 + j[2], 0.02), (0.11 + j[3], 0.4),
            (-0.09 + j[4], 0.42), (-0.14 + j[5], 0.12), (-0.12 + j[6], -0.2), (-0.05 + j[7], -0.4)]
    hull = [(x * side, y) for x, y in hull]
    # the grapple arm
    arm = [(-side * 0.1, -0.1), (-side * 0.3, -0.3), (-side * 0.26, -0.46)]
    pen.line(arm, t["edge"], 0.05)
    pen.line(arm, (112, 116, 124), 0.024)
    cx, cy = arm[-1]
    for d in (-1, 1):
        pen.line([(cx, cy), (cx + d * 0.05, cy - 0.06), (cx + d * 0.02, cy - 0.1)], t["edge"],
                 0.022)
    # the big engine pod on one side
    pen.ellipse_poly(side * 0.22, 0.14, 0.085, 0.26, t["edge"])
    pen.ellipse_poly(side * 0.22, 0.14, 0.07, 0.24, RUST)
    pen.ellipse_poly(side * 0.2, 0.1, 0.03, 0.17, mix(RUST, (255, 220, 180), 0.35))
    pen.line([(side * 0.1, 0.0), (side * 0.18, 0.0)], t["edge"], 0.04)
    pen.poly(_inset(hull, 1.08), t["edge"])
    pen.poly(hull, t["mid"])
    pen.poly(_inset(hull, 0.7, -0.02, -0.02), t["light"])
    _patches(pen, rng, t, (-0.1, 0.1), (-0.3, 0.3), rng.randint(3, 5))
    pen.circle(side * 0.03, -0.3, 0.035, t["edge"])
    pen.circle(side * 0.03, -0.3, 0.024, t["glow"])
    _engines(pen, (side * 0.22,), 0.42, 0.045, (255, 150, 80))
    _engines(pen, (-side * 0.06,), 0.43, 0.02, (120, 240, 220))


def ship_sc_raider(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: a pirate raider of a broken wedge, mismatched wings and a harpoon."""
    wl, wr = 0.3 + rng.random() * 0.12, 0.2 + rng.random() * 0.08
    left = [(-0.07, -0.08), (-wl, 0.2), (-wl * 0.92, 0.3), (-0.08, 0.26)]
    right = [(0.07, -0.14), (wr * 0.7, -0.02), (wr, -0.08), (wr * 1.05, 0.06), (wr * 0.6, 0.12),
             (wr * 0.8, 0.2), (0.08, 0.24)]  # patched and notched
    for wing, tone in ((left, t["dark"]), (right, RUST)):
        pen.poly(_inset(wing, 1.1), t["edge"])
        pen.poly(wing, tone)
    pen.line([(0.0, -0.5), (0.0, -0.2)], t["edge"], 0.03)  # harpoon
    pen.poly([(0, -0.58), (0.035, -0.49), (-0.035, -0.49)], (200, 206, 214))
    wedge = [(0.0, -0.36), (0.11, -0.1), (0.13, 0.32), (0.08, 0.38), (0.04, 0.33), (0.0, 0.4),
             (-0.05, 0.34), (-0.09, 0.4), (-0.13, 0.3), (-0.1, -0.12)]  # a jagged stern
    pen.poly(_inset(wedge, 1.08), t["edge"])
    pen.poly(wedge, t["mid"])
    pen.poly([(0.0, -0.36), (0.0, 0.4), (-0.05, 0.34), (-0.09, 0.4), (-0.13, 0.3),
              (-0.1, -0.12)], t["light"])
    _patches(pen, rng, t, (-0.08, 0.08), (-0.15, 0.25), rng.randint(2, 4), 0.07)
    for sx in (-1, 1):  # red running lights
        pen.circle(sx * 0.04, -0.16, 0.016, (255, 70, 50, 255), glow=True)
        pen.circle(sx * 0.04, -0.16, 0.05, (255, 60, 40, 110), glow=True)
    _engines(pen, (-0.07,), 0.4, 0.034, (255, 150, 80))
    _engines(pen, (0.06,), 0.38, 0.022, (120, 240, 220))


def base_sc_junkyard(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: wrecks heaped on an asteroid, a crane with a hanging claw."""
    rock = _rock(rng, 0, 0.26, 0.42, 12, 0.3)
    pen.poly(_inset(rock, 1.05), t["edge"])
    pen.poly(rock, mix(t["dark"], (60, 56, 50), 0.5))
    pen.poly(_inset(rock, 0.6, -0.06, -0.06), mix(t["mid"], (90, 84, 76), 0.5))
    # the crane
    side = rng.choice((-1, 1))
    mast = [(side * 0.22, 0.12), (side * 0.2, -0.42), (-side * 0.16, -0.36)]
    pen.line(mast, t["edge"], 0.05)
    pen.line(mast, (200, 170, 70), 0.022)
    hx, hy = -side * 0.16, -0.36
    pen.line([(hx, hy), (hx, -0.12)], t["edge"], 0.01)
    for d in (-1, 1):
        pen.line([(hx, -0.12), (hx + d * 0.05, -0.08), (hx + d * 0.03, -0.03)], t["edge"], 0.02)
    tones = (RUST, (112, 116, 124), (118, 112, 74), mix(t["accent"], (60, 64, 70), 0.4),
             t["mid"], t["light"])
    for _ in range(rng.randint(6, 9)):  # wrecks
        x, y = (rng.random() - 0.5) * 0.8, 0.08 + rng.random() * 0.2
        w, h = 0.08 + rng.random() * 0.14, 0.04 + rng.random() * 0.06
        a = (rng.random() - 0.5) * 1.2
        c, s = math.cos(a), math.sin(a)
        box = [(x + px * c - py * s, y + px * s + py * c)
               for px, py in ((-w / 2, -h / 2), (w / 2, -h / 2 + 0.02), (w / 2, h / 2),
                              (-w / 2, h / 2))]
        if rng.random() < 0.4:
            box = box[:3]  # a torn-off fin
        pen.poly(_inset(box, 1.2), t["edge"])
        pen.poly(box, rng.choice(tones))
    for _ in range(rng.randint(3, 5)):
        x, y = (rng.random() - 0.5) * 0.7, 0.1 + rng.random() * 0.3
        _glow_dot(pen, x, y, 0.012, rng.choice(((255, 180, 80), (120, 240, 220))))


def base_sc_hideout(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: a hollowed asteroid with docking tubes and a patched hatch."""
    tubes = rng.randint(3, 4)
    for i in range(tubes):  # docking tubes
        a = math.radians(-160 + 140 * i / max(1, tubes - 1) + (rng.random() - 0.5) * 20)
        x0, y0 = math.cos(a) * 0.3, math.sin(a) * 0.26
        x1, y1 = math.cos(a) * (0.44 + rng.random() * 0.08), math.sin(a) * 0.5
        pen.line([(x0, y0), (x1, y1)], t["edge"], 0.07)
        pen.line([(x0, y0), (x1, y1)], (112, 116, 124) if i % 2 else RUST, 0.04)
        pen.circle(x1, y1, 0.045, t["edge"])
        pen.circle(x1, y1, 0.03, t["mid"])
        _glow_dot(pen, x1, y1, 0.012, (120, 240, 220))
    rock = _rock(rng, 0, 0.02, 0.42, 14, 0.24)
    pen.poly(_inset(rock, 1.05), t["edge"])
    pen.poly(rock, mix(t["dark"], (70, 64, 56), 0.5))
    pen.poly(_inset(rock, 0.7, -0.05, -0.06), mix(t["mid"], (100, 94, 84), 0.5))
    for _ in range(rng.randint(3, 5)):  # craters
        a, d = rng.random() * 2 * math.pi, 0.12 + rng.random() * 0.18
        r = 0.025 + rng.random() * 0.035
        pen.circle(math.cos(a) * d, math.sin(a) * d * 0.8, r, mix(t["dark"], (30, 28, 26), 0.5))
    pen.circle(0.04, 0.06, 0.12, t["edge"])  # the hatch, patched
    pen.circle(0.04, 0.06, 0.1, (40, 42, 48))
    pen.circle(0.04, 0.06, 0.065, (255, 190, 100, 255), glow=True)
    pen.circle(0.04, 0.06, 0.05, (255, 220, 160))
    _patches(pen, rng, t, (-0.2, 0.25), (-0.15, 0.25), rng.randint(2, 3), 0.07)
    mast = [(-0.16, -0.2), (-0.2, -0.48)]  # antenna and dish
    pen.line(mast, t["edge"], 0.02)
    pen.ellipse_poly(-0.2, -0.48, 0.07, 0.03, t["light"], rot=0.4)
    _glow_dot(pen, -0.2, -0.5, 0.012, (255, 80, 60))


def _squadron(variant: Callable[..., None]) -> Callable[..., None]:
    """Several small craft of one design (Nanobot Swarm, Swarmer...)."""

    def draw(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
        spots = [(-0.28, 0.15, 0.42), (0.3, 0.05, 0.45), (0.0, -0.22, 0.5), (-0.2, -0.35, 0.3),
                 (0.28, -0.38, 0.3)]
        for x, y, k in spots[: rng.randint(3, 5)]:
            sub = Pen(pen.d, pen.g, 0, 0, pen.size * k, 0.0, pen.s)
            sub.cx, sub.cy = (pen.p(x, y)[0] / pen.s, pen.p(x, y)[1] / pen.s)
            sub.cos, sub.sin = pen.cos, pen.sin
            variant(sub, random.Random(rng.random()), t)

    return draw


SHIPS: dict[str, list[Callable[..., None]]] = {
    "star_empire": [ship_star_empire, ship_se_twin, ship_se_dreadnought],
    "trade_federation": [ship_trade_federation, ship_tf_freighter, ship_tf_saucer],
    "machine_cult": [ship_machine_cult, ship_mc_drone, ship_mc_walker],
    "blob": [ship_blob, ship_blob_worm, ship_blob_thorn],
    "consortium": [ship_cons_yacht, ship_cons_liner],
    "kingdom": [ship_kg_knight, ship_kg_warship],
    "scavengers": [ship_sc_junker, ship_sc_raider],
}
BASES: dict[str, list[Callable[..., None]]] = {
    "star_empire": [base_star_empire, base_se_platform, base_se_citadel],
    "trade_federation": [base_trade_federation, base_tf_domes, base_tf_hab],
    "machine_cult": [base_machine_cult, base_mc_towers, base_mc_monolith],
    "blob": [base_blob, base_blob_moon, base_blob_spikes],
    "consortium": [base_cons_orb, base_cons_spire],
    "kingdom": [base_kg_castle, base_kg_bastion],
    "scavengers": [base_sc_junkyard, base_sc_hideout],
    "unaligned": [base_trade_federation],
}

# Words in a card id that pick a fitting motif (index into the lists above); anything
# else is chosen by the seed.  "swarm" draws a squadron of small craft.
HINTS: tuple[tuple[str, str, int], ...] = (
    ("swarm", "*", -1),
    ("bot", "machine_cult", 1),
    ("mech", "machine_cult", 2),
    ("dreadnaught", "star_empire", 2),
    ("flagship", "star_empire", 2),
    ("battleship", "star_empire", 2),
    ("fortress", "star_empire", 0),
    ("platform", "star_empire", 1),
    ("palace", "star_empire", 2),
    ("hauler", "trade_federation", 1),
    ("cargo", "*", 1),
    ("seed", "trade_federation", 1),
    ("colony", "trade_federation", 1),
    ("world", "trade_federation", 1),
    ("station", "trade_federation", 0),
    ("moon", "blob", 1),
    ("spike", "blob", 2),
    ("reef", "blob", 2),
    ("worm", "blob", 1),
    ("hatchling", "blob", 1),
    ("leviathan", "blob", 1),
    ("stinger", "blob", 2),
    ("tower", "machine_cult", 2),
    ("oracle", "machine_cult", 2),
    ("nexus", "machine_cult", 2),
    ("yard", "machine_cult", 1),
    ("yacht", "consortium", 0),
    ("liner", "consortium", 1),
    ("globe", "consortium", 0),
    ("orb", "consortium", 0),
    ("exchange", "consortium", 1),
    ("tower", "consortium", 1),
    ("spire", "consortium", 1),
    ("knight", "kingdom", 0),
    ("paladin", "kingdom", 0),
    ("castle", "kingdom", 0),
    ("keep", "kingdom", 0),
    ("fortress", "kingdom", 0),
    ("bastion", "kingdom", 1),
    ("citadel", "kingdom", 1),
    ("fort", "kingdom", 1),
    ("junk", "scavengers", 0),
    ("salvage", "scavengers", 0),
    ("scrap", "scavengers", 0),
    ("yard", "scavengers", 0),
    ("raider", "scavengers", 1),
    ("pirate", "scavengers", 1),
    ("corsair", "scavengers", 1),
    ("hideout", "scavengers", 1),
    ("lair", "scavengers", 1),
    ("smuggler", "scavengers", 1),
)


def _unaligned_craft(card_id: str) -> Callable[..., None]:
    def draw(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
        ship_unaligned(pen, rng, t, "", card_id)

    return draw


def pick_motif(card_id: str, faction: str, is_base: bool,
               rng: random.Random) -> Callable[..., None]:
    """The subject of a picture.  A faction without motifs of its own (unaligned, or one
    this module does not know) gets a small unaligned craft for a ship and the ring
    station for a base — a ship never falls back to a station."""
    if is_base:
        variants = BASES.get(faction) or BASES["unaligned"]
    else:
        variants = SHIPS.get(faction) or [_unaligned_craft(card_id)]
    for word, fac, idx in HINTS:
        if word in card_id and fac in ("*", faction):
            if idx < 0 and not is_base:
                return _squadron(variants[rng.randrange(len(variants))])
            if idx >= 0:
                return variants[idx % len(variants)]
    return variants[rng.randrange(len(variants))]


def _outpost_extras(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    # turrets on the rim and a faint shield bubble
    for sx in (-1, 1):
        x, y = sx * 0.44, 0.08
        pen.poly([(x - 0.05, y + 0.05), (x + 0.05, y + 0.05), (x + 0.04, y - 0.03),
                  (x - 0.04, y - 0.03)], t["edge"])
        pen.line([(x, y - 0.02), (x + sx * 0.09, y - 0.13)], t["edge"], 0.028)
        pen.line([(x, y - 0.02), (x + sx * 0.09, y - 0.13)], t["light"], 0.012)
    pen.circle(0, 0.02, 0.62, None, outline=(150, 200, 255, 70), width=0.02, glow=True)


NEBULA_ACCENTS: dict[str, tuple[RGB, ...]] = {
    "blob": ((40, 120, 90), (90, 120, 30), (30, 90, 110)),
    "machine_cult": ((150, 40, 90), (150, 70, 30), (110, 40, 130)),
    "star_empire": ((170, 90, 30), (150, 60, 60), (120, 100, 40)),
    "trade_federation": ((40, 90, 170), (30, 130, 150), (90, 70, 170)),
    "consortium": ((110, 50, 170), (150, 110, 60), (70, 60, 160)),
    "kingdom": ((170, 90, 30), (140, 50, 40), (120, 90, 60)),
    "scavengers": ((30, 130, 130), (120, 80, 50), (60, 110, 90)),
    "unaligned": ((70, 80, 130), (100, 70, 120), (50, 100, 120)),
}
PLANETS: tuple[RGB, ...] = ((170, 120, 90), (90, 130, 170), (120, 150, 110), (150, 110, 160),
                            (180, 160, 110), (110, 110, 120))


# ---------------------------------------------------------------- entry points


@lru_cache(maxsize=192)
def render_art(card_id: str, factions: tuple[str, ...], kind: str, cost: int, width: int,
               height: int) -> Image.Image:
    """The illustration of a card (``kind``: ship | base | outpost) as an RGB image.

    Cached (the same picture serves both languages): do not modify the result."""
    w, h = max(8, width), max(8, height)
    rng = random.Random(seed_of(card_id))
    main = factions[0] if factions else "unaligned"
    st = palette.style(main)
    second = palette.style(factions[1]) if len(factions) > 1 else st

    lw, lh = max(8, w // 4), max(6, h // 4)  # the nebula is smooth: paint it small
    small = _gradient(lw, lh, mix((6, 8, 20), st.dark, 0.25), mix((12, 14, 32), second.dark, 0.45))
    accent = rng.choice(NEBULA_ACCENTS.get(main, NEBULA_ACCENTS["unaligned"]))
    neb = [mix(st.color, (20, 20, 40), 0.45), accent]
    if second is not st:
        neb[1] = mix(second.color, (20, 20, 40), 0.4)
    _nebula(small, rng, neb, 0.42)
    img = small.resize((w, h), Image.Resampling.BICUBIC)
    _stars(img, rng)

    is_base = kind in ("base", "outpost")
    if is_base or rng.random() < 0.45:
        pr = min(h * 0.9, w * 0.55) if is_base else h * 0.35
        pr *= 0.8 + rng.random() * 0.4
        if is_base:
            px, py = w * (0.3 + rng.random() * 0.4), h + pr * 0.45
        else:
            px, py = w * (0.1 + rng.random() * 0.8), h * (0.15 + rng.random() * 0.7)
        _planet(img, rng, px, py, pr, mix(rng.choice(PLANETS), st.color, 0.2))

    s = 3 if w < 260 else 2
    layer = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    glow = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw, gdraw = ImageDraw.Draw(layer), ImageDraw.Draw(glow)
    tones = _tones(st)
    tint = rng.choice(((255, 255, 255), (255, 200, 150), (150, 200, 255), (200, 255, 190),
                       (230, 190, 255), (120, 120, 130)))
    for key in ("mid", "light", "dark"):
        tones[key] = mix(tones[key], tint, 0.16)
    motif = pick_motif(card_id, main, is_base, rng)
    if is_base:
        size = min(h * 0.95, w * 0.62)
        pen = Pen(draw, gdraw, w * 0.5, h * 0.5, size, (rng.random() - 0.5) * 10, s)
        motif(pen, rng, tones)
        if kind == "outpost":
            _outpost_extras(pen, rng, tones)
    else:
        size = h * 0.86 * (0.68 + 0.04 * min(max(cost, 0), 8))
        angle = (rng.random() - 0.5) * 70
        pen = Pen(draw, gdraw, w * (0.5 + (rng.random() - 0.5) * 0.2), h * 0.52, size, angle, s)
        motif(pen, rng, tones)
    layer = layer.reduce(s)
    q = s * 4  # blur the glow at a quarter of the final size: same look, much cheaper
    soft = glow.reduce(q).filter(ImageFilter.GaussianBlur(max(0.6, h * 0.02 / 4)))
    soft = soft.resize((w, h), Image.Resampling.BILINEAR)
    glow = glow.reduce(s)
    out = img.convert("RGBA")
    out.alpha_composite(soft)
    out.alpha_composite(layer)
    out.alpha_composite(glow)
    return out.convert("RGB")


def card_art(card, width: int, height: int) -> Image.Image:
    """The illustration for a card definition at ``width`` × ``height``.

    The picture follows the printed factions: a campaign sticker adds a faction to the
    card (its frame and title show it) but does not repaint the picture."""
    kind = "outpost" if card.is_base and card.outpost else card.type
    printed = getattr(card, "ally_factions", ()) or card.factions
    return render_art(card.id, tuple(printed[:2]), kind, card.cost, int(width), int(height))
