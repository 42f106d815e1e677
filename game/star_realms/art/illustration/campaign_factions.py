"""Ships and stations of the campaign factions: Consortium (gold filigree), Kingdom
(armour and battlements) and Scavengers (salvage and rivets)."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from game.star_realms.art import palette, shapes
from game.star_realms.art.illustration.pen import Pen, engines, glow_dot, inset, shaded_hull
from game.star_realms.art.shapes import RGB, Point, mix

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
        pen.poly(inset(box, 1.12), t["edge"])
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
        pen.poly(inset(crescent, 1.1), t["edge"])
        pen.poly(crescent, t["dark"] if sx > 0 else t["mid"])
        pen.line([(sx * 0.09, 0.1), (sx * wing * 0.7, -0.04), (sx * wing * 0.97, -reach + 0.06)],
                 GOLD, 0.013)
        glow_dot(pen, sx * wing, -reach, 0.012, t["glow"])
    half = [(0.0, -0.5), (0.045, -0.36), (0.085, -0.1), (0.095, 0.2), (0.065, 0.4),
            (0.03, 0.46)]
    shaded_hull(pen, half, t)
    pen.line([(0, -0.43), (0, -0.12)], GOLD, 0.012)
    pen.line([(0, 0.16), (0, 0.36)], GOLD, 0.012)
    pen.circle(0, 0.02, 0.088, t["edge"])
    pen.circle(0, 0.02, 0.07, t["accent"])
    pen.circle(0, 0.02, 0.07, None, outline=GOLD, width=0.014)
    pen.circle(-0.02, 0.0, 0.025, (*t["glow"], 255))
    glow_dot(pen, 0, 0.02, 0.03, t["glow"])
    engines(pen, (-0.035, 0.035), 0.45, 0.022, (200, 150, 255))


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
    engines(pen, (-body_w * 0.5, 0.0, body_w * 0.5), 0.47, 0.026, (200, 150, 255))


def base_cons_orb(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a globe station with lit meridians inside a tilted trade ring."""
    R = 0.3 + rng.random() * 0.04
    ring = ((0.08, t["edge"]), (0.05, t["dark"]), (0.014, GOLD))
    _ring_half(pen, 0.5, 0.26, 0.04, False, ring)
    for sy in (-1, 1):  # docking spires through the poles
        pen.line([(0, sy * (R + 0.14)), (0, 0)], t["edge"], 0.05)
        pen.line([(0, sy * (R + 0.14)), (0, 0)], t["mid"], 0.024)
        glow_dot(pen, 0, sy * (R + 0.15), 0.016, t["glow"])
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
        glow_dot(pen, math.cos(a) * 0.5, 0.04 + math.sin(a) * 0.5 * 0.26, 0.01, t["glow"])


