"""The basic actions on the map: Build, Repair and Move (RU p.12–13).

«СТРОИТЕЛЬСТВО (ПРОЕКТИРОВАНИЕ) Можете построить здание или корабль. Здание. Поместите
1 космопорт или 1 город в пустую ячейку строительства в системе с верным компонентом.
Строя город, берите крайний слева со своего планшета. Корабль. Поместите 1 корабль в
верный космопорт. В каждом космопорте можно построить лишь один корабль в ход. Строя
что-либо в системе, где правит соперник, вы помещаете этот компонент уже повреждённым.»

«ПОЧИНКА (ПРОЕКТИРОВАНИЕ И РУКОВОДСТВО) Поднимите 1 повреждённый верный корабль или
переверните 1 повреждённое верное здание. (В любой части поля!)»

«ПЕРЕМЕЩЕНИЕ (МОБИЛИЗАЦИЯ И АГРЕССИЯ) Переместите сколько угодно верных кораблей из
одной системы в соседнюю. Если вы перемещаетесь из системы с верным космопортом, можете
совершить гиперпрыжок – продолжить перемещать корабли настолько далеко, насколько
хотите (но вы обязаны остановиться, когда достигнете врат, где правит соперник, или
любой планеты). Вы можете оставлять часть кораблей по пути.»

A hyperjump is one ``move`` followed by ``jump`` steps (each takes some or all of the
jumping ships one system on, the others stay behind) until the ships must stop or the
seat says ``stop``.
"""

from __future__ import annotations

from game.arcs.engine import leaders, lore
from game.arcs.engine.board import neighbours_of
from game.arcs.engine.events import Built, Moved, Repaired
from game.arcs.engine.state import NOBODY, Building, Jump, State

PIECES = ("ship", "starport", "city")


def rival_rules(state: State, seat: int, system: str) -> bool:
    ruler = state.ruler(system)
    return ruler not in (NOBODY, seat)


def _has_piece(state: State, seat: int, system: str) -> bool:
    if state.fresh[system][seat] or state.damaged[system][seat]:
        return True
    return any(b is not None and b.seat == seat for b in state.buildings.get(system, ()))


def _starport_slots(state: State, seat: int, planet: str) -> list[int]:
    return [i for i, b in enumerate(state.buildings.get(planet, ()))
            if b is not None and b.seat == seat and b.kind == "starport"]


# ---------------------------------------------------------------------- build


def build_targets(state: State, seat: int) -> list[tuple[str, str, int]]:
    """(piece, planet, slot): a building in an empty printed slot of a system holding a
    loyal piece, while the seat has that building left; a ship at the first loyal
    starport of a system that has not built a ship this turn, while the seat has ships
    left.  Gates have no building slots (facts §1.2): only Gate Ports' and Gate
    Stations' buildings stand there, and Cloud Cities' beyond a planet's slots
    (lore.py, slot index given)."""
    assert state.rules is not None
    player = state.players[seat]
    cities_left = player.cities_off < state.rules.board.pieces["cities"]
    out = []
    for planet in sorted(state.buildings):
        slots = state.buildings[planet][:state.rules.map.systems[planet].slots]
        if None in slots and _has_piece(state, seat, planet):
            if player.starports > 0:
                out.append(("starport", planet, -1))
            if cities_left:
                out.append(("city", planet, -1))
        if player.ships > 0:
            free = [i for i in _starport_slots(state, seat, planet)
                    if (planet, i) not in state.built]
            if free:
                out.append(("ship", planet, free[0]))
    return out + lore.build_targets(state, seat, cities_left)


def build(state: State, seat: int, piece: str, planet: str, slot: int) -> None:
    """``slot`` names a building's place only beyond the printed slots (lore.py)."""
    player = state.players[seat]
    damaged = rival_rules(state, seat, planet)
    if piece == "ship" and leaders.holds(state, seat, "build_undamaged", piece="ship"):
        damaged = False  # Hidden Harbors: «You build ships fresh» (facts §9)
    if piece == "ship":
        player.ships -= 1
        (state.damaged if damaged else state.fresh)[planet][seat] += 1
        state.built.append((planet, slot))
    else:
        if piece == "city":
            player.cities_off += 1  # «берите крайний слева со своего планшета»
        else:
            player.starports -= 1
        if slot >= 0:
            lore.place_extra(state, seat, piece, planet, slot, damaged)
        else:
            slots = state.buildings[planet]
            slots[slots.index(None)] = Building(seat, piece, damaged)
    state.events.append(Built(seat, planet, piece, damaged))


# ---------------------------------------------------------------------- repair


