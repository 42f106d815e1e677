"""The board built by the players' choices (RB p.16 «Подготовка игрового поля»), when
``GameConfig.quick_setup`` is off; each choice an action (step ``setup``).

«начиная с первого игрока и далее по часовой стрелке, каждый игрок кладёт один тайл
системы»: a tile from hand, either face, any turn, beside a placed tile, the board never
exceeding its size for the player count («Ориентация игрового поля не определяется, пока
максимальное количество тайлов не выстроено в ряд»).  «может разместить любое количество
компонентов … (п. «Начальные войска») в только что размещенном тайле»: after each of
their tiles the player places any of their remaining starting forces on it (one ``force``
action a piece, each within its area's capacity) and ``done`` keeps the rest for a later
tile; «пока каждый из игроков не разместит все свои тайлы систем и все свои
компоненты»: on the player's last tile ``done`` is not offered while any is left (every
printed face holds a whole faction's forces).  Games from before (save schema 2,
``GameConfig.forces_on_faction_tile``) place them all, on the faction tile only.
«обязан положить один из маркеров целей соперников на каждое … место»: the player
picks the rival for each spot among the legal ones (setup.py's rules; a spot none may
take stays empty).  Then «начиная с игрока,
который положил тайл системы последним и далее против часовой стрелки, каждый игрок
выкладывает варп-шторм на любую границу».  The tiles dealt and the first player stay
random, as in the booklet.
"""

from __future__ import annotations

from game.forbidden_stars.engine import board, flow, pieces
from game.forbidden_stars.engine.setup_state import FORCES, OBJECTIVES, STORMS, TILE, SetupState
from game.forbidden_stars.engine.state import SETUP, Action, State

STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def begin(state: State, hands: list[list[int]], holding: list[dict[int, int]]) -> None:
    rules = state.rules
    forces = []
    for p in state.players:
        faction = rules.factions[p.faction]
        forces.append({**faction.start_units, **faction.start_structures})
    state.setup = SetupState(hands, holding, forces)
    state.step = SETUP


def fits(cells: list[tuple[int, int]], size: tuple[int, int]) -> bool:
    rows = max(r for r, _ in cells) - min(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) - min(c for _, c in cells) + 1
    a, b = size
    return (rows <= a and cols <= b) or (rows <= b and cols <= a)


def placer(state: State) -> int:
    s = state.setup
    assert s is not None
    return s.storm_seat if s.phase == STORMS else (state.first + s.placed) % state.n


def _spots(state: State, s: SetupState) -> list[tuple[int, int]]:
    if not s.cells:
        return [(0, 0)]
    size = state.rules.setups[state.n].board
    near = {(r + dr, c + dc) for r, c in s.cells for dr, dc in STEPS} - set(s.cells)
    return sorted(p for p in near if fits([*s.cells, p], size))


def _areas(state: State, face: str) -> list[str]:
    return [f"{face}.{i}" for i in range(len(state.rules.faces[face].areas))]


def _force_options(state: State, s: SetupState, seat: int) -> list[Action]:
    rules, out = state.rules, []
    for piece, k in sorted(s.forces[seat].items()):
        if k <= 0:
            continue
        for aid in _areas(state, s.face):
            area = state.topology.areas[aid].area
            if piece in rules.structures:
                ok = area.kind == "world" and not state.structures.get(aid)
            else:
                kind = "world" if rules.units[piece].type == "ground" else "void"
                ok = area.kind == kind and state.unit_count(aid) < area.capacity
            if ok:
                out.append(Action("force", seat, piece, aid))
    return out


def _objective_options(state: State, s: SetupState, seat: int, index: int) -> list[str]:
    holding = s.holding[seat]
    most = max(holding.values(), default=0)
    here = {state.objectives.get(a) for a in _areas(state, s.face)}
    return [str(r) for r, k in sorted(holding.items()) if k == most and k > 0 and r not in here]


