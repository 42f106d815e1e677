"""After scenario 12: the top-up (cards are upgraded, players alternating, until twenty
are) and the campaign's end (its winner, the post-campaign set, the legacy deck)."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign import bots, flow, store
from game.star_realms.campaign.model import Campaign
from game.star_realms.data import load_rules
from game.star_realms.engine.campaign import apply_sticker
from game.star_realms.engine.campaign_def import PLAYER_FACTIONS
from game.star_realms.engine.cards import CardDef
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui import card_images
from game.star_realms.ui.campaign_flow import load_campaign
from game.star_realms.ui.layout import CARD_RATIO
from game.star_realms.ui.session import HUMAN
from game.ui import palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

HISTORY = 5  # top-up picks listed


def topup_line(c: Campaign, db, entry) -> str:
    """"Boris: Merchant Galleon ← Sheet II · cost 4 · ship sticker: +2 Combat"."""
    faction, card, _copy, sticker = entry
    st = db.campaign.stickers[sticker]
    name = c.players[c.player_of(faction)].name
    return i18n.t("campaign.topup_entry", name=name, card=i18n.card_name(db[card]),
                  sticker=cv.sticker_text(st, faction), sheet=cv.roman(st.sheet))


class TopUpScene(Scene):
    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.cid = cid
        self.c = load_campaign(self.db, cid)
        self.images = card_images.for_app(app)
        self.card: tuple[str, int] | None = None  # (card id, copy) picked
        self.pick: flow.TopUp | None = None
        self.error = ""
        self.done = False
        self.card_rects: list[tuple[pygame.Rect, tuple[str, int]]] = []
        self.preview_rects: list[tuple[pygame.Rect, flow.TopUp]] = []
        self.advance()
        super().__init__(app)

    # ------------------------------------------------------------ the flow

    @property
    def turn(self) -> str | None:
        return flow.topup_turn(self.c, self.db)

    def player(self, faction: str):
        return self.c.players[self.c.player_of(faction)]

    def advance(self) -> None:
        """Computer players pick at once (their picks are listed); stop at a human's turn
        or the end."""
        c, db = self.c, self.db
        changed = False
        while (turn := flow.topup_turn(c, db)) is not None and \
                self.player(turn).controller != HUMAN:
            flow.apply_topup(c, db, bots.pick_topup(c, db, turn))
            changed = True
        if flow.finish_topup_if_done(c, db):
            self.done = True
            changed = True
        if changed:
            self.save()

    def save(self) -> None:
        try:
            store.save(self.c)
        except OSError as exc:
            self.error = i18n.t("campaign.save_failed", why=exc.strerror or str(exc))

    def options(self) -> list[flow.TopUp]:
        turn = self.turn
        return flow.topup_options(self.c, self.db, turn) if turn else []

    def candidates(self) -> list[tuple[str, int]]:
        """Each card that may still be upgraded, once (its lowest free copy)."""
        seen: dict[str, int] = {}
        for t in self.options():
            seen.setdefault(t.card, t.copy)
        order = {c.id: i for i, c in enumerate(self.db.set_cards("campaign"))}
        return sorted(seen.items(), key=lambda kv: order.get(kv[0], 0))

    def stickers_for(self, card: tuple[str, int]) -> list[flow.TopUp]:
        return [t for t in self.options() if (t.card, t.copy) == card]

    def preview(self, t: flow.TopUp) -> CardDef:
        return apply_sticker(self.db[t.card], self.db.campaign.stickers[t.sticker], t.faction)

    def choose_card(self, card: tuple[str, int]) -> None:
        self.card = card
        picks = self.stickers_for(card)
        self.pick = picks[0] if len(picks) == 1 else None
        self.sync()

    def confirm(self) -> None:
        if self.pick is None or self.done:
            return
        try:
            flow.apply_topup(self.c, self.db, self.pick)
        except ValueError as exc:
            self.error = str(exc)
            return
        self.card, self.pick = None, None
        self.save()
        self.advance()
        self.sync()

    # ------------------------------------------------------------ scene

    def build(self) -> None:
        el = pygame_gui.elements
        self.back = el.UIButton(self.rect(40, 960, 300, 86), i18n.t("campaign.back"), self.ui)
        self.apply = el.UIButton(self.rect(1480, 960, 400, 86), i18n.t("campaign.put_sticker"),
                                 self.ui, object_id="#primary_button")
        self.sync()

    def sync(self) -> None:
        if not hasattr(self, "apply"):
            return
        if self.pick is None:
            self.apply.disable()
        else:
            self.apply.enable()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.done and self.app.top is self:
            self.app.replace(routes.make(self.app, "star_realms.campaign_end", self.cid))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
            elif event.ui_element is self.apply:
                self.confirm()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, t in self.preview_rects:
                if rect.collidepoint(event.pos):
                    self.pick = t
                    self.sync()
                    return
            for rect, card in self.card_rects:
                if rect.collidepoint(event.pos):
                    self.choose_card(card)
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.confirm()

    # ------------------------------------------------------------ drawing

    def grid(self) -> list[tuple[pygame.Rect, tuple[str, int]]]:
        cards = self.candidates()
        area = self.rect(40, 170, 1060, 770)
        n = max(1, len(cards))
        gap = self.px(10)
        w = self.px(150)
        while w > self.px(60):
            per_row = max(1, (area.w + gap) // (w + gap))
            rows = -(-n // per_row)
            if rows * (round(w * CARD_RATIO) + gap) <= area.h:
                break
            w -= self.px(4)
        per_row = max(1, (area.w + gap) // (w + gap))
        h = round(w * CARD_RATIO)
        return [(pygame.Rect(area.x + (i % per_row) * (w + gap),
                             area.y + (i // per_row) * (h + gap), w, h), card)
                for i, card in enumerate(cards)]

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=17), (0, 0))
        c, db = self.c, self.db
        cv.blit_text(surface, i18n.t("campaign.topup_title"), self.rect(960, 14, 0, 0).topleft,
                     self.px(48), cv.WHITE, True, "midtop", max_w=self.px(1800))
        turn = self.turn
        # the count is per player (each tops up to 20 of their own): the picker's
        n = c.upgrades_by(turn) if turn is not None else min(
            c.upgrades_by(f) for f in PLAYER_FACTIONS)
        count = i18n.t("campaign.topup_count", n=n, total=db.campaign.topup)
        if turn is not None:
            p = self.player(turn)
            text = f"{count} · {i18n.t('campaign.topup_turn', name=p.name)}"
            r = cv.blit_text(surface, text, self.rect(980, 80, 0, 0).topleft, self.px(28),
                             cv.faction_color(turn), True, "midtop")
            surface.blit(cv.emblem(turn, self.px(38)), (r.x - self.px(48), r.y))
        else:
            cv.blit_text(surface, count, self.rect(960, 80, 0, 0).topleft, self.px(28), cv.DIM,
                         True, "midtop")
        cv.blit_text(surface, i18n.t("campaign.topup_pick_card"), self.rect(40, 128, 0, 0).topleft,
                     self.px(24), cv.DIM, True)
        self.card_rects = self.grid()
        mouse = pygame.mouse.get_pos()
        self.hovered = next((card for rect, card in self.card_rects if rect.collidepoint(mouse)),
                            None)
        for rect, card in self.card_rects:
            surface.blit(self.images.face(db[card[0]], rect.w), rect)
            if card == self.card:
                pygame.draw.rect(surface, cv.GOLD, rect.inflate(8, 8), self.px(4),
                                 border_radius=self.px(8))
            elif rect.collidepoint(mouse):
                pygame.draw.rect(surface, palette.HIGHLIGHT, rect.inflate(6, 6), self.px(2),
                                 border_radius=self.px(8))
        self.draw_side(surface)
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1050, 0, 0).topleft, self.px(22),
                         cv.RED, True, "midtop")

    def draw_side(self, surface: pygame.Surface) -> None:
        c, db = self.c, self.db
        area = self.rect(1140, 128, 740, 812)
        cv.box(surface, area, self.px(14), palette.PANEL_DEEP, cv.EDGE)
        pad = self.px(16)
        x, y = area.x + pad, area.y + pad
        self.preview_rects = []
        if self.card is None:
            y = cv.blit_wrapped(surface, i18n.t("campaign.topup_help"), x, y, area.w - 2 * pad,
                                self.px(24), cv.DIM)
            if getattr(self, "hovered", None) is not None:  # a closer look
                w = self.px(250)
                surface.blit(self.images.face(db[self.hovered[0]], w), (x, y + self.px(12)))
        else:
            card = db[self.card[0]]
            head = i18n.t("campaign.topup_card", card=i18n.card_name(card), cost=card.cost,
                          kind=i18n.t(f"campaign.kind.{card.type}"))
            cv.blit_text(surface, head, (x, y), self.px(26), cv.WHITE, True,
                         max_w=area.w - 2 * pad)
            picks = self.stickers_for(self.card)
            n = max(1, len(picks))
            gap = self.px(12)
            w = min(self.px(230), (area.w - 2 * pad - gap * (n - 1)) // n)
            h = round(w * CARD_RATIO)
            top = y + self.px(42)
            for i, t in enumerate(picks):
                r = pygame.Rect(x + i * (w + gap), top, w, h)
                surface.blit(self.images.face(self.preview(t), w), r)
                st = db.campaign.stickers[t.sticker]
                ly = cv.blit_wrapped(surface, i18n.t("campaign.sheet_short",
                                                     n=cv.roman(st.sheet)),
                                     r.x, r.bottom + self.px(6), w, self.px(20), cv.GOLD, True)
                cv.blit_wrapped(surface, cv.sticker_text(st, t.faction), r.x, ly, w,
                                self.px(18), cv.TEXT, max_lines=3)
                if t == self.pick:
                    pygame.draw.rect(surface, cv.GOLD, r.inflate(8, 8), self.px(4),
                                     border_radius=self.px(8))
                self.preview_rects.append((r, t))
        # the last picks, the computer's included
        hy = area.bottom - self.px(44) - HISTORY * self.px(30)
        cv.blit_text(surface, i18n.t("campaign.topup_history"), (x, hy), self.px(22), cv.DIM,
                     True)
        hy += self.px(34)
        log = c.topup_log[-HISTORY:]
        if not log:
            cv.blit_text(surface, i18n.t("campaign.none"), (x, hy), self.px(20), cv.FAINT)
        for entry in reversed(log):
            surface.blit(cv.emblem(entry[0], self.px(22)), (x, hy + self.px(2)))
            cv.blit_text(surface, topup_line(c, db, entry), (x + self.px(30), hy), self.px(20),
                         cv.TEXT, max_w=area.w - 2 * pad - self.px(30))
            hy += self.px(30)


class CampaignEndScene(Scene):
    """The war is over: the winner, the points, the post-campaign set, the legacy deck."""

    def __init__(self, app, cid: str):
        self.db = load_rules()
        self.c = load_campaign(self.db, cid)
        self.images = card_images.for_app(app)
        self.cards = list(self.db.set_cards("post_campaign"))
        self.card_rects: list[tuple[pygame.Rect, CardDef]] = []
        super().__init__(app)

    def build(self) -> None:
        self.back = pygame_gui.elements.UIButton(
            self.rect(1440, 970, 440, 86), i18n.t("campaign.back_to_campaign"), self.ui,
            object_id="#primary_button")

    def on_event(self, event: pygame.event.Event) -> None:
        if (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
                event.type == pygame.KEYDOWN and event.key in (
                    pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=21), (0, 0))
        c, db = self.c, self.db
        win = flow.winner(c, db)
        if win is not None:
            p = c.players[c.player_of(win)]
            r = cv.blit_text(surface, i18n.t("campaign.winner_title", name=p.name),
                             self.rect(990, 14, 0, 0).topleft, self.px(56), cv.GOLD, True,
                             "midtop", max_w=self.px(1700))
            surface.blit(cv.emblem(win, self.px(60)), (r.x - self.px(74), r.y + self.px(4)))
        x = self.rect(60, 0, 0, 0).x
        y = self.rect(0, 96, 0, 0).y
        for f in PLAYER_FACTIONS:
            p = c.players[c.player_of(f)]
            surface.blit(cv.emblem(f, self.px(34)), (x, y))
            r = cv.blit_text(surface, i18n.t("campaign.vp_of", name=p.name,
                                             faction=cv.faction(f), n=c.vp(f, db)),
                             (x + self.px(42), y + self.px(17)), self.px(28),
                             cv.faction_color(f), True, "midleft")
            x = r.right + self.px(60)
        y = cv.blit_wrapped(surface, cv.loc(db.campaign, "finale"), self.rect(60, 0, 0, 0).x,
                            self.rect(0, 148, 0, 0).y, self.px(1800), self.px(22), cv.TEXT,
                            line_h=self.px(29), max_lines=4)
        y += self.px(10)
        cv.blit_text(surface, i18n.t("campaign.post_set", n=len(self.cards)),
                     (self.rect(60, 0, 0, 0).x, y), self.px(26), cv.WHITE, True)
        top = y + self.px(40)
        gap = self.px(10)
        avail = self.rect(0, 930, 0, 0).y - top
        best = (0, 12)
        for rows in (2, 3, 4):  # the largest faces that fit
            per = -(-len(self.cards) // rows)
            w = min((self.px(1800) - gap * (per - 1)) // per,
                    int((avail - gap * (rows - 1)) / rows / CARD_RATIO))
            if w > best[0]:
                best = (w, per)
        w, per_row = best
        h = round(w * CARD_RATIO)
        x0 = self.rect(960, 0, 0, 0).x - (per_row * w + (per_row - 1) * gap) // 2
        self.card_rects = []
        mouse = pygame.mouse.get_pos()
        zoom = None
        for i, card in enumerate(self.cards):
            r = pygame.Rect(x0 + (i % per_row) * (w + gap), top + (i // per_row) * (h + gap), w,
                            h)
            surface.blit(self.images.face(card, w), r)
            self.card_rects.append((r, card))
            if r.collidepoint(mouse):
                zoom = card
        note = i18n.t("campaign.legacy_note", name=c.name)
        cv.blit_wrapped(surface, note, self.rect(60, 0, 0, 0).x, self.rect(0, 944, 0, 0).y,
                        self.px(1340), self.px(24), cv.GOLD, True, line_h=self.px(30))
        if zoom is not None:
            img = self.images.face(zoom, self.px(420))
            r = img.get_rect(center=surface.get_rect().center)
            pygame.draw.rect(surface, (0, 0, 0), r.inflate(self.px(16), self.px(16)),
                             border_radius=self.px(16))
            surface.blit(img, r)
