"""A lesson of Learn to play, on the real table.

The table scene plays the lesson's game (a fixed seed and stacked decks, see
:mod:`game.star_realms.tutorial`); this scene adds the instruction box and the glowing
frame on the step's target, lets through only the actions the step expects (anything
else gets a friendly "Not yet" and changes nothing), plays the rivals' scripted turns at
a readable pace, and remembers the step reached: Leave (or Esc) saves it, and opening
the lesson again replays the script up to that step.  Once the last step is done the
game goes on as a normal one against the computer.
"""

from __future__ import annotations

import pygame
import pygame_gui

from game import i18n
from game.star_realms.data import load_rules
from game.star_realms.engine import CardDB, State
from game.star_realms.engine.state import Action
from game.star_realms.tutorial import Lesson, Runner, load_script, replay
from game.star_realms.tutorial.progress import load_progress, save_step
from game.star_realms.ui import tutorial_view
from game.star_realms.ui.log_text import replayed_log
from game.star_realms.ui.session import Session
from game.star_realms.ui.table.scene import TableScene

RIVAL_PAUSE = 0.8  # seconds between two scripted rival actions at normal speed
STEP_PAUSE = 0.6  # after the rivals' last action, before the next step's box


class TutorialSession(Session):
    """A session whose rivals follow the lesson's script until the lesson is over (then
    the computer plays them), and which writes no autosave: a lesson is not a save."""

    def __init__(self, db: CardDB, state: State, controllers: list[str], runner: Runner):
        super().__init__(db, state, controllers)
        self.runner = runner
        self._rival_wait = 0.0

    def ai_ready(self, dt: float, speed: float, busy: bool) -> Action | None:
        if self.runner.finished:
            return super().ai_ready(dt, speed, busy)
        if self.runner.mode() != "rival" or self.state.is_over:
            self._rival_wait = 0.0
            return None
        self._rival_wait += dt
        pause = 0.0 if speed <= 0 else RIVAL_PAUSE / speed
        if busy or self._rival_wait < pause:
            return None
        self._rival_wait = 0.0
        return self.runner.rival_action(self.state)

    def autosave(self) -> str:
        return ""

    def emergency_save(self) -> None:
        return None


