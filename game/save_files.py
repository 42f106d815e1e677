"""What every game's save files share, whatever the game: writing one atomically under a
name of its own, reading one back through the magic and schema-version gate, listing a
game's saves newest first (damaged ones with a reason), the newest unfinished autosave
for Continue, and pruning autosaves and emergency saves.

A game describes its files with a :class:`SaveFormat` and keeps for itself what only it
knows: the configuration, the action log and its replay, the summary it shows.  This is
shell code (no game package, no pygame); the folder, names and pruning rules are
:mod:`game.saves_folder`'s, the limits on a hostile file :mod:`game.versioned_json`'s.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import secrets
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game import save_header, validate, versioned_json
from game.saves_folder import KEEP, KEEP_TOTAL, crashed_saves, saves_dir, unique_path
from game.settings import atomic_write_text

KINDS = ("manual", "autosave", "emergency")
CONTINUE_KINDS = ("autosave", "emergency")
UID_FIELD = "game_uid"  # which game in progress a save is a point of (docs/saves.md)
_UID = re.compile(r"[0-9a-z]{1,40}\Z")
SNIFF = 512  # bytes read of a file not named as a save, to find a renamed one's magic


@dataclass(frozen=True)
class SaveFormat:
    """One game's save files: what they carry and what they are called."""

    magic: str
    game_id: str
    title: str  # the game's name in a reason ("the file is not an Arcs save")
    schema: int
    max_bytes: int
    error: type[Exception]  # the game's SaveError: every refusal is one of these
    prefix: str = ""  # file names: <prefix><kind>-<time>.json
    migrations: Mapping[int, Any] = field(default_factory=dict)  # schema n → n+1
    # Saves from before there was more than one game name no game: this game's.
    untagged: bool = False


@dataclass(frozen=True)
class SaveInfo:
    """One save as a list shows it (its summary is shown, never trusted)."""

    path: Path
    kind: str
    saved_at: str
    summary: dict[str, Any]
    error: str = ""  # why it cannot be loaded ("" when it looks fine)
    game: str = ""  # the game in progress it is a point of (game_uid); "" when unreadable

    @property
    def unfinished(self) -> bool:
        return not self.error and not self.summary.get("over", False)


# ---------------------------------------------------------------------- writing


def write_document(path: Path, doc: Mapping[str, Any]) -> Path:
    """The document as compact JSON, replacing ``path`` atomically."""
    atomic_write_text(path, json.dumps(doc, separators=(",", ":")))
    return path


