"""Player settings: stored as JSON in the user config dir, written atomically.

A missing, unreadable or hand-broken settings file never stops the game: every
bad value falls back to its default and the problem is reported once.
"""

from __future__ import annotations

import contextlib
import json
import logging
import math
import os
import tempfile
import time
from dataclasses import asdict, dataclass, field, fields, replace
from decimal import Decimal
from pathlib import Path
from typing import Any

from game import versioned_json
from game.user_dirs import config_dir

SCHEMA = 5
ANIMATION_SPEEDS = (0.0, 0.5, 1.0, 2.0)  # off, slow, normal, fast
# How the boss's turn is paced: at "normal" each step shows as long as the table's
# animation takes; the slower ones hold each step longer; "step" waits for a click.
BOSS_PACES = ("normal", "slow", "slower", "step")
# The table's "Card size" and "Text size": small, normal, large, huge.  Normal cards
# are the largest the window's layout fits; the others scale that (within what fits).
TABLE_SIZES = (0.85, 1.0, 1.1, 1.2)
_log = logging.getLogger(__name__)


def _add_boss_pace(raw: dict[str, Any]) -> dict[str, Any]:
    # schema 1 had no choice: its boss turns ran at what is now "normal"
    return {**raw, "boss_pace": raw.get("boss_pace", "normal")}


def _add_table_sizes(raw: dict[str, Any]) -> dict[str, Any]:
    # schema 2 had no choice: the table's cards and text were what is now "normal"
    return {**raw, "card_size": raw.get("card_size", 1.0),
            "text_size": raw.get("text_size", 1.0)}


def _add_autoplay(raw: dict[str, Any]) -> dict[str, Any]:
    # schema 3 had no autoplay conveniences: both start off
    return {**raw, "autoplay_hand": raw.get("autoplay_hand", False),
            "auto_ally": raw.get("auto_ally", False)}


def _add_last_setup(raw: dict[str, Any]) -> dict[str, Any]:
    # schema 4 remembered no setup: each game's setup screen opens on its defaults
    return {**raw, "last_setup": raw.get("last_setup", {})}


# schema N → N + 1, applied in turn to an older file
MIGRATIONS = {1: _add_boss_pace, 2: _add_table_sizes, 3: _add_autoplay, 4: _add_last_setup}


@dataclass
class Settings:
    language: str = ""  # "" = follow the system language
    fullscreen: bool = False
    ui_scale: float = 1.0
    animation_speed: float = 1.0
    volume: float = 0.7
    mute: bool = False
    auto_apply: bool = True  # use unambiguous gains (trade, combat, authority, draw) at once
    window_width: int = 1280
    window_height: int = 720
    boss_pace: str = "normal"  # one of BOSS_PACES
    card_size: float = 1.0  # one of TABLE_SIZES: the table's cards
    text_size: float = 1.0  # one of TABLE_SIZES: the table's log, panels and counters
    # Autoplay (game/star_realms/ui/autoplay.py), both opt-in: playing a hand card plays
    # the whole hand in a safe order; ally abilities that ask nothing are used at once.
    autoplay_hand: bool = False
    auto_ally: bool = False
    # Each game's last setup, by game id (``{"star_realms": {"format": "ffa", "sets":
    # [...], "seats": [[name, kind], ...]}}``; Arcs and Forbidden Stars keep seats and
    # ``"options"``): its setup screen opens on it.  Only the
    # shape is checked here (the shell knows no game's formats); the game's screen
    # checks the values and falls back to its defaults for any it does not know.
    last_setup: dict[str, dict[str, Any]] = field(default_factory=dict)

    def validated(self) -> tuple[Settings, list[str]]:
        """A copy with every value of the wrong type or out of range replaced by its
        default, and the reasons.  Never raises, whatever the fields hold (a 401-digit
        number, a string, None): a settings file must not stop the game."""
        default = Settings()
        problems: list[str] = []
        values = {}
        for f in fields(Settings):
            value, problem = _checked(f.name, getattr(self, f.name), getattr(default, f.name))
            values[f.name] = value
            if problem:
                problems.append(problem)
        return Settings(**values), problems

    def with_setup(self, game_id: str, entry: dict[str, Any]) -> Settings:
        """A copy that remembers ``entry`` as ``game_id``'s last setup."""
        return replace(self, last_setup={**self.last_setup, game_id: entry})


