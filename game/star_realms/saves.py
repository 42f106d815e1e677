"""Saved games: versioned JSON, written atomically, read without trusting anything.

A save holds the game's configuration (card sets, seats, format, seed), the action log
from the seed, and a snapshot of the final state.  Loading replays the log through the
engine (every action must be legal) and checks the result against the snapshot, so a
save either reproduces its game exactly or is refused with a one-line reason.  (There is
no loading from the snapshot alone: replaying even a long game takes milliseconds, and a
snapshot cannot be checked as strictly as a replayed log.)  Nothing in a save is ever
executed: it is parsed as JSON and checked field by field.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from game import __version__, saves_folder, validate, versioned_json
from game import save_files as shared
from game.saves_folder import (  # the shell's saves folder; re-exported for callers here
    KEEP_AUTOSAVES,
    KEEP_EMERGENCY,
    crashed_saves,
    mark_crashed,
    saves_dir,
    unique_path,
)
from game.star_realms.engine import invariants
from game.star_realms.engine.cards import CardDB
from game.star_realms.engine.formats import FORMATS
from game.star_realms.engine.rules import IllegalAction, apply
from game.star_realms.engine.setup import SetupError, new_game
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.engine.state import Action, GameConfig, SeatConfig, State

MAGIC = "star-realms-table-save"  # the name before Starfold: kept, so old files load
GAME_ID = "star_realms"
SCHEMA = 1
KINDS = ("manual", "autosave", "emergency")
# 10x and more the largest save measured (68 KB: a 6-seat free-for-all of random bots,
# 1,571 actions; issue 36): a bigger file is refused by its size, unread
MAX_BYTES = 1024 * 1024
MAX_ACTIONS = 400_000
MAX_SEATS = 6
# Every kind the reducer knows (game.star_realms.engine.rules.apply); a test keeps this
# list in step.
ACTION_KINDS = ("play", "use", "buy", "attack_player", "attack_base", "transfer", "choose",
                "pick", "pick_seat", "stop", "end_turn", "boss_step", "mulligan", "strike",
                "claim", "gambit")
SLOTS = ("", "primary", "ally", "double_ally", "scrap", "upgrade_ally", "second_ally")
CONTROLLERS = ("human", "remote", "random", "greedy", "easy", "normal", "hard", "boss")
OPTIONS = {"difficulty": ("novice", "apprentice", "veteran", "expert"),
           "emperor_transfer": ("team", "neighbour"),
           "missions": (True, False),  # United: Missions
           "gambits": (True, False)}  # the Gambit set
# schema n → n+1; a save from an older schema is walked up this chain.
MIGRATIONS: dict[int, Any] = {}


class SaveError(Exception):
    """A save cannot be used; ``str()`` is one line a player can read."""


# Star Realms' files carry no name prefix (they were the only saves once), and are read
# by read_document (a save from before there were other games names no game).
FORMAT = shared.SaveFormat(MAGIC, GAME_ID, "Star Realms", SCHEMA, MAX_BYTES, SaveError, "",
                           MIGRATIONS, untagged=True)


# ---------------------------------------------------------------------- where


# ---------------------------------------------------------------------- writing


def summary(state: State) -> dict[str, Any]:
    return {
        "format": state.config.format,
        "sets": list(state.config.sets),
        "seats": [{"name": s.name, "controller": c.controller, "authority": state.authority(
            s.index)} for s, c in zip(state.seats, state.config.seats, strict=True)],
        "turn": state.turn,
        "active": state.active,
        "over": state.winners is not None,
        "winners": list(state.winners) if state.winners else [],
    }


def config_document(cfg: GameConfig) -> dict[str, Any]:
    """A configuration as a save stores it."""
    return {
        "sets": list(cfg.sets),
        "seats": [{"name": s.name, "controller": s.controller} for s in cfg.seats],
        "format": cfg.format,
        "seed": cfg.seed,
        "first": cfg.first,
        "options": dict(cfg.options),
    }


def derived_uid(cfg: GameConfig) -> str:
    """The identity of a game started without one (a campaign's scenario, a tutorial):
    its configuration's, as a save without ``game_uid`` has."""
    return shared.derived_uid(GAME_ID, config_document(cfg))


def to_document(state: State, kind: str = "manual", uid: str = "") -> dict[str, Any]:
    """``uid``: the game in progress this save is a point of (its configuration's
    identity when not given)."""
    config = config_document(state.config)
    return {
        "magic": MAGIC,
        "schema": SCHEMA,
        "game": GAME_ID,
        shared.UID_FIELD: uid or shared.derived_uid(GAME_ID, config),
        "app_version": __version__,
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "kind": kind,
        "config": config,
        "summary": summary(state),
        "actions": [a.to_json() for a in state.actions()],
        "snapshot": snapshot(state),
    }


def write_save(state: State, path: Path, kind: str = "manual", uid: str = "") -> Path:
    return shared.write_document(path, to_document(state, kind, uid))


def save_game(state: State, kind: str = "manual", folder: Path | None = None,
              keep: int | None = None, uid: str = "") -> Path:
    """Write a save; autosaves and emergency saves then keep the newest ``keep`` points
    of each game in progress (game.save_files.prune_games)."""
    return shared.save_document(FORMAT, to_document(state, kind, uid), kind, folder, keep)


def autosave(state: State, folder: Path | None = None, keep: int = KEEP_AUTOSAVES,
             uid: str = "") -> Path:
    """Write an autosave; this game keeps its newest ``keep`` of them."""
    return save_game(state, "autosave", folder, keep, uid)


def tidy(folder: Path | None = None) -> None:
    """What a killed game left: the shell's temp files, and an autosave or emergency
    save too many when it died between writing and pruning."""
    folder = folder or saves_dir()
    saves_folder.tidy(folder)
    shared.tidy(FORMAT, folder)


# ---------------------------------------------------------------------- reading


def _need(cond: bool, message: str) -> None:
    validate.need(cond, message, SaveError)


_is_int = validate.is_int


def parse_document(data: bytes) -> dict[str, Any]:
    """JSON → dict, with the size, nesting and number limits a hostile file needs."""
    doc = versioned_json.parse(data, "save", MAX_BYTES, SaveError)
    doc = versioned_json.upgrade(doc, "save", MAGIC, SCHEMA, MIGRATIONS, SaveError)
    # A save names its game; saves from before there was more than one game do not.
    game = doc.get("game", GAME_ID)
    _need(game == GAME_ID, f"a save of another game ({str(game)[:40]!r}), not Star Realms")
    return doc


def read_document(path: Path) -> dict[str, Any]:
    return parse_document(versioned_json.read_regular(Path(path), MAX_BYTES, SaveError))


def parse_config(raw: Any, db: CardDB) -> GameConfig:
    _need(isinstance(raw, dict), "config is missing")
    sets = raw.get("sets")
    _need(isinstance(sets, list) and 0 < len(sets) <= 8, "config.sets must be a list of sets")
    for s in sets:
        _need(isinstance(s, str) and s in db.sets, f"unknown card set {str(s)[:40]!r}")
    seats = raw.get("seats")
    _need(isinstance(seats, list) and 1 <= len(seats) <= MAX_SEATS,
          f"config.seats must list 1–{MAX_SEATS} seats")
    seat_cfgs = []
    for i, seat in enumerate(seats):
        _need(isinstance(seat, dict), f"seat {i + 1} is not an object")
        name, ctrl = shared.seat_name(seat.get("name")), seat.get("controller", "human")
        if name is None:
            raise SaveError(f"seat {i + 1} has no valid name (one that shows)")
        _need(ctrl in CONTROLLERS, f"seat {i + 1} has an unknown controller")
        seat_cfgs.append(SeatConfig(name, ctrl))
    fmt = raw.get("format", "duel")
    _need(isinstance(fmt, str) and (fmt in FORMATS or fmt in db.adventures or (
        fmt == "campaign" and db.campaign is not None)), f"unknown format {str(fmt)[:40]!r}")
    options = raw.get("options", {})
    _need(isinstance(options, dict), "config.options must be an object")
    for key, value in options.items():
        if key in ("campaign", "legacy"):
            _check_campaign_option(key, value, db)
            continue
        _need(key in OPTIONS and value in OPTIONS[key], f"unknown option {str(key)[:40]!r}")
    _need((fmt == "campaign") == ("campaign" in options),
          "a campaign game needs its campaign option (and only a campaign game has one)")
    seed = raw.get("seed")
    _need(_is_int(seed, 0, 2**64 - 1), "config.seed must be a whole number 0..2^64-1")
    first = raw.get("first")
    _need(first is None or _is_int(first, 0, len(seats) - 1), "config.first names no seat")
    return GameConfig(sets=tuple(sets), seats=tuple(seat_cfgs), format=fmt, seed=seed,
                      first=first, options=tuple(sorted(options.items())))


def _check_campaign_option(key: str, value: Any, db: CardDB) -> None:
    """A campaign game's spec, or a legacy deck's upgrades, checked by the engine."""
    from game.star_realms.engine.campaign import SpecError, parse_spec, parse_upgrades

    try:
        if key == "campaign":
            parse_spec(value, db)
        else:
            _need(isinstance(value, dict) and set(value) <= {"upgrades", "decks"} and
                  isinstance(value.get("decks", False), bool), "the legacy option is damaged")
            parse_upgrades(value.get("upgrades", []), db)
    except SpecError as exc:
        raise SaveError(f"the campaign data in the save is damaged: {exc}") from None


def parse_actions(raw: Any) -> list[Action]:
    _need(isinstance(raw, list), "actions must be a list")
    _need(len(raw) <= MAX_ACTIONS, f"more than {MAX_ACTIONS} actions")
    out = []
    for i, a in enumerate(raw):
        where = f"action {i + 1}"
        _need(isinstance(a, dict), f"{where} is not an object")
        extra = set(a) - {"kind", "seat", "card", "slot", "target", "amount", "index"}
        _need(not extra, f"{where} has unknown fields")
        _need(a.get("kind") in ACTION_KINDS, f"{where} has an unknown kind")
        _need(_is_int(a.get("seat"), 0, MAX_SEATS - 1), f"{where} has no valid seat")
        _need(_is_int(a.get("card", -1), -2, 10**6), f"{where} names no valid card")
        _need(a.get("slot", "") in SLOTS, f"{where} names no valid ability")
        _need(_is_int(a.get("target", -1), -1, MAX_SEATS - 1), f"{where} has no valid target")
        _need(_is_int(a.get("amount", 0), 0, 10**6), f"{where} has an invalid amount")
        _need(_is_int(a.get("index", -1), -1, 100), f"{where} has an invalid option")
        out.append(Action.from_json(a))
    return out


def _replay(db: CardDB, config: GameConfig, actions: list[Action]) -> State:
    try:
        state = new_game(db, config)
    except SetupError as exc:
        raise SaveError(f"the saved game cannot be set up: {exc}") from None
    for i, action in enumerate(actions):
        if state.winners is not None:
            raise SaveError(f"action {i + 1} comes after the game was already over")
        try:
            apply(state, action)
        except IllegalAction:
            raise SaveError(f"action {i + 1} ({action.kind}) is not legal when replayed: "
                            "the save is damaged or was made with other rules") from None
    return state


def load_document(db: CardDB, doc: dict[str, Any], verify: bool = True) -> State:
    """The game in a parsed save: the log replayed through the engine; with ``verify``
    (the game always verifies) it must reach the stored snapshot exactly.  Every save
    this version writes has a snapshot, so one without is refused either way."""
    config = parse_config(doc.get("config"), db)
    actions = parse_actions(doc.get("actions"))
    snap = doc.get("snapshot")
    _need("snapshot" in doc, "the save has no snapshot (every save of this game has one)")
    if not isinstance(snap, dict):
        raise SaveError("the snapshot is damaged (not an object)")
    state = _replay(db, config, actions)
    if verify:
        seats = snap.get("seats")  # its names as parse_config cleaned them
        for seat in seats if isinstance(seats, list) else ():
            if isinstance(seat, dict) and shared.seat_name(seat.get("name")):
                seat["name"] = shared.seat_name(seat["name"])
        replayed = snapshot(state)
        if replayed != snap and not _older_floor(replayed, snap):
            raise SaveError("the stored snapshot does not match the replayed game "
                            "(damaged, or saved with different card rules)")
        problems = invariants.check(state)
        _need(not problems, f"the replayed game is inconsistent: {problems[:1]}")
    return state


def _older_floor(replayed: dict[str, Any], stored: dict[str, Any]) -> bool:
    """The same game, saved by a version that let undo reach back past a boss's last
    step (issue 36): its stored undo floor is lower than the replay's, nothing else
    differs.  The replayed, stricter floor is the one the game keeps."""
    floor = stored.get("undo_floor")
    return (type(floor) is int and floor < replayed["undo_floor"]
            and {**stored, "undo_floor": replayed["undo_floor"]} == replayed)


def load_game(db: CardDB, path: Path, verify: bool = True) -> State:
    return load_document(db, read_document(path), verify=verify)


def load_with_uid(db: CardDB, path: Path) -> tuple[State, str]:
    """The game in a save and which game in progress it is (its later saves carry it)."""
    doc = read_document(path)
    return load_document(db, doc), shared.game_uid(doc, GAME_ID)


# ---------------------------------------------------------------------- listing


SaveInfo = shared.SaveInfo  # how a list shows a save (the shell's, as every game's)


def _safe_summary(raw: Any) -> dict[str, Any]:
    """Only well-typed summary fields are kept: it is shown, never trusted."""
    out: dict[str, Any] = {"format": "?", "seats": [], "turn": 0, "over": False}
    if isinstance(raw.get("format"), str):
        out["format"] = raw["format"][:20]
    if _is_int(raw.get("turn"), 0, 10**7):
        out["turn"] = raw["turn"]
    if isinstance(raw.get("over"), bool):
        out["over"] = raw["over"]
    seats = raw.get("seats")
    if isinstance(seats, list):
        for seat in seats[:MAX_SEATS]:
            if isinstance(seat, dict) and isinstance(seat.get("name"), str):
                ctrl = seat.get("controller")
                out["seats"].append({"name": seat["name"][:40],
                                     "controller": ctrl if ctrl in CONTROLLERS else "human"})
    return out


def _info(path: Path, db: CardDB | None) -> SaveInfo:
    def check(doc: dict[str, Any]) -> None:
        if db is not None:
            parse_config(doc.get("config"), db)

    return shared.read_info(FORMAT, path, _safe_summary, check, read_document)


def list_saves(folder: Path | None = None, db: CardDB | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first (damaged ones included, with a reason);
    only this game's saves (game.save_files.listed_files): not the records file, not
    another game's.  With ``db`` the configuration is checked too; the full check
    happens on loading."""
    return shared.list_saves(FORMAT, lambda p: _info(p, db), folder)


def latest_unfinished_autosave(folder: Path | None = None,
                               db: CardDB | None = None) -> SaveInfo | None:
    """What Continue offers (game.save_files.latest_unfinished): the newest autosave or
    emergency save of a game in progress that loads — not of an ended game, not one the
    game crashed with (no crash loop through Continue)."""
    def problem(path: Path) -> str:
        # lazy: the rules load only when there is a save to check
        from game.star_realms.data import load_rules

        return shared.load_problem(path, lambda p: load_game(db or load_rules(), p),
                                   SaveError)

    return shared.latest_unfinished(FORMAT, lambda p: _info(p, db), folder, problem)


__all__ = ["KEEP_AUTOSAVES", "KEEP_EMERGENCY", "crashed_saves", "mark_crashed",
           "saves_dir", "tidy", "unique_path"]
