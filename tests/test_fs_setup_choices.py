"""«ПОДГОТОВКА ИГРОВОГО ПОЛЯ» (RB p.16) as the players' choices (``quick_setup=False``):
tiles, starting forces, objective tokens and storms placed by actions."""

from __future__ import annotations

from collections import Counter

import pytest

from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game, replay
from game.forbidden_stars.engine.state import OVER, PLANNING, SETUP, Action, GameConfig
from tests.test_fs_engine_games import _check
from tests.test_fs_support import RULES


def _setup(n: int, seed: int) -> object:
    return new_game(RULES, GameConfig(n, seed, quick_setup=False))


def _random_setup(state, seed: int) -> list[Action]:
    rng, log = Rng(seed), []
    while state.step == SETUP:
        acts = legal_actions(state)
        a = acts[rng.below(len(acts))]
        apply(state, a)
        log.append(a)
    return log


def test_the_first_player_places_a_tile_of_their_hand_any_face_and_turn():
    """«начиная с первого игрока … каждый игрок кладёт один тайл системы»; «Тайл можно
    выкладывать любой стороной и сориентировать в любую сторону»."""
    state = _setup(3, 2)
    assert state.step == SETUP and acting_seat(state) == state.first
    legal = legal_actions(state)
    tiles = {RULES.faces[a.card].tile for a in legal}
    own = RULES.factions[state.faction(state.first)].tile
    assert own in tiles and len(tiles) == 3 and len(tiles - {own}) == 2
    assert {a.target for a in legal} == {"0,0"}
    assert {a.extra for a in legal} == {"0", "1", "2", "3"}
    assert {a.card[-1] for a in legal} == {"a", "b"}


@pytest.mark.parametrize("n", [2, 3, 4])
def test_tiles_go_beside_placed_ones_within_the_board_size(n):
    """«все другие тайлы должны выкладываться рядом с любым другим уже выложенным тайлом»;
    «Игрок не может выкладывать тайлы, если превышен размер игрового поля»."""
    for seed in range(4):
        state = _setup(n, seed)
        _random_setup(state, seed)
        topo = state.topology
        assert sorted((topo.rows, topo.cols)) == sorted(RULES.setups[n].board)
        assert len(topo.systems) == 3 * n and state.step == PLANNING
        _check(state)


def test_before_schema_3_starting_forces_go_on_the_faction_tile_where_the_player_chooses():
    """The ruling games saved before schema 3 keep (GameConfig.forces_on_faction_tile):
    all of them, on the faction tile, each within capacity.  The book's rule, any number
    on any tile just placed: tests/test_fs_board_building_forces.py."""
    state = new_game(RULES, GameConfig(2, 5, quick_setup=False, forces_on_faction_tile=True))
    seat = acting_seat(state)
    own = RULES.factions[state.faction(seat)].tile
    apply(state, next(a for a in legal_actions(state)
                      if RULES.faces[a.card].tile == own))
    first = legal_actions(state)
    assert {a.kind for a in first} == {"force"} and acting_seat(state) == seat
    assert all(a.target.startswith(first[0].target.split(".")[0]) for a in first)
    _random_setup(state, 5)
    placed = Counter()
    for area, units in state.units.items():
        if state.owner[area] == seat:
            placed.update(units)
            assert RULES.faces[state.topology.areas[area].system].tile == own
    assert placed == Counter(dict(RULES.factions[state.faction(seat)].start_units))


@pytest.mark.parametrize("n", [2, 3, 4])
def test_objective_tokens_are_the_placers_rivals_by_the_rules(n):
    """«обязан положить один из маркеров целей соперников на каждое … место … не может
    положить два маркера целей одной и той же фракции на один тайл системы … не может
    положить маркер целей принадлежащий одной фракции, если у него есть большее
    количество маркеров целей принадлежащих другой фракции»."""
    state = _setup(n, 7)
    rng = Rng(7)
    while state.step == SETUP:
        acts = legal_actions(state)
        if acts[0].kind == "objective":
            seat, held = acts[0].seat, state.setup.holding[acts[0].seat]
            most = max(held.values())
            assert {int(a.card) for a in acts} <= {r for r, k in held.items() if k == most}
            assert all(int(a.card) != seat for a in acts)
        apply(state, acts[rng.below(len(acts))])
    by_tile = Counter((state.topology.areas[w].system, s) for w, s in state.objectives.items())
    assert all(k == 1 for k in by_tile.values())
    assert len(state.objectives) == sum(2 * (n - 1) for _ in range(n))


def test_storms_from_the_last_placer_counter_clockwise():
    """«начиная с игрока, который положил тайл системы последним и далее против часовой
    стрелки, каждый игрок выкладывает варп-шторм на любую границу тайла системы»."""
    state = _setup(4, 3)
    rng = Rng(3)
    seen = []
    while state.step == SETUP:
        acts = legal_actions(state)
        if acts[0].kind == "warp":
            seen.append(acts[0].seat)
            every = {",".join(map(str, b)) for b in state.topology.borders()}
            taken = {",".join(map(str, b)) for b in state.storms}
            assert {a.source for a in acts} == every - taken  # edges too, never stacked
        apply(state, acts[rng.below(len(acts))])
    last = (state.first + 11) % 4  # the 12th tile's placer
    assert seen == [(last - k) % 4 for k in range(4)]
    assert len(set(state.storms)) == 4


def test_a_game_set_up_by_choices_plays_out_and_replays():
    state = _setup(3, 9)
    log = _random_setup(state, 9)
    rng = Rng(99)
    while state.step != OVER:
        acts = legal_actions(state)
        a = acts[rng.below(len(acts))]
        apply(state, a)
        log.append(a)
    again = replay(RULES, state.config, log)
    assert (again.units, again.owner, again.objectives, again.storms, again.winners) == \
        (state.units, state.owner, state.objectives, state.storms, state.winners)
