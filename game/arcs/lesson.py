"""Arcs' side of the guided lesson (Learn to play Arcs): the script
``rules/arcs/lesson.toml`` read and rehearsed through the shared core (game.ui.lesson),
how a pattern matches an Arcs action, and the rival (the normal bot).

A pattern is an action kind with optional filters on its fields (``card``, ``target``,
``source``, ``index``, ``fresh``, ``damaged``) and ``suit`` (the suit of the action card
it plays): ``lead suit=construction``, ``declare``, ``move``, ``done``.  The game is the
engine's normal ``new_game`` for two seats with the lesson's seed and first seat: the
seed was picked so the first chapter brings the situations the steps explain.  Targets:
``system:ID``, ``hand`` / ``hand:CARD``, ``court:SLOT``, ``ambition:ID``, ``play_area``,
``actions`` (the list of actions); an expect step also lights its action's row.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from game.arcs.ai.base import make_player
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.rules import _HANDLERS, acting_seat, apply, legal_actions
from game.arcs.engine.setup import SetupError, new_game
from game.arcs.engine.state import OVER, Action, GameConfig, State
from game.arcs.engine.view import player_view
from game.ui.lesson.adapter import Engine, EngineLessons
from game.ui.lesson.runner import Runner
from game.ui.lesson.script import Lesson, LessonError

GAME = "arcs"
FILE = "rules/arcs/lesson.toml"
WORDS = "arcs_lesson"
FIELDS = ("card", "target", "source", "index", "fresh", "damaged", "suit")
KINDS: dict[str, tuple[str, ...]] = {kind: FIELDS for kind in _HANDLERS}
TARGET_KINDS = ("system", "hand", "court", "ambition", "play_area", "actions")

__all__ = ["ArcsLessons", "Lesson", "LessonError", "Runner", "check_script", "load_script",
           "replay_lesson"]


class ArcsLessons(EngineLessons):
    """The adapter of game.ui.lesson.runner for Arcs."""

    file = FILE
    words = WORDS
    kinds = KINDS
    mark_field = "chapter"  # a "chapter" stretch of the rival plays to the chapter's end
    engine = Engine(new_game, SetupError, legal_actions, apply, acting_seat, player_view,
                    make_player, OVER)

    def config(self, lesson: Lesson) -> GameConfig:
        return GameConfig(players=2, seed=lesson.seed, first=lesson.first,
                          setup_card=str(dict(lesson.options).get("setup_card", "")))

    def field_matches(self, state: State, action: Action, name: str, value: str) -> bool:
        if name == "suit":  # the suit of the action card it plays
            card = state.cards.get(action.card)
            return card is not None and card.suit == value
        return super().field_matches(state, action, name, value)

    # ------------------------------------------------------------------ checking

    def check_target(self, spec: str) -> str:
        head, _, rest = spec.partition(":")
        if head not in TARGET_KINDS:
            return f"unknown target {spec!r} (known: {', '.join(TARGET_KINDS)})"
        if head == "system" and rest not in self.rules.map.systems:
            return f"no system {rest!r} on the map"
        if head == "hand" and rest and rest not in {c.id for c in self.rules.action_cards}:
            return f"no action card {rest!r}"
        if head == "ambition" and rest not in self.rules.ambitions:
            return f"no ambition {rest!r}"
        if head == "court" and not (rest.isdigit() and int(rest) < 4):
            return f"no court slot {rest!r}"
        if head in ("play_area", "actions") and rest:
            return f"{head} takes no argument"
        return ""

    def check_option(self, key: str, value: Any) -> str:
        if key != "setup_card":
            return f"unknown option {key!r} (known: setup_card)"
        if not any(c.id == value and c.players == 2 for c in self.rules.setup_cards):
            return f"no 2-player setup card {value!r}"
        return ""


def read(rules: ArcsRules, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
    return ArcsLessons(rules).read(folder)


def check_script(rules: ArcsRules, folder: Path | None = None) -> list[str]:
    """Every problem of the script: its fields, then each lesson rehearsed."""
    return ArcsLessons(rules).check(folder)


def load_script(rules: ArcsRules, folder: Path | None = None) -> list[Lesson]:
    """The lessons, checked once per rules object and folder; :class:`LessonError` lists
    every problem."""
    return ArcsLessons(rules).load(folder)


def replay_lesson(rules: ArcsRules, lesson: Lesson, upto: int) -> tuple[State, Runner]:
    return ArcsLessons(rules).replay(lesson, upto)
