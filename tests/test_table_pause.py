"""One pause menu for the Arcs and Forbidden Stars tables (game/ui/table_pause.py),
the shell's, as Star Realms' is: Resume, Save, Undo while an action can be taken back,
Settings, Rules, and Quit to menu, which asks first and autosaves so Continue resumes the
game.  Before, Arcs' pause had no Undo, Settings or Rules and both quit without asking;
Forbidden Stars' wrote a long save name into its button, cut."""

from __future__ import annotations

import pygame
import pytest

from game import i18n
from game.arcs.ui.scenes.reference import ArcsReferenceScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.forbidden_stars.ui.scenes.reference import FsReferenceScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.ui.scenes.menu import MenuScene
from game.ui.scenes.overlays import SettingsScene
from game.ui.table_pause import TablePauseScene
from tests import test_arcs_ui_saves
from tests.test_arcs_no_cut_text import element_problems
from tests.test_arcs_ui_saves import table as arcs_table
from tests.test_arcs_ui_saves import until_undo_offered
from tests.test_fs_ui_table import table as fs_table
from tests.test_fs_ui_table import until
from tests.test_ui_walk import click_at, guarded, press_key

HUMAN = "human"
arcs_app = test_arcs_ui_saves.arcs_app  # the fixture: a saves folder of its own


def open_pause(app) -> TablePauseScene:
    press_key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, TablePauseScene)
    return pause


def keys(pause: TablePauseScene) -> list[str]:
    return [k for _, k in sorted(((b.rect.y, k) for b, k in pause.buttons.items()))]


def fs_until_undo(app, scene: FsTableScene) -> None:
    until(app, scene, lambda: scene.session.can_undo())


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_arcs_pause_offers_every_button_and_undo_only_while_it_can(arcs_app, lang):
    app = arcs_app
    i18n.set_language(lang)
    scene = arcs_table(app)
    assert not scene.session.can_undo()
    pause = open_pause(app)
    assert keys(pause) == ["resume", "save", "settings", "rules", "quit_to_menu"]
    for b, k in pause.buttons.items():
        assert b.text == i18n.t(f"pause.{k}") and "pause." not in b.text
    click_at(app, pause.resume_button.rect.center)
    until_undo_offered(app, scene)
    pause = open_pause(app)
    assert keys(pause) == ["resume", "save", "undo", "settings", "rules", "quit_to_menu"]
    n = len(scene.session.state.log)
    click_at(app, pause.button("undo").rect.center)
    assert app.top is scene and len(scene.session.state.log) == n - 1
    i18n.set_language("en")


def test_arcs_pause_opens_settings_and_the_rules_and_comes_back(arcs_app):
    app = arcs_app
    arcs_table(app)
    pause = open_pause(app)
    click_at(app, pause.button("settings").rect.center)
    assert isinstance(app.top, SettingsScene)
    press_key(app, pygame.K_ESCAPE)
    assert app.top is pause
    click_at(app, pause.button("rules").rect.center)
    assert isinstance(app.top, ArcsReferenceScene)


def test_quitting_asks_first_autosaves_and_cancel_stays(arcs_app, tmp_path):
    app = arcs_app
    scene = arcs_table(app)
    until_undo_offered(app, scene)
    pause = open_pause(app)
    click_at(app, pause.quit_button.rect.center)
    assert pause.confirm is not None and app.top is pause  # asked, not gone
    assert list((tmp_path / "saves").glob("arcs-autosave-*.json"))  # saved on asking
    press_key(app, pygame.K_ESCAPE)  # no
    assert app.top is pause and pause.confirm is None and not scene.session.closed
    click_at(app, pause.quit_button.rect.center)
    press_key(app, pygame.K_RETURN)  # yes
    assert isinstance(app.top, MenuScene) and scene.session.closed


def test_a_failed_save_is_said_under_the_buttons_in_both_languages(arcs_app, monkeypatch):
    app = arcs_app
    scene = arcs_table(app)

    def refuse(kind: str = "manual"):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(scene.session, "save", refuse)
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        pause = open_pause(app)
        click_at(app, pause.save_button.rect.center)
        assert pause.message == i18n.t("pause.save_failed", why="Permission denied")
        assert app.top is pause  # the menu stays, the words say what happened
        click_at(app, pause.resume_button.rect.center)
    i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_fs_pause_is_the_same_menu_and_its_words_fit(app, size):
    app.screen = pygame.display.set_mode(size)
    scene = fs_table(app, (HUMAN, "random"))
    fs_until_undo(app, scene)
    for lang in ("en", "ru"):
        i18n.set_language(lang)
        pause = open_pause(app)
        assert keys(pause) == ["resume", "save", "undo", "settings", "rules", "quit_to_menu"]
        assert element_problems(pause.ui) == [], (lang, size)  # no key, nothing cut
        click_at(app, pause.button("rules").rect.center)
        assert isinstance(app.top, FsReferenceScene)
        app.pop()
        click_at(app, pause.save_button.rect.center)
        assert pause.message.startswith(i18n.t("pause.saved", name="")[:5])
        assert max(b.rect.bottom for b in pause.buttons) < app.screen.get_height()
        assert element_problems(pause.ui) == []
        press_key(app, pygame.K_ESCAPE)
        assert app.top is scene
    i18n.set_language("en")


def test_arcs_table_and_fs_table_push_the_shell_pause(arcs_app):
    app = arcs_app
    scene = arcs_table(app)
    assert isinstance(scene, ArcsTableScene)
    assert type(open_pause(app)) is TablePauseScene
    guarded(app)
