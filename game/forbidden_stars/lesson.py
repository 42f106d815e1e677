"""Forbidden Stars' side of the guided lesson (Learn to play Forbidden Stars): the script
``rules/forbidden_stars/lesson.toml`` read and rehearsed through the shared core
(game.ui.lesson), how a pattern matches a Forbidden Stars action, and the rival.

A pattern is an action kind with optional filters on its fields (``card``, ``target``,
``source``, ``extra``): ``place card=advance target=t12a``, ``reveal target=t10a``,
``resolve``, ``done``.  The game is the engine's normal ``new_game`` for two seats with
the lesson's seed, first seat and factions (option ``factions = ["space_marines",
"chaos"]``): the quick setup builds the same board every time.  The rival is the normal
bot, made afresh for each choice from the lesson's seed and the log's length, so the
lesson plays the same every time; a change to the bot or the engine that alters its
choices shows as a step ``validate-rules`` names (re-fit: docs/tutorial.md).
Targets: ``system:ID``, ``area:ID``, ``stack:ID``, ``order:ID`` (a token in the hand),
``hand`` (every token in the hand), ``actions`` (the list of actions); an expect step
also lights its action's row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rules import _HANDLERS, acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import SetupError, new_game
from game.forbidden_stars.engine.state import OVER, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.ui.lesson.adapter import Engine, EngineLessons
from game.ui.lesson.runner import Runner
from game.ui.lesson.script import Lesson, LessonError

GAME = "forbidden_stars"
FILE = "rules/forbidden_stars/lesson.toml"
WORDS = "fs_lesson"
FIELDS = ("card", "target", "source", "extra")
KINDS: dict[str, tuple[str, ...]] = {kind: FIELDS for kind in _HANDLERS}
TARGET_KINDS = ("system", "area", "stack", "order", "hand", "actions")

__all__ = ["FsLessons", "Lesson", "LessonError", "Runner", "check_script", "load_script",
           "replay_lesson"]


class FsLessons(EngineLessons):
    """The adapter of game.ui.lesson.runner for Forbidden Stars."""

    file = FILE
    words = WORDS
    kinds = KINDS
    mark_field = "round"  # a "chapter" stretch of the rival plays to the round's end
    engine = Engine(new_game, SetupError, legal_actions, apply, acting_seat, player_view,
                    make_player, OVER)

    def config(self, lesson: Lesson) -> GameConfig:
        factions = tuple(dict(lesson.options).get("factions", ()))
        return GameConfig(players=2, seed=lesson.seed, factions=factions, first=lesson.first)

    # ------------------------------------------------------------------ checking

    def check_target(self, spec: str) -> str:
        head, _, rest = spec.partition(":")
        if head not in TARGET_KINDS:
            return f"unknown target {spec!r} (known: {', '.join(TARGET_KINDS)})"
        if head in ("system", "stack") and not (rest.startswith("t") and rest[1:-1].isdigit()
                                                and rest[-1:] in ("a", "b")):
            return f"no system {rest!r} (a tile face: t<number>a or t<number>b)"
        if head == "area" and rest.rpartition(".")[0][:1] != "t":
            return f"no area {rest!r} (<system>.<index>)"
        if head == "order" and rest not in self.rules.orders:
            return f"no order {rest!r} (known: {', '.join(self.rules.orders)})"
        if head in ("hand", "actions") and rest:
            return f"{head} takes no argument"
        return ""

    def check_option(self, key: str, value: Any) -> str:
        if key != "factions":
            return f"unknown option {key!r} (known: factions)"
        if not (isinstance(value, list) and len(value) == 2
                and all(v in self.rules.factions for v in value) and value[0] != value[1]):
            return f"factions: two different factions of {', '.join(sorted(self.rules.factions))}"
        return ""

    def read(self, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
        lessons, errors = super().read(folder)
        # a system or area a target names must be on the lesson's board (its setup is fixed)
        for lesson in lessons if not errors else ():
            try:
                topo = self.start(lesson).topology
            except ValueError:
                continue  # the rehearsal reports it (options)
            for step in lesson.steps:
                head, _, rest = step.target.partition(":")
                if (head in ("system", "stack") and rest not in topo.systems) or (
                        head == "area" and rest not in topo.areas):
                    errors.append(f"{FILE}:{lesson.id}/{step.id}:target: no {head} {rest!r} "
                                  f"on the lesson's board")
        return lessons, errors


def read(rules: FSRules, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
    return FsLessons(rules).read(folder)


def check_script(rules: FSRules, folder: Path | None = None) -> list[str]:
    """Every problem of the script: its fields, then each lesson rehearsed."""
    return FsLessons(rules).check(folder)


def load_script(rules: FSRules, folder: Path | None = None) -> list[Lesson]:
    """The lessons, checked once per rules object and folder; :class:`LessonError` lists
    every problem."""
    return FsLessons(rules).load(folder)


def replay_lesson(rules: FSRules, lesson: Lesson, upto: int) -> tuple[State, Runner]:
    return FsLessons(rules).replay(lesson, upto)
