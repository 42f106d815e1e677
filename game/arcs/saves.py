"""Arcs saves: versioned JSON, written atomically, read without trusting anything.

The shape is Star Realms' (game/star_realms/saves.py, docs/saves.md): the configuration
(players, seed, setup card, Leaders & Lore, each seat's name and controller), the action
log from the seed, and a snapshot of the final state.  Loading checks every field, then
replays the log through ``legal_actions``/``apply`` (an action that is not legal refuses
the save) and compares the snapshot.  Nothing in a save is executed.

The game-agnostic part (atomic writing, the magic and schema gate, listing, pruning) is
the shell's :mod:`game.save_files`.  Files share the saves folder with the other games'
under names of their own (``arcs-<kind>-<time>.json``), and carry their own magic: no
game lists, prunes or loads another's saves.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__, validate
from game import save_files as shared
from game.arcs.ai.base import LEVELS
from game.arcs.data import load_arcs_rules
from game.arcs.engine.components import ArcsRules
from game.arcs.engine.rules import IllegalAction, apply
from game.arcs.engine.setup import SetupError, new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import OVER, RANDOM_FIRST, Action, GameConfig, State
from game.save_files import KINDS, SaveInfo

MAGIC = "arcs-table-save"
GAME_ID = "arcs"
SCHEMA = 4  # 2: config.last_pass_keeps (issue 37: the chapter's last pass); 3: config.first;
# 4: config.auto_slots (issue 37: the resource slots are the player's to arrange)
PREFIX = "arcs-"  # file names: arcs-autosave-20261123-101500-123.json
# 10x the largest save measured (23 KB: 4 random bots, Leaders & Lore, 361 actions;
# issue 36): a bigger file is refused by its size, unread
MAX_BYTES = 256 * 1024
MAX_ACTIONS = 100_000
MIN_SEATS, MAX_SEATS = 2, 4
MAX_TEXT = 200  # an action's card / target / source (a Demagogue's slot list is longest)
CONTROLLERS = ("human", "remote", *LEVELS)  # remote: a phone (docs/remote.md)
# Every kind the reducer knows (game.arcs.engine.rules._HANDLERS); a test keeps this
# list in step.
ACTION_KINDS = ("lead", "pass_initiative", "surpass", "copy", "pivot", "declare", "seize",
                "proceed", "tax", "influence", "secure", "build", "repair", "move", "battle",
                "jump", "stop", "die", "roll", "reroll", "keep_roll", "hit", "ransack",
                "steal", "discard", "spend", "forgo", "guild", "new", "done", "redraw",
                "keep", "vox", "captive", "draft", "look", "swap", "give", "beloved",
                "place", "reslot",
                "build_ship_at_city", "extra", "nourish", "rifle_volley", "sprint",
                "transform")
ACTION_FIELDS = frozenset(Action._fields)


def _v1_to_v2(doc: dict[str, Any]) -> dict[str, Any]:
    """A game saved before the book's reading of the chapter's last pass goes on under
    the reading it began with (GameConfig.last_pass_keeps): its log replays as played."""
    for holder in (doc.get("config"), (doc.get("snapshot") or {}).get("config")
                   if isinstance(doc.get("snapshot"), dict) else None):
        if isinstance(holder, dict):
            holder["last_pass_keeps"] = True
    return doc


def _v2_to_v3(doc: dict[str, Any]) -> dict[str, Any]:
    """Before the initiative went to a chosen or random seat (GameConfig.first), seat 0
    always held it: such a game replays with that seat."""
    for holder in (doc.get("config"), (doc.get("snapshot") or {}).get("config")
                   if isinstance(doc.get("snapshot"), dict) else None):
        if isinstance(holder, dict):
            holder["first"] = 0
    return doc


def _v3_to_v4(doc: dict[str, Any]) -> dict[str, Any]:
    """Before the resource slots were the player's to arrange, the row was packed left
    and the rightmost lost (GameConfig.auto_slots): such a game replays as played.  Its
    snapshot had no resources waiting to be placed."""
    snap = doc.get("snapshot")
    for holder in (doc.get("config"), snap.get("config") if isinstance(snap, dict) else None):
        if isinstance(holder, dict):
            holder["auto_slots"] = True
    if isinstance(snap, dict):
        snap.setdefault("incoming", [])
    return doc


# schema n → n+1; a save from an older schema is walked up this chain.
MIGRATIONS: dict[int, Any] = {1: _v1_to_v2, 2: _v2_to_v3, 3: _v3_to_v4}


class SaveError(Exception):
    """A save cannot be used; ``str()`` is one line a player can read."""


FORMAT = shared.SaveFormat(MAGIC, GAME_ID, "Arcs", SCHEMA, MAX_BYTES, SaveError, PREFIX,
                               MIGRATIONS)
__all__ = ["KINDS", "SaveInfo"]  # re-exported from game.save_files


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


# ---------------------------------------------------------------------- writing


def summary(state: State, seats: Seats) -> dict[str, Any]:
    return {
        "players": state.n,
        "setup_card": state.setup_card,
        "leaders": state.config.leaders,
        "seats": [{"name": n, "controller": c, "power": p.power}
                  for n, c, p in zip(seats.names, seats.controllers, state.players, strict=True)],
        "chapter": state.chapter,
        "actions": len(state.log or ()),
        "over": state.step == OVER,
        "winner": state.winner,
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
            "setup_card": cfg.setup_card,
            "leaders": cfg.leaders,
            "last_pass_keeps": cfg.last_pass_keeps,
            "first": cfg.first,
            "auto_slots": cfg.auto_slots,
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
    of each Arcs game in progress (game.save_files.prune_games)."""
    return shared.save_document(FORMAT, to_document(state, seats, kind, uid), kind, folder,
                                keep)


