"""Orbital strikes («ОРБИТАЛЬНЫЙ УДАР», RB p.11).

«После того как приказ продвижения разыгран, если зон конфликта в ходе этого приказа не
было … активный игрок может объявить о нанесении орбитального удара … выбирает вражеский
мир активной системы. Затем он выбирает одну пустую область активной системы смежную с
миром. Затем он кидает количество кубов, равное суммарной боевой мощи всех его кораблей в
этой области»; «не может разыграть орбитальный удар на мир, содержащий … бастион».
One strike per Advance.  Routed ships add no dice (RB p.6), at most 8 (CFAQ).  The void
is the seat's own (it holds its ships); adjacency is the areas' shared edge — a storm
blocks movement, not a strike (facts §7: storms block «only movement»).  Damage as in a
combat, but survivors are not routed (combat.strike); cities and factories take none.
An unused upgrade whose strike «Bastions do not block» (Drop Pods, Complete Destruction,
Stealin'!, Strafing Run) opens a bastion's world, and striking it uses that upgrade; the
seat's other strike upgrades and Schemes are offered after the roll (uses.py).
"""

from __future__ import annotations

from game.forbidden_stars.engine import combat, forces, uses
from game.forbidden_stars.engine.state import Action, State


def strikes(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    topo, seat = state.topology, o.seat
    past_bastions = bool(uses.has_kind(state, seat, "ignore_bastion"))
    out: list[Action] = []
    for void in topo.system_areas[o.system]:
        if topo.areas[void].area.kind != "void" or state.owner.get(void) != seat or \
                not forces.start_dice(state, seat, void, ships_only=True):
            continue
        for world in topo.adjacent(void, set()):
            if topo.areas[world].system != o.system or topo.areas[world].area.kind != "world":
                continue
            holder = state.owner.get(world, seat)
            if holder != seat and (past_bastions or
                                   forces.BASTION not in state.structures.get(world, ())):
                out.append(Action("strike", seat, target=world, source=void))
    return out


def choices(state: State) -> list[Action]:
    o = state.order
    assert o is not None
    return [*strikes(state), Action("done", o.seat)]


def strike(state: State, a: Action) -> None:
    n = forces.start_dice(state, a.seat, a.source, ships_only=True)
    faces = [forces.roll(state) for _ in range(n)]
    bastion = forces.BASTION in state.structures.get(a.target, ())
    opening = [(a.seat, uses.gate(uses.SCHEME, card, "before_orbital_strike"))
               for card in uses.schemes_at(state, a.seat, "before_orbital_strike")]
    for u in uses.upgrades_at(state, a.seat, "orbital_strike"):
        must = bastion and any(e.kind == "ignore_bastion"
                               for e in state.rules.upgrades[u].effects)
        opening.append((a.seat, uses.gate(uses.UPGRADE, u, "orbital_strike", must)))
    opening += [(a.seat, uses.gate(uses.SCHEME, card, "orbital_strike"))
                for card in uses.schemes_at(state, a.seat, "orbital_strike")]
    combat.strike(state, a.target, a.seat, state.owner[a.target], faces, opening)
