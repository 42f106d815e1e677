"""Shared set-ups for the Forbidden Stars engine tests (no tests of its own): a seeded
game, an emptied board to arrange, and an order on top of a stack ready to reveal."""

from __future__ import annotations

from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine import pieces
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import (
    OPERATIONS,
    OVER,
    STORMS,
    Action,
    GameConfig,
    State,
)

RULES = load_fs_rules()


def game(n: int = 2, seed: int = 0, factions: tuple[str, ...] = ("space_marines", "orks")
         ) -> State:
    return new_game(RULES, GameConfig(n, seed, factions[:n] if factions else ()))


def home(state: State, seat: int) -> str:
    """The seat's faction tile as placed (its system id)."""
    tile = RULES.factions[state.faction(seat)].tile
    return next(s for s in state.topology.systems if RULES.faces[s].tile == tile)


def areas(state: State, system: str, kind: str) -> list[str]:
    return [a for a in state.topology.system_areas[system]
            if state.topology.areas[a].area.kind == kind]


def cleared(state: State) -> State:
    """The same board with no piece, objective, storm or order on it."""
    for area in list(state.units):
        for unit, k in list(state.units[area].items()):
            pieces.remove_unit(state, area, unit, k)
    state.structures.clear()
    state.owner.clear()
    state.objectives.clear()
    state.storms.clear()
    state.stacks.clear()
    return state


def order_on_top(state: State, seat: int, system: str, order: str, resolve: bool = True
                 ) -> State:
    """The seat's ``order`` alone on ``system``'s stack, revealed (and resolved); the next
    seat keeps a token on another stack, so the operations phase goes on after it."""
    state.players[seat].orders[order] -= 1
    rival = (seat + 1) % state.n
    state.players[rival].orders["advance"] -= 1
    elsewhere = next(s for s in state.topology.systems if s != system)
    state.stacks = {system: [(seat, order)], elsewhere: [(rival, "advance")]}
    state.step, state.turn, state.order = OPERATIONS, seat, None
    apply(state, Action("reveal", seat, target=system))
    if resolve:
        apply(state, Action("resolve", seat))
    return state


def random_game(n: int, seed: int, until=None, cap: int = 5000) -> State:
    state = new_game(RULES, GameConfig(n, seed))
    rng = Rng(seed ^ 0x5A5A)
    steps = 0
    while state.step != OVER and steps < cap and not (until and until(state)):
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])
        steps += 1
    return state


# ---------------------------------------------------------------------- combat


def _linked_pair(state: State, kind: str) -> tuple[str, str] | None:
    """Two edge-sharing areas of ``kind`` in one system."""
    topo = state.topology
    for system in sorted(topo.systems):
        for a in areas(state, system, kind):
            for b, _ in topo.links[a]:
                if topo.areas[b].system == system and topo.areas[b].area.kind == kind:
                    return a, b
    return None


def fight(attackers: dict[str, int], defenders: dict[str, int], kind: str = "world",
          factions: tuple[str, str] = ("space_marines", "orks"), structures=(),
          seed: int = 0, tokens: tuple[int, int] = (0, 0), before=None) -> State:
    """A combat started by seat 0's Advance: its ``attackers`` move from an edge-sharing
    area of the same system into the area of seat 1's ``defenders`` (and structures)."""
    state = cleared(game(2, seed, factions))
    pair = _linked_pair(state, kind)
    assert pair is not None
    there, here = pair
    for seat, forces in ((0, attackers), (1, defenders)):
        state.players[seat].assets["reinforcement"] = tokens[seat]
        for unit, k in forces.items():
            pieces.add_unit(state, seat, here if seat == 0 else there, unit, k)
    for s in structures:
        pieces.add_structure(state, 1, there, s)
    if before is not None:  # upgrades, Schemes: what the seats hold before the Advance
        before(state)
    order_on_top(state, 0, state.topology.areas[there].system, "advance")
    if kind == "world":
        apply(state, Action("ground", 0))
    for unit, k in attackers.items():
        for _ in range(k):
            apply(state, Action("move", 0, unit, target=there, source=here))
    if kind == "void":
        apply(state, Action("ground", 0))
    apply(state, Action("done", 0))
    return state



# ---------------------------------------------------------------------- cards held


def give_scheme(state: State, seat: int, card: str) -> None:
    """The seat keeps ``card`` face up (as if drawn and kept in a refresh)."""
    p = state.players[seat]
    p.event_deck.remove(card)
    p.schemes.append(card)


def options(state: State) -> list[str]:
    """The options of the choice the game waits for (step effect or a combat's)."""
    return [a.card for a in legal_actions(state) if a.kind == "effect"]


def answer(state: State, option: str) -> None:
    apply(state, Action("effect", acting_seat(state), card=option))


def play_event(state: State, seat: int, card: str) -> None:
    """The seat drew ``card`` in a refresh, moves a storm by it and plays it."""
    p = state.players[seat]
    p.event_deck.remove(card)
    p.drawn = [card]
    state.step, state.turn, state.order, state.storms_moved = STORMS, seat, None, []
    apply(state, next(a for a in legal_actions(state) if a.card == card))
    answer(state, "use")


def linked(state: State, kind_a: str, kind_b: str, same_system: bool = True,
           skip: tuple[str, ...] = ()) -> tuple[str, str]:
    """Two edge-sharing areas of these kinds (in one system unless told)."""
    topo = state.topology
    for a in sorted(topo.areas):
        if topo.areas[a].area.kind != kind_a or a in skip:
            continue
        for b, _ in topo.links[a]:
            if b in skip or topo.areas[b].area.kind != kind_b:
                continue
            if (topo.areas[a].system == topo.areas[b].system) == same_system:
                return a, b
    raise AssertionError("no such pair on this board")


def to_strike(state: State, seat: int, ship: str, defenders: dict[str, int],
              structures: tuple[str, ...] = ()) -> tuple[str, str]:
    """Seat's ``ship`` in a void beside a rival world of the same system holding
    ``defenders`` (and structures); the seat's Advance there has moved nothing and may
    strike.  Returns (world, void)."""
    world, void = linked(state, "world", "void")
    rival = (seat + 1) % state.n
    pieces.add_unit(state, seat, void, ship)
    for unit, k in defenders.items():
        pieces.add_unit(state, rival, world, unit, k)
    for s in structures:
        pieces.add_structure(state, rival, world, s)
    order_on_top(state, seat, state.topology.areas[world].system, "advance")
    while acting_seat(state) == seat and legal_actions(state)[0].kind == "effect":
        answer(state, "pass")  # Advance-time upgrades: not these tests' business
    apply(state, Action("ground", seat))
    apply(state, Action("done", seat))
    return world, void
