"""Issue 36 items 13, 14 and 15: broken rules data of any of the three games, through
every command and the app.

13. Broken Arcs or Forbidden Stars rules: every command checks every game's data first
    and exits 2 with ``file:entry:field`` lines (``smoke`` printed a traceback).
14. A FIFO named like a rules file: refused as "not a regular file" (it hung
    ``validate-rules``, ``simulate``, ``smoke`` and the app forever).
15. Forbidden Stars rules without a player count's ``[[players]]`` table fail validation
    (every 4-player game failed at setup).

``STAR_REALMS_RULES_DIR`` (read by game.resources.rules_dir) points the game at a
damaged copy of rules/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from game.forbidden_stars.data import FSRulesError, parse_fs_rules
from game.forbidden_stars.data.board import PLAYER_COUNTS
from game.forbidden_stars.engine.setup import new_game as fs_new_game
from game.forbidden_stars.engine.state import GameConfig as FSConfig
from game.toml_reading import MAX_RULES_BYTES, read_toml
from game.ui import main as ui_main
from game.ui.scenes.rules_error import RulesErrorScene

ROOT = Path(__file__).resolve().parent.parent
# (file, what is changed, into what, the line every command must print)
BREAKS = {
    "arcs": ("arcs/ambitions.toml", 'card_number = 2\ncounts = "resources"',
             'card_number = 2\ncounts = "resourcez"',
             "rules/arcs/ambitions.toml:tycoon:counts: unknown value 'resourcez'"),
    "forbidden_stars": ("forbidden_stars/combat_cards.toml",
                        'id = "sm_ambush"\nfaction = "space_marines"',
                        'id = "sm_ambush"\nfaction = "space_marinez"',
                        "rules/forbidden_stars/combat_cards.toml:sm_ambush:faction: "
                        "unknown value 'space_marinez'"),
}
COMMANDS = [["smoke", "--frames", "5"], ["cards"], ["simulate", "--games", "1"], ["saves"],
            ["view", "{tmp}/no-such-save.json"], ["replay", "{tmp}/no-such-save.json"],
            ["validate-rules"]]


def rules_copy(tmp_path: Path) -> Path:
    dst = tmp_path / "rules"
    shutil.copytree(ROOT / "rules", dst)
    return dst


def broken(tmp_path: Path, game: str) -> Path:
    rules = rules_copy(tmp_path)
    name, old, new, _ = BREAKS[game]
    path = rules / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return rules


def run_game(tmp_path: Path, rules: Path, *argv: str,
             timeout: float = 120) -> subprocess.CompletedProcess:
    env = {**os.environ, "STAR_REALMS_RULES_DIR": str(rules), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "STAR_REALMS_SAVES_DIR": str(tmp_path / "saves")}
    args = [a.replace("{tmp}", str(tmp_path)) for a in argv]
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("game", sorted(BREAKS))
@pytest.mark.parametrize("argv", COMMANDS, ids=[a[0] for a in COMMANDS])
def test_every_command_checks_every_games_data_first(tmp_path, game, argv):
    res = run_game(tmp_path, broken(tmp_path, game), *argv)
    assert res.returncode == 2, (res.returncode, res.stderr[-2000:])
    assert BREAKS[game][3] in res.stderr
    assert "Traceback" not in res.stderr + res.stdout


@pytest.mark.parametrize("game", sorted(BREAKS))
def test_the_app_shows_another_games_errors_instead_of_the_menu(app, tmp_path, monkeypatch,
                                                                game):
    monkeypatch.setenv("STAR_REALMS_RULES_DIR", str(broken(tmp_path, game)))
    assert ui_main.start(app) == 2
    assert isinstance(app.top, RulesErrorScene)
    assert any(e.startswith(BREAKS[game][3]) for e in app.top.errors)


# ---------------------------------------------------------------------- 14. odd files

FIFOS = ["frontiers.toml", "arcs/map.toml", "forbidden_stars/game.toml"]
needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")


def with_fifo(tmp_path: Path, name: str) -> Path:
    rules = rules_copy(tmp_path)
    (rules / name).unlink()
    os.mkfifo(rules / name)
    return rules


@needs_fifo
@pytest.mark.parametrize("name", FIFOS)
@pytest.mark.parametrize("argv", [["validate-rules"], ["simulate", "--games", "1"],
                                  ["smoke", "--frames", "5"]], ids=lambda a: a[0])
def test_a_fifo_named_like_a_rules_file_is_refused_not_waited_on(tmp_path, name, argv):
    res = run_game(tmp_path, with_fifo(tmp_path, name), *argv, timeout=90)
    assert res.returncode == 2, res.stderr[-2000:]
    assert f"rules/{name}: cannot read: not a regular file" in res.stderr
    assert "Traceback" not in res.stderr


def finishes(fn, seconds: float = 30.0):
    """``fn()``, or a failure if it is still running after ``seconds`` (a hang)."""
    out: list = []
    worker = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    worker.start()
    worker.join(seconds)
    assert not worker.is_alive(), "blocked"
    return out[0]


@needs_fifo
@pytest.mark.parametrize("name", FIFOS)
def test_the_app_shows_a_fifo_as_a_rules_error(app, tmp_path, monkeypatch, name):
    monkeypatch.setenv("STAR_REALMS_RULES_DIR", str(with_fifo(tmp_path, name)))
    assert finishes(lambda: ui_main.start(app)) == 2
    assert isinstance(app.top, RulesErrorScene)
    assert f"rules/{name}: cannot read: not a regular file" in app.top.errors


def test_folders_missing_files_and_huge_files_are_refused_with_a_reason(tmp_path):
    errors: list[str] = []
    (tmp_path / "dir.toml").mkdir()
    (tmp_path / "huge.toml").write_bytes(b"# " + b"x" * MAX_RULES_BYTES + b"\n")
    (tmp_path / "dangling.toml").symlink_to(tmp_path / "nowhere.toml")
    for name in ("dir.toml", "huge.toml", "dangling.toml", "missing.toml"):
        assert read_toml(tmp_path / name, f"rules/{name}", errors) is None
    assert errors == ["rules/dir.toml: cannot read: not a regular file",
                      f"rules/huge.toml: cannot read: the file is larger than "
                      f"{MAX_RULES_BYTES / 2**20:g} MB",
                      "rules/dangling.toml: cannot read: no such file",
                      "rules/missing.toml: file not found"]


# ---------------------------------------------------------------------- 15. player counts


def fs_rules_without(tmp_path: Path, old: str, new: str = "") -> Path:
    rules = rules_copy(tmp_path)
    path = rules / "forbidden_stars" / "game.toml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return rules


def players_table(n: int) -> str:
    text = (ROOT / "rules" / "forbidden_stars" / "game.toml").read_text(encoding="utf-8")
    start = text.index(f"[[players]]\nid = \"{['two', 'three', 'four'][n - 2]}\"")
    end = text.find("[[", start + 2)
    return text[start:] if end < 0 else text[start:end]


@pytest.mark.parametrize("n", PLAYER_COUNTS)
def test_forbidden_stars_rules_without_a_player_counts_setup_fail_validation(tmp_path, n):
    rules = fs_rules_without(tmp_path, players_table(n))
    with pytest.raises(FSRulesError) as caught:
        parse_fs_rules(rules / "forbidden_stars")
    assert caught.value.errors == [
        f"rules/forbidden_stars/game.toml:players:players: no [[players]] table for {n} "
        "players (the game is for 2 to 4: each count needs its board and storms)"]
    res = run_game(tmp_path, rules, "validate-rules")
    assert res.returncode == 2 and caught.value.errors[0] in res.stderr


def test_rules_that_pass_set_up_a_game_at_every_supported_count():
    """What validation promises: no player count the game offers fails at setup."""
    rules = parse_fs_rules(ROOT / "rules" / "forbidden_stars")
    for n in PLAYER_COUNTS:
        for quick in (True, False):
            state = fs_new_game(rules, FSConfig(n, 7, quick_setup=quick))
            assert state.n == n
