"""Bases of the four factions of the base game.  Stations sit in the middle, about one
unit across."""

from __future__ import annotations

import math
import random

from game.star_realms.art import palette, shapes
from game.star_realms.art.illustration.pen import Pen, blob_tones, glow_dot, inset, tube
from game.star_realms.art.shapes import RGB, mix


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
        pen.poly(inset(sp, 1.12), t["edge"])
        pen.poly(sp, t["mid"])
        pen.poly([sp[0], sp[4], sp[3], (x, 0.14)], t["light"])
        pen.circle(x, 0.14 - hgt * 0.55, 0.018, (255, 220, 120, 255), glow=True)
        pen.circle(x, 0.14 - hgt * 0.55, 0.05, (255, 190, 80, 110), glow=True)
    pen.line([(-0.45, 0.19), (0.45, 0.19)], t["accent"], 0.02)


def base_se_platform(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    span = 0.4 + rng.random() * 0.08
    for sx in (-1, 1):
        wing = [(sx * 0.12, -0.06), (sx * span, 0.02), (sx * span, 0.1), (sx * 0.12, 0.14)]
        pen.poly(inset(wing, 1.08), t["edge"])
        pen.poly(wing, t["dark"])
        for k in range(4):
            x = sx * (0.16 + k * (span - 0.16) / 4)
            pen.line([(x, -0.04 + k * 0.02), (x, 0.12)], t["mid"], 0.01)
    for i in range(rng.randint(2, 3)):  # gun barrels
        x = (i - 1) * 0.1
        pen.line([(x, -0.05), (x * 1.4, -0.42)], t["edge"], 0.05)
        pen.line([(x, -0.05), (x * 1.4, -0.42)], t["mid"], 0.024)
        glow_dot(pen, x * 1.4, -0.43, 0.012, (255, 190, 80))
    core = [(0.0, -0.2), (0.16, 0.04), (0.0, 0.28), (-0.16, 0.04)]
    pen.poly(inset(core, 1.12), t["edge"])
    pen.poly(core, t["mid"])
    pen.poly([(0.0, -0.2), (0.0, 0.28), (-0.16, 0.04)], t["light"])
    pen.poly(shapes.star(0, 0.04, 0.07, 0.03, 5), t["accent"])


def base_se_citadel(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    spikes = rng.choice((6, 8, 10))
    pen.poly(shapes.star(0, 0, 0.5, 0.24, spikes, rotation=-90), t["edge"])
    pen.poly(shapes.star(0, 0, 0.46, 0.22, spikes, rotation=-90), t["dark"])
    hexa = shapes.regular_polygon(0, 0, 0.26, 6, rotation=-90)
    pen.poly(inset(hexa, 1.1), t["edge"])
    pen.poly(hexa, t["mid"])
    pen.poly(inset(hexa, 0.6, -0.03, -0.03), t["light"])
    pen.poly(shapes.star(0, 0, 0.12, 0.05, 5), t["accent"])
    for i in range(spikes):
        a = math.radians(-90 + 360 * i / spikes)
        glow_dot(pen, math.cos(a) * 0.4, math.sin(a) * 0.4, 0.012, (255, 200, 90))


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
        glow_dot(pen, x, 0.2 - hgt, 0.013, (150, 210, 255))
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
        pen.poly(inset(panel, 1.06), t["edge"])
        pen.poly(panel, (30, 60, 120))
        for k in range(1, 4):
            x = sx * (0.2 + k * 0.075)
            pen.line([(x, -0.14), (x, 0.14)], (90, 140, 210), 0.008)
        pen.line([(sx * 0.2, 0), (sx * 0.5, 0)], (90, 140, 210), 0.008)
    hab = [(-0.1, -0.42), (0.1, -0.42), (0.12, -0.36), (0.12, 0.36), (0.1, 0.42), (-0.1, 0.42),
           (-0.12, 0.36), (-0.12, -0.36)]
    pen.poly(inset(hab, 1.08), t["edge"])
    pen.poly(hab, t["mid"])
    pen.poly([(-0.1, -0.42), (0.0, -0.42), (0.0, 0.42), (-0.1, 0.42), (-0.12, 0.36),
              (-0.12, -0.36)], t["light"])
    for y in (-0.3, -0.15, 0.0, 0.15, 0.3):
        pen.line([(-0.12, y), (0.12, y)], t["accent"], 0.014)
        pen.circle(0.05, y + 0.07, 0.01, (255, 240, 190, 255), glow=True)


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
        glow_dot(pen, x, 0.2 - hgt - 0.12, 0.015, (255, 90, 60))
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
    pen.poly(inset(mono, 1.08), t["edge"])
    pen.poly(mono, t["mid"])
    pen.poly([(0.0, -0.5), (0.0, 0.5), (-mw, 0.5 - tip), (-mw, -0.5 + tip)], t["light"])
    for k in range(rng.randint(2, 5)):
        y = -0.3 + k * 0.15
        pen.line([(-mw, y), (mw, y)], t["edge"], 0.015)
    if rng.random() < 0.5:  # side fins
        for sx in (-1, 1):
            fin = [(sx * mw, -0.1), (sx * (mw + 0.14), 0.12), (sx * (mw + 0.1), 0.3),
                   (sx * mw, 0.2)]
            pen.poly(inset(fin, 1.12), t["edge"])
            pen.poly(fin, t["dark"])
    pen.circle(0, -0.12, 0.05, t["edge"])
    glow_dot(pen, 0, -0.12, 0.03, (255, 80, 60))
    for w, c in ((0.06, t["edge"]), (0.03, t["accent"])):
        pts = [(math.cos(a) * 0.45, 0.05 + math.sin(a) * 0.45 * tilt)
               for a in (i * math.pi / 20 for i in range(21))]
        pen.line(pts, c, w)
    for _i in range(rng.randint(2, 4)):
        a = rng.random() * 2 * math.pi
        x, y = math.cos(a) * 0.45, 0.05 + math.sin(a) * 0.45 * tilt
        pen.poly(palette.emblem_points("gear", x, y, 0.05), t["edge"])
        pen.poly(palette.emblem_points("gear", x, y, 0.038), t["mid"])


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


def base_blob_moon(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = blob_tones(t)
    for _ in range(rng.randint(4, 7)):
        a = math.pi * (0.15 + rng.random() * 0.7)
        x0, y0 = math.cos(a) * 0.3, math.sin(a) * 0.3
        tube(pen, (x0, y0), (x0 * 1.6, y0 * 1.3 + 0.05),
             (x0 * 2.0 + (rng.random() - 0.5) * 0.2, 0.55), 0.05, 0.012, t["edge"], body, 12)
    pen.circle(0, 0, 0.38, t["edge"])
    pen.circle(0, 0, 0.36, body)
    pen.circle(-0.08, -0.08, 0.24, light)
    for _ in range(rng.randint(5, 9)):
        a, d = rng.random() * 2 * math.pi, rng.random() * 0.28
        x, y, r = math.cos(a) * d, math.sin(a) * d, 0.025 + rng.random() * 0.04
        pen.circle(x, y, r, mix(body, (10, 20, 5), 0.5))
        if rng.random() < 0.5:
            glow_dot(pen, x, y, r * 0.5, (220, 255, 120))


def base_blob_spikes(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    body, light = blob_tones(t)
    n = rng.randint(5, 8)
    for i in range(n):
        a = math.pi * (1.15 + 0.7 * i / (n - 1)) + (rng.random() - 0.5) * 0.15
        r = 0.38 + rng.random() * 0.14
        tip = (math.cos(a) * r, 0.22 + math.sin(a) * r)
        mid = (tip[0] * 0.5 + (rng.random() - 0.5) * 0.08, 0.22 + (tip[1] - 0.22) * 0.5)
        tube(pen, (tip[0] * 0.15, 0.22), mid, tip, 0.08, 0.012, t["edge"], body, 12)
        glow_dot(pen, tip[0], tip[1], 0.018, (230, 255, 140))
    pen.ellipse_poly(0, 0.27, 0.34, 0.13, t["edge"])
    pen.ellipse_poly(0, 0.27, 0.32, 0.11, body)
    pen.ellipse_poly(-0.06, 0.24, 0.18, 0.05, light)


def base_unaligned(pen: Pen, rng: random.Random, t: dict[str, RGB]) -> None:
    base_trade_federation(pen, rng, t)
