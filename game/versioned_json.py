"""Reading the JSON files a player's machine holds (saves, campaigns, settings,
progress): the limits a damaged or hostile file needs, and the magic / schema-version
gate with step-by-step migrations.

Nothing here trusts the file system either: only regular files are read (a FIFO named
``*.json`` would block forever, a symlink loop would raise), opened without blocking and
read up to a size limit.  Parsed documents are walked once without recursion: too deep
a nesting, a NUL or a lone surrogate in any string (pygame cannot draw them, and they
cannot be written back as UTF-8) and non-finite numbers are refused with a reason.

Each caller passes its own error class and the word for its kind of file, so a
message reads "the save is from a newer version …" or "the campaign …"."""

from __future__ import annotations

import json
import logging
import math
import os
import re
import stat
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game import PRODUCT_NAME
from game.validate import is_int

Migration = Callable[[dict[str, Any]], dict[str, Any]]

# Far deeper than any file we write (a save's snapshot nests about 6 levels).
MAX_DEPTH = 32
_BAD_CHARS = re.compile("[\x00\ud800-\udfff]")
_log = logging.getLogger(__name__)


def too_large(max_bytes: int) -> str:
    """The reason an oversized file is refused (the same words whoever notices)."""
    return f"the file is larger than {max_bytes / 2**20:g} MB"


def read_regular(path: Path, max_bytes: int, error: type[Exception],
                 limit: int | None = None) -> bytes:
    """The bytes of a regular file, at most ``limit + 1`` of them (``limit`` defaults to
    ``max_bytes``; the one more lets the caller tell a longer file).  Opened without
    blocking: a FIFO or device is refused, and so is a file whose size already says it
    is larger than ``max_bytes`` (nothing of it is read)."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    name = Path(path).name
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise error(f"{name}: no such file") from None
    except OSError as exc:
        raise error(f"{name}: cannot be read ({exc.strerror or exc})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise error(f"{name}: not a regular file")
        if st.st_size > max_bytes:
            raise error(too_large(max_bytes))
        chunks, left = [], (max_bytes if limit is None else limit) + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    except OSError as exc:
        raise error(f"{name}: cannot be read ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def json_files(folder: Path, pattern: str = "*.json") -> list[Path]:
    """The regular ``*.json`` files of a folder, newest first.  Anything else with such
    a name (a FIFO, a broken symlink, a symlink loop, a folder) is skipped and logged;
    names starting with a dot are our own temp files."""
    try:
        entries = list(os.scandir(folder))
    except OSError as exc:
        _log.warning("cannot list %s: %s", folder, exc)
        return []
    found: list[tuple[float, str, Path]] = []
    for entry in entries:
        if entry.name.startswith(".") or not Path(entry.name).match(pattern):
            continue
        try:
            st = entry.stat()  # follows a symlink: a link to a regular file is fine
        except OSError as exc:
            _log.warning("skipping %s: %s", entry.path, exc)
            continue
        if not stat.S_ISREG(st.st_mode):
            _log.warning("skipping %s: not a regular file", entry.path)
            continue
        found.append((st.st_mtime, entry.name, Path(entry.path)))
    found.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [p for _, _, p in found]


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


def check_tree(doc: Any, what: str, error: type[Exception], max_depth: int = MAX_DEPTH) -> None:
    """Walk a parsed document without recursion; refuse what no file of ours contains.
    (Only containers go on the to-do list: a save is mostly long lists of numbers.)"""
    bad_text = _BAD_CHARS.search

    def refuse_text() -> None:
        raise error(f"the {what} has text with a NUL or an unpaired surrogate")

    def check_scalar(v: Any) -> None:
        t = type(v)
        if t is str:
            if bad_text(v):
                refuse_text()
        elif t is float and not math.isfinite(v):
            raise error(f"the {what} has a number out of range")

    if not isinstance(doc, (dict, list)):
        check_scalar(doc)
        return
    todo: list[tuple[Any, int]] = [(doc, 1)]
    while todo:
        value, depth = todo.pop()
        if depth > max_depth:
            raise error(f"the file is nested too deeply to be a {what}")
        if type(value) is dict:
            for k in value:
                if bad_text(k):
                    refuse_text()
            items = value.values()
        else:
            items = value
        for v in items:
            t = type(v)
            if t is int:
                continue
            if t is list or t is dict:
                todo.append((v, depth + 1))
            else:
                check_scalar(v)


def parse(data: bytes, what: str, max_bytes: int, error: type[Exception],
          max_depth: int = MAX_DEPTH, parse_float: Callable[[str], Any] | None = None) -> Any:
    """JSON → value, refusing oversized, non-UTF-8, too deeply nested or invalid text,
    NaN/Infinity, and strings no file of ours holds.  ``parse_float`` as json.loads
    takes it (settings read Decimals, so a number too large is one bad field)."""
    if len(data) > max_bytes:
        raise error(too_large(max_bytes))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error("the file is not UTF-8 text") from None
    try:
        doc = json.loads(text, parse_constant=_no_constant, parse_float=parse_float)
    except RecursionError:
        raise error(f"the file is nested too deeply to be a {what}") from None
    except ValueError as exc:
        raise error(f"the file is not valid JSON ({str(exc).splitlines()[0]})") from None
    check_tree(doc, what, error, max_depth)
    return doc


def read(path: Path, what: str, max_bytes: int, error: type[Exception],
         max_depth: int = MAX_DEPTH, parse_float: Callable[[str], Any] | None = None) -> Any:
    """``read_regular`` then ``parse``."""
    return parse(read_regular(path, max_bytes, error), what, max_bytes, error, max_depth,
                 parse_float)


def upgrade(doc: Any, what: str, magic: str, schema: int,
            migrations: Mapping[int, Migration], error: type[Exception]) -> dict[str, Any]:
    """Check the magic and schema version and migrate an older document step by step to
    ``schema``; a newer one, or one no migration reaches, is refused."""
    if not isinstance(doc, dict):
        raise error(f"the file is not a {what} (not a JSON object)")
    if doc.get("magic") != magic:
        raise error(f"the file is not a {PRODUCT_NAME} {what}")
    version = doc.get("schema")
    if not is_int(version, 0, 10**6):
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