def repair_targets(state: State, seat: int) -> list[tuple[str, str, int]]:
    """(piece, system, slot): each system with a damaged loyal ship (slot -1) and each
    damaged loyal building, anywhere on the map."""
    out = []
    for system in sorted(state.damaged):
        if state.damaged[system][seat]:
            out.append(("ship", system, -1))
        for i, b in enumerate(state.buildings.get(system, ())):
            if b is not None and b.seat == seat and b.damaged:
                out.append((b.kind, system, i))
    return out


def repair(state: State, seat: int, piece: str, system: str, slot: int) -> None:
    if piece == "ship":
        state.damaged[system][seat] -= 1
        state.fresh[system][seat] += 1
    else:
        b = state.buildings[system][slot]
        assert b is not None
        state.buildings[system][slot] = b._replace(damaged=False)
    state.events.append(Repaired(seat, system, piece))


# ---------------------------------------------------------------------- move


def _groups(source: str, targets: tuple[str, ...], fresh: int, damaged: int):
    for target in targets:
        for f in range(fresh + 1):
            for d in range(damaged + 1):
                if f or d:
                    yield source, target, f, d


def move_targets(state: State, seat: int) -> list[tuple[str, str, int, int]]:
    """(source, target, fresh, damaged): any number of loyal ships, damaged ones too
    («сколько угодно верных кораблей»), to an adjacent in-play system (the topology
    holds only in-play systems; path markers join the gates either side).  The Rebel
    (``move_limit``): «Move at most 2 ships at a time» (facts §9) — a hyperjump goes on
    with some of the same ships, so it stays within the limit."""
    assert state.topology is not None
    limit = min([ab.params["max_ships"] for ab in leaders.holds(state, seat, "move_limit")],
                default=0)
    out: list[tuple[str, str, int, int]] = []
    fresh_all, damaged_all = state.fresh, state.damaged
    neighbours = neighbours_of(state.topology)
    for system in state.topology.systems:
        f, d = fresh_all[system][seat], damaged_all[system][seat]
        if f or d:
            # _groups written out (the same order): this runs for every legal list
            for target in neighbours[system]:
                for nf in range(f + 1):
                    for nd in range(d + 1):
                        if (nf or nd) and (not limit or nf + nd <= limit):
                            out.append((system, target, nf, nd))
    return out


def jump_targets(state: State) -> list[tuple[str, str, int, int]]:
    """The jumping ships go on: some or all of them, one system further."""
    assert state.topology is not None and state.jump is not None
    j = state.jump
    return list(_groups(j.system, state.topology.neighbours(j.system), j.fresh,
                        j.damaged))


def _must_stop(state: State, seat: int, system: str) -> bool:
    """«вы обязаны остановиться, когда достигнете врат, где правит соперник, или любой
    планеты»; «При гиперпрыжке проверяйте, кто правит, до этого перемещения, а не
    после.» — judged before the ships arrive."""
    assert state.rules is not None
    return (state.rules.map.systems[system].kind == "planet"
            or rival_rules(state, seat, system))


def move(state: State, seat: int, source: str, target: str, fresh: int, damaged: int,
         jumping: bool) -> None:
    """Move the ships; a move out of a system with a loyal starport («Нельзя совершать
    гиперпрыжок из космопорта соперника») may go on as a hyperjump unless it must stop
    where it arrives.  A jump step goes on under the same condition."""
    can_jump = jumping or bool(_starport_slots(state, seat, source))
    stop = _must_stop(state, seat, target)
    lore.gate_toll(state, seat, target)  # judged before the ships arrive
    state.fresh[source][seat] -= fresh
    state.damaged[source][seat] -= damaged
    state.fresh[target][seat] += fresh
    state.damaged[target][seat] += damaged
    state.events.append(Moved(seat, source, target, fresh, damaged, jumping))
    state.jump = Jump(target, fresh, damaged) if can_jump and not stop else None
    if state.jump is None:
        end_move(state, seat, target, fresh)


def end_move(state: State, seat: int, system: str, fresh: int) -> None:
    """Sprinter Drives (``move_again``): «When you move fresh Loyal ships, you may move
    any of them one more time. (Damaged ships can move with them once, but won't move
    one more time. Resolve this after all Catapult moves.)» — the fresh ships that
    ended the move together (``state.sprint``) may take one more step (``sprint``)."""
    if fresh and leaders.holds(state, seat, "move_again"):
        state.sprint = Jump(system, fresh, 0)


def sprint_targets(state: State) -> list[tuple[str, str, int, int]]:
    assert state.topology is not None and state.sprint is not None
    j = state.sprint
    return list(_groups(j.system, state.topology.neighbours(j.system), j.fresh, 0))


def sprint(state: State, seat: int, source: str, target: str, fresh: int) -> None:
    """The one more step: no hyperjump, no further sprint."""
    state.sprint = None
    lore.gate_toll(state, seat, target)
    state.fresh[source][seat] -= fresh
    state.fresh[target][seat] += fresh
    state.events.append(Moved(seat, source, target, fresh, 0, False))
