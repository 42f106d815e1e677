"""Effect kinds outside a combat (plays.py) on units on the map: placing free units,
moving them without an Advance, replacing, buying with no factory, rallying and routing.

Options name the pieces: ``unit>area`` (a placement), ``source>unit>area`` (a move),
``area>from>to`` (a replacement), ``unit>area>extra`` (a purchase, ``extra`` the assets
spent as in a Deploy).  A unit is never put where the area has no room: it would be
destroyed at once (rulings: as Deploy); routed units are not moved or placed (CFAQ).
"""

from __future__ import annotations

from game.forbidden_stars.engine import orders, pieces
from game.forbidden_stars.engine.combat_state import Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.effect_base import (
    PASS,
    feasible_when,
    handles,
    pick_loop,
)
from game.forbidden_stars.engine.events import Bought, Moved, Rallied, Routed
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.state import NOBODY, State


def _kind(state: State, unit: str) -> str:
    return "world" if state.rules.units[unit].type == "ground" else "void"


def _areas(state: State, kind: str, system: str = "") -> list[str]:
    topo = state.topology
    pool = topo.system_areas[system] if system else sorted(topo.areas)
    return [a for a in pool if topo.areas[a].area.kind == kind]


def _near(state: State, area: str, units: tuple[str, ...]) -> bool:
    return any(state.units.get(area, {}).get(u, 0) for u in units)


def _place_ok(state: State, play: Play, seat: int, e: Effect, area: str) -> bool:
    """Whether ``area`` is one the effect's ``where`` names (room aside)."""
    where = e.params["where"]
    topo = state.topology
    mine = state.owner.get(area) == seat
    near = tuple(e.params.get("near", ()))
    if where == "friendly_world":
        return mine
    if where == "friendly_world_with_structure":
        return mine and bool(state.structures.get(area))
    if where == "friendly_world_with_near":
        return mine and _near(state, area, near)
    if where == "friendly_world_in_system_without_near":
        system = topo.areas[area].system
        return mine and not any(_near(state, a, near) for a in topo.system_areas[system])
    if where == "uncontrolled_void":
        return area not in state.owner
    if where == "friendly_world_active_system":
        return mine and topo.areas[area].system == play.system
    if where == "friendly_or_uncontrolled_area_active_system":
        return state.owner.get(area, seat) == seat and topo.areas[area].system == play.system
    raise ValueError(f"where={where!r} is not a placement outside a combat")


def _placements(state: State, play: Play, seat: int, e: Effect, fixed: str = "") -> list[str]:
    out = []
    for u in e.params["units"]:
        if pieces.figures_left(state, u) < 1:
            continue
        for a in ([fixed] if fixed else _areas(state, _kind(state, u))):
            # the place is chosen once: a first Cultist does not bar the second
            if orders.room(state, a, seat) and (fixed or _place_ok(state, play, seat, e, a)):
                out.append(f"{u}>{a}")
    return out


@feasible_when("place_units")
def _can_place(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_placements(state, play, seat, e))


