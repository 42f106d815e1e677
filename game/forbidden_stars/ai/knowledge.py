"""What Forbidden Stars' bots know about a position: values of pieces and areas, each
side's strength in an area, what an Advance could reach, and a whole position's worth to
a seat (:func:`evaluate`, :func:`relative`).  Every function reads only public parts of
a state (units, structures, owners, objective tokens, materiel, assets, upgrades), so a
player view serves as well as the real game.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.state import NOBODY, OVER, Action, State

STRUCTURE_VALUE = {"city": 5.0, "factory": 4.0, "bastion": 2.5}
OBJECTIVE_HELD = 60.0  # a collected token
OBJECTIVE_ON_OWN_WORLD = 40.0  # collected at the next refresh unless lost first
WIN = 1000.0


def pick_best(rng: Rng, scored: Sequence[tuple[float, Action]]) -> Action:
    """The best-scored action; true ties broken by the player's own generator."""
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s >= best - 1e-9]
    return top[rng.below(len(top))] if len(top) > 1 else top[0]


def unit_value(rules: FSRules, unit: str) -> float:
    u = rules.units[unit]
    return u.cost + 0.4 * u.dice + 0.2 * u.health


def crowding(state: State, area: str, unit: str) -> float | None:
    """What buying ``unit`` into ``area`` costs in units culled after the order: a full
    area takes one more and its owner then destroys the excess (RB p.10), the weakest
    unit there.  0.0 with room; that unit's value when the new one is better; None when
    it is not (the new unit itself would go: its price wasted)."""
    rules = state.rules
    here = state.units.get(area, {})
    if sum(here.values()) < state.topology.areas[area].area.capacity:
        return 0.0
    weakest = min(unit_value(rules, u) for u in here)
    return weakest if unit_value(rules, unit) > weakest else None


def area_units(state: State, area: str, seat: int) -> dict[str, int]:
    faction = state.faction(seat)
    return {u: n for u, n in state.units.get(area, {}).items()
            if state.rules.units[u].faction == faction}


def strength(state: State, area: str, seat: int, routed_too: bool = False) -> float:
    """Fighting power of the seat's pieces in an area: dice (at most 8), health and
    morale of its unrouted units, a bastion's."""
    rules = state.rules
    down = state.routed.get(area, {})
    dice = health = morale = 0
    for u, n in area_units(state, area, seat).items():
        k = n if routed_too else n - down.get(u, 0)
        unit = rules.units[u]
        dice += k * unit.dice
        health += k * unit.health
        morale += k * unit.morale
    if state.owner.get(area) == seat and "bastion" in state.structures.get(area, ()):
        b = rules.structures["bastion"]
        dice, health, morale = dice + b.dice, health + b.health, morale + b.morale
    return min(dice, 8) * 1.0 + health * 0.6 + morale * 0.3


# Values already worked out for one unchanging position (a view while one decision is
# scored): a planning decision asks the same areas' strength and the same systems'
# objective pull for every system it weighs.  Keyed by (what, area or system, seat).
Memo = dict[tuple[str, str, int], float]


def _strength(state: State, area: str, seat: int, memo: Memo | None) -> float:
    if memo is None:
        return strength(state, area, seat)
    key = ("strength", area, seat)
    found = memo.get(key)
    if found is None:
        found = memo[key] = strength(state, area, seat)
    return found


def unit_strength(state: State, unit: str) -> float:
    u = state.rules.units[unit]
    return u.dice * 1.0 + u.health * 0.6 + u.morale * 0.3


def win_chance(mine: float, theirs: float) -> float:
    """A rough chance that ``mine`` beats ``theirs`` in a combat (the defender wins
    ties, so the attacker needs an edge)."""
    if theirs <= 0:
        return 1.0 if mine > 0 else 0.0
    r = mine / (theirs * 1.15)
    return max(0.02, min(0.98, 0.5 + 0.45 * (r - 1) / max(r, 1.0)))


def system_of(state: State, area: str) -> str:
    return state.topology.areas[area].system


def seat_systems(state: State, seat: int) -> set[str]:
    topo = state.topology
    return {topo.areas[a].system for a, s in state.owner.items() if s == seat}


def storm_between(state: State, a: str, b: str) -> bool:
    return state.topology.border(a, b) in state.storms


