"""Arcs' table drawn from ONE seat's player view: the map on the left; on the right the
chapter and initiative, the ambitions with their markers and the Power track, the court
row with its agents, this round's cards (or, in a Leaders & Lore draft, the rows of
leaders and lore), each player's panel (with its leader and lore) and the viewer's hand;
a battle's rolled dice sit in the middle of the map.  :func:`draw_table` returns the
:class:`~game.arcs.ui.hits.HitMap` of what it drew, for the table scene's clicks.

:func:`draw_table` refuses a real game state: it takes what
:func:`game.arcs.engine.view.player_view` gives (``log is None``, the others' hands
hidden), so what it draws cannot depend on a secret.
"""

from __future__ import annotations

from collections.abc import Sequence

import pygame

from game import i18n
from game.arcs.engine.state import HIDDEN, OVER, State
from game.arcs.ui import style
from game.arcs.ui.dice_view import draw_battle
from game.arcs.ui.hits import HitMap
from game.arcs.ui.map_view import draw_map
from game.arcs.ui.round_area import ROUND_TITLE, RoundArea
from game.arcs.ui.table_layout import BOARD_BASE, BOARD_TEXT_MIN, MAP_BASE
from game.ui import fonts, palette

BASE = (1920, 1080)  # drawn at this size, scaled to any other
RIGHT = pygame.Rect(1070, 8, 842, 1064)
BOARD_RIGHT = pygame.Rect(8, 8, 842, 1064)  # the board's sections in its own canvas
CARD_COLUMN = 178  # a player panel's column of held cards (leader, lore, guild)
HELD_NAME = 13  # their names' size (scaled by the layout: 6.8 px at 1280×720)
class NotAPlayerView(ValueError):
    """The renderer was handed a real game state instead of a seat's player view."""


def check_view(view: State, viewer: int) -> None:
    if view.log is not None:
        raise NotAPlayerView("draw_table takes player_view(state, seat), not the game")
    # Farseers: the viewer sees the hand it looks at until it swaps (engine view.py)
    peeked = view.peek[1] if view.peek is not None and view.peek[0] == viewer else None
    for p in view.players:
        if p.index not in (viewer, peeked) and any(c != HIDDEN for c in p.hand):
            raise NotAPlayerView(f"seat {p.index}'s hand is visible to seat {viewer}")


def seat_names(n: int, lang: str) -> list[str]:
    return [i18n.t("arcs.table.seat", lang, n=i + 1) for i in range(n)]


def draw_table(surface: pygame.Surface, view: State, viewer: int,
               names: Sequence[str] | None = None, lang: str | None = None) -> HitMap:
    """Draw ``view`` (seat ``viewer``'s player view) over all of ``surface``; return where
    the clickable things are, in ``surface``'s pixels."""
    check_view(view, viewer)
    lang = lang or i18n.language()
    names = list(names) if names else seat_names(view.n, lang)
    if surface.get_size() == BASE:
        return _draw(surface, view, viewer, names, lang)
    canvas = pygame.Surface(BASE)
    hits = _draw(canvas, view, viewer, names, lang)
    surface.blit(pygame.transform.smoothscale(canvas, surface.get_size()), (0, 0))
    return hits.scaled(surface.get_width() / BASE[0], (0, 0))


def draw_regions(surface: pygame.Surface, view: State, viewer: int, map_rect: pygame.Rect,
                 board_rect: pygame.Rect, names: Sequence[str] | None = None,
                 lang: str | None = None) -> HitMap:
    """The table scene's way (issue 37 item 8): the map drawn into ``map_rect`` and the
    board into ``board_rect`` (game.arcs.ui.table_layout), each at its reference size
    scaled to fit; the hits in ``surface``'s pixels."""
    check_view(view, viewer)
    lang = lang or i18n.language()
    names = list(names) if names else seat_names(view.n, lang)
    canvas = pygame.Surface(MAP_BASE)
    canvas.fill(palette.TABLE_BG)
    hits = _scaled_into(surface, canvas, map_rect, _draw_map(canvas, view, lang, names))
    canvas = pygame.Surface(BOARD_BASE)
    canvas.fill(palette.TABLE_BG)
    board = HitMap()
    _draw_board(canvas, view, viewer, names, lang, board, BOARD_RIGHT)
    hits.extend(_scaled_into(surface, canvas, board_rect, board))
    return hits


