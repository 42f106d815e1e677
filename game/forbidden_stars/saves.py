"""Forbidden Stars saves: versioned JSON, written atomically, read without trusting anything.

The shape is Arcs' and Star Realms' (docs/saves.md): the configuration (players, seed,
each seat's faction, name and controller, quick setup or the board built by the
players), the action log from the seed, a summary for the Load list and a snapshot of the
final state.  Loading checks every field, then replays the log through
``legal_actions``/``apply`` (an action that is not legal refuses the save) and compares
the snapshot.  Nothing in a save is executed.

The game-agnostic part (atomic writing, the magic and schema gate, listing, pruning) is
the shell's :mod:`game.save_files`.  Files share the saves folder with the other games'
under names of their own (``forbidden_stars-<kind>-<time>.json``) and carry their own
magic: no game lists, prunes or loads another's saves.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__, validate
from game import save_files as shared
from game.forbidden_stars.ai.base import LEVELS
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rules import IllegalAction, acting_seat, apply
from game.forbidden_stars.engine.setup import SetupError, new_game
from game.forbidden_stars.engine.state import OVER, RANDOM_FIRST, Action, GameConfig, State
from game.save_files import KINDS, SaveInfo

MAGIC = "forbidden-stars-table-save"
GAME_ID = "forbidden_stars"
# 2: config.retreat_without_path (issue 38: the retreat path); 3:
# config.forces_on_faction_tile (issue 38: starting forces on any tile the player places)
SCHEMA = 3
PREFIX = "forbidden_stars-"  # file names: forbidden_stars-autosave-20261123-101500-123.json
# 10x the largest save measured (35 KB: 4 random bots who build the board, 711
# actions; issue 36): a bigger file is refused by its size, unread
MAX_BYTES = 384 * 1024
MAX_ACTIONS = 100_000
MIN_SEATS, MAX_SEATS = 2, 4
MAX_TEXT = 200  # an action's card / target / source / extra
CONTROLLERS = ("human", "remote", *LEVELS)  # remote: a phone (docs/remote.md)
# Every kind the reducer knows (game.forbidden_stars.engine.rules._HANDLERS); a test
# keeps this list in step.
ACTION_KINDS = ("place", "reveal", "resolve", "decline", "buy", "build", "upgrade", "combat",
                "prosper", "move", "ground", "done", "destroy", "storm", "strike",
                "reinforce", "play", "effect", "scheme", "tile", "force", "objective",
                "warp", "damage", "retreat")
ACTION_FIELDS = frozenset(Action._fields)
# schema n → n+1; a save from an older schema is walked up this chain.
MIGRATIONS: dict[int, Any] = {}


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """A game saved before the book's retreat path goes on under the rule it began with
    (GameConfig.retreat_without_path), so its log replays as played."""
    if isinstance(doc.get("config"), dict):
        doc["config"]["retreat_without_path"] = True
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """A game saved before the book's board building goes on under the rule it began
    with (GameConfig.forces_on_faction_tile): its log has no setup "done"."""
    if isinstance(doc.get("config"), dict):
        doc["config"]["forces_on_faction_tile"] = True
    return doc


MIGRATIONS[1] = _v1_to_v2
MIGRATIONS[2] = _v2_to_v3

__all__ = ["KINDS", "MAGIC", "SaveError", "SaveInfo", "Seats", "latest_unfinished_autosave",
           "list_saves", "load_game", "save_game", "tidy"]


class SaveError(Exception):
    """A save cannot be used; ``str()`` is one line a player can read."""


FORMAT = shared.SaveFormat(MAGIC, GAME_ID, "Forbidden Stars", SCHEMA, MAX_BYTES,
                               SaveError, PREFIX, MIGRATIONS)


@dataclass(frozen=True)
class Seats:
    """Who sits where: the names shown and each seat's controller ("human" or a bot)."""

    names: tuple[str, ...]
    controllers: tuple[str, ...]


@dataclass
class Loaded:
    state: State
    seats: Seats
    kind: str
    uid: str = ""  # the game in progress it is a point of: its later saves carry it


# ---------------------------------------------------------------------- the snapshot


