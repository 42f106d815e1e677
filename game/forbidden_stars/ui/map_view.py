"""The tile map of Forbidden Stars drawn from a seat's model (game.forbidden_stars.ui.
model): square system tiles on the board's grid, each with a header strip (its name and
its order stack: the viewer's own orders readable, rivals' as backs, the top one in full)
over its four areas.

An area is a world (its planet in its materiel's colour with the materiel value, skull
pips for its capacity, asset seals, an objective spot or token, structures) or a void
(dark, starry, capacity 3); its units are drawn icons of their kind (style.unit_icon:
infantry, elite, vehicle, titan, escort, capital ship) in their faction's colour with a
count, routed ones turned on their side and greyed; a contested area gets a dashed
orange frame; a thin frame in the colour of the faction that holds
it.  Warp storms lie on the shared edge between tiles (or the board's edge).  Lit targets
are ringed; :func:`draw_map` returns the :class:`HitMap` of systems, areas, units and
stacks in the surface's pixels, and a tip for every symbol drawn (map_legend words it).
"""

from __future__ import annotations

import math
from collections.abc import Collection
from typing import Any

import pygame

from game.forbidden_stars.engine.state import HIDDEN
from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.hits import HitMap
from game.ui import fonts, palette

Lit = Collection[tuple[str, str]]  # (hit kind, ident): "unit" idents are "area|unit"
NO_SEAT = -1


class Geometry:
    """Where the board's tiles go inside ``rect``; ``k`` the drawing scale, ``tk`` the
    text scale (``k`` times the player's UI scale)."""

    def __init__(self, model: dict[str, Any], rect: pygame.Rect, k: float, tk: float):
        rows, cols = max(1, model["rows"]), max(1, model["cols"])
        # a board taller than wide is drawn turned a quarter clockwise (issue 38 item
        # 10): a landscape window then sizes its tiles by its long side
        self.turned = rows > cols
        self.board_rows = rows
        if self.turned:
            rows, cols = cols, rows
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

    def spot(self, row: float, col: float) -> tuple[int, int]:
        """A point of the board's grid (engine rows and columns) in pixels."""
        if self.turned:
            return self.point(col, self.board_rows - row)
        return self.point(row, col)

    def tile_rect(self, row: int, col: int) -> pygame.Rect:
        """The tile at the engine's ``row``, ``col`` (its header strip stays on top)."""
        if self.turned:
            row, col = col, self.board_rows - 1 - row
        x, y = self.point(row, col)
        t = round(self.tile)
        return pygame.Rect(x + self.gap, y + self.gap, t - 2 * self.gap, t - 2 * self.gap)

    def area_rect(self, tile: pygame.Rect, cell: tuple[int, int]) -> pygame.Rect:
        body = pygame.Rect(tile.x, tile.y + self.head, tile.w, tile.h - self.head)
        qr, qc = cell[0] % 2, cell[1] % 2
        if self.turned:  # the areas turn with their tile
            qr, qc = qc, 1 - qr
        w, h = body.w // 2, body.h // 2
        return pygame.Rect(body.x + qc * w, body.y + qr * h, w if qc == 0 else body.w - w,
                           h if qr == 0 else body.h - h)

    def border(self, storm: list[Any]) -> tuple[tuple[int, int], tuple[int, int]]:
        orient, r, c = storm
        if orient == "h":
            return self.spot(r, c), self.spot(r, c + 1)
        return self.spot(r, c), self.spot(r + 1, c)


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
        width = max(6, g.gap * 2)
        style.storm(surface, a, b, width)
        band = pygame.Rect(min(a[0], b[0]), min(a[1], b[1]), abs(a[0] - b[0]),
                           abs(a[1] - b[1])).inflate(width, width)
        hits.tip("storm", band)
    return hits


