"""A battle's rolled dice: each die in its type's colour showing its face's symbols
(from ``rules/arcs/dice.toml``: hit, self_hit, intercept, building_hit, key) and the
totals underneath.  Drawn from the faces the view's battle or ``rolled`` event names.

:func:`draw_battle` is the battle under way on the map: its system ringed, who attacks
whom, the dice taken so far while they are collected, then the roll and what is left to
assign, step by step in the book's order (issue 37 item 4)."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence

import pygame

from game import i18n
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.state import State
from game.arcs.ui import style
from game.arcs.ui.labels import system_name
from game.arcs.ui.map_view import GATE_R, PLANET_R, layout
from game.ui import fonts, palette

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


def tray_size(count: int, size: int = 38) -> tuple[int, int]:
    """The size of :func:`draw_tray`'s tray for ``count`` dice."""
    per_row = min(6, max(1, count))
    rows = (count + per_row - 1) // per_row
    gap = size // 5
    return (max(per_row * (size + gap) + gap, size * 5),
            rows * (size + gap) + gap + size // 2 + 12)


def draw_tray(surface: pygame.Surface, rules: ArcsRules, faces: Sequence[tuple[str, int]],
              centre: tuple[int, int], lang: str, size: int = 38) -> pygame.Rect:
    """The dice in rows of six on a dark tray centred at ``centre``, totals below."""
    per_row = min(6, max(1, len(faces)))
    gap = size // 5
    text = size // 2
    tray = pygame.Rect((0, 0), tray_size(len(faces), size))
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


BATTLE_RED = (220, 60, 50)
PANEL_W = 470
STEP_TEXT = 19  # at the map's reference size: ≥ docs/art.md's minimum once scaled


def _steps(view: State, names: Sequence[str], lang: str) -> list[tuple[str, bool]]:
    """(line, current) for what is left of the battle, in the book's order: «1) …
    [самоудары] 2) … [перехват] 3) … [удары] 4) … [удары по зданиям] 5) Налётом …»."""
    b = view.battle
    assert b is not None
    kw = {"attacker": names[view.turn] if 0 <= view.turn < len(names) else "?",
          "defender": names[b.defender] if 0 <= b.defender < len(names) else "?"}
    out: list[tuple[str, bool]] = []
    if b.ransacks:
        out.append((i18n.t("arcs.battle.step_ransack", lang), True))
    if b.phase == "beloved":
        return [(i18n.t("arcs.battle.step_beloved", lang, **kw), True)]
    order = ("pre", "own", "hits", "buildings", "raid")
    counts = {"pre": b.own_hits if b.phase == "pre" else 0,
              "own": b.own_hits if b.phase in ("own", "reroll") else 0,
              "hits": b.hits, "buildings": b.building_hits, "raid": b.keys}
    now = order.index(b.phase) if b.phase in order else 1  # "reroll": the own hits next
    for i, step in enumerate(order):
        if i < now or (not counts[step] and i != now):
            continue
        out.append((i18n.t(f"arcs.battle.step_{step}", lang, n=counts[step], **kw),
                    i == now and not b.ransacks))
    return out


def _taken(surface: pygame.Surface, dice: Sequence[str], lang: str, x: int, y: int,
           size: int) -> int:
    """The dice collected so far as blank dice of their colour, a count on each and the
    type's name under it; returns the bottom."""
    counts = Counter(dice)
    bottom = y
    for die in ("skirmish", "assault", "raid"):
        if not counts[die]:
            continue
        rect = pygame.Rect(x, y, size, size)
        pygame.draw.rect(surface, DIE_COLOURS[die], rect, border_radius=size // 6)
        pygame.draw.rect(surface, style.INK, rect, 2, border_radius=size // 6)
        style.label(surface, f"×{counts[die]}", size // 2, palette.WHITE, True,
                    center=rect.center)
        under = style.label(surface, i18n.t(f"arcs.battle.die_{die}", lang), STEP_TEXT,
                            palette.TEXT, midtop=(rect.centerx, rect.bottom + 2))
        bottom = max(bottom, under.bottom)
        x += max(size, under.w) + size // 2
    return bottom


def _taken_width(dice: Sequence[str], lang: str, size: int) -> int:
    """How wide :func:`_taken` draws ``dice``, with its heading above them."""
    taken = [max(size, fonts.font(STEP_TEXT, False).size(
        i18n.t(f"arcs.battle.die_{d}", lang))[0]) + size // 2 for d in set(dice)]
    heading = fonts.font(STEP_TEXT, False).size(
        i18n.t("arcs.battle.taking", lang, n=len(dice)))[0]
    return max(sum(taken), heading)


def draw_battle(surface: pygame.Surface, view: State, names: Sequence[str], lang: str,
                rect: pygame.Rect) -> pygame.Rect | None:
    """The battle under way in ``view`` over the map drawn in ``rect`` (map_view's
    reference rect): the system ringed in red and a panel away from it.  None when no
    battle is under way."""
    b = view.battle
    if b is None or view.rules is None:
        return None
    rules = view.rules
    pos = layout(rect).get(b.system, rect.center)
    system = rules.map.systems.get(b.system)
    r = (GATE_R if system is not None and system.kind == "gate" else PLANET_R) + 10
    pygame.draw.circle(surface, BATTLE_RED, pos, r, 5)
    pygame.draw.circle(surface, palette.WHITE, pos, r + 4, 1)
    attacker = names[view.turn] if 0 <= view.turn < len(names) else "?"
    defender = names[b.defender] if 0 <= b.defender < len(names) else "?"
    title = i18n.t("arcs.battle.volley" if b.rifles else "arcs.battle.title", lang,
                   attacker=attacker, defender=defender,
                   system=system_name(rules, b.system, lang))
    pad = 12
    width = PANEL_W - 2 * pad
    rows: list[tuple[str, int, tuple[int, int, int], bool]] = [
        (line, 22, palette.WHITE, True) for line in fonts.wrap(title, 22, width, True)]
    steps = _steps(view, names, lang) if b.faces or b.phase != "dice" else []
    for text, current in steps:
        colour = palette.GOLD if current else palette.TEXT
        rows += [(line, STEP_TEXT, colour, current)
                 for line in fonts.wrap(("» " if current else "  ") + text, STEP_TEXT,
                                        width, current)]
    line_h = {size: fonts.font(size, False).get_linesize() for size in (22, STEP_TEXT)}
    die = 44
    dice_h = 0
    if b.faces:
        dice_h = 4 + tray_size(len(b.faces))[1] + pad
    elif b.phase == "dice":
        dice_h = line_h[STEP_TEXT] + die + line_h[STEP_TEXT] + 8
    height = pad * 2 + sum(line_h[size] for _t, size, _c, _b in rows) + dice_h
    # as wide as what it holds (the map stays visible around it), at most PANEL_W
    inner = max([fonts.font(size, bold).size(text)[0] for text, size, _c, bold in rows]
                + [tray_size(len(b.faces))[0] if b.faces else 0,
                   _taken_width(b.dice, lang, die) if b.phase == "dice" else 0])
    panel = pygame.Rect(0, 0, min(PANEL_W, inner + 2 * pad), height)
    # from the system towards the map's centre, its near edge clear of the system's
    # ring and of the ships and buildings drawn on its inner side
    cx, cy = rect.center
    dx, dy = pos[0] - cx, pos[1] - cy
    far = math.hypot(dx, dy)
    ux, uy = (dx / far, dy / far) if far else (0.0, -1.0)
    reach = abs(ux) * panel.w / 2 + abs(uy) * height / 2 + r + 80
    panel.center = (round(pos[0] - ux * reach), round(pos[1] - uy * reach))
    panel.clamp_ip(rect)
    pygame.draw.rect(surface, (10, 12, 22), panel, border_radius=10)
    pygame.draw.rect(surface, BATTLE_RED, panel, 2, border_radius=10)
    y = panel.y + pad
    title_rows = [row for row in rows if row[1] == 22]
    for text, size, colour, bold in title_rows:
        style.label(surface, text, size, colour, bold, topleft=(panel.x + pad, y))
        y += line_h[size]
    if b.faces:
        tray_h = tray_size(len(b.faces))[1]
        draw_tray(surface, rules, b.faces, (panel.centerx, y + 4 + tray_h // 2), lang)
        y += 4 + tray_h + pad
    elif b.phase == "dice":
        style.label(surface, i18n.t("arcs.battle.taking", lang, n=len(b.dice)), STEP_TEXT,
                    palette.TEXT, topleft=(panel.x + pad, y))
        y += line_h[STEP_TEXT] + 4
        y = _taken(surface, b.dice, lang, panel.x + pad, y, die) + 4
    for text, size, colour, bold in rows[len(title_rows):]:
        style.label(surface, text, size, colour, bold, topleft=(panel.x + pad, y))
        y += line_h[size]
    return panel
