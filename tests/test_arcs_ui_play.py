"""Arcs played through its screens with synthetic events: menu → setup → table → end,
the hot-seat curtain, pause and the ways back, in both languages."""

from __future__ import annotations

import json

import pygame
import pytest

from game import games, i18n
from game.arcs.ai.base import make_player
from game.arcs.data import load_arcs_rules
from game.arcs.engine.rules import acting_seat, apply, legal_actions
from game.arcs.engine.setup import new_game
from game.arcs.engine.state import OVER, GameConfig
from game.arcs.engine.view import player_view
from game.arcs.game import GAME
from game.arcs.ui.labels import action_labels
from game.arcs.ui.scenes.game_over import ArcsGameOverScene
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.ui import routes
from game.ui.dialogs import picked_text
from game.ui.scenes.menu import MenuScene
from game.ui.table_pause import TablePauseScene
from tests.test_ui_walk import click_at, guarded, no_crash, press_key


@pytest.fixture
def arcs_app(app, tmp_path, monkeypatch):
    """The app with Arcs in the menu (whether or not game.games lists it yet)."""
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir()
    if "game.arcs.game" not in games.GAME_MODULES:
        monkeypatch.setattr(games, "GAME_MODULES", (*games.GAME_MODULES, "game.arcs.game"))
    games.all_games.cache_clear()
    yield app
    games.all_games.cache_clear()


def set_lang(app, lang: str) -> None:
    i18n.set_language(lang)
    app.settings.language = lang


def table(app, seats, seed=3, names=("Anna", "Boris", "Vera", "Gleb")) -> ArcsTableScene:
    session = ArcsSession(ArcsSetup(tuple(seats), tuple(names[: len(seats)]), seed),
                          bot_delay=0.0)
    app.push(MenuScene(app))
    app.push(routes.make(app, "arcs.table", session))
    guarded(app, n=2)
    assert isinstance(app.top, ArcsTableScene)
    return app.top


def visible_button(scene: ArcsTableScene):
    """The first action button (the panel's top row is always visible)."""
    return next(iter(scene.action_buttons))


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_menu_setup_start_and_play_a_human_turn_against_a_bot(arcs_app, tmp_path, lang):
    app = arcs_app
    set_lang(app, lang)
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("arcs:new_game").center)
    assert isinstance(app.top, ArcsSetupScene)
    assert [picked_text(d) for d in app.top.kind_dd] == [
        i18n.t("arcs.setup.human"), i18n.t("arcs.setup.normal")]
    app.top.seed = 11
    click_at(app, app.top.start.rect.center)
    scene = app.top
    assert isinstance(scene, ArcsTableScene)
    session = scene.session
    assert session.setup.seats == ("human", "normal")
    session.bot_delay = 0.0
    for _ in range(100):  # 2 players: the seat without the initiative may redraw first
        guarded(app)
        if session.acting == 0 and scene.action_buttons:
            break
    assert scene.action_buttons and scene.curtain is None
    # click buttons (the top one) until the human's turn passes to the computer
    for _ in range(60):
        if session.acting != 0:
            break
        before = len(session.state.log)
        click_at(app, visible_button(scene).rect.center)
        assert len(session.state.log) > before  # the click applied one legal action
    assert session.acting == 1
    # the bot acts through the update loop and the human gets buttons again
    for _ in range(400):
        guarded(app)
        if session.acting == 0 and scene.action_buttons:
            break
    assert session.acting == 0 and scene.action_buttons
    assert all(a.seat == 0 for a in scene.action_buttons.values())
    assert set(scene.action_buttons.values()) == set(legal_actions(session.state))
    no_crash(app, tmp_path)


