"""An attacker's ground retreat needs an available path (issue 38, item 13; RB p.15
«ОТСТУПЛЕНИЕ АТАКУЮЩИХ»):

«Когда атакующий отступает, он должен передвинуть все свои оставшиеся отряды из зоны
конфликта в другую область – корабли должны отступить в пустую область, наземные отряды
должны отступить в мир, куда есть доступный путь. Все отступающие отряды должны отступить
в одну и ту же область и это должна быть область, откуда в текущую зону конфликта пришёл
хоть один из отрядов.»

A path is «последовательность непрерывных, соседних (не по диагонали) дружественных
областей» (RB p.10), read when the retreat comes: the Advance itself may have emptied the
world the units passed through.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

from game.forbidden_stars import saves
from game.forbidden_stars.engine import combat, pieces
from game.forbidden_stars.engine.combat_state import RETREAT
from game.forbidden_stars.engine.rules import apply, legal_actions
from game.forbidden_stars.engine.state import Action, State
from game.forbidden_stars.saves import snapshot
from tests.test_fs_saves import doc_of, played
from tests.test_fs_support import cleared, game, order_on_top

ATT, DEF = 0, 1


def _chain(state: State) -> tuple[str, str, str]:
    """Worlds ``far`` – ``near`` – ``there``: ``near`` and ``there`` in one system,
    ``far`` in an adjacent one, edge-sharing in a row, ``far`` not touching ``there``."""
    topo = state.topology
    for there, pa in sorted(topo.areas.items()):
        if pa.area.kind != "world":
            continue
        for near in sorted(topo.adjacent(there, set())):
            if topo.areas[near].system != pa.system or topo.areas[near].area.kind != "world":
                continue
            for far in sorted(topo.adjacent(near, set())):
                pf = topo.areas[far]
                if pf.area.kind == "world" and pf.system != pa.system and \
                        far not in topo.adjacent(there, set()):
                    return far, near, there
    raise AssertionError("no such chain on this board")


def _lost_combat(keep_near: bool) -> tuple[State, str, str]:
    """Seat 0 advances a Scout from ``far`` through ``near`` and the Scout of ``near``
    into seat 1's ``there`` and loses on morale; ``keep_near``: a factory keeps ``near``
    friendly after its Scout left."""
    state = cleared(game(2, 0))
    far, near, there = _chain(state)
    pieces.add_unit(state, ATT, far, "sm_scout")
    pieces.add_unit(state, ATT, near, "sm_scout")
    if keep_near:
        pieces.add_structure(state, ATT, near, "factory")
    pieces.add_unit(state, DEF, there, "ork_nob", 3)
    order_on_top(state, ATT, state.topology.areas[there].system, "advance")
    apply(state, Action("ground", ATT))
    for source in (far, near):  # the path through ``near`` is fixed before any move
        apply(state, Action("move", ATT, "sm_scout", target=there, source=source))
    apply(state, Action("done", ATT))
    c = state.combat
    assert c is not None and sorted(c.came_from) == sorted([far, near])
    c.sides[ATT].dice, c.sides[DEF].dice = [], []
    c.round = 3
    combat.end_round(state, c)  # morale 2 + 2 against 3 × 2: the defender wins
    assert c.winner == DEF and c.phase == RETREAT
    combat.proceed(state)
    return state, far, near


def test_no_retreat_to_a_world_no_friendly_path_reaches_any_more():
    state, far, near = _lost_combat(keep_near=False)
    # ``near`` emptied by the Advance: no friendly path leads back to ``far`` (it was
    # offered before: a Scout came from there)
    targets = [a.target for a in legal_actions(state)]
    assert far not in targets and targets == [near]
    apply(state, Action("retreat", ATT, target=near))
    assert state.combat is None and state.units[near] == {"sm_scout": 2}


def test_the_same_world_is_offered_while_a_friendly_path_remains():
    state, far, near = _lost_combat(keep_near=True)
    assert {a.target for a in legal_actions(state)} == {far, near}


def test_a_game_begun_before_the_path_rule_keeps_its_retreats():
    """GameConfig.retreat_without_path (set for saves of schema 1): the retreat the game
    began with is still offered, so an old log replays as played."""
    state, far, near = _lost_combat(keep_near=False)
    state.config = dataclasses.replace(state.config, retreat_without_path=True)
    assert {a.target for a in legal_actions(state)} == {far, near}


def test_an_old_save_is_migrated_to_the_rule_it_began_with_and_still_verifies():
    state = played(2, 4, 80)
    doc = doc_of(state)
    assert doc["schema"] == saves.SCHEMA and doc["config"]["retreat_without_path"] is False
    doc["schema"] = 1  # as the version before wrote it: no such fields
    del doc["config"]["retreat_without_path"], doc["config"]["forces_on_faction_tile"]
    loaded = saves.load_document(saves.parse_document(json.dumps(doc).encode()))
    assert loaded.state.config.retreat_without_path
    assert snapshot(loaded.state) == snapshot(state)  # the digest leaves the flag out
    again = saves.load_document(saves.parse_document(json.dumps(doc_of(state)).encode()))
    assert not again.state.config.retreat_without_path


def test_a_damaged_retreat_flag_is_refused_in_words():
    doc = doc_of(played(2, 4, 10))
    doc["config"]["retreat_without_path"] = 1
    with pytest.raises(saves.SaveError, match="retreat_without_path"):
        saves.load_document(doc)
