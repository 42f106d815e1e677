"""Menu → setup → table, settings, resizing, and the screenshot / smoke commands."""

import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from game import i18n
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.screens import render_scene
from game.ui.scenes.menu import MenuScene
from tests.test_ui_table import click, frame

ROOT = Path(__file__).resolve().parent.parent


def test_new_game_then_start_begins_a_duel_against_the_ai(app):
    menu = app.push(MenuScene(app))
    frame(app)
    click(app, menu.button_rect("new_game").center)
    setup = app.top
    assert isinstance(setup, SetupScene)
    click(app, setup.start.rect.center)
    t = app.top
    assert isinstance(t, TableScene)
    assert t.session.controllers[0] == "human" and t.session.controllers[1] != "human"
    assert t.session.state.config.sets == ("core",)  # a quick duel: the Core Set


def test_setup_refuses_no_card_set(app):
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    for box in setup.set_boxes:
        box.set_state(False)
    click(app, setup.start.rect.center)
    assert app.top is setup and setup.error


def test_settings_switch_language_and_persist(app, tmp_path):
    app.persist_settings = True
    app.push(MenuScene(app))
    from game.ui.scenes.overlays import SettingsScene

    s = app.push(SettingsScene(app))
    frame(app)
    app.apply_settings(replace(app.settings, language="ru"))
    assert i18n.language() == "ru"
    from game.settings import load_settings

    saved, problems = load_settings()
    assert saved.language == "ru" and not problems
    assert s.close.text == "Закрыть"


def test_window_resizes_and_fullscreen_toggle(app):
    t_app = app
    t_app.push(MenuScene(t_app))
    frame(t_app, [pygame.event.Event(pygame.VIDEORESIZE, w=1600, h=900, size=(1600, 900))])
    assert t_app.size == (1600, 900)
    frame(t_app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")])
    assert t_app.fullscreen
    frame(t_app, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode="")])
    assert not t_app.fullscreen


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_table_layout_places_zones_where_the_layout_says(size, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CACHE_DIR", str(tmp_path / "cache"))
    app = render_scene("table", size, seed=7, lang="en")
    try:
        assert app.screen.get_size() == size
        t = app.top
        z = t.layout.zones()
        # every zone inside the window, the big ones not overlapping
        screen = app.screen.get_rect()
        for name, rect in z.items():
            assert screen.contains(rect), name
        for a, b in (("opp_field", "my_field"), ("trade_row", "my_field"), ("my_field", "hand"),
                     ("log", "buttons")):
            assert not z[a].colliderect(z[b]), (a, b)
        # the trade row shows five cards where the layout says
        row = [iid for iid in t.view.trade_row if iid >= 0]
        assert len(row) == 5
        for iid in row:
            assert z["trade_row"].contains(t.card_rects[iid])
        # hand cards drawn in the hand zone, own in-play cards in the field
        for iid in t.view.seats[0].hand:
            assert z["hand"].colliderect(t.card_rects[iid])
        for iid in t.view.seats[0].in_play + t.view.seats[0].bases:
            assert z["my_field"].contains(t.card_rects[iid])
        # something is drawn there (a card face is not the plain background)
        px = app.screen.get_at(t.card_rects[row[2]].center)[:3]
        assert px != (9, 13, 26)
    finally:
        t.session.close()


def test_screenshot_command_writes_pngs(tmp_path):
    for scene in ("menu", "setup", "table"):
        out = tmp_path / f"{scene}.png"
        res = subprocess.run([sys.executable, "-m", "game", "screenshot", "--scene", scene,
                              "--seed", "7", "--out", str(out), "--size", "1280x720"],
                             cwd=ROOT, capture_output=True, text=True,
                             env={**__import__("os").environ,
                                  "STAR_REALMS_CACHE_DIR": str(tmp_path / "c")})
        assert res.returncode == 0, res.stderr
        img = pygame.image.load(str(out))
        assert img.get_size() == (1280, 720)


def test_smoke_command(tmp_path):
    res = subprocess.run([sys.executable, "-m", "game", "smoke", "--frames", "240"], cwd=ROOT,
                         capture_output=True, text=True,
                         env={**__import__("os").environ,
                              "STAR_REALMS_CACHE_DIR": str(tmp_path / "c")})
    assert res.returncode == 0, res.stderr
    assert "smoke: 240 frames" in res.stderr