def tidy(folder: Path | None = None) -> None:
    """One autosave or emergency save too many, left when a game died between writing
    and pruning (the shared temp files are the shell's: game.saves_folder.tidy)."""
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


def parse_config(raw: Any, rules: ArcsRules) -> tuple[GameConfig, Seats]:
    _need(isinstance(raw, dict), "config is missing")
    extra = set(raw) - {"players", "seed", "setup_card", "leaders", "last_pass_keeps",
                        "first", "auto_slots", "seats"}
    _need(not extra, "config has unknown fields")
    players = raw.get("players")
    _need(_is_int(players, MIN_SEATS, MAX_SEATS),
          f"config.players must be {MIN_SEATS}–{MAX_SEATS}")
    seed = raw.get("seed")
    _need(_is_int(seed, 0, 2**64 - 1), "config.seed must be a whole number 0..2^64-1")
    card = raw.get("setup_card", "")
    _need(card == "" or (isinstance(card, str) and any(
        c.id == card and c.players == players for c in rules.setup_cards)),
        f"no setup card {str(card)[:40]!r} for this number of players")
    leaders = raw.get("leaders", False)
    _need(isinstance(leaders, bool), "config.leaders must be true or false")
    keeps = raw.get("last_pass_keeps", False)
    _need(isinstance(keeps, bool), "config.last_pass_keeps must be true or false")
    first = raw.get("first", 0)
    _need(_is_int(first, RANDOM_FIRST, players - 1),
          "config.first must be -1 (random) or a seat number")
    auto_slots = raw.get("auto_slots", False)
    _need(isinstance(auto_slots, bool), "config.auto_slots must be true or false")
    names, controllers = shared.parse_seats(raw.get("seats"), players, CONTROLLERS,
                                            SaveError)
    config = GameConfig(players=players, seed=seed, setup_card=card, leaders=leaders,
                        last_pass_keeps=keeps, first=first, auto_slots=auto_slots)
    return config, Seats(names, controllers)


def parse_actions(raw: Any, players: int) -> list[Action]:
    _need(isinstance(raw, list), "actions must be a list")
    _need(len(raw) <= MAX_ACTIONS, f"more than {MAX_ACTIONS} actions")
    out = []
    for i, a in enumerate(raw):
        where = shared.check_action(a, i, players, ACTION_FIELDS, ACTION_KINDS,
                                    ("card", "target", "source"), MAX_TEXT, SaveError)
        _need(_is_int(a.get("index", -1), -1, 1000), f"{where} has an invalid index")
        for name in ("fresh", "damaged"):
            _need(_is_int(a.get(name, 0), 0, 1000), f"{where} has an invalid {name}")
        out.append(Action.from_json(a))
    return out


