"""Starting a game from the setup screen with one box ticked (the sets, missions,
gambits tests share it)."""

import pygame
import pygame_gui

from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.scenes.table import TableScene
from game.ui.scenes.menu import MenuScene
from tests.test_ui_table import click, frame


def tick_and_start(app, box_of):
    """Open the setup screen, tick the box ``box_of(setup)``, press Start: the box and
    the table scene that opened."""
    app.push(MenuScene(app))
    setup = app.push(SetupScene(app))
    frame(app)
    box = box_of(setup)
    box.set_state(True)
    frame(app, [pygame.event.Event(pygame_gui.UI_CHECK_BOX_CHECKED, {"ui_element": box})])
    assert setup.error == ""
    click(app, setup.start.rect.center)
    table = app.top
    assert isinstance(table, TableScene)
    return box, table
