"""Issue 36 items 16 and 17: commands on a player's machine that says no, and one verdict
on a save for the command line, the Load list and Continue.

16. ``smoke --keep-save`` with a full, read-only or missing saves folder printed a
    traceback: it says "could not save: <reason>" and exits non-zero.
17. ``replay --verify`` loaded saves without a summary while the Load list called them
    damaged: the summary is shown, never needed, so both now accept them — all three
    games, and Continue offers such an autosave as it offers any.
"""

from __future__ import annotations

import argparse
import errno
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.commands import smoke
from tests.test_save_size_limits import KITS, compact, long_save, run_replay
from tests.test_saves import random_game

ROOT = Path(__file__).resolve().parent.parent


# ---------------------------------------------------------------------- 16. smoke --keep-save


def keep_save_args() -> argparse.Namespace:
    return argparse.Namespace(frames=5, seed=1, keep_save=True)


def refuse(exc: OSError):
    def raiser(*args, **kwargs):
        raise exc

    return raiser


@pytest.mark.parametrize("how", ["read-only", "full"])
def test_smoke_keep_save_says_why_it_could_not_save(tmp_path, monkeypatch, capsys, how):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "saves"))
    state = random_game(1, 30)
    monkeypatch.setattr(smoke, "smoke", lambda frames, seed: state)  # (the frames: below)
    if how == "read-only":  # as a read-only folder answers (chmod means nothing to root)
        monkeypatch.setattr(tempfile, "mkstemp", refuse(OSError(
            errno.EROFS, os.strerror(errno.EROFS), str(tmp_path / "saves"))))
    else:  # a full disk fails the write's flush to disk
        monkeypatch.setattr(os, "fsync", refuse(OSError(errno.ENOSPC,
                                                        os.strerror(errno.ENOSPC))))
    code = smoke.run(keep_save_args())
    err = capsys.readouterr().err
    assert code == 1
    reason = os.strerror(errno.EROFS if how == "read-only" else errno.ENOSPC)
    assert f"smoke: could not save: {reason}" in err
    assert "Traceback" not in err
    # nothing half-written is left behind
    assert not [p for p in (tmp_path / "saves").glob("*") if p.suffix in (".json", ".tmp")]


def test_smoke_keep_save_into_a_folder_that_cannot_exist(tmp_path):
    """The real command: the saves folder's parent is a file, so it cannot be made."""
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("x")
    env = {**os.environ, "STAR_REALMS_SAVES_DIR": str(blocker / "saves"),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    res = subprocess.run([sys.executable, "-m", "game", "smoke", "--frames", "20",
                          "--keep-save"], cwd=ROOT, env=env, capture_output=True, text=True,
                         timeout=300)
    assert res.returncode == 1, res.stderr[-2000:]
    assert "smoke: could not save: Not a directory" in res.stderr
    assert "Traceback" not in res.stderr


def test_smoke_keep_save_still_saves(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    state = random_game(1, 30)
    monkeypatch.setattr(smoke, "smoke", lambda frames, seed: state)
    assert smoke.run(keep_save_args()) == 0
    (saved,) = tmp_path.glob("manual-*.json")
    assert f"smoke: saved {saved}" in capsys.readouterr().err


# ---------------------------------------------------------------------- 17. one verdict


@pytest.mark.parametrize("kit", KITS, ids=[k.id for k in KITS])
@pytest.mark.parametrize("summary", ["missing", 3, None, []])
def test_a_save_without_a_summary_loads_lists_and_continues(kit, summary, tmp_path,
                                                           monkeypatch, capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    doc = dict(long_save(kit.id, short=True))  # a few turns in: unfinished
    if summary == "missing":
        del doc["summary"]
    else:
        doc["summary"] = summary
    path = tmp_path / f"{kit.prefix}autosave-20260101-000000-000.json"
    path.write_bytes(compact(doc))
    kit.load(path)  # the game's loader takes it (it never reads the summary) ...
    code, out, err = run_replay(path, "--verify", capsys=capsys)
    assert code == 0 and "snapshot verified" in out, err  # ... and so does the command
    (info,) = [i for i in kit.listed(tmp_path) if i.path == path]
    assert info.error == ""  # so the Load list does not call it damaged
    assert info.summary == kit.saves._safe_summary({})  # it shows what it knows: nothing
    latest = kit.latest(tmp_path)
    assert latest is not None and latest.path == path  # and Continue offers it


def test_the_json_of_saves_lists_it_too(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path))
    from game.commands import saves as saves_command

    for kit in KITS:
        doc = dict(long_save(kit.id, short=True))
        del doc["summary"]
        (tmp_path / f"{kit.prefix}manual-20260101-000000-000.json").write_bytes(compact(doc))
    assert saves_command.run(argparse.Namespace(json=True)) == 0
    rows = json.loads(capsys.readouterr().out)["saves"]
    assert sorted(r["game"] for r in rows) == sorted(k.id for k in KITS)
    assert all(r["error"] == "" for r in rows)
