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

import json
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from game import validate, versioned_json
from game.saves_folder import KEEP, crashed_saves, prune, saves_dir, unique_path
from game.settings import atomic_write_text

KINDS = ("manual", "autosave", "emergency")
CONTINUE_KINDS = ("autosave", "emergency")


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


@dataclass(frozen=True)
class SaveInfo:
    """One save as a list shows it (its summary is shown, never trusted)."""

    path: Path
    kind: str
    saved_at: str
    summary: dict[str, Any]
    error: str = ""  # why it cannot be loaded ("" when it looks fine)

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
    """Write a new save of this kind; autosaves and emergency saves then keep only the
    newest ``keep`` of this game's saves of their kind (by default
    :data:`game.saves_folder.KEEP`)."""
    if kind not in KINDS:
        raise ValueError(f"unknown kind of save {kind!r}")
    folder = folder or saves_dir()
    folder.mkdir(parents=True, exist_ok=True)
    path = write_document(unique_path(folder, fmt.prefix + kind), doc)
    keep = KEEP.get(kind) if keep is None else keep
    if keep is not None:
        prune(folder, fmt.prefix + kind, keep)
    return path


def tidy(fmt: SaveFormat, folder: Path | None = None) -> None:
    """One autosave or emergency save too many, left when a game died between writing
    and pruning (the shared temp files are the shell's: game.saves_folder.tidy)."""
    folder = folder or saves_dir()
    if folder.is_dir():
        for kind, keep in KEEP.items():
            prune(folder, fmt.prefix + kind, keep)


# ---------------------------------------------------------------------- checking a document

NAME_MAX = 40  # a seat's name, as the setup screens take it


def is_seat_name(value: Any) -> bool:
    """A player's name that can be drawn on one line: 1..40 characters, not blank, no
    control or unassigned characters."""
    return (isinstance(value, str) and 0 < len(value) <= NAME_MAX and value.strip() != ""
            and not any(unicodedata.category(c) in ("Cc", "Cs", "Cn") for c in value))


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
        name, ctrl = seat.get("name"), seat.get("controller", "human")
        if not is_seat_name(name):
            raise error(f"seat {i + 1} has no valid name")
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


def parse_document(fmt: SaveFormat, data: bytes) -> dict[str, Any]:
    """Bytes → the save's document at the current schema: size, nesting and number
    limits, then the magic (another game's save is named as such), the schema version
    (older ones migrated) and the game id."""
    doc = versioned_json.parse(data, "save", fmt.max_bytes, fmt.error)
    if isinstance(doc, dict) and doc.get("magic") != fmt.magic:
        game = doc.get("game")  # every save of a game this app hosts names its game
        if isinstance(game, str) and game != fmt.game_id:
            raise fmt.error(f"a save of another game ({game[:40]!r}), not {fmt.title}")
        raise fmt.error(f"the file is not {_article(fmt.title)} {fmt.title} save")
    doc = versioned_json.upgrade(doc, "save", fmt.magic, fmt.schema, fmt.migrations, fmt.error)
    if doc.get("game") != fmt.game_id:
        raise fmt.error(f"the save names no game, or another game than {fmt.title}")
    return doc


def read_document(fmt: SaveFormat, path: Path) -> dict[str, Any]:
    return parse_document(fmt, versioned_json.read_regular(Path(path), fmt.max_bytes,
                                                           fmt.error))


def _article(title: str) -> str:
    return "an" if title[:1].upper() in "AEIOU" else "a"


def read_info(fmt: SaveFormat, path: Path, safe_summary: Callable[[dict[str, Any]], dict],
              check: Callable[[dict[str, Any]], object] | None = None,
              read: Callable[[Path], dict[str, Any]] | None = None) -> SaveInfo:
    """A save as a list shows it: its kind, time and summary (through ``safe_summary``,
    which keeps only well-typed fields), or the reason it cannot be loaded.  ``check``
    may look further into the document (raising the game's error); ``read`` replaces
    :func:`read_document` for a game that reads its files its own way."""
    try:
        doc = read_document(fmt, path) if read is None else read(path)
        raw = doc.get("summary")
        if not isinstance(raw, dict):
            raise fmt.error("the save has no summary")
        if check is not None:
            check(doc)
        kind = doc.get("kind") if doc.get("kind") in KINDS else "manual"
        saved_at = doc.get("saved_at") if isinstance(doc.get("saved_at"), str) else ""
        return SaveInfo(path, kind, saved_at[:40], safe_summary(raw))
    except fmt.error as exc:
        return SaveInfo(path, "manual", "", {}, str(exc))


# ---------------------------------------------------------------------- listing


def save_files(fmt: SaveFormat, folder: Path, kinds: tuple[str, ...] = KINDS) -> list[Path]:
    """This game's save files of these kinds, newest first (only names it writes)."""
    prefixes = tuple(f"{fmt.prefix}{k}-" for k in kinds)
    return [p for p in versioned_json.json_files(folder, f"{fmt.prefix}*.json")
            if p.name.startswith(prefixes)]


def list_saves(fmt: SaveFormat, info: Callable[[Path], SaveInfo],
               folder: Path | None = None) -> list[SaveInfo]:
    """Every save of this game in the folder, newest first (damaged ones included, with
    a reason); ``info`` reads one (usually :func:`read_info` with the game's summary)."""
    folder = folder or saves_dir()
    return [info(p) for p in save_files(fmt, folder)] if folder.is_dir() else []


def latest_unfinished(fmt: SaveFormat, info: Callable[[Path], SaveInfo],
                      folder: Path | None = None) -> SaveInfo | None:
    """The newest readable autosave or emergency save of this game when its game is
    unfinished (an ended game's last autosave hides the older ones of that game); a save
    the game crashed with once is not offered again (no crash loop through Continue)."""
    folder = folder or saves_dir()
    if not folder.is_dir():
        return None
    for path in save_files(fmt, folder, CONTINUE_KINDS):
        found = info(path)
        if not found.error:
            if found.path.name in crashed_saves(folder):
                return None
            return found if found.unfinished else None
    return None
