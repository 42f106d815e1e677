"""The Advance order's movement (RB p.10-11) and the capacity check after an order.

1. ships: «может передвинуть свои корабли в активной системе и из одной смежной в любые
   пустые области активной системы»; 2. ground units: «в активной системе и из одной
   смежной системы в любые миры активной системы. Если игрок передвинул корабли из
   смежной системы, он уже не может передвинуть отряды из другой смежной системы»; a
   path is «последовательность непрерывных, соседних (не по диагонали) дружественных
   областей», fixed before any ground unit moves (facts §7, FFGFAQ) and inside the unit's
   own system and the active one; «отряды не могут передвигаться сквозь варп-штормы»;
   «максимальное количество отрядов, которые могут закончить движение в каждой области,
   равно пяти».

Combat: units may move into one area holding enemy pieces («игрок в ходе разыгрывания
одного приказа может разыграть только одну битву»; CFAQ: ships may pick their own voids
as long as no second area is contested); the combat starts when the moves are done
(combat.py).  Without one, the seat may make an orbital strike (orbital.py).  Routed
units do not move (CFAQ).

Upgrades and Schemes used at the Advance's start change its rules (``o.mods``): From the
Warp (ships cross storms), Through the Warp (all units do), Ork Roks («up to 2 units may
path through 1 uncontrolled void as if it were friendly»: a move needing it names the
void in ``extra``; the first fixes it).
"""

from __future__ import annotations

from collections import deque

from game.forbidden_stars.engine import combat, flow, orbital, pieces, uses
from game.forbidden_stars.engine.events import Destroyed, Moved
from game.forbidden_stars.engine.orders import finish_order
from game.forbidden_stars.engine.state import NOBODY, Action, OrderState, State


def _movable(state: State, o: OrderState, area: str, unit: str) -> int:
    """Unrouted units of the type in the area that have not moved in this order."""
    return (state.units.get(area, {}).get(unit, 0) - o.arrived.get(area, {}).get(unit, 0)
            - pieces.routed(state, area, unit))


def _enterable(state: State, o: OrderState, area: str) -> bool:
    """The seat's or nobody's area, or the one area it contests (any enemy area while it
    contests none yet)."""
    holder = state.owner.get(area, o.seat)
    return holder == o.seat or o.contested in ("", area)


def _room(state: State, o: OrderState, area: str) -> bool:
    limit = state.rules.constants["area_unit_limit"]
    return sum(o.arrived.get(area, {}).values()) < limit


def _sources(state: State, o: OrderState) -> list[str]:
    """Systems units may come from: the active one, and the one adjacent system once
    chosen (any adjacent one before)."""
    topo = state.topology
    return [o.system, *([o.from_system] if o.from_system else topo.neighbours[o.system])]


def ship_choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    topo, seat = state.topology, o.seat
    storms = set(state.storms)
    targets = [a for a in topo.system_areas[o.system] if topo.areas[a].area.kind == "void"
               and _enterable(state, o, a) and _room(state, o, a)]
    out: list[Action] = []
    crossing = "cross_storms" in o.mods or "cross_storms_ships" in o.mods
    for system in _sources(state, o):
        if system != o.system and topo.border(system, o.system) in storms and not crossing:
            continue  # a storm on the border between the two systems
        for src in topo.system_areas[system]:
            if state.owner.get(src) != seat or topo.areas[src].area.kind != "void":
                continue
            for unit in sorted(state.units.get(src, {})):
                if _movable(state, o, src, unit) > 0:
                    out.extend(Action("move", seat, unit, target=t, source=src)
                               for t in targets if t != src)
    out.append(Action("ground", seat))
    return out


def _roks_voids(state: State, o: OrderState) -> set[str]:
    """Uncontrolled voids a path may cross by Ork Roks (none once 2 units used it)."""
    limit = o.mods.get("path_through_void", 0)
    if not limit or len(o.roks) > limit:
        return set()
    if o.roks:
        return {o.roks[0]} if o.roks[0] not in state.owner else set()
    return {a for a, pa in state.topology.areas.items()
            if pa.area.kind == "void" and a not in state.owner}