class TutorialScene(TableScene):
    def __init__(self, app, lesson_id: str, fresh: bool = False):
        self.db = load_rules()
        self.lesson: Lesson = next(x for x in load_script(self.db) if x.id == lesson_id)
        saved = 0 if fresh else load_progress().get(lesson_id, 0)
        if saved >= len(self.lesson.steps):
            saved = 0  # a completed lesson starts over
        state, runner = replay(self.lesson, self.db, saved, i18n.language())
        session = TutorialSession(self.db, state, [s.controller for s in state.config.seats],
                                  runner)
        if saved:
            session.log = replayed_log(self.db, state)
        self.runner = runner
        self.box: tutorial_view.Box | None = None
        self.box_key: tuple = ()
        self.box_buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.step_wait = 0.0
        super().__init__(app, session)

    # ------------------------------------------------------------------ building

    def build(self) -> None:
        super().build()
        self.box_buttons = {}
        for name in tutorial_view.BUTTONS:
            self.box_buttons[name] = pygame_gui.elements.UIButton(
                pygame.Rect(0, 0, 10, 10), i18n.t(f"tutorial.{name}"), self.ui,
                object_id="#primary_button" if name != "leave" else None, starting_height=3)
        self.box_key = ()
        self.sync_box()

    @property
    def lesson_on(self) -> bool:
        return not self.runner.finished

    def step_text(self) -> tuple[str, str]:
        step = self.runner.step
        if step is None:
            return "", ""
        heading = f"{i18n.t(f'tutorial.{self.lesson.id}.title')} · " + i18n.t(
            "tutorial.step_of", n=self.runner.index + 1, total=len(self.lesson.steps))
        return heading, i18n.t(self.lesson.text_key(step))

    def target_rect(self) -> pygame.Rect | None:
        step = self.runner.step
        return tutorial_view.target_rect(self, step.target) if step is not None else None

    def sync_box(self) -> None:
        """Place the box (and its buttons) for the current step and target."""
        step = self.runner.step
        if step is None:
            self.box = None
            for button in self.box_buttons.values():
                button.hide()
            return
        key = (self.runner.index, self.app.size, i18n.language())
        if key == self.box_key:
            return
        self.box_key = key
        heading, text = self.step_text()
        last = self.runner.index == len(self.lesson.steps) - 1
        shown = [name for name, on in (("show_me", step.mode == "expect"),
                                       ("next", step.mode == "next"), ("leave", True)) if on]
        self.box = tutorial_view.layout_box(self, heading, text, shown, self.app.text_scale)
        for name, button in self.box_buttons.items():
            if name not in shown:
                button.hide()
                continue
            r = self.box.buttons[name]
            button.set_relative_position(r.topleft)
            button.set_dimensions(r.size)
            if name == "next":
                button.set_text(i18n.t("tutorial.finish" if last else "tutorial.next"))
            button.show()

    # ------------------------------------------------------------------ the gate

    def act(self, action: Action) -> bool:
        on = self.lesson_on
        mine = action.seat == self.me
        if on and mine and not self.runner.allows(self.session.state, action):
            self.not_yet()
            return False
        ok = super().act(action)
        if ok and on:
            if mine:
                if self.runner.record(self.session.state, action):
                    self.step_changed()
            else:
                self.runner.rival_done(action)
        return ok

    def not_yet(self) -> None:
        step = self.runner.step
        if step is None:
            return
        if step.mode == "rival":
            self.toast(i18n.t("tutorial.rival_playing"))
        else:
            what = (i18n.t(self.lesson.text_key(step, "do")) if step.mode == "expect"
                    else i18n.t("tutorial.press_next"))
            self.toast(i18n.t("tutorial.not_yet", what=what))
        self.app.sound.play("click")

    def open_amount(self, target: int) -> None:
        if self.lesson_on and not self.runner.allows(
                self.session.state, Action("attack_player", self.me, target=target)):
            self.not_yet()
            return
        super().open_amount(target)

    def end_turn(self) -> None:
        # refuse before the table's "End the turn anyway?" dialog: asking first and then
        # saying "Not yet" gave two answers to one press
        if (self.lesson_on and self.my_turn() and not self.asking()
                and not self.runner.allows(self.session.state, Action("end_turn", self.me))):
            self.not_yet()
            return
        super().end_turn()

    def undo(self) -> None:
        if self.lesson_on:
            self.toast(i18n.t("tutorial.no_undo"))
            return
        super().undo()

    def auto_apply(self) -> None:
        if not self.lesson_on:  # during a lesson every gain is the learner's click
            super().auto_apply()

    def open_pause(self) -> None:
        self.leave()

    # ------------------------------------------------------------------ steps

    def show_me(self) -> None:
        action = self.runner.show_me(self.session.state)
        if action is not None:
            self.act(action)

    def next_step(self) -> None:
        if self.runner.mode() == "next":
            self.runner.advance()
            self.step_changed()

    def step_changed(self) -> None:
        self.box_key = ()
        self.save_progress()
        if self.runner.finished:
            self.toast(i18n.t("tutorial.complete"), good=True)

    def save_progress(self) -> None:
        try:
            save_step(self.lesson.id, self.runner.index)
        except OSError as exc:
            self.toast(i18n.t("tutorial.progress_failed", why=exc.strerror or str(exc)))

    def leave(self) -> None:
        self.save_progress()
        self.session.close()
        self.app.pop()

    def on_button(self, element) -> None:
        for name, button in self.box_buttons.items():
            if element is button:
                {"show_me": self.show_me, "next": self.next_step, "leave": self.leave}[name]()
                return
        super().on_button(element)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.app.top is not self:
            return
        if self.runner.mode() == "rival" and self.runner.rival_finished(self.session.state):
            self.step_wait += dt
            pause = 0.0 if self.speed <= 0 else STEP_PAUSE / self.speed
            if not self.busy() and self.step_wait >= pause:
                self.step_wait = 0.0
                self.runner.advance()
                self.step_changed()
        self.sync_box()

    # ------------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        if self.box is None:
            return
        aim = self.target_rect()
        if aim is not None:
            tutorial_view.draw_highlight(surface, aim, self.layout.px, self.app.clock_ms)
        self.box.draw(surface, self.layout.px)
