"""What the lesson tests of Arcs and Forbidden Stars share: opening the lesson from the
menu, a copy of the rules with one line of the script changed, and the checks every
game's lesson must pass the same way (leave and resume, the whole headless check, a
broken script said on the menu)."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path

import pygame

from game import i18n
from game.ui.lesson.adapter import EngineLessons
from game.ui.lesson.check import play_lesson
from game.ui.lesson.driver import Driver
from game.ui.lesson.progress import load_progress
from game.ui.lesson.script import LessonError
from game.ui.scenes.menu import MenuScene

ROOT = Path(__file__).resolve().parents[1]


def broken_rules(tmp_path: Path, game: str, old: str, new: str) -> Path:
    """A copy of rules/ with ``old`` replaced by ``new`` (once) in ``game``'s script."""
    rules = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", rules)
    script = rules / game / "lesson.toml"
    text = script.read_text(encoding="utf-8")
    assert old in text
    script.write_text(text.replace(old, new, 1), encoding="utf-8")
    return rules


def open_from_menu(app, game: str):
    driver = Driver(app)
    menu = app.push(MenuScene(app))
    driver.frames(2)
    driver.click(menu.button_rect(f"{game}:learn").center)
    return driver, menu, app.top


def leave_and_resume(app, game: str, lesson_id: str, until: str) -> None:
    """Leave saves the step reached; the lesson opened again replays the same game to
    that step; Esc leaves too."""
    driver, menu, table = open_from_menu(app, game)
    play_lesson(driver, table, until=until)
    log = list(table.session.state.log)
    index = table.runner.index
    driver.click(table.box_buttons.buttons["leave"].rect.center)
    assert app.top is menu
    assert load_progress(game) == {lesson_id: index}
    driver.click(menu.button_rect(f"{game}:learn").center)
    again = app.top
    assert again is not table and again.runner.step.id == until
    assert again.session.state.log == log  # the same game, replayed to that step
    driver.frames(1, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0)])
    assert app.top is menu  # Esc leaves too


def check_plays_whole(check: Callable[..., str], lang: str, lesson_id: str, steps: int,
                      tmp_path: Path, monkeypatch) -> None:
    """The headless check (``tutorial --check``) plays every step of the lesson."""
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path / "config"))
    lines: list[str] = []
    assert check(lang, say=lines.append) == ""
    assert lines[-1] == f"{lesson_id}: {steps} steps OK ({lang})"


def broken_script_said_on_menu(app, monkeypatch, adapter: type[EngineLessons], game: str,
                               line: str) -> None:
    """A script the engine cannot play keeps the menu, with the problem in words."""

    def broken(self, folder=None):
        raise LessonError([line])

    monkeypatch.setattr(adapter, "load", broken)
    driver = Driver(app)
    menu = app.push(MenuScene(app))
    driver.frames(2)
    driver.click(menu.button_rect(f"{game}:learn").center)
    assert app.top is menu and menu.error == i18n.t("tutorial.broken", why=line)


def validate_command_fails(rules: Path, capsys, where: str) -> None:
    """``validate-rules`` on a folder with a broken script exits 2 and names the step."""
    from argparse import Namespace

    from game.commands.validate import run

    assert run(Namespace(folder=str(rules))) == 2
    assert where in capsys.readouterr().err


def learn_opens_the_lesson(app, entries, game: str, scene: str) -> None:
    """Learn to play is among the game's menu entries and opens its lesson at step 1."""
    assert [e.key for e in entries] == ["new_game", "learn", "load"]
    _, _, table = open_from_menu(app, game)
    assert type(table).__name__ == scene and table.runner.index == 0


def nothing_kept_but_the_step(app, saves: Path, game: str, until: str):
    """While the lesson runs its session writes no autosave, offers no undo and its
    emergency save writes nothing; returns the session."""
    driver, _, table = open_from_menu(app, game)
    play_lesson(driver, table, until=until)
    session = table.session
    assert table.lesson_on and not session.autosaves
    assert not session.can_undo()
    assert session.emergency_save() is None
    assert list(saves.iterdir()) == []
    return session