# What each setting may hold, besides its type: a closed range or a list of choices.
RANGES: dict[str, tuple[float, float]] = {
    "ui_scale": (0.5, 2.5), "volume": (0.0, 1.0),
    "window_width": (640, 8192), "window_height": (360, 8192)}
CHOICES: dict[str, tuple[Any, ...]] = {
    "language": ("", "en", "ru"), "animation_speed": ANIMATION_SPEEDS,
    "boss_pace": BOSS_PACES, "card_size": TABLE_SIZES, "text_size": TABLE_SIZES}


def _shown(value: Any) -> str:
    """A value as a problem line shows it: short, whatever it is (a 401-digit number
    or a megabyte of text would flood the log)."""
    text = str(value) if isinstance(value, Decimal) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _as_number(value: Any) -> float | None:
    """A finite float for a JSON number (int, float or Decimal), else None: a huge
    integer does not fit a float (OverflowError) and 1e999 is infinite."""
    if isinstance(value, bool) or not isinstance(value, (int, float, Decimal)):
        return None
    try:
        number = float(value)
    except (OverflowError, ValueError):
        return None
    return number if math.isfinite(number) else None


# "options": a game's other choices by name (Arcs' Leaders & Lore, who starts, Forbidden
# Stars' factions): each a true/false, a small whole number, an id or a list of ids
SETUP_KEYS = ("format", "sets", "seats", "options")
MAX_ID = 40  # a game, format, set or seat kind id
MAX_NAME = 40  # a seat's name (the screens cut it shorter)
MAX_LIST = 12  # sets or seats of one setup; games remembered; a setup's options
MAX_OPTION_INT = 1000  # a remembered whole number (a seat, a count) is small


def _short_text(value: Any, limit: int) -> bool:
    return isinstance(value, str) and len(value) <= limit


def _option_ok(value: Any) -> bool:
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) <= MAX_OPTION_INT
    if isinstance(value, list):
        return len(value) <= MAX_LIST and all(_short_text(v, MAX_ID) for v in value)
    return _short_text(value, MAX_ID)


def _options_ok(options: Any) -> bool:
    return (isinstance(options, dict) and len(options) <= MAX_LIST
            and all(_short_text(k, MAX_ID) and _option_ok(v) for k, v in options.items()))


def _setup_ok(setup: Any) -> bool:
    """A remembered setup of the right shape: known keys, short ids, at most a dozen
    sets, seats and options, each seat a [name, kind] pair."""
    if not isinstance(setup, dict) or not set(setup) <= set(SETUP_KEYS):
        return False
    sets, seats = setup.get("sets", []), setup.get("seats", [])
    return (_short_text(setup.get("format", ""), MAX_ID)
            and _options_ok(setup.get("options", {}))
            and isinstance(sets, list) and len(sets) <= MAX_LIST
            and all(_short_text(s, MAX_ID) for s in sets)
            and isinstance(seats, list) and len(seats) <= MAX_LIST
            and all(isinstance(p, list) and len(p) == 2 and _short_text(p[0], MAX_NAME)
                    and _short_text(p[1], MAX_ID) for p in seats))


def _checked_setups(value: Any) -> tuple[dict[str, Any], str | None]:
    """The remembered setups: any game's entry of the wrong shape is forgotten (that game's
    screen opens on its defaults), the others kept."""
    if not isinstance(value, dict):
        return {}, "last_setup must be an object"
    kept = {k: v for k, v in value.items()
            if _short_text(k, MAX_ID) and _setup_ok(v)}
    if len(kept) > MAX_LIST:
        return {}, "last_setup holds too many games"
    if len(kept) < len(value):
        bad = sorted(str(k) for k in value if k not in kept)
        return kept, f"last_setup of {_shown(', '.join(bad))} is not a valid setup"
    return kept, None


