"""Regressions from fault testing: files that lie, odd entries in the saves folder, crash
loops through Continue, and writes killed half-way."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from game import settings
from game.commands import replay, simulate
from game.star_realms import saves
from game.star_realms.engine import GameConfig, SeatConfig, new_game
from game.star_realms.engine.snapshot import snapshot
from game.star_realms.saves import SaveError, load_document, parse_document, to_document
from game.star_realms.ui.scenes.load import LoadScene, open_save
from game.star_realms.ui.scenes.table import TableScene
from game.ui.crash import CrashScene, write_report
from game.ui.scenes.menu import MenuScene
from tests.scene import DB
from tests.test_saves import random_game
from tests.test_ui_table import frame

ROOT = Path(__file__).resolve().parent.parent


def good_doc(seed: int = 4, steps: int = 60) -> dict:
    return json.loads(json.dumps(to_document(random_game(seed, steps))))


def write(path: Path, doc: dict | str | bytes) -> Path:
    if isinstance(doc, dict):
        doc = json.dumps(doc)
    path.write_bytes(doc if isinstance(doc, bytes) else doc.encode("utf-8"))
    return path


def run_replay(path: Path, *flags: str, capsys) -> tuple[int, str, str]:
    """`python -m game replay PATH FLAGS` in this process (the same code, 100× faster)."""
    import argparse

    p = argparse.ArgumentParser()
    replay.register(p.add_subparsers())
    code = replay.run(p.parse_args(["replay", str(path), *flags]))
    out = capsys.readouterr()
    return code, out.out, out.err


# ------------------------------------------------------------ 3. strings that crash drawing


@pytest.mark.parametrize("bad", ["\ud800", "A\udfffB", "Ann\x00", "\x00"])
def test_a_lone_surrogate_or_nul_in_a_seat_name_is_refused(bad):
    doc = good_doc()
    doc["config"]["seats"][0]["name"] = bad
    data = json.dumps(doc).encode()  # escapes: \\ud800, \\u0000 — valid JSON text
    with pytest.raises(SaveError, match="NUL or an unpaired surrogate"):
        load_document(DB, parse_document(data))


@pytest.mark.parametrize("bad", ["\ud800", "x\x00"])
def test_a_bad_string_in_the_summary_alone_is_refused_too(bad):
    doc = good_doc()
    doc["summary"]["seats"][0]["name"] = bad  # shown on the Load screen
    with pytest.raises(SaveError, match="NUL or an unpaired surrogate"):
        parse_document(json.dumps(doc).encode())


def test_control_characters_in_a_seat_name_are_refused():
    doc = good_doc()
    doc["config"]["seats"][1]["name"] = "Bot\x1b[31m"
    with pytest.raises(SaveError, match="seat 2 has no valid name"):
        load_document(DB, doc)


def test_the_load_screen_lists_such_files_as_damaged_and_draws(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    doc = good_doc()
    doc["config"]["seats"][0]["name"] = "\ud800"
    doc["summary"]["seats"][0]["name"] = "\ud800"
    write(tmp_path / "autosave-20260101-000000-000.json", doc)
    app.push(MenuScene(app))
    assert app.top.continue_save is None  # a refused file is never offered as Continue
    load = app.push(LoadScene(app))
    frame(app)
    (info,) = load.rows.values()
    assert "unpaired surrogate" in info.error


def test_emergency_saves_are_pruned_like_autosaves(tmp_path):
    state = random_game(2, 10)
    for _ in range(saves.KEEP_EMERGENCY + 4):
        saves.save_game(state, "emergency", tmp_path)
    assert len(list(tmp_path.glob("emergency-*.json"))) == saves.KEEP_EMERGENCY


def crash_on_first_frame(monkeypatch) -> None:
    def boom(self, surface):
        raise RuntimeError("synthetic table failure")

    monkeypatch.setattr(TableScene, "draw_scene", boom)


def test_a_file_that_crashed_is_not_offered_as_continue_again(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "greedy"))))
    first = saves.autosave(state, tmp_path)
    app.push(MenuScene(app))
    assert app.top.continue_save[1].path == first
    crash_on_first_frame(monkeypatch)
    seen = []
    for _ in range(4):  # a player pressing Continue after every crash
        menu = next(s for s in app.stack if isinstance(s, MenuScene))
        menu.rebuild()
        if menu.continue_save is None:
            break
        seen.append(menu.continue_save[1].path.name)
        open_save(app, menu.continue_save[1].path)
        app.guarded_frame([], 1 / 60)
        assert isinstance(app.top, CrashScene)
    # the autosave crashed → its emergency save is offered once → that crashed too → no more
    assert seen[0] == first.name and seen[1].startswith("emergency-") and len(seen) == 2
    assert {first.name, seen[1]} <= saves.crashed_saves(tmp_path)
    assert len(list(tmp_path.glob("emergency-*.json"))) == 2
    # both can still be opened by hand from Load
    assert all(not i.error for i in saves.list_saves(tmp_path, DB))


def test_a_crash_while_opening_marks_the_file_even_without_a_session(app, tmp_path,
                                                                     monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=3, first=0, seats=(
        SeatConfig("Ann", "human"), SeatConfig("Bot", "greedy"))))
    path = saves.autosave(state, tmp_path)

    def broken(db, state):
        raise RuntimeError("the session cannot be made")

    monkeypatch.setattr("game.star_realms.ui.campaign_flow.resume_session", broken)
    app.push(MenuScene(app))
    app.guarded_frame([], 1 / 60)
    monkeypatch.setattr(app, "frame", lambda events, dt: open_save(app, path))
    app.guarded_frame([], 1 / 60)
    assert isinstance(app.top, CrashScene) and app.opening is None
    assert path.name in saves.crashed_saves(tmp_path)
    assert not list(tmp_path.glob("emergency-*.json"))  # there was no game to save
    assert saves.latest_unfinished_autosave(tmp_path, DB) is None


# ------------------------------------------------------------ 4. odd entries in the folder


def _finishes(fn, seconds: float = 10.0):
    box: dict = {}

    def target():
        try:
            box["value"] = fn()
        except BaseException as exc:  # reported below
            box["error"] = exc

    th = threading.Thread(target=target, daemon=True)
    th.start()
    th.join(seconds)
    assert not th.is_alive(), f"{fn} blocked"
    if "error" in box:
        raise box["error"]
    return box.get("value")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_named_like_a_save_does_not_block(tmp_path):
    good = saves.autosave(random_game(1, 10), tmp_path)
    os.mkfifo(tmp_path / "autosave-29991231-235959-999.json")
    os.mkfifo(tmp_path / "pipe.json")
    infos = _finishes(lambda: saves.list_saves(tmp_path, DB))
    assert [i.path for i in infos] == [good]
    assert _finishes(lambda: saves.latest_unfinished_autosave(tmp_path, DB)).path == good
    with pytest.raises(SaveError, match="not a regular file"):
        _finishes(lambda: saves.read_document(tmp_path / "pipe.json"))
    _finishes(lambda: saves.tidy(tmp_path))  # pruning skips it too


def test_broken_symlinks_and_loops_are_skipped(tmp_path):
    good = saves.autosave(random_game(1, 10), tmp_path)
    os.symlink(tmp_path / "nowhere.json", tmp_path / "broken.json")
    os.symlink(tmp_path / "loop-a.json", tmp_path / "loop-b.json")
    os.symlink(tmp_path / "loop-b.json", tmp_path / "loop-a.json")
    (tmp_path / "folder.json").mkdir()
    assert [i.path for i in saves.list_saves(tmp_path, DB)] == [good]
    saves.tidy(tmp_path)
    from game.star_realms.campaign import store

    assert [i.path for i in store.list_campaigns(DB, tmp_path)] == [good]  # (not a campaign)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_the_menu_starts_with_odd_entries_in_the_saves_folder(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    os.mkfifo(tmp_path / "autosave-x.json")
    os.symlink(tmp_path / "loop.json", tmp_path / "loop.json")
    menu = _finishes(lambda: app.push(MenuScene(app)))
    assert menu.continue_save is None


# ------------------------------------------------------------ 5–6. files that lie


def test_a_save_without_a_snapshot_is_refused(tmp_path, capsys):
    doc = good_doc()
    del doc["snapshot"]
    with pytest.raises(SaveError, match="no snapshot"):
        load_document(DB, doc)
    code, out, err = run_replay(write(tmp_path / "s.json", doc), "--verify", capsys=capsys)
    assert code == 2 and "no snapshot" in err and "verified" not in out


def test_replay_without_verify_says_nothing_was_compared(tmp_path, capsys):
    path = write(tmp_path / "s.json", good_doc())
    code, out, _ = run_replay(path, capsys=capsys)
    assert code == 0 and "not compared" in out and "snapshot verified" not in out
    code, out, _ = run_replay(path, "--verify", capsys=capsys)
    assert code == 0 and "snapshot verified" in out


def tamper(doc: dict, how: str) -> dict:
    snap = doc["snapshot"]
    if how == "authority":
        snap["life"] = [999 for _ in snap["life"]]
    elif how == "format":
        doc["config"]["format"] = "hunter"
    elif how == "sets":
        doc["config"]["sets"] = ["colony_wars"]
    elif how == "seed":
        doc["config"]["seed"] += 1
    elif how == "inf":
        return json.loads(json.dumps(doc).replace('"turn":', '"turn":1e999,"x":', 1))
    elif how == "index":
        snap["trade_row"][0] = 10**6
    elif how == "null_stack":
        snap["stack"] = [None, None]
    return doc


@pytest.mark.parametrize("how", ["authority", "format", "sets", "seed", "inf", "index",
                                 "null_stack"])
def test_tampered_snapshots_never_load_unchecked(tmp_path, capsys, how):
    doc = tamper(good_doc(), how)
    path = tmp_path / "t.json"
    path.write_text(json.dumps(doc, allow_nan=True))
    with pytest.raises(SaveError):
        saves.load_game(DB, path)  # what the game's Load does
    code, _, err = run_replay(path, "--verify", capsys=capsys)
    assert code == 2 and err.count("\n") == 1
    # --fast is gone: it replays the log like the rest, and never trusts the snapshot
    code, out, err = run_replay(path, "--fast", capsys=capsys)
    assert "999" not in out
    assert code == 2 or "not compared" in out


# ------------------------------------------------------------ 7. deep nesting


def test_a_deeply_nested_settings_file_does_not_stop_the_game(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path))
    (tmp_path / "settings.json").write_text("[" * 100_000 + "]" * 100_000)
    loaded, problems = settings.load_settings()
    assert loaded == settings.Settings() and problems
    (tmp_path / "settings.json").write_text('{"language": ' + "[" * 200 + "]" * 200 + "}")
    loaded, problems = settings.load_settings()
    assert loaded == settings.Settings() and "nested too deeply" in problems[0]
    from game.ui.main import make_app

    app = make_app(size=(640, 360), persist=False)  # reads that file and starts
    assert app.settings_problems


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_a_fifo_as_settings_file_does_not_block(tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_CONFIG_DIR", str(tmp_path))
    os.mkfifo(tmp_path / "settings.json")
    loaded, problems = _finishes(settings.load_settings)
    assert loaded == settings.Settings() and "not a regular file" in problems[0]


def test_deep_nesting_in_a_save_and_a_campaign_is_refused(tmp_path):
    doc = good_doc()
    doc["summary"]["extra"] = json.loads("[" * 500 + "]" * 500)
    with pytest.raises(SaveError, match="nested too deeply"):
        parse_document(json.dumps(doc).encode())
    from game.star_realms.campaign import store
    from game.star_realms.campaign.model import CampaignError

    path = tmp_path / "c.json"
    path.write_text('{"magic": ' + "[" * 900 + "]" * 900 + "}")
    with pytest.raises(CampaignError, match="nested too deeply"):
        store.load(path, DB)


# ------------------------------------------------------------ 10. simulate --save


def sim_args(*argv: str):
    import argparse

    p = argparse.ArgumentParser()
    sub = p.add_subparsers()
    simulate.register(sub)
    return p.parse_args(["simulate", *argv])


def test_simulate_can_save_an_adventure_game(tmp_path, capsys):
    path = tmp_path / "adv.json"
    code = simulate.run(sim_args("--adventure", "dimensional_horror", "--difficulty", "novice",
                                 "--seats", "greedy,easy", "--games", "1", "--seed", "5",
                                 "--stop-at-turn", "7", "--save", str(path)))
    assert code == 0
    state = saves.load_game(DB, path)
    assert state.config.seats[-1].controller == "boss"
    assert dict(state.config.options)["difficulty"] == "novice"
    assert snapshot(state)["turn"] == 7


def test_simulate_campaign_with_save_is_a_usage_error(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr(sys, "argv", ["game", "simulate", "--campaign"])
    code = simulate.run(sim_args("--campaign", "--seats", "greedy,greedy",
                                 "--save", str(tmp_path / "c.json")))
    assert code == 2 and not (tmp_path / "c.json").exists()
    assert "--save" in capsys.readouterr().err


# ------------------------------------------------------------ 11. durability


def test_an_atomic_write_flushes_the_folder_too(tmp_path, monkeypatch):
    synced = []
    real = os.fsync

    def spy(fd):
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}") if os.path.exists("/proc/self/fd")
                      else None)
        return real(fd)

    monkeypatch.setattr(os, "fsync", spy)
    settings.atomic_write_text(tmp_path / "a.json", "{}")
    if os.name != "nt" and os.path.exists("/proc/self/fd"):
        assert synced == [False, True]  # the file, then its folder


def test_crash_reports_made_in_the_same_second_keep_both(app, tmp_path, monkeypatch):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    app.push(MenuScene(app))
    paths = [write_report(RuntimeError(f"crash {i}"), app)[0] for i in range(5)]
    assert len(set(paths)) == 5 and all(p.exists() for p in paths)


def test_tidy_removes_old_temp_files_and_extra_autosaves(tmp_path):
    state = random_game(2, 10)
    for _ in range(5):
        saves.autosave(state, tmp_path)
    # the game died after writing a sixth autosave, before pruning; and mid-writes
    saves.write_save(state, saves.unique_path(tmp_path, "autosave"), "autosave")
    for i in range(3):
        tmp = tmp_path / f".autosave-x.json.{i}abc.tmp"
        tmp.write_text("{")
        os.utime(tmp, (time.time() - 3600, time.time() - 3600))
    young = tmp_path / ".autosave-y.json.zz.tmp"
    young.write_text("{")  # perhaps another instance writing right now: kept
    saves.tidy(tmp_path)
    assert len(list(tmp_path.glob("autosave-*.json"))) == 5
    assert [p.name for p in tmp_path.glob(".*.tmp")] == [young.name]


# One child imports the game and plays the position once, then forks a writer per kill:
# each writer is a real process SIGKILLed mid-write, as before, without paying the
# interpreter start, the imports and the 200-action game 25 times (~20 CPU-s).
KILL_SCRIPT = """
import os, sys
from pathlib import Path
from game.star_realms import saves
from tests.test_saves import random_game
state = random_game(7, 200)
folder = Path(sys.argv[1])
for _ in sys.stdin:
    pid = os.fork()
    if pid == 0:
        while True:
            saves.autosave(state, folder)
    print(pid, flush=True)
    os.waitpid(pid, 0)
    print("reaped", flush=True)
