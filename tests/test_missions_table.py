"""United: Missions as a person meets them: ticked on the setup screen, read in the
seat box, revealed by a click; the model's missions part; the CLI's --missions."""

import json

import pygame
import pygame_gui
import pytest

from game import i18n
from game.cli import main as cli_main
from game.star_realms.engine import GameConfig, apply, legal_actions, new_game
from game.star_realms.engine.state import Action, SeatConfig
from game.star_realms.model import build_model
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.setup_screen import tick_and_start
from tests.test_ui_table import app, click, frame  # noqa: F401  (the app fixture)

MISSIONS = (("missions", True),)


def _game(seed: int = 3) -> object:
    return new_game(DB, GameConfig(sets=("core",), seed=seed, first=0, options=MISSIONS,
                                   seats=(SeatConfig("Anna"), SeatConfig("Boris", "greedy"))))


def _iid(state, cid: str) -> int:
    return next(i for i, c in enumerate(state.cards) if c.id == cid)


def _give_colonize(state) -> int:
    """Seat 0 holds Colonize ("Have two or more bases of the same faction in play") and
    has two Blob bases in play: the objective holds."""
    m = _iid(state, "mission_colonize")
    s = state.seats[0]
    if m not in s.missions:  # swap it in from wherever it was dealt
        holder = next((x.missions for x in state.seats if m in x.missions), None)
        pile = holder if holder is not None else state.mission_box
        pile[pile.index(m)] = s.missions[0]
        s.missions[0] = m
    bases = [i for i, c in enumerate(state.cards) if c.id == "blob_wheel"][:2]
    for b in bases:
        for x in state.seats:
            for zone in (x.deck, x.hand, x.discard):
                if b in zone:
                    zone.remove(b)
        if b in state.trade_deck:
            state.trade_deck.remove(b)
        if b in state.trade_row:
            state.trade_row[state.trade_row.index(b)] = state.trade_deck.pop()
        s.bases.append(b)
    return m


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_a_player_ticks_missions_on_the_setup_screen_and_gets_three(app, lang):  # noqa: F811
    i18n.set_language(lang)
    try:
        box, table = tick_and_start(app, lambda s: s.missions_box)
        assert box.text == i18n.t("missions.setup")
        state = table.session.state
        assert state.config.options == MISSIONS
        assert [len(s.missions) for s in state.seats] == [3, 3]
        frame(app)
        # the viewer's three missions are rows of its seat box, by name
        rows = table.dealt_rects
        assert sorted(iid for _, iid, _ in rows) == sorted(state.seats[table.me].missions)
    finally:
        i18n.set_language("en")


def test_the_setup_screen_refuses_missions_for_five_players(app):  # noqa: F811
    """"Three secret missions per player" from twelve: four players at the most."""
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    setup.change_format("ffa", 5)
    setup.missions_box.set_state(True)
    frame(app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED,
                                   {"ui_element": setup.missions_box})])
    assert setup.error == i18n.t("missions.too_many_seats")
    assert not setup.start.is_enabled
    setup.change_format("ffa", 4)
    assert setup.missions and setup.error == ""


def test_a_met_objective_is_revealed_by_clicking_its_row(app):  # noqa: F811
    """"When a mission's objective is met, its owner reveals it and takes its reward"
    (Colonize: draw two cards)."""
    state = _game()
    m = _give_colonize(state)
    session = Session(DB, state, ["human", "greedy"])
    table = app.push(TableScene(app, session))
    frame(app)
    row = next((r, ident) for r, iid, ident in table.dealt_rects if iid == m)
    assert row[1] == f"claim:c{m}"
    hand = len(state.seats[0].hand)
    click(app, row[0].center)
    assert m in state.seats[0].missions_done and m not in state.seats[0].missions
    assert len(state.seats[0].hand) == hand + 2
    frame(app)
    done = [ident for _, iid, ident in table.dealt_rects if iid == m]
    assert done == [""]  # now a "done" row: nothing more to click


def test_the_model_shows_a_seat_its_own_missions_and_only_counts_the_others():
    state = _game()
    m = _give_colonize(state)
    model = build_model(state, 0)
    mine, theirs = model.seats[0].missions, model.seats[1].missions
    assert [c.iid for c in mine.cards] == state.seats[0].missions and mine.secret == 3
    assert theirs.cards == () and theirs.secret == 3
    assert f"claim:c{m}" in {a.id for a in model.actions}
    apply(state, Action("claim", 0, card=m))
    data = build_model(state, 1).to_json()
    assert data["seats"][0]["missions"]["done"][0]["id"] == "mission_colonize"
    assert data["seats"][0]["missions"]["secret"] == 2
    # a game without missions has no missions part at all
    plain = new_game(DB, GameConfig(sets=("core",), seed=3))
    assert "missions" not in build_model(plain, 0).to_json()["seats"][0]
    assert all(a.kind != "claim" for a in legal_actions(plain))


def test_simulate_with_missions_reports_mission_wins(capsys):
    code = cli_main(["simulate", "--sets", "core", "--missions", "--seats", "greedy,greedy",
                     "--games", "4", "--seed", "1", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 0 and out["errors"] == 0 and out["missions"] is True
    assert 0 <= out["mission_wins"] <= 4
    code = cli_main(["simulate", "--sets", "frontiers,colony_wars", "--missions", "--format",
                     "ffa", "--seats", "greedy,greedy,greedy,greedy,greedy", "--games", "1"])
    assert code == 2
    assert "at most 4" in capsys.readouterr().err
