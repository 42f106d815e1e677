"""The card browser: every player-facing card — the Core Set, Frontiers, Colony Wars, the
Legacy campaign's boxes (its cards are bought and played like the others) and the
starting cards — filtered by set, faction, type and cost, as large faces in the current
language.  Hover a card to enlarge it, click to keep it enlarged; the wheel, the arrow
keys, Page Up/Down and Home/End scroll.  Adventure bosses are not cards a player holds:
their big cards are on the Adventures screen."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.engine.cards import FACTIONS, CardDef
from game.star_realms.ui.card_images import for_app
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.dialogs import picked_text
from game.ui.scene import Scene

STARTING = "starting"  # the pseudo-set of Scouts, Vipers and Explorers
ALL = "all"
KINDS = ("ship", "base", "outpost", "hero")
COSTS = tuple(str(c) for c in range(9))
CARD_W = 196  # a face in the grid (reference px); the enlarged one is ZOOM_W
ZOOM_W = 460
GAP = 16
GRID = (60, 200, 1300, 860)  # x, y, w, h of the scrolling grid (reference layout)


def card_set(card: CardDef) -> str:
    return card.set or STARTING


def card_kind(card: CardDef) -> str:
    if card.is_ship or card.is_hero:
        return card.type
    return "outpost" if card.outpost else "base"


def set_order() -> list[str]:
    """The sets in the order the boxes came out, the starting cards last."""
    return [*load_rules().sets, STARTING]


def matching(cards: list[CardDef], set_id: str = ALL, faction: str = ALL, kind: str = ALL,
             cost: str = ALL) -> list[CardDef]:
    """The cards that pass every filter (ALL lets everything through)."""
    out = []
    for c in cards:
        if set_id != ALL and card_set(c) != set_id:
            continue
        if faction != ALL and not (faction in c.factions or
                                   (faction == "unaligned" and not c.factions)):
            continue
        if kind != ALL and card_kind(c) != kind:
            continue
        if cost != ALL and str(c.cost) != cost:
            continue
        out.append(c)
    return out


def all_cards() -> list[CardDef]:
    """Every card once, by set, faction, cost and name."""
    sets = set_order()
    factions = [*FACTIONS, "unaligned"]

    def key(c: CardDef) -> tuple:
        first = c.factions[0] if c.factions else "unaligned"
        return (sets.index(card_set(c)) if card_set(c) in sets else len(sets),
                factions.index(first) if first in factions else len(factions), c.cost,
                i18n.card_name(c))

    return sorted(load_rules().cards.values(), key=key)


class CardBrowserScene(Scene):
    def __init__(self, app):
        self.images = for_app(app)
        self.filters = {"set": ALL, "faction": ALL, "kind": ALL, "cost": ALL}
        self.top_row = 0
        self.pinned: str | None = None  # the card kept enlarged by a click
        self.hovered: str | None = None
        self.cards: list[CardDef] = []
        super().__init__(app)

    # ------------------------------------------------------------ filters

    def options(self, name: str) -> list[tuple[str, str]]:
        """(label, value) of one filter's choices, "all" first: it names its filter
        ("All factions"), so a dropdown left at it says what it would filter."""
        every = (i18n.t(f"browser.all_{name}"), ALL)
        if name == "set":
            db = load_rules()
            return [every] + [(i18n.t("browser.starting") if s == STARTING else
                               (db.sets[s].name_ru if i18n.language() == "ru"
                                else db.sets[s].name_en), s) for s in set_order()]
        if name == "faction":
            return [every] + [(i18n.t(f"faction.{f}"), f) for f in (*FACTIONS, "unaligned")]
        if name == "kind":
            return [every] + [(i18n.t(f"kind.{k}"), k) for k in KINDS]
        return [every] + [(i18n.t("browser.cost", n=c), c) for c in COSTS]

    def build(self) -> None:
        self.cards = matching(all_cards(), **{
            "set_id": self.filters["set"], "faction": self.filters["faction"],
            "kind": self.filters["kind"], "cost": self.filters["cost"]})
        self.top_row = min(self.top_row, self.max_row())
        self.dropdowns: dict[pygame_gui.elements.UIDropDownMenu, str] = {}
        for name, (x, w) in (("set", (60, 420)), ("faction", (500, 330)),
                             ("kind", (850, 240)), ("cost", (1110, 250))):
            opts = self.options(name)
            current = next(label for label, v in opts if v == self.filters[name])
            dd = pygame_gui.elements.UIDropDownMenu([label for label, _ in opts], current,
                                                    self.rect(x, 120, w, 56), self.ui)
            self.dropdowns[dd] = name
        self.back = pygame_gui.elements.UIButton(self.rect(1400, 980, 220, 76),
                                                 i18n.t("setup.back"), self.ui)
        self.records = pygame_gui.elements.UIButton(self.rect(1640, 980, 240, 76),
                                                    i18n.t("records.open"), self.ui)

    def set_filter(self, name: str, value: str) -> None:
        self.filters[name] = value
        self.top_row = 0
        self.pinned = None
        self.rebuild()

    # ------------------------------------------------------------ geometry

    def per_row(self) -> int:
        return max(1, (GRID[2] + GAP) // (CARD_W + GAP))

    def rows_shown(self) -> int:
        return max(1, GRID[3] // self.row_h())

    def row_h(self) -> int:
        return round(CARD_W * 1.397) + GAP

    def max_row(self) -> int:
        rows = -(-len(self.cards) // self.per_row())
        return max(0, rows - self.rows_shown())

    def scroll(self, rows: int) -> None:
        self.top_row = max(0, min(self.max_row(), self.top_row + rows))

    def grid(self) -> list[tuple[pygame.Rect, CardDef]]:
        """The visible cards and where they are drawn (a partly shown last row too)."""
        n = self.per_row()
        first = self.top_row * n
        last = (self.top_row + self.rows_shown() + 1) * n
        out = []
        for i, card in enumerate(self.cards[first:last]):
            r, c = divmod(i, n)
            out.append((self.rect(GRID[0] + c * (CARD_W + GAP), GRID[1] + r * self.row_h(),
                                  CARD_W, CARD_W * 1.397), card))
        return out

    def card_at(self, pos: tuple[int, int]) -> CardDef | None:
        if not self.rect(*GRID).collidepoint(pos):
            return None
        return next((c for r, c in self.grid() if r.collidepoint(pos)), None)

    # ------------------------------------------------------------ input

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED and event.ui_element in \
                self.dropdowns:
            name = self.dropdowns[event.ui_element]
            label = picked_text(event.ui_element)
            value = next((v for lbl, v in self.options(name) if lbl == label), ALL)
            self.set_filter(name, value)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.records:
                self.app.push(routes.make(self.app, "star_realms.records"))
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll(-event.y)
        elif event.type == pygame.MOUSEMOTION:
            card = self.card_at(event.pos)
            self.hovered = card.id if card is not None else None
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            card = self.card_at(event.pos)
            if card is not None:
                self.pinned = None if self.pinned == card.id else card.id
        elif event.type == pygame.KEYDOWN:
            self.on_key(event.key)

    def on_key(self, key: int) -> None:
        if key == pygame.K_ESCAPE:
            if self.pinned is not None:  # Esc first puts the enlarged card down
                self.pinned = None
            else:
                self.app.pop()
            return
        page = self.rows_shown()
        steps = {pygame.K_DOWN: 1, pygame.K_UP: -1, pygame.K_PAGEDOWN: page,
                 pygame.K_PAGEUP: -page, pygame.K_HOME: -10**6, pygame.K_END: 10**6}
        if key in steps:
            self.scroll(steps[key])

    # ------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=3), (0, 0))
        t = fonts.text(i18n.t("browser.title"), self.px(48), palette.WHITE, bold=True)
        surface.blit(t, self.rect(60, 24, 0, 0).topleft)
        count = fonts.text(i18n.t("browser.count", n=len(self.cards)), self.px(24),
                           palette.MUTED)
        surface.blit(count, count.get_rect(midleft=self.rect(1390, 148, 0, 0).topleft))
        if not self.cards:
            e = fonts.text(i18n.t("browser.none"), self.px(28), palette.MUTED)
            surface.blit(e, e.get_rect(center=self.rect(710, 500, 0, 0).topleft))
        surface.set_clip(self.rect(*GRID))
        face_w = self.px(CARD_W)
        for rect, card in self.grid():
            surface.blit(self.images.face(card, face_w), rect)
            if card.id in (self.pinned, self.hovered):
                pygame.draw.rect(surface, palette.GOLD, rect.inflate(6, 6), 3,
                                 border_radius=self.px(10))
        surface.set_clip(None)
        self.draw_scrollbar(surface)
        self.draw_zoom(surface)

    def draw_scrollbar(self, surface: pygame.Surface) -> None:
        rows = -(-len(self.cards) // self.per_row())
        if rows <= self.rows_shown():
            return
        track = self.rect(GRID[0] + GRID[2] + 8, GRID[1], 8, GRID[3])
        pygame.draw.rect(surface, (40, 50, 80), track, border_radius=4)
        h = max(self.px(30), track.h * self.rows_shown() // rows)
        y = track.y + (track.h - h) * self.top_row // max(1, self.max_row())
        pygame.draw.rect(surface, palette.MUTED, (track.x, y, track.w, h), border_radius=4)

    def zoomed(self) -> CardDef | None:
        """The enlarged card: the one under the mouse, else the pinned one."""
        cid = self.hovered or self.pinned
        return load_rules().cards.get(cid) if cid else None

    def draw_zoom(self, surface: pygame.Surface) -> None:
        card = self.zoomed()
        if card is None:
            hint = fonts.wrap(i18n.t("browser.hint"), self.px(22), self.px(440))
            for i, line in enumerate(hint):
                s = fonts.text(line, self.px(22), palette.MUTED)
                surface.blit(s, self.rect(1420, 260 + i * 32, 0, 0).topleft)
            return
        img = self.images.face(card, self.px(ZOOM_W))
        surface.blit(img, self.rect(1410, 200, 0, 0).topleft)
        db = load_rules()
        where = i18n.t("browser.starting") if card_set(card) == STARTING else (
            db.sets[card.set].name_ru if i18n.language() == "ru" else db.sets[card.set].name_en)
        info = f"{where} · {i18n.t('browser.copies', n=card.copies)}"
        s = fonts.text(info, self.px(20), palette.SOFT)
        surface.blit(s, self.rect(1410, 200 + ZOOM_W * 1.397 + 12, 0, 0).topleft)
