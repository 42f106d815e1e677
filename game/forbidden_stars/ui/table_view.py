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
from game.forbidden_stars.ui.table_layout import (
    CARD,
    HAND_TITLE,
    HEAD,
    NAME,
    STATS,
    TITLE_GAP,
    VALUE,
    FsLayout,
    for_model,
    sheet_title,
)
from game.ui import fonts, palette

BASE = (1400, 1080)  # a whole-table picture's size (the phones' board, the tests)


def draw_table(surface: pygame.Surface, model: dict[str, Any], ui_scale: float = 1.0,
               lit: Lit = (), picked: Lit = (), lang: str | None = None) -> HitMap:
    """Draw ``model`` over all of ``surface`` (any size) as the table scene lays it out
    (game.forbidden_stars.ui.table_layout), without the scene's list and buttons."""
    w, h = surface.get_size()
    lay = for_model(w, h, model, min(w / 1920, h / 1080) * ui_scale, lang=lang)
    surface.fill(palette.TABLE_BG)
    return draw_board(surface, model, lay, lit, picked, lang)


def draw_board(surface: pygame.Surface, model: dict[str, Any], lay: FsLayout,
               lit: Lit = (), picked: Lit = (), lang: str | None = None,
               map_rect: pygame.Rect | None = None) -> HitMap:
    """The map (in ``map_rect``, by default ``lay.map``), the round box, the faction
    sheets and the viewer's order tokens in ``lay``'s rects (window pixels); returns
    what was drawn where."""
    t = _Side(surface, model, lay, lang or i18n.language(), set(lit), set(picked))
    area = lay.map if map_rect is None else map_rect
    hits = draw_map(surface, model, lay.board(area), lay.scale, lay.text_scale, lit, picked,
                    model["short"])
    t.hits = hits
    t.header(lay.header)
    for i, p in enumerate(model["players"]):
        t.player(lay.sheet(i), p, lay.faction_under(i), lay.short_faction(i))
    t.hand(lay.hand)
    return hits


