"""A confirmation dialog on top owns the mouse (issue 36, item 2): clicking its action
button does the action, Cancel only closes it, and nothing beneath it — pygame-gui
buttons or a scene's own click handling — reacts to a click while it is up."""

from __future__ import annotations

import pygame
import pygame_gui
import pytest

from game.settings import TABLE_SIZES
from game.star_realms.ui.scenes.overlays import PauseScene
from game.ui.dialogs import answer, confirm_dialog, dialog_open
from game.ui.scene import Scene as BaseScene
from game.ui.scenes.menu import MenuScene
from tests.scene import Scene
from tests.test_ui_table import click, frame, key, table


@pytest.fixture
def make(make_table_app):
    """make(size, text_size, lang) → a headless app, 1920×1080 by default."""
    def build(size=(1920, 1080), text_size=1.0, lang="en"):
        return make_table_app(size, text_size, lang)
    return build


def open_quit_dialog(app) -> PauseScene:
    table(app, Scene(hand=["scout"]))
    key(app, pygame.K_ESCAPE)
    pause = app.top
    assert isinstance(pause, PauseScene)
    click(app, next(b for b, k in pause.buttons.items() if k == "quit_to_menu").rect.center)
    assert pause.confirm is not None and pause.confirm.alive()
    return pause


SIZES = [((1920, 1080), 1.0, "en"), ((1280, 720), TABLE_SIZES[-1], "ru"),
         ((1280, 720), TABLE_SIZES[0], "en")]


@pytest.mark.parametrize("size,text_size,lang", SIZES)
def test_clicking_quit_in_the_quit_dialog_returns_to_the_menu(make, size, text_size, lang):
    app = make(size, text_size, lang)
    pause = open_quit_dialog(app)
    click(app, pause.confirm.confirm_button.rect.center)
    frame(app, n=2)  # what pygame-gui posted afterwards changes nothing
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1


@pytest.mark.parametrize("size,text_size,lang", SIZES)
def test_clicking_cancel_only_closes_the_dialog(make, size, text_size, lang):
    app = make(size, text_size, lang)
    pause = open_quit_dialog(app)
    click(app, pause.confirm.cancel_button.rect.center)
    frame(app, n=2)
    assert app.top is pause and pause.confirm is None and len(app.stack) == 2
    assert not dialog_open(pause.ui)


def test_no_pause_button_under_or_beside_the_dialog_reacts(make):
    """Every pause-menu button, clicked while the dialog is up, does nothing: the pause
    menu stays, the dialog stays open (no Settings, Rules or Save behind it)."""
    app = make((1280, 720), TABLE_SIZES[-1])
    pause = open_quit_dialog(app)
    dialog = pause.confirm
    for button in list(pause.buttons):
        click(app, button.rect.center)
        if dialog.rect.collidepoint(button.rect.center):
            continue  # (on the dialog: its own button may answer; checked below)
        assert app.top is pause and pause.confirm is dialog and dialog.alive(), \
            pause.buttons[button]
    outside = [(5, 5), (app.size[0] - 5, app.size[1] - 5)]
    for pos in outside:
        click(app, pos)
        assert app.top is pause and pause.confirm is dialog and dialog.alive()


def test_clicking_end_turn_in_the_end_turn_dialog_ends_the_turn(make):
    app = make((1280, 720), TABLE_SIZES[-1])
    sc = Scene(hand=["scout", "viper"])
    t = table(app, sc)
    key(app, pygame.K_p)
    key(app, pygame.K_e)  # trade and combat left: asked first
    assert t.confirm is not None and sc.state.active == 0
    scrap = t.layout.zones()["scrap"].center
    click(app, scrap)  # the scrap heap under the veil does not open
    assert app.top is t and t.confirm is not None
    click(app, t.confirm.confirm_button.rect.center)
    frame(app, n=2)
    assert t.confirm is None and sc.state.active == 1 and app.top is t


class Recorder(BaseScene):
    """A scene that notes every click it is given."""

    def __init__(self, app):
        self.clicks: list[tuple[int, int]] = []
        super().__init__(app)

    def on_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.clicks.append(event.pos)


def test_a_scene_gets_no_click_while_a_dialog_is_up(make):
    """The shared rule, for any scene of any game: its own click handling (not only
    pygame-gui's buttons) sees no click while a dialog is up, and sees them again once
    it is answered."""
    app = make()
    scene = app.push(Recorder(app))
    frame(app)
    click(app, (100, 100))
    assert scene.clicks == [(100, 100)]
    dialog = confirm_dialog(scene.ui, pygame.Rect(660, 380, 600, 320), "Sure?", "Title", "Go")
    frame(app)
    for pos in ((100, 100), dialog.rect.center, dialog.confirm_button.rect.center):
        click(app, pos)
    assert scene.clicks == [(100, 100)]
    assert not dialog.alive()  # the last click answered it
    click(app, (200, 200))
    assert scene.clicks == [(100, 100), (200, 200)]


def test_answer_reads_clicks_keys_and_the_confirmed_event(make):
    app = make()
    scene = app.push(Recorder(app))
    ui = scene.ui

    def ask():
        return confirm_dialog(ui, pygame.Rect(660, 380, 600, 320), "Sure?", "Title", "Go")

    def pressed(element):
        return pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=element)

    d = ask()
    assert answer(d, pygame.event.Event(pygame.MOUSEMOTION, pos=(1, 1))) is None and d.alive()
    assert answer(d, pressed(d.confirm_button)) is True and not d.alive()
    d = ask()
    assert answer(d, pressed(d.cancel_button)) is False and not d.alive()
    d = ask()
    assert answer(d, pressed(d.close_window_button)) is False and not d.alive()
    d = ask()
    assert answer(d, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN)) is True
    d = ask()
    assert answer(d, pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE)) is False
    d = ask()
    assert answer(d, pygame.event.Event(pygame_gui.UI_CONFIRMATION_DIALOG_CONFIRMED,
                                        ui_element=d)) is True
    other = ask()
    assert answer(d, pressed(other.confirm_button)) is None  # another dialog's button
