"""A canonical, JSON-ready description of a state: for comparing states exactly
(replays, clones, determinism) and as the snapshot stored in a save."""

from __future__ import annotations

from typing import Any

from game.engine.state import State


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
        seats.append({
            "name": s.name, "team": s.team, "life": s.life, "alive": s.alive,
            "hand": s.hand, "deck": s.deck, "discard": s.discard, "in_play": s.in_play,
            "bases": s.bases, "trade": s.trade, "combat": s.combat,
            "pending_discard": s.pending_discard, "known_top": s.known_top,
            "played_factions": dict(sorted(s.played_factions.items())),
            "scrapped_own": s.scrapped_own, "scrapped_hd": s.scrapped_hd,
            "next_acquire": s.next_acquire, "returns": s.returns,
        })
    return jsonable({
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
        "pending": list(state.pending) if state.pending is not None else None,
        "stack": state.stack,
        "used": sorted(state.used),
        "latched": sorted(state.latched),
        "damage": dict(sorted(state.damage.items())),
        "copy_of": {k: v.id for k, v in sorted(state.copy_of.items())},
        "winners": state.winners,
        "log_len": state.log_len,
    })
