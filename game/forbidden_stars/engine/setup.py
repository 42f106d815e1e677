"""Build the opening state of a game (RB p.3-4 «Подготовка к игре», p.16 «Подготовка
игрового поля») and replay an action log.

The booklet has the players build the board: each gets their faction tile and two random
tiles without a faction, and in turn from the first player each places one tile (within
the board's size for the player count), any of their starting forces on it, and rivals'
objective tokens on its objective spots; then storms go on tile borders.  With
``GameConfig.quick_setup`` (the default, for quick games) the seeded generator makes
those choices within the rules (designed: docs/forbidden-stars-rulings.md): a player's
first tile is their faction tile and all their starting forces go on it.  Without it the
players make them, as actions (setup_play.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from game.forbidden_stars.engine import board, flow, pieces, setup_play
from game.forbidden_stars.engine.components import FSRules
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import apply
from game.forbidden_stars.engine.state import RANDOM_FIRST, GameConfig, Player, State


class SetupError(ValueError):
    """The configuration cannot make a game (player count, factions)."""


def new_game(rules: FSRules, config: GameConfig) -> State:
    n = config.players
    if n not in rules.setups:
        raise SetupError(f"Forbidden Stars is for 2 to 4 players, not {n}")
    factions = list(config.factions)
    state = State(rules=rules, config=config, n=n)
    state.rng = rng = Rng(config.seed)
    if not factions:
        pool = sorted(rules.factions)
        rng.shuffle(pool)
        factions = pool[:n]
    if len(factions) != n or len(set(factions)) != n or not set(factions) <= set(rules.factions):
        raise SetupError(f"{n} players need {n} different factions, not {factions}")
    if not (config.first == RANDOM_FIRST or 0 <= config.first < n):
        raise SetupError(f"no seat {config.first} to be the first player among {n}")
    # «перемешайте по одному маркеру контроля построек каждого игрока и вытяните один»;
    # drawn even when a seat is chosen: the generator's sequence is the same either way
    drawn = rng.below(n)
    state.first = state.turn = drawn if config.first == RANDOM_FIRST else config.first
    state.supply = {s.id: s.supply for s in rules.structures.values()}
    state.supply.update({a.id: a.value for a in rules.assets.values()})
    for seat, fid in enumerate(factions):
        state.players.append(_player(state, seat, fid))
        for asset, k in rules.factions[fid].start_assets.items():
            pieces.gain_asset(state, seat, asset, k)
    hands, holding = _deal(state, factions)
    if not config.quick_setup:  # the players build the board (setup_play.py)
        setup_play.begin(state, hands, holding)
        state.events = []
        return state
    placed, holders = _build_board(state, hands, holding)
    state.topology = topo = board.build(rules, placed)
    for fid_seat, (face, _r, _c, _rot) in zip(holders, placed, strict=True):
        if rules.faces[face].tile == rules.factions[factions[fid_seat]].tile:
            _starting_forces(state, fid_seat, face)
    _place_storms(state, topo)
    flow.start_planning(state)
    state.events = []
    return state


def _player(state: State, seat: int, fid: str) -> Player:
    rules = state.rules
    faction = rules.factions[fid]
    player = Player(seat, fid, materiel=faction.materiel)
    player.orders = {o.id: o.value for o in rules.orders.values()}
    player.on_event_deck = dict.fromkeys(rules.orders, 0)
    # «находит 10 боевых карт с символом своей фракции … и перемешивает их»
    player.combat_types = [c.id for c in rules.combat_cards.values()
                           if c.faction == fid and c.deck == "start"]
    player.combat_deck = [c for c in player.combat_types for _ in range(2)]
    state.rng.shuffle(player.combat_deck)
    player.event_deck = [e.id for e in rules.events.values() if e.faction == fid]
    state.rng.shuffle(player.event_deck)
    return player


def _deal(state: State, factions: list[str]) -> tuple[list[list[int]], list[dict[int, int]]]:
    """«каждый игрок получает тайлы систем с изображением иконки своей фракции. Затем первый
    игрок берёт все системы без иконок фракции … и отдаёт случайным образом по две каждому
    игроку»; «каждый игрок отдаёт по два жетона своих маркеров целей каждому из игроков»."""
    rules, rng, n = state.rules, state.rng, state.n
    every_own = set(rules.faction_tiles())
    neutral = sorted({f.tile for f in rules.faces.values()} - every_own)
    rng.shuffle(neutral)
    per = rules.constants["neutral_tiles_per_player"]
    hands = [[rules.factions[factions[s]].tile, *neutral[s * per:(s + 1) * per]]
             for s in range(n)]
    give = rules.constants["objectives_to_each_rival"]
    return hands, [{r: give for r in range(n) if r != s} for s in range(n)]


def _build_board(state: State, hands: list[list[int]], holding: list[dict[int, int]]
                 ) -> tuple[list[tuple[str, int, int, int]], list[int]]:
    """Place every tile and the objective tokens by the generator; returns the tiles as
    placed ``(face, row, col, rotation)`` and who placed each."""
    rules, rng, n = state.rules, state.rng, state.n
    size = rules.setups[n].board
    cells: dict[tuple[int, int], tuple[str, int]] = {}
    order: list[int] = []
    for i in range(sum(len(h) for h in hands)):
        seat = (state.first + i) % n
        hand = hands[seat]
        tile = hand.pop(0) if i < n else hand.pop(rng.below(len(hand)))
        face = f"t{tile}{rng.pick(('a', 'b'))}"
        if cells:
            options = sorted({(r + dr, c + dc) for r, c in cells
                              for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))} - set(cells))
            options = [p for p in options if setup_play.fits([*cells, p], size)]
            where = rng.pick(options)
        else:
            where = (0, 0)
        cells[where] = (face, rng.below(4))
        order.append(seat)
        _objectives(state, seat, face, holding[seat])
    r0 = min(r for r, _ in cells)
    c0 = min(c for _, c in cells)
    placed = [(face, r - r0, c - c0, rot) for (r, c), (face, rot) in cells.items()]
    return placed, order


def _objectives(state: State, seat: int, face: str, holding: dict[int, int]) -> None:
    """«обязан положить один из маркеров целей соперников на каждое специально
    предназначенное для этого место … не может положить два маркера целей одной и той же
    фракции на один тайл … не может положить маркер целей принадлежащий одной фракции,
    если у него есть большее количество маркеров целей принадлежащих другой фракции»
    (RB p.16).  A spot no token may legally take stays empty (designed)."""
    here: set[int] = set()
    for i, area in enumerate(state.rules.faces[face].areas):
        if not area.objective or not any(holding.values()):
            continue
        most = max(holding.values())
        options = sorted(r for r, k in holding.items() if k == most and k > 0 and r not in here)
        if not options:
            continue
        rival = state.rng.pick(options)
        holding[rival] -= 1
        here.add(rival)
        state.objectives[f"{face}.{i}"] = rival


def _starting_forces(state: State, seat: int, face: str) -> None:
    """«может разместить любое количество компонентов … в только что размещенном тайле»:
    designed — everything on the faction tile: the factory on its roomiest world, the
    ground units spread over its worlds from there, the ships in its voids."""
    rules = state.rules
    faction = rules.factions[state.faction(seat)]
    areas = [(f"{face}.{i}", a) for i, a in enumerate(rules.faces[face].areas)]
    worlds = sorted((x for x in areas if x[1].kind == "world"), key=lambda x: -x[1].capacity)
    voids = [x for x in areas if x[1].kind == "void"]
    for structure, k in faction.start_structures.items():
        for w in range(k):
            pieces.add_structure(state, seat, worlds[w % len(worlds)][0], structure)
    for unit, k in faction.start_units.items():
        spots = worlds if rules.units[unit].type == "ground" else voids
        for _ in range(k):
            free = [(aid, a) for aid, a in spots if state.unit_count(aid) < a.capacity]
            aid = min(free, key=lambda x: state.unit_count(x[0]))[0]
            pieces.add_unit(state, seat, aid, unit)


def _place_storms(state: State, topo: board.Topology) -> None:
    """«начиная с игрока, который положил тайл системы последним и далее против часовой
    стрелки, каждый игрок выкладывает варп-шторм на любую границу тайла системы, в том
    числе … на край игрового поля» (RB p.16); storms do not stack (facts §7).  The
    generator places them (in this slice no seat chooses), one per player (designed)."""
    borders = topo.borders()
    for _ in range(state.rules.setups[state.n].storms):
        free = [b for b in borders if b not in state.storms]
        state.storms.append(state.rng.pick(free))


def replay(rules: FSRules, config: GameConfig, actions: Iterable) -> State:
    """Rebuild a game from its configuration and action log."""
    state = new_game(rules, config)
    for action in actions:
        apply(state, action)
    return state