def test_setup_changes_the_player_count_and_seat_kinds(arcs_app):
    app = arcs_app
    app.push(MenuScene(app))
    scene = app.push(ArcsSetupScene(app, seed=5))
    scene.set_count(4)
    assert len(scene.kind_dd) == 4
    scene.set_kind(1, "random")
    scene.set_kind(2, "greedy")
    scene.set_kind(3, "human")
    scene.set_first(3)  # seat 4 holds the initiative (the default draws it)
    scene.read()
    setup = scene.make_setup()
    assert setup.seats == ("human", "random", "greedy", "human") and setup.seed == 5
    scene.start_game()
    assert isinstance(app.top, ArcsTableScene) and app.top.session.state.n == 4
    assert app.top.session.state.initiative == 3
    assert app.top.curtain == 3  # two humans: the first to act is behind the curtain


@pytest.mark.parametrize("seats", [("normal", "random"), ("greedy", "normal", "random")])
def test_a_whole_bot_game_through_the_table_reaches_the_end_screen(arcs_app, tmp_path, seats):
    app = arcs_app
    scene = table(app, seats, seed=7)
    session = scene.session
    for _ in range(5000):
        if not isinstance(app.top, ArcsTableScene):
            break
        scene.update(0.05)
    assert isinstance(app.top, ArcsGameOverScene)
    assert session.state.step == OVER and session.state.winner is not None
    guarded(app, n=2)
    rows = app.top.rows()
    assert rows[0][2] and rows[0][1] == max(p.power for p in session.state.players)
    click_at(app, app.top.back.rect.center)
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    no_crash(app, tmp_path)


def test_human_vs_human_shows_the_curtain_between_seats(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app, ("human", "human"), seed=4)
    session = scene.session
    first = session.acting  # 2 players: seat 1 may redraw before seat 0 leads
    assert scene.curtain == first and not scene.action_buttons and scene.ready is not None
    click_at(app, scene.ready.rect.center)
    guarded(app, n=2)
    assert scene.curtain is None and scene.viewer == first and scene.action_buttons
    bots = [make_player("normal", 1), make_player("normal", 2)]
    for _ in range(200):
        seat = session.acting
        if seat != first:
            break
        scene.play(bots[seat].choose(session.view(seat), session.legal()))
        guarded(app)
    other = 1 - first
    assert session.acting == other
    guarded(app, n=2)
    assert scene.curtain == other and scene.viewer == first and not scene.action_buttons
    assert i18n.t("arcs.play.ready", name=("Anna", "Boris")[other]) == scene.ready.text
    click_at(app, scene.ready.rect.center)
    guarded(app, n=2)
    assert scene.viewer == other and scene.action_buttons
    no_crash(app, tmp_path)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_escape_pause_resume_and_quit_to_menu(arcs_app, tmp_path, lang):
    app = arcs_app
    set_lang(app, lang)
    scene = table(app, ("human", "normal"))
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TablePauseScene)
    click_at(app, app.top.resume_button.rect.center)
    assert app.top is scene
    press_key(app, pygame.K_ESCAPE)
    click_at(app, app.top.quit_button.rect.center)
    press_key(app, pygame.K_RETURN)  # "Quit to the menu?" — yes
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
    assert scene.session.closed
    no_crash(app, tmp_path)


def test_setup_back_and_escape_return_to_the_menu(arcs_app, tmp_path):
    app = arcs_app
    app.push(MenuScene(app))
    guarded(app, n=2)
    for way in ("button", "escape"):
        click_at(app, app.top.button_rect("arcs:new_game").center)
        assert isinstance(app.top, ArcsSetupScene)
        if way == "button":
            click_at(app, app.top.back.rect.center)
        else:
            press_key(app, pygame.K_ESCAPE)
        assert isinstance(app.top, MenuScene)
    no_crash(app, tmp_path)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_legal_action_of_a_game_has_a_distinct_label(lang):
    rules = load_arcs_rules()
    state = new_game(rules, GameConfig(players=3, seed=21))
    bots = [make_player("random", i) for i in range(3)]
    names = ["A", "B", "C"]
    while state.step != OVER:
        seat = acting_seat(state)
        legal = legal_actions(state)
        labels = action_labels(player_view(state, seat), legal, names, lang)
        assert len(set(labels)) == len(labels), labels
        assert all(lab and "arcs." not in lab for lab in labels), labels
        apply(state, bots[seat].choose(player_view(state, seat), legal))