def _system(surface: pygame.Surface, model: dict[str, Any], s: dict[str, Any], g: Geometry,
            hits: HitMap, lit: set[tuple[str, str]], picked: set[tuple[str, str]],
            letters: dict[str, str]) -> None:
    tile = g.tile_rect(s["row"], s["col"])
    hits.add("system", s["id"], tile)
    hits.tip("system", tile, system=s["id"])
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
    room = head.w - stack_w - g.px(16)
    size = style.fit_size(s["name"], g.font(17), room, True)
    name = style.fit(s["name"], size, room, True)
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
    """The order stack at the header's right end (issue 38 item 2): the tokens under the
    top one peek out to its left, each rimmed in its owner's colour (the viewer's own
    face up with their letter, rivals' as backs), the top one whole, and a badge with
    the stack's height on it; the order being resolved here sits beside it, face up.
    Records one "stack" hit per stack (for clicks and a tooltip).  Returns its width."""
    r = max(6, head.h // 2 - g.px(3))
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
    if not stack:
        return width
    n = len(stack)
    badge_r = max(7, round(r * 0.6))
    x -= badge_r  # room for the badge on the top token's right shoulder, clear of its letter
    peek = max(5, round(r * 0.9))  # enough of a lower token to show its letter or back
    left = x - (n - 1) * peek
    rim = max(2, g.px(3))
    for i, tok in enumerate(stack):  # bottom first: each covers the right of the one below
        cx = left + i * peek
        colour = seat_colour(model, tok["seat"])
        top = i == n - 1
        if tok["order"] == HIDDEN:
            style.order_token(surface, (cx, cy), r, "", "", back=colour)
        else:
            style.order_token(surface, (cx, cy), r, tok["order"],
                              letters.get(tok["order"], "?") if top else "")
            if not top:  # its letter in the part the next token leaves visible
                style.label(surface, letters.get(tok["order"], "?"), max(8, round(r * 0.9)),
                            style.INK, True, center=(cx - r + (peek + rim) // 2 + 1, cy))
        pygame.draw.circle(surface, colour, (cx, cy), r, rim)
    top_x = left + (n - 1) * peek
    badge = (top_x + r + badge_r // 2, head.y + badge_r + max(1, g.px(1)))
    pygame.draw.circle(surface, style.INK, badge, badge_r + max(1, g.px(1)))
    pygame.draw.circle(surface, palette.GOLD, badge, badge_r)
    style.label(surface, str(n), max(9, round(badge_r * 1.5)), style.INK, True,
                center=(badge[0], badge[1] + 1))
    box = pygame.Rect(left - r, cy - r, (n - 1) * peek + 2 * r + badge_r, 2 * r)
    box.union_ip(pygame.Rect(badge[0] - badge_r, badge[1] - badge_r, 2 * badge_r,
                             2 * badge_r))
    hits.add("stack", s["id"], box)
    hits.tip("stack", box, system=s["id"])
    if ("stack", s["id"]) in lit:
        style.ring(surface, box.inflate(g.px(8), g.px(6)), style.LIT, max(2, g.px(3)), r)
    return width + box.w + g.px(8)


def _area(surface: pygame.Surface, model: dict[str, Any], s: dict[str, Any],
          a: dict[str, Any], r: pygame.Rect, g: Geometry, hits: HitMap,
          lit: set[tuple[str, str]], picked: set[tuple[str, str]],
          letters: dict[str, str]) -> None:
    hits.add("area", a["id"], r, system=s["id"])
    seats = sorted({u["seat"] for u in a["units"]})
    hits.tip("area", r, system=s["id"], area=a["id"])
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
    unit_r = max(8, min(round(inner.w * 0.13), g.px(24)))  # icons big enough to tell apart
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
        hits.tip("materiel", pygame.Rect(x, top, 2 * pr, 2 * pr), area=a["id"])
        x += 2 * pr + g.px(4)
    skull_r = max(3, pr // 3)
    for i in range(a["capacity"]):
        colour = (220, 214, 196) if world else (120, 126, 150)
        style.skull(surface, (x + skull_r + i * (2 * skull_r + g.px(2)), top + skull_r + 1),
                    skull_r, colour)
    if a["capacity"]:
        hits.tip("capacity", pygame.Rect(x - 1, top - 1, a["capacity"] * (2 * skull_r + g.px(2))
                                         + 2, 2 * skull_r + 3), area=a["id"])
    sy = top + 2 * skull_r + g.px(6)
    ax = x + max(4, pr // 3)
    for kind in a["assets"]:
        ar = max(5, pr // 2)
        style.asset(surface, kind, (ax, sy + pr // 3), ar)
        hits.tip("asset", pygame.Rect(ax - ar, sy + pr // 3 - ar, 2 * ar, 2 * ar), asset=kind)
        ax += 2 * max(5, pr // 2) + g.px(3)
    # the objective spot or token, at the right of the first row
    if a["objective_spot"] or a["objective"] != NO_SEAT:
        o = a["objective"]
        oc, orr = (inner.right - pad - pr * 2 // 3, top + pr * 2 // 3), pr * 2 // 3
        style.objective_token(surface, oc, orr,
                              seat_colour(model, o) if o != NO_SEAT else None)
        hits.tip("objective", pygame.Rect(oc[0] - orr, oc[1] - orr, 2 * orr, 2 * orr),
                 seat=o)
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
        hits.tip("structure", plate, structure=kind, seat=a["owner"])
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
    if len(seats) > 1:  # contested: two factions' units here, a combat's ground
        contested_frame(surface, inner, g)
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
    count_w = fonts.font(g.font(15), True).size("99")[0] + g.px(4)
    bottom = inner.bottom - g.px(5)
    # a crowded area (issue 38 item 5): smaller tokens, never one badge over another;
    # when even the smallest do not fit over the structures, they rise over them
    while True:
        cell = 2 * ur + max(count_w, g.px(6))  # a token and its count
        per_row = max(1, (inner.w - g.px(6) - reserve) // cell)
        rows = math.ceil(len(tokens) / per_row)
        line = 2 * ur + g.px(4)
        if bottom - rows * line >= floor + g.px(2) or ur <= 6:
            break
        ur -= 1
    first = max(bottom - rows * line, inner.y + g.px(2))
    for i, (u, routed) in enumerate(tokens):
        row, col = divmod(i, per_row)
        cx = inner.x + g.px(5) + col * cell + ur
        cy = first + row * line + ur
        colour = seat_colour(model, u["seat"])
        style.unit_icon(surface, (cx, cy), ur, colour,
                        style.unit_class(u["type"], u.get("cl", 0)), routed)
        count = u["routed"] if routed else u["count"]
        num = style.label(surface, f"{count}", g.font(15), palette.WHITE, True,
                          midleft=(cx + ur + g.px(2), cy + ur // 3))
        box = pygame.Rect(cx - ur, cy - ur, 2 * ur, 2 * ur)
        ident = f"{a['id']}|{u['unit']}"
        hits.add("unit", a["id"], box, unit=u["unit"])
        hits.tip("unit", box.union(num), unit=u["unit"], seat=u["seat"], count=count,
                 routed=routed)
        if ("unit", ident) in picked:
            pygame.draw.circle(surface, style.PICKED, (cx, cy), ur + g.px(4), max(2, g.px(3)))
        elif ("unit", ident) in lit:
            pygame.draw.circle(surface, style.LIT, (cx, cy), ur + g.px(3), max(2, g.px(2)))



def contested_frame(surface: pygame.Surface, inner: pygame.Rect, g: Geometry) -> None:
    """A contested area: a dashed orange frame over the holder's (readable at a glance
    next to a single colour's solid frame)."""
    w = max(2, g.px(3))
    dash = max(6, g.px(12))
    r = inner.inflate(-w * 2, -w * 2)
    for x in range(r.x, r.right, 2 * dash):
        end = min(x + dash, r.right)
        pygame.draw.line(surface, style.CONTESTED, (x, r.y), (end, r.y), w)
        pygame.draw.line(surface, style.CONTESTED, (x, r.bottom), (end, r.bottom), w)
    for y in range(r.y, r.bottom, 2 * dash):
        end = min(y + dash, r.bottom)
        pygame.draw.line(surface, style.CONTESTED, (r.x, y), (r.x, end), w)
        pygame.draw.line(surface, style.CONTESTED, (r.right, y), (r.right, end), w)
