"""New game: card sets, seats (human or AI level), who starts."""

from __future__ import annotations

import time

import pygame
import pygame_gui

from game import i18n
from game.ai.base import make_player
from game.data import load_rules
from game.engine.setup import SetupError
from game.ui import fonts
from game.ui.backdrop import starfield
from game.ui.scene import Scene
from game.ui.session import HUMAN, GameSetup, SeatSetup, Session

SETS = ("frontiers", "colony_wars")
AI_LEVELS = ("easy", "normal", "hard")


def controllers() -> list[str]:
    """Human plus the AI levels this build has (the bots only if no level exists)."""
    levels = []
    for kind in AI_LEVELS:
        try:
            make_player(kind)
            levels.append(kind)
        except ValueError:
            pass
    return [HUMAN, *(levels or ["greedy"])]


class SetupScene(Scene):
    def __init__(self, app, setup: GameSetup | None = None):
        self.kinds = controllers()
        default_ai = "normal" if "normal" in self.kinds else self.kinds[-1]
        self.setup = setup or GameSetup(
            sets=("frontiers",),
            seats=[SeatSetup(i18n.t("setup.default_player"), HUMAN),
                   SeatSetup(i18n.t("setup.default_ai"), default_ai)])
        self.error = ""
        super().__init__(app)

    def label_for(self, kind: str) -> str:
        return i18n.t("setup.human") if kind == HUMAN else i18n.t(f"ai.{kind}")

    def build(self) -> None:
        ui = self.ui
        el = pygame_gui.elements
        self.set_boxes = {}
        for i, sid in enumerate(SETS):
            box = el.UICheckBox(self.rect(640, 300 + i * 56, 36, 36), i18n.t(f"set.{sid}"), ui)
            if sid in self.setup.sets:
                box.set_state(True)
            self.set_boxes[box] = sid
        self.names = []
        self.ctrl = []
        labels = [self.label_for(k) for k in self.kinds]
        for i, seat in enumerate(self.setup.seats):
            y = 520 + i * 80
            name = el.UITextEntryLine(self.rect(640, y, 330, 56), ui)
            name.set_text(seat.name)
            name.set_text_length_limit(18)
            self.names.append(name)
            start = self.label_for(seat.controller) if seat.controller in self.kinds else labels[0]
            self.ctrl.append(el.UIDropDownMenu(labels, start, self.rect(990, y, 290, 56), ui))
        firsts = [i18n.t("setup.random")] + [s.name for s in self.setup.seats]
        current = firsts[0] if self.setup.first is None else firsts[self.setup.first + 1]
        self.first = el.UIDropDownMenu(firsts, current, self.rect(640, 720, 330, 56), ui)
        self.start = el.UIButton(self.rect(990, 880, 290, 80), i18n.t("setup.start"), ui,
                                 object_id="#primary_button")
        self.back = el.UIButton(self.rect(640, 880, 330, 80), i18n.t("setup.back"), ui)

    def read(self) -> GameSetup:
        sets = tuple(sid for box, sid in self.set_boxes.items() if box.get_state())
        seats = []
        labels = {self.label_for(k): k for k in self.kinds}
        for i, (name, dd) in enumerate(zip(self.names, self.ctrl, strict=True)):
            text = name.get_text().strip() or i18n.t("setup.seat_n", n=i + 1)
            seats.append(SeatSetup(text, labels[dd.selected_option[0]
                                               if isinstance(dd.selected_option, tuple)
                                               else dd.selected_option]))
        pick = self.first.selected_option
        pick = pick[0] if isinstance(pick, tuple) else pick
        options = [i18n.t("setup.random")] + [s.name for s in self.setup.seats]
        first = None if pick == options[0] else options.index(pick) - 1
        return GameSetup(sets=sets, seats=seats, first=first,
                         seed=int(time.time() * 1000) & 0xFFFFFFFF)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.begin()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def begin(self, setup: GameSetup | None = None) -> None:
        from game.ui.scenes.table import TableScene

        setup = setup or self.read()
        if not setup.sets:
            self.error = i18n.t("setup.need_a_set")
            return
        try:
            session = Session.start(load_rules(), setup)
        except SetupError as exc:
            self.error = str(exc)
            return
        self.app.replace(TableScene(self.app, session))

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        white, dim = (236, 242, 255), (150, 170, 210)
        t = fonts.text(i18n.t("setup.title"), self.px(56), white, bold=True)
        surface.blit(t, t.get_rect(midtop=self.rect(960, 120, 0, 0).topleft))
        for text, y in ((i18n.t("setup.sets"), 250), (i18n.t("setup.seats"), 470),
                        (i18n.t("setup.first"), 690)):
            s = fonts.text(text, self.px(26), dim, bold=True)
            surface.blit(s, self.rect(640, y, 0, 0).topleft)
        if self.error:
            e = fonts.text(self.error, self.px(22), (255, 120, 110), bold=True)
            surface.blit(e, e.get_rect(midtop=self.rect(960, 990, 0, 0).topleft))
