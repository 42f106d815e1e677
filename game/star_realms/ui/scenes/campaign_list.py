"""The list of campaigns: open one, or start a new one."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.campaign import store
from game.star_realms.data import load_rules
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.campaign_flow import status_text
from game.ui import routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROWS = 6  # campaigns per page of the list
DOUBLE_CLICK_MS = 400


class CampaignListScene(Scene):
    def __init__(self, app):
        self.db = load_rules()
        self.infos = store.list_campaigns(self.db)
        self.page = 0
        usable = [i for i, info in enumerate(self.infos) if info.campaign is not None]
        self.selected = usable[0] if usable else (0 if self.infos else -1)
        self.page = max(self.selected, 0) // ROWS
        self.last_click = (-1, -1e9)
        self.error = ""
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        self.back = el.UIButton(self.rect(260, 940, 300, 86), i18n.t("campaign.back"), ui)
        self.new = el.UIButton(self.rect(980, 940, 320, 86), i18n.t("campaign.new"), ui,
                               object_id=None if self.infos else "#primary_button")
        self.open = el.UIButton(self.rect(1340, 940, 320, 86), i18n.t("campaign.open"), ui,
                                object_id="#primary_button")
        self.prev = el.UIButton(self.rect(620, 940, 140, 86), "‹", ui)
        self.next = el.UIButton(self.rect(780, 940, 140, 86), "›", ui)
        if self.page == 0:
            self.prev.disable()
        if (self.page + 1) * ROWS >= len(self.infos):
            self.next.disable()
        if len(self.infos) <= ROWS:
            self.prev.hide()
            self.next.hide()
        self.sync_open()

    def sync_open(self) -> None:
        info = self.infos[self.selected] if 0 <= self.selected < len(self.infos) else None
        if info is None or info.campaign is None:
            self.open.disable()
        else:
            self.open.enable()

    def resume(self) -> None:
        chosen = self.infos[self.selected].path if 0 <= self.selected < len(self.infos) else None
        self.infos = store.list_campaigns(self.db)
        paths = [i.path for i in self.infos]
        self.selected = paths.index(chosen) if chosen in paths else (0 if self.infos else -1)
        self.page = max(self.selected, 0) // ROWS
        self.rebuild()

    def row_rects(self) -> list[tuple[pygame.Rect, int]]:
        start = self.page * ROWS
        return [(self.rect(260, 160 + i * 126, 1400, 112), start + i)
                for i in range(min(ROWS, len(self.infos) - start))]

    def open_selected(self) -> None:
        if not 0 <= self.selected < len(self.infos):
            return
        info = self.infos[self.selected]
        if info.campaign is not None:
            self.app.push(routes.make(self.app, "star_realms.campaign_hub", info.campaign.id))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            el = event.ui_element
            if el is self.back:
                self.app.pop()
            elif el is self.new:
                self.app.push(routes.make(self.app, "star_realms.new_campaign"))
            elif el is self.open:
                self.open_selected()
            elif el is self.prev or el is self.next:
                self.page += -1 if el is self.prev else 1
                self.selected = self.page * ROWS
                self.rebuild()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for rect, i in self.row_rects():
                if rect.collidepoint(event.pos):
                    now = self.app.clock_ms
                    double = self.last_click[0] == i and now - self.last_click[1] < \
                        DOUBLE_CLICK_MS
                    self.last_click = (i, now)
                    self.selected = i
                    self.sync_open()
                    if double:
                        self.open_selected()
                    return
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.infos:
                    self.open_selected()
                else:
                    self.app.push(routes.make(self.app, "star_realms.new_campaign"))
            elif event.key in (pygame.K_UP, pygame.K_DOWN) and self.infos:
                step = -1 if event.key == pygame.K_UP else 1
                self.selected = min(max(self.selected + step, 0), len(self.infos) - 1)
                if self.selected // ROWS != self.page:
                    self.page = self.selected // ROWS
                    self.rebuild()
                self.sync_open()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=5), (0, 0))
        cv.blit_text(surface, i18n.t("campaign.title"), self.rect(960, 50, 0, 0).topleft,
                     self.px(60), cv.WHITE, True, "midtop")
        if not self.infos:
            cv.blit_text(surface, i18n.t("campaign.none_yet"), self.rect(960, 420, 0, 0).topleft,
                         self.px(32), cv.DIM, anchor="center")
            cv.blit_wrapped(surface, i18n.t("campaign.about"), self.rect(460, 500, 0, 0).x,
                            self.rect(0, 500, 0, 0).y, self.px(1000), self.px(26), cv.DIM)
        mouse = pygame.mouse.get_pos()
        for rect, i in self.row_rects():
            info = self.infos[i]
            hot = i == self.selected
            fill = cv.PANEL_HI if hot or rect.collidepoint(mouse) else cv.PANEL
            cv.box(surface, rect, self.px(12), fill, cv.GOLD if hot else cv.EDGE,
                   self.px(3) if hot else 1)
            pad = self.px(20)
            if info.campaign is None:
                cv.blit_text(surface, info.path.name, (rect.x + pad, rect.y + self.px(14)),
                             self.px(28), cv.TEXT, True, max_w=rect.w - 2 * pad)
                cv.blit_text(surface, i18n.t("campaign.damaged", why=info.error),
                             (rect.x + pad, rect.y + self.px(62)), self.px(24), cv.RED,
                             max_w=rect.w - 2 * pad)
                continue
            c = info.campaign
            cv.blit_text(surface, c.name, (rect.x + pad, rect.y + self.px(10)), self.px(32),
                         cv.WHITE, True, max_w=self.px(820))
            cv.blit_text(surface, status_text(c, self.db),
                         (rect.right - pad, rect.y + self.px(14)), self.px(28),
                         cv.GOLD, True, "topright")
            x = rect.x + pad
            y = rect.y + self.px(62)
            for k, p in enumerate(c.players):
                if k:
                    r = cv.blit_text(surface, i18n.t("campaign.versus"), (x, y + self.px(2)),
                                     self.px(24), cv.DIM)
                    x = r.right + self.px(14)
                surface.blit(cv.emblem(p.faction, self.px(36)), (x, y))
                r = cv.blit_text(surface, f"{p.name} · {cv.faction(p.faction)}",
                                 (x + self.px(44), y + self.px(2)), self.px(24), cv.TEXT)
                x = r.right + self.px(16)
            vp = " : ".join(str(c.vp(p.faction, self.db)) for p in c.players)
            cv.blit_text(surface, i18n.t("campaign.vp_score", score=vp),
                         (rect.right - pad, y + self.px(2)), self.px(26), cv.TEXT, True,
                         "topright")
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1040, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop")
