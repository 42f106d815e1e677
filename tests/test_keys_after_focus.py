"""Keys reach every game's table (issue 36, item 7): digits, Enter and F11 after the setup
screen, after Load, after the curtain and after a combat or battle.

The shell's part: a pygame-gui text entry (a name, the seed) turns key repeat on while it
has the focus and only unfocusing turns it off.  A setup screen rebuilt (a player count
or a seat's kind changed) or left with an entry focused dropped it still focused, so every
later scene ran with key repeat on: a held digit or Enter took action after action, a
held F11 flipped the window back and forth.  Scenes now release the keyboard when they
are left, covered or rebuilt (game/ui/scene.py, game/ui/app.py).
"""

from __future__ import annotations

import random

import pygame
import pytest

from game import games
from game.arcs.ui.scenes.load import open_save as arcs_open
from game.arcs.ui.scenes.setup import ArcsSetupScene
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.forbidden_stars.ui.scenes.load import open_save as fs_open
from game.forbidden_stars.ui.scenes.setup import FsSetupScene
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.star_realms.saves import save_game
from game.star_realms.ui.scenes.load import open_save as sr_open
from game.star_realms.ui.scenes.setup import SetupScene
from game.star_realms.ui.table.scene import TableScene
from game.ui import routes
from game.ui.scenes.menu import MenuScene
from tests.test_ui_walk import click_at, guarded

KEYS = (pygame.K_1, pygame.K_RETURN)


@pytest.fixture
def keys_app(app, tmp_path, monkeypatch):
    (tmp_path / "saves").mkdir()
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    if "game.arcs.game" not in games.GAME_MODULES:
        monkeypatch.setattr(games, "GAME_MODULES", (*games.GAME_MODULES, "game.arcs.game"))
    games.all_games.cache_clear()
    yield app
    games.all_games.cache_clear()
    pygame.key.set_repeat(0)


def down(key: int) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0)


def assert_keys_reach(app, scene) -> None:
    """Digits and Enter reach the table's own handler, F11 toggles the window (and back),
    and no key repeats by itself."""
    assert app.top is scene
    assert pygame.key.get_repeat() == (0, 0), "a text entry left key repeat on"
    seen: list[int] = []
    handler = scene.on_event

    def spy(event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            seen.append(event.key)
        handler(event)

    scene.on_event = spy
    try:
        for key in KEYS:
            guarded(app, [down(key)])
            if app.top is not scene:  # Enter or a digit opened something: back to the table
                app.pop()
    finally:
        scene.on_event = handler
    assert seen[:1] == [KEYS[0]] and KEYS[1] in seen, seen
    was = app.fullscreen
    guarded(app, [down(pygame.K_F11)])
    assert app.fullscreen != was
    guarded(app, [down(pygame.K_F11)])
    assert app.fullscreen == was


def type_into(app, entry, text: str) -> None:
    """A click into a text entry (it takes the focus) and a few keys typed."""
    click_at(app, entry.rect.center)
    for ch in text:
        guarded(app, [down(ord(ch)), pygame.event.Event(pygame.TEXTINPUT, text=ch)])


# ---------------------------------------------------------------- Forbidden Stars


def fs_from_setup(app, kinds: tuple[str, ...]) -> FsTableScene:
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("forbidden_stars:new_game").center)
    setup = app.top
    assert isinstance(setup, FsSetupScene)
    setup.seed_text = "11"
    type_into(app, setup.name_entries[0], "Q")  # the name entry has the focus …
    assert pygame.key.get_repeat() != (0, 0)
    for seat, kind in enumerate(kinds):
        setup.set_kind(seat, kind)  # … when a choice rebuilds the screen
    setup.seed_entry.set_text("11")
    click_at(app, setup.start.rect.center)
    assert isinstance(app.top, FsTableScene)
    app.top.session.bot_delay = 0.0
    return app.top


def fs_play_until(app, scene: FsTableScene, done, limit: int = 4000) -> None:
    rng = random.Random(5)
    for _ in range(limit):
        if done():
            guarded(app)
            return
        if scene.ready is not None:
            click_at(app, scene.ready.rect.center)  # the curtain: the next player is here
        elif scene.my_turn():
            scene.play(rng.choice(scene.session.legal()))
        else:
            app.guarded_frame(pygame.event.get(), 1.0)
    raise AssertionError("that moment never came")


def test_forbidden_stars_keys_after_setup_and_after_a_combat(keys_app):
    app = keys_app
    scene = fs_from_setup(app, ("human", "random"))
    fs_play_until(app, scene, scene.my_turn)
    n = len(scene.session.state.log)
    assert_keys_reach(app, scene)
    assert len(scene.session.state.log) > n  # the digit took the list's first action
    fought = []
    fs_play_until(app, scene, lambda: (fought.append(scene.session.state.combat is not None)
                                       or True) and fought[-1] is False and any(fought)
                  and scene.my_turn())
    assert_keys_reach(app, scene)


