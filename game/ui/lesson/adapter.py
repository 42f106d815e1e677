"""What the lesson adapters of the table games share (:class:`EngineLessons`): a game
whose engine has ``new_game`` / ``legal_actions`` / ``apply`` / ``acting_seat``, an
``OVER`` step, a ``player_view`` and bots by level names these (:class:`Engine`) and
keeps only what differs (its options, its targets, the counter a
"chapter" stretch of the rival runs to).  Reading, checking (rehearsing) and loading
its script, once per rules object and folder, are here too."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from game.resources import rules_dir
from game.ui.lesson.runner import Runner, rehearse, replay
from game.ui.lesson.script import Lesson, LessonError, Pattern, read_script


@dataclass(frozen=True)
class Engine:
    """A game's engine entry points, as the lesson calls them."""

    new_game: Callable[[Any, Any], Any]
    setup_error: type[Exception]  # what new_game raises for a bad config
    legal_actions: Callable[[Any], list[Any]]
    apply: Callable[[Any, Any], None]
    acting_seat: Callable[[Any], int]
    player_view: Callable[[Any, int], Any]
    make_player: Callable[[str, int], Any]  # a bot by level and seed
    over_step: Any  # the state's step once the game is over


class EngineLessons:
    """The adapter of game.ui.lesson.runner for a game with a rules engine."""

    file: ClassVar[str] = ""  # the script, as problems name it: "rules/arcs/lesson.toml"
    words: ClassVar[str] = ""  # the words' prefix: "arcs_lesson"
    kinds: ClassVar[dict[str, tuple[str, ...]]] = {}  # an action kind -> its pattern fields
    mark_field: ClassVar[str] = ""  # the state's counter a "chapter" stretch runs to its end
    rival_level: ClassVar[str] = "normal"
    engine: ClassVar[Engine]

    def __init__(self, rules: Any):
        self.rules = rules

    # ------------------------------------------------------------------ the game

    def config(self, lesson: Lesson) -> Any:
        raise NotImplementedError

    def start(self, lesson: Lesson) -> Any:
        try:
            return self.engine.new_game(self.rules, self.config(lesson))
        except self.engine.setup_error as exc:
            raise ValueError(str(exc)) from exc

    def legal(self, state: Any) -> list[Any]:
        return self.engine.legal_actions(state)

    def apply(self, state: Any, action: Any) -> None:
        self.engine.apply(state, action)

    def acting(self, state: Any) -> int:
        return self.engine.acting_seat(state)

    def over(self, state: Any) -> bool:
        return state.step == self.engine.over_step

    def matches(self, state: Any, action: Any, pattern: Pattern) -> bool:
        return action.kind == pattern.kind and all(
            self.field_matches(state, action, name, value) for name, value in pattern.fields)

    def field_matches(self, state: Any, action: Any, name: str, value: str) -> bool:
        return str(getattr(action, name)) == value

    def rival(self, lesson: Lesson, state: Any) -> Any:
        """The rival bot's choice, from a bot made for this very choice (seeded by the
        lesson and the log's length): replaying the lesson replays the same choices."""
        engine = self.engine
        seat = engine.acting_seat(state)
        bot = engine.make_player(self.rival_level, lesson.seed * 1000 + len(state.log or ()))
        legal = engine.legal_actions(state)
        choice = bot.choose(engine.player_view(state, seat), legal)
        return choice if choice in legal else legal[0]

    def mark(self, state: Any) -> Any:
        return getattr(state, self.mark_field)

    def stretch_over(self, state: Any, mark: Any) -> bool:
        return getattr(state, self.mark_field) != mark or self.over(state)

    # ------------------------------------------------------------------ the script

    def check_target(self, spec: str) -> str:
        raise NotImplementedError

    def check_option(self, key: str, value: Any) -> str:
        raise NotImplementedError

    def read(self, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
        path = (folder or rules_dir()).joinpath(*Path(self.file).parts[1:])  # under rules/
        return read_script(path, self.file, self.words, self.kinds, self.check_target,
                           self.check_option)

    def check(self, folder: Path | None = None) -> list[str]:
        """Every problem of the script: its fields, then each lesson rehearsed."""
        lessons, errors = self.read(folder)
        if errors:
            return errors
        for lesson in lessons:
            errors += rehearse(lesson, self)
        return errors

    def load(self, folder: Path | None = None) -> list[Lesson]:
        """The lessons, checked; :class:`LessonError` lists every problem."""
        # the rehearsal plays a chapter or a round: once per rules object and folder (the
        # rules are cached by their loader, and not hashable, so they are kept by identity)
        key = (type(self), id(self.rules), str(folder or rules_dir()))
        if key not in _LOADED:
            errors = self.check(folder)
            if errors:
                raise LessonError(errors)
            _LOADED[key] = (self.rules, tuple(self.read(folder)[0]))
        return list(_LOADED[key][1])

    def replay(self, lesson: Lesson, upto: int) -> tuple[Any, Runner]:
        return replay(lesson, self, upto)


# (adapter class, id(rules), folder) -> (the rules, kept alive so the id stays theirs;
# the lessons)
_LOADED: dict[tuple[type, int, str], tuple[Any, tuple[Lesson, ...]]] = {}
