"""Check an ability table against the closed vocabulary and turn it into an
:class:`~game.arcs.engine.components.Ability`."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from game import validate
from game.arcs.engine import vocabulary as vocab
from game.arcs.engine.components import Ability
from game.validate import Errors

MAX_COUNT = 15

_CHOICES: dict[str, tuple[str, ...]] = {
    "resource": vocab.RESOURCES,
    "resource_or_any": (*vocab.RESOURCES, "any"),
    "basic_action": vocab.BASIC_ACTIONS,
    "suit": vocab.SUITS,
    "ambition": vocab.AMBITIONS,
    "ambition_or_any": (*vocab.AMBITIONS, "any"),
    "die": vocab.DICE,
    "new_action": tuple(vocab.NEW_ACTIONS),
    "named": tuple(vocab.NAMED),
}
_LISTS: dict[str, str] = {"resources": "resource_or_any", "ambitions": "ambition"}


def _value(value: Any, param: vocab.Param, path: str, e: Errors) -> Any:
    if param.type == "count":
        return validate.check_int(value, path, e, 1, MAX_COUNT, 1)
    if param.type == "bool":
        if not isinstance(value, bool):
            e.add(path, "expected true or false")
            return False
        return value
    if param.type == "choice":
        return validate.need_choice(value, path, e, param.choices)
    if param.type in _LISTS:
        options = _CHOICES[_LISTS[param.type]]
        items = validate.need_list(value, path, e, "expected a non-empty list", non_empty=True)
        return tuple(validate.need_choice(v, f"{path}[{i}]", e, options)
                     for i, v in enumerate(items))
    return validate.need_choice(value, path, e, _CHOICES[param.type])


def parse_ability(raw: Any, path: str, e: Errors, when: str | None = None) -> Ability | None:
    """One ability at ``path``.  ``when``: the timing the context fixes (a vox card's
    effect is always ``when_secured``); otherwise the table must say it."""
    if not isinstance(raw, dict):
        e.add(path, f"expected a table, got {type(raw).__name__}")
        return None
    before = len(e)
    timing = raw.get("when", when)
    if timing is None:
        e.add(f"{path}.when", f"missing (one of: {', '.join(vocab.TIMINGS)})")
    elif when is not None and timing != when:
        e.add(f"{path}.when", f"must be {when!r} here")
    else:
        validate.need_choice(timing, f"{path}.when", e, vocab.TIMINGS)
    kind_name = raw.get("kind")
    kind = vocab.KINDS.get(kind_name) if isinstance(kind_name, str) else None
    if kind is None:
        e.add(f"{path}.kind", f"unknown effect {kind_name!r}" if kind_name is not None
              else "missing (an effect kind from the vocabulary)")
        return None
    if timing in vocab.TIMINGS and timing not in kind.timings:
        e.add(f"{path}.when", f"{kind_name!r} cannot apply at {timing!r} "
                              f"(only: {', '.join(kind.timings)})")
    params: dict[str, Any] = {}
    for key, value in raw.items():
        if key in vocab.COMMON_PARAMS:
            continue
        param = kind.params.get(key)
        if param is None:
            allowed = ", ".join(kind.params) or "none"
            e.add(f"{path}.{key}", f"unknown parameter of {kind_name!r} (allowed: {allowed})")
            continue
        params[key] = _value(value, param, f"{path}.{key}", e)
    for key, param in kind.params.items():
        if param.required and key not in raw:
            e.add(f"{path}.{key}", f"missing required parameter of {kind_name!r}")
    discard = validate.need_bool(raw, "discard", e, path=f"{path}.")
    once = validate.need_bool(raw, "once_per_turn", e, path=f"{path}.")
    if kind_name == "new_action" and "action" in params and "replaces" in params:
        replaces = vocab.NEW_ACTIONS.get(params["action"], ("",))[0]
        if replaces and params["replaces"] != replaces:
            e.add(f"{path}.replaces", f"{params['action']!r} replaces {replaces!r}, "
                                      f"not {params['replaces']!r}")
    if len(e) > before:
        return None
    # (kind_name is a str here: a kind was found by it)
    return Ability(str(timing), str(kind_name), MappingProxyType(params), discard, once)


def parse_abilities(value: Any, path: str, e: Errors) -> tuple[Ability, ...]:
    items = validate.need_list(value, path, e, "expected a non-empty list of abilities",
                               non_empty=True)
    out = []
    for i, raw in enumerate(items):
        ability = parse_ability(raw, f"{path}[{i}]", e)
        if ability is not None:
            out.append(ability)
    return tuple(out)