def _scaled_into(surface: pygame.Surface, canvas: pygame.Surface, rect: pygame.Rect,
                 hits: HitMap) -> HitMap:
    """``canvas`` scaled to fit ``rect`` (centred), and its hits with it."""
    k = min(rect.w / canvas.get_width(), rect.h / canvas.get_height())
    size = (round(canvas.get_width() * k), round(canvas.get_height() * k))
    dest = pygame.Rect((0, 0), size)
    dest.center = rect.center
    surface.blit(canvas if k == 1 else pygame.transform.smoothscale(canvas, size), dest)
    return hits.scaled(k, dest.topleft)


def _draw_map(surface: pygame.Surface, view: State, lang: str,
              names: Sequence[str]) -> HitMap:
    hits = draw_map(surface, view, pygame.Rect((0, 0), MAP_BASE), lang)
    # a battle under way: its system ringed, the dice and what is left to assign
    draw_battle(surface, view, names, lang, pygame.Rect((0, 0), MAP_BASE))
    return hits


def _draw(surface: pygame.Surface, view: State, viewer: int, names: list[str],
          lang: str) -> HitMap:
    surface.fill(palette.TABLE_BG)
    hits = _draw_map(surface, view, lang, names)
    _draw_board(surface, view, viewer, names, lang, hits, RIGHT)
    return hits


def _draw_board(surface: pygame.Surface, view: State, viewer: int, names: list[str],
                lang: str, hits: HitMap, right: pygame.Rect) -> None:
    """The board's sections, top to bottom, in ``right`` (1064 reference px tall)."""
    t = _Table(surface, view, viewer, names, lang, hits)
    x, w, y0 = right.x, right.w, right.y - 8  # the sections' y below are the BASE's
    t.header(pygame.Rect(x, y0 + 8, w, 34))
    t.ambitions(pygame.Rect(x, y0 + 48, w, 100))
    t.power_track(pygame.Rect(x, y0 + 152, w, 52))
    t.court(pygame.Rect(x, y0 + 210, w, 168))
    t.round(pygame.Rect(x, y0 + 384, w, 150))
    t.players(pygame.Rect(x, y0 + 540, w, 330))
    t.hand(pygame.Rect(x, y0 + 876, w, 196))


