"""Issue 40, item 5: ``python -m game --lang/--windowed/--fullscreen/--size`` set up the
window for this run only; bad values are argparse errors that say what is wrong."""

from __future__ import annotations

import json
from dataclasses import replace

import pygame
import pytest

from game import app_log, cli, i18n
from game.settings import Settings, load_settings, save_settings, settings_path
from game.ui import main as ui_main


@pytest.fixture
def config(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv(app_log.LOG_ENV, str(tmp_path / "logs"))
    monkeypatch.setattr(pygame, "quit", lambda: None)  # the other tests keep the display
    yield tmp_path / "config"
    app_log.shutdown()
    i18n.set_language("en")


def given(argv: list[str], monkeypatch) -> dict:
    seen = {}
    monkeypatch.setattr(ui_main, "run", lambda launch: seen.setdefault("launch", launch) and 0)
    cli.main(argv)
    return seen["launch"]


def test_the_options_reach_the_game_as_settings_fields(config, monkeypatch):
    assert given(["--lang", "ru", "--windowed", "--size", "1600x900"], monkeypatch) == {
        "language": "ru", "fullscreen": False, "window_width": 1600, "window_height": 900}
    assert given(["--fullscreen"], monkeypatch) == {"fullscreen": True}
    assert given([], monkeypatch) == {}


@pytest.mark.parametrize(("argv", "says"), [
    (["--size", "100x100"], "out of range: from 640x480 to 7680x4320"),
    (["--size", "7681x4320"], "out of range"),
    (["--size", "1920"], "not a size like 1920x1080"),
    (["--size", "wide"], "not a size like 1920x1080"),
    (["--lang", "de"], "invalid choice: 'de'"),
    (["--windowed", "--fullscreen"], "not allowed with argument"),
    (["--lang", "ru", "saves"], "give them without a command"),
])
def test_bad_values_are_argparse_errors_with_a_clear_message(argv, says, config, capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert says in capsys.readouterr().err


def test_the_size_range_ends_are_accepted():
    assert cli.window_size("640x480") == (640, 480)
    assert cli.window_size("7680×4320") == (7680, 4320)


def stored() -> dict:
    return json.loads(settings_path().read_text(encoding="utf-8"))


def test_launch_options_apply_for_this_run_and_are_not_saved(config):
    save_settings(replace(Settings(), language="", fullscreen=True, window_width=1280,
                          window_height=720, volume=0.5))
    app = ui_main.launch_app({"language": "ru", "fullscreen": False,
                              "window_width": 1600, "window_height": 900})
    assert app.size == (1600, 900) and not app.fullscreen
    assert i18n.language() == "ru"
    # a change of something else in Settings saves that, not the launch options
    app.apply_settings(replace(app.settings, volume=0.25))
    after = stored()
    assert after["volume"] == 0.25
    assert (after["language"], after["fullscreen"]) == ("", True)
    assert (after["window_width"], after["window_height"]) == (1280, 720)
    app.running = False
    app.run()  # the exit saves the settings too
    assert (stored()["language"], stored()["window_width"]) == ("", 1280)


def test_what_the_player_changes_in_settings_is_saved(config):
    save_settings(replace(Settings(), language="", window_width=1280, window_height=720))
    app = ui_main.launch_app({"language": "ru", "window_width": 1600, "window_height": 900})
    app.apply_settings(replace(app.settings, language="en"))  # picked in Settings
    assert stored()["language"] == "en"
    assert stored()["window_width"] == 1280  # the size was not touched: not saved
    app.settings.window_width, app.settings.window_height = 1700, 950  # resized by hand
    app.running = False
    app.run()
    assert (stored()["window_width"], stored()["window_height"]) == (1700, 950)
    assert load_settings()[0].language == "en"
