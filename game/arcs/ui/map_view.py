"""The map of the Reach drawn from a player view: six clusters around the ring of gates.

Cluster ``k`` sits at its own angle, clockwise from the top; its gate is on the inner
ring and its planets ``k.1``–``k.3`` clockwise on the outer one.  A planet shows its
resource type (colour, icon, letter), its building slots and, like a gate, the ships in
it per player colour.  Out-of-play clusters are greyed; their path marker covers the
gate and joins the gates either side.

A planet's buildings and ships sit on the side away from its neighbours (outwards for
the middle planet, towards the gate for the others) so a crowded planet never reaches
the next one; :func:`draw_map` returns where each system, building and ship chip is.
"""

from __future__ import annotations

import itertools
import math

import pygame

from game import i18n
from game.arcs.engine.state import State
from game.arcs.ui import style
from game.arcs.ui.hits import HitMap
from game.ui import palette

GATE_R = 30
PLANET_R = 36
CHIP_W, CHIP_H = 40, 20


def layout(rect: pygame.Rect) -> dict[str, tuple[int, int]]:
    """Where each system's centre is inside ``rect`` (all 24, in play or not)."""
    cx, cy = rect.center
    scale = min(rect.w, rect.h) / 1080
    gate_r, planet_r, middle_r = 150 * scale, 330 * scale, 405 * scale
    out: dict[str, tuple[int, int]] = {}
    for k in range(1, 7):
        a = -120 + (k - 1) * 60
        out[f"G{k}"] = _polar(cx, cy, gate_r, a)
        for i, da in enumerate((-17, 0, 17)):
            out[f"{k}.{i + 1}"] = _polar(cx, cy, middle_r if da == 0 else planet_r, a + da)
    return out


def cluster_angle(k: int) -> float:
    return -120 + (k - 1) * 60


def _polar(cx: float, cy: float, r: float, deg: float) -> tuple[int, int]:
    a = math.radians(deg)
    return (round(cx + r * math.cos(a)), round(cy + r * math.sin(a)))


def draw_map(surface: pygame.Surface, view: State, rect: pygame.Rect, lang: str) -> HitMap:
    rules, topo = view.rules, view.topology
    assert rules is not None and topo is not None
    hits = HitMap()
    pos = layout(rect)
    gone = set(topo.out_of_play)
    cx, cy = rect.center
    # cluster wedges
    for k in rules.map.clusters:
        a = cluster_angle(k)
        pts = [_polar(cx, cy, 95, a - 29), _polar(cx, cy, 95, a + 29)]
        pts += [_polar(cx, cy, 500, a + d) for d in (29, 15, 0, -15, -29)]
        colour = (16, 18, 26) if k in gone else (18, 28, 52)
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, (30, 44, 76) if k not in gone else (34, 36, 44), pts, 1)
        style.label(surface, str(k), 22, palette.FAINT if k in gone else palette.DIM, True,
                    center=_polar(cx, cy, 478, a + 24))
    # edges: the full map's in grey, the game's in light lines
    for edge in rules.map.edges:
        a, b = sorted(edge)
        if edge not in topo.edges:
            pygame.draw.line(surface, style.GREY_LINE, pos[a], pos[b], 1)
    for edge in topo.edges - topo.path_edges:
        a, b = sorted(edge)
        cross = rules.map.systems[a].cluster != rules.map.systems[b].cluster
        colour = (150, 175, 225) if cross else (96, 116, 158)
        pygame.draw.line(surface, colour, pos[a], pos[b], 3 if cross else 2)
    # path markers: over the out-of-play gate, joining the in-play gates either side
    for edge in topo.path_edges:
        a, b = sorted(edge, key=lambda g: int(g[1:]))
        ka, kb = int(a[1:]), int(b[1:])
        between = _between(ka, kb, rules.map.clusters, gone)
        points = [pos[a]] + [pos[f"G{k}"] for k in between] + [pos[b]]
        for p, q in itertools.pairwise(points):
            style.dashed_line(surface, palette.GOLD, p, q, 4)
    # systems (hit-tested first: the chips drawn later win where they overlap)
    tags: list[tuple[str, tuple[int, int]]] = []
    for sid, system in rules.map.systems.items():
        if system.cluster in gone:
            _draw_gone(surface, sid, system.kind, pos[sid])
            continue
        r = GATE_R if system.kind == "gate" else PLANET_R
        hits.add("system", sid, pygame.Rect(pos[sid][0] - r, pos[sid][1] - r, 2 * r, 2 * r),
                 round=True)
    for sid, system in rules.map.systems.items():
        if system.cluster in gone:
            continue
        if system.kind == "gate":
            _draw_gate(surface, view, sid, pos[sid], hits)
        else:
            tags.append((sid, _draw_planet(surface, view, sid, pos[sid], rect.center, lang,
                                           hits)))
    for sid, centre in tags:  # ids last: above any neighbour's chips
        tag = style.label(surface, sid, 14, palette.MUTED, center=centre)
        pygame.draw.rect(surface, palette.TABLE_BG, tag.inflate(6, 2), border_radius=3)
        style.label(surface, sid, 14, palette.MUTED, center=tag.center)
    for k in gone:
        style.label(surface, i18n.t("arcs.table.out_of_play", lang), 20, palette.MUTED,
                        True, center=_polar(cx, cy, 240, cluster_angle(k)))
        gate = pos[f"G{k}"]
        marker = pygame.Rect(0, 0, 46, 22)
        marker.center = gate
        pygame.draw.rect(surface, palette.GOLD, marker, border_radius=8)
        pygame.draw.rect(surface, style.INK, marker, 2, border_radius=8)
        pygame.draw.line(surface, style.INK, (marker.x + 8, marker.centery),
                         (marker.right - 8, marker.centery), 3)
    return hits


