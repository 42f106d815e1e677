"""Issue 40, item 4: a rotating log file written by every command and the app, with
--log-level; warnings land in it; an unwritable folder never stops the program; start-up
errors are logged and shown; the crash dialog names the log."""

from __future__ import annotations

import logging
import logging.handlers
import warnings
from pathlib import Path

import pygame
import pytest

from game import app_log, cli
from game.ui import main as ui_main


@pytest.fixture
def log_folder(tmp_path, monkeypatch) -> Path:
    folder = tmp_path / "logs"
    monkeypatch.setenv(app_log.LOG_ENV, str(folder))
    level = logging.getLogger().level
    yield folder
    app_log.shutdown()
    logging.getLogger().setLevel(level)


def text(folder: Path) -> str:
    for handler in logging.getLogger().handlers:
        handler.flush()
    return (folder / app_log.FILE_NAME).read_text(encoding="utf-8")


def test_the_log_is_a_rotating_file_of_1_mb_and_3_backups_in_the_log_folder(log_folder):
    path = app_log.setup("info")
    assert path == log_folder / app_log.FILE_NAME
    ours = [h for h in logging.getLogger().handlers
            if isinstance(h, logging.handlers.RotatingFileHandler)
            and Path(h.baseFilename) == path]
    assert len(ours) == 1 and ours[0].maxBytes == 1_000_000 and ours[0].backupCount == 3
    logging.getLogger("game.x").info("hello info")
    logging.getLogger("game.x").debug("hidden debug")
    app_log.setup("debug")  # again (main() runs once per call): replaced, not doubled
    logging.getLogger("game.x").debug("shown debug")
    written = text(log_folder)
    assert "hello info" in written and "shown debug" in written
    assert "hidden debug" not in written
    assert written.count("shown debug") == 1


def test_warnings_land_in_the_log(log_folder):
    app_log.setup("info")
    with warnings.catch_warnings():
        warnings.simplefilter("always")
        warnings.warn("a windowed build would lose this", UserWarning, stacklevel=1)
    assert "a windowed build would lose this" in text(log_folder)


def test_a_commands_warnings_still_reach_the_console_beside_the_file(log_folder, capsys):
    """Before the file, Python's last-resort handler printed warnings on stderr (the
    host's "refused connections from …" among them); a handler on the root logger
    silences it, so the console gets its own, for warnings only, once."""
    app_log.setup("info")
    app_log.setup("info")  # again: still one console line per warning
    logging.getLogger("game.remote").warning("refused connections from 10.0.0.9: cap")
    logging.getLogger("game.remote").info("only in the file")
    err = capsys.readouterr().err
    assert err.count("refused connections from 10.0.0.9: cap") == 1
    assert "only in the file" not in err
    written = text(log_folder)
    assert "refused connections from 10.0.0.9" in written and "only in the file" in written


def test_an_unwritable_log_folder_falls_back_to_stderr_and_says_so_once(
        tmp_path, monkeypatch, capsys):
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv(app_log.LOG_ENV, str(blocker / "logs"))  # cannot be made
    monkeypatch.setattr(app_log, "_fallback_said", False)
    try:
        assert app_log.setup("info") is None
        assert app_log.setup("info") is None
        logging.getLogger("game.x").warning("still said somewhere")
        assert app_log.where() == "stderr"
    finally:
        app_log.shutdown()
    err = capsys.readouterr().err
    assert err.count("cannot write the log") == 1
    assert "still said somewhere" in err


def test_every_command_logs_its_start_with_version_platform_and_folders(log_folder):
    assert cli.main(["--log-level", "debug", "saves"]) == 0
    written = text(log_folder)
    assert "(saves)" in written and "0.1.0" in written
    assert "pygame-ce" in written and "Python" in written
    assert f"log={log_folder / app_log.FILE_NAME}" in written and "saves=" in written
    assert logging.getLogger().level == logging.DEBUG


def test_a_bad_log_level_is_an_argparse_error(capsys):
    with pytest.raises(SystemExit) as exc:
        cli.main(["--log-level", "loud", "saves"])
    assert exc.value.code == 2
    assert "--log-level" in capsys.readouterr().err


def test_a_start_up_error_without_a_window_is_logged_and_printed(log_folder, monkeypatch,
                                                                  capsys):
    app_log.setup("info")

    def broken(launch):
        raise RuntimeError("no theme today")

    monkeypatch.setattr(ui_main, "launch_app", broken)
    shown = []
    monkeypatch.setattr(ui_main, "error_dialog", lambda *a: shown.append(a))
    pygame.display.quit()  # no window exists
    try:
        assert ui_main.run() == 1
    finally:
        pygame.display.init()
    written = text(log_folder)
    assert "the game could not start" in written and "Traceback" in written
    assert "no theme today" in written
    err = capsys.readouterr().err
    assert str(log_folder / app_log.FILE_NAME) in err and "no theme today" in err
    assert shown == []


def test_a_start_up_error_with_a_window_shows_a_dialog(log_folder, monkeypatch, app):
    app_log.setup("info")
    monkeypatch.setattr(ui_main, "launch_app", lambda launch: app)

    def broken_start(application):
        pygame.event.post(pygame.event.Event(pygame.QUIT))  # the player closes the dialog
        raise KeyError("first scene")

    monkeypatch.setattr(ui_main, "start", broken_start)
    shown = []
    real = ui_main.error_dialog
    monkeypatch.setattr(ui_main, "error_dialog",
                        lambda surface, words: (shown.append(words), real(surface, words)))
    assert ui_main.run() == 1
    assert len(shown) == 1
    title, words = shown[0]
    assert title == "The game could not start"
    assert "first scene" in words and str(log_folder / app_log.FILE_NAME) in words
    assert "KeyError" in text(log_folder)


def test_the_crash_dialog_and_report_name_the_log(log_folder, app, saves_folder):
    import json

    from game.ui.crash import CrashScene, handle_crash
    from game.ui.scenes.menu import MenuScene

    app_log.setup("info")
    app.push(MenuScene(app))
    try:
        raise ValueError("boom in a frame")
    except ValueError as exc:
        handle_crash(app, exc)
    assert isinstance(app.top, CrashScene)
    log = str(log_folder / app_log.FILE_NAME)
    assert log in app.top.box.html_text
    report = json.loads(app.top.report.read_text(encoding="utf-8"))
    assert report["log"] == log
    assert "boom in a frame" in text(log_folder)