def base_cons_spire(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Consortium: a tall exchange spire with tiered gilded discs."""
    spire = [(0.0, -0.52), (0.035, -0.34), (0.06, 0.3), (0.12, 0.44), (-0.12, 0.44),
             (-0.06, 0.3), (-0.035, -0.34)]
    pen.poly(inset(spire, 1.08), t["edge"])
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
    glow_dot(pen, 0, -0.52, 0.022, t["glow"])
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
    shaded_hull(pen, half, t)
    for k in range(3):  # overlapping armour plates
        y = -0.04 + k * 0.14
        w = broad * (0.9 - k * 0.12)
        pen.line([(-w, y + 0.07), (0, y), (w, y + 0.07)], t["edge"], 0.018)
    pen.poly([(-0.12, -0.17), (0.12, -0.17), (0.1, -0.12), (-0.1, -0.12)], t["edge"])  # visor
    pen.line([(-0.085, -0.145), (0.085, -0.145)], t["glow"], 0.014, glow=True)
    pen.line([(-0.085, -0.145), (0.085, -0.145)], (255, 240, 200), 0.008)
    pen.poly(palette.emblem_points("crown", 0, 0.22, 0.08), t["edge"])
    pen.poly(palette.emblem_points("crown", 0, 0.22, 0.062), t["accent"])
    engines(pen, (-broad * 0.45, 0.0, broad * 0.45), 0.46, 0.028, (255, 170, 70))


def _merlons(pen: Pen, x0: float, x1: float, y: float, h: float, n: int, tone: RGB,
             edge: RGB) -> None:
    """Battlements: ``n`` merlons standing on the line y between x0 and x1."""
    w = (x1 - x0) / (2 * n - 1)
    for i in range(n):
        xa = x0 + 2 * i * w
        box = [(xa, y), (xa, y - h), (xa + w, y - h), (xa + w, y)]
        pen.poly(inset(box, 1.2), edge)
        pen.poly(box, tone)


def ship_kg_warship(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a heavy armoured warship with a three-pronged prow and battlemented decks."""
    span = 0.22 + rng.random() * 0.06
    for x, tip in ((-span * 0.55, -0.5), (0.0, -0.58), (span * 0.55, -0.5)):  # the prow
        prong = [(x - 0.045, -0.32), (x, tip), (x + 0.045, -0.32)]
        pen.poly(inset(prong, 1.15), t["edge"])
        pen.poly(prong, t["light"])
    half = [(0.0, -0.4), (span * 0.7, -0.36), (span, -0.22), (span, 0.36), (span * 0.8, 0.46),
            (0.0, 0.46)]
    shaded_hull(pen, half, t)
    for k in range(5):  # armour plates down both flanks
        y = -0.16 + k * 0.11
        for sx in (-1, 1):
            plate = [(sx * span * 0.62, y), (sx * span * 0.98, y + 0.01),
                     (sx * span * 0.98, y + 0.09), (sx * span * 0.62, y + 0.08)]
            pen.poly(plate, t["edge"])
            pen.poly(inset(plate, 0.8), t["dark"] if sx > 0 else t["mid"])
    decks = rng.randint(2, 3)
    for k in range(decks):  # battlemented superstructure
        w = span * (0.48 - k * 0.1)
        y0, y1 = -0.12 + k * 0.13, 0.3
        block = [(-w, y0), (w, y0), (w, y1), (-w, y1)]
        pen.poly(inset(block, 1.08), t["edge"])
        pen.poly(block, t["light"] if k % 2 == 0 else t["mid"])
        _merlons(pen, -w, w, y0, 0.035, 3, t["light"] if k % 2 == 0 else t["mid"], t["edge"])
    pen.line([(-span * 0.9, 0.38), (span * 0.9, 0.38)], t["accent"], 0.02)
    n = rng.choice((3, 4))
    engines(pen, [(i / (n - 1) - 0.5) * span * 1.3 for i in range(n)], 0.45, 0.028,
            (255, 170, 70))


def base_kg_castle(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a walled fortress with towers and a keep on a rock."""
    rock = _rock(rng, 0, 0.42, 0.56, 13, 0.14)
    pen.poly(inset(rock, 1.04), t["edge"])
    pen.poly(rock, mix(t["dark"], (50, 44, 40), 0.5))
    wall_top = 0.06
    pen.poly([(-0.44, wall_top), (0.44, wall_top), (0.44, 0.36), (-0.44, 0.36)], t["edge"])
    pen.poly([(-0.42, wall_top + 0.02), (0.42, wall_top + 0.02), (0.42, 0.34), (-0.42, 0.34)],
             t["mid"])
    _merlons(pen, -0.42, 0.42, wall_top + 0.02, 0.05, 7, t["mid"], t["edge"])
    keep_h = 0.42 + rng.random() * 0.08
    keep = [(-0.13, 0.34), (-0.13, 0.1 - keep_h + 0.3), (0.13, 0.1 - keep_h + 0.3), (0.13, 0.34)]
    pen.poly(inset(keep, 1.06), t["edge"])
    pen.poly(keep, t["light"])
    pen.poly([(0.0, keep[1][1]), (0.13, keep[1][1]), (0.13, 0.34), (0.0, 0.34)], t["mid"])
    _merlons(pen, -0.13, 0.13, keep[1][1], 0.05, 3, t["light"], t["edge"])
    top = keep[1][1] - 0.05
    pen.line([(0, top), (0, top - 0.16)], t["edge"], 0.014)  # the banner
    pen.poly([(0, top - 0.16), (0.12, top - 0.13), (0, top - 0.09)], t["accent"])
    for sx in (-1, 1):  # corner towers
        x = sx * 0.4
        tower = [(x - 0.08, 0.36), (x - 0.08, -0.06), (x + 0.08, -0.06), (x + 0.08, 0.36)]
        pen.poly(inset(tower, 1.08), t["edge"])
        pen.poly(tower, t["light"] if sx < 0 else t["mid"])
        _merlons(pen, x - 0.08, x + 0.08, -0.06, 0.045, 3, t["light"] if sx < 0 else t["mid"],
                 t["edge"])
        for y in (0.04, 0.16):
            pen.line([(x, y), (x, y + 0.05)], (255, 210, 130), 0.016, glow=True)
    pen.ellipse_poly(0, 0.3, 0.06, 0.08, t["edge"])  # the gate
    pen.poly([(-0.06, 0.3), (0.06, 0.3), (0.06, 0.36), (-0.06, 0.36)], t["edge"])
    for y in (-0.02, 0.12):
        glow_dot(pen, -0.05, keep[1][1] + 0.12 + y, 0.012, (255, 200, 110))
        glow_dot(pen, 0.05, keep[1][1] + 0.12 + y, 0.012, (255, 200, 110))


def base_kg_bastion(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Kingdom: a star fort seen from above: arrowhead bastions round a crowned keep."""
    n = rng.choice((5, 6))
    rot = -90 + (180 / n if rng.random() < 0.5 else 0)
    pen.circle(0, 0, 0.52, None, outline=(*mix(t["accent"], (0, 0, 0), 0.3), 255), width=0.02)
    pen.poly(shapes.star(0, 0, 0.5, 0.34, n, rotation=rot), t["edge"])
    pen.poly(shapes.star(0, 0, 0.46, 0.31, n, rotation=rot), t["dark"])
    pen.poly(shapes.star(0, 0, 0.4, 0.27, n, rotation=rot), t["mid"])
    inner = shapes.regular_polygon(0, 0, 0.24, n, rotation=rot + 180 / n)
    pen.poly(inset(inner, 1.12), t["edge"])
    pen.poly(inner, t["light"])
    pen.poly(inset(inner, 0.7, 0.02, 0.02), t["mid"])
    for i in range(n):  # guns on the bastion points
        a = math.radians(rot + 360 * i / n)
        x, y = math.cos(a) * 0.4, math.sin(a) * 0.4
        pen.line([(x, y), (math.cos(a) * 0.52, math.sin(a) * 0.52)], t["edge"], 0.03)
        glow_dot(pen, math.cos(a) * 0.53, math.sin(a) * 0.53, 0.012, (255, 190, 90))
    pen.poly(palette.emblem_points("crown", 0, 0.0, 0.12), t["edge"])
    pen.poly(palette.emblem_points("crown", 0, 0.0, 0.1), t["accent"])
    glow_dot(pen, 0, 0.04, 0.02, (255, 210, 130))


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
    pen.poly(inset(hull, 1.08), t["edge"])
    pen.poly(hull, t["mid"])
    pen.poly(inset(hull, 0.7, -0.02, -0.02), t["light"])
    _patches(pen, rng, t, (-0.1, 0.1), (-0.3, 0.3), rng.randint(3, 5))
    pen.circle(side * 0.03, -0.3, 0.035, t["edge"])
    pen.circle(side * 0.03, -0.3, 0.024, t["glow"])
    engines(pen, (side * 0.22,), 0.42, 0.045, (255, 150, 80))
    engines(pen, (-side * 0.06,), 0.43, 0.02, (120, 240, 220))


def ship_sc_raider(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: a pirate raider of a broken wedge, mismatched wings and a harpoon."""
    wl, wr = 0.3 + rng.random() * 0.12, 0.2 + rng.random() * 0.08
    left = [(-0.07, -0.08), (-wl, 0.2), (-wl * 0.92, 0.3), (-0.08, 0.26)]
    right = [(0.07, -0.14), (wr * 0.7, -0.02), (wr, -0.08), (wr * 1.05, 0.06), (wr * 0.6, 0.12),
             (wr * 0.8, 0.2), (0.08, 0.24)]  # patched and notched
    for wing, tone in ((left, t["dark"]), (right, RUST)):
        pen.poly(inset(wing, 1.1), t["edge"])
        pen.poly(wing, tone)
    pen.line([(0.0, -0.5), (0.0, -0.2)], t["edge"], 0.03)  # harpoon
    pen.poly([(0, -0.58), (0.035, -0.49), (-0.035, -0.49)], (200, 206, 214))
    wedge = [(0.0, -0.36), (0.11, -0.1), (0.13, 0.32), (0.08, 0.38), (0.04, 0.33), (0.0, 0.4),
             (-0.05, 0.34), (-0.09, 0.4), (-0.13, 0.3), (-0.1, -0.12)]  # a jagged stern
    pen.poly(inset(wedge, 1.08), t["edge"])
    pen.poly(wedge, t["mid"])
    pen.poly([(0.0, -0.36), (0.0, 0.4), (-0.05, 0.34), (-0.09, 0.4), (-0.13, 0.3),
              (-0.1, -0.12)], t["light"])
    _patches(pen, rng, t, (-0.08, 0.08), (-0.15, 0.25), rng.randint(2, 4), 0.07)
    for sx in (-1, 1):  # red running lights
        pen.circle(sx * 0.04, -0.16, 0.016, (255, 70, 50, 255), glow=True)
        pen.circle(sx * 0.04, -0.16, 0.05, (255, 60, 40, 110), glow=True)
    engines(pen, (-0.07,), 0.4, 0.034, (255, 150, 80))
    engines(pen, (0.06,), 0.38, 0.022, (120, 240, 220))


def base_sc_junkyard(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """Scavengers: wrecks heaped on an asteroid, a crane with a hanging claw."""
    rock = _rock(rng, 0, 0.26, 0.42, 12, 0.3)
    pen.poly(inset(rock, 1.05), t["edge"])
    pen.poly(rock, mix(t["dark"], (60, 56, 50), 0.5))
    pen.poly(inset(rock, 0.6, -0.06, -0.06), mix(t["mid"], (90, 84, 76), 0.5))
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
        pen.poly(inset(box, 1.2), t["edge"])
        pen.poly(box, rng.choice(tones))
    for _ in range(rng.randint(3, 5)):
        x, y = (rng.random() - 0.5) * 0.7, 0.1 + rng.random() * 0.3
        glow_dot(pen, x, y, 0.012, rng.choice(((255, 180, 80), (120, 240, 220))))


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
        glow_dot(pen, x1, y1, 0.012, (120, 240, 220))
    rock = _rock(rng, 0, 0.02, 0.42, 14, 0.24)
    pen.poly(inset(rock, 1.05), t["edge"])
    pen.poly(rock, mix(t["dark"], (70, 64, 56), 0.5))
    pen.poly(inset(rock, 0.7, -0.05, -0.06), mix(t["mid"], (100, 94, 84), 0.5))
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
    glow_dot(pen, -0.2, -0.5, 0.012, (255, 80, 60))
