"""Forbidden Stars' table model (game.forbidden_stars.ui.model): built from one seat's
player view, it never carries a rival's hidden order or card, and it places every legal
action where it is chosen on the table."""

from __future__ import annotations

import json

import pytest

from game.forbidden_stars.ai import make_player
from game.forbidden_stars.data import load_fs_rules
from game.forbidden_stars.engine.rules import acting_seat, apply, legal_actions
from game.forbidden_stars.engine.setup import new_game
from game.forbidden_stars.engine.state import HIDDEN, OVER, Action, GameConfig, State
from game.forbidden_stars.engine.view import player_view
from game.forbidden_stars.ui.model import build_model, model_of, place_of, short_name

RULES = load_fs_rules()


def games(players: int, seed: int, actions: int, every: int):
    """A random game's states, every ``every`` actions."""
    state = new_game(RULES, GameConfig(players=players, seed=seed))
    bots = [make_player("random", seed * 10 + i) for i in range(players)]
    for i in range(actions):
        if state.step == OVER:
            break
        if i % every == 0:
            yield state
        seat = acting_seat(state)
        apply(state, bots[seat].choose(player_view(state, seat), legal_actions(state)))
    yield state


def secrets_of(state: State, rival: int) -> set[str]:
    """What ``rival`` holds face down: combat and event cards (their ids)."""
    p = state.players[rival]
    out = set(p.combat_deck) | set(p.event_deck) | set(p.drawn)
    if state.combat is not None and rival in state.combat.sides:
        side = state.combat.sides[rival]
        out |= set(side.hand)
        if side.chosen:
            out.add(side.chosen)
    return out - {HIDDEN, ""}


@pytest.mark.parametrize("players,seed", [(2, 3), (3, 5), (4, 7)])
def test_no_model_carries_a_rivals_hidden_order_or_card(players, seed):
    checked = 0
    for state in games(players, seed, 900, 7):
        for seat in range(players):
            model = build_model(state, seat, "en")
            table = {k: v for k, v in model.items() if k != "actions"}
            text = json.dumps(table, ensure_ascii=False)  # plain and JSON-able
            for system in model["systems"]:
                real = state.stacks.get(system["id"], [])
                assert [t["seat"] for t in system["stack"]] == [s for s, _ in real]
                for token, (owner, order) in zip(system["stack"], real, strict=True):
                    assert token["order"] == (order if owner == seat else HIDDEN)
            for p in model["players"]:
                if p["seat"] == seat:
                    assert p["orders"] == {o: state.players[seat].orders.get(o, 0)
                                           for o in RULES.orders}
                    continue
                assert p["orders"] == {HIDDEN: sum(state.players[p["seat"]].orders.values())}
                for card in secrets_of(state, p["seat"]):
                    assert card not in text, (seat, p["seat"], card)
            checked += 1
    assert checked > 40


def test_only_the_acting_seat_gets_actions_and_each_names_where_it_is_chosen():
    for state in games(3, 11, 600, 3):
        acting = acting_seat(state)
        legal = legal_actions(state)
        for seat in range(3):
            model = build_model(state, seat, "ru")
            if seat != acting:
                assert model["actions"] == []
                continue
            assert [Action.from_json(e["action"]) for e in model["actions"]] == legal
            for e in model["actions"]:
                a = Action.from_json(e["action"])
                where = e["where"]
                assert e["label"] and "{" not in e["label"]
                if a.kind == "place":
                    assert where == {"at": "place", "system": a.target, "order": a.card}
                elif a.kind == "reveal":
                    assert where == {"at": "stack", "system": a.target}
                elif a.kind in ("buy", "build", "retreat", "strike"):
                    assert where == {"at": "area", "area": a.target}
                elif a.kind == "move":
                    assert where == {"at": "unit", "area": a.source, "unit": a.card,
                                     "to": a.target}
                elif a.kind in ("done", "ground", "upgrade", "combat", "storm", "play"):
                    assert where == {"at": "list"}


def test_the_map_shows_every_area_unit_storm_and_objective_of_the_view():
    state = next(s for s in games(4, 7, 400, 1) if s.round == 2 and s.stacks)
    model = build_model(state, 0, "en", names=("A", "B", "C", "D"))
    assert [p["name"] for p in model["players"]] == ["A", "B", "C", "D"]
    areas = {a["id"]: a for s in model["systems"] for a in s["areas"]}
    assert set(areas) == set(state.topology.areas)
    assert model["storms"] == [list(s) for s in state.storms]
    for aid, a in areas.items():
        units = {u["unit"]: u["count"] + u["routed"] for u in a["units"]}
        assert units == {u: n for u, n in state.units.get(aid, {}).items() if n}
        assert a["objective"] == state.objectives.get(aid, -1)
        assert a["structures"] == state.structures.get(aid, [])
        assert a["owner"] == state.owner.get(aid, -1)
    assert (model["rows"], model["cols"]) == (state.topology.rows, state.topology.cols)


def test_routed_units_are_counted_apart():
    state = next(games(2, 3, 1, 1))
    area, units = next((a, u) for a, u in state.units.items() if u)
    unit = next(iter(units))
    state.units[area][unit] = 3
    state.routed.setdefault(area, {})[unit] = 2
    model = build_model(state, 0, "en")
    entry = next(u for s in model["systems"] for a in s["areas"] if a["id"] == area
                 for u in a["units"] if u["unit"] == unit)
    assert (entry["count"], entry["routed"]) == (1, 2)


def test_model_of_refuses_the_real_game():
    state = next(games(2, 3, 1, 1))
    with pytest.raises(ValueError):
        model_of(state, 0, acting_seat(state), [], "en")


def test_place_of_a_resolve_is_the_revealed_stack_and_short_names():
    state = next(s for s in games(2, 5, 800, 1) if s.step == "order")
    view = player_view(state, state.order.seat)
    assert place_of(view, Action("resolve", state.order.seat)) == {
        "at": "stack", "system": state.order.system}
    assert short_name("Land Raiders") == "LR"
    assert short_name("Scouts") == "Sc"
    assert short_name("Титаны «Полководец»") == "ТП"