def save_document(fmt: SaveFormat, doc: Mapping[str, Any], kind: str,
                  folder: Path | None = None, keep: int | None = None) -> Path:
    """Write a new save of this kind; autosaves and emergency saves of this game type are
    then pruned per game in progress (:func:`prune_games`: ``keep`` points of each game,
    by default :data:`game.saves_folder.KEEP`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of save {kind!r}")
    folder = folder or saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = write_document(unique_path(folder, fmt.prefix + kind), doc)
    summary = doc.get("summary")
    _remember(path, (game_uid(doc, fmt.game_id),
                     isinstance(summary, dict) and summary.get("over") is True))
    keep = KEEP.get(kind) if keep is None else keep
    if keep is not None:
        prune_games(fmt, folder, kind, keep)
    return path


def tidy(fmt: SaveFormat, folder: Path | None = None) -> None:
    """Autosaves or emergency saves too many, left when a game died between writing and
    pruning (the shared temp files are the shell's: game.saves_folder.tidy)."""
    folder = folder or saves_dir()
    if folder.is_dir():
        for kind, keep in KEEP.items():
            prune_games(fmt, folder, kind, keep)


# ---------------------------------------------------------------------- which game


def new_game_uid() -> str:
    """A new game's identity.  Random, not derived: two games of one configuration (a
    seed typed twice, the host's default seed) are still two games."""
    return secrets.token_hex(8)


def derived_uid(game_id: str, config: Any) -> str:
    """The identity of a game whose saves carry none (written before saves did): its
    configuration, seed included, which every point of one game shares."""
    text = json.dumps([game_id, config], sort_keys=True, separators=(",", ":"))
    return "c" + hashlib.sha256(text.encode()).hexdigest()[:15]


def game_uid(doc: Mapping[str, Any], game_id: str) -> str:
    """Which game in progress a save document is a point of."""
    uid = doc.get(UID_FIELD)
    if isinstance(uid, str) and _UID.match(uid):
        return uid
    return derived_uid(game_id, doc.get("config"))


# ---------------------------------------------------------------------- pruning


class _Unreadable(Exception):
    pass


# (path, mtime, size) → (game, over) of a save file, or None when it is not readable as
# one: pruning after every autosave reads each older file once per run, not every turn.
_peeked: dict[tuple[str, int, int], tuple[str, bool] | None] = {}
PEEK_FIELDS = frozenset({"magic", "config", "summary"})
MAX_PEEKED = 2000


def _stat_key(path: Path) -> tuple[str, int, int] | None:
    try:
        st = path.stat()
    except OSError:
        return None
    return str(path), st.st_mtime_ns, st.st_size


def _remember(path: Path, found: tuple[str, bool] | None) -> None:
    key = _stat_key(path)
    if key is not None:
        if len(_peeked) >= MAX_PEEKED:
            _peeked.clear()
        _peeked[key] = found


def _peek(fmt: SaveFormat, path: Path) -> tuple[str, bool] | None:
    """(game, over) of one of this game's save files; None when it cannot be read."""
    key = _stat_key(path)
    if key is None:
        return None
    if key in _peeked:
        return _peeked[key]
    try:  # the small fields at the file's start when they read cleanly, else the whole
        doc = save_header.read_fields(path, "save", fmt.max_bytes, _Unreadable,
                                      PEEK_FIELDS) \
            or versioned_json.read(path, "save", fmt.max_bytes, _Unreadable)
    except _Unreadable:
        doc = None
    found = None
    if isinstance(doc, dict) and doc.get("magic") == fmt.magic:
        summary = doc.get("summary")
        found = (game_uid(doc, fmt.game_id),
                 isinstance(summary, dict) and summary.get("over") is True)
    _remember(path, found)
    return found


def prune_games(fmt: SaveFormat, folder: Path, kind: str, keep: int,
                total: int = KEEP_TOTAL) -> list[Path]:
    """Prune one kind of this game type's saves per game in progress; returns what went.

    Each game keeps its newest ``keep`` points; a finished game (its newest point says
    so) only its final one.  Over ``total`` files, finished games' final points go
    first, then the oldest older points of any game.  The newest point of an unfinished
    game is never removed, whichever game is saving; nor is a file that cannot be read
    (it may be a moment's failure, and Load says why it cannot be opened)."""
    pattern = f"{fmt.prefix}{kind}-*.json"
    paths = sorted(versioned_json.json_files(folder, pattern), key=lambda p: p.name,
                   reverse=True)  # names sort by time: newest first
    games: dict[str, list[Path]] = {}
    finished: set[str] = set()
    for path in paths:
        found = _peek(fmt, path)
        if found is None:
            continue
        game, over = found
        if game not in games:
            games[game] = []
            if over:
                finished.add(game)
        games[game].append(path)
    doomed: list[Path] = []
    spare: list[tuple[int, str, Path]] = []  # may go under the total: (order, name, path)
    kept = 0
    for game, points in games.items():
        limit = 1 if game in finished else max(keep, 1)
        doomed += points[limit:]
        kept += min(limit, len(points))
        if game in finished:
            spare += [(0, p.name, p) for p in points[:limit]]
        else:
            spare += [(1, p.name, p) for p in points[1:limit]]
    if kept > total:
        spare.sort()
        doomed += [p for _, _, p in spare[:kept - total]]
    for path in doomed:
        with contextlib.suppress(OSError):
            path.unlink()
    return doomed


# ---------------------------------------------------------------------- checking a document

NAME_MAX = 40  # a seat's name, as the setup screens take it


# Bidi controls reorder the text around a name (a log line, a phone's page): a name
# never needs one, so they are removed.  Zero-width characters and fillers show nothing.
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
BLANKS = frozenset("\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u2060\u2800"
                   "\u3164\ufeff\uffa0")

# Kept out of the name fields: pasted alone, a zero-width one crashes the field's drawing.
NAME_FORBIDDEN = sorted(BIDI_CONTROLS | BLANKS)


def seat_name(value: Any) -> str | None:
    """``value`` as a player's name, bidi controls removed; None unless that is 1..40
    characters with no control or unassigned ones and at least one that shows (a
    letter, digit, punctuation or symbol that is not a blank filler)."""
    if not isinstance(value, str):
        return None
    name = "".join(c for c in value if c not in BIDI_CONTROLS)
    if not 0 < len(name) <= NAME_MAX or any(
            unicodedata.category(c) in ("Cc", "Cs", "Cn") for c in name):
        return None
    shows = any(unicodedata.category(c)[0] in "LNPS" and c not in BLANKS for c in name)
    return name if shows else None


def is_seat_name(value: Any) -> bool:
    """A player's name that can be drawn on one line, as :func:`seat_name` leaves it."""
    return isinstance(value, str) and seat_name(value) == value


def parse_seats(raw: Any, players: int, controllers: Sequence[str],
                error: type[Exception]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """``config.seats`` of a save: one ``{"name", "controller"}`` per player; the names
    and the controllers (a human when absent)."""
    if not (isinstance(raw, list) and len(raw) == players):
        raise error("config.seats must list one seat per player")
    names, ctrls = [], []
    for i, seat in enumerate(raw):
        if not (isinstance(seat, dict) and set(seat) <= {"name", "controller"}):
            raise error(f"seat {i + 1} is not a seat")
        name, ctrl = seat_name(seat.get("name")), seat.get("controller", "human")
        if name is None:  # (an old save's bidi controls are dropped: they are no state)
            raise error(f"seat {i + 1} has no valid name (one that shows)")
        if ctrl not in controllers:
            raise error(f"seat {i + 1} has an unknown controller")
        names.append(name)
        ctrls.append(ctrl)
    return tuple(names), tuple(ctrls)


def check_action(raw: Any, i: int, players: int, fields: frozenset[str],
                 kinds: Sequence[str], texts: Sequence[str], max_text: int,
                 error: type[Exception]) -> str:
    """What every action of a save must be (an object of known fields and kind, a seat
    in the game, short texts); returns ``"action N"`` for the game's own checks."""
    where = f"action {i + 1}"
    if not isinstance(raw, dict):
        raise error(f"{where} is not an object")
    if not set(raw) <= fields:
        raise error(f"{where} has unknown fields")
    if raw.get("kind") not in kinds:
        raise error(f"{where} has an unknown kind")
    validate.need(validate.is_int(raw.get("seat"), 0, players - 1),
                  f"{where} has no valid seat", error)
    for name in texts:
        validate.need(validate.is_text(raw.get(name, ""), max_text, blank=True),
                      f"{where} has an invalid {name}", error)
    return where


# ---------------------------------------------------------------------- replaying

S = TypeVar("S")  # a game's state
A = TypeVar("A")  # its action


def replay_log(start: Callable[[], S], apply: Callable[[S, A], None], actions: Sequence[A],
               is_over: Callable[[S], bool], error: type[Exception],
               setup_errors: tuple[type[Exception], ...],
               illegal: type[Exception]) -> S:
    """A saved game rebuilt through its engine's one reducer: ``start()`` sets it up,
    then every action is applied; a setup that fails, an action after the end or an
    illegal action refuses the save with ``error`` (one line a player can read)."""
    try:
        state = start()
    except setup_errors as exc:
        raise error(f"the saved game cannot be set up: {exc}") from None
    for i, action in enumerate(actions):
        if is_over(state):
            raise error(f"action {i + 1} comes after the game was already over")
        try:
            apply(state, action)
        except illegal:
            kind = getattr(action, "kind", "?")
            raise error(f"action {i + 1} ({kind}) is not legal when replayed: "
                        "the save is damaged or was made with other rules") from None
    return state


def stored_snapshot(doc: Mapping[str, Any], title: str, error: type[Exception]) -> dict:
    """The snapshot a save stores (every save of these games has one)."""
    if "snapshot" not in doc:
        raise error(f"the save has no snapshot (every {title} save has one)")
    snap = doc["snapshot"]
    if not isinstance(snap, dict):
        raise error("the snapshot is damaged (not an object)")
    return snap


def check_snapshot(replayed: Mapping[str, Any], stored: Mapping[str, Any],
                   error: type[Exception]) -> None:
    if replayed != stored:
        raise error("the stored snapshot does not match the replayed game "
                    "(damaged, or saved with different rules)")


# ---------------------------------------------------------------------- reading


def _gate(fmt: SaveFormat, doc: Any) -> dict[str, Any]:
    """The magic (another game's save is named as such), the schema version (older ones
    migrated) and the game id of a parsed document, or of its small fields alone."""
    if isinstance(doc, dict) and doc.get("magic") != fmt.magic:
        game = doc.get("game")  # every save of a game this app hosts names its game
        if isinstance(game, str) and game != fmt.game_id:
            raise fmt.error(f"a save of another game ({game[:40]!r}), not {fmt.title}")
        raise fmt.error(f"the file is not {_article(fmt.title)} {fmt.title} save")
    doc = versioned_json.upgrade(doc, "save", fmt.magic, fmt.schema, fmt.migrations, fmt.error)
    if doc.get("game", fmt.game_id if fmt.untagged else None) != fmt.game_id:
        raise fmt.error(f"the save names no game, or another game than {fmt.title}")
    return doc


def parse_document(fmt: SaveFormat, data: bytes) -> dict[str, Any]:
    """Bytes → the save's document at the current schema: size, nesting and number
    limits, then the magic, schema version and game id (:func:`_gate`)."""
    return _gate(fmt, versioned_json.parse(data, "save", fmt.max_bytes, fmt.error))


def read_document(fmt: SaveFormat, path: Path) -> dict[str, Any]:
    return parse_document(fmt, versioned_json.read_regular(Path(path), fmt.max_bytes,
                                                           fmt.error))


# Every top-level field a list, Continue and the gate read: a save that has them all
# before its log is listed from its start alone (saves from before "game" or
# "game_uid" existed are read whole, as they list the same that way).
HEADER_FIELDS = frozenset({"magic", "schema", "game", UID_FIELD, "kind", "saved_at",
                           "config", "summary"})


def read_header(fmt: SaveFormat, path: Path,
                read: Callable[[Path], dict[str, Any]] | None = None) -> dict[str, Any]:
    """What a list and Continue need — kind, time, summary, config — without parsing the
    whole file (:mod:`game.save_header`), through the same gate as loading; a file whose
    small fields cannot be read from its start is read whole by ``read`` (by default
    :func:`read_document`), so the verdict is always loading's."""
    found = save_header.read_fields(Path(path), "save", fmt.max_bytes, fmt.error,
                                    HEADER_FIELDS)
    if found is None:
        return read_document(fmt, path) if read is None else read(path)
    return _gate(fmt, found)


def _article(title: str) -> str:
    return "an" if title[:1].upper() in "AEIOU" else "a"


def read_info(fmt: SaveFormat, path: Path, safe_summary: Callable[[dict[str, Any]], dict],
              check: Callable[[dict[str, Any]], object] | None = None,
              read: Callable[[Path], dict[str, Any]] | None = None) -> SaveInfo:
    """A save as a list shows it: its kind, time and summary (through ``safe_summary``,
    which keeps only well-typed fields), or the reason it cannot be loaded.  Only the
    file's small fields are read (:func:`read_header`).  ``check`` may look further into
    them (raising the game's error); ``read`` replaces :func:`read_document` for a game
    that reads its files its own way."""
    try:
        doc = read_header(fmt, path, read)
        raw = doc.get("summary")
        if not isinstance(raw, dict):
            # Shown, never trusted, never needed to load: a save without one loads (and
            # replays) as any other, so the list shows it unknown rather than damaged.
            raw = {}
        if check is not None:
            check(doc)
        raw_kind = doc.get("kind")
        kind = raw_kind if isinstance(raw_kind, str) and raw_kind in KINDS else "manual"
        raw_at = doc.get("saved_at")
        saved_at = raw_at if isinstance(raw_at, str) else ""
        return SaveInfo(path, kind, saved_at[:40], safe_summary(raw),
                        game=game_uid(doc, fmt.game_id))
    except fmt.error as exc:
        return SaveInfo(path, "manual", "", {}, str(exc))


# ---------------------------------------------------------------------- listing


def save_files(fmt: SaveFormat, folder: Path, kinds: tuple[str, ...] = KINDS) -> list[Path]:
    """This game's save files of these kinds, newest first (only names it writes)."""
    prefixes = tuple(f"{fmt.prefix}{k}-" for k in kinds)
    return [p for p in versioned_json.json_files(folder, f"{fmt.prefix}*.json")
            if p.name.startswith(prefixes)]


def _sniffed_magic(path: Path) -> str:
    """The magic at the start of a file as this app writes saves (``{"magic":"…"``);
    "" when it has none there or cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except OSError:
        return ""
    try:
        head = os.read(fd, SNIFF)
    except OSError:
        return ""
    finally:
        os.close(fd)
    found = re.match(rb'\s*\{\s*"magic"\s*:\s*"([a-z0-9-]{1,64})"', head)
    return found.group(1).decode() if found else ""


def listed_files(fmt: SaveFormat, folder: Path) -> list[Path]:
    """What this game's Load lists, newest first: its saves by name, and a save of this
    game renamed by hand (its magic says so).  Nothing else in the shared folder (the
    records file, another game's saves, stray JSON) is a save of this game."""
    named = save_files(fmt, folder)
    known = set(named)
    prefixes = tuple(f"{fmt.prefix}{k}-" for k in KINDS)
    renamed = [p for p in versioned_json.json_files(folder)
               if p not in known and not p.name.startswith(prefixes)
               and _sniffed_magic(p) == fmt.magic]
    if not renamed:
        return named
    return [p for p in versioned_json.json_files(folder) if p in known or p in renamed]


def list_saves(fmt: SaveFormat, info: Callable[[Path], SaveInfo],
               folder: Path | None = None) -> list[SaveInfo]:
    """Every save of this game in the folder, newest first (damaged ones included, with
    a reason); ``info`` reads one (usually :func:`read_info` with the game's summary)."""
    folder = folder or saves_dir()
    return [info(p) for p in listed_files(fmt, folder)] if folder.is_dir() else []


# (path, mtime, size) → "" or why the file does not load: Continue checks a save fully
# once, not at every visit of the menu.
_load_checks: dict[tuple[str, int, int], str] = {}


def load_problem(path: Path, load: Callable[[Path], object],
                 error: type[Exception]) -> str:
    """"" when ``load(path)`` opens the save, else why not (remembered for this file as
    it is now)."""
    key = _stat_key(path)
    if key is None:
        return "the file is gone"
    if key not in _load_checks:
        try:
            load(path)
            why = ""
        except error as exc:
            why = str(exc) or type(exc).__name__
        except Exception as exc:  # an engine failing on a save must not take the menu down
            why = f"{type(exc).__name__}: {exc}"
        if len(_load_checks) >= MAX_PEEKED:
            _load_checks.clear()
        _load_checks[key] = why
    return _load_checks[key]


def refused(path: Path, why: str) -> None:
    """Opening the save failed (``why``): Continue does not offer it again as it is."""
    key = _stat_key(path)
    if key is not None and why:
        _load_checks[key] = why


def latest_unfinished(fmt: SaveFormat, info: Callable[[Path], SaveInfo],
                      folder: Path | None = None,
                      problem: Callable[[Path], str] | None = None) -> SaveInfo | None:
    """What Continue offers of this game type: the newest autosave or emergency save of
    a game in progress, newest game first.

    A game whose newest readable point ended, or crashed the game once, is not offered
    at all (no crash loop through one of its older points).  A point that cannot be
    read, or that ``problem`` says does not load, is passed over for the next one: of
    the same game, else of another."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return None
    crashed = crashed_saves(folder)
    settled: set[str] = set()  # games whose newest point ended or crashed
    for path in save_files(fmt, folder, CONTINUE_KINDS):
        found = info(path)
        if found.error or found.game in settled:
            continue
        if found.path.name in crashed or not found.unfinished:
            settled.add(found.game)
            continue
        if problem is not None and problem(path):
            continue
        return found
    return None