def _forces_choices(state: State, s: SetupState, seat: int) -> list[Action]:
    out = _force_options(state, s, seat)
    if state.config.forces_on_faction_tile:
        return out
    # keeping the rest is allowed while a tile is left to put them on; with none left
    # everything must go here — unless nothing fits (never with the printed faces), when
    # the rest stays off the board rather than the setup being stuck.  First in the
    # list, where a player sees it.
    if s.hands[seat] or not out:
        out.insert(0, Action("done", seat))
    return out


def choices(state: State) -> list[Action]:
    s = state.setup
    assert s is not None
    seat = placer(state)
    if s.phase == TILE:
        return [Action("tile", seat, f"t{tile}{side}", f"{r},{c}", extra=str(turn))
                for tile in sorted(s.hands[seat]) for side in "ab"
                for r, c in _spots(state, s) for turn in range(4)]
    if s.phase == FORCES:
        return _forces_choices(state, s, seat)
    if s.phase == OBJECTIVES:
        world = f"{s.face}.{s.spot}"
        return [Action("objective", seat, r, world)
                for r in _objective_options(state, s, seat, s.spot)]
    return [Action("warp", seat, source=",".join(map(str, b)))
            for b in state.topology.borders() if b not in state.storms]


def _rebuild(state: State, s: SetupState) -> None:
    r0 = min(r for r, _ in s.cells)
    c0 = min(c for _, c in s.cells)
    placed = [(face, r - r0, c - c0, turn) for (r, c), (face, turn) in s.cells.items()]
    state.topology = board.build(state.rules, placed)


def tile(state: State, a: Action) -> None:
    s = state.setup
    assert s is not None
    r, c = map(int, a.target.split(","))
    s.hands[a.seat].remove(state.rules.faces[a.card].tile)
    s.cells[(r, c)] = (a.card, int(a.extra))
    s.face, s.last = a.card, a.seat
    _rebuild(state, s)
    faction_tile = state.rules.factions[state.faction(a.seat)].tile
    on_tile = (not state.config.forces_on_faction_tile
               or state.rules.faces[a.card].tile == faction_tile)
    if on_tile and any(s.forces[a.seat].values()):
        s.phase = FORCES
    else:
        _objectives(state, s, 0)


def force(state: State, a: Action) -> None:
    s = state.setup
    assert s is not None
    s.forces[a.seat][a.card] -= 1
    if a.card in state.rules.structures:
        pieces.add_structure(state, a.seat, a.target, a.card)
    else:
        pieces.add_unit(state, a.seat, a.target, a.card)
    if not any(s.forces[a.seat].values()):
        _objectives(state, s, 0)


def done(state: State, a: Action) -> None:
    """The rest of the seat's starting forces wait for a later tile of theirs."""
    s = state.setup
    assert s is not None
    _objectives(state, s, 0)


def _objectives(state: State, s: SetupState, start: int) -> None:
    """The next objective spot of the tile some rival's token may take, else the next
    tile (or the storms once every tile is down)."""
    seat = placer(state)
    areas = state.rules.faces[s.face].areas
    for i in range(start, len(areas)):
        if areas[i].objective and _objective_options(state, s, seat, i):
            s.phase, s.spot = OBJECTIVES, i
            return
    s.placed += 1
    if any(s.hands):
        s.phase = TILE
        return
    s.phase = STORMS
    s.storms_left = state.rules.setups[state.n].storms
    s.storm_seat = s.last


def objective(state: State, a: Action) -> None:
    s = state.setup
    assert s is not None
    rival = int(a.card)
    s.holding[a.seat][rival] -= 1
    state.objectives[a.target] = rival
    _objectives(state, s, s.spot + 1)


def warp(state: State, a: Action) -> None:
    s = state.setup
    assert s is not None
    orient, r, c = a.source.split(",")
    state.storms.append((orient, int(r), int(c)))
    s.storms_left -= 1
    s.storm_seat = (s.storm_seat - 1) % state.n  # «против часовой стрелки»
    if s.storms_left == 0:
        state.setup = None
        flow.start_planning(state)
