"""Reading a game's rules files: TOML, refused with a reason rather than a traceback.

:func:`read_toml` is what every game's data loader uses; it refuses TOML nested too
deeply before :mod:`tomllib` sees it.

tomllib parses arrays and inline tables recursively, so a few hundred levels of
``[[{ choose = [[ ... ]] }]]`` raise RecursionError instead of a TOML error.  This
scanner counts bracket depth without recursion (skipping strings and comments) and
names where the limit was crossed — the item (``[[card]]`` id, or ``card[3]``) and
the top-level key — so the loader can report ``file:item:field: message``.
"""

from __future__ import annotations

import os
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import versioned_json

# The largest rules file is 41 KB (campaign_scenarios.toml): 100 times that is no rules
# file, and reading one more byte than this tells so without reading the rest.
MAX_RULES_BYTES = 4 * 1024 * 1024
# The real rules nest arrays/inline tables at most 8 deep; 32 leaves room and stays far
# below what tomllib survives (about 300 levels with the default recursion limit).
MAX_TOML_DEPTH = 32

_KEY = re.compile(r"\s*([A-Za-z0-9_.\-\"' ]+?)\s*=")
_ID = re.compile(r"""\s*id\s*=\s*(?:"([^"\\]*)"|'([^']*)')""")


@dataclass(frozen=True, slots=True)
class TooDeep:
    line: int  # 1-based line where the depth went over the limit
    item: str  # e.g. "blob_alpha", "card[3]", "set", "" before any table
    field: str  # the top-level key holding the value, e.g. "primary", "row.ship"


class _Where:
    """The current ``[[name]]`` item and sub-table, for naming an error."""

    def __init__(self) -> None:
        self.counts: dict[str, int] = {}
        self.array = ""  # name of the current top-level [[array]] (no dots)
        self.item = ""
        self.prefix = ""  # "row." inside [[sheet.row]], "designed." inside [x.designed]
        self.has_id = False

    def header(self, text: str) -> None:
        is_array = text.startswith("[[")
        name = text.strip("[] \t").replace('"', "").replace("'", "")
        head, _, rest = name.partition(".")
        if is_array and not rest:
            i = self.counts.get(name, 0)
            self.counts[name] = i + 1
            self.array, self.item, self.prefix, self.has_id = name, f"{name}[{i}]", "", False
        elif head == self.array and rest:
            self.prefix = rest + "."
        else:
            self.array, self.item, self.prefix, self.has_id = "", name, "", False


def _skip_string(text: str, i: int) -> int:
    """Index just past the string starting at ``text[i]`` (a quote)."""
    q = text[i]
    if text.startswith(q * 3, i):
        end = text.find(q * 3, i + 3) if q == "'" else _find_basic(text, i + 3, q * 3)
        if end < 0:
            return len(text)
        end += 3
        while end < len(text) and text[end] == q:  # """a"""" ends with a quote inside
            end += 1
        return end
    end = text.find("'", i + 1) if q == "'" else _find_basic(text, i + 1, '"')
    return len(text) if end < 0 else end + 1


def _find_basic(text: str, i: int, close: str) -> int:
    while i < len(text):
        if text[i] == "\\":
            i += 2
            continue
        if text.startswith(close, i):
            return i
        i += 1
    return -1


def find_too_deep(text: str, limit: int = MAX_TOML_DEPTH) -> TooDeep | None:
    """Where ``text`` first nests arrays/inline tables deeper than ``limit``, else None."""
    where = _Where()
    depth = 0
    line = 1
    field = ""
    line_start = True  # only whitespace so far on this line
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            line += 1
            line_start = True
            i += 1
            continue
        if c in " \t\r":
            i += 1
            continue
        if c == "#":
            end = text.find("\n", i)
            i = n if end < 0 else end
            continue
        if depth == 0 and line_start:
            line_start = False
            end = text.find("\n", i)
            end = n if end < 0 else end
            row = text[i:end]
            if c == "[":  # a [table] or [[array]] header takes the whole line
                where.header(row.split("#", 1)[0].strip())
                i = end
                continue
            m = _KEY.match(row)
            if m:
                field = where.prefix + m.group(1).strip().strip("\"'")
                if where.array and not where.prefix and not where.has_id:
                    idm = _ID.match(row)
                    if idm:
                        where.item, where.has_id = idm.group(1) or idm.group(2), True
                i += m.end()
                continue
        line_start = False
        if c in "\"'":
            j = _skip_string(text, i)
            line += text.count("\n", i, j)  # multi-line strings
            i = j
            continue
        if c in "[{":
            depth += 1
            if depth > limit:
                return TooDeep(line, where.item, field)
        elif c in "]}":
            depth = max(0, depth - 1)
        i += 1
    return None


class _Refused(Exception):
    pass


def read_toml(path: Path, label: str, errors: list[str]) -> dict[str, Any] | None:
    """The document in ``path``, or None with the reason appended to ``errors`` as
    ``label[:item:field]: message`` (missing, not a regular file, unreadable, too large,
    not UTF-8, bad TOML, too deep).  Opened as saves are: a regular file only, without
    blocking — a FIFO named like a rules file would hang every command and the app."""
    if not os.path.lexists(path):
        errors.append(f"{label}: file not found")
        return None
    try:
        data = versioned_json.read_regular(path, MAX_RULES_BYTES, _Refused)
    except _Refused as exc:  # its words start with the file's name: the label says it
        errors.append(f"{label}: cannot read: {str(exc).removeprefix(path.name + ': ')}")
        return None
    if len(data) > MAX_RULES_BYTES:
        errors.append(f"{label}: cannot read: {versioned_json.too_large(MAX_RULES_BYTES)}")
        return None
    try:
        text = data.decode("utf-8")
        # tomllib recurses per nesting level: refuse deep data before it overflows
        deep = find_too_deep(text)
        if deep is not None:
            item = f"{deep.item}:" if deep.item else ""
            field = deep.field or "?"
            errors.append(f"{label}:{item}{field}: nested deeper than {MAX_TOML_DEPTH} "
                          f"levels (line {deep.line})")
            return None
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        errors.append(f"{label}: TOML syntax error: {exc}")
    except UnicodeDecodeError as exc:
        errors.append(f"{label}: cannot read: {exc}")
    except RecursionError:  # a last resort, should the scanner ever miss a shape
        errors.append(f"{label}: values nested too deeply to read")
    return None
