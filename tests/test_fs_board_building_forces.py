"""Issue 38 item 14: building the board (RB p.16 «Подготовка игрового поля»), the
starting forces.  «б. Расположение отрядов и построек: игрок может разместить любое
количество компонентов, описанных на его листе фракции (п. «Начальные войска») в только
что размещенном тайле» — on any tile the player has just placed, any number of them,
the rest kept for later tiles; «Игроки повторяют описанные выше действия, пока каждый из
игроков не разместит все свои тайлы систем и все свои компоненты, описанных на листе
фракции в п. «Начальные войска»» — all of them are down by the end.

Saves from before (schema 2) keep the old ruling (all forces on the faction tile)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game import i18n
from game.forbidden_stars import labels, saves
from game.forbidden_stars.ai.base import make_player
from game.forbidden_stars.engine.rng import Rng
from game.forbidden_stars.engine.rules import IllegalAction, acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game, replay
from game.forbidden_stars.engine.setup_state import FORCES
from game.forbidden_stars.engine.state import OVER, PLANNING, SETUP, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.saves import Seats, snapshot
from game.forbidden_stars.ui.log_text import FsTeller
from tests.test_fs_support import RULES

OLD = Path(__file__).parent / "old_saves"
DONE = "done"
FACTIONS = ("chaos", "eldar", "orks", "space_marines")


def _built(n: int, seed: int) -> State:
    return new_game(RULES, GameConfig(n, seed, FACTIONS[:n], quick_setup=False))


def _own(state: State, seat: int) -> int:
    return RULES.factions[state.faction(seat)].tile


def _place_tile(state: State, neutral: bool) -> str:
    """The acting seat places a tile of its hand (its faction tile or not); its face."""
    seat = acting_seat(state)
    tile = next(a for a in legal_actions(state)
                if (RULES.faces[a.card].tile != _own(state, seat)) == neutral)
    apply(state, tile)
    return tile.card


def _left(state: State, seat: int) -> int:
    assert state.setup is not None
    return sum(state.setup.forces[seat].values())


def _on_board(state: State, seat: int) -> Counter[str]:
    units: Counter[str] = Counter()
    for area, here in state.units.items():
        if state.owner.get(area) == seat:
            units.update(here)
    return units


def _finish_setup(state: State, seed: int) -> None:
    rng = Rng(seed)
    while state.step == SETUP:
        acts = legal_actions(state)
        apply(state, acts[rng.below(len(acts))])


def test_forces_may_go_on_a_tile_without_the_faction_icon_just_placed():
    """«в только что размещенном тайле»: any tile the player places, not only its own
    faction's; before, a neutral tile went straight on to the objective tokens."""
    state = _built(2, 5)
    seat = acting_seat(state)
    face = _place_tile(state, neutral=True)
    legal = legal_actions(state)
    forces = [a for a in legal if a.kind == "force"]
    assert forces and {a.target.split(".")[0] for a in forces} == {face}
    assert acting_seat(state) == seat and state.setup.phase == FORCES
    # every kind of starting piece is offered: units, ships and the factory
    assert {a.card for a in forces} == set(state.setup.forces[seat])
    unit = next(a for a in forces if a.card in RULES.units)
    apply(state, unit)
    assert state.units[unit.target][unit.card] == 1 and state.owner[unit.target] == seat


def test_any_number_may_be_placed_and_the_rest_kept_for_a_later_tile():
    """«любое количество компонентов»: one piece on the first tile, "done" keeps the rest;
    the seat's next tile offers them again."""
    state = _built(2, 5)
    seat = acting_seat(state)
    total = _left(state, seat)
    _place_tile(state, neutral=False)  # the faction tile: all would fit here
    apply(state, next(a for a in legal_actions(state) if a.kind == "force"))
    assert Action(DONE, seat) in legal_actions(state)
    apply(state, Action(DONE, seat))
    assert _left(state, seat) == total - 1 and state.setup.phase != FORCES
    while acting_seat(state) != seat or state.setup.phase == "objectives":
        acts = legal_actions(state)
        apply(state, acts[0] if acts[0].kind != "force" else Action(DONE, acts[0].seat))
    face = _place_tile(state, neutral=True)
    legal = legal_actions(state)
    assert Action(DONE, seat) in legal
    assert {a.target.split(".")[0] for a in legal if a.kind == "force"} == {face}


