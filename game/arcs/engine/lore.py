"""Lore cards' abilities that are more than a boost the court's kinds already read
(Leaders & Lore, RU p.21; texts: the printed cards, docs/arcs-rulings.md).

Buildings beyond the printed slots: a gate has none (facts §1.2), so Gate Ports' and
Gate Stations' building stands in ``state.buildings[gate][0]``, and a Cloud Cities city
in ``state.buildings[planet][printed slots]``; such an extra slot, emptied, is only
ever offered again to a holder of the card (``fleet.build_targets`` reads the printed
slots only).  The new actions from lore cards — Summon, Fire Rifles, Nurture, Prune —
are actions of their own kinds (``build_ship_at_city``, ``rifle_volley``, ``nourish``,
``transform``), offered where the basic action they replace is.

«Когда вы собираетесь выполнить обычное действие, тратя для этого символ действия или
ресурс не под запретом, можете вместо обычного выполнить это новое действие.» «…
усилители строительства не влияют на действие питания, но усилители налогов влияют на
содержащееся в нём действие сбора налогов.» (RU p.20)
"""

from __future__ import annotations

from game.arcs.engine import leaders
from game.arcs.engine.basic import discard_resource, return_city_to_board, tax, tax_targets
from game.arcs.engine.events import Built, LoreUsed, Rolled, Toll
from game.arcs.engine.state import Action, Battle, Building, State

# the new actions lore cards bring, and the basic action each replaces
NEW_ACTIONS = {"build_ship_at_city": "build", "rifle_volley": "battle", "nourish": "build",
               "transform": "repair"}


def _kind(state: State, system: str) -> str:
    assert state.rules is not None
    return state.rules.map.systems[system].kind


def printed(state: State, system: str) -> int:
    """The system's printed building slots (0 for a gate)."""
    assert state.rules is not None
    return state.rules.map.systems[system].slots


def _present(state: State, seat: int, system: str) -> bool:
    """«в системе с верным компонентом» (RU p.12): a loyal ship or building."""
    if state.fresh[system][seat] or state.damaged[system][seat]:
        return True
    return any(b is not None and b.seat == seat for b in state.buildings.get(system, ()))


def _empty(state: State, system: str, slot: int) -> bool:
    slots = state.buildings.get(system, [])
    return slot >= len(slots) or slots[slot] is None


def gate_building(state: State, seat: int, kind: str) -> bool:
    """Gate Ports / Gate Stations (``build_in_gates``): «You may build starports /
    cities on gates, max 1 per gate» — one building in all per gate (FAQ: a total)."""
    return bool(leaders.holds(state, seat, "build_in_gates", building=kind))


def build_targets(state: State, seat: int, cities_left: bool) -> list[tuple[str, str, int]]:
    """(piece, system, slot) beyond the printed slots."""
    assert state.topology is not None and state.rules is not None
    player = state.players[seat]
    if not player.leader and not player.lore:  # no card that builds beyond the slots
        return []
    have = {"starport": player.starports > 0, "city": cities_left}
    out = []
    for system in state.topology.systems:
        if not _present(state, seat, system):
            continue
        if _kind(state, system) == "gate":
            if _empty(state, system, 0):
                out += [(k, system, 0) for k in ("starport", "city")
                        if have[k] and gate_building(state, seat, k)]
        elif (cities_left and leaders.holds(state, seat, "extra_city_slot")
              and _empty(state, system, printed(state, system))
              and state.rules.map.systems[system].type in player.resources):
            # Cloud Cities: «You may build cities on planets outside their building
            # slots, max 1 per planet. This costs 1 resource of the planet type.»
            out.append(("city", system, printed(state, system)))
    return out


def place_extra(state: State, seat: int, piece: str, system: str, slot: int,
                damaged: bool) -> None:
    """A building in a gate or a cloud city (paying the planet's type)."""
    assert state.rules is not None
    slots = state.buildings.setdefault(system, [])
    slots.extend([None] * (slot + 1 - len(slots)))
    slots[slot] = Building(seat, piece, damaged)
    if _kind(state, system) == "planet":
        discard_resource(state, seat, state.rules.map.systems[system].type)


