"""The lessons of Learn to play, read from ``rules/tutorial.toml`` and checked.

A lesson is a fixed game (sets, seats, seed, who starts, the cards stacked on top of the
trade deck and of each personal deck) and a list of steps.  A step is one of:

* ``next = true`` — an explanation; the player clicks Next;
* ``expect = ["play scout", ...]`` — what the player must do, each pattern once, in any
  order (checked against the engine's legal actions; "Show me" does the next one);
* ``rival = ["play_all", "buy cutter", "end_turn"]`` — what the other seats do, in order,
  while the box explains it.

A pattern is ``kind [argument...]``: ``play [CARD]``, ``buy [CARD]`` (``buy explorer``),
``use CARD SLOT``, ``attack_base [CARD]``, ``attack_player [SEAT]``, ``choose INDEX``,
``end_turn``, and for the rivals ``play_all`` (every card of the hand) and ``boss_turn``
(an adventure boss's whole turn, step by step).

Every problem is reported as ``rules/tutorial.toml:<lesson>/<step>:<field>: message``,
as the card loader does (:func:`read_script` collects them).  The words of a step are
i18n strings ``tutorial.<lesson>.<step>.text`` (and ``.do``, the short "what to do" of
an ``expect`` step), checked in every language.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import i18n, validate
from game.games import DataError
from game.resources import rules_dir
from game.star_realms.engine.cards import ABILITY_SLOTS, CardDB
from game.star_realms.engine.formats import FORMATS
from game.toml_reading import read_toml

FILE = "rules/tutorial.toml"
LESSON_FIELDS = {"id", "format", "sets", "seats", "first", "seed", "trade", "decks", "step",
                 "options"}
STEP_FIELDS = {"id", "target", "next", "expect", "rival"}
# action kinds a pattern may name, and how many arguments each takes (min, max)
KINDS: dict[str, tuple[int, int]] = {
    "play": (0, 1), "buy": (0, 1), "use": (2, 2), "attack_base": (0, 1),
    "attack_player": (0, 1), "choose": (1, 1), "end_turn": (0, 0), "play_all": (0, 0),
    "boss_turn": (0, 0),
}
RIVAL_ONLY = ("play_all", "boss_turn")
# patterns that repeat while the engine allows them: every card of the hand, every step
# of a boss's turn
REPEATING = {"play_all": "play", "boss_turn": "boss_step"}
ZONES = ("hand", "my_field", "trade_row", "explorers", "pools", "trade_pool", "combat_pool",
         "my_discard", "my_deck", "scrap", "opp_info", "opp_field", "my_info")
# (not the seats list nor the log: the instruction box sits over them)
BUTTONS = ("end_turn", "play_all", "attack_all", "undo", "menu")
CARD_TARGETS = ("hand", "row", "field", "opp")  # hand:CARD, row:CARD, field:CARD, opp:CARD


class TutorialError(DataError):
    """rules/tutorial.toml is invalid; ``errors`` lists every problem."""


@dataclass(frozen=True)
class Pattern:
    """One expected action: its kind and arguments (card id, slot, seat, index)."""

    kind: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        return " ".join((self.kind, *self.args))


@dataclass(frozen=True)
class Step:
    id: str
    target: str  # "" when nothing is highlighted
    mode: str  # "next" | "expect" | "rival"
    patterns: tuple[Pattern, ...] = ()

    @property
    def shows(self) -> bool:
        """Does the player act in this step (Show me is offered)?"""
        return self.mode == "expect"


@dataclass(frozen=True)
class Lesson:
    id: str
    format: str
    sets: tuple[str, ...]
    seats: tuple[str, ...]  # i18n names: tutorial.seat.<name>; seat 0 is the player
    first: int
    seed: int
    trade: tuple[str, ...]
    decks: tuple[tuple[str, ...], ...]
    steps: tuple[Step, ...]
    options: tuple[tuple[str, Any], ...] = ()

    def text_key(self, step: Step, part: str = "text") -> str:
        return f"tutorial.{self.id}.{step.id}.{part}"


def parse_pattern(text: Any, rival: bool, db: CardDB, path: str,
                  errors: validate.Errors) -> Pattern | None:
    """``"use ram ally"`` → Pattern("use", ("ram", "ally")), or None with the problem."""
    if not isinstance(text, str) or not text.split():
        errors.add(path, "expected a pattern such as 'play scout'")
        return None
    kind, *args = text.split()
    if kind not in KINDS:
        errors.add(path, f"unknown action {kind!r} (known: {', '.join(KINDS)})")
        return None
    if kind in RIVAL_ONLY and not rival:
        errors.add(path, f"{kind!r} is for the rivals' steps only")
        return None
    lo, hi = KINDS[kind]
    if not lo <= len(args) <= hi:
        errors.add(path, f"{kind!r} takes {lo}..{hi} arguments, got {len(args)}")
        return None
    if kind in ("play", "buy", "use", "attack_base") and args and args[0] not in db:
        errors.add(path, f"unknown card {args[0]!r}")
        return None
    if kind == "use" and args[1] not in ABILITY_SLOTS:
        errors.add(path, f"unknown ability {args[1]!r} (known: {', '.join(ABILITY_SLOTS)})")
        return None
    if kind in ("attack_player", "choose") and args and not args[0].isdigit():
        errors.add(path, f"{kind!r} takes a number, got {args[0]!r}")
        return None
    return Pattern(kind, tuple(args))


def check_target(target: str, db: CardDB, seats: int, path: str,
                 errors: validate.Errors) -> None:
    """A target names a zone, a button, a card (``hand:scout``), a chip
    (``chip:ram:ally``) or a seat (``seat:1``)."""
    head, _, rest = target.partition(":")
    if not rest:
        if head not in ZONES:
            errors.add(path, f"unknown zone {target!r} (known: {', '.join(ZONES)})")
        return
    if head == "button":
        if rest not in BUTTONS:
            errors.add(path, f"unknown button {rest!r} (known: {', '.join(BUTTONS)})")
    elif head == "seat":
        if not rest.isdigit() or not 0 < int(rest) < seats:
            errors.add(path, f"{rest!r} names no other seat (1..{seats - 1})")
    elif head == "chip":
        card, _, slot = rest.partition(":")
        if card not in db:
            errors.add(path, f"unknown card {card!r}")
        if slot not in ABILITY_SLOTS:
            errors.add(path, f"unknown ability {slot!r} (known: {', '.join(ABILITY_SLOTS)})")
    elif head in CARD_TARGETS:
        if rest not in db:
            errors.add(path, f"unknown card {rest!r}")
    else:
        errors.add(path, f"unknown target {target!r}")


def _strings(key: str, path: str, errors: validate.Errors) -> None:
    for lang in i18n.LANGUAGES:
        if key not in i18n.strings(lang):
            errors.add(path, f"no {lang} text {key!r} (game/i18n/{lang}/tutorial.toml)")


def parse_step(raw: Any, lesson_id: str, n_seats: int, db: CardDB, path: str,
               errors: validate.Errors) -> Step | None:
    if not isinstance(raw, dict):
        errors.add(path, "expected a table")
        return None
    validate.unknown_fields(raw, STEP_FIELDS, errors, f"{path}:")
    sid = validate.need_str(raw, "id", errors, f"{path}:")
    target = raw.get("target", "")
    if not isinstance(target, str):
        errors.add(f"{path}:target", "expected a string")
        target = ""
    elif target:
        check_target(target, db, n_seats, f"{path}:target", errors)
    modes = [m for m in ("next", "expect", "rival") if m in raw]
    if len(modes) != 1:
        errors.add(f"{path}:mode", "give exactly one of next, expect, rival")
        return None
    mode = modes[0]
    patterns: list[Pattern] = []
    if mode == "next":
        if raw["next"] is not True:
            errors.add(f"{path}:next", "expected true")
    else:
        items = validate.need_list(raw[mode], f"{path}:{mode}", errors,
                                   "expected a non-empty list of patterns", non_empty=True)
        for i, item in enumerate(items):
            p = parse_pattern(item, mode == "rival", db, f"{path}:{mode}[{i}]", errors)
            if p is not None:
                patterns.append(p)
    if sid:
        _strings(f"tutorial.{lesson_id}.{sid}.text", f"{path}:text", errors)
        if mode == "expect":
            _strings(f"tutorial.{lesson_id}.{sid}.do", f"{path}:do", errors)
    return Step(sid, target, mode, tuple(patterns))


def _card_list(raw: Any, path: str, db: CardDB, errors: validate.Errors) -> tuple[str, ...]:
    items = validate.need_list(raw, path, errors, "expected a list of card ids")
    for i, cid in enumerate(items):
        if not isinstance(cid, str) or cid not in db:
            errors.add(f"{path}[{i}]", f"unknown card {cid!r}")
    return tuple(c for c in items if isinstance(c, str))


def parse_lesson(raw: Any, index: int, db: CardDB, errors: validate.Errors) -> Lesson | None:
    where = f"{FILE}:lesson[{index}]"
    if not isinstance(raw, dict):
        errors.add(where, "expected a table")
        return None
    raw_id = raw.get("id")
    lid = raw_id if isinstance(raw_id, str) and raw_id else ""
    where = f"{FILE}:{lid or f'lesson[{index}]'}"
    e = validate.Errors()
    validate.unknown_fields(raw, LESSON_FIELDS, e)
    validate.need_str(raw, "id", e)
    fmt = raw.get("format", "duel")
    if not isinstance(fmt, str) or (fmt not in FORMATS and fmt not in db.adventures):
        e.add("format", f"unknown format {fmt!r}")
    sets = validate.need_list(raw.get("sets"), "sets", e, "expected a list of card sets",
                              non_empty=True)
    for i, sid in enumerate(sets):
        if sid not in db.sets:
            e.add(f"sets[{i}]", f"unknown card set {sid!r}")
    seats = validate.need_list(raw.get("seats"), "seats", e, "expected a list of seat names",
                               non_empty=True)
    for i, name in enumerate(seats):
        if not isinstance(name, str):
            e.add(f"seats[{i}]", "expected a name")
        else:
            _strings(f"tutorial.seat.{name}", f"seats[{i}]", e)
    n = max(1, len(seats))
    first = validate.need_int(raw, "first", e, 0, n - 1, 0)
    seed = validate.need_int(raw, "seed", e, 0, 2**32 - 1)
    trade = _card_list(raw.get("trade", []), "trade", db, e)
    decks_raw = validate.need_list(raw.get("decks", []), "decks", e)
    if len(decks_raw) > n:
        e.add("decks", f"{len(decks_raw)} decks for {n} seats")
    decks = tuple(_card_list(d, f"decks[{i}]", db, e) for i, d in enumerate(decks_raw))
    options = raw.get("options", {})
    if not isinstance(options, dict):
        e.add("options", "expected a table")
        options = {}
    _strings(f"tutorial.{lid}.title", "title", e)
    _strings(f"tutorial.{lid}.blurb", "blurb", e)
    errors.under(where, e)
    steps: list[Step] = []
    seen: set[str] = set()
    raw_steps = validate.need_list(raw.get("step"), f"{where}:step", errors,
                                   "expected [[lesson.step]] tables", non_empty=True)
    for i, rs in enumerate(raw_steps):
        sid = rs.get("id") if isinstance(rs, dict) else None
        path = f"{where}/{sid if isinstance(sid, str) and sid else f'step[{i}]'}"
        step = parse_step(rs, lid, n, db, path, errors)
        if step is None:
            continue
        if step.id in seen:
            errors.add(f"{path}:id", "defined twice in this lesson")
        seen.add(step.id)
        steps.append(step)
    if e or not steps:
        return None
    assert isinstance(fmt, str)  # (else e holds an error)
    return Lesson(lid, fmt, tuple(sets), tuple(seats), first, seed, trade, decks,
                  tuple(steps), tuple(sorted(options.items())))


def parse_script(doc: dict, db: CardDB) -> tuple[list[Lesson], list[str]]:
    """The lessons of a parsed file and every problem found."""
    errors = validate.Errors()
    validate.unknown_fields(doc, {"lesson"}, errors, f"{FILE}:")
    raw = validate.need_list(doc.get("lesson"), f"{FILE}:lesson", errors,
                             "expected [[lesson]] tables", non_empty=True)
    lessons: list[Lesson] = []
    ids: set[str] = set()
    for i, item in enumerate(raw):
        lesson = parse_lesson(item, i, db, errors)
        if lesson is None:
            continue
        if lesson.id in ids:
            errors.add(f"{FILE}:{lesson.id}:id", "defined twice")
        ids.add(lesson.id)
        lessons.append(lesson)
    return lessons, list(errors)


def read_script(db: CardDB, folder: Path | None = None) -> tuple[list[Lesson], list[str]]:
    """The lessons of ``rules/tutorial.toml`` (or of ``folder``) and every problem found
    in the file itself (the rehearsal of the steps is :func:`game.star_realms.tutorial.
    load_script`'s)."""
    errors: list[str] = []
    doc = read_toml((folder or rules_dir()) / "tutorial.toml", FILE, errors)
    if doc is None:
        return [], errors
    return parse_script(doc, db)
