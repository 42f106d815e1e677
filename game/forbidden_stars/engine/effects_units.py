"""Effect kinds on the units of a combat: rally, rout, destroy, retreat, the round's
flags (cannot be routed, routed become destroyed, an extra damage step, no damage), and
units or reinforcement tokens coming into or leaving the contested area.

Options name a unit group (forces.py: a unit id, ``reinforcement``, ``/routed``), and a
move ``group>area`` or ``area>unit``.  Units placed or moved into the combat join it
without dice (CFAQ: the dice were rolled at its start).
"""

from __future__ import annotations

from game.forbidden_stars.engine import forces, pieces, retreat
from game.forbidden_stars.engine.combat_state import Combat, Pending
from game.forbidden_stars.engine.effect_base import (
    ANY,
    after_rout,
    chooser_seat,
    handles,
    side_seat,
    unit_matches,
)
from game.forbidden_stars.engine.effect_base import pick_loop as _pick_loop
from game.forbidden_stars.engine.events import Moved, Rallied
from game.forbidden_stars.engine.state import State


@handles("rally")
def rally(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    def act(group: str) -> None:
        forces.rally(state, c, p.seat, group)
        state.events.append(Rallied(p.seat, group.removesuffix(forces.ROUTED), c.area))

    return _pick_loop(p, pick, lambda: forces.groups(state, c, p.seat, routed=True), act,
                      p.effect.params["count"], p.seat)


@handles("rout")
def rout(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    seat = side_seat(c, p, e["side"])
    units = tuple(e.get("units", ()))

    def cands() -> list[str]:
        if c.sides[seat].cannot_rout:
            return []
        return [g for g in forces.groups(state, c, seat, routed=False)
                if unit_matches(state, c, seat, g, e["filter"], units)]

    def act(group: str) -> None:
        if forces.rout(state, c, seat, group):
            after_rout(state, c, seat, group)

    return _pick_loop(p, pick, cands, act, e["count"], chooser_seat(c, p, e["chooser"], seat))


@handles("destroy")
def destroy(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    seat = side_seat(c, p, e["side"])
    units = tuple(e.get("units", ()))

    def cands() -> list[str]:
        return [g for g in forces.groups(state, c, seat)
                if unit_matches(state, c, seat, g, e["filter"], units)]

    return _pick_loop(p, pick, cands, lambda g: forces.destroy(state, c, seat, g),
                      e["count"], chooser_seat(c, p, e["chooser"], seat))


def retreat_options(state: State, c: Combat, seat: int) -> list[str]:
    """A card's retreat of one unit: a figure (tokens are not on the map) to an area the
    side could retreat to (retreat.py)."""
    dests = retreat.destinations(state, c, seat)
    units = [g for g in forces.groups(state, c, seat)
             if not g.startswith(forces.TOKEN)]
    return [f"{g}>{a}" for g in units for a in dests]


@handles("retreat")
def retreat_units(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    seat = side_seat(c, p, e["side"])

    def act(option: str) -> None:
        group, to = option.split(">")
        retreat.move_out(state, c, seat, group, to)

    return _pick_loop(p, pick, lambda: retreat_options(state, c, seat), act,
                      e["count"], seat)


@handles("cannot_be_routed")
def cannot_be_routed(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.sides[p.seat].cannot_rout = True
    return []


@handles("routed_become_destroyed")
def routed_become_destroyed(state: State, c: Combat, p: Pending,
                            pick: str | None) -> list[str]:
    """A round's «routed … destroyed»; bound to one routed unit (Gitz Dem!: «when an
    enemy unit is routed … destroy it instead») it destroys that unit now."""
    group = p.effect.params.get("group")
    if group is not None:
        victim = p.effect.params["victim"]
        if group in forces.groups(state, c, victim, routed=True):
            forces.destroy(state, c, victim, group)
        return []
    side = c.sides[p.seat]
    side.doom = True
    side.doom_unless = side.doom_unless or bool(p.effect.params["unless_morale"])
    return []


@handles("extra_damage_step")
def extra_damage_step(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.extra_damage = True  # «does not stack» (CFAQ): a flag, not a count
    return []


@handles("no_damage")
def no_damage(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    c.no_damage = True
    return []


@handles("place_reinforcement")
def place_reinforcement(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Free tokens from the supply into the combat (none when the supply is empty)."""
    k = min(p.effect.params["count"], state.supply[forces.TOKEN])
    state.supply[forces.TOKEN] -= k
    c.sides[p.seat].reinf += k
    return []


def _kind_fits(state: State, unit: str, area: str) -> bool:
    want = "world" if state.rules.units[unit].type == "ground" else "void"
    return state.topology.areas[area].area.kind == want


def _place(state: State, c: Combat, seat: int, unit: str, area: str, routed: bool = False) -> None:
    # the contested area keeps its defender as owner until the combat ends
    pieces.add_unit(state, seat, area, unit, claim=area != c.area, routed=routed)


@handles("place_units")
def place_units(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Free units from the box (never more figures than printed, facts §1)."""
    e = p.effect.params
    topo = state.topology
    system = topo.areas[c.area].system
    if e["where"] == "this_area":
        places = [c.area]
    elif e["where"] == "other_world_in_system":
        places = [a for a in topo.system_areas[system] if a != c.area
                  and topo.areas[a].area.kind == "world"
                  and state.owner.get(a, p.seat) == p.seat]
    else:
        raise ValueError(f"place_units where={e['where']!r} is not a combat placement")

    def cands() -> list[str]:
        return [f"{u}>{a}" for u in e["units"] for a in places
                if _kind_fits(state, u, a) and pieces.figures_left(state, u) > 0]

    def act(option: str) -> None:
        unit, area = option.split(">")
        _place(state, c, p.seat, unit, area)

    return _pick_loop(p, pick, cands, act, e["count"], p.seat)


@handles("replace_unit")
def replace_unit(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    """Replace one of your units of ``from`` in this area with a free, unrouted ``to``."""
    e = p.effect.params

    def cands() -> list[str]:
        return [f"{g}>{t}" for g in forces.groups(state, c, p.seat)
                if g.removesuffix(forces.ROUTED) in e["from"]
                for t in e["to"] if pieces.figures_left(state, t) > 0]

    def act(option: str) -> None:
        group, to = option.split(">")
        pieces.remove_unit(state, c.area, group.removesuffix(forces.ROUTED),
                           routed=group.endswith(forces.ROUTED))
        _place(state, c, p.seat, to, c.area)

    return _pick_loop(p, pick, cands, act, 1, p.seat)


def _adjacent_moves(state: State, c: Combat, seat: int, max_cl: int,
                    enemy: bool = False) -> list[str]:
    """Your unrouted figures here to an edge-sharing friendly or uncontrolled area of
    their kind, across no storm («Routed units may not move», CFAQ); ``enemy``: a rival's
    area too (Wave Serpent's next combat)."""
    dests = [a for a in state.topology.adjacent(c.area, set(state.storms))
             if state.owner.get(a, seat) == seat or (enemy and a != c.area)]
    return [f"{g}>{a}" for g in forces.groups(state, c, seat, routed=False)
            if g != forces.TOKEN and state.rules.units[g].cl <= max_cl
            for a in dests if _kind_fits(state, g, a)]


def _move_out(state: State, c: Combat, seat: int, option: str) -> None:
    unit, to = option.split(">")
    pieces.remove_unit(state, c.area, unit)
    # into a rival's area the units wait for the next combat; it stays the rival's
    pieces.add_unit(state, seat, to, unit, claim=state.owner.get(to, seat) == seat)
    state.events.append(Moved(seat, unit, c.area, to))


def _move_in_options(state: State, c: Combat, seat: int, units: tuple[str, ...],
                     max_cl: int = 9) -> list[str]:
    """Your unrouted units of the types on any other world, onto this (world) area."""
    if state.topology.areas[c.area].area.kind != "world":
        return []
    out = []
    for area, here in sorted(state.units.items()):
        if area == c.area or state.owner.get(area) != seat:
            continue
        for u, n in sorted(here.items()):
            if (not units or u in units) and n > pieces.routed(state, area, u) and \
                    state.rules.units[u].type == "ground" and state.rules.units[u].cl <= max_cl:
                out.append(f"{area}>{u}")
    return out


def _move_in(state: State, c: Combat, seat: int, option: str) -> None:
    src, unit = option.split(">")
    pieces.remove_unit(state, src, unit)
    _place(state, c, seat, unit, c.area)
    state.events.append(Moved(seat, unit, src, c.area))


@handles("move_units")
def move_units(state: State, c: Combat, p: Pending, pick: str | None) -> list[str]:
    e = p.effect.params
    route = (e["from"], e["to"])
    units = tuple(e.get("units", ()))
    if route == ("this_area", "adjacent_area"):
        # «The moved unit is no longer in the combat» (CFAQ)
        return _pick_loop(p, pick, lambda: _adjacent_moves(state, c, p.seat, 9),
                          lambda o: _move_out(state, c, p.seat, o), e["count"], p.seat)
    if route == ("any_world", "this_area"):
        return _pick_loop(p, pick, lambda: _move_in_options(state, c, p.seat, units),
                          lambda o: _move_in(state, c, p.seat, o), e["count"], p.seat)
    if route == ("this_area", "friendly_area"):
        return _pick_loop(p, pick, lambda: _refuges(state, c, p.seat),
                          lambda o: _all_out(state, c, p.seat, o), 1, p.seat)
    if route == ("active_system_void", "friendly_or_uncontrolled_void_adjacent_system"):
        more = pick is not None or p.done > 0
        return _pick_loop(p, pick, lambda: _ship_escapes(state, c, p),
                          lambda o: _escape(state, c, p, o), 99, p.seat, optional=more)
    raise ValueError(f"move_units {route} is not a combat move")


def _refuges(state: State, c: Combat, seat: int) -> list[str]:
    """Farsight: «move all your units in this combat to any 1 friendly area» (routed
    ones too, CFAQ; over capacity, the order's end destroys the excess)."""
    kind = state.topology.areas[c.area].area.kind
    if not pieces.faction_units(state, c.area, seat):
        return []
    return sorted(a for a, s in state.owner.items() if s == seat and a != c.area
                  and state.topology.areas[a].area.kind == kind)


def _all_out(state: State, c: Combat, seat: int, to: str) -> None:
    for unit, n in sorted(pieces.faction_units(state, c.area, seat).items()):
        down = pieces.routed(state, c.area, unit)
        pieces.remove_unit(state, c.area, unit, n, routed=True)
        if n > down:
            pieces.add_unit(state, seat, to, unit, n - down)
        if down:
            pieces.add_unit(state, seat, to, unit, down, routed=True)
        state.events.append(Moved(seat, unit, c.area, to))


def _ship_escapes(state: State, c: Combat, p: Pending) -> list[str]:
    """Strafing Run: «move any of your ships in the active system to 1 friendly or
    uncontrolled void in an adjacent system» (a move: not across a storm)."""
    topo = state.topology
    system = topo.areas[c.area].system
    seat = p.seat
    if "to" in p.data:
        dests = [p.data["to"]]
    else:
        dests = [a for s in topo.neighbours[system] if topo.border(s, system) not in state.storms
                 for a in topo.system_areas[s] if topo.areas[a].area.kind == "void"
                 and state.owner.get(a, seat) == seat]
    out: list[str] = []
    for src in topo.system_areas[system]:
        if state.owner.get(src) != seat or topo.areas[src].area.kind != "void":
            continue
        for u, n in sorted(state.units.get(src, {}).items()):
            if n > pieces.routed(state, src, u):
                out.extend(f"{src}>{u}>{d}" for d in dests)
    return out


def _escape(state: State, c: Combat, p: Pending, option: str) -> None:
    src, unit, to = option.split(">")
    p.data["to"] = to
    pieces.remove_unit(state, src, unit)
    pieces.add_unit(state, p.seat, to, unit)
    state.events.append(Moved(p.seat, unit, src, to))


@handles("move_in_by_cultist_count", named=True)
def move_in_by_cultist_count(state: State, c: Combat, p: Pending,
                             pick: str | None) -> list[str]:
    """«move 1 of your units from any world onto this world. Its CL may not exceed the
    number of Cultists in this system» (the brown ability may be declined)."""
    system = state.topology.areas[c.area].system
    cultists = sum(state.units.get(a, {}).get(u.id, 0)
                   for a in state.topology.system_areas[system]
                   for u in state.rules.faction_units(state.faction(p.seat))
                   if u.reinforcement and u.type == "ground")
    return _pick_loop(p, pick, lambda: _move_in_options(state, c, p.seat, (), cultists),
                      lambda o: _move_in(state, c, p.seat, o), 1, p.seat, optional=True)


@handles("move_into_adjacent_combat", named=True)
def move_into_adjacent_combat(state: State, c: Combat, p: Pending,
                              pick: str | None) -> list[str]:
    """«move any number of CL 0–1 units to an adjacent area; this may start one more
    combat after this one» — all to one area (the first pick fixes it); a rival's area
    holds the combat that follows this one (combat._finish), where these units, placed by
    a card, cannot retreat (CFAQ)."""
    def cands() -> list[str]:
        opts = _adjacent_moves(state, c, p.seat, 1, enemy=not c.then)
        to = p.data.get("to")
        return [o for o in opts if to is None or o.endswith(">" + to)]

    def act(option: str) -> None:
        to = option.split(">")[1]
        p.data["to"] = to
        if state.owner.get(to, p.seat) != p.seat:
            c.then = to
        _move_out(state, c, p.seat, option)

    return _pick_loop(p, pick, cands, act, ANY, p.seat, optional=True)
