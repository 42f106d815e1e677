"""The lesson's game session, for any game: mixed in before the game's own session class
(``class LessonSession(LessonSessionMixin, ArcsSession)``) it makes the rival (and, in a
"chapter" stretch, the learner's seat too) follow the runner at a readable pace, and
turns off autosave, undo and the emergency save while the lesson runs."""

from __future__ import annotations

from typing import Any

from game.ui.lesson.runner import Runner

RIVAL_PAUSE = 0.8  # seconds between two rival actions at normal speed


class LessonSessionMixin:
    """Needs of the game's session: ``state``, ``over``, ``_apply(action)``,
    ``step_bots(dt)``, ``can_undo()`` and an ``autosave`` keyword."""

    state: Any
    over: bool

    def __init__(self, setup: Any, state: Any, runner: Runner):
        super().__init__(setup, state=state, autosave=False)
        self.runner = runner
        self._rival_wait = 0.0
        self.speed = 1.0

    def step_bots(self, dt: float) -> bool:
        if self.runner.finished:
            return super().step_bots(dt)
        if self.runner.mode() != "rival" or self.over:
            self._rival_wait = 0.0
            return False
        self._rival_wait += dt
        if self._rival_wait < (0.0 if self.speed <= 0 else RIVAL_PAUSE / self.speed):
            return False
        self._rival_wait = 0.0
        action = self.runner.rival_action(self.state)
        if action is None:
            return False
        self._apply(action)
        return True

    def can_undo(self) -> bool:
        return self.runner.finished and super().can_undo()

    def emergency_save(self) -> None:
        return None