def gate_toll(state: State, mover: int, gate: str) -> None:
    """Gate Ports (``gate_port_toll``): «When Rival ships take a move into a gate you
    control with a fresh Loyal starport, capture 1 agent of that Rival» — control as
    before the ships arrive, one agent from the mover's supply for each such move (a
    hyperjump's every step, a sprint)."""
    if _kind(state, gate) != "gate":
        return
    for holder in range(state.n):
        if holder == mover or not leaders.named(state, holder, "gate_port_toll"):
            continue
        if not state.controls(holder, gate) or not any(
                b is not None and b.seat == holder and b.kind == "starport" and not b.damaged
                for b in state.buildings.get(gate, ())):
            continue
        if state.players[mover].agents > 0:
            state.players[mover].agents -= 1
            state.players[holder].captives.append(mover)
            state.events.append(Toll(holder, mover, gate))


def city_types(state: State, system: str) -> list[str]:
    """A city's type: its planet's; a gate city's (Gate Stations,
    ``gate_city_every_type``): «A gate city's type matches all cities in its cluster»
    — the types of the cluster's planets holding a city now (any seat's)."""
    assert state.rules is not None
    systems = state.rules.map.systems
    if systems[system].kind != "gate":
        return [systems[system].type]
    return sorted({systems[p].type for p, slots in state.buildings.items()
                   if systems[p].kind == "planet" and systems[p].cluster
                   == systems[system].cluster
                   and any(b is not None and b.kind == "city" for b in slots)})


def tax_kinds(state: State, system: str) -> list[str]:
    """The ``card`` of a tax: "" for a planet's city; for a gate city each type it has
    (FAQ: with none it can still be taxed, for nothing: ``card="-"``)."""
    if _kind(state, system) != "gate":
        return [""]
    return city_types(state, system) or ["-"]


def taxed_type(state: State, system: str, card: str) -> str | None:
    """What a tax with this ``card`` takes: None for the planet's type, "" nothing."""
    if _kind(state, system) != "gate":
        return None
    return "" if card == "-" else card


# ---------------------------------------------------------------------- new actions


def _card_with(state: State, seat: int, action: str) -> str:
    """The seat's lore card bringing the new action ("" if none)."""
    p = state.players[seat]
    if not p.leader and not p.lore:  # a base game: asked on every legal list
        return ""
    return next((c for c, abilities in leaders.cards(state, seat) for ab in abilities
                 if ab.when == "new_action" and ab.params["action"] == action), "")


def new_actions(state: State, seat: int, basic: set[str]) -> list[Action]:
    out: list[Action] = []
    for action, replaces in NEW_ACTIONS.items():
        card = _card_with(state, seat, action)
        if card and replaces in basic:
            out += _TARGETS[action](state, seat, card)
    return out


def _summon_targets(state: State, seat: int, card: str) -> list[Action]:
    """Tool-Priests: «Summon (Build): Once per turn, build 1 ship at any city you
    control. Yes, even Rival cities you control!» — one choice per system."""
    if card in state.used or state.players[seat].ships == 0:
        return []
    out = []
    for system, slots in sorted(state.buildings.items()):
        city = next((i for i, b in enumerate(slots) if b is not None and b.kind == "city"), -1)
        if city >= 0 and state.controls(seat, system):
            out.append(Action("build_ship_at_city", seat, target=system, index=city))
    return out


def _rifle_targets(state: State, seat: int, card: str) -> list[Action]:
    """Galactic Rifles: «Fire Rifles (Battle): Like in a battle, choose a system and
    collect skirmish dice for fresh Loyal ships there, choose a defender in an adjacent
    system, roll the collected dice, and deal 1 hit to the defender per hit rolled.»"""
    assert state.topology is not None
    out = []
    for system in state.topology.systems:
        if not state.fresh[system][seat]:
            continue
        for target in state.topology.neighbours(system):
            for rival in range(state.n):
                if rival != seat and (
                        state.fresh[target][rival] or state.damaged[target][rival]
                        or any(b is not None and b.seat == rival
                               for b in state.buildings.get(target, ()))):
                    out.append(Action("rifle_volley", seat, source=system, target=target,
                                      index=rival))
    return out


