"""What playing the shared table screens in a real window (Xvfb, xdotool) found,
each driven here headless with synthetic events:

- Esc over an open drop-down list on a setup screen left the whole screen (and the
  choices made on it) instead of folding the list;
- the rules references moved only with the wheel: the arrow, page, Home and End keys did
  nothing;
- every row of a table's choice list had a tooltip of its own text, which covered the row
  under it even when nothing was cut;
- the Arcs and Forbidden Stars tables drew their hover tooltip under the pause menu, its
  Settings and the rules (over the "Paused" title);
- Star Realms' hot-seat curtain ignored Esc though its "Menu (Esc)" button says it;
- Forbidden Stars' curtain told the player to click a "Ready" button that is not there;
- the pause menu's "Saved: …" line crossed the table's text showing through the veil;
- after Undo the table's status still said what it had said about the undone move."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game import i18n
from game.arcs.ui.scenes.reference import ArcsReferenceScene
from game.forbidden_stars.ui.scenes.reference import FsReferenceScene
from game.star_realms.ui.scenes.overlays import PauseScene, RulesScene
from game.ui import palette
from game.ui.choice_panel import row_fits
from game.ui.scenes.menu import MenuScene
from game.ui.setup_screen import SetupScreen
from game.ui.table_pause import TablePauseScene
from tests import test_arcs_ui_saves
from tests.scene import Scene
from tests.test_arcs_ui_saves import table as arcs_table
from tests.test_arcs_ui_saves import until_undo_offered
from tests.test_fs_ui_table import table as fs_table
from tests.test_fs_ui_table import until
from tests.test_ui_table import table as sr_table
from tests.test_ui_walk import click_at, guarded, open_from_menu, press_key

arcs_app = test_arcs_ui_saves.arcs_app  # the fixture: a saves folder of its own


def lists(scene) -> list[pygame_gui.elements.UIDropDownMenu]:
    return [e for e in scene.ui.get_sprite_group().sprites()
            if isinstance(e, pygame_gui.elements.UIDropDownMenu)]


def is_open(dd: pygame_gui.elements.UIDropDownMenu) -> bool:
    return dd.current_state is dd.menu_states["expanded"]


# ------------------------------------------------------------ setup screens


@pytest.mark.parametrize("entry", ["new_game", "arcs:new_game", "forbidden_stars:new_game"])
def test_escape_over_an_open_list_folds_it_and_keeps_the_setup(arcs_app, entry):
    app = arcs_app
    app.push(MenuScene(app))
    guarded(app)
    open_from_menu(app, entry)
    setup = app.top
    assert not isinstance(setup, MenuScene)
    dd = lists(setup)[-1]  # a seat's "played by" list
    click_at(app, dd.rect.center)
    assert is_open(dd)
    press_key(app, pygame.K_ESCAPE)
    guarded(app, n=2)
    assert app.top is setup and not is_open(dd)  # before: back at the menu
    press_key(app, pygame.K_ESCAPE)  # with no list open, Esc still leaves
    assert isinstance(app.top, MenuScene)


def test_the_shared_setup_screen_keeps_its_choices_after_escape_on_a_list(arcs_app):
    app = arcs_app
    app.push(MenuScene(app))
    guarded(app)
    open_from_menu(app, "arcs:new_game")
    setup = app.top
    assert isinstance(setup, SetupScreen)
    setup.seed = 1234
    click_at(app, setup.kind_dd[1].rect.center)
    press_key(app, pygame.K_ESCAPE)
    assert app.top is setup and setup.seed_entry.get_text() == "1234"


# ------------------------------------------------------------ rules references


def reference(app, which: str):
    scene = {"arcs": ArcsReferenceScene, "fs": FsReferenceScene, "sr": RulesScene}[which](app)
    app.push(scene)
    guarded(app, n=2)
    assert scene.box.scroll_bar is not None  # longer than its window at 1280×720
    return scene


@pytest.mark.parametrize("which", ["arcs", "fs", "sr"])
def test_the_keys_scroll_a_rules_reference(app, which):
    scene = reference(app, which)
    bar = scene.box.scroll_bar
    assert bar.start_percentage == 0
    press_key(app, pygame.K_DOWN)
    line = bar.start_percentage
    assert line > 0  # before: the keys did nothing
    press_key(app, pygame.K_UP)
    assert bar.start_percentage == pytest.approx(0, abs=1e-3)
    press_key(app, pygame.K_PAGEDOWN)
    assert bar.start_percentage > line  # a page is more than a line
    press_key(app, pygame.K_PAGEUP)
    assert bar.start_percentage == pytest.approx(0, abs=1e-3)
    press_key(app, pygame.K_END)
    assert bar.start_percentage + bar.visible_percentage == pytest.approx(1, abs=0.02)
    press_key(app, pygame.K_HOME)
    assert bar.start_percentage == 0
    assert app.top is scene  # none of them closed it; Esc still does
    press_key(app, pygame.K_ESCAPE)
    assert app.top is not scene


# ------------------------------------------------------------ choice lists


def test_a_choice_row_has_a_tooltip_only_when_its_text_is_cut(arcs_app):
    app = arcs_app
    scene = arcs_table(app)
    short, long = "Move 1 ship 2.1 » G2", "Influence " + "very " * 40 + "long"
    scene.show_choices([("a", short), ("b", long)], (330, 200), 700, "Choose:", "Cancel")
    rows = {item: b for b, item in scene.choice_buttons.items()}
    assert row_fits(rows["a"]) and rows["a"].tool_tip_text is None  # before: its own text
    assert not row_fits(rows["b"]) and rows["b"].tool_tip_text == long
    scene.close_choices()


# ------------------------------------------------------------ tooltips under overlays


def tips_drawn(app, scene, name: str, monkeypatch) -> list[int]:
    calls: list[int] = []
    monkeypatch.setattr(scene, name, lambda *a, **k: calls.append(1))
    app.draw(app.screen)
    return calls


@pytest.mark.parametrize("game", ["arcs", "fs"])
def test_the_tables_hover_tooltip_is_not_drawn_under_the_pause_menu(arcs_app, game,
                                                                  monkeypatch):
    app = arcs_app
    if game == "arcs":
        scene, name = arcs_table(app), "draw_card_tip"
    else:
        scene, name = fs_table(app, ("human", "random")), "_draw_tip"
    assert tips_drawn(app, scene, name, monkeypatch)  # the table alone: its tooltip
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, TablePauseScene)
    assert not tips_drawn(app, scene, name, monkeypatch)  # before: over "Paused"


# ------------------------------------------------------------ curtains


def test_escape_on_star_realms_curtain_opens_the_menu(big_app):
    t = sr_table(big_app, Scene(hand=[]), controllers=("human", "human"))
    assert t.session.curtain is not None and t.btn_curtain is not None
    press_key(big_app, pygame.K_ESCAPE)
    assert isinstance(big_app.top, PauseScene)  # before: nothing happened
    press_key(big_app, pygame.K_ESCAPE)
    assert big_app.top is t and t.session.curtain is not None  # still hidden


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_forbidden_stars_curtain_names_no_button_that_is_not_there(lang):
    hint = i18n.t("fs_table.curtain_hint", lang, name="Anna")
    ready = i18n.t("fs_table.ready", lang, name="Anna")
    assert "Ready" not in hint and "Готов" not in hint  # before: "click Ready"
    assert "Ready" not in ready and "Готов" not in ready


# ------------------------------------------------------------ the pause menu


def test_the_saved_line_sits_on_a_panel_of_its_own(arcs_app):
    app = arcs_app
    arcs_table(app)
    press_key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, TablePauseScene)
    click_at(app, pause.save_button.rect.center)
    assert pause.message
    app.draw(app.screen)
    panel = pause.message_rect
    assert panel.w > 0 and panel.top > pause.quit_button.rect.bottom
    beside_text = (panel.left + 3, panel.centery)  # in the panel's padding
    assert app.screen.get_at(beside_text)[:3] == palette.DIALOG  # not the veiled table
    assert app.screen.get_rect().contains(panel)


# ------------------------------------------------------------ undo


def test_arcs_undo_clears_the_status_of_the_undone_move(arcs_app):
    app = arcs_app
    scene = arcs_table(app)
    until_undo_offered(app, scene)
    scene.say("cancelled")
    assert scene.status_line
    press_key(app, pygame.K_ESCAPE)
    click_at(app, app.top.button("undo").rect.center)
    assert app.top is scene and scene.status_line == ""  # before: "Cancelled." stayed


def test_forbidden_stars_undo_clears_the_status_of_the_undone_move(app):
    scene = fs_table(app, ("human", "random"))
    until(app, scene, lambda: scene.session.can_undo())
    scene.say("cancelled")
    assert scene.status_line
    assert scene.undo() and scene.status_line == ""
