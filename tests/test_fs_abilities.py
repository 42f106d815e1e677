"""Forbidden Stars faction abilities, resolved on the seat's Dominate order after its
assets (facts §1; RB p.9): one test per faction, quoting the faction sheet's paraphrase."""

from __future__ import annotations

from game.forbidden_stars.engine import combat, pieces
from game.forbidden_stars.engine.components import Effect
from tests.test_fs_support import (
    answer,
    cleared,
    fight,
    game,
    linked,
    options,
    order_on_top,
)

SEAT = 0


def _plain_world(state, skip=()) -> str:
    """A world without a prosperity seal (Dominate then asks nothing before the ability)."""
    return next(a for a, pa in sorted(state.topology.areas.items())
                if pa.area.kind == "world" and "prosperity" not in pa.area.assets
                and pa.area.capacity >= 2 and a not in skip)


def _dominate(state, world: str) -> None:
    order_on_top(state, SEAT, state.topology.areas[world].system, "dominate")


def test_for_the_emperor_upgrades_a_scout_for_one_materiel():
    """For the Emperor: «pay 1 materiel to upgrade a unit in the active system, either a
    Scout into a free Space Marine or a Space Marine into a free Land Raider» (CFAQ: a
    replacement, no CL needed)."""
    state = cleared(game())
    world = _plain_world(state)
    pieces.add_unit(state, SEAT, world, "sm_scout")
    before = state.players[SEAT].materiel
    _dominate(state, world)
    assert options(state) == ["use", "pass"]
    answer(state, "use")  # only the Scout option can be done: taken at once
    assert state.units[world] == {"sm_space_marine": 1}
    assert state.players[SEAT].materiel == before - 1
    state.players[SEAT].materiel = 0
    _dominate(state, world)  # no materiel to pay: not offered
    assert "use" not in options(state)


def test_taint_of_chaos_moves_a_cultist_to_an_adjacent_system_past_storms():
    """Taint of Chaos: «move 1 Cultist from the active system onto a friendly or
    uncontrolled world in an adjacent system» (CFAQ: storms do not block it)."""
    state = cleared(game(2, 0, ("chaos", "orks")))
    here, there = linked(state, "world", "world", same_system=False)
    topo = state.topology
    pieces.add_unit(state, SEAT, here, "chaos_cultist")
    state.storms = [topo.border(topo.areas[here].system, topo.areas[there].system)]
    _dominate(state, here)
    answer(state, "use")
    move = f"{here}>chaos_cultist>{there}"
    assert move in options(state)
    assert all(topo.areas[o.split(">")[2]].system in topo.neighbours[topo.areas[here].system]
               for o in options(state))
    answer(state, move)
    assert state.units[there] == {"chaos_cultist": 1} and here not in state.units


def test_ork_spores_buy_a_ground_unit_with_no_factory():
    """Ork Spores: «buy 1 unit and place it on a friendly world in the active system»
    (CFAQ: no factory needed; CL and materiel still apply; ground units only)."""
    state = cleared(game(2, 0, ("orks", "space_marines")))
    world = _plain_world(state)
    pieces.add_unit(state, SEAT, world, "ork_boyz")
    before = state.players[SEAT].materiel
    _dominate(state, world)
    answer(state, "use")
    opts = options(state)
    assert f"ork_boyz>{world}>" in opts and f"ork_nob>{world}>" not in opts  # CL 1
    assert not any(o.startswith("ork_onslaught") for o in opts)  # a ship
    answer(state, f"ork_boyz>{world}>")
    assert state.units[world] == {"ork_boyz": 2}
    assert state.players[SEAT].materiel == before - 2


def test_webway_portal_takes_a_unit_to_a_friendly_world_anywhere():
    """Webway Portal: «take 1 of your units from a world in the active system and place it
    on a friendly world in any system» (CFAQ: no path needed)."""
    state = cleared(game(2, 0, ("eldar", "orks")))
    world = _plain_world(state)
    topo = state.topology
    far = next(a for a, pa in sorted(topo.areas.items()) if pa.area.kind == "world"
               and pa.system != topo.areas[world].system
               and pa.system not in topo.neighbours[topo.areas[world].system])
    pieces.add_unit(state, SEAT, world, "eldar_wraithguard")
    pieces.add_structure(state, SEAT, far, "city")
    _dominate(state, world)
    answer(state, "use")  # the one unit, the one other friendly world: no question
    assert state.units[far] == {"eldar_wraithguard": 1} and world not in state.units
    assert state.order is None  # the Dominate is over


def test_wave_serpent_moves_units_into_an_enemy_area_for_a_second_combat():
    """Wave Serpent (Falcon): «spend 1 morale die to move any number of CL 0–1 units to
    an adjacent area»; the card's «this may start one more combat after this one» (CFAQ:
    units placed by a card cannot retreat)."""
    def neighbour(state):
        there = next(a for a, k in state.owner.items() if k == 1)
        topo = state.topology
        other = next(b for b, _ in topo.links[there] if b not in state.owner
                     and topo.areas[b].area.kind == "world")
        pieces.add_unit(state, 1, other, "ork_boyz")

    state = fight({"eldar_falcon": 1, "eldar_aspect_warrior": 1}, {"ork_boyz": 1},
                  factions=("eldar", "orks"), before=neighbour, seed=1)  # a board with one
    c = state.combat
    other = next(a for a, k in state.owner.items() if k == 1 and a != c.area)
    c.queue.append((SEAT, Effect("named", {"name": "move_into_adjacent_combat"})))
    combat.proceed(state)
    move = f"eldar_aspect_warrior>{other}"
    assert move in options(state)
    answer(state, move)
    assert c.then == other and state.owner[other] == 1  # still the Orks' until it fights
    pieces.remove_unit(state, c.area, "ork_boyz")  # the first combat is won
    c.pending = None
    c.queue.clear()
    combat.end_round(state, c)
    second = state.combat
    assert second is not None and second.area == other
    assert (second.attacker, second.defender, second.came_from) == (SEAT, 1, [])
