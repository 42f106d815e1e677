"""The boss's turn, step by step: a line of narration per step ("Step 4 — the Automatons
attack Anna with 6 combat"), the table animating underneath at a pace the player
chooses — normal, slow, slower or one step per click/Space — with Pause, Fast-forward
and Skip.  The chosen pace is a setting (``Settings.boss_pace``), so it is remembered.

A step is one boss action (the engine's ``boss_step``).  The scene paces them by not
letting the table run (``table.update``) while a step is held: the table itself is what
asks the boss for its next action, so holding it holds the boss."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pygame_gui

from game import i18n
from game.settings import BOSS_PACES
from game.star_realms.engine.events import BossAt, BossNarration
from game.star_realms.ui.log_text import LogLine, narration_params
from game.ui import fonts, palette
from game.ui.scene import Scene

FAST = 4.0
SKIP = 1000.0
# How long a step stays on screen before the next may come, beyond the table's own
# pause between actions (0.55 s at normal animation speed).  "step" waits for input.
HOLD_SECONDS = {"normal": 0.0, "slow": 1.5, "slower": 3.0}
VEIL = (10, 8, 24, 225)  # the boss's turn darkens the table in violet
STEP_TEXT = (245, 240, 255)  # the step being narrated
NEXT_KEYS = (pygame.K_SPACE, pygame.K_RIGHT)


class BossTurnScene(Scene):
    overlay = True

    def __init__(self, app, table):
        self.table = table
        self.lines: list[tuple[int, LogLine]] = []
        self.seen = -1
        pace = app.settings.boss_pace
        self.pace = pace if pace in BOSS_PACES else "normal"
        self.paused = False
        # step by step: the first step also waits, so the player sees the turn begin
        self.waiting = self.pace == "step"
        self.hold = 0.0  # seconds the current step is still held on screen
        super().__init__(app)

    def build(self) -> None:
        # over the table's four turn buttons (idle in the boss's turn), not over the log
        table = self.table
        rects = [b.rect.copy() for b in (table.btn_undo, table.btn_play_all,
                                         table.btn_attack_all, table.btn_end)]
        mk = pygame_gui.elements.UIButton
        self.pace_button = mk(rects[0], self.pace_label(), self.ui)
        self.pause_button = mk(rects[1], self.pause_label(), self.ui)
        self.fast = mk(rects[2], i18n.t("bossturn.fast"), self.ui)
        self.skip = mk(rects[3], i18n.t("bossturn.skip"), self.ui, object_id="#primary_button")

    # ------------------------------------------------------------ labels

    def pace_label(self) -> str:
        return i18n.t("bossturn.pace", pace=i18n.t(f"bossturn.pace_{self.pace}"))

    def pause_label(self) -> str:
        if self.pace == "step":
            return i18n.t("bossturn.next")
        return i18n.t("bossturn.resume" if self.paused else "bossturn.pause")

    def stepping(self) -> bool:
        """Does the next step wait for the player (step by step, or paused)?"""
        return (self.pace == "step" or self.paused) and self.table.speed_boost <= 1.0

    # ------------------------------------------------------------ input

    def set_pace(self, pace: str) -> None:
        """Choose a pace; it is saved with the settings, so the next boss turn keeps it."""
        self.pace = pace
        self.paused = False
        self.waiting = pace == "step"
        self.hold = min(self.hold, HOLD_SECONDS.get(pace, 0.0))
        self.app.apply_settings(replace(self.app.settings, boss_pace=pace))
        self.sync_labels()

    def next_pace(self) -> None:
        self.set_pace(BOSS_PACES[(BOSS_PACES.index(self.pace) + 1) % len(BOSS_PACES)])

    def advance(self) -> None:
        """Let one more step come (click, Space, or the Next step button)."""
        self.waiting = False
        self.hold = 0.0

    def toggle_pause(self) -> None:
        if self.pace == "step":  # stepping already waits: the button is Next step
            self.advance()
            return
        self.paused = not self.paused
        self.waiting = self.paused
        self.sync_labels()

    def sync_labels(self) -> None:
        self.pace_button.set_text(self.pace_label())
        self.pause_button.set_text(self.pause_label())

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.fast:
                self.table.speed_boost = 1.0 if self.table.speed_boost > 1 else FAST
                self.sync_labels()
            elif event.ui_element is self.skip:
                self.table.speed_boost = SKIP
                self.advance()
            elif event.ui_element is self.pace_button:
                self.next_pace()
            elif event.ui_element is self.pause_button:
                self.toggle_pause()
        elif event.type == pygame.KEYDOWN:
            if event.key in NEXT_KEYS:
                if self.stepping():
                    self.advance()
                else:
                    self.toggle_pause()
            elif event.key == pygame.K_p:
                self.toggle_pause()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.table.speed_boost = SKIP
                self.advance()
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button == 1
              and self.stepping() and not self.on_button(event.pos)):
            self.advance()  # a click anywhere on the table: the next step

    def on_button(self, pos: tuple[int, int]) -> bool:
        return any(b.rect.collidepoint(pos) for b in (self.pace_button, self.pause_button,
                                                      self.fast, self.skip))

    # ------------------------------------------------------------ per frame

    def held(self) -> bool:
        """Is the current step still on screen (so the table must not run)?"""
        if self.table.speed_boost > 1.0:  # Fast-forward and Skip run through
            return False
        return self.waiting or self.hold > 0.0

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.held():
            self.hold = max(0.0, self.hold - dt)
        else:
            self.table.update(dt)  # the table plays the boss's next step underneath
        log_len = self.table.session.state.log_len
        if log_len != self.seen:
            first = self.seen < 0
            self.seen = log_len
            self.collect_lines()
            if not first:  # a step was taken: hold it as the pace says
                self.hold = HOLD_SECONDS.get(self.pace, 0.0)
                self.waiting = self.stepping()
        if not self.table.boss_acting() and not self.table.busy():
            self.table.speed_boost = 1.0
            if self.app.top is self:
                self.app.pop()

    def collect_lines(self) -> None:
        step = 0
        state = self.table.session.state
        for ev in self.table.session.last_events:
            if isinstance(ev, BossAt):
                step = ev.step
            elif isinstance(ev, BossNarration):
                params = narration_params(state, ev.params, state.boss.seat)
                self.lines.append((step, LogLine(f"boss.{ev.key}", params)))

    # ------------------------------------------------------------ drawing

    def box(self) -> pygame.Rect:
        """Over the viewer's own field, which is empty while the boss plays: the boss's
        cards, its piles and the trade row it buys from all stay in sight."""
        lay = self.table.layout
        field = lay.zones()["my_field"]
        return pygame.Rect(field.x, field.y + lay.px(34), field.w, lay.px(124))

    def draw(self, surface: pygame.Surface) -> None:
        lay = self.table.layout
        state = self.table.session.state
        box = self.box()
        veil = pygame.Surface(box.size, pygame.SRCALPHA)
        veil.fill(VEIL)
        surface.blit(veil, box)
        pygame.draw.rect(surface, (190, 90, 255), box, lay.px(2), border_radius=lay.px(10))
        title = i18n.t("bossturn.title", name=state.seats[state.boss.seat].name)
        t = fonts.text(title, lay.px(20), palette.VIOLET, bold=True)
        surface.blit(t, (box.x + lay.px(16), box.y + lay.px(8)))
        hint = self.hint()
        if hint:
            h = fonts.text(hint, lay.px(18), palette.SOFT)
            surface.blit(h, h.get_rect(topright=(box.right - lay.px(16), box.y + lay.px(10))))
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
            surface.blit(s, (box.x + lay.px(16), box.y + lay.px(44)))
        self.ui.draw_ui(surface)

    def hint(self) -> str:
        if self.table.speed_boost > 1.0:
            return ""
        if self.stepping():
            return i18n.t("bossturn.hint_next")
        return i18n.t("bossturn.hint_pause")
