"""Issue 36, items 5 and 10: Continue offers only a save that loads, and any open that
fails says why; the crash dialog's words name exactly where the game can be continued,
and that place offers it — after one crash and after two."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from game import games
from game.arcs import saves as arcs_saves
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.star_realms import saves
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.ui.scenes.load import LoadScene, open_save
from game.ui.crash import CrashScene
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_save_faults import crash_on_first_frame
from tests.test_ui_walk import click_at, guarded


@pytest.fixture
def folder(saves_folder: Path) -> Path:
    games.all_games.cache_clear()
    yield saves_folder
    games.all_games.cache_clear()


def arcs_points(n: int) -> tuple[ArcsSession, list[Path]]:
    """One Arcs game's autosaves, oldest first."""
    session = ArcsSession(ArcsSetup(("random", "random"), ("A", "B"), 4), bot_delay=0,
                          autosave=False)
    paths = []
    for _ in range(n):
        for _ in range(3):
            session.step_bots(1.0)
        paths.append(session.save("autosave"))
        time.sleep(0.002)
    return session, paths


def break_replay(path: Path) -> None:
    """Damage a save where only loading sees it: its summary and config read fine, an
    action of its log names a card no one holds."""
    doc = json.loads(path.read_text())
    doc["actions"][0]["card"] = "no_such_card"
    path.write_text(json.dumps(doc))


def test_continue_passes_over_a_damaged_newest_autosave(folder):
    _, paths = arcs_points(3)
    arcs = games.get("arcs")
    assert arcs.continue_save().path == paths[-1]
    break_replay(paths[-1])
    assert not arcs_saves.list_saves(folder)[0].error  # the list cannot tell ...
    assert arcs.continue_save().path == paths[-2]  # ... Continue offers one that loads
    for path in paths[:-1]:
        break_replay(path)
    assert arcs.continue_save() is None  # none loads: no Continue at all


def test_a_continue_that_fails_to_open_says_why_and_offers_the_next(app, folder):
    _, paths = arcs_points(2)
    app.push(MenuScene(app))
    guarded(app)
    menu = app.top
    assert menu.continue_save[1].path == paths[-1]
    break_replay(paths[-1])  # damaged after the menu chose it
    click_at(app, menu.button_rect("continue_game").center)
    assert app.top is menu
    assert menu.error.startswith("Continue could not open that save: ")
    assert "not legal" in menu.error or "no_such_card" in menu.error
    assert menu.continue_save[1].path == paths[-2]  # the next save that loads
    click_at(app, menu.button_rect("continue_game").center)
    assert type(app.top).__name__ == "ArcsTableScene"
    assert app.top.session.source == paths[-2]


def sr_game(folder: Path) -> Path:
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "greedy"))))
    return saves.autosave(state, folder)


def crash_dialog(app) -> CrashScene:
    app.guarded_frame([], 1 / 60)
    assert isinstance(app.top, CrashScene)
    return app.top


def test_the_crash_dialog_names_where_the_game_goes_on_and_it_is_there(app, folder,
                                                                        monkeypatch):
    first = sr_game(folder)
    app.push(MenuScene(app))
    crash_on_first_frame(monkeypatch)
    open_save(app, first)
    dialog = crash_dialog(app)
    # one crash: the words say Continue, and the menu beneath offers exactly that save
    assert dialog.saved is not None and dialog.saved.name.startswith("emergency-")
    assert "Continue on the menu resumes it" in dialog.box.html_text
    menu = app.stack[0]
    assert menu.continue_save[1].path == dialog.saved and dialog.load is None
    # it crashes again from there: the words name that game's Load, which lists it first
    open_save(app, menu.continue_save[1].path)
    second = crash_dialog(app)
    assert app.stack[0].continue_save is None  # not offered again: no crash loop
    assert "Star Realms" in second.box.html_text and "→ Load game" in second.box.html_text
    assert second.saved.name in second.box.html_text
    click_at(app, second.load.rect.center)
    load = app.top
    assert isinstance(load, LoadScene)
    first_row = next(iter(load.rows.values()))
    assert first_row.path == second.saved and not first_row.error
    # and it opens from there
    monkeypatch.undo()
    assert open_save(app, second.saved) == ""


def test_a_crash_with_no_save_says_so(app, folder, monkeypatch):
    app.push(MenuScene(app))
    app.push(CrashScene(app, None, None, had_game=True))
    assert "could not be saved" in app.top.box.html_text
    app.push(CrashScene(app, None, None, had_game=False))
    assert "There was no game to save" in app.top.box.html_text
