"""Issue 40 items 1, 2 and 9: one product name (Starfold), nothing lost by the rename, a
README that tells the truth.

- the old ``star-realms-table`` user folders are adopted on first start: copied without
  overwriting, a note left in the old folder, once (a deleted file never comes back), and
  a damaged old folder is survived; a save written there by the code before the rename is
  listed by Load afterwards;
- every ``STARFOLD_*`` variable also answers to its old ``STAR_REALMS_*`` name, and the new
  name wins;
- ``--help`` names what the user typed and all three games; the package, its commands, the
  window and the menu carry the new name; the browser tests' skip reason names what is
  missing.
"""

from __future__ import annotations

import ast
import os
import re
import shutil
import sys
import tomllib
from pathlib import Path

import pytest

import game
from game import i18n, resources, saves_folder, user_dirs
from tests.bench_script import load

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
NAMES = ("CACHE_DIR", "CAMPAIGNS_DIR", "CONFIG_DIR", "PHONE_BIND", "PHONE_PORT", "RULES_DIR",
         "SAVES_DIR", "LOG_DIR")


@pytest.fixture
def fresh_user(tmp_path, monkeypatch) -> Path:
    """A user whose platform folders live under tmp_path (XDG on Linux), in a process that
    has not resolved any folder yet, with no override variable under either name."""
    if not sys.platform.startswith("linux"):
        pytest.skip("the XDG variables place the platform folders on Linux only")
    for kind in ("DATA", "CONFIG", "CACHE"):
        monkeypatch.setenv(f"XDG_{kind}_HOME", str(tmp_path / kind.lower()))
    for name in NAMES:
        monkeypatch.delenv(game.ENV_PREFIX + name, raising=False)
        monkeypatch.delenv(game.OLD_ENV_PREFIX + name, raising=False)
    monkeypatch.setattr(user_dirs, "_adopted", set())
    return tmp_path


def old_and_new(tmp_path: Path, kind: str) -> tuple[Path, Path]:
    return tmp_path / kind / "star-realms-table", tmp_path / kind / "starfold"


# ---------------------------------------------------------------- adopting the old folders