def replay(rules: ArcsRules, config: GameConfig, actions: list[Action]) -> State:
    """The game rebuilt through the reducer; an illegal action refuses the save."""
    return shared.replay_log(lambda: new_game(rules, config), apply, actions,
                             lambda state: state.step == OVER, SaveError, (SetupError,),
                             IllegalAction)


def load_document(doc: dict[str, Any], verify: bool = True,
                  rules: ArcsRules | None = None) -> Loaded:
    """The game in a parsed save: the log replayed through the engine; with ``verify``
    (the game always verifies) it must reach the stored snapshot exactly.  Every save
    this version writes has a snapshot, so one without is refused either way."""
    rules = rules or load_arcs_rules()
    config, seats = parse_config(doc.get("config"), rules)
    actions = parse_actions(doc.get("actions"), config.players)
    stored = shared.stored_snapshot(doc, "Arcs", SaveError)
    state = replay(rules, config, actions)
    if verify:
        shared.check_snapshot(snapshot(state), stored, SaveError)
    raw_kind = doc.get("kind")
    kind = raw_kind if isinstance(raw_kind, str) and raw_kind in KINDS else "manual"
    return Loaded(state, seats, kind, shared.game_uid(doc, GAME_ID))


def load_game(path: Path, verify: bool = True, rules: ArcsRules | None = None) -> Loaded:
    return load_document(read_document(path), verify=verify, rules=rules)


# ---------------------------------------------------------------------- listing


def _safe_summary(raw: dict[str, Any]) -> dict[str, Any]:
    """Only well-typed summary fields are kept: it is shown, never trusted."""
    out: dict[str, Any] = {"players": 0, "seats": [], "chapter": 0, "actions": 0,
                           "over": False, "setup_card": ""}
    for key, hi in (("players", MAX_SEATS), ("chapter", 100), ("actions", MAX_ACTIONS)):
        if _is_int(raw.get(key), 0, hi):
            out[key] = raw[key]
    if isinstance(raw.get("over"), bool):
        out["over"] = raw["over"]
    if isinstance(raw.get("setup_card"), str):
        out["setup_card"] = raw["setup_card"][:40]
    seats = raw.get("seats")
    if isinstance(seats, list):
        for seat in seats[:MAX_SEATS]:
            if isinstance(seat, dict) and isinstance(seat.get("name"), str):
                power = seat.get("power")
                out["seats"].append({"name": seat["name"][:40],
                                     "power": power if _is_int(power, 0, 10**4) else 0})
    return out


def _info(path: Path, rules: ArcsRules | None) -> SaveInfo:
    def check(doc: dict[str, Any]) -> None:
        if rules is not None:
            parse_config(doc.get("config"), rules)

    return shared.read_info(FORMAT, path, _safe_summary, check)


def save_files(folder: Path, kinds: tuple[str, ...] = KINDS) -> list[Path]:
    """Arcs' save files of these kinds, newest first (only names this module writes)."""
    return shared.save_files(FORMAT, folder, kinds)


def list_saves(folder: Path | None = None, rules: ArcsRules | None = None) -> list[SaveInfo]:
    """Every Arcs save in the folder, newest first (damaged ones included, with a
    reason).  With ``rules`` the configuration is checked too; loading checks all."""
    return shared.list_saves(FORMAT, lambda p: _info(p, rules), folder)


def latest_unfinished_autosave(folder: Path | None = None,
                               rules: ArcsRules | None = None) -> SaveInfo | None:
    """What Continue offers of Arcs (game.save_files.latest_unfinished): the newest
    autosave or emergency save of a game in progress that loads — not of an ended game,
    not one the game crashed with."""
    def problem(path: Path) -> str:
        return shared.load_problem(path, lambda p: load_game(p, rules=rules), SaveError)

    return shared.latest_unfinished(FORMAT, lambda p: _info(p, rules), folder, problem)
