"""A lesson script: a fixed game (a seed, who holds the first turn, a few options) and a
list of steps, read from a TOML file and checked field by field.

A step is exactly one of:

* ``next = true`` — an explanation; the learner presses Next;
* ``expect = ["lead suit=construction", "declare"]`` — what the learner must do, each
  pattern once, in order; "Show me" does the next one; anything else is "Not yet";
* ``rival = true`` — the other seats play (the game's bot) until the learner must act
  again, while the box explains; ``rival = "chapter"`` lets the bot play the learner's
  seat too until the game says the stretch is over (the adapter's ``stretch_over``).

A pattern is ``kind [field=value ...]``: the action kind and filters the game's adapter
knows (``Adapter.fields``).  Every problem reads ``<file>:<lesson>/<step>:<field>:
message``; the words of a step are i18n ``<prefix>.<lesson>.<step>.text`` (and ``.do``
for an expect step), checked in every language.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n
from game.games import DataError
from game.toml_reading import read_toml
from game.validate import is_int

LESSON_FIELDS = {"id", "seed", "first", "options", "step"}
STEP_FIELDS = {"id", "target", "next", "expect", "rival"}
RIVAL_UNTIL = ("learner", "chapter")
MAX_STEPS = 400


class LessonError(DataError):
    """A lesson script is invalid; ``errors`` lists every problem."""


@dataclass(frozen=True)
class Pattern:
    kind: str
    fields: tuple[tuple[str, str], ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *(f"{k}={v}" for k, v in self.fields)))

    def get(self, name: str) -> str | None:
        return next((v for k, v in self.fields if k == name), None)


@dataclass(frozen=True)
class Step:
    id: str
    mode: str  # "next" | "expect" | "rival"
    target: str = ""  # "" lights nothing (an expect step lights its action anyway)
    patterns: tuple[Pattern, ...] = ()
    until: str = "learner"  # a rival step: "learner" | "chapter"


@dataclass(frozen=True)
class Lesson:
    id: str
    seed: int
    first: int
    options: tuple[tuple[str, Any], ...]
    steps: tuple[Step, ...]
    words: str  # the i18n prefix: "<words>.<lesson>.<step>.text"

    def text_key(self, step: Step, part: str = "text") -> str:
        return f"{self.words}.{self.id}.{step.id}.{part}"


def parse_pattern(text: str, kinds: dict[str, tuple[str, ...]]) -> Pattern | str:
    """A pattern, or what is wrong with it (kinds: kind → the fields it may filter)."""
    words = text.split()
    if not words:
        return "an empty pattern"
    kind, rest = words[0], words[1:]
    if kind not in kinds:
        return f"unknown action kind {kind!r} (known: {', '.join(sorted(kinds))})"
    fields = []
    for word in rest:
        name, eq, value = word.partition("=")
        if not eq or not value:
            return f"{word!r} is not field=value"
        if name not in kinds[kind]:
            return f"{kind} has no field {name!r} (known: {', '.join(kinds[kind]) or 'none'})"
        fields.append((name, value))
    return Pattern(kind, tuple(fields))


def read_script(path: Path, label: str, words: str, kinds: dict[str, tuple[str, ...]],
                check_target: Callable[[str], str],
                check_option: Callable[[str, Any], str] = lambda k, v: f"unknown option {k!r}",
                ) -> tuple[list[Lesson], list[str]]:
    """The lessons of ``path`` and every problem found (``label`` names the file in
    them, e.g. ``rules/arcs/lesson.toml``).  ``check_target(spec)`` / ``check_option``
    return "" or what is wrong."""
    errors: list[str] = []
    doc = read_toml(path, label, errors)
    if doc is None:
        return [], errors
    raw_lessons = doc.get("lesson")
    if not isinstance(raw_lessons, list) or not raw_lessons:
        return [], [f"{label}: no [[lesson]] tables"]
    lessons: list[Lesson] = []
    seen: set[str] = set()
    for n, raw in enumerate(raw_lessons):
        lid = raw.get("id") if isinstance(raw, dict) else None
        where = f"{label}:{lid if isinstance(lid, str) else f'lesson {n + 1}'}"
        if not isinstance(raw, dict) or not isinstance(lid, str) or not lid.isidentifier():
            errors.append(f"{where}:id: expected an identifier")
            continue
        if lid in seen:
            errors.append(f"{where}:id: a second lesson {lid!r}")
        seen.add(lid)
        errors += [f"{where}:{k}: unknown field" for k in sorted(set(raw) - LESSON_FIELDS)]
        seed, first = raw.get("seed", 0), raw.get("first", 0)
        if not is_int(seed, 0, 2**31):
            errors.append(f"{where}:seed: expected a whole number ≥ 0")
        if not is_int(first, 0, 5):
            errors.append(f"{where}:first: expected a seat number")
        options = raw.get("options", {})
        if not isinstance(options, dict):
            errors.append(f"{where}:options: expected a table")
            options = {}
        for k, v in options.items():
            if problem := check_option(k, v):
                errors.append(f"{where}:options: {problem}")
        steps = _steps(raw.get("step"), where, lid, words, kinds, check_target, errors)
        lessons.append(Lesson(lid, seed if is_int(seed, 0, 2**31) else 0,
                              first if is_int(first, 0, 5) else 0,
                              tuple(sorted(options.items())), tuple(steps), words))
    for lang in i18n.LANGUAGES:
        for lesson in lessons:
            for key in (f"{words}.{lesson.id}.title", f"{words}.{lesson.id}.blurb"):
                if key not in i18n.strings(lang):
                    errors.append(f"{label}:{lesson.id}:words: no {lang} text {key}")
            for step in lesson.steps:
                for part in ("text", "do") if step.mode == "expect" else ("text",):
                    key = lesson.text_key(step, part)
                    if key not in i18n.strings(lang):
                        errors.append(f"{label}:{lesson.id}/{step.id}:words: no {lang} "
                                      f"text {key}")
    return lessons, errors


def _steps(raw: Any, where: str, lid: str, words: str, kinds: dict[str, tuple[str, ...]],
           check_target: Callable[[str], str], errors: list[str]) -> list[Step]:
    if not isinstance(raw, list) or not raw:
        errors.append(f"{where}:step: a lesson needs [[lesson.step]] tables")
        return []
    if len(raw) > MAX_STEPS:
        errors.append(f"{where}:step: more than {MAX_STEPS} steps")
    steps: list[Step] = []
    seen: set[str] = set()
    for n, s in enumerate(raw[:MAX_STEPS]):
        sid = s.get("id") if isinstance(s, dict) else None
        at = f"{where}/{sid if isinstance(sid, str) else f'step {n + 1}'}"
        if not isinstance(s, dict) or not isinstance(sid, str) or not sid.isidentifier():
            errors.append(f"{at}:id: expected an identifier")
            continue
        if sid in seen:
            errors.append(f"{at}:id: a second step {sid!r} in this lesson")
        seen.add(sid)
        errors += [f"{at}:{k}: unknown field" for k in sorted(set(s) - STEP_FIELDS)]
        modes = [m for m in ("next", "expect", "rival") if m in s]
        if len(modes) != 1:
            errors.append(f"{at}:next: exactly one of next, expect, rival")
            continue
        mode = modes[0]
        target = s.get("target", "")
        if not isinstance(target, str):
            errors.append(f"{at}:target: expected a string")
            target = ""
        elif target and (problem := check_target(target)):
            errors.append(f"{at}:target: {problem}")
        patterns: list[Pattern] = []
        until = "learner"
        if mode == "next" and s["next"] is not True:
            errors.append(f"{at}:next: expected true")
        elif mode == "rival":
            value = s["rival"]
            until = "learner" if value is True else value
            if until not in RIVAL_UNTIL:
                errors.append(f"{at}:rival: expected true or \"chapter\"")
        elif mode == "expect":
            patterns = _patterns(s["expect"], at, kinds, errors)
        steps.append(Step(sid, mode, target, tuple(patterns), until))
    return steps


def _patterns(raw: Any, at: str, kinds: dict[str, tuple[str, ...]],
              errors: list[str]) -> list[Pattern]:
    if not isinstance(raw, list) or not raw or not all(isinstance(p, str) for p in raw):
        errors.append(f"{at}:expect: expected a list of patterns")
        return []
    out: list[Pattern] = []
    for text in raw:
        parsed = parse_pattern(text, kinds)
        if isinstance(parsed, str):
            errors.append(f"{at}:expect: {parsed}")
        else:
            out.append(parsed)
    return out


def ids(lessons: Iterable[Lesson]) -> list[str]:
    return [x.id for x in lessons]
