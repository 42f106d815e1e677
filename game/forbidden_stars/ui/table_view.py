"""Forbidden Stars' table drawn from ONE seat's model (game.forbidden_stars.ui.model): the
tile map on the left (game.forbidden_stars.ui.map_view); on the right the round and
phase, whose turn it is, each seat's faction sheet (materiel, objective tokens, order
tokens left, assets, combat and event cards counted, order upgrades and a face-up
Scheme) and the viewer's own order tokens in hand, clickable while planning.

Drawn straight at the window's size: ``k`` is the table's scale from the 1400×1080 base,
``tk`` the text's (``k`` times the player's UI scale).  :func:`draw_table` returns the
:class:`HitMap` of what it drew.
"""

from __future__ import annotations

from typing import Any

import pygame

from game import i18n
from game.forbidden_stars.ui import style
from game.forbidden_stars.ui.hits import HitMap
from game.forbidden_stars.ui.map_view import Lit, draw_map, seat_colour
from game.ui import fonts, palette

BASE = (1400, 1080)
MAP = (6, 6, 1024, 1068)  # its width follows the board's shape
SIDE_MIN = 380  # the faction sheets' column, right of the map
HEADER_H = 96
HAND_H = 210
PANEL_MAX = 250  # a faction sheet's height at most (two players leave room)


def map_base(model: dict[str, Any]) -> tuple[int, int, int, int]:
    """The map's rect in the :data:`BASE` layout: as wide as the board's shape needs."""
    rows, cols = max(1, model["rows"]), max(1, model["cols"])
    mx, my, _mw, mh = MAP
    tile = min(mh / rows, (BASE[0] - SIDE_MIN - 3 * mx) / cols)
    return mx, my, round(tile * cols), mh


def fit_scale(size: tuple[int, int]) -> float:
    return min(size[0] / BASE[0], size[1] / BASE[1])


def draw_table(surface: pygame.Surface, model: dict[str, Any], ui_scale: float = 1.0,
               lit: Lit = (), picked: Lit = (), lang: str | None = None) -> HitMap:
    """Draw ``model`` over all of ``surface`` (any size, scaled from :data:`BASE`)."""
    k = fit_scale(surface.get_size())
    t = _Side(surface, model, k, k * ui_scale, lang or i18n.language(), set(lit), set(picked))
    surface.fill(palette.TABLE_BG)
    mx, my, mw, mh = map_base(model)
    hits = draw_map(surface, model, t.r(mx, my, mw, mh), k, k * ui_scale, lit, picked,
                    model["short"])
    t.hits = hits
    x = mx + mw + 2 * mx
    y, w, h = MAP[1], BASE[0] - x - mx, MAP[3]
    header_h = max(HEADER_H, (t.line(22) + t.line(18) + t.line(16)) / k + 12)
    t.header(t.r(x, y, w, header_h))
    n = len(model["players"])
    hand_top = y + h - HAND_H
    gap = 6
    ph = min(PANEL_MAX, (hand_top - (y + header_h + gap) - gap * n) / max(1, n))
    py = y + header_h + gap
    for p in model["players"]:
        t.player(t.r(x, py, w, ph), p)
        py += ph + gap
    t.hand(t.r(x, py, w, HAND_H))
    return hits


