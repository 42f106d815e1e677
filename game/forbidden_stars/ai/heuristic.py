"""Forbidden Stars' rule-following heuristic bot (level ``normal``).

Planning: each order token goes where its order does the most — Advance on the system
whose worlds (its own objective tokens above all) it can take with what can reach them,
Deploy where it has factories and materiel (more so under threat), Strategize when an
upgrade is affordable, Dominate on its worlds with asset seals; never twice into one of
its own stacks.  Operations: assets and units first, then upgrades and Advances; an
order that can do nothing goes onto the event deck.  An Advance picks its target once
and commits units to a rival's area only when they outweigh the defenders; it keeps a
unit on a world it would otherwise lose.  Combat: cards by their icons and abilities
against the round (morale counts most in the last), every reinforcement token, damage
where it costs least (a bastion or a routed unit soaks it, else the cheapest unit
dies), retreats towards its own strength.  Every score reads only the view.
"""

from __future__ import annotations

from game.forbidden_stars.ai.knowledge import (
    Memo,
    advance_targets,
    area_units,
    area_value,
    crowding,
    pick_best,
    relative,
    strength,
    threat,
    unit_strength,
    unit_value,
)
from game.forbidden_stars.engine.orders import deploy_limit
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply_trusted, legal_actions
from game.forbidden_stars.engine.state import NOBODY, SETUP, Action, State

STRUCT_LOSS = 3.0  # a bastion destroyed by damage
_REVEAL = {"dominate": 4.0, "deploy": 3.6, "strategize": 3.0, "advance": 2.5}
_ICON = {"bolter": 1.3, "shield": 1.0, "morale": 0.7}
_EFFECT = {"gain_tokens": 1.0, "gain_dice": 0.9, "reroll": 0.5, "convert_dice": 0.6,
           "rally": 1.0, "rout": 1.2, "destroy": 2.0, "lose_dice": 0.8,
           "lose_tokens": 0.8, "no_tokens": 0.6, "draw_combat_card": 0.5,
           "place_reinforcement": 1.0, "cannot_be_routed": 1.0, "extra_damage_step": 1.2,
           "choose_first_damage": 0.8, "mirror_tokens": 0.8, "named": 1.5, "choose": 1.0,
           "spend_dice": 0.8, "routed_become_destroyed": 1.0, "discard_random_hand": 0.6,
           "destroy_structure": 1.2, "no_damage": 0.5}


def card_value(view: State, seat: int, card: str) -> float:
    """A combat card's worth now: icons (morale the more in the last round), its main
    abilities, and its unit abilities when a listed unit of the seat is fighting."""
    rules = view.rules
    c = rules.combat_cards[card]
    combat = view.combat
    last = combat is not None and combat.round >= 3
    value = sum(_ICON[i] * (1.8 if i == "morale" and last else 1.0) for i in c.icons)
    value += sum(_effect_value(e.kind, e.params) for e in c.main)
    if c.unit and combat is not None and _present(view, seat, c.units):
        value += sum(_effect_value(e.kind, e.params) for e in c.unit)
    return value + 0.6 * c.level


def _effect_value(kind: str, params: object) -> float:
    base = _EFFECT.get(kind, 0.4)
    get = getattr(params, "get", None)
    count = get("count", 1) if get else 1
    side = get("side", "") if get else ""
    base *= max(1, count if isinstance(count, int) else 1)
    if kind in ("lose_dice", "lose_tokens", "rout", "destroy") and side == "self":
        return -base
    return base


def _present(view: State, seat: int, units: tuple[str, ...]) -> bool:
    c = view.combat
    if c is None:
        return False
    if "bastion" in units and view.owner.get(c.area) == seat and \
            "bastion" in view.structures.get(c.area, ()):
        return True
    here = area_units(view, c.area, seat)
    down = view.routed.get(c.area, {})
    return any(here.get(u, 0) > down.get(u, 0) for u in units)


