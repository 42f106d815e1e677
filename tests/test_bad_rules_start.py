"""A broken rules/ folder: commands exit 2 with file:card:field lines, the game shows them.

``STAR_REALMS_RULES_DIR`` (read by game.resources.rules_dir) points the game at a
damaged copy of rules/.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game.ui import main as ui_main
from game.ui.scenes.rules_error import RulesErrorScene, error_markup

ROOT = Path(__file__).resolve().parent.parent
BAD_LINE = "rules/frontiers.toml:blob_alpha:primary[0].zap: unknown effect"
PNG_DIR = Path("/tmp/srt-rules-error")


def broken_rules(tmp_path: Path, more: bool = False) -> Path:
    dst = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", dst)
    edits = [("primary = [{ combat = 10 }]", "primary = [{ zap = 10 }]")]
    if more:  # a screenful of different messages for the dialog
        edits += [('name_en = "Blob Miner"\n', ""),
                  ('factions = ["blob"]\ntype = "ship"\ncost = 6',
                   'factions = ["blobb"]\ntype = "ship"\ncost = 66'),
                  ('from = ["trade_row"], max = 1 } }]\nscrap = [{ combat = 2 }]',
                   'from = ["trade_rows"], max = 1 } }]\nscrap = [{ combat = 2 }]')]
    path = dst / "frontiers.toml"
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return dst


@pytest.mark.parametrize("argv", [
    ["smoke", "--frames", "5"],
    ["validate-rules"],
    ["cards"],
    ["render-cards", "--out", "{tmp}/faces"],
    ["screenshot", "--out", "{tmp}/shot.png"],
    ["simulate", "--games", "1"],
    ["replay", "{tmp}/no-such-save.json"],
])
def test_commands_report_broken_rules_without_a_traceback(tmp_path, argv):
    bad = broken_rules(tmp_path)
    env = {**os.environ, "STAR_REALMS_RULES_DIR": str(bad), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy"}
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    res = subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=300)
    assert res.returncode == 2, res.stderr
    assert BAD_LINE in res.stderr
    assert "Traceback" not in res.stderr and "Traceback" not in res.stdout


def test_the_game_shows_the_errors_instead_of_the_menu(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_RULES_DIR", str(broken_rules(tmp_path, more=True)))
    assert ui_main.start(app) == 2
    scene = app.top
    assert isinstance(scene, RulesErrorScene) and len(app.stack) == 1
    assert any(e.startswith(BAD_LINE) for e in scene.errors)
    assert "blob_alpha" in scene.box.html_text and "<font color=" in scene.box.html_text
    PNG_DIR.mkdir(exist_ok=True)
    for lang in ("en", "ru"):  # written to look at; both languages fit the dialog
        from dataclasses import replace

        app.apply_settings(replace(app.settings, language=lang))
        for _ in range(3):
            app.frame([], 1 / 60)
        assert app.top is scene and scene.quit.rect.bottom <= app.size[1]
        pygame.image.save(app.screen, str(PNG_DIR / f"rules_error_{lang}.png"))


def test_error_text_is_escaped_and_capped():
    text = error_markup(["a.toml:x:who: expected <neighbour> & co"] * 70, limit=60)
    assert "&lt;neighbour&gt; &amp; co" in text and ">a.toml:x:who</font>: " in text
    assert text.count("<br><br>") == 60 and "10 more" in text.rsplit("<br>", 1)[1]


def test_quit_ends_the_game_loop(app, tmp_path, monkeypatch):
    """run() as `python -m game` calls it, with scripted input: a click on Quit."""
    monkeypatch.setenv("STAR_REALMS_RULES_DIR", str(broken_rules(tmp_path)))
    monkeypatch.setattr(ui_main, "make_app", lambda **_: app)
    real_get = pygame.event.get
    frames = []

    def scripted_get(*args, **kwargs):
        frames.append(1)
        queued = real_get(*args, **kwargs)  # what pygame-gui posted (the button press)
        if len(frames) > 30:
            raise AssertionError("pressing Quit did not end the loop")
        pos = app.top.quit.rect.center
        if len(frames) == 2:
            pygame.mouse.set_pos(pos)  # pygame-gui hovers by the real cursor position
            return queued + [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                                buttons=(0, 0, 0))]
        if len(frames) == 4:
            return queued + [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)]
        if len(frames) == 5:
            return queued + [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]
        return queued

    monkeypatch.setattr(pygame.event, "get", scripted_get)
    assert ui_main.run() == 2
    assert not app.running and 5 < len(frames) < 10


def test_good_rules_open_the_menu(app):
    from game.ui.scenes.menu import MenuScene

    assert ui_main.start(app) == 0
    assert isinstance(app.top, MenuScene) and len(app.stack) == 1
