"""Issue 37 item 12: the resource slots are the player's to arrange (engine slots.py).

«Когда вы берёте или получаете ресурс, поместите его в свою пустую ячейку ресурса. При
этом вы можете перераспределить ресурсы в ячейках, но вы должны сбросить те, для которых
нет места.» (RU p.17)  «Если город возвращается на ваш планшет и накрывает ячейку
ресурса, перераспределите и сбросьте ресурсы, как указано выше.» (RU p.19)
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.arcs.ai.basic import GreedyBot
from game.arcs.ai.heuristic import NormalBot
from game.arcs.data import load_arcs_rules
from game.arcs.engine import basic, battle, slots
from game.arcs.engine.rules import IllegalAction, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.snapshot import snapshot
from game.arcs.engine.state import ACT, NOBODY, Action, Battle, GameConfig, State
from game.arcs.saves import load_game, write_save
from game.arcs.ui.labels import action_label

ARCS = load_arcs_rules()
OLD = Path(__file__).parent / "old_saves"
# the board, left to right (rules/arcs/board.toml): raid costs 3 1 1 2 1 3; slot 2 opens
# with the first city off the board, slot 3 with the second, slots 4–5 with the third
THREE, ONE, ONE_B = 0, 1, 2


def acting(cities_off: int = 0, row: tuple[str, ...] = (), auto: bool = False) -> State:
    """Seat 0 acting, its row set by hand (resources back in the supply first)."""
    state = new_game(ARCS, GameConfig(2, 5, auto_slots=auto))
    state.step, state.turn = ACT, 0
    p = state.players[0]
    for r in p.resources:
        if r:
            state.supply[r] += 1
    p.cities_off = cities_off
    p.resources = list(row) if auto else list(row) + [""] * (len(p.resources) - len(row))
    for r in row:
        if r:
            state.supply[r] -= 1
    return state


def gain(state: State, kind: str, seat: int = 0) -> None:
    assert basic.gain_resource(state, seat, kind)


def test_the_seat_chooses_the_slot_and_may_rearrange_a_relic_into_the_three_key_slot():
    """«поместите его в свою пустую ячейку ресурса. При этом вы можете перераспределить
    ресурсы в ячейках»: Fuel in the 3-key slot, a Relic comes — it may take the 3-key slot
    (the old row only ever appended it to the right, under 1 key)."""
    state = acting(cities_off=1, row=("fuel",))
    gain(state, "relic")
    assert state.overflow == 0 and state.incoming == [(0, "relic")]
    legal = legal_actions(state)
    # one ``place`` per raid cost among the empty slots (two 1-key slots: one choice)
    assert [a for a in legal if a.kind == "place"] == [
        Action("place", 0, target="relic", index=ONE)]
    apply(state, Action("reslot", 0, index=THREE, fresh=ONE))  # Fuel to a 1-key slot
    apply(state, Action("place", 0, target="relic", index=THREE))
    assert state.players[0].resources[:3] == ["relic", "fuel", ""]
    assert state.overflow == NOBODY and state.incoming == []
    assert slots.row_keys(state)[THREE] == 3


def test_one_outcome_places_itself():
    """Only one possible result (the same type in every slot that could take it): no
    question is asked."""
    state = acting(row=("fuel",))
    gain(state, "fuel")
    assert state.overflow == NOBODY and state.players[0].resources[:2] == ["fuel", "fuel"]
    before = state.supply["fuel"]
    gain(state, "fuel")  # full of Fuel: the third Fuel goes back, nothing to choose
    assert state.overflow == NOBODY and state.supply["fuel"] == before


def test_with_no_room_the_seat_chooses_which_to_discard():
    """«вы должны сбросить те, для которых нет места»: which one is the seat's choice —
    here the held Fuel goes and the new Material takes its slot (the old engine only
    offered «discard a type», always from the right)."""
    state = acting(row=("relic", "fuel"))
    gain(state, "material")
    legal = legal_actions(state)
    assert Action("discard", 0, target="material") in legal
    assert Action("discard", 0, target="fuel", index=ONE) in legal
    assert Action("discard", 0, target="relic", index=THREE) in legal
    before = state.supply["fuel"]
    apply(state, Action("discard", 0, target="fuel", index=ONE))
    assert state.supply["fuel"] == before + 1 and state.overflow == 0  # Material to place
    apply(state, Action("place", 0, target="material", index=ONE))
    assert state.players[0].resources[:2] == ["relic", "material"]
    with pytest.raises(IllegalAction):  # the choice is over
        apply(state, Action("place", 0, target="material", index=ONE))


def test_a_raid_leaves_a_hole_and_the_others_keep_their_raid_costs():
    """Nothing in the book moves resources when one is taken: after a raid took the
    Fuel from the 1-key slot the Material stays in the 3-key slot… and the Relic keeps
    its 1-key slot, not sliding left into the 3-key one (the old row packed left)."""
    state = acting(cities_off=1, row=("material", "fuel", "relic"))
    state.turn = 1
    b = state.battle = Battle("x", 0)
    b.phase, b.keys = "raid", 1
    b.slots = list(state.players[0].resources)
    battle.steal(state, 1, Action("steal", 1, target="fuel", index=ONE))
    assert state.players[0].resources[:3] == ["material", "", "relic"]
    assert slots.raid_keys(state, 0)[ONE_B] == 1  # the Relic's cost is still 1


def test_a_returned_city_covering_a_slot_lets_its_owner_choose():
    """«Если город возвращается на ваш планшет и накрывает ячейку ресурса,
    перераспределите и сбросьте ресурсы, как указано выше.» The Relic under the returned
    city is the owner's to keep (discarding the Fuel), not lost as the rightmost."""
    state = acting(cities_off=1, row=("material", "fuel", "relic"))
    basic.return_city_to_board(state, 0)
    assert state.players[0].cities_off == 0
    assert state.overflow == 0 and state.incoming == [(0, "relic")]
    assert state.players[0].resources[ONE_B] == ""  # the covered slot holds nothing
    assert Action("discard", 0, target="fuel", index=ONE) in legal_actions(state)
    apply(state, Action("discard", 0, target="fuel", index=ONE))
    apply(state, Action("place", 0, target="relic", index=ONE))
    assert slots.held(state.players[0]) == ["material", "relic"]


