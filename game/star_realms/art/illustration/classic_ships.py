"""Ships of the four factions of the base game, and the small unaligned craft (Scout,
Viper, Explorer).  Ships point up (nose at y = -0.5), one unit long."""

from __future__ import annotations

import math
import random

from game.star_realms.art import palette, shapes
from game.star_realms.art.illustration.pen import (
    Pen,
    blob_tones,
    engines,
    glow_dot,
    inset,
    shaded_hull,
    tube,
)
from game.star_realms.art.shapes import RGB, mix


def ship_star_empire(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    wing = 0.28 + rng.random() * 0.16
    sweep = 0.18 + rng.random() * 0.14
    shoulder = 0.08 + rng.random() * 0.05
    half = [(0.0, -0.5), (shoulder * 0.6, -0.28), (shoulder, -0.05), (wing, sweep + 0.08),
            (wing * 0.9, sweep + 0.16), (shoulder * 1.4, 0.22), (shoulder * 1.2, 0.42),
            (shoulder * 0.5, 0.36)]
    shaded_hull(pen, half, t)
    if rng.random() < 0.6:  # forward prongs
        prong = [(shoulder * 1.1, -0.02), (shoulder * 1.9, -0.36), (shoulder * 2.2, -0.3),
                 (shoulder * 2.0, 0.05)]
        pen.poly(inset(prong, 1.12), t["edge"], mirror=True)
        pen.poly(prong, t["mid"], mirror=True)
    pen.line([(0, -0.38), (0, 0.25)], t["accent"], 0.022)
    pen.line([(shoulder * 1.1, 0.05), (wing * 0.85, sweep + 0.1)], t["accent"], 0.018)
    pen.line([(-shoulder * 1.1, 0.05), (-wing * 0.85, sweep + 0.1)], t["accent"], 0.018)
    pen.circle(0, -0.2, 0.03, (*t["glow"], 255))
    engines(pen, (-shoulder * 0.9, shoulder * 0.9), 0.41, 0.03, (255, 170, 70))


def ship_se_twin(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    gap = 0.12 + rng.random() * 0.06
    pen.poly([(-gap, -0.05), (gap, -0.05), (gap, 0.12), (-gap, 0.12)], t["edge"])
    pen.poly([(-gap, -0.02), (gap, -0.02), (gap, 0.09), (-gap, 0.09)], t["mid"])
    for sx in (-1, 1):
        hull = [(sx * gap, -0.48), (sx * (gap + 0.07), -0.2), (sx * (gap + 0.09), 0.4),
                (sx * (gap + 0.02), 0.45), (sx * (gap - 0.05), 0.3), (sx * (gap - 0.04), -0.2)]
        pen.poly(inset(hull, 1.1), t["edge"])
        pen.poly(hull, t["mid"] if sx > 0 else t["light"])
        pen.line([(sx * gap, -0.38), (sx * gap, 0.3)], t["accent"], 0.015)
    pen.poly([(0, -0.22), (0.06, -0.02), (-0.06, -0.02)], t["edge"])
    pen.circle(0, 0.035, 0.03, (*t["glow"], 255))
    engines(pen, (-gap - 0.02, gap + 0.02), 0.44, 0.03, (255, 170, 70))


def ship_se_dreadnought(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    """A long wedge with a stepped superstructure (capital ships)."""
    span = 0.26 + rng.random() * 0.08
    half = [(0.0, -0.5), (span * 0.45, -0.1), (span, 0.36), (span * 0.9, 0.45), (0.0, 0.42)]
    shaded_hull(pen, half, t)
    steps = rng.randint(2, 3)
    for k in range(steps):  # superstructure, stepping up towards the stern
        w = 0.13 - k * 0.035
        y0, y1 = -0.05 + k * 0.1, 0.36
        block = [(-w, y0), (w, y0), (w * 1.1, y1), (-w * 1.1, y1)]
        pen.poly(inset(block, 1.1), t["edge"])
        pen.poly(block, t["mid"] if k % 2 else t["light"])
        pen.line([(-w * 1.05, y0 + 0.02), (w * 1.05, y0 + 0.02)], t["edge"], 0.01)
    tower = [(-0.03, 0.12), (0.03, 0.12), (0.035, 0.3), (-0.035, 0.3)]
    pen.poly(inset(tower, 1.2), t["edge"])
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
    engines(pen, [(i / (n - 1) - 0.5) * span * 1.2 for i in range(n)], 0.44, 0.026,
            (255, 170, 70))


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
    engines(pen, (0.0,), 0.47, 0.045, (110, 190, 255))


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
                pen.poly(inset(box, 1.15), t["edge"])
                pen.poly(box, mix(c, t["accent"], 0.25))
    bridge = [(0.0, -0.5), (0.09, -0.4), (0.09, -0.26), (-0.09, -0.26), (-0.09, -0.4)]
    pen.poly(inset(bridge, 1.12), t["edge"])
    pen.poly(bridge, t["light"])
    pen.circle(0, -0.38, 0.025, (*t["glow"], 255))
    engines(pen, (-0.06, 0.06), 0.46, 0.03, (110, 190, 255))


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
    engines(pen, (-0.2, 0.0, 0.2), 0.32, 0.026, (110, 190, 255))


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
            pen.poly(inset(arm, 1.15), t["edge"])
            pen.poly(arm, t["dark"])
    for i in range(segs):
        w, y0, y1 = widths[i], ys[i] + 0.01, ys[i + 1] - 0.01
        taper = w * (0.7 if i == 0 else 0.9)
        block = [(-taper, y0), (taper, y0), (w, y1), (-w, y1)]
        pen.poly(inset(block, 1.1), t["edge"])
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
    pen.poly(inset(body, 1.1), t["edge"])
    pen.poly(body, t["mid"])
    pen.poly(inset(body, 0.6, -0.03, -0.03), t["light"])
    pen.circle(0, 0.05, 0.085, t["edge"])
    pen.circle(0, 0.05, 0.06, (255, 90, 60))
    glow_dot(pen, 0, 0.05, 0.03, (255, 90, 60))
    engines(pen, (-0.12, 0.12), 0.3, 0.03, (255, 110, 70))


def ship_mc_walker(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    def block(x0: float, y0: float, x1: float, y1: float, tone: str = "mid") -> None:
        pen.poly(inset([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], 1.12), t["edge"])
        pen.poly([(x0, y0), (x1, y0), (x1, y1), (x0, y1)], t[tone])

    leg = 0.08 + rng.random() * 0.04
    for sx in (-1, 1):  # legs
        block(sx * 0.06, 0.12, sx * (0.06 + leg), 0.3, "dark")
        block(sx * 0.05, 0.3, sx * (0.08 + leg), 0.48, "mid")
    block(-0.2, -0.2, 0.2, 0.14)  # torso
    pen.poly([(-0.18, -0.18), (0.0, -0.18), (0.0, 0.12), (-0.18, 0.12)], t["light"])
    block(-0.07, -0.34, 0.07, -0.2)  # head
    pen.line([(-0.045, -0.27), (0.045, -0.27)], (255, 90, 60), 0.025)
    glow_dot(pen, 0.0, -0.27, 0.015, (255, 90, 60))
    for sx in (-1, 1):  # shoulders, arms with cannons
        block(sx * 0.2, -0.22, sx * 0.34, -0.1)
        block(sx * 0.24, -0.1, sx * 0.32, 0.12, "dark")
        pen.line([(sx * 0.28, 0.12), (sx * 0.28, -0.42)], t["edge"], 0.05)
        pen.line([(sx * 0.28, 0.1), (sx * 0.28, -0.4)], t["mid"], 0.025)
        glow_dot(pen, sx * 0.28, -0.43, 0.015, (255, 130, 70))
    pen.poly(palette.emblem_points("gear", 0, -0.03, 0.07), t["accent"])


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


def ship_blob_worm(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = blob_tones(t)
    bend = (rng.random() - 0.5) * 0.6
    p0, p1, p2 = (0.0, -0.36), (bend, 0.0), (-bend * 0.6, 0.48)
    pts = tube(pen, p0, p1, p2, 0.17, 0.035, t["edge"], body, 16)
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
        glow_dot(pen, x + 0.05, y, 0.022, (220, 255, 120))


def ship_blob_thorn(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = blob_tones(t)
    thorns = rng.randint(7, 11)
    for i in range(thorns):
        a = 2 * math.pi * i / thorns + rng.random() * 0.3
        r = 0.3 + rng.random() * 0.2
        base = 0.06
        tip = (math.cos(a) * r, -0.05 + math.sin(a) * r)
        b1 = (math.cos(a + 0.5) * base * 2, -0.05 + math.sin(a + 0.5) * base * 2)
        b2 = (math.cos(a - 0.5) * base * 2, -0.05 + math.sin(a - 0.5) * base * 2)
        pen.poly(inset([tip, b1, b2], 1.15), t["edge"])
        pen.poly([tip, b1, b2], mix(body, (200, 210, 160), 0.3))
    pen.ellipse_poly(0, -0.05, 0.24, 0.3, t["edge"])
    pen.ellipse_poly(0, -0.05, 0.22, 0.28, body)
    pen.ellipse_poly(-0.05, -0.1, 0.12, 0.16, light)
    pen.circle(0.02, -0.08, 0.07, t["edge"])
    pen.circle(0.02, -0.08, 0.055, (250, 240, 140))
    pen.circle(0.03, -0.08, 0.025, (30, 10, 10))
    glow_dot(pen, 0.02, -0.08, 0.02, (255, 240, 120))


def ship_unaligned(pen: Pen, rng: random.Random, t: dict[str, RGB], role: str,
                   card_id: str) -> None:
    if card_id == "explorer":
        half = [(0.0, -0.42), (0.09, -0.2), (0.12, 0.3), (0.06, 0.42)]
        shaded_hull(pen, half, t)
        pen.line([(0.0, -0.1), (0.32, -0.28)], t["edge"], 0.025)
        pen.circle(0.32, -0.28, 0.1, t["edge"])
        pen.circle(0.32, -0.28, 0.08, t["light"])
        pen.circle(0.34, -0.3, 0.03, t["mid"])
        pen.line([(-0.12, 0.15), (-0.3, 0.35)], t["mid"], 0.04)
        engines(pen, (0.0,), 0.42, 0.035, (140, 220, 255))
    elif card_id == "viper":
        half = [(0.0, -0.5), (0.05, -0.1), (0.34, 0.3), (0.3, 0.38), (0.06, 0.3), (0.05, 0.42)]
        shaded_hull(pen, half, t)
        pen.line([(0, -0.35), (0, 0.2)], (214, 58, 48), 0.03)
        engines(pen, (0.0,), 0.43, 0.03, (255, 150, 80))
    else:  # scout and anything else
        half = [(0.0, -0.36), (0.12, -0.22), (0.2, 0.14), (0.28, 0.24), (0.12, 0.36)]
        shaded_hull(pen, half, t)
        pen.circle(0, -0.12, 0.07, t["edge"])
        pen.circle(0, -0.12, 0.055, (120, 210, 255))
        pen.line([(-0.1, 0.1), (0.1, 0.1)], (244, 200, 52), 0.03)
        engines(pen, (-0.08, 0.08), 0.37, 0.03, (255, 220, 120))