class _Table(RoundArea):
    def __init__(self, surface: pygame.Surface, view: State, viewer: int, names: list[str],
                 lang: str, hits: HitMap) -> None:
        self.s = surface
        self.hits = hits
        self.v = view
        self.viewer = viewer
        self.names = names
        self.lang = lang
        assert view.rules is not None
        self.rules = view.rules

    def t(self, key: str, **kw: object) -> str:
        return i18n.t(f"arcs.table.{key}", self.lang, **kw)

    def name_of(self, thing: object) -> str:
        return i18n.card_name(thing, self.lang)

    def ambition_word(self, amb: str) -> str:
        """What a card declares, at its foot: an ambition's name, "Any" for a 7 (a word:
        the table's font has no star, which showed as an empty box) or a dash for a 1."""
        if amb in self.rules.ambitions:
            return self.name_of(self.rules.ambitions[amb])
        return self.t("ambition_any") if amb == "any" else "—"

    def letter(self, kind: str) -> str:
        return self.name_of(self.rules.resources[kind])[0]

    def zone(self, rect: pygame.Rect, title: str = "") -> None:
        pygame.draw.rect(self.s, palette.TABLE_ZONE, rect, border_radius=8)
        pygame.draw.rect(self.s, palette.EDGE, rect, 1, border_radius=8)
        if title:
            style.label(self.s, title, 17, palette.SOFT, True,
                        topleft=(rect.x + 10, rect.y + 4))

    # ------------------------------------------------------------------ header

    def header(self, r: pygame.Rect) -> None:
        v = self.v
        x = style.label(self.s, self.t("chapter", n=v.chapter), 26, palette.WHITE, True,
                        midleft=(r.x + 4, r.centery)).right + 24
        holder = v.initiative
        pygame.draw.circle(self.s, style.seat_colour(holder), (x + 10, r.centery), 10)
        pygame.draw.circle(self.s, style.INK, (x + 10, r.centery), 10, 2)
        x = style.label(self.s, self.t("initiative", name=self.names[holder]), 22,
                        palette.TEXT, True, midleft=(x + 26, r.centery)).right + 24
        if v.step == OVER:
            text = i18n.t("arcs.step.over", self.lang)
        else:
            seat = v.initiative if v.step == "lead" else v.turn
            text = i18n.t(f"arcs.step.{v.step}", self.lang, name=self.names[seat])
        style.label(self.s, style.fit(text, 20, r.right - x), 20, palette.MUTED,
                    midleft=(x, r.centery))

    # ------------------------------------------------------------------ ambitions

    def ambitions(self, r: pygame.Rect) -> None:
        v = self.v
        amb = list(self.rules.ambitions.values())
        avail_w = 150
        gap = 6
        w = (r.w - avail_w - gap * len(amb)) // len(amb)
        x = r.x
        for a in amb:
            box = pygame.Rect(x, r.y, w, r.h)
            self.zone(box)
            self.hits.add("ambition", a.id, box)
            style.label(self.s, style.fit(self.name_of(a), 17, w - 14, True), 17,
                        palette.WHITE, True, topleft=(box.x + 8, box.y + 4))
            num = pygame.Rect(box.right - 26, box.bottom - 27, 20, 22)
            pygame.draw.rect(self.s, palette.PANEL, num, border_radius=4)
            style.label(self.s, str(a.card_number), 15, palette.GOLD, True, center=num.center)
            mx = box.x + 8
            for m in v.markers_on.get(a.id, []):
                mx = self.marker(m, mx, box.y + 34) + 4
            tx = box.x + 14
            for token in v.ambition_tokens.get(a.id, []):
                style.resource_token(self.s, token, (tx, box.bottom - 14), 11,
                                     self.letter(token))
                tx += 25
            x += w + gap
        box = pygame.Rect(x, r.y, r.right - x, r.h)
        self.zone(box)
        lines = fonts.wrap(self.t("available"), 14, box.w - 12)
        for i, line in enumerate(lines[:2]):
            style.label(self.s, line, 14, palette.DIM, topleft=(box.x + 6, box.y + 3 + i * 17))
        mx = box.x + 6
        for m in v.available:
            mx = self.marker(m, mx, box.bottom - 34, small=True) + 3

    def marker(self, marker_id: str, x: int, y: int, small: bool = False) -> int:
        first, second = self.v.marker_values(marker_id)
        flipped = marker_id in self.v.flipped
        w = 40 if small else 56
        h = 28 if small else 34
        rect = pygame.Rect(x, y, w, h)
        colour = style.MARKER_BACK if flipped else style.MARKER_FRONT
        pygame.draw.rect(self.s, colour, rect, border_radius=10)
        pygame.draw.rect(self.s, style.INK, rect, 2, border_radius=10)
        style.label(self.s, f"{first}/{second}", 15 if small else 19, palette.WHITE, True,
                    center=rect.center)
        return rect.right

    # ------------------------------------------------------------------ power track

    def power_track(self, r: pygame.Rect) -> None:
        v = self.v
        top = max([p.power for p in v.players] + [0])
        cells = max(31, top + 1)
        label_w = style.label(self.s, self.t("power_track"), 17, palette.SOFT, True,
                              midleft=(r.x + 4, r.centery)).w + 12
        w = (r.w - label_w) / cells
        for i in range(cells):
            cell = pygame.Rect(round(r.x + label_w + i * w), r.y, round(w) - 1, r.h)
            pygame.draw.rect(self.s, palette.PANEL if i % 5 else (30, 44, 76), cell,
                             border_radius=3)
            style.label(self.s, str(i), 12, palette.DIM, midtop=(cell.centerx, cell.y + 1))
            here = [p.index for p in v.players if p.power == i]
            for j, seat in enumerate(here):
                cyy = cell.y + 22 + (j % 2) * 14
                cxx = cell.centerx + (-6 if j // 2 == 0 and len(here) > 2 else 0) \
                    + (6 if j // 2 == 1 else 0)
                pygame.draw.circle(self.s, style.seat_colour(seat), (cxx, cyy), 7)
                pygame.draw.circle(self.s, style.INK, (cxx, cyy), 7, 1)

    # ------------------------------------------------------------------ court

    def court(self, r: pygame.Rect) -> None:
        v = self.v
        cards = {c.id: c for c in self.rules.court}
        deck_lab = self.t("court_deck", n=len(v.court_deck))
        style.label(self.s, self.t("court"), 18, palette.SOFT, True, topleft=(r.x + 2, r.y))
        style.label(self.s, deck_lab, 15, palette.DIM, topright=(r.right - 4, r.y + 2))
        slots = max(1, len(v.court))
        gap = 8
        w = (r.w - gap * (slots - 1)) // slots
        for i, slot in enumerate(v.court):
            box = pygame.Rect(r.x + i * (w + gap), r.y + 24, w, r.h - 24)
            if slot is None:
                self.zone(box)
                continue
            card = cards[slot.card]
            self.hits.add("court", slot.card, box, index=i)
            vox = card.type == "vox"
            band = style.VOX if vox else style.RESOURCES.get(card.suit, style.GREY)
            pygame.draw.rect(self.s, palette.PANEL, box, border_radius=8)
            pygame.draw.rect(self.s, band, box, 2, border_radius=8)
            top = pygame.Rect(box.x, box.y, box.w, 26)
            pygame.draw.rect(self.s, band, top, border_top_left_radius=8,
                             border_top_right_radius=8)
            if vox:
                kind = self.t("vox")
            else:
                style.resource_icon(self.s, card.suit, (top.x + 14, top.centery), 8)
                kind = self.name_of(self.rules.resources[card.suit])
            style.label(self.s, style.fit(kind, 15, w - 70, True), 15, style.INK, True,
                        midleft=(top.x + 28, top.centery))
            if card.keys:  # the raid cost: keys
                k = style.label(self.s, str(card.keys), 16, style.INK, True,
                                midright=(top.right - 8, top.centery))
                style.key(self.s, (k.x - 12, top.centery), style.INK)
            y = top.bottom + 4
            for line in fonts.wrap(self.name_of(card), 17, w - 14, True)[:2]:
                style.label(self.s, line, 17, palette.WHITE, True, topleft=(box.x + 8, y))
                y += 22
            ax = box.x + 8
            ay = box.bottom - 22
            for seat, count in enumerate(slot.agents):
                if not count:
                    continue
                self.agent(ax + 8, ay, seat)
                ax = style.label(self.s, f"×{count}", 16, palette.WHITE, True,
                                 midleft=(ax + 18, ay)).right + 10

    def agent(self, x: int, y: int, seat: int) -> None:
        """An agent: a small figure (head and body) in the seat's colour."""
        c = style.seat_colour(seat)
        pygame.draw.circle(self.s, c, (x, y - 6), 5)
        pygame.draw.polygon(self.s, c, [(x - 7, y + 9), (x, y - 2), (x + 7, y + 9)])
        pygame.draw.circle(self.s, style.INK, (x, y - 6), 5, 1)

    def card_back(self, rect: pygame.Rect, pattern: bool = True) -> None:
        pygame.draw.rect(self.s, style.CARD_BACK, rect, border_radius=7)
        if not pattern:
            pygame.draw.rect(self.s, style.INK, rect, 1, border_radius=3)
            return
        inner = rect.inflate(-12, -12)
        pygame.draw.rect(self.s, (96, 72, 140), inner, 2, border_radius=5)
        for i in range(0, inner.w + inner.h, 12):
            a = (inner.x + min(i, inner.w), inner.y + max(0, i - inner.w))
            b = (inner.x + max(0, i - inner.h), inner.y + min(i, inner.h))
            pygame.draw.line(self.s, (78, 58, 118), a, b, 1)
        pygame.draw.rect(self.s, style.INK, rect, 2, border_radius=7)

    def card_face(self, rect: pygame.Rect, card_id: str, small: bool = False,
                  zero: bool = False) -> None:
        card = self.v.card(card_id)
        colour = style.SUITS.get(card.suit, style.GREY)
        pygame.draw.rect(self.s, palette.PANEL, rect, border_radius=7)
        band_h = 34 if small else 44
        band = pygame.Rect(rect.x, rect.y, rect.w, band_h)
        pygame.draw.rect(self.s, colour, band, border_top_left_radius=7,
                         border_top_right_radius=7)
        pygame.draw.rect(self.s, colour, rect, 3, border_radius=7)
        style.label(self.s, str(card.number), 28 if small else 38, style.INK, True,
                    midleft=(rect.x + 8, band.centery))
        if zero:
            self.zero_marker(rect.x + 4 + band_h // 2, band.centery, band_h // 2)
        # the action symbols (pips)
        pr = 5 if small else 7
        px = rect.right - 8 - pr
        for i in range(card.pips):
            cy = band.y + 8 + pr + (i % 2) * (pr * 2 + 3) if small else band.centery
            cx = px - (i // 2) * (pr * 2 + 3) if small else px - i * (pr * 2 + 4)
            pygame.draw.circle(self.s, palette.WHITE, (cx, cy), pr)
            pygame.draw.circle(self.s, style.INK, (cx, cy), pr, 2)
        suit = self.name_of(self.rules.suits[card.suit])
        size = ROUND_TITLE if small else 15
        # the largest size down to the board's least that holds the title whole (a hand
        # card's «Проектирование» needs 13 px: at 14 it lost its last letter)
        suit_size = next((k for k in range(size, BOARD_TEXT_MIN - 1, -1)
                          if fonts.font(k, True).size(suit)[0] <= rect.w - 10), BOARD_TEXT_MIN)
        style.label(self.s, style.fit(suit, suit_size, rect.w - 10, True), suit_size, colour,
                    True,
                    topleft=(rect.x + 6, band.bottom + 4))
        if not small:
            actions = [self.name_of(self.rules.actions[a])
                       for a in self.rules.suits[card.suit].actions]
            y = band.bottom + 28
            for a in actions:
                style.label(self.s, style.fit(a, 15, rect.w - 12), 15, palette.TEXT,
                            topleft=(rect.x + 7, y))
                y += 19
        text = self.ambition_word(card.ambition)
        style.label(self.s, style.fit(text, size, rect.w - 10), size, palette.GOLD,
                    midbottom=(rect.centerx, rect.bottom - 4))

    def zero_marker(self, x: int, y: int, radius: int) -> None:
        """«Поместите маркер нуля на главную карту, накрывая её номер … – теперь он равен
        0.» (RU p.9): a dark token with a 0 over the printed number."""
        pygame.draw.circle(self.s, style.INK, (x, y), radius)
        pygame.draw.circle(self.s, palette.WHITE, (x, y), radius, 2)
        style.label(self.s, "0", radius * 3 // 2, palette.WHITE, True, center=(x, y))

    # ------------------------------------------------------------------ players

    def players(self, r: pygame.Rect) -> None:
        n = self.v.n
        cols = 2
        rows = (n + 1) // 2
        gap = 8
        w = (r.w - gap) // cols
        h = (r.h - gap * (rows - 1)) // rows if rows > 1 else min(r.h, 170)
        h = min(h, 170)
        # the viewer's panel first; the public view (viewer -1, the host's phones) in seat order
        order = [self.viewer] * (self.viewer >= 0) + [s for s in range(n) if s != self.viewer]
        for i, seat in enumerate(order):
            row, col = divmod(i, cols)
            self.player_panel(pygame.Rect(r.x + col * (w + gap), r.y + row * (h + gap), w, h),
                              seat)

    def player_panel(self, box: pygame.Rect, seat: int) -> None:
        v = self.v
        p = v.players[seat]
        colour = style.seat_colour(seat)
        pygame.draw.rect(self.s, palette.TABLE_ZONE, box, border_radius=8)
        pygame.draw.rect(self.s, colour, box, 2, border_radius=8)
        pygame.draw.rect(self.s, colour, (box.x + 8, box.y + 9, 18, 18), border_radius=4)
        name = self.names[seat] + (f" ({self.t('you')})" if seat == self.viewer else "")
        right = style.label(self.s, style.fit(name, 19, box.w - 190, True), 19, palette.WHITE,
                            True, topleft=(box.x + 32, box.y + 5)).right
        if v.initiative == seat:
            pygame.draw.circle(self.s, palette.GOLD, (right + 14, box.y + 18), 8)
            pygame.draw.circle(self.s, style.INK, (right + 14, box.y + 18), 8, 2)
        pw = style.label(self.s, str(p.power), 26, palette.GOLD, True,
                         topright=(box.right - 10, box.y + 1))
        style.label(self.s, self.t("power"), 15, palette.DIM,
                    midright=(pw.x - 6, pw.centery + 2))
        # resource slots, left to right; the ones under a city on the board are closed
        y = box.y + 48
        x = box.x + 22
        for i, slot in enumerate(self.rules.board.resource_slots):
            centre = (x + i * 36, y)
            is_open = slot.covered_by == 0 or slot.covered_by <= p.cities_off
            if i < len(p.resources) and p.resources[i] and is_open:  # "": empty slot
                style.resource_token(self.s, p.resources[i], centre, 15,
                                     self.letter(p.resources[i]))
            else:
                pygame.draw.circle(self.s, (10, 14, 26), centre, 14)
                pygame.draw.circle(self.s, (90, 105, 140), centre, 14, 1)
                if not is_open:
                    style.building(self.s, pygame.Rect(centre[0] - 9, centre[1] - 9, 18, 18),
                                   "city", style.darker(colour, 0.8), False)
        # the counts on the left, under the resources; the cards the seat holds (leader,
        # lore, guild cards) as named cards in a column on the right (issue 37 item 1)
        col = pygame.Rect(box.right - CARD_COLUMN - 8, box.y + 34, CARD_COLUMN,
                          box.bottom - box.y - 38)
        self.held_cards(col, seat)
        cities_left = len(self.rules.board.city_slots) - p.cities_off
        counts = [("ships", p.ships), ("agents", p.agents), ("captives", len(p.captives)),
                  ("hand_size", len(p.hand)), ("starports", p.starports),
                  ("cities", cities_left), ("trophies", len(p.trophies)),
                  ("guild", len(p.guild))]
        texts = [self.t(key, n=n) for key, n in counts]
        rows = 4
        line_h = min(21, (box.bottom - (y + 20)) // rows)
        room = col.x - 8 - (box.x + 10)
        # the largest size at which both columns fit beside the cards, measured
        for size in (16, 15, 14, 13, 12):
            widths = [max(fonts.font(size).size(t)[0] for t in texts[c * rows:(c + 1) * rows])
                      for c in range(2)]
            if sum(widths) + 12 <= room:
                break
        cx = box.x + 10
        for c in range(2):
            for row, text in enumerate(texts[c * rows:(c + 1) * rows]):
                style.label(self.s, style.fit(text, size, room - (cx - box.x - 10)), size,
                            palette.TEXT, topleft=(cx, y + 20 + row * line_h))
            cx += widths[c] + 12

    def held_cards(self, col: pygame.Rect, seat: int) -> None:
        """A seat's leader, lore and guild cards, each a small card with its whole name
        (wrapped, never cut) and the colour of its kind; when they are too many for the
        column they overlap, each keeping its name's first line in view."""
        p = self.v.players[seat]
        court = {c.id: c for c in self.rules.court}
        items: list[tuple[str, str, str, tuple[int, int, int]]] = []
        if p.leader:
            items.append(("leader", p.leader, self.card_name(p.leader), palette.GOLD))
        items += [("lore", c, self.card_name(c), style.VOX) for c in p.lore]
        for g in p.guild:
            card = court.get(g)
            colour = style.RESOURCES.get(card.suit, style.VOX) if card else style.GREY
            items.append(("guild", g, self.name_of(card) if card else g, colour))
        if not items:
            return
        size = HELD_NAME
        tabs = []
        for kind, ident, text, colour in items:
            lines = fonts.wrap(text, size, col.w - 16, True)
            tabs.append((kind, ident, lines, colour,
                         fonts.block_height(len(lines), size, True) + 8))
        total = sum(t[4] for t in tabs) + 3 * (len(tabs) - 1)
        squeeze = 1.0
        if total > col.h and len(tabs) > 1:
            squeeze = (col.h - tabs[-1][4]) / (total - tabs[-1][4])
        y = float(col.y)
        for kind, ident, lines, colour, h in tabs:
            rect = pygame.Rect(col.x, round(y), col.w, h)
            pygame.draw.rect(self.s, palette.PANEL, rect, border_radius=5)
            pygame.draw.rect(self.s, colour, rect, 2, border_radius=5)
            pygame.draw.rect(self.s, colour, (rect.x, rect.y, 7, rect.h),
                             border_top_left_radius=5, border_bottom_left_radius=5)
            for i, line in enumerate(lines):
                style.label(self.s, line, size, palette.WHITE, True,
                            topleft=(rect.x + 11, rect.y + 4 + i * fonts.line_step(size)))
            self.hits.add(kind, ident, rect, seat=seat)
            y += (h + 3) * squeeze

    def card_name(self, card_id: str) -> str:
        for card in (*self.rules.leaders, *self.rules.lore):
            if card.id == card_id:
                return self.name_of(card)
        return card_id

    # ------------------------------------------------------------------ the viewer's hand

    def hand(self, r: pygame.Rect) -> None:
        if not 0 <= self.viewer < self.v.n:
            return  # the public view has no hand (the panels count the cards)
        p = self.v.players[self.viewer]
        self.zone(r, f"{self.t('hand')} · {self.names[self.viewer]}")
        n = max(1, len(p.hand))
        cw = min(150, (r.w - 20 - 8 * (n - 1)) // n)
        ch = r.h - 34
        for i, card in enumerate(p.hand):
            rect = pygame.Rect(r.x + 10 + i * (cw + 8), r.y + 28, cw, ch)
            self.hits.add("hand", card, rect, index=i)
            if card == HIDDEN:
                self.card_back(rect)
            else:
                self.card_face(rect, card)
