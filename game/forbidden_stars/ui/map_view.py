"""The tile map of Forbidden Stars drawn from a seat's model (game.forbidden_stars.ui.
model): square system tiles on the board's grid, each with a header strip (its name and
its order stack: the viewer's own orders readable, rivals' as backs, the top one in full)
over its four areas.

An area is a world (its planet in its materiel's colour with the materiel value, skull
pips for its capacity, asset seals, an objective spot or token, structures) or a void
(dark, starry, capacity 3); its units are tokens in their faction's colour with a count,
routed ones tipped over and greyed; a thin frame in the colour of the faction that holds
it.  Warp storms lie on the shared edge between tiles (or the board's edge).  Lit targets
are ringed; :func:`draw_map` returns the :class:`HitMap` of systems, areas, units and
stacks in the surface's pixels.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

import pygame

from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.hits import HitMap
from game.ui import palette

Lit = Collection[tuple[str, str]]  # (hit kind, ident): "unit" idents are "area|unit"
NO_SEAT = -1


class Geometry:
    """Where the board's tiles go inside ``rect``; ``k`` the drawing scale, ``tk`` the
    text scale (``k`` times the player's UI scale)."""

    def __init__(self, model: dict[str, Any], rect: pygame.Rect, k: float, tk: float):
        rows, cols = max(1, model["rows"]), max(1, model["cols"])
        self.k, self.tk = k, tk
        self.tile = min(rect.w / cols, rect.h / rows)
        self.ox = rect.x + (rect.w - self.tile * cols) / 2
        self.oy = rect.y + (rect.h - self.tile * rows) / 2
        self.gap = max(3, round(7 * k))
        self.head = max(round(self.tile * 0.13), round(26 * tk))

    def px(self, v: float) -> int:
        return round(v * self.k)

    def font(self, v: float) -> int:
        return max(9, round(v * self.tk))

    def point(self, row: float, col: float) -> tuple[int, int]:
        return (round(self.ox + col * self.tile), round(self.oy + row * self.tile))

    def tile_rect(self, row: int, col: int) -> pygame.Rect:
        x, y = self.point(row, col)
        t = round(self.tile)
        return pygame.Rect(x + self.gap, y + self.gap, t - 2 * self.gap, t - 2 * self.gap)

    def area_rect(self, tile: pygame.Rect, cell: tuple[int, int]) -> pygame.Rect:
        body = pygame.Rect(tile.x, tile.y + self.head, tile.w, tile.h - self.head)
        qr, qc = cell[0] % 2, cell[1] % 2
        w, h = body.w // 2, body.h // 2
        return pygame.Rect(body.x + qc * w, body.y + qr * h, w if qc == 0 else body.w - w,
                           h if qr == 0 else body.h - h)

    def border(self, storm: list[Any]) -> tuple[tuple[int, int], tuple[int, int]]:
        orient, r, c = storm
        if orient == "h":
            return self.point(r, c), self.point(r, c + 1)
        return self.point(r, c), self.point(r + 1, c)


def faction_of(model: dict[str, Any], seat: int) -> str:
    return model["players"][seat]["faction"] if 0 <= seat < len(model["players"]) else ""


def seat_colour(model: dict[str, Any], seat: int) -> tuple[int, int, int]:
    return style.faction_colour(faction_of(model, seat))


def draw_map(surface: pygame.Surface, model: dict[str, Any], rect: pygame.Rect,
             k: float = 1.0, tk: float = 1.0, lit: Lit = (), picked: Lit = (),
             letters: dict[str, str] | None = None) -> HitMap:
    """Draw the board of ``model`` inside ``rect``; ``letters``: an order's letter and a
    unit's short name by id (the current language's)."""
    g = Geometry(model, rect, k, tk)
    hits = HitMap()
    letters = letters or {}
    for s in model["systems"]:
        _system(surface, model, s, g, hits, set(lit), set(picked), letters)
    for st in model["storms"]:
        a, b = g.border(st)
        style.storm(surface, a, b, max(6, g.gap * 2))
    return hits


def _system(surface: pygame.Surface, model: dict[str, Any], s: dict[str, Any], g: Geometry,
            hits: HitMap, lit: set[tuple[str, str]], picked: set[tuple[str, str]],
            letters: dict[str, str]) -> None:
    tile = g.tile_rect(s["row"], s["col"])
    hits.add("system", s["id"], tile)
    pygame.draw.rect(surface, style.VOID, tile, border_radius=g.px(8))
    head = pygame.Rect(tile.x, tile.y, tile.w, g.head)
    home = s["home"]
    band = style.darker(seat_colour(model, home), 0.45) if home != NO_SEAT else (30, 38, 62)
    pygame.draw.rect(surface, band, head, border_top_left_radius=g.px(8),
                     border_top_right_radius=g.px(8))
    for a in s["areas"]:
        _area(surface, model, s, a, g.area_rect(tile, a["cell"]), g, hits, lit, picked,
              letters)
    stack_w = _stack(surface, model, s, head, g, hits, lit, letters)
    size = g.font(17)
    name = style.fit(s["name"], size, head.w - stack_w - g.px(16), True)
    style.label(surface, name, size, palette.WHITE, True,
                midleft=(head.x + g.px(8), head.centery))
    lit_tile = ("system", s["id"]) in lit or ("stack", s["id"]) in lit
    edge = style.LIT if lit_tile else style.TILE_EDGE
    pygame.draw.rect(surface, edge, tile, max(2, g.px(3 if edge == style.LIT else 2)),
                     border_radius=g.px(8))
    if ("system", s["id"]) in picked:
        style.ring(surface, tile.inflate(g.px(6), g.px(6)), style.PICKED, g.px(4), g.px(10))


def _stack(surface: pygame.Surface, model: dict[str, Any], s: dict[str, Any],
           head: pygame.Rect, g: Geometry, hits: HitMap, lit: set[tuple[str, str]],
           letters: dict[str, str]) -> int:
    """The order stack at the header's right end, bottom first, the top fully shown;
    the order being resolved here sits beside it, face up.  Returns its width."""
    r = max(6, head.h // 2 - g.px(3))
    step = max(4, r * 3 // 4)
    x = head.right - g.px(6) - r
    cy = head.centery
    order = model["order"]
    width = 0
    if order is not None and order["system"] == s["id"]:
        pygame.draw.circle(surface, style.PICKED, (x, cy), r + g.px(3))
        style.order_token(surface, (x, cy), r, order["order"],
                          letters.get(order["order"], "?"))
        x -= 2 * r + g.px(10)
        width += 2 * r + g.px(10)
    stack = s["stack"]
    if not stack and width == 0:
        return 0
    n = len(stack)
    left = x - (n - 1) * step
    for i, tok in enumerate(stack):
        cx = left + i * step
        colour = seat_colour(model, tok["seat"])
        if tok["order"] == "?":
            style.order_token(surface, (cx, cy), r, "", "", back=colour)
        else:
            style.order_token(surface, (cx, cy), r, tok["order"],
                              letters.get(tok["order"], "?"))
            pygame.draw.circle(surface, colour, (cx, cy), r, max(2, g.px(3)))
    if n:
        box = pygame.Rect(left - r, cy - r, (n - 1) * step + 2 * r, 2 * r)
        hits.add("stack", s["id"], box)
        if ("stack", s["id"]) in lit:
            style.ring(surface, box.inflate(g.px(8), g.px(6)), style.LIT, max(2, g.px(3)),
                       r)
        width += box.w + g.px(8)
    return width


def _area(surface: pygame.Surface, model: dict[str, Any], s: dict[str, Any],
          a: dict[str, Any], r: pygame.Rect, g: Geometry, hits: HitMap,
          lit: set[tuple[str, str]], picked: set[tuple[str, str]],
          letters: dict[str, str]) -> None:
    hits.add("area", a["id"], r, system=s["id"])
    inner = r.inflate(-g.px(4), -g.px(4))
    world = a["kind"] == "world"
    if world:
        pygame.draw.rect(surface, style.darker(style.world_colour(a["materiel"]), 0.35),
                         inner, border_radius=g.px(6))
    else:
        pygame.draw.rect(surface, style.VOID, inner, border_radius=g.px(6))
        seed = sum(map(ord, a["id"]))
        for i in range(9):
            px = inner.x + (seed * (i + 3) * 37) % max(1, inner.w)
            py = inner.y + (seed * (i + 7) * 53) % max(1, inner.h)
            pygame.draw.circle(surface, style.VOID_STAR, (px, py), 1)
    pygame.draw.rect(surface, style.AREA_EDGE, inner, 1, border_radius=g.px(6))
    unit_r = max(7, min(round(inner.w * 0.11), g.px(19)))
    pad = g.px(5)
    # the first row: the planet with its materiel, capacity pips, asset seals
    pr = max(6, min(round(inner.w * 0.12), g.px(18)))
    x = inner.x + pad
    top = inner.y + pad
    if world:
        centre = (x + pr, top + pr)
        style.planet(surface, pygame.Rect(x, top, 2 * pr, 2 * pr), a["materiel"])
        style.label(surface, str(a["materiel"]), g.font(16), palette.WHITE, True,
                    center=centre)
        x += 2 * pr + g.px(4)
    skull_r = max(3, pr // 3)
    for i in range(a["capacity"]):
        colour = (220, 214, 196) if world else (120, 126, 150)
        style.skull(surface, (x + skull_r + i * (2 * skull_r + g.px(2)), top + skull_r + 1),
                    skull_r, colour)
    sy = top + 2 * skull_r + g.px(6)
    ax = x + max(4, pr // 3)
    for kind in a["assets"]:
        style.asset(surface, kind, (ax, sy + pr // 3), max(5, pr // 2))
        ax += 2 * max(5, pr // 2) + g.px(3)
    # the objective spot or token, at the right of the first row
    if a["objective_spot"] or a["objective"] != NO_SEAT:
        o = a["objective"]
        style.objective_token(surface, (inner.right - pad - pr * 2 // 3, top + pr * 2 // 3),
                              pr * 2 // 3, seat_colour(model, o) if o != NO_SEAT else None)
    # structures, under the first row
    sx = inner.x + pad
    st_y = top + 2 * pr + g.px(4)
    st = max(14, round(inner.w * 0.24))
    colour = seat_colour(model, a["owner"]) if a["owner"] != NO_SEAT else style.NEUTRAL
    for kind in a["structures"]:
        plate = pygame.Rect(sx, st_y, st, st * 4 // 5)
        pygame.draw.rect(surface, style.INK, plate.inflate(g.px(4), g.px(4)),
                         border_radius=g.px(4))
        style.structure(surface, plate.inflate(-g.px(2), -g.px(2)), kind, colour)
        sx += st + g.px(6)
    # the area's number as the list names it ("<system> <n>"), in its bottom right corner
    num = style.label(surface, str(a["index"] + 1), g.font(14), palette.DIM, True,
                      bottomright=(inner.right - g.px(5), inner.bottom - g.px(2)))
    # units: tokens from the bottom up, a count beside each
    _units(surface, model, a, inner, unit_r, g, hits, lit, picked, letters,
           floor=st_y + (st * 4 // 5 if a["structures"] else 0), reserve=num.w + g.px(4))
    if a["owner"] != NO_SEAT:
        pygame.draw.rect(surface, seat_colour(model, a["owner"]), inner, max(2, g.px(3)),
                         border_radius=g.px(6))
    if ("area", a["id"]) in lit:
        style.ring(surface, inner.inflate(-g.px(2), -g.px(2)), style.LIT, max(2, g.px(4)),
                   g.px(6))
    if ("area", a["id"]) in picked:
        style.ring(surface, inner.inflate(-g.px(2), -g.px(2)), style.PICKED,
                   max(2, g.px(4)), g.px(6))


def _units(surface: pygame.Surface, model: dict[str, Any], a: dict[str, Any],
           inner: pygame.Rect, ur: int, g: Geometry, hits: HitMap, lit: set[tuple[str, str]],
           picked: set[tuple[str, str]], letters: dict[str, str], floor: int,
           reserve: int = 0) -> None:
    tokens = [(u, False) for u in a["units"] if u["count"]]
    tokens += [(u, True) for u in a["units"] if u["routed"]]
    if not tokens:
        return
    cell = 2 * ur + max(ur, g.px(16))  # a token and its count
    per_row = max(1, (inner.w - g.px(6) - reserve) // cell)
    rows = math.ceil(len(tokens) / per_row)
    line = 2 * ur + g.px(4)
    bottom = inner.bottom - g.px(5)
    first = max(floor + g.px(2), bottom - rows * line)
    for i, (u, routed) in enumerate(tokens):
        row, col = divmod(i, per_row)
        cx = inner.x + g.px(5) + col * cell + ur
        cy = first + row * line + ur
        if cy + ur > inner.bottom:  # no room left: the rest overlaps the last row
            cy = inner.bottom - ur - g.px(2)
        colour = seat_colour(model, u["seat"])
        _token(surface, (cx, cy), ur, colour, u["type"] == "ship", routed,
               letters.get(u["unit"], "?"), g)
        count = u["routed"] if routed else u["count"]
        style.label(surface, f"{count}", g.font(15), palette.WHITE, True,
                    midleft=(cx + ur + g.px(2), cy + ur // 3))
        box = pygame.Rect(cx - ur, cy - ur, 2 * ur, 2 * ur)
        ident = f"{a['id']}|{u['unit']}"
        hits.add("unit", a["id"], box, unit=u["unit"])
        if ("unit", ident) in picked:
            pygame.draw.circle(surface, style.PICKED, (cx, cy), ur + g.px(4), max(2, g.px(3)))
        elif ("unit", ident) in lit:
            pygame.draw.circle(surface, style.LIT, (cx, cy), ur + g.px(3), max(2, g.px(2)))


def _token(surface: pygame.Surface, centre: tuple[int, int], r: int,
           colour: tuple[int, int, int], ship: bool, routed: bool, letter: str,
           g: Geometry) -> None:
    """A unit token with its short name; a routed one is turned on its side and greyed."""
    size = 2 * r + 2
    tok = pygame.Surface((size, size), pygame.SRCALPHA)
    fill = style.darker(colour, 0.5) if routed else colour
    edge = style.ROUTED if routed else style.INK
    rect = pygame.Rect(1, 1, 2 * r, 2 * r)
    if ship:
        pts = [(r + 1, 1), (2 * r + 1, r * 0.7), (2 * r + 1, 2 * r + 1), (1, 2 * r + 1),
               (1, r * 0.7)]
        pygame.draw.polygon(tok, fill, pts)
        pygame.draw.polygon(tok, edge, pts, max(1, r // 7))
    else:
        pygame.draw.rect(tok, fill, rect, border_radius=max(2, r // 3))
        pygame.draw.rect(tok, edge, rect, max(1, r // 7), border_radius=max(2, r // 3))
    ink = (200, 200, 206) if routed else style.INK
    style.label(tok, letter, max(8, round(r * 0.95)), ink, True,
                center=(r + 1, r + 2 + (r // 5 if ship else 0)))
    if routed:
        tok = pygame.transform.rotate(tok, -90)
    surface.blit(tok, tok.get_rect(center=centre))