class _Side:
    def __init__(self, surface: pygame.Surface, model: dict[str, Any], lay: FsLayout,
                 lang: str, lit: set[tuple[str, str]], picked: set[tuple[str, str]]) -> None:
        self.s = surface
        self.m = model
        self.lay = lay
        self.k, self.tk = lay.scale, lay.text_scale
        self.lang = lang
        self.lit = lit
        self.picked = picked
        self.hits = HitMap()

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
        """The round, the phase and whose turn; its top right corner is left to the
        legend's button (the scene draws it there)."""
        m = self.m
        self.zone(r)
        pad = self.px(10)
        w = r.w - 2 * pad
        big, mid, small = HEAD
        line = self.t("round", n=m["round"], total=m["rounds"])
        y = self.text(line, big, palette.WHITE, w - self.legend_w(), True,
                      topleft=(r.x + pad, r.y + self.px(4))).bottom
        y = self.text(m["step_name"], mid, palette.GOLD, w, True,
                      topleft=(r.x + pad, y)).bottom
        acting = m["acting"]
        if 0 <= acting < len(m["players"]):
            who = m["players"][acting]["name"]
            dot = max(3, self.f(small) // 3)
            pygame.draw.circle(self.s, seat_colour(m, acting),
                               (r.x + pad + dot, y + self.line(small, False) // 2), dot)
            self.text(self.t("turn_of", name=who), small, palette.TEXT, w - 3 * dot,
                      topleft=(r.x + pad + 3 * dot, y))

    def legend_w(self) -> int:
        """The room the legend's button takes at the round box's top right."""
        return legend_button_size(self.lay)[0] + self.px(12)

    # ------------------------------------------------------------------ a seat's sheet

    def player(self, r: pygame.Rect, p: dict[str, Any], faction_below: bool = False,
               short: bool = False) -> None:
        """One faction's sheet: the name and faction on a line (the faction under the
        name, or its short name, when the two do not fit it whole:
        table_layout.title_fits and for_model), the figures ("Materiel 4"), then its
        assets, order upgrades and face-up Scheme."""
        m = self.m
        seat = p["seat"]
        colour = seat_colour(m, seat)
        self.zone(r, colour if seat == m["acting"] else palette.EDGE)
        band = pygame.Rect(r.x, r.y, self.px(6), r.h)
        pygame.draw.rect(self.s, colour, band, border_top_left_radius=self.px(8),
                         border_bottom_left_radius=self.px(8))
        pad = self.px(12)
        x = r.x + pad
        w = r.right - self.px(6) - x
        y = r.y + self.px(3)
        name = sheet_title(m, p, self.lang)
        if faction_below:
            title = self.text(name, NAME, palette.WHITE, w, True, topleft=(x, y))
            box = self.text(p["faction_name"], CARD, colour, w, topleft=(x, title.bottom))
        else:
            faction = p["faction_short"] if short else p["faction_name"]
            title_gap = self.px(TITLE_GAP)
            room = w - title_gap - fonts.font(self.f(CARD), False).size(faction)[0]
            # both whole when they fit; else the name takes at most three fifths
            title = self.text(name, NAME, palette.WHITE, max(room, w * 3 // 5), True,
                              topleft=(x, y))
            fx = title.right + title_gap
            box = self.text(faction, CARD, colour, r.right - self.px(6) - fx,
                            midleft=(fx, title.centery))
        # the name and the whole faction on hover (a short name or a cut one shows less)
        self.hits.tip("faction", title.union(box), seat=seat, title=name)
        y = box.bottom if faction_below else title.bottom
        hand = f"{p['combat_deck']}" + (f" + {p['combat_hand']}" if p["combat_hand"] else "")
        stats = [(self.t("materiel"), str(p["materiel"]), palette.GOLD),
                 (self.t("objectives"), f"{p['objectives']}/{len(m['players'])}",
                  palette.GREEN),
                 (self.t("command"), str(p["command"]), palette.SOFT),
                 (self.t("orders"), str(p["orders_left"]), palette.TEXT),
                 (self.t("combat_deck"), hand, palette.TEXT),
                 (self.t("events"), str(p["event_deck"]), palette.TEXT)]
        words = self.lay.stat_words
        cell_h = self.line(VALUE)
        label_font = fonts.font(self.f(CARD - 2), False)
        if words:  # one row: the figures spread over the sheet's width
            value_font = fonts.font(self.f(VALUE))
            widths = [label_font.size(wd)[0] + self.px(4) + value_font.size(figure)[0]
                      for wd, (_w, figure, _c) in zip(words, stats, strict=True)]
            gap = (w - sum(widths)) / max(1, len(stats) - 1)
            sx, cy = float(x), y + cell_h // 2
            for stat, wd, cw, (what, figure, c) in zip(STATS, words, widths, stats,
                                                      strict=True):
                lab = style.label(self.s, wd, self.f(CARD - 2), palette.DIM,
                                  midleft=(round(sx), cy))
                val = style.label(self.s, figure, self.f(VALUE), c, True,
                                  midleft=(lab.right + self.px(4), cy))
                self.hits.tip("stat", lab.union(val), stat=stat, what=what, value=figure,
                              seat=seat)
                sx += cw + gap
            y += cell_h + self.px(2)
        else:  # two rows of three: the whole words, a short one where it does not fit
            col_w = w // 3
            for i, (stat, (what, figure, c)) in enumerate(zip(STATS, stats, strict=True)):
                row, col = divmod(i, 3)
                cx, cy = x + col * col_w, y + row * cell_h + cell_h // 2
                val = style.label(self.s, figure, self.f(VALUE), c, True,
                                  midright=(cx + col_w - self.px(8), cy))
                room = val.x - cx - self.px(4)
                word = what if label_font.size(what)[0] <= room else self.t(f"{stat}_short")
                box = self.text(word, CARD - 2, palette.DIM, room, midleft=(cx, cy))
                self.hits.tip("stat", box.union(val), stat=stat, what=what, value=figure,
                              seat=seat)
            y += 2 * cell_h + self.px(2)
        cy = y + self.line(CARD, False) // 2
        ax = x
        ar = max(5, self.f(CARD) // 2)
        for kind, count in p["assets"].items():
            style.asset(self.s, kind, (ax + ar, cy), ar)
            ax = style.label(self.s, f"×{count}", self.f(CARD), palette.TEXT, True,
                             midleft=(ax + 2 * ar + self.px(3), cy)).right + self.px(10)
        cards = [("upgrade", name, text) for name, text in
                 zip(p["upgrades"], p.get("upgrade_texts", ()), strict=False)]
        cards += [("scheme", name, text) for name, text in
                  zip(p["schemes"], p.get("scheme_texts", ()), strict=False)]
        for kind, name, text in cards:
            room = r.right - self.px(6) - ax
            if room < self.px(40):
                break
            shown = name if kind == "upgrade" else self.t("scheme", name=name)
            box = self.text("• " + shown, CARD, palette.MUTED, room, midleft=(ax, cy))
            # its words on hover, whole in a right-click zoom (issue 38 item 3)
            self.hits.tip(kind, box, name=name, text=text, seat=seat)
            ax = box.right + self.px(10)

    # ------------------------------------------------------------------ the hand of orders

    def hand(self, r: pygame.Rect) -> None:
        """The viewer's order tokens in two rows of two, each with its name and count."""
        m = self.m
        me = m["players"][m["seat"]] if 0 <= m["seat"] < len(m["players"]) else None
        if me is None:
            return  # the public view (seat -1, the host's phones) holds no order tokens
        self.zone(r)
        pad = self.px(8)
        title = self.text(self.t("your_orders"), HAND_TITLE, palette.SOFT, r.w - 2 * pad,
                          True, topleft=(r.x + pad, r.y + self.px(4)))
        orders = [(o, n) for o, n in me["orders"].items() if o != "?"]
        cw = (r.w - 2 * pad) // 2
        top = title.bottom + self.px(2)
        ch = (r.bottom - self.px(4) - top) // 2
        tr = self.lay.token_r
        for i, (order, count) in enumerate(orders):
            row, col = divmod(i, 2)
            box = pygame.Rect(r.x + pad + col * cw, top + row * ch, cw - self.px(4), ch)
            centre = (box.x + self.px(4) + tr, box.centery)
            if count:
                style.order_token(self.s, centre, tr, order, m["short"].get(order, "?"))
                self.hits.add("order", order, box)
            else:
                pygame.draw.circle(self.s, (50, 58, 80), centre, tr, max(1, self.px(2)))
            tx = centre[0] + tr + self.px(5)
            colour = palette.TEXT if count else palette.FAINT
            badge = style.label(self.s, f"×{count}", self.f(CARD), colour, True,
                                midright=(box.right - self.px(4), box.centery))
            self.text(m["order_names"].get(order, order), CARD - 1, colour,
                      badge.x - tx - self.px(3), midleft=(tx, box.centery))
            if ("order", order) in self.picked:
                style.ring(self.s, box, style.PICKED, max(2, self.px(4)), self.px(8))
            elif ("order", order) in self.lit:
                style.ring(self.s, box, style.LIT, max(2, self.px(3)), self.px(8))


def legend_button_size(lay: FsLayout) -> tuple[int, int]:
    """The legend's button ("L · Legend") at the round box's top right: its size."""
    size = lay.tpx(16)
    w, h = fonts.font(size, True).size(i18n.t("fs_map.legend_key"))
    pad = max(4, size // 3)
    return w + 2 * pad, h + pad


def draw_list(surface: pygame.Surface, rect: pygame.Rect, labels: list[str], scroll: int,
              tk: float, hover: int = -1, numbered: bool = True
              ) -> tuple[list[tuple[pygame.Rect, int]], int]:
    """The list of legal actions inside ``rect`` (numbered for the keys 1–9, 0, unless
    the keys are the combat panel's), each row up to two wrapped lines — the row under
    the pointer is drawn again over the rows below with all of its lines, so a long one
    (an order upgrade's text) can be read whole while no row moves — from ``scroll``
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
    whole: tuple[pygame.Rect, int, list[str]] | None = None  # the hovered row, uncut
    for i, label in enumerate(labels):
        lines = fonts.wrap(label, size, text_w)
        if len(lines) > 2:
            if i == hover:
                whole = (pygame.Rect(rect.x, y, rect.w, 0), i, lines)
            lines = [lines[0], style.fit(" ".join(lines[1:]), size, text_w)]
        h = len(lines) * line_h + 2 * pad
        row = pygame.Rect(rect.x, y, rect.w, h)
        if row.bottom > rect.y and row.y < rect.bottom:
            if whole is None or whole[1] != i:
                _list_row(surface, row, i, lines, size, line_h, pad, num_w, i == hover,
                          numbered)
            rows.append((row.clip(rect), i))
        y += h + pad
    if whole is not None:  # over the rows below it (above, when it would leave the list)
        row, i, lines = whole
        row.h = len(lines) * line_h + 2 * pad
        row.y = max(rect.y, min(row.y, rect.bottom - row.h))
        _list_row(surface, row, i, lines, size, line_h, pad, num_w, True, numbered)
    surface.set_clip(clip)
    return rows, y + scroll - rect.y


def _list_row(surface: pygame.Surface, row: pygame.Rect, i: int, lines: list[str], size: int,
              line_h: int, pad: int, num_w: int, hover: bool, numbered: bool) -> None:
    pygame.draw.rect(surface, palette.PANEL_HI if hover else palette.PANEL, row,
                     border_radius=pad)
    pygame.draw.rect(surface, palette.EDGE_BRIGHT if hover else palette.EDGE, row, 1,
                     border_radius=pad)
    if i < 10 and numbered:
        style.label(surface, f"{(i + 1) % 10}.", size, palette.GOLD, True,
                    topleft=(row.x + pad, row.y + pad))
    for j, line in enumerate(lines):
        style.label(surface, line, size, palette.WHITE,
                    topleft=(row.x + num_w + pad, row.y + pad + j * line_h))


def draw_refresh_card(surface: pygame.Surface, area: pygame.Rect, scale: float, title: str,
                      lines: list[str], hint: str) -> pygame.Rect:
    """The refresh phase told step by step (log_text.refresh_card_lines) in a card at the
    bottom of ``area`` (the map: its top stays free for the storms being moved); returns
    the card's rect, which a click closes."""
    def px(v: float) -> int:
        return max(1, round(v * scale))

    width = min(area.w - px(40), px(860))
    pad, size, head = px(14), max(10, px(17)), max(12, px(22))
    hint_size = max(9, px(15))
    wrapped = [fonts.wrap(line, size, width - 2 * pad) for line in lines]
    line_h = fonts.font(size).get_linesize()
    head_h = fonts.font(head, True).get_linesize()
    hint_h = fonts.font(hint_size).get_linesize()
    most = max(1, (area.h * 3 // 4 - 2 * pad - head_h - hint_h - px(10)) // line_h)
    cut = 0  # the latest steps matter most: the oldest lines give way, whole
    while cut < len(wrapped) - 1 and sum(map(len, wrapped[cut:])) + 1 > most:
        cut += 1
    rows = (["…"] if cut else []) + [row for rows_ in wrapped[cut:] for row in rows_]
    height = 2 * pad + head_h + px(6) + len(rows) * line_h + px(4) + hint_h
    rect = pygame.Rect(area.centerx - width // 2, area.bottom - px(24) - height, width, height)
    pygame.draw.rect(surface, (6, 8, 14), rect.move(px(4), px(5)), border_radius=px(10))
    pygame.draw.rect(surface, palette.PANEL, rect, border_radius=px(10))
    pygame.draw.rect(surface, palette.GOLD, rect, 2, border_radius=px(10))
    x, y = rect.x + pad, rect.y + pad
    surface.blit(fonts.text(title, head, palette.WHITE, True), (x, y))
    y += head_h + px(6)
    for row in rows:
        surface.blit(fonts.text(row, size, palette.TEXT), (x, y))
        y += line_h
    tip = fonts.text(hint, hint_size, palette.MUTED)
    surface.blit(tip, (rect.right - pad - tip.get_width(), rect.bottom - pad - hint_h))
    return rect
