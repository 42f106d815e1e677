"""The local profile of results: per format (or adventure) and difficulty, how many games
were played and won and the fewest turns of a win.  A versioned JSON file beside the
saves (in the user data folder), written atomically.

A damaged file is refused with a reason and left exactly as it is: nothing is recorded
over it (the player's history is worth more than one game's result), and the screens
that show records say why they cannot."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import versioned_json
from game.saves_folder import saves_dir
from game.settings import atomic_write_text
from game.validate import is_int

MAGIC = "star-realms-table-records"  # the name before Starfold: kept, so old files load
SCHEMA = 1
MAX_BYTES = 512 * 1024
RECENT = 64  # games already counted (a finished game opened again is not counted twice)
# Who played the humans, weakest first: a game's difficulty is its strongest AI seat.
AI_STRENGTH = ("random", "greedy", "easy", "normal", "hard")
PEOPLE_ONLY = "people"  # a difficulty: no AI seat (hot seat, phones)


class RecordsError(ValueError):
    """The records file cannot be used; the message says why."""


@dataclass(frozen=True)
class Record:
    played: int = 0
    won: int = 0
    best_turns: int = 0  # fewest turns of a win; 0 until a win

    def to_json(self) -> dict[str, int]:
        return {"played": self.played, "won": self.won, "best_turns": self.best_turns}


Records = dict[str, dict[str, Record]]  # format → difficulty → record


def records_path() -> Path:
    return saves_dir() / "records.json"


def _record(raw: Any, where: str) -> Record:
    if not isinstance(raw, dict):
        raise RecordsError(f"{where} is not an object")
    played, won, best = (raw.get(k) for k in ("played", "won", "best_turns"))
    if not (is_int(played, 0, 10**7) and is_int(won, 0, 10**7) and is_int(best, 0, 10**7)):
        raise RecordsError(f"{where} has a count that is not a whole number in range")
    if won > played:
        raise RecordsError(f"{where} has more wins than games")
    return Record(played, won, best)


def _name_ok(name: Any) -> bool:
    return isinstance(name, str) and 0 < len(name) <= 60 and name.replace("_", "").isalnum()


def parse(doc: Any) -> tuple[Records, list[str]]:
    """Records and the recent-game keys from a parsed document, or RecordsError."""
    doc = versioned_json.upgrade(doc, "records file", MAGIC, SCHEMA, {}, RecordsError)
    formats = doc.get("formats")
    recent = doc.get("recent", [])
    if not isinstance(formats, dict) or not isinstance(recent, list):
        raise RecordsError("the records file has no table of formats")
    out: Records = {}
    for fmt, diffs in formats.items():
        if not _name_ok(fmt) or not isinstance(diffs, dict):
            raise RecordsError(f"the records file has a bad format entry {str(fmt)[:40]!r}")
        for diff, raw in diffs.items():
            if not _name_ok(diff):
                raise RecordsError(f"the records of {fmt} have a bad difficulty")
            out.setdefault(fmt, {})[diff] = _record(raw, f"the record of {fmt}/{diff}")
    keys = [k for k in recent if isinstance(k, str) and len(k) <= 120][-RECENT:]
    return out, keys


def load(path: Path | None = None) -> tuple[Records, list[str]]:
    """The stored records (empty when there is no file yet); RecordsError when the file
    is damaged, too big, from a newer version or not ours."""
    path = path or records_path()
    if not path.exists() and not path.is_symlink():
        return {}, []
    doc = versioned_json.read(path, "records file", MAX_BYTES, RecordsError)
    return parse(doc)


def read(path: Path | None = None) -> tuple[Records, str]:
    """For screens: the records, and why they could not be read ("" when fine)."""
    try:
        return load(path)[0], ""
    except RecordsError as exc:
        return {}, str(exc)


def add_result(fmt: str, difficulty: str, won: bool, turns: int, game_key: str,
               path: Path | None = None) -> tuple[Records, str]:
    """Count one finished game.  Returns the records after it and a reason when nothing
    could be recorded: a damaged file is kept untouched, a failed write leaves the old
    file (the write is atomic).  A game already counted (same key) is not counted again."""
    path = path or records_path()
    try:
        records, recent = load(path)
    except RecordsError as exc:
        return {}, str(exc)
    if not (_name_ok(fmt) and _name_ok(difficulty)):
        return records, f"{fmt!r}/{difficulty!r} is not a name records can hold"
    if game_key in recent:
        return records, ""
    old = records.get(fmt, {}).get(difficulty, Record())
    best = old.best_turns
    if won:
        best = turns if best == 0 else min(best, turns)
    records.setdefault(fmt, {})[difficulty] = Record(old.played + 1, old.won + int(won), best)
    recent = [*recent, game_key][-RECENT:]
    doc = {"magic": MAGIC, "schema": SCHEMA,
           "saved": datetime.date.today().isoformat(),
           "formats": {f: {d: r.to_json() for d, r in ds.items()}
                       for f, ds in sorted(records.items())},
           "recent": recent}
    try:
        atomic_write_text(path, json.dumps(doc, indent=1))
    except OSError as exc:
        return records, f"the records could not be saved ({exc.strerror or exc})"
    return records, ""


def difficulty_of(controllers: list[str], adventure_difficulty: str | None) -> str:
    """An adventure's own difficulty; otherwise the strongest AI at the table, or
    PEOPLE_ONLY when every seat was a person."""
    if adventure_difficulty:
        return adventure_difficulty
    ais = [c for c in controllers if c in AI_STRENGTH]
    if not ais:
        return PEOPLE_ONLY
    return max(ais, key=AI_STRENGTH.index)
