"""Issue 36, item 9: a failed autosave (full disk, read-only folder, no file handles) is
told — once in words, with a marker on the table until a save succeeds — in every game,
in one wording; the headless host prints one line.  Tests run as root, so the failures
are made by the atomic writer raising what the system would."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pygame
import pytest

from game import i18n, save_files
from game.arcs.ui.scenes.table import ArcsTableScene
from game.arcs.ui.session import ArcsSession, ArcsSetup
from game.commands.host import HostLoop, TableHostLoop
from game.forbidden_stars.ui.scenes.table import FsTableScene
from game.forbidden_stars.ui.session import FsSession, FsSetup
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.ui.scenes.table import TableScene
from game.star_realms.ui.session import Session
from game.ui.autosave_notice import MARKER_BG
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_ui_table import frame

ERRORS = [errno.ENOSPC, errno.EROFS, errno.EMFILE]


@pytest.fixture
def folder(saves_folder: Path) -> Path:
    return saves_folder


class Disk:
    """The atomic writer every save goes through, failing while ``error`` is set."""

    def __init__(self, monkeypatch) -> None:
        self.error = 0
        real = save_files.atomic_write_text

        def write(path, text):
            if self.error:
                raise OSError(self.error, os.strerror(self.error), str(path))
            real(path, text)

        monkeypatch.setattr(save_files, "atomic_write_text", write)


def autosave_until_told(session, disk: Disk, code: int) -> list[str]:
    """Three failed autosaves, one that works, one that fails again: what is told."""
    told = []
    disk.error = code
    for _ in range(3):
        assert session.autosave() == os.strerror(code)
        told.append(session.autosave_status.news())
        assert session.autosave_status.failing
    disk.error = 0
    assert session.autosave() == "" and not session.autosave_status.failing
    told.append(session.autosave_status.news())
    disk.error = code
    session.autosave()
    told.append(session.autosave_status.news())
    return told


@pytest.mark.parametrize("code", ERRORS)
@pytest.mark.parametrize("make", [
    lambda: ArcsSession(ArcsSetup(("human", "random"), ("A", "B"), 3), bot_delay=0),
    lambda: FsSession(FsSetup(("human", "random"), ("A", "B"), seed=3), bot_delay=0),
], ids=["arcs", "forbidden_stars"])
def test_a_failed_autosave_is_told_once_per_run_of_failures(folder, monkeypatch, code, make):
    disk = Disk(monkeypatch)
    session = make()
    told = autosave_until_told(session, disk, code)
    words = f"Could not autosave: {os.strerror(code)}"
    assert told == [words, "", "", "", words]
    i18n.set_language("ru")
    try:
        session.autosave_status.record("")
        session.autosave_status.record("x")
        assert session.autosave_status.news() == "Не удалось автосохранить: x"
    finally:
        i18n.set_language("en")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0,
                    reason="root writes into a read-only folder anyway")
def test_a_read_only_saves_folder_is_told(folder):
    session = FsSession(FsSetup(("human", "random"), ("A", "B"), seed=3), bot_delay=0)
    folder.chmod(0o500)
    try:
        assert session.autosave() and session.autosave_status.news().startswith(
            "Could not autosave: ")
    finally:
        folder.chmod(0o700)


def marker_shown(surface: pygame.Surface, app) -> bool:
    """The marker's own dark red anywhere on the screen (it is drawn nowhere else)."""
    w, h = surface.get_size()
    return any(surface.get_at((x, y))[:3] == MARKER_BG
               for x in range(0, w, 3) for y in range(0, h, 3))


@pytest.mark.parametrize("game", ["arcs", "forbidden_stars"])
def test_the_table_says_it_once_and_keeps_a_marker_until_a_save_works(app, folder,
                                                                     monkeypatch, game,
                                                                     tmp_path):
    disk = Disk(monkeypatch)
    if game == "arcs":
        session = ArcsSession(ArcsSetup(("human", "random"), ("A", "B"), 3), bot_delay=0)
        scene_class = ArcsTableScene
    else:
        session = FsSession(FsSetup(("human", "random"), ("A", "B"), seed=3), bot_delay=0)
        scene_class = FsTableScene
    app.push(MenuScene(app))
    table = app.push(scene_class(app, session))
    frame(app)
    assert not marker_shown(app.screen, app)
    disk.error = errno.ENOSPC
    session.autosave()  # as after a completed turn
    frame(app)
    assert table.autosave_notice.words == "Could not autosave: No space left on device"
    assert marker_shown(app.screen, app)
    pygame.image.save(app.screen, str(tmp_path / f"{game}-autosave-failed.png"))
    session.autosave()  # failing again: no new words
    before = table.autosave_notice.until
    frame(app, n=2)
    assert table.autosave_notice.until == before
    app.clock_ms += 10_000  # the words go; the marker stays
    frame(app)
    assert marker_shown(app.screen, app)
    disk.error = 0
    session.autosave()
    frame(app)
    assert not marker_shown(app.screen, app)


def test_star_realms_says_it_in_the_same_words_once(app, folder, monkeypatch):
    disk = Disk(monkeypatch)
    disk.error = errno.EROFS
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "greedy"))))
    app.push(MenuScene(app))
    table = app.push(TableScene(app, Session(DB, state, ["human", "greedy"])))
    frame(app)
    words = "Could not autosave: Read-only file system"
    assert [t[0] for t in table.toasts] == [words]
    table.save_turn()  # the next turn starts: still failing, nothing new said
    assert [t[0] for t in table.toasts] == [words]
    assert marker_shown(app.screen, app)
    disk.error = 0
    table.save_turn()
    frame(app)
    assert not table.autosave_status.failing and not marker_shown(app.screen, app)


def test_the_headless_hosts_print_one_line(folder, monkeypatch):
    disk = Disk(monkeypatch)
    disk.error = errno.EMFILE
    said: list[str] = []
    session = FsSession(FsSetup(("random", "random"), ("A", "B"), seed=3), bot_delay=0)
    loop = TableHostLoop(session, say=said.append)
    for _ in range(40):
        loop.step(wait=0)
    failures = [line for line in said if "autosave" in line]
    assert failures == ["Could not autosave: Too many open files"]
    # Star Realms' host: the same words, once
    said.clear()

    class NoPhones:
        def status(self):
            return {}

    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("A", "greedy"), SeatConfig("B", "greedy"))))
    sr = Session(DB, state, ["greedy", "greedy"])
    host = HostLoop(sr, [], NoPhones(), 0.0, 200, say=said.append)
    for turn in range(1, 4):
        sr.state.turn = turn  # (a new turn begins: the host autosaves)
        host.after_change()
    assert [line for line in said if "autosave" in line] == [
        "Could not autosave: Too many open files"]
    sr.close()