def _checked(name: str, value: Any, default: Any) -> tuple[Any, str | None]:
    """``value`` made the type of ``default`` and checked against the setting's range
    or choices; else ``default`` and why."""
    if name == "last_setup":
        return _checked_setups(value)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            return default, f"{name} must be true/false"
    elif isinstance(default, int):
        if isinstance(value, bool) or not isinstance(value, int):
            return default, f"{name} must be a whole number"
    elif isinstance(default, float):
        number = _as_number(value)
        if number is None:
            return default, f"{name} must be a number of sensible size, not {_shown(value)}"
        value = number
    elif not isinstance(value, str):
        return default, f"{name} must be text"
    if name in RANGES:
        lo, hi = RANGES[name]
        if not lo <= value <= hi:
            return default, f"{name} {_shown(value)} is outside {lo}..{hi}"
    if name in CHOICES and value not in CHOICES[name]:
        return default, f"{name} {_shown(value)} is not one of {CHOICES[name]}"
    return value, None


def settings_path() -> Path:
    return config_dir() / "settings.json"


TMP_SUFFIX = ".tmp"
# A temp file this old is the leftover of a write that was killed (a write takes ms).
STALE_TMP_SECONDS = 60.0
MAX_SETTINGS_BYTES = 64 * 1024


def fsync_dir(folder: Path) -> None:
    """Make a rename in ``folder`` durable: without this a power cut right after the
    rename can lose the new file's directory entry.  (Not possible on Windows.)"""
    if os.name == "nt":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass  # some file systems refuse it; the rename still happened
    finally:
        os.close(fd)


def atomic_write_text(path: Path, text: str) -> None:
    """Write via a temp file in the same folder, fsync, rename over the target, fsync the
    folder: a crash or power cut mid-write leaves the previous file intact."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    fsync_dir(path.parent)


def remove_stale_temp_files(folder: Path, older_than: float = STALE_TMP_SECONDS) -> int:
    """Delete the ``.NAME.*.tmp`` files that killed writes left behind; returns how many.
    Young ones are kept: another instance of the game may be writing right now."""
    removed = 0
    now = time.time()
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return 0
    for entry in entries:
        if not (entry.name.startswith(".") and entry.name.endswith(TMP_SUFFIX)):
            continue
        try:
            if entry.is_file(follow_symlinks=False) and \
                    now - entry.stat(follow_symlinks=False).st_mtime > older_than:
                os.unlink(entry.path)
                removed += 1
        except OSError:
            continue
    return removed


def load_settings(path: Path | None = None) -> tuple[Settings, list[str]]:
    """Settings and a list of problems found (empty when the file was fine or absent)."""
    path = path or settings_path()
    if not os.path.lexists(path):
        return Settings(), []
    settings, problems = _load(path)
    for problem in problems:  # a player who asks why a setting reset finds it in the log
        _log.warning("settings: %s", problem)
    return settings, problems


def _load(path: Path) -> tuple[Settings, list[str]]:
    try:
        # Decimal: a number too large for a float (1e999) is one bad setting, falling
        # back alone, rather than a whole file refused as out of range
        raw = versioned_json.read(path, "settings file", MAX_SETTINGS_BYTES, ValueError,
                                  parse_float=Decimal)
    except ValueError as exc:
        return Settings(), [f"{path.name} could not be read ({exc}); using defaults"]
    if not isinstance(raw, dict):
        return Settings(), [f"{path.name} is not a JSON object; using defaults"]
    raw = migrated(raw)
    given = {f.name: raw[f.name] for f in fields(Settings) if f.name in raw}
    # validated() checks types as well as ranges: the file's values go in unconverted
    return Settings(**given).validated()


def migrated(raw: dict[str, Any]) -> dict[str, Any]:
    """An older file's values brought up to SCHEMA step by step.  A file without a
    version is read as schema 1; a newer one is read as it is (unknown fields are
    ignored, known ones still checked): settings never refuse to load."""
    version = raw.get("schema", 1)
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        version = 1
    while version < SCHEMA:
        raw = MIGRATIONS[version](raw)
        version += 1
    return raw


def save_settings(settings: Settings, path: Path | None = None) -> None:
    data = {"schema": SCHEMA, **asdict(settings)}
    atomic_write_text(path or settings_path(), json.dumps(data, indent=1))
