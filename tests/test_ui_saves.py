"""Saving and loading from the UI, Continue, Undo, and the crash dialog."""

import json

import pygame

from game.star_realms import saves
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.ui.scenes.load import LoadScene
from game.star_realms.ui.scenes.overlays import PauseScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.crash import CrashScene
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import click, frame, key


def start_table(app, seed=3):
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=seed, first=0, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "greedy"))))
    app.push(MenuScene(app))
    t = app.push(TableScene(app, Session(DB, state, ["human", "greedy"])))
    frame(app)
    return t


def test_table_autosaves_at_the_start_of_each_turn(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = start_table(app)
    assert len(list(tmp_path.glob("autosave-*.json"))) == 1  # when the table opened
    t.act(next(a for a in t.session.legal() if a.kind == "end_turn"))
    assert len(list(tmp_path.glob("autosave-*.json"))) == 2


def test_save_from_pause_then_load_from_the_menu(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = start_table(app)
    t.act(next(a for a in t.session.legal() if a.kind == "play"))
    played = snapshot(t.session.state)
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b, k in pause.buttons.items() if k == "save").rect.center)
    manual = list(tmp_path.glob("manual-*.json"))
    assert len(manual) == 1 and app.top is t
    # back to the menu, then Load
    key(app, pygame.K_ESCAPE)
    click(app, next(b for b, k in app.top.buttons.items() if k == "quit_to_menu").rect.center)
    key(app, pygame.K_RETURN)  # "Quit to the menu? The game is autosaved"
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.continue_save is not None  # Continue is offered
    click(app, menu.button_rect("load").center)
    load = app.top
    # one game: its latest point (the autosave made on quitting), and one click away the
    # manual save and the autosave of the turn's start
    assert isinstance(load, LoadScene) and len(load.rows) == 1
    (toggle,) = load.toggles
    click(app, toggle.rect.center)
    assert len(load.rows) == 3
    row = next(b for b, info in load.rows.items() if info.kind == "manual")
    assert "Ann" in row.text and "Duel" in row.text  # the format by its name
    click(app, row.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    assert snapshot(table.session.state) == played
    assert table.session.controllers == ["human", "greedy"]


def test_continue_resumes_the_latest_autosave(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = start_table(app)
    t.act(next(a for a in t.session.legal() if a.kind == "end_turn"))
    for _ in range(300):  # let the AI play its turn
        frame(app)
        if t.session.state.active == 0:
            break
    expected = snapshot(t.session.state)
    t.session.close()
    app.reset_to(MenuScene(app))
    frame(app)
    click(app, app.top.button_rect("continue_game").center)
    assert isinstance(app.top, TableScene)
    assert snapshot(app.top.session.state) == expected


def test_a_damaged_save_is_listed_with_its_reason_and_changes_nothing(app, tmp_path,
                                                                        monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    (tmp_path / "bad.json").write_text(json.dumps({"magic": "star-realms-table-save",
                                                   "schema": 1, "summary": {}}))
    app.push(MenuScene(app))
    load = app.push(LoadScene(app))
    frame(app)
    (row, info), = load.rows.items()
    assert info.error and not row.is_enabled
    assert "cannot be loaded" in row.text
    assert (tmp_path / "bad.json").exists()


def test_a_save_that_fails_on_loading_says_why(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=2, first=0))
    doc = saves.to_document(state)
    doc["actions"] = [{"kind": "buy", "seat": 0, "card": 999}]
    (tmp_path / "tampered.json").write_text(json.dumps(doc))
    app.push(MenuScene(app))
    load = app.push(LoadScene(app))
    frame(app)
    (row, info), = load.rows.items()
    assert not info.error
    click(app, row.rect.center)
    assert app.top is load and "not legal" in load.error


def test_undo_button(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = start_table(app)
    before = snapshot(t.session.state)
    assert not t.btn_undo.is_enabled
    t.act(next(a for a in t.session.legal() if a.kind == "play"))
    frame(app)
    assert t.btn_undo.is_enabled
    click(app, t.btn_undo.rect.center)
    assert snapshot(t.session.state) == before
    key(app, pygame.K_p)  # play everything (scouts and vipers: nothing is drawn)
    key(app, pygame.K_u)
    assert t.session.state.log_len == before["log_len"] + len(t.session.state.actions()) - \
        before["log_len"]


def test_a_crash_shows_a_dialog_with_a_report_and_an_emergency_save(app, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    t = start_table(app)

    def boom(dt):
        raise RuntimeError("synthetic failure")

    monkeypatch.setattr(t, "update", boom)
    app.guarded_frame([], 1 / 60)
    assert isinstance(app.top, CrashScene) and isinstance(app.stack[0], MenuScene)
    reports = list((tmp_path / "crash-reports").glob("crash-*.json"))
    assert len(reports) == 1
    report = json.loads(reports[0].read_text())
    assert "synthetic failure" in report["traceback"] and report["game"]["seed"] == 3
    assert report["game"]["actions"] is not None
    emergency = list(tmp_path.glob("emergency-*.json"))
    assert len(emergency) == 1
    assert saves.load_game(DB, emergency[0]).config.seed == 3
    frame(app)
    click(app, app.top.menu.rect.center)
    assert isinstance(app.top, MenuScene)