class _Side:
    def __init__(self, surface: pygame.Surface, model: dict[str, Any], k: float, tk: float,
                 lang: str, lit: set[tuple[str, str]], picked: set[tuple[str, str]]) -> None:
        self.s = surface
        self.m = model
        self.k, self.tk = k, tk
        self.lang = lang
        self.lit = lit
        self.picked = picked
        self.hits = HitMap()

    def r(self, x: float, y: float, w: float, h: float) -> pygame.Rect:
        k = self.k
        return pygame.Rect(round(x * k), round(y * k), round(w * k), round(h * k))

    def px(self, v: float) -> int:
        return round(v * self.k)

    def f(self, v: float) -> int:
        return max(9, round(v * self.tk))

    def line(self, v: float, bold: bool = True) -> int:
        """The height of one line of text of base size ``v``."""
        return fonts.font(self.f(v), bold).get_height()

    def t(self, key: str, **kw: object) -> str:
        return i18n.t(f"fs_table.{key}", self.lang, **kw)

    def zone(self, rect: pygame.Rect, edge: tuple[int, int, int] = palette.EDGE) -> None:
        pygame.draw.rect(self.s, palette.TABLE_ZONE, rect, border_radius=self.px(8))
        pygame.draw.rect(self.s, edge, rect, max(1, self.px(2)), border_radius=self.px(8))

    def text(self, value: str, size: float, colour: tuple[int, int, int], width: int,
             bold: bool = False, **anchor: tuple[int, int]) -> pygame.Rect:
        return style.label(self.s, style.fit(value, self.f(size), width, bold), self.f(size),
                           colour, bold, **anchor)

    # ------------------------------------------------------------------ header

    def header(self, r: pygame.Rect) -> None:
        m = self.m
        self.zone(r)
        pad = self.px(10)
        w = r.w - 2 * pad
        line = self.t("round", n=m["round"], total=m["rounds"])
        y = self.text(line, 22, palette.WHITE, w, True,
                      topleft=(r.x + pad, r.y + self.px(4))).bottom
        y = self.text(m["step_name"], 18, palette.GOLD, w, True,
                      topleft=(r.x + pad, y)).bottom
        acting = m["acting"]
        if 0 <= acting < len(m["players"]):
            who = m["players"][acting]["name"]
            pygame.draw.circle(self.s, seat_colour(m, acting),
                               (r.x + pad + self.px(8), y + self.f(16) * 3 // 5), self.px(7))
            self.text(self.t("turn_of", name=who), 16, palette.TEXT, w - self.px(24),
                      topleft=(r.x + pad + self.px(22), y))

    # ------------------------------------------------------------------ a seat's sheet

    def player(self, r: pygame.Rect, p: dict[str, Any]) -> None:
        m = self.m
        seat = p["seat"]
        colour = seat_colour(m, seat)
        self.zone(r, colour if seat == m["acting"] else palette.EDGE)
        band = pygame.Rect(r.x, r.y, self.px(8), r.h)
        pygame.draw.rect(self.s, colour, band, border_top_left_radius=self.px(8),
                         border_bottom_left_radius=self.px(8))
        pad = self.px(14)
        x = r.x + pad
        w = r.w - pad - self.px(8)
        y = r.y + self.px(4)
        name = p["name"]
        if seat == m["seat"]:
            name += " · " + self.t("you")
        if seat == m["first"]:
            name += " · " + self.t("first")
        title = self.text(name, 19, palette.WHITE, w, True, topleft=(x, y))
        y = title.bottom
        self.text(p["faction_name"], 15, colour, w, topleft=(x, y))
        y += self.f(15) + self.px(4)
        # materiel, objective tokens, command level; order tokens, combat and event decks
        hand = f"{p['combat_deck']}" + (f" + {p['combat_hand']}" if p["combat_hand"] else "")
        stats = [(self.t("materiel"), str(p["materiel"]), palette.GOLD),
                 (self.t("objectives"), f"{p['objectives']}/{len(m['players'])}",
                  palette.GREEN),
                 (self.t("command"), str(p["command"]), palette.SOFT),
                 (self.t("orders"), str(p["orders_left"]), palette.TEXT),
                 (self.t("combat_deck"), hand, palette.TEXT),
                 (self.t("events"), str(p["event_deck"]), palette.TEXT)]
        col_w = w // 3
        cell_h = self.f(14) + self.f(19) + self.px(2)
        for i, (what, value, c) in enumerate(stats):
            row, col = divmod(i, 3)
            cx = x + col * col_w
            cy = y + row * cell_h
            if cy + cell_h > r.bottom:
                break
            self.text(what, 14, palette.DIM, col_w - self.px(4), topleft=(cx, cy))
            self.text(value, 19, c, col_w - self.px(4), True,
                      topleft=(cx, cy + self.f(14)))
        y += 2 * cell_h + self.px(4)
        ax = x + self.px(10)
        if p["assets"] and y + self.px(20) <= r.bottom:
            for kind, count in p["assets"].items():
                style.asset(self.s, kind, (ax, y + self.px(10)), self.px(10))
                ax = style.label(self.s, f"×{count}", self.f(16), palette.TEXT, True,
                                 midleft=(ax + self.px(13), y + self.px(10))).right \
                    + self.px(16)
            y += self.px(24)
        for extra in [*p["upgrades"], *(self.t("scheme", name=s) for s in p["schemes"])]:
            if y + self.f(15) > r.bottom - self.px(3):
                break
            self.text("• " + extra, 15, palette.MUTED, w, topleft=(x, y))
            y += self.f(15) + self.px(2)

    # ------------------------------------------------------------------ the hand of orders

    def hand(self, r: pygame.Rect) -> None:
        m = self.m
        me = m["players"][m["seat"]] if 0 <= m["seat"] < len(m["players"]) else None
        self.zone(r)
        pad = self.px(10)
        self.text(self.t("your_orders"), 16, palette.SOFT, r.w - 2 * pad, True,
                  topleft=(r.x + pad, r.y + self.px(6)))
        if me is None:
            return
        orders = [(o, n) for o, n in me["orders"].items() if o != "?"]
        cols = 1
        top = r.y + self.px(32)
        cw = (r.w - 2 * pad) // cols
        ch = (r.bottom - self.px(6) - top) // max(1, -(-len(orders) // cols))
        tr = max(6, min(self.px(22), ch // 2 - self.px(4)))
        for i, (order, count) in enumerate(orders):
            row, col = divmod(i, cols)
            box = pygame.Rect(r.x + pad + col * cw, top + row * ch, cw - self.px(6),
                              ch - self.px(4))
            centre = (box.x + self.px(6) + tr, box.centery)
            if count:
                style.order_token(self.s, centre, tr, order, m["short"].get(order, "?"))
                self.hits.add("order", order, box)
            else:
                pygame.draw.circle(self.s, (50, 58, 80), centre, tr, max(1, self.px(2)))
            tx = centre[0] + tr + self.px(8)
            colour = palette.TEXT if count else palette.FAINT
            badge = style.label(self.s, f"×{count}", self.f(18), colour, True,
                                midright=(box.right - self.px(6), box.centery))
            self.text(m["order_names"].get(order, order), 16, colour,
                      badge.x - tx - self.px(4), midleft=(tx, box.centery))
            if ("order", order) in self.picked:
                style.ring(self.s, box, style.PICKED, max(2, self.px(4)), self.px(8))
            elif ("order", order) in self.lit:
                style.ring(self.s, box, style.LIT, max(2, self.px(3)), self.px(8))


def draw_list(surface: pygame.Surface, rect: pygame.Rect, labels: list[str], scroll: int,
              tk: float, hover: int = -1, numbered: bool = True
              ) -> tuple[list[tuple[pygame.Rect, int]], int]:
    """The list of legal actions inside ``rect`` (numbered for the keys 1–9, 0, unless
    the keys are the combat panel's), each row up to two wrapped lines, from ``scroll``
    pixels down; returns the visible rows (rect, index) and the list's full height."""
    size = max(10, round(18 * tk))
    line_h = fonts.font(size).get_linesize()
    pad = max(3, round(6 * tk))
    num_w = fonts.font(size, True).size("00.")[0] + pad
    text_w = rect.w - num_w - 3 * pad
    rows: list[tuple[pygame.Rect, int]] = []
    clip = surface.get_clip()
    surface.set_clip(rect)
    y = rect.y - scroll
    for i, label in enumerate(labels):
        lines = fonts.wrap(label, size, text_w)
        if len(lines) > 2:
            lines = [lines[0], style.fit(" ".join(lines[1:]), size, text_w)]
        h = len(lines) * line_h + 2 * pad
        row = pygame.Rect(rect.x, y, rect.w, h)
        if row.bottom > rect.y and row.y < rect.bottom:
            fill = palette.PANEL_HI if i == hover else palette.PANEL
            pygame.draw.rect(surface, fill, row, border_radius=pad)
            pygame.draw.rect(surface, palette.EDGE_BRIGHT if i == hover else palette.EDGE,
                             row, 1, border_radius=pad)
            if i < 10 and numbered:
                style.label(surface, f"{(i + 1) % 10}.", size, palette.GOLD, True,
                            topleft=(row.x + pad, row.y + pad))
            for j, line in enumerate(lines):
                style.label(surface, line, size, palette.WHITE,
                            topleft=(row.x + num_w + pad, row.y + pad + j * line_h))
            rows.append((row.clip(rect), i))
        y += h + pad
    surface.set_clip(clip)
    return rows, y + scroll - rect.y