def _between(ka: int, kb: int, clusters: tuple[int, ...], gone: set[int]) -> list[int]:
    """The out-of-play clusters a path marker from gate ``ka`` to gate ``kb`` crosses."""
    ring = list(clusters)
    n = len(ring)
    for start, end in ((ka, kb), (kb, ka)):
        i = ring.index(start)
        path = []
        while True:
            i = (i + 1) % n
            if ring[i] == end:
                if all(k in gone for k in path):
                    return path if start == ka else path[::-1]
                break
            path.append(ring[i])
    return []


def _draw_gone(surface: pygame.Surface, sid: str, kind: str, p: tuple[int, int]) -> None:
    r = GATE_R if kind == "gate" else PLANET_R
    pygame.draw.circle(surface, (40, 42, 50), p, r)
    pygame.draw.circle(surface, style.GREY, p, r, 2)
    if kind == "planet":
        pygame.draw.line(surface, style.GREY, (p[0] - r // 2, p[1] - r // 2),
                         (p[0] + r // 2, p[1] + r // 2), 3)
        pygame.draw.line(surface, style.GREY, (p[0] + r // 2, p[1] - r // 2),
                         (p[0] - r // 2, p[1] + r // 2), 3)
        style.label(surface, sid, 14, palette.FAINT, midbottom=(p[0], p[1] - r - 1))


def _draw_gate(surface: pygame.Surface, view: State, sid: str, p: tuple[int, int],
               hits: HitMap) -> None:
    pygame.draw.circle(surface, (34, 44, 72), p, GATE_R)
    pygame.draw.circle(surface, (150, 170, 215), p, GATE_R, 3)
    pygame.draw.circle(surface, (150, 170, 215), p, GATE_R - 9, 1)
    style.label(surface, sid, 15, palette.TEXT, True, center=p)
    chips = _chips(view, sid)
    _draw_ships(surface, sid, chips, (p[0], p[1] + GATE_R + 4), 3, hits)


def _draw_planet(surface: pygame.Surface, view: State, sid: str, p: tuple[int, int],
                 centre: tuple[int, int], lang: str, hits: HitMap) -> tuple[int, int]:
    """Draw the planet and its pieces; return where its id tag goes."""
    assert view.rules is not None
    system = view.rules.map.systems[sid]
    colour = style.RESOURCES.get(system.type, style.GREY)
    pygame.draw.circle(surface, colour, p, PLANET_R)
    pygame.draw.circle(surface, style.darker(colour, 0.45), p, PLANET_R, 3)
    ruler = view.ruler(sid)
    if ruler >= 0:  # the seat ruling the system: a ring in its colour
        pygame.draw.circle(surface, style.seat_colour(ruler), p, PLANET_R + 5, 3)
    style.resource_icon(surface, system.type, (p[0], p[1] - 10), 11)
    res = view.rules.resources[system.type]
    letter = (res.name_ru if lang == "ru" else res.name_en)[0]
    style.label(surface, letter, 19, style.INK, True, center=(p[0], p[1] + 15))
    slots = view.buildings.get(sid, [None] * system.slots)
    chips = _chips(view, sid)
    per_row = 2
    size = 24
    rows = (len(chips) + per_row - 1) // per_row
    block_w = max(len(slots) * (size + 4) - 4, min(len(chips), per_row) * (CHIP_W + 2))
    block_h = size + (3 + rows * (CHIP_H + 2) if rows else 0)
    # outwards for the middle planet, towards the gate for the others
    dx, dy = p[0] - centre[0], p[1] - centre[1]
    norm = math.hypot(dx, dy) or 1.0
    sign = 1 if sid.endswith(".2") else -1
    ux, uy = sign * dx / norm, sign * dy / norm
    dist = PLANET_R + 8 + abs(ux) * block_w / 2 + abs(uy) * block_h / 2
    bx = round(p[0] + ux * dist - block_w / 2)
    by = round(p[1] + uy * dist - block_h / 2)
    total = len(slots) * (size + 4) - 4
    x = bx + (block_w - total) // 2
    for i, b in enumerate(slots):
        box = pygame.Rect(x, by, size, size)
        pygame.draw.rect(surface, (12, 16, 28), box, border_radius=4)
        pygame.draw.rect(surface, (120, 135, 170), box, 1, border_radius=4)
        if b is not None:
            style.building(surface, box.inflate(-2, -2), b.kind, style.seat_colour(b.seat),
                           b.damaged)
            hits.add("building", sid, box, seat=b.seat, index=i, damaged=b.damaged)
        x += size + 4
    _draw_ships(surface, sid, chips, (bx + block_w // 2, by + size + 3), per_row, hits)
    tag_d = PLANET_R + 12
    return (round(p[0] - ux * tag_d), round(p[1] - uy * tag_d))


def _chips(view: State, sid: str) -> list[tuple[int, bool, int]]:
    """(seat, damaged, count) per seat, fresh then damaged."""
    chips: list[tuple[int, bool, int]] = []
    fresh = view.fresh.get(sid, [])
    damaged = view.damaged.get(sid, [])
    for seat in range(view.n):
        if fresh and fresh[seat]:
            chips.append((seat, False, fresh[seat]))
        if damaged and damaged[seat]:
            chips.append((seat, True, damaged[seat]))
    return chips


def _draw_ships(surface: pygame.Surface, sid: str, chips: list[tuple[int, bool, int]],
                top: tuple[int, int], per_row: int, hits: HitMap) -> None:
    """Chips under a system: a ship icon and a count, per seat, fresh then damaged."""
    for i, (seat, hurt, count) in enumerate(chips):
        row, col = divmod(i, per_row)
        in_row = min(per_row, len(chips) - row * per_row)
        x = top[0] - (in_row * (CHIP_W + 2)) // 2 + col * (CHIP_W + 2)
        y = top[1] + row * (CHIP_H + 2)
        box = pygame.Rect(x, y, CHIP_W, CHIP_H)
        pygame.draw.rect(surface, (8, 10, 18), box, border_radius=5)
        colour = style.seat_colour(seat)
        pygame.draw.rect(surface, colour if not hurt else style.darker(colour), box, 1,
                         border_radius=5)
        style.ship(surface, (x + 11, y + CHIP_H // 2 + 1), 8, colour, hurt)
        style.label(surface, str(count), 15, palette.WHITE, True,
                    midleft=(x + 22, y + CHIP_H // 2))
        hits.add("ship", sid, box, seat=seat, damaged=hurt)
