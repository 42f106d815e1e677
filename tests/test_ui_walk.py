"""Walk every screen forward and back, in both languages, through the crash-guarded
frame a player gets: a crash anywhere shows the crash dialog and writes a report, so
"no report, no dialog" after the walk means every screen opened and closed cleanly."""

from __future__ import annotations

from collections.abc import Callable

import pygame
import pytest

from game import i18n
from game.ui.crash import CrashScene
from game.ui.scenes.menu import MenuScene


def guarded(app, events=(), n: int = 1) -> None:
    """Ticks as the real loop runs them; also delivers what pygame-gui posted."""
    for i in range(n):
        app.guarded_frame((list(events) if i == 0 else []) + pygame.event.get(), 1 / 60)


def press_key(app, k: int) -> None:
    guarded(app, [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)])
    guarded(app, [pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)])


def click_at(app, pos) -> None:
    pygame.mouse.set_pos(pos)  # pygame-gui reads the real cursor too
    guarded(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))])
    guarded(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)])
    guarded(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)], n=2)


def click_attr(app, name: str) -> None:
    click_at(app, getattr(app.top, name).rect.center)


def open_from_menu(app, key: str) -> None:
    assert isinstance(app.top, MenuScene)
    click_at(app, app.top.button_rect(key).center)


def no_crash(app, folder) -> None:
    reports = list((folder / "crash-reports").glob("*.json"))
    assert not reports, reports[0].read_text(encoding="utf-8")[:2000]
    assert not any(isinstance(s, CrashScene) for s in app.stack)


# (menu entry, the screen's back button, or None when Esc is the only way back)
SCREENS = [("new_game", "back"), ("adventures", "back"), ("campaign", "back"),
           ("load", "back"), ("settings", "close"), ("rules", "close"),
           ("arcs:new_game", "back"), ("arcs:load", "back"), ("cards", "back"),
           ("forbidden_stars:new_game", "back"), ("forbidden_stars:load", "back")]


@pytest.fixture
def walk_app(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    (tmp_path / "saves").mkdir()
    return app


def set_lang(app, lang: str) -> None:
    i18n.set_language(lang)
    app.settings.language = lang


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("entry,back", SCREENS)
def test_menu_screen_and_back_by_button_and_by_escape(walk_app, tmp_path, lang, entry, back):
    app = walk_app
    set_lang(app, lang)
    app.push(MenuScene(app))
    guarded(app, n=2)
    for way in ("button", "escape"):
        open_from_menu(app, entry)
        assert not isinstance(app.top, MenuScene), f"{entry} did not open"
        guarded(app, n=2)
        if way == "button" and back is not None and hasattr(app.top, back):
            click_attr(app, back)
        else:
            press_key(app, pygame.K_ESCAPE)
        guarded(app, n=2)
        no_crash(app, tmp_path / "saves")
        assert isinstance(app.top, MenuScene), f"{entry} → back ({way}) left {app.top}"


DEEP: list[tuple[str, list[tuple[str, str]]]] = [
    # adventures → the story → back → back
    ("adventures", [("click", "start"), ("key", "escape"), ("key", "escape")]),
    # campaign list → new campaign → back → back
    ("campaign", [("click", "new"), ("click", "back"), ("click", "back")]),
    # setup → start a duel → pause → resume → pause → quit to menu → yes (Enter)
    ("new_game", [("click", "start"), ("key", "escape"), ("key", "escape"),
                  ("key", "escape"), ("pause", "quit_to_menu"), ("key", "return")]),
    # cards → scroll, enlarge a card → records → back → back
    ("cards", [("key", "pagedown"), ("click", "records"), ("key", "escape"),
               ("click", "back")]),
    # Arcs: setup → start → pause → resume → pause → quit to menu → yes (Enter)
    ("arcs:new_game", [("click", "start"), ("key", "escape"), ("click", "resume_button"),
                       ("key", "escape"), ("click", "quit_button"), ("key", "return")]),
]


def do_step(app, how: str, what: str) -> None:
    if how == "click":
        click_attr(app, what)
    elif how == "key":
        press_key(app, {"escape": pygame.K_ESCAPE, "return": pygame.K_RETURN,
                        "pagedown": pygame.K_PAGEDOWN}[what])
    elif how == "pause":  # a pause-menu button by its key
        button = next(b for b, k in app.top.buttons.items() if k == what)
        click_at(app, button.rect.center)
    guarded(app, n=2)


@pytest.mark.parametrize("lang", ["en", "ru"])
@pytest.mark.parametrize("entry,steps", DEEP, ids=[d[0] for d in DEEP])
def test_deeper_walks_come_back_to_the_menu(walk_app, tmp_path, lang, entry,
                                           steps: list[tuple[str, str]]):
    app = walk_app
    set_lang(app, lang)
    app.push(MenuScene(app))
    guarded(app, n=2)
    open_from_menu(app, entry)
    guarded(app, n=2)
    for how, what in steps:
        do_step(app, how, what)
        no_crash(app, tmp_path / "saves")
    assert isinstance(app.top, MenuScene)
    assert len(app.stack) == 1


def test_popping_back_onto_the_menu_rebuilds_it(walk_app):
    """The regression: the menu's Continue lookup once shadowed its own resume hook."""
    app = walk_app
    menu = app.push(MenuScene(app))
    resume: Callable[[], None] = menu.resume
    assert callable(resume)
    open_from_menu(app, "load")
    press_key(app, pygame.K_ESCAPE)
    assert app.top is menu and not any(isinstance(s, CrashScene) for s in app.stack)
