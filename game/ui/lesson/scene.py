"""The lesson's plumbing of a game's table scene, for any game: mixed in before the
game's table scene (``class ArcsLessonScene(LessonSceneMixin, ArcsTableScene)``) it
keeps the instruction box and its buttons, lets through only the action the step
expects ("Not yet" otherwise), moves the runner on after the rival, remembers the step
reached (Leave / Esc) and draws the box and the gold frames.

The game supplies small hooks: ``GAME`` (the progress file's game id), ``WORDS`` (its
words' prefix), ``adapter`` (its :class:`~game.ui.lesson.adapter.EngineLessons`, set
before :meth:`start_lesson`), ``lesson_session(state, runner, names)`` (its session
class with :class:`~game.ui.lesson.session.LessonSessionMixin`), and where things are
on its table: ``box_rect()``, ``target_rect()``, ``expected_row()``, ``blocker()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pygame_gui

from game import i18n
from game.ui.lesson.adapter import EngineLessons
from game.ui.lesson.overlay import Box, BoxButtons, draw_highlight, layout_box
from game.ui.lesson.progress import load_progress, save_step
from game.ui.lesson.runner import Runner
from game.ui.lesson.script import Lesson

STEP_PAUSE = 0.6  # after the rival's last action, before the next step's box


class LessonSceneMixin:
    GAME = ""
    WORDS = ""

    adapter: EngineLessons
    app: Any
    session: Any
    ui: Any
    finished: bool
    curtain: Any
    card_zoom: Any
    # the table scene's (annotations only: a body here would shadow them)
    px: Callable[[float], int]
    my_turn: Callable[[], bool]
    modal: Callable[[], bool]

    # ------------------------------------------------------------------ hooks

    def lesson_session(self, state: Any, runner: Runner, names: tuple[str, str]) -> Any:
        raise NotImplementedError

    def box_rect(self) -> pygame.Rect:
        raise NotImplementedError

    def target_rect(self) -> pygame.Rect | None:
        raise NotImplementedError

    def expected_row(self) -> pygame.Rect | None:
        raise NotImplementedError

    def esc_leaves(self) -> bool:
        """Esc leaves the lesson unless something over the table takes it first."""
        return not self.card_zoom.is_open and not self.modal()

    # ------------------------------------------------------------------ building

    def start_lesson(self, app: Any, lesson_id: str, fresh: bool) -> Any:
        """The lesson picked (the first if ``lesson_id`` is unknown) replayed up to the
        step saved; returns the session the table scene is to be built on."""
        lessons = self.adapter.load()
        self.lesson: Lesson = next((x for x in lessons if x.id == lesson_id), lessons[0])
        saved = 0 if fresh else load_progress(self.GAME).get(self.lesson.id, 0)
        if saved >= len(self.lesson.steps):
            saved = 0  # a completed lesson starts over
        state, runner = self.adapter.replay(self.lesson, saved)
        self.runner: Runner = runner
        names = (i18n.t(f"{self.WORDS}.seat.you"), i18n.t(f"{self.WORDS}.seat.rival"))
        session = self.lesson_session(state, runner, names)
        session.speed = app.settings.animation_speed
        self.box: Box | None = None
        self.box_key: tuple = ()
        self.box_buttons: BoxButtons | None = None
        self.hint = ""
        self.step_wait = 0.0
        return session

    def _build_panel(self) -> None:
        super()._build_panel()  # clears the ui: the box's buttons anew
        self.box_buttons = BoxButtons(self.ui)
        self.box_key = ()
        self.sync_box()

    @property
    def lesson_on(self) -> bool:
        return not self.runner.finished

    def sync_box(self) -> None:
        step = self.runner.step
        if step is None:
            self.box = None
            if self.box_buttons is not None:
                self.box_buttons.place(None, False)
            return
        key = (self.runner.index, self.app.size, i18n.language(), self.hint)
        if key == self.box_key:
            return
        self.box_key = key
        heading = f"{i18n.t(f'{self.WORDS}.title')} · " + i18n.t(
            "tutorial.step_of", n=self.runner.index + 1, total=len(self.lesson.steps))
        shown = [name for name, on in (("show_me", step.mode == "expect"),
                                       ("next", step.mode == "next"), ("leave", True)) if on]
        self.box = layout_box(self.box_rect(), heading, i18n.t(self.lesson.text_key(step)),
                              self.hint, shown, self.px, self.app.text_scale)
        if self.box_buttons is not None:
            self.box_buttons.place(self.box, self.runner.index == len(self.lesson.steps) - 1)

    def expected(self) -> Any:
        return self.runner.show_me(self.session.state) if self.my_turn() else None

    # ------------------------------------------------------------------ the gate

    def play(self, action: Any) -> None:
        if self.lesson_on:
            if not self.runner.allows(self.session.state, action):
                self.not_yet()
                return
            super().play(action)
            if self.runner.record(self.session.state, action):
                self.step_changed()
            return
        super().play(action)

    def not_yet(self) -> None:
        step = self.runner.step
        if step is None:
            return
        if step.mode == "rival":
            self.hint = i18n.t("tutorial.rival_playing")
        else:
            what = (i18n.t(self.lesson.text_key(step, "do")) if step.mode == "expect"
                    else i18n.t("tutorial.press_next"))
            self.hint = i18n.t("tutorial.not_yet", what=what)
        self.app.sound.play("click")

    def show_me(self) -> None:
        action = self.expected()
        if action is not None:
            self.play(action)

    def next_step(self) -> None:
        if self.runner.mode() == "next":
            self.runner.advance(self.session.state)
            self.step_changed()

    def step_changed(self) -> None:
        """A new step: a fresh box, and the step remembered (a game adds what its table
        must redo, before calling this)."""
        self.hint = ""
        self.box_key = ()
        self.save_progress()

    def save_progress(self) -> None:
        try:
            save_step(self.GAME, self.lesson.id, self.runner.index)
        except OSError as exc:
            self.hint = i18n.t("tutorial.progress_failed", why=exc.strerror or str(exc))

    def leave(self) -> None:
        self.save_progress()
        self.session.close()
        self.finished = True
        self.app.pop()

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and self.box_buttons is not None:
            name = self.box_buttons.which(event.ui_element)
            if name:
                {"show_me": self.show_me, "next": self.next_step, "leave": self.leave}[name]()
                return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE and self.esc_leaves():
            self.leave()
            return
        super().on_event(event)

    def update(self, dt: float) -> None:
        self.session.speed = self.app.settings.animation_speed
        super().update(dt)
        if self.app.top is not self or self.finished:
            return
        if self.runner.rival_finished(self.session.state):
            self.step_wait += dt
            speed = self.app.settings.animation_speed
            pause = 0.0 if speed <= 0 else STEP_PAUSE / speed
            if self.step_wait >= pause:
                self.step_wait = 0.0
                self.runner.advance(self.session.state)
                self.step_changed()
        self.sync_box()

    # ------------------------------------------------------------------ drawing

    def draw_scene(self, surface: pygame.Surface) -> None:
        super().draw_scene(surface)
        if self.box is None or self.curtain is not None:
            return
        self.box.draw(surface, self.px)
        for aim in (self.target_rect(), self.expected_row()):
            if aim is not None:
                draw_highlight(surface, aim, self.px, self.app.clock_ms)
