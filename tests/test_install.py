"""Installing and updating the game (issue 21): data inside the package, saves that
survive an update, commands that leave the saves folder alone, a console that cannot
show every character, pinned tools, and the licence files a build ships."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement

from game import resources, saves_folder, user_dirs

ROOT = Path(__file__).resolve().parent.parent


def _env(**extra: str) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.update(extra)
    return env


def _game(args: list[str], cwd: Path, **env: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "game", *args], cwd=cwd, env=_env(**env),
                          capture_output=True, timeout=300)


# ------------------------------------------------------------------ saves folder


@pytest.fixture
def frozen_game(tmp_path, monkeypatch):
    """A frozen build's layout: the executable in tmp/app, user data in tmp/data."""
    app = tmp_path / "app"
    app.mkdir()
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    monkeypatch.setattr(sys, "executable", str(app / "starfold"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(user_dirs, "data_dir", lambda: tmp_path / "data" / "srt")
    for var in ("STARFOLD_SAVES_DIR", "STAR_REALMS_SAVES_DIR"):
        monkeypatch.delenv(var, raising=False)
    saves_folder._default_saves_dir.cache_clear()
    yield app
    saves_folder._default_saves_dir.cache_clear()


def test_a_frozen_build_keeps_saves_in_the_user_data_folder(frozen_game, tmp_path):
    # Replacing the game's folder by a new version must not take the saves with it.
    assert saves_folder.saves_dir() == tmp_path / "data" / "srt" / "saves"
    assert not (frozen_game / "saves").exists()


def test_portable_txt_keeps_saves_beside_the_executable(frozen_game):
    (frozen_game / saves_folder.PORTABLE_MARKER).write_text("", encoding="utf-8")
    assert saves_folder.saves_dir() == frozen_game / "saves"


def test_saves_an_older_build_left_beside_it_move_without_loss(frozen_game, tmp_path):
    old = frozen_game / "saves"
    (old / "crash-reports").mkdir(parents=True)
    (old / "manual-1.json").write_bytes(b'{"a": 1}')
    (old / "autosave-2.json").write_bytes(b'{"b": 2}')
    (old / "crash-reports" / "crash-3.json").write_bytes(b'{"c": 3}')
    target = tmp_path / "data" / "srt" / "saves"
    target.mkdir(parents=True)
    (target / "manual-1.json").write_bytes(b'{"already": "here"}')  # a name taken

    assert saves_folder.saves_dir() == target
    assert not old.exists()
    assert (target / "manual-1.json").read_bytes() == b'{"already": "here"}'
    assert (target / "manual-1-moved-2.json").read_bytes() == b'{"a": 1}'
    assert (target / "autosave-2.json").read_bytes() == b'{"b": 2}'
    assert (target / "crash-reports" / "crash-3.json").read_bytes() == b'{"c": 3}'


def test_writability_is_tested_by_writing(tmp_path):
    assert user_dirs.writable(tmp_path / "new" / "saves")
    assert list((tmp_path / "new" / "saves").iterdir()) == []  # the probe is gone
    blocker = tmp_path / "a-file"
    blocker.write_text("x", encoding="utf-8")
    assert not user_dirs.writable(blocker / "saves")


def test_a_scratch_folder_takes_the_saves_and_disappears(monkeypatch, tmp_path):
    monkeypatch.setenv("STAR_REALMS_SAVES_DIR", str(tmp_path / "real"))
    with saves_folder.scratch_saves() as scratch:
        assert saves_folder.saves_dir() == scratch
        (scratch / "autosave-x.json").write_text("{}", encoding="utf-8")
    assert not scratch.exists()
    assert saves_folder.saves_dir() == tmp_path / "real"


@pytest.mark.parametrize("args", [["smoke", "--frames", "40"],
                                  ["screenshot", "--scene", "table", "--seed", "3",
                                   "--size", "960x540"]])
def test_smoke_and_screenshot_leave_the_saves_folder_empty(args, tmp_path):
    saves = tmp_path / "saves"
    extra = ["--out", str(tmp_path / "shot.png")] if args[0] == "screenshot" else []
    done = _game([*args, *extra], tmp_path, STAR_REALMS_SAVES_DIR=str(saves))
    assert done.returncode == 0, done.stderr.decode()
    assert not saves.exists() or list(saves.rglob("*")) == []


def test_smoke_keeps_one_save_only_when_asked(tmp_path):
    saves = tmp_path / "saves"
    done = _game(["smoke", "--frames", "40", "--keep-save"], tmp_path,
                 STAR_REALMS_SAVES_DIR=str(saves))
    assert done.returncode == 0, done.stderr.decode()
    assert [p.name.split("-")[0] for p in saves.glob("*.json")] == ["manual"]
    listed = json.loads(_game(["saves", "--json"], tmp_path,
                              STAR_REALMS_SAVES_DIR=str(saves)).stdout)
    assert listed["folder"] == str(saves)
    assert len(listed["saves"]) == 1 and listed["saves"][0]["error"] == ""


# ------------------------------------------------------------------ user folders


def test_settings_saves_and_cache_use_one_author_setting(monkeypatch):
    import platformdirs

    from game.star_realms.art import cache

    calls = []
    for name in ("user_config_dir", "user_data_dir", "user_cache_dir"):
        def fake(app, appauthor=None, _name=name):
            calls.append((_name, app, appauthor))
            return f"/u/{_name}"
        monkeypatch.setattr(platformdirs, name, fake)
    for var in ("CONFIG_DIR", "CACHE_DIR"):
        monkeypatch.delenv("STARFOLD_" + var, raising=False)
        monkeypatch.delenv("STAR_REALMS_" + var, raising=False)
    monkeypatch.setattr(user_dirs, "_adopted", set())  # as in a fresh process
    user_dirs.config_dir()
    user_dirs.data_dir()
    assert cache.default_dir() == Path("/u/user_cache_dir") / "faces"
    # each folder under the new name, and once the old one (to adopt what it holds)
    kinds = ("user_cache_dir", "user_config_dir", "user_data_dir")
    assert sorted(calls) == sorted([(n, "starfold", False) for n in kinds]
                                   + [(n, "star-realms-table", False) for n in kinds])


# ------------------------------------------------------------------ data in the package


def test_a_packaged_copy_of_the_data_is_found_first(tmp_path, monkeypatch):
    package = tmp_path / "site" / "game"
    (package / resources.PACKAGED / "rules").mkdir(parents=True)
    monkeypatch.setattr(resources.resources, "files", lambda name: package)
    assert resources.base_dir() == package / resources.PACKAGED
    assert resources.rules_dir() == package / resources.PACKAGED / "rules"


@pytest.mark.slow
def test_an_installed_wheel_runs_from_anywhere(tmp_path):
    """`pip install .` then the entry point from another folder: data comes from the
    package, smoke leaves no saves.  Built with pip (build isolation, as a user gets)."""
    wheels, target, elsewhere = tmp_path / "wheels", tmp_path / "site", tmp_path / "elsewhere"
    elsewhere.mkdir()
    pip = [sys.executable, "-m", "pip", "--disable-pip-version-check", "-q"]
    subprocess.run([*pip, "wheel", "--no-deps", "-w", str(wheels), str(ROOT)], check=True,
                   timeout=600, cwd=tmp_path)
    wheel = next(wheels.glob("*.whl"))
    subprocess.run([*pip, "install", "--no-deps", "--target", str(target), str(wheel)],
                   check=True, timeout=600)
    env = _env(PYTHONPATH=str(target), STAR_REALMS_SAVES_DIR=str(tmp_path / "saves"))
    where = subprocess.run(
        [sys.executable, "-c", "import game, game.resources as r; print(game.__file__); "
         "print(r.rules_dir()); print(r.assets_dir()); print(r.strings_dir())"],
        cwd=elsewhere, env=env, capture_output=True, text=True, check=True).stdout.split()
    assert all(p.startswith(str(target)) for p in where), where
    entry = [sys.executable, str(target / "bin" / "starfold")]
    done = subprocess.run([*entry, "validate-rules"], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0 and "rules OK" in done.stdout, done.stderr
    done = subprocess.run([*entry, "smoke", "--frames", "40"], cwd=elsewhere, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "saves").exists() or not any((tmp_path / "saves").iterdir())


# ------------------------------------------------------------------ consoles


def test_a_cp1252_console_gets_escapes_not_a_crash(tmp_path):
    done = _game(["cards", "--json"], tmp_path, PYTHONIOENCODING="cp1252")
    assert done.returncode == 0, done.stderr.decode("cp1252", "replace")
    cards = json.loads(done.stdout.decode("cp1252"))
    assert any(c["name_ru"] == "Флагман Слизней" for c in cards)  # lossless \uXXXX
    done = _game(["cards"], tmp_path, PYTHONIOENCODING="cp1252")
    assert done.returncode == 0, done.stderr.decode("cp1252", "replace")
    assert b"\\u0424" in done.stdout


def test_a_build_without_a_console_still_runs_commands(tmp_path):
    # A windowed executable on Windows starts with sys.stdout and sys.stderr None.
    code = ("import sys; sys.stdout = sys.stderr = None; from game.cli import main; "
            "raise SystemExit(main(['validate-rules']))")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=_env(),
                          capture_output=True, timeout=120)
    assert done.returncode == 0, done.stderr


# ------------------------------------------------------------------ the build's files


def test_the_icon_comes_in_every_size_a_build_needs(tmp_path):
    from PIL import Image

    from game.ui.icon import SIZES, draw_icon, write_icons

    assert draw_icon(48).size == (48, 48)
    files = write_icons(tmp_path)
    with Image.open(files["ico"]) as ico:
        assert set(ico.info["sizes"]) == {(s, s) for s in SIZES}
    with Image.open(files["png"]) as png:
        assert png.size == (256, 256) and png.getpixel((128, 128))[3] == 255
    assert files["icns"].stat().st_size > 0


def test_licences_are_in_the_repository_and_in_the_build():
    assert "MIT License" in (ROOT / "LICENSE").read_text(encoding="utf-8")
    notices = (ROOT / "THIRD_PARTY_NOTICES.md").read_text(encoding="utf-8")
    named = set(re.findall(r"`(licenses/[^`]+)`", notices))
    assert named and all((ROOT / p).is_file() for p in named), named
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    for bundled in ('"licenses"', '"LICENSE"', '"THIRD_PARTY_NOTICES.md"'):
        assert bundled in spec


def test_constraints_pin_every_dependency_within_its_range():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, version = line.split("==")
            pins[name.lower().replace("_", "-")] = version
    wanted = [*project["dependencies"], *project["optional-dependencies"]["test"],
              *project["optional-dependencies"]["build"]]
    for text in wanted:
        req = Requirement(text)
        version = pins.get(req.name.lower().replace("_", "-"))
        assert version is not None, f"{req.name} is not pinned in constraints.txt"
        assert req.specifier.contains(version), f"{req.name}=={version} not in {req}"
    ruff = next(Requirement(t) for t in project["optional-dependencies"]["test"]
                if t.startswith("ruff"))
    assert str(ruff.specifier).startswith("=="), "ruff is pinned exactly"
