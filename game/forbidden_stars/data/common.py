"""What every rules/forbidden_stars/ file shares: the fields every entry carries, walking
``[[entry]]`` lists, and the ``rules/forbidden_stars/<file>:<entry>:<field>: message``
form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from game import validate
from game.forbidden_stars.engine.components import Origin
from game.validate import Errors

FOLDER = "forbidden_stars"
ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
CONFIDENCE = ("C", "S", "I", "X")
RU_SOURCES = ("rulebook", "ours")
# Every entry: its names, where the Russian name comes from, where the fact comes from.
ENTRY_FIELDS = ("id", "name_en", "name_ru", "ru_source", "source", "confidence", "designed")


def label(name: str) -> str:
    return f"rules/{FOLDER}/{name}"


def origin(raw: dict, e: Errors) -> Origin:
    """Check the names and the provenance every entry carries."""
    validate.need_str(raw, "name_en", e)
    validate.need_str(raw, "name_ru", e)
    ru_source = validate.need_choice(raw.get("ru_source", "rulebook"), "ru_source", e,
                                     RU_SOURCES)
    source = validate.need_str(raw, "source", e)
    confidence = validate.need_choice(raw.get("confidence"), "confidence", e, CONFIDENCE)
    designed = validate.need_bool(raw, "designed", e)
    return Origin(source, confidence, designed, ru_source)


def known(raw: dict, fields: tuple[str, ...], e: Errors) -> None:
    """Record every field of ``raw`` that is neither an entry field nor in ``fields``."""
    validate.unknown_fields(raw, (*ENTRY_FIELDS, *fields), e)


def top_level(doc: dict, allowed: tuple[str, ...], where: str, errors: list[str]) -> None:
    """Record a table or key a file should not have (a typo must not hide data)."""
    for key in doc:
        if key not in allowed:
            errors.append(f"{where}:{key}: unknown table (expected: {', '.join(allowed)})")


def entries(doc: dict, key: str, where: str, errors: list[str]) -> Iterator[tuple[str, dict]]:
    """``(name, table)`` for each ``[[key]]`` of a file: the name is its id (or
    ``key[i]``); an id is checked (present, lower_snake_case, not repeated)."""
    raws = doc.get(key)
    if not isinstance(raws, list) or not raws:
        errors.append(f"{where}: expected one or more [[{key}]] tables")
        return
    seen: set[str] = set()
    for i, raw in enumerate(raws):
        rid = raw.get("id") if isinstance(raw, dict) else None
        name = rid if isinstance(rid, str) and rid else f"{key}[{i}]"
        if not isinstance(raw, dict):
            errors.append(f"{where}:{name}: expected a table")
            continue
        if not isinstance(rid, str) or not rid:
            errors.append(f"{where}:{name}:id: expected a non-empty string")
            continue
        if not ID_RE.match(rid):
            errors.append(f"{where}:{name}:id: {rid!r} does not match {ID_RE.pattern}")
            continue
        if name in seen:
            errors.append(f"{where}:{name}:id: defined twice")
            continue
        seen.add(name)
        yield name, raw


def str_list(value: Any, path: str, e: Errors, options: tuple[str, ...],
             non_empty: bool = False) -> tuple[str, ...]:
    items = validate.need_list(value, path, e, "expected a non-empty list" if non_empty
                               else "expected a list", non_empty=non_empty)
    return tuple(validate.need_choice(v, f"{path}[{i}]", e, options)
                 for i, v in enumerate(items))


def counts(value: Any, path: str, e: Errors, options: tuple[str, ...],
           hi: int) -> dict[str, int]:
    """A table ``{id = count}`` whose keys are among ``options``."""
    if not isinstance(value, dict):
        e.add(path, f"expected a table, got {type(value).__name__}")
        return {}
    out = {}
    for key, n in value.items():
        if key not in options:
            e.add(f"{path}.{key}", f"unknown id (expected one of: {', '.join(options)})")
            continue
        out[key] = validate.check_int(n, f"{path}.{key}", e, 1, hi)
    return out
