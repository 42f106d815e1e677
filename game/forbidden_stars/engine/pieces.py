"""Putting pieces on the map and taking them off, keeping ``state.owner`` right: an area
belongs to the seat whose units or structures are in it, and to nobody when empty.  Only
a combat's contested area holds two factions' units; there the owner stays the defender
until the combat ends (``claim=False`` adds an attacker's unit without taking it)."""

from __future__ import annotations

from game.forbidden_stars.engine.state import State


def add_unit(state: State, seat: int, area: str, unit: str, n: int = 1,
             claim: bool = True, routed: bool = False) -> None:
    here = state.units.setdefault(area, {})
    here[unit] = here.get(unit, 0) + n
    if routed:
        down = state.routed.setdefault(area, {})
        down[unit] = down.get(unit, 0) + n
    if claim:
        state.owner[area] = seat


def remove_unit(state: State, area: str, unit: str, n: int = 1, routed: bool = False) -> None:
    here = state.units[area]
    here[unit] -= n
    if here[unit] == 0:
        del here[unit]
    if not here:
        del state.units[area]
    down = state.routed.get(area, {})
    # the routed count follows the unit taken; never more routed than there are units
    left = down.get(unit, 0) - (n if routed else 0)
    left = min(left, state.units.get(area, {}).get(unit, 0))
    if left > 0:
        down[unit] = left
    else:
        down.pop(unit, None)
        if not down:
            state.routed.pop(area, None)
    _settle(state, area)


def routed(state: State, area: str, unit: str) -> int:
    return state.routed.get(area, {}).get(unit, 0)


def rout(state: State, area: str, unit: str) -> None:
    down = state.routed.setdefault(area, {})
    down[unit] = down.get(unit, 0) + 1


def rally(state: State, area: str, unit: str, n: int = 1) -> None:
    down = state.routed[area]
    down[unit] -= n
    if down[unit] <= 0:
        del down[unit]
    if not down:
        del state.routed[area]


def faction_units(state: State, area: str, seat: int) -> dict[str, int]:
    """The seat's units in the area (a contested area holds two factions')."""
    faction = state.faction(seat)
    return {u: n for u, n in state.units.get(area, {}).items()
            if state.rules.units[u].faction == faction}


def add_structure(state: State, seat: int, world: str, structure: str) -> None:
    state.structures.setdefault(world, []).append(structure)
    state.supply[structure] -= 1
    state.owner[world] = seat


def remove_structure(state: State, world: str, structure: str) -> None:
    state.structures[world].remove(structure)
    if not state.structures[world]:
        del state.structures[world]
    state.supply[structure] += 1
    _settle(state, world)


def _settle(state: State, area: str) -> None:
    if not state.units.get(area) and not state.structures.get(area):
        state.owner.pop(area, None)


def gain_asset(state: State, seat: int, asset: str, n: int = 1) -> int:
    """Gain up to ``n`` tokens: at most the play-area limit of a type (facts §7, FFGFAQ)
    and what the supply holds.  Returns how many came."""
    player = state.players[seat]
    room = state.rules.constants["asset_limit"] - player.assets.get(asset, 0)
    got = max(0, min(n, room, state.supply[asset]))
    if got:
        player.assets[asset] = player.assets.get(asset, 0) + got
        state.supply[asset] -= got
    return got


def spend_asset(state: State, seat: int, asset: str) -> None:
    player = state.players[seat]
    player.assets[asset] -= 1
    state.supply[asset] += 1


def figures_left(state: State, unit: str) -> int:
    """Figures of the type not on the map (the box holds ``figures`` of each)."""
    on_map = sum(u.get(unit, 0) for u in state.units.values())
    return state.rules.units[unit].figures - on_map