def test_the_game_door():
    assert GAME.id == "arcs" and GAME.check_data() == []
    assert GAME.title("en") == "Arcs" and GAME.title("ru") == "Предел"
    assert [e.key for e in GAME.menu_entries()] == ["new_game", "learn", "load"]
    for name in ("new_game", "legal_actions", "apply", "player_view", "winners"):
        assert callable(getattr(GAME.engine, name)), name
    for name, target in GAME.routes().items():
        routes.register(name, target)
        assert isinstance(routes.resolve(name), type), name
    state = new_game(load_arcs_rules(), GameConfig(players=3, seed=1))
    model = GAME.build_model(state, 0)
    json.dumps(model)
    assert model["actions"] and model["hand"] and "?" not in model["hand"]
    assert {a["action"]["kind"] for a in model["actions"]} == {"lead", "pass_initiative"}
    assert GAME.build_model(state, 1)["actions"] == []
    assert GAME.make_player("greedy", 1) is not None


def test_setup_offers_the_hard_level_in_both_languages(arcs_app):
    app = arcs_app
    for lang in ("en", "ru"):
        set_lang(app, lang)
        app.push(MenuScene(app))
        scene = app.push(ArcsSetupScene(app, seed=5))
        labels = [o[0] if isinstance(o, tuple) else o for o in scene.kind_dd[0].options_list]
        assert i18n.t("arcs.setup.hard") in labels and "arcs.setup.hard" not in labels
        scene.set_kind(1, "hard")
        scene.read()
        assert scene.make_setup().seats == ("human", "hard")
        assert picked_text(scene.kind_dd[1]) == i18n.t("arcs.setup.hard")
        app.pop()
        app.pop()
    set_lang(app, "en")


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_pointing_at_a_leader_name_shows_what_it_does(arcs_app, lang):
    app = arcs_app
    set_lang(app, lang)
    session = ArcsSession(ArcsSetup(("human", "normal"), ("Anna", "Boris"), 3, leaders=True),
                          bot_delay=0.0, autosave=False)
    bots = [make_player("normal", 1), make_player("normal", 2)]
    while any(not p.leader or not p.lore for p in session.state.players):
        seat = session.acting
        session.choose(bots[seat].choose(session.view(seat), session.legal()))
    session.bot_delay = session.wait = 1e9
    app.push(MenuScene(app))
    app.push(routes.make(app, "arcs.table", session))
    guarded(app, n=2)
    scene = app.top
    assert isinstance(scene, ArcsTableScene)
    scene.curtain = None
    guarded(app, n=1)
    before = pygame.image.tobytes(app.screen, "RGB")
    hit = scene.hits.find("leader", session.state.players[1].leader)[0]
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=hit.rect.center,
                                         rel=(0, 0), buttons=(0, 0, 0)))
    guarded(app, n=1)
    assert scene.hover is not None and scene.hover.kind == "leader"
    after = pygame.image.tobytes(app.screen, "RGB")
    assert after != before
    leader = next(c for c in session.state.rules.leaders
                  if c.id == session.state.players[1].leader)
    assert i18n.t(f"arcs.ability.{leader.id}") != f"arcs.ability.{leader.id}"
    # the box sits just above the name, inside the screen
    above = hit.rect.move(0, -hit.rect.h - 4)
    assert pygame.image.tobytes(app.screen.subsurface(above), "RGB") != \
        pygame.image.tobytes(pygame.image.frombytes(before, app.screen.get_size(),
                                                    "RGB").subsurface(above), "RGB")
    set_lang(app, "en")