def _plain(value: Any) -> Any:
    """A JSON-able, order-independent copy (sets sorted, mapping keys as text)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _plain(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, Mapping):
        return sorted([str(k), _plain(v)] for k, v in value.items())
    if isinstance(value, (set, frozenset)):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "state"):  # the generator
        return value.state
    return repr(value)


_NOT_GAME = ("rules", "topology", "events", "log")  # shared components; the record
# Read from the save's own config, never changed by play: left out of the digest, so a
# migrated schema-1 save still matches the digest it was written with.
_NOT_DIGESTED_CONFIG = ("retreat_without_path", "first", "forces_on_faction_tile")


def snapshot(state: State) -> dict[str, Any]:
    """What a save's replay must reach: the headline figures and a digest of every
    changing part of the game."""
    body = {f.name: _plain(getattr(state, f.name)) for f in dataclasses.fields(state)
            if f.name not in _NOT_GAME}
    for name in _NOT_DIGESTED_CONFIG:
        body["config"].pop(name, None)
    digest = hashlib.sha256(json.dumps(body, sort_keys=True, separators=(",", ":"))
                            .encode()).hexdigest()
    return {"round": state.round, "step": state.step, "acting": acting_seat(state),
            "objectives": [p.objectives for p in state.players],
            "winners": list(state.winners), "digest": digest}


# ---------------------------------------------------------------------- writing


def summary(state: State, seats: Seats) -> dict[str, Any]:
    return {
        "players": state.n,
        "quick_setup": state.config.quick_setup,
        "seats": [{"name": n, "controller": c, "faction": p.faction,
                   "objectives": p.objectives}
                  for n, c, p in zip(seats.names, seats.controllers, state.players, strict=True)],
        "round": state.round,
        "actions": len(state.log or ()),
        "over": state.step == OVER,
        "winners": list(state.winners),
    }


def to_document(state: State, seats: Seats, kind: str = "manual",
                uid: str = "") -> dict[str, Any]:
    """``uid``: the game in progress this save is a point of (its configuration's
    identity when not given)."""
    cfg = state.config
    doc = {
        "magic": MAGIC,
        "schema": SCHEMA,
        "game": GAME_ID,
        shared.UID_FIELD: uid,
        "app_version": __version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "kind": kind,
        "config": {
            "players": cfg.players,
            "seed": cfg.seed,
            "factions": list(cfg.factions),
            "quick_setup": cfg.quick_setup,
            "retreat_without_path": cfg.retreat_without_path,
            "forces_on_faction_tile": cfg.forces_on_faction_tile,
            "first": cfg.first,
            "seats": [{"name": n, "controller": c}
                      for n, c in zip(seats.names, seats.controllers, strict=True)],
        },
        "summary": summary(state, seats),
        "actions": [a.to_json() for a in state.log or ()],
        "snapshot": snapshot(state),
    }
    doc[shared.UID_FIELD] = uid or shared.derived_uid(GAME_ID, doc["config"])
    return doc


def write_save(state: State, seats: Seats, path: Path, kind: str = "manual",
               uid: str = "") -> Path:
    return shared.write_document(path, to_document(state, seats, kind, uid))


def save_game(state: State, seats: Seats, kind: str = "manual", folder: Path | None = None,
              keep: int | None = None, uid: str = "") -> Path:
    """Write a save; autosaves and emergency saves then keep the newest ``keep`` points
    of each Forbidden Stars game in progress (game.save_files.prune_games)."""
    return shared.save_document(FORMAT, to_document(state, seats, kind, uid), kind, folder,
                                keep)


def tidy(folder: Path | None = None) -> None:
    """One autosave or emergency save too many, left when a game died between writing
    and pruning."""
    shared.tidy(FORMAT, folder)


# ---------------------------------------------------------------------- reading


def _need(cond: bool, message: str) -> None:
    validate.need(cond, message, SaveError)


_is_int = validate.is_int


def parse_document(data: bytes) -> dict[str, Any]:
    """JSON → dict, with the size, nesting and number limits a hostile file needs."""
    return shared.parse_document(FORMAT, data)


def read_document(path: Path) -> dict[str, Any]:
    return shared.read_document(FORMAT, path)


def parse_config(raw: Any, rules: FSRules) -> tuple[GameConfig, Seats]:
    _need(isinstance(raw, dict), "config is missing")
    extra = set(raw) - {"players", "seed", "factions", "quick_setup", "retreat_without_path",
                        "forces_on_faction_tile", "first", "seats"}
    _need(not extra, "config has unknown fields")
    players = raw.get("players")
    _need(_is_int(players, MIN_SEATS, MAX_SEATS),
          f"config.players must be {MIN_SEATS}–{MAX_SEATS}")
    seed = raw.get("seed")
    _need(_is_int(seed, 0, 2**64 - 1), "config.seed must be a whole number 0..2^64-1")
    factions = raw.get("factions")
    _need(isinstance(factions, list) and len(factions) == players and
          all(isinstance(f, str) and f in rules.factions for f in factions) and
          len(set(factions)) == players,
          "config.factions must name one different faction per seat")
    quick = raw.get("quick_setup", True)
    _need(isinstance(quick, bool), "config.quick_setup must be true or false")
    old_retreats = raw.get("retreat_without_path", False)
    _need(isinstance(old_retreats, bool), "config.retreat_without_path must be true or false")
    old_forces = raw.get("forces_on_faction_tile", False)
    _need(isinstance(old_forces, bool), "config.forces_on_faction_tile must be true or false")
    first = raw.get("first", RANDOM_FIRST)  # absent: drawn by the seed, as before
    _need(_is_int(first, RANDOM_FIRST, players - 1),
          "config.first must be -1 (random) or a seat number")
    names, controllers = shared.parse_seats(raw.get("seats"), players, CONTROLLERS,
                                            SaveError)
    config = GameConfig(players=players, seed=seed, factions=tuple(factions),
                        quick_setup=quick, retreat_without_path=old_retreats, first=first,
                        forces_on_faction_tile=old_forces)
    return config, Seats(names, controllers)


def parse_actions(raw: Any, players: int) -> list[Action]:
    _need(isinstance(raw, list), "actions must be a list")
    _need(len(raw) <= MAX_ACTIONS, f"more than {MAX_ACTIONS} actions")
    out = []
    for i, a in enumerate(raw):
        shared.check_action(a, i, players, ACTION_FIELDS, ACTION_KINDS,
                            ("card", "target", "source", "extra"), MAX_TEXT, SaveError)
        out.append(Action.from_json(a))
    return out


def replay(rules: FSRules, config: GameConfig, actions: list[Action]) -> State:
    """The game rebuilt through the reducer; an illegal action refuses the save."""
    return shared.replay_log(lambda: new_game(rules, config), apply, actions,
                             lambda state: state.step == OVER, SaveError, (SetupError,),
                             IllegalAction)


def load_document(doc: dict[str, Any], verify: bool = True,
                  rules: FSRules | None = None) -> Loaded:
    """The game in a parsed save: the log replayed through the engine; with ``verify``
    (the game always verifies) it must reach the stored snapshot exactly.  Every save
    this version writes has a snapshot, so one without is refused either way."""
    rules = rules or load_fs_rules()
    config, seats = parse_config(doc.get("config"), rules)
    actions = parse_actions(doc.get("actions"), config.players)
    stored = shared.stored_snapshot(doc, "Forbidden Stars", SaveError)
    state = replay(rules, config, actions)
    if verify:
        shared.check_snapshot(snapshot(state), stored, SaveError)
    stored_kind = doc.get("kind")
    kind = stored_kind if isinstance(stored_kind, str) and stored_kind in KINDS else "manual"
    return Loaded(state, seats, kind, shared.game_uid(doc, GAME_ID))


def load_game(path: Path, verify: bool = True, rules: FSRules | None = None) -> Loaded:
    return load_document(read_document(path), verify=verify, rules=rules)


# ---------------------------------------------------------------------- listing


def _safe_summary(raw: dict[str, Any]) -> dict[str, Any]:
    """Only well-typed summary fields are kept: it is shown, never trusted."""
    out: dict[str, Any] = {"players": 0, "seats": [], "round": 0, "actions": 0,
                           "over": False, "quick_setup": True, "winners": []}
    for key, hi in (("players", MAX_SEATS), ("round", 1000), ("actions", MAX_ACTIONS)):
        if _is_int(raw.get(key), 0, hi):
            out[key] = raw[key]
    for key in ("over", "quick_setup"):
        if isinstance(raw.get(key), bool):
            out[key] = raw[key]
    winners = raw.get("winners")
    if isinstance(winners, list):
        out["winners"] = [w for w in winners[:MAX_SEATS] if _is_int(w, 0, MAX_SEATS - 1)]
    seats = raw.get("seats")
    if isinstance(seats, list):
        for seat in seats[:MAX_SEATS]:
            if isinstance(seat, dict) and isinstance(seat.get("name"), str):
                objectives, faction = seat.get("objectives"), seat.get("faction")
                ctrl = seat.get("controller")
                out["seats"].append({
                    "name": seat["name"][:40],
                    "faction": faction[:40] if isinstance(faction, str) else "",
                    "controller": ctrl if ctrl in CONTROLLERS else "human",
                    "objectives": objectives if _is_int(objectives, 0, 100) else 0})
    return out


def _info(path: Path, rules: FSRules | None) -> SaveInfo:
    def check(doc: dict[str, Any]) -> None:
        if rules is not None:
            parse_config(doc.get("config"), rules)

    return shared.read_info(FORMAT, path, _safe_summary, check)


def save_files(folder: Path, kinds: tuple[str, ...] = KINDS) -> list[Path]:
    """Forbidden Stars' save files of these kinds, newest first (only names this module
    writes)."""
    return shared.save_files(FORMAT, folder, kinds)


def list_saves(folder: Path | None = None, rules: FSRules | None = None) -> list[SaveInfo]:
    """Every Forbidden Stars save in the folder, newest first (damaged ones included,
    with a reason).  With ``rules`` the configuration is checked too; loading checks
    all."""
    return shared.list_saves(FORMAT, lambda p: _info(p, rules), folder)


def latest_unfinished_autosave(folder: Path | None = None,
                               rules: FSRules | None = None) -> SaveInfo | None:
    """What Continue offers of Forbidden Stars (game.save_files.latest_unfinished): the newest
    autosave or emergency save of a game in progress that loads — not of an ended game,
    not one the game crashed with."""
    def problem(path: Path) -> str:
        return shared.load_problem(path, lambda p: load_game(p, rules=rules), SaveError)

    return shared.latest_unfinished(FORMAT, lambda p: _info(p, rules), folder, problem)