def test_adoption_copies_without_overwriting_and_leaves_a_note(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    (old / "saves" / "crash-reports").mkdir(parents=True)
    (old / "settings.json").write_text('{"language": "ru"}', encoding="utf-8")
    (old / "saves" / "manual-1.json").write_text("old save", encoding="utf-8")
    (old / "saves" / "crash-reports" / "crash-1.json").write_text("c", encoding="utf-8")
    (new / "saves").mkdir(parents=True)
    (new / "saves" / "manual-1.json").write_text("newer save", encoding="utf-8")

    copied = user_dirs.adopt_old_folder(old, new)

    assert sorted(p.relative_to(new).as_posix() for p in copied) == [
        "saves/crash-reports/crash-1.json", "settings.json"]
    assert (new / "settings.json").read_text(encoding="utf-8") == '{"language": "ru"}'
    assert (new / "saves" / "manual-1.json").read_text(encoding="utf-8") == "newer save"
    # the old folder is left as it was, plus the note saying where its files went
    assert (old / "saves" / "manual-1.json").read_text(encoding="utf-8") == "old save"
    note = (old / user_dirs.NOTE_NAME).read_text(encoding="utf-8")
    assert str(new) in note and "Starfold" in note and "скопировал" in note
    assert not (new / user_dirs.NOTE_NAME).exists()
    assert not list(new.rglob("*" + user_dirs._PARTIAL))


def test_adoption_happens_once_so_a_deleted_file_stays_deleted(tmp_path):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    (old / "manual-1.json").write_text("x", encoding="utf-8")
    assert len(user_dirs.adopt_old_folder(old, new)) == 1
    (new / "manual-1.json").unlink()  # the player deletes the save in Starfold
    (old / "late.json").write_text("y", encoding="utf-8")
    assert user_dirs.adopt_old_folder(old, new) == []
    assert list(new.iterdir()) == []


def test_a_damaged_old_folder_is_survived_and_named_in_the_note(tmp_path, monkeypatch,
                                                                 caplog):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    (old / "good.json").write_text("g", encoding="utf-8")
    (old / "locked.json").write_text("l", encoding="utf-8")
    (old / "dangling.json").symlink_to(tmp_path / "gone")  # half-removed: skipped
    real_copy = shutil.copy2

    def copy2(src, dst, *args, **kwargs):
        if Path(src).name == "locked.json":
            raise PermissionError(13, "Permission denied", str(src))
        return real_copy(src, dst, *args, **kwargs)

    monkeypatch.setattr(user_dirs.shutil, "copy2", copy2)
    copied = user_dirs.adopt_old_folder(old, new)
    assert [p.name for p in copied] == ["good.json"]
    assert sorted(p.name for p in new.iterdir()) == ["good.json"]  # no partial copy left
    assert "locked.json" in (old / user_dirs.NOTE_NAME).read_text(encoding="utf-8")
    assert "cannot copy" in caplog.text
    # an old "folder" that is a file, or nothing at all: nothing to do, no error
    (tmp_path / "a-file").write_text("x", encoding="utf-8")
    assert user_dirs.adopt_old_folder(tmp_path / "a-file", new) == []
    assert user_dirs.adopt_old_folder(tmp_path / "missing", new) == []


def test_a_read_only_old_folder_is_marked_in_the_new_one(tmp_path, monkeypatch):
    old, new = tmp_path / "old", tmp_path / "new"
    old.mkdir()
    (old / "a.json").write_text("a", encoding="utf-8")
    real_write = Path.write_text

    def write_text(self, *args, **kwargs):
        if self.name == user_dirs.NOTE_NAME:
            raise PermissionError(13, "Read-only file system", str(self))
        return real_write(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    assert len(user_dirs.adopt_old_folder(old, new)) == 1
    assert (new / user_dirs.MARK_NAME).exists()
    (new / "a.json").unlink()
    assert user_dirs.adopt_old_folder(old, new) == []  # still once


def test_the_first_folder_lookup_adopts_once_per_process(fresh_user, monkeypatch):
    old, new = old_and_new(fresh_user, "config")
    old.mkdir(parents=True)
    (old / "settings.json").write_text("{}", encoding="utf-8")
    calls = []
    real = user_dirs.adopt_old_folder
    monkeypatch.setattr(user_dirs, "adopt_old_folder",
                        lambda o, n: calls.append((o, n)) or real(o, n))
    assert user_dirs.config_dir() == new
    assert user_dirs.config_dir() == new  # cheap the second time: no second look
    assert calls == [(old, new)]
    assert (new / "settings.json").is_file()


def test_a_save_made_before_the_rename_is_listed_by_load_after_it(fresh_user, monkeypatch):
    from game.star_realms import saves
    from game.star_realms.engine import GameConfig, new_game
    from tests.scene import DB

    old_saves = old_and_new(fresh_user, "data")[0] / "saves"
    state = new_game(DB, GameConfig(sets=("frontiers",), seed=4, first=0))
    written = saves.save_game(state, folder=old_saves)  # the old code's format and folder
    assert saves.MAGIC == "star-realms-table-save"  # never renamed: old files must load
    # the game as installed (not a checkout, which keeps saves in the repository)
    monkeypatch.setattr(resources, "checkout_root", lambda: None)
    saves_folder._default_saves_dir.cache_clear()
    try:
        listed = saves.list_saves()
        assert saves_folder.saves_dir() == old_and_new(fresh_user, "data")[1] / "saves"
    finally:
        saves_folder._default_saves_dir.cache_clear()
    assert [(i.path.name, i.error) for i in listed] == [(written.name, "")]
    assert written.is_file()  # the old copy stays


# ---------------------------------------------------------------- the variables' aliases

@pytest.mark.parametrize("name", NAMES)
def test_every_variable_answers_to_its_old_name_and_the_new_one_wins(name, monkeypatch):
    new, old = game.ENV_PREFIX + name, game.OLD_ENV_PREFIX + name
    monkeypatch.delenv(new, raising=False)
    monkeypatch.delenv(old, raising=False)
    assert user_dirs.env(name) is None
    monkeypatch.setenv(old, "/old")
    assert user_dirs.env(name) == user_dirs.env(new) == user_dirs.env(old) == "/old"
    monkeypatch.setenv(new, "/new")
    assert user_dirs.env(name) == "/new"
    monkeypatch.setenv(new, "")  # empty counts as unset, as it always did
    assert user_dirs.env(name) == "/old"


def test_the_readers_use_the_aliases(monkeypatch, tmp_path):
    from game.star_realms.campaign.store import campaigns_dir
    from game.ui.phones import listen_address

    readers = {"SAVES_DIR": saves_folder.saves_dir, "CONFIG_DIR": user_dirs.config_dir,
               "CACHE_DIR": user_dirs.cache_dir, "RULES_DIR": resources.rules_dir,
               "CAMPAIGNS_DIR": campaigns_dir}
    for name, read in readers.items():
        monkeypatch.delenv(game.ENV_PREFIX + name, raising=False)
        monkeypatch.setenv(game.OLD_ENV_PREFIX + name, str(tmp_path / "old"))
        assert read() == tmp_path / "old", name
        monkeypatch.setenv(game.ENV_PREFIX + name, str(tmp_path / "new"))
        assert read() == tmp_path / "new", name
    for name in ("PHONE_BIND", "PHONE_PORT"):
        monkeypatch.delenv(game.ENV_PREFIX + name, raising=False)
    monkeypatch.setenv("STAR_REALMS_PHONE_BIND", "127.0.0.1")
    monkeypatch.setenv("STAR_REALMS_PHONE_PORT", "9000")
    assert listen_address() == ("127.0.0.1", 9000)
    monkeypatch.setenv("STARFOLD_PHONE_PORT", "9001")
    assert listen_address() == ("127.0.0.1", 9001)


def test_no_module_reads_an_old_variable_name_directly():
    # os.environ.get("STAR_REALMS_X") / os.getenv(...) / os.environ["..."] would skip the
    # new name: every reader goes through user_dirs.env
    direct = re.compile(r"""(environ\.get\(|getenv\(|environ\[)\s*f?["']STAR_REALMS_""")
    offenders = [f"{path.relative_to(ROOT)}:{n}"
                 for folder in ("game", "bench") for path in (ROOT / folder).rglob("*.py")
                 for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if direct.search(line)]
    assert offenders == [], offenders


# ---------------------------------------------------------------- the name a user reads

def test_help_names_what_the_user_typed_and_all_three_games(monkeypatch):
    from game import cli

    for argv0, prog in (("/home/a/.local/bin/starfold", "starfold"),
                        ("C:/Games/starfold/starfold-cli.exe", "starfold-cli"),
                        (str(ROOT / "game" / "__main__.py"), "python -m game")):
        monkeypatch.setattr(sys, "argv", [argv0])
        parser = cli.build_parser()
        assert parser.format_usage().startswith(f"usage: {prog} "), argv0
    text = parser.format_help()
    assert all(g in text for g in ("Starfold", "Star Realms", "Arcs", "Forbidden Stars"))
    assert "Star Realms Table" not in text


def test_the_package_and_its_commands_are_named_starfold():
    project = PYPROJECT["project"]
    assert project["name"] == game.DIST_NAME == "starfold"
    assert project["scripts"] == {"starfold": "game.cli:main", "starfold-cli": "game.cli:main"}
    assert all(g in project["description"] for g in ("Star Realms", "Arcs", "Forbidden Stars"))
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert readme.startswith("# Starfold\n")
    assert "The menu lists the games it hosts (Star Realms, Arcs, Forbidden Stars)" in readme
    assert "star-realms-table" in readme  # the rename is told


def test_the_window_and_the_menu_carry_the_name(make_table_app, monkeypatch):
    import pygame

    for hint in ("SDL_VIDEO_X11_WMCLASS", "SDL_VIDEO_WAYLAND_WMCLASS", "SDL_APP_ID"):
        monkeypatch.delenv(hint, raising=False)
    make_table_app()
    assert pygame.display.get_caption()[0] == "Starfold"
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == game.APP_ID
    assert os.environ["SDL_VIDEO_WAYLAND_WMCLASS"] == game.APP_ID
    for lang in ("en", "ru"):
        assert i18n.t("menu.title", lang=lang) == "Starfold"
    page = (ROOT / "assets" / "phone" / "index.html").read_text(encoding="utf-8")
    assert "<title>Starfold</title>" in page


def test_the_build_names_the_product():
    spec = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    constants = {t.id: ast.literal_eval(n.value) for n in spec.body
                 if isinstance(n, ast.Assign) and isinstance(n.value, ast.Constant)
                 for t in n.targets if isinstance(t, ast.Name)}
    assert constants["name"] == game.DIST_NAME and constants["app_id"] == game.APP_ID
    source = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert 'BUNDLE(coll, name="Starfold.app"' in source and "bundle_identifier=app_id" in source
    version = (ROOT / "packaging" / "windows" / "version_info.txt").read_text(encoding="utf-8")
    assert "'ProductName', 'Starfold'" in version and "Star Realms Table" not in version
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert "star_realms_table-*" not in ci and '"$work"/starfold-*/' in ci


def test_frozen_update_accepts_a_build_from_before_the_rename(tmp_path):
    frozen_update = load("frozen_update")
    suffix = ".exe" if sys.platform == "win32" else ""
    for name in ("star-realms-table", "starfold"):
        build = tmp_path / name
        build.mkdir()
        (build / f"{name}-cli{suffix}").write_text("", encoding="utf-8")
        assert frozen_update.exe_name(build) == f"{name}-cli{suffix}"
    with pytest.raises(SystemExit):
        frozen_update.exe_name(tmp_path)


# ---------------------------------------------------------------- the browser tests' skip

def _what_is_missing():
    """tests/test_remote_browser.py's reason function, without importing that module (it
    skips itself, or needs Selenium, where the browser is missing)."""
    tree = ast.parse((ROOT / "tests" / "test_remote_browser.py").read_text(encoding="utf-8"))
    func = next(n for n in tree.body
                if isinstance(n, ast.FunctionDef) and n.name == "what_is_missing")
    scope: dict = {}
    exec(compile(ast.Module([func], []), "test_remote_browser.py", "exec"), scope)
    return scope["what_is_missing"]


def test_the_browser_skip_names_what_is_missing():
    missing = _what_is_missing()
    assert missing("/usr/bin/chromium", "/usr/bin/chromedriver") == ""
    only_driver = missing("/usr/bin/chromium", None)
    assert "chromedriver" in only_driver and "Chromium" not in only_driver
    only_browser = missing(None, "/usr/bin/chromedriver")
    assert "Chromium" in only_browser and "chromedriver" not in only_browser
    assert "Chromium" in missing(None, None) and "chromedriver" in missing(None, None)


def test_frozen_update_runs_the_builds_in_scratch_user_folders(tmp_path, monkeypatch):
    """bench/frozen_update.py must see the platform's default folders, not this machine's:
    an override (either name) kept from the caller would hide where the builds really save,
    and an inherited HOME/XDG_CONFIG_HOME let the renamed build adopt (and leave a note in)
    the caller's own ~/.config/star-realms-table."""
    frozen_update = load("frozen_update")
    for prefix in (game.ENV_PREFIX, game.OLD_ENV_PREFIX):
        for name in ("SAVES_DIR", "CONFIG_DIR", "CACHE_DIR", "LOG_DIR"):
            monkeypatch.setenv(prefix + name, "/somewhere/of/the/caller")
    monkeypatch.setenv("STARFOLD_PHONE_PORT", "8123")  # not a folder: kept
    monkeypatch.setenv("XDG_CONFIG_HOME", "/caller/config")
    env = frozen_update.scratch_env(tmp_path)
    assert not [k for k in env if k.endswith("_DIR")
                and k.startswith((game.ENV_PREFIX, game.OLD_ENV_PREFIX))]
    assert env["STARFOLD_PHONE_PORT"] == "8123"
    for key in ("HOME", "XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
        assert Path(env[key]).is_relative_to(tmp_path), key


def test_the_window_class_replaces_the_one_pygame_set_on_import(make_table_app, monkeypatch):
    """Under X11 ``import pygame`` sets SDL_VIDEO_X11_WMCLASS to argv[0]'s name when it is
    unset, so a setdefault left the frozen build's window class "starfold" (measured under
    Xvfb), not the app id the .desktop file's StartupWMClass names; a user's own value stays."""
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", os.path.basename(sys.argv[0]))
    make_table_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == game.APP_ID
    monkeypatch.setenv("SDL_VIDEO_X11_WMCLASS", "my.own.Class")
    make_table_app()
    assert os.environ["SDL_VIDEO_X11_WMCLASS"] == "my.own.Class"
