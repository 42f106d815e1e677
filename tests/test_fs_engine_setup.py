"""«ПОДГОТОВКА К ИГРЕ» and «ПОДГОТОВКА ИГРОВОГО ПОЛЯ» (RB p.3-4, p.16): the board built
from the tiles for the player count, starting forces, objective tokens, storms, materiel,
decks and order tokens."""

from __future__ import annotations

from collections import Counter

import pytest

from game.forbidden_stars.engine.setup import SetupError, new_game
from game.forbidden_stars.engine.state import PLANNING, GameConfig
from tests.test_fs_support import RULES, game, home


@pytest.mark.parametrize("n", [2, 3, 4])
def test_the_board_size_follows_the_player_count(n):
    """«Два игрока: три тайла на два тайла. Три игрока: три тайла на три тайла. Четыре
    игрока: три тайла на четыре тайла.»"""
    for seed in range(6):
        state = new_game(RULES, GameConfig(n, seed))
        topo = state.topology
        assert sorted((topo.rows, topo.cols)) == sorted(RULES.setups[n].board)
        cells = {(r, c) for r, c, _ in topo.systems.values()}
        assert len(cells) == len(topo.systems) == 3 * n  # a full rectangle, one tile a cell
        assert len({RULES.faces[f].tile for f in topo.systems}) == 3 * n


def test_each_player_places_their_faction_tile_and_two_dealt_tiles():
    """«каждый игрок получает тайлы систем с изображением иконки своей фракции. Затем
    первый игрок берёт все системы без иконок фракции … и отдаёт случайным образом по две
    каждому игроку»"""
    state = game(3, 4, ("space_marines", "orks", "eldar"))
    tiles = {RULES.faces[f].tile for f in state.topology.systems}
    assert {9, 10, 11} <= tiles and 12 not in tiles
    assert len(tiles - {9, 10, 11}) == 6 and tiles - {9, 10, 11} <= set(range(1, 9))


def test_starting_forces_materiel_decks_and_orders():
    """«каждый игрок получает компоненты из списка «Начальные войска»»; the dial on 6;
    «находит 10 боевых карт … перемешивает их»; 8 order tokens, 2 of each type."""
    state = game(2, 7, ("orks", "eldar"))
    for p in state.players:
        faction = RULES.factions[p.faction]
        placed = Counter()
        for area, units in state.units.items():
            if state.owner[area] == p.seat:
                placed.update(units)
                assert state.topology.areas[area].system == home(state, p.seat)
        assert placed == Counter(dict(faction.start_units))
        factories = [w for w, ss in state.structures.items() if state.owner[w] == p.seat
                     for s in ss if s == "factory"]
        assert len(factories) == 1
        assert p.materiel == 6
        assert sorted(p.combat_deck) == sorted(p.combat_types * 2) and len(p.combat_types) == 5
        assert len(p.event_deck) == 8 and p.orders == dict.fromkeys(RULES.orders, 2)
        for area, units in state.units.items():
            assert sum(units.values()) <= state.topology.areas[area].area.capacity
    assert state.players[0].assets == {"reinforcement": 1}  # the Orks' token
    assert state.step == PLANNING and state.turn == state.first


@pytest.mark.parametrize("n", [2, 3, 4])
def test_objective_tokens_follow_the_placing_rules(n):
    """«каждый игрок отдаёт по два жетона своих маркеров целей каждому из игроков»; «Игрок не
    может положить два маркера целей одной и той же фракции на один тайл системы.»"""
    for seed in range(8):
        state = new_game(RULES, GameConfig(n, seed))
        tokens = Counter(state.objectives.values())
        assert tokens == dict.fromkeys(range(n), 2 * (n - 1))
        per_tile = Counter((a.split(".")[0], s) for a, s in state.objectives.items())
        assert max(per_tile.values()) == 1
        for area in state.objectives:
            assert state.topology.areas[area].area.objective


@pytest.mark.parametrize("n", [2, 3, 4])
def test_storms_lie_on_distinct_tile_borders(n):
    """«каждый игрок выкладывает варп-шторм на любую границу тайла системы, в том числе
    выкладывать разрешено на край игрового поля» — one per player (designed)."""
    state = new_game(RULES, GameConfig(n, n))
    borders = set(state.topology.borders())
    assert len(state.storms) == len(set(state.storms)) == RULES.setups[n].storms == n
    assert set(state.storms) <= borders


def test_the_same_seed_builds_the_same_game_and_seeds_differ():
    a, b = game(4, 21, ()), game(4, 21, ())
    assert (a.topology, a.units, a.objectives, a.storms, a.first, [p.faction for p in
                                                                   a.players]) == \
        (b.topology, b.units, b.objectives, b.storms, b.first, [p.faction for p in b.players])
    boards = {tuple(sorted(game(2, s).topology.systems.items())) for s in range(6)}
    assert len(boards) > 1


def test_bad_configurations_are_refused():
    with pytest.raises(SetupError):
        new_game(RULES, GameConfig(5, 0))
    with pytest.raises(SetupError):
        new_game(RULES, GameConfig(2, 0, ("orks", "orks")))
    with pytest.raises(SetupError):
        new_game(RULES, GameConfig(2, 0, ("orks", "tau")))