def system_distance(state: State, a: str, b: str) -> int:
    (ra, ca, _), (rb, cb, _) = state.topology.systems[a], state.topology.systems[b]
    return abs(ra - rb) + abs(ca - cb)


def objective_pull(state: State, seat: int, system: str) -> float:
    """How much holding ground in ``system`` brings the seat nearer its objective tokens
    it does not hold (the nearer, the more)."""
    topo = state.topology
    return sum(6.0 / (1 + system_distance(state, system, topo.areas[w].system))
               for w, s in state.objectives.items()
               if s == seat and state.owner.get(w) != seat)


def area_value(state: State, area: str, seat: int, memo: Memo | None = None) -> float:
    """What owning an area is worth to the seat (its objective token the most)."""
    pa = state.topology.areas[area]
    a = pa.area
    if memo is None:
        pull = objective_pull(state, seat, pa.system)
    else:
        key = ("pull", pa.system, seat)
        found = memo.get(key)
        pull = memo[key] = objective_pull(state, seat, pa.system) if found is None else found
    if a.kind == "void":
        return 0.6 + 0.6 * pull
    value = 1.5 + 2.2 * a.materiel + 0.9 * len(a.assets) + pull
    value += sum(STRUCTURE_VALUE[s] for s in state.structures.get(area, ()))
    if state.objectives.get(area) == seat:
        value += OBJECTIVE_ON_OWN_WORLD * (1.0 if state.owner.get(area) != seat else 0.3)
    return value


def _ground_paths(state: State, seat: int, src: str, systems: set[str]) -> set[str]:
    """Worlds a ground unit in ``src`` could reach by an Advance: through the seat's own
    areas, inside ``systems``, across no storm (as the engine's moves)."""
    topo = state.topology
    storms = set(state.storms)
    seen, found = {src}, set()
    todo = [src]
    while todo:
        here = todo.pop()
        for nxt in topo.adjacent(here, storms):
            if nxt in seen or topo.areas[nxt].system not in systems:
                continue
            seen.add(nxt)
            if topo.areas[nxt].area.kind == "world":
                found.add(nxt)
            if state.owner.get(nxt) == seat:
                todo.append(nxt)
    return found


def reach(state: State, seat: int, system: str, memo: Memo | None = None) -> dict[str, float]:
    """Per area of ``system`` the seat does not hold: the unrouted strength an Advance
    there could bring to it (ships to voids, ground units to worlds they have a path to;
    from the system itself and the best one adjacent system a storm does not cut off)."""
    topo = state.topology
    targets = [a for a in topo.system_areas[system] if state.owner.get(a) != seat]
    if not targets:
        return {}
    out = dict.fromkeys(targets, 0.0)
    sources = [system] + [s for s in topo.neighbours[system]
                          if not storm_between(state, system, s)]
    best_from = {t: 0.0 for t in targets}
    for origin in sources:
        got = dict.fromkeys(targets, 0.0)
        for a in topo.system_areas[origin]:
            if state.owner.get(a) != seat:
                continue
            power = _strength(state, a, seat, memo)
            if power <= 0:
                continue
            if topo.areas[a].area.kind == "void":
                for t in targets:
                    if topo.areas[t].area.kind == "void":
                        got[t] += power
            else:
                for t in _ground_paths(state, seat, a, {system, origin}) & set(targets):
                    got[t] += power
        if origin == system:
            for t in targets:
                out[t] += got[t]
        else:
            for t in targets:
                best_from[t] = max(best_from[t], got[t])
    return {t: out[t] + best_from[t] for t in targets}


def advance_targets(state: State, seat: int, system: str,
                    memo: Memo | None = None) -> list[tuple[float, str]]:
    """The areas of ``system`` worth an Advance, each with its value times the chance of
    taking it with what can reach it."""
    out = []
    for area, power in reach(state, seat, system, memo).items():
        if power <= 0:
            continue
        holder = state.owner.get(area, NOBODY)
        value = area_value(state, area, seat, memo)
        if holder == NOBODY:
            out.append((value, area))
        else:
            chance = win_chance(power, _strength(state, area, holder, memo))
            # taking a rival's world also costs the rival
            out.append(((value + 0.5 * area_value(state, area, holder, memo)) * chance
                        - 2.0 * (1 - chance), area))
    out.sort(reverse=True)
    return out


