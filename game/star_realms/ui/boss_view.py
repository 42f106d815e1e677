"""How the table shows an adventure's boss: its big card with authority and counter, its
bases and ships, and its piles (tentacles fanned so each card's cost shows, the Beast's
face-down hoard, the registry, the Emperor's two trade decks, the acquisition deck)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game import i18n
from game.star_realms.art.big_cards import BIG_RATIO
from game.star_realms.art.faces import BigCardSpec, render_big_card
from game.star_realms.engine.state import HIDDEN, Action
from game.star_realms.model import BossModel, PileModel
from game.star_realms.ui.card_images import to_surface
from game.star_realms.ui.layout import CARD_RATIO
from game.ui import fonts, palette

if TYPE_CHECKING:
    from game.star_realms.ui.scenes.table import TableScene

TEXT = palette.TABLE_TEXT
DIM = palette.TABLE_DIM
GREEN = palette.GREEN
GOLD = palette.GOLD
EDGE = palette.EDGE
FACTION_ORDER = ("blob", "machine_cult", "star_empire", "trade_federation")
NUMBERS_H = 34  # the strip under the big card for authority and counter (reference px)
NUMBERS_FONT = 24  # its text (reference px, with the "Text size" setting)
PILE_LABEL_FONT = 14  # a boss pile's name
_big_cache: dict[tuple, pygame.Surface] = {}


def big_spec(adv) -> BigCardSpec:
    """The adventure's big card: its name, the boss's authority and the rules we gave it."""
    stats = []
    if adv.boss_authority:
        stats.append(("stat.boss_authority", f"{adv.boss_authority}×"))
    stats.append(("stat.player_authority", adv.player_authority))
    return BigCardSpec(id=adv.id, title_en=adv.name_en, title_ru=adv.name_ru,
                       subtitle_en="Adventure", subtitle_ru="Приключение",
                       body_en=adv.designed.get("rules_en", ""),
                       body_ru=adv.designed.get("rules_ru", ""), stats=tuple(stats))


def big_card(adv, width: int) -> pygame.Surface:
    key = (adv.id, i18n.language(), width)
    surf = _big_cache.get(key)
    if surf is None:
        surf = _big_cache[key] = to_surface(render_big_card(big_spec(adv), i18n.language(),
                                                            width))
    return surf


def pile_label(name: str) -> str:
    if name.startswith("tentacle:"):
        return i18n.t(f"faction.{name.split(':', 1)[1]}")
    return i18n.t(f"pile.{name}")


class BossView:
    def __init__(self, table: TableScene):
        self.table = table
        self.pile_rects: dict[str, list[tuple[pygame.Rect, int]]] = {}

    @property
    def boss(self) -> BossModel:
        """The boss's part of the viewer's model (the panel draws from nothing else)."""
        boss = self.table.model.boss
        assert boss is not None
        return boss

    @property
    def seat(self) -> int:
        return self.boss.seat

    def pile(self, name: str) -> PileModel | None:
        return next((p for p in self.boss.piles if p.name == name), None)

    def areas(self) -> tuple[pygame.Rect, pygame.Rect]:
        """(where the boss's bases and ships go, where its piles go)."""
        lay = self.table.layout
        panel = self.table.panel_of(self.seat)
        if panel is None:  # one player: the boss has the whole top row
            field = lay.zones()["opp_field"]
            piles_w = self.piles_width()
            # as large as the row allows with their chips under them, like a duel
            # opponent's (the table's own rows get the room first)
            cards = pygame.Rect(field.x + lay.px(8), field.y + lay.px(8),
                                field.w - piles_w - lay.px(24),
                                round(lay.opp_card_w * CARD_RATIO))
            piles = pygame.Rect(field.right - piles_w - lay.px(8), field.y + lay.px(24),
                                piles_w, field.h - lay.px(32))
            return cards, piles
        top = panel.y + self.header_h()  # under its title rows, which follow the text size
        if not self.boss.plays_cards:  # its piles take the whole panel
            return (pygame.Rect(panel.x, top, 0, 0),
                    pygame.Rect(panel.x + lay.px(6), top, panel.w - lay.px(12),
                                panel.bottom - top - lay.px(6)))
        h = (panel.bottom - top) // 2
        return (pygame.Rect(panel.x + lay.px(6), top, panel.w - lay.px(12), h),
                pygame.Rect(panel.x + lay.px(6), top + h, panel.w - lay.px(12), h - lay.px(6)))

    def header_h(self) -> int:
        """The boss panel's title rows (name, authority, counter) with the "Text size"
        setting: its cards and piles start below them."""
        return self.table.layout.panel_header

    def numbers_h(self) -> int:
        """One player's boss: the strip under the big card for authority and counter,
        as tall as its text (which follows the "Text size" setting)."""
        lay = self.table.layout
        return max(lay.px(NUMBERS_H), lay.fs(NUMBERS_H))

    def numbers_font(self) -> int:
        """The authority and counter's text size (before shrinking to the strip's width)."""
        return self.table.layout.fs(NUMBERS_FONT)

    def pile_label_font(self) -> int:
        return self.table.layout.fs(PILE_LABEL_FONT)

    def piles(self) -> list[str]:
        names = [p.name for p in self.boss.piles]
        if any(k.startswith("tentacle:") for k in names):
            return [f"tentacle:{f}" for f in FACTION_ORDER]
        return sorted(names)

    def piles_width(self) -> int:
        lay = self.table.layout
        n = len(self.piles())
        return n * lay.px(96) if n else 0

    def card_rects(self, n: int) -> list[pygame.Rect]:
        lay = self.table.layout
        area = self.areas()[0]
        h = area.h
        w = round(h / 1.397)
        return lay.row(pygame.Rect(area.x, area.y, area.w, h), n, w, h, gap=lay.px(6))

    # ------------------------------------------------------------ drawing

    def draw_info(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        """The big card, and under it (never over its art) the boss's authority and
        counter."""
        lay = self.table.layout
        adv = self.table.session.db.adventures[self.boss.adventure]
        strip = self.numbers_h()
        pad = lay.px(4)
        # as wide as the box allows while the card and the numbers' strip fit its height
        width = min(rect.w - 2 * pad, round((rect.h - strip - 3 * pad) / BIG_RATIO))
        img = big_card(adv, width)
        surface.blit(img, (rect.x + (rect.w - img.get_width()) // 2, rect.y + pad))
        numbers = pygame.Rect(rect.x + pad, rect.y + 2 * pad + img.get_height(),
                              rect.w - 2 * pad, strip)
        self.draw_numbers(surface, numbers)

    def draw_numbers(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        """Authority and counter side by side in ``area``, shrunk to its width if a long
        counter ("ассимиляция 11") would run past it."""
        lay = self.table.layout
        parts = []
        seat = self.table.seat_model(self.seat)
        if seat.shows_authority:
            parts.append((f"{seat.authority}", GREEN))
        counter = self.counter_text()
        if counter:
            parts.append((counter, GOLD))
        if not parts:
            return
        gap, inner = lay.px(8), lay.px(7)
        size = self.numbers_font()
        for _ in range(8):
            texts = [fonts.text(text, size, color, bold=True) for text, color in parts]
            need = sum(t.get_width() + 2 * inner for t in texts) + gap * (len(texts) - 1)
            if need <= area.w or size <= lay.px(12):
                break
            size = max(lay.px(12), size * area.w // need)
        x = area.x
        for t in texts:
            box = pygame.Rect(x, area.y, t.get_width() + 2 * inner, area.h)
            pygame.draw.rect(surface, palette.TABLE_WELL, box, border_radius=lay.px(8))
            surface.blit(t, t.get_rect(center=box.center))
            x = box.right + gap

    def counter_text(self) -> str:
        """The adventure's counter (the model's ``boss.counter_key`` and number)."""
        boss = self.table.model.boss
        if boss is None or not boss.counter_key:
            return ""
        return i18n.t(boss.counter_key, n=boss.counter)

    def shows(self, name: str) -> str:
        """How much of a boss pile players see ("all", "top", "none"), from the model."""
        pile = self.pile(name) if self.table.model.boss is not None else None
        return pile.shows if pile is not None else "none"

    def draw_piles(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        area = self.areas()[1]
        names = self.piles()
        self.pile_rects = {}
        if not names:
            return
        slot_w = area.w // len(names)
        label_size = self.pile_label_font()
        label_h = max(lay.px(20), round(label_size * 1.4))
        fan = names[0].startswith("tentacle:")
        room = area.h - label_h - (lay.px(40) if fan else lay.px(18))
        card_w = max(lay.px(30), min(lay.px(84), slot_w - lay.px(8), round(room / 1.397)))
        card_h = round(card_w * 1.397)
        boss = self.boss
        for k, name in enumerate(names):
            x = area.x + k * slot_w
            label = pile_label(name)
            severed = name.split(":")[-1] in boss.severed
            # long faction names: a smaller size, then (below 8 px) scaled down evenly
            t = fonts.text(label, self.table.fitting(label, label_size, slot_w - lay.px(4)),
                           DIM)
            if t.get_width() > slot_w - lay.px(4):
                w = slot_w - lay.px(4)
                t = pygame.transform.smoothscale(t, (w, max(1, t.get_height() * w //
                                                              t.get_width())))
            surface.blit(t, t.get_rect(midtop=(x + slot_w // 2, area.y + lay.px(2))))
            pile = self.pile(name)
            # bottom to top: the cards nobody sees (face down) under the ones shown
            cards = ([HIDDEN] * (pile.count - len(pile.cards)) + [c.iid for c in pile.cards]
                     if pile is not None else [])
            y = area.y + label_h
            rects = []
            if name.startswith("tentacle:"):
                # fanned downwards so every card's cost (top right) stays visible
                step = min(lay.px(22), max(lay.px(8), (area.bottom - y - card_h) // max(
                    len(cards) - 1, 1)))
                for i, iid in enumerate(cards):
                    r = pygame.Rect(x + (slot_w - card_w) // 2, y + i * step, card_w, card_h)
                    surface.blit(self.table.face(iid, card_w), r)
                    rects.append((r, iid))
                if severed:
                    self.table.label(surface, i18n.t("pile.cut"), x + slot_w // 2,
                                     y + card_h // 2, lay.px(18), palette.TABLE_ALARM, "center",
                                     True)
            else:
                r = pygame.Rect(x + (slot_w - card_w) // 2, y, card_w, card_h)
                if cards:
                    top = cards[-1]
                    face_up = self.shows(name) in ("all", "top") and top != HIDDEN
                    img = self.table.face(top, card_w) if face_up else \
                        self.table.images.back(card_w)
                    surface.blit(img, r)
                    rects.append((r, top if face_up else HIDDEN))
                else:
                    pygame.draw.rect(surface, EDGE, r, 1, border_radius=lay.px(6))
                self.table.count_badge(surface, r, len(cards))
            self.pile_rects[name] = rects

    # ------------------------------------------------------------ input

    def card_at(self, pos: tuple[int, int]) -> int | None:
        for rects in self.pile_rects.values():
            for r, iid in reversed(rects):
                if r.collidepoint(pos) and iid != HIDDEN:
                    return iid
        return None

    def strike_at(self, pos: tuple[int, int]) -> Action | None:
        """A click or combat drop on a tentacle: cut its top card."""
        for name, rects in self.pile_rects.items():
            if name.startswith("tentacle:") and rects:
                r, top = rects[-1]
                column = pygame.Rect(r.x, rects[0][0].y, r.w, r.bottom - rects[0][0].y)
                if column.collidepoint(pos):
                    t = next((t for t in self.table.model.targets
                              if t.kind == "strike" and t.card == top), None)
                    action = self.table.session.find(t.action) if t is not None else None
                    return action or Action("strike", self.table.me, card=top)
        return None
