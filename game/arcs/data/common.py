"""What every rules/arcs/ file shares: the fields every entry carries,
walking ``[[entry]]`` lists, and the ``rules/arcs/<file>:<entry>:<field>: message`` form."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from game import validate
from game.arcs.engine.components import Origin
from game.validate import Errors

ID_RE = re.compile(r"^[a-z][a-z0-9_]*$")
CONFIDENCE = ("C", "S", "I", "X")
RU_SOURCES = ("rulebook", "ours")
# Every entry: its names, where the Russian name comes from, where the fact comes from.
ENTRY_FIELDS = ("name_en", "name_ru", "ru_source", "source", "confidence", "designed")


def label(name: str) -> str:
    return f"rules/arcs/{name}"


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


def known(raw: dict, fields: tuple[str, ...] | set[str], e: Errors) -> None:
    """Record every field of ``raw`` that is neither an entry field nor in ``fields``."""
    validate.unknown_fields(raw, (*ENTRY_FIELDS, *fields), e)


def table(doc: dict, key: str, where: str, errors: list[str]) -> dict | None:
    """A single ``[key]`` table of a file, or None with the problem recorded."""
    raw = doc.get(key)
    if not isinstance(raw, dict):
        errors.append(f"{where}:{key}: missing [{key}] table")
        return None
    return raw


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
        elif name in seen:
            errors.append(f"{where}:{name}:id: defined twice")
        seen.add(name)
        yield name, raw


def check_id(raw: dict, e: Errors, pattern: re.Pattern[str] = ID_RE) -> str:
    rid = raw.get("id")
    if isinstance(rid, str) and rid and not pattern.match(rid):
        e.add("id", f"{rid!r} does not match {pattern.pattern}")
    return rid if isinstance(rid, str) else ""


def top_level(doc: dict, allowed: tuple[str, ...], where: str, errors: list[str]) -> None:
    """Record a table or key a file should not have (a typo must not hide data)."""
    for key in doc:
        if key not in allowed:
            errors.append(f"{where}:{key}: unknown table (expected: {', '.join(allowed)})")


def int_list(value: Any, path: str, e: Errors, lo: int, hi: int) -> tuple[int, ...]:
    out = []
    for i, v in enumerate(validate.need_list(value, path, e)):
        out.append(validate.check_int(v, f"{path}[{i}]", e, lo, hi))
    return tuple(out)


def str_list(value: Any, path: str, e: Errors, options: tuple[str, ...]) -> tuple[str, ...]:
    out = []
    for i, v in enumerate(validate.need_list(value, path, e)):
        out.append(validate.need_choice(v, f"{path}[{i}]", e, options))
    return tuple(out)
