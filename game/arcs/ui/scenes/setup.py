"""Arcs' setup: 2–4 players, each a human or a computer level, Leaders & Lore on or off
(``GameConfig.leaders``: a draft of leaders and lore opens the game); Start or Back.

Seat 1 holds the initiative (the engine seats the first player there)."""

from __future__ import annotations

import random

import pygame
import pygame_gui

from game import i18n
from game.arcs.ui.session import BOT_LEVELS, HUMAN, REMOTE, ArcsSession, ArcsSetup
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

KINDS = (HUMAN, REMOTE, *BOT_LEVELS)  # REMOTE: a person on a phone (docs/remote.md)
COUNTS = (2, 3, 4)


def kind_label(kind: str) -> str:
    return i18n.t("remote.controller" if kind == REMOTE else f"arcs.setup.{kind}")


class ArcsSetupScene(Scene):
    def __init__(self, app, seed: int | None = None):
        self.seed = seed
        self.count = 2
        self.kinds = [HUMAN, "normal", "normal", "normal"]
        self.leaders = False
        super().__init__(app)

    def build(self) -> None:
        el = pygame_gui.elements
        ui = self.ui
        self.count_dd = el.UIDropDownMenu([str(n) for n in COUNTS], str(self.count),
                                          self.rect(760, 250, 400, 56), ui)
        labels = [kind_label(k) for k in KINDS]
        self.seat_dd = []
        for i in range(self.count):
            dd = el.UIDropDownMenu(labels, kind_label(self.kinds[i]),
                                   self.rect(760, 380 + i * 90, 400, 56), ui)
            self.seat_dd.append(dd)
        self.leaders_button = el.UIButton(self.rect(760, 820, 400, 56),
                                          self._leaders_text(), ui)
        self.start = el.UIButton(self.rect(1180, 900, 320, 80), i18n.t("arcs.setup.start"),
                                 ui, object_id="#primary_button")
        self.back = el.UIButton(self.rect(420, 900, 320, 80), i18n.t("arcs.setup.back"), ui)

    def _leaders_text(self) -> str:
        return i18n.t("arcs.setup.leaders_on" if self.leaders else "arcs.setup.leaders_off")

    def toggle_leaders(self) -> None:
        self.read()
        self.leaders = not self.leaders
        self.leaders_button.set_text(self._leaders_text())

    @staticmethod
    def _picked(dd) -> str:
        pick = dd.selected_option
        return pick[0] if isinstance(pick, tuple) else pick

    def read(self) -> None:
        self.count = int(self._picked(self.count_dd))
        labels = {kind_label(k): k for k in KINDS}
        for i, dd in enumerate(self.seat_dd):
            self.kinds[i] = labels.get(self._picked(dd), self.kinds[i])

    def set_count(self, n: int) -> None:
        self.count = n
        self.rebuild()

    def set_kind(self, seat: int, kind: str) -> None:
        self.kinds[seat] = kind
        self.rebuild()

    def make_setup(self) -> ArcsSetup:
        seed = self.seed if self.seed is not None else random.SystemRandom().randrange(2**31)
        names = tuple(i18n.t("arcs.setup.seat", n=i + 1) for i in range(self.count))
        return ArcsSetup(tuple(self.kinds[: self.count]), names, seed, leaders=self.leaders)

    def start_game(self) -> None:
        session = ArcsSession(self.make_setup())
        self.app.replace(routes.make(self.app, "arcs.table", session))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            old = self.count
            self.read()
            if self.count != old:
                self.set_count(self.count)
        elif event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.start:
                self.read()
                self.start_game()
            elif event.ui_element is self.leaders_button:
                self.toggle_leaders()
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        t = fonts.text(i18n.t("arcs.setup.title"), self.px(56), palette.WHITE, bold=True)
        surface.blit(t, t.get_rect(midbottom=self.rect(960, 180, 0, 0).topleft))
        s = fonts.text(i18n.t("arcs.setup.players"), self.px(26), palette.SOFT)
        surface.blit(s, s.get_rect(midright=self.rect(730, 278, 0, 0).topleft))
        for i in range(self.count):
            s = fonts.text(i18n.t("arcs.setup.seat", n=i + 1), self.px(26), palette.SOFT)
            surface.blit(s, s.get_rect(midright=self.rect(730, 408 + i * 90, 0, 0).topleft))
        hint = fonts.text(i18n.t("arcs.setup.first"), self.px(22), palette.MUTED)
        surface.blit(hint, hint.get_rect(midtop=self.rect(960, 760, 0, 0).topleft))
