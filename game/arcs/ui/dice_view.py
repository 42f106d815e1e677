"""A battle's rolled dice: each die in its type's colour showing its face's symbols
(from ``rules/arcs/dice.toml``: hit, self_hit, intercept, building_hit, key) and the
totals underneath.  Drawn from the faces the view's battle or ``rolled`` event names."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import pygame

from game import i18n
from game.arcs.engine.components import ArcsRules
from game.arcs.ui import style
from game.ui import palette

DIE_COLOURS = {"skirmish": (70, 130, 200), "assault": (200, 70, 60),
               "raid": (210, 150, 40)}
SYMBOLS = ("hit", "self_hit", "intercept", "building_hit", "key")
HIT_RED = (236, 72, 60)


def symbol(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int) -> None:
    """One die symbol: a burst (hit), a hollow burst (a hit to oneself), a shield
    (intercept), a struck house (building hit), a key."""
    x, y = centre
    if kind in ("hit", "self_hit"):
        pts = []
        for i in range(16):
            rr = r if i % 2 == 0 else r * 0.45
            a = i * math.pi / 8
            pts.append((x + rr * math.cos(a), y + rr * math.sin(a)))
        if kind == "hit":
            pygame.draw.polygon(surface, HIT_RED, pts)
            pygame.draw.polygon(surface, style.INK, pts, 1)
        else:
            pygame.draw.polygon(surface, palette.WHITE, pts)
            pygame.draw.polygon(surface, HIT_RED, pts, 2)
    elif kind == "intercept":
        pts = [(x - r, y - r * 0.7), (x + r, y - r * 0.7), (x + r * 0.8, y + r * 0.2),
               (x, y + r), (x - r * 0.8, y + r * 0.2)]
        pygame.draw.polygon(surface, (90, 200, 240), pts)
        pygame.draw.polygon(surface, style.INK, pts, 1)
    elif kind == "building_hit":
        rect = pygame.Rect(x - r, y - r, 2 * r, 2 * r)
        style.building(surface, rect, "city", (235, 235, 235), False)
        pygame.draw.line(surface, HIT_RED, rect.topleft, rect.bottomright, 3)
    elif kind == "key":
        pygame.draw.circle(surface, palette.GOLD, (x - r // 3, y), max(3, r // 2), 2)
        pygame.draw.line(surface, palette.GOLD, (x, y), (x + r, y), 2)
        pygame.draw.line(surface, palette.GOLD, (x + r * 2 // 3, y), (x + r * 2 // 3,
                                                                      y + r // 2), 2)


def draw_die(surface: pygame.Surface, rules: ArcsRules, die: str, face: int,
             rect: pygame.Rect) -> None:
    colour = DIE_COLOURS.get(die, style.GREY)
    pygame.draw.rect(surface, colour, rect, border_radius=rect.w // 6)
    pygame.draw.rect(surface, style.INK, rect, 2, border_radius=rect.w // 6)
    faces = rules.dice[die].faces if die in rules.dice else ()
    shown = faces[face] if 0 <= face < len(faces) else {}
    marks = [k for k in SYMBOLS for _ in range(shown.get(k, 0))]
    if not marks:
        return
    r = rect.w // (5 if len(marks) > 1 else 3)
    step = rect.w // (len(marks) + 1)
    for i, kind in enumerate(marks):
        cx = rect.x + step * (i + 1) if len(marks) > 1 else rect.centerx
        cy = rect.centery + (r // 2 if len(marks) > 1 and i % 2 else
                             -r // 2 if len(marks) > 1 else 0)
        symbol(surface, kind, (cx, cy), r)


def totals(rules: ArcsRules, faces: Sequence[tuple[str, int]]) -> Counter[str]:
    out: Counter[str] = Counter()
    for die, face in faces:
        if die in rules.dice and 0 <= face < len(rules.dice[die].faces):
            out.update(dict(rules.dice[die].faces[face]))
    return out


def draw_tray(surface: pygame.Surface, rules: ArcsRules, faces: Sequence[tuple[str, int]],
              centre: tuple[int, int], lang: str, size: int = 38) -> pygame.Rect:
    """The dice in rows of six on a dark tray centred at ``centre``, totals below."""
    per_row = min(6, max(1, len(faces)))
    rows = (len(faces) + per_row - 1) // per_row
    gap = size // 5
    w = per_row * (size + gap) + gap
    w = max(w, size * 5)
    text = size // 2
    h = rows * (size + gap) + gap + text + 12
    tray = pygame.Rect(0, 0, w, h)
    tray.center = centre
    pygame.draw.rect(surface, (10, 12, 22), tray, border_radius=10)
    pygame.draw.rect(surface, palette.EDGE, tray, 2, border_radius=10)
    for i, (die, face) in enumerate(faces):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(faces) - row * per_row)
        x = tray.centerx - (in_row * (size + gap) - gap) // 2 + col * (size + gap)
        draw_die(surface, rules, die, face, pygame.Rect(x, tray.y + gap + row * (size + gap),
                                                        size, size))
    count = totals(rules, faces)
    x = tray.x + gap
    y = tray.bottom - text // 2 - 8
    for kind in SYMBOLS:
        if not count[kind]:
            continue
        symbol(surface, kind, (x + text // 2, y), text // 2)
        x = style.label(surface, f"×{count[kind]}", text, palette.WHITE, True,
                        midleft=(x + text + 2, y)).right + gap
    if not count:
        style.label(surface, i18n.t("arcs.dice.nothing", lang), text, palette.MUTED,
                    center=(tray.centerx, y))
    return tray
