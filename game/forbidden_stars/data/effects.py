"""Check effect tables against the closed vocabulary
(:mod:`game.forbidden_stars.engine.vocabulary`) and turn them into
:class:`~game.forbidden_stars.engine.components.Effect`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game import validate
from game.forbidden_stars.engine import vocabulary as vocab
from game.forbidden_stars.engine.components import Effect
from game.validate import Errors

MAX_COUNT = 8  # the dice limit bounds every count a card names
MAX_DEPTH = 4  # choose → options → spend_dice → each: the deepest real card is 3

_CHOICES: dict[str, tuple[str, ...]] = {
    "faces": vocab.FACES,
    "gains": vocab.DIE_GAINS,
    "orders": vocab.RESOLVE_AS,
}


class Context:
    """What an effect list may name: the unit ids of the card's faction (plus
    ``bastion``) and the timings of its context ("" when the card fixes the timing)."""

    def __init__(self, units: tuple[str, ...], timings: tuple[str, ...] = ()):
        self.units = (*units, "bastion")
        self.timings = timings


def _value(value: Any, param: vocab.Param, path: str, e: Errors, ctx: Context,
           depth: int) -> Any:
    if param.type == "count":
        return validate.check_int(value, path, e, 0, MAX_COUNT)
    if param.type == "bool":
        if not isinstance(value, bool):
            e.add(path, "expected true or false")
            return False
        return value
    if param.type == "choice":
        return validate.need_choice(value, path, e, param.choices)
    if param.type == "named":
        return validate.need_choice(value, path, e, tuple(vocab.NAMED))
    if param.type == "units":
        items = validate.need_list(value, path, e, "expected a non-empty list of unit ids",
                                   non_empty=True)
        out = []
        for i, v in enumerate(items):
            if v not in ctx.units:
                e.add(f"{path}[{i}]", f"{v!r} is not a unit of this card's faction")
            else:
                out.append(v)
        return tuple(out)
    if param.type == "effects":
        return parse_effects(value, path, e, Context(ctx.units[:-1]), depth + 1)
    if param.type == "options":
        items = validate.need_list(value, path, e, "expected a list of effect lists",
                                   non_empty=True)
        if len(items) < 2:
            e.add(path, "a choice needs at least two options")
        return tuple(parse_effects(v, f"{path}[{i}]", e, Context(ctx.units[:-1]), depth + 1,
                                   allow_empty=True)
                     for i, v in enumerate(items))
    items = validate.need_list(value, path, e, "expected a non-empty list", non_empty=True)
    return tuple(validate.need_choice(v, f"{path}[{i}]", e, _CHOICES[param.type])
                 for i, v in enumerate(items))


def parse_effect(raw: Any, path: str, e: Errors, ctx: Context, depth: int = 0) -> Effect | None:
    if not isinstance(raw, dict):
        e.add(path, f"expected a table, got {type(raw).__name__}")
        return None
    before = len(e)
    name = raw.get("kind")
    if not isinstance(name, str) or name not in vocab.KINDS:
        e.add(f"{path}.kind", f"unknown effect {name!r}" if name is not None
              else "missing (an effect kind from the vocabulary)")
        return None
    kind = vocab.KINDS[name]
    when = ""
    if ctx.timings:
        when = raw.get("when", "")
        if when not in ctx.timings:
            e.add(f"{path}.when", f"expected one of: {', '.join(ctx.timings)}")
    elif "when" in raw:
        e.add(f"{path}.when", "the card fixes this effect's timing")
    cond = raw.get("if", "")
    if cond != "":
        cond = validate.need_choice(cond, f"{path}.if", e, vocab.CONDITIONS)
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key in ("kind", "when", "if"):
            continue
        param = kind.params.get(key)
        if param is None:
            allowed = ", ".join(kind.params) or "none"
            e.add(f"{path}.{key}", f"unknown parameter of {name!r} (allowed: {allowed})")
            continue
        params[key] = _value(value, param, f"{path}.{key}", e, ctx, depth)
    for key, param in kind.params.items():
        if param.required and key not in raw:
            e.add(f"{path}.{key}", f"missing required parameter of {name!r}")
    if len(e) > before:
        return None
    return Effect(name, MappingProxyType(params), cond, when)


def parse_effects(value: Any, path: str, e: Errors, ctx: Context, depth: int = 0,
                  allow_empty: bool = False) -> tuple[Effect, ...]:
    if depth > MAX_DEPTH:
        e.add(path, f"effects nested deeper than {MAX_DEPTH} levels")
        return ()
    items = validate.need_list(value, path, e, "expected a list of effects")
    if not items and not allow_empty and isinstance(value, list) and ctx.timings:
        e.add(path, "expected at least one effect")
    out = []
    for i, raw in enumerate(items):
        effect = parse_effect(raw, f"{path}[{i}]", e, ctx, depth)
        if effect is not None:
            out.append(effect)
    return tuple(out)