def test_old_games_keep_the_automatic_row():
    """GameConfig.auto_slots (saves before schema 4): packed left, the rightmost of a
    type discarded, a returned city pushing out the rightmost silently."""
    state = acting(cities_off=1, row=("material", "fuel", "relic"), auto=True)
    basic.return_city_to_board(state, 0)
    assert state.players[0].resources == ["material", "fuel"] and state.overflow == NOBODY
    gain(state, "psionic")
    assert legal_actions(state) == [Action("discard", 0, target=r)
                                    for r in ("fuel", "material", "psionic")]


@pytest.mark.parametrize("name", ["arcs_2p_seed7.json", "arcs_3p_leaders_seed11.json"])
def test_saves_from_before_the_choice_load_and_replay(name, tmp_path):
    doc = json.loads((OLD / name).read_text())
    assert doc["schema"] < 4 and "auto_slots" not in doc["config"]
    loaded = load_game(OLD / name)  # replays the log and compares the whole snapshot
    assert loaded.state.config.auto_slots and len(loaded.state.log) == len(doc["actions"])
    assert all("" not in p.resources for p in loaded.state.players)  # the old row
    again = load_game(write_save(loaded.state, loaded.seats, tmp_path / "again.json"))
    assert snapshot(again.state) == snapshot(loaded.state)


def test_a_new_save_with_a_choice_pending_round_trips(tmp_path):
    """A game saved while a seat is placing a resource loads (its log replayed) with the
    same row and the same resource waiting."""
    from game.arcs.engine.rng import Rng
    from game.arcs.saves import Seats
    state, rng = new_game(ARCS, GameConfig(2, 3)), Rng(3)
    while not state.incoming:
        legal = legal_actions(state)
        apply(state, legal[rng.below(len(legal))])
    path = write_save(state, Seats(("A", "B"), ("human", "human")), tmp_path / "s.json")
    doc = json.loads(path.read_text())
    assert doc["schema"] == 4 and doc["config"]["auto_slots"] is False
    loaded = load_game(path)
    assert loaded.state.incoming == state.incoming and snapshot(loaded.state) == snapshot(state)
    assert legal_actions(loaded.state) == legal_actions(state)


def test_bots_guard_the_relic_and_drop_the_least_useful():
    state = acting(cities_off=1, row=("fuel",))
    gain(state, "relic")
    for bot in (NormalBot(1), GreedyBot(1)):
        s = state.clone()
        while s.incoming:
            apply(s, bot.choose(s, legal_actions(s)))
        assert s.players[0].resources[THREE] == "relic"  # under 3 keys
        assert sorted(slots.held(s.players[0])) == ["fuel", "relic"]
    full = acting(row=("relic", "psionic"))
    gain(full, "material")
    apply(full, NormalBot(2).choose(full, legal_actions(full)))
    assert full.incoming == [] and slots.held(full.players[0]) == ["relic", "psionic"]


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_labels_name_the_slots_by_raid_cost(lang):
    state = acting(cities_off=1, row=("fuel",))
    gain(state, "relic")
    labels = [action_label(state, a, ["A", "B"], lang) for a in legal_actions(state)]
    word = {"en": "raid cost", "ru": "налёт"}[lang]
    assert all(word in label for label in labels), labels
    assert not any("arcs." in label or "{" in label for label in labels)
    if lang == "ru":
        assert any("ячейку ресурса" in label for label in labels)


def test_random_games_keep_the_row_whole():
    """Soak: random choices, every row as long as the board's slots, covered ones empty,
    the supply plus the rows plus what waits always the printed count."""
    from game.arcs.engine.rng import Rng
    from game.arcs.engine.state import OVER
    for seed in range(4):
        state = new_game(ARCS, GameConfig(2 + seed % 3, seed, leaders=seed % 2 == 1))
        rng, n = Rng(seed), 0
        while state.step != OVER and n < 3000:
            legal = legal_actions(state)
            apply(state, legal[rng.below(len(legal))])
            n += 1
            for s, p in enumerate(state.players):
                assert len(p.resources) == len(slots.row_keys(state))
                assert all(o or not r for r, o in zip(p.resources, slots.row_open(state, s),
                                                       strict=True))
