"""Playing a lesson step by step, for any game, through its :class:`Adapter`.

The runner decides nothing about the rules: a pattern is matched against the engine's
legal actions and every action is applied by the engine.  It knows only the script —
which step is current, which of its patterns are done — so the same runner drives the
table, a resumed lesson (:func:`replay`) and the check of the data (:func:`rehearse`).
The rival is the game's bot, made afresh for every choice from the lesson's seed and the
length of the game's log, so the same lesson plays the same every time (on the table,
when resumed, and in the rehearsal).
"""

from __future__ import annotations

from typing import Any, Protocol

from game.ui.lesson.script import Lesson, Pattern, Step

PLAYER = 0  # the learner's seat in every lesson
MAX_RIVAL = 600  # actions of one rival step before the rehearsal calls it stuck


class Adapter(Protocol):
    """What a game tells the lesson core (game/arcs/lesson.py for Arcs)."""

    file: str  # the script's name in problems: "rules/arcs/lesson.toml"

    def start(self, lesson: Lesson) -> Any: ...

    def legal(self, state: Any) -> list[Any]: ...

    def apply(self, state: Any, action: Any) -> None: ...

    def acting(self, state: Any) -> int: ...

    def over(self, state: Any) -> bool: ...

    def matches(self, state: Any, action: Any, pattern: Pattern) -> bool: ...

    def rival(self, lesson: Lesson, state: Any) -> Any: ...

    def mark(self, state: Any) -> Any:
        """What a ``rival = "chapter"`` step compares with (taken when a step begins)."""
        ...

    def stretch_over(self, state: Any, mark: Any) -> bool:
        """Does a ``rival = "chapter"`` step that began at ``mark`` end here?"""
        ...


class Runner:
    """Where the learner is in a lesson's steps."""

    def __init__(self, lesson: Lesson, adapter: Adapter, index: int = 0):
        self.lesson = lesson
        self.adapter = adapter
        self.index = 0
        self.done = 0  # the current expect step's patterns already matched (in order)
        self.since: Any = None  # the adapter's mark when the current step began
        self.goto(index)

    def goto(self, index: int, state: Any = None) -> None:
        self.index = max(0, min(index, len(self.lesson.steps)))
        self.done = 0
        if state is not None:
            self.since = self.adapter.mark(state)

    def advance(self, state: Any = None) -> None:
        self.goto(self.index + 1, state)

    @property
    def step(self) -> Step | None:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    @property
    def finished(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def mode(self) -> str:
        step = self.step
        return step.mode if step is not None else ""

    # -------------------------------------------------------------- the learner's steps

    def pattern(self) -> Pattern | None:
        step = self.step
        if step is None or step.mode != "expect" or self.done >= len(step.patterns):
            return None
        return step.patterns[self.done]

    def allows(self, state: Any, action: Any) -> bool:
        """May the learner do ``action`` now (the engine still decides if it is legal)?"""
        if self.finished:
            return True
        pattern = self.pattern()
        return pattern is not None and self.adapter.matches(state, action, pattern)

    def record(self, state: Any, action: Any) -> bool:
        """The learner did ``action`` (already applied): True when that completed the
        step (the runner is then on the next one)."""
        step = self.step
        if step is None or step.mode != "expect":
            return False
        self.done += 1
        if self.done >= len(step.patterns):
            self.advance(state)
            return True
        return False

    def show_me(self, state: Any) -> Any:
        """The next expected action, the first the engine lists that matches (None:
        nothing legal does)."""
        pattern = self.pattern()
        if pattern is None or self.adapter.acting(state) != PLAYER:
            return None
        return next((a for a in self.adapter.legal(state)
                     if self.adapter.matches(state, a, pattern)), None)

    # -------------------------------------------------------------- the rivals' steps

    def rival_action(self, state: Any) -> Any:
        """What is played next in a rival step; None once the step is played out."""
        step = self.step
        if step is None or step.mode != "rival" or self.adapter.over(state):
            return None
        if step.until == "chapter":
            if self.adapter.stretch_over(state, self.since):
                return None
        elif self.adapter.acting(state) == PLAYER:
            return None
        return self.adapter.rival(self.lesson, state)

    def rival_finished(self, state: Any) -> bool:
        return self.mode() == "rival" and self.rival_action(state) is None


def play_step(runner: Runner, state: Any) -> str:
    """Play the current step as the script says (the learner's part as Show me would);
    "" when done (the runner is on the next step), else what went wrong."""
    step = runner.step
    ad = runner.adapter
    if step is None:
        return "the lesson is over"
    if step.mode == "next":
        runner.advance(state)
    elif step.mode == "expect":
        while runner.step is step:
            if ad.acting(state) != PLAYER:
                return "it is not the learner's turn"
            action = runner.show_me(state)
            if action is None:
                return f"no legal action matches {str(runner.pattern())!r}"
            ad.apply(state, action)
            runner.record(state, action)
    else:
        for _ in range(MAX_RIVAL):
            action = runner.rival_action(state)
            if action is None:
                break
            ad.apply(state, action)
        else:
            return f"the rival step did not end within {MAX_RIVAL} actions"
        if ad.over(state) and step.until != "chapter":
            return "the game ended during the rival's turn"
        runner.advance(state)
    return ""


def replay(lesson: Lesson, adapter: Adapter, upto: int) -> tuple[Any, Runner]:
    """The lesson's game with its first ``upto`` steps played (resuming a lesson)."""
    state = adapter.start(lesson)
    runner = Runner(lesson, adapter)
    runner.goto(0, state)
    while runner.index < min(upto, len(lesson.steps)):
        problem = play_step(runner, state)
        if problem:
            step = runner.step
            raise ValueError(f"{lesson.id}/{step.id if step else ''}: {problem}")
    return state, runner


def rehearse(lesson: Lesson, adapter: Adapter) -> list[str]:
    """Play the whole lesson as the script says: ``file:lesson/step:field: message`` for
    the first step that cannot be played."""
    try:
        state = adapter.start(lesson)
    except ValueError as exc:
        return [f"{adapter.file}:{lesson.id}:options: {exc}"]
    runner = Runner(lesson, adapter)
    runner.goto(0, state)
    while not runner.finished:
        step = runner.step
        assert step is not None
        problem = play_step(runner, state)
        if problem:
            return [f"{adapter.file}:{lesson.id}/{step.id}:{step.mode}: {problem}"]
    return []
