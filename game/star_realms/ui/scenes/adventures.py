"""Adventures: choose one, its difficulty and players (human or AI), read its story, play."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game import i18n
from game.save_files import NAME_FORBIDDEN, seat_name
from game.star_realms.data import load_rules
from game.star_realms.engine.adventure import DIFFICULTIES, PLAYERS_FIRST
from game.star_realms.progress import load_progress
from game.star_realms.ui.boss_view import big_card
from game.star_realms.ui.seat_kinds import controllers
from game.star_realms.ui.session import HUMAN, GameSetup, SeatSetup, Session
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.dialogs import picked_text
from game.ui.scene import Scene


class AdventuresScene(Scene):
    def __init__(self, app):
        self.db = load_rules()
        self.ids = list(self.db.adventures)
        self.selected = self.ids[0]
        self.difficulty = "novice"
        self.players = 1
        self.kinds = controllers()
        self.seats: list[SeatSetup] = [SeatSetup(i18n.t("setup.default_player"), HUMAN)]
        self.progress = load_progress()
        super().__init__(app)

    @property
    def adv(self):
        return self.db.adventures[self.selected]

    def label_for(self, kind: str) -> str:
        return i18n.t("setup.human") if kind == HUMAN else i18n.t(f"ai.{kind}")

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        lang = i18n.language()
        self.adv_buttons = {}
        for i, aid in enumerate(self.ids):
            a = self.db.adventures[aid]
            won = self.progress.get(aid, {})
            marks = "".join(i18n.t(f"difficulty_short.{d}") if d in won else "·"
                            for d in DIFFICULTIES)
            btn = el.UIButton(self.rect(80, 150 + i * 96, 560, 84),
                              f"{a.name(lang)}   {marks}", ui,
                              object_id="#primary_button" if aid == self.selected else None)
            self.adv_buttons[btn] = aid
        names = [i18n.t(f"difficulty.{d}") for d in DIFFICULTIES]
        self.diff_dd = el.UIDropDownMenu(names, i18n.t(f"difficulty.{self.difficulty}"),
                                         self.rect(700, 640, 360, 56), ui)
        counts = [str(n) for n in range(self.adv.min_players, self.adv.max_players + 1)]
        self.players = min(max(self.players, self.adv.min_players), self.adv.max_players)
        self.count_dd = el.UIDropDownMenu(counts, str(self.players),
                                          self.rect(1100, 640, 160, 56), ui)
        while len(self.seats) < self.players:
            self.seats.append(SeatSetup(i18n.t("setup.seat_n", n=len(self.seats) + 1),
                                        self.kinds[-1]))
        self.seats = self.seats[:self.players]
        labels = [self.label_for(k) for k in self.kinds]
        self.names, self.ctrl = [], []
        for i, seat in enumerate(self.seats):
            y = 760 + i * 66
            name = el.UITextEntryLine(self.rect(700, y, 330, 56), ui)
            name.set_forbidden_characters(NAME_FORBIDDEN)
            name.set_text(seat.name)
            self.names.append(name)
            start = self.label_for(seat.controller) if seat.controller in self.kinds else labels[0]
            self.ctrl.append(el.UIDropDownMenu(labels, start, self.rect(1050, y, 300, 56), ui))
        self.start = el.UIButton(self.rect(1500, 960, 340, 80), i18n.t("adventure.start"), ui,
                                 object_id="#primary_button")
        self.back = el.UIButton(self.rect(80, 960, 300, 80), i18n.t("setup.back"), ui)

    def read_seats(self) -> None:
        labels = {self.label_for(k): k for k in self.kinds}
        self.seats = [SeatSetup((seat_name(n.get_text().strip()) or "").strip()
                                or i18n.t("setup.seat_n", n=i + 1),
                                labels[picked_text(c)])
                      for i, (n, c) in enumerate(zip(self.names, self.ctrl, strict=True))]

    def setup(self) -> GameSetup:
        self.read_seats()
        boss = SeatSetup(self.adv.name(i18n.language()), "boss")
        return GameSetup(sets=("frontiers",), seats=[*self.seats, boss], first=None,
                         seed=int(time.time() * 1000) & 0xFFFFFFFF, format=self.selected,
                         options=(("difficulty", self.difficulty),))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.adv_buttons:
                self.read_seats()
                self.selected = self.adv_buttons[event.ui_element]
                self.rebuild()
            elif event.ui_element is self.start:
                self.app.push(routes.make(self.app, "star_realms.story", self.setup()))
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element is self.diff_dd:
                names = {i18n.t(f"difficulty.{d}"): d for d in DIFFICULTIES}
                self.difficulty = names[picked_text(self.diff_dd)]
            elif event.ui_element is self.count_dd:
                self.read_seats()
                self.players = int(picked_text(self.count_dd))
                self.rebuild()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        white, dim = palette.WHITE, palette.MUTED
        t = fonts.text(i18n.t("adventure.title"), self.px(52), white, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 40, 0, 0).topleft))
        card = big_card(self.adv, self.px(600))
        surface.blit(card, self.rect(700, 140, 0, 0).topleft)
        for key, (x, y) in (("adventure.difficulty", (700, 600)),
                            ("adventure.players", (1100, 600)),
                            ("setup.seats", (700, 720))):
            s = fonts.text(i18n.t(key), self.px(24), dim, bold=True)
            surface.blit(s, self.rect(x, y, 0, 0).topleft)
        won = self.progress.get(self.selected, {})
        if won:
            best = ", ".join(f"{i18n.t('difficulty.' + d)} ({r['best_turns']})"
                             for d, r in won.items())
            s = fonts.text(i18n.t("adventure.won", list=best), self.px(19), palette.GREEN)
            surface.blit(s, self.rect(1500, 600, 0, 0).topleft)


class StoryScene(Scene):
    """The adventure's story, then the table."""

    def __init__(self, app, setup: GameSetup):
        self.game = setup
        self.adv = load_rules().adventures[setup.format]
        super().__init__(app)

    def build(self) -> None:
        lang = i18n.language()
        story = self.adv.story_ru if lang == "ru" else self.adv.story_en
        self.box = pygame_gui.elements.UITextBox(story, self.rect(200, 220, 820, 620), self.ui,
                                                 object_id="#story_box")
        self.begin = pygame_gui.elements.UIButton(self.rect(1360, 900, 400, 86),
                                                  i18n.t("adventure.begin"), self.ui,
                                                  object_id="#primary_button")
        self.back = pygame_gui.elements.UIButton(self.rect(200, 900, 320, 86),
                                                 i18n.t("setup.back"), self.ui)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.begin:
            self.start()
        elif (event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.back) or (
                event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE):
            self.app.pop()

    def head_start(self) -> str:
        """"The boss waits N turns" on the easier levels (the engine's rule, in words;
        Dimensional Horror paces its boss by its own table instead)."""
        if self.adv.id == "dimensional_horror":
            return ""
        n = PLAYERS_FIRST.get(dict(self.game.options).get("difficulty", "veteran"), 0)
        return (i18n.t("adventure.head_start", turns=i18n.plural(n, "word.turns")) if n > 1
                else "")

    def start(self) -> None:
        session = Session.start(load_rules(), self.game)
        self.app.reset_to(routes.make(self.app, "menu"))
        self.app.push(routes.make(self.app, "star_realms.table", session))

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size(), seed=11), (0, 0))
        t = fonts.text(self.adv.name(i18n.language()), self.px(60), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 70, 0, 0).topleft))
        diff = dict(self.game.options).get("difficulty", "veteran")
        s = fonts.text(i18n.t(f"difficulty.{diff}"), self.px(28), palette.VIOLET, bold=True)
        surface.blit(s, s.get_rect(midtop=self.rect(960, 150, 0, 0).topleft))
        if self.head_start():
            w = fonts.text(self.head_start(), self.px(22), palette.SOFT)
            surface.blit(w, w.get_rect(midtop=self.rect(960, 188, 0, 0).topleft))
        surface.blit(big_card(self.adv, self.px(640)), self.rect(1100, 220, 0, 0).topleft)
