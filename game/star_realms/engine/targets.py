"""Who and what a seat may attack or target, following its format and outposts."""

from __future__ import annotations

from game.star_realms.engine.state import State


def has_outpost_shield(state: State, owner: int) -> bool:
    """True when an outpost in play protects ``owner`` (its own, or a teammate's where
    the format says so)."""
    fmt = state.format
    protectors = (owner,) if "protectors" in fmt.plain else fmt.protectors(state, owner)
    cards = state.cards
    for p in protectors:
        for b in state.seats[p].bases:
            if cards[b].outpost:
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


def attack_targets(state: State, seat: int) -> tuple[list[int], list[int]]:
    """What ``seat`` may attack: (:func:`base_targets`, :func:`attackable_players`),
    worked out together so each owner's outpost shield is looked at once."""
    fmt = state.format
    plain = fmt.plain
    if "base_owners" in plain and "player_targets" in plain:  # both: the opponents
        owners = players = fmt.opponents(state, seat)
    else:
        owners = fmt.base_owners(state, seat)
        players = fmt.player_targets(state, seat)
    cards = state.cards
    shielded: dict[int, bool] = {}
    bases: list[int] = []
    for owner in owners:
        theirs = state.seats[owner].bases
        if not theirs:
            continue
        shield = shielded[owner] = has_outpost_shield(state, owner)
        if shield:
            for b in theirs:
                if cards[b].outpost:
                    bases.append(b)
        else:
            bases.extend(theirs)
    open_players = []
    for target in players:
        known = shielded.get(target)
        shield = has_outpost_shield(state, target) if known is None else known
        if not shield:
            open_players.append(target)
    return bases, open_players
