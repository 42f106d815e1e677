"""Issue 40, item 3 (and item 4's "Open … folder"): the About screen, reached from the
menu, says what this program is — the fan-implementation notice — with its version,
licences and where saves and logs live, and opens those folders without ever crashing."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pygame
import pygame_gui
import pytest

from game import __version__, app_log, i18n
from game.ui.scenes import about
from game.ui.scenes.about import AboutScene
from game.ui.scenes.menu import MenuScene
from tests.test_ui_walk import click_at, guarded, press_key

ROOT = Path(__file__).resolve().parent.parent
OWNERS = ("White Wizard Games", "Leder Games", "Fantasy Flight Games", "Games Workshop")
SLACK = 4


@pytest.fixture
def logs(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "logs"
    monkeypatch.setenv(app_log.LOG_ENV, str(folder))
    return folder


def open_about(app) -> AboutScene:
    app.push(MenuScene(app))
    click_at(app, app.top.button_rect("about").center)
    assert isinstance(app.top, AboutScene)
    return app.top


def test_about_opens_from_the_menu_and_back_and_escape_return(app, saves_folder, logs):
    scene = open_about(app)
    click_at(app, scene.back.rect.center)
    assert isinstance(app.top, MenuScene)
    open_about(app)
    press_key(app, pygame.K_ESCAPE)
    assert isinstance(app.top, MenuScene)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_about_says_what_this_is_its_version_licences_and_folders(app, saves_folder, logs,
                                                                  lang):
    i18n.set_language(lang)
    scene = open_about(app)
    words = scene.box.html_text
    assert __version__ in words
    assert all(owner in words for owner in OWNERS)
    assert i18n.t("about.notice", lang, product="Starfold")[:40] in words
    assert str(saves_folder.resolve()) in words and str(logs.resolve()) in words
    assert "MIT License" in words and "SIL OPEN FONT LICENSE" in words
    assert "about." not in words and "menu." not in words  # never a key


def test_the_readme_and_notice_carry_the_notice():
    for name in ("README.md", "NOTICE.md"):
        text = " ".join((ROOT / name).read_text(encoding="utf-8").split())
        assert "unofficial, non-commercial fan implementation" in text, name
        assert all(owner in text for owner in OWNERS), name
    assert "NOTICE.md" in (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "NOTICE.md" in (ROOT / "MANIFEST.in").read_text(encoding="utf-8")


class FakeProcess:
    def __init__(self, code: int | None):
        self.code = code

    def wait(self, timeout: float) -> int:
        if self.code is None:
            raise subprocess.TimeoutExpired("opener", timeout)
        return self.code


def test_open_folder_runs_the_platforms_opener_and_reports_failures(tmp_path, monkeypatch):
    assert about.open_command(tmp_path, "linux") == ["xdg-open", str(tmp_path)]
    assert about.open_command(tmp_path, "darwin") == ["open", str(tmp_path)]
    assert about.open_command(tmp_path, "win32") is None
    ran: list[list[str]] = []
    outcome: list[object] = [FakeProcess(0)]

    def popen(cmd, **kwargs):
        ran.append(cmd)
        if isinstance(outcome[0], BaseException):
            raise outcome[0]
        return outcome[0]

    monkeypatch.setattr(about.sys, "platform", "linux")
    monkeypatch.setattr(about.subprocess, "Popen", popen)
    folder = tmp_path / "not-yet"
    assert about.open_folder(folder) is None and folder.is_dir()  # made, then opened
    assert ran == [["xdg-open", str(folder)]]
    outcome[0] = FakeProcess(None)  # still running: the file manager is starting
    assert about.open_folder(folder) is None
    outcome[0] = FakeProcess(4)
    assert about.open_folder(folder) == "xdg-open: exit code 4"
    outcome[0] = FileNotFoundError(2, "No such file or directory", "xdg-open")
    assert "No such file or directory" in about.open_folder(folder)


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_the_open_buttons_show_the_outcome_on_screen_never_a_crash(app, saves_folder, logs,
                                                                   monkeypatch, lang):
    i18n.set_language(lang)
    opened: list[Path] = []

    def fake_open(path: Path) -> str | None:
        opened.append(path)
        if path == logs.resolve():
            return "no file manager"
        return None

    monkeypatch.setattr(about, "open_folder", fake_open)
    scene = open_about(app)
    click_at(app, scene.open_saves.rect.center)
    assert opened == [saves_folder.resolve()]
    assert scene.status == i18n.t("about.opened", path=str(saves_folder.resolve()))
    click_at(app, scene.open_logs.rect.center)
    assert opened[-1] == logs.resolve()
    assert scene.status_failed and "no file manager" in scene.status
    assert str(logs.resolve()) in scene.status
    guarded(app)
    assert isinstance(app.top, AboutScene)  # still here, saying why


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_about_fits_the_window_with_no_text_cut(make_table_app, saves_folder, logs, size,
                                                lang):
    app = make_table_app(size=size, lang=lang)
    scene = open_about(app)
    window = pygame.Rect((0, 0), size)
    for el in scene.ui.get_sprite_group().sprites():
        if isinstance(el, pygame_gui.elements.UIButton | pygame_gui.elements.UITextBox):
            assert window.contains(el.rect), (el, el.rect)
        if isinstance(el, pygame_gui.elements.UIButton):
            assert el.font.size(el.text)[0] <= el.rect.w - SLACK, (el.text, el.rect)
    buttons = [scene.open_saves.rect, scene.open_logs.rect, scene.back.rect]
    assert not any(a.colliderect(b) for i, a in enumerate(buttons) for b in buttons[i + 1:])
    assert not scene.box.rect.colliderect(scene.open_saves.rect)
    title = i18n.t("about.title", product="Starfold")
    from game.ui import fonts

    assert fonts.font(scene.px(52), True).size(title)[0] < size[0]
