"""Arcs' saves and undo through the screens, with synthetic events: the table's Undo
button and Ctrl+Z, Save in the pause overlay, Continue from the menu (newest over both
games), the Load screen, and the crash handler's emergency save."""

from __future__ import annotations

import os

import pygame
import pytest

from game import games, i18n
from game.arcs import saves
from game.arcs.engine.snapshot import snapshot
from game.arcs.ui.scenes.load import ArcsLoadScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.star_realms import saves as sr_saves
from game.ui import routes
from game.ui.crash import write_report
from game.ui.scenes.menu import MenuScene
from game.ui.table_pause import TablePauseScene
from tests.test_arcs_saves import star_realms_state
from tests.test_ui_walk import click_at, guarded, no_crash, press_key


@pytest.fixture
def arcs_app(app, tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(folder))
    games.all_games.cache_clear()
    yield app
    games.all_games.cache_clear()


def table(app, seats=("human", "normal"), seed=3) -> ArcsTableScene:
    session = ArcsSession(ArcsSetup(seats, ("Anna", "Boris", "Vera")[:len(seats)], seed),
                          bot_delay=0.0)
    app.push(MenuScene(app))
    app.push(routes.make(app, "arcs.table", session))
    guarded(app, n=2)
    assert isinstance(app.top, ArcsTableScene)
    return app.top


def until_undo_offered(app, scene: ArcsTableScene) -> None:
    """Play (the top button) until the human has an action to take back."""
    for _ in range(300):
        guarded(app)
        if scene.undo_button is not None:
            return
        if scene.action_buttons:
            click_at(app, next(iter(scene.action_buttons)).rect.center)
    raise AssertionError("no undo offered")


def ctrl_z(app) -> None:
    guarded(app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_z, mod=pygame.KMOD_LCTRL,
                                     unicode="", scancode=0)])


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_undo_by_button_and_by_ctrl_z(arcs_app, tmp_path, lang):
    app = arcs_app
    i18n.set_language(lang)
    scene = table(app)
    session = scene.session
    for way in ("button", "ctrl+z"):
        until_undo_offered(app, scene)
        assert scene.undo_button.text == i18n.t("arcs.saves.undo")
        n = len(session.state.log)
        taken = session.state.log[-1]
        if way == "button":
            click_at(app, scene.undo_button.rect.center)
        else:
            ctrl_z(app)
        guarded(app, n=2)
        assert len(session.state.log) == n - 1 and taken in session.legal()
        assert set(scene.action_buttons.values()) == set(session.legal())
    # past the floor Ctrl+Z does nothing (a bot's action, or the start of the turn)
    while session.can_undo():
        ctrl_z(app)
    n = len(session.state.log)
    ctrl_z(app)
    assert len(session.state.log) == n and scene.undo_button is None
    i18n.set_language("en")
    no_crash(app, tmp_path)


def test_pause_save_writes_a_manual_save_that_loads(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app)
    until_undo_offered(app, scene)  # a few actions in
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TablePauseScene)
    click_at(app, app.top.save_button.rect.center)
    manual = sorted((tmp_path / "saves").glob("arcs-manual-*.json"))
    assert len(manual) == 1
    assert app.top.message == i18n.t("pause.saved", name=manual[0].name)
    assert snapshot(saves.load_game(manual[0]).state) == snapshot(scene.session.state)
    click_at(app, app.top.resume_button.rect.center)
    assert app.top is scene
    no_crash(app, tmp_path)


