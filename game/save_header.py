"""A save's small fields without parsing the whole file: what a Load list and Continue need.

Every writer puts the small top-level fields first — ``magic``, ``schema``, ``game``,
``app_version``, ``saved_at``, ``kind``, ``config``, ``summary`` — and the big ones last
(``actions``, ``snapshot``).  :func:`read_fields` reads at most :data:`PREFIX_BYTES` of
the file and decodes the top-level object one value at a time with
:meth:`json.JSONDecoder.raw_decode`, stopping at the first big field.  A file of
millions of ``{}`` objects therefore costs a bounded read, not gigabytes of dicts.

The verdict must never differ from loading's (issue 36, items 12 and 17): the header is
read only when it is read cleanly; anything unusual — a file that fits the prefix
anyway, a value cut by the prefix's end, text that is not JSON, too deep a value, a
key order no writer of ours uses — is handed to the full reader (bounded by the game's
size limit), which says exactly what loading says.  Shell code: no game, no pygame.
"""

from __future__ import annotations

import codecs
import json
from pathlib import Path
from typing import Any

from game import versioned_json

# Far more than the small fields of any save we write (a 6-seat summary and config are
# under 2 KB; a whole save is 20-70 KB); a header that does not fit is read whole.
PREFIX_BYTES = 16 * 1024
# Where a writer's small fields end: the log and the snapshot are the bulk of a save.
BIG_FIELDS = frozenset({"actions", "snapshot"})

_WS = " \t\n\r"


class _NotClean(Exception):
    """The prefix could not be read cleanly: the full reader decides."""


def read_prefix(path: Path, limit: int, max_bytes: int,
                error: type[Exception]) -> tuple[bytes, bool]:
    """At most ``limit`` bytes of a regular file and whether that is the whole file.
    Opened without blocking (a FIFO or device is refused); a file larger than
    ``max_bytes`` is refused by its size, before anything is read."""
    data = versioned_json.read_regular(path, max_bytes, error, limit=limit)
    return data[:limit], len(data) <= limit


def _skip_ws(text: str, i: int) -> int:
    while i < len(text) and text[i] in _WS:
        i += 1
    if i >= len(text):
        raise _NotClean  # the prefix ended: what follows is unknown
    return i


def _no_constant(name: str) -> Any:
    raise _NotClean  # NaN / Infinity: the full reader refuses it with its own words


_DECODER = json.JSONDecoder(parse_constant=_no_constant)


def scan_fields(text: str, needed: frozenset[str]) -> dict[str, Any]:
    """The top-level fields of the JSON object ``text`` begins, up to the first of
    :data:`BIG_FIELDS`, having seen every one of ``needed``; raises _NotClean when that
    cannot be told from ``text`` alone."""
    i = _skip_ws(text, 0)
    if text[i] != "{":
        raise _NotClean
    i += 1
    found: dict[str, Any] = {}
    i = _skip_ws(text, i)
    if text[i] == "}":
        raise _NotClean  # "{}" then more: not a save, let the full reader word it
    while True:
        if text[i] != '"':
            raise _NotClean
        # (untyped library: typeshed does not list json.decoder's scanstring)
        key, i = json.decoder.scanstring(text, i + 1)  # type: ignore[attr-defined]
        i = _skip_ws(text, i)
        if text[i] != ":":
            raise _NotClean
        if key in BIG_FIELDS:
            if not needed <= found.keys():
                raise _NotClean
            return found
        if key in found:
            raise _NotClean  # json.loads keeps the last one: let it decide
        i = _skip_ws(text, i + 1)
        found[key], i = _DECODER.raw_decode(text, i)
        i = _skip_ws(text, i)
        if text[i] != ",":  # "}": the object ended in the prefix, yet the file goes on
            raise _NotClean
        i = _skip_ws(text, i + 1)


def read_fields(path: Path, what: str, max_bytes: int, error: type[Exception],
                needed: frozenset[str]) -> dict[str, Any] | None:
    """A save's top-level small fields, read from at most :data:`PREFIX_BYTES` of the
    file and checked as a whole file would be (:func:`versioned_json.check_tree`); None
    when the prefix cannot be read cleanly, lacks one of ``needed`` before the big fields
    (an older save, a hand-edited order) or is the whole file: then the caller's full
    reader, bounded by ``max_bytes``, gives the verdict loading gives.  Raises ``error``
    only for what loading refuses too: not a regular file, too large, bad text."""
    data, whole = read_prefix(path, PREFIX_BYTES, max_bytes, error)
    if whole:
        return None  # small enough to read whole, exactly as loading reads it
    try:
        # an incremental decoder: a character cut by the prefix's end is not an error
        text = codecs.getincrementaldecoder("utf-8")().decode(data, final=False)
        found = scan_fields(text, needed)
    except (_NotClean, ValueError, RecursionError):
        return None  # JSONDecodeError, bad UTF-8, too deep: the full reader words it
    versioned_json.check_tree(found, what, error)
    return found