class NormalBot:
    name = "normal"

    def __init__(self, seed: int = 0, rollout: bool = False) -> None:
        self.rng = Rng(seed)
        self.rollout = rollout  # a search's stand-in: effects judged without a copy
        self.target: dict[tuple[int, str, int], str] = {}  # (round, system, seat) → area
        # strengths and objective pulls of the view being scored, for one scored() call
        # only (the view does not change there; nothing is kept after it)
        self._memo: Memo | None = None

    def choose(self, view: State, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return pick_best(self.rng, self.scored(view, legal))

    def scored(self, view: State, legal: list[Action]) -> list[tuple[float, Action]]:
        """Every legal action with its score (the hard level ranks its candidates so)."""
        kind = legal[0].kind
        if kind == "effect":
            return self._effects(view, legal)
        if kind == "move" or any(a.kind == "move" for a in legal):
            return self._moves(view, legal)
        self._memo = {}
        try:
            return [(self.score(view, a), a) for a in legal]
        finally:
            self._memo = None

    # ------------------------------------------------------------------ one action

    def score(self, view: State, a: Action) -> float:
        k = a.kind
        rules = view.rules
        if k == "place":
            return self.plan_score(view, a.seat, a.card, a.target)
        if k == "reveal":
            return self._reveal(view, a)
        if k == "scheme":
            return 2.8
        if k in ("resolve", "decline"):
            useful = self._useful(view)
            return (1.0 if useful else -1.0) if k == "resolve" else 0.0
        if k == "buy":
            return self._buy(view, a)
        if k == "build":
            return self._build(view, a)
        if k == "upgrade":
            g = rules.upgrades[a.card]
            return 3.0 + 0.8 * g.level - 0.2 * g.cost
        if k == "combat":
            c = rules.combat_cards[a.card]
            old = rules.combat_cards[a.source]
            return (4.0 + 1.5 * c.level + 0.3 * len(c.icons) - 0.2 * c.cost
                    - 1.5 * old.level - 0.3 * len(old.icons))
        if k == "prosper":
            if not a.card:
                return -1.0
            held = view.players[a.seat].assets.get(a.card, 0)
            return 3.0 - held + {"reinforcement": 0.3, "forge": 0.2}.get(a.card, 0.1)
        if k == "done":
            return self._done(view, a)
        if k == "force":
            return self._force(view, a)
        if k == "strike":
            holder = view.owner.get(a.target, NOBODY)
            if holder == NOBODY:
                return -1.0
            return 2.0 + sum(unit_value(rules, u) * n
                             for u, n in area_units(view, a.target, holder).items()) * 0.2
        if k == "destroy":
            return -unit_value(rules, a.card) + (2.0 if a.extra == "routed" else 0.0)
        if k == "reinforce":
            return float(a.target)
        if k == "play":
            return card_value(view, a.seat, a.card)
        if k == "damage":
            return self._damage(view, a)
        if k == "retreat":
            return self._retreat(view, a)
        if k == "storm":
            return self._storm(view, a)
        return 0.0

    # ------------------------------------------------------------------ planning

    def plan_score(self, view: State, seat: int, order: str, system: str) -> float:
        p = view.players[seat]
        stack = view.stacks.get(system, [])
        own = sum(1 for s, _ in stack if s == seat)
        mine_here = view.has_pieces(seat, system)
        if order == "advance":
            targets = advance_targets(view, seat, system, self._memo)
            value = targets[0][0] if targets else -3.0
            value = min(value, 45.0)
        elif order == "deploy":
            limit = deploy_limit(view, seat, system)
            buildable = any(view.owner.get(a) == seat and not view.structures.get(a)
                            and view.topology.areas[a].area.kind == "world"
                            for a in view.topology.system_areas[system])
            if limit and p.materiel >= 2:
                value = 4.0 + 0.25 * threat(view, seat, system, self._memo) + \
                    0.4 * min(p.materiel, 10)
            elif buildable and p.materiel >= 2:
                value = 3.5
            else:
                value = -2.0
        elif order == "strategize":
            upgrade = self._affordable_upgrade(view, seat)
            value = (5.0 if upgrade else 1.5) if mine_here else 0.5
        else:  # dominate
            seals = sum(len(view.topology.areas[a].area.assets)
                        for a in view.topology.system_areas[system] if view.owner.get(a) == seat)
            value = 1.0 + 2.5 * seals if mine_here else -1.0
        return value - 3.0 * own

    def _affordable_upgrade(self, view: State, seat: int) -> bool:
        memo = self._memo  # asked once per system while one placement is scored
        if memo is None:
            return self._any_affordable_upgrade(view, seat)
        key = ("affordable", "", seat)
        found = memo.get(key)
        if found is None:
            found = memo[key] = 1.0 if self._any_affordable_upgrade(view, seat) else 0.0
        return found == 1.0

    def _any_affordable_upgrade(self, view: State, seat: int) -> bool:
        p = view.players[seat]
        level = view.command_level(seat)
        rules = view.rules
        return any(g.faction == p.faction and g.id not in p.order_upgrades and
                   g.level <= level and g.cost <= p.materiel for g in rules.upgrades.values()) \
            or any(c.faction == p.faction and c.id not in p.combat_types and
                   c.level <= level and c.cost <= p.materiel
                   for c in rules.combat_cards.values())

    # ------------------------------------------------------------------ operations

    def _reveal(self, view: State, a: Action) -> float:
        stack = view.stacks.get(a.target, [])
        order = stack[-1][1] if stack else ""
        value = _REVEAL.get(order, 2.0)
        if order == "advance":
            targets = advance_targets(view, a.seat, a.target, self._memo)
            value += 0.05 * targets[0][0] if targets else -1.0
        return value

    def _useful(self, view: State) -> bool:
        o = view.order
        if o is None:
            return True
        p = view.players[o.seat]
        if o.order == "advance":
            targets = advance_targets(view, o.seat, o.system, self._memo)
            return bool(targets) and targets[0][0] > 0.5
        if o.order == "deploy":
            return p.materiel >= 2 or p.assets.get("cache", 0) > 0
        if o.order == "strategize":
            return self._affordable_upgrade(view, o.seat)
        return True

    def _buy(self, view: State, a: Action) -> float:
        rules = view.rules
        u = rules.units[a.card]
        p = view.players[a.seat]
        value = 2.5 + 1.5 * unit_strength(view, a.card) / max(u.cost, 1) * 0.4 + 0.5 * u.cl
        value += 0.15 * threat(view, a.seat, view.topology.areas[a.target].system, self._memo)
        if "forge" in a.extra:
            value -= 0.8
        if "cache" in a.extra:
            value += 0.2 if u.cost >= 3 else -0.6
        if "scheme" in a.extra:
            value += 0.3
        value -= 0.05 * view.unit_count(a.target)
        lost = crowding(view, a.target, a.card)
        if lost is None:
            return -5.0  # the new unit would be the one culled
        if lost:
            value -= 1.0 + lost  # a swap: the weakest unit there is culled
        if self._plans_strategize(view, a.seat) and p.materiel - u.cost < 3:
            value -= 2.0
        return value

    def _build(self, view: State, a: Action) -> float:
        level = view.command_level(a.seat)
        system = view.topology.areas[a.target].system
        if a.card == "city":
            value = 6.0 if level < 3 else 2.0
        elif a.card == "factory":
            value = 5.5 if not deploy_limit(view, a.seat, system) else 3.0
        else:
            value = 2.0 + 0.2 * threat(view, a.seat, system, self._memo)
        value += 0.3 * view.topology.areas[a.target].area.materiel
        return value - (0.3 if a.extra else 0.0)

    def _plans_strategize(self, view: State, seat: int) -> bool:
        return any(s == seat and o == "strategize" for stack in view.stacks.values()
                   for s, o in stack)

    def _done(self, view: State, a: Action) -> float:
        if view.step == SETUP:
            return 0.0  # keeping the rest of the starting forces: against _force's scores
        o = view.order
        if o is not None and o.phase == "orbital":
            return 0.0
        if o is not None and o.order == "advance":
            return 0.5
        return 1.0

    # ------------------------------------------------------------------ setup

    def _force(self, view: State, a: Action) -> float:
        """A starting piece on the tile just placed: everything on the faction tile (its
        home, as the book's first setup has it), nothing on another tile while one of
        the seat's tiles is still to come (there "done" wins); the factory on the
        roomiest, richest world, units spread so no world is left bare."""
        rules = view.rules
        where = view.topology.areas[a.target]
        home = rules.faces[where.system].tile == rules.factions[view.faction(a.seat)].tile
        value = 4.0 if home else -4.0  # outweighs the placement terms (within ±2.5)
        if a.card in rules.structures:
            return value + 1.0 + 0.2 * where.area.capacity + 0.1 * where.area.materiel
        return value + 0.5 - 0.4 * view.unit_count(a.target) + 0.1 * where.area.capacity

    # ------------------------------------------------------------------ Advance

    def _target(self, view: State) -> str:
        o = view.order
        assert o is not None
        key = (view.round, o.system, o.seat)
        if key not in self.target:
            targets = advance_targets(view, o.seat, o.system, self._memo)
            self.target[key] = targets[0][1] if targets and targets[0][0] > 0.5 else ""
        return self.target[key]

    def _moves(self, view: State, legal: list[Action]) -> list[tuple[float, Action]]:
        o = view.order
        if o is None or view.combat is not None:
            return [(self.score(view, a), a) for a in legal]
        seat = o.seat
        target = o.contested or self._target(view)
        holder = view.owner.get(target, NOBODY) if target else NOBODY
        commit = True
        if target and holder not in (NOBODY, seat):
            coming = self._coming(view, legal, target)
            commit = coming > strength(view, target, holder) * 1.15
        out = []
        for a in legal:
            if a.kind != "move":
                out.append((self._done(view, a) if a.kind in ("done", "ground")
                            else self.score(view, a), a))
                continue
            out.append((self._move(view, a, target, commit), a))
        return out

    def _coming(self, view: State, legal: list[Action], target: str) -> float:
        o = view.order
        assert o is not None
        seat = o.seat
        total = strength(view, target, seat) if o.contested == target else 0.0
        seen = set()
        for a in legal:
            if a.kind == "move" and a.target == target and (a.source, a.card) not in seen:
                seen.add((a.source, a.card))
                n = (view.units.get(a.source, {}).get(a.card, 0)
                     - view.routed.get(a.source, {}).get(a.card, 0)
                     - o.arrived.get(a.source, {}).get(a.card, 0))
                total += unit_strength(view, a.card) * max(n, 0)
        return total

    def _move(self, view: State, a: Action, target: str, commit: bool) -> float:
        o = view.order
        assert o is not None
        seat = a.seat
        topo = view.topology
        holder = view.owner.get(a.target, NOBODY)
        arrived = sum(o.arrived.get(a.target, {}).values())
        if a.target == target:
            if holder not in (NOBODY, seat):
                value = 4.0 + 0.1 * unit_strength(view, a.card) if commit else -2.0
            else:
                value = 3.0 - 0.8 * arrived
        elif holder not in (NOBODY, seat):
            value = -3.0  # never a second contested area
        elif holder == NOBODY:
            value = (2.0 if topo.areas[a.target].area.kind == "world" else 1.0) - 0.9 * arrived
        else:
            value = -0.4
        if view.unit_count(a.target) >= topo.areas[a.target].area.capacity and \
                holder == seat:
            value -= 3.0
        # the last unit leaving a world loses it
        left = view.unit_count(a.source)
        if left <= 1 and not view.structures.get(a.source):
            value -= 0.15 * area_value(view, a.source, seat) + (
                2.0 if view.objectives.get(a.source) == seat else 0.0)
        return value

    # ------------------------------------------------------------------ combat

    def _damage(self, view: State, a: Action) -> float:
        c = view.combat
        assert c is not None
        rules = view.rules
        name, routed = a.card.removesuffix("/routed"), a.card.endswith("/routed")
        left = c.left
        if name == "bastion":
            health = rules.structures["bastion"].health
            return 5.0 if left < health else -STRUCT_LOSS
        if name in rules.units:
            u = rules.units[name]
            health, value = u.health, unit_value(rules, name)
        else:  # a reinforcement token: a CL-0 unit of the area's kind
            health, value = 1, 0.8
        if left < health:
            return 4.0 if routed else 1.0 - 0.3 * (u.morale if name in rules.units else 1)
        return -value + 0.1 * health + (0.5 if routed else 0.0)

    def _retreat(self, view: State, a: Action) -> float:
        if not a.target:
            return -5.0
        seat = a.seat
        value = 2.0 if view.owner.get(a.target) == seat else 0.0
        value += 0.1 * strength(view, a.target, seat)
        value -= 0.05 * threat(view, seat, view.topology.areas[a.target].system, self._memo)
        return value

    def _storm(self, view: State, a: Action) -> float:
        if not a.target:
            return 0.0
        topo = view.topology
        mine = {topo.areas[x].system for x, s in view.owner.items() if s == a.seat}
        rivals = {topo.areas[x].system for x, s in view.owner.items() if s != a.seat}

        def worth(border: tuple[str, int, int]) -> float:
            orient, r, c = border
            pair = ((r - 1, c), (r, c)) if orient == "h" else ((r, c - 1), (r, c))
            systems = [f for f, (rr, cc, _) in topo.systems.items() if (rr, cc) in pair]
            if len(systems) < 2:
                return 0.0
            x, y = systems
            mixed = (x in mine and y in rivals and y not in mine) or \
                (y in mine and x in rivals and x not in mine)
            return 1.0 if mixed else 0.0

        orient, r, c = a.source.split(",")
        new = (orient, int(r), int(c))
        old = view.storms[int(a.target)]
        return worth(new) - worth(old)

    def _effects(self, view: State, legal: list[Action]) -> list[tuple[float, Action]]:
        """«use» over «pass»; other options judged by the position each leaves (a copy of
        the view; an option whose outcome the view cannot show scores neutral)."""
        out = []
        seat = legal[0].seat
        # What apply() would check on each copy, found once: a copy lists what the view
        # lists (None: the view's hidden parts let it list nothing).
        try:
            possible: list[Action] | None = legal_actions(view)
        except Exception:
            possible = None
        for a in legal:
            if a.card == "use":
                out.append((2.0, a))
            elif a.card == "pass" or self.rollout:
                out.append((0.0, a))
            elif possible is None or a not in possible:  # apply() would refuse it
                out.append((relative(view, seat), a))
            else:
                world = view.clone()
                try:
                    apply_trusted(world, a)
                    value = relative(world, seat)
                except Exception:  # the view's hidden parts: no judgement possible
                    value = relative(view, seat)
                out.append((value, a))
        return out