def test_turns_autosave_and_continue_opens_the_newest_game_of_either(arcs_app, tmp_path):
    app = arcs_app
    folder = tmp_path / "saves"
    scene = table(app, ("human", "normal", "normal"), seed=8)
    session = scene.session
    for _ in range(400):  # until the bots have taken turns (each autosaves)
        guarded(app)
        if len(list(folder.glob("arcs-autosave-*.json"))) >= 3:
            break
        if scene.action_buttons:
            click_at(app, next(iter(scene.action_buttons)).rect.center)
    autosaves = saves.save_files(folder, ("autosave",))
    assert len(autosaves) >= 3
    newest = saves.load_game(autosaves[0]).state
    assert newest.log == session.state.log[:len(newest.log)]
    press_key(app, pygame.K_ESCAPE)
    click_at(app, app.top.quit_button.rect.center)
    press_key(app, pygame.K_RETURN)  # "Quit to the menu?" — yes
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.continue_save[0].id == "arcs"
    # quitting autosaved the game as it stood: that save is the newest
    autosaves = saves.save_files(folder, ("autosave",))
    newest = saves.load_game(autosaves[0]).state
    assert snapshot(newest) == snapshot(session.state)
    # a newer Star Realms autosave wins Continue; then a newer Arcs one again
    sr_path = sr_saves.save_game(star_realms_state(), "autosave", folder)
    os.utime(sr_path, (os.path.getmtime(autosaves[0]) + 5,) * 2)
    assert games.latest_continue()[1].path == sr_path
    os.utime(sr_path, (os.path.getmtime(autosaves[0]) - 5,) * 2)
    app.reset_to(MenuScene(app))
    guarded(app, n=2)
    assert app.top.continue_save[1].path == autosaves[0]
    click_at(app, app.top.button_rect("continue_game").center)
    assert isinstance(app.top, ArcsTableScene) and app.top.session is not session
    assert app.top.session.source == autosaves[0]
    assert snapshot(app.top.session.state) == snapshot(newest)
    assert app.top.session.names == ("Anna", "Boris", "Vera")
    no_crash(app, tmp_path)


def test_the_load_screen_lists_arcs_saves_and_opens_one(arcs_app, tmp_path):
    app = arcs_app
    folder = tmp_path / "saves"
    first = ArcsSession(ArcsSetup(("human", "greedy"), ("Anna", "Boris"), 2), bot_delay=0,
                        autosave=False)
    for _ in range(40):
        first.step_bots(1.0) or first.choose(first.legal()[0])
    path = first.save("manual")
    (folder / "arcs-manual-29990101-000000-000.json").write_text("{", encoding="utf-8")
    sr_saves.save_game(star_realms_state(), "manual", folder)  # not Arcs': not listed
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("arcs:load").center)
    scene = app.top
    assert isinstance(scene, ArcsLoadScene) and len(scene.rows) == 2
    damaged = next(b for b, info in scene.rows.items() if info.error)
    assert not damaged.is_enabled and "not valid JSON" in damaged.text
    good = next(b for b, info in scene.rows.items() if not info.error)
    assert "Anna" in good.text and good.text.startswith(i18n.t("arcs.saves.kind_manual"))
    click_at(app, good.rect.center)
    assert isinstance(app.top, ArcsTableScene) and app.top.session.source == path
    assert snapshot(app.top.session.state) == snapshot(first.state)
    assert [type(s).__name__ for s in app.stack] == ["MenuScene", "ArcsTableScene"]
    no_crash(app, tmp_path)


def test_the_crash_handler_makes_an_arcs_emergency_save(arcs_app, tmp_path):
    app = arcs_app
    scene = table(app)
    until_undo_offered(app, scene)
    report, saved = write_report(RuntimeError("boom"), app)
    assert report is not None and saved is not None
    assert saved.name.startswith("arcs-emergency-")
    assert snapshot(saves.load_game(saved).state) == snapshot(scene.session.state)
    info = scene.session.crash_info()
    assert info["game"] == "arcs" and len(info["log"]) == len(scene.session.state.log)


def test_a_game_continued_from_an_arcs_emergency_save_crashing_again_is_not_offered(
        arcs_app, tmp_path):
    """No crash loop through Continue: the crash's new emergency save is marked too."""
    app = arcs_app
    scene = table(app)
    until_undo_offered(app, scene)
    _, first = write_report(RuntimeError("boom"), app)
    assert games.latest_continue()[1].path == first
    app.reset_to(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("continue_game").center)
    assert app.top.session.source == first
    _, second = write_report(RuntimeError("boom again"), app)
    assert second is not None and second != first
    assert games.latest_continue() is None