def _nourish_targets(state: State, seat: int, card: str) -> list[Action]:
    """Living Structures: «Nurture (Build): Tax a Loyal city.» — a tax: the once a turn
    per city and tax boosts (the Upstart's) hold (RU p.20)."""
    out = []
    for system, i in tax_targets(state, seat):
        b = state.buildings[system][i]
        if b is not None and b.seat == seat:
            out += [Action("nourish", seat, target=system, index=i, card=k)
                    for k in tax_kinds(state, system)]
    return out


def _may_stand(state: State, seat: int, kind: str, system: str, slot: int) -> bool:
    """May a building of the kind stand in the slot: a printed one takes either, a cloud
    slot a city only, a gate the kinds the seat may build there."""
    if _kind(state, system) == "gate":
        return gate_building(state, seat, kind)
    return slot < printed(state, system) or kind == "city"


def _transform_targets(state: State, seat: int, card: str) -> list[Action]:
    """Living Structures: «Prune (Repair): Replace a Loyal starport with a Loyal city or
    vice versa.» — while the other piece is in the seat's supply."""
    assert state.rules is not None
    p = state.players[seat]
    have = {"starport": p.starports > 0,
            "city": p.cities_off < state.rules.board.pieces["cities"]}
    out = []
    for system, slots in sorted(state.buildings.items()):
        for i, b in enumerate(slots):
            if b is None or b.seat != seat:
                continue
            other = "city" if b.kind == "starport" else "starport"
            if have[other] and _may_stand(state, seat, other, system, i):
                out.append(Action("transform", seat, target=system, index=i))
    return out


_TARGETS = {"build_ship_at_city": _summon_targets, "rifle_volley": _rifle_targets,
            "nourish": _nourish_targets, "transform": _transform_targets}


def use(state: State, a: Action) -> None:
    """Do a lore card's new action (paid for by rules.py)."""
    assert state.rules is not None
    card = _card_with(state, a.seat, a.kind)
    p = state.players[a.seat]
    detail = f"{a.target}:{a.index}"
    if a.kind == "build_ship_at_city":
        state.used.append(card)
        p.ships -= 1
        state.fresh[a.target][a.seat] += 1  # the seat rules there: fresh
        state.events.append(Built(a.seat, a.target, "ship", False))
    elif a.kind == "rifle_volley":
        _fire(state, a)
        detail = f"{a.source}>{a.target}:{a.index}"
    elif a.kind == "nourish":
        tax(state, a.seat, a.target, a.index, taxed_type(state, a.target, a.card))
    else:  # transform
        b = state.buildings[a.target][a.index]
        assert b is not None
        if b.kind == "city":
            return_city_to_board(state, a.seat)
            p.starports -= 1
        else:
            p.starports += 1
            p.cities_off += 1  # «берите крайний слева» city
        other = "city" if b.kind == "starport" else "starport"
        state.buildings[a.target][a.index] = b._replace(kind=other)  # damage kept
        detail = f"{a.target}:{a.index}:{other}"
    state.events.append(LoreUsed(a.seat, card, a.kind, detail))


def _fire(state: State, a: Action) -> None:
    """The volley: up to one skirmish die per fresh ship (never fewer: a skirmish die
    only hits), then the hits go to the defender's ships, then its buildings, as a
    battle's hits do (trophies; a destroyed city provokes Outrage and ransacks) — but it
    is no battle (``Battle.rifles``: no battle boost or leader ability fires)."""
    assert state.rules is not None
    die = state.rules.dice["skirmish"]
    count = min(state.fresh[a.source][a.seat], die.supply)
    faces = tuple(("skirmish", state.rng.below(len(die.faces))) for _ in range(count))
    hits = sum(die.faces[i].get("hit", 0) for _, i in faces)
    state.battle = b = Battle(a.target, a.index)
    b.rifles, b.phase, b.hits, b.faces, b.dice = True, "hits", hits, list(faces), [
        "skirmish"] * count
    b.trophies = len(state.players[a.seat].trophies)
    state.events.append(Rolled(a.seat, faces, hits, 0, 0, 0, 0))

