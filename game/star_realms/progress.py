"""Which adventures and difficulties have been won: JSON beside the saves, atomic."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from game import versioned_json
from game.settings import atomic_write_text
from game.star_realms.engine.adventure import DIFFICULTIES

SCHEMA = 1
MAX_BYTES = 1024 * 1024


def progress_path() -> Path:
    from game.star_realms.saves import saves_dir

    return saves_dir() / "progress.json"


def load_progress(path: Path | None = None) -> dict[str, dict[str, dict[str, int]]]:
    """{adventure: {difficulty: {"wins": n, "best_turns": t}}}; a broken file reads as
    empty (it is rewritten on the next win, nothing else depends on it)."""
    path = path or progress_path()
    try:
        raw = versioned_json.read(path, "progress file", MAX_BYTES, ValueError)
    except ValueError:
        return {}
    out: dict[str, dict[str, dict[str, int]]] = {}
    if not isinstance(raw, dict) or not isinstance(raw.get("adventures"), dict):
        return {}
    for aid, diffs in raw["adventures"].items():
        if not isinstance(aid, str) or not isinstance(diffs, dict):
            continue
        for diff, rec in diffs.items():
            if diff in DIFFICULTIES and isinstance(rec, dict):
                wins, best = rec.get("wins"), rec.get("best_turns")
                if isinstance(wins, int) and isinstance(best, int) and 0 < wins < 10**6:
                    out.setdefault(aid[:40], {})[diff] = {"wins": wins, "best_turns": best}
    return out


def record_win(adventure: str, difficulty: str, turns: int, path: Path | None = None) -> None:
    path = path or progress_path()
    data: dict[str, Any] = load_progress(path)
    rec = data.setdefault(adventure, {}).setdefault(difficulty, {"wins": 0,
                                                                 "best_turns": turns})
    rec["wins"] += 1
    rec["best_turns"] = min(rec["best_turns"], turns)
    atomic_write_text(path, json.dumps({"schema": SCHEMA, "adventures": data}, indent=1))
