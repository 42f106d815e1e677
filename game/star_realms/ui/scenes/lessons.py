"""Learn to play: the lessons (rules/tutorial.toml), where each was left, and a button to
start, continue or start it over."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.tutorial import load_script
from game.star_realms.tutorial.progress import load_progress
from game.ui import fonts, palette, routes
from game.ui.backdrop import starfield
from game.ui.scene import Scene

ROW_Y, ROW_STEP = 230, 200  # reference layout: the first lesson's row, the distance between


class LessonsScene(Scene):
    def __init__(self, app):
        self.lessons = load_script(load_rules())
        self.progress: dict[str, int] = {}
        super().__init__(app)

    def build(self) -> None:
        self.progress = load_progress()
        el = pygame_gui.elements
        self.starts: dict[pygame_gui.elements.UIButton, str] = {}
        self.restarts: dict[pygame_gui.elements.UIButton, str] = {}
        for i, lesson in enumerate(self.lessons):
            y = ROW_Y + i * ROW_STEP
            at, total = self.progress.get(lesson.id, 0), len(lesson.steps)
            going = 0 < at < total
            label = (i18n.t("tutorial.resume", n=at + 1, total=total) if going
                     else i18n.t("tutorial.start"))
            first = i == 0 and not self.starts
            btn = el.UIButton(self.rect(1180, y + 20, 420, 76), label, self.ui,
                              object_id="#primary_button" if first else None)
            self.starts[btn] = lesson.id
            if at > 0:
                again = el.UIButton(self.rect(1620, y + 20, 260, 76),
                                    i18n.t("tutorial.restart"), self.ui)
                self.restarts[again] = lesson.id
        self.back = el.UIButton(self.rect(80, 960, 300, 80), i18n.t("tutorial.back"), self.ui)

    def resume(self) -> None:
        self.rebuild()  # back from a lesson: its progress changed

    def open(self, lesson_id: str, fresh: bool) -> None:
        self.app.push(routes.make(self.app, "star_realms.tutorial", lesson_id, fresh))

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element in self.starts:
                self.open(self.starts[event.ui_element], False)
            elif event.ui_element in self.restarts:
                self.open(self.restarts[event.ui_element], True)
            elif event.ui_element is self.back:
                self.app.pop()
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def button_of(self, lesson_id: str, fresh: bool = False) -> pygame.Rect:
        found = self.restarts if fresh else self.starts
        return next(b.rect for b, lid in found.items() if lid == lesson_id)

    def draw_scene(self, surface: pygame.Surface) -> None:
        surface.blit(starfield(surface.get_size()), (0, 0))
        title = fonts.text(i18n.t("tutorial.title"), self.px(64), palette.WHITE, True)
        surface.blit(title, title.get_rect(midtop=self.rect(960, 70, 0, 0).topleft))
        for i, lesson in enumerate(self.lessons):
            y = ROW_Y + i * ROW_STEP
            box = self.rect(60, y, 1840, 170)
            pygame.draw.rect(surface, palette.PANEL, box, border_radius=self.px(14))
            pygame.draw.rect(surface, palette.EDGE, box, 1, border_radius=self.px(14))
            name = fonts.text(i18n.t(f"tutorial.{lesson.id}.title"), self.px(40),
                              palette.WHITE, True)
            surface.blit(name, self.rect(100, y + 18, 0, 0).topleft)
            lines = fonts.wrap(i18n.t(f"tutorial.{lesson.id}.blurb"), self.px(28),
                               self.px(1020))[:2]
            for j, line in enumerate(lines):
                s = fonts.text(line, self.px(28), palette.MUTED)
                surface.blit(s, self.rect(100, y + 78 + j * 38, 0, 0).topleft)
            at, total = self.progress.get(lesson.id, 0), len(lesson.steps)
            status = (i18n.t("tutorial.completed") if at >= total else
                      i18n.t("tutorial.step_of", n=at + 1, total=total) if at else
                      i18n.t("tutorial.not_started", total=total))
            s = fonts.text(status, self.px(26), palette.GOLD if at >= total else palette.MUTED)
            surface.blit(s, s.get_rect(topleft=self.rect(1180, y + 110, 0, 0).topleft))
