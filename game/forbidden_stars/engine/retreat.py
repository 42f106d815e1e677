"""Retreats («ОТСТУПЛЕНИЕ», RB p.15; facts §7 «Retreat»).

The booklet and the Reference-level rulings (facts §7, marked [C]) are one rule set: the
rulings complete the booklet and never contradict it, and the facts call none of them a
variant, so there is no option (docs/forbidden-stars-rulings.md).

- Attacker: «Все отступающие отряды должны отступить в одну и ту же область и это должна
  быть область, откуда в текущую зону конфликта пришёл хоть один из отрядов. Область
  отступления не должна содержать вражеские отряды»; friendliness does not matter
  (FFGFAQ errata), but «наземные отряды должны отступить в мир, куда есть доступный
  путь»: a path of friendly areas as the retreat begins.  Units that all came by a
  card have no such area: destroyed (CFAQ).
- Defender: «в дружественную или нейтральную область активной или соседней системы …
  наземные отряды - в миры, используя безопасный маршрут … обязан выбрать
  дружественную»; never the system the attacker came from, a full friendly area still
  taken (the excess destroyed after the order, CFAQ); storms block (a retreat is a move).
- No legal area: the units are destroyed.  «После того как отряды отступили, они
  становятся деморализованными.»
"""

from __future__ import annotations

from collections import deque

from game.forbidden_stars.engine import forces, pieces
from game.forbidden_stars.engine.combat_state import Combat
from game.forbidden_stars.engine.events import Retreated
from game.forbidden_stars.engine.state import State


def _enemy(state: State, area: str, seat: int) -> bool:
    return state.owner.get(area, seat) != seat


def _ground_reach(state: State, seat: int, src: str, systems: set[str]) -> set[str]:
    """Worlds reachable from ``src`` by a safe path: through the seat's friendly areas,
    within ``systems``, crossing no storm."""
    topo = state.topology
    storms = set(state.storms)
    seen, found = {src}, set()
    todo = deque([src])
    while todo:
        here = todo.popleft()
        for nxt in topo.adjacent(here, storms):
            if nxt in seen or topo.areas[nxt].system not in systems:
                continue
            seen.add(nxt)
            if topo.areas[nxt].area.kind == "world":
                found.add(nxt)
            if state.owner.get(nxt) == seat:
                todo.append(nxt)
    return found


def _path_back(state: State, seat: int, area: str, to: str) -> bool:
    """«наземные отряды должны отступить в мир, куда есть доступный путь» (RB p.15): a
    path of the seat's friendly areas from the contested world to ``to``, inside the two
    systems (facts §7, FFGFAQ), crossing no storm.  The way the units came may be gone:
    the areas they passed through were emptied by the Advance itself, or Ork Roks' void
    or a storm crossed by an upgrade is no path."""
    systems = {state.topology.areas[area].system, state.topology.areas[to].system}
    return to in _ground_reach(state, seat, area, systems)


def destinations(state: State, c: Combat, seat: int) -> list[str]:
    """Where the side's units may retreat to, by its role in the combat."""
    topo = state.topology
    area = c.area
    kind = topo.areas[area].area.kind
    if seat == c.attacker:
        return sorted(a for a in set(c.came_from) if a != area and not _enemy(state, a, seat)
                      and topo.areas[a].area.kind == kind
                      and (kind == "void" or state.config.retreat_without_path
                           or _path_back(state, seat, area, a)))
    active = topo.areas[area].system
    order = state.order
    barred = order.from_system if order is not None and order.seat == c.attacker else ""
    storms = set(state.storms)
    out: list[str] = []
    for system in (active, *topo.neighbours[active]):
        if system == barred and system != active:
            continue
        if kind == "void":
            if system != active and topo.border(system, active) in storms:
                continue
            reach = {a for a in topo.system_areas[system] if topo.areas[a].area.kind == "void"}
        else:
            reach = _ground_reach(state, seat, area, {active, system}) & \
                set(topo.system_areas[system])
        out.extend(a for a in reach if a != area and not _enemy(state, a, seat))
    friendly = [a for a in out if state.owner.get(a) == seat]
    return sorted(set(friendly or out))


def move_out(state: State, c: Combat, seat: int, group: str, to: str) -> None:
    """One unit leaves the combat for ``to`` (a card's retreat): it arrives routed."""
    name, routed = group.removesuffix(forces.ROUTED), group.endswith(forces.ROUTED)
    pieces.remove_unit(state, c.area, name, routed=routed)
    pieces.add_unit(state, seat, to, name, routed=True)
    state.events.append(Retreated(seat, c.area, to, 1))


def retreat_all(state: State, c: Combat, seat: int, to: str) -> None:
    """All the side's units leave the area for ``to`` (or are destroyed when ``to`` is
    ""); its reinforcement tokens go back to the supply."""
    side = c.sides[seat]
    state.supply[forces.TOKEN] += side.reinf + side.reinf_routed
    side.reinf = side.reinf_routed = 0
    units = pieces.faction_units(state, c.area, seat)
    n = sum(units.values())
    for u, k in units.items():
        down = pieces.routed(state, c.area, u)
        if k > down:
            pieces.remove_unit(state, c.area, u, k - down)
        if down:
            pieces.remove_unit(state, c.area, u, down, routed=True)
        if to:
            pieces.add_unit(state, seat, to, u, k, routed=True)
            _cap_routed(state, to, u)
    state.events.append(Retreated(seat, c.area, to, n))


def _cap_routed(state: State, area: str, unit: str) -> None:
    down = state.routed[area]
    down[unit] = min(down[unit], state.units[area][unit])