def test_on_the_last_tile_every_remaining_force_must_be_placed():
    """«пока каждый из игроков не разместит … все свои компоненты»: keeping forces is
    offered only while a tile of the seat's is still to come."""
    state = _built(2, 8)
    kept_until_last = {0: False, 1: False}
    while state.step == SETUP:
        acts = legal_actions(state)
        seat = acting_seat(state)
        if acts[0].kind == "tile":
            # the faction tile last, so the forces are kept over two tiles
            neutral = [a for a in acts if RULES.faces[a.card].tile != _own(state, seat)]
            apply(state, (neutral or acts)[0])
            continue
        if state.setup.phase == FORCES:
            if state.setup.hands[seat]:
                assert Action(DONE, seat) in acts
                apply(state, Action(DONE, seat))
            else:
                kept_until_last[seat] = True
                assert Action(DONE, seat) not in acts and acts
                assert {a.kind for a in acts} == {"force"}
                apply(state, acts[0])
            continue
        apply(state, acts[0])
    assert kept_until_last == {0: True, 1: True} and state.step == PLANNING
    for seat in range(2):
        faction = RULES.factions[state.faction(seat)]
        assert _on_board(state, seat) == Counter(faction.start_units)
        own = [s for a, s in state.structures.items() if state.owner.get(a) == seat]
        assert sum(len(s) for s in own) == sum(faction.start_structures.values())
        # all on the faction tile, the only tile they could still go on
        assert all(RULES.faces[state.topology.areas[a].system].tile == faction.tile
                   for a in state.units if state.owner.get(a) == seat)


def test_every_printed_face_holds_a_whole_factions_starting_forces():
    """Why the last tile can never be too small: each face's worlds, voids and world
    count take every faction's starting units, ships and structures."""
    for fid, faction in RULES.factions.items():
        ground = sum(k for u, k in faction.start_units.items()
                     if RULES.units[u].type == "ground")
        ships = sum(faction.start_units.values()) - ground
        for face_id, face in RULES.faces.items():
            worlds = [a for a in face.areas if a.kind == "world"]
            voids = [a for a in face.areas if a.kind == "void"]
            assert sum(a.capacity for a in worlds) >= ground, (fid, face_id)
            assert sum(a.capacity for a in voids) >= ships, (fid, face_id)
            assert len(worlds) >= sum(faction.start_structures.values()), (fid, face_id)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_board_building_places_every_force_and_replays(n):
    for seed in range(3):
        state = _built(n, seed)
        _finish_setup(state, seed)
        assert state.step == PLANNING and state.setup is None
        for seat in range(n):
            faction = RULES.factions[state.faction(seat)]
            assert _on_board(state, seat) == Counter(faction.start_units)
        again = replay(RULES, state.config, state.log)
        assert (again.units, again.structures, again.objectives) == \
            (state.units, state.structures, state.objectives)


def test_the_quick_setup_is_unchanged():
    """The fixed-by-seed board: all forces on the faction tile, no setup actions."""
    state = new_game(RULES, GameConfig(3, 4))
    assert state.step == PLANNING and state.setup is None
    for seat in range(3):
        own = _own(state, seat)
        assert all(RULES.faces[state.topology.areas[a].system].tile == own
                   for a in state.units if state.owner.get(a) == seat)


# ---------------------------------------------------------------------- the bots


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_heuristic_bots_keep_their_forces_for_their_faction_tile(level):
    """On a neutral tile placed first, "done"; on the faction tile, everything, the
    factory on a world and the units spread over its worlds."""
    state = _built(2, 5)
    seat = acting_seat(state)
    bot = make_player(level, 3)
    _place_tile(state, neutral=True)
    assert bot.choose(player_view(state, seat), legal_actions(state)) == Action(DONE, seat)
    apply(state, Action(DONE, seat))
    while not (acting_seat(state) == seat and state.setup.phase == "tile"):
        acts = legal_actions(state)
        apply(state, acts[0] if acts[0].kind != "force" else Action(DONE, acts[0].seat))
    face = _place_tile(state, neutral=False)
    while state.setup is not None and state.setup.phase == FORCES:
        apply(state, bot.choose(player_view(state, seat), legal_actions(state)))
    assert _left(state, seat) == 0
    worlds = [f"{face}.{i}" for i, a in enumerate(RULES.faces[face].areas)
              if a.kind == "world"]
    assert all(state.units.get(w) for w in worlds)  # spread: no world left bare
    assert any(state.structures.get(w) for w in worlds)


