"""Named behaviours outside a combat (vocabulary.NAMED: only one card has each), and the
Corsair Raid's strike after a combat.  Keyed on the behaviour's name, never a card's."""

from __future__ import annotations

from game.forbidden_stars.engine import orbital, pieces, uses
from game.forbidden_stars.engine.board import Storm, storm_moves
from game.forbidden_stars.engine.combat_state import Pending
from game.forbidden_stars.engine.components import Effect
from game.forbidden_stars.engine.effect_base import feasible_when, handles, pick_loop
from game.forbidden_stars.engine.effects_map import buy_upgrade
from game.forbidden_stars.engine.events import Destroyed, StormMoved
from game.forbidden_stars.engine.play_state import Play
from game.forbidden_stars.engine.state import OrderState, State


@handles("draw_three_events", scope="map")
def draw_three_events(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Incantation of Tzeentch: «draw 3 event cards, resolve 1 of them, discard the
    rest»; their storm icons are not used (CFAQ).  The three join the cards drawn this
    refresh (hidden from the others, shuffled back at the end of the seat's turn); a
    Scheme resolved this way is kept face up, as a drawn one would be."""
    player = state.players[p.seat]
    if pick is None:
        cards = [player.event_deck.pop() for _ in range(min(3, len(player.event_deck)))]
        player.drawn.extend(cards)
        if not cards:
            return []
        p.chooser = p.seat
        return sorted(set(cards))
    p.follow.extend(uses.follow(state, p.seat, uses.EVENT, pick, "now"))
    uses.consume(state, p.seat, uses.EVENT, pick)
    return []


def _storms_around(state: State, system: str) -> int:
    r, c, _ = state.topology.systems[system]
    sides = {("h", r, c), ("h", r + 1, c), ("v", r, c), ("v", r, c + 1)}
    return len(sides & set(state.storms))


def _free_upgrades(state: State, seat: int) -> list[str]:
    p = state.players[seat]
    cultist = next(u.id for u in state.rules.faction_units(p.faction)
                   if u.reinforcement and u.type == "ground")
    out: list[str] = []
    for area, units in sorted(state.units.items()):
        if state.owner.get(area) != seat or not units.get(cultist):
            continue
        level = _storms_around(state, state.topology.areas[area].system)
        out.extend(f"{area}>{g.id}" for g in state.rules.upgrades.values()
                   if g.faction == p.faction and g.id not in p.order_upgrades
                   and g.level <= level)
        out.extend(f"{area}>{c.id}>{t}" for c in state.rules.combat_cards.values()
                   if c.faction == p.faction and c.id not in p.combat_types
                   and c.level <= level for t in p.combat_types)
    return out


@feasible_when("free_upgrade_by_storms")
def _can_upgrade(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_free_upgrades(state, seat))


@handles("free_upgrade_by_storms", scope="map")
def free_upgrade_by_storms(state: State, play: Play, p: Pending,
                           pick: str | None) -> list[str]:
    """Touched by the Warp: «destroy 1 Cultist to gain a free upgrade (order or combat,
    CFAQ) whose CL is at most the number of storms bordering its system»."""
    def act(option: str) -> None:
        area, upgrade = option.split(">", 1)
        cultist = next(u for u in state.units[area]
                       if state.rules.units[u].reinforcement)
        routed = pieces.routed(state, area, cultist) == state.units[area][cultist]
        pieces.remove_unit(state, area, cultist, routed=routed)
        state.events.append(Destroyed(p.seat, cultist, area))
        buy_upgrade(state, p.seat, upgrade, 99)

    return pick_loop(p, pick, lambda: _free_upgrades(state, p.seat), act, 1, p.seat)


def _mob_systems(state: State, seat: int) -> list[str]:
    return [s for s, areas in sorted(state.topology.system_areas.items())
            if sum(state.unit_count(a) for a in areas if state.owner.get(a) == seat) >= 2]


@feasible_when("advance_anywhere")
def _can_mob(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_mob_systems(state, seat))


@handles("advance_anywhere", scope="map")
def advance_anywhere(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Mob Up!: «resolve an Advance in any system where you have 2 or more units» (no
    token: nothing returns to the seat afterwards)."""
    def act(system: str) -> None:
        state.order = OrderState(system, p.seat, "advance", token="")

    return pick_loop(p, pick, lambda: _mob_systems(state, p.seat), act, 1, p.seat)


def _reorders(state: State, seat: int) -> list[str]:
    return [f"{s}>{i}>{end}" for s, stack in sorted(state.stacks.items()) if len(stack) > 1
            for i, (owner, _) in enumerate(stack) if owner == seat
            for end in ("top", "bottom")]


@feasible_when("reorder_own_order")
def _can_reorder(state: State, play: Play, seat: int, e: Effect) -> bool:
    return bool(_reorders(state, seat))


@handles("reorder_own_order", scope="map")
def reorder_own_order(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Outmanoeuvre: «look at 1 of your own order tokens in any stack and put it on the
    top or the bottom of that stack»."""
    def act(option: str) -> None:
        system, i, end = option.split(">")
        stack = state.stacks[system]
        token = stack.pop(int(i))
        stack.insert(len(stack) if end == "top" else 0, token)

    return pick_loop(p, pick, lambda: _reorders(state, p.seat), act, 1, p.seat)


def _any_direction(state: State, old: Storm, index: int) -> list[str]:
    others = {s for i, s in enumerate(state.storms) if i != index}
    out: set[Storm] = set()
    for icon in state.rules.storm_icons.values():
        steps = icon.moves_h if old[0] == "h" else icon.moves_v
        out.update(to for to in storm_moves(state.topology, old, steps) if to not in others)
    return sorted(",".join(map(str, s)) for s in out)


@feasible_when("cancel_storm_move")
def _can_cancel(state: State, play: Play, seat: int, e: Effect) -> bool:
    return play.data.get("storm", -1) >= 0 and \
        bool(_any_direction(state, tuple(play.data["old"]), play.data["storm"]))


@handles("cancel_storm_move", scope="map")
def cancel_storm_move(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Prayer to the Dark Gods: «cancel that move and move the storm in any of the 8
    directions» (from where it was; a move that moves must be chosen, RB p.6)."""
    index = play.data["storm"]
    old: Storm = tuple(play.data["old"])

    def act(option: str) -> None:
        orient, r, c = option.split(",")
        state.storms[index] = (orient, int(r), int(c))
        state.events.append(StormMoved(p.seat, "", index, option))

    state.storms[index] = old
    return pick_loop(p, pick, lambda: _any_direction(state, old, index), act, 1, p.seat)


@feasible_when("orbital_after_combat")
def _can_strike(state: State, play: Play, seat: int, e: Effect) -> bool:
    return state.order is not None and bool(orbital.strikes(state))


@handles("orbital_after_combat", scope="map")
def orbital_after_combat(state: State, play: Play, p: Pending, pick: str | None) -> list[str]:
    """Corsair Raid: «after a combat in this order, you may also make 1 orbital strike in
    the active system»."""
    assert state.order is not None
    state.order.phase = "orbital"
    return []