def threat(state: State, seat: int, system: str, memo: Memo | None = None) -> float:
    """Rivals' strength in the system and next to it (what a Deploy there answers)."""
    topo = state.topology
    total = 0.0
    for s in (system, *topo.neighbours[system]):
        for a in topo.system_areas[s]:
            holder = state.owner.get(a, NOBODY)
            if holder not in (NOBODY, seat):
                total += _strength(state, a, holder, memo) * (1.0 if s == system else 0.5)
    return total


def production(state: State, seat: int) -> int:
    areas = state.topology.areas
    return sum(areas[a].area.materiel for a, s in state.owner.items() if s == seat)


def evaluate(state: State, seat: int) -> float:
    """The position's worth to one seat: objective tokens above all, then what wins the
    next ones (its tokens on worlds it holds or nears), production, pieces, materiel,
    assets and upgrades."""
    return evaluate_all(state)[seat]


def evaluate_all(state: State) -> list[float]:
    """:func:`evaluate` for every seat at once: one pass over the board instead of one
    per seat (a judged option scores every seat).  Each seat's terms are added in the
    same order as a pass for that seat alone would, so the floats are the same."""
    players = state.players
    rules = state.rules
    areas = state.topology.areas
    units_of = rules.units
    n = len(players)
    rounds_left = max(0, rules.constants["rounds"] - state.round)
    scores = [OBJECTIVE_HELD * p.objectives for p in players]
    mine: list[set[str]] = [set() for _ in range(n)]
    production = [0] * n
    for a, s in state.owner.items():
        pa = areas[a]
        mine[s].add(pa.system)
        production[s] += pa.area.materiel
    owner_of = state.owner
    systems = state.topology.systems
    cells: list[list[tuple[int, int, int]]] = [[systems[x] for x in m] for m in mine]
    for world, owner in state.objectives.items():
        if owner_of.get(world) == owner:
            scores[owner] += OBJECTIVE_ON_OWN_WORLD
        elif mine[owner]:
            r, c, _ = systems[areas[world].system]
            gap = min([abs(r - rr) + abs(c - cc)  # system_distance, inlined
                       for rr, cc, _ in cells[owner]])
            scores[owner] += 8.0 / (1 + gap) * (1.0 if rounds_left else 0.3)
    for s, p in enumerate(players):
        scores[s] += production[s] * (1.0 + 0.5 * rounds_left)
        scores[s] += 0.6 * p.materiel
    factions = [p.faction for p in players]
    for area, owner in owner_of.items():
        down = state.routed.get(area, {})
        faction = factions[owner]
        for u, k in state.units.get(area, {}).items():
            if units_of[u].faction == faction:
                scores[owner] += unit_value(rules, u) * (k - 0.2 * down.get(u, 0))
        built = state.structures.get(area)
        if built:  # (adding the empty sum, 0, changes no score)
            scores[owner] += sum(STRUCTURE_VALUE[x] for x in built)
        scores[owner] += 0.8 if areas[area].area.kind == "world" else 0.2
    cities = [0] * n  # each seat's command level (State.command_level), in one pass
    for w, built in state.structures.items():
        holder = owner_of.get(w)
        if holder is not None:
            cities[holder] += built.count("city")
    cards = rules.combat_cards
    for s, p in enumerate(players):
        score = scores[s]
        score += 1.4 * sum(p.assets.values())
        score += sum(1.5 + cards[c].level for c in p.combat_types if cards[c].deck != "start")
        score += sum(1.0 + rules.upgrades[g].level * 0.5 for g in p.order_upgrades)
        score += 2.0 * cities[s]
        scores[s] = score
    return scores


def relative(state: State, seat: int) -> float:
    """The seat's worth against its rivals' (the best rival's counting most); a finished
    game counts only who won."""
    if state.step == OVER:
        if seat in state.winners:
            return WIN / len(state.winners)
        return -WIN
    scores = evaluate_all(state)
    mine = scores[seat]
    rivals = [scores[s] for s in range(state.n) if s != seat]
    return mine - (0.7 * max(rivals) + 0.3 * sum(rivals) / len(rivals))
