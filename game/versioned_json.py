"""Reading our versioned JSON files (saves, campaigns): the limits a damaged or hostile
file needs, and the magic / schema-version gate with step-by-step migrations.

Each caller passes its own error class and the word for its kind of file, so a
message reads "the save is from a newer version …" or "the campaign …"."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

Migration = Callable[[dict[str, Any]], dict[str, Any]]


def _is_int(v: Any, lo: int, hi: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def parse(data: bytes, what: str, max_bytes: int, error: type[Exception]) -> Any:
    """JSON → value, refusing oversized, non-UTF-8, too deeply nested or invalid text."""
    if len(data) > max_bytes:
        raise error(f"the file is larger than {max_bytes // 2**20} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error("the file is not UTF-8 text") from None
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"the file is nested too deeply to be a {what}") from None
    except ValueError as exc:
        raise error(f"the file is not valid JSON ({str(exc).splitlines()[0]})") from None


def upgrade(doc: Any, what: str, magic: str, schema: int,
            migrations: Mapping[int, Migration], error: type[Exception]) -> dict[str, Any]:
    """Check the magic and schema version and migrate an older document step by step to
    ``schema``; a newer one, or one no migration reaches, is refused."""
    if not isinstance(doc, dict):
        raise error(f"the file is not a {what} (not a JSON object)")
    if doc.get("magic") != magic:
        raise error(f"the file is not a Star Realms Table {what}")
    version = doc.get("schema")
    if not _is_int(version, 0, 10**6):
        raise error(f"the {what} has no valid schema version")
    if version > schema:
        raise error(f"the {what} is from a newer version of the game (schema {version}, "
                    f"this game reads up to {schema})")
    while version < schema:
        step = migrations.get(version)
        if step is None:
            raise error(f"{what}s of schema {version} cannot be read by this version "
                        f"(no migration to {version + 1})")
        doc = step(doc)
        version += 1
        doc["schema"] = version
    return doc
