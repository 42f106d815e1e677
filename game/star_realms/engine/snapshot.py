"""A canonical, JSON-ready description of a state: for comparing states exactly
(replays, clones, determinism) and as the snapshot stored in a save."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.star_realms.engine.boss_state import BossState
from game.star_realms.engine.campaign_def import apply_key
from game.star_realms.engine.missions import Tally
from game.star_realms.engine.modes import get_format
from game.star_realms.engine.rng import Rng
from game.star_realms.engine.state import Decision, Seat, State


def jsonable(value: Any) -> Any:
    """Tuples become lists, dict keys strings; everything else JSON already knows."""
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [jsonable(v) for v in value]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if hasattr(value, "id"):  # a CardDef inside a Stealth Tower copy
        return value.id
    raise TypeError(f"cannot describe {type(value).__name__} as JSON")


def snapshot(state: State) -> dict[str, Any]:
    seats = []
    for s in state.seats:
        seat: dict[str, Any] = {
            "name": s.name, "team": s.team, "life": s.life, "alive": s.alive,
            "hand": s.hand, "deck": s.deck, "discard": s.discard, "in_play": s.in_play,
            "bases": s.bases, "trade": s.trade, "combat": s.combat,
            "pending_discard": s.pending_discard, "known_top": s.known_top,
            "played_factions": dict(sorted(s.played_factions.items())),
            "scrapped_own": s.scrapped_own, "scrapped_hd": s.scrapped_hd,
            "next_acquire": s.next_acquire, "returns": s.returns,
        }
        # Crisis heroes: only when there are any, so a game without them (and every save
        # made before them) keeps its snapshot
        if s.heroes:
            seat["heroes"] = s.heroes
        if s.allies_of:
            seat["allies_of"] = s.allies_of
        if s.tally is not None:  # United: Missions (only in a game that has them)
            seat["missions"] = s.missions
            seat["missions_done"] = s.missions_done
            seat["tally"] = s.tally.to_json()
        if state.gambit_box is not None:  # the Gambit set (only in a game that has it)
            seat["gambits"] = s.gambits
            seat["gambits_up"] = s.gambits_up
            seat["gambits_used"] = s.gambits_used
        if s.bases_played:  # (the promo bases' condition; older saves have none)
            seat["bases_played"] = s.bases_played
        seats.append(seat)
    extra: dict[str, Any] = {} if state.mission_box is None else {
        "mission_box": state.mission_box}
    if state.gambit_box is not None:
        extra["gambit_box"] = state.gambit_box
    # A card that took a faction as it was played (Merc Cruiser) keeps its own definition
    # with that faction in copy_of: the faction is saved beside it.
    chosen = {k: list(v.factions) for k, v in sorted(state.copy_of.items())
              if v.id == state.cards[k].id}
    if chosen:
        extra["copy_factions"] = chosen
    return jsonable({
        **extra,
        "cards": [c.id for c in state.cards],
        "upgrades": {i: c.upgrade for i, c in enumerate(state.cards) if c.upgrade},
        "seats": seats,
        "life": state.life,
        "trade_deck": state.trade_deck,
        "trade_row": state.trade_row,
        "explorers": state.explorers,
        "scrap": state.scrap,
        "rng": state.rng.state,
        "active": state.active,
        "turn": state.turn,
        "turn_members": state.turn_members,
        "pending": list(state.pending) if state.pending is not None else None,
        "stack": state.stack,
        "used": sorted(state.used),
        "latched": sorted(state.latched),
        "damage": dict(sorted(state.damage.items())),
        "copy_of": {k: v.id for k, v in sorted(state.copy_of.items())},
        "winners": state.winners,
        "log_len": state.log_len,
        "undo_floor": state.undo_floor,
        "boss": state.boss.to_json() if state.boss is not None else None,
    })


def _tuples(value: Any) -> Any:
    """JSON lists back to the tuples the engine keeps (dicts stay dicts)."""
    if isinstance(value, list):
        return tuple(_tuples(v) for v in value)
    if isinstance(value, dict):
        return {k: _tuples(v) for k, v in value.items()}
    return value


def _int_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ValueError(f"{what} must be a list of whole numbers")
    return list(value)


def restore(db: Any, config: Any, snap: dict[str, Any], actions: list[Any]) -> State:
    """Rebuild a state from :func:`snapshot` output (the fast path of loading a save).

    ``snap`` must already have the right shape (the save loader checks types); card ids
    are looked up in ``db`` and anything inconsistent raises ValueError.
    """
    st = State()
    st.db = db
    st.config = config
    st.format = get_format(config.format, db, config.options)
    upgrades = {int(k): str(v) for k, v in (snap.get("upgrades") or {}).items()}
    cards = []
    for i, cid in enumerate(snap["cards"]):
        if cid not in db:
            raise ValueError(f"unknown card {str(cid)[:40]!r} in the snapshot")
        card = db[cid] if i not in upgrades else apply_key(db, db[cid], upgrades[i])
        cards.append(st.format.card_variant(card))
    st.cards = tuple(cards)
    n = len(st.cards)
    for s_raw in snap["seats"]:
        s = Seat(len(st.seats), str(s_raw["name"]), int(s_raw["team"]), int(s_raw["life"]))
        s.alive = bool(s_raw["alive"])
        for zone in ("hand", "deck", "discard", "in_play", "bases"):
            setattr(s, zone, _int_list(s_raw[zone], zone))
        s.trade, s.combat = int(s_raw["trade"]), int(s_raw["combat"])
        s.pending_discard, s.known_top = int(s_raw["pending_discard"]), int(s_raw["known_top"])
        s.played_factions = {str(k): int(v) for k, v in s_raw["played_factions"].items()}
        s.scrapped_own, s.scrapped_hd = int(s_raw["scrapped_own"]), int(s_raw["scrapped_hd"])
        # (saves made before the optional modifiers have no third item: mandatory)
        s.next_acquire = [(tuple(m[0]), str(m[1]), bool(m[2]) if len(m) > 2 else False)
                          for m in s_raw["next_acquire"]]
        s.returns = _int_list(s_raw["returns"], "returns")
        s.heroes = _int_list(s_raw.get("heroes", []), "heroes")
        allies = s_raw.get("allies_of", [])
        if not isinstance(allies, list) or not all(isinstance(f, str) for f in allies):
            raise ValueError("allies_of must be a list of factions")
        s.allies_of = list(allies)
        if "tally" in s_raw:  # United: Missions
            s.missions = _int_list(s_raw["missions"], "missions")
            s.missions_done = _int_list(s_raw["missions_done"], "missions_done")
            try:
                s.tally = Tally.from_json(s_raw["tally"])
            except (KeyError, TypeError, ValueError) as exc:
                raise ValueError(f"a seat's mission tally is damaged ({exc})") from None
        if "gambits_up" in s_raw:  # the Gambit set
            s.gambits = _int_list(s_raw["gambits"], "gambits")
            s.gambits_up = _int_list(s_raw["gambits_up"], "gambits_up")
            s.gambits_used = _int_list(s_raw["gambits_used"], "gambits_used")
        s.bases_played = int(s_raw.get("bases_played", 0))
        st.seats.append(s)
    st.life = _int_list(snap["life"], "life")
    st.trade_deck = _int_list(snap["trade_deck"], "trade_deck")
    st.trade_row = _int_list(snap["trade_row"], "trade_row")
    st.explorers = _int_list(snap["explorers"], "explorers")
    st.scrap = _int_list(snap["scrap"], "scrap")
    st.rng = Rng(int(snap["rng"]))
    st.active, st.turn = int(snap["active"]), int(snap["turn"])
    st.turn_members = _int_list(snap["turn_members"], "turn_members")
    pending = snap["pending"]
    st.pending = None if pending is None else Decision(*_tuples(pending))
    st.stack = [_tuples(frame) for frame in snap["stack"]]
    st.used = {(int(i), str(slot)) for i, slot in snap["used"]}
    st.latched = {(int(i), str(slot)) for i, slot in snap["latched"]}
    st.damage = {int(k): int(v) for k, v in snap["damage"].items()}
    st.copy_of = {int(k): db[v] for k, v in snap["copy_of"].items()}
    for k, factions in snap.get("copy_factions", {}).items():  # (Merc Cruiser)
        if int(k) not in st.copy_of or not isinstance(factions, list) or not all(
                isinstance(f, str) for f in factions):
            raise ValueError("copy_factions names a card that copies nothing")
        st.copy_of[int(k)] = replace(st.copy_of[int(k)], factions=tuple(factions))
    winners = snap["winners"]
    st.winners = None if winners is None else tuple(int(w) for w in winners)
    st.undo_floor = int(snap.get("undo_floor", snap["log_len"]))
    if "mission_box" in snap:
        st.mission_box = _int_list(snap["mission_box"], "mission_box")
    if "gambit_box" in snap:
        st.gambit_box = _int_list(snap["gambit_box"], "gambit_box")
    if snap.get("boss") is not None:
        st.boss = BossState.from_json(snap["boss"])
    for a in actions:
        st.log = (a, st.log)
    st.log_len = len(actions)
    if st.log_len != snap["log_len"]:
        raise ValueError("the snapshot and the action log disagree on the number of actions")
    if not 0 <= st.active < len(st.seats) or any(
            not -2 <= c < n for zone in (st.trade_row,) for c in zone):
        raise ValueError("the snapshot names a seat or card that does not exist")
    return st
