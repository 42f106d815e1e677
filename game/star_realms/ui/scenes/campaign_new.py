"""A new campaign: its name, the two players, who controls each and the faction each wishes
to play."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game import i18n
from game.save_files import NAME_FORBIDDEN, seat_name
from game.star_realms.campaign import flow, store
from game.star_realms.campaign.model import Campaign
from game.star_realms.data import load_rules
from game.star_realms.ui import campaign_view as cv
from game.star_realms.ui.campaign_flow import outcome_notice
from game.star_realms.ui.seat_kinds import controllers
from game.star_realms.ui.session import HUMAN
from game.ui import routes
from game.ui.backdrop import starfield
from game.ui.dialogs import picked_text
from game.ui.scene import Scene

WISHES = ("star_empire", "trade_federation", None)


class NewCampaignScene(Scene):
    def __init__(self, app):
        self.kinds = controllers()
        ai = "normal" if "normal" in self.kinds else self.kinds[-1]
        self.form = {
            "name": i18n.t("campaign.default_name", n=len(store.list_campaigns(load_rules()))
                           + 1),
            "players": [[i18n.t("setup.seat_n", n=1), HUMAN, "star_empire"],
                        [i18n.t("setup.seat_n", n=2), ai, None]],
        }
        self.error = ""
        super().__init__(app)

    @staticmethod
    def wish_label(w: str | None) -> str:
        return cv.faction(w) if w else i18n.t("campaign.no_wish")

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        self.name = el.UITextEntryLine(self.rect(300, 250, 760, 64), ui)
        self.name.set_text_length_limit(60)
        self.name.set_forbidden_characters(NAME_FORBIDDEN)
        self.name.set_text(self.form["name"])
        labels = [cv.controller(k) for k in self.kinds]
        wishes = [self.wish_label(w) for w in WISHES]
        self.names, self.ctrl, self.wish = [], [], []
        for i, (name, kind, wish) in enumerate(self.form["players"]):
            y = 470 + i * 110
            entry = el.UITextEntryLine(self.rect(300, y, 440, 64), ui)
            entry.set_text_length_limit(24)
            entry.set_forbidden_characters(NAME_FORBIDDEN)
            entry.set_text(name)
            self.names.append(entry)
            self.ctrl.append(el.UIDropDownMenu(labels, cv.controller(kind),
                                               self.rect(780, y, 380, 64), ui))
            self.wish.append(el.UIDropDownMenu(wishes, self.wish_label(wish),
                                               self.rect(1200, y, 420, 64), ui))
        self.back = el.UIButton(self.rect(300, 940, 300, 86), i18n.t("campaign.back"), ui)
        self.create = el.UIButton(self.rect(1260, 940, 360, 86), i18n.t("campaign.create"), ui,
                                  object_id="#primary_button")

    def read(self) -> None:
        kinds = {cv.controller(k): k for k in self.kinds}
        wishes = {self.wish_label(w): w for w in WISHES}
        self.form["name"] = self.name.get_text().strip()
        self.form["players"] = [
            [n.get_text().strip(), kinds[picked_text(c)], wishes[picked_text(w)]]
            for n, c, w in zip(self.names, self.ctrl, self.wish, strict=True)]

    def rebuild(self) -> None:
        if self.built:
            self.read()
        super().rebuild()

    def submit(self) -> Campaign | None:
        self.read()
        players = self.form["players"]
        for i, p in enumerate(players):
            p[0] = (seat_name(p[0]) or "").strip() or i18n.t("setup.seat_n", n=i + 1)
        name = self.form["name"] or i18n.t("campaign.default_name", n=1)
        seed = int(time.time() * 1000) & 0xFFFFFFFF
        c = flow.new_campaign(store.new_id(), name, seed, [tuple(p) for p in players])
        try:
            store.save(c)
        except OSError as exc:
            self.error = i18n.t("campaign.save_failed", why=exc.strerror or str(exc))
            return None
        self.app.replace(routes.make(self.app, "star_realms.campaign_hub", c.id))
        self.app.push(routes.make(self.app, "star_realms.campaign_notice", *outcome_notice(c)))
        return c

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.create:
                self.submit()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.submit()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=5), (0, 0))
        cv.blit_text(surface, i18n.t("campaign.new_title"), self.rect(960, 50, 0, 0).topleft,
                     self.px(60), cv.WHITE, True, "midtop")
        for key, (x, y) in (("campaign.name", (300, 200)), ("campaign.player_name", (300, 420)),
                            ("campaign.controller", (780, 420)), ("campaign.wish", (1200, 420))):
            cv.blit_text(surface, i18n.t(key), self.rect(x, y, 0, 0).topleft, self.px(28),
                         cv.DIM, True)
        cv.blit_wrapped(surface, i18n.t("campaign.new_about"), self.rect(300, 0, 0, 0).x,
                        self.rect(0, 720, 0, 0).y, self.px(1320), self.px(26), cv.DIM)
        if self.error:
            cv.blit_text(surface, self.error, self.rect(960, 1040, 0, 0).topleft, self.px(24),
                         cv.RED, True, "midtop")