@handles("place_units", scope="map")
def place_units(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Free units of a listed type, all on one area (the first pick fixes it)."""
    def act(option: str) -> None:
        unit, area = option.split(">")
        p.data["area"] = area
        pieces.add_unit(state, p.seat, area, unit)
        state.events.append(Bought(p.seat, unit, area, 0))

    return pick_loop(p, pick, lambda: _placements(state, play, p.seat, p.effect,
                                                  p.data.get("area", "")),
                     act, p.effect.params["count"], p.seat)


# ---------------------------------------------------------------------- moves


def _sources(state: State, play: Play, seat: int, e: Effect) -> list[str]:
    src = e.params["from"]
    if src == "active_system_world":
        return [a for a in _areas(state, "world", play.system) if state.owner.get(a) == seat]
    if src == "any_world":
        return [a for a in _areas(state, "world") if state.owner.get(a) == seat]
    if src in ("any_area", "one_area"):
        return sorted(a for a, s in state.owner.items() if s == seat)
    raise ValueError(f"move_units from={src!r} is not a move outside a combat")


def _dest_ok(state: State, play: Play, seat: int, e: Effect, src: str, area: str) -> bool:
    to = e.params["to"]
    topo = state.topology
    holder = state.owner.get(area, NOBODY)
    if area == src or not orders.room(state, area, seat):
        return False
    if to == "uncontrolled_world" or to == "uncontrolled_void":
        return holder == NOBODY
    if to == "friendly_world":
        return holder == seat
    if to == "friendly_or_uncontrolled_area":
        return True  # room() already refuses a rival's area
    if to == "friendly_or_uncontrolled_world_adjacent_system":
        # placement, not movement: storms do not block it (CFAQ)
        return topo.areas[area].system in topo.neighbours[topo.areas[src].system]
    raise ValueError(f"move_units to={to!r} is not a move outside a combat")


def _moves(state: State, play: Play, seat: int, e: Effect, data: dict) -> list[str]:
    listed = tuple(e.params.get("units", ()))
    out: list[str] = []
    for src in ([data["src"]] if "src" in data else _sources(state, play, seat, e)):
        for u, n in sorted(state.units.get(src, {}).items()):
            if (listed and u not in listed) or n <= pieces.routed(state, src, u):
                continue
            kind = _kind(state, u)
            dests = [data["to"]] if "to" in data else _areas(state, kind)
            out.extend(f"{src}>{u}>{a}" for a in dests
                       if state.topology.areas[a].area.kind == kind
                       and _dest_ok(state, play, seat, e, src, a))
    return out


@feasible_when("move_units")
def _can_move(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_moves(state, play, seat, e, {}))


@handles("move_units", scope="map")
def move_units(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Units taken and put elsewhere (no path: Taint of Chaos, Webway Portal, How We Getz
    Here?, Outcasts Returned; Warp Gate: «any of your units from 1 area … in 1 area»,
    count 0, the first pick fixing both areas, and may stop)."""
    e = p.effect
    count = e.params["count"]

    def act(option: str) -> None:
        src, unit, to = option.split(">")
        if count == 0:
            p.data.update(src=src, to=to)
        pieces.remove_unit(state, src, unit)
        pieces.add_unit(state, p.seat, to, unit)
        state.events.append(Moved(p.seat, unit, src, to))

    more = count == 0 and (pick is not None or p.done > 0)  # after the first: may stop
    return pick_loop(p, pick, lambda: _moves(state, play, p.seat, e, p.data), act,
                     count or 99, p.seat, optional=more)


def _replacements(state: State, play: Play, seat: int, e: Effect) -> list[str]:
    out: list[str] = []
    for a in _areas(state, "world", play.system):
        if state.owner.get(a) != seat:
            continue
        for old in e.params["from"]:
            if state.units.get(a, {}).get(old, 0) > pieces.routed(state, a, old):
                out.extend(f"{a}>{old}>{new}" for new in e.params["to"]
                           if pieces.figures_left(state, new) > 0)
    return out


@feasible_when("replace_unit")
def _can_replace(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_replacements(state, play, seat, e))


@handles("replace_unit", scope="map")
def replace_unit(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """For the Emperor: a replacement, not a purchase (no CL needed, CFAQ)."""
    def act(option: str) -> None:
        area, old, new = option.split(">")
        pieces.remove_unit(state, area, old)
        pieces.add_unit(state, p.seat, area, new)
        state.events.append(Bought(p.seat, new, area, 0))

    return pick_loop(p, pick, lambda: _replacements(state, play, p.seat, p.effect), act, 1,
                     p.seat)


# ---------------------------------------------------------------------- buying


def _buy_discount(state: State, play: Play, e: Effect) -> int:
    per = tuple(e.params.get("discount_per", ()))
    return sum(state.units.get(a, {}).get(u, 0)
               for a in state.topology.system_areas[play.system] for u in per)


def _purchases(state: State, play: Play, seat: int, e: Effect) -> list[str]:
    """Units bought «with no factory» (CL, forge and materiel rules as a Deploy; Dread
    Ritual's CL ≤ 2 is the unit's own, not lowered by a forge token, CFAQ)."""
    off = _buy_discount(state, play, e)
    max_cl = e.params.get("max_cl", 9) or 9
    out: list[str] = []
    for u in state.rules.faction_units(state.faction(seat)):
        if u.cl > max_cl or (e.params.get("ground_only") and u.type != "ground") or \
                pieces.figures_left(state, u.id) < 1:
            continue
        for a in _areas(state, _kind(state, u.id), play.system):
            if not (orders.room(state, a, seat) and _place_ok(state, play, seat, e, a)):
                continue
            out.extend(f"{u.id}>{a}>{x}" for x in orders.unit_extras(state, seat)
                       if orders.can_buy(state, seat, u.id, x, off))
    return out


@feasible_when("buy_unit")
def _can_buy(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_purchases(state, play, seat, e))


@handles("buy_unit", scope="map")
def buy_unit(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    if pick is None:
        p.chooser = p.seat
        return [*_purchases(state, play, p.seat, p.effect), PASS]
    if pick != PASS:
        unit, area, extra = pick.split(">")
        price = orders.pay_unit(state, p.seat, unit, extra,
                                _buy_discount(state, play, p.effect))
        pieces.add_unit(state, p.seat, area, unit)
        state.events.append(Bought(p.seat, unit, area, price))
    return []


# ---------------------------------------------------------------------- rally, rout


def _routed_systems(state: State, seat: int) -> list[str]:
    return sorted({state.topology.areas[a].system for a in state.routed
                   if state.owner.get(a) == seat})


@feasible_when("rally_system")
def _can_rally(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_routed_systems(state, seat))


@handles("rally_system", scope="map")
def rally_system(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Unwavering Resolve: «rally all your units in 1 system»."""
    def act(system: str) -> None:
        for a in state.topology.system_areas[system]:
            if state.owner.get(a) == p.seat:
                for u, n in sorted(state.routed.pop(a, {}).items()):
                    state.events.append(Rallied(p.seat, u, a, n))

    return pick_loop(p, pick, lambda: _routed_systems(state, p.seat), act, 1, p.seat)


def _rout_targets(state: State, seat: int) -> list[str]:
    topo = state.topology
    mine = {topo.areas[a].system for a, s in state.owner.items()
            if s == seat and state.units.get(a)}
    return [f"{a}>{u}" for a, units in sorted(state.units.items())
            if state.owner.get(a) != seat and topo.areas[a].system in mine
            for u, n in sorted(units.items()) if n > pieces.routed(state, a, u)]


@feasible_when("rout_in_system")
def _can_rout(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_rout_targets(state, seat))


@handles("rout_in_system", scope="map")
def rout_in_system(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Blight of Nurgle: «rout 1 enemy unit in a system where you have a unit»."""
    def act(option: str) -> None:
        area, unit = option.split(">")
        pieces.rout(state, area, unit)
        state.events.append(Routed(state.owner[area], unit, area))

    return pick_loop(p, pick, lambda: _rout_targets(state, p.seat), act,
                     p.effect.params["count"], p.seat)
