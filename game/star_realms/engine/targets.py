"""Who and what a seat may attack or target, following its format and outposts."""

from __future__ import annotations

from game.star_realms.engine.state import State


def has_outpost_shield(state: State, owner: int) -> bool:
    """True when an outpost in play protects ``owner`` (its own, or a teammate's where
    the format says so)."""
    for p in state.format.protectors(state, owner):
        for b in state.seats[p].bases:
            if state.cards[b].outpost:
                return True
    return False


def base_targets(state: State, seat: int) -> list[int]:
    """Bases ``seat`` may attack or target: outposts always, other bases only when no
    outpost shields their owner."""
    out: list[int] = []
    for owner in state.format.base_owners(state, seat):
        bases = state.seats[owner].bases
        if not bases:
            continue
        if has_outpost_shield(state, owner):
            out.extend(b for b in bases if state.cards[b].outpost)
        else:
            out.extend(bases)
    return out


def attackable_players(state: State, seat: int) -> list[int]:
    return [t for t in state.format.player_targets(state, seat)
            if not has_outpost_shield(state, t)]


def remaining_defense(state: State, iid: int) -> int:
    return state.cards[iid].defense - state.damage.get(iid, 0)