def _reachable(state: State, o: OrderState, src: str) -> dict[str, str]:
    """Worlds of the active system a ground unit in ``src`` can reach: the path's areas
    friendly (as fixed when the ground units began), inside the two systems, no storm
    crossed; each with the Ork Roks void its path needs ("" for none)."""
    topo = state.topology
    systems = {o.system, topo.areas[src].system}
    storms = set() if "cross_storms" in o.mods else set(state.storms)
    voids = _roks_voids(state, o)
    seen = {(src, "")}
    found: dict[str, str] = {}
    todo = deque([(src, "")])
    while todo:
        here, via = todo.popleft()
        for nxt in topo.adjacent(here, storms):
            if (nxt, via) in seen or topo.areas[nxt].system not in systems:
                continue
            seen.add((nxt, via))
            pa = topo.areas[nxt]
            if pa.system == o.system and pa.area.kind == "world" and \
                    (nxt not in found or (found[nxt] and not via)):
                found[nxt] = via
            if nxt in o.friendly:
                todo.append((nxt, via))
            elif not via and nxt in voids:
                todo.append((nxt, nxt))
    return found


def ground_choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    topo, seat = state.topology, o.seat
    out: list[Action] = []
    for system in _sources(state, o):
        for src in topo.system_areas[system]:
            if state.owner.get(src) != seat or topo.areas[src].area.kind != "world":
                continue
            units = [u for u in sorted(state.units.get(src, {}))
                     if _movable(state, o, src, u) > 0]
            if not units:
                continue
            reach = _reachable(state, o, src)
            targets = [t for t in sorted(reach)
                       if t != src and _enterable(state, o, t) and _room(state, o, t)]
            out.extend(Action("move", seat, u, target=t, source=src, extra=reach[t])
                       for u in units for t in targets)
    out.append(Action("done", seat))
    return out


def start_ground(state: State) -> None:
    o = state.order
    assert o is not None
    o.phase = "ground"
    o.friendly = frozenset(a for a, s in state.owner.items() if s == o.seat)


def move(state: State, a: Action) -> None:
    o = state.order
    assert o is not None
    src_system = state.topology.areas[a.source].system
    if src_system != o.system:
        o.from_system = src_system
    if a.extra:  # Ork Roks: the void this path crossed, and one more unit using it
        o.roks = o.roks or [a.extra]
        o.roks.append(a.card)
    pieces.remove_unit(state, a.source, a.card)
    holder = state.owner.get(a.target, a.seat)
    if holder != a.seat:
        o.contested = a.target
        o.came_from.append(a.source)
    pieces.add_unit(state, a.seat, a.target, a.card, claim=holder == a.seat)
    here = o.arrived.setdefault(a.target, {})
    here[a.card] = here.get(a.card, 0) + 1
    state.events.append(Moved(a.seat, a.card, a.source, a.target))


def done(state: State) -> None:
    """The moves are over: the combat in the contested area, else an orbital strike may
    follow («Если зоны конфликта нет, игрок вместо битвы может произвести орбитальный
    удар», RB p.10)."""
    o = state.order
    assert o is not None
    if o.phase == "orbital":
        finish_order(state)
    elif o.contested:
        defender = state.owner.get(o.contested, NOBODY)
        # a used Scheme's die (Through the Warp), then Crusade «starting a combat»
        opening = [*o.later, *uses.offers(state, o.seat, "combat_start")]
        combat.start(state, o.contested, o.seat, defender, o.came_from, opening)
    elif orbital.strikes(state):
        o.phase = "orbital"
    else:
        finish_order(state)


# ---------------------------------------------------------------------- capacity


def cull_choices(state: State) -> list[Action]:
    """«После того как приказ разыгран … игрок должен уничтожить свои отряды, чтобы
    уложиться в лимит вместимости области» (RB p.10): the seat picks which (a
    defender's retreat may have filled one of its areas too, facts §7); ``extra``
    "routed" picks a routed one."""
    seat = flow.culling_seat(state)
    out = []
    for a in flow.over_capacity(state, seat):
        for u in sorted(state.units[a]):
            down = pieces.routed(state, a, u)
            if state.units[a][u] > down:
                out.append(Action("destroy", seat, u, a))
            if down:
                out.append(Action("destroy", seat, u, a, extra="routed"))
    return out


def destroy(state: State, a: Action) -> None:
    pieces.remove_unit(state, a.target, a.card, routed=a.extra == "routed")
    state.events.append(Destroyed(a.seat, a.card, a.target))
    if flow.culling_seat(state) == NOBODY:
        flow.next_operator(state)