def test_forbidden_stars_keys_after_the_curtain_and_after_load(keys_app):
    app = keys_app
    scene = fs_from_setup(app, ("human", "human"))
    assert scene.ready is not None  # two people: the first sees the curtain
    click_at(app, scene.ready.rect.center)
    assert scene.curtain is None and scene.my_turn()
    assert_keys_reach(app, scene)
    path = scene.session.save("manual")
    assert fs_open(app, path) == ""
    loaded = app.top
    assert isinstance(loaded, FsTableScene)
    if loaded.ready is not None:
        click_at(app, loaded.ready.rect.center)
    assert_keys_reach(app, loaded)


# ---------------------------------------------------------------- Arcs


def arcs_from_setup(app, humans: int, seed: int = 12) -> ArcsTableScene:
    app.push(MenuScene(app))
    guarded(app, n=2)
    click_at(app, app.top.button_rect("arcs:new_game").center)
    setup = app.top
    assert isinstance(setup, ArcsSetupScene)
    setup.seed = seed  # (12: a game with battles)
    if humans == 2:
        setup.kinds[1] = "human"
        setup.rebuild()
    click_at(app, setup.start.rect.center)
    assert isinstance(app.top, ArcsTableScene)
    app.top.session.bot_delay = 0.0
    return app.top


def arcs_after_a_battle(app) -> ArcsTableScene:
    """A table opened on a game just past a battle, the person to act."""
    s = ArcsSession(ArcsSetup(("human", "normal"), ("A", "B"), 12), bot_delay=0.0)
    rng = random.Random(5)
    fought = False
    while not (fought and s.state.battle is None and s.is_human(s.acting)):
        assert not s.over, "no battle in this game"
        fought = fought or s.state.battle is not None
        if s.is_human(s.acting):
            s.choose(rng.choice(s.legal()))
        else:
            s.step_bots(1.0)
    app.push(routes.make(app, "arcs.table", s))
    guarded(app, n=2)
    assert isinstance(app.top, ArcsTableScene)
    return app.top


def test_arcs_keys_after_setup_after_a_battle_and_after_load(keys_app):
    app = keys_app
    scene = arcs_from_setup(app, 1)
    assert_keys_reach(app, scene)
    scene = arcs_after_a_battle(app)
    assert_keys_reach(app, scene)
    path = scene.session.save("manual")
    assert arcs_open(app, path) == ""
    assert isinstance(app.top, ArcsTableScene)
    assert_keys_reach(app, app.top)


def test_arcs_keys_after_the_curtain(keys_app):
    app = keys_app
    scene = arcs_from_setup(app, 2)
    assert scene.ready is not None
    click_at(app, scene.ready.rect.center)
    assert scene.curtain is None
    assert_keys_reach(app, scene)


# ---------------------------------------------------------------- Star Realms


def sr_from_setup(app, humans: int) -> TableScene:
    app.push(MenuScene(app))
    guarded(app, n=2)
    setup = app.push(SetupScene(app))
    guarded(app)
    type_into(app, setup.names[0], "Q")  # the name entry has the focus …
    if humans == 2:
        setup.setup.seats[1].controller = "human"
    setup.rebuild()  # … when the screen is built again
    click_at(app, setup.start.rect.center)
    assert isinstance(app.top, TableScene), setup.error
    return app.top


def test_star_realms_keys_after_setup_after_combat_and_after_load(keys_app):
    app = keys_app
    table = sr_from_setup(app, 1)
    assert_keys_reach(app, table)
    s = table.session
    rng = random.Random(3)
    for _ in range(400):  # until a fight has happened and the person acts again
        if s.state.turn >= 3 and s.local_to_act:
            break
        if s.local_to_act:
            legal = s.legal()
            hits = [a for a in legal if a.kind.startswith("attack")]
            table.act(hits[0] if hits else rng.choice(legal))
        guarded(app)
    assert s.local_to_act and s.state.turn >= 3
    assert_keys_reach(app, table)
    path = save_game(s.state, "manual")
    assert sr_open(app, path) == ""
    assert isinstance(app.top, TableScene)
    assert_keys_reach(app, app.top)


def test_star_realms_keys_after_the_curtain(keys_app):
    app = keys_app
    table = sr_from_setup(app, 2)
    if table.btn_curtain is not None:
        click_at(app, table.btn_curtain.rect.center)
    assert table.session.curtain is None
    assert_keys_reach(app, table)
