"""The boss's turn, step by step: a line of narration per step ("Step 4 — the Automatons
attack Anna with 6 combat"), the table animating underneath at a readable pace, with
Fast-forward and Skip."""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.engine.events import BossAt, BossNarration
from game.star_realms.ui.log_text import LogLine, narration_params
from game.ui import fonts, palette
from game.ui.scene import Scene

FAST = 4.0
SKIP = 1000.0
VEIL = (10, 8, 24, 225)  # the boss's turn darkens the table in violet
STEP_TEXT = (245, 240, 255)  # the step being narrated


class BossTurnScene(Scene):
    overlay = True

    def __init__(self, app, table):
        self.table = table
        self.lines: list[tuple[int, LogLine]] = []
        self.seen = -1
        super().__init__(app)

    def build(self) -> None:
        lay = self.table.layout
        z = lay.zones()["buttons"]
        h = lay.px(56)
        self.fast = pygame_gui.elements.UIButton(
            pygame.Rect(z.x, z.y - 2 * h - lay.px(20), z.w, h), i18n.t("bossturn.fast"),
            self.ui)
        self.skip = pygame_gui.elements.UIButton(
            pygame.Rect(z.x, z.y - h - lay.px(10), z.w, h), i18n.t("bossturn.skip"), self.ui,
            object_id="#primary_button")

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.fast:
                self.table.speed_boost = 1.0 if self.table.speed_boost > 1 else FAST
            elif event.ui_element is self.skip:
                self.table.speed_boost = SKIP
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            self.table.speed_boost = SKIP

    def update(self, dt: float) -> None:
        super().update(dt)
        self.table.update(dt)  # the table keeps playing the boss's steps underneath
        log_len = self.table.session.state.log_len
        if log_len != self.seen:
            self.seen = log_len
            step = 0
            state = self.table.session.state
            for ev in self.table.session.last_events:
                if isinstance(ev, BossAt):
                    step = ev.step
                elif isinstance(ev, BossNarration):
                    params = narration_params(state, ev.params, state.boss.seat)
                    self.lines.append((step, LogLine(f"boss.{ev.key}", params)))
        if not self.table.boss_acting() and not self.table.busy():
            self.table.speed_boost = 1.0
            if self.app.top is self:
                self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        state = self.table.session.state
        box = lay.r(196, 236 if not lay.multi else 300, 1330, 92)
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        surface.blit(veil, box)
        pygame.draw.rect(surface, (190, 90, 255), box, lay.px(2), border_radius=lay.px(10))
        title = i18n.t("bossturn.title", name=state.seats[state.boss.seat].name)
        t = fonts.text(title, lay.px(20), palette.VIOLET, bold=True)
        surface.blit(t, (box.x + lay.px(16), box.y + lay.px(8)))
        if self.lines:
            step, line = self.lines[-1]
            text = line.render(state)
            if step:
                text = i18n.t("bossturn.step", n=step, text=text)
            s = fonts.text(text, lay.px(26), STEP_TEXT, bold=True)
            if s.get_width() > box.w - lay.px(32):
                w = box.w - lay.px(32)
                s = pygame.transform.smoothscale(s, (w, max(1, s.get_height() * w //
                                                          s.get_width())))
            surface.blit(s, (box.x + lay.px(16), box.y + lay.px(40)))
        self.ui.draw_ui(surface)