@pytest.mark.parametrize("seats", [("normal", "greedy"), ("random", "random", "normal")])
def test_bots_build_the_board_and_play_it_out(seats):
    n = len(seats)
    state = _built(n, 11)
    bots = [make_player(kind, 11 + i) for i, kind in enumerate(seats)]
    while state.step != OVER and len(state.log) < 3000:
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    assert state.setup is None and state.round >= 1
    assert any(a.kind == "force" for a in state.log)


# ---------------------------------------------------------------------- saves and words


def test_a_save_from_before_keeps_its_rule_loads_and_replays(tmp_path, monkeypatch):
    """tests/old_saves/fs_2p_build_seed9.json (schema 2): forces only on the faction tile,
    no "done" in its setup.  Migrated, it replays as played; read under the new rule its
    log diverges, which the loader refuses in words, never a crash."""
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    doc = json.loads((OLD / "fs_2p_build_seed9.json").read_text())
    assert doc["schema"] == 2 and "forces_on_faction_tile" not in doc["config"]
    loaded = saves.load_game(OLD / "fs_2p_build_seed9.json")
    assert loaded.state.config.forces_on_faction_tile
    assert len(loaded.state.log) == len(doc["actions"])
    again = saves.load_game(saves.save_game(loaded.state, loaded.seats, folder=tmp_path))
    assert again.state.config.forces_on_faction_tile
    assert snapshot(again.state) == snapshot(loaded.state)
    doc["schema"] = saves.SCHEMA  # the same log claimed under the book's rule
    doc["config"]["forces_on_faction_tile"] = False
    path = tmp_path / "claimed.json"
    path.write_text(json.dumps(doc))
    with pytest.raises(saves.SaveError) as err:
        saves.load_game(path)
    assert "\n" not in str(err.value)


def test_a_game_with_forces_kept_saves_and_loads(tmp_path):
    state = _built(2, 5)
    seat = acting_seat(state)
    _place_tile(state, neutral=True)
    apply(state, Action(DONE, seat))
    _finish_setup(state, 2)
    seats = Seats(("A", "B"), ("human", "normal"))
    path = saves.save_game(state, seats, folder=tmp_path)
    assert json.loads(path.read_text())["config"]["forces_on_faction_tile"] is False
    loaded = saves.load_game(path)
    assert not loaded.state.config.forces_on_faction_tile
    assert snapshot(loaded.state) == snapshot(state)


def test_a_damaged_flag_is_refused_in_words(tmp_path):
    state = _built(2, 5)
    doc = json.loads(json.dumps(saves.to_document(state, Seats(("A", "B"),
                                                               ("human", "human")))))
    doc["config"]["forces_on_faction_tile"] = "yes"
    with pytest.raises(saves.SaveError, match="forces_on_faction_tile"):
        saves.load_document(doc)


def test_the_old_rule_offers_no_keeping():
    state = new_game(RULES, GameConfig(2, 5, FACTIONS[:2], quick_setup=False,
                                       forces_on_faction_tile=True))
    seat = acting_seat(state)
    _place_tile(state, neutral=True)
    assert all(a.kind == "objective" for a in legal_actions(state))
    with pytest.raises(IllegalAction):
        apply(state, Action(DONE, seat))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_keeping_the_rest_is_worded_in_both_languages(lang):
    state = _built(2, 5)
    seat = acting_seat(state)
    _place_tile(state, neutral=True)
    text = labels.describe(state, Action(DONE, seat), lang)
    assert text == i18n.t("forbidden_stars.action.keep_forces", lang=lang)
    assert "keep_forces" not in text and text != labels.describe(state, Action(DONE, seat),
                                                                 "ru" if lang == "en" else "en")
    force = next(a for a in legal_actions(state) if a.kind == "force")
    assert "forbidden_stars." not in labels.describe(state, force, lang)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_move_log_tells_every_seat_the_forces_were_kept(lang):
    state = _built(2, 5)
    seat = acting_seat(state)
    _place_tile(state, neutral=True)
    teller = FsTeller(("Anna", "Boris"))
    told = teller.tell(state, Action(DONE, seat), apply)
    words = i18n.t("forbidden_stars.action.keep_forces", lang=lang)
    for viewer in range(2):
        assert any(words in line.text for line in told[(viewer, lang)])