"""


@pytest.mark.slow
@pytest.mark.skipif(os.name == "nt", reason="SIGKILL")
def test_autosaves_killed_mid_write_leave_five_good_saves_after_tidy(tmp_path):
    """Kill the writer at random moments many times; then start-up tidying leaves exactly
    five autosaves, every one loadable, and no temp files."""
    import random

    rnd = random.Random(1)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with subprocess.Popen([sys.executable, "-c", KILL_SCRIPT, str(tmp_path)], cwd=ROOT,
                          env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE) as forks:
        assert forks.stdin is not None and forks.stdout is not None
        for _ in range(25):
            forks.stdin.write(b"go\n")
            forks.stdin.flush()
            writer = int(forks.stdout.readline())
            time.sleep(rnd.uniform(0.0, 0.05))
            os.kill(writer, signal.SIGKILL)
            assert forks.stdout.readline().strip() == b"reaped"
        forks.stdin.close()
        assert forks.wait(timeout=60) == 0
    for tmp in tmp_path.glob(".*.tmp"):  # as if the next start were a minute later
        os.utime(tmp, (time.time() - 3600, time.time() - 3600))
    saves.tidy(tmp_path)
    autosaves = list(tmp_path.glob("autosave-*.json"))
    assert len(autosaves) == 5 and not list(tmp_path.glob(".*.tmp"))
    for path in autosaves:
        saves.load_game(DB, path)

